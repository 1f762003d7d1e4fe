#include "harness/verdict.h"

#include <algorithm>
#include <cstdio>

namespace touchstone::harness {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "fail";
    case Verdict::kWrongShape: return "wrong-shape";
    case Verdict::kWrongDtype: return "wrong-dtype";
    case Verdict::kError: return "error";
    case Verdict::kUnsupported: return "unsupported";
    case Verdict::kCrash: return "crash";
    case Verdict::kTimeout: return "timeout";
    case Verdict::kAcceptedInvalid: return "accepted-invalid";
    case Verdict::kDivergent: return "divergent";
    case Verdict::kSkip: return "skip";
    case Verdict::kExpectedFail: return "expected-fail";
    case Verdict::kUnexpectedPass: return "unexpected-pass";
    case Verdict::kBadCase: return "bad-case";
  }
  return "skip";
}

std::optional<Verdict> verdict_from_name(const std::string& name) {
  for (Verdict v : kAllVerdicts)
    if (name == verdict_name(v)) return v;
  return std::nullopt;
}

bool is_failure(Verdict v) {
  switch (v) {
    case Verdict::kFail: case Verdict::kWrongShape: case Verdict::kWrongDtype: case Verdict::kError:
    case Verdict::kCrash: case Verdict::kTimeout: case Verdict::kAcceptedInvalid:
    case Verdict::kUnexpectedPass:
      return true;
    default:
      return false;
  }
}

const char* status_name(BackendOutcome::Status s) {
  switch (s) {
    case BackendOutcome::kOk: return "ok";
    case BackendOutcome::kUnsupported: return "unsupported";
    case BackendOutcome::kRejected: return "rejected";
    case BackendOutcome::kError: return "error";
    case BackendOutcome::kCrash: return "crash";
    case BackendOutcome::kTimeout: return "timeout";
    case BackendOutcome::kProtocolError: return "protocol-error";
  }
  return "error";
}

namespace {

VerdictResult failed_run(const BackendOutcome& o) {
  switch (o.status) {
    case BackendOutcome::kCrash: return {Verdict::kCrash, o.message, {}};
    case BackendOutcome::kTimeout: return {Verdict::kTimeout, o.message, {}};
    case BackendOutcome::kUnsupported: return {Verdict::kUnsupported, o.message, {}};
    case BackendOutcome::kProtocolError: return {Verdict::kError, "protocol error: " + o.message, {}};
    default: return {Verdict::kError, std::string(status_name(o.status)) + ": " + o.message, {}};
  }
}

}  // namespace

namespace {

// The outputs against the oracle's under the case's policy; random outputs by their property.
Comparison compare_with_oracle(const OracleOutcome& oracle, const BackendOutcome& outcome, const ComparePolicy& policy) {
  const auto tensor = [](const Value& v) { return v.is_tensor(); };
  if (policy.tolerance.kind == Tolerance::kProperty && std::all_of(oracle.outputs.begin(), oracle.outputs.end(), tensor) &&
      std::all_of(outcome.outputs.begin(), outcome.outputs.end(), tensor)) {
    std::vector<Tensor> expected, actual;
    for (const auto& v : oracle.outputs) expected.push_back(v.tensor());
    for (const auto& v : outcome.outputs) actual.push_back(v.tensor());
    return compare_by_property(expected, actual, policy, oracle.property);
  }
  return compare_output_values(oracle.outputs, outcome.outputs, policy, oracle.magnitudes, oracle.allowed);
}

VerdictResult judge(const CaseMeta& meta, const BackendOutcome& outcome, const OracleOutcome& oracle,
                    const ComparePolicy& policy) {
  if (!meta.valid) {
    // The reference refuses it, but ONNX calls the behaviour undefined: running it is allowed.
    if ((outcome.said_ok || outcome.status == BackendOutcome::kOk) && meta.semantics == Semantics::kUndefined)
      return {Verdict::kDivergent,
              "undefined case: ran a model whose behaviour ONNX leaves undefined (" + meta.semantics_reason + ")", {}};
    if (outcome.said_ok)  // it ran the model; unreadable outputs do not make that a refusal
      return {Verdict::kAcceptedInvalid,
              "ran a model that breaks " + (meta.invalid_rule.empty() ? std::string("its op-version") : meta.invalid_rule) +
                  (outcome.status == BackendOutcome::kOk ? "" : " (and its reply was unreadable: " + outcome.message + ")"),
              {}};
    switch (outcome.status) {
      case BackendOutcome::kRejected: return {Verdict::kPass, outcome.message, {}};
      // Refusing the model only when running it still refuses it: no output was produced.
      case BackendOutcome::kError: return {Verdict::kPass, "refused at run time: " + outcome.message, {}};
      case BackendOutcome::kOk:
        return {Verdict::kAcceptedInvalid,
                "ran a model that breaks " + (meta.invalid_rule.empty() ? std::string("its op-version") : meta.invalid_rule),
                {}};
      default: return failed_run(outcome);
    }
  }
  if (oracle.bad_case) return {Verdict::kBadCase, "the oracle cannot run this case: " + oracle.why_not, {}};
  // Where ONNX leaves the result undefined (integer division by zero, ...), stopping with a
  // run-time error is one of the outcomes it allows: divergent, never a failure. A crash or
  // a hang still is one, and so is an error where the result is defined or merely
  // implementation-defined (a result must then be given).
  if (outcome.status == BackendOutcome::kError && std::max(meta.semantics, oracle.semantics) == Semantics::kUndefined)
    return {Verdict::kDivergent,
            "undefined case" + (meta.semantics_reason.empty() ? std::string() : " (" + meta.semantics_reason + ")") +
                ": the backend stopped with an error: " + outcome.message,
            {}};
  if (outcome.status != BackendOutcome::kOk) return failed_run(outcome);
  if (!oracle.available) return {Verdict::kSkip, "oracle cannot judge: " + oracle.why_not, {}};

  VerdictResult r;
  r.comparison = compare_with_oracle(oracle, outcome, policy);
  r.message = r.comparison.message;
  // A bound that checks nothing says so; a suspicious accumulator is a warning, not a failure.
  const auto note = [&](const std::string& text) { r.message += (r.message.empty() ? "" : "; ") + text; };
  if (r.comparison.vacuous())
    note("bound vacuous (n*u >= 1 or the first-order bound exceeds the value): only NaN and infinities checked");
  else if (r.comparison.vacuous_elements > 0)
    note("bound vacuous for " + std::to_string(r.comparison.vacuous_elements) + " of " +
         std::to_string(r.comparison.bound_elements) + " elements");
  if (!r.comparison.warning.empty()) note("warning: " + r.comparison.warning);
  r.values_compared = r.comparison.kind == Comparison::kMatch || r.comparison.kind == Comparison::kValues;
  const Semantics s = std::max(meta.semantics, oracle.semantics);
  const auto excused = [&](const std::string& what) {
    r.verdict = Verdict::kDivergent;
    r.message = std::string(semantics_name(s)) + " case" + what +
                (meta.semantics_reason.empty() ? "" : " (" + meta.semantics_reason + ")") + ": " + r.message;
  };
  switch (r.comparison.kind) {
    case Comparison::kMatch: r.verdict = Verdict::kPass; break;
    case Comparison::kWrongDtype: r.verdict = Verdict::kWrongDtype; break;
    case Comparison::kWrongCount: r.verdict = Verdict::kWrongShape; break;
    case Comparison::kWrongShape:
      // Shapes that the open choice decides (Unique's NaNs): divergent, as values would be.
      // How many outputs there are is never open.
      if (s != Semantics::kDefined && (meta.shape_open || oracle.shape_open)) excused(", shapes included");
      else r.verdict = Verdict::kWrongShape;
      break;
    case Comparison::kValues:
      if (s == Semantics::kDefined) {
        r.verdict = Verdict::kFail;
      } else {
        excused("");
        // How far the backend went where nothing bounds it (a whole model): measured, said.
        if (r.comparison.max_ulp > 0) {
          char text[128];
          std::snprintf(text, sizeof text, "; largest deviation %.4g ulps, %.3g absolute, %.3g relative to the output's largest value",
                        r.comparison.max_ulp, r.comparison.max_abs, r.comparison.max_relative);
          r.message += text;
        }
      }
      break;
  }
  return r;
}

}  // namespace

VerdictResult decide(const CaseMeta& meta, const BackendOutcome& outcome, const OracleOutcome& oracle,
                     const ComparePolicy& policy) {
  VerdictResult r = judge(meta, outcome, oracle, policy);
  r.semantics = std::max(meta.semantics, oracle.semantics);
  return r;
}

Verdict worse(Verdict a, Verdict b) {
  const auto rank = [](Verdict v) {
    if (v == Verdict::kBadCase) return 6;
    if (is_failure(v)) return 5;
    if (v == Verdict::kDivergent) return 3;
    if (v == Verdict::kUnsupported) return 2;
    if (v == Verdict::kSkip) return 1;
    return 0;
  };
  return rank(b) > rank(a) ? b : a;
}

Verdict apply_expected_failure(Verdict v) {
  if (v == Verdict::kPass) return Verdict::kUnexpectedPass;
  if (is_failure(v)) return Verdict::kExpectedFail;
  return v;
}

}  // namespace touchstone::harness

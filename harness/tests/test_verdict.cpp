// Verdict logic: the mapping of PROTOCOL.md section 5 and DESIGN.md's verdicts.
#include <catch2/catch.hpp>

#include "harness/verdict.h"

using namespace touchstone;
using namespace touchstone::harness;

namespace {

Tensor f32(float v) { return Tensor::from_values<float>({1}, {v}); }
BackendOutcome ran(float v) { return {BackendOutcome::kOk, "", {f32(v)}, 0.1}; }
BackendOutcome failed(BackendOutcome::Status s) { return {s, "backend says no", {}, -1}; }
OracleOutcome oracle(float v) { return {true, "", {f32(v)}, Semantics::kDefined, {}}; }

}  // namespace

TEST_CASE("valid cases", "[verdict]") {
  CaseMeta meta;
  const ComparePolicy p;
  CHECK(decide(meta, ran(1), oracle(1), p).verdict == Verdict::kPass);
  CHECK(decide(meta, ran(2), oracle(1), p).verdict == Verdict::kFail);
  CHECK(decide(meta, {BackendOutcome::kOk, "", {Tensor::from_values<double>({1}, {1.0})}, 0}, oracle(1), p).verdict ==
        Verdict::kWrongDtype);
  CHECK(decide(meta, {BackendOutcome::kOk, "", {Tensor::from_values<float>({1, 1}, {1.0f})}, 0}, oracle(1), p).verdict ==
        Verdict::kWrongShape);
  CHECK(decide(meta, {BackendOutcome::kOk, "", {}, 0}, oracle(1), p).verdict == Verdict::kWrongShape);
  CHECK(decide(meta, failed(BackendOutcome::kUnsupported), oracle(1), p).verdict == Verdict::kUnsupported);
  CHECK(decide(meta, failed(BackendOutcome::kRejected), oracle(1), p).verdict == Verdict::kError);
  CHECK(decide(meta, failed(BackendOutcome::kError), oracle(1), p).verdict == Verdict::kError);
  CHECK(decide(meta, failed(BackendOutcome::kCrash), oracle(1), p).verdict == Verdict::kCrash);
  CHECK(decide(meta, failed(BackendOutcome::kTimeout), oracle(1), p).verdict == Verdict::kTimeout);
  const auto skip = decide(meta, ran(1), OracleOutcome{false, "reference: not implemented", {}, {}, {}, false}, p);
  CHECK(skip.verdict == Verdict::kSkip);
  CHECK(skip.message.find("not implemented") != std::string::npos);
}

TEST_CASE("invalid cases must be rejected", "[verdict]") {
  CaseMeta meta;
  meta.valid = false;
  meta.invalid_rule = "Sub-6: B not a suffix";
  const ComparePolicy p;
  const OracleOutcome none;
  CHECK(decide(meta, failed(BackendOutcome::kRejected), none, p).verdict == Verdict::kPass);
  const auto accepted = decide(meta, ran(1), none, p);
  CHECK(accepted.verdict == Verdict::kAcceptedInvalid);
  CHECK(accepted.message.find("Sub-6") != std::string::npos);
  CHECK(decide(meta, failed(BackendOutcome::kUnsupported), none, p).verdict == Verdict::kUnsupported);
  // An error at run time refuses the model too (late, but no output was produced).
  const auto late = decide(meta, failed(BackendOutcome::kError), none, p);
  CHECK(late.verdict == Verdict::kPass);
  CHECK(late.message.find("refused at run time") != std::string::npos);
  CHECK(decide(meta, failed(BackendOutcome::kCrash), none, p).verdict == Verdict::kCrash);
  // Issue 16: a reply the runner cannot read is no refusal; an "ok" with unreadable
  // outputs ran the model.
  const auto garbled = decide(meta, failed(BackendOutcome::kProtocolError), none, p);
  CHECK(garbled.verdict == Verdict::kError);
  CHECK(garbled.message.find("protocol error") == 0);
  BackendOutcome ok_garbage = failed(BackendOutcome::kProtocolError);
  ok_garbage.said_ok = true;
  CHECK(decide(meta, ok_garbage, none, p).verdict == Verdict::kAcceptedInvalid);
}

TEST_CASE("a case the oracle cannot run through its own fault is bad-case, whatever the backend did", "[verdict][trust]") {
  CaseMeta meta;
  const ComparePolicy p;
  OracleOutcome bad;
  bad.bad_case = true;
  bad.why_not = "reference: invalid model: no op 'Frob' in ai.onnx";
  for (auto status : {BackendOutcome::kOk, BackendOutcome::kError, BackendOutcome::kRejected, BackendOutcome::kCrash}) {
    const auto v = decide(meta, failed(status), bad, p);
    CHECK(v.verdict == Verdict::kBadCase);
    CHECK(v.message.find("no op 'Frob'") != std::string::npos);
  }
  CHECK_FALSE(is_failure(Verdict::kBadCase));
  CHECK(worse(Verdict::kPass, Verdict::kFail) == Verdict::kFail);
  CHECK(worse(Verdict::kFail, Verdict::kBadCase) == Verdict::kBadCase);
  CHECK(worse(Verdict::kDivergent, Verdict::kPass) == Verdict::kDivergent);
}

TEST_CASE("differences on implementation-defined or undefined cases are divergent", "[verdict]") {
  CaseMeta meta;
  const ComparePolicy p;
  meta.semantics = Semantics::kImplementationDefined;
  CHECK(decide(meta, ran(2), oracle(1), p).verdict == Verdict::kDivergent);
  CHECK(decide(meta, ran(1), oracle(1), p).verdict == Verdict::kPass);
  meta.semantics = Semantics::kDefined;
  auto o = oracle(1);
  o.semantics = Semantics::kUndefined;  // the reference run met undefined behaviour
  CHECK(decide(meta, ran(2), o, p).verdict == Verdict::kDivergent);
  // Shape and type are never excused...
  CHECK(decide(meta, {BackendOutcome::kOk, "", {Tensor::from_values<double>({1}, {1.0})}, 0}, o, p).verdict ==
        Verdict::kWrongDtype);
  const BackendOutcome two_values{BackendOutcome::kOk, "", {Tensor::from_values<float>({2}, {1.0f, 1.0f})}, 0};
  CHECK(decide(meta, two_values, o, p).verdict == Verdict::kWrongShape);
}

TEST_CASE("a shape that the open choice decides (Unique's NaNs) is divergent; other shapes still fail", "[verdict]") {
  const ComparePolicy p;
  const BackendOutcome two_values{BackendOutcome::kOk, "", {Tensor::from_values<float>({2}, {1.0f, 1.0f})}, 0};
  const BackendOutcome wrong_dtype{BackendOutcome::kOk, "", {Tensor::from_values<double>({1}, {1.0})}, 0};
  CaseMeta meta;
  meta.semantics = Semantics::kImplementationDefined;
  meta.semantics_reason = "NaN in Unique";
  CHECK(decide(meta, two_values, oracle(1), p).verdict == Verdict::kWrongShape);  // the choice does not touch shapes
  meta.shape_open = true;  // from case.json
  const auto open = decide(meta, two_values, oracle(1), p);
  CHECK(open.verdict == Verdict::kDivergent);
  CHECK(open.message.find("shapes included (NaN in Unique)") != std::string::npos);
  CHECK(decide(meta, {BackendOutcome::kOk, "", {}, 0}, oracle(1), p).verdict == Verdict::kWrongShape);  // output count
  CHECK(decide(meta, wrong_dtype, oracle(1), p).verdict == Verdict::kWrongDtype);  // the type is still fixed
  CaseMeta plain;  // an ONNX node test: the reference run says so
  auto o = oracle(1);
  o.semantics = Semantics::kImplementationDefined;
  o.shape_open = true;
  CHECK(decide(plain, two_values, o, p).verdict == Verdict::kDivergent);
  o.semantics = Semantics::kDefined;  // open shapes without an open choice: not excused
  CHECK(decide(plain, two_values, o, p).verdict == Verdict::kWrongShape);
}

TEST_CASE("a run-time error is divergent on an undefined case only; a crash never is", "[verdict]") {
  CaseMeta meta;
  const ComparePolicy p;
  meta.semantics = Semantics::kUndefined;  // e.g. Div-14 of int32 by zero
  meta.semantics_reason = "integer division by zero";
  const auto stopped = decide(meta, failed(BackendOutcome::kError), oracle(1), p);
  CHECK(stopped.verdict == Verdict::kDivergent);
  CHECK(stopped.message.find("integer division by zero") != std::string::npos);
  CHECK(decide(meta, failed(BackendOutcome::kCrash), oracle(1), p).verdict == Verdict::kCrash);
  CHECK(decide(meta, failed(BackendOutcome::kTimeout), oracle(1), p).verdict == Verdict::kTimeout);
  CHECK(decide(meta, failed(BackendOutcome::kRejected), oracle(1), p).verdict == Verdict::kError);  // a valid model refused
  meta.semantics = Semantics::kImplementationDefined;  // a result must be given
  CHECK(decide(meta, failed(BackendOutcome::kError), oracle(1), p).verdict == Verdict::kError);
  meta.semantics = Semantics::kDefined;
  CHECK(decide(meta, failed(BackendOutcome::kError), oracle(1), p).verdict == Verdict::kError);
}

TEST_CASE("a refusal ONNX calls undefined (Pad-18's repeated axes): running it is divergent, refusing it passes",
          "[verdict]") {
  CaseMeta meta;
  const ComparePolicy p;
  meta.valid = false;
  meta.invalid_rule = "an axis may not repeat (undefined in the text)";
  CHECK(decide(meta, ran(1), oracle(1), p).verdict == Verdict::kAcceptedInvalid);  // a plain refusal
  meta.semantics = Semantics::kUndefined;
  meta.semantics_reason = "ONNX leaves this undefined: " + meta.invalid_rule;
  CHECK(decide(meta, ran(1), oracle(1), p).verdict == Verdict::kDivergent);
  CHECK(decide(meta, failed(BackendOutcome::kRejected), oracle(1), p).verdict == Verdict::kPass);
  CHECK(decide(meta, failed(BackendOutcome::kCrash), oracle(1), p).verdict == Verdict::kCrash);
}

TEST_CASE("expected failures and verdict names", "[verdict]") {
  CHECK(apply_expected_failure(Verdict::kFail) == Verdict::kExpectedFail);
  CHECK(apply_expected_failure(Verdict::kCrash) == Verdict::kExpectedFail);
  CHECK(apply_expected_failure(Verdict::kPass) == Verdict::kUnexpectedPass);
  CHECK(apply_expected_failure(Verdict::kUnsupported) == Verdict::kUnsupported);
  CHECK(apply_expected_failure(Verdict::kSkip) == Verdict::kSkip);
  for (Verdict v : kAllVerdicts) CHECK(verdict_from_name(verdict_name(v)) == v);
  CHECK(std::string(verdict_name(Verdict::kAcceptedInvalid)) == "accepted-invalid");
  CHECK_FALSE(verdict_from_name("bogus"));
}

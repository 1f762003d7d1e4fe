// Verdicts: pure functions from (case metadata, what the backend did, what the oracle
// says) to one verdict per case (DESIGN.md, "Comparison"; PROTOCOL.md section 5).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cases/suite.h"
#include "harness/compare.h"
#include "reference/node.h"
#include "reference/tensor.h"
#include "reference/value.h"

namespace touchstone::harness {

enum class Verdict {
  kPass, kFail, kWrongShape, kWrongDtype, kError, kUnsupported, kCrash, kTimeout,
  kAcceptedInvalid, kDivergent, kSkip, kExpectedFail, kUnexpectedPass, kBadCase,
};
inline constexpr Verdict kAllVerdicts[] = {
    Verdict::kPass,         Verdict::kFail,    Verdict::kWrongShape,      Verdict::kWrongDtype,
    Verdict::kError,        Verdict::kUnsupported, Verdict::kCrash,       Verdict::kTimeout,
    Verdict::kAcceptedInvalid, Verdict::kDivergent, Verdict::kSkip,       Verdict::kExpectedFail,
    Verdict::kUnexpectedPass, Verdict::kBadCase,
};
const char* verdict_name(Verdict v);  // "pass", "wrong-shape", "expected-fail", ...
std::optional<Verdict> verdict_from_name(const std::string& name);
// Verdicts that make `touchstone run` exit 1: the backend got something wrong.
bool is_failure(Verdict v);

// What a backend did with one case.
struct BackendOutcome {
  // kProtocolError: the runner could not read the reply (not JSON, another id, an unknown
  // status, outputs it did not ask for or cannot read). It is never the backend's refusal.
  enum Status { kOk, kUnsupported, kRejected, kError, kCrash, kTimeout, kProtocolError } status = kOk;
  std::string message;          // the backend's own text (or the runner's, for crash/timeout)
  Values outputs;  // kOk: in graph-output order (tensors, sequences, optionals)
  double time_ms = -1;          // the backend's own inference time, if it said
  bool said_ok = false;         // the backend answered "ok" (even if its outputs were then unreadable)
};
const char* status_name(BackendOutcome::Status s);

// What the oracle says the outputs must be.
struct OracleOutcome {
  bool available = false;  // false: the oracle cannot judge this case (verdict skip or bad-case)
  std::string why_not;     // when not available
  Values outputs;
  Semantics semantics = Semantics::kDefined;  // from the reference run, when it ran
  // For the bound policy: per output, per element, the magnitude of the accumulated
  // terms (oracle.h term_magnitudes). Empty: the comparator falls back to |expected|.
  std::vector<std::vector<double>> magnitudes;
  bool bad_case = false;   // not available through the case's own fault (invalid, malformed, unreadable)
  // For the bound policy of composite ops: per output, per element, the allowed absolute
  // error itself (harness/bounds.h element_bounds; +inf: vacuous). Takes magnitudes' place.
  std::vector<std::vector<double>> allowed = {};
  bool shape_open = false;  // from the reference run: the open choice decides the shapes too
  // For the property policy (random outputs): the op's property applied to this case's
  // inputs (harness/bounds.h property_check); empty: the values are compared exactly.
  PropertyCheck property = {};
};

struct VerdictResult {
  Verdict verdict = Verdict::kSkip;
  std::string message;
  Comparison comparison;  // metrics, when outputs were compared
  bool values_compared = false;  // the outputs' values were compared (dtype and shape matched)
  // The case's semantics category: its metadata's, or the reference run's when that is
  // less defined (ONNX's node tests carry no category of their own).
  Semantics semantics = Semantics::kDefined;
};

// Invalid cases: the backend's own refusal (rejected, or an error it reports while loading
// or running) -> pass; ok (whatever its outputs) -> accepted-invalid; unsupported ->
// unsupported; a reply the runner cannot read -> error (protocol error); crash/timeout as
// such. Valid cases: a case the oracle cannot run through its own fault -> bad-case;
// crash/timeout as such; unsupported -> unsupported; rejected/error/protocol error ->
// error; ok -> compared with the oracle (skip when it lacks the op-version);
// a value difference on an implementation-defined or undefined case (by its metadata or
// by the reference run) is divergent, not fail.
VerdictResult decide(const CaseMeta& meta, const BackendOutcome& outcome, const OracleOutcome& oracle,
                     const ComparePolicy& policy);

// The worse of two verdicts of one case (its test_data_set_N runs): bad-case, then the
// failing verdicts, then divergent, unsupported, skip, pass.
Verdict worse(Verdict a, Verdict b);

// A case listed in the backend's expected failures: a failing verdict becomes
// expected-fail, pass becomes unexpected-pass, others stay.
Verdict apply_expected_failure(Verdict v);

}  // namespace touchstone::harness

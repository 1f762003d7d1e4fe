// The oracle: what a case's outputs must be. `reference` runs the reference in process
// on the case's input files (ONNX's node tests included); `expected` reads the outputs
// stored in the suite. Either may be unable to judge a case (an op the reference does
// not implement, a model it rejects, no stored outputs): the verdict is then skip.
#pragma once
#include <string>

#include "harness/backend.h"
#include "reference/model.h"

namespace touchstone::harness {

enum class OracleKind { kReference, kExpected };
const char* oracle_name(OracleKind k);

// Runs the reference on the case's files, feeding the first inputs by name when there
// are fewer files than graph inputs. Throws touchstone::Error like Model does.
RunResult run_reference(const CaseFiles& files);

// The suite's stored outputs, read as the model declares them (reference/model.h as_declared).
std::vector<Tensor> read_expected_outputs(const CaseFiles& files);

OracleOutcome oracle_outputs(OracleKind kind, const CaseFiles& files);

// The magnitudes of the terms an accumulating op adds up, per output element: the
// reference run on the inputs' absolute values (Sum(|x_i|); for Mean, Sum(|x_i|)/n; for a
// dot product, |A|·|B| — the quantities the standard error bounds of recursive summation
// are stated in). Empty when the reference cannot run the case.
std::vector<std::vector<double>> term_magnitudes(const CaseFiles& files);

}  // namespace touchstone::harness

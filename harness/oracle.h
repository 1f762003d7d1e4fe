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
// Input files are read as the graph declares each input (a tensor, a sequence or an optional).
ValueRunResult run_reference(const CaseFiles& files);

// The suite's stored outputs, read as the model declares them (TensorProto, SequenceProto or
// OptionalProto; bfloat16 stored as uint16 read as bfloat16: reference/value_proto.h).
Values read_expected_outputs(const CaseFiles& files);
// Files of values read as `model`'s graph outputs declare them, in order; a file past the
// declared outputs is read as a tensor.
Values read_output_files(const onnx::ModelProto& model, const std::vector<std::filesystem::path>& files);
// Output i's file alone (a backend's answer), read as output i is declared.
Value read_output_file(const onnx::ModelProto& model, size_t i, const std::filesystem::path& file);

// Under `expected` (with `check_declared`), the stored outputs must be what the model
// declares: one file per graph output, each readable as declared, of its element type and
// shape (declared_mismatch); else the case is bad-case ("stored outputs: ..."), never
// wrong-dtype or wrong-shape against the backend. (A generated case's outputs, the
// reference's own answer, are taken unchecked.)
OracleOutcome oracle_outputs(OracleKind kind, const CaseFiles& files, bool check_declared = true);

// "" when `v` is what `declared` says (for a tensor type: its element type, its rank and
// every dimension given as a number), else how it differs.
std::string declared_mismatch(const Value& v, const onnx::TypeProto& declared);

// The magnitudes of the terms an accumulating op adds up, per output element: the
// reference run on the inputs' absolute values (Sum(|x_i|); for Mean, Sum(|x_i|)/n; for a
// dot product, |A|·|B| — the quantities the standard error bounds of recursive summation
// are stated in). float16 and bfloat16 data are summed in double here (the model's 16-bit
// inputs and outputs declared double), so that a magnitude past 65504 stays finite; where
// the model does not allow that, in their own type. Empty when the reference cannot run
// the case.
std::vector<std::vector<double>> term_magnitudes(const CaseFiles& files);

}  // namespace touchstone::harness

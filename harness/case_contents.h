// A case's files read once. The runner reads each data set's model and value files into
// memory (CaseFiles::contents) as it takes the case, or receives them already in memory
// for a case generated on the fly (`touchstone run --profile`); the oracle, the bounds,
// the in-process backends and the staging for a process backend then take the bytes from
// here, and the model is parsed once. A CaseFiles without contents is read from its paths,
// as before (tests, tools that name files).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "harness/backend.h"
#include "onnx/onnx_pb.h"
#include "reference/model.h"
#include "reference/value.h"

namespace touchstone::harness {

struct CaseContents {
  std::string model;                          // serialized ModelProto
  std::vector<std::string> inputs, expected;  // serialized TensorProto / SequenceProto / OptionalProto
  // The model, parsed on first use (a case is used by one worker at a time).
  const onnx::ModelProto& parsed_model(const std::string& where) const;
  void set_parsed_model(std::shared_ptr<const onnx::ModelProto> parsed) { parsed_ = std::move(parsed); }

 private:
  mutable std::shared_ptr<const onnx::ModelProto> parsed_;
};

// The files' contents read into memory, defensively (reference/tensor_proto.h
// read_file_within): each a regular file inside the case folder (the model's folder)
// after its links are resolved, a value file at most --max-tensor-bytes and 1 MiB more
// (its proto's own fields). Throws touchstone::Error naming the file: the case is then
// bad-case, costing only itself. A model already read (and parsed) by the suite loader is
// taken as it is (SuiteCase::model_bytes, model).
void read_contents(CaseFiles& files, const std::shared_ptr<const std::string>& model_bytes = {},
                   const std::shared_ptr<const onnx::ModelProto>& parsed = {});

// The readers every consumer of a case shares: from `contents` when present, else from
// the files. They throw touchstone::Error as the file readers do.
onnx::ModelProto case_model_proto(const CaseFiles& files);
Model case_model(const CaseFiles& files);                       // checked by the executor
Value case_input(const CaseFiles& files, size_t i, const onnx::TypeProto& declared);
Tensor case_input_tensor(const CaseFiles& files, size_t i);     // as stored (not as declared)
Values case_expected(const CaseFiles& files);                   // read as the graph's outputs declare
std::string case_input_bytes(const CaseFiles& files, size_t i);
std::string case_model_bytes(const CaseFiles& files);

}  // namespace touchstone::harness

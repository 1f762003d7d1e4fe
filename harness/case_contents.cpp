#include "harness/case_contents.h"

#include "harness/oracle.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

const onnx::ModelProto& CaseContents::parsed_model(const std::string& where) const {
  if (!parsed_) parsed_ = std::make_shared<const onnx::ModelProto>(parse_model(model, where));
  return *parsed_;
}

void read_contents(CaseFiles& files, const std::shared_ptr<const std::string>& model_bytes,
                   const std::shared_ptr<const onnx::ModelProto>& parsed) {
  const fs::path case_dir = files.model.parent_path();
  const uint64_t slack = 1 << 20, limit = max_tensor_bytes();
  const uint64_t value_limit = limit > UINT64_MAX - slack ? UINT64_MAX : limit + slack;
  auto contents = std::make_shared<CaseContents>();
  contents->model = model_bytes ? *model_bytes : read_file_within(files.model, case_dir, UINT64_MAX);
  if (model_bytes && parsed) contents->set_parsed_model(parsed);
  for (const auto& p : files.inputs) contents->inputs.push_back(read_file_within(p, case_dir, value_limit));
  for (const auto& p : files.expected) contents->expected.push_back(read_file_within(p, case_dir, value_limit));
  files.contents = std::move(contents);
}

onnx::ModelProto case_model_proto(const CaseFiles& files) {
  if (files.contents) return files.contents->parsed_model(files.model.string());
  return read_model_file(files.model);
}

Model case_model(const CaseFiles& files) {
  return Model::from_proto(case_model_proto(files), files.model.parent_path(), files.model.string());
}

std::string case_model_bytes(const CaseFiles& files) {
  return files.contents ? files.contents->model : read_file_bytes(files.model);
}

std::string case_input_bytes(const CaseFiles& files, size_t i) {
  return files.contents ? files.contents->inputs.at(i) : read_file_bytes(files.inputs.at(i));
}

Value case_input(const CaseFiles& files, size_t i, const onnx::TypeProto& declared) {
  if (!files.contents) return read_value_file(files.inputs.at(i), declared);
  const fs::path& p = files.inputs.at(i);
  return parse_value(files.contents->inputs.at(i), declared, p.parent_path(), p.string());
}

Tensor case_input_tensor(const CaseFiles& files, size_t i) {
  if (!files.contents) return read_tensor_file(files.inputs.at(i));
  const fs::path& p = files.inputs.at(i);
  return parse_tensor_bytes(files.contents->inputs.at(i), p.parent_path(), p.string());
}

Values case_expected(const CaseFiles& files) {
  if (!files.contents) return read_output_files(read_model_file(files.model), files.expected);
  const onnx::ModelProto& model = files.contents->parsed_model(files.model.string());
  Values outputs;
  for (size_t k = 0; k < files.expected.size(); ++k) {
    const int i = static_cast<int>(k);
    const fs::path& p = files.expected[k];
    const std::string& bytes = files.contents->expected[k];
    if (i < model.graph().output_size() && model.graph().output(i).has_type())
      outputs.push_back(parse_value(bytes, model.graph().output(i).type(), p.parent_path(), p.string()));
    else
      outputs.push_back(parse_tensor_bytes(bytes, p.parent_path(), p.string()));
  }
  return outputs;
}

}  // namespace touchstone::harness

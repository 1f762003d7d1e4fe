#include "harness/repro.h"

#include <optional>

#include "cases/case.h"
#include "harness/case_contents.h"
#include "harness/case_source.h"
#include "harness/run_report.h"
#include "harness/runner.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

fs::path repro_dir(const fs::path& report_dir, const std::string& case_id) {
  return report_dir / "repro" / cases::case_dir_name(case_id);
}

namespace {

// The name graph output k declares ("" past the declared outputs).
std::string output_name(const onnx::ModelProto& model, size_t k) {
  return k < static_cast<size_t>(model.graph().output_size()) ? model.graph().output(static_cast<int>(k)).name() : "";
}

void write_values(const fs::path& dir, const std::string& prefix, const Values& values, const onnx::ModelProto* model) {
  for (size_t k = 0; k < values.size(); ++k) {
    const fs::path file = dir / (prefix + std::to_string(k) + ".pb");
    write_file_bytes(file, serialize_value(values[k], model ? output_name(*model, k) : "", file.string()));
  }
}

// The case folder's other regular files (external data of the model or its inputs, at the
// same relative paths), so that the folder runs as the case did. Links are not copied: a
// case reads no file through one.
void copy_external_files(const CaseFiles& files, const fs::path& dir) {
  const fs::path case_dir = files.model.parent_path();
  const std::string this_set = "test_data_set_" + std::to_string(files.data_set);
  for (const auto& f : other_files(case_dir, {files})) {
    if (f.kind != OtherFile::kRegular) continue;
    const std::string top = f.relative.begin()->string();
    fs::path target = dir / f.relative;
    if (top == this_set) target = dir / "test_data_set_0" / f.relative.lexically_relative(top);  // beside its inputs
    else if (top.starts_with("test_data_set_")) continue;  // another data set's
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    fs::copy_file(case_dir / f.relative, target, fs::copy_options::overwrite_existing, ec);
    if (ec) io_error(target.string() + ": cannot copy external data (" + ec.message() + ")");
  }
}

}  // namespace

std::string write_repro(const fs::path& report_dir, const CaseMeta& meta, const CaseFiles& files,
                        const OracleOutcome& oracle, const BackendOutcome& outcome, const VerdictResult& verdict,
                        const RunOptions& o) {
  const fs::path dir = repro_dir(report_dir, meta.id);
  std::error_code ec;
  fs::remove_all(dir, ec);
  const fs::path data = dir / "test_data_set_0";
  fs::create_directories(data, ec);
  if (ec) io_error(data.string() + ": cannot create (" + ec.message() + ")");

  write_file_bytes(dir / "model.onnx", case_model_bytes(files));
  for (size_t i = 0; i < files.inputs.size(); ++i)
    write_file_bytes(data / ("input_" + std::to_string(i) + ".pb"), case_input_bytes(files, i));
  std::optional<onnx::ModelProto> model;
  try {
    model = case_model_proto(files);
  } catch (const Error&) {  // a model that does not parse: the outputs are named by position only
  }
  if (files.contents && !files.contents->expected.empty()) {
    for (size_t i = 0; i < files.contents->expected.size(); ++i)
      write_file_bytes(data / ("output_" + std::to_string(i) + ".pb"), files.contents->expected[i]);
  } else if (oracle.available) {
    write_values(data, "output_", oracle.outputs, model ? &*model : nullptr);
  }
  if (!outcome.outputs.empty()) {
    fs::create_directories(dir / "actual", ec);
    write_values(dir / "actual", "output_", outcome.outputs, model ? &*model : nullptr);
  }
  write_file_bytes(dir / "case.json", meta_to_json(meta));
  copy_external_files(files, dir);
  const std::string command = reproduce_command(std::vector<std::string>{"--suite", fs::absolute(dir).string()}, o, meta.id);
  std::string readme = "touchstone repro folder: one case, runnable as a suite of its own.\n\n";
  readme += "case:     " + meta.id + "\n";
  readme += "verdict:  " + std::string(verdict_name(verdict.verdict)) + "\n";
  readme += "message:  " + verdict.message + "\n";
  readme += "backend:  " + o.backend.name + " (status " + status_name(outcome.status) + ")\n\n";
  readme += "test_data_set_0/output_N.pb  expected outputs (" +
            std::string(files.contents && !files.contents->expected.empty() ? "as the suite stores them" : "the oracle's") +
            ")\nactual/output_N.pb           what the backend answered" +
            std::string(outcome.outputs.empty() ? " (nothing: it gave no outputs)" : "") + "\n\nreproduce:\n  " + command + "\n";
  write_file_bytes(dir / "README.txt", readme);
  return command;
}

}  // namespace touchstone::harness

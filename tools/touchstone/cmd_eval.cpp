// touchstone eval: run a model on the reference, with inputs and outputs as .pb files in
// ONNX's test-data layout.
#include <iostream>

#include "reference/graph.h"
#include "reference/memory_budget.h"
#include "reference/model.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct EvalOptions {
  std::string model;
  std::string inputs;
  std::string out;
  bool quiet = false;
  bool overwrite = false;
  bool count_early_negative_axes = false;
  uint64_t max_tensor_bytes = 0, max_case_bytes = 0;  // 0: the defaults (reference/memory_budget.h)
};

// A folder of a suite's test data (inputs next to the outputs, a model above): eval must
// not replace the expected outputs there by accident.
void refuse_suite_data(const std::filesystem::path& out, const std::filesystem::path& inputs) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(out, ec)) return;
  std::string why;
  if (fs::equivalent(out, inputs, ec))
    why = "it is the --inputs folder";
  else if (fs::exists(out / "input_0.pb", ec))
    why = "it holds input files (input_0.pb)";
  else if (fs::exists(out.parent_path() / "model.onnx", ec) ||
           fs::exists(fs::absolute(out).parent_path() / "model.onnx", ec))
    why = "it is a case's test data (model.onnx is in the folder above)";
  if (!why.empty())
    io_error(out.string() + " looks like a suite's test data (" + why +
             "); eval would overwrite its expected outputs. Choose another --out, or add --overwrite");
}

int run_eval(const EvalOptions& o) {
  if (o.max_tensor_bytes) set_max_tensor_bytes(o.max_tensor_bytes);
  if (o.max_case_bytes) set_max_case_bytes(o.max_case_bytes);
  onnx::ModelProto proto = read_model_file(o.model);
  if (o.count_early_negative_axes) {
    auto* prop = proto.add_metadata_props();
    prop->set_key(kEarlyNegativeAxesKey);
    prop->set_value("count");
  }
  const std::filesystem::path model_path = o.model;
  const Model model = Model::from_proto(std::move(proto), model_path.parent_path(), model_path.string());
  Values inputs;
  const std::filesystem::path dir = o.inputs;
  for (size_t i = 0; i < model.input_names().size(); ++i) {
    const auto path = dir / ("input_" + std::to_string(i) + ".pb");
    if (!std::filesystem::exists(path))
      io_error(path.string() + ": missing; the model takes " + std::to_string(model.input_names().size()) +
               " inputs (" + std::to_string(i) + " is '" + model.input_names()[i] + "')");
    // As the graph declares it: TensorProto, SequenceProto or OptionalProto; bf16 stored as uint16.
    inputs.push_back(read_value_file(path, model.input_type(i)));
  }
  if (std::filesystem::exists(dir / ("input_" + std::to_string(inputs.size()) + ".pb")))
    io_error(dir.string() + " holds more input files than the model's " + std::to_string(inputs.size()) +
             " inputs");

  if (!o.overwrite) refuse_suite_data(o.out, dir);
  const ValueRunResult result = model.run_values(inputs);
  std::error_code ec;
  std::filesystem::create_directories(o.out, ec);
  if (ec) io_error(o.out + ": cannot create (" + ec.message() + ")");
  for (size_t i = 0; i < result.outputs.size(); ++i) {
    const auto path = std::filesystem::path(o.out) / ("output_" + std::to_string(i) + ".pb");
    write_value_file(path, result.outputs[i], model.output_names()[i]);
    if (!o.quiet)
      std::cout << path.string() << ": " << model.output_names()[i] << " = " << describe(result.outputs[i])
                << "\n";
  }
  if (!o.quiet && result.semantics.category != Semantics::kDefined) {
    std::cout << "semantics: " << semantics_name(result.semantics.category) << "\n";
    for (const auto& r : result.semantics.reasons) std::cout << "  " << r << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_eval_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<EvalOptions>();
  auto* sub = app.add_subcommand(
      "eval",
      "Run MODEL on the reference. --inputs DIR holds input_0.pb, input_1.pb, ... in the\n"
      "order of the graph's non-initializer inputs (ONNX's test-data layout: a TensorProto,\n"
      "or a SequenceProto / OptionalProto where the graph declares a sequence or optional);\n"
      "the outputs are written to --out DIR as output_N.pb in graph-output order, in the\n"
      "same forms. An invalid model\n"
      "exits 1 with the rule it breaks; a model that needs more memory than --max-tensor-bytes\n"
      "for one tensor or --max-case-bytes in all is refused before allocating it (exit 2,\n"
      "\"exceeds the budget\", naming the op-version and the size).");
  sub->add_option("model", options->model, "The .onnx model")->required();
  sub->add_option("--inputs", options->inputs, "Folder of input_N.pb files")->required();
  sub->add_option("--out", options->out, "Folder for output_N.pb files (created)")->required();
  sub->add_flag("-q,--quiet", options->quiet, "Print nothing on success");
  sub->add_flag(
      "--count-early-negative-axes", options->count_early_negative_axes,
      "Count a negative axis given to an op-version before opset 11 from the back (its text is silent;\n"
      "refused by default), as `model cases` does; PaddleOCR's opset-9 recognizer needs it");
  sub->add_flag("--overwrite", options->overwrite,
                "Write into --out even when it is a suite's test data (its expected outputs are replaced)");
  sub->add_option(
         "--max-tensor-bytes", options->max_tensor_bytes,
         "Largest tensor the reference reads or computes (default 4 GiB, or TOUCHSTONE_MAX_TENSOR_BYTES)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--max-case-bytes", options->max_case_bytes,
                  "Memory the reference's tensors and scratch may hold at once (default half the machine's\n"
                  "memory, or TOUCHSTONE_MAX_CASE_BYTES)")
      ->check(CLI::PositiveNumber);
  sub->callback([options, &action] { action = [options] { return run_eval(*options); }; });
}

}  // namespace touchstone::cli

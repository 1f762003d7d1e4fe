// touchstone model: whole models node by node (models/). `model info` lists what a model
// asks of the reference (its op-versions, which are not yet implemented, its inputs);
// `model cases` runs it on the reference and writes each main-graph node, with the real
// values it saw, as a case of a suite that `touchstone run --suite` judges unchanged.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cases/generator.h"
#include "models/model_inputs.h"
#include "models/model_summary.h"
#include "models/node_cases.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace {

struct ModelOptions {
  std::string model;
  std::string inputs;
  std::vector<std::string> dims;
  std::vector<std::string> recipes;
  uint64_t seed = 0;
  std::string out;
  bool quiet = false;
  bool count_early_negative_axes = false;
  bool keep_ifs = false;
};

std::string dims_text(const models::ModelInput& in) {
  if (!in.has_shape) return "(no shape declared)";
  std::string text = "[";
  for (size_t k = 0; k < in.dims.size(); ++k) {
    if (k) text += ", ";
    text += in.dims[k].value >= 0 ? std::to_string(in.dims[k].value) : in.dims[k].name.empty() ? "?" : in.dims[k].name;
  }
  return text + "]";
}

int run_info(const ModelOptions& o) {
  const auto proto = read_model_file(o.model);
  const auto s = models::summarize_model(proto);
  std::cout << o.model << ": " << s.main_nodes << " nodes in the main graph, " << s.all_nodes << " in all ("
            << s.subgraphs << " subgraphs), " << s.ops.size() << " op-versions\n";
  std::cout << "inputs:\n";
  for (const auto& in : s.inputs) std::cout << "  " << in.name << ": " << type_proto_string(in.type) << " " << dims_text(in) << "\n";
  size_t missing = 0;
  std::cout << "op-versions (nodes, reference):\n";
  for (const auto& use : s.ops) {
    missing += use.runnable() ? 0 : 1;
    std::cout << "  " << use.label() << "  " << use.nodes << "  " << (use.runnable() ? "implemented" : "not yet") << "\n";
  }
  if (missing) {
    std::cout << missing << " op-version(s) not yet implemented: the reference cannot run this model yet\n";
    return kExitFailed;
  }
  std::cout << "the reference implements every op-version of this model\n";
  return kExitOk;
}

std::function<void(size_t, size_t)> node_progress(bool quiet) {
  if (quiet || !isatty(fileno(stderr))) return {};
  return [](size_t done, size_t total) {
    std::fprintf(stderr, "\rnode %zu/%zu", done, total);
    if (done == total) std::fprintf(stderr, "\n");
  };
}

int run_cases(const ModelOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  const std::filesystem::path path = o.model;
  const auto proto = read_model_file(path);
  const auto summary = models::summarize_model(proto);
  if (!summary.runnable()) {
    std::cerr << "touchstone model cases: the reference cannot run " << o.model << " yet; not implemented:";
    for (const auto& use : summary.ops)
      if (!use.runnable()) std::cerr << " " << use.label();
    std::cerr << " (touchstone model info lists them)\n";
    return kExitUsage;
  }
  models::InputOptions in;
  in.folder = o.inputs;
  in.seed = o.seed;
  for (const auto& d : o.dims) in.dims.insert(models::parse_dim(d));
  for (const auto& r : o.recipes) in.recipes.push_back(models::parse_input_recipe(r));
  const Values inputs = models::model_inputs(summary, in);
  models::NodeCaseOptions options;
  options.model_name = path.stem().string();
  options.progress = node_progress(o.quiet);
  options.count_early_negative_axes = o.count_early_negative_axes;
  options.inline_decided_ifs = !o.keep_ifs;
  const auto result = models::node_cases(proto, path.parent_path(), inputs, options);
  cases::write_suite(o.out, result.cases, "model:" + options.model_name);
  // The inputs the run used, beside the suite, so the run can be repeated with --inputs.
  const auto used = std::filesystem::path(o.out) / "model_inputs";
  std::filesystem::create_directories(used);
  for (size_t i = 0; i < inputs.size(); ++i)
    write_value_file(used / ("input_" + std::to_string(i) + ".pb"), inputs[i], summary.inputs[i].name);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!o.quiet)
    std::printf("%zu node cases of %s written to %s (its inputs in %s), %.2f s\n", result.cases.size(), o.model.c_str(),
                o.out.c_str(), used.c_str(), seconds);
  return kExitOk;
}

}  // namespace

void add_model_command(CLI::App& app, Action& action) {
  auto* sub = app.add_subcommand(
      "model", "Whole models, node by node. `model info MODEL`: its op-versions (subgraphs included), which the\n"
               "reference does not implement yet, its inputs and their symbolic dimensions. `model cases MODEL\n"
               "--out SUITE`: run MODEL on the reference and write each main-graph node, with the real values it\n"
               "saw, as a case (its op-version's judging contract, the reference's answer): `touchstone run\n"
               "--suite SUITE --backend B` then judges a backend node by node.");
  sub->require_subcommand(1);
  auto info = std::make_shared<ModelOptions>();
  auto* info_cmd = sub->add_subcommand("info", "What MODEL asks of the reference (exit 1 when it lacks an op-version)");
  info_cmd->add_option("model", info->model, "The .onnx model")->required();
  info_cmd->callback([info, &action] { action = [info] { return run_info(*info); }; });

  auto cases_options = std::make_shared<ModelOptions>();
  auto* cases_cmd = sub->add_subcommand("cases", "Write MODEL's nodes as a suite of cases with their real inputs");
  cases_cmd->add_option("model", cases_options->model, "The .onnx model")->required();
  cases_cmd->add_option("--out", cases_options->out, "The suite's folder (created; an earlier suite there is replaced)")->required();
  cases_cmd->add_option("--inputs", cases_options->inputs,
                        "Folder of input_N.pb files in the order of the model's feedable inputs (ONNX's test-data\n"
                        "layout); without it the inputs are generated from the declared types and shapes");
  cases_cmd->add_option("--dim", cases_options->dims, "NAME=SIZE for a symbolic dimension of a generated input (repeatable)");
  cases_cmd->add_option("--input", cases_options->recipes,
                        "NAME=RECIPE: an input with a meaning instead of random values (repeatable): zeros,\n"
                        "value:V, tone:HZ/RATE (a sine burst in noise), text:WORDS (a text line drawn into an\n"
                        "N x C x H x W image, PaddleOCR's normalization), each with an optional @SHAPE (1x512) for\n"
                        "unnamed dimensions. Silero VAD: --input input=tone:440/16000@1x512 --input sr=value:16000\n"
                        "--input state=zeros@2x1x128");
  cases_cmd->add_option("--seed", cases_options->seed, "Seed of the generated inputs (default 0)");
  cases_cmd->add_flag("-q,--quiet", cases_options->quiet, "Print nothing on success");
  cases_cmd->add_flag("--count-early-negative-axes", cases_options->count_early_negative_axes,
                      "Where an op-version before opset 11 gets a negative axis (its text is silent; the reference\n"
                      "refuses it by default), count it from the back as later versions do; such nodes' cases are\n"
                      "implementation-defined (PaddleOCR's opset-9 recognizer: ReduceMean-1 axes [-1])");
  cases_cmd->add_flag("--keep-ifs", cases_options->keep_ifs,
                      "Keep each If as one case with its subgraphs. By default an If whose branch the run decided\n"
                      "gives way to that branch's nodes (round after round for nested Ifs), so each node inside is\n"
                      "a case of its own");
  cases_cmd->callback([cases_options, &action] { action = [cases_options] { return run_cases(*cases_options); }; });
}

}  // namespace touchstone::cli

// touchstone model: whole models node by node (models/). `model info` lists what a model
// asks of the reference (its op-versions, which are not yet implemented, its inputs);
// `model cases` runs it on the reference and writes each main-graph node, with the real
// values it saw, as a case of a suite that `touchstone run --suite` judges unchanged.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cases/generator.h"
#include "harness/backends/registry.h"
#include "harness/runner.h"
#include "models/locate.h"
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
  // model locate
  std::string backend;
  std::vector<std::string> backend_options;
  std::string root;
  double timeout = 600;
  bool no_sandbox = false;
};

std::string dims_text(const models::ModelInput& in) {
  if (!in.has_shape) return "(no shape declared)";
  std::string text = "[";
  for (size_t k = 0; k < in.dims.size(); ++k) {
    if (k) text += ", ";
    text += in.dims[k].value >= 0     ? std::to_string(in.dims[k].value)
            : in.dims[k].name.empty() ? "?"
                                      : in.dims[k].name;
  }
  return text + "]";
}

int run_info(const ModelOptions& o) {
  const auto proto = read_model_file(o.model);
  const auto s = models::summarize_model(proto);
  std::cout << o.model << ": " << s.main_nodes << " nodes in the main graph, " << s.all_nodes << " in all ("
            << s.subgraphs << " subgraphs), " << s.ops.size() << " op-versions\n";
  std::cout << "inputs:\n";
  for (const auto& in : s.inputs)
    std::cout << "  " << in.name << ": " << type_proto_string(in.type) << " " << dims_text(in) << "\n";
  size_t not_yet = 0, unknown = 0;
  std::cout << "op-versions (nodes, reference):\n";
  for (const auto& use : s.ops) {
    not_yet += use.row && !use.row->kernel ? 1 : 0;
    unknown += use.row ? 0 : 1;
    std::cout << "  " << use.label() << "  " << use.nodes << "  "
              << (use.runnable() ? "implemented" : use.row ? "not yet" : "unknown") << "\n";
  }
  if (not_yet)
    std::cout << not_yet << " op-version(s) not yet implemented: the reference cannot run this model yet\n";
  if (unknown)
    std::cout << unknown << " op-version(s) in no catalog (ONNX 1.23's ops and domains; a custom op or an opset "
              << "beyond the catalog): the reference cannot run this model\n";
  if (not_yet || unknown) return kExitFailed;
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

// The model's inputs as the options give them: a folder, or generated (dims, recipes, seed).
Values model_feeds(const ModelOptions& o, const models::ModelSummary& summary) {
  models::InputOptions in;
  in.folder = o.inputs;
  in.seed = o.seed;
  for (const auto& d : o.dims) in.dims.insert(models::parse_dim(d));
  for (const auto& r : o.recipes) in.recipes.push_back(models::parse_input_recipe(r));
  return models::model_inputs(summary, in);
}

models::NodeCaseOptions node_case_options(const ModelOptions& o) {
  models::NodeCaseOptions options;
  options.model_name = std::filesystem::path(o.model).stem().string();
  options.count_early_negative_axes = o.count_early_negative_axes;
  options.inline_decided_ifs = !o.keep_ifs;
  return options;
}

// Refuses a model the reference cannot run, naming what it lacks.
bool runnable_or_say(const char* command, const ModelOptions& o, const models::ModelSummary& summary) {
  if (summary.runnable()) return true;
  std::cerr << "touchstone " << command << ": the reference cannot run " << o.model
            << " yet; not implemented:";
  for (const auto& use : summary.ops)
    if (!use.runnable()) std::cerr << " " << use.label();
  std::cerr << " (touchstone model info lists them)\n";
  return false;
}

int run_cases(const ModelOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  const std::filesystem::path path = o.model;
  const auto proto = read_model_file(path);
  const auto summary = models::summarize_model(proto);
  if (!runnable_or_say("model cases", o, summary)) return kExitUsage;
  const Values inputs = model_feeds(o, summary);
  models::NodeCaseOptions options = node_case_options(o);
  options.progress = node_progress(o.quiet);
  const auto result = models::node_cases(proto, path.parent_path(), inputs, options);
  cases::write_suite(o.out, result.cases, "model:" + options.model_name);
  // The inputs the run used, beside the suite, so the run can be repeated with --inputs.
  const auto used = std::filesystem::path(o.out) / "model_inputs";
  std::filesystem::create_directories(used);
  for (size_t i = 0; i < inputs.size(); ++i)
    write_value_file(used / ("input_" + std::to_string(i) + ".pb"), inputs[i], summary.inputs[i].name);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!o.quiet)
    std::printf("%zu node cases of %s written to %s (its inputs in %s), %.2f s\n", result.cases.size(),
                o.model.c_str(), o.out.c_str(), used.c_str(), seconds);
  return kExitOk;
}

int run_locate(const ModelOptions& o) {
  const std::filesystem::path path = o.model;
  const auto proto = read_model_file(path);
  const auto summary = models::summarize_model(proto);
  if (!runnable_or_say("model locate", o, summary)) return kExitUsage;
  const Values inputs = model_feeds(o, summary);
  harness::BackendSpec spec;
  spec.name = o.backend;
  spec.options = harness::parse_backend_options(o.backend_options);
  spec.repo_root = find_root(o.root);
  spec.plugin_worker =
      std::filesystem::read_symlink("/proc/self/exe").parent_path() / "touchstone-plugin-worker";
  spec.sandbox = !o.no_sandbox;
  spec.hidden.push_back(std::filesystem::absolute(o.out));
  auto backend = harness::make_backend(spec);
  const auto info = backend->info();
  models::LocateOptions options;
  options.model_name = path.stem().string();
  options.cases = node_case_options(o);
  options.timeout_s = o.timeout;
  options.out = o.out;
  if (!o.quiet)
    options.progress = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  const auto r = models::locate(proto, path.parent_path(), inputs, *backend, options);
  backend->shutdown();
  std::printf("%s on %s %s\n", o.model.c_str(), info.name.c_str(), info.version.c_str());
  std::printf(
      "end to end: %s from the reference (no contract bounds a whole model's outputs: measured, not "
      "judged)\n",
      r.end_to_end.text().c_str());
  if (r.culprit < 0) {
    std::printf("the backend's outputs equal the reference's: nothing to locate\n");
    return kExitOk;
  }
  std::printf("splices (the backend runs the first k of %d nodes, the reference the rest):\n", r.nodes);
  for (const auto& p : r.probes) std::printf("  k = %-5d %s\n", p.prefix, p.spliced.text().c_str());
  std::printf("first diverging value: %s", r.culprit_outputs.empty() ? "?" : r.culprit_outputs[0].c_str());
  std::printf(
      ", output of %s: after it the reference lands at least half as far from its own answer as the "
      "backend\n",
      r.culprit_label.c_str());
  std::printf("its value in the model against the node fed the backend's own inputs: %s\n",
              r.culprit_in_model.text().c_str());
  // The node alone on the backend, fed the backend's own inputs: judged by its contract.
  harness::RunOptions run;
  run.backend = spec;
  run.backend.hidden = {std::filesystem::absolute(r.repro)};
  run.report_dir = std::filesystem::path(o.out) / "repro-run";
  run.overwrite = true;
  run.full_report = true;
  run.timeout_s = o.timeout;
  run.program = "touchstone";
  const auto report = harness::run_suite(load_suite(r.repro), run);
  std::string alone;
  for (const auto& c : report.cases) {
    std::printf("%s on the backend: %s%s%s\n", c.id.c_str(), c.verdict.c_str(), c.message.empty() ? "" : ": ",
                c.message.c_str());
    if (c.op != "(graph)") alone = c.verdict;
  }
  if (alone == "pass")
    std::printf(
        "verdict: the node is right on its own; the deviation comes from how the backend runs it inside the\n"
        "model (fused with its neighbours, another algorithm) or from the model amplifying allowed errors\n");
  else
    std::printf("verdict: the backend is at fault at this node (%s on its own inputs)\n", alone.c_str());
  std::printf(
      "repro: %s (the node alone and the first %d nodes, each with its inputs, the reference's answers and\n"
      "backend_output_N.pb, the backend's in the model); report: %s\n"
      "  touchstone run --suite %s --backend %s --report-dir DIR\n",
      r.repro.c_str(), r.culprit + 1, run.report_dir.c_str(), r.repro.c_str(), o.backend.c_str());
  return kExitFailed;
}

// The options `model cases` and `model locate` share: the model's inputs, inlining, axes.
void add_input_options(CLI::App* cmd, ModelOptions& o) {
  cmd->add_option("--inputs", o.inputs,
                  "Folder of input_N.pb files in the order of the model's feedable inputs (ONNX's test-data\n"
                  "layout); without it the inputs are generated from the declared types and shapes");
  cmd->add_option("--dim", o.dims, "NAME=SIZE for a symbolic dimension of a generated input (repeatable)");
  cmd->add_option(
      "--input", o.recipes,
      "NAME=RECIPE: an input with a meaning instead of random values (repeatable): zeros,\n"
      "value:V, tone:HZ/RATE (a sine burst in noise), text:WORDS (a text line drawn into an\n"
      "N x C x H x W image, PaddleOCR's normalization), each with an optional @SHAPE (1x512) for\n"
      "unnamed dimensions. Silero VAD: --input input=tone:440/16000@1x512 --input sr=value:16000\n"
      "--input state=zeros@2x1x128");
  cmd->add_option("--seed", o.seed, "Seed of the generated inputs (default 0)");
  cmd->add_flag("-q,--quiet", o.quiet, "Print nothing on success");
  cmd->add_flag(
      "--count-early-negative-axes", o.count_early_negative_axes,
      "Where an op-version before opset 11 gets a negative axis (its text is silent; the reference\n"
      "refuses it by default), count it from the back as later versions do; such nodes' cases are\n"
      "implementation-defined (PaddleOCR's opset-9 recognizer: ReduceMean-1 axes [-1])");
  cmd->add_flag(
      "--keep-ifs", o.keep_ifs,
      "Keep each If as one case with its subgraphs. By default an If whose branch the run decided\n"
      "gives way to that branch's nodes (round after round for nested Ifs), so each node inside is\n"
      "a case of its own");
}

}  // namespace

void add_model_command(CLI::App& app, Action& action) {
  auto* sub = app.add_subcommand(
      "model",
      "Whole models, node by node. `model info MODEL`: its op-versions (subgraphs included), which the\n"
      "reference does not implement yet, its inputs and their symbolic dimensions. `model cases MODEL\n"
      "--out SUITE`: run MODEL on the reference and write each main-graph node, with the real values it\n"
      "saw, as a case (its op-version's judging contract, the reference's answer): `touchstone run\n"
      "--suite SUITE --backend B` then judges a backend node by node.");
  sub->require_subcommand(1);
  auto info = std::make_shared<ModelOptions>();
  auto* info_cmd =
      sub->add_subcommand("info", "What MODEL asks of the reference (exit 1 when it lacks an op-version)");
  info_cmd->add_option("model", info->model, "The .onnx model")->required();
  info_cmd->callback([info, &action] { action = [info] { return run_info(*info); }; });

  auto cases_options = std::make_shared<ModelOptions>();
  auto* cases_cmd =
      sub->add_subcommand("cases", "Write MODEL's nodes as a suite of cases with their real inputs");
  cases_cmd->add_option("model", cases_options->model, "The .onnx model")->required();
  cases_cmd
      ->add_option("--out", cases_options->out,
                   "The suite's folder (created; an earlier suite there is replaced)")
      ->required();
  add_input_options(cases_cmd, *cases_options);
  cases_cmd->callback(
      [cases_options, &action] { action = [cases_options] { return run_cases(*cases_options); }; });

  auto locate_options = std::make_shared<ModelOptions>();
  auto* locate_cmd = sub->add_subcommand(
      "locate",
      "Where MODEL goes wrong on a backend: the backend runs the first k nodes, the reference the rest\n"
      "from the backend's values; bisection on k names the first value carrying half the end-to-end\n"
      "deviation, judges its node alone on the backend's own inputs, and writes a repro suite\n"
      "(exit 1 when the outputs differ, 0 when they are equal)");
  locate_cmd->add_option("model", locate_options->model, "The .onnx model")->required();
  add_input_options(locate_cmd, *locate_options);
  locate_cmd->add_option("--backend", locate_options->backend, "The backend (touchstone backends lists them)")
      ->required();
  locate_cmd->add_option("--backend-option", locate_options->backend_options,
                         "NAME=VALUE for the backend (repeatable)");
  locate_cmd->add_option("--out", locate_options->out, "Folder for the probes and the repro suite (created)")
      ->required();
  locate_cmd->add_option("--timeout", locate_options->timeout, "Seconds per backend run (default 600)");
  locate_cmd->add_option("--root", locate_options->root, "The touchstone checkout holding harness/backends");
  locate_cmd->add_flag("--no-sandbox", locate_options->no_sandbox, "Run the adapter outside its sandbox");
  locate_cmd->callback(
      [locate_options, &action] { action = [locate_options] { return run_locate(*locate_options); }; });
}

}  // namespace touchstone::cli

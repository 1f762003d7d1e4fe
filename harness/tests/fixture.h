// Test helpers: small suites on disk in ONNX's backend-test layout, built with the
// reference's model builder, with metadata in memory (so tests do not depend on the
// case.json format).
#pragma once
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

#include "cases/suite.h"
#include "harness/oracle.h"
#include "reference/model_builder.h"
#include "reference/tensor_proto.h"

namespace touchstone::testing {

namespace fs = std::filesystem;

// Runs a shell command with its output discarded; true when it exits 0.
inline bool run_quietly(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// The report (report.json) of touchstone-fault-backend run over `suite` into `out`, with
// TOUCHSTONE_FAULTS=`pattern`=`mode` (the fault-mode tests); null when none was written.
inline nlohmann::json fault_mode_report(const fs::path& suite, const fs::path& out, const std::string& pattern,
                                        const std::string& mode) {
  run_quietly("env 'TOUCHSTONE_FAULTS=" + pattern + "=" + mode + "' " + TOUCHSTONE_CLI + " run --suite " + suite.string() +
              " --backend command:" + TOUCHSTONE_FAULT_BACKEND + " --jobs 2 --full-report --report-dir " + out.string());
  std::ifstream in(out / "report.json");
  return in ? nlohmann::json::parse(in) : nlohmann::json();
}

// Of a fault-mode report: the ids of the cases that neither passed nor were refused or
// skipped, and how many passed.
struct FaultModeOutcome {
  std::vector<std::string> bad;
  int passed = 0;
};
inline FaultModeOutcome fault_mode_outcome(const nlohmann::json& report) {
  FaultModeOutcome out;
  for (const auto& c : report.at("cases")) {
    const std::string v = c.at("verdict");
    if (v == "pass") ++out.passed;
    else if (v != "rejected" && v != "skip") out.bad.push_back(c.at("id"));
  }
  return out;
}

// Every valid case id of a generated suite (its index.json).
inline std::vector<std::string> valid_case_ids(const fs::path& suite) {
  std::ifstream in(suite / "index.json");
  const nlohmann::json index = nlohmann::json::parse(in);
  std::vector<std::string> ids;
  for (const auto& c : index.at("cases"))
    if (c.value("valid", true)) ids.push_back(c.at("id"));
  return ids;
}

inline fs::path temp_dir(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("touchstone-harness-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

// Adds a single-node float case `op`(A, B) at `opset` with A's first element `a0`; the
// folder name is the id with '/' replaced by '_'. Stores the reference's outputs.
inline SuiteCase add_binary_case(const fs::path& root, const std::string& id, const std::string& op, int opset,
                                 float a0 = 1.5f, Shape shape = {2, 3}) {
  std::string folder = id;
  for (char& c : folder)
    if (c == '/') c = '_';
  const fs::path dir = root / folder;
  fs::create_directories(dir / "test_data_set_0");
  SingleNodeModel spec{op, "", opset, {{"A", DType::kFloat, shape}, {"B", DType::kFloat, shape}},
                       {{"C", DType::kFloat, shape}}, {}, 0};
  write_model_file(dir / "model.onnx", build_model(spec));
  Tensor a(DType::kFloat, shape), b(DType::kFloat, shape);
  for (int64_t i = 0; i < a.size(); ++i) {
    a.data<float>()[i] = i == 0 ? a0 : 0.25f * static_cast<float>(i);
    b.data<float>()[i] = 3.0f - 0.5f * static_cast<float>(i);
  }
  write_tensor_file(dir / "test_data_set_0/input_0.pb", a, "A");
  write_tensor_file(dir / "test_data_set_0/input_1.pb", b, "B");
  try {
    const auto result = harness::run_reference(harness::CaseFiles::of(dir));
    write_tensor_file(dir / "test_data_set_0/output_0.pb", result.outputs.at(0).tensor(), "C");
  } catch (const Error&) {
    // an invalid or unimplemented case: no stored outputs
  }
  SuiteCase c;
  c.dir = fs::absolute(dir);
  c.meta.id = id;
  c.meta.op = op;
  c.meta.opset = opset;
  c.meta.since_version = opset;
  c.meta.dtypes = {"float32", "float32"};
  return c;
}

// Makes a binary case's model one the reference refuses, for a negative case: graph input
// B declared int32 beside a float A (Add's and Sub's T must agree). A case marked invalid
// whose model the reference accepts is bad-case (harness/case_check.h).
inline void make_model_invalid(const fs::path& case_dir) {
  onnx::ModelProto m = read_model_file(case_dir / "model.onnx");
  m.mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::INT32);
  write_model_file(case_dir / "model.onnx", m);
}

// Every case's record in a run's journal (report_dir/journal.jsonl), by id, first record
// per id: report.json lists only the cases that did not simply pass (plain passes are
// counted per op-version and dtypes), the journal has them all.
inline std::map<std::string, nlohmann::json> journal_records(const fs::path& report_dir) {
  std::ifstream in(report_dir / "journal.jsonl");
  std::map<std::string, nlohmann::json> out;
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    nlohmann::json j = nlohmann::json::parse(line);
    out.emplace(j.at("id").get<std::string>(), std::move(j));
  }
  return out;
}

inline std::map<std::string, std::string> journal_verdicts(const fs::path& report_dir) {
  std::map<std::string, std::string> out;
  for (const auto& [id, record] : journal_records(report_dir)) out[id] = record.at("verdict");
  return out;
}

}  // namespace touchstone::testing

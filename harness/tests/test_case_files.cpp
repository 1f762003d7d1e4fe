// Issue 25: the suite digest covers every byte that decides a verdict (case.json and
// external data files too; --resume refuses a changed one), and case files are read
// defensively: regular files inside the case folder after resolving links, with size
// limits; one bad case is bad-case and costs only itself, whatever --case selects.
#include <catch2/catch.hpp>

#include <fstream>
#include <sys/stat.h>

#include "harness/process.h"
#include "harness/repro.h"
#include "harness/runner.h"
#include "harness/tests/fixture.h"
#include "reports/report.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::testing::add_binary_case;
using touchstone::testing::journal_verdicts;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;

namespace {

// A case on disk with its case.json, as `generate` writes one.
SuiteCase add_case_with_json(const fs::path& root, const std::string& id) {
  SuiteCase c = add_binary_case(root, id, "Add", 14);
  c.meta.tolerance.kind = Tolerance::kExact;
  std::ofstream(c.dir / "case.json") << meta_to_json(c.meta);
  return c;
}

// Add-14 with B an initializer whose data is in `data.bin` beside the model.
SuiteCase add_external_data_case(const fs::path& root, const std::string& folder, float b0) {
  const fs::path dir = root / folder;
  fs::create_directories(dir / "test_data_set_0");
  const Shape shape = {2, 3};
  SingleNodeModel spec{"Add", "", 14, {{"A", DType::kFloat, shape}, {"B", DType::kFloat, shape}}, {{"C", DType::kFloat, shape}}, {}, 0};
  onnx::ModelProto model = build_model(spec);
  model.mutable_graph()->mutable_input()->RemoveLast();
  onnx::TensorProto* b = model.mutable_graph()->add_initializer();
  b->set_name("B");
  b->set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t d : shape) b->add_dims(d);
  b->set_data_location(onnx::TensorProto::EXTERNAL);
  auto* location = b->add_external_data();
  location->set_key("location");
  location->set_value("data.bin");
  write_model_file(dir / "model.onnx", model);
  const float data[6] = {b0, 2, 3, 4, 5, 6};
  std::ofstream(dir / "data.bin", std::ios::binary).write(reinterpret_cast<const char*>(data), sizeof data);
  Tensor a(DType::kFloat, shape);
  for (int64_t i = 0; i < a.size(); ++i) a.data<float>()[i] = 0.5f * static_cast<float>(i);
  write_tensor_file(dir / "test_data_set_0/input_0.pb", a, "A");
  const auto result = run_reference(CaseFiles::of(dir));
  write_tensor_file(dir / "test_data_set_0/output_0.pb", result.outputs.at(0).tensor(), "C");
  SuiteCase c;
  c.dir = fs::absolute(dir);
  c.meta = {};
  c.meta.id = folder;
  c.meta.op = "Add";
  c.meta.opset = c.meta.since_version = 14;
  c.meta.dtypes = {"float32"};
  std::ofstream(dir / "case.json") << meta_to_json(c.meta);
  return c;
}

RunOptions reference_options(const fs::path& report_dir) {
  RunOptions o;
  o.backend.name = "reference";
  o.report_dir = report_dir;
  return o;
}

std::string suite_digest(const fs::path& suite, const fs::path& report_dir) {
  RunOptions o = reference_options(report_dir);
  o.overwrite = true;
  return run_suite(load_suite(suite), o).run.suite_digest;
}

void replace_in_file(const fs::path& p, const std::string& from, const std::string& to) {
  std::ifstream in(p, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

std::string verdict_message(const reports::Report& r, const std::string& id) {
  for (const auto& c : r.cases)
    if (c.id == id) return c.verdict + ": " + c.message;
  return "(not listed)";
}

}  // namespace

TEST_CASE("case files: the digest covers case.json; --resume refuses a changed one", "[case-files][digest]") {
  const fs::path root = temp_dir("digest-json");
  add_case_with_json(root / "suite", "Add-14/float32/a");
  add_case_with_json(root / "suite", "Add-14/float32/b");
  const std::string before = suite_digest(root / "suite", root / "report");
  CHECK(suite_digest(root / "suite", root / "report") == before);  // the same bytes, the same digest
  // The semantics changed: a failure would now be excused as divergent.
  replace_in_file(root / "suite/Add-14_float32_b/case.json", "\"semantics\": \"defined\"", "\"semantics\": \"implementation-defined\"");
  RunOptions o = reference_options(root / "report");
  o.resume = true;
  CHECK_THROWS_WITH(run_suite(load_suite(root / "suite"), o),
                    Catch::Contains("case Add-14/float32/b changed in the suite since it was journaled"));
  CHECK(suite_digest(root / "suite", root / "report") != before);
  fs::remove_all(root);
}

TEST_CASE("case files: the digest covers external data files; --resume refuses a changed one", "[case-files][digest]") {
  const fs::path root = temp_dir("digest-external");
  add_external_data_case(root / "suite", "external", 1.0f);
  const std::string before = suite_digest(root / "suite", root / "report");
  // One float of data.bin changed (1.0f -> 2.0f: the exponent's low bit of byte 3).
  {
    std::fstream data(root / "suite/external/data.bin", std::ios::binary | std::ios::in | std::ios::out);
    const float two = 2.0f;
    data.write(reinterpret_cast<const char*>(&two), sizeof two);
  }
  RunOptions o = reference_options(root / "report");
  o.resume = true;
  CHECK_THROWS_WITH(run_suite(load_suite(root / "suite"), o), Catch::Contains("case external changed in the suite"));
  CHECK(suite_digest(root / "suite", root / "report") != before);
  fs::remove_all(root);
}

TEST_CASE("case files: a link out of the case, a FIFO, /dev/zero and an oversized file are bad-case, each alone",
          "[case-files][defensive]") {
  const fs::path root = temp_dir("defensive");
  const fs::path suite = root / "suite";
  add_case_with_json(suite, "Add-14/float32/fine");
  // input_0.pb a link to a valid tensor file outside the case.
  const SuiteCase out = add_case_with_json(suite, "Add-14/float32/link-out");
  fs::rename(out.dir / "test_data_set_0/input_0.pb", root / "outside.pb");
  fs::create_symlink(root / "outside.pb", out.dir / "test_data_set_0/input_0.pb");
  // input_1.pb a FIFO: opening it must not wait for a writer.
  const SuiteCase fifo = add_case_with_json(suite, "Add-14/float32/fifo-input");
  fs::remove(fifo.dir / "test_data_set_0/input_1.pb");
  REQUIRE(::mkfifo((fifo.dir / "test_data_set_0/input_1.pb").c_str(), 0600) == 0);
  // case.json is /dev/zero (read whole, it would never end).
  const SuiteCase zero = add_case_with_json(suite, "Add-14/float32/zero-json");
  fs::remove(zero.dir / "case.json");
  fs::create_symlink("/dev/zero", zero.dir / "case.json");
  // case.json of 2 MiB (a regular file over the limit of 1 MiB).
  const SuiteCase big = add_case_with_json(suite, "Add-14/float32/big-json");
  std::ofstream(big.dir / "case.json", std::ios::trunc) << std::string(2 << 20, ' ');
  // An input file over --max-tensor-bytes (and its 1 MiB of slack).
  const SuiteCase huge = add_case_with_json(suite, "Add-14/float32/huge-input");
  {
    Tensor t(DType::kFloat, {600, 600});  // 1.44 MB
    write_tensor_file(huge.dir / "test_data_set_0/input_0.pb", t, "A");
  }
  set_max_tensor_bytes(1000);
  const auto report = run_suite(load_suite(suite), reference_options(root / "report"));
  set_max_tensor_bytes(0);
  const auto v = journal_verdicts(root / "report");
  CHECK(v.at("Add-14/float32/fine") == "pass");
  CHECK_THAT(verdict_message(report, "Add-14/float32/link-out"), Catch::StartsWith("bad-case") && Catch::Contains("outside its case folder"));
  CHECK_THAT(verdict_message(report, "Add-14/float32/fifo-input"), Catch::StartsWith("bad-case") && Catch::Contains("not a regular file"));
  CHECK_THAT(verdict_message(report, "Add-14_float32_zero-json"), Catch::StartsWith("bad-case") && Catch::Contains("outside its case folder"));
  CHECK_THAT(verdict_message(report, "Add-14_float32_big-json"), Catch::StartsWith("bad-case") && Catch::Contains("over the limit"));
  CHECK_THAT(verdict_message(report, "Add-14/float32/huge-input"), Catch::StartsWith("bad-case") && Catch::Contains("over the limit"));
  fs::remove_all(root);
}

TEST_CASE("case files: a FIFO case.json of an unselected case does not hang a --case run", "[case-files][defensive][cli]") {
  const fs::path root = temp_dir("fifo-json");
  const fs::path suite = root / "suite";
  add_case_with_json(suite, "Add-14/float32/selected");
  const SuiteCase other = add_case_with_json(suite, "Add-14/float32/other");
  fs::remove(other.dir / "case.json");
  REQUIRE(::mkfifo((other.dir / "case.json").c_str(), 0600) == 0);
  ChildProcess runner;
  runner.start({TOUCHSTONE_CLI, "run", "--suite", suite.string(), "--backend", "reference", "--case",
                "Add-14/float32/selected", "--report-dir", (root / "report").string(), "-q"});
  std::string line;
  while (runner.read_line(line, ChildProcess::Clock::now() + std::chrono::seconds(60)) == ChildProcess::ReadStatus::kLine) {
  }
  runner.stop(std::chrono::milliseconds(1000));
  CHECK(runner.exit_description() == "exit status 0");
  const auto v = journal_verdicts(root / "report");
  CHECK(v.size() == 1);
  CHECK(v.at("Add-14/float32/selected") == "pass");
  fs::remove_all(root);
}

TEST_CASE("case files: a repro folder carries the case's external data and gives the same verdict", "[case-files][repro]") {
  const fs::path root = temp_dir("repro-external");
  add_external_data_case(root / "suite", "external", 1.0f);
  RunOptions o = reference_options(root / "report");
  o.backend.name = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
  setenv("TOUCHSTONE_FAULTS", "external=wrong-value", 1);
  const auto first = run_suite(load_suite(root / "suite"), o);
  REQUIRE(first.cases.size() == 1);
  CHECK(first.cases[0].verdict == "fail");
  INFO(first.cases[0].reproduce);
  const fs::path repro = repro_dir(root / "report", "external");
  CHECK(fs::is_regular_file(repro / "data.bin"));
  o.report_dir = root / "again";
  const auto again = run_suite(load_suite(repro), o);  // the folder run as its README's command runs it
  unsetenv("TOUCHSTONE_FAULTS");
  REQUIRE(again.cases.size() == 1);
  CHECK(again.cases[0].verdict == "fail");
  CHECK(again.cases[0].message == first.cases[0].message);
  fs::remove_all(root);
}

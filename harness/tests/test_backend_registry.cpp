// The backends known by name and their options (harness/backends/registry.h).
#include <catch2/catch.hpp>

#include "harness/backend.h"
#include "harness/backends/registry.h"
#include "harness/runner.h"
#include "harness/tests/fixture.h"
#include "reference/error.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::reports::Report;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("backend options: NAME=VALUE words, checked against the backend's options", "[backends]") {
  CHECK(parse_backend_options({"graph_optimization=all", "threads=2"}) ==
        std::map<std::string, std::string>{{"graph_optimization", "all"}, {"threads", "2"}});
  CHECK(error_of([] { parse_backend_options({"graph_optimization"}); }).find("NAME=VALUE") != std::string::npos);
  CHECK(error_of([] { parse_backend_options({"=all"}); }).find("NAME=VALUE") != std::string::npos);
  CHECK(error_of([] { parse_backend_options({"a=1", "a=2"}); }).find("twice") != std::string::npos);

  CHECK(backend_option_env("onnxruntime", {{"graph_optimization", "all"}, {"threads", "0"}}) ==
        std::map<std::string, std::string>{{"TOUCHSTONE_ORT_OPT_LEVEL", "all"}, {"TOUCHSTONE_ORT_THREADS", "0"}});
  CHECK(backend_option_env("onnxruntime-web", {{"graph_optimization", "basic"}}) ==
        std::map<std::string, std::string>{{"TOUCHSTONE_ORT_OPT_LEVEL", "basic"}});
  CHECK(backend_option_env("onnxjs", {{"backend", "wasm"}}) ==
        std::map<std::string, std::string>{{"TOUCHSTONE_ONNXJS_BACKEND", "wasm"}});
  CHECK(backend_option_env("reference", {}).empty());

  const auto bad_value = error_of([] { backend_option_env("onnxruntime", {{"graph_optimization", "max"}}); });
  CHECK(bad_value.find("disabled, basic, extended, layout, all") != std::string::npos);
  CHECK(error_of([] { backend_option_env("onnxruntime", {{"threads", "-1"}}); }).find("non-negative integer") !=
        std::string::npos);
  CHECK(error_of([] { backend_option_env("onnxruntime-web", {{"threads", "2"}}); }).find("its options: graph_optimization") !=
        std::string::npos);
  CHECK(error_of([] { backend_option_env("reference", {{"x", "1"}}); }).find("takes no options") != std::string::npos);
  CHECK(error_of([] { backend_option_env("command:/bin/true", {{"x", "1"}}); }).find("takes no options") !=
        std::string::npos);
}

TEST_CASE("known backends: every node adapter exists in the checkout; unknown names list them", "[backends]") {
  for (const auto& b : known_backends()) {
    if (b.adapter.empty()) {
      if (!b.plugin.empty()) CHECK(backend_status(b, "/nonexistent", "/nonexistent").why.find("not built") != std::string::npos);
      continue;
    }
    INFO(b.name);
    CHECK(std::filesystem::exists(std::filesystem::path(TOUCHSTONE_SOURCE_DIR) / b.adapter));
    CHECK_FALSE(b.package.empty());
    const auto missing = backend_status(b, "/nonexistent", "/nonexistent");
    CHECK_FALSE(missing.installed);
    CHECK(missing.why.find("not found") != std::string::npos);
  }
  BackendSpec spec;
  spec.name = "onnxruntime-gpu";
  const auto message = error_of([&] { make_backend(spec); });
  CHECK(message.find("onnxruntime-web") != std::string::npos);
  CHECK(message.find("onnxjs") != std::string::npos);
}

TEST_CASE("the OpenCV plugin: a crash inside it costs one case", "[backends][opencv]") {
  if (std::string(TOUCHSTONE_OPENCV_PLUGIN).empty()) {
    WARN("OpenCV DNN is not installed (apt-get install libopencv-dnn-dev): skipped");
    return;
  }
  const auto root = touchstone::testing::temp_dir("opencv");
  Suite suite;
  suite.root = root / "suite";
  using touchstone::testing::add_binary_case;
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/a", "Add", 14));
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/plugin-abort", "Add", 14, 1234567.0f));
  suite.cases.push_back(add_binary_case(suite.root, "Sub-14/float32/a", "Sub", 14));
  suite.cases.push_back(add_binary_case(suite.root, "Mul-14/float32/a", "Mul", 14));
  setenv("TOUCHSTONE_OPENCV_FAULT", "abort", 1);
  RunOptions o;
  o.backend.name = "opencv";
  o.backend.plugin_worker = TOUCHSTONE_PLUGIN_WORKER;
  o.report_dir = root / "report";
  o.timeout_s = 20;
  const auto report = run_suite(suite, o);
  unsetenv("TOUCHSTONE_OPENCV_FAULT");
  CHECK(report.run.backend_name == "opencv-dnn");
  const auto v = touchstone::testing::journal_verdicts(o.report_dir);  // report.json counts plain passes
  CHECK(v.at("Add-14/float32/plugin-abort") == "crash");
  CHECK(v.at("Add-14/float32/a") == "pass");  // the worker is restarted after the crash
  CHECK(v.at("Sub-14/float32/a") == "pass");
  CHECK(v.at("Mul-14/float32/a") == "pass");
  std::filesystem::remove_all(root);
}

// touchstone-fault-backend: a process adapter for fault-injection tests. It answers with
// the reference's outputs, except for cases whose id contains a pattern listed in
// TOUCHSTONE_FAULTS ("pattern=mode;pattern=mode", first match wins), where it:
//   crash        abort()s                 hang      sleeps forever
//   exit         exits 0 without answering half      writes half a response line, _exit(3)
//   badjson      answers a line of garbage wrong-id  answers with another id
//   wrong-shape  adds a dimension          wrong-dtype  answers float64
//   wrong-value  adds 1 to element 0       garbage   writes garbage bytes as the output file
//   flood        writes 1 MB to stderr, then answers correctly
//   slow         waits 150 ms, then answers correctly
//   unsupported / rejected / error       answers that status
//   accept       answers ok with no outputs, without looking at the model (runs an invalid one)
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <unistd.h>

#include "harness/oracle.h"
#include "reference/tensor_proto.h"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace touchstone;

std::string fault_for(const std::string& id) {
  const char* env = std::getenv("TOUCHSTONE_FAULTS");
  if (!env) return "";
  std::string spec = env;
  size_t start = 0;
  while (start < spec.size()) {
    size_t end = spec.find(';', start);
    if (end == std::string::npos) end = spec.size();
    const std::string rule = spec.substr(start, end - start);
    const auto eq = rule.rfind('=');
    if (eq != std::string::npos && id.find(rule.substr(0, eq)) != std::string::npos) return rule.substr(eq + 1);
    start = end + 1;
  }
  return "";
}

void say(const json& j) { std::cout << j.dump() << std::endl; }

Tensor widened(const Tensor& t) {
  Tensor out(DType::kDouble, t.shape());
  auto d = out.data<double>();
  for (int64_t i = 0; i < t.size(); ++i) d[i] = i;
  return out;
}

void handle(const json& request) {
  const std::string id = request.value("id", "");
  const std::string fault = fault_for(id);
  const auto answer = [&](const char* status, const std::string& message) {
    say({{"id", id}, {"status", status}, {"message", message}});
  };
  if (fault == "crash") std::abort();
  if (fault == "hang") for (;;) pause();
  if (fault == "exit") std::exit(0);
  if (fault == "half") {
    std::cout << R"({"id":")" << id << R"(","status":"o)" << std::flush;
    _exit(3);
  }
  if (fault == "badjson") return void(std::cout << "Segmentation fault? no: \x01\x02 garbage" << std::endl);
  if (fault == "wrong-id") return say({{"id", id + "-other"}, {"status", "ok"}, {"outputs", json::array()}});
  if (fault == "unsupported" || fault == "rejected" || fault == "error") return answer(fault.c_str(), "injected " + fault);
  if (fault == "accept") return say({{"id", id}, {"status", "ok"}, {"outputs", json::array()}});
  if (fault == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(150));
  if (fault == "flood") std::cerr << std::string(1 << 20, 'x') << std::endl;

  harness::CaseFiles files;
  files.model = request.value("model", "");
  for (const auto& p : request["inputs"]) files.inputs.push_back(p.get<std::string>());
  RunResult result;
  try {
    result = harness::run_reference(files);
  } catch (const Error& e) {
    return answer(e.kind() == ErrorKind::kInvalidModel ? "rejected"
                  : e.kind() == ErrorKind::kNotImplemented ? "unsupported" : "error",
                  e.what());
  }
  const fs::path dir = request.value("output_dir", "");
  fs::create_directories(dir);
  json outputs = json::array();
  for (size_t i = 0; i < result.outputs.size(); ++i) {
    Tensor t = result.outputs[i];
    if (i == 0 && fault == "wrong-shape") {
      Shape s = t.shape();
      s.insert(s.begin(), 1);
      Tensor reshaped(t.dtype(), s);
      if (t.dtype() != DType::kString) std::copy(t.bytes().begin(), t.bytes().end(), reshaped.mutable_bytes().begin());
      t = reshaped;
    }
    if (i == 0 && fault == "wrong-dtype") t = widened(t);
    if (i == 0 && fault == "wrong-value" && t.size() > 0 && !t.bytes().empty()) t.mutable_bytes()[0] ^= 0x5a;
    const fs::path p = dir / ("output_" + std::to_string(i) + ".pb");
    if (i == 0 && fault == "garbage") {
      std::ofstream(p, std::ios::binary) << "\xff\xff\xff\xff garbage, not a TensorProto \x00\x01";
    } else {
      write_tensor_file(p, t, "out" + std::to_string(i));
    }
    outputs.push_back(p.string());
  }
  say({{"id", id}, {"status", "ok"}, {"outputs", outputs}});
}

}  // namespace

int main() {
  say({{"hello", "touchstone-backend"}, {"protocol", 1}, {"backend", "fault"}, {"version", "1"}, {"runtime", "test"}});
  for (std::string line; std::getline(std::cin, line);) {
    json request = json::parse(line, nullptr, false);
    if (request.is_discarded() || !request.is_object()) {
      say({{"id", nullptr}, {"status", "error"}, {"message", "bad request: not JSON"}});
      continue;
    }
    if (request.value("shutdown", false)) break;
    handle(request);
  }
  return 0;
}

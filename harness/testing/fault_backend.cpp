// touchstone-fault-backend: a process adapter for fault-injection tests. It answers with
// the reference's outputs, except for cases whose id contains a pattern listed in
// TOUCHSTONE_FAULTS ("pattern=mode;pattern=mode", first match wins), where it:
//   crash        abort()s                 hang      sleeps forever
//   exit         exits 0 without answering half      writes half a response line, _exit(3)
//   badjson      answers a line of garbage wrong-id  answers with another id
//   wrong-shape  adds a dimension          wrong-dtype  answers float64
//   wrong-value  adds 1 to element 0       garbage   writes garbage bytes as the output file (also for a model it cannot run)
//   flood        writes 1 MB to stderr, then answers correctly
//   slow         waits 150 ms, then answers correctly
//   unsupported / rejected / error       answers that status
//   accept       answers ok with no outputs, without looking at the model (runs an invalid one)
// Hostile modes (issue 16: a backend must not be able to make a run lie):
//   cheat-path   answers ok naming the suite's stored outputs (<model dir>/test_data_set_0/output_N.pb)
//   cheat-copy   copies those stored outputs into output_dir and answers ok with them
//   elsewhere    writes its outputs to a folder of its own choosing and names those
//   longline     answers with a 2 MB line
//   grandchild   starts `sleep 300` in its process group (pid appended to TOUCHSTONE_FAULT_PIDS), then answers
//   ansi         writes a coloured error on stderr, then aborts
//   noisy        writes "noise from <id>" on stderr, then answers correctly
// Planted node fault (issue 30, op_perturb.cpp): perturb-<Op> scales the first output of
//   every main-graph <Op> node by 1 + 2^-8 (perturb-Sigmoid)
// Map modes (issue 29, ai.onnx.ml's ZipMap, CastMap, DictVectorizer): map-honest answers a
//   map or seq(map) output as the reference gives it (other modes answer tensors only);
//   map-drop-key leaves out the last key of the first map; map-nudge-value moves the first
//   map's first value one ulp up (both judged failed: keys are compared exactly)
// Order modes (issue 12: judged on what the spec fixes):
//   reverse-last reverses every output along its last axis (TopK's values and indices together)
//   tie-swap     within each run of equal values along the last axis of output 0, reverses
//                the matching elements of output 1 (TopK: the same values, ties broken the
//                other way)
// Summation modes (issue 13, sum_modes.cpp): the float output of ReduceSum, MatMul, Gemm
//   and Einsum summed sum-pairwise / sum-reversed / sum-blocked in float32 (honest),
//   sum-in-type in the data's own type (float16 in float16: within the worst case, a
//   suspicious accumulator), sum-drop without its largest term (wrong)
// Pooling modes (issue 26, pool_modes.cpp): MaxPool, AveragePool and LpPool answered by the
//   reference with one window rule broken: pool-same-swapped (the odd SAME pad on the other
//   side), pool-no-count-pad (count_include_pad ignored), pool-keep-dropped (ceil_mode keeps
//   the window that would start in the right padding)
// Resampling mode (issue 27, resample_modes.cpp): resize-pytorch-for-half (Resize with
//   pytorch_half_pixel where half_pixel is asked: wrong only on an axis resized to one element)
// LayerNormalization modes (issue 26, norm_modes.cpp): the function body with stage one in
//   float32 (ln-stash-float, honest for stash_type 1) or float16 (ln-stash-half, too little)
// Dropout modes (issue 26, dropout_modes.cpp): Dropout in training mode answered with other
//   draws: dropout-redrawn (honest), dropout-keep-all (nothing dropped), dropout-unscaled,
//   dropout-mask-flipped, dropout-ratio-ignored (ratio read as 0.5)
// Random modes (issue 29, random_modes.cpp): the random ops run with another seed, honestly
//   (random-redrawn) or ignoring high, scale, mean, Bernoulli's p or Multinomial's logits
// Attention modes (issue 27, attention_modes.cpp): Y computed in float32 (attention-float,
//   honest) or with the softmax in float16 (attention-half-softmax, too little when
//   softmax_precision asks for float)
// Recurrent modes (issue 28, recurrent_modes.cpp): RNN/GRU/LSTM answered by the reference with
//   sequence_lens dropped (recurrent-ignore-sequence-lens) or GRU's linear_before_reset read
//   the other way round (gru-reset-swapped)
// DFT modes (issue 28, signal_modes.cpp): DFT by a radix-2 FFT or the direct sum in float32
//   (fft-float, honest) or with the twiddles' sign flipped (fft-twiddle-sign)
// Quantization modes (issue 27, quant_modes.cpp): QuantizeLinear with its ties x / y_scale =
//   k + 1/2 rounded half away from zero (quant-round-away); QLinearMatMul/QLinearConv
//   requantized in float32 (qlinear-float32, honest) or with exact ties rounded half away
//   from zero (qlinear-round-away)
// String mode (issue 29, string_modes.cpp): StringSplit with its empty substrings dropped
//   (split-drop-empty), as a backend grouping adjacent delimiters would
// Tree mode (issue 29, tree_modes.cpp): the tree ensembles with BRANCH_LEQ evaluated as '<'
//   (tree-branch-lt)
// Image modes (issue 29, image_modes.cpp): ImageDecoder's gray by PIL's fixed-point luma
//   (image-pil-luma, honest) or BGR answered in RGB order (image-bgr-as-rgb)
// With TOUCHSTONE_FAULT_SPY=<file>, every request appends to <file> one line: the model's
// folder, then every name found in it (recursively).
// With TOUCHSTONE_FAULT_PIPELINING=1 the hello says "pipelining": true (requests read line
// by line, so the runner may send one ahead); with TOUCHSTONE_FAULT_AHEAD_LOG=<file> every
// answer appends "<id> 1" to <file> when the next request was already waiting, else "<id> 0".
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <iostream>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>

#include "harness/oracle.h"
#include "harness/testing/norm_modes.h"
#include "harness/testing/attention_modes.h"
#include "harness/testing/signal_modes.h"
#include "harness/testing/dropout_modes.h"
#include "harness/testing/random_modes.h"
#include "harness/testing/pool_modes.h"
#include "harness/testing/quant_modes.h"
#include "harness/testing/recurrent_modes.h"
#include "harness/testing/string_modes.h"
#include "harness/testing/tree_modes.h"
#include "harness/testing/image_modes.h"
#include "harness/testing/op_perturb.h"
#include "harness/testing/resample_modes.h"
#include "harness/testing/sum_modes.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

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

// stdin read with read(2) into a buffer of our own, so that request_waiting() sees what
// was read ahead as well as what is in the pipe.
std::string stdin_buffer;

bool read_request(std::string& line) {
  for (;;) {
    if (const auto nl = stdin_buffer.find('\n'); nl != std::string::npos) {
      line = stdin_buffer.substr(0, nl);
      stdin_buffer.erase(0, nl + 1);
      return true;
    }
    char chunk[1 << 16];
    const ssize_t n = ::read(0, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      line = std::exchange(stdin_buffer, "");
      return !line.empty();
    }
    stdin_buffer.append(chunk, static_cast<size_t>(n));
  }
}

// Whether another request line is already waiting on stdin (read ahead or in the pipe).
bool request_waiting() {
  if (stdin_buffer.find('\n') != std::string::npos) return true;
  pollfd in{0, POLLIN, 0};
  return poll(&in, 1, 0) == 1 && (in.revents & POLLIN);
}

void say(const json& j) {
  if (const char* log = std::getenv("TOUCHSTONE_FAULT_AHEAD_LOG"); log && j.contains("status"))
    std::ofstream(log, std::ios::app) << j.value("id", "") << " " << (request_waiting() ? 1 : 0) << "\n";
  std::cout << j.dump() << std::endl;
}

// Reverses `t` along its last axis, element by element (any fixed-size type).
Tensor reversed_last(const Tensor& t) {
  if (t.rank() == 0 || t.dtype() == DType::kString) return t;
  Tensor out = t;
  const auto in = t.bytes();
  auto bytes = out.mutable_bytes();
  const size_t w = dtype_size(t.dtype()), n = static_cast<size_t>(t.shape().back());
  for (size_t row = 0; n > 0 && row < static_cast<size_t>(t.size()) / n; ++row)
    for (size_t j = 0; j < n; ++j)
      std::copy_n(in.begin() + static_cast<std::ptrdiff_t>((row * n + j) * w), w,
                  bytes.begin() + static_cast<std::ptrdiff_t>((row * n + n - 1 - j) * w));
  return out;
}

// Reverses the elements of `indices` over each run of bit-equal neighbours in `values`
// along the last axis (both of one shape).
Tensor ties_swapped(const Tensor& values, const Tensor& indices) {
  if (values.rank() == 0 || values.shape() != indices.shape() || values.dtype() == DType::kString) return indices;
  Tensor out = indices;
  const auto v = values.bytes();
  auto idx = out.mutable_bytes();
  const size_t vw = dtype_size(values.dtype()), iw = dtype_size(indices.dtype());
  const size_t n = static_cast<size_t>(values.shape().back());
  const auto same = [&](size_t a, size_t b) { return std::equal(v.begin() + a * vw, v.begin() + (a + 1) * vw, v.begin() + b * vw); };
  for (size_t row = 0; n > 0 && row < static_cast<size_t>(values.size()) / n; ++row)
    for (size_t j = 0; j < n;) {
      size_t end = j + 1;
      while (end < n && same(row * n + j, row * n + end)) ++end;
      for (size_t a = j, b = end - 1; a < b; ++a, --b)
        std::swap_ranges(idx.begin() + (row * n + a) * iw, idx.begin() + (row * n + a + 1) * iw, idx.begin() + (row * n + b) * iw);
      j = end;
    }
  return out;
}

Tensor widened(const Tensor& t) {
  Tensor out(DType::kDouble, t.shape());
  auto d = out.data<double>();
  for (int64_t i = 0; i < t.size(); ++i) d[i] = i;
  return out;
}

// A map with its last key left out, or its first value one ulp up (float values).
Value map_faulted(const Value& m, bool drop) {
  std::vector<std::pair<MapKey, Value>> entries;
  for (size_t i = 0; i < m.map_keys().size(); ++i) entries.emplace_back(m.map_keys()[i], m.map_values()[i]);
  if (drop && !entries.empty()) entries.pop_back();
  if (!drop && !entries.empty() && entries[0].second.tensor().dtype() == DType::kFloat) {
    Tensor t = entries[0].second.tensor();
    t.data<float>()[0] = std::nextafter(t.data<float>()[0], std::numeric_limits<float>::infinity());
    entries[0].second = Value(std::move(t));
  }
  return Value::map(m.type().dtype, *m.type().element, std::move(entries));
}

// The map modes: every output written as its value type, the first map faulted.
void answer_maps(const std::string& fault, Values outputs, const fs::path& dir, const std::string& id) {
  fs::create_directories(dir);
  json files = json::array();
  for (size_t i = 0; i < outputs.size(); ++i) {
    Value v = outputs[i];
    if (i == 0 && fault != "map-honest") {
      const bool drop = fault == "map-drop-key";
      if (v.is_map()) v = map_faulted(v, drop);
      if (v.is_sequence() && v.type().element && v.type().element->kind == ValueType::kMap) {
        auto maps = v.elements();
        if (!maps.empty()) maps[0] = map_faulted(maps[0], drop);
        v = Value::sequence_of(*v.type().element, std::move(maps));
      }
    }
    const fs::path p = dir / ("output_" + std::to_string(i) + ".pb");
    write_value_file(p, v, "out" + std::to_string(i));
    files.push_back(p.string());
  }
  say({{"id", id}, {"status", "ok"}, {"outputs", files}});
}

void handle(const json& request) {
  const std::string id = request.value("id", "");
  const std::string fault = fault_for(id);
  const auto answer = [&](const char* status, const std::string& message) {
    say({{"id", id}, {"status", status}, {"message", message}});
  };
  if (const char* spy = std::getenv("TOUCHSTONE_FAULT_SPY")) {
    const fs::path dir = fs::path(request.value("model", "")).parent_path();
    std::string line = dir.string() + ":";
    std::error_code ec;
    std::vector<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(dir, ec)) names.push_back(e.path().lexically_relative(dir).string());
    std::sort(names.begin(), names.end());
    for (const auto& n : names) line += " " + n;
    std::ofstream(spy, std::ios::app) << line << "\n";
  }
  if (fault == "crash") std::abort();
  if (fault == "ansi") {
    std::cerr << "\033[1;31mFATAL\033[0m: \033[33mkernel exploded\033[0m" << std::endl;
    std::abort();
  }
  if (fault == "noisy") std::cerr << "noise from " << id << std::endl;
  if (fault == "longline") return void(std::cout << R"({"id":")" << id << R"(","status":"ok","message":")" << std::string(2 << 20, 'x') << "\"}" << std::endl);
  if (fault == "grandchild") {
    const pid_t child = fork();
    if (child == 0) {
      execlp("sleep", "sleep", "300", static_cast<char*>(nullptr));
      _exit(127);
    }
    if (const char* pids = std::getenv("TOUCHSTONE_FAULT_PIDS")) std::ofstream(pids, std::ios::app) << child << "\n";
  }
  if (fault == "cheat-path" || fault == "cheat-copy") {
    const fs::path stored = fs::path(request.value("model", "")).parent_path() / "test_data_set_0";
    const fs::path dir = request.value("output_dir", "");
    fs::create_directories(dir);
    json outputs = json::array();
    for (int i = 0; fs::exists(stored / ("output_" + std::to_string(i) + ".pb")); ++i) {
      fs::path p = stored / ("output_" + std::to_string(i) + ".pb");
      if (fault == "cheat-copy") {
        fs::copy_file(p, dir / p.filename(), fs::copy_options::overwrite_existing);
        p = dir / p.filename();
      }
      outputs.push_back(p.string());
    }
    if (outputs.empty()) outputs.push_back((dir / "output_0.pb").string());  // nothing to steal: name the file anyway
    return say({{"id", id}, {"status", "ok"}, {"outputs", outputs}});
  }
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
    if (testing::is_perturb_mode(fault)) files = testing::perturbed_case(fault, files, request.value("output_dir", ""));
    ValueRunResult values = harness::run_reference(files);
    if (fault.rfind("map-", 0) == 0) return answer_maps(fault, values.outputs, request.value("output_dir", ""), id);
    result = {tensors_of(values.outputs, "the fault backend"), values.semantics};
  } catch (const Error& e) {
    if (fault == "garbage") {  // a model it cannot run (a negative case): garbage all the same, said ok
      const fs::path dir = request.value("output_dir", "");
      fs::create_directories(dir);
      std::ofstream(dir / "output_0.pb", std::ios::binary) << "\xff\xff\xff\xff garbage, not a TensorProto";
      return say({{"id", id}, {"status", "ok"}, {"outputs", json::array({(dir / "output_0.pb").string()})}});
    }
    return answer(e.kind() == ErrorKind::kInvalidModel ? "rejected"
                  : e.kind() == ErrorKind::kNotImplemented ? "unsupported" : "error",
                  e.what());
  }
  fs::path dir = request.value("output_dir", "");
  if (fault == "elsewhere") dir = fs::temp_directory_path() / ("touchstone-fault-elsewhere-" + std::to_string(getpid()));
  fs::create_directories(dir);
  json outputs = json::array();
  if (fault == "reverse-last")
    for (auto& t : result.outputs) t = reversed_last(t);
  if (testing::is_sum_mode(fault)) testing::resum(fault, files, result.outputs);
  if (testing::is_pool_mode(fault)) testing::repool(fault, files, result.outputs);
  if (testing::is_quant_mode(fault)) testing::requantize(fault, files, result.outputs);
  if (testing::is_resample_mode(fault)) testing::reresample(fault, files, result.outputs);
  if (testing::is_norm_mode(fault)) testing::renormalize(fault, files, result.outputs);
  if (testing::is_dropout_mode(fault)) testing::redrop(fault, files, result.outputs);
  if (testing::is_random_mode(fault)) testing::redraw(fault, files, result.outputs);
  if (testing::is_attention_mode(fault)) testing::reattend(fault, files, result.outputs);
  if (testing::is_recurrent_mode(fault)) testing::rerecur(fault, files, result.outputs);
  if (testing::is_signal_mode(fault)) testing::retransform(fault, files, result.outputs);
  if (testing::is_string_mode(fault)) testing::restring(fault, files, result.outputs);
  if (testing::is_tree_mode(fault)) testing::retree(fault, files, result.outputs);
  if (testing::is_image_mode(fault)) testing::redecode(fault, files, result.outputs);
  if (fault == "tie-swap" && result.outputs.size() >= 2) result.outputs[1] = ties_swapped(result.outputs[0], result.outputs[1]);
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
  json hello = {{"hello", "touchstone-backend"}, {"protocol", 1}, {"backend", "fault"}, {"version", "1"}, {"runtime", "test"}};
  if (const char* p = std::getenv("TOUCHSTONE_FAULT_PIPELINING"); p && std::string(p) == "1") hello["pipelining"] = true;
  say(hello);
  for (std::string line; read_request(line);) {
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

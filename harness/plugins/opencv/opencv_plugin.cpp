// touchstone plugin for OpenCV's DNN module (Debian libopencv-dnn-dev, OpenCV 4.6): the
// model goes to cv::dnn::readNetFromONNX, each input to Net::setInput, and the graph
// outputs come back from Net::forward, on OpenCV's own CPU backend.
//
// OpenCV's DNN computes in float32 and its Mat carries no int64 or bool: a graph whose
// inputs or outputs are not float32 is `unsupported`, decided from the model before
// OpenCV sees it. An op OpenCV has no layer for is `unsupported`; any other import
// failure is `rejected`, any failure after import `error`. A crash or hang inside OpenCV
// takes down only the plugin worker (one case).
//
// For tests: TOUCHSTONE_OPENCV_FAULT=abort makes the plugin abort inside run() when an
// input's first element is exactly 1234567 (the example plugin's convention), to show
// that a crash in this plugin costs one case.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/dnn.hpp>
#include <string>
#include <vector>

#include "harness/plugin/touchstone_plugin.h"
#include "onnx/onnx_pb.h"

namespace {

constexpr int32_t kFloat = 1;  // TensorProto.FLOAT

int say(char* message, size_t size, int outcome, const std::string& text) {
  std::snprintf(message, size, "%s", text.c_str());
  return outcome;
}

// "" when every graph input and output is a float32 tensor, else why not.
std::string float_only(const onnx::GraphProto& graph) {
  const auto check = [](const onnx::ValueInfoProto& v, const char* what) -> std::string {
    if (!v.type().has_tensor_type()) return std::string("graph ") + what + " '" + v.name() + "' is not a tensor";
    const int32_t t = v.type().tensor_type().elem_type();
    if (t != kFloat)
      return std::string("graph ") + what + " '" + v.name() + "' has element type " +
             onnx::TensorProto_DataType_Name(static_cast<onnx::TensorProto_DataType>(t)) +
             "; OpenCV DNN computes in float32 only";
    return "";
  };
  for (const auto& v : graph.output())
    if (auto why = check(v, "output"); !why.empty()) return why;
  for (const auto& v : graph.input()) {
    bool initializer = false;
    for (const auto& init : graph.initializer()) initializer |= init.name() == v.name();
    if (!initializer)
      if (auto why = check(v, "input"); !why.empty()) return why;
  }
  return "";
}

// OpenCV's words for "no such layer", for features it declines, and for an input it
// needs as a constant initializer (weights, Clip's bounds) that the case feeds.
bool says_unsupported(const std::string& what) {
  for (const char* pattern : {"Can't create layer", "Unsupported", "unsupported", "not supported", "Not implemented",
                              "not implemented", "not found in const blobs"})
    if (what.find(pattern) != std::string::npos) return true;
  return false;
}

int run(const TouchstoneModel* model, const TouchstoneTensor* inputs, size_t input_count, TouchstoneEmit emit,
        void* sink, char* message, size_t message_size) {
  onnx::ModelProto proto;
  if (!proto.ParseFromArray(model->bytes, static_cast<int>(model->byte_size)))
    return say(message, message_size, TOUCHSTONE_REJECTED, "opencv plugin: not a readable ModelProto");
  if (const std::string why = float_only(proto.graph()); !why.empty())
    return say(message, message_size, TOUCHSTONE_UNSUPPORTED, why);

  cv::dnn::Net net;
  try {
    net = cv::dnn::readNetFromONNX(static_cast<const char*>(model->bytes), model->byte_size);
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
  } catch (const cv::Exception& e) {
    return say(message, message_size, says_unsupported(e.what()) ? TOUCHSTONE_UNSUPPORTED : TOUCHSTONE_REJECTED,
               e.what());
  }

  const bool fault = std::getenv("TOUCHSTONE_OPENCV_FAULT") && std::strcmp(std::getenv("TOUCHSTONE_OPENCV_FAULT"), "abort") == 0;
  try {
    std::vector<cv::Mat> fed;  // OpenCV keeps references: the Mats outlive forward()
    for (size_t i = 0; i < input_count; ++i) {
      const TouchstoneTensor& t = inputs[i];
      if (t.data_type != kFloat)
        return say(message, message_size, TOUCHSTONE_UNSUPPORTED, "opencv plugin: only float32 inputs");
      if (fault && t.byte_size >= 4 && static_cast<const float*>(t.data)[0] == 1234567.0f) std::abort();
      std::vector<int> sizes(t.dims, t.dims + t.rank);
      if (sizes.empty()) sizes = {1};  // OpenCV has no rank-0 Mat
      fed.emplace_back(static_cast<int>(sizes.size()), sizes.data(), CV_32F, const_cast<void*>(t.data));
      net.setInput(fed.back(), t.name);
    }
    std::vector<std::string> names;
    for (const auto& v : proto.graph().output()) names.push_back(v.name());
    std::vector<cv::Mat> outs;
    net.forward(outs, names);
    if (outs.size() != names.size())
      return say(message, message_size, TOUCHSTONE_ERROR, "opencv plugin: forward() returned " +
                                                              std::to_string(outs.size()) + " outputs for " +
                                                              std::to_string(names.size()));
    for (size_t i = 0; i < outs.size(); ++i) {
      cv::Mat out = outs[i].isContinuous() ? outs[i] : outs[i].clone();
      if (out.depth() != CV_32F) out.convertTo(out, CV_32F);  // integer-valued float results come back as CV_32S
      std::vector<int64_t> dims;
      for (int d = 0; d < out.dims; ++d) dims.push_back(out.size[d]);
      const TouchstoneTensor result = {names[i].c_str(), kFloat, static_cast<int32_t>(dims.size()), dims.data(),
                                       out.data, out.total() * sizeof(float)};
      if (emit(sink, &result) != 0)
        return say(message, message_size, TOUCHSTONE_ERROR, "opencv plugin: the worker refused output " + names[i]);
    }
  } catch (const cv::Exception& e) {
    return say(message, message_size, says_unsupported(e.what()) ? TOUCHSTONE_UNSUPPORTED : TOUCHSTONE_ERROR,
               e.what());
  } catch (const std::exception& e) {
    return say(message, message_size, TOUCHSTONE_ERROR, e.what());
  }
  return TOUCHSTONE_OK;
}

std::string version_text() {
  // OpenCV's logging goes to stderr; keep it to errors.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR);
  return cv::getVersionString();
}

}  // namespace

extern "C" const TouchstonePlugin* touchstone_plugin_v1(void) {
  static const std::string version = version_text();
  static const TouchstonePlugin plugin = {TOUCHSTONE_PLUGIN_ABI, "opencv-dnn", version.c_str(), run};
  return &plugin;
}

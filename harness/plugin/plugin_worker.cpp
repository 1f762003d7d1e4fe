// touchstone-plugin-worker <library.so>: hosts a plugin (plugin/touchstone_plugin.h) and
// speaks the backend protocol (PROTOCOL.md) on stdin/stdout for it. The worker parses
// models and tensor files; the plugin sees plain C data. A plugin that crashes takes
// only this process down; the runner records `crash` and starts another worker.
#include <dlfcn.h>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/plugin/touchstone_plugin.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace touchstone;

struct Sink {
  std::vector<Tensor> outputs;
  std::vector<std::string> names;
  std::string error;
};

int emit(void* sink_ptr, const TouchstoneTensor* t) {
  auto* sink = static_cast<Sink*>(sink_ptr);
  const auto dtype = dtype_from_code(t->data_type);
  if (!dtype || *dtype == DType::kString) {
    sink->error = "plugin emitted element type " + std::to_string(t->data_type);
    return 1;
  }
  Shape shape(t->dims, t->dims + t->rank);
  try {
    Tensor out(*dtype, shape);
    if (out.bytes().size() != t->byte_size) {
      sink->error = "plugin emitted " + std::to_string(t->byte_size) + " bytes for " + shape_to_string(shape);
      return 1;
    }
    if (t->byte_size) std::memcpy(out.mutable_bytes().data(), t->data, t->byte_size);
    sink->outputs.push_back(std::move(out));
    sink->names.push_back(t->name ? t->name : "");
  } catch (const Error& e) {
    sink->error = e.what();
    return 1;
  }
  return 0;
}

json handle(const TouchstonePlugin& plugin, const json& request) {
  const json id = request.contains("id") && request["id"].is_string() ? request["id"] : json(nullptr);
  const auto answer = [&](const char* status, const std::string& message) {
    return json{{"id", id}, {"status", status}, {"message", message}};
  };
  if (!request.contains("model") || !request["model"].is_string() || !request.contains("output_dir") ||
      !request["output_dir"].is_string() || !request.contains("inputs") || !request["inputs"].is_array())
    return answer("error", "bad request: needs model, inputs and output_dir");
  onnx::ModelProto proto;
  std::string bytes;
  const std::string model_path = request["model"];
  try {
    proto = read_model_file(model_path);
    bytes = proto.SerializeAsString();
  } catch (const Error& e) {
    return answer("rejected", e.what());
  }
  int64_t opset = 0;
  for (const auto& o : proto.opset_import())
    if (o.domain().empty() || o.domain() == "ai.onnx") opset = o.version();
  // Views of the nodes; the strings live in `proto`.
  std::vector<std::vector<const char*>> node_inputs, node_outputs;
  std::vector<TouchstoneNode> nodes;
  for (const auto& n : proto.graph().node()) {
    node_inputs.emplace_back();
    node_outputs.emplace_back();
    for (const auto& v : n.input()) node_inputs.back().push_back(v.c_str());
    for (const auto& v : n.output()) node_outputs.back().push_back(v.c_str());
  }
  for (int i = 0; i < proto.graph().node_size(); ++i) {
    const auto& n = proto.graph().node(i);
    nodes.push_back({n.op_type().c_str(), n.domain().c_str(), n.input_size(), n.output_size(),
                     node_inputs[i].data(), node_outputs[i].data()});
  }
  std::vector<std::string> feedable;
  for (const auto& in : proto.graph().input()) {
    bool init = false;
    for (const auto& t : proto.graph().initializer()) init |= t.name() == in.name();
    if (!init) feedable.push_back(in.name());
  }
  // The plugin ABI carries tensors: a model with a sequence or optional input or output
  // is unsupported, decided from its declarations before any file is read.
  for (const auto* values : {&proto.graph().input(), &proto.graph().output()})
    for (const auto& v : *values)
      if (v.has_type() && !v.type().has_tensor_type())
        return answer("unsupported", "the plugin ABI carries tensors only; '" + v.name() + "' is " +
                                         type_proto_string(v.type()));
  std::vector<Tensor> tensors;
  try {
    for (const auto& p : request["inputs"]) tensors.push_back(read_tensor_file(p.get<std::string>()));
  } catch (const std::exception& e) {
    return answer("error", e.what());
  }
  if (tensors.size() > feedable.size()) return answer("error", "more input files than graph inputs");
  std::vector<TouchstoneTensor> inputs;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (t.dtype() == DType::kString) return answer("unsupported", "the plugin ABI carries no strings");
    inputs.push_back({feedable[i].c_str(), static_cast<int32_t>(t.dtype()), static_cast<int32_t>(t.rank()),
                      t.shape().data(), t.bytes().data(), t.bytes().size()});
  }
  const TouchstoneModel model{bytes.data(), bytes.size(), model_path.c_str(), opset,
                              static_cast<int32_t>(nodes.size()), nodes.data()};
  Sink sink;
  char message[2048] = "";
  const int rc = plugin.run(&model, inputs.data(), inputs.size(), emit, &sink, message, sizeof message);
  message[sizeof message - 1] = '\0';
  if (rc == TOUCHSTONE_UNSUPPORTED) return answer("unsupported", message);
  if (rc == TOUCHSTONE_REJECTED) return answer("rejected", message);
  if (rc != TOUCHSTONE_OK) return answer("error", message);
  if (!sink.error.empty()) return answer("error", sink.error);
  json outputs = json::array();
  try {
    const fs::path dir = request["output_dir"].get<std::string>();
    fs::create_directories(dir);
    for (size_t i = 0; i < sink.outputs.size(); ++i) {
      const fs::path p = dir / ("output_" + std::to_string(i) + ".pb");
      write_tensor_file(p, sink.outputs[i], sink.names[i]);
      outputs.push_back(p.string());
    }
  } catch (const std::exception& e) {
    return answer("error", std::string("writing outputs: ") + e.what());
  }
  return {{"id", id}, {"status", "ok"}, {"outputs", outputs}, {"output_names", sink.names}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: touchstone-plugin-worker <plugin.so>\n";
    return 2;
  }
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    std::cerr << "touchstone-plugin-worker: " << dlerror() << "\n";
    return 2;
  }
  auto entry = reinterpret_cast<TouchstonePluginEntry>(dlsym(lib, TOUCHSTONE_PLUGIN_ENTRY));
  const TouchstonePlugin* plugin = entry ? entry() : nullptr;
  if (!plugin || plugin->abi_version != TOUCHSTONE_PLUGIN_ABI) {
    std::cerr << "touchstone-plugin-worker: " << argv[1] << " has no " TOUCHSTONE_PLUGIN_ENTRY
              << " of ABI version " << TOUCHSTONE_PLUGIN_ABI << "\n";
    return 2;
  }
  std::cout << json{{"hello", "touchstone-backend"}, {"protocol", 1}, {"backend", plugin->name},
                    {"version", plugin->version}, {"runtime", std::string("touchstone-plugin-worker ") + argv[1]}}
                   .dump()
            << std::endl;
  for (std::string line; std::getline(std::cin, line);) {
    json request;
    try {
      request = json::parse(line);
    } catch (const json::exception&) {
      std::cout << json{{"id", nullptr}, {"status", "error"}, {"message", "bad request: not JSON"}}.dump() << std::endl;
      continue;
    }
    if (request.is_object() && request.value("shutdown", false)) break;
    std::cout << handle(*plugin, request).dump() << std::endl;
  }
  return 0;
}

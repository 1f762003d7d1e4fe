// reference_check MODEL INPUT_DIR OUTPUT_DIR: runs MODEL on touchstone's reference twice —
// through run() with TensorProtos read here, and through run_files() — writes run_files'
// outputs to OUTPUT_DIR, and exits 0 only when both agree bit for bit. Prints each output's
// name, shape and first values. The installed package's use, end to end.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <touchstone/touchstone_reference.h>

namespace {

onnx::TensorProto read_tensor(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  onnx::TensorProto t;
  if (!in.good() && !in.eof()) throw std::runtime_error(path + ": cannot be read");
  if (!t.ParseFromString(bytes)) throw std::runtime_error(path + ": not a TensorProto");
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: reference_check MODEL INPUT_DIR OUTPUT_DIR\n");
    return 2;
  }
  try {
    touchstone::api::Reference ref(argv[1]);
    std::vector<onnx::TensorProto> inputs;
    for (size_t i = 0; i < ref.input_names().size(); ++i)
      inputs.push_back(read_tensor(std::string(argv[2]) + "/input_" + std::to_string(i) + ".pb"));
    const auto outputs = ref.run(inputs);
    ref.run_files(argv[2], argv[3]);
    int differing = 0;
    for (size_t k = 0; k < outputs.size(); ++k) {
      const auto& t = outputs[k];
      std::printf("%s: shape [", t.name().c_str());
      for (int d = 0; d < t.dims_size(); ++d) std::printf("%s%lld", d ? "," : "", static_cast<long long>(t.dims(d)));
      std::printf("], type %d", t.data_type());
      if (t.data_type() == onnx::TensorProto::FLOAT && t.raw_data().size() >= 4) {
        float first = 0;
        std::memcpy(&first, t.raw_data().data(), 4);
        std::printf(", first %.9g", first);
      }
      const auto from_file = read_tensor(std::string(argv[3]) + "/output_" + std::to_string(k) + ".pb");
      const bool same = from_file.raw_data() == t.raw_data() && from_file.data_type() == t.data_type();
      std::printf("%s\n", same ? "" : "  (run and run_files differ)");
      differing += !same;
    }
    if (!ref.semantics().empty()) std::printf("open: %s\n", ref.semantics().c_str());
    return differing ? 1 : 0;
  } catch (const touchstone::api::Error& e) {
    std::fprintf(stderr, "reference_check: %s: %s\n", e.kind().c_str(), e.what());
    return 1;
  }
}

// The string fault mode (string_modes.h): the reference's StringSplit outputs with the empty
// substrings of each element removed; Y re-padded to the new largest count, Z recounted.
#include "harness/testing/string_modes.h"

#include <algorithm>

#include "harness/case_contents.h"

namespace touchstone::testing {

bool is_string_mode(const std::string& mode) { return mode == "split-drop-empty"; }

void restring(const std::string&, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || proto.graph().node(0).op_type() != "StringSplit" ||
      outputs.size() != 2)
    return;
  const Tensor& y = outputs[0];
  const Tensor& z = outputs[1];
  const auto ys = y.data<std::string>();
  const auto zs = z.data<int64_t>();
  const size_t width = y.shape().empty() ? 0 : static_cast<size_t>(y.shape().back());
  std::vector<std::vector<std::string>> kept(zs.size());
  size_t new_width = 0;
  for (size_t i = 0; i < zs.size(); ++i) {
    for (int64_t k = 0; k < zs[i]; ++k)
      if (!ys[i * width + static_cast<size_t>(k)].empty())
        kept[i].push_back(ys[i * width + static_cast<size_t>(k)]);
    new_width = std::max(new_width, kept[i].size());
  }
  Shape shape = y.shape();
  if (!shape.empty()) shape.back() = static_cast<int64_t>(new_width);
  Tensor new_y(DType::kString, shape), new_z(DType::kInt64, z.shape());
  auto out_y = new_y.data<std::string>();
  auto out_z = new_z.data<int64_t>();
  for (size_t i = 0; i < kept.size(); ++i) {
    for (size_t k = 0; k < kept[i].size(); ++k) out_y[i * new_width + k] = kept[i][k];
    out_z[i] = static_cast<int64_t>(kept[i].size());
  }
  outputs[0] = new_y;
  outputs[1] = new_z;
}

}  // namespace touchstone::testing

// Helpers and per-family lists of the hand-written probes (diff/hand_probes*.cpp).
// Each list holds the probes of one change: small inputs, chosen from the spec text of the
// version that made it (Changelog.md), with a label that says what the probe shows.
#pragma once
#include <string>
#include <vector>

#include "diff/probes.h"
#include "reference/model_builder.h"

namespace touchstone::hand {

inline Tensor f32(Shape shape, const std::vector<float>& v) {
  return Tensor::from_values<float>(std::move(shape), v);
}
inline Tensor i32(Shape shape, const std::vector<int32_t>& v) {
  return Tensor::from_values<int32_t>(std::move(shape), v);
}
inline Tensor i64(Shape shape, const std::vector<int64_t>& v) {
  return Tensor::from_values<int64_t>(std::move(shape), v);
}

// A probe both versions get as it is.
inline Probe probe(std::string label, std::vector<Tensor> inputs,
                   std::vector<onnx::AttributeProto> attributes = {}, std::vector<size_t> omitted = {},
                   size_t outputs = 0) {
  Probe p;
  p.name = std::move(label);
  p.inputs = std::move(inputs);
  p.attributes = std::move(attributes);
  p.omitted_inputs = std::move(omitted);
  p.outputs = outputs;
  p.hand_written = true;
  return p;
}

// A probe whose request the new version spells differently (attributes become inputs).
inline Probe two_forms(std::string label, ProbeCall old_call, ProbeCall new_call) {
  Probe p = probe(std::move(label), std::move(old_call.inputs), std::move(old_call.attributes),
                  std::move(old_call.omitted_inputs), old_call.outputs);
  p.new_call = std::move(new_call);
  return p;
}

// The probes of one change, by the version that made it.
std::vector<Probe> reshape_14();
std::vector<Probe> slice_10();
std::vector<Probe> split_18();
std::vector<Probe> pad_18();
std::vector<Probe> pad_19();
std::vector<Probe> tile_6();
std::vector<Probe> onehot_11();
std::vector<Probe> topk_11();
std::vector<Probe> scatter_nd_16();
std::vector<Probe> scatter_nd_18();
std::vector<Probe> group_normalization_21();
std::vector<Probe> max_pool_10();
std::vector<Probe> average_pool_11();
std::vector<Probe> average_pool_19();
std::vector<Probe> lp_pool_2();
std::vector<Probe> attention_24();
std::vector<Probe> attention_25();
std::vector<Probe> resize_11();
std::vector<Probe> resize_13();
std::vector<Probe> resize_18();
std::vector<Probe> resize_19();
std::vector<Probe> grid_sample_20();  // hand_probes_geometry.cpp
std::vector<Probe> roi_align_16();
std::vector<Probe> scan_9();  // hand_probes_control.cpp
std::vector<Probe> if_11();
std::vector<Probe> if_13();
std::vector<Probe> if_16();

}  // namespace touchstone::hand

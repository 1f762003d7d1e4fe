// Hand-written probes of the pooling ops' changes: MaxPool-10 (ceil_mode, dilations),
// AveragePool-11 (the auto_pad text with ceil_mode 0, strides' default), AveragePool-19
// (dilations), LpPool-2 (p a float -> an int). The case specs' probes show these too, on
// random data; these show them on rows small enough to check by hand.
#include "diff/hand_probes.h"

namespace touchstone::hand {

namespace {

onnx::AttributeProto ints(const char* name, std::vector<int64_t> v) { return make_attr(name, v); }
onnx::AttributeProto one(const char* name, int64_t v) { return make_attr(name, v); }
onnx::AttributeProto text(const char* name, const char* v) { return make_attr(name, std::string(v)); }

}  // namespace

// MaxPool-10: "ceil_mode: Whether to use ceil or floor (default) to compute the output
// shape"; "dilations: Dilation value along each spatial axis of filter". MaxPool-8 has neither.
std::vector<Probe> max_pool_10() {
  const Tensor row5 = f32({1, 1, 5}, {1, 2, 3, 4, 5}), mixed = f32({1, 1, 5}, {1, 5, 2, 4, 3});
  return {
      probe("ceil_mode=1, kernel 2, stride 2 over [1,2,3,4,5]: floor((5-2)/2)+1 = 2 windows [2,4] (8) vs "
            "ceil((5-2)/2)+1 = 3, the last over [5] alone: [2,4,5] (10)",
            {row5}, {ints("kernel_shape", {2}), ints("strides", {2}), one("ceil_mode", 1)}),
      probe("ceil_mode=0, kernel 2, stride 2 over [1,2,3,4,5]: [2,4] in both", {row5},
            {ints("kernel_shape", {2}), ints("strides", {2}), one("ceil_mode", 0)}),
      probe("dilations=2, kernel 2 over [1,5,2,4,3]: adjacent pairs [5,5,4,4] (8) vs pairs two apart "
            "max(1,2), max(5,4), max(2,3) = [2,5,3] (10)",
            {mixed}, {ints("kernel_shape", {2}), ints("dilations", {2})}),
  };
}

// AveragePool-11's text: "output_spatial_shape[i] = floor((input - kernel + 1) / strides)"
// for VALID and "floor(input / strides)" for SAME "when ceil_mode is disabled"; version 10's
// ceil. The reference keeps the ceil values (the attribute's own text and every later
// version) and marks these cases implementation-defined in 11, shapes too. 11 also states
// that strides default to 1.
std::vector<Probe> average_pool_11() {
  const Tensor row7 = f32({1, 1, 7}, {1, 2, 3, 4, 5, 6, 7}), row5 = f32({1, 1, 5}, {1, 2, 3, 4, 5});
  return {
      probe("VALID, kernel 3, stride 2 over [1..7]: 10's ceil((7-3+1)/2) = 3 windows [2,4,6]; 11's text says "
            "floor(5/2) = 2 (the reference gives [2,4,6], implementation-defined in 11)",
            {row7}, {ints("kernel_shape", {3}), ints("strides", {2}), text("auto_pad", "VALID")}),
      probe("SAME_UPPER, kernel 2, stride 2 over [1..5]: ceil(5/2) = 3, the odd pad at the end: [1.5,3.5,5]; "
            "11's text says floor(5/2) = 2 (the reference: 3, implementation-defined in 11)",
            {row5}, {ints("kernel_shape", {2}), ints("strides", {2}), text("auto_pad", "SAME_UPPER")}),
      probe("no strides, kernel 2 over [1,2,3]: stride 1 (stated from 11): [1.5,2.5] in both",
            {f32({1, 1, 3}, {1, 2, 3})}, {ints("kernel_shape", {2})}),
  };
}

// AveragePool-19: "dilations: Dilation value along each spatial axis of filter".
std::vector<Probe> average_pool_19() {
  return {
      probe("dilations=2, kernel 2 over [1,5,2,4,3]: adjacent pairs [3,3.5,3,3.5] (11) vs pairs two apart "
            "(1+2)/2, (5+4)/2, (2+3)/2 = [1.5,4.5,2.5] (19)",
            {f32({1, 1, 5}, {1, 5, 2, 4, 3})}, {ints("kernel_shape", {2}), ints("dilations", {2})}),
      probe("dilations=2, kernel 2, stride 2, ceil_mode over [1..6]: [1.5,3.5,5.5] (11) vs span 3, "
            "ceil((6-3)/2)+1 = 3 windows (1,3), (3,5), (5) = [2,4,5] (19)",
            {f32({1, 1, 6}, {1, 2, 3, 4, 5, 6})},
            {ints("kernel_shape", {2}), ints("dilations", {2}), ints("strides", {2}), one("ceil_mode", 1)}),
  };
}

// LpPool-2: "p: p value of the Lp norm used to pool over the input data" became an int
// (LpPool-1: a float, default 2.0).
std::vector<Probe> lp_pool_2() {
  const Tensor x = f32({1, 1, 3}, {3, -4, 5});
  const ProbeCall float_p{{x}, {ints("kernel_shape", {3}), make_attr("p", 3.0f)}};
  const ProbeCall int_p{{x}, {ints("kernel_shape", {3}), make_attr("p", int64_t{3})}};
  return {
      two_forms("p=3.0 (a float, 1) and p=3 (an int, 2) over [3,-4,5]: (27+64+125)^(1/3) = 6 in both", float_p, int_p),
      probe("p=3.0 as a float: 6 (1) vs refused (2: p is an int)", float_p.inputs, float_p.attributes),
      probe("p=3 as an int: refused (1: p is a float) vs 6 (2)", int_p.inputs, int_p.attributes),
      probe("p absent: 2 in both, kernel 2 over [3,4]: 5", {f32({1, 1, 2}, {3, 4})}, {ints("kernel_shape", {2})}),
  };
}

}  // namespace touchstone::hand

// Case specs of MaxPool, AveragePool, LpPool and their Global forms, every type each version
// allows: 1-D, 2-D and 3-D windows, strides, explicit pads, auto_pad VALID / SAME_UPPER /
// SAME_LOWER with an odd total pad (with stride and, where the version has them, dilation),
// ceil_mode (a last window past the input; one that would start in the right padding and is
// dropped), count_include_pad, dilations, MaxPool's Indices in both storage orders, LpPool's
// p (float in 1, int from 2), ties, an empty batch, special values; refusals named after the
// window rule broken (the schema-level ones are generated: cases/refusals.h).
#include <algorithm>
#include <string>

#include "cases/specs/core/binary.h"
#include "cases/specs/pool/pool_cases.h"
#include "reference/model_builder.h"

namespace touchstone::cases {

namespace {

using binary::add;
using Attrs = std::vector<onnx::AttributeProto>;
using Ints = std::vector<int64_t>;

// What one op-version has (its attributes by version).
struct PoolVersion {
  bool max = false, lp = false;
  bool indices = false, count_pad = false, ceil = false, dilations = false;
  bool floor_text = false;  // AveragePool-11's text: VALID/SAME sizes by floor when ceil_mode is 0
  explicit PoolVersion(const CatalogRow& row) {
    const int v = row.since_version;
    max = row.op == "MaxPool";
    lp = row.op == "LpPool";
    indices = max && v >= 8;
    count_pad = row.op == "AveragePool" && v >= 7;
    ceil = (!lp && v >= 10) || (lp && v >= 18);
    floor_text = row.op == "AveragePool" && v == 11;
    dilations = (max && v >= 10) || (lp && v >= 18) || (row.op == "AveragePool" && v >= 19);
  }
};

struct Drafter {
  const CatalogRow& row;
  DType t;
  std::vector<CaseDraft>& out;
  bool smoke = true;

  void one(const std::string& name, const Shape& shape, Attrs attrs, const char* tag = "random", size_t outputs = 1) {
    Domain d;
    if (t == DType::kInt8 || t == DType::kUInt8) d.int_lo = t == DType::kUInt8 ? 0 : -128, d.int_hi = 127;
    add(out, name, {random_of(case_id(row, {t}, name), t, shape, d)}, std::move(attrs), {tag}, "", smoke);
    out.back().outputs = outputs;
    smoke = false;
  }
  void values(const std::string& name, const Shape& shape, const std::vector<double>& v, Attrs attrs, const char* tag,
              size_t outputs = 1) {
    add(out, name, {tensor_of(t, shape, v)}, std::move(attrs), {tag}, "", false);
    out.back().outputs = outputs;
  }
  void refuse(const std::string& name, const Shape& shape, Attrs attrs, const std::string& rule) {
    add(out, name, {random_of(case_id(row, {t}, name), t, shape)}, std::move(attrs), {"attribute"},
        row.label() + ": " + rule, false);
  }
};

onnx::AttributeProto ints(const char* name, Ints v) { return make_attr(name, v); }
onnx::AttributeProto one_int(const char* name, int64_t v) { return make_attr(name, v); }
onnx::AttributeProto text(const char* name, const char* v) { return make_attr(name, std::string(v)); }

// The windows every version has: shapes, strides, pads, auto_pad.
void geometry_cases(Drafter& d, const PoolVersion& v) {
  const size_t outs = v.indices ? 2 : 1;
  d.one("k2_1d", {1, 2, 7}, {ints("kernel_shape", {2})}, "random", outs);
  d.one("k3x3_2d", {2, 3, 6, 7}, {ints("kernel_shape", {3, 3})});
  d.one("k2x2_s2_2d", {1, 2, 6, 7}, {ints("kernel_shape", {2, 2}), ints("strides", {2, 2})});
  d.one("k2x2x2_3d", {1, 2, 4, 5, 6}, {ints("kernel_shape", {2, 2, 2})}, "random", outs);
  d.one("pads_1_0_2_1", {1, 2, 5, 6}, {ints("kernel_shape", {3, 3}), ints("pads", {1, 0, 2, 1})}, "random", outs);
  d.one("pads_s2_1_1_1_1", {1, 1, 7, 7},
        {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), ints("pads", {1, 1, 1, 1})});
  // Odd total pads: kernel 2 and 4 along the axes at stride 1 (1 and 3), and 3x3 at stride 2
  // over 7x8 (2 and 1): the extra pad at the end (UPPER) or the beginning (LOWER).
  for (const char* mode : {"SAME_UPPER", "SAME_LOWER"}) {
    const std::string m = mode == std::string("SAME_UPPER") ? "same_upper" : "same_lower";
    d.one(m + "_k2x4", {1, 2, 5, 6}, {ints("kernel_shape", {2, 4}), text("auto_pad", mode)}, "random", outs);
    // 7 rows at stride 2: AveragePool-11's text says floor(7/2) = 3 rows, the others 4.
    d.one(m + "_k3_s2", {1, 1, 7, 8}, {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), text("auto_pad", mode)},
          v.floor_text ? "auto-pad-text" : "random");
  }
  // floor((7 - 3) / 2) + 1 = 3 rows; AveragePool-11's text: floor((7 - 3 + 1) / 2) = 2.
  d.one("valid_k3_s2", {1, 1, 7, 8}, {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), text("auto_pad", "VALID")},
        v.floor_text ? "auto-pad-text" : "random");
  d.one("empty_batch", {0, 2, 5, 5}, {ints("kernel_shape", {2, 2})}, "empty", outs);
  d.one("window_8x8", {1, 1, 8, 8}, {ints("kernel_shape", {8, 8})});
  // floor((3 - 4) / 1) + 1 = 0 rows: Y is empty (ONNX's shape inference gives the same).
  d.one("kernel_past_input_empty", {1, 1, 3, 5}, {ints("kernel_shape", {4, 2})}, "empty", outs);
  // A spatial dim of size 0 (no rule forbids it): floor((0 - 1) / 1) + 1 = 0 rows, Y (1, 2, 0, 4).
  d.one("zero_size_spatial", {1, 2, 0, 5}, {ints("kernel_shape", {1, 2})}, "empty", outs);
}

// ceil_mode, count_include_pad and dilations where the version has them.
void version_cases(Drafter& d, const PoolVersion& v) {
  const size_t outs = v.indices ? 2 : 1;
  if (v.ceil) {
    d.one("ceil_k3_s2", {1, 1, 6, 6}, {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), one_int("ceil_mode", 1)},
          "random", outs);
    d.one("floor_k3_s2", {1, 1, 6, 6}, {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), one_int("ceil_mode", 0)});
    // 5 + 1 + 1 - 2 = 5 over stride 2: ceil gives 4 windows, the last starting at 6 (padded
    // coordinates) = the first pad on the right: dropped, 3 remain (named by the text of 22).
    d.one("ceil_drops_window_in_pad", {1, 1, 5, 5},
          {ints("kernel_shape", {2, 2}), ints("strides", {2, 2}), ints("pads", {1, 1, 1, 1}), one_int("ceil_mode", 1)},
          "ceil-mode", outs);
    if (v.count_pad)
      d.one("ceil_count_include_pad", {1, 1, 6, 6},
            {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), ints("pads", {1, 1, 1, 1}),
             one_int("ceil_mode", 1), one_int("count_include_pad", 1)},
            "ceil-mode");
  }
  if (v.count_pad) {
    d.one("count_include_pad", {1, 2, 5, 6},
          {ints("kernel_shape", {3, 3}), ints("pads", {1, 0, 2, 1}), one_int("count_include_pad", 1)});
    d.one("count_include_pad_same_lower", {1, 1, 5, 6},
          {ints("kernel_shape", {2, 4}), text("auto_pad", "SAME_LOWER"), one_int("count_include_pad", 1)});
  }
  if (v.dilations) {
    d.one("dilations_2x3", {1, 2, 7, 8}, {ints("kernel_shape", {2, 2}), ints("dilations", {2, 3})}, "random", outs);
    d.one("dilations_same_upper_s2", {1, 1, 7, 8},
          {ints("kernel_shape", {3, 2}), ints("dilations", {2, 2}), ints("strides", {2, 1}), text("auto_pad", "SAME_UPPER")});
    d.one("dilations_same_lower_s2", {1, 1, 7, 8},
          {ints("kernel_shape", {3, 2}), ints("dilations", {2, 2}), ints("strides", {2, 1}), text("auto_pad", "SAME_LOWER")});
    d.one("dilations_pads_1d", {1, 2, 9}, {ints("kernel_shape", {3}), ints("dilations", {2}), ints("pads", {2, 1})});
    if (v.ceil)
      d.one("dilations_ceil", {1, 1, 8, 8},
            {ints("kernel_shape", {2, 2}), ints("dilations", {2, 2}), ints("strides", {2, 2}), one_int("ceil_mode", 1)});
  }
}

// MaxPool's Indices and ties; LpPool's p.
void op_cases(Drafter& d, const PoolVersion& v) {
  if (v.indices) {
    d.one("indices_s2_pads", {2, 2, 5, 5},
          {ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), ints("pads", {1, 1, 1, 1})}, "random", 2);
    d.one("indices_storage_order_1", {2, 2, 5, 6}, {ints("kernel_shape", {2, 2}), ints("strides", {2, 2}),
                                                    one_int("storage_order", 1)}, "storage-order", 2);
    // Every window of ones and twos ties: the first maximum in window order gives the index.
    d.values("indices_ties", {1, 1, 3, 4}, {1, 2, 2, 1, 2, 1, 1, 2, 2, 2, 1, 1}, {ints("kernel_shape", {2, 2})}, "ties", 2);
  }
  if (v.lp) {
    const bool real_p = d.row.since_version == 1;
    for (int64_t p : {1, 3, 4}) {
      Attrs a = {ints("kernel_shape", {2, 3})};
      a.push_back(real_p ? make_attr("p", static_cast<float>(p)) : make_attr("p", p));
      d.one("p" + std::to_string(p) + "_k2x3", {1, 2, 5, 6}, std::move(a));
    }
    if (real_p) d.one("p2.5_k2x3", {1, 2, 5, 6}, {ints("kernel_shape", {2, 3}), make_attr("p", 2.5f)});
    // 3^3 + 4^3 + 5^3 = 6^3: the exact cube root.
    Attrs exact = {ints("kernel_shape", {3})};
    exact.push_back(real_p ? make_attr("p", 3.0f) : make_attr("p", int64_t{3}));
    d.values("p3_exact_root", {1, 1, 3}, {3, -4, 5}, std::move(exact), "rounding");
  }
}

// The type's special values in one row, windows of two (`attrs`: the kernel, or none for a
// global pool).
void special_cases(Drafter& d, Attrs attrs, size_t outputs) {
  const Tensor s = special_values(d.t);
  Tensor row(d.t, {1, 1, s.size()});
  std::copy(s.bytes().begin(), s.bytes().end(), row.mutable_bytes().begin());
  add(d.out, "special_values", {row}, std::move(attrs), {"special-values"}, "", false);
  d.out.back().outputs = outputs;
}

void refusal_cases(Drafter& d, const PoolVersion& v) {
  d.refuse("refuse_rank_2", {3, 4}, {ints("kernel_shape", {2})}, "X is (N, C, D1, ..., Dn), rank 3 or more");
  d.refuse("refuse_kernel_length", {1, 1, 5, 5}, {ints("kernel_shape", {2})}, "kernel_shape has one value per spatial axis");
  d.refuse("refuse_kernel_zero", {1, 1, 5, 5}, {ints("kernel_shape", {0, 2})}, "kernel_shape values are at least 1");
  d.refuse("refuse_strides_zero", {1, 1, 5, 5}, {ints("kernel_shape", {2, 2}), ints("strides", {1, 0})},
           "strides are at least 1");
  d.refuse("refuse_pads_length", {1, 1, 5, 5}, {ints("kernel_shape", {2, 2}), ints("pads", {1, 1})},
           "pads has a begin and an end per spatial axis");
  d.refuse("refuse_pads_negative", {1, 1, 5, 5}, {ints("kernel_shape", {2, 2}), ints("pads", {0, -1, 0, 0})},
           "pads are at least 0");
  d.refuse("refuse_pads_with_auto_pad", {1, 1, 5, 5},
           {ints("kernel_shape", {2, 2}), ints("pads", {1, 1, 1, 1}), text("auto_pad", "SAME_UPPER")},
           "pads cannot be used together with auto_pad");
  d.refuse("refuse_auto_pad_unknown", {1, 1, 5, 5}, {ints("kernel_shape", {2, 2}), text("auto_pad", "SAME")},
           "auto_pad is NOTSET, SAME_UPPER, SAME_LOWER or VALID");
  d.refuse("refuse_kernel_past_input", {1, 1, 3, 5}, {ints("kernel_shape", {5, 2})},
           "the output size floor((in + pads - dilated kernel) / stride) + 1 is not negative");
  if (v.dilations)
    d.refuse("refuse_dilations_zero", {1, 1, 5, 5}, {ints("kernel_shape", {2, 2}), ints("dilations", {0, 1})},
             "dilations are at least 1");
  if (v.lp) {
    Attrs a = {ints("kernel_shape", {2, 2})};
    a.push_back(d.row.since_version == 1 ? make_attr("p", 0.0f) : make_attr("p", int64_t{0}));
    d.refuse("refuse_p_zero", {1, 1, 5, 5}, std::move(a), "p is a norm's order, above 0");
  }
  if (v.indices) {
    d.refuse("refuse_storage_order_2", {1, 1, 5, 5}, {ints("kernel_shape", {2, 2}), one_int("storage_order", 2)},
             "storage_order is 0 or 1");
    d.out.back().outputs = 2;
  }
}

}  // namespace

void pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const PoolVersion v(row);
  const auto allowed = input_type_params(row).front().allowed;
  for (DType t : allowed) {
    Drafter d{row, t, out};
    geometry_cases(d, v);
    version_cases(d, v);
    op_cases(d, v);
    special_cases(d, {ints("kernel_shape", {2})}, v.indices ? 2 : 1);
  }
  Drafter first{row, allowed.front(), out, false};
  refusal_cases(first, v);
}

void global_pool_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const bool lp = row.op == "GlobalLpPool";
  const auto allowed = input_type_params(row).front().allowed;  // a copy: the params are a temporary
  for (DType t : allowed) {
    Drafter d{row, t, out};
    d.one("n2_c3_1d", {2, 3, 7}, {});
    d.one("n2_c3_4x5", {2, 3, 4, 5}, {});
    d.one("n1_c2_3x4x5", {1, 2, 3, 4, 5}, {});
    d.one("empty_batch", {0, 3, 4, 5}, {}, "empty");
    d.one("window_64x64", {1, 1, 64, 64}, {});
    if (lp)
      for (int64_t p : {1, 3}) {
        const auto a = row.since_version == 1 ? make_attr("p", static_cast<float>(p)) : make_attr("p", p);
        d.one("p" + std::to_string(p) + "_4x5", {1, 2, 4, 5}, {a});
      }
    special_cases(d, {}, 1);
  }
  Drafter first{row, allowed.front(), out, false};
  first.refuse("refuse_rank_2", {3, 4}, {}, "X is (N, C, D1, ..., Dn), rank 3 or more");
  if (lp)
    first.refuse("refuse_p_zero", {1, 1, 5, 5},
                 {row.since_version == 1 ? make_attr("p", 0.0f) : make_attr("p", int64_t{0})},
                 "p is a norm's order, above 0");
}

}  // namespace touchstone::cases

// Case specs of BitCast-26.
//
// Every (input type, `to`) pair of equal bit width among the types the reference holds,
// tagged "output:<type>" so coverage counts the target: random bit images of shape (3,4)
// (NaN payloads, subnormals and every other pattern come with them), the input type's
// special values, and per input type a scalar, an empty and a rank-6 tensor. Targets of
// bool get bytes 0 and 1, and a case of their own with other bytes (undefined: true).
// Refusals: per input type a target of another bit width; for one type `to` = string,
// 0 and 99 (not element types), `to` missing, `to` as a float; string input.
#include "cases/specs/elementwise/elementwise_cases.h"
#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

using namespace exact;

// A tensor of `t` whose bytes are random; only 0 and 1 when `bool_bytes` (or t is bool).
Tensor random_image(Rng& rng, DType t, const Shape& shape, bool bool_bytes) {
  Tensor x(t, shape);
  for (auto& b : x.mutable_bytes())
    b = static_cast<unsigned char>((bool_bytes || t == DType::kBool) ? rng.next() & 1 : rng.next() & 0xFF);
  return x;
}

onnx::AttributeProto to_attr(DType t) { return make_attr("to", int64_t{static_cast<int>(t)}); }

}  // namespace

void bitcast_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  const std::string label = row.label();
  const std::vector<DType> targets = allowed_dtypes(schema_of(row), "T2");
  bool smoke_refusal = true;
  for (DType from : first_param_types(row)) {
    bool shapes_done = false;
    for (DType to : targets) {
      const std::string short_to(dtype_short_name(to));
      const Attrs attrs = {to_attr(to)};
      if (dtype_bits(to) != dtype_bits(from)) continue;
      const std::vector<std::string> tags = {"random", "output:" + short_to};
      const bool to_bool = to == DType::kBool;
      {
        const std::string name = "to_" + short_to;
        Rng rng(seed_of(case_id(row, {from}, name)));
        add(out, name, {random_image(rng, from, {3, 4}, to_bool)}, attrs, tags, "", true);  // smoke: one per pair
      }
      if (!to_bool && (is_float_dtype(from) || is_integer_dtype(from)))
        add(out, "special_values_to_" + short_to, {special_values(from)}, attrs, {"special-values", "output:" + short_to});
      if (to_bool && from != DType::kBool) {
        Tensor x(from, {4});
        const unsigned char odd[] = {2, 255, 128, 0};
        for (size_t i = 0; i < 4; ++i) x.mutable_bytes()[i] = odd[i];
        add(out, "other_bytes_to_bool", {x}, attrs, {"special-values", "undefined", "output:bool"});
      }
      if (!shapes_done && to != from) {
        shapes_done = true;
        for (const auto& s : {NamedShape{"scalar", {}}, NamedShape{"empty_2x0x3", {2, 0, 3}},
                              NamedShape{"shape_2x1x2x1x3x2", {2, 1, 2, 1, 3, 2}}}) {
          const std::string name = std::string(s.name) + "_to_" + short_to;
          Rng rng(seed_of(case_id(row, {from}, name)));
          add(out, name, {random_image(rng, from, s.shape, to_bool)}, attrs, {shape_tags(s.shape), "output:" + short_to});
        }
      }
    }
    for (DType to : targets) {
      if (dtype_bits(to) == dtype_bits(from)) continue;
      const std::string name = "refuse_width_to_" + std::string(dtype_short_name(to));
      Rng rng(seed_of(case_id(row, {from}, name)));
      add(out, name, {random_image(rng, from, {3}, false)}, {to_attr(to)}, {"attribute"},
          label + ": the target must have the input's bit width (" + std::to_string(dtype_bits(from)) + " vs " +
              std::to_string(dtype_bits(to)) + ")",
          smoke_refusal);
      smoke_refusal = false;
      break;
    }
  }
  const DType t = DType::kInt32;
  auto in = [&](const std::string& name) {
    Rng rng(seed_of(case_id(row, {t}, name)));
    return std::vector<Tensor>{random_image(rng, t, {3}, false)};
  };
  add(out, "refuse_to_string", in("refuse_to_string"), {to_attr(DType::kString)}, {"attribute"},
      label + ": to = string is outside type constraint T2");
  add(out, "refuse_to_0", in("refuse_to_0"), {make_attr("to", int64_t{0})}, {"attribute"},
      label + ": to = 0 (UNDEFINED) is not an element type");
  add(out, "refuse_to_99", in("refuse_to_99"), {make_attr("to", int64_t{99})}, {"attribute"},
      label + ": to = 99 is not an element type");
}

}  // namespace touchstone::cases

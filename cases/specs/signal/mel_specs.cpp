// Case specs of MelWeightMatrix-17 (reference/ops/signal/mel_weight_matrix.cpp). Every case
// is implementation-defined (the text gives no rule for a band's bins; the reference takes
// ONNX's reference implementation's), so a backend's other bins show as divergent.
// Sweeps: every output_datatype T3 allows with every T2 and both T1 (all 96 combinations); a speech-like
// matrix (40 bands of a 512-point DFT at 16 kHz, 20 Hz to 8 kHz); narrow bands whose edges share a bin (l =
// c); lower = upper; lower 0; num_mel_bins 0; an upper edge past the Nyquist frequency (impl.-defined:
// entries left out). Refusals: num_mel_bins -1, dft_length 0, sample_rate 0, a negative lower edge, upper
// below lower, a non-scalar dft_length, output_datatype bool. Judging: within 1 ulp (each weight is one
// quotient; a backend that divides in float and narrows to float16 rounds twice).
#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/signal/signal_cases.h"
#include "reference/model_builder.h"
#include "reference/node_check.h"

namespace touchstone::cases {

namespace {

struct MelInputs {
  int64_t bins, n, rate;
  double lower, upper;
};

std::vector<Tensor> mel_inputs(const MelInputs& m, DType t1 = DType::kInt64, DType t2 = DType::kFloat) {
  auto s1 = [&](int64_t v) { return tensor_of(t1, {}, {static_cast<double>(v)}); };
  auto s2 = [&](double v) { return tensor_of(t2, {}, {v}); };
  return {s1(m.bins), s1(m.n), s1(m.rate), s2(m.lower), s2(m.upper)};
}

std::vector<onnx::AttributeProto> out_type(DType t) {
  if (t == DType::kFloat) return {};
  return {make_attr("output_datatype", static_cast<int64_t>(t))};
}

}  // namespace

void mel_weight_matrix_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const MelInputs small = {8, 16, 8192, 0, 4096};
  for (DType t3 : allowed_dtypes(schema_of(row), "T3"))
    for (DType t2 : allowed_dtypes(schema_of(row), "T2"))
      for (DType t1 : allowed_dtypes(schema_of(row), "T1")) {
        const std::string name = "bands_8_n16_" + std::string(dtype_short_name(t1)) + "_" +
                                 std::string(dtype_short_name(t2)) + "_output_" +
                                 std::string(dtype_short_name(t3));
        add(out, name, mel_inputs(small, t1, t2), out_type(t3),
            {"output:" + std::string(dtype_short_name(t3))}, "", true);
      }
  add(out, "edges_5_n32", mel_inputs({5, 32, 8000, 100, 3000}), {}, {});
  add(out, "speech_40_n512", mel_inputs({40, 512, 16000, 20, 8000}), {}, {});
  add(out, "narrow_bands_share_bins", mel_inputs({12, 16, 16000, 300, 1000}), {}, {});
  add(out, "lower_equals_upper", mel_inputs({3, 16, 8000, 1000, 1000}), {}, {});
  add(out, "no_bands", mel_inputs({0, 16, 8000, 0, 4000}), {}, {});
  add(out, "upper_past_nyquist", mel_inputs({4, 16, 8000, 100, 7000}), {}, {"special-values"});
  add(out, "odd_dft_length_15", mel_inputs({6, 15, 8000, 50, 3900}), {}, {});
  add(out, "refuse_bins_negative", mel_inputs({-1, 16, 8000, 0, 4000}), {}, {"shape"},
      row.label() + ": num_mel_bins -1 is negative");
  add(out, "refuse_dft_length_0", mel_inputs({4, 0, 8000, 0, 4000}), {}, {"shape"},
      row.label() + ": dft_length 0 is not positive");
  add(out, "refuse_sample_rate_0", mel_inputs({4, 16, 0, 0, 4000}), {}, {"shape"},
      row.label() + ": sample_rate 0 is not positive");
  add(out, "refuse_lower_negative", mel_inputs({4, 16, 8000, -10, 4000}), {}, {"shape"},
      row.label() + ": a frequency below 0");
  add(out, "refuse_upper_below_lower", mel_inputs({4, 16, 8000, 3000, 1000}), {}, {"shape"},
      row.label() + ": upper_edge_hertz is below lower_edge_hertz");
  std::vector<Tensor> not_scalar = mel_inputs({4, 16, 8000, 0, 4000});
  not_scalar[1] = tensor_of(DType::kInt64, {1}, {16});
  add(out, "refuse_dft_length_not_scalar", not_scalar, {}, {"shape"},
      row.label() + ": dft_length is a scalar");
  add(out, "refuse_output_bool", mel_inputs(small), out_type(DType::kBool), {"attribute"},
      row.label() + ": output_datatype bool is not one T3 allows");
}

}  // namespace touchstone::cases

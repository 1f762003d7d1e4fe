// The spec table of the signal family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). The windows: the backend's cos of a rounded angle
// and its few operations, per element (window_element_bounds). DFT and STFT: an FFT's levels
// over the line's (frame's) magnitudes, per element; MelWeightMatrix: 1 ulp (one quotient).
#include "cases/specs/signal/signal_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& signal_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "BlackmanWindow", window_cases, "sizes 0, 1, 2, 3, 7, 10, 64 periodic and symmetric, every output_datatype with both size types, a symmetric size 1 (N = 0); size, output_datatype and periodic refusals", Judging::element("window", window_element_bounds, 0, 0)},
      {"", "DFT", dft_cases, "every T1 real and complex; n 1, 2, 3, 5, 7, 8, 10, 16, 64; inverse, RFFT (even, odd n), IRFFT (default n, odd dft_length); padding and cutting (int32, int64 dft_length); axis 0, negative, middle of rank 4; constant and impulse signals; NaN; 20: axis or dft_length left out; refusals of axis, last axis, dft_length, onesided/inverse combinations, rank 1", Judging::element("fft", dft_element_bounds, 0, 0)},
      {"", "HammingWindow", window_cases, "as BlackmanWindow", Judging::element("window", window_element_bounds, 0, 0)},
      {"", "HannWindow", window_cases, "as BlackmanWindow", Judging::element("window", window_element_bounds, 0, 0)},
      {"", "MelWeightMatrix", mel_weight_matrix_cases, "every output_datatype, T1 and T2; 40 bands of a 512-point DFT; bands sharing bins; lower = upper; no bands; an edge past Nyquist; odd dft_length; refusals of each input's rule and output bool", Judging::ulp(1)},
      {"", "STFT", stft_cases, "every T1 with window and frame_length; each alone; two-sided real and complex; odd frame; gaps between frames; int32 frame_step; double; NaN; refusals of the window/frame_length pairing, step, frame length, onesided complex, ranks", Judging::element("fft", stft_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases

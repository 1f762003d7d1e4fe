// touchstone-fault-backend's DFT modes (signal_modes.cpp, issue 28): DFT computed the way a
// backend would, every step rounded as IEEE arithmetic in the working precision would.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// fft-float           an iterative radix-2 FFT when n is a power of two, else the direct sum,
//                     in float32 (double for double signals), twiddles cos/sin of the rounded
//                     angle: honest, within the bound
// fft-twiddle-sign    the same with the twiddles' sign flipped (e^(+) forward, e^(-) inverse):
//                     the conjugate-reversed spectrum, wrong wherever the signal is not even
// DFT-17/20 cases with onesided=0 or the RFFT; an IRFFT keeps the reference's answer.
bool is_signal_mode(const std::string& mode);
void retransform(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing

// Case specs of the signal family (the recipes in this folder's files) and its spec table,
// signal_table.cpp (declared here rather than in specs.h, which every spec file includes).
#pragma once
#include "cases/specs/specs.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& signal_spec_table();

// window_specs.cpp: HannWindow, HammingWindow, BlackmanWindow
void window_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> window_element_bounds(const BoundCase& c);

// dft_specs.cpp: DFT-17, DFT-20; the FFT levels L of a length n (log2 n for a power of two,
// else n: a direct sum), which STFT's bound shares
void dft_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> dft_element_bounds(const BoundCase& c);
double fourier_levels(int64_t n);

// stft_specs.cpp: STFT-17
void stft_cases(const CatalogRow& row, std::vector<CaseDraft>& out);
std::vector<std::vector<double>> stft_element_bounds(const BoundCase& c);

// mel_specs.cpp: MelWeightMatrix-17
void mel_weight_matrix_cases(const CatalogRow& row, std::vector<CaseDraft>& out);

}  // namespace touchstone::cases

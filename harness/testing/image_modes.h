// touchstone-fault-backend's image modes (image_modes.cpp, issue 29): ImageDecoder answered by
// the reference's readers with one open choice made another way, or one rule broken:
//   image-pil-luma     gray from colour by PIL's fixed-point luma, (19595 R + 38470 G + 7471 B
//                      + 2^15) >> 16, which ONNX's reference runs (honest: within 1 level)
//   image-bgr-as-rgb   pixel_format BGR answered in RGB order (wrong wherever R != B)
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

bool is_image_mode(const std::string& mode);
// Rewrites a single-node ImageDecoder case's output; leaves any other case as it is.
void redecode(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing

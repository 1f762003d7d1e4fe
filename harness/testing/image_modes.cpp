// The image fault modes (image_modes.h): the stream decoded again by the reference's readers
// (ops/image/decoded_image.h), then gray made by PIL's luma, or BGR given in RGB order.
#include "harness/testing/image_modes.h"

#include "harness/case_contents.h"
#include "reference/ops/image/decoded_image.h"

namespace touchstone::testing {

bool is_image_mode(const std::string& mode) { return mode == "image-pil-luma" || mode == "image-bgr-as-rgb"; }

void redecode(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs) {
  const onnx::ModelProto proto = harness::case_model_proto(files);
  if (proto.graph().node_size() != 1 || proto.graph().node(0).op_type() != "ImageDecoder" ||
      outputs.size() != 1 || outputs[0].size() == 0)
    return;
  std::string format = "RGB";
  for (const auto& a : proto.graph().node(0).attribute())
    if (a.name() == "pixel_format") format = a.s();
  const bool wanted =
      (mode == "image-pil-luma" && format == "Grayscale") || (mode == "image-bgr-as-rgb" && format == "BGR");
  if (!wanted) return;
  const Tensor stream = harness::case_input_tensor(files, 0);
  const auto bytes = stream.data<uint8_t>();
  ops::image::DecodedImage img;
  try {
    img = ops::image::decode_any({bytes.data(), bytes.size()});
  } catch (const ops::image::DecodeFailure&) {
    return;
  }
  auto out = outputs[0].data<uint8_t>();
  const size_t pixels = static_cast<size_t>(img.height * img.width);
  for (size_t i = 0; i < pixels; ++i) {
    const uint8_t* p = img.pixels.data() + i * static_cast<size_t>(img.channels);
    const uint32_t r = p[0], g = img.channels == 3 ? p[1] : p[0], b = img.channels == 3 ? p[2] : p[0];
    if (mode == "image-pil-luma") {
      out[i] = static_cast<uint8_t>((19595 * r + 38470 * g + 7471 * b + 0x8000) >> 16);
    } else {
      out[3 * i] = static_cast<uint8_t>(r);
      out[3 * i + 1] = static_cast<uint8_t>(g);
      out[3 * i + 2] = static_cast<uint8_t>(b);
    }
  }
}

}  // namespace touchstone::testing

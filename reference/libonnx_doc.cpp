#include "reference/libonnx_doc.h"

#include <onnx/defs/schema.h>

namespace touchstone {

std::optional<std::string> libonnx_doc(std::string_view domain, std::string_view op, int since_version) {
  if (domain == "ai.onnx") domain = "";
  const onnx::OpSchema* s =
      onnx::OpSchemaRegistry::Schema(std::string(op), since_version, std::string(domain));
  if (!s || s->SinceVersion() != since_version || !s->doc()) return std::nullopt;
  return std::string(s->doc());
}

std::string changelog_anchor(std::string_view domain, std::string_view op, int since_version) {
  if (domain == "ai.onnx") domain = "";
  const std::string file = domain == "ai.onnx.ml" ? "Changelog-ml.md" : "Changelog.md";
  return file + "#" + (domain.empty() ? "" : std::string(domain) + ".") + std::string(op) + "-" +
         std::to_string(since_version);
}

}  // namespace touchstone

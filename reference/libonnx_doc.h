// The doc text of an op-version as Debian's libonnx (ONNX 1.12, opsets up to 17) carries it.
// Only the text: schemas come from touchstone's own table (schema.h). Newer versions have
// no text here; their facts are in the table and their prose in ONNX's Changelog.md.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace touchstone {

std::optional<std::string> libonnx_doc(std::string_view domain, std::string_view op, int since_version);

// Where an op-version's text is in ONNX's Changelog: "Changelog.md#Sub-7",
// "Changelog-ml.md#ai.onnx.ml.LabelEncoder-2".
std::string changelog_anchor(std::string_view domain, std::string_view op, int since_version);

}  // namespace touchstone

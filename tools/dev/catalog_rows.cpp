// Prints one "not yet" catalog row per op-version of the linked ONNX library, in the
// order of reference/catalog_table.cpp. Used once to start the table and again after an
// ONNX upgrade, to see which rows are new: the table itself is edited by hand.
#include <onnx/defs/schema.h>

#include <algorithm>
#include <iostream>
#include <tuple>

int main() {
  auto schemas = onnx::OpSchemaRegistry::get_all_schemas_with_history();
  std::sort(schemas.begin(), schemas.end(), [](const auto& a, const auto& b) {
    return std::make_tuple(a.domain(), a.Name(), a.SinceVersion()) <
           std::make_tuple(b.domain(), b.Name(), b.SinceVersion());
  });
  for (const auto& s : schemas)
    std::cout << "    not_yet(\"" << s.domain() << "\", \"" << s.Name() << "\", " << s.SinceVersion()
              << "),\n";
}

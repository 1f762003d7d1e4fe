// touchstone's schema table (from ONNX 1.23's text) against Debian's libonnx 1.12 registry,
// for every op-version up to opset 17: attributes (name, kind, required, default), inputs
// and outputs (name, type, option, homogeneity, minimum arity), counts and type
// constraints must agree, except the upstream changes since 1.12 listed below, each with
// what the table (the text the reference follows) says.
#include <catch2/catch.hpp>
#include <onnx/defs/schema.h>

#include <cstdio>
#include <map>
#include <set>

#include "reference/schema.h"

using namespace touchstone;

namespace {

// label -> what changed upstream since ONNX 1.12 (the table follows the newer text).
const std::map<std::string, std::string> kUpstreamChanges = {
#include "reference/tests/schema_upstream_changes.inc"
};

std::string float_text(float f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(f));
  return buf;
}

// Whether the table's default text says the same value as libonnx's default.
bool same_default(const char* text, const onnx::AttributeProto& d) {
  const bool has = d.type() != onnx::AttributeProto::UNDEFINED;
  if (!text || !has) return !text && !has;
  const std::string t = text;
  switch (d.type()) {
    case onnx::AttributeProto::INT: return t == std::to_string(d.i());
    case onnx::AttributeProto::FLOAT:
      // The text prints floats with %g (six digits); the overrides give exact values.
      return t == float_text(d.f()) || static_cast<float>(std::stod(t)) == d.f();
    case onnx::AttributeProto::STRING: return t == d.s();
    case onnx::AttributeProto::STRINGS: {
      std::string s = "[";
      for (int i = 0; i < d.strings_size(); ++i) s += (i ? ", '" : "'") + d.strings(i) + "'";
      return t == s + "]";
    }
    case onnx::AttributeProto::INTS: {
      std::string s = "[";
      for (int i = 0; i < d.ints_size(); ++i) s += (i ? ", " : "") + std::to_string(d.ints(i));
      return t == s + "]";
    }
    default: return false;
  }
}

const char* option_of(onnx::OpSchema::FormalParameterOption o) {
  return o == onnx::OpSchema::Single ? "single" : o == onnx::OpSchema::Optional ? "optional" : "variadic";
}
const char* option_of(FormalOption o) {
  return o == FormalOption::kSingle ? "single" : o == FormalOption::kOptional ? "optional" : "variadic";
}

// Every difference between the two, one line each.
std::vector<std::string> differences(const Schema& ours, const onnx::OpSchema& theirs) {
  std::vector<std::string> d;
  if (ours.deprecated != theirs.Deprecated()) d.push_back("deprecated differs");
  if (ours.input_count.min != theirs.min_input() ||
      (ours.input_count.max < 0 ? std::numeric_limits<int>::max() : ours.input_count.max) != theirs.max_input())
    d.push_back("input counts differ");
  if (ours.output_count.min != theirs.min_output() ||
      (ours.output_count.max < 0 ? std::numeric_limits<int>::max() : ours.output_count.max) != theirs.max_output())
    d.push_back("output counts differ");
  std::set<std::string> names;
  for (const auto& a : ours.attributes) {
    names.insert(std::string(a.name));
    auto it = theirs.attributes().find(std::string(a.name));
    if (it == theirs.attributes().end()) {
      d.push_back("attribute " + std::string(a.name) + " only in the table");
      continue;
    }
    if (attr_type_code(a.type) != static_cast<int>(it->second.type)) d.push_back("attribute " + std::string(a.name) + " kind");
    if (a.required != it->second.required) d.push_back("attribute " + std::string(a.name) + " required");
    if (!same_default(a.default_value, it->second.default_value))
      d.push_back("attribute " + std::string(a.name) + " default " + (a.default_value ? a.default_value : "none"));
  }
  for (const auto& [name, _] : theirs.attributes())
    if (!names.count(name)) d.push_back("attribute " + name + " only in libonnx");
  auto formals = [&](const std::vector<FormalSchema>& a, const std::vector<onnx::OpSchema::FormalParameter>& b,
                     const std::string& what) {
    if (a.size() != b.size()) {
      d.push_back(what + " count of formals differs");
      return;
    }
    for (size_t i = 0; i < a.size(); ++i) {
      const std::string w = what + " " + std::to_string(i);
      if (a[i].name != b[i].GetName()) d.push_back(w + " name");
      if (a[i].type != b[i].GetTypeStr()) d.push_back(w + " type " + std::string(a[i].type) + " vs " + b[i].GetTypeStr());
      if (std::string(option_of(a[i].option)) != option_of(b[i].GetOption())) d.push_back(w + " option");
      if (a[i].option == FormalOption::kVariadic) {
        if (a[i].homogeneous != b[i].GetIsHomogeneous()) d.push_back(w + " homogeneity");
        if (a[i].min_arity != b[i].GetMinArity()) d.push_back(w + " min arity");
      }
    }
  };
  formals(ours.inputs, theirs.inputs(), "input");
  formals(ours.outputs, theirs.outputs(), "output");
  std::map<std::string, std::set<std::string>> a, b;
  for (const auto& c : ours.types) a[std::string(c.param)] = {c.allowed.begin(), c.allowed.end()};
  for (const auto& c : theirs.typeConstraintParams()) b[c.type_param_str] = {c.allowed_type_strs.begin(), c.allowed_type_strs.end()};
  for (const auto& [param, types] : a) {
    if (!b.count(param)) d.push_back("type parameter " + param + " only in the table");
    else
      for (const auto& t : types)
        if (!b[param].count(t)) d.push_back(param + ": " + t + " only in the table");
  }
  for (const auto& [param, types] : b) {
    if (!a.count(param)) d.push_back("type parameter " + param + " only in libonnx");
    else
      for (const auto& t : types)
        if (!a[param].count(t)) d.push_back(param + ": " + t + " only in libonnx");
  }
  return d;
}

}  // namespace

TEST_CASE("the schema table agrees with libonnx 1.12 up to opset 17, but for listed upstream changes",
          "[catalog][schema][libonnx]") {
  std::set<std::string> seen, excepted;
  int compared = 0;
  for (const auto& theirs : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    const Schema* ours = find_schema(theirs.domain(), theirs.Name(), theirs.SinceVersion());
    const std::string label = (theirs.domain().empty() ? "" : theirs.domain() + ".") + theirs.Name() + "-" +
                              std::to_string(theirs.SinceVersion());
    INFO(label);
    REQUIRE(ours);  // every op-version of 1.12 is in the 1.23 text
    seen.insert(label);
    ++compared;
    const auto diffs = differences(*ours, theirs);
    if (kUpstreamChanges.count(label)) {
      excepted.insert(label);
      CHECK(!diffs.empty());  // a listed change that no longer differs must come off the list
      continue;
    }
    for (const auto& line : diffs) {
      INFO(line);
      CHECK(false);
    }
  }
  CHECK(compared == 444);
  // Every listed exception names an op-version of 1.12.
  for (const auto& [label, why] : kUpstreamChanges) {
    INFO(label << ": " << why);
    CHECK(seen.count(label) == 1);
  }
  // And nothing above opset 17 is in 1.12's registry: the table is the only source there.
  for (const auto& s : schema_table()) {
    const int newest = s.domain.empty() ? 17 : s.domain == "ai.onnx.ml" ? 3 : 1;
    if (s.since_version > newest) CHECK(seen.count(s.label()) == 0);
  }
}

#include "cases/refusals.h"

#include <algorithm>
#include <optional>

#include "cases/specs/core/exact_helpers.h"
#include "reference/node_check.h"
#include "reference/tensor_proto.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Every schema of the op (all its versions), oldest first.
std::vector<const Schema*> op_versions(const CatalogRow& row) {
  std::vector<const Schema*> versions;
  for (const auto& s : schema_table())
    if (canonical_domain(s.domain) == canonical_domain(row.domain) && s.op == row.op) versions.push_back(&s);
  return versions;
}

bool any_version_has(const CatalogRow& row, std::string_view name) {
  const auto versions = op_versions(row);
  return std::any_of(versions.begin(), versions.end(), [&](const Schema* s) { return s->attribute(name) != nullptr; });
}

// A value of the attribute kind `type`; nullopt for kinds a refusal has no use for (graphs,
// sparse tensors, type protos).
std::optional<onnx::AttributeProto> attr_of_kind(const std::string& name, AttrType type) {
  switch (type) {
    case AttrType::kFloat: return make_attr(name, 1.0f);
    case AttrType::kInt: return make_attr(name, int64_t{1});
    case AttrType::kString: return make_attr(name, std::string("x"));
    case AttrType::kFloats: return make_attr(name, std::vector<float>{1.0f});
    case AttrType::kInts: return make_attr(name, std::vector<int64_t>{0});
    case AttrType::kStrings: {
      onnx::AttributeProto a;
      a.set_name(name);
      a.set_type(onnx::AttributeProto::STRINGS);
      a.add_strings("x");
      return a;
    }
    case AttrType::kTensor: {
      onnx::AttributeProto a;
      a.set_name(name);
      a.set_type(onnx::AttributeProto::TENSOR);
      *a.mutable_t() = tensor_to_proto(Tensor::from_values<float>({1}, {1.0f}));
      return a;
    }
    default: return std::nullopt;
  }
}

// "no_inputs", "one_input", "two_inputs", ...
std::string count_name(size_t n) {
  static const char* const kWords[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
  const std::string count = n < std::size(kWords) ? kWords[n] : std::to_string(n);
  return count + (n == 1 ? "_input" : "_inputs");
}

class Builder {
 public:
  Builder(const CatalogRow& row, const CaseDraft& base)
      : row_(row), schema_(schema_of(row)), base_(base), params_(input_type_params(row)), label_(row.label()) {}

  std::vector<SchemaRefusal> build() {
    types();
    mismatches();
    attributes();
    arity();
    return std::move(out_);
  }

 private:
  // A draft like the base with `types` (one per input, of the base's shapes): inputs whose
  // type the base has keep its values, the others get seeded values of their type.
  CaseDraft retyped(const std::string& name, const std::vector<DType>& types) const {
    CaseDraft d = plain(name);
    Rng rng(seed_of(case_id(row_, types, name)));
    d.inputs.clear();
    for (size_t i = 0; i < types.size(); ++i) {
      const Tensor& b = base_.inputs[i];
      d.inputs.push_back(b.dtype() == types[i] ? b : exact::any_tensor(rng, types[i], b.shape()));
    }
    return d;
  }

  // A copy of the base named `name`, as a valid draft still (the caller makes it negative).
  CaseDraft plain(const std::string& name) const {
    CaseDraft d;
    d.name = name;
    d.inputs = base_.inputs;
    d.attributes = base_.attributes;
    d.outputs = base_.outputs;
    return d;
  }

  // Two refusals of one name keep the first (Constant-1 lacks value_int, and value given as
  // an int would be named the same).
  void emit(RefusalKind kind, CaseDraft d, const char* tag, const std::string& rule, bool smoke = false) {
    for (const auto& r : out_)
      if (r.draft.name == d.name && r.draft.inputs.size() == d.inputs.size() &&
          std::equal(d.inputs.begin(), d.inputs.end(), r.draft.inputs.begin(),
                     [](const Tensor& a, const Tensor& b) { return a.dtype() == b.dtype(); }))
        return;
    d.tags = {"negative", tag};
    d.invalid_rule = label_ + ": " + rule;
    d.smoke = smoke;
    out_.push_back({kind, std::move(d)});
  }

  // The type parameter input i binds to (a trailing variadic takes the rest); npos: none.
  size_t param_of(size_t i) const {
    const FormalSchema* f = schema_.input_formal(i);
    for (size_t p = 0; f && p < params_.size(); ++p)
      if (params_[p].name == f->type) return p;
    return std::string::npos;
  }

  // The type of each base input with the inputs of parameter `p` given `d`, and every
  // other parameter its first allowed type.
  std::vector<DType> types_with(size_t p, DType d) const {
    std::vector<DType> types;
    for (size_t i = 0; i < base_.inputs.size(); ++i) {
      const size_t q = param_of(i);
      types.push_back(q == p ? d : q < params_.size() && !params_[q].allowed.empty() ? params_[q].allowed.front()
                                                                                       : base_.inputs[i].dtype());
    }
    return types;
  }

  // How many base inputs bind to parameter p, and whether all through homogeneous formals.
  std::pair<size_t, bool> carried(size_t p) const {
    size_t given = 0;
    bool homogeneous = true;
    for (size_t i = 0; i < base_.inputs.size(); ++i)
      if (param_of(i) == p) {
        ++given;
        homogeneous = homogeneous && schema_.input_formal(i)->homogeneous;
      }
    return {given, homogeneous};
  }

  void types() {
    bool smoke = true;
    for (size_t p = 0; p < params_.size(); ++p) {
      if (carried(p).first == 0) continue;
      const auto& allowed = params_[p].allowed;
      for (DType d : all_dtypes()) {
        if (std::find(allowed.begin(), allowed.end(), d) != allowed.end()) continue;
        const std::string name = params_.size() > 1 ? "refuse_type_" + params_[p].name : "refuse_type";
        emit(RefusalKind::kType, retyped(name, types_with(p, d)), "type",
             std::string(dtype_name(d)) + " is outside type constraint " + params_[p].name, smoke);
        smoke = false;
      }
    }
  }

  // Parameters bound by two or more of the base's inputs through homogeneous formals.
  std::vector<size_t> shared_params() const {
    std::vector<size_t> shared;
    for (size_t p = 0; p < params_.size(); ++p) {
      const auto [given, homogeneous] = carried(p);
      if (given >= 2 && homogeneous && params_[p].allowed.size() >= 2) shared.push_back(p);
    }
    return shared;
  }

  void mismatches() {
    const auto shared = shared_params();
    for (size_t p : shared) {
      std::vector<DType> types = types_with(p, params_[p].allowed[1]);
      bool first = true;
      for (size_t i = 0; i < types.size(); ++i) {
        if (param_of(i) != p) continue;
        types[i] = first ? params_[p].allowed[0] : params_[p].allowed[1];
        first = false;
      }
      const std::string name = shared.size() > 1 ? "refuse_type_mismatch_" + params_[p].name : "refuse_type_mismatch";
      emit(RefusalKind::kTypeMismatch, retyped(name, types), "type",
           "the inputs of type parameter " + params_[p].name + " must share one type");
    }
  }

  // Base attributes without `name`, plus `extra` if given.
  Attrs attrs_without(std::string_view name, std::optional<onnx::AttributeProto> extra = std::nullopt) const {
    Attrs a;
    for (const auto& x : base_.attributes)
      if (x.name() != name) a.push_back(x);
    if (extra) a.push_back(*extra);
    return a;
  }

  void attributes();
  void arity();

  const CatalogRow& row_;
  const Schema& schema_;
  const CaseDraft& base_;
  const std::vector<TypeParam> params_;
  const std::string label_;
  std::vector<SchemaRefusal> out_;
};

void Builder::attributes() {
  // Unknown: a name no version of the op has.
  std::string unknown = "alpha";
  AttrType unknown_type = AttrType::kFloat;
  if (any_version_has(row_, "alpha")) unknown = "axis", unknown_type = AttrType::kInt;
  if (any_version_has(row_, unknown)) unknown = "touchstone_unknown", unknown_type = AttrType::kInt;
  CaseDraft d = plain("refuse_attr_unknown");
  d.attributes = attrs_without(unknown, attr_of_kind(unknown, unknown_type));
  emit(RefusalKind::kUnknownAttribute, std::move(d), "attribute", "unknown attribute " + unknown);

  // Removed: what another version has, of the kind it has there.
  for (const auto& name : removed_attributes(row_)) {
    const AttrSchema* other = nullptr;
    for (const Schema* s : op_versions(row_))
      if (const AttrSchema* a = s->attribute(name)) other = a;
    auto value = attr_of_kind(name, other->type);
    if (!value) continue;
    CaseDraft r = plain("refuse_attr_" + name);
    r.attributes = attrs_without(name, value);
    emit(RefusalKind::kRemovedAttribute, std::move(r), "attribute", "no attribute " + name + " in this version");
  }

  // Wrong kind: an int for a float (or string, tensor, list of floats ...), a float for an
  // int or a list of ints.
  for (const auto& a : schema_.attributes) {
    const bool integral = a.type == AttrType::kInt || a.type == AttrType::kInts;
    const std::string name(a.name);
    CaseDraft r = plain("refuse_attr_" + name + (integral ? "_float" : "_int"));
    r.attributes = attrs_without(name, integral ? make_attr(name, 1.0f) : make_attr(name, int64_t{1}));
    emit(RefusalKind::kAttributeKind, std::move(r), "attribute",
         "attribute " + name + " must be " + attr_type_name(a.type));
  }

  // Missing: each required attribute left out.
  for (const auto& a : schema_.attributes) {
    if (!a.required) continue;
    const std::string name(a.name);
    CaseDraft r = plain("refuse_" + name + "_missing");
    r.attributes = attrs_without(name);
    emit(RefusalKind::kMissingAttribute, std::move(r), "attribute", "required attribute " + name + " is missing");
  }
}

void Builder::arity() {
  const size_t n = base_.inputs.size();
  const Count count = schema_.input_count;
  if (count.min >= 1 && n >= static_cast<size_t>(count.min)) {
    const size_t fewer = static_cast<size_t>(count.min) - 1;
    CaseDraft d = plain("refuse_" + count_name(fewer));
    d.inputs.erase(d.inputs.begin() + static_cast<std::ptrdiff_t>(fewer), d.inputs.end());
    emit(RefusalKind::kTooFewInputs, std::move(d), "arity", "takes at least " + std::to_string(count.min) + " inputs");
  }
  if (count.max >= 0 && n == static_cast<size_t>(count.max) && n > 0) {
    CaseDraft d = plain("refuse_" + count_name(n + 1));
    d.inputs.push_back(base_.inputs.back());
    emit(RefusalKind::kTooManyInputs, std::move(d), "arity", "takes at most " + std::to_string(count.max) + " inputs");
  }
}

}  // namespace

const char* refusal_kind_name(RefusalKind kind) {
  switch (kind) {
    case RefusalKind::kType: return "type";
    case RefusalKind::kTypeMismatch: return "type-mismatch";
    case RefusalKind::kUnknownAttribute: return "unknown-attribute";
    case RefusalKind::kRemovedAttribute: return "removed-attribute";
    case RefusalKind::kAttributeKind: return "attribute-kind";
    case RefusalKind::kMissingAttribute: return "missing-attribute";
    case RefusalKind::kTooFewInputs: return "too-few-inputs";
    case RefusalKind::kTooManyInputs: return "too-many-inputs";
  }
  return "?";
}

std::vector<std::string> removed_attributes(const CatalogRow& row) {
  const Schema& schema = schema_of(row);
  std::vector<std::string> names;
  for (const Schema* s : op_versions(row))
    for (const auto& a : s->attributes)
      if (!schema.attribute(a.name)) names.emplace_back(a.name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<SchemaRefusal> schema_refusals(const CatalogRow& row, const CaseDraft& base) {
  return Builder(row, base).build();
}

void mark_refusal_base(std::vector<CaseDraft>& drafts, std::string_view name) {
  for (auto& d : drafts)
    if (d.name == name) {
      d.refusal_base = true;
      return;
    }
  throw std::logic_error("mark_refusal_base: no draft " + std::string(name));
}

void mark_refusal_base(std::vector<CaseDraft>& drafts, size_t inputs) {
  for (auto& d : drafts)
    if (d.invalid_rule.empty() && d.values.empty() && d.omitted_inputs.empty() && d.inputs.size() == inputs) {
      d.refusal_base = true;
      return;
    }
  throw std::logic_error("mark_refusal_base: no valid draft with " + std::to_string(inputs) + " inputs");
}

const CaseDraft* refusal_base(const std::vector<CaseDraft>& drafts) {
  for (const auto& d : drafts)
    if (d.refusal_base) return &d;
  for (const auto& d : drafts)
    if (d.invalid_rule.empty() && d.values.empty() && d.omitted_inputs.empty()) return &d;
  return nullptr;
}

}  // namespace touchstone::cases

// The library face of the reference (touchstone_reference.h): a thin layer over Model that
// speaks ONNX's protobuf messages and turns the reference's errors into api::Error.
#include "reference/api/touchstone_reference.h"

#include <filesystem>

#include "reference/error.h"
#include "reference/model.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone::api {

namespace {

const char* kind_name(ErrorKind k) {
  switch (k) {
    case ErrorKind::kInvalidModel: return "invalid_model";
    case ErrorKind::kNotImplemented: return "not_implemented";
    case ErrorKind::kMalformed: return "malformed";
    case ErrorKind::kIo: return "io";
    case ErrorKind::kOverBudget: return "over_budget";
  }
  return "internal";
}

// Runs `f`, giving the reference's errors the library's type.
template <class F>
auto translated(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const touchstone::Error& e) {
    throw api::Error(kind_name(e.kind()), e.what());
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const api::Error&) {
    throw;
  } catch (const std::exception& e) {
    throw api::Error("internal", e.what());
  }
}

std::string semantics_text(const SemanticsRecord& s) {
  if (s.category == Semantics::kDefined) return "";
  std::string text = semantics_name(s.category);
  for (size_t i = 0; i < s.reasons.size(); ++i) text += (i ? "; " : ": ") + s.reasons[i];
  return text;
}

}  // namespace

struct Reference::Impl {
  std::filesystem::path base_dir;
  Model model;
  std::string semantics;
};

Reference::Reference(const std::string& model_path)
    : impl_(translated([&] {
        const std::filesystem::path path = model_path;
        return std::make_unique<Impl>(Impl{path.parent_path(), Model::load(path), ""});
      })) {}

Reference::~Reference() = default;
Reference::Reference(Reference&&) noexcept = default;
Reference& Reference::operator=(Reference&&) noexcept = default;

std::vector<std::string> Reference::input_names() const { return impl_->model.input_names(); }
std::vector<std::string> Reference::output_names() const { return impl_->model.output_names(); }
const std::string& Reference::semantics() const { return impl_->semantics; }

std::vector<onnx::TensorProto> Reference::run(const std::vector<onnx::TensorProto>& inputs) {
  return translated([&] {
    std::vector<Tensor> feeds;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const std::string what = i < impl_->model.input_names().size() ? "input '" + impl_->model.input_names()[i] + "'"
                                                                      : "input " + std::to_string(i);
      Tensor t = tensor_from_proto(inputs[i], impl_->base_dir, what);
      if (i < impl_->model.input_names().size()) t = as_declared(std::move(t), impl_->model.input_type(i));
      feeds.push_back(std::move(t));
    }
    RunResult result = impl_->model.run(feeds);
    impl_->semantics = semantics_text(result.semantics);
    std::vector<onnx::TensorProto> out;
    for (size_t k = 0; k < result.outputs.size(); ++k)
      out.push_back(tensor_to_proto(result.outputs[k], impl_->model.output_names()[k]));
    return out;
  });
}

void Reference::run_files(const std::string& input_dir, const std::string& output_dir) {
  translated([&] {
    const std::filesystem::path in = input_dir, out = output_dir;
    Values feeds;
    for (size_t i = 0; i < impl_->model.input_names().size(); ++i) {
      const auto file = in / ("input_" + std::to_string(i) + ".pb");
      if (!std::filesystem::exists(file)) io_error(file.string() + ": missing (the model takes " +
                                                   std::to_string(impl_->model.input_names().size()) + " inputs)");
      feeds.push_back(read_value_file(file, impl_->model.input_type(i)));
    }
    ValueRunResult result = impl_->model.run_values(feeds);
    impl_->semantics = semantics_text(result.semantics);
    std::filesystem::create_directories(out);
    for (size_t k = 0; k < result.outputs.size(); ++k)
      write_value_file(out / ("output_" + std::to_string(k) + ".pb"), result.outputs[k], impl_->model.output_names()[k]);
    return 0;
  });
}

}  // namespace touchstone::api

#include "harness/oracle.h"
#include "harness/case_contents.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "reference/numeric/exact.h"
#include "reference/tensor_proto.h"
#include "reference/value_proto.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

const char* oracle_name(OracleKind k) { return k == OracleKind::kReference ? "reference" : "expected"; }

CaseFiles CaseFiles::of(const fs::path& case_dir, int data_set) {
  CaseFiles f;
  f.model = case_dir / "model.onnx";
  f.data_set = data_set;
  const fs::path set = case_dir / ("test_data_set_" + std::to_string(data_set));
  // One listing of the folder (no stat per name): input_0.pb, input_1.pb, ... up to the
  // first one missing, likewise output_N.pb.
  std::set<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(set, ec), end; !ec && it != end; it.increment(ec)) names.insert(it->path().filename().string());
  for (size_t i = 0; names.count("input_" + std::to_string(i) + ".pb"); ++i)
    f.inputs.push_back(set / ("input_" + std::to_string(i) + ".pb"));
  for (size_t i = 0; names.count("output_" + std::to_string(i) + ".pb"); ++i)
    f.expected.push_back(set / ("output_" + std::to_string(i) + ".pb"));
  return f;
}

std::vector<CaseFiles> CaseFiles::sets(const fs::path& case_dir) {
  std::vector<int> numbers;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(case_dir, ec)) {
    const std::string name = entry.path().filename().string();
    const std::string prefix = "test_data_set_";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size() || name.size() > prefix.size() + 6) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || (digits.size() > 1 && digits[0] == '0')) continue;
    if (entry.is_directory(ec)) numbers.push_back(std::stoi(digits));
  }
  std::sort(numbers.begin(), numbers.end());
  std::vector<CaseFiles> out;
  for (int n : numbers) out.push_back(of(case_dir, n));
  if (out.empty()) out.push_back(of(case_dir, 0));
  return out;
}

Value read_output_file(const onnx::ModelProto& model, size_t i, const fs::path& file) {
  // Read as the model declares output i: the kind of proto (a map output throws
  // kNotImplemented: this reader's gap, not the suite's fault), and bfloat16 stored as
  // uint16 bits (ONNX 1.12). A file past the declared outputs is read as a tensor.
  const int k = static_cast<int>(i);
  if (k < model.graph().output_size() && model.graph().output(k).has_type())
    return read_value_file(file, model.graph().output(k).type());
  return read_tensor_file(file);
}

Values read_output_files(const onnx::ModelProto& model, const std::vector<fs::path>& files) {
  Values outputs;
  for (size_t i = 0; i < files.size(); ++i) outputs.push_back(read_output_file(model, i, files[i]));
  return outputs;
}

Values read_expected_outputs(const CaseFiles& files) { return case_expected(files); }

ValueRunResult run_reference(const CaseFiles& files) {
  const Model model = case_model(files);
  const auto& names = model.input_names();
  if (files.inputs.size() > names.size())
    invalid_model(std::to_string(files.inputs.size()) + " input files for a model with " +
                  std::to_string(names.size()) + " feedable inputs");
  Values inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) inputs.push_back(case_input(files, i, model.input_type(i)));
  if (inputs.size() == names.size()) return model.run_values(inputs);
  std::map<std::string, Value> feeds;
  for (size_t i = 0; i < inputs.size(); ++i) feeds.emplace(names[i], std::move(inputs[i]));
  return model.run_named_values(feeds);
}

namespace {

bool is_16_bit_float(int elem_type) {
  return elem_type == onnx::TensorProto::FLOAT16 || elem_type == onnx::TensorProto::BFLOAT16;
}

// The reference run on the inputs' absolute values. With `widen`, float16/bfloat16 graph
// inputs and outputs are declared double and fed as double, so that the magnitudes of
// 16-bit data cannot overflow the 16-bit range (sum |a b| past 65504 in float16, which
// would leave the bound infinite and the suspicious-accumulator statistic nothing to
// scale by). Throws touchstone::Error (a model the widening does not fit, for instance).
std::vector<std::vector<double>> magnitudes_of(const CaseFiles& files, bool widen) {
  onnx::ModelProto proto = case_model_proto(files);
  const Model declared = Model::from_proto(proto, files.model.parent_path(), files.model.string());
  if (widen) {
    auto* graph = proto.mutable_graph();
    for (auto* values : {graph->mutable_input(), graph->mutable_output()})
      for (auto& v : *values)
        if (v.type().has_tensor_type() && is_16_bit_float(v.type().tensor_type().elem_type()))
          v.mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::DOUBLE);
  }
  const Model model = widen ? Model::from_proto(proto, files.model.parent_path(), files.model.string()) : declared;
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < files.inputs.size(); ++i) {
    Tensor t = as_declared(case_input_tensor(files, i), declared.input_type(i));
    const bool to_double = widen && (t.dtype() == DType::kFloat16 || t.dtype() == DType::kBFloat16);
    Tensor wide(to_double ? DType::kDouble : t.dtype(), t.shape());
    visit_dtype(t.dtype(), [&]<class T>() {
      if constexpr (is_real_float<T>) {
        auto data = t.data<T>();
        for (auto& v : data) v = numeric::narrow<T>(std::fabs(numeric::widen(v)));
        if (to_double)
          for (size_t k = 0; k < data.size(); ++k) wide.data<double>()[k] = numeric::widen(data[k]);
      }
    });
    inputs.push_back(to_double ? std::move(wide) : std::move(t));
  }
  std::vector<std::vector<double>> out;
  for (const auto& t : model.run(inputs).outputs) {
    std::vector<double> m;
    visit_dtype(t.dtype(), [&]<class T>() {
      if constexpr (is_real_float<T>)
        for (const auto& v : t.data<T>()) m.push_back(std::fabs(numeric::widen(v)));  // Gemm: alpha, beta < 0
    });
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace

std::vector<std::vector<double>> term_magnitudes(const CaseFiles& files) {
  try {
    return magnitudes_of(files, true);
  } catch (const Error&) {
  }
  try {
    return magnitudes_of(files, false);
  } catch (const Error&) {
    return {};
  }
}

std::string declared_mismatch(const Value& v, const onnx::TypeProto& declared) {
  if (!declared.has_tensor_type()) return "";
  if (!v.is_tensor()) return "not a tensor, as its model declares";
  const Tensor& t = v.tensor();
  const auto& type = declared.tensor_type();
  if (type.elem_type() != 0) {
    const auto want = dtype_from_code(type.elem_type());
    if (want && *want != t.dtype())
      return std::string("stored as ") + std::string(dtype_short_name(t.dtype())) + ", declared " + std::string(dtype_short_name(*want));
  }
  if (!type.has_shape()) return "";
  const auto& dims = type.shape().dim();
  std::string stored = "(";
  for (size_t k = 0; k < t.shape().size(); ++k) stored += (k ? "," : "") + std::to_string(t.shape()[k]);
  stored += ")";
  if (static_cast<size_t>(dims.size()) != t.shape().size())
    return "shape " + stored + ", declared of rank " + std::to_string(dims.size());
  for (int k = 0; k < dims.size(); ++k)
    if (dims[k].has_dim_value() && dims[k].dim_value() != t.shape()[static_cast<size_t>(k)])
      return "shape " + stored + ", declared dimension " + std::to_string(k) + " is " + std::to_string(dims[k].dim_value());
  return "";
}

namespace {

// The stored outputs against the model's graph outputs (kMalformed: the suite's fault).
void check_stored_outputs(const onnx::ModelProto& model, const Values& outputs) {
  const auto& declared = model.graph().output();
  if (outputs.size() != static_cast<size_t>(declared.size()))
    malformed(std::to_string(outputs.size()) + " output files for a model with " + std::to_string(declared.size()) +
              " graph outputs");
  for (int k = 0; k < declared.size(); ++k) {
    const std::string why = declared_mismatch(outputs[static_cast<size_t>(k)], declared[k].type());
    if (!why.empty()) malformed("output_" + std::to_string(k) + ".pb (graph output '" + declared[k].name() + "'): " + why);
  }
}

}  // namespace

OracleOutcome oracle_outputs(OracleKind kind, const CaseFiles& files, bool check_declared) {
  OracleOutcome o;
  try {
    if (kind == OracleKind::kExpected) {
      if (files.expected.empty()) {
        o.why_not = "the suite stores no outputs for this case";
        return o;
      }
      o.outputs = read_expected_outputs(files);
      if (check_declared) check_stored_outputs(case_model_proto(files), o.outputs);
    } else {
      ValueRunResult r = run_reference(files);
      o.outputs = std::move(r.outputs);
      o.semantics = r.semantics.category;
      o.shape_open = r.semantics.shape_open;
    }
    o.available = true;
  } catch (const Error& e) {
    o.why_not = std::string("reference: ") + error_kind_name(e.kind()) + ": " + e.what();
    if (kind == OracleKind::kExpected) o.why_not = std::string("stored outputs: ") + e.what();
    // The reference lacking an op-version is its own gap (skip); a case it refuses as
    // invalid, or whose files are malformed or unreadable, is the suite's fault.
    o.bad_case = e.kind() != ErrorKind::kNotImplemented;
  }
  return o;
}

}  // namespace touchstone::harness

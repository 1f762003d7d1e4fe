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

std::vector<std::vector<double>> term_magnitudes(const CaseFiles& files) {
  try {
    const Model model = case_model(files);
    std::vector<Tensor> inputs;
    for (size_t i = 0; i < files.inputs.size(); ++i) {
      Tensor t = as_declared(case_input_tensor(files, i), model.input_type(i));
      visit_dtype(t.dtype(), [&]<class T>() {
        if constexpr (is_real_float<T>) {
          for (auto& v : t.data<T>()) v = numeric::narrow<T>(std::fabs(numeric::widen(v)));
        }
      });
      inputs.push_back(std::move(t));
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
  } catch (const Error&) {
    return {};
  }
}

OracleOutcome oracle_outputs(OracleKind kind, const CaseFiles& files) {
  OracleOutcome o;
  try {
    if (kind == OracleKind::kExpected) {
      if (files.expected.empty()) {
        o.why_not = "the suite stores no outputs for this case";
        return o;
      }
      o.outputs = read_expected_outputs(files);
    } else {
      ValueRunResult r = run_reference(files);
      o.outputs = std::move(r.outputs);
      o.semantics = r.semantics.category;
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

// Inputs with meaning (`--input NAME=RECIPE`, input_recipes.h): random values make a weak test
// of a model whose branches and thresholds look at the signal (Silero VAD picks its branch by
// the sample rate and its LSTM state only moves on speech-like input; an OCR recognizer only
// exercises its attention on something shaped like text).
#include <cmath>
#include <stdexcept>

#include "cases/values.h"
#include "models/input_recipes.h"

namespace touchstone::models {

namespace {

[[noreturn]] void bad(const std::string& text, const std::string& why) {
  throw std::invalid_argument("--input '" + text + "': " + why);
}

Shape parse_shape(const std::string& text, const std::string& whole) {
  Shape shape;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t x = text.find('x', start);
    const std::string part = text.substr(start, x == std::string::npos ? std::string::npos : x - start);
    size_t used = 0;
    int64_t d = -1;
    try {
      d = std::stoll(part, &used);
    } catch (const std::exception&) {
    }
    if (d < 0 || used != part.size() || part.empty()) bad(whole, "the shape after '@' is sizes joined by 'x' (1x512)");
    shape.push_back(d);
    if (x == std::string::npos) break;
    start = x + 1;
  }
  return shape;
}

double parse_number(const std::string& text, const std::string& whole) {
  size_t used = 0;
  double v = NAN;
  try {
    v = std::stod(text, &used);
  } catch (const std::exception&) {
  }
  if (!std::isfinite(v) || used != text.size()) bad(whole, "'" + text + "' is not a number");
  return v;
}

// A sine burst: frequency `hz` at `rate` samples per second, amplitude 0.5 over the middle
// half of each row (the last dimension), under uniform noise of amplitude 0.01 everywhere.
std::vector<double> tone_burst(const Shape& shape, double hz, double rate, uint64_t seed) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  const int64_t row = shape.empty() ? 1 : shape.back();
  cases::Rng rng(seed);
  std::vector<double> v(static_cast<size_t>(n));
  const double pi = std::acos(-1.0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t t = row ? i % row : 0;
    const bool burst = 4 * t >= row && 4 * t < 3 * row;
    v[static_cast<size_t>(i)] = (burst ? 0.5 * std::sin(2 * pi * hz * static_cast<double>(t) / rate) : 0.0) +
                                0.01 * (2 * rng.unit() - 1);
  }
  return v;
}

Tensor from_doubles(DType dtype, const Shape& shape, const std::vector<double>& v) {
  switch (dtype) {
    case DType::kFloat: return Tensor::from_values<float>(shape, std::vector<float>(v.begin(), v.end()));
    case DType::kDouble: return Tensor::from_values<double>(shape, v);
    case DType::kInt64: {
      std::vector<int64_t> w;
      for (double x : v) w.push_back(static_cast<int64_t>(x));
      return Tensor::from_values<int64_t>(shape, w);
    }
    case DType::kInt32: {
      std::vector<int32_t> w;
      for (double x : v) w.push_back(static_cast<int32_t>(x));
      return Tensor::from_values<int32_t>(shape, w);
    }
    default: throw std::invalid_argument("recipes give float, double, int32 or int64 inputs, not " + std::string(dtype_name(dtype)));
  }
}

}  // namespace

InputRecipe parse_input_recipe(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) bad(text, "expected NAME=RECIPE");
  InputRecipe r;
  r.input = text.substr(0, eq);
  std::string rest = text.substr(eq + 1);
  if (const size_t at = rest.find('@'); at != std::string::npos) {
    r.shape = parse_shape(rest.substr(at + 1), text);
    rest = rest.substr(0, at);
  }
  const size_t colon = rest.find(':');
  r.kind = rest.substr(0, colon);
  const std::string args = colon == std::string::npos ? "" : rest.substr(colon + 1);
  if (r.kind == "zeros") {
    if (!args.empty()) bad(text, "zeros takes no argument");
  } else if (r.kind == "value") {
    r.a = parse_number(args, text);
  } else if (r.kind == "tone") {
    const size_t slash = args.find('/');
    if (slash == std::string::npos) bad(text, "tone:HZ/RATE (tone:440/16000)");
    r.a = parse_number(args.substr(0, slash), text);
    r.b = parse_number(args.substr(slash + 1), text);
    if (r.b <= 0) bad(text, "the sample rate must be positive");
  } else if (r.kind == "text") {
    r.text = args;
    try {
      check_text(args);
    } catch (const std::invalid_argument& e) {
      bad(text, e.what());
    }
  } else {
    bad(text, "unknown recipe '" + r.kind + "' (zeros, value:V, tone:HZ/RATE, text:WORDS, each with an optional @SHAPE)");
  }
  return r;
}

Value recipe_value(const InputRecipe& r, DType dtype, const Shape& shape, uint64_t seed) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  if (r.kind == "tone") return Value(from_doubles(dtype, shape, tone_burst(shape, r.a, r.b, seed)));
  if (r.kind == "text") return Value(from_doubles(dtype, shape, text_line(shape, r.text)));
  return Value(from_doubles(dtype, shape, std::vector<double>(static_cast<size_t>(n), r.kind == "value" ? r.a : 0.0)));
}

}  // namespace touchstone::models

// Einsum-12: output[output-term] = sum over the labels not in the output of the product
// of the operands at their terms.
//
// The equation: comma-separated terms of letters (a and A distinct), one per operand, each
// with at most one ellipsis "..."; optionally "->" and the output term; spaces anywhere.
// - A label repeated within a term reads that term's diagonal; a label absent from the
//   output is summed.
// - Explicit output ("->"): its letters must occur on the left, each at most once; it may
//   hold one ellipsis. Implicit: the ellipsis dimensions first, then the letters that occur
//   exactly once in the equation, in ASCII order (A < Z < a < z).
// - Every ellipsis stands for the same number of dimensions (the text says so; numpy would
//   also align different counts from the right - refused here, naming the rule). Those
//   dimensions broadcast (sizes equal or 1); a letter's size must agree everywhere.
// - If the operands' ellipsis covers dimensions, an explicit output must hold an ellipsis
//   (else they would vanish without a rule saying whether they are summed).
//
// Float results: every output element is an exact sum of exact products rounded once
// (numeric/accumulator.h for one or two operands; three or more multiply exactly in MPFR
// and are summed by mpfr_sum, correctly rounded). Integers: exact, wrapping in two's
// complement where the result does not fit, marked undefined (as MatMul).
#include <gmpxx.h>
#include <mpfr.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/ops/core/exact_integer.h"
#include "reference/ops/core/index_space.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/linalg/linalg_ops.h"

namespace touchstone::ops {

namespace {

constexpr int kEllipsis = -1;     // a term's symbol for "..."
constexpr int kLetterLabels = 52;  // A-Z, a-z; ellipsis dimension k is label 52 + k

int letter_label(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' : 26 + (c - 'a'); }
char label_letter(int l) { return static_cast<char>(l < 26 ? 'A' + l : 'a' + (l - 26)); }

// One term: letter labels and at most one kEllipsis.
std::vector<int> parse_term(const std::string& text) {
  std::vector<int> symbols;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      symbols.push_back(letter_label(c));
      ++i;
    } else if (c == '.') {
      if (text.compare(i, 3, "...") != 0)
        invalid_model("equation term '" + text + "': a '.' must be part of an ellipsis \"...\"");
      if (std::count(symbols.begin(), symbols.end(), kEllipsis))
        invalid_model("equation term '" + text + "' holds more than one ellipsis");
      symbols.push_back(kEllipsis);
      i += 3;
    } else {
      invalid_model("equation character '" + std::string(1, c) +
                    "' is not allowed (letters, ',', '...', '->' and spaces only)");
    }
  }
  return symbols;
}

struct Equation {
  std::vector<std::vector<int>> terms;
  std::vector<int> output;  // as a term: letters and at most one kEllipsis
};

Equation parse(std::string eq, size_t operands) {
  eq.erase(std::remove(eq.begin(), eq.end(), ' '), eq.end());
  Equation e;
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  if (arrow != std::string::npos && eq.find("->", arrow + 2) != std::string::npos)
    invalid_model("the equation holds more than one \"->\"");
  size_t start = 0;
  while (true) {
    const size_t comma = lhs.find(',', start);
    e.terms.push_back(parse_term(lhs.substr(start, comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (e.terms.size() != operands)
    invalid_model("the equation has " + std::to_string(e.terms.size()) + " terms for " +
                  std::to_string(operands) + " operands (one term per operand)");
  if (arrow != std::string::npos) {
    e.output = parse_term(eq.substr(arrow + 2));
    std::array<int, kLetterLabels> seen{};
    for (const auto& t : e.terms)
      for (int s : t)
        if (s != kEllipsis) seen[s] = 1;
    std::array<int, kLetterLabels> in_output{};
    for (int s : e.output) {
      if (s == kEllipsis) continue;
      if (!seen[s])
        invalid_model("output label '" + std::string(1, label_letter(s)) + "' does not occur in any input term");
      if (in_output[s]++)
        invalid_model("output label '" + std::string(1, label_letter(s)) + "' occurs more than once");
    }
  } else {
    std::array<int, kLetterLabels> count{};
    bool ellipsis = false;
    for (const auto& t : e.terms)
      for (int s : t) {
        if (s == kEllipsis) ellipsis = true;
        else ++count[s];
      }
    if (ellipsis) e.output.push_back(kEllipsis);
    for (int l = 0; l < kLetterLabels; ++l)  // labels 0..51 are already in ASCII order
      if (count[l] == 1) e.output.push_back(l);
  }
  return e;
}

// Where the loops run: every label's size, each operand's stride per label (repeated
// labels add their strides: the diagonal), the output's labels and the summed ones.
struct Plan {
  std::vector<int64_t> size;                  // per label
  std::vector<std::vector<int64_t>> strides;  // per operand, per label
  std::vector<int> out_labels, sum_labels;
  Shape out_shape;
};

Plan plan_of(const Equation& e, const Inputs& in) {
  // The ellipsis' dimension count, the same for every term that has one.
  int64_t ellipsis_dims = -1;
  for (size_t i = 0; i < e.terms.size(); ++i) {
    const auto& t = e.terms[i];
    const auto letters = static_cast<int64_t>(std::count_if(t.begin(), t.end(), [](int s) { return s != kEllipsis; }));
    const int64_t rank = in[i].rank();
    const bool has = letters != static_cast<int64_t>(t.size());
    if (!has && letters != rank)
      invalid_model("term " + std::to_string(i) + " has " + std::to_string(letters) + " labels for operand " +
                    std::to_string(i) + " of rank " + std::to_string(rank));
    if (has && letters > rank)
      invalid_model("term " + std::to_string(i) + " has " + std::to_string(letters) +
                    " letters besides its ellipsis for operand " + std::to_string(i) + " of rank " + std::to_string(rank));
    if (!has) continue;
    if (ellipsis_dims >= 0 && ellipsis_dims != rank - letters)
      invalid_model("every ellipsis must represent the same number of dimensions (" +
                    std::to_string(ellipsis_dims) + " and " + std::to_string(rank - letters) + ")");
    ellipsis_dims = rank - letters;
  }
  const int64_t ed = std::max<int64_t>(ellipsis_dims, 0);
  const bool output_ellipsis = std::count(e.output.begin(), e.output.end(), kEllipsis) > 0;
  if (ed > 0 && !output_ellipsis)
    invalid_model("the ellipsis covers " + std::to_string(ed) +
                  " dimensions, so the explicit output must hold an ellipsis");
  Plan p;
  const size_t labels = static_cast<size_t>(kLetterLabels + ed);
  p.size.assign(labels, -1);
  // Sizes: letters agree exactly; ellipsis dimensions broadcast (1 stretches).
  for (size_t i = 0; i < e.terms.size(); ++i) {
    const Shape& s = in[i].shape();
    size_t d = 0;
    for (int sym : e.terms[i]) {
      if (sym == kEllipsis) {
        for (int64_t k = 0; k < ed; ++k, ++d) {
          int64_t& size = p.size[static_cast<size_t>(kLetterLabels + k)];
          if (size == -1 || size == 1) size = s[d];
          else if (s[d] != 1 && s[d] != size)
            invalid_model("ellipsis dimension " + std::to_string(k) + " has sizes " + std::to_string(size) +
                          " and " + std::to_string(s[d]) + ", which do not broadcast");
        }
        continue;
      }
      int64_t& size = p.size[static_cast<size_t>(sym)];
      if (size != -1 && size != s[d])
        invalid_model("label '" + std::string(1, label_letter(sym)) + "' has sizes " + std::to_string(size) +
                      " and " + std::to_string(s[d]) + " (a label's dimensions must agree)");
      size = s[d++];
    }
  }
  for (auto& s : p.size)
    if (s == -1) s = 1;  // an ellipsis that no term holds: zero dimensions, never used
  // Strides.
  p.strides.assign(e.terms.size(), std::vector<int64_t>(labels, 0));
  for (size_t i = 0; i < e.terms.size(); ++i) {
    const Shape& s = in[i].shape();
    const Shape stride = core::strides_of(s);
    size_t d = 0;
    for (int sym : e.terms[i]) {
      if (sym == kEllipsis) {
        for (int64_t k = 0; k < ed; ++k, ++d)
          if (s[d] != 1) p.strides[i][static_cast<size_t>(kLetterLabels + k)] += stride[d];
        continue;
      }
      p.strides[i][static_cast<size_t>(sym)] += stride[d++];
    }
  }
  // Output and summed labels.
  std::vector<bool> used(labels, false);
  for (const auto& t : e.terms)
    for (int sym : t)
      if (sym == kEllipsis)
        for (int64_t k = 0; k < ed; ++k) used[static_cast<size_t>(kLetterLabels + k)] = true;
      else used[static_cast<size_t>(sym)] = true;
  std::vector<bool> in_output(labels, false);
  for (int sym : e.output) {
    if (sym == kEllipsis) {
      for (int64_t k = 0; k < ed; ++k) p.out_labels.push_back(static_cast<int>(kLetterLabels + k));
    } else {
      p.out_labels.push_back(sym);
    }
  }
  for (int l : p.out_labels) {
    in_output[static_cast<size_t>(l)] = true;
    p.out_shape.push_back(p.size[static_cast<size_t>(l)]);
  }
  for (size_t l = 0; l < labels; ++l)
    if (used[l] && !in_output[l]) p.sum_labels.push_back(static_cast<int>(l));
  return p;
}

// Advances a mixed-radix counter over `labels`; false when it wraps around.
bool advance(std::vector<int64_t>& index, const std::vector<int>& labels, const std::vector<int64_t>& size) {
  for (size_t k = labels.size(); k-- > 0;) {
    const auto l = static_cast<size_t>(labels[k]);
    if (++index[l] < size[l]) return true;
    index[l] = 0;
  }
  return false;
}

// Sum of products of three or more exact doubles, each product exact in MPFR, the sum
// correctly rounded by mpfr_sum.
double sum_of_long_products(const std::vector<double>& factors, size_t per_term, numeric::FloatFormat format) {
  const size_t terms = per_term == 0 ? 0 : factors.size() / per_term;
  std::vector<mpfr_t> products(terms);
  std::vector<mpfr_ptr> pointers(terms);
  for (size_t t = 0; t < terms; ++t) {
    mpfr_init2(products[t], static_cast<mpfr_prec_t>(53 * per_term));
    mpfr_set_d(products[t], factors[t * per_term], MPFR_RNDN);
    for (size_t f = 1; f < per_term; ++f) mpfr_mul_d(products[t], products[t], factors[t * per_term + f], MPFR_RNDN);
    pointers[t] = products[t];
  }
  const double r = numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        const int ternary = mpfr_sum(out, pointers.data(), terms, MPFR_RNDN);
        return ternary == 0 ? numeric::kExactResult : 1;
      },
      format);
  for (auto& p : products) mpfr_clear(p);
  return r;
}

}  // namespace

// Einsum-12.
Tensors einsum_v12(const Node& node, const Inputs& in) {
  if (!node.has_attr("equation")) invalid_model("the attribute 'equation' is required");
  const Equation e = parse(node.attr_string("equation", ""), in.size());
  const Plan p = plan_of(e, in);
  int64_t summed = 1;  // terms per output element: the summed labels' sizes multiplied
  for (int l : p.sum_labels) summed *= p.size[static_cast<size_t>(l)];
  node.record_terms(summed);
  Tensor y(in[0].dtype(), p.out_shape);
  const size_t operands = in.size();
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      std::vector<std::span<const T>> x;
      for (size_t i = 0; i < operands; ++i) x.push_back(in[i].data<T>());
      auto yd = y.data<T>();
      std::vector<int64_t> index(p.size.size(), 0);
      auto offset = [&](size_t i) {
        int64_t o = 0;
        for (size_t l = 0; l < index.size(); ++l) o += index[l] * p.strides[i][l];
        return o;
      };
      bool empty_sum = false;
      for (int l : p.sum_labels) empty_sum |= p.size[static_cast<size_t>(l)] == 0;
      numeric::ExactAccumulator acc;
      std::vector<double> factors;
      core::IntegerSum sum;
      mpz_class term, factor;
      for (int64_t j = 0; j < static_cast<int64_t>(yd.size()); ++j) {
        for (int l : p.sum_labels) index[static_cast<size_t>(l)] = 0;
        acc.clear();
        factors.clear();
        sum.clear();
        if (!empty_sum) do {
            if constexpr (is_real_float<T>) {
              if (operands == 1) acc.add(numeric::widen(x[0][offset(0)]));
              else if (operands == 2) acc.add_product_of(x[0][offset(0)], x[1][offset(1)]);
              else
                for (size_t i = 0; i < operands; ++i) factors.push_back(numeric::widen(x[i][offset(i)]));
            } else {
              term = 1;
              for (size_t i = 0; i < operands; ++i) {
                core::set_exact(factor, x[i][offset(i)]);
                term *= factor;
              }
              sum.add(term);
            }
          } while (advance(index, p.sum_labels, p.size));
        if constexpr (is_real_float<T>) {
          yd[j] = operands <= 2 ? acc.result<T>()
                                : numeric::narrow<T>(sum_of_long_products(factors, operands, numeric::float_format<T>()));
        } else {
          yd[j] = core::wrapped_result<T>(node, sum.value(), core::kAccumulationOverflow);
        }
        advance(index, p.out_labels, p.size);
      }
    } else {
      throw std::logic_error("Einsum on a non-numeric type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace touchstone::ops

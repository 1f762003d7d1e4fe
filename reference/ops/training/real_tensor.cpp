// Real tensors as enclosures (real_tensor.h).
#include "reference/ops/training/real_tensor.h"

#include "reference/error.h"
#include "reference/half.h"

namespace touchstone::ops::training {

RealTensor::RealTensor(Shape s, mpfr_prec_t p) : shape(std::move(s)) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  at.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) at.emplace_back(p);
}

mpfr_prec_t RealTensor::precision() const { return at.empty() ? MPFR_PREC_MIN : mpfi_get_prec(at[0].get()); }

RealTensor real_of(const Tensor& t, mpfr_prec_t p) {
  RealTensor r(t.shape(), p);
  for (int64_t i = 0; i < t.size(); ++i) {
    mpfi_ptr v = r.at[static_cast<size_t>(i)].get();
    switch (t.dtype()) {
      case DType::kFloat16:
        mpfi_set_d(v, to_double(t.data<Float16>()[i]));
        break;
      case DType::kFloat:
        mpfi_set_d(v, t.data<float>()[i]);
        break;
      case DType::kDouble:
        mpfi_set_d(v, t.data<double>()[i]);
        break;
      case DType::kInt32:
        mpfi_set_si(v, t.data<int32_t>()[i]);
        break;
      case DType::kInt64:
        mpfi_set_si(v, t.data<int64_t>()[i]);
        break;
      default:
        throw std::logic_error("real_of: a float or int32/int64 tensor");
    }
  }
  return r;
}

RealTensor filled(const Shape& shape, double value, mpfr_prec_t p) {
  RealTensor r(shape, p);
  for (auto& v : r.at) mpfi_set_d(v.get(), value);
  return r;
}

RealTensor map_unary(const RealTensor& a, const Unary& f) {
  RealTensor r(a.shape, a.precision());
  for (size_t i = 0; i < a.at.size(); ++i) f(r.at[i].get(), a.at[i].get());
  return r;
}

Shape broadcast_shape(const Shape& a, const Shape& b, const std::string& label) {
  const size_t rank = std::max(a.size(), b.size());
  Shape out(rank);
  for (size_t k = 0; k < rank; ++k) {
    const int64_t da = k + a.size() >= rank ? a[k + a.size() - rank] : 1;
    const int64_t db = k + b.size() >= rank ? b[k + b.size() - rank] : 1;
    if (da != db && da != 1 && db != 1)
      invalid_model(label + ": shapes " + shape_to_string(a) + " and " + shape_to_string(b) +
                    " do not broadcast");
    out[k] = da == 1 ? db : da;
  }
  return out;
}

namespace {

// The flat index in `from` (broadcast to `to`) of each flat index of `to`.
std::vector<size_t> broadcast_map(const Shape& from, const Shape& to) {
  const size_t rank = to.size(), shift = rank - from.size();
  std::vector<int64_t> strides(rank, 0);
  int64_t s = 1;
  for (size_t k = from.size(); k-- > 0;) {
    strides[k + shift] = from[k] == 1 ? 0 : s;
    s *= from[k];
  }
  int64_t n = 1;
  for (int64_t d : to) n *= d;
  std::vector<size_t> map(static_cast<size_t>(n));
  std::vector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t flat = 0;
    for (size_t k = 0; k < rank; ++k) flat += index[k] * strides[k];
    map[static_cast<size_t>(i)] = static_cast<size_t>(flat);
    for (size_t k = rank; k-- > 0;) {
      if (++index[k] < to[k]) break;
      index[k] = 0;
    }
  }
  return map;
}

}  // namespace

RealTensor map_binary(const RealTensor& a, const RealTensor& b, const Binary& f, const std::string& label) {
  const Shape shape = broadcast_shape(a.shape, b.shape, label);
  const auto ia = broadcast_map(a.shape, shape), ib = broadcast_map(b.shape, shape);
  RealTensor r(shape, std::max(a.precision(), b.precision()));
  for (size_t i = 0; i < r.at.size(); ++i) f(r.at[i].get(), a.at[ia[i]].get(), b.at[ib[i]].get());
  return r;
}

RealTensor sum_to_shape(const RealTensor& g, const Shape& shape) {
  if (g.shape == shape) return g;
  RealTensor r(shape, g.precision());
  const auto map = broadcast_map(shape, g.shape);
  for (size_t i = 0; i < g.at.size(); ++i) mpfi_add(r.at[map[i]].get(), r.at[map[i]].get(), g.at[i].get());
  return r;
}

void accumulate(RealTensor& a, const RealTensor& b) {
  for (size_t i = 0; i < a.at.size(); ++i) mpfi_add(a.at[i].get(), a.at[i].get(), b.at[i].get());
}

}  // namespace touchstone::ops::training

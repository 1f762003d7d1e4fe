// matmul_shape.h: numpy.matmul's shapes, the per-row / per-column parameter forms.
#include "reference/ops/linalg/matmul_shape.h"

#include "reference/error.h"

namespace touchstone::ops::linalg {

namespace {

Shape batch_of(const Shape& s) { return Shape(s.begin(), s.end() - 2); }

}  // namespace

MatMulShape matmul_shape(const Shape& a_shape, const Shape& b_shape, const std::string& op) {
  Shape sa = a_shape, sb = b_shape;
  if (sa.empty() || sb.empty())
    invalid_model(op + " needs inputs of rank 1 or more (numpy.matmul), got a scalar");
  const bool a_vector = sa.size() == 1, b_vector = sb.size() == 1;
  if (a_vector) sa.insert(sa.begin(), 1);
  if (b_vector) sb.push_back(1);
  MatMulShape r;
  Product& p = r.p;
  p.m = sa[sa.size() - 2];
  p.k = sa.back();
  p.n = sb.back();
  if (sb[sb.size() - 2] != p.k)
    invalid_model("inner dimensions differ: A " + shape_to_string(a_shape) +
                  " has K = " + std::to_string(p.k) + ", B " + shape_to_string(b_shape) + " has " +
                  std::to_string(sb[sb.size() - 2]));
  p.a_row = p.k;
  p.a_col = 1;
  p.b_row = p.n;
  p.b_col = 1;
  r.batches = multidirectional_broadcast({batch_of(sa), batch_of(sb)});
  r.out = r.batches.out;
  if (!a_vector) r.out.push_back(p.m);
  if (!b_vector) r.out.push_back(p.n);
  return r;
}

ZeroPoints zero_points(const Shape& m, const Shape& z, bool of_a, const char* name) {
  if (z.empty() || z == Shape{1}) return {};
  const int64_t r = static_cast<int64_t>(m.size());
  if (r >= 2) {
    const int64_t extent = of_a ? m[r - 2] : m[r - 1];
    Shape nd = m;
    nd[of_a ? r - 1 : r - 2] = 1;
    if ((r == 2 && z == Shape{extent}) || z == nd) return {false, extent};
  }
  invalid_model(
      std::string(name) + " " + shape_to_string(z) + " fits none of the allowed forms for " +
      (of_a ? "A " : "B ") + shape_to_string(m) +
      (of_a ? ": a scalar (per tensor), an M-vector for 2-D A, or A's shape with K = 1 (per row)"
            : ": a scalar (per tensor), an N-vector for 2-D B, or B's shape with K = 1 (per column)"));
}

}  // namespace touchstone::ops::linalg

// The one builder of the engine's Core from a shape's exact fields
// (detail/convex_core.hpp): boxes expanded to their corners (and, in 3-D,
// their faces) and point sets with their hull, for the public shapes, eval
// and the audit alike.
#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/shapes.hpp"

namespace exactgeom::detail::cvx {

namespace {

void check_radius(const mpq_class& r, const char* what) {
  if (sgn(r) < 0) throw invalid_input(std::string(what) + ": negative radius");
}

/// A double holding q exactly, if there is one.
bool as_double(const mpq_class& q, double& out) {
  out = q.get_d();  // truncated, and infinite (or system dependent) past the range
  return std::isfinite(out) && mpq_class(out) == q;  // mpq_class(inf) would raise SIGFPE
}

}  // namespace

Core box_core(int dim, std::span<const mpq_class> f, const mpq_class& r, const char* what) {
  if (dim != 2 && dim != 3) throw std::invalid_argument("box_core: dimension " + std::to_string(dim));
  const std::size_t d = static_cast<std::size_t>(dim);
  if (f.size() != d * (d + 2)) throw std::invalid_argument("box_core: expected dim (dim + 2) values");
  check_radius(r, what);
  const auto half = f.subspan(d + d * d, d);
  for (const mpq_class& h : half)
    if (sgn(h) < 0) throw invalid_input(std::string(what) + ": negative half extent");
  // Edge vector i: half_i axes_i.
  std::vector<mpq_class> e(d * d);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) e[i * d + j] = half[i] * f[d + i * d + j];
  Core c;
  c.dim = dim;
  c.r = r;
  c.c.reserve(d << d);
  for (std::size_t k = 0; k < (std::size_t{1} << d); ++k)
    for (std::size_t j = 0; j < d; ++j) {
      mpq_class v = f[j];
      for (std::size_t i = 0; i < d; ++i) {
        if ((k >> i) & 1) v += e[i * d + j];
        else v -= e[i * d + j];
      }
      c.c.push_back(std::move(v));
    }
  if (d == 3) {
    // Corner k has sign bit i on axis i, so the face of +axis 0 is the
    // corners with bit 0 set, and so on. The cycles below are
    // counterclockwise from outside when the edge vectors are right-handed
    // (a positive determinant), reversed when left-handed; a flat box
    // (determinant 0) is left to the hull.
    const mpq_class det = e[0] * (e[4] * e[8] - e[5] * e[7]) - e[1] * (e[3] * e[8] - e[5] * e[6]) +
                          e[2] * (e[3] * e[7] - e[4] * e[6]);
    if (sgn(det) != 0) {
      c.hull_dim = 3;
      c.facets = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
      if (sgn(det) < 0)
        for (auto& g : c.facets) std::reverse(g.begin(), g.end());
    }
  }
  return c;
}

Core points_core(int dim, std::vector<mpq_class> pts, const mpq_class& r, const char* what) {
  if (dim != 2 && dim != 3) throw std::invalid_argument("points_core: dimension " + std::to_string(dim));
  const std::size_t d = static_cast<std::size_t>(dim);
  if (pts.empty() || pts.size() % d != 0) throw std::invalid_argument("points_core: expected whole points");
  check_radius(r, what);
  Core c;
  c.dim = dim;
  c.r = r;
  const std::size_t n = pts.size() / d;
  std::vector<double> v(pts.size());
  bool doubles = n > 3;
  for (std::size_t i = 0; doubles && i < pts.size(); ++i) doubles = as_double(pts[i], v[i]);
  if (!doubles) {
    c.c = std::move(pts);
    return c;
  }
  if (d == 2) {
    std::vector<Point2<double>> p;
    for (std::size_t i = 0; i < n; ++i) p.push_back({v[2 * i], v[2 * i + 1]});
    const ConvexPolygon<double> poly(p);
    for (const auto& q : poly.vertices()) c.c.push_back(mpq_class(q.x)), c.c.push_back(mpq_class(q.y));
    c.hull_dim = poly.vertices().size() >= 3 ? 2 : static_cast<int>(poly.vertices().size()) - 1;
  } else {
    std::vector<Point3<double>> p;
    for (std::size_t i = 0; i < n; ++i) p.push_back({v[3 * i], v[3 * i + 1], v[3 * i + 2]});
    const ConvexHull3<double> hull(p);
    for (const auto& q : hull.vertices())
      c.c.push_back(mpq_class(q.x)), c.c.push_back(mpq_class(q.y)), c.c.push_back(mpq_class(q.z));
    c.hull_dim = hull.dimension();
    c.facets = hull.faces();
  }
  return c;
}

}  // namespace exactgeom::detail::cvx

// audit_pair's exact answers for pairs with a box or a hull, the direction
// question for every pair, and audit_sweep's reference for a moving box or
// hull (src/audit/solid.hpp). Everything is asked of the convex engine
// (detail/convex_core.hpp) on the cores of the flat rational case.
//
// The direction question. contact(x, y)'s depth_normal is the direction of
// the least translation of y that leaves the shapes only touching; where
// several directions give it (two equal boxes: six face normals) or every
// direction does (shapes that only touch), any of them is right. An answer
// n is judged by what it does: the exit distance t(n), how far y must move
// along n before the shapes only touch, is at least the depth P for every
// n, and equals it exactly for the least directions. t(n) is found by
// bisection with the exact closed test: the translations s with y + s n
// still meeting x are an interval [0, t(n)] (the Minkowski difference grown
// by the radii is convex and, when P > 0, has the origin inside), so "meets
// at s" is monotone. The answer is right when t(n) - P is within `slack`
// (four ULPs of the case's largest magnitude); otherwise its severity is
// t(n) - P, and the report shows the least direction nearest it.
#include "solid.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "exactgeom/contact.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::audit::detail {

namespace {

using Span = std::span<const mpq_class>;
constexpr double kInf = std::numeric_limits<double>::infinity();

double nearest(const mpq_class& q) { return ratio_to_double(q.get_num(), q.get_den()); }
double nearest_sqrt(const mpq_class& q) { return sqrt_ratio_to_double(q.get_num(), q.get_den()); }

bool finite_direction(const Answer& got, int dim) {
  if (got.kind != Answer::Kind::vector || got.n != static_cast<std::size_t>(dim)) return false;
  double n2 = 0;
  for (std::size_t i = 0; i < got.n; ++i) {
    if (!std::isfinite(got.v[i])) return false;
    n2 += got.v[i] * got.v[i];
  }
  return n2 > 0 && std::isfinite(n2);
}

/// got scaled to unit length in double (a direction: the scaling's rounding
/// turns it by about 1e-16 rad, which moves t(n) far less than a ULP).
std::array<double, 3> unit_of(const Answer& got, int dim) {
  double n2 = 0;
  for (int i = 0; i < dim; ++i) n2 += got.v[static_cast<std::size_t>(i)] * got.v[static_cast<std::size_t>(i)];
  const double n = std::sqrt(n2);
  std::array<double, 3> u{};
  for (int i = 0; i < dim; ++i) u[static_cast<std::size_t>(i)] = got.v[static_cast<std::size_t>(i)] / n;
  return u;
}

Answer unit_answer(const std::vector<mpq_class>& w) {
  mpq_class n2 = 0;
  for (const mpq_class& k : w) n2 += k * k;
  std::vector<double> u;
  for (const mpq_class& k : w) u.push_back(round_unit_component(k, n2));
  return Answer::vec(u);
}

/// The exact depth is 0: the shapes meet and only touch.
bool zero_depth(const cvx::ContactFacts& f) {
  return f.closed && !f.open;  // open: depth > 0
}

/// The least directions: `any` (every direction: depth 0), finitely many
/// `dirs`, or every unit vector orthogonal to `line` (3-D cores whose
/// Minkowski difference is a segment).
struct Least {
  bool any = false;
  std::vector<std::vector<mpq_class>> dirs;
  std::vector<mpq_class> line;
};

Least least_of(const cvx::Core& X, const cvx::Core& Y, const cvx::ContactFacts& f) {
  Least L;
  const std::size_t d = static_cast<std::size_t>(X.dim);
  if (f.depth_normal) {  // unique: rebuild it exactly from the closest pair or the penetration
    if (sgn(f.sep.dist2) > 0) {
      std::vector<mpq_class> w;
      for (std::size_t k = 0; k < d; ++k) w.push_back(f.sep.q[k] - f.sep.p[k]);
      L.dirs.push_back(w);
    } else {
      L.dirs.push_back(cvx::core_penetration(X, Y).n);
    }
    return L;
  }
  if (zero_depth(f)) {
    L.any = true;
    return L;
  }
  const cvx::Penetration p = cvx::core_penetration(X, Y);
  if (p.interior) {
    if (!p.n.empty()) L.dirs.push_back(p.n);
    for (const auto& t : p.ties) L.dirs.push_back(t);
    if (L.dirs.empty()) L.any = true;
    return L;
  }
  // No interior (P = 0, depth R > 0): the directions orthogonal to the span
  // of the cores' edge directions.
  std::vector<std::vector<mpq_class>> e;
  for (const cvx::Core* C : {&X, &Y})
    for (std::size_t i = 1; i < C->size(); ++i) {
      std::vector<mpq_class> v(d);
      for (std::size_t k = 0; k < d; ++k) v[k] = C->c[i * d + k] - C->c[k];
      e.push_back(v);
    }
  auto nonzero = [](const std::vector<mpq_class>& v) {
    return std::any_of(v.begin(), v.end(), [](const mpq_class& k) { return sgn(k) != 0; });
  };
  const auto first = std::find_if(e.begin(), e.end(), nonzero);
  if (first == e.end()) {
    L.any = true;
    return L;
  }
  const std::vector<mpq_class> u = *first;
  if (d == 2) {
    L.dirs = {{-u[1], u[0]}, {u[1], -u[0]}};
    return L;
  }
  for (const auto& v : e) {
    const std::vector<mpq_class> n = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    if (nonzero(n)) {
      L.dirs = {n, {-n[0], -n[1], -n[2]}};
      return L;
    }
  }
  L.line = u;
  return L;
}

/// The member of L nearest got (a finite direction, or anything: then the
/// first member, or the x axis).
Answer nearest_least(const Least& L, const Answer& got, int dim) {
  const bool dir = finite_direction(got, dim);
  const std::size_t d = static_cast<std::size_t>(dim);
  if (L.any || !L.line.empty()) {
    std::vector<double> g(d, 0.0);
    if (dir)
      for (std::size_t k = 0; k < d; ++k) g[k] = got.v[k];
    else
      g[0] = 1;
    if (!L.line.empty()) {  // remove the component along the line
      std::vector<double> u;
      for (const mpq_class& k : L.line) u.push_back(nearest(k));
      double gu = 0, uu = 0;
      for (std::size_t k = 0; k < d; ++k) gu += g[k] * u[k], uu += u[k] * u[k];
      for (std::size_t k = 0; k < d; ++k) g[k] -= gu / uu * u[k];
      double g2 = 0;
      for (double v : g) g2 += v * v;
      if (!(g2 > 0)) g = {-u[1], u[0], 0.0};  // got along the line: any perpendicular
    }
    double g2 = 0;
    for (double v : g) g2 += v * v;
    for (double& v : g) v /= std::sqrt(g2);
    return Answer::vec(g);
  }
  Answer best = unit_answer(L.dirs.front());
  if (!dir) return best;
  for (const auto& w : L.dirs) {
    const Answer a = unit_answer(w);
    if (abs_error(a, got) < abs_error(best, got)) best = a;
  }
  return best;
}

}  // namespace

/// t(n): the largest s with x and y + s n still meeting (bisection with the
/// exact closed test, to within `stop`); the shapes meet at s = 0.
double exit_along(const cvx::Core& X, const cvx::Core& Y, const mpq_class& R, const std::array<double, 3>& n,
                  double stop) {
  const std::size_t d = static_cast<std::size_t>(X.dim);
  if (sgn(R) == 0) {  // polytopes: exactly, over the facet normals (src/convex/depth.cpp)
    std::vector<mpq_class> nq;
    for (std::size_t k = 0; k < d; ++k) nq.emplace_back(n[k]);
    if (const auto t = cvx::core_exit(X, Y, nq)) return nearest(*t);
  }
  const mpq_class R2 = R * R;
  auto meets = [&](double s) {
    cvx::Core Yt = Y;
    const mpq_class q(s);
    for (std::size_t i = 0; i < Yt.size(); ++i)
      for (std::size_t k = 0; k < d; ++k) Yt.c[i * d + k] += q * n[k];
    return cvx::core_distance(X, Yt, cvx::Pair::any).dist2 <= R2;  // dist2 alone is read
  };
  // An upper bound: both cores' extents, their offset and the radii.
  double bound = nearest(R);
  for (const cvx::Core* C : {&X, &Y}) {
    double e = 0;
    for (std::size_t i = 1; i < C->size(); ++i) {
      double l2 = 0;
      for (std::size_t k = 0; k < d; ++k) {
        const double v = nearest(C->c[i * d + k] - C->c[k]);
        l2 += v * v;
      }
      e = std::fmax(e, std::sqrt(l2));
    }
    bound += e;
  }
  double off2 = 0;
  for (std::size_t k = 0; k < d; ++k) {
    const double v = nearest(Y.c[k] - X.c[k]);
    off2 += v * v;
  }
  double lo = 0, hi = 2 * (bound + std::sqrt(off2)) + stop;
  for (int i = 0; i < 64 && meets(hi); ++i) lo = hi, hi *= 2;
  while (hi - lo > stop) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (meets(mid) ? lo : hi) = mid;
  }
  return hi;
}

namespace {

double largest_of(Span c) {
  double m = 0;
  for (const mpq_class& v : c) m = std::fmax(m, std::fabs(nearest(v)));
  return m > 0 ? m : 1;
}

}  // namespace

cvx::Core flat_core(ShapeKind k, int dim, Span s) {
  const std::size_t d = static_cast<std::size_t>(dim);
  // The points of the core and where the radius is (none: 0).
  auto points = [&](std::size_t n, std::optional<std::size_t> r) {
    return cvx::points_core(dim, std::vector<mpq_class>(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(n * d)),
                            r ? s[*r] : mpq_class(0), "audit: a shape");
  };
  switch (k) {
    case ShapeKind::point: return points(1, std::nullopt);
    case ShapeKind::ball: return points(1, 2 * d);
    case ShapeKind::segment: return points(2, std::nullopt);
    case ShapeKind::capsule: return points(2, 2 * d);
    case ShapeKind::triangle: return points(3, std::nullopt);
    case ShapeKind::box: return cvx::box_core(dim, s.first(d * (d + 2)), s[d * (d + 2)], "audit: a box");
    case ShapeKind::hull: return points(kHullPoints, kHullPoints * d);
  }
  throw std::invalid_argument("flat_core: unknown shape kind");
}

std::pair<cvx::Core, cvx::Core> pair_cores(const PairLayout& l, Span c) {
  const std::size_t wx = l.x_width();
  return {flat_core(l.x, l.dim, c.first(wx)), flat_core(l.y, l.dim, c.subspan(wx, l.width() - wx))};
}

PairTruth solid_truth(Question q, const PairLayout& l, Span c, bool boundary) {
  if (!boundary && q == Question::closed_overlap && l.dim == 3 && l.x == ShapeKind::box && l.y == ShapeKind::box) {
    // Two boxes of doubles: intersects() with its filters.
    std::vector<double> v;
    for (const mpq_class& k : c) {
      const double x = nearest(k);
      if (mpq_class(x) != k) break;
      v.push_back(x);
    }
    if (v.size() == c.size()) {
      PairTruth t;
      t.answer = Answer::of(intersects(unflatten<Box3<double>>(std::span<const double>(v).first(16)),
                                       unflatten<Box3<double>>(std::span<const double>(v).subspan(16))));
      return t;
    }
  }
  const auto [X, Y] = pair_cores(l, c);
  if (!boundary && (q == Question::closed_overlap || q == Question::squared_distance || q == Question::distance ||
                    q == Question::gap || q == Question::closest_points)) {
    // What the distance alone decides (no penetration; boundary left 0).
    const cvx::Separation s = cvx::core_distance(X, Y);
    const mpq_class R = X.r + Y.r;
    PairTruth t;
    t.dist = nearest_sqrt(s.dist2);
    const double g = -round_depth(R, s.dist2);
    switch (q) {
      case Question::closed_overlap: t.answer = Answer::of(s.dist2 <= R * R); break;
      case Question::squared_distance: t.answer = Answer::of(nearest(s.dist2)); break;
      case Question::distance: t.answer = Answer::of(t.dist); break;
      case Question::gap: t.answer = Answer::of(g == 0 ? 0.0 : g); break;
      default: {
        std::vector<double> v;
        for (const auto& k : s.p) v.push_back(nearest(k));
        for (const auto& k : s.q) v.push_back(nearest(k));
        t.answer = Answer::vec(v);
      }
    }
    return t;
  }
  const cvx::ContactFacts f = cvx::core_contact(X, Y);
  PairTruth t;
  t.dist = nearest_sqrt(f.sep.dist2);
  t.boundary = f.closed ? f.depth : f.gap;
  switch (q) {
    case Question::closed_overlap: t.answer = Answer::of(f.closed); break;
    case Question::open_overlap: t.answer = Answer::of(f.open); break;  // depth > 0, as contact's open
    case Question::squared_distance: t.answer = Answer::of(nearest(f.sep.dist2)); break;
    case Question::distance: t.answer = Answer::of(t.dist); break;
    case Question::gap: t.answer = Answer::of(f.gap == 0 ? 0.0 : f.gap); break;
    case Question::depth: t.answer = f.closed ? Answer::of(f.depth) : Answer::none(); break;
    case Question::normal: t.answer = f.closed && f.normal ? Answer::vec(*f.normal) : Answer::none(); break;
    case Question::closest_points: {
      std::vector<double> v;
      for (const auto& s : f.sep.p) v.push_back(nearest(s));
      for (const auto& s : f.sep.q) v.push_back(nearest(s));
      t.answer = Answer::vec(v);
      break;
    }
    case Question::time_of_impact:
      throw invalid_input("time_of_impact: not asked of a box or hull (audit_sweep moves one)");
    case Question::direction:
    case Question::manifold_points:  // a manifold of no points: its normal (see manifold_near)
    case Question::manifold_separations:
      t.answer = f.closed ? nearest_least(least_of(X, Y, f), Answer::none(), l.dim) : Answer::none();
      break;
  }
  return t;
}

double extra_push(const PairLayout& l, Span c, const Answer& got) {
  if (!finite_direction(got, l.dim)) return kInf;
  const auto [X, Y] = pair_cores(l, c);
  const cvx::ContactFacts f = cvx::core_contact(X, Y);
  if (!f.closed || zero_depth(f)) return 0;
  const double stop = ulp_of(largest_of(c)) / 8;
  return std::fmax(0.0, exit_along(X, Y, f.R, unit_of(got, l.dim), stop) - f.depth);
}

Answer direction_near(const PairLayout& l, Span c, const Answer& got, double slack) {
  const auto [X, Y] = pair_cores(l, c);
  const cvx::ContactFacts f = cvx::core_contact(X, Y);
  if (!f.closed) return Answer::none();
  if (finite_direction(got, l.dim)) {
    if (zero_depth(f)) return got;  // every direction is right
    const double stop = ulp_of(largest_of(c)) / 8;
    if (exit_along(X, Y, f.R, unit_of(got, l.dim), stop) - f.depth <= slack) return got;
  }
  return nearest_least(least_of(X, Y, f), got, l.dim);
}

// ---------------------------------------------------------------------------
// Manifolds. A point is right when it is within the tolerance of both
// shapes (distance 0 inside); a separation when it is the exact one on the
// line through its point along the normal: where y begins minus where x
// ends. Those ends are exit distances (exit_along) from a point of the line
// inside each shape, found as the line's closest point to the shape (the
// line as a segment longer than everything the case holds).

namespace {

struct MPoint {
  std::array<double, 3> at{};
  double sep = 0;
};
struct MView {
  std::array<double, 3> n{};
  std::vector<MPoint> pts;
};

/// The packed manifold, or none when malformed (wrong length, non-finite
/// values, a zero normal).
std::optional<MView> manifold_view(const Answer& got, int dim) {
  const std::size_t d = static_cast<std::size_t>(dim);
  if (got.kind != Answer::Kind::vector || got.n < d || (got.n - d) % (d + 1) != 0) return std::nullopt;
  for (std::size_t i = 0; i < got.n; ++i)
    if (!std::isfinite(got.v[i])) return std::nullopt;
  Answer normal = got;
  normal.n = d;
  if (!finite_direction(normal, dim)) return std::nullopt;
  MView m;
  m.n = unit_of(normal, dim);
  for (std::size_t at = d; at < got.n; at += d + 1) {
    MPoint p;
    for (std::size_t k = 0; k < d; ++k) p.at[k] = got.v[at + k];
    p.sep = got.v[at + d];
    m.pts.push_back(p);
  }
  return m;
}

cvx::Core point_core(const std::array<double, 3>& p, int dim) {
  cvx::Core c;
  c.dim = dim;
  for (int k = 0; k < dim; ++k) c.c.emplace_back(p[static_cast<std::size_t>(k)]);
  return c;
}

/// The distance from p to shape X (0 inside) and X's nearest point to p.
std::pair<double, std::array<double, 3>> distance_to(const cvx::Core& X, const std::array<double, 3>& p) {
  const cvx::Separation s = cvx::core_distance(X, point_core(p, X.dim));
  const double core = nearest_sqrt(s.dist2), r = nearest(X.r);
  std::array<double, 3> q{};
  for (int k = 0; k < X.dim; ++k) {
    const std::size_t i = static_cast<std::size_t>(k);
    q[i] = nearest(s.p[i]);
    if (core > r && core > 0) q[i] += (p[i] - q[i]) * (r / core);  // X's surface, toward p
    else if (core > 0) q[i] = p[i];                                  // p inside
  }
  return {std::fmax(0.0, core - r), q};
}

/// How far X reaches along the line p + t n (n unit): {the least t, the
/// largest t} of the points of the line in X, none when it misses X.
/// `reach` bounds |t| of everything X holds; `stop` is the bisection's step.
std::optional<std::pair<double, double>> line_through(const cvx::Core& X, const std::array<double, 3>& p,
                                                      const std::array<double, 3>& n, double reach, double stop) {
  const std::size_t d = static_cast<std::size_t>(X.dim);
  cvx::Core line;
  line.dim = X.dim;
  for (double s : {-reach, reach})
    for (std::size_t k = 0; k < d; ++k) line.c.push_back(mpq_class(p[k]) + mpq_class(s) * mpq_class(n[k]));
  const cvx::Separation s = cvx::core_distance(X, line);
  if (s.dist2 > X.r * X.r) return std::nullopt;
  // q: the line's point nearest X's core, inside X; its parameter t_q.
  mpq_class tq = 0, nn = 0;
  for (std::size_t k = 0; k < d; ++k) tq += (s.q[k] - mpq_class(p[k])) * mpq_class(n[k]), nn += mpq_class(n[k]) * n[k];
  tq /= nn;
  cvx::Core q;
  q.dim = X.dim;
  q.c = s.q;
  const std::array<double, 3> back{-n[0], -n[1], -n[2]};
  const double t = nearest(tq);
  return std::pair{t - exit_along(X, q, X.r, back, stop), t + exit_along(X, q, X.r, n, stop)};
}

/// The exact separation along n at p (see manifold_near), none when the
/// line through p misses x or y.
std::optional<double> separation_at(const cvx::Core& X, const cvx::Core& Y, const std::array<double, 3>& p,
                                    const std::array<double, 3>& n, double reach, double stop) {
  const auto x = line_through(X, p, n, reach, stop);
  if (!x) return std::nullopt;
  const auto y = line_through(Y, p, n, reach, stop);
  if (!y) return std::nullopt;
  return y->first - x->second;
}

/// What manifold_near and manifold_severity share: the shapes, the view of
/// got, and the bounds of the line search.
struct ManifoldCase {
  cvx::Core X, Y;
  std::optional<MView> m;
  double reach = 0, stop = 0;
  ManifoldCase(const PairLayout& l, Span c, const Answer& got) {
    std::tie(X, Y) = pair_cores(l, c);
    m = manifold_view(got, l.dim);
    double big = largest_of(c);
    if (m)
      for (const MPoint& p : m->pts)
        for (double v : p.at) big = std::fmax(big, std::fabs(v));
    reach = 8 * big;  // every point of the case, and the answer's, within 4 big of p
    stop = ulp_of(largest_of(c)) / 8;
  }
};

}  // namespace

Answer manifold_near(Question q, const PairLayout& l, Span c, const Answer& got, double slack, double tolerance) {
  ManifoldCase k(l, c, got);
  const cvx::ContactFacts f = cvx::core_contact(k.X, k.Y);
  const mpq_class reach = f.R + mpq_class(tolerance);
  const bool allowed = f.closed || f.sep.dist2 <= reach * reach;  // apart by at most the tolerance
  if (!allowed) return Answer::none();
  if (got.kind == Answer::Kind::none)
    return f.closed ? nearest_least(least_of(k.X, k.Y, f), Answer::none(), l.dim) : Answer::none();
  if (!k.m) {  // malformed: the exact direction, with no points
    return f.closed ? nearest_least(least_of(k.X, k.Y, f), Answer::none(), l.dim)
                    : Answer::vec(std::vector<double>(static_cast<std::size_t>(l.dim), 0.0));
  }
  Answer right = got;
  const std::size_t d = static_cast<std::size_t>(l.dim);
  for (std::size_t i = 0; i < k.m->pts.size(); ++i) {
    const MPoint& p = k.m->pts[i];
    const std::size_t at = d + i * (d + 1);
    if (q == Question::manifold_points) {
      const auto [dx, qx] = distance_to(k.X, p.at);
      const auto [dy, qy] = distance_to(k.Y, p.at);
      if (std::fmax(dx, dy) - tolerance <= slack) continue;
      const auto& nearer = dx >= dy ? qx : qy;  // the point of the farther shape
      for (std::size_t j = 0; j < d; ++j) right.v[at + j] = nearer[j];
    } else {
      const auto s = separation_at(k.X, k.Y, p.at, k.m->n, k.reach, k.stop);
      if (!s || std::fabs(*s - p.sep) <= slack) continue;
      right.v[at + d] = *s;
    }
  }
  return right;
}

double manifold_severity(Question q, const PairLayout& l, Span c, const Answer& got, double tolerance) {
  ManifoldCase k(l, c, got);
  if (!k.m) return kInf;
  double worst = 0;
  for (const MPoint& p : k.m->pts) {
    if (q == Question::manifold_points) {
      worst = std::fmax(worst, std::fmax(distance_to(k.X, p.at).first, distance_to(k.Y, p.at).first) - tolerance);
    } else if (const auto s = separation_at(k.X, k.Y, p.at, k.m->n, k.reach, k.stop)) {
      worst = std::fmax(worst, std::fabs(*s - p.sep));
    }
  }
  return worst;
}

double solid_closest_residual(const PairLayout& l, Span c, const Answer& got) {
  const std::size_t d = static_cast<std::size_t>(l.dim);
  if (got.kind != Answer::Kind::vector || got.n != 2 * d) return kInf;
  for (std::size_t i = 0; i < got.n; ++i)
    if (!std::isfinite(got.v[i])) return kInf;
  const auto [X, Y] = pair_cores(l, c);
  auto point = [&](std::size_t at) {
    cvx::Core p;
    p.dim = l.dim;
    for (std::size_t k = 0; k < d; ++k) p.c.emplace_back(got.v[at + k]);
    return p;
  };
  const cvx::Core gx = point(0), gy = point(d);
  const double ex = nearest_sqrt(cvx::core_distance(gx, X, cvx::Pair::any).dist2);
  const double ey = nearest_sqrt(cvx::core_distance(gy, Y, cvx::Pair::any).dist2);
  mpq_class g2 = 0;
  for (std::size_t k = 0; k < d; ++k) g2 += (gy.c[k] - gx.c[k]) * (gy.c[k] - gx.c[k]);
  const double gap = std::fabs(nearest_sqrt(g2) - nearest_sqrt(cvx::core_distance(X, Y, cvx::Pair::any).dist2));
  return std::fmax(std::fmax(ex, ey), gap);
}

cvx::Core swept_core(const cvx::Core& X, Span v, const mpq_class& t) {
  cvx::Core s = X;
  s.hull_dim = -1;
  s.facets.clear();
  const std::size_t d = static_cast<std::size_t>(X.dim), n = X.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < d; ++k) s.c.push_back(X.c[i * d + k] + t * v[k]);
  return s;
}

namespace {
double margin_of(const cvx::Core& S, const cvx::Core& Y) {
  const cvx::ContactFacts f = cvx::core_contact(S, Y);
  return f.closed ? f.depth : f.gap;
}
}  // namespace

SweepTruth solid_sweep_truth(const PairLayout& l, Span c) {
  const std::size_t w = l.width(), d = static_cast<std::size_t>(l.dim);
  const auto [X, Y] = pair_cores(l, c.first(w));
  const Span v = c.subspan(w, d);
  SweepTruth t;
  mpq_class v2 = 0;
  for (const mpq_class& k : v) v2 += k * k;
  t.motion = nearest_sqrt(v2);
  t.boundary = margin_of(swept_core(X, v, 1), Y);
  const std::optional<double> toi = cvx::core_time_of_impact(X, Y, std::vector<mpq_class>(v.begin(), v.end()));
  t.answer = toi ? Answer::of(*toi) : Answer::none();
  return t;
}

double solid_sweep_margin(const PairLayout& l, Span c, double t) {
  const std::size_t w = l.width(), d = static_cast<std::size_t>(l.dim);
  const auto [X, Y] = pair_cores(l, c.first(w));
  return margin_of(swept_core(X, c.subspan(w, d), mpq_class(std::clamp(t, 0.0, 1.0))), Y);
}

}  // namespace exactgeom::audit::detail

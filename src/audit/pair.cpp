// Shape-pair audits (audit_pair in exactgeom/audit/audit.hpp): the exact answer to
// every Question for any two shapes, the distance of a case to its decision
// boundary, the cases of every family projected to the pair's shape kinds,
// and the `contact` query line (docs/queries.md) each wrong case replays as.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>

#include "solid.hpp"
#include "exactgeom/audit/audit.hpp"
#include "exactgeom/audit/subject.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/contact.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "exactgeom/vector.hpp"

namespace exactgeom::audit {

std::string_view to_string(Question q) {
  switch (q) {
    case Question::closed_overlap: return "closed_overlap";
    case Question::open_overlap: return "open_overlap";
    case Question::squared_distance: return "squared_distance";
    case Question::distance: return "distance";
    case Question::gap: return "gap";
    case Question::depth: return "depth";
    case Question::normal: return "normal";
    case Question::closest_points: return "closest_points";
    case Question::time_of_impact: return "time_of_impact";
    case Question::direction: return "direction";
    case Question::manifold_points: return "manifold_points";
    case Question::manifold_separations: return "manifold_separations";
  }
  return "?";
}

namespace detail {
namespace {

using Span = std::span<const mpq_class>;

double nearest(const mpq_class& q) { return ratio_to_double(q.get_num(), q.get_den()); }
double nearest_sqrt(const mpq_class& q) { return sqrt_ratio_to_double(q.get_num(), q.get_den()); }
double no_negative_zero(double v) { return v == 0 ? 0.0 : v; }

template <int D>
using QP = std::conditional_t<D == 2, Point2<mpq_class>, Point3<mpq_class>>;
template <int D>
using QS = std::conditional_t<D == 2, Segment2<mpq_class>, Segment3<mpq_class>>;
template <int D>
using QC = std::conditional_t<D == 2, Capsule2<mpq_class>, Capsule3<mpq_class>>;

template <int D>
QP<D> qpoint(Span c, std::size_t at) {
  if constexpr (D == 2) return {c[at], c[at + 1]};
  else return {c[at], c[at + 1], c[at + 2]};
}
template <int D, class P>
void push(std::vector<mpq_class>& v, const P& p) {
  v.push_back(to_mpq(p.x));
  v.push_back(to_mpq(p.y));
  if constexpr (D == 3) v.push_back(to_mpq(p.z));
}

/// The axis geometry of a pair: x's capsule (its axis and radius), and y as
/// a capsule or (3-D) a triangle; with `swapped`, x is the triangle and the
/// roles were exchanged (answers are turned back at the end).
template <int D>
struct Pair {
  QC<D> x;
  QC<D> y;
  std::optional<Triangle3<mpq_class>> tri;
  bool swapped = false;

  Pair(const PairLayout& l, Span c) {
    const std::size_t d = D, wx = l.x_width();
    Span a = c.first(wx), b = c.subspan(wx);
    if (l.x == ShapeKind::triangle) std::swap(a, b), swapped = true;
    x = QC<D>{{qpoint<D>(a, 0), qpoint<D>(a, d)}, a[2 * d]};
    if (l.x == ShapeKind::triangle || l.y == ShapeKind::triangle) {
      if constexpr (D == 3) tri = Triangle3<mpq_class>{qpoint<3>(b, 0), qpoint<3>(b, 3), qpoint<3>(b, 6)};
      y = QC<D>{};
    } else {
      y = QC<D>{{qpoint<D>(b, 0), qpoint<D>(b, d)}, b[2 * d]};
    }
  }
  mpq_class radius_sum() const { return tri ? x.r : mpq_class(x.r + y.r); }
  template <class Fn>
  decltype(auto) with_y(Fn fn) const {
    if constexpr (D == 3) {
      if (tri) return fn(*tri);
    }
    return fn(y);
  }
  bool meets(const QC<D>& moving) const {
    return with_y([&](const auto& other) { return intersects(moving, other); });
  }
  /// x's and y's closest axis points and their squared distance.
  void closest(std::vector<mpq_class>& px, std::vector<mpq_class>& py, mpq_class& d2) const {
    if constexpr (D == 3) {
      if (tri) {
        const auto cp = closest_points(x.seg, *tri);
        push<3>(px, cp.on_first), push<3>(py, cp.on_second);
        d2 = to_mpq(cp.squared_distance);
        return;
      }
    }
    const auto cp = closest_points(x.seg, y.seg);
    push<D>(px, cp.on_first), push<D>(py, cp.on_second);
    d2 = to_mpq(cp.squared_distance);
  }
};

/// The first t in [0, 1] at which the ball x.r moving from x.seg.a to
/// x.seg.b touches y, rounded to the nearest double (ties to the earlier);
/// the caller has checked that it touches at t = 1 and not at t = 0. The
/// swept region up to t, a capsule, grows with t, so "meets at t" is
/// monotone: bisection over the doubles of [0, 1], then one comparison with
/// the midpoint of the last two.
template <int D>
double first_contact(const Pair<D>& p) {
  auto meets_at = [&](const mpq_class& t) {
    QC<D> m = p.x;
    m.seg.b.x = p.x.seg.a.x + t * (p.x.seg.b.x - p.x.seg.a.x);
    m.seg.b.y = p.x.seg.a.y + t * (p.x.seg.b.y - p.x.seg.a.y);
    if constexpr (D == 3) m.seg.b.z = p.x.seg.a.z + t * (p.x.seg.b.z - p.x.seg.a.z);
    return p.meets(m);
  };
  std::uint64_t lo = 0, hi = std::bit_cast<std::uint64_t>(1.0);  // !meets(lo), meets(hi)
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (meets_at(mpq_class(std::bit_cast<double>(mid)))) hi = mid;
    else lo = mid;
  }
  const double l = std::bit_cast<double>(lo), h = std::bit_cast<double>(hi);
  return meets_at((mpq_class(l) + mpq_class(h)) / 2) ? l : h;
}

using exactgeom::axpy;  // the library's vector vocabulary (exactgeom/vector.hpp)
using exactgeom::cross;
using exactgeom::dot;
using exactgeom::sub;

/// Narrows [lo, hi] to the t with f0 + t f1 >= 0.
inline void clip(const mpq_class& f0, const mpq_class& f1, mpq_class& lo, mpq_class& hi) {
  if (f1 == 0) {
    if (f0 < 0) hi = lo - 1;  // empty (cannot happen: the canonical pair is inside)
    return;
  }
  const mpq_class t = -f0 / f1;
  if (f1 > 0) lo = std::max(lo, t);
  else hi = std::min(hi, t);
}

/// The exact closest pair of axis points nearest the answer `got`. For two
/// convex sets the closest pairs all have one difference w = q - p (the
/// shortest vector of the Minkowski difference), so they are (p, p + w) for
/// p in Z = X ∩ (Y - w), and the pair nearest (gx, gy) has p the projection
/// of m = (gx + gy - w) / 2 onto Z. Z is a point unless x's axis is parallel
/// to y's (collinear after the shift) or to y's triangle (in its plane after
/// the shift); then it is the part of x's axis, a + t d, with t in an
/// interval found exactly. Answers that are not 2D finite numbers get the
/// canonical pair (they are wrong against any), and so does an answer
/// nearer the canonical pair than the projection.
template <int D>
Answer nearest_pair(const Pair<D>& p, const Answer& got) {
  std::vector<mpq_class> px, py;
  mpq_class d2;
  p.closest(px, py, d2);
  auto answer = [&](const QP<D>& on_x, const QP<D>& on_y) {
    auto coords = [](const QP<D>& q) {
      if constexpr (D == 2) return std::vector<mpq_class>{q.x, q.y};
      else return std::vector<mpq_class>{q.x, q.y, q.z};
    };
    std::vector<mpq_class> ax = coords(on_x), ay = coords(on_y);
    if (p.swapped) std::swap(ax, ay);
    std::vector<double> v;
    for (const auto& s : ax) v.push_back(nearest(s));
    for (const auto& s : ay) v.push_back(nearest(s));
    return Answer::vec(v);
  };
  auto point = [](const std::vector<mpq_class>& v, std::size_t at) {
    if constexpr (D == 2) return QP<D>{v[at], v[at + 1]};
    else return QP<D>{v[at], v[at + 1], v[at + 2]};
  };
  const QP<D> cx = point(px, 0), cy = point(py, 0);
  bool finite = got.kind == Answer::Kind::vector && got.n == 2 * D;
  for (std::size_t i = 0; finite && i < got.n; ++i) finite = std::isfinite(got.v[i]);
  const QP<D> a = p.x.seg.a, dir = sub(p.x.seg.b, p.x.seg.a), w = sub(cy, cx);
  const mpq_class dd = dot(dir, dir);
  if (!finite || dd == 0) return answer(cx, cy);
  std::vector<mpq_class> g(got.v.begin(), got.v.begin() + 2 * D);
  const std::size_t ox = p.swapped ? D : 0, oy = p.swapped ? 0 : D;  // got is (caller's x, caller's y)
  const QP<D> gx = point(g, ox), gy = point(g, oy);
  // t range of Z on x's axis: [0, 1] clipped by "a + t dir + w in y".
  mpq_class lo = 0, hi = 1;
  bool line = false;  // Z may be more than a point
  if (!p.tri) {
    const QP<D> e = sub(p.y.seg.b, p.y.seg.a);
    const mpq_class ee = dot(e, e), de = dot(dir, e);
    if (ee != 0 && de * de == dd * ee) {  // parallel (Cauchy-Schwarz equality)
      line = true;
      // s(t) = ((a + w - b0) . e + t (dir . e)) / |e|^2 in [0, 1]
      const mpq_class s0 = dot(sub(axpy(a, w, mpq_class(1)), p.y.seg.a), e);
      clip(s0, de, lo, hi);             // s >= 0
      clip(ee - s0, -de, lo, hi);       // s <= 1
    }
  } else if constexpr (D == 3) {
    const auto& T = *p.tri;
    const Point3<mpq_class> n = cross(sub(T.b, T.a), sub(T.c, T.a));
    if (dot(n, n) != 0 && dot(dir, n) == 0) {  // x's axis parallel to the plane
      line = true;
      const Point3<mpq_class> v[3] = {T.a, T.b, T.c};
      for (int i = 0; i < 3; ++i) {  // inside edge i: ((v[i+1] - v[i]) x (p - v[i])) . n >= 0
        const Point3<mpq_class> edge = sub(v[(i + 1) % 3], v[i]);
        const Point3<mpq_class> base = sub(axpy(a, w, mpq_class(1)), v[i]);
        clip(dot(cross(edge, base), n), dot(cross(edge, dir), n), lo, hi);
      }
    }
  }
  if (!line || hi < lo) return answer(cx, cy);
  QP<D> m = axpy(gx, sub(gy, w), mpq_class(1));
  m = axpy(QP<D>{}, m, mpq_class(1, 2));
  const mpq_class t = std::clamp(mpq_class(dot(sub(m, a), dir) / dd), lo, hi);
  const QP<D> on_x = axpy(a, dir, t);
  // The projection of a rounded answer lands within rounding of the pair it
  // came from, not on it: an answer that is the rounded canonical pair is
  // judged against that pair.
  const Answer canonical = answer(cx, cy), near = answer(on_x, axpy(on_x, w, mpq_class(1)));
  return abs_error(canonical, got) <= abs_error(near, got) ? canonical : near;
}

template <int D>
PairTruth truth(Question q, const PairLayout& l, Span c) {
  const Pair<D> p(l, c);
  const mpq_class R = p.radius_sum();
  std::vector<mpq_class> px, py;
  mpq_class d2;
  p.closest(px, py, d2);
  if (p.swapped) std::swap(px, py);  // px on the x the caller named
  PairTruth t;
  t.dist = nearest_sqrt(d2);
  t.boundary = std::fabs(round_depth(R, d2));
  const bool meets = p.meets(p.x);
  switch (q) {
    case Question::closed_overlap: t.answer = Answer::of(meets); break;
    case Question::open_overlap:
      t.answer = Answer::of(p.with_y([&](const auto& other) { return interiors_overlap(p.x, other); }));
      break;
    case Question::squared_distance: t.answer = Answer::of(nearest(d2)); break;
    case Question::distance: t.answer = Answer::of(t.dist); break;
    case Question::gap: t.answer = Answer::of(no_negative_zero(-round_depth(R, d2))); break;
    case Question::depth:
      // contact's depth, the one reference (issue 43): R - dist when the
      // axes are apart, R + P when they meet (a capsule whose axis pierces
      // the triangle must also pull its segment out; R alone was expected
      // here while contact and eval said R + P).
      t.answer = meets ? Answer::of(p.with_y([&](const auto& other) { return contact(p.x, other)->depth; }))
                       : Answer::none();
      break;
    case Question::normal: {
      if (!meets || d2 == 0) {
        t.answer = Answer::none();
        break;
      }
      std::vector<double> n;
      for (int i = 0; i < D; ++i) n.push_back(round_unit_component(py[i] - px[i], d2));
      t.answer = Answer::vec(n);
      break;
    }
    case Question::closest_points: {
      std::vector<double> v;
      for (const auto& s : px) v.push_back(nearest(s));
      for (const auto& s : py) v.push_back(nearest(s));
      t.answer = Answer::vec(v);
      break;
    }
    case Question::direction:  // answered by solid_truth, as the manifold questions
    case Question::manifold_points:
    case Question::manifold_separations:
    case Question::time_of_impact: {
      mpq_class m2 = 0;
      m2 += (p.x.seg.b.x - p.x.seg.a.x) * (p.x.seg.b.x - p.x.seg.a.x);
      m2 += (p.x.seg.b.y - p.x.seg.a.y) * (p.x.seg.b.y - p.x.seg.a.y);
      if constexpr (D == 3) m2 += (p.x.seg.b.z - p.x.seg.a.z) * (p.x.seg.b.z - p.x.seg.a.z);
      t.motion = nearest_sqrt(m2);
      QC<D> start = p.x;
      start.seg.b = start.seg.a;
      t.answer = !meets ? Answer::none() : p.meets(start) ? Answer::of(0.0) : Answer::of(first_contact(p));
      break;
    }
  }
  return t;
}

/// The pairs a question is defined for: the moving ball of time_of_impact
/// is x, so x cannot be the triangle.
void require_defined(Question q, const PairLayout& l) {
  if (q == Question::time_of_impact && l.x == ShapeKind::triangle)
    throw invalid_input("time_of_impact: x is the moving ball (a capsule), not a triangle");
  if (q == Question::time_of_impact && (is_solid_kind(l.x) || is_solid_kind(l.y)))
    throw invalid_input("time_of_impact: not asked of a box or hull by audit_pair; audit_sweep moves one");
}

}  // namespace

/// How far `got` is from being a closest pair, as a length: the larger of
/// its points' distances to their axes and of |their distance - the exact
/// distance|. This is the severity of a closest-points answer: near a
/// shallow crossing the exact pair moves far when an input moves one ULP,
/// so its forward error says little; this residual is small exactly when a
/// nearby input has the answer as its closest pair.
template <int D>
double residual(const Pair<D>& p, const Answer& got) {
  if (got.kind != Answer::Kind::vector || got.n != 2 * D) return std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < got.n; ++i)
    if (!std::isfinite(got.v[i])) return std::numeric_limits<double>::infinity();
  auto point = [&](std::size_t at) {
    if constexpr (D == 2) return QP<D>{got.v[at], got.v[at + 1]};
    else return QP<D>{got.v[at], got.v[at + 1], got.v[at + 2]};
  };
  const QP<D> gx = point(p.swapped ? D : 0), gy = point(p.swapped ? 0 : D);
  std::vector<mpq_class> px, py;
  mpq_class d2;
  p.closest(px, py, d2);
  const double ex = nearest_sqrt(to_mpq(squared_distance(gx, p.x.seg)));
  double ey = 0;
  if constexpr (D == 3) {
    if (p.tri) ey = nearest_sqrt(to_mpq(squared_distance(gy, *p.tri)));
    else ey = nearest_sqrt(to_mpq(squared_distance(gy, p.y.seg)));
  } else {
    ey = nearest_sqrt(to_mpq(squared_distance(gy, p.y.seg)));
  }
  const QP<D> g = sub(gy, gx);
  const double gap = std::fabs(nearest_sqrt(dot(g, g)) - nearest_sqrt(d2));
  return std::fmax(std::fmax(ex, ey), gap);
}

double closest_points_residual(const PairLayout& l, std::span<const mpq_class> c, const Answer& got) {
  if (is_solid_kind(l.x) || is_solid_kind(l.y)) return solid_closest_residual(l, c, got);
  if (l.dim == 2) return residual<2>(Pair<2>(l, c), got);
  return residual<3>(Pair<3>(l, c), got);
}

Answer nearest_closest_pair(const PairLayout& l, std::span<const mpq_class> c, const Answer& got) {
  if (is_solid_kind(l.x) || is_solid_kind(l.y)) {
    // Closest pairs of a box or hull form sets (faces parallel to faces):
    // an answer within one ULP of the case's largest magnitude of being a
    // closest pair (its residual) is judged right, else against the
    // engine's pair.
    double m = 0;
    for (const mpq_class& v : c) m = std::fmax(m, std::fabs(nearest(v)));
    if (solid_closest_residual(l, c, got) <= ulp_of(m > 0 ? m : 1)) return got;
    return solid_truth(Question::closest_points, l, c).answer;
  }
  if (l.dim == 2) return nearest_pair<2>(Pair<2>(l, c), got);
  return nearest_pair<3>(Pair<3>(l, c), got);
}

PairTruth pair_truth_of(Question q, const PairLayout& l, std::span<const mpq_class> c, bool boundary = true) {
  require_defined(q, l);
  if (solid_question(q, l)) return solid_truth(q, l, c, boundary);
  return l.dim == 2 ? truth<2>(q, l, c) : truth<3>(q, l, c);
}

// ---------------------------------------------------------------------------
// Sweeps: x (a ball or capsule) translated by v during the frame.

namespace {

using Q3 = Point3<mpq_class>;

/// A case's sweep in 3-D rationals (2-D cases at z = 0): x's axis a..b, the
/// motion v, y's axis or triangle, and the radius sum.
struct Sweep {
  Q3 a, b, v;
  std::optional<Segment3<mpq_class>> yseg;
  std::optional<Triangle3<mpq_class>> ytri;
  mpq_class R;

  Sweep(const PairLayout& l, Span c) {
    const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width(), w = l.width();
    auto pt = [&](std::size_t at) { return Q3{c[at], c[at + 1], d == 3 ? c[at + 2] : mpq_class(0)}; };
    a = pt(0), b = pt(d), v = pt(w);
    R = c[2 * d];
    if (l.y == ShapeKind::triangle) {
      ytri = Triangle3<mpq_class>{pt(wx), pt(wx + 3), pt(wx + 6)};
    } else {
      yseg = Segment3<mpq_class>{pt(wx), pt(wx + d)};
      R += c[wx + 2 * d];
    }
  }
  /// The squared distance between y's core and the region x's axis sweeps
  /// over [0, t]: the parallelogram a, b, b + t v, a + t v (as two
  /// triangles; degenerate ones are handled by segment_triangle.hpp). Two
  /// triangles are at the least distance of an edge of one to the other.
  mpq_class d2_by(const mpq_class& t) const {
    const Q3 at{a.x + t * v.x, a.y + t * v.y, a.z + t * v.z}, bt{b.x + t * v.x, b.y + t * v.y, b.z + t * v.z};
    const Triangle3<mpq_class> p1{a, b, bt}, p2{a, bt, at};
    auto d2 = [](const auto& x, const auto& y) { return to_mpq(squared_distance(x, y)); };
    if (yseg) return std::min(d2(*yseg, p1), d2(*yseg, p2));
    const Triangle3<mpq_class>& T = *ytri;
    mpq_class m = d2(Segment3<mpq_class>{a, b}, T);
    for (const Segment3<mpq_class>& e : {Segment3<mpq_class>{b, bt}, Segment3<mpq_class>{bt, at},
                                         Segment3<mpq_class>{at, a}})
      m = std::min(m, d2(e, T));
    for (const Segment3<mpq_class>& e : {Segment3<mpq_class>{T.a, T.b}, Segment3<mpq_class>{T.b, T.c},
                                         Segment3<mpq_class>{T.c, T.a}})
      m = std::min({m, d2(e, p1), d2(e, p2)});
    return m;
  }
  bool meets_by(const mpq_class& t) const { return d2_by(t) <= R * R; }
};

/// AuditSubject::nonnegative of layout l: radii and half extents.
std::vector<bool> nonnegative_of(const PairLayout& l) {
  std::vector<bool> v(l.width(), false);
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
  for (auto [k, at] : {std::pair{l.x, std::size_t{0}}, std::pair{l.y, wx}}) {
    if (k != ShapeKind::triangle) v[at + radius_index(k, l.dim)] = true;
    if (k == ShapeKind::box)
      for (std::size_t i = 0; i < d; ++i) v[at + d + d * d + i] = true;
  }
  return v;
}
/// The radii's sum of a case of layout l (a triangle has none).
double radius_sum_of(const PairLayout& l, std::span<const double> c) {
  const std::size_t wx = l.x_width();
  return (l.x != ShapeKind::triangle ? c[radius_index(l.x, l.dim)] : 0.0) +
         (l.y != ShapeKind::triangle ? c[wx + radius_index(l.y, l.dim)] : 0.0);
}

/// AuditSubject::shape_class of a case of layout l: per shape, a
/// triangle's rank (0: corners all equal, 1: collinear, 2: spanning,
/// decided exactly), else whether its axis has length and its radius is 0;
/// x's class in the high digits.
int shape_class_of(const PairLayout& l, std::span<const double> c) {
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width(), w = l.width();
  auto one = [d](ShapeKind k, std::span<const double> s) {
    if (is_solid_kind(k)) {
      // The dimension of the shape (exact rank, 0 .. dim): of a box's
      // edges half[i] axes[i], of a hull's points' differences.
      std::vector<std::vector<mpq_class>> e;
      for (std::size_t i = 1; i < (k == ShapeKind::box ? d + 1 : kHullPoints); ++i) {
        std::vector<mpq_class> v(d);
        bool nz = false;
        for (std::size_t j = 0; j < d; ++j) {
          if (k == ShapeKind::box) v[j] = mpq_class(s[d + d * d + i - 1]) * s[d + (i - 1) * d + j];
          else v[j] = mpq_class(s[i * d + j]) - s[j];
          nz = nz || sgn(v[j]) != 0;
        }
        if (nz) e.push_back(v);
      }
      int rank = e.empty() ? 0 : 1;
      for (std::size_t a = 0; rank == 1 && a < e.size(); ++a)
        for (std::size_t b = a + 1; rank == 1 && b < e.size(); ++b) {
          if (d == 2) rank = sgn(e[a][0] * e[b][1] - e[a][1] * e[b][0]) != 0 ? 2 : 1;
          else if (sgn(e[a][1] * e[b][2] - e[a][2] * e[b][1]) != 0 || sgn(e[a][2] * e[b][0] - e[a][0] * e[b][2]) != 0 ||
                   sgn(e[a][0] * e[b][1] - e[a][1] * e[b][0]) != 0) {
            rank = 2;
            for (std::size_t g = 0; g < e.size() && rank == 2; ++g) {
              const mpq_class det = e[a][0] * (e[b][1] * e[g][2] - e[b][2] * e[g][1]) -
                                    e[a][1] * (e[b][0] * e[g][2] - e[b][2] * e[g][0]) +
                                    e[a][2] * (e[b][0] * e[g][1] - e[b][1] * e[g][0]);
              if (sgn(det) != 0) rank = 3;
            }
          }
        }
      if (k != ShapeKind::box) return 24 + rank;
      // How far the axes are from orthonormal (engines take them as a
      // rotation): within 4e-15 (a rotation rounded to double), within
      // 1e-6 (to float), or not. Shrinking keeps the class, so a kept case
      // never blames an engine for a box that is not a rotation.
      double off = 0;
      for (std::size_t i = 0; i < d; ++i)
        for (std::size_t j = 0; j < d; ++j) {
          double dot = 0;
          for (std::size_t q = 0; q < d; ++q) dot += s[d + i * d + q] * s[d + j * d + q];
          off = std::fmax(off, std::fabs(dot - (i == j ? 1.0 : 0.0)));
        }
      const int rotation = off <= 4e-15 ? 2 : off <= 1e-6 ? 1 : 0;
      return 12 + rank + 4 * rotation;
    }
    if (k == ShapeKind::triangle) {
      mpq_class u[3], v[3];
      for (std::size_t i = 0; i < 3; ++i) u[i] = mpq_class(s[3 + i]) - s[i], v[i] = mpq_class(s[6 + i]) - s[i];
      const mpq_class n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
      if (sgn(n[0]) != 0 || sgn(n[1]) != 0 || sgn(n[2]) != 0) return 2;
      bool all_equal = true;
      for (std::size_t i = 0; i < 3; ++i) all_equal = all_equal && sgn(u[i]) == 0 && sgn(v[i]) == 0;
      return all_equal ? 0 : 1;
    }
    bool length = false;
    for (std::size_t i = 0; i < d; ++i) length = length || s[i] != s[d + i];
    return 4 + 2 * int(length) + int(s[2 * d] == 0);
  };
  return one(l.x, c.first(wx)) * 32 + one(l.y, c.subspan(wx, w - wx));
}

/// A time-of-impact case of audit_pair (x's axis a -> b is the path of
/// the ball at a) as a case of audit_sweep's layout: x the ball at a, y,
/// then the motion v = b - a.
std::vector<mpq_class> ball_sweep_case(const PairLayout& l, std::vector<mpq_class> c) {
  const std::size_t d = static_cast<std::size_t>(l.dim);
  std::vector<mpq_class> v(d);
  for (std::size_t k = 0; k < d; ++k) {
    v[k] = c[d + k] - c[k];
    c[d + k] = c[k];
  }
  c.insert(c.end(), v.begin(), v.end());
  return c;
}

}  // namespace

SweepTruth sweep_truth(const PairLayout& l, std::span<const mpq_class> c) {
  if (is_solid_kind(l.x) || is_solid_kind(l.y)) return solid_sweep_truth(l, c);
  const Sweep sw(l, c);
  SweepTruth t;
  t.motion = nearest_sqrt(sw.v.x * sw.v.x + sw.v.y * sw.v.y + sw.v.z * sw.v.z);
  const mpq_class whole = sw.d2_by(1);
  t.boundary = touching_margin(whole, sw.R);
  if (whole > sw.R * sw.R) {
    t.answer = Answer::none();
    return t;
  }
  if (sw.meets_by(0)) {
    t.answer = Answer::of(0.0);
    return t;
  }
  // "Meets by t" grows with t: bisection over the doubles of [0, 1], then
  // the midpoint of the last two decides the rounding (ties to the earlier).
  std::uint64_t lo = 0, hi = std::bit_cast<std::uint64_t>(1.0);
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (sw.meets_by(mpq_class(std::bit_cast<double>(mid)))) hi = mid;
    else lo = mid;
  }
  const double a = std::bit_cast<double>(lo), b = std::bit_cast<double>(hi);
  t.answer = Answer::of(sw.meets_by((mpq_class(a) + mpq_class(b)) / 2) ? a : b);
  return t;
}

/// The largest distance between the shapes the adapters hold and the ones
/// requested (the first l.width() values of a case; a hull by each requested
/// point's distance to the held hull), for FamilyAudit::max_held_offset.
std::function<double(std::span<const double>)> held_offset_of(
    const std::function<std::vector<mpq_class>(std::span<const double>)>& held, const PairLayout& l) {
  return [held, l](std::span<const double> c) {
      const std::vector<mpq_class> h = held(c.first(l.width()));
      auto gap = [&](std::size_t i, std::size_t j) {
        const mpq_class diff = h[j] - mpq_class(c[i]);
        return std::fabs(ratio_to_double(diff.get_num(), diff.get_den()));
      };
      double m = 0;
      const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
      for (auto [k, at] : {std::pair{l.x, std::size_t{0}}, std::pair{l.y, wx}}) {
        const std::size_t w = flat_width(k, l.dim);
        if (k != ShapeKind::hull) {
          for (std::size_t i = at; i < at + w; ++i) m = std::fmax(m, gap(i, i));
          continue;
        }
        // A hull's held corners come sorted and without its inner points:
        // each requested point's distance to the held hull (its core).
        cvx::Core hull = flat_core(k, l.dim, std::span<const mpq_class>(h).subspan(at, w));
        hull.r = 0;
        for (std::size_t i = 0; i < kHullPoints; ++i) {
          cvx::Core p;
          p.dim = l.dim;
          for (std::size_t j = 0; j < d; ++j) p.c.emplace_back(c[at + i * d + j]);
          const mpq_class d2 = cvx::core_distance(p, hull, cvx::Pair::any).dist2;
          m = std::fmax(m, std::sqrt(ratio_to_double(d2.get_num(), d2.get_den())));
        }
        m = std::fmax(m, gap(at + w - 1, at + w - 1));
      }
      return m;
    };
}

AuditSubject sweep_subject_of(const PairLayout& l, bool float_x, bool float_y, std::string name,
                              std::function<std::vector<mpq_class>(std::span<const double>)> held = {},
                              std::optional<SweepTarget> target = std::nullopt) {
  if (l.x == ShapeKind::triangle) throw invalid_input("audit_sweep: the moving shape cannot be a triangle");
  if (target && !(std::isfinite(target->separation) && target->separation >= 0 && std::isfinite(target->tolerance) &&
                  target->tolerance >= 0))
    throw invalid_input("audit_sweep: a target's separation and tolerance must be finite and >= 0");
  using F = CaseFamily;
  AuditSubject s;
  s.name = std::move(name);
  s.question = "the first time t in [0, 1] at which x, translated by t v, touches y, correctly rounded, none when "
               "it never does; reference: the exact distance of the region x's axis sweeps (" +
               std::to_string(l.dim) + "-D)";
  const bool tri = l.y == ShapeKind::triangle;
  const bool solid = is_solid_kind(l.x) || is_solid_kind(l.y);
  s.families = {F::random, F::near_degenerate, F::touching, F::parallel_zero_length, F::far_from_origin,
                F::large_offsets};
  if (tri) s.families.insert(s.families.end(), {F::piercing_triangle, F::degenerate_triangle});
  else s.families.insert(s.families.end(), {F::collinear_gaps, F::nearly_parallel, F::zero_length});
  if (solid) {
    s.families = cases::solid_families(l);
    s.families.push_back(F::grazing_cast);
  }
  const std::size_t w = l.width(), d = static_cast<std::size_t>(l.dim);
  s.width = w + d;
  // A family's pair is where x stands at t* = k/8; x starts t* v earlier.
  // v has length 1 to 20 in a random direction (grazing_cast: in the plane
  // of the face the pair's corner touches, so that x starts beside the face
  // and its path grazes the face's edge), reversed for one case in four
  // (contact at the start, or none).
  s.generate = [l, float_x, float_y, w, d](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    std::array<double, 3> slide{};
    if (f == F::grazing_cast) cases::solid_pair(f, l, float_x, float_y, seed, i, c.first(w), &slide);
    else cases::shape_pair(f, l, float_x, float_y, seed, i, c.first(w));
    std::mt19937_64 r(seed ^ (0x9e3779b97f4a7c15ULL * (i + 1)) ^ 0x5eeb5eebULL);  // per case
    std::uniform_real_distribution<double> u(-1, 1);
    double v[3] = {u(r), u(r), d == 3 ? u(r) : 0.0}, n = 0;
    if (f == F::grazing_cast) std::copy(slide.begin(), slide.end(), v);
    for (double x : v) n += x * x;
    const double len = std::ldexp(std::floor(std::uniform_real_distribution<double>(1, 20)(r) * 8), -3);
    const double ts = double(1 + r() % 7) / 8, sign = r() % 4 == 0 ? -1.0 : 1.0;
    for (std::size_t k = 0; k < d; ++k) {
      double vk = sign * len * v[k] / std::sqrt(n);
      if (float_x) vk = double(float(vk));
      c[w + k] = vk;
      // x's points move back: a box's centre, a hull's points, else both
      // axis endpoints.
      const std::size_t points = l.x == ShapeKind::box ? 1 : l.x == ShapeKind::hull ? kHullPoints : 2;
      for (std::size_t e = 0; e < points; ++e) {
        double p = c[e * d + k] - ts * vk;
        if (float_x) p = double(float(p));
        c[e * d + k] = p;
      }
    }
  };
  // The reference's case: the held shapes (to_exact) when an adapter reads
  // them back, x grown by the target separation, then v.
  const double grow = target ? target->separation : 0.0;
  auto rationals = [l, w, held, grow](std::span<const double> c) {
    std::vector<mpq_class> q;
    if (held) q = held(c.first(w));
    else q.assign(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(w));
    q.insert(q.end(), c.begin() + static_cast<std::ptrdiff_t>(w), c.end());
    if (grow > 0) q[radius_index(l.x, l.dim)] += grow;
    return q;
  };
  if (target) {
    char band[96];
    std::snprintf(band, sizeof band, " (to separation %.9g, within %.9g)", target->separation, target->tolerance);
    s.question = "the first time t in [0, 1] at which x, translated by t v, comes within a target separation of y" +
                 std::string(band) + ", none when it never does; right when the region x sweeps by the answered "
                 "time is within the tolerance of that separation; reference: the exact distance of the region x's "
                 "axis sweeps (" + std::to_string(l.dim) + "-D)";
    s.right_within = target->tolerance;
  }
  s.exact = [l, rationals](std::span<const double> c) { return sweep_truth(l, rationals(c)).answer; };
  s.query = [l, rationals](std::span<const double> c) {
    // The `sweep` line of docs/queries.md (x at its start, moving by v) and
    // the raw case.
    return cases::with_case(cases::sweep_query(l, rationals(c)), c);
  };
  s.normalize = [l, float_x, float_y, w](std::span<double> c) {
    for (std::size_t k = w; k < c.size(); ++k)
      if (!std::isfinite(c[k]) || (float_x && double(float(c[k])) != c[k])) return false;
    return cases::normalize_pair(l, float_x, float_y, c.first(w));
  };
  s.shape_class = [l, w](std::span<const double> c) {
    bool moves = false;
    for (std::size_t k = w; k < c.size(); ++k) moves = moves || c[k] != 0;
    return 2 * shape_class_of(l, c.first(w)) + int(moves);
  };
  s.nonnegative = nonnegative_of(l);
  s.nonnegative.resize(s.width, false);
  if (solid) s.shrink_budget = 100;
  s.answer_scale_power = 0;
  s.radius_sum = [l](std::span<const double> c) { return radius_sum_of(l, c); };
  // Severity is a backward error: how far the region swept by the answered
  // time is from touching y (its gap when the answer is early, its deepest
  // penetration when late). Unlike |t - t*| |v|, it stays small for a
  // glancing contact, where a rounding-level move of a shape shifts the
  // first contact far along the motion.
  const bool by_time = target.has_value();  // a time is judged by the region swept by then
  s.margin = [l, rationals, solid, by_time](std::span<const double> c, const Answer& exact, const Answer& got) {
    if (solid) {
      if (got.kind == Answer::Kind::none || (exact.kind == Answer::Kind::none && !by_time))
        return std::fabs(solid_sweep_truth(l, rationals(c)).boundary);
      if (got.kind != Answer::Kind::real || !std::isfinite(got.x)) return std::numeric_limits<double>::infinity();
      return std::fabs(solid_sweep_margin(l, rationals(c), got.x));
    }
    const Sweep sw(l, rationals(c));
    if (got.kind == Answer::Kind::none || (exact.kind == Answer::Kind::none && !by_time))
      return touching_margin(sw.d2_by(1), sw.R);  // sweep_truth's boundary, without its bisection
    if (got.kind != Answer::Kind::real || !std::isfinite(got.x)) return std::numeric_limits<double>::infinity();
    return touching_margin(sw.d2_by(mpq_class(std::clamp(got.x, 0.0, 1.0))), sw.R);
  };
  if (held) s.held_offset = held_offset_of(held, l);
  return s;
}

AuditSubject pair_subject_of(Question q, const PairLayout& l, bool float_x, bool float_y, std::string name,
                          std::function<std::vector<mpq_class>(std::span<const double>)> held,
                          double contact_tolerance = 0) {
  require_defined(q, l);  // at once, not at the first case
  using F = CaseFamily;
  AuditSubject s;
  s.name = std::move(name);
  static constexpr const char* kAsk[] = {
      "do the closed shapes meet (touching counts)? reference: exactgeom::intersects",
      "do the shapes overlap by more than touching (penetration depth > 0)? reference: "
      "exactgeom::interiors_overlap",
      "the squared distance between the axes, correctly rounded; reference: exactgeom::closest_points",
      "the distance between the axes, correctly rounded; reference: exactgeom::closest_points",
      "the signed gap distance - r1 - r2, correctly rounded; reference: exactgeom::contact",
      "the penetration depth (r1 + r2 - distance when the axes are apart, r1 + r2 + the axes' own "
      "penetration when they cross), correctly rounded, none without contact; reference: exactgeom::contact",
      "the unit contact normal from x toward y, each component correctly rounded, none without contact "
      "or when the axes meet; reference: exactgeom::contact",
      "a closest pair of axis points (x's, then y's), each coordinate correctly rounded; reference: "
      "exactgeom::closest_points",
      "the first time t in [0, 1] at which the ball moving along x's axis touches y, correctly rounded, "
      "none when it never does; reference: exactgeom::intersects of the swept capsule",
      "a unit direction along which y moves to separate by the least translation, none without contact; "
      "right when y separates along it within four ULPs (of the case's largest magnitude) of the least translation; reference: "
      "exactgeom::contact's depth_normal and the exact exit distance",
      "a contact manifold's points, each within the stated tolerance of both shapes (inside counts as on; "
      "four ULPs of the case's largest magnitude allowed), none for shapes apart by more than the tolerance; "
      "reference: the exact distance from each point to each shape",
      "a contact manifold's separations, each the exact one along the normal at its point (where y begins "
      "minus where x ends on that line) within four ULPs of the case's largest magnitude, none for shapes "
      "apart by more than the tolerance; reference: the exact line-shape intervals"};
  static_assert(std::size(kAsk) == static_cast<std::size_t>(Question::manifold_separations) + 1);
  s.question = std::string(kAsk[static_cast<int>(q)]) + " (" + std::to_string(l.dim) + "-D)";
  const bool manifold = q == Question::manifold_points || q == Question::manifold_separations;
  if (manifold && contact_tolerance > 0) {
    char tol[64];
    std::snprintf(tol, sizeof tol, "; stated tolerance %.17g", contact_tolerance);
    s.question += tol;
  }
  const bool solid = is_solid_kind(l.x) || is_solid_kind(l.y);
  if (solid && q == Question::open_overlap)
    s.question = "do the shapes overlap by more than touching (penetration depth > 0)? reference: exactgeom::contact (" +
                 std::to_string(l.dim) + "-D)";
  const bool tri = l.x == ShapeKind::triangle || l.y == ShapeKind::triangle;
  s.families = {F::random, F::near_degenerate, F::touching, F::parallel_zero_length, F::far_from_origin,
                F::large_offsets};
  if (tri) s.families.insert(s.families.end(), {F::piercing_triangle, F::degenerate_triangle});
  else s.families.insert(s.families.end(), {F::collinear_gaps, F::nearly_parallel, F::zero_length});
  if (solid) s.families = cases::solid_families(l);
  s.width = l.width();
  s.generate = [l, float_x, float_y](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    cases::shape_pair(f, l, float_x, float_y, seed, i, c);
  };
  auto rationals = [held](std::span<const double> c) {
    if (held) return held(c);
    std::vector<mpq_class> v;
    v.reserve(c.size());
    for (double x : c) v.emplace_back(x);
    return v;
  };
  s.exact = [q, l, rationals](std::span<const double> c) {
    return pair_truth_of(q, l, rationals(c), /*boundary=*/false).answer;
  };
  if (q == Question::closest_points)
    s.exact_near = [l, rationals](std::span<const double> c, const Answer& got) {
      return nearest_closest_pair(l, rationals(c), got);
    };
  if (manifold)
    s.exact_near = [q, l, rationals, contact_tolerance](std::span<const double> c, const Answer& got) {
      double m = 0;
      for (double v : c) m = std::fmax(m, std::fabs(v));
      return manifold_near(q, l, rationals(c), got, 4 * ulp_of(m > 0 ? m : 1), contact_tolerance);
    };
  if (q == Question::direction)
    s.exact_near = [l, rationals](std::span<const double> c, const Answer& got) {
      double m = 0;
      for (double v : c) m = std::fmax(m, std::fabs(v));
      // Four ULPs: the depth (up to a few times m) is rounded, the exit
      // distance found to an eighth of one.
      return direction_near(l, rationals(c), got, 4 * ulp_of(m > 0 ? m : 1));
    };
  // The line replays the question about the shapes the reference was asked
  // about: the held shapes, exactly, where an adapter reads them back
  // (to_exact); a time of impact as the `sweep` of the ball at x's start.
  s.query = [q, l, held, rationals](std::span<const double> c) {
    if (q == Question::time_of_impact) return cases::sweep_query(l, ball_sweep_case(l, rationals(c)));
    if (held) return cases::contact_query(l, std::span<const mpq_class>(held(c)));
    return cases::contact_query(l, c);
  };
  s.normalize = [l, float_x, float_y](std::span<double> c) {
    return cases::normalize_pair(l, float_x, float_y, c);
  };
  s.shape_class = [l](std::span<const double> c) { return shape_class_of(l, c); };
  if (solid || q == Question::direction || manifold) s.shrink_budget = 100;
  s.nonnegative = nonnegative_of(l);
  auto has_radius = [](ShapeKind k) { return k == ShapeKind::ball || k == ShapeKind::capsule; };
  if (has_radius(l.x) || has_radius(l.y) || q == Question::time_of_impact)
    s.radius_sum = [l](std::span<const double> c) { return radius_sum_of(l, c); };
  s.answer_scale_power = q == Question::squared_distance ? 2
                         : (q == Question::normal || q == Question::time_of_impact) ? 0
                         : q == Question::direction                                ? 0
                                                                                    : 1;
  s.margin = [q, l, rationals, contact_tolerance](std::span<const double> c, const Answer& exact,
                                                  const Answer& got) {
    const PairTruth t = pair_truth_of(q, l, rationals(c));
    const bool values = exact.kind != Answer::Kind::none && got.kind != Answer::Kind::none &&
                        exact.kind != Answer::Kind::boolean;
    if (!values) return q == Question::normal ? std::fmin(t.boundary, t.dist) : t.boundary;
    const double e = abs_error(exact, got);
    switch (q) {  // the error as a length: how far off the engine's geometry is
      case Question::squared_distance: return t.dist > 0 ? e / (2 * t.dist) : std::sqrt(e);
      case Question::normal: return e * t.dist;
      case Question::time_of_impact: {
        // The backward error, as audit_sweep rates a time: how far the
        // ball, moved to the answered time, is from touching y (its gap
        // when early, the deepest penetration on the way when late).
        // |t - t*| |v| would call a rounding-level answer gross for a
        // grazing contact, where a tiny move of a shape shifts t* far.
        if (got.kind != Answer::Kind::real || !std::isfinite(got.x)) return std::numeric_limits<double>::infinity();
        const Sweep sw(l, ball_sweep_case(l, rationals(c)));
        return touching_margin(sw.d2_by(mpq_class(std::clamp(got.x, 0.0, 1.0))), sw.R);
      }
      case Question::closest_points: return closest_points_residual(l, rationals(c), got);
      // A direction's backward error: the extra push, but no more than the
      // depth (moved by the depth, the shapes only touch, and then every
      // direction is right).
      case Question::direction: return std::fmin(extra_push(l, rationals(c), got), t.boundary);
      case Question::manifold_points:
      case Question::manifold_separations: return manifold_severity(q, l, rationals(c), got, contact_tolerance);
      default: return e;
    }
  };
  if (held) s.held_offset = held_offset_of(held, l);
  return s;
}


namespace {
/// A one-sided triangle (shape_adapter::one_sided) faces the other shape:
/// its corners are wound so that the midpoint m of the other shape's axis
/// (a ball's centre) is strictly in front, where (p1 - p0) x (p2 - p0)
/// points (p1 and p2 swapped where m is behind). False when m is in the
/// triangle's plane or the triangle has none (collinear corners): a
/// one-sided triangle has no front for such a case. The side is exact:
/// det[p1 - p0, p2 - p0, m - p0] is linear in m, so its sign is that of
/// orient3d(p0, p1, p2, a) + orient3d(p0, p1, p2, b) for the axis a, b,
/// computed here in rationals.
bool face_the_other(const PairLayout& l, bool triangle_is_x, std::span<double> c) {
  const std::size_t wx = l.x_width();
  const std::span<double> t = triangle_is_x ? c.first(9) : c.subspan(wx, 9);
  const std::span<double> o = triangle_is_x ? c.subspan(9) : c.first(wx);
  auto at = [](std::span<double> v, std::size_t i) {
    return std::array<mpq_class, 3>{mpq_class(v[i]), mpq_class(v[i + 1]), mpq_class(v[i + 2])};
  };
  const auto p0 = at(t, 0), p1 = at(t, 3), p2 = at(t, 6), a = at(o, 0), b = at(o, 3);
  std::array<mpq_class, 3> u, v, w;
  for (std::size_t k = 0; k < 3; ++k) u[k] = p1[k] - p0[k], v[k] = p2[k] - p0[k], w[k] = a[k] + b[k] - 2 * p0[k];
  const mpq_class det = (u[1] * v[2] - u[2] * v[1]) * w[0] + (u[2] * v[0] - u[0] * v[2]) * w[1] +
                        (u[0] * v[1] - u[1] * v[0]) * w[2];
  if (det < 0)
    for (std::size_t k = 0; k < 3; ++k) std::swap(t[3 + k], t[6 + k]);
  return det != 0;
}
}  // namespace

AuditReport pair_audit(Question q, const PairLayout& l, bool float_x, bool float_y, std::string name,
                       std::function<std::vector<mpq_class>(std::span<const double>)> held,
                       std::function<bool(std::span<const double>)> valid,
                       std::function<Answer(std::span<const double>)> approx, const AuditOptions& o,
                       int one_sided, double contact_tolerance) {
  if (!(contact_tolerance >= 0) || !std::isfinite(contact_tolerance))
    throw invalid_input("audit: the contact tolerance must be a finite length >= 0");
  AuditSubject s = pair_subject_of(q, l, float_x, float_y, std::move(name), std::move(held), contact_tolerance);
  if (float_x || float_y) s.band_ulp = 0x1p29;
  if (one_sided) {
    const bool triangle_is_x = one_sided == 1;
    if ((triangle_is_x ? l.x : l.y) != ShapeKind::triangle)
      throw invalid_input("audit_pair: one_sided is for a Triangle3 adapter only");
    s.normalize = [kinds = std::move(s.normalize), l, triangle_is_x](std::span<double> c) {
      return kinds(c) && face_the_other(l, triangle_is_x, c);
    };
  }
  if (valid) {
    s.normalize = [kinds = std::move(s.normalize), valid = std::move(valid)](std::span<double> c) {
      return kinds(c) && valid(c);
    };
  }
  s.approx = std::move(approx);
  return run_audit(s, o);
}

AuditReport sweep_audit(const PairLayout& l, bool float_x, bool float_y, std::string name,
                        std::function<Answer(std::span<const double>)> approx, const AuditOptions& o,
                        std::function<std::vector<mpq_class>(std::span<const double>)> held,
                        std::optional<SweepTarget> target) {
  AuditSubject s = sweep_subject_of(l, float_x, float_y, std::move(name), std::move(held), target);
  if (float_x || float_y) s.band_ulp = 0x1p29;
  s.approx = std::move(approx);
  return run_audit(s, o);
}

}  // namespace detail

PairTruth pair_truth(Question q, const PairLayout& l, std::span<const mpq_class> c) {
  return detail::pair_truth_of(q, l, c);
}
AuditSubject pair_subject(Question q, const PairLayout& l, bool float_x, bool float_y, std::string name,
                          std::function<std::vector<mpq_class>(std::span<const double>)> held,
                          double contact_tolerance) {
  if (!(contact_tolerance >= 0) || !std::isfinite(contact_tolerance))
    throw invalid_input("pair_subject: the contact tolerance must be a finite length >= 0");
  return detail::pair_subject_of(q, l, float_x, float_y, std::move(name), std::move(held), contact_tolerance);
}
AuditSubject sweep_subject(const PairLayout& l, bool float_x, bool float_y, std::string name) {
  return detail::sweep_subject_of(l, float_x, float_y, std::move(name));
}

}  // namespace exactgeom::audit

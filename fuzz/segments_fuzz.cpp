// libFuzzer target: segments.hpp and segment_triangle.hpp on coordinates of
// all eight types against mpq_class oracles: intersects() and
// intersection() (kind, exact point, overlap endpoints) by solving for the
// parameters directly, squared distances by tests/capsule_oracle.hpp's
// clamped projections, closest_points() for consistency and its canonical
// parameter, and distance() for correct rounding (midpoints to the
// neighbouring doubles, ties to even). NaN/inf coordinates must throw
// exactgeom::invalid_input; any disagreement prints the inputs and aborts.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "testing/capsule_oracle.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "fuzz_coordinates.hpp"

namespace {

namespace eg = exactgeom;
namespace co = exactgeom::testing::capsule_oracle;
using fuzz::Q;
using fuzz::QV;

QV add(const QV& a, const QV& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
QV scale(const QV& a, const Q& s) { return {a[0] * s, a[1] * s, a[2] * s}; }
bool is_zero(const QV& v) { return v[0] == 0 && v[1] == 0 && v[2] == 0; }
std::string qstr(const QV& v) {
  return "(" + v[0].get_str() + ", " + v[1].get_str() + ", " + v[2].get_str() + ")";
}

/// p on the closed segment ab (a == b allowed).
bool on_segment(const QV& p, const QV& a, const QV& b) {
  return is_zero(co::qcross(co::qsub(p, a), co::qsub(b, a))) &&
         co::qdot(co::qsub(p, a), co::qsub(p, b)) <= 0;
}

/// The oracle for intersection(): kind 0 disjoint, 1 cross, 2 touch, 3 overlap.
struct Meet {
  int kind = 0;
  QV point{}, lo{}, hi{};
};

Meet oracle_meet(const QV& p1, const QV& q1, const QV& p2, const QV& q2) {
  Meet m;
  const QV d1 = co::qsub(q1, p1), d2 = co::qsub(q2, p2), n = co::qcross(d1, d2);
  if (!is_zero(n)) {  // both proper, not parallel: solve p1 + s d1 = p2 + t d2
    const QV w = co::qsub(p2, p1);
    const Q n2 = co::qdot(n, n);
    const Q s = co::qdot(co::qcross(w, d2), n) / n2, t = co::qdot(co::qcross(w, d1), n) / n2;
    const QV x = add(p1, scale(d1, s));
    if (s < 0 || s > 1 || t < 0 || t > 1 || x != add(p2, scale(d2, t))) return m;
    m.kind = s > 0 && s < 1 && t > 0 && t < 1 ? 1 : 2;
    m.point = x;
    return m;
  }
  // Parallel or a point: the common part is convex with its ends among the
  // endpoints that lie on the other segment.
  std::vector<QV> c;
  if (on_segment(p1, p2, q2)) c.push_back(p1);
  if (on_segment(q1, p2, q2)) c.push_back(q1);
  if (on_segment(p2, p1, q1)) c.push_back(p2);
  if (on_segment(q2, p1, q1)) c.push_back(q2);
  if (c.empty()) return m;
  m.lo = *std::min_element(c.begin(), c.end());  // std::array compares lexicographically
  m.hi = *std::max_element(c.begin(), c.end());
  m.kind = m.lo == m.hi ? 2 : 3;
  m.point = m.lo;
  return m;
}

/// d is sqrt(q) rounded to the nearest double, ties to even (q >= 0).
bool is_rounded_sqrt(const Q& q, double d) {
  if (std::isnan(d) || d < 0) return false;
  auto even = [](double x) { return (std::bit_cast<std::uint64_t>(x) & 1) == 0; };
  if (std::isinf(d)) {  // beyond the midpoint of DBL_MAX and 2^1024 (a tie goes up: even)
    const Q m = Q(std::numeric_limits<double>::max()) + Q(std::ldexp(1.0, 970));
    return q >= m * m;
  }
  const double below = std::nextafter(d, 0.0);
  const Q lo = (Q(d) + Q(below)) / 2;
  const Q hi = d == std::numeric_limits<double>::max()
                   ? Q(d) + Q(std::ldexp(1.0, 970))
                   : Q((Q(d) + Q(std::nextafter(d, INFINITY))) / 2);
  if (d == 0) return q <= hi * hi;  // the tie with denorm_min goes to 0 (even)
  if (q < lo * lo || q > hi * hi) return false;
  if ((q == lo * lo || q == hi * hi) && !even(d)) return false;
  return true;
}

template <class R>
Q q_of(const R& r) {
  return eg::to_mpq(r);
}
template <class R>
QV q_of(const eg::Point2<R>& p) {
  return {eg::to_mpq(p.x), eg::to_mpq(p.y), Q(0)};
}
template <class R>
QV q_of(const eg::Point3<R>& p) {
  return {eg::to_mpq(p.x), eg::to_mpq(p.y), eg::to_mpq(p.z)};
}

/// Two segments: intersects, intersection, squared_distance, closest_points, distance.
template <class T, class Seg>
void segment_pair(fuzz::Gen<T>& gen, fuzz::Log& log) {
  Seg s, t;
  if constexpr (std::is_same_v<Seg, eg::Segment2<T>>) {
    s = {gen.point2(), gen.point2()};
    t = {gen.point2(), gen.point2()};
  } else {
    s = {gen.point3(), gen.point3()};
    t = {gen.point3(), gen.point3()};
  }
  log.point("s.a", s.a), log.point("s.b", s.b), log.point("t.a", t.a), log.point("t.b", t.b);
  const bool invalid = !(fuzz::finite(s.a) && fuzz::finite(s.b) && fuzz::finite(t.a) && fuzz::finite(t.b));
  bool meets = false;
  if (!fuzz::run_expecting(invalid, log, [&] { meets = eg::intersects(s, t); })) {
    fuzz::run_expecting(true, log, [&] { (void)eg::intersection(s, t); });
    fuzz::run_expecting(true, log, [&] { (void)eg::squared_distance(s, t); });
    fuzz::run_expecting(true, log, [&] { (void)eg::closest_points(s, t); });
    fuzz::run_expecting(true, log, [&] { (void)eg::distance(s, t); });
    return;
  }
  const QV p1 = fuzz::qv(s.a), q1 = fuzz::qv(s.b), p2 = fuzz::qv(t.a), q2 = fuzz::qv(t.b);
  const Meet want = oracle_meet(p1, q1, p2, q2);
  log.add("oracle kind " + std::to_string(want.kind) + ", point " + qstr(want.point));
  if (meets != (want.kind != 0)) log.fail("intersects() = " + std::to_string(meets));
  const auto got = eg::intersection(s, t);
  if (static_cast<int>(got.kind) != want.kind)
    log.fail("intersection().kind = " + std::to_string(static_cast<int>(got.kind)) + ", oracle " +
             std::to_string(want.kind));
  if (got.point.has_value() != (want.kind == 1 || want.kind == 2) || got.overlap.has_value() != (want.kind == 3))
    log.fail("intersection(): point/overlap present for the wrong kind");
  else if (got.point && q_of(*got.point) != want.point)
    log.fail("intersection().point = " + qstr(q_of(*got.point)) + ", oracle " + qstr(want.point));
  else if (got.overlap && (q_of(got.overlap->a) != want.lo || q_of(got.overlap->b) != want.hi))
    log.fail("intersection().overlap = " + qstr(q_of(got.overlap->a)) + " " +
             qstr(q_of(got.overlap->b)) + ", oracle " + qstr(want.lo) + " " + qstr(want.hi));

  const Q d2 = co::oracle_segment_segment(p1, q1, p2, q2);
  log.add("oracle d2 = " + d2.get_str());
  const Q got_d2 = q_of(eg::squared_distance(s, t));
  if (got_d2 != d2) log.fail("squared_distance = " + got_d2.get_str() + ", oracle " + d2.get_str());
  if ((d2 == 0) != (want.kind != 0)) log.fail("oracles disagree (meet vs distance)");

  const auto cp = eg::closest_points(s, t);
  const Q cs = q_of(*cp.s), ct = q_of(*cp.t);
  const QV d1 = co::qsub(q1, p1), dd2 = co::qsub(q2, p2);
  const QV on1 = q_of(cp.on_first), on2 = q_of(cp.on_second);
  if (cs < 0 || cs > 1 || ct < 0 || ct > 1 || on1 != add(p1, scale(d1, cs)) ||
      on2 != add(p2, scale(dd2, ct)) || co::qdot(co::qsub(on1, on2), co::qsub(on1, on2)) != d2 ||
      q_of(cp.squared_distance) != d2)
    log.fail("closest_points inconsistent: s = " + cs.get_str() + ", t = " + ct.get_str() +
             ", d2 = " + q_of(cp.squared_distance).get_str() + ", oracle d2 " + d2.get_str());
  if (is_zero(dd2) && ct != 0) log.fail("closest_points: t != 0 on a zero-length segment");
  if (is_zero(co::qcross(d1, dd2))) {  // parallel or degenerate: the smallest s
    Q want_s = 0;
    if (!is_zero(d1)) {
      const Q len2 = co::qdot(d1, d1);
      std::vector<Q> cand{0, 1};
      for (const QV* e : {&p2, &q2}) {
        const Q u = co::qdot(co::qsub(*e, p1), d1) / len2;
        cand.push_back(u < 0 ? Q(0) : (u > 1 ? Q(1) : u));
      }
      std::sort(cand.begin(), cand.end());
      for (const Q& c : cand)
        if (co::oracle_point_segment(add(p1, scale(d1, c)), p2, q2) == d2) {
          want_s = c;
          break;
        }
    }
    if (cs != want_s) log.fail("closest_points: s = " + cs.get_str() + ", canonical " + want_s.get_str());
  }
  const double dist = eg::distance(s, t);
  if (!is_rounded_sqrt(d2, dist)) log.fail("distance not correctly rounded: " + fuzz::str(dist));
}

/// A point and a segment: squared_distance and distance.
template <class T, class P, class Seg>
void point_segment(fuzz::Gen<T>& gen, fuzz::Log& log) {
  P p;
  Seg s;
  if constexpr (std::is_same_v<P, eg::Point2<T>>)
    p = gen.point2(), s = {gen.point2(), gen.point2()};
  else
    p = gen.point3(), s = {gen.point3(), gen.point3()};
  log.point("p", p), log.point("s.a", s.a), log.point("s.b", s.b);
  const bool invalid = !(fuzz::finite(p) && fuzz::finite(s.a) && fuzz::finite(s.b));
  Q got = 0;
  if (!fuzz::run_expecting(invalid, log, [&] { got = q_of(eg::squared_distance(p, s)); })) return;
  const Q want = co::oracle_point_segment(fuzz::qv(p), fuzz::qv(s.a), fuzz::qv(s.b));
  log.add("oracle d2 = " + want.get_str());
  if (got != want) log.fail("squared_distance(p, s) = " + got.get_str() + ", oracle " + want.get_str());
  const double dist = eg::distance(p, s);
  if (!is_rounded_sqrt(want, dist)) log.fail("distance(p, s) not correctly rounded: " + fuzz::str(dist));
}

/// A segment (or a point, op bit) and a triangle: squared_distance, distance.
template <class T>
void segment_triangle(fuzz::Gen<T>& gen, fuzz::Log& log, bool point_only) {
  const eg::Point3<T> a = gen.point3(), b = point_only ? a : gen.point3();
  const eg::Triangle3<T> tri{gen.point3(), gen.point3(), gen.point3()};
  const eg::Segment3<T> s{a, b};
  log.point("s.a", s.a), log.point("s.b", s.b);
  log.point("tri.a", tri.a), log.point("tri.b", tri.b), log.point("tri.c", tri.c);
  const bool invalid = !(fuzz::finite(a) && fuzz::finite(b) && fuzz::finite(tri.a) &&
                         fuzz::finite(tri.b) && fuzz::finite(tri.c));
  Q got = 0;
  if (!fuzz::run_expecting(invalid, log, [&] {
        got = point_only ? q_of(eg::squared_distance(a, tri)) : q_of(eg::squared_distance(s, tri));
      }))
    return;
  const Q want = co::oracle_segment_triangle(fuzz::qv(a), fuzz::qv(b), fuzz::qv(tri.a),
                                             fuzz::qv(tri.b), fuzz::qv(tri.c));
  log.add("oracle d2 = " + want.get_str());
  if (got != want) log.fail("squared_distance(s, tri) = " + got.get_str() + ", oracle " + want.get_str());
  const double dist = point_only ? eg::distance(a, tri) : eg::distance(s, tri);
  if (!is_rounded_sqrt(want, dist)) log.fail("distance(s, tri) not correctly rounded: " + fuzz::str(dist));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const std::uint8_t type = in.u8(), op = in.u8();
  fuzz::with_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    fuzz::Gen<T> gen(in);
    fuzz::Log log;
    static const char* const kOps[] = {"segments 2-D", "segments 3-D", "point-segment 2-D",
                                       "point-segment 3-D", "segment-triangle", "point-triangle"};
    log.add(std::string(kOps[op % 6]) + " on " + fuzz::type_name<T>());
    switch (op % 6) {
      case 0: segment_pair<T, eg::Segment2<T>>(gen, log); break;
      case 1: segment_pair<T, eg::Segment3<T>>(gen, log); break;
      case 2: point_segment<T, eg::Point2<T>, eg::Segment2<T>>(gen, log); break;
      case 3: point_segment<T, eg::Point3<T>, eg::Segment3<T>>(gen, log); break;
      default: segment_triangle<T>(gen, log, op % 6 == 5); break;
    }
  });
  return 0;
}

// Benchmarks of exactgeom/segment_triangle.hpp against a float reference in
// double built from Ericson's algorithms (Real-Time Collision Detection,
// 5.1.5 ClosestPtPointTriangle, 5.1.9 ClosestPtSegmentSegment from
// reference/ericson.hpp, and a scalar-triple-product crossing test in the
// manner of 5.3.6): min over the three edges and the two endpoints, 0 when
// the segment crosses the face. Names: <operation>/<implementation>/<input
// set>, 4,096 pre-generated inputs per iteration.
//   segment_triangle_distance2/float        the double reference
//   segment_triangle_distance2/exact        exactgeom on the same doubles
//   segment_triangle_distance2/float_int32  the double reference on int32
//                                           inputs converted to double
//                                           before timing
//   segment_triangle_distance2/exact_int32  exactgeom on the int32 inputs
// Sets: random (doubles uniform in the unit cube; int32 over the full range),
// near (even inputs cross the face through an inner point, odd ones run
// parallel to it at a height of 1e-6 to 1e-3 and cannot touch it: half cross).
// Counters: float rows, float_dist_wrong, the share of inputs where the float
// squared distance is more than 1 ULP from the correctly rounded exact one;
// exact rows, exact_wrong, the share where exactgeom's exact squared distance
// differs from an independent mpq_class oracle (tests/capsule_oracle.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "testing/capsule_oracle.hpp"
#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/segment_triangle.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;

namespace {

using P = eg::Point3<double>;

P sub(const P& u, const P& v) { return {u.x - v.x, u.y - v.y, u.z - v.z}; }
double dot(const P& u, const P& v) { return u.x * v.x + u.y * v.y + u.z * v.z; }
P cross(const P& u, const P& v) {
  return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}
P axpy(const P& p, const P& d, double s) { return {p.x + s * d.x, p.y + s * d.y, p.z + s * d.z}; }

// Ericson 5.1.5: the point of triangle abc closest to p, by Voronoi regions.
P closest_pt_point_triangle(const P& p, const P& a, const P& b, const P& c) {
  const P ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const P bp = sub(p, b);
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return axpy(a, ab, d1 / (d1 - d3));
  const P cp = sub(p, c);
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return axpy(a, ac, d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
    return axpy(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const double den = 1 / (va + vb + vc);
  return axpy(axpy(a, ab, vb * den), ac, vc * den);
}

// The segment crosses the face: endpoints on opposite sides of the plane and
// the line through the three edges' scalar triple products of one sign.
bool crosses(const P& p, const P& q, const P& a, const P& b, const P& c) {
  const P n = cross(sub(b, a), sub(c, a));
  const double hp = dot(n, sub(p, a)), hq = dot(n, sub(q, a));
  if ((hp > 0) == (hq > 0) || hp == 0 || hq == 0) return false;
  const P pq = sub(q, p);
  const double u = dot(pq, cross(sub(b, p), sub(c, p))), v = dot(pq, cross(sub(c, p), sub(a, p))),
               w = dot(pq, cross(sub(a, p), sub(b, p)));
  return (u >= 0 && v >= 0 && w >= 0) || (u <= 0 && v <= 0 && w <= 0);
}

double float_d2(const eg::Segment3<double>& s, const eg::Triangle3<double>& t) {
  if (crosses(s.a, s.b, t.a, t.b, t.c)) return 0.0;
  double best = eg::reference::ClosestPtSegmentSegment(s.a, s.b, t.a, t.b).dist2;
  best = std::min(best, eg::reference::ClosestPtSegmentSegment(s.a, s.b, t.b, t.c).dist2);
  best = std::min(best, eg::reference::ClosestPtSegmentSegment(s.a, s.b, t.c, t.a).dist2);
  for (const P& x : {s.a, s.b}) {
    const P y = sub(x, closest_pt_point_triangle(x, t.a, t.b, t.c));
    best = std::min(best, dot(y, y));
  }
  return best;
}

struct Input {
  eg::Segment3<double> s;
  eg::Triangle3<double> t;
};
struct InputI {
  eg::Segment3<std::int32_t> s;
  eg::Triangle3<std::int32_t> t;
};

std::vector<Input> make_doubles(const std::string& set) {
  bn::Rng g(51);
  auto u = [&] { return P{bn::uniform_double(g, 0, 1), bn::uniform_double(g, 0, 1), bn::uniform_double(g, 0, 1)}; };
  std::vector<Input> v;
  for (int i = 0; i < bn::kInputs; ++i) {
    Input in{{u(), u()}, {u(), u(), u()}};
    if (set == "near") {
      // Even inputs: through an inner point of the face, in a random
      // direction (crossing). Odd ones: parallel to the face, at a height of
      // up to 1e-3 above that point (near, not crossing).
      const P x = axpy(axpy(in.t.a, sub(in.t.b, in.t.a), 0.3), sub(in.t.c, in.t.a), 0.3);
      P d = sub(u(), P{0.5, 0.5, 0.5});
      P off{0, 0, 0};
      if (i % 2) {
        const P n = cross(sub(in.t.b, in.t.a), sub(in.t.c, in.t.a));
        d = sub(d, axpy(P{0, 0, 0}, n, dot(d, n) / dot(n, n)));  // in the plane
        off = axpy(P{0, 0, 0}, n, bn::uniform_double(g, 1e-6, 1e-3) / std::sqrt(dot(n, n)));
      }
      in.s = {axpy(axpy(x, d, -0.5), off, 1), axpy(axpy(x, d, 0.5), off, 1)};
    }
    v.push_back(in);
  }
  return v;
}

/// Share of inputs where the float squared distance is more than 1 ULP from
/// the correctly rounded exact one.
template <class In>
double float_wrong_share(const std::vector<In>& v) {
  auto dbl = [](const auto& p) { return P{double(p.x), double(p.y), double(p.z)}; };
  int wrong = 0;
  for (const In& in : v) {
    const eg::Segment3<double> s{dbl(in.s.a), dbl(in.s.b)};
    const eg::Triangle3<double> t{dbl(in.t.a), dbl(in.t.b), dbl(in.t.c)};
    const double f = float_d2(s, t), e = eg::to_double(eg::squared_distance(in.s, in.t));
    wrong += bn::beyond_one_ulp(f, e);
  }
  return double(wrong) / double(v.size());
}

/// Share of inputs where exactgeom's exact squared distance differs from the
/// mpq_class oracle's.
template <class In>
double exact_wrong_share(const std::vector<In>& v) {
  int wrong = 0;
  for (const In& in : v) {
    namespace co = exactgeom::testing::capsule_oracle;
    const mpq_class oracle = co::oracle_segment_triangle(co::qv(in.s.a), co::qv(in.s.b), co::qv(in.t.a),
                                                         co::qv(in.t.b), co::qv(in.t.c));
    wrong += eg::to_mpq(eg::squared_distance(in.s, in.t)) != oracle;
  }
  return double(wrong) / double(v.size());
}

void register_segment_triangle() {
  for (const std::string set : {"random", "near"}) {
    auto make_float = [set] {
      bn::Batch<Input> b{make_doubles(set), {}};
      b.counters.push_back({bn::kFloatDistWrong, float_wrong_share(b.inputs)});
      return b;
    };
    auto make_exact = [set] {
      bn::Batch<Input> b{make_doubles(set), {}};
      b.counters.push_back({bn::kExactWrong, exact_wrong_share(b.inputs)});
      return b;
    };
    bn::register_batch<Input>("segment_triangle_distance2/float/" + set, make_float,
                              [](const Input& in) { return float_d2(in.s, in.t) > 0.25; });
    bn::register_batch<Input>("segment_triangle_distance2/exact/" + set, make_exact,
                              [](const Input& in) { return eg::squared_distance(in.s, in.t).sign(); });
  }
  auto inputs_int = [] {
    bn::Rng g(52);
    auto p = [&] {
      return eg::Point3<std::int32_t>{bn::uniform_full<std::int32_t>(g), bn::uniform_full<std::int32_t>(g),
                                      bn::uniform_full<std::int32_t>(g)};
    };
    std::vector<InputI> v;
    for (int i = 0; i < bn::kInputs; ++i) v.push_back({{p(), p()}, {p(), p(), p()}});
    return v;
  };
  // The baseline runs the `float` row's code on the int32 inputs converted to
  // double before timing.
  auto make_float_int = [inputs_int] {
    const std::vector<InputI> ints = inputs_int();
    auto d = [](const eg::Point3<std::int32_t>& q) { return P{double(q.x), double(q.y), double(q.z)}; };
    bn::Batch<Input> b;
    for (const InputI& in : ints) b.inputs.push_back({{d(in.s.a), d(in.s.b)}, {d(in.t.a), d(in.t.b), d(in.t.c)}});
    b.counters.push_back({bn::kFloatDistWrong, float_wrong_share(ints)});
    return b;
  };
  auto make_int = [inputs_int] {
    bn::Batch<InputI> b{inputs_int(), {}};
    b.counters.push_back({bn::kExactWrong, exact_wrong_share(b.inputs)});
    return b;
  };
  bn::register_batch<Input>("segment_triangle_distance2/float_int32/random", make_float_int,
                            [](const Input& in) { return float_d2(in.s, in.t) > 1e18; });
  bn::register_batch<InputI>("segment_triangle_distance2/exact_int32/random", make_int,
                             [](const InputI& in) { return eg::squared_distance(in.s, in.t).sign(); });
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_segment_triangle);

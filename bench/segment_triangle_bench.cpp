// Benchmarks of exactgeom/segment_triangle.hpp against a float reference in
// double built from Ericson's algorithms (Real-Time Collision Detection,
// 5.1.5 ClosestPtPointTriangle, 5.1.9 ClosestPtSegmentSegment from
// float/ericson.hpp, and a scalar-triple-product crossing test in the
// manner of 5.3.6): min over the three edges and the two endpoints, 0 when
// the segment crosses the face. Names: <operation>/<implementation>/<input
// set>, 4,096 pre-generated inputs per iteration.
//   segment_triangle_distance2/float        the double reference
//   segment_triangle_distance2/exact        exactgeom on the same doubles
//   segment_triangle_distance2/float_int32  the double reference on int32
//                                           inputs (converted as a user would)
//   segment_triangle_distance2/exact_int32  exactgeom on the int32 inputs
// Sets: random (doubles uniform in the unit cube; int32 over the full range),
// near (segments within ~1e-3 of the triangle, half of them crossing it).
// Counter float_wrong: share of inputs where the float squared distance is
// not the correctly rounded exact one.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/float/ericson.hpp"
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
  double best = eg::ericson::ClosestPtSegmentSegment(s.a, s.b, t.a, t.b).dist2;
  best = std::min(best, eg::ericson::ClosestPtSegmentSegment(s.a, s.b, t.b, t.c).dist2);
  best = std::min(best, eg::ericson::ClosestPtSegmentSegment(s.a, s.b, t.c, t.a).dist2);
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
      // Through a point of the face (half the inputs) or offset by ~1e-3.
      const P x = axpy(axpy(in.t.a, sub(in.t.b, in.t.a), 0.3), sub(in.t.c, in.t.a), 0.3);
      const P d = sub(u(), P{0.5, 0.5, 0.5});
      const P off = i % 2 ? P{1e-3 * bn::uniform_double(g, -1, 1), 0, 0} : P{0, 0, 0};
      in.s = {axpy(axpy(x, d, -0.5), off, 1), axpy(axpy(x, d, 0.5), off, 1)};
    }
    v.push_back(in);
  }
  return v;
}

template <class In>
double float_wrong_share(const std::vector<In>& v) {
  auto dbl = [](const auto& p) { return P{double(p.x), double(p.y), double(p.z)}; };
  int wrong = 0;
  for (const In& in : v) {
    const eg::Segment3<double> s{dbl(in.s.a), dbl(in.s.b)};
    const eg::Triangle3<double> t{dbl(in.t.a), dbl(in.t.b), dbl(in.t.c)};
    wrong += float_d2(s, t) != eg::to_double(eg::squared_distance(in.s, in.t));
  }
  return double(wrong) / double(v.size());
}

void register_segment_triangle() {
  for (const std::string set : {"random", "near"}) {
    auto make = [set] {
      bn::Batch<Input> b{make_doubles(set), {}};
      b.counters.push_back({bn::kFloatWrong, float_wrong_share(b.inputs)});
      return b;
    };
    bn::register_batch<Input>("segment_triangle_distance2/float/" + set, make,
                              [](const Input& in) { return float_d2(in.s, in.t) > 0.25; });
    bn::register_batch<Input>("segment_triangle_distance2/exact/" + set, make, [](const Input& in) {
      return eg::squared_distance(in.s, in.t).sign();
    });
  }
  auto make_int = [] {
    bn::Rng g(52);
    auto p = [&] {
      return eg::Point3<std::int32_t>{bn::uniform_full<std::int32_t>(g), bn::uniform_full<std::int32_t>(g),
                                      bn::uniform_full<std::int32_t>(g)};
    };
    bn::Batch<InputI> b;
    for (int i = 0; i < bn::kInputs; ++i) b.inputs.push_back({{p(), p()}, {p(), p(), p()}});
    b.counters.push_back({bn::kFloatWrong, float_wrong_share(b.inputs)});
    return b;
  };
  bn::register_batch<InputI>("segment_triangle_distance2/float_int32/random", make_int, [](const InputI& in) {
    auto d = [](const eg::Point3<std::int32_t>& q) { return P{double(q.x), double(q.y), double(q.z)}; };
    return float_d2({d(in.s.a), d(in.s.b)}, {d(in.t.a), d(in.t.b), d(in.t.c)}) > 1e18;
  });
  bn::register_batch<InputI>("segment_triangle_distance2/exact_int32/random", make_int,
                             [](const InputI& in) { return eg::squared_distance(in.s, in.t).sign(); });
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_segment_triangle);

// Box2D 2.4.1's polygon collisions audited with exactgeom::audit::audit_manifold
// and audit_pair -- installed API only, float (Box2D has no double build):
//  - b2CollidePolygons on two boxes, read through b2WorldManifold (the
//    normal from A to B, each point halfway between the two surfaces with
//    its separation along the normal): does it report contact, its normal
//    (a direction of least translation?), its points (on both shapes?),
//    their separations (the exact ones along the normal at each point?), and
//    its depth, minus the least separation;
//  - b2Distance between the same boxes (GJK on their distance proxies);
//  - b2TimeOfImpact: a box moving by v (b2Sweep from c0 to c0 + v, its
//    angle fixed) against a box at rest. It stops by design where the
//    cores are target = max(b2_linearSlop, r1 + r2 - 3 b2_linearSlop) apart,
//    within b2_linearSlop / 4 (conservative advancement): audited with
//    exactgeom::audit::audit_sweep and that SweepTarget. e_touching and
//    e_overlapped (the cores meet at the start: t = 0) are impacts;
//    e_separated and e_failed are read as none, as b2World::SolveTOI reads
//    them (the body moves the whole step).
//  - b2ShapeCast: the same cast as a linear shape cast of box x (proxy B,
//    translationB = v) against box y (proxy A) at rest: GJK-raycast (van den
//    Bergen), which stops where the cores are sigma = max(b2_polygonRadius,
//    rA + rB - b2_polygonRadius) apart, rA and rB each at least
//    b2_polygonRadius (so 0.01 for two boxes of skin 0), within
//    b2_linearSlop / 2: audited with that SweepTarget. It returns false
//    (read as none) for no hit and for an initial overlap (cores within
//    sigma + tolerance at the start), as its header says.
// A Box2D box is a b2PolygonShape made by SetAsBox(hx, hy) under a
// b2Transform (position, b2Rot's cos and sin): exactgeom::audit::RotatedBox2<float>,
// read back exactly (to_exact: the axes (c, s) and (-s, c) as stored). Its
// polygon skin (m_radius, b2_polygonRadius = 0.01 by default) is set to the
// exact box's radius, 0 in the families, so that the audit asks about
// the shape Box2D is told it holds; with the skin, Box2D reports contact up
// to 0.02 apart by design. Usage: audit_box2d_polygon [--cases N] ... (audit_main: --help).
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>

using B2Box = exactgeom::audit::RotatedBox2<float>;
struct B2Poly {  // a polygon as b2PolygonShape::Set makes one (its hull, in float)
  b2PolygonShape s;
};


// A body's box as a b2Sweep holds it: centre, angle and half extents in
// float. Box2D turns the angle into b2Rot(angle) (sinf, cosf) at every
// step of its sweep: to_exact is that box, the one it collides.
struct B2Body {
  float x, y, angle, hx, hy;
};
template <>
struct exactgeom::audit::shape_adapter<B2Body> {
  using exact_type = exactgeom::Box2<double>;
  using scalar = float;
  static B2Body from_exact(const exact_type& b) {
    return {float(b.center.x), float(b.center.y), std::atan2(float(b.axes[0].y), float(b.axes[0].x)),
            float(b.half[0]), float(b.half[1])};
  }
  static exactgeom::Box2<mpq_class> to_exact(const B2Body& b) {
    const b2Rot q(b.angle);
    const mpq_class c(double(q.c)), s(double(q.s));
    return {{mpq_class(double(b.x)), mpq_class(double(b.y))},
            {exactgeom::Point2<mpq_class>{c, s}, exactgeom::Point2<mpq_class>{-s, c}},
            {mpq_class(double(b.hx)), mpq_class(double(b.hy))}};
  }
};

template <>
struct exactgeom::audit::shape_adapter<B2Poly> {
  using exact_type = exactgeom::ConvexPolygon<double>;
  using scalar = float;
  static B2Poly from_exact(const exact_type& p) {
    std::vector<b2Vec2> v;
    for (const auto& c : p.vertices()) v.emplace_back(float(c.x), float(c.y));
    B2Poly b;
    b.s.Set(v.data(), static_cast<int32>(v.size()));
    b.s.m_radius = float(p.radius());
    return b;
  }
  // The hull Set kept (it welds points closer than b2_linearSlop / 2 and
  // computes the hull in float): the polygon Box2D holds.
  static exactgeom::ConvexPolygon<mpq_class> to_exact(const B2Poly& b) {
    std::vector<exactgeom::Point2<mpq_class>> v;
    for (int32 i = 0; i < b.s.m_count; ++i)
      v.push_back({mpq_class(double(b.s.m_vertices[i].x)), mpq_class(double(b.s.m_vertices[i].y))});
    return exactgeom::ConvexPolygon<mpq_class>(std::span<const exactgeom::Point2<mpq_class>>(v),
                                               mpq_class(double(b.s.m_radius)));
  }
  // Set asserts (and the library is built with assertions) unless at least
  // three corners stay apart by b2_linearSlop / 2 and the area exceeds
  // FLT_EPSILON: cases short of a clear margin on either are skipped.
  static bool valid(const exact_type& p) {
    const auto& v = p.vertices();
    if (v.size() < 3 || v.size() > b2_maxPolygonVertices) return false;
    double area = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const auto& a = v[i];
      const auto& b = v[(i + 1) % v.size()];
      area += (a.x - v[0].x) * (b.y - v[0].y) - (b.x - v[0].x) * (a.y - v[0].y);
      if (std::hypot(b.x - a.x, b.y - a.y) < 4 * b2_linearSlop) return false;
    }
    return area / 2 > 1e-3;
  }
};

namespace {

using exactgeom::Point2;

const b2PolygonShape& polygon(const B2Poly& p) { return p.s; }
b2Transform transform(const B2Poly&) {
  b2Transform t;
  t.SetIdentity();
  return t;
}
b2PolygonShape polygon(const B2Box& b) {
  b2PolygonShape p;
  p.SetAsBox(b.half[0], b.half[1]);
  p.m_radius = 0;
  return p;
}
b2Transform transform(const B2Box& b) {
  b2Transform t;
  t.p.Set(b.c[0], b.c[1]);
  t.q.c = b.cos;
  t.q.s = b.sin;
  return t;
}

template <class A, class B>
std::optional<exactgeom::audit::Manifold<Point2<double>>> manifold(const A& a, const B& b) {
  const b2PolygonShape pa = polygon(a), pb = polygon(b);
  const b2Transform ta = transform(a), tb = transform(b);
  b2Manifold m;
  b2CollidePolygons(&m, &pa, ta, &pb, tb);
  if (m.pointCount == 0) return std::nullopt;
  b2WorldManifold w;
  w.Initialize(&m, ta, pa.m_radius, tb, pb.m_radius);
  exactgeom::audit::Manifold<Point2<double>> out;
  out.normal = {w.normal.x, w.normal.y};
  for (int i = 0; i < m.pointCount; ++i) out.points.push_back({{w.points[i].x, w.points[i].y}, w.separations[i]});
  return out;
}

template <class A, class B>
double distance(const A& a, const B& b) {
  const b2PolygonShape pa = polygon(a), pb = polygon(b);
  b2DistanceInput in;
  in.proxyA.Set(&pa, 0);
  in.proxyB.Set(&pb, 0);
  in.transformA = transform(a);
  in.transformB = transform(b);
  in.useRadii = true;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput out;
  b2Distance(&out, &cache, &in);
  return out.distance;
}

b2Sweep still(float x, float y, float angle) {
  b2Sweep w;
  w.localCenter.SetZero();
  w.c0.Set(x, y);
  w.c = w.c0;
  w.a0 = w.a = angle;
  w.alpha0 = 0;
  return w;
}

/// Box x moving by v against box y at rest: b2TimeOfImpact's t when it
/// reports an impact, else none.
std::optional<double> time_of_impact(const B2Body& x, const Point2<double>& v, const B2Body& y) {
  b2PolygonShape px, py;
  px.SetAsBox(x.hx, x.hy);
  py.SetAsBox(y.hx, y.hy);
  px.m_radius = py.m_radius = 0;
  b2TOIInput in;
  in.proxyA.Set(&px, 0);
  in.proxyB.Set(&py, 0);
  in.sweepA = still(x.x, x.y, x.angle);
  in.sweepA.c.Set(x.x + float(v.x), x.y + float(v.y));
  in.sweepB = still(y.x, y.y, y.angle);
  in.tMax = 1;
  b2TOIOutput out;
  b2TimeOfImpact(&out, &in);
  // e_overlapped: the cores meet at t = 0 (t is 0). e_failed (the root
  // finder ran out of iterations) and e_separated: no impact in the step,
  // as b2World::SolveTOI reads them.
  if (out.state != b2TOIOutput::e_touching && out.state != b2TOIOutput::e_overlapped) return std::nullopt;
  return out.t;
}

/// Box x cast by v against box y at rest (b2ShapeCast): its lambda when it
/// reports a hit, else none.
std::optional<double> shape_cast(const B2Body& x, const Point2<double>& v, const B2Body& y) {
  b2PolygonShape px, py;
  px.SetAsBox(x.hx, x.hy);
  py.SetAsBox(y.hx, y.hy);
  px.m_radius = py.m_radius = 0;
  b2ShapeCastInput in;
  in.proxyA.Set(&py, 0);
  in.proxyB.Set(&px, 0);
  in.transformA.Set(b2Vec2(y.x, y.y), y.angle);
  in.transformB.Set(b2Vec2(x.x, x.y), x.angle);
  in.translationB.Set(float(v.x), float(v.y));
  b2ShapeCastOutput out;
  if (!b2ShapeCast(&out, &in)) return std::nullopt;
  return out.lambda;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string boxes = "box2d/b2CollidePolygons box-box (float)", polys = "box2d/b2CollidePolygons polygons (float)",
                    box_dist = "box2d/b2Distance box-box (float)", poly_dist = "box2d/b2Distance polygons (float)",
                    toi = "box2d/b2TimeOfImpact box-box (float)", cast = "box2d/b2ShapeCast box-box (float)";
  // b2TimeOfImpact's target and band for cores with radius 0 (computed
  // as Box2D does, in float).
  const SweepTarget target{double(b2Max(b2_linearSlop, 0.0f - 3.0f * b2_linearSlop)), double(0.25f * b2_linearSlop)};
  // b2ShapeCast's target and band for two polygons of skin 0 (as it computes them).
  const float cast_r = 2 * b2Max(0.0f, b2_polygonRadius);
  const SweepTarget cast_target{double(b2Max(b2_polygonRadius, cast_r - b2_polygonRadius)), double(0.5f * b2_linearSlop)};
  const std::vector<AuditJob> jobs = {
      {boxes, [&](const AuditOptions& o) { return audit_manifold<B2Box, B2Box>(manifold<B2Box, B2Box>, 0.0, o, boxes); }},
      {polys, [&](const AuditOptions& o) { return audit_manifold<B2Poly, B2Poly>(manifold<B2Poly, B2Poly>, 0.0, o, polys); }},
      {box_dist,
       [&](const AuditOptions& o) { return audit_pair<B2Box, B2Box>(Question::distance, distance<B2Box, B2Box>, o, box_dist); }},
      {poly_dist, [&](const AuditOptions& o) {
         return audit_pair<B2Poly, B2Poly>(Question::distance, distance<B2Poly, B2Poly>, o, poly_dist);
       }},
      {toi, [&](const AuditOptions& o) {
         return audit_sweep<B2Body, B2Body>(time_of_impact, target, o, toi + ": time of impact");
       }},
      {cast, [&](const AuditOptions& o) {
         return audit_sweep<B2Body, B2Body>(shape_cast, cast_target, o, cast + ": time of impact");
       }}};
  // Wrong: beyond 4 ULPs of float at the case's largest magnitude (a
  // direction: of 1).
  return audit_main(argc, argv, jobs, {.cases = 50, .tolerance = {Unit::scale_ulps, 4 * 0x1p29}});
}

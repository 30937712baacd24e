// Box2D 2.4.1's circle-edge contact (b2CollideEdgeAndCircle, the manifold of
// a circle against a two-sided edge with a radius, i.e. a stadium) audited
// with exactgeom::audit::audit_pair -- installed API only: does it report contact,
// its depth (-separation of b2WorldManifold) and its normal (from the edge
// toward the circle). Usage: audit_box2d_contact [--cases N] ... (audit_main: --help).
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_edge_shape.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <optional>

#include <exactgeom/audit/audit.hpp>

struct Edge {
  b2EdgeShape s;
};
struct Disk {
  b2CircleShape s;
};

template <>
struct exactgeom::audit::shape_adapter<Edge> {
  using exact_type = exactgeom::Capsule2<double>;
  using scalar = float;
  static Edge from_exact(const exact_type& c) {
    Edge e;
    e.s.SetTwoSided(b2Vec2(float(c.seg.a.x), float(c.seg.a.y)), b2Vec2(float(c.seg.b.x), float(c.seg.b.y)));
    e.s.m_radius = float(c.r);
    return e;
  }
};
template <>
struct exactgeom::audit::shape_adapter<Disk> {
  using exact_type = exactgeom::Circle<double>;
  using scalar = float;
  static Disk from_exact(const exact_type& c) {
    Disk d;
    d.s.m_p.Set(float(c.center.x), float(c.center.y));
    d.s.m_radius = float(c.r);
    return d;
  }
};

namespace {

struct Hit {
  double depth;
  exactgeom::Point2<double> normal;
};

std::optional<Hit> collide(const Edge& e, const Disk& d) {
  b2Transform id;
  id.SetIdentity();
  b2Manifold m;
  b2CollideEdgeAndCircle(&m, &e.s, id, &d.s, id);
  if (m.pointCount == 0) return std::nullopt;
  b2WorldManifold w;
  w.Initialize(&m, id, e.s.m_radius, id, d.s.m_radius);
  return Hit{-double(w.separations[0]), {double(w.normal.x), double(w.normal.y)}};
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string name = "box2d/b2CollideEdgeAndCircle";  // depth: -separation
  // Real answers: wrong beyond 4 ULPs of float of r1 + r2 (the normal: of 1).
  return audit_main(argc, argv, {{name, [&](const AuditOptions& o) { return audit_contact<Edge, Disk>(collide, o, name); }}},
                    {.cases = 2000, .tolerance = {Unit::scale_ulps, 4 * 0x1p29}, .scale = Scale::radius_sum});
}

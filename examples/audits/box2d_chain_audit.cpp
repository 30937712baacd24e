// Box2D 2.4.1's contacts against level geometry in 2-D -- chains of segments
// -- audited with exactgeom::audit::audit_surface (issue 41), installed API
// only, float (Box2D has no double build). Each case's chain (its points,
// floats, open or a loop; docs/auditing_meshes.md) is given to Box2D twice:
//  - as one b2ChainShape: CreateLoop for a loop; CreateChain for an open
//    chain, whose ghost vertices are the chain's own neighbours (GetChildEdge
//    gives each child edge the points before and after it as m_vertex0 and
//    m_vertex3). An open chain's ends have no neighbour: prevVertex and
//    nextVertex are the end points themselves (a ghost edge of length zero,
//    which Box2D's region tests treat as a free end: no contact is culled
//    there; extrapolating the end segment instead would cull every contact
//    past the end, as if the floor went on);
//  - as independent two-sided b2EdgeShape (SetTwoSided, no ghost vertices).
// Contacts: b2CollideEdgeAndCircle / b2CollideEdgeAndPolygon on every child
// edge (the narrow phase b2Contact runs for a chain's children), each
// b2Manifold read through b2WorldManifold: one contact per manifold point,
// its normal (from the edge toward the shape), depth = -separation, piece =
// the child index (the case's segment index).
//
// Shapes: a circle (b2CircleShape at m_p, identity transform) and a box
// (b2PolygonShape::SetAsBox(hx, hy) under a b2Transform: the centre and
// b2Rot's cos and sin in float, as a body holds it; read back exactly as
// RotatedBox2<float>, so the audit asks about the box Box2D holds). Box2D
// has no capsule shape: Capsule2 is not audited.
//
// Skins: the chain and edges keep Box2D's default m_radius,
// b2_polygonRadius (0.01), and so does the box. The manifold admits points
// of shapes apart by up to the summed skins (edge + circle radius for a
// circle: 0.01 more than touching; edge + box skin: 0.02), by design: the
// contact distance of the audit (SurfaceOptions::contact_distance) is that
// sum, so a contact within it is not wrong. Separations are read from
// b2WorldManifold::Initialize with radius 0 for the edge and the box (and
// the circle's own radius): the separation of the shapes themselves, not
// of their skins. Usage: audit_box2d_chain [--cases N] ... (audit_main: --help).
#include <box2d/b2_chain_shape.h>
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_polygon_shape.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>
#include <exactgeom/audit/surface.hpp>

using B2Box = exactgeom::audit::RotatedBox2<float>;
struct B2Disk {
  b2CircleShape s;
};

template <>
struct exactgeom::audit::shape_adapter<B2Disk> {
  using exact_type = exactgeom::Circle<double>;
  using scalar = float;
  static B2Disk from_exact(const exact_type& c) {
    B2Disk d;
    d.s.m_p.Set(float(c.center.x), float(c.center.y));
    d.s.m_radius = float(c.r);
    return d;
  }
};

namespace {

using exactgeom::audit::SurfaceCase;
using exactgeom::audit::SurfaceContact;

b2Transform identity() {
  b2Transform t;
  t.SetIdentity();
  return t;
}

std::vector<b2Vec2> points(const SurfaceCase& level) {
  std::vector<b2Vec2> v;
  for (const auto& p : level.vertices) v.emplace_back(float(p[0]), float(p[1]));
  return v;
}

/// The case's segments as Box2D edges: the children of one b2ChainShape
/// (ghost vertices), or two-sided b2EdgeShapes.
std::vector<b2EdgeShape> edges(const SurfaceCase& level, bool chain) {
  const std::vector<b2Vec2> v = points(level);
  std::vector<b2EdgeShape> out(level.pieces());
  if (chain) {
    b2ChainShape c;
    if (level.loop) c.CreateLoop(v.data(), static_cast<int32>(v.size()));
    else c.CreateChain(v.data(), static_cast<int32>(v.size()), v.front(), v.back());
    for (std::size_t i = 0; i < out.size(); ++i) c.GetChildEdge(&out[i], static_cast<int32>(i));
  } else {
    for (std::size_t i = 0; i < out.size(); ++i) out[i].SetTwoSided(v[i], v[(i + 1) % v.size()]);
  }
  return out;
}

void add(std::vector<SurfaceContact>& out, const b2Manifold& m, const b2Transform& xf, float radius_b,
         std::size_t piece) {
  if (m.pointCount == 0) return;
  b2WorldManifold w;
  w.Initialize(&m, identity(), 0.0f, xf, radius_b);
  for (int i = 0; i < m.pointCount; ++i)
    out.push_back({{double(w.normal.x), double(w.normal.y), 0.0}, -double(w.separations[i]), piece});
}

std::vector<SurfaceContact> collide(const SurfaceCase& level, const B2Disk& d, bool chain) {
  std::vector<SurfaceContact> out;
  const std::vector<b2EdgeShape> e = edges(level, chain);
  for (std::size_t i = 0; i < e.size(); ++i) {
    b2Manifold m;
    b2CollideEdgeAndCircle(&m, &e[i], identity(), &d.s, identity());
    add(out, m, identity(), d.s.m_radius, i);
  }
  return out;
}

std::vector<SurfaceContact> collide(const SurfaceCase& level, const B2Box& b, bool chain) {
  std::vector<SurfaceContact> out;
  const std::vector<b2EdgeShape> e = edges(level, chain);
  b2PolygonShape p;
  p.SetAsBox(b.half[0], b.half[1]);  // m_radius: b2_polygonRadius, Box2D's default
  b2Transform xf;
  xf.p.Set(b.c[0], b.c[1]);
  xf.q.c = b.cos;
  xf.q.s = b.sin;
  for (std::size_t i = 0; i < e.size(); ++i) {
    b2Manifold m;
    b2CollideEdgeAndPolygon(&m, &e[i], identity(), &p, xf);
    add(out, m, xf, 0.0f, i);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom::audit;
  // The skins the manifolds admit (in float, as Box2D sums them).
  const SurfaceOptions circle_skin{.contact_distance = double(b2_polygonRadius)};
  const SurfaceOptions box_skin{.contact_distance = double(b2_polygonRadius + b2_polygonRadius)};
  const std::string chain_circle = "box2d/b2ChainShape + b2CircleShape (float)",
                    chain_box = "box2d/b2ChainShape + box (float)",
                    edge_circle = "box2d/two-sided b2EdgeShape + b2CircleShape (float)",
                    edge_box = "box2d/two-sided b2EdgeShape + box (float)";
  const std::vector<AuditJob> jobs = {
      {chain_circle,
       [&](const AuditOptions& o) {
         return audit_surface<B2Disk>([](const SurfaceCase& l, const B2Disk& d) { return collide(l, d, true); }, o,
                                      chain_circle, circle_skin);
       }},
      {edge_circle,
       [&](const AuditOptions& o) {
         return audit_surface<B2Disk>([](const SurfaceCase& l, const B2Disk& d) { return collide(l, d, false); }, o,
                                      edge_circle, circle_skin);
       }},
      {chain_box,
       [&](const AuditOptions& o) {
         return audit_surface<B2Box>([](const SurfaceCase& l, const B2Box& b) { return collide(l, b, true); }, o,
                                     chain_box, box_skin);
       }},
      {edge_box, [&](const AuditOptions& o) {
         return audit_surface<B2Box>([](const SurfaceCase& l, const B2Box& b) { return collide(l, b, false); }, o,
                                     edge_box, box_skin);
       }}};
  // Wrong: beyond 4 ULPs of float at the case's largest magnitude.
  return audit_main(argc, argv, jobs, {.cases = 50, .tolerance = scale_ulps_of<float>(4)});
}

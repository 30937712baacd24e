// Chipmunk 7.0.3's contacts against level geometry in 2-D -- chains of
// segments -- audited with exactgeom::audit::audit_surface (issue 41),
// installed API only (libchipmunk-dev; cpFloat is double). Each case's chain
// (its points, open or a loop; docs/auditing_meshes.md) is given to Chipmunk
// as one cpSegmentShapeNew(static body, p_i, p_i+1, radius 0) per segment
// (the static body at the identity transform), twice:
//  - with cpSegmentShapeSetNeighbors(segment, previous point, next point):
//    the chain's own neighbours (cyclic for a loop). An open chain's ends
//    have no neighbour: there the neighbour is the end point itself (a zero
//    tangent, which Chipmunk's end-cap test never rejects: a free end);
//  - without neighbours (every segment alone, end caps everywhere).
// Shapes: cpCircleShapeNew(static body, r, centre), and a box:
// cpBoxShapeNew(body, 2 hx, 2 hy, radius 0) on a kinematic body placed with
// cpBodySetPosition and cpBodySetAngle -- Chipmunk turns the angle into
// (cos, sin) and moves the box's corners by that transform; the box read
// back (to_exact) is the one that transform holds: axes (cos a, sin a) and
// (-sin a, cos a) as Chipmunk computes them, the half extents as given.
// Contacts: cpShapesCollide(segment, shape) for every segment, whose
// cpContactPointSet normal points from the first shape toward the second
// (from the segment toward the shape: cpShapesCollide flips the normal back
// when Chipmunk swaps the pair internally); one contact per point, depth =
// minus the distance, cpvdot(pointB - pointA, normal) (as the header defines
// it; Chipmunk's own `distance` field has the wrong sign for a segment and a
// circle), piece = the segment's index. Chipmunk's circle-segment test is
// strict (closer than the radius: touching is no contact): the circle jobs
// ask the open question (SurfaceOptions::existence = open); its
// segment-polygon test counts touching (closed). Usage: audit_chipmunk_chain
// [--cases N] ... (audit_main: --help).
#include <chipmunk/chipmunk.h>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>
#include <exactgeom/audit/surface.hpp>

struct CpDisk {
  double c[2], r;
};
struct CpBox {
  double c[2], angle, hx, hy;
};

template <>
struct exactgeom::audit::shape_adapter<CpDisk> {
  using exact_type = exactgeom::Circle<double>;
  using scalar = double;
  static CpDisk from_exact(const exact_type& c) { return {{c.center.x, c.center.y}, c.r}; }
};
template <>
struct exactgeom::audit::shape_adapter<CpBox> {
  using exact_type = exactgeom::Box2<double>;
  using scalar = double;
  static CpBox from_exact(const exact_type& b) {
    return {{b.center.x, b.center.y}, std::atan2(b.axes[0].y, b.axes[0].x), b.half[0], b.half[1]};
  }
  // cpBodySetAngle's rotation: cpvforangle(a) = (cos a, sin a), in double.
  static exactgeom::Box2<mpq_class> to_exact(const CpBox& b) {
    const cpVect r = cpvforangle(b.angle);
    const mpq_class c(r.x), s(r.y);
    return {{mpq_class(b.c[0]), mpq_class(b.c[1])},
            {exactgeom::Point2<mpq_class>{c, s}, exactgeom::Point2<mpq_class>{-s, c}},
            {mpq_class(b.hx), mpq_class(b.hy)}};
  }
};

namespace {

using exactgeom::audit::SurfaceCase;
using exactgeom::audit::SurfaceContact;

/// Bodies and shapes freed on scope exit.
struct World {
  std::vector<cpShape*> shapes;
  std::vector<cpBody*> bodies;
  World() = default;
  World(const World&) = delete;
  World& operator=(const World&) = delete;
  ~World() {
    for (cpShape* s : shapes) cpShapeFree(s);
    for (cpBody* b : bodies) cpBodyFree(b);
  }
  cpBody* body(cpBody* b) { return bodies.push_back(b), b; }
  cpShape* shape(cpShape* s) {
    cpShapeCacheBB(s);  // the shape's world geometry, from its body's transform
    return shapes.push_back(s), s;
  }
};

std::vector<cpShape*> segments(World& w, const SurfaceCase& level, bool neighbours) {
  cpBody* ground = w.body(cpBodyNewStatic());
  const std::size_t n = level.vertices.size(), pieces = level.pieces();
  auto p = [&](std::size_t i) { return cpv(level.vertices[i % n][0], level.vertices[i % n][1]); };
  std::vector<cpShape*> out;
  for (std::size_t i = 0; i < pieces; ++i) {
    cpShape* s = cpSegmentShapeNew(ground, p(i), p(i + 1), 0.0);
    if (neighbours) {
      const cpVect prev = level.loop ? p(i + n - 1) : (i > 0 ? p(i - 1) : p(i));
      const cpVect next = level.loop ? p(i + 2) : (i + 2 < n ? p(i + 2) : p(i + 1));
      cpSegmentShapeSetNeighbors(s, prev, next);
    }
    out.push_back(w.shape(s));
  }
  return out;
}

cpShape* make(World& w, const CpDisk& d) {
  return w.shape(cpCircleShapeNew(w.body(cpBodyNewStatic()), d.r, cpv(d.c[0], d.c[1])));
}
cpShape* make(World& w, const CpBox& b) {
  cpBody* body = w.body(cpBodyNewKinematic());
  cpBodySetPosition(body, cpv(b.c[0], b.c[1]));
  cpBodySetAngle(body, b.angle);
  return w.shape(cpBoxShapeNew(body, 2 * b.hx, 2 * b.hy, 0.0));
}

template <class Shape>
std::vector<SurfaceContact> collide(const SurfaceCase& level, const Shape& s, bool neighbours) {
  World w;
  const std::vector<cpShape*> segs = segments(w, level, neighbours);
  cpShape* shape = make(w, s);
  std::vector<SurfaceContact> out;
  for (std::size_t i = 0; i < segs.size(); ++i) {
    const cpContactPointSet set = cpShapesCollide(segs[i], shape);
    for (int k = 0; k < set.count; ++k) {
      // depth: minus the documented distance, cpvdot(pointB - pointA,
      // normal), computed from the points: the `distance` field itself has
      // the opposite sign when Chipmunk swaps the pair internally (a
      // segment and a circle: +depth where the header says negative).
      const cpVect d = cpvsub(set.points[k].pointB, set.points[k].pointA);
      out.push_back({{set.normal.x, set.normal.y, 0.0}, -cpvdot(d, set.normal), i});
    }
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom::audit;
  const std::string nc = "chipmunk/segments with neighbours + circle (double)",
                    sc = "chipmunk/segments alone + circle (double)",
                    nb = "chipmunk/segments with neighbours + box (double)",
                    sb = "chipmunk/segments alone + box (double)";
  const SurfaceOptions open{.existence = Overlap::open};
  const std::vector<AuditJob> jobs = {
      {nc,
       [&](const AuditOptions& o) {
         return audit_surface<CpDisk>([](const SurfaceCase& l, const CpDisk& d) { return collide(l, d, true); }, o, nc,
                                      open);
       }},
      {sc,
       [&](const AuditOptions& o) {
         return audit_surface<CpDisk>([](const SurfaceCase& l, const CpDisk& d) { return collide(l, d, false); }, o, sc,
                                      open);
       }},
      {nb,
       [&](const AuditOptions& o) {
         return audit_surface<CpBox>([](const SurfaceCase& l, const CpBox& b) { return collide(l, b, true); }, o, nb);
       }},
      {sb, [&](const AuditOptions& o) {
         return audit_surface<CpBox>([](const SurfaceCase& l, const CpBox& b) { return collide(l, b, false); }, o, sb);
       }}};
  // Wrong: beyond 4 ULPs (double) of the case's largest magnitude.
  return audit_main(argc, argv, jobs, {.cases = 50, .tolerance = scale_ulps_of<double>(4)});
}

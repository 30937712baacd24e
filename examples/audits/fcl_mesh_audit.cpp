// FCL 0.7's mesh collisions audited with exactgeom::audit::audit_surface
// (issue 41, docs/engine_audits.md) -- installed API only, double precision,
// the default solver (libccd):
//  - fcl::collide of an fcl::BVHModel<fcl::OBBRSSd> made of the case's
//    vertices and triangles (beginModel, addSubModel, endModel; o1, identity
//    transform) with an fcl::Sphered, an fcl::Capsuled and an fcl::Boxd (o2),
//    a CollisionRequest with enable_contact and num_max_contacts 100000:
//    each fcl::Contact is one contact, its normal as documented (from o1,
//    the mesh, toward o2, the shape), its penetration_depth, its piece b1
//    (the triangle of o1); for the sphere also with the depth's sign turned
//    (FCL 0.7's sphere-triangle test stores minus the depth: see main).
// FCL holds a capsule as a transform (local z is its axis, centred) with a
// half length lz / 2 and a radius, and a box as a transform (its rotation's
// columns are the box's axes) with side lengths: the audit asks about those
// shapes (CentredCapsule with rest axis z, RotatedBox3, to_exact). Every
// family of the 3-D contact audit (the terrain family as a mesh: FCL 0.7
// has no height-field shape); no sweep is asked (fcl::continuousCollide on
// meshes is not audited here).
// Usage: audit_fcl_mesh [--cases N] ... (audit_main: --help).
#include <fcl/fcl.h>

#include <array>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>
#include <exactgeom/audit/surface.hpp>

using S = double;
using FclCapsule = exactgeom::audit::CentredCapsule<S, 2>;  // FCL's rest axis: z
using FclBox = exactgeom::audit::RotatedBox3<S>;
struct FclBall {
  S c[3], r;
};

template <>
struct exactgeom::audit::shape_adapter<FclBall> {
  using exact_type = exactgeom::Sphere<double>;
  using scalar = double;
  static FclBall from_exact(const exact_type& s) { return {{s.center.x, s.center.y, s.center.z}, s.r}; }
};

namespace {

using exactgeom::audit::SurfaceCase;
using exactgeom::audit::SurfaceContact;

fcl::Transform3<S> transform(const FclBall& s) {
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.translation() = fcl::Vector3<S>(s.c[0], s.c[1], s.c[2]);
  return t;
}
fcl::Transform3<S> transform(const FclCapsule& h) {
  // Local z is the capsule's axis: rotation column 2 is u; columns 0 and 1
  // any unit vectors perpendicular to it (they do not change the shape).
  const fcl::Vector3<S> u(h.u[0], h.u[1], h.u[2]);
  const fcl::Vector3<S> a = std::fabs(u[0]) < 0.6 ? fcl::Vector3<S>(1, 0, 0) : fcl::Vector3<S>(0, 1, 0);
  const fcl::Vector3<S> p = u.cross(a).normalized(), w = u.cross(p);
  fcl::Matrix3<S> r;
  r.col(0) = p, r.col(1) = w, r.col(2) = u;
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.linear() = r;
  t.translation() = fcl::Vector3<S>(h.o[0], h.o[1], h.o[2]);
  return t;
}
fcl::Transform3<S> transform(const FclBox& b) {
  fcl::Matrix3<S> r;
  for (int i = 0; i < 3; ++i) r.col(i) = fcl::Vector3<S>(b.axis[i][0], b.axis[i][1], b.axis[i][2]);
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.linear() = r;
  t.translation() = fcl::Vector3<S>(b.c[0], b.c[1], b.c[2]);
  return t;
}
fcl::Sphere<S> shape(const FclBall& s) { return fcl::Sphere<S>(s.r); }
fcl::Capsule<S> shape(const FclCapsule& h) { return fcl::Capsule<S>(h.r, 2 * h.hh); }
fcl::Box<S> shape(const FclBox& b) { return fcl::Box<S>(2 * b.half[0], 2 * b.half[1], 2 * b.half[2]); }

template <class U, bool negate_depth = false>
std::vector<SurfaceContact> contacts(const SurfaceCase& L, const U& u) {
  fcl::BVHModel<fcl::OBBRSS<S>> mesh;
  std::vector<fcl::Vector3<S>> v;
  for (const auto& p : L.vertices) v.emplace_back(p[0], p[1], p[2]);
  std::vector<fcl::Triangle> t;
  for (const auto& f : L.triangles) t.emplace_back(f[0], f[1], f[2]);
  mesh.beginModel();
  mesh.addSubModel(v, t);
  mesh.endModel();
  const auto sh = shape(u);
  fcl::CollisionRequest<S> req(100000, true);
  fcl::CollisionResult<S> res;
  fcl::collide(&mesh, fcl::Transform3<S>::Identity(), &sh, transform(u), req, res);
  std::vector<SurfaceContact> out;
  for (std::size_t i = 0; i < res.numContacts(); ++i) {
    const auto& c = res.getContact(i);
    SurfaceContact s;
    s.normal = {c.normal[0], c.normal[1], c.normal[2]};  // from o1 (the mesh) toward o2 (the shape)
    s.depth = negate_depth ? -c.penetration_depth : c.penetration_depth;
    if (c.b1 >= 0) s.piece = static_cast<std::size_t>(c.b1);
    out.push_back(s);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string sp = "fcl/collide BVHModel<OBBRSS>-Sphere (double)",
                    ca = "fcl/collide BVHModel<OBBRSS>-Capsule (double)",
                    bo = "fcl/collide BVHModel<OBBRSS>-Box (double)",
                    sn = "fcl/collide BVHModel<OBBRSS>-Sphere (double, depth negated)";
  const std::vector<AuditJob> jobs = {
      {sp, [&](const AuditOptions& o) { return audit_surface<FclBall>(contacts<FclBall>, o, sp); }},
      {ca, [&](const AuditOptions& o) { return audit_surface<FclCapsule>(contacts<FclCapsule>, o, ca); }},
      {bo, [&](const AuditOptions& o) { return audit_surface<FclBox>(contacts<FclBox>, o, bo); }},
      // FCL 0.7's sphere-triangle test (detail::sphereTriangleIntersect, both
      // solvers) stores penetration_depth = -(radius - distance): minus the
      // depth. The same contacts with the depth's sign turned, so that the
      // normals (judged on contacts with depth > 0) and features are asked.
      {sn, [&](const AuditOptions& o) { return audit_surface<FclBall>(contacts<FclBall, true>, o, sn); }}};
  // Real answers: wrong beyond 4 ULPs of double at the case's largest magnitude.
  return audit_main(argc, argv, jobs, {.cases = 30, .tolerance = {Unit::scale_ulps, 4}});
}

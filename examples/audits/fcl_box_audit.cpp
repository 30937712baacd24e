// FCL 0.7's box and convex collisions audited with exactgeom::audit::audit_manifold and audit_pair -- installed
// API only, double precision, the default solver (libccd):
//  - fcl::collide on two fcl::Box (FCL's box-box specialization, ODE's
//    dBoxBox) with enable_contact, its contacts as a manifold
//    (exactgeom::audit::audit_manifold): is there contact, its normal (the deepest
//    contact's Contact::normal, documented as pointing from o1 to o2), its
//    points (Contact::pos: on both shapes?) and their separations (minus
//    each penetration_depth: the exact ones along the normal?); and the
//    penetration depth of its deepest contact;
//  - the same for a fcl::Sphere against a fcl::Box;
//  - fcl::distance between two boxes (GJK; its -1 for a colliding pair is
//    read as distance 0);
//  - the same manifold questions and distance for two fcl::Convex (convex
//    polytopes: GJK/EPA), once with each of FCL's solvers: libccd's (the
//    default, GST_LIBCCD) and FCL's own (GST_INDEP).
// FCL holds a box as a transform (its rotation's columns are the box's axes)
// and side lengths: exactgeom::audit::RotatedBox3<double> with half extents, read
// back exactly (to_exact). A Convex gets the corners and faces of the
// family's hull (exactgeom::ConvexHull3 of its points); hulls that are not
// solid (flat, a segment, a point: the degenerate_hull family's) are
// skipped -- FCL's Convex is a solid polytope. Usage: audit_fcl_box [--cases N] ... (audit_main: --help).
#include <fcl/fcl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>

using S = double;
using FclBox = exactgeom::audit::RotatedBox3<S>;
struct FclBall {
  S c[3], r;
};

using FclHull = exactgeom::audit::PointHull<S, 3>;
template <>
struct exactgeom::audit::shape_adapter<FclHull> {
  using exact_type = exactgeom::ConvexHull3<double>;
  using scalar = double;
  static FclHull from_exact(const exact_type& h) { return FclHull::hold(h); }
  static exactgeom::ConvexHull3<mpq_class> to_exact(const FclHull& h) { return h.exact(); }
  static bool valid(const exact_type& h) { return h.dimension() == 3; }
};
template <>
struct exactgeom::audit::shape_adapter<FclBall> {
  using exact_type = exactgeom::Sphere<double>;
  using scalar = double;
  static FclBall from_exact(const exact_type& s) { return {{s.center.x, s.center.y, s.center.z}, s.r}; }
};

namespace {

fcl::Transform3<S> transform(const FclBox& b) {
  fcl::Matrix3<S> r;
  for (int i = 0; i < 3; ++i) r.col(i) = fcl::Vector3<S>(b.axis[i][0], b.axis[i][1], b.axis[i][2]);
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.linear() = r;
  t.translation() = fcl::Vector3<S>(b.c[0], b.c[1], b.c[2]);
  return t;
}
fcl::Transform3<S> transform(const FclBall& s) {
  fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
  t.translation() = fcl::Vector3<S>(s.c[0], s.c[1], s.c[2]);
  return t;
}
fcl::Box<S> shape(const FclBox& b) { return fcl::Box<S>(2 * b.half[0], 2 * b.half[1], 2 * b.half[2]); }
fcl::Sphere<S> shape(const FclBall& s) { return fcl::Sphere<S>(s.r); }
fcl::Transform3<S> transform(const FclHull&) { return fcl::Transform3<S>::Identity(); }
fcl::Convex<S> shape(const FclHull& h) {
  std::vector<exactgeom::Point3<double>> pts;
  for (const auto& p : h.points) pts.push_back({p[0], p[1], p[2]});
  const exactgeom::ConvexHull3<double> hull(pts);
  auto v = std::make_shared<std::vector<fcl::Vector3<S>>>();
  for (const auto& p : hull.vertices()) v->emplace_back(p.x, p.y, p.z);
  auto f = std::make_shared<std::vector<int>>();
  for (const auto& face : hull.faces()) {
    f->push_back(static_cast<int>(face.size()));
    for (auto i : face) f->push_back(static_cast<int>(i));
  }
  return fcl::Convex<S>(v, static_cast<int>(hull.faces().size()), f);
}

/// FCL's contacts of a and b as a manifold: the deepest contact's normal
/// (documented as pointing from o1 to o2), and each contact's position with
/// minus its penetration depth as its separation.
template <class A, class B, fcl::GJKSolverType solver = fcl::GST_LIBCCD>
std::optional<exactgeom::audit::Manifold<exactgeom::Point3<double>>> manifold(const A& a, const B& b) {
  const auto sa = shape(a);
  const auto sb = shape(b);
  fcl::CollisionRequest<S> req(exactgeom::audit::kManifoldPoints, true);
  req.gjk_solver_type = solver;
  fcl::CollisionResult<S> res;
  fcl::collide(&sa, transform(a), &sb, transform(b), req, res);
  if (!res.isCollision() || res.numContacts() == 0) return std::nullopt;
  std::size_t k = 0;
  for (std::size_t i = 1; i < res.numContacts(); ++i)
    if (res.getContact(i).penetration_depth > res.getContact(k).penetration_depth) k = i;
  exactgeom::audit::Manifold<exactgeom::Point3<double>> m;
  const auto& n = res.getContact(k).normal;
  m.normal = {n[0], n[1], n[2]};
  for (std::size_t i = 0; i < res.numContacts() && i < exactgeom::audit::kManifoldPoints; ++i) {
    const auto& c = res.getContact(i);
    m.points.push_back({{c.pos[0], c.pos[1], c.pos[2]}, -c.penetration_depth});
  }
  return m;
}

template <class A, class B, fcl::GJKSolverType solver = fcl::GST_LIBCCD>
double shape_distance(const A& a, const B& b) {
  const auto sa = shape(a), sb = shape(b);
  fcl::DistanceRequest<S> req;
  req.gjk_solver_type = solver;
  fcl::DistanceResult<S> res;
  const S d = fcl::distance(&sa, transform(a), &sb, transform(b), req, res);
  return d < 0 ? 0.0 : d;  // FCL answers -1 for a colliding pair: distance 0
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string bb = "fcl/collide Box-Box (double)", sb = "fcl/collide Sphere-Box (double)",
                    dist = "fcl/distance Box-Box (double)", cc = "fcl/collide Convex-Convex (double, libccd)",
                    cci = "fcl/collide Convex-Convex (double, indep)",
                    cd = "fcl/distance Convex-Convex (double, libccd)",
                    cdi = "fcl/distance Convex-Convex (double, indep)";
  using H = FclHull;
  const std::vector<AuditJob> jobs = {
      {bb, [&](const AuditOptions& o) { return audit_manifold<FclBox, FclBox>(manifold<FclBox, FclBox>, 0.0, o, bb); }},
      {sb, [&](const AuditOptions& o) { return audit_manifold<FclBall, FclBox>(manifold<FclBall, FclBox>, 0.0, o, sb); }},
      {dist,
       [&](const AuditOptions& o) { return audit_pair<FclBox, FclBox>(Question::distance, shape_distance<FclBox, FclBox>, o, dist); }},
      {cc, [&](const AuditOptions& o) { return audit_manifold<H, H>(manifold<H, H, fcl::GST_LIBCCD>, 0.0, o, cc); }},
      {cci, [&](const AuditOptions& o) { return audit_manifold<H, H>(manifold<H, H, fcl::GST_INDEP>, 0.0, o, cci); }},
      {cd, [&](const AuditOptions& o) { return audit_pair<H, H>(Question::distance, shape_distance<H, H, fcl::GST_LIBCCD>, o, cd); }},
      {cdi, [&](const AuditOptions& o) {
         return audit_pair<H, H>(Question::distance, shape_distance<H, H, fcl::GST_INDEP>, o, cdi);
       }}};
  // Wrong: beyond 4 ULPs of double at the case's largest magnitude (a
  // direction: of 1).
  return audit_main(argc, argv, jobs, {.cases = 50, .tolerance = {Unit::scale_ulps, 4}});
}

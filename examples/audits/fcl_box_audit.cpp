// FCL 0.7's box collisions audited with exactgeom::audit_pair -- installed
// API only, double precision, the default solver (libccd):
//  - fcl::collide on two fcl::Box (FCL's box-box specialization, ODE's
//    dBoxBox) with enable_contact, its contacts as a manifold
//    (exactgeom::audit_manifold): is there contact, its normal (the deepest
//    contact's Contact::normal, documented as pointing from o1 to o2), its
//    points (Contact::pos: on both shapes?) and their separations (minus
//    each penetration_depth: the exact ones along the normal?); and the
//    penetration depth of its deepest contact;
//  - the same for a fcl::Sphere against a fcl::Box;
//  - fcl::distance between two boxes (GJK; its -1 for a colliding pair is
//    read as distance 0).
// FCL holds a box as a transform (its rotation's columns are the box's axes)
// and side lengths: exactgeom::RotatedBox3<double> with half extents, read
// back exactly (to_exact). Usage: audit_fcl_box [--cases N] ... (audit_main: --help).
#include <fcl/fcl.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit.hpp>

using S = double;
using FclBox = exactgeom::RotatedBox3<S>;
struct FclBall {
  S c[3], r;
};

template <>
struct exactgeom::shape_adapter<FclBox> {
  using exact_type = exactgeom::Box3<double>;
  using scalar = double;
  static FclBox from_exact(const exact_type& b) { return FclBox::hold(b); }
  static exactgeom::Box3<mpq_class> to_exact(const FclBox& b) { return b.exact(); }
};
template <>
struct exactgeom::shape_adapter<FclBall> {
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

/// FCL's contacts of a and b as a manifold: the deepest contact's normal
/// (documented as pointing from o1 to o2), and each contact's position with
/// minus its penetration depth as its separation.
template <class A, class B>
std::optional<exactgeom::Manifold<exactgeom::Point3<double>>> manifold(const A& a, const B& b) {
  const auto sa = shape(a);
  const auto sb = shape(b);
  fcl::CollisionRequest<S> req(exactgeom::kManifoldPoints, true);
  fcl::CollisionResult<S> res;
  fcl::collide(&sa, transform(a), &sb, transform(b), req, res);
  if (!res.isCollision() || res.numContacts() == 0) return std::nullopt;
  std::size_t k = 0;
  for (std::size_t i = 1; i < res.numContacts(); ++i)
    if (res.getContact(i).penetration_depth > res.getContact(k).penetration_depth) k = i;
  exactgeom::Manifold<exactgeom::Point3<double>> m;
  const auto& n = res.getContact(k).normal;
  m.normal = {n[0], n[1], n[2]};
  for (std::size_t i = 0; i < res.numContacts() && i < exactgeom::kManifoldPoints; ++i) {
    const auto& c = res.getContact(i);
    m.points.push_back({{c.pos[0], c.pos[1], c.pos[2]}, -c.penetration_depth});
  }
  return m;
}

/// The manifold's four reports (contact?, normal, points, separations) and
/// its depth: the deepest contact's penetration depth.
template <class A, class B>
std::vector<exactgeom::AuditReport> contact_audits(const exactgeom::AuditOptions& o, const std::string& name) {
  using exactgeom::Question;
  auto depth = [](const A& a, const B& b) -> std::optional<double> {
    const auto m = manifold(a, b);
    if (!m) return std::nullopt;
    double least = 0;
    for (const auto& p : m->points) least = std::min(least, p.separation);
    return -least;
  };
  const auto m = exactgeom::audit_manifold<A, B>(manifold<A, B>, 0.0, o, name);
  std::vector<exactgeom::AuditReport> all(m.begin(), m.end());
  all.insert(all.begin() + 1, exactgeom::audit_pair<A, B>(Question::depth, depth, o, name + ": depth"));
  return all;
}

double box_distance(const FclBox& a, const FclBox& b) {
  const auto sa = shape(a), sb = shape(b);
  fcl::DistanceRequest<S> req;
  fcl::DistanceResult<S> res;
  const S d = fcl::distance(&sa, transform(a), &sb, transform(b), req, res);
  return d < 0 ? 0.0 : d;  // FCL answers -1 for a colliding pair: distance 0
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  const std::string bb = "fcl/collide Box-Box (double)", sb = "fcl/collide Sphere-Box (double)",
                    dist = "fcl/distance Box-Box (double)";
  const std::vector<AuditJob> jobs = {
      {bb, [&](const AuditOptions& o) { return contact_audits<FclBox, FclBox>(o, bb); }},
      {sb, [&](const AuditOptions& o) { return contact_audits<FclBall, FclBox>(o, sb); }},
      {dist, [&](const AuditOptions& o) { return audit_pair<FclBox, FclBox>(Question::distance, box_distance, o, dist); }}};
  // Wrong: beyond 4 ULPs of double at the case's largest magnitude (a
  // direction: of 1).
  return audit_main(argc, argv, jobs, {.cases = 50, .tolerance = {Unit::scale_ulps, 4}});
}

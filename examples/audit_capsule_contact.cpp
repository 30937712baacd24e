// Audit of a capsule-capsule contact function -- yes/no, depth and normal --
// in the user's own float types. The function under test is RTCD 5.1.9's
// closest points in float (the library's float version of Ericson's code,
// standing in for yours); the audit part is the adapter and main: 16 lines.
#include <exactgeom/audit/audit.hpp>
#include <exactgeom/reference/ericson.hpp>

#include <cmath>
#include <cstdio>
#include <optional>

using P3 = exactgeom::Point3<float>;
struct Capsule { P3 a, b; float r; };
struct Contact { float depth; std::optional<P3> normal; };  // no normal when the axes meet

std::optional<Contact> collide(const Capsule& p, const Capsule& q) {
  const auto cp = exactgeom::reference::ClosestPtSegmentSegment(p.a, p.b, q.a, q.b);
  const float d = std::sqrt(cp.dist2), R = p.r + q.r;
  if (d > R) return std::nullopt;
  if (d == 0) return Contact{R, std::nullopt};
  return Contact{R - d, P3{(cp.c2.x - cp.c1.x) / d, (cp.c2.y - cp.c1.y) / d, (cp.c2.z - cp.c1.z) / d}};
}

// --- the audit ---------------------------------------------------------------
template <>
struct exactgeom::audit::shape_adapter<Capsule> {
  using exact_type = exactgeom::Capsule3<double>;
  using scalar = float;
  static P3 f(const exactgeom::Point3<double>& v) { return {float(v.x), float(v.y), float(v.z)}; }
  static Capsule from_exact(const exact_type& c) { return {f(c.seg.a), f(c.seg.b), float(c.r)}; }
};

int main() {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  // Depth and normal errors in ULPs of float at the case's scale (r1 + r2).
  const AuditOptions o{.cases = 1000, .tolerance = {Unit::scale_ulps, 0x1p29}, .scale = Scale::radius_sum};
  const auto reports = audit_contact<Capsule>(collide, o, "collide");  // contact?, depth, normal
  for (const AuditReport& r : reports) std::fputs(r.markdown().c_str(), stdout);
  return reports[0].cases() > 0 ? 0 : 1;
}

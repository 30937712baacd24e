// Audit of a box-box contact function -- is there contact, its depth and
// its direction -- in the user's own float types (docs/auditing_boxes.md).
// The function under test is GJK + EPA on the boxes' corners in float (the
// library's float version of van den Bergen's algorithms, standing in for
// yours); the audit part is the adapter and main: 33 lines.
#include <exactgeom/audit/audit.hpp>
#include <exactgeom/reference/gjk_epa.hpp>
#include <exactgeom/shapes.hpp>

#include <array>
#include <cstdio>
#include <optional>
#include <vector>

struct Box {  // as an engine stores it: centre, rotation quaternion (w, x, y, z), half extents
  float c[3], q[4], h[3];
};
struct Contact {
  float depth;
  std::array<float, 3> normal;  // from the first box toward the second
};

std::vector<std::array<float, 3>> corners(const Box& b) {
  // The engine's float matrix of its quaternion, and the corners it spans.
  const exactgeom::Box3<float> box{{b.c[0], b.c[1], b.c[2]},
                                   exactgeom::quaternion_axes(b.q[0], b.q[1], b.q[2], b.q[3]),
                                   {b.h[0], b.h[1], b.h[2]}};
  std::vector<std::array<float, 3>> v;
  for (const auto& p : exactgeom::box_corners(box)) v.push_back({p.x, p.y, p.z});
  return v;
}

std::optional<Contact> collide(const Box& a, const Box& b) {
  const auto pa = corners(a), pb = corners(b);
  const auto e = exactgeom::reference::epa_penetration<float>(pa, pb);
  if (!e.valid) return std::nullopt;
  return Contact{e.depth, e.normal};
}

// --- the audit ---------------------------------------------------------------
template <>
struct exactgeom::audit::shape_adapter<Box> {
  using exact_type = exactgeom::Box3<double>;  // the boxes the audit generates
  using scalar = float;
  static Box from_exact(const exact_type& b) {
    const auto held = QuatBox3<float>::hold(b);  // the rotation as a float quaternion
    Box x{};
    for (int k = 0; k < 3; ++k) x.c[k] = held.c[k], x.h[k] = held.half[k];
    for (int k = 0; k < 4; ++k) x.q[k] = held.q[k];
    return x;
  }
  static Box3<mpq_class> to_exact(const Box& x) {  // the box the quaternion denotes, exactly
    QuatBox3<float> held{};
    for (int k = 0; k < 3; ++k) held.c[k] = x.c[k], held.half[k] = x.h[k];
    for (int k = 0; k < 4; ++k) held.q[k] = x.q[k];
    return held.exact();
  }
};

int main() {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  // Errors in ULPs of float at the case's largest coordinate (the direction: of 1).
  const AuditOptions o{.cases = 100, .tolerance = scale_ulps_of<float>(4)};
  const AuditReport reports[] = {
      audit_pair<Box, Box>(Question::closed_overlap, [](const Box& a, const Box& b) { return collide(a, b).has_value(); },
                           o, "collide: contact?"),
      audit_pair<Box, Box>(Question::depth, [](const Box& a, const Box& b) -> std::optional<double> {
        const auto c = collide(a, b);
        return c ? std::optional<double>(c->depth) : std::nullopt;
      }, o, "collide: depth"),
      audit_pair<Box, Box>(Question::direction, [](const Box& a, const Box& b) -> std::optional<std::array<float, 3>> {
        const auto c = collide(a, b);
        return c ? std::optional(c->normal) : std::nullopt;
      }, o, "collide: direction")};
  for (const AuditReport& r : reports) std::fputs(r.markdown().c_str(), stdout);
  return reports[0].cases() > 0 ? 0 : 1;
}

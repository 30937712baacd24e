// How a user audits their own float collision code with exactgeom: a game's
// 2-D capsule type with its own vector type, its float capsule test, one
// shape_adapter specialisation, and one call to exactgeom::audit.
#include <exactgeom/audit/audit.hpp>

#include <algorithm>
#include <cstdio>

// --- the user's code, as it might be in a game --------------------------------
struct Vec2 {
  float x, y;
};
static Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
static Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
static Vec2 operator*(float s, Vec2 a) { return {s * a.x, s * a.y}; }
static float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

struct MyCapsule {
  Vec2 a, b;
  float radius;
};

static Vec2 closest_on_segment(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 d = b - a;
  const float dd = dot(d, d);
  const float t = dd > 0 ? std::clamp(dot(p - a, d) / dd, 0.0f, 1.0f) : 0.0f;
  return a + t * d;
}

// The usual float test: the smallest of the four endpoint-to-segment
// distances (which misses crossing axes, so check those with orientation
// signs first), compared with the sum of the radii. Touching counts.
static bool my_capsule_test(const MyCapsule& p, const MyCapsule& q) {
  auto cross = [](Vec2 o, Vec2 a, Vec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); };
  const float d1 = cross(p.a, p.b, q.a), d2 = cross(p.a, p.b, q.b);
  const float d3 = cross(q.a, q.b, p.a), d4 = cross(q.a, q.b, p.b);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  float best = 1e30f;
  for (auto [pt, s0, s1] : {std::tuple{p.a, q.a, q.b}, {p.b, q.a, q.b}, {q.a, p.a, p.b}, {q.b, p.a, p.b}}) {
    const Vec2 c = closest_on_segment(pt, s0, s1) - pt;
    best = std::min(best, dot(c, c));
  }
  const float r = p.radius + q.radius;
  return best <= r * r;
}

// --- the part that connects it to exactgeom -----------------------------------
template <>
struct exactgeom::audit::shape_adapter<MyCapsule> {
  using exact_type = exactgeom::Capsule2<double>;
  using scalar = float;  // cases are generated as floats: what MyCapsule holds
  static MyCapsule from_exact(const exact_type& c) {
    return {{float(c.seg.a.x), float(c.seg.a.y)}, {float(c.seg.b.x), float(c.seg.b.y)}, float(c.r)};
  }
};

int main() {
  const exactgeom::audit::AuditReport report =
      exactgeom::audit::audit_overlap<MyCapsule>(my_capsule_test, {.cases = 3000, .seed = 42}, "my_capsule_test (float)");
  std::fputs(report.markdown().c_str(), stdout);
  // A float test is expected to be wrong somewhere near touching; an audit
  // that ran no case, or found nothing at all, would be the surprise.
  return report.cases() > 0 && report.wrong() > 0 ? 0 : 1;
}

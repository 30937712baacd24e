// Audit of a mixed pair: a game's circle-stadium test (2-D, double) and its
// depth and normal, against the exact answers. The audit part (20 lines) is
// the two adapters and main.
#include <exactgeom/audit/audit.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

struct Vec { double x, y; };
struct Disk { Vec c; double r; };
struct Stadium { Vec a, b; double r; };
struct Hit { double depth; Vec normal; };  // normal from the circle toward the stadium

std::optional<Hit> circle_stadium(const Disk& s, const Stadium& t) {
  const Vec d{t.b.x - t.a.x, t.b.y - t.a.y};
  const double dd = d.x * d.x + d.y * d.y;
  const double u = dd > 0 ? std::clamp(((s.c.x - t.a.x) * d.x + (s.c.y - t.a.y) * d.y) / dd, 0.0, 1.0) : 0;
  const Vec w{t.a.x + u * d.x - s.c.x, t.a.y + u * d.y - s.c.y};
  const double dist = std::hypot(w.x, w.y);
  if (dist > s.r + t.r) return std::nullopt;
  return Hit{s.r + t.r - dist, dist > 0 ? Vec{w.x / dist, w.y / dist} : Vec{0, 1}};
}

// --- the audit ---------------------------------------------------------------
template <>
struct exactgeom::audit::shape_adapter<Disk> {
  using exact_type = exactgeom::Circle<double>;
  using scalar = double;
  static Disk from_exact(const exact_type& e) { return {{e.center.x, e.center.y}, e.r}; }
};
template <>
struct exactgeom::audit::shape_adapter<Stadium> {
  using exact_type = exactgeom::Capsule2<double>;
  using scalar = double;
  static Stadium from_exact(const exact_type& e) { return {{e.seg.a.x, e.seg.a.y}, {e.seg.b.x, e.seg.b.y}, e.r}; }
};

int main() {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const AuditOptions o{.cases = 2000, .tolerance = {Unit::scale_ulps, 4}, .scale = Scale::radius_sum};
  const auto reports = audit_contact<Disk, Stadium>(circle_stadium, o, "circle_stadium");  // contact?, depth, normal
  for (const AuditReport& r : reports) std::fputs(r.markdown().c_str(), stdout);
  return reports[0].cases() > 0 ? 0 : 1;
}

// GEOS 3.11's distance of two segments (geos::operation::distance::DistanceOp
// on two-point LineStrings, double) audited with exactgeom::audit_pair --
// installed API only. GEOS has no contact depth or normal. Usage:
// audit_geos_distance [--cases N]; prints Markdown.
#include <geos/geom/Coordinate.h>
#include <geos/geom/CoordinateSequence.h>
#include <geos/geom/GeometryFactory.h>
#include <geos/geom/LineString.h>
#include <geos/operation/distance/DistanceOp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include <exactgeom/audit.hpp>

struct Line {
  std::unique_ptr<geos::geom::LineString> g;
};

template <>
struct exactgeom::shape_adapter<Line> {
  using exact_type = exactgeom::Segment2<double>;
  using scalar = double;
  static Line from_exact(const exact_type& s) {
    static const auto factory = geos::geom::GeometryFactory::create();
    std::vector<geos::geom::Coordinate> c = {{s.a.x, s.a.y}, {s.b.x, s.b.y}};
    return {factory->createLineString(std::move(c))};
  }
};

int main(int argc, char** argv) {
  using namespace exactgeom;
  AuditOptions o{.cases = 2000};
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--cases") == 0) o.cases = std::strtoull(argv[i + 1], nullptr, 10);
  o.tolerance = {Unit::scale_ulps, 4};  // 4 ULPs of the largest coordinate
  using geos::operation::distance::DistanceOp;
  using P = Point2<double>;
  // The distance, and the nearest points: where segments are parallel
  // several pairs are closest, and any of them is right.
  const AuditReport r[] = {
      audit_pair<Line, Line>(
          Question::distance, [](const Line& a, const Line& b) { return DistanceOp::distance(*a.g, *b.g); }, o,
          "geos/DistanceOp::distance (segments)"),
      audit_pair<Line, Line>(
          Question::closest_points,
          [](const Line& a, const Line& b) {
            const auto pts = DistanceOp::nearestPoints(a.g.get(), b.g.get());
            return std::pair{P{pts->getX(0), pts->getY(0)}, P{pts->getX(1), pts->getY(1)}};
          },
          o, "geos/DistanceOp::nearestPoints (segments)")};
  for (const AuditReport& x : r) std::fputs(x.markdown().c_str(), stdout);
  return r[0].cases() > 0 && r[1].cases() > 0 ? 0 : 1;
}

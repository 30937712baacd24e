// GEOS 3.11's distance of two segments (geos::operation::distance::DistanceOp
// on two-point LineStrings, double) audited with exactgeom::audit::audit_pair --
// installed API only. GEOS has no contact depth or normal. Usage:
// audit_geos_distance [--cases N] ... (exactgeom::audit::audit_main: --help).
#include <geos/geom/Coordinate.h>
#include <geos/geom/CoordinateSequence.h>
#include <geos/geom/GeometryFactory.h>
#include <geos/geom/LineString.h>
#include <geos/operation/distance/DistanceOp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <memory>
#include <utility>
#include <vector>

#include <exactgeom/audit/audit.hpp>

struct Line {
  std::unique_ptr<geos::geom::LineString> g;
};

template <>
struct exactgeom::audit::shape_adapter<Line> {
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
  using namespace exactgeom::audit;
  using geos::operation::distance::DistanceOp;
  using P = Point2<double>;
  // The distance, and the nearest points: where segments are parallel
  // several pairs are closest, and any of them is right.
  const std::string distance = "geos/DistanceOp::distance (segments)",
                    nearest = "geos/DistanceOp::nearestPoints (segments)";
  const std::vector<AuditJob> jobs = {
      {distance,
       [&](const AuditOptions& o) {
         return audit_pair<Line, Line>(
             Question::distance, [](const Line& a, const Line& b) { return DistanceOp::distance(*a.g, *b.g); }, o,
             distance);
       }},
      {nearest, [&](const AuditOptions& o) {
         return audit_pair<Line, Line>(
             Question::closest_points,
             [](const Line& a, const Line& b) {
               const auto pts = DistanceOp::nearestPoints(a.g.get(), b.g.get());
               return std::pair{P{pts->getX(0), pts->getY(0)}, P{pts->getX(1), pts->getY(1)}};
             },
             o, nearest);
       }}};
  // Wrong: beyond 4 ULPs of the largest coordinate.
  return audit_main(argc, argv, jobs, {.cases = 2000, .tolerance = {Unit::scale_ulps, 4}});
}

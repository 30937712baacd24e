// Tests of audit_pair and audit_sweep with boxes and hulls (the solid kinds
// of audit.hpp) and of the direction question: the exact functions audited
// against themselves are never wrong; the seeded-bug twins of the float
// separating-axis test (no edge-edge axes) and of GJK (no termination
// tolerance) are caught as gross by the built-in families; a direction is
// judged by how far it has to push; the engine-form adapters (rotation
// matrix, quaternion, b2Rot, point hull) report the shape they hold; kept
// lines replay through `exactgeom eval`.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <utility>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "exactgeom/audit/audit.hpp"
#include "exactgeom/contact.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/audit/subject.hpp"
#include "exactgeom/reference/gjk_epa.hpp"
#include "exactgeom/reference/obb_sat.hpp"
#include "testing/eval_lines.hpp"
#include "testing/sanitized.hpp"

namespace eg = exactgeom;
using eg::audit::CaseFamily;
using eg::audit::Question;

namespace {
struct Box {
  eg::Box3<double> b;
};
struct Hull {
  eg::ConvexHull3<double> h;
};
struct Ball {
  eg::Sphere<double> s;
};
struct Cap {
  eg::Capsule3<double> c;
};
struct Tri {
  eg::Triangle3<double> t;
};
struct Rect {
  eg::Box2<double> b;
};
struct Poly {
  eg::ConvexPolygon<double> p;
};
struct FBox {  // a float engine's box: centre, rotation matrix, half extents
  eg::audit::RotatedBox3<float> b;
};
struct QBox {  // a float engine's box under a quaternion
  eg::audit::QuatBox3<float> b;
};
struct FHull {
  eg::audit::PointHull<float, 3> h;
};
struct B2Box {  // Box2D's box: b2Rot (cos, sin) in float
  eg::audit::RotatedBox2<float> b;
};
}  // namespace

template <>
struct eg::audit::shape_adapter<Box> {
  using exact_type = Box3<double>;
  using scalar = double;
  static Box from_exact(const exact_type& b) { return {b}; }
};
template <>
struct eg::audit::shape_adapter<Hull> {
  using exact_type = ConvexHull3<double>;
  using scalar = double;
  static Hull from_exact(const exact_type& h) { return {h}; }
};
template <>
struct eg::audit::shape_adapter<Ball> {
  using exact_type = Sphere<double>;
  using scalar = double;
  static Ball from_exact(const exact_type& s) { return {s}; }
};
template <>
struct eg::audit::shape_adapter<Cap> {
  using exact_type = Capsule3<double>;
  using scalar = double;
  static Cap from_exact(const exact_type& c) { return {c}; }
};
template <>
struct eg::audit::shape_adapter<Tri> {
  using exact_type = Triangle3<double>;
  using scalar = double;
  static Tri from_exact(const exact_type& t) { return {t}; }
};
template <>
struct eg::audit::shape_adapter<Rect> {
  using exact_type = Box2<double>;
  using scalar = double;
  static Rect from_exact(const exact_type& b) { return {b}; }
};
template <>
struct eg::audit::shape_adapter<Poly> {
  using exact_type = ConvexPolygon<double>;
  using scalar = double;
  static Poly from_exact(const exact_type& p) { return {p}; }
};
template <>
struct eg::audit::shape_adapter<FBox> {
  using exact_type = Box3<double>;
  using scalar = float;
  static FBox from_exact(const exact_type& b) { return {RotatedBox3<float>::hold(b)}; }
  static Box3<mpq_class> to_exact(const FBox& b) { return b.b.exact(); }
};
template <>
struct eg::audit::shape_adapter<QBox> {
  using exact_type = Box3<double>;
  using scalar = float;
  static QBox from_exact(const exact_type& b) { return {QuatBox3<float>::hold(b)}; }
  static Box3<mpq_class> to_exact(const QBox& b) { return b.b.exact(); }
};
template <>
struct eg::audit::shape_adapter<FHull> {
  using exact_type = ConvexHull3<double>;
  using scalar = float;
  static FHull from_exact(const exact_type& h) { return {PointHull<float, 3>::hold(h)}; }
  static ConvexHull3<mpq_class> to_exact(const FHull& h) { return h.h.exact(); }
};
template <>
struct eg::audit::shape_adapter<B2Box> {
  using exact_type = Box2<double>;
  using scalar = float;
  static B2Box from_exact(const exact_type& b) { return {RotatedBox2<float>::hold(b)}; }
  static Box2<mpq_class> to_exact(const B2Box& b) { return b.b.exact(); }
};

namespace {

std::size_t cases(std::size_t n) { return static_cast<std::size_t>(eg::testing::sanitized_cases(static_cast<int>(n), 4)); }

eg::reference::FloatBox3<double> fbox(const Box& x) {
  const auto& b = x.b;
  return {b.center, b.axes, b.half, 0.0};
}
std::vector<std::array<double, 3>> corners(const Box& x) {
  std::vector<std::array<double, 3>> v;
  for (int m = 0; m < 8; ++m) {
    std::array<double, 3> p{x.b.center.x, x.b.center.y, x.b.center.z};
    for (std::size_t i = 0; i < 3; ++i) {
      const double s = ((m >> i) & 1 ? 1 : -1) * x.b.half[i];
      p[0] += s * x.b.axes[i].x, p[1] += s * x.b.axes[i].y, p[2] += s * x.b.axes[i].z;
    }
    v.push_back(p);
  }
  return v;
}

eg::Point3<double> thinnest(const eg::Box3<double>& b) {
  std::size_t k = 0;
  for (std::size_t i = 1; i < 3; ++i)
    if (b.half[i] < b.half[k]) k = i;
  const bool down = (b.half[0] + b.half[1] + b.half[2]) > 2;  // either direction
  const auto a = b.axes[k];
  return down ? eg::Point3<double>{-a.x, -a.y, -a.z} : a;
}

std::size_t family_gross(const eg::audit::AuditReport& r, CaseFamily f) {
  for (const auto& fa : r.families)
    if (fa.family == f) return fa.gross;
  return 0;
}

}  // namespace

TEST(AuditSolid, ExactFunctionsAreNeverWrongOnAnyPair) {
  const eg::audit::AuditOptions o{.cases = cases(40)};
  auto closed = [](const auto& x, const auto& y) { return eg::intersects(x, y); };
  auto none = [](const eg::audit::AuditReport& r) {
    EXPECT_GT(r.cases(), 0u) << r.algorithm;
    EXPECT_EQ(r.wrong(), 0u) << r.markdown();
  };
  none(eg::audit::audit_pair<Box, Box>(Question::closed_overlap, [&](const Box& a, const Box& b) { return closed(a.b, b.b); }, o, "box-box"));
  none(eg::audit::audit_pair<Box, Cap>(Question::closed_overlap, [&](const Box& a, const Cap& b) { return closed(a.b, b.c); }, o, "box-capsule"));
  none(eg::audit::audit_pair<Hull, Ball>(Question::closed_overlap, [&](const Hull& a, const Ball& b) { return closed(a.h, b.s); }, o, "hull-sphere"));
  none(eg::audit::audit_pair<Tri, Box>(Question::closed_overlap, [&](const Tri& a, const Box& b) { return closed(a.t, b.b); }, o, "triangle-box"));
  none(eg::audit::audit_pair<Rect, Poly>(Question::closed_overlap, [&](const Rect& a, const Poly& b) { return closed(a.b, b.p); }, o, "rect-polygon"));
  none(eg::audit::audit_pair<Box, Hull>(Question::depth,
                                 [](const Box& a, const Hull& b) -> std::optional<double> {
                                   const auto k = eg::contact(a.b, b.h);
                                   return k ? std::optional<double>(k->depth) : std::nullopt;
                                 },
                                 o, "box-hull depth"));
  none(eg::audit::audit_pair<Box, Box>(Question::distance, [](const Box& a, const Box& b) { return eg::distance(a.b, b.b); }, o,
                                "box-box distance"));
  none(eg::audit::audit_pair<Box, Box>(Question::open_overlap,
                                [](const Box& a, const Box& b) {
                                  const auto k = eg::contact(a.b, b.b);
                                  return k && k->depth > 0;
                                },
                                o, "box-box open"));
}

namespace {
/// The closed test of RTCD 4.4.1's box SAT (15 axes) and of its seeded twin
/// without the nine edge-edge axes, audited with options o.
std::pair<eg::audit::AuditReport, eg::audit::AuditReport> sat_audits(const eg::audit::AuditOptions& o) {
  return {eg::audit::audit_pair<Box, Box>(
              Question::closed_overlap,
              [](const Box& a, const Box& b) { return eg::reference::obb_overlap_sat(fbox(a), fbox(b)); }, o, "SAT, 15 axes"),
          eg::audit::audit_pair<Box, Box>(
              Question::closed_overlap,
              [](const Box& a, const Box& b) { return eg::reference::obb_overlap_sat_no_edge_axes(fbox(a), fbox(b)); }, o,
              "SAT, 6 axes")};
}
}  // namespace

TEST(AuditSolid, SeededSatWithoutEdgeAxesIsCaughtAsGross) {
  // RTCD 4.4.1's test without its nine edge-edge axes calls boxes that are
  // apart across an edge pair overlapping, far from touching; the full
  // test is wrong only within rounding of touching.
  // A fixed size (not reduced under the sanitizers): the edge-pair misses
  // are a few in a hundred cases.
  const eg::audit::AuditOptions o{.cases = 120,
                           .families = {CaseFamily::random, CaseFamily::touching, CaseFamily::nearly_parallel},
                           .keep = 0};  // counts only: nothing to shrink
  const auto [full, twin] = sat_audits(o);
  EXPECT_EQ(full.gross(), 0u) << full.markdown();
  EXPECT_GT(twin.gross(), 0u) << twin.markdown();
  EXPECT_GT(family_gross(twin, CaseFamily::touching) + family_gross(twin, CaseFamily::random), 0u) << twin.markdown();
}

// Issue 43: the edge_edge family (an edge of each box crossing the
// other's at touching, and its variants just apart and just overlapping)
// is where the no-edge-axes twin is gross: on at least a quarter of its
// cases (docs/auditing_boxes.md states the share measured here), while the
// full test is never gross there.
TEST(AuditSolid, EdgeEdgeFamilyCatchesTheSatWithoutEdgeAxes) {
  const eg::audit::AuditOptions o{.cases = 200, .families = {CaseFamily::edge_edge}, .keep = 0};
  const auto [full, twin] = sat_audits(o);
  EXPECT_EQ(full.gross(), 0u) << full.markdown();
  ASSERT_EQ(twin.cases(), 200u) << twin.markdown();
  EXPECT_GE(4 * family_gross(twin, CaseFamily::edge_edge), twin.cases()) << twin.markdown();
  std::printf("edge_edge: the 6-axis twin gross on %zu of %zu, the 15-axis test on %zu (wrong %zu)\n",
              family_gross(twin, CaseFamily::edge_edge), twin.cases(), full.gross(), full.wrong());
}

TEST(AuditSolid, SeededGjkWithoutTerminationToleranceIsCaughtAsGross) {
  const eg::audit::AuditOptions o{.cases = cases(200), .families = {CaseFamily::random, CaseFamily::touching}, .keep = 0};
  auto run = [&](bool guard) {
    return eg::audit::audit_pair<Box, Box>(
        Question::distance,
        [guard](const Box& a, const Box& b) {
          const auto ca = corners(a), cb = corners(b);
          const auto r = guard ? eg::reference::gjk_distance<double>(ca, cb)
                               : eg::reference::gjk_distance_no_termination_guard<double>(ca, cb);
          return r.distance;
        },
        o, guard ? "GJK" : "GJK without termination tolerance");
  };
  const auto twin = run(false);
  EXPECT_GT(family_gross(twin, CaseFamily::random), 0u) << twin.markdown();
  const auto gjk = run(true);
  EXPECT_LT(gjk.gross(), twin.gross()) << gjk.markdown() << twin.markdown();
}

TEST(AuditSolid, DirectionsAreJudgedByHowFarTheyPush) {
  const eg::audit::AuditOptions o{.cases = cases(60), .families = {CaseFamily::random, CaseFamily::deep_overlap}, .keep = 0};
  // contact's depth_normal where it is unique: right; none where
  // directions tie (equal boxes in deep_overlap): counted as got_none only.
  const auto exact = eg::audit::audit_pair<Box, Box>(
      Question::direction,
      [](const Box& a, const Box& b) -> std::optional<eg::Point3<double>> {
        const auto k = eg::contact(a.b, b.b);
        if (!k) return std::nullopt;
        return k->depth_normal;
      },
      o, "depth_normal");
  std::size_t got_none = 0;
  for (const auto& f : exact.families) got_none += f.got_none;
  EXPECT_EQ(exact.wrong(), got_none) << exact.markdown();
  EXPECT_GT(exact.cases(), 0u);
  // Two equal concentric boxes separate least along their thinnest axis,
  // either way: both directions are right.
  const auto tie = eg::audit::audit_pair<Box, Box>(
      Question::direction,
      [](const Box& a, const Box& b) -> std::optional<eg::Point3<double>> {
        if (!eg::contact(a.b, b.b)) return std::nullopt;
        if (a.b == b.b) return thinnest(a.b);
        return eg::contact(a.b, b.b)->depth_normal;
      },
      o, "ties");
  std::size_t tie_none = 0;
  for (const auto& f : tie.families) tie_none += f.got_none;
  EXPECT_LT(tie_none, got_none) << "no equal boxes in deep_overlap: the test shows nothing";
  EXPECT_EQ(tie.wrong(), tie_none) << tie.markdown();
  // The opposite direction pushes through the whole pair: gross.
  const auto flipped = eg::audit::audit_pair<Box, Box>(
      Question::direction,
      [](const Box& a, const Box& b) -> std::optional<eg::Point3<double>> {
        const auto k = eg::contact(a.b, b.b);
        if (!k || !k->depth_normal) return std::nullopt;
        const auto n = *k->depth_normal;
        return eg::Point3<double>{-n.x, -n.y, -n.z};
      },
      o, "flipped");
  EXPECT_GT(flipped.gross(), flipped.cases() / 4) << flipped.markdown();
  // A direction turned by 1e-9 rad pushes 1e-18 of the depth further: right.
  const auto turned = eg::audit::audit_pair<Box, Box>(
      Question::direction,
      [](const Box& a, const Box& b) -> std::optional<eg::Point3<double>> {
        const auto k = eg::contact(a.b, b.b);
        if (!k) return std::nullopt;
        const auto n = k->depth_normal ? *k->depth_normal : thinnest(a.b);
        return eg::Point3<double>{n.x + 1e-9 * n.y, n.y - 1e-9 * n.x, n.z};
      },
      o, "turned");
  EXPECT_EQ(turned.gross(), 0u) << turned.markdown();
}

TEST(AuditSolid, EngineFormsReportTheShapeTheyHold) {
  const eg::audit::AuditOptions o{.cases = cases(30), .families = {CaseFamily::random, CaseFamily::touching}};
  // The exact test on the held shapes (float matrix; quaternion exactly
  // rotated; float hull points): never wrong, and the held shapes are a
  // float rounding away from the requested ones.
  const auto fb = eg::audit::audit_pair<FBox, FBox>(
      Question::closed_overlap, [](const FBox& a, const FBox& b) { return eg::intersects(a.b.exact(), b.b.exact()); }, o,
      "matrix");
  const auto qb = eg::audit::audit_pair<QBox, FHull>(
      Question::closed_overlap, [](const QBox& a, const FHull& b) { return eg::intersects(a.b.exact(), b.h.exact()); },
      o, "quaternion-hull");
  const auto b2 = eg::audit::audit_pair<B2Box, B2Box>(
      Question::closed_overlap,
      [](const B2Box& a, const B2Box& b) { return eg::intersects(a.b.exact(), b.b.exact()); }, o, "b2Rot");
  // Float cases are generated in float: a float matrix, b2Rot or point
  // list holds them exactly; a quaternion (computed in double, rounded)
  // holds a box turned by about one float ULP (2^29 ULPs of double).
  for (const auto* r : {&fb, &qb, &b2}) {
    EXPECT_EQ(r->wrong(), 0u) << r->markdown();
    for (const auto& f : r->families) {
      if (r == &qb) {
        EXPECT_GT(f.max_held_offset, 0x1p20) << r->algorithm;
        EXPECT_LT(f.max_held_offset, 0x1p34) << r->algorithm;
      } else {
        EXPECT_EQ(f.max_held_offset, 0) << r->algorithm;
      }
    }
  }
  // A quaternion built from a double rotation and rounded to float turns
  // the box by about one float ULP: far from the double box's touching
  // cases, so the exact test on the requested box is wrong on the held one.
  const auto requested = eg::audit::audit_pair<QBox, QBox>(
      Question::closed_overlap,
      [](const QBox& a, const QBox& b) {
        auto as_double = [](const QBox& q) {
          eg::Box3<double> d{};
          const auto m = q.b.matrix();
          d.center = {q.b.c[0], q.b.c[1], q.b.c[2]};
          for (std::size_t i = 0; i < 3; ++i) {
            d.axes[i] = {m[0][i], m[1][i], m[2][i]};
            d.half[i] = q.b.half[i];
          }
          return d;
        };
        return eg::intersects(as_double(a), as_double(b));
      },
      {.cases = cases(60), .families = {CaseFamily::touching}}, "float matrix of q");
  EXPECT_GT(requested.wrong(), 0u) << requested.markdown();
}

TEST(AuditSolid, EngineFormsComeWithTheirAdapters) {
  // The same audits as above on the forms themselves, with the adapters
  // types.hpp provides: the same cases, the same held offsets.
  using eg::audit::PointHull;
  using eg::audit::QuatBox3;
  using eg::audit::RotatedBox2;
  using eg::audit::RotatedBox3;
  const eg::audit::AuditOptions o{.cases = cases(30), .families = {CaseFamily::random, CaseFamily::touching}};
  const auto fb = eg::audit::audit_pair<FBox, FBox>(
      Question::closed_overlap, [](const FBox& a, const FBox& b) { return eg::intersects(a.b.exact(), b.b.exact()); }, o,
      "matrix");
  const auto fb2 = eg::audit::audit_pair<RotatedBox3<float>, RotatedBox3<float>>(
      Question::closed_overlap,
      [](const RotatedBox3<float>& a, const RotatedBox3<float>& b) { return eg::intersects(a.exact(), b.exact()); }, o,
      "matrix");
  const auto qb = eg::audit::audit_pair<QBox, FHull>(
      Question::closed_overlap, [](const QBox& a, const FHull& b) { return eg::intersects(a.b.exact(), b.h.exact()); },
      o, "quaternion-hull");
  const auto qb2 = eg::audit::audit_pair<QuatBox3<float>, PointHull<float, 3>>(
      Question::closed_overlap,
      [](const QuatBox3<float>& a, const PointHull<float, 3>& b) { return eg::intersects(a.exact(), b.exact()); }, o,
      "quaternion-hull");
  const auto b2 = eg::audit::audit_pair<RotatedBox2<float>, RotatedBox2<float>>(
      Question::closed_overlap,
      [](const RotatedBox2<float>& a, const RotatedBox2<float>& b) { return eg::intersects(a.exact(), b.exact()); }, o,
      "b2Rot");
  EXPECT_EQ(b2.wrong(), 0u) << b2.markdown();
  for (const auto& [x, y] : {std::pair{&fb, &fb2}, std::pair{&qb, &qb2}}) {
    EXPECT_EQ(y->wrong(), 0u) << y->markdown();
    ASSERT_EQ(x->families.size(), y->families.size());
    for (std::size_t i = 0; i < x->families.size(); ++i) {
      EXPECT_EQ(x->families[i].max_held_offset, y->families[i].max_held_offset) << y->algorithm;
      EXPECT_EQ(x->families[i].cases, y->families[i].cases) << y->algorithm;
    }
  }
  // A capsule as FCL holds one (rest axis z): a zero-length one gets it.
  using Cap2 = eg::audit::CentredCapsule<float, 2>;
  using A = eg::audit::shape_adapter<Cap2>;
  static_assert(std::is_same_v<A::exact_type, eg::Capsule3<double>> && std::is_same_v<A::scalar, float>);
  const Cap2 z = A::from_exact({{{4, 4, 4}, {4, 4, 4}}, 2});
  EXPECT_EQ(z.u[2], 1.0f);
  EXPECT_EQ(z.u[1], 0.0f);
  EXPECT_EQ(eg::audit::shape_adapter<eg::audit::CentredCapsule<float>>::from_exact({{{4, 4, 4}, {4, 4, 4}}, 2}).u[1],
            1.0f);
  const auto caps = eg::audit::audit_pair<Cap2, Cap2>(
      Question::closed_overlap, [](const Cap2& a, const Cap2& b) { return eg::intersects(a.exact(), b.exact()); }, o,
      "held capsules");
  EXPECT_EQ(caps.wrong(), 0u) << caps.markdown();
  EXPECT_GT(caps.families[0].max_held_offset, 0) << caps.markdown();  // a float axis is rounded
}

TEST(AuditSolid, SweepsOfBoxesAndHulls) {
  const eg::audit::AuditOptions o{.cases = cases(16),
                           .families = {CaseFamily::random, CaseFamily::touching, CaseFamily::deep_overlap,
                                        CaseFamily::grazing_cast},
                           .keep = 0};
  const auto exact = eg::audit::audit_sweep<Box, Hull>(
      [](const Box& x, const eg::Point3<double>& v, const Hull& y) { return eg::time_of_impact(x.b, v, y.h); }, o,
      "exact");
  EXPECT_GT(exact.cases(), 0u);
  EXPECT_EQ(exact.wrong(), 0u) << exact.markdown();
  const auto late = eg::audit::audit_sweep<Box, Hull>(
      [](const Box& x, const eg::Point3<double>& v, const Hull& y) -> std::optional<double> {
        const auto t = eg::time_of_impact(x.b, v, y.h);
        if (!t || *t == 0) return t;
        return std::fmin(1.0, *t + 0.25);
      },
      o, "late");
  EXPECT_GT(late.gross(), 0u) << late.markdown();
}

namespace {
using exactgeom::testing::eval_lines;
}  // namespace

TEST(AuditSolid, KeptLinesReplayThroughEval) {
  // The 6-axis SAT on float-held boxes and hulls: every kept line is a
  // `contact` of the held shapes that eval answers as the reference did.
  // Four families (shrinking six kept cases per family is most of the
  // cost, under the sanitizers above all).
  const eg::audit::AuditOptions o{.cases = cases(60),
                           .families = {CaseFamily::random, CaseFamily::touching, CaseFamily::deep_overlap,
                                        CaseFamily::vertex_on_face},
                           .keep = 6};
  const auto r = eg::audit::audit_pair<FBox, FHull>(
      Question::closed_overlap,
      [](const FBox& a, const FHull& b) {
        // A bounding-sphere test: wrong on most near cases.
        const auto& c = a.b.c;
        double far = 0, rb = 0;
        for (const auto& p : b.h.points)
          far = std::fmax(far, std::hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]));
        (void)rb;
        return far <= std::hypot(a.b.half[0], a.b.half[1], a.b.half[2]) * 2;
      },
      o, "bounding spheres");
  std::vector<std::string> lines, expected;
  for (const auto& f : r.families)
    for (const auto& w : f.smallest) lines.push_back(w.query), expected.push_back(w.expected);
  ASSERT_GT(lines.size(), 6u) << r.markdown();
  const auto answers = eval_lines(lines);
  ASSERT_EQ(answers.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_NE(answers[i].find("\"closed\":" + expected[i]), std::string::npos) << lines[i] << "\n -> " << answers[i];
}

// ---------------------------------------------------------------------------
// The manifold questions (audit_manifold).

namespace {

using M2 = eg::audit::Manifold<eg::Point2<double>>;

/// Two axis-aligned 2-D boxes that overlap (coordinates in eighths: every
/// value below is exact in double): the face of least overlap, its two
/// clip points at the midpoint between the faces, as Box2D places them.
std::optional<M2> aligned_manifold(const Rect& x, const Rect& y) {
  const auto &a = x.b, &b = y.b;
  const double dx = b.center.x - a.center.x, dy = b.center.y - a.center.y;
  const double ox = a.half[0] + b.half[0] - std::fabs(dx), oy = a.half[1] + b.half[1] - std::fabs(dy);
  if (ox < 0 || oy < 0) return std::nullopt;
  M2 m;
  const bool along_x = ox <= oy;
  const double s = (along_x ? dx : dy) >= 0 ? 1 : -1;
  m.normal = along_x ? eg::Point2<double>{s, 0} : eg::Point2<double>{0, s};
  // The midpoint between x's face and y's face, and the ends of the overlap across.
  const double mid = along_x ? (a.center.x + s * a.half[0] + b.center.x - s * b.half[0]) / 2
                             : (a.center.y + s * a.half[1] + b.center.y - s * b.half[1]) / 2;
  const double lo = along_x ? std::fmax(a.center.y - a.half[1], b.center.y - b.half[1])
                            : std::fmax(a.center.x - a.half[0], b.center.x - b.half[0]);
  const double hi = along_x ? std::fmin(a.center.y + a.half[1], b.center.y + b.half[1])
                            : std::fmin(a.center.x + a.half[0], b.center.x + b.half[0]);
  for (double t : {lo, hi})
    m.points.push_back({along_x ? eg::Point2<double>{mid, t} : eg::Point2<double>{t, mid}, -(along_x ? ox : oy)});
  return m;
}

/// Overlapping axis-aligned boxes, sizes and offsets in eighths.
auto aligned_family() {
  return eg::audit::family<Rect, Rect>("aligned overlaps", [](std::uint64_t seed, std::uint64_t i) {
    std::mt19937_64 r(seed * 7919 + i);
    auto eighths = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(r) / 8.0; };
    const eg::Box2<double> a{{eighths(-16, 16), eighths(-16, 16)}, {{{1, 0}, {0, 1}}}, {eighths(4, 24), eighths(4, 24)}};
    eg::Box2<double> b{{0, 0}, {{{1, 0}, {0, 1}}}, {eighths(4, 24), eighths(4, 24)}};
    // Offsets that leave neither box inside the other's extent along an
    // axis (there the midpoint between the faces, where Box2D puts its
    // points, would lie outside the narrower box).
    auto offset = [&](double ha, double hb) {
      const double d = std::fabs(ha - hb) + eighths(1, 7) * 2 * std::fmin(ha, hb);
      return std::uniform_int_distribution<int>(0, 1)(r) ? d : -d;
    };
    b.center = {a.center.x + offset(a.half[0], b.half[0]), a.center.y + offset(a.half[1], b.half[1])};
    return std::pair{a, b};
  });
}

}  // namespace

TEST(AuditSolid, ManifoldsAreJudgedPointByPointAndTheirBugsAreGross) {
  const eg::audit::AuditOptions o{.cases = cases(60), .families = {}, .keep = 0, .user_families = {aligned_family()}};
  auto total = [](const eg::audit::AuditReport& r) { return std::pair{r.families.front().wrong, r.gross()}; };
  // The right manifold: never wrong, in any of the five reports.
  const auto right = eg::audit::audit_manifold<Rect, Rect>(aligned_manifold, 0.0, o, "clipped faces");
  for (const auto& r : right) {
    EXPECT_EQ(r.families.front().cases, o.cases) << r.markdown();
    EXPECT_EQ(total(r).first, 0u) << r.markdown();
  }
  // Points slid along the face past the overlap (by a quarter of the larger
  // box): off the shapes, gross in `points`, the separations still right
  // where their line meets both shapes.
  const auto slid = eg::audit::audit_manifold<Rect, Rect>(
      [](const Rect& x, const Rect& y) {
        auto m = aligned_manifold(x, y);
        if (m) {
          const double d = std::fmax(x.b.half[0] + x.b.half[1], y.b.half[0] + y.b.half[1]) / 2;
          m->points[1].at.x += std::fabs(m->normal.y) * d, m->points[1].at.y += std::fabs(m->normal.x) * d;
        }
        return m;
      },
      0.0, o, "slid");
  EXPECT_EQ(total(slid[3]).second, o.cases) << slid[3].markdown();
  EXPECT_EQ(total(slid[2]).first, 0u) << slid[2].markdown();
  EXPECT_EQ(total(slid[4]).first, 0u) << slid[4].markdown();
  // Half the penetration: the separations and the depth are wrong (gross),
  // the points right.
  const auto shallow = eg::audit::audit_manifold<Rect, Rect>(
      [](const Rect& x, const Rect& y) {
        auto m = aligned_manifold(x, y);
        if (m)
          for (auto& p : m->points) p.separation /= 2;
        return m;
      },
      0.0, o, "half deep");
  EXPECT_EQ(total(shallow[3]).first, 0u) << shallow[3].markdown();
  EXPECT_GT(total(shallow[4]).second, o.cases * 9 / 10) << shallow[4].markdown();
  EXPECT_GT(total(shallow[1]).second, o.cases * 9 / 10) << shallow[1].markdown();
  // The normal flipped: the normal report is gross; a point one ULP off the
  // region is not (right within four ULPs of the scale).
  const auto flipped = eg::audit::audit_manifold<Rect, Rect>(
      [](const Rect& x, const Rect& y) {
        auto m = aligned_manifold(x, y);
        if (m) {
          m->normal = {-m->normal.x, -m->normal.y};
          m->points[0].at.x = std::nextafter(m->points[0].at.x, 1e300);
        }
        return m;
      },
      0.0, o, "flipped");
  EXPECT_GT(total(flipped[2]).second, o.cases * 9 / 10) << flipped[2].markdown();
  EXPECT_EQ(total(flipped[3]).first, 0u) << flipped[3].markdown();
  // A tolerance lets points lie that far off the shapes: the slid points
  // within it are right.
  const auto tolerant = eg::audit::audit_manifold<Rect, Rect>(
      [](const Rect& x, const Rect& y) {
        auto m = aligned_manifold(x, y);
        if (m) m->points[1].at.x += std::fabs(m->normal.y) / 64, m->points[1].at.y += std::fabs(m->normal.x) / 64;
        return m;
      },
      1.0 / 32, o, "within the tolerance");
  EXPECT_EQ(total(tolerant[3]).first, 0u) << tolerant[3].markdown();
  // Malformed input is refused.
  EXPECT_THROW((eg::audit::audit_manifold<Rect, Rect>(aligned_manifold, -1.0, o)), std::invalid_argument);
  EXPECT_THROW((eg::audit::audit_manifold<Rect, Rect>(
                   [](const Rect& x, const Rect& y) {
                     auto m = aligned_manifold(x, y);
                     if (m) m->points.resize(eg::audit::kManifoldPoints + 1);
                     return m;
                   },
                   0.0, o)),
               std::invalid_argument);
}

TEST(AuditSolid, FamiliesMakeTheCasesTheirNamesSay) {
  // stacked, vertex_on_face, float_rotations (pairs) and grazing_cast
  // (sweeps), checked on the generated values themselves. Off-boundary
  // variants (i % 16 of 11 .. 13) are left out: they are moved on purpose.
  using K = eg::audit::ShapeKind;
  const eg::audit::PairLayout bb{3, K::box, K::box};
  auto variant = [](std::uint64_t i) { return i % 16 >= 11 && i % 16 <= 13; };
  auto truth = [](const eg::audit::PairLayout& l, std::span<const double> v) {
    const std::vector<mpq_class> q(v.begin(), v.end());
    return eg::audit::pair_truth(Question::closed_overlap, l, q);
  };
  std::vector<double> c(bb.width());
  for (const bool as_float : {false, true}) {
    // A stack: one frame for both, within rounding of touching (of the
    // stack's height, up to 16), either way.
    int meet = 0, apart = 0;
    for (std::uint64_t i = 0; i < 48; ++i) {
      if (variant(i)) continue;
      eg::audit::cases::shape_pair(CaseFamily::stacked, bb, as_float, as_float, 100 + i, i, c);
      const auto t = truth(bb, c);
      EXPECT_LE(t.boundary, as_float ? 1e-5 : 1e-12) << i;
      ++(t.answer.value ? meet : apart);
      EXPECT_TRUE(std::equal(c.begin() + 3, c.begin() + 12, c.begin() + 19)) << i;
    }
    EXPECT_GT(meet, 0);
    EXPECT_GT(apart, 0);
    // Rotations from float quaternions, touching: for float code made in
    // float (every axis value a float, the columns orthonormal only to
    // float rounding), for double code in double.
    double defect = 0;
    for (std::uint64_t i = 0; i < 24; ++i) {
      if (variant(i)) continue;
      eg::audit::cases::shape_pair(CaseFamily::float_rotations, bb, as_float, as_float, 200 + i, i, c);
      for (std::size_t at : {0u, 16u}) {
        for (std::size_t k = 3; k < 12; ++k)
          if (as_float) {
            EXPECT_EQ(double(float(c[at + k])), c[at + k]) << i;
          }
        for (std::size_t a = 0; a < 3; ++a)
          for (std::size_t b = 0; b < 3; ++b) {
            const double* u = &c[at + 3 + 3 * a];
            const double* w = &c[at + 3 + 3 * b];
            defect = std::fmax(defect, std::fabs(u[0] * w[0] + u[1] * w[1] + u[2] * w[2] - (a == b)));
          }
      }
      EXPECT_LE(truth(bb, c).boundary, as_float ? 1e-5 : 1e-12) << i;
    }
    if (as_float) {
      EXPECT_GT(defect, 1e-9);
      EXPECT_LT(defect, 1e-6);
    } else {
      EXPECT_LT(defect, 1e-14);
    }
  }
  // A corner of y on the middle half of one of x's faces: one corner of y
  // at x's surface, inside the face, every other corner clearly outside x.
  for (std::uint64_t i = 0; i < 40; ++i) {
    if (variant(i)) continue;
    eg::audit::cases::shape_pair(CaseFamily::vertex_on_face, bb, false, false, 300 + i, i, c);
    EXPECT_LE(truth(bb, c).boundary, 1e-12) << i;
    int on = 0;
    for (int m = 0; m < 8; ++m) {
      std::array<double, 3> p{c[16], c[17], c[18]};
      for (std::size_t a = 0; a < 3; ++a)
        for (std::size_t j = 0; j < 3; ++j) p[j] += ((m >> a) & 1 ? 1 : -1) * c[16 + 12 + a] * c[16 + 3 + 3 * a + j];
      double out = -INFINITY;  // x is at the origin: how far the corner is outside x's slabs
      std::array<double, 3> local{};
      for (std::size_t a = 0; a < 3; ++a) {
        local[a] = p[0] * c[3 + 3 * a] + p[1] * c[4 + 3 * a] + p[2] * c[5 + 3 * a];
        out = std::fmax(out, std::fabs(local[a]) - c[12 + a]);
      }
      if (std::fabs(out) <= 1e-9) {
        ++on;
        int inside = 0;
        for (std::size_t a = 0; a < 3; ++a) inside += std::fabs(local[a]) <= 0.51 * c[12 + a];
        EXPECT_EQ(inside, 2) << i;
      } else {
        EXPECT_GT(out, 1e-6) << i;
      }
    }
    EXPECT_EQ(on, 1) << i;
  }
  // A grazing cast: the region x sweeps is within rounding of touching y
  // (it neither misses by more nor goes in), and x mostly starts beside
  // the face, apart from y.
  for (const eg::audit::PairLayout& l : {bb, eg::audit::PairLayout{3, K::ball, K::box}, eg::audit::PairLayout{2, K::box, K::hull}}) {
    const auto s = eg::audit::sweep_subject(l, false, false, "grazing");
    std::vector<double> w(s.width);
    int beside = 0, all = 0;
    for (std::uint64_t i = 0; i < 24; ++i) {
      if (variant(i)) continue;
      s.generate(CaseFamily::grazing_cast, 400 + i, i, w);
      const std::vector<mpq_class> q(w.begin(), w.end());
      EXPECT_LE(eg::audit::detail::sweep_truth(l, q).boundary, 1e-9) << i;
      ++all;
      beside += truth(l, std::span<const double>(w).first(l.width())).boundary > 1e-6;
    }
    EXPECT_GT(2 * beside, all);
  }
}

TEST(AuditSolid, SweepTargetsAreJudgedByTheBandAroundTheTarget) {
  // A cast that stops at a target separation (Box2D's b2TimeOfImpact):
  // right within the band, gross beyond it, and wrong without the target.
  const eg::audit::AuditOptions o{.cases = cases(12),
                           .families = {CaseFamily::random, CaseFamily::touching, CaseFamily::grazing_cast},
                           .keep = 0};
  const eg::audit::SweepTarget target{0.01, 0.0025};
  auto grown = [](double by) {
    return [by](const Rect& x, const eg::Point2<double>& v, const Rect& y) {
      eg::Box2<double> b = x.b;
      b.r += by;
      return eg::time_of_impact(b, v, y.b);
    };
  };
  const auto at_target = eg::audit::audit_sweep<Rect, Rect>(grown(0.01), target, o, "to the target");
  EXPECT_GT(at_target.cases(), 0u);
  EXPECT_EQ(at_target.wrong(), 0u) << at_target.markdown();
  const auto early = eg::audit::audit_sweep<Rect, Rect>(grown(0.012), target, o, "0.002 early");
  EXPECT_EQ(early.wrong(), 0u) << early.markdown();
  const auto late = eg::audit::audit_sweep<Rect, Rect>(grown(0), target, o, "to contact");
  EXPECT_GT(late.gross(), 0u) << late.markdown();
  const auto plain = eg::audit::audit_sweep<Rect, Rect>(grown(0.01), o, "no target");
  EXPECT_GT(plain.gross(), 0u) << plain.markdown();
  // Kept lines carry x grown by the separation: eval answers them as the
  // reference did.
  eg::audit::AuditOptions keep = o;
  keep.keep = 2;
  const auto kept = eg::audit::audit_sweep<Rect, Rect>(grown(0), target, keep, "to contact, kept");
  std::vector<std::string> lines, expected;
  for (const auto& f : kept.families)
    for (const auto& w : f.smallest) lines.push_back(w.query), expected.push_back(w.expected);
  ASSERT_FALSE(lines.empty());
  const auto answers = eval_lines(lines);
  ASSERT_EQ(answers.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string want = expected[i] == "none" ? "\"toi\":null" : "\"toi\":\"" + expected[i] + "\"";
    EXPECT_NE(answers[i].find(want), std::string::npos) << lines[i] << "\n -> " << answers[i];
  }
  const eg::audit::SweepTarget negative{-1, 0}, not_a_number{0.01, NAN};
  EXPECT_THROW((eg::audit::audit_sweep<Rect, Rect>(grown(0), negative, o)), std::invalid_argument);
  EXPECT_THROW((eg::audit::audit_sweep<Rect, Rect>(grown(0), not_a_number, o)), std::invalid_argument);
}

// The audit subjects of `exactgeom audit`: each float version in
// include/exactgeom/reference/ with the exact function it is measured against.
#include "audit_registry.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "exactgeom/reference/capsule_article.hpp"
#include "exactgeom/reference/segments_article.hpp"
#include "exactgeom/reference/capsule_blog.hpp"
#include "exactgeom/reference/circle_capsule_dummies.hpp"
#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/reference/gjk_epa.hpp"
#include "exactgeom/reference/naive_predicates.hpp"
#include "exactgeom/reference/obb_sat.hpp"
#include "exactgeom/reference/parametric_segments.hpp"

namespace exactgeom::tool {

namespace {

using Span = std::span<const double>;
using F = CaseFamily;

template <class T>
Point2<T> p2(Span c, std::size_t i) {
  return {T(c[i]), T(c[i + 1])};
}
template <class T>
Point3<T> p3(Span c, std::size_t i) {
  return {T(c[i]), T(c[i + 1]), T(c[i + 2])};
}
Capsule2<double> cap2(Span c, std::size_t i) { return {{p2<double>(c, i), p2<double>(c, i + 2)}, c[i + 4]}; }
Capsule3<double> cap3(Span c, std::size_t i) { return {{p3<double>(c, i), p3<double>(c, i + 3)}, c[i + 6]}; }

std::vector<mpq_class> rationals(Span c) { return {c.begin(), c.end()}; }
double to_d(const mpq_class& q) { return to_double(q); }

/// |sqrt(x) - sqrt(y)| for x, y >= 0, without cancellation.
double sqrt_gap(const mpq_class& x, const mpq_class& y) {
  const double den = std::sqrt(to_d(x)) + std::sqrt(to_d(y));
  return den > 0 ? std::fabs(to_d(x - y)) / den : 0;
}

/// How far the last point is from the line / plane / circle / sphere of the
/// others (docs: WrongCase::margin), from exact rationals; 0 when the others
/// are degenerate (no such line ...: any nonzero answer is then wrong by
/// rounding alone).
double predicate_margin(Span c, int dim, int count) {
  const std::vector<mpq_class> q = rationals(c);
  const std::size_t d = static_cast<std::size_t>(dim);
  auto at = [&](std::size_t i, std::size_t k) { return mpq_class(q[i * d + k] - q[k]); };  // p_i - p_0
  const std::size_t last = static_cast<std::size_t>(count - 1);
  if (count == dim + 1) {  // orient: |det| / |normal of the others|
    if (dim == 2) {
      const mpq_class det = at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0);
      const mpq_class n2 = at(1, 0) * at(1, 0) + at(1, 1) * at(1, 1);
      return n2 == 0 ? 0 : std::fabs(to_d(det)) / std::sqrt(to_d(n2));
    }
    const mpq_class nx = at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1);
    const mpq_class ny = at(1, 2) * at(2, 0) - at(1, 0) * at(2, 2);
    const mpq_class nz = at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0);
    const mpq_class n2 = nx * nx + ny * ny + nz * nz;
    const mpq_class det = nx * at(3, 0) + ny * at(3, 1) + nz * at(3, 2);
    return n2 == 0 ? 0 : std::fabs(to_d(det)) / std::sqrt(to_d(n2));
  }
  // incircle / insphere: the centre o - p0 solves 2 (p_i - p0) . x = |p_i - p0|^2
  // for i = 1 .. dim (Cramer's rule).
  std::vector<std::vector<mpq_class>> m(d, std::vector<mpq_class>(d + 1));
  for (std::size_t i = 0; i < d; ++i) {
    mpq_class n2 = 0;
    for (std::size_t k = 0; k < d; ++k) m[i][k] = 2 * at(i + 1, k), n2 += at(i + 1, k) * at(i + 1, k);
    m[i][d] = n2;
  }
  auto det = [&](std::size_t replace) {  // det of m's first d columns, column `replace` by the rhs
    auto e = [&](std::size_t i, std::size_t k) { return k == replace ? m[i][d] : m[i][k]; };
    if (d == 2) return mpq_class(e(0, 0) * e(1, 1) - e(0, 1) * e(1, 0));
    return mpq_class(e(0, 0) * (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) -
                     e(0, 1) * (e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0)) +
                     e(0, 2) * (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0)));
  };
  const mpq_class D = det(d + 1);
  if (D == 0) return 0;
  mpq_class rho2 = 0, dist2 = 0;
  for (std::size_t k = 0; k < d; ++k) {
    const mpq_class x = det(k) / D;  // centre - p0
    rho2 += x * x;
    const mpq_class y = at(last, k) - x;
    dist2 += y * y;
  }
  return sqrt_gap(rho2, dist2);
}

/// |distance(axes) - (r1 + r2)| of a capsule pair or capsule-triangle case.
double shape_margin(Span c, const PairLayout& l) {
  return pair_truth(Question::closed_overlap, l, rationals(c)).boundary;
}

const std::vector<CaseFamily> kPointFamilies = {F::random, F::near_degenerate, F::touching,
                                                F::parallel_zero_length, F::far_from_origin};
const std::vector<CaseFamily> kShapeFamilies = {F::random,          F::near_degenerate, F::touching,
                                                F::parallel_zero_length, F::far_from_origin, F::collinear_gaps,
                                                F::nearly_parallel, F::zero_length,    F::large_offsets};
const std::vector<CaseFamily> kTriangleFamilies = {F::random,          F::near_degenerate,   F::touching,
                                                   F::parallel_zero_length, F::far_from_origin, F::large_offsets,
                                                   F::piercing_triangle, F::degenerate_triangle};

const std::vector<CaseFamily> kBoxFamilies = {F::random,          F::touching,      F::nearly_parallel,
                                              F::far_from_origin, F::resting_faces, F::deep_overlap};
constexpr std::size_t kBox = 16;  // audit::cases::box_pair's layout of one box

Box3<double> box_of(Span c, std::size_t at) {
  return {p3<double>(c, at), {p3<double>(c, at + 3), p3<double>(c, at + 6), p3<double>(c, at + 9)},
          {c[at + 12], c[at + 13], c[at + 14]}, c[at + 15]};
}
template <class S>
reference::FloatBox3<S> float_box(Span c, std::size_t at) {
  return {p3<S>(c, at), {p3<S>(c, at + 3), p3<S>(c, at + 6), p3<S>(c, at + 9)},
          {S(c[at + 12]), S(c[at + 13]), S(c[at + 14])}, S(c[at + 15])};
}
template <class S>
std::array<std::array<S, 3>, 8> float_corners(Span c, std::size_t at) {
  return reference::obb_vertices(float_box<S>(c, at));
}
/// How far a box pair is from touching: its penetration depth when the
/// boxes meet, else the distance between them.
double box_margin(Span c) {
  const Box3<double> x = box_of(c, 0), y = box_of(c, kBox);
  if (const auto k = contact(x, y)) return k->depth;
  return distance(x, y);
}

/// A box pair subject (audit::cases::box_pair's cases) in float type S.
template <class S>
AuditSubject box_subject(std::string name, std::string question) {
  AuditSubject s;
  s.name = std::move(name);
  s.question = std::move(question);
  s.families = kBoxFamilies;
  s.width = 2 * kBox;
  s.generate = [](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::box_pair(f, seed, i, c, std::is_same_v<S, float>);
  };
  s.query = [](Span c) { return audit::cases::box_pair_query(c); };
  s.nonnegative.assign(2 * kBox, false);
  for (std::size_t k : {12, 13, 14, 15}) s.nonnegative[k] = s.nonnegative[kBox + k] = true;
  if constexpr (std::is_same_v<S, float>) s.band_ulp = 0x1p29;
  return s;
}

/// The closed overlap test of two boxes by `test` (a float version).
template <class S, class Test>
AuditSubject box_test(std::string name, std::string question, Test test) {
  AuditSubject s = box_subject<S>(std::move(name),
                                  "whether two 3-D boxes meet (closed: touching counts) by " + question +
                                      "; reference: exactgeom::intersects(Box3, Box3)");
  s.exact = [](Span c) { return Answer::of(intersects(box_of(c, 0), box_of(c, kBox))); };
  s.approx = [test](Span c) { return Answer::of(static_cast<bool>(test(c))); };
  s.margin = [](Span c, const Answer&, const Answer&) { return box_margin(c); };
  return s;
}

/// A sign predicate on `count` points of `dim` coordinates, float type R.
template <class R, class Exact, class Approx>
AuditSubject predicate(std::string name, std::string op, int dim, int count, Exact exact,
                       Approx approx) {
  AuditSubject s;
  s.name = std::move(name);
  s.question = "the sign of " + op + " (docs/queries.md); reference: exactgeom::" + op;
  s.families = kPointFamilies;
  if (op == "orient2d") s.families.push_back(F::classroom);
  s.width = static_cast<std::size_t>(dim * count);
  s.generate = [dim, count](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::points(f, dim, count, seed, i, c);
    if constexpr (std::is_same_v<R, float>) audit::cases::round_to_float(c);
  };
  s.exact = [exact](Span c) { return Answer::of(exact(c)); };
  s.approx = [approx](Span c) { return Answer::of(approx(c)); };
  s.query = [op, dim](Span c) { return audit::cases::points_query(op, c, dim); };
  s.margin = [dim, count](Span c, const Answer&, const Answer&) { return predicate_margin(c, dim, count); };
  if constexpr (std::is_same_v<R, float>) s.band_ulp = 0x1p29;
  return s;
}

template <class R>
void add_predicates(std::vector<AuditSubject>& v, const std::string& suffix) {
  v.push_back(predicate<R>(
      "orient2d/naive_" + suffix, "orient2d", 2, 3,
      [](Span c) { return orient2d(p2<double>(c, 0), p2<double>(c, 2), p2<double>(c, 4)); },
      [](Span c) { return reference::orient2d(p2<R>(c, 0), p2<R>(c, 2), p2<R>(c, 4)); }));
  v.push_back(predicate<R>(
      "orient3d/naive_" + suffix, "orient3d", 3, 4,
      [](Span c) { return orient3d(p3<double>(c, 0), p3<double>(c, 3), p3<double>(c, 6), p3<double>(c, 9)); },
      [](Span c) { return reference::orient3d(p3<R>(c, 0), p3<R>(c, 3), p3<R>(c, 6), p3<R>(c, 9)); }));
  v.push_back(predicate<R>(
      "incircle/naive_" + suffix, "incircle", 2, 4,
      [](Span c) { return incircle(p2<double>(c, 0), p2<double>(c, 2), p2<double>(c, 4), p2<double>(c, 6)); },
      [](Span c) { return reference::incircle(p2<R>(c, 0), p2<R>(c, 2), p2<R>(c, 4), p2<R>(c, 6)); }));
  v.push_back(predicate<R>(
      "insphere/naive_" + suffix, "insphere", 3, 5,
      [](Span c) {
        return insphere(p3<double>(c, 0), p3<double>(c, 3), p3<double>(c, 6), p3<double>(c, 9),
                        p3<double>(c, 12));
      },
      [](Span c) {
        return reference::insphere(p3<R>(c, 0), p3<R>(c, 3), p3<R>(c, 6), p3<R>(c, 9), p3<R>(c, 12));
      }));
}

/// A boolean test on two 2-D segments against exactgeom::intersects.
template <class Approx>
AuditSubject segment_test(std::string name, Approx approx) {
  AuditSubject s;
  s.name = std::move(name);
  s.question = "do the closed segments share a point? reference: exactgeom::intersects";
  s.families = kPointFamilies;
  s.width = 8;
  s.generate = [](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::segment_pair(f, 2, seed, i, c);
  };
  s.exact = [](Span c) {
    return Answer::of(intersects(Segment2<double>{p2<double>(c, 0), p2<double>(c, 2)},
                                 Segment2<double>{p2<double>(c, 4), p2<double>(c, 6)}));
  };
  s.approx = [approx](Span c) {
    return Answer::of(static_cast<bool>(approx(Segment2<double>{p2<double>(c, 0), p2<double>(c, 2)},
                                               Segment2<double>{p2<double>(c, 4), p2<double>(c, 6)})));
  };
  s.query = [](Span c) { return audit::cases::segments_query("segment_intersection", c, 2); };
  // Apart: their distance; meeting: the smallest endpoint-to-segment
  // distance (how far an endpoint must move for them to stop meeting).
  s.margin = [](Span c, const Answer& exact, const Answer&) {
    const Segment2<double> u{p2<double>(c, 0), p2<double>(c, 2)}, v{p2<double>(c, 4), p2<double>(c, 6)};
    if (!exact.value) return distance(u, v);
    return std::fmin(std::fmin(distance(u.a, v), distance(u.b, v)), std::fmin(distance(v.a, u), distance(v.b, u)));
  };
  return s;
}

/// A boolean capsule test (dimension D) against intersects / interiors_overlap.
template <int D, class Approx>
AuditSubject capsule_test(std::string name, Overlap overlap, std::string what, Approx approx) {
  AuditSubject s;
  s.name = std::move(name);
  s.question = what + (overlap == Overlap::closed
                           ? " Asked: do the closed capsules meet? reference: exactgeom::intersects"
                           : " Asked: do the interiors overlap? reference: exactgeom::interiors_overlap");
  s.families = kShapeFamilies;
  constexpr std::size_t half = 2 * D + 1;
  s.width = 2 * half;
  s.generate = [](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::capsule_pair(f, D, seed, i, c);
  };
  s.exact = [overlap](Span c) {
    auto test = [overlap](const auto& a, const auto& b) {
      return overlap == Overlap::closed ? intersects(a, b) : interiors_overlap(a, b);
    };
    if constexpr (D == 2) return Answer::of(test(cap2(c, 0), cap2(c, half)));
    else return Answer::of(test(cap3(c, 0), cap3(c, half)));
  };
  s.margin = [](Span c, const Answer&, const Answer&) {
    return shape_margin(c, {D, ShapeKind::capsule, ShapeKind::capsule});
  };
  s.approx = [approx](Span c) { return Answer::of(static_cast<bool>(approx(c))); };
  s.query = [](Span c) { return audit::cases::capsule_query(c, D); };
  s.nonnegative.assign(s.width, false);
  s.nonnegative[half - 1] = s.nonnegative[2 * half - 1] = true;
  return s;
}

/// A boolean sphere/capsule-triangle test against intersects (closed).
template <class Approx>
AuditSubject triangle_test(std::string name, std::string what, Approx approx) {
  AuditSubject s;
  s.name = std::move(name);
  s.question = what + " Asked: do the closed capsule and filled triangle meet? reference: exactgeom::intersects";
  s.families = kTriangleFamilies;
  s.width = 16;
  s.generate = [](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    audit::cases::capsule_triangle(f, seed, i, c);
  };
  s.exact = [](Span c) {
    return Answer::of(intersects(cap3(c, 0), Triangle3<double>{p3<double>(c, 7), p3<double>(c, 10), p3<double>(c, 13)}));
  };
  s.approx = [approx](Span c) { return Answer::of(static_cast<bool>(approx(c))); };
  s.query = [](Span c) { return audit::cases::capsule_triangle_query(c); };
  s.margin = [](Span c, const Answer&, const Answer&) {
    return shape_margin(c, {3, ShapeKind::capsule, ShapeKind::triangle});
  };
  s.nonnegative.assign(s.width, false);
  s.nonnegative[6] = true;
  return s;
}

std::vector<AuditSubject> make_subjects() {
  std::vector<AuditSubject> v;
  add_predicates<double>(v, "double");
  add_predicates<float>(v, "float");
  v.push_back(segment_test("segment_intersects/article000_published", [](const auto& s, const auto& t) {
    return reference::segments_intersect_published(s, t);
  }));
  v.push_back(segment_test("segment_intersects/article000_corrected", [](const auto& s, const auto& t) {
    return reference::segments_intersect_corrected(s, t);
  }));
  v.push_back(segment_test("segment_intersects/parametric", [](const auto& s, const auto& t) {
    return reference::segments_intersect(s, t);
  }));
  {  // Ericson's squared distance -> distance, against the correctly rounded one.
    AuditSubject s;
    s.name = "segment_distance/ericson_double";
    s.question = "the distance between two 3-D segments, sqrt of RTCD 5.1.9's squared distance; "
                 "reference: exactgeom::distance (correctly rounded). Error in ULPs.";
    s.families = kPointFamilies;
    s.width = 12;
    s.generate = [](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
      audit::cases::segment_pair(f, 3, seed, i, c);
    };
    s.exact = [](Span c) {
      return Answer::of(distance(Segment3<double>{p3<double>(c, 0), p3<double>(c, 3)},
                                 Segment3<double>{p3<double>(c, 6), p3<double>(c, 9)}));
    };
    s.approx = [](Span c) {
      const auto r = reference::ClosestPtSegmentSegment(p3<double>(c, 0), p3<double>(c, 3),
                                                      p3<double>(c, 6), p3<double>(c, 9));
      return Answer::of(std::sqrt(r.dist2));
    };
    s.query = [](Span c) { return audit::cases::segments_query("segment_distance2", c, 3); };
    v.push_back(std::move(s));
  }
  v.push_back(capsule_test<2>("capsule2d/article000_float", Overlap::open,
                              "Article 000's float stadium test (division, strict <).", [](Span c) {
                                return reference::capsules_intersect_float(cap2(c, 0), cap2(c, 5));
                              }));
  v.push_back(capsule_test<2>("capsule2d/ericson_double", Overlap::closed,
                              "RTCD 4.5.1 TestCapsuleCapsule in 2-D, double (<=).", [](Span c) {
                                return reference::TestCapsuleCapsule(p2<double>(c, 0), p2<double>(c, 2), c[4],
                                                                   p2<double>(c, 5), p2<double>(c, 7), c[9]);
                              }));
  v.push_back(capsule_test<2>("circle_capsule/dummies001", Overlap::open,
                              "Article 001's circle vs capsule (projection, clamp; strict <); the first "
                              "shape's axis is collapsed to its first endpoint to make it a circle.",
                              [](Span c) {
                                return reference::circle_capsule_from_segment(p2<double>(c, 5), p2<double>(c, 7),
                                                                            c[9], p2<double>(c, 0), c[4])
                                    .hit;
                              }));
  v.push_back(capsule_test<3>("capsule3d/ericson_double", Overlap::closed,
                              "RTCD 4.5.1 TestCapsuleCapsule via ClosestPtSegmentSegment, double (<=).",
                              [](Span c) {
                                return reference::TestCapsuleCapsule(p3<double>(c, 0), p3<double>(c, 3), c[6],
                                                                   p3<double>(c, 7), p3<double>(c, 10), c[13]);
                              }));
  v.push_back(capsule_test<3>("capsule3d/ericson_float", Overlap::closed,
                              "RTCD 4.5.1 TestCapsuleCapsule via ClosestPtSegmentSegment, float (<=); "
                              "inputs rounded to float first.",
                              [](Span c) {
                                return reference::TestCapsuleCapsule(p3<float>(c, 0), p3<float>(c, 3), float(c[6]),
                                                                   p3<float>(c, 7), p3<float>(c, 10), float(c[13]));
                              }));
  v.push_back(capsule_test<3>("capsule3d/blog002_heuristic", Overlap::open,
                              "Article 002's capsule-capsule heuristic (best endpoint, two projections; "
                              "depth > 0).",
                              [](Span c) { return reference::capsule_capsule(cap3(c, 0), cap3(c, 7)).intersects; }));
  v.push_back(triangle_test("sphere_triangle/blog002",
                            "Article 002's sphere-triangle (the capsule's axis collapsed to its first "
                            "endpoint).",
                            [](Span c) {
                              return reference::sphere_triangle(p3<double>(c, 0), c[6], p3<double>(c, 7),
                                                                   p3<double>(c, 10), p3<double>(c, 13));
                            }));
  v.push_back(triangle_test("capsule_triangle/blog002", "Article 002's capsule-triangle (ray-plane trace).",
                            [](Span c) {
                              return reference::capsule_triangle(cap3(c, 0), p3<double>(c, 7),
                                                                    p3<double>(c, 10), p3<double>(c, 13));
                            }));
  // Boxes (issue 26): the textbook separating-axis test and GJK/EPA.
  v.push_back(box_test<double>("box3d/obb_sat_double", "RTCD 4.4.1 TestOBBOBB (15 axes, EPSILON = DBL_EPSILON), double",
                               [](Span c) { return reference::obb_overlap_sat(float_box<double>(c, 0), float_box<double>(c, kBox)); }));
  v.push_back(box_test<float>("box3d/obb_sat_float", "RTCD 4.4.1 TestOBBOBB (15 axes, EPSILON = FLT_EPSILON), float; "
                              "inputs rounded to float first",
                              [](Span c) { return reference::obb_overlap_sat(float_box<float>(c, 0), float_box<float>(c, kBox)); }));
  v.push_back(box_test<double>("box3d/gjk_double", "GJK (van den Bergen) on the boxes' 8 corners, double",
                               [](Span c) {
                                 const auto a = float_corners<double>(c, 0), b = float_corners<double>(c, kBox);
                                 return reference::gjk_overlap<double>(a, b, 0.0, 0.0);
                               }));
  {
    AuditSubject s = box_subject<double>(
        "box3d_depth/epa_double",
        "the penetration depth of two 3-D boxes (none when apart) by EPA (van den Bergen 2001) on GJK's "
        "simplex of their 8 corners, double; reference: exactgeom::contact(Box3, Box3)->depth (correctly "
        "rounded). Error in ULPs.");
    s.exact = [](Span c) {
      const auto k = contact(box_of(c, 0), box_of(c, kBox));
      return k ? Answer::of(k->depth) : Answer::none();
    };
    s.approx = [](Span c) {
      const auto a = float_corners<double>(c, 0), b = float_corners<double>(c, kBox);
      const auto r = reference::epa_penetration<double>(a, b);
      return r.valid ? Answer::of(r.depth) : Answer::none();
    };
    s.margin = [](Span c, const Answer& exact, const Answer& got) {
      if (exact.kind == Answer::Kind::real && got.kind == Answer::Kind::real) return std::fabs(got.x - exact.x);
      return box_margin(c);  // none against a value: how far from touching
    };
    v.push_back(std::move(s));
  }
  // Post-processing of generated cases, so that the exact reference sees
  // exactly what the float version is given.
  auto adjust = [&v](const std::string& name, auto fix) {
    for (auto& s : v)
      if (s.name == name) {
        auto g = s.generate;
        s.generate = [g, fix](F f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
          g(f, seed, i, c);
          fix(c);
        };
      }
  };
  adjust("capsule3d/ericson_float", [](std::span<double> c) { audit::cases::round_to_float(c); });
  for (auto& s : v)
    if (s.name == "capsule3d/ericson_float") s.band_ulp = 0x1p29;
  // Circle/sphere versions: the first capsule's axis collapses to its first endpoint.
  adjust("circle_capsule/dummies001", [](std::span<double> c) { c[2] = c[0], c[3] = c[1]; });
  adjust("sphere_triangle/blog002", [](std::span<double> c) { c[3] = c[0], c[4] = c[1], c[5] = c[2]; });
  return v;
}

}  // namespace

const std::vector<AuditSubject>& audit_subjects() {
  static const std::vector<AuditSubject> v = make_subjects();
  return v;
}

/// answer with a bug planted in one case of four (chosen by a hash of the
/// case): a boolean flipped, a sign negated, a real or vector answer moved
/// by 2^-10 of the case's largest magnitude -- far beyond rounding, so the
/// audit must rate it gross.
Answer seeded_bug(Span c, Answer a) {
  // For the test that the self-check can fail (tests/tool_test.sh).
  static const bool no_bug = std::getenv("EXACTGEOM_SELF_CHECK_NO_BUG") != nullptr;
  if (no_bug) return a;
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  double scale = 1;
  for (double v : c) {
    h = (h ^ std::bit_cast<std::uint64_t>(v)) * 0x100000001b3ULL;
    scale = std::max(scale, std::fabs(v));
  }
  if ((h >> 32) % 4 != 0) return a;
  switch (a.kind) {
    case Answer::Kind::boolean: a.value = !a.value; break;
    case Answer::Kind::sign: a.value = a.value == 0 ? 1 : -a.value; break;
    case Answer::Kind::real: a.x += std::ldexp(scale, -10); break;
    case Answer::Kind::vector:
      for (std::size_t i = 0; i < a.n; ++i) a.v[i] += std::ldexp(scale, -10);
      break;
    case Answer::Kind::none: break;
  }
  return a;
}

std::vector<AuditSubject> self_check_subjects() {
  std::vector<AuditSubject> v;
  for (const AuditSubject& s : audit_subjects()) {
    const std::string op = s.name.substr(0, s.name.find('/'));
    if (std::none_of(v.begin(), v.end(), [&](const AuditSubject& x) { return x.name == op + "/exact_self"; })) {
      AuditSubject e = s;
      e.name = op + "/exact_self";
      e.question = s.question + "; audited: the exact function itself (must never be wrong)";
      e.approx = s.exact;
      v.push_back(std::move(e));
    }
    // The float algorithm with a bug planted: the audit must rate it gross,
    // or it could not find a real one.
    AuditSubject w = s;
    w.name = s.name + "/seeded_bug";
    w.question = s.question + "; audited: " + s.name +
                 " with a bug planted in one case of four (a deliberately wrong twin: must be found grossly "
                 "wrong)";
    w.approx = [approx = s.approx](Span c) { return seeded_bug(c, approx(c)); };
    v.push_back(std::move(w));
  }
  return v;
}

}  // namespace exactgeom::tool

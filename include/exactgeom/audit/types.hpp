// exactgeom/audit/types.hpp: the vocabulary of the audit (exactgeom/audit/audit.hpp):
// its options, reports, answers, questions and shape adapters. The audit
// measures where your float collision code is wrong,
// by running it and the exact answer over deterministic case families.
//
// Write one adapter specialisation per shape type of yours and one call per
// question:
//
//   template <> struct exactgeom::audit::shape_adapter<MyCapsule> {
//     using exact_type = exactgeom::Capsule3<double>;  // Point2/3, Circle, Sphere,
//                                                      // Segment2/3, Capsule2/3, Triangle3
//     using scalar = float;                            // what MyCapsule stores
//     static MyCapsule from_exact(const exact_type& c);
//     // optional: static Capsule3<mpq_class> to_exact(const MyCapsule&);
//   };
//   AuditReport r = audit_pair<MyCapsule, MySphere>(Question::depth, my_depth,
//                                                   {.cases = 10000});
//   std::cout << r.markdown();
//
// (see Question for what each question's function returns; an empty
// std::optional is the answer "none"). Every case is generated as doubles
// already rounded to `scalar`, so the exact answer is the answer for exactly
// what your function sees; with to_exact, for the shape it holds. Cases are
// deterministic in (seed, family, index); `shard_index/count` splits the
// index range, and merge_reports joins the shards' reports into the
// unsharded one. Each wrong answer gets its distance to the decision
// boundary: within AuditOptions::gross_band it is rounding-level, beyond it
// gross. The kept wrong cases (gross first) are shrunk (fewer significant
// bits, smaller offsets) while they stay wrong in the same way, and kept as
// query lines of docs/queries.md (hex floats) that `exactgeom eval` replays.
//
// A question this header does not ask (an engine's own tolerance, a
// segment-intersection kind) is an AuditSubject of your own:
// exactgeom/audit/subject.hpp.
//
// Errors: options that do not apply throw exactgeom::invalid_input (a
// std::invalid_argument).
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactgeom/geometry.hpp"
#include "exactgeom/shapes.hpp"

namespace exactgeom::audit {

/// The case families of an audit. Every family is deterministic in (seed,
/// index); an audit runs those of the families asked for that its subject
/// has (see audit/subject.hpp).
enum class CaseFamily {
  random,                // uniform in a box of side 20 (radii in [0, 2])
  near_degenerate,       // nearly collinear / coplanar / cocircular / parallel
  touching,              // exactly touching, and one ULP in or out
  parallel_zero_length,  // parallel axes, zero-length axes
  far_from_origin,       // near-degenerate cases offset by 1e3 .. 1e9
  classroom,             // Kettner et al.'s grid around (0.5, 0.5) (orient2d)
  // Shape pairs (audit_pair):
  collinear_gaps,       // axes on one line or parallel lines, at every gap:
                        // overlapping, touching end to end, far apart
  nearly_parallel,      // axes 1e-7 .. 1e-2 rad from parallel, near touching
  zero_length,          // a zero-length axis first, second, or both; and on
                        // the other axis's line
  large_offsets,        // touching and collinear cases offset by 1e9 .. 1e15
  piercing_triangle,    // an axis through a triangle, ending on it, or beside
                        // an edge in its plane
  degenerate_triangle,  // triangles with collinear or coincident corners
  // (In audit_pair and audit_contact every family but random also has
  // cases far from the boundary: case i with i % 16 == 13 is moved apart
  // by 2 to 1e6 times the pair's size; i % 16 == 14, when a shape has a
  // radius, overlaps by 0.5 to 4 times it.)
  // Box pairs (cases::box_pair; random, touching, nearly_parallel and
  // far_from_origin have box versions too):
  resting_faces,  // boxes face to face: exactly touching, one ULP in or out
  deep_overlap,   // centres closer than a quarter box: nested, equal, deep
  // Pairs with a hull (audit_pair):
  degenerate_hull,  // flat, collinear, repeated-point and one-point hulls, touching
  stacked,          // one shape resting on another in a stack of two to
                    // eight along one axis of a shared frame, each centre
                    // the one below plus the two extents, summed in the
                    // sides' type (float when either is): within rounding
                    // of touching, as a game's stack is
  vertex_on_face,   // a corner (or the nearest point) of one shape touching
                    // the inside of the other's face, the shape turned at
                    // random
  float_rotations,  // rotations made from float quaternions: normalized and
                    // turned into a matrix in the side's type (for float
                    // code in float arithmetic, as an engine holding float
                    // quaternions does: columns orthonormal only to float
                    // rounding); touching along a random direction
  // Shape casts with a box or hull (audit_sweep):
  grazing_cast,  // a corner of one shape slides along the plane of the
                 // other's face at touching height (one ULP in or out),
                 // starting beside the face: the cast grazes its edge
  // Pairs with a box or hull in 3-D (audit_pair), after the others:
  edge_edge,  // an edge of each shape crossing the other's (the contact
              // normal their cross product): touching (one case in four),
              // just apart (two in four) or just overlapping (one) by
              // 1e-6 .. 1e-2 of the size; the frames at random angles or
              // (one case in four) 1e-7 .. 1e-2 rad from parallel: the
              // contacts a separating-axis test without its edge-edge axes
              // gets wrong
  // (For pairs with a box or hull, case i % 16 == 13 of a touching family
  // is moved far apart, 12 just apart and 11 just overlapping, by 1e-6 to
  // 1e-2 of the pair's size: docs/auditing_boxes.md.)
};
inline constexpr std::array<CaseFamily, 20> kAllFamilies = {
    CaseFamily::random,           CaseFamily::near_degenerate,   CaseFamily::touching,
    CaseFamily::parallel_zero_length, CaseFamily::far_from_origin, CaseFamily::classroom,
    CaseFamily::collinear_gaps,   CaseFamily::nearly_parallel,   CaseFamily::zero_length,
    CaseFamily::large_offsets,    CaseFamily::piercing_triangle, CaseFamily::degenerate_triangle,
    CaseFamily::resting_faces,    CaseFamily::deep_overlap,      CaseFamily::degenerate_hull,
    CaseFamily::stacked,          CaseFamily::vertex_on_face,    CaseFamily::float_rotations,
    CaseFamily::grazing_cast,     CaseFamily::edge_edge};
std::string_view to_string(CaseFamily f);

/// Which overlap a boolean test is supposed to answer.
enum class Overlap {
  closed,  // touching counts: exactgeom::intersects
  open,    // interiors overlap: exactgeom::interiors_overlap
};

/// The unit a real-valued error is measured in.
enum class Unit {
  exact_ulps,  // ULPs of the correctly rounded exact value (per component)
  scale_ulps,  // ULPs of the case's scale (AuditOptions::scale)
  absolute,    // |got - exact|
};
std::string_view to_string(Unit u);

/// A real answer is wrong when its error exceeds `value` in `unit`.
struct Tolerance {
  Unit unit = Unit::exact_ulps;  ///< what the error is measured in
  double value = 1;              ///< the largest error that is right, in `unit` (>= 0)
};

/// n ULPs of your type S (float or double) at the case's scale. Errors are
/// counted in double ULPs (Unit::scale_ulps), so n float ULPs are n * 2^29
/// of them: scale_ulps_of<float>(4) is {Unit::scale_ulps, 4 * 0x1p29}.
template <class S>
  requires(std::is_same_v<S, float> || std::is_same_v<S, double>)
constexpr Tolerance scale_ulps_of(double n) {
  return {Unit::scale_ulps, n * (std::is_same_v<S, float> ? 0x1p29 : 1.0)};
}

/// The scale of a case: the length errors and distances to the decision
/// boundary are measured against.
enum class Scale {
  largest,     // the largest magnitude of the case's coordinates and radii
  radius_sum,  // r1 + r2 (shape pairs; the largest magnitude when it is 0)
};

/// A family a user adds: fills `c` (the subject's flat layout) with case
/// `index`; `seed` is mixed from (options seed, name, index). For shape
/// pairs, make one with exactgeom::audit::family<UX, UY>(name, fn) instead.
struct UserFamily {
  std::string name;  ///< the family's name in reports (not empty, not a built-in family's)
  /// Fills c with case `index` (see above).
  std::function<void(std::uint64_t seed, std::uint64_t index, std::span<double> c)> generate;
};

/// How an audit runs: how many cases of which families, which shard, how
/// many wrong cases to keep, and how answers are judged.
struct AuditOptions {
  std::size_t cases = 10000;  ///< per family, before sharding
  std::uint64_t seed = 1;     ///< cases are deterministic in (seed, family, index)
  /// Built-in families; the default (all) runs those the subject has.
  std::vector<CaseFamily> families{kAllFamilies.begin(), kAllFamilies.end()};
  std::size_t shard_index = 0;                   ///< this run's shard, 0 <= shard_index < shard_count
  std::size_t shard_count = 1;                   ///< case i runs iff i % count == index (1: unsharded)
  std::size_t keep = 3;                          ///< wrong cases kept per family
  Overlap overlap = Overlap::closed;             ///< for boolean shape tests (audit_overlap<>)
  Tolerance tolerance{};                         ///< for real-valued answers
  Scale scale = Scale::largest;                  ///< the case's scale (see Scale), for Unit::scale_ulps
  /// Replaces `scale` when set: the scale of a flat case.
  std::function<double(std::span<const double>)> custom_scale{};
  /// A wrong answer is rounding-level when its case is at most this many
  /// ULPs of its largest magnitude (Scale::largest, whatever `scale` says:
  /// rounding the coordinates is what can move a case) from the decision
  /// boundary; beyond, it is gross. ULPs of float for code in float
  /// (float code, AuditReport::band_ulp), else of double.
  double gross_band = 64;
  std::vector<UserFamily> user_families{};  ///< run after the built-in ones
};

/// A wrong case, replayable with `exactgeom eval`.
struct WrongCase {
  std::string query;     ///< one line of docs/queries.md about the shapes the reference was asked about
                         ///< (the held ones under to_exact); hex-float scalars, "p/q" where not a double
  std::string expected;  ///< the exact answer ("true", "-1", "0x1.8p+0", "none")
  std::string got;       ///< the float function's answer
  double size = 0;       ///< the shrink measure: significant bits + offsets
  std::vector<double> values;  ///< the raw (shrunk) case in the subject's layout
  /// How far the case is from the decision boundary (touching, for overlap
  /// and contact questions; for a real answer, its error as a length), in
  /// units of the case's largest magnitude and in ULPs of it. NaN: unknown.
  double margin = 0;
  double margin_ulps = 0;  ///< the margin in ULPs of the case's largest magnitude (NaN: unknown)
  bool gross = true;  ///< margin_ulps > gross_band (times band_ulp), or unknown
  std::uint64_t index = 0;     ///< the case's index in its family
  double unshrunk_size = 0;    ///< the order the kept cases are chosen in
};

/// The results of one family of an audit.
struct FamilyAudit {
  CaseFamily family{};  ///< the family (CaseFamily::random for a user family)
  std::string name;  ///< to_string(family), or the user family's name
  std::size_t cases = 0;  ///< cases judged (this shard's; skipped ones not counted)
  std::size_t wrong = 0;  ///< cases answered wrong
  std::size_t gross = 0;            ///< wrong beyond the gross band
  std::size_t false_positives = 0;  ///< boolean: said true, exact false
  std::size_t false_negatives = 0;  ///< boolean: said false, exact true
  std::size_t opposite_sign = 0;    ///< sign: nonzero, opposite to the exact sign
  std::size_t got_none = 0;         ///< said none (no contact ...), exact has a value
  std::size_t got_value = 0;        ///< gave a value, exact is none
  std::size_t skipped = 0;          ///< generated cases the subject cannot hold (normalize)
  /// Real-valued results (value against value): the largest error in each
  /// unit. ULPs of the exact value are not defined where it is 0: max_ulp
  /// is over the values (components) whose exact value is not 0, and
  /// max_abs_at_zero is the largest |got| where it is 0 (such an answer is
  /// still wrong in Unit::exact_ulps unless it is 0).
  double max_ulp = 0;
  double max_scale_ulp = 0;    ///< the largest error in ULPs of the case's scale (Unit::scale_ulps)
  double max_abs = 0;          ///< the largest absolute error |got - exact| (Unit::absolute)
  double max_abs_at_zero = 0;  ///< the largest |got| where the exact value is 0
  /// Cases by their error in the tolerance's unit (ULPs of the code's own
  /// type, band_ulp; for Unit::absolute, multiples of the tolerance):
  /// 0, <=1, <=4, <=64, >64 (a nonzero answer for an exact 0 in exact ULPs: >64).
  std::array<std::size_t, 5> ulp_histogram{};
  /// With an adapter's to_exact: the largest distance between the shape the
  /// engine holds and the one requested, in ULPs of the case's largest
  /// magnitude (-1: not read).
  double max_held_offset = -1;
  std::vector<WrongCase> smallest;  ///< gross first, then smallest first
};

/// The result of one audit: what was audited and asked, how it was judged,
/// and per family the counts, errors and smallest wrong cases. markdown()
/// and json() print it; merge_reports joins the reports of shards.
struct AuditReport {
  std::string algorithm;  ///< what was audited
  std::string question;   ///< what exactly it was asked, and the exact reference
  bool real_valued = false;  ///< distances: errors are reported
  bool sign_valued = false;  ///< signs: opposite signs are reported
  bool may_be_none = false;  ///< answers may be none: none-vs-value counts shown
  Tolerance tolerance{};     ///< AuditOptions::tolerance of the run: when a real answer is wrong
  /// The power of the case's scale a real answer is measured against
  /// (AuditSubject::answer_scale_power): 1 for a length, 2 for a squared
  /// length, 0 for a unit normal or a time, whose scale ULPs are ULPs of 1.
  int answer_scale_power = 1;
  double gross_band = 64;  ///< AuditOptions::gross_band of the run, in ULPs of band_ulp
  double band_ulp = 1;  ///< AuditSubject::band_ulp: 1 (double) or 2^29 (float)
  std::string shard;  ///< "I/N" for a shard of a sharded run, else empty
  std::size_t keep = 3;  ///< AuditOptions::keep of the run
  std::vector<FamilyAudit> families;  ///< in the order run: the built-in ones (as in AuditOptions::families), then the user ones

  std::size_t cases() const;  ///< cases judged, over every family
  std::size_t wrong() const;  ///< cases answered wrong, over every family
  std::size_t gross() const;  ///< wrong cases beyond the gross band, over every family
  std::string markdown() const;  ///< a table, then the smallest wrong cases
  std::string json() const;      ///< the same, machine-readable, on one line
  /// Reads back one line of json() (a shard's output written by any
  /// program, or `exactgeom audit --json`), so a program merges shard files
  /// itself with merge_reports. invalid_input when the line is not one.
  static AuditReport from_json(std::string_view line);
};

/// Merges the reports of shards 0..N-1 of one run (AuditOptions::shard_*,
/// any order) into the report of the unsharded run: its json() and
/// markdown() are byte for byte the unsharded run's. (The wrong cases kept
/// are the `keep` first by an order that does not depend on which shard ran
/// them.) Read shard files with AuditReport::from_json; `exactgeom audit
/// --merge` does both for the --json files of any program.
/// invalid_input when a shard is missing or repeated, or the
/// reports are not of one run (algorithm, question, families, options).
AuditReport merge_reports(const std::vector<AuditReport>& shards);


/// The most points a manifold may have (Bullet's persistent manifold's 4;
/// Box2D's b2Manifold has 2).
inline constexpr std::size_t kManifoldPoints = 4;

/// An answer: a boolean, a sign, a real number, a vector of reals (a normal,
/// closest points, a manifold), or none (no contact, no time of impact).
struct Answer {
  /// The kinds of answer: value holds a boolean or a sign, x a real, v and n a vector.
  enum class Kind { boolean, sign, real, vector, none } kind = Kind::boolean;  ///< this answer's kind
  int value = 0;            ///< boolean (0/1) or sign (-1/0/1)
  double x = 0;             ///< real
  std::array<double, 3 + 4 * kManifoldPoints> v{};  ///< vector components (a manifold: normal, then point and separation each)
  std::size_t n = 0;          ///< vector size
  static Answer of(bool b) { return {Kind::boolean, b ? 1 : 0}; }           ///< the boolean b
  static Answer of(Sign s) { return {Kind::sign, static_cast<int>(s)}; }  ///< the sign s
  static Answer of(double d) { return {Kind::real, 0, d}; }                ///< the real d
  static Answer none() { return {Kind::none}; }                             ///< none (no contact, no time)
  /// The vector of c's values (its first 3 + 4 kManifoldPoints, if longer).
  static Answer vec(std::span<const double> c) {
    Answer a{Kind::vector};
    a.n = std::min(c.size(), a.v.size());
    std::copy_n(c.begin(), a.n, a.v.begin());
    return a;
  }
  /// As a wrong case prints it: "true"/"false", the sign ("-1", "0", "1"),
  /// a hex float, "[c0,c1,...]" of hex floats, or "none".
  std::string str() const;
};

/// A 3-D capsule as most engines store it (Bullet, FCL, Jolt, PhysX): a
/// centre `o`, a unit axis `u` (a column of the body's rotation), a
/// half-height `hh` and a radius `r`, each in S. `hold` makes it from
/// endpoints the way an engine's constructor does (in double, then rounded
/// to S; a zero-length axis gets the unit vector `rest_axis`); `exact` is
/// the capsule those stored numbers denote, o -+ hh u, exactly -- what a
/// shape_adapter's to_exact returns, so the audit asks about the shape the
/// engine holds and not the one it was given. RestAxis: the engine's axis
/// of a capsule at rest, hold's default (Bullet's btCapsuleShape: 1, y;
/// FCL and ODE: 2, z). The audit provides its shape_adapter.
template <class S, int RestAxis = 1>
struct CentredCapsule {
  static_assert(RestAxis >= 0 && RestAxis < 3, "CentredCapsule: RestAxis is 0 (x), 1 (y) or 2 (z)");
  S o[3];  ///< the centre
  S u[3];  ///< the unit axis (unit only to within rounding)
  S hh;    ///< the half-height: the axis runs from o - hh u to o + hh u
  S r;     ///< the radius

  /// As an engine's constructor stores capsule c: centre (a + b) / 2, axis
  /// (b - a) / |b - a| (for a == b, the unit vector along rest_axis), half
  /// height |b - a| / 2 and radius, computed in double and rounded to S.
  static CentredCapsule hold(const Capsule3<double>& c, int rest_axis = RestAxis) {
    CentredCapsule h{};
    const double a[3] = {c.seg.a.x, c.seg.a.y, c.seg.a.z}, b[3] = {c.seg.b.x, c.seg.b.y, c.seg.b.z};
    const double d[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    for (int k = 0; k < 3; ++k) {
      h.o[k] = static_cast<S>((a[k] + b[k]) / 2);
      h.u[k] = len > 0 ? static_cast<S>(d[k] / len) : static_cast<S>(k == rest_axis ? 1 : 0);
    }
    h.hh = static_cast<S>(len / 2);
    h.r = static_cast<S>(c.r);
    return h;
  }
  /// The capsule the stored numbers denote, exactly: axis o -+ hh u, radius r.
  Capsule3<mpq_class> exact() const {
    auto end = [&](int sign) {
      auto at = [&](int k) -> mpq_class {
        return mpq_class(double(o[k])) + sign * mpq_class(double(hh)) * mpq_class(double(u[k]));
      };
      return Point3<mpq_class>{at(0), at(1), at(2)};
    };
    return {{end(-1), end(1)}, mpq_class(double(r))};
  }
};

/// A 3-D box as an engine stores it with a rotation matrix (Bullet's
/// btTransform basis, FCL's Transform3, PhysX's PxMat33): centre `c`, the
/// box's axes (the columns of the rotation, `axis[i]` the i-th, in world
/// coordinates) and half extents, each in S. `hold` rounds a requested box's
/// values to S as an engine's setter does; `exact` is the box those stored
/// numbers denote, taken exactly as given (float axes are orthonormal only
/// to within rounding: the shape held is the parallelepiped they span) --
/// what a shape_adapter's to_exact returns.
template <class S>
struct RotatedBox3 {
  S c[3];        ///< the centre
  S axis[3][3];  ///< axis[i]: the box's i-th axis, in world coordinates (the rotation's column i)
  S half[3];     ///< the half extents along the axes

  /// Box b's centre, axes and half extents rounded to S, as an engine's setter stores them.
  static RotatedBox3 hold(const Box3<double>& b) {
    RotatedBox3 h{};
    const double ctr[3] = {b.center.x, b.center.y, b.center.z};
    for (int k = 0; k < 3; ++k) {
      h.c[k] = static_cast<S>(ctr[k]);
      h.half[k] = static_cast<S>(b.half[static_cast<std::size_t>(k)]);
      const auto& a = b.axes[static_cast<std::size_t>(k)];
      h.axis[k][0] = static_cast<S>(a.x), h.axis[k][1] = static_cast<S>(a.y), h.axis[k][2] = static_cast<S>(a.z);
    }
    return h;
  }
  /// The box the stored numbers denote, exactly (the axes as stored; radius 0).
  Box3<mpq_class> exact() const {
    Box3<mpq_class> b;
    b.center = {mpq_class(double(c[0])), mpq_class(double(c[1])), mpq_class(double(c[2]))};
    for (std::size_t i = 0; i < 3; ++i) {
      b.axes[i] = {mpq_class(double(axis[i][0])), mpq_class(double(axis[i][1])), mpq_class(double(axis[i][2]))};
      b.half[i] = mpq_class(double(half[i]));
    }
    b.r = 0;
    return b;
  }
};

/// A 3-D box as an engine stores it with a unit quaternion (Jolt, PhysX,
/// Bullet's btQuaternion, FCL's Quaternion): centre `c`, rotation `q`
/// (w, x, y, z) and half extents, in S. `hold` turns a requested box's
/// rotation into a quaternion in double (Shepperd's method) and rounds
/// everything to S. The stored q is unit only to within rounding; `exact`
/// is the box rotated by q exactly: the matrix of q divided by |q|^2 (a
/// rotation, in rationals). An engine that builds its matrix from q in S
/// without normalizing holds a box a few ULPs from that one (write your
/// own to_exact if you want the audit to ask about that matrix: see
/// RotatedBox3).
template <class S>
struct QuatBox3 {
  S c[3];     ///< the centre
  S q[4];     ///< the rotation as a quaternion (w, x, y, z), unit only to within rounding
  S half[3];  ///< the half extents along the rotated axes

  /// Box b with its rotation turned into a quaternion in double (Shepperd's
  /// method), then every value rounded to S.
  static QuatBox3 hold(const Box3<double>& b) {
    QuatBox3 h{};
    double m[3][3];  // m[row][col]; column i is the axis i
    for (std::size_t i = 0; i < 3; ++i)
      m[0][i] = b.axes[i].x, m[1][i] = b.axes[i].y, m[2][i] = b.axes[i].z;
    double w, x, y, z;
    const double tr = m[0][0] + m[1][1] + m[2][2];
    if (tr > 0) {
      const double s = std::sqrt(tr + 1) * 2;
      w = s / 4, x = (m[2][1] - m[1][2]) / s, y = (m[0][2] - m[2][0]) / s, z = (m[1][0] - m[0][1]) / s;
    } else if (m[0][0] > m[1][1] && m[0][0] > m[2][2]) {
      const double s = std::sqrt(1 + m[0][0] - m[1][1] - m[2][2]) * 2;
      w = (m[2][1] - m[1][2]) / s, x = s / 4, y = (m[0][1] + m[1][0]) / s, z = (m[0][2] + m[2][0]) / s;
    } else if (m[1][1] > m[2][2]) {
      const double s = std::sqrt(1 + m[1][1] - m[0][0] - m[2][2]) * 2;
      w = (m[0][2] - m[2][0]) / s, x = (m[0][1] + m[1][0]) / s, y = s / 4, z = (m[1][2] + m[2][1]) / s;
    } else {
      const double s = std::sqrt(1 + m[2][2] - m[0][0] - m[1][1]) * 2;
      w = (m[1][0] - m[0][1]) / s, x = (m[0][2] + m[2][0]) / s, y = (m[1][2] + m[2][1]) / s, z = s / 4;
    }
    const double qd[4] = {w, x, y, z}, ctr[3] = {b.center.x, b.center.y, b.center.z};
    for (int k = 0; k < 4; ++k) h.q[k] = static_cast<S>(qd[k]);
    for (int k = 0; k < 3; ++k)
      h.c[k] = static_cast<S>(ctr[k]), h.half[k] = static_cast<S>(b.half[static_cast<std::size_t>(k)]);
    return h;
  }
  /// The rotation matrix of q in S, as an engine computes it (unit q
  /// assumed): row j, column i; column i is the box's axis i.
  std::array<std::array<S, 3>, 3> matrix() const {
    const auto a = quaternion_axes<S>(q[0], q[1], q[2], q[3]);  // columns
    return {{{a[0].x, a[1].x, a[2].x}, {a[0].y, a[1].y, a[2].y}, {a[0].z, a[1].z, a[2].z}}};
  }
  /// The box rotated by q exactly: the matrix of q divided by |q|^2 (a
  /// rotation, in rationals); radius 0.
  Box3<mpq_class> exact() const {
    Box3<mpq_class> b;
    b.axes = exact_quaternion_axes(mpq_class(double(q[0])), mpq_class(double(q[1])), mpq_class(double(q[2])),
                                   mpq_class(double(q[3])));
    b.center = {mpq_class(double(c[0])), mpq_class(double(c[1])), mpq_class(double(c[2]))};
    for (std::size_t i = 0; i < 3; ++i) b.half[i] = mpq_class(double(half[i]));
    b.r = 0;
    return b;
  }
};

/// A 2-D box as Box2D stores one (a b2PolygonShape box under a b2Transform):
/// centre, the rotation as (cos, sin) -- b2Rot's c and s -- and half
/// extents, in S. `exact` is the shape those numbers denote: the axes (c,
/// s) and (-s, c) exactly as stored (unit only to within rounding).
template <class S>
struct RotatedBox2 {
  S c[2];     ///< the centre
  S cos;      ///< b2Rot's c: the first axis is (cos, sin)
  S sin;      ///< b2Rot's s: the second axis is (-sin, cos)
  S half[2];  ///< the half extents along the two axes

  /// Box b rounded to S, its rotation read from its first axis (cos, sin)
  /// (the second is not read: it is taken to be (-sin, cos)).
  static RotatedBox2 hold(const Box2<double>& b) {
    RotatedBox2 h{};
    h.c[0] = static_cast<S>(b.center.x), h.c[1] = static_cast<S>(b.center.y);
    h.cos = static_cast<S>(b.axes[0].x), h.sin = static_cast<S>(b.axes[0].y);
    h.half[0] = static_cast<S>(b.half[0]), h.half[1] = static_cast<S>(b.half[1]);
    return h;
  }
  /// The box the stored numbers denote, exactly: axes (cos, sin) and (-sin, cos); radius 0.
  Box2<mpq_class> exact() const {
    const mpq_class co{double(cos)}, si{double(sin)};
    Box2<mpq_class> b;
    b.center = {mpq_class(double(c[0])), mpq_class(double(c[1]))};
    b.axes = {Point2<mpq_class>{co, si}, Point2<mpq_class>{-si, co}};
    b.half = {mpq_class(double(half[0])), mpq_class(double(half[1]))};
    b.r = 0;
    return b;
  }
};

/// A convex hull (3-D, D = 3) or rounded polygon (D = 2) as engines store
/// one: its points in S and a radius (Bullet's collision margin, Box2D's
/// polygon radius). `hold` rounds a requested hull's corners to S; `exact`
/// is the hull of the stored points, grown by the stored radius.
template <class S, int D>
struct PointHull {
  std::vector<std::array<S, D>> points;  ///< the stored points (a hold: the hull's corners)
  S r = 0;                               ///< the radius the hull is grown by (>= 0)

  /// Hull h's corners (vertices()) and radius rounded to S. H: ConvexPolygon
  /// (D = 2) or ConvexHull3 (D = 3).
  template <class H>
  static PointHull hold(const H& h) {
    PointHull p;
    for (const auto& v : h.vertices()) {
      std::array<S, D> q{};
      q[0] = static_cast<S>(v.x), q[1] = static_cast<S>(v.y);
      if constexpr (D == 3) q[2] = static_cast<S>(v.z);
      p.points.push_back(q);
    }
    p.r = static_cast<S>(h.radius());
    return p;
  }
  /// The hull of the stored points, grown by the stored radius, exactly: a
  /// ConvexPolygon<mpq_class> (D = 2) or ConvexHull3<mpq_class> (D = 3).
  auto exact() const {
    using P = std::conditional_t<D == 2, Point2<mpq_class>, Point3<mpq_class>>;
    std::vector<P> v;
    for (const auto& q : points) {
      if constexpr (D == 2) v.push_back({mpq_class(double(q[0])), mpq_class(double(q[1]))});
      else v.push_back({mpq_class(double(q[0])), mpq_class(double(q[1])), mpq_class(double(q[2]))});
    }
    if constexpr (D == 2) return ConvexPolygon<mpq_class>(std::span<const P>(v), mpq_class(double(r)));
    else return ConvexHull3<mpq_class>(std::span<const P>(v), mpq_class(double(r)));
  }
};

// ---------------------------------------------------------------------------
// Any pair of shapes, any question.

/// The shapes an audit pairs, as exact_type of a shape_adapter (double
/// coordinates): Point2/Point3 (point), Circle/Sphere (ball),
/// Segment2/Segment3 (segment), Capsule2/Capsule3 (capsule), Triangle3
/// (filled triangle; at most one of the two), Box2/Box3 (box: centre, the
/// columns of its rotation, half extents, radius, as shapes.hpp has them),
/// ConvexPolygon/ConvexHull3 (hull: the hull of at most kHullPoints points,
/// and a radius; a hull with fewer corners repeats its last one).
enum class ShapeKind { point, ball, segment, capsule, triangle, box, hull };
/// The points of a hull case (audit_pair's flat layout has a fixed width).
inline constexpr std::size_t kHullPoints = 8;

/// What an audit asks of a pair of shapes x, y. "Axis" is a shape's core:
/// the point, segment or triangle its radius is around (radius 0 for points,
/// segments and triangles); d is the exact distance between the axes and
/// R = r_x + r_y. Every real answer is the exact value correctly rounded to
/// double (ties to even). The float function returns, per question:
enum class Question {
  closed_overlap,  // bool: d <= R (touching counts); exactgeom::intersects
  open_overlap,    // bool: the shapes overlap by more than touching (contact's
                   // depth > 0: d < R, or the cores cross so that no small
                   // move separates them); exactgeom::interiors_overlap
  squared_distance,  // double: d^2 (0.3.0: distance2)
  distance,        // double: d
  gap,             // double: d - R (negative when the interiors overlap)
  depth,           // optional<double>: contact(x, y)->depth, none when d > R:
                   // the least translation after which the shapes only
                   // touch. R - d when the axes are apart; R + P when they
                   // meet, P the cores' own penetration (0 for two 3-D
                   // segments; positive for crossing 2-D segments and for
                   // an axis through a triangle's interior, which must also
                   // be pulled out of the triangle).
  normal,          // optional<vector>: unit vector from x's closest axis
                   // point toward y's, none when d > R or d == 0 (no direction)
  closest_points,  // pair<vector, vector>: a closest pair of axis points; where
                   // several are closest (parallel axes) any of them is right:
                   // the answer is judged against the exact closest pair nearest it
                   // (overlapping or parallel axes): another closest pair, or
                   // one of an ill-conditioned (nearly parallel, overlapping)
                   // pair, counts as wrong; ask distance there
  time_of_impact,  // optional<double>: x is a ball moving from seg.a to seg.b
                   // (its exact_type a capsule: the region it sweeps); the
                   // first t in [0, 1] at which it touches y, none when never.
                   // A wrong time's severity is its backward error, as in
                   // audit_sweep: how far the ball at the answered time is
                   // from touching y (the deepest penetration on the way, if
                   // late). The query line is that `sweep`. Not asked of a
                   // box or hull: ask audit_sweep, whose x moves as a whole.
  direction,       // optional<vector>: the direction y moves along to
                   // separate by the least translation (contact(x, y)'s
                   // depth_normal), unit, from x toward y; none when the
                   // shapes do not meet. Any direction of least translation
                   // is right (two equal boxes tie six ways; every direction
                   // is right when they only touch): an answer is judged
                   // against the one of those nearest it, and is right when
                   // moving y along it separates them after at most four ULPs
                   // of the case's scale more than the least translation.
                   // Severity: how much further (a length) the answer's
                   // direction has to push than the least translation, at
                   // most the depth (moved by the depth the shapes only
                   // touch, where every direction is right).
  // A contact manifold (audit_manifold: one normal from x toward y, and
  // points each with its separation along the normal, negative when the
  // shapes overlap there), none without contact. Its two questions:
  manifold_points,       // is every point within the stated tolerance of
                         // both shapes (inside counts as on: a point in the
                         // overlap region is right)? Severity: how much
                         // farther the point is from the farther shape.
  manifold_separations,  // is every point's separation the exact one along
                         // the normal at that point: on the line through the
                         // point along the normal, where y begins minus where
                         // x ends? Severity: the separation's error. A point
                         // whose line misses a shape (a corner contact, seen
                         // along a normal rounded off it) has none to
                         // compare: only manifold_points judges it.
                         // Both: right within four ULPs of the case's largest
                         // magnitude; none is right for shapes apart by more
                         // than the tolerance, wrong for shapes that meet.
};
std::string_view to_string(Question q);

/// Specialise for each of your shape types:
///   using exact_type = one of the shapes above, with double coordinates;
///   using scalar = float or double (what your type stores: float cases are
///     generated already rounded to float, so the exact reference is asked
///     about exactly what your function is given);
///   static UserShape from_exact(const exact_type&);
///   optional: static bool valid(const exact_type&): false for shapes your
///     type cannot hold (say zero-length capsules); such generated cases
///     are skipped (counted as skipped) and shrinking never produces them.
///     With a to_exact (below) that returns exact_type, valid is asked
///     about the shape your type holds, to_exact(from_exact(e)) (a capsule
///     whose axis rounds to zero length in float is seen as one); else
///     about the generated shape;
///   optional: static constexpr bool one_sided = true, for a Triangle3
///     exact_type: the engine's triangle is one-sided (a trimesh face whose
///     back culls contacts). Its front is where (p1 - p0) x (p2 - p0)
///     points (corners counterclockwise seen from the front). audit_pair
///     then asks only about the front: each case's triangle is wound so that
///     the midpoint of the other shape's axis (a ball's centre) is strictly
///     in front, and cases where it lies in the triangle's plane, or the
///     triangle has no plane (collinear corners), are skipped (counted as
///     skipped). The exact answers are the two-sided ones, which a
///     one-sided engine owes from the front. (audit_sweep ignores it.)
///   optional: static X to_exact(const UserShape&), X the same shape with
///     double or mpq_class coordinates -- the shape your type really holds
///     (say a capsule stored as centre, rotation and half-length). The
///     exact reference is then asked about that shape, and the report says
///     how far it is from the one requested (max_held_offset).
template <class UserShape>
struct shape_adapter;

/// The adapter of an engine's stored form `Form` of the exact shape
/// `Exact`, in the engine's type `S`: from_exact is Form::hold, to_exact is
/// Form::exact (the shape the engine holds, exactly). The engines' stored
/// shapes above come with it, so an audit of an engine's capsule, box or
/// hull needs no adapter of its own; specialise shape_adapter<
/// CentredCapsule<float>> and so on fully to change one (add a valid, say).
template <class Form, class Exact, class S>
struct held_form_adapter {
  using exact_type = Exact;  ///< the shapes the cases are generated as
  using scalar = S;          ///< the engine's type
  /// Form::hold(e): the shape as the engine stores it.
  static Form from_exact(const exact_type& e) { return Form::hold(e); }
  /// f.exact(): the shape the engine holds, exactly.
  static auto to_exact(const Form& f) { return f.exact(); }
};
/// CentredCapsule's adapter: cases are 3-D capsules.
template <class S, int RestAxis>
struct shape_adapter<CentredCapsule<S, RestAxis>>
    : held_form_adapter<CentredCapsule<S, RestAxis>, Capsule3<double>, S> {};
/// RotatedBox3's adapter: cases are 3-D boxes.
template <class S>
struct shape_adapter<RotatedBox3<S>> : held_form_adapter<RotatedBox3<S>, Box3<double>, S> {};
/// QuatBox3's adapter: cases are 3-D boxes, to_exact rotates by the stored quaternion.
template <class S>
struct shape_adapter<QuatBox3<S>> : held_form_adapter<QuatBox3<S>, Box3<double>, S> {};
/// RotatedBox2's adapter: cases are 2-D boxes.
template <class S>
struct shape_adapter<RotatedBox2<S>> : held_form_adapter<RotatedBox2<S>, Box2<double>, S> {};
/// PointHull's adapter: cases are polygons (D = 2) or hulls in space (D = 3),
/// to_exact the hull of the stored points grown by the stored radius.
template <class S, int D>
struct shape_adapter<PointHull<S, D>>
    : held_form_adapter<PointHull<S, D>, std::conditional_t<D == 2, ConvexPolygon<double>, ConvexHull3<double>>, S> {};

/// A shape cast that stops short of touching, by design: conservative
/// advancement to a target separation (Box2D's b2TimeOfImpact stops where
/// the shapes are max(b2_linearSlop, r1 + r2 - 3 b2_linearSlop) apart,
/// within b2_linearSlop / 4). The reference is the first time x comes
/// within `separation` of y (x grown by it), and an answer is right when
/// the region x sweeps by the answered time is within `tolerance` of that
/// (its gap when early, its depth when late); a none is right when the
/// whole sweep stays farther than separation - tolerance. Severity: how far
/// beyond the tolerance. Both must be finite and >= 0 (invalid_input).
struct SweepTarget {
  double separation = 0;  ///< the target separation the cast stops at (a length)
  double tolerance = 0;   ///< how far from it an answer may be and still be right (a length)
};

}  // namespace exactgeom::audit

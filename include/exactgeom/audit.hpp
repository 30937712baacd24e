// exactgeom/audit.hpp: measures where a float collision function is wrong,
// by running it and the exact function over deterministic case families.
//
// A user with a float function of two shapes of their own types writes one
// adapter specialisation per type and one call per question:
//
//   template <> struct exactgeom::shape_adapter<MyCapsule> {
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
// what the user's function sees; with to_exact, for the shape it holds.
// Cases are deterministic in (seed, family, index); `shard_index/count`
// splits the index range, and merge_reports joins the shards' reports into
// the unsharded one. Each wrong answer gets its distance to the decision
// boundary: within AuditOptions::gross_band it is rounding-level, beyond it
// gross. The kept wrong cases (gross first) are shrunk (fewer significant
// bits, smaller offsets) while they stay wrong in the same way, and kept as
// query lines of docs/queries.md (hex floats) that `exactgeom eval` replays.
// Errors: options that do not apply throw std::invalid_argument.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gmpxx.h>

#include <algorithm>
#include <optional>
#include <type_traits>
#include <utility>

#include "exactgeom/geometry.hpp"

namespace exactgeom {

/// The case families of an audit. Every family is deterministic in (seed,
/// index); an audit runs those of the families asked for that its subject
/// has (AuditSubject::families).
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
};
inline constexpr std::array<CaseFamily, 12> kAllFamilies = {
    CaseFamily::random,           CaseFamily::near_degenerate,   CaseFamily::touching,
    CaseFamily::parallel_zero_length, CaseFamily::far_from_origin, CaseFamily::classroom,
    CaseFamily::collinear_gaps,   CaseFamily::nearly_parallel,   CaseFamily::zero_length,
    CaseFamily::large_offsets,    CaseFamily::piercing_triangle, CaseFamily::degenerate_triangle};
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
  Unit unit = Unit::exact_ulps;
  double value = 1;
};

/// The scale of a case: the length errors and distances to the decision
/// boundary are measured against.
enum class Scale {
  largest,     // the largest magnitude of the case's coordinates and radii
  radius_sum,  // r1 + r2 (shape pairs; the largest magnitude when it is 0)
};

/// A family a user adds: fills `c` (the subject's flat layout) with case
/// `index`; `seed` is mixed from (options seed, name, index). For shape
/// pairs, make one with exactgeom::family<UX, UY>(name, fn) instead.
struct UserFamily {
  std::string name;
  std::function<void(std::uint64_t seed, std::uint64_t index, std::span<double> c)> generate;
};

struct AuditOptions {
  std::size_t cases = 10000;  // per family, before sharding
  std::uint64_t seed = 1;
  // Built-in families; the default (all) runs those the subject has.
  std::vector<CaseFamily> families{kAllFamilies.begin(), kAllFamilies.end()};
  std::size_t shard_index = 0, shard_count = 1;  // case i runs iff i % count == index
  std::size_t keep = 3;                          // wrong cases kept per family
  Overlap overlap = Overlap::closed;             // for boolean shape tests (audit<>)
  Tolerance tolerance{};                         // for real-valued answers
  Scale scale = Scale::largest;
  // Replaces `scale` when set: the scale of a flat case.
  std::function<double(std::span<const double>)> custom_scale{};
  // A wrong answer is rounding-level when its case is at most this many
  // ULPs of its largest magnitude (Scale::largest, whatever `scale` says:
  // rounding the coordinates is what can move a case) from the decision
  // boundary; beyond, it is gross. ULPs of float for code in float
  // (AuditSubject::band_ulp), else of double.
  double gross_band = 64;
  std::vector<UserFamily> user_families{};  // run after the built-in ones
};

/// A wrong case, replayable with `exactgeom eval`.
struct WrongCase {
  std::string query;     // one line of docs/queries.md, hex-float scalars
  std::string expected;  // the exact answer ("true", "-1", "0x1.8p+0", "none")
  std::string got;       // the float function's answer
  double size = 0;       // the shrink measure: significant bits + offsets
  std::vector<double> values;  // the raw (shrunk) case in the subject's layout
  // How far the case is from the decision boundary (touching, for overlap
  // and contact questions; for a real answer, its error as a length), in
  // units of the case's largest magnitude and in ULPs of it. NaN: unknown.
  double margin = 0, margin_ulps = 0;
  bool gross = true;  // margin_ulps > gross_band (times band_ulp), or unknown
  std::uint64_t index = 0;     // the case's index in its family
  double unshrunk_size = 0;    // the order the kept cases are chosen in
};

struct FamilyAudit {
  CaseFamily family{};
  std::string name;  // to_string(family), or the user family's name
  std::size_t cases = 0;
  std::size_t wrong = 0;
  std::size_t gross = 0;            // wrong beyond the gross band
  std::size_t false_positives = 0;  // boolean: said true, exact false
  std::size_t false_negatives = 0;  // boolean: said false, exact true
  std::size_t opposite_sign = 0;    // sign: nonzero, opposite to the exact sign
  std::size_t got_none = 0;         // said none (no contact ...), exact has a value
  std::size_t got_value = 0;        // gave a value, exact is none
  std::size_t skipped = 0;          // generated cases the subject cannot hold (normalize)
  // Real-valued results (value against value): the largest error in each unit.
  double max_ulp = 0, max_scale_ulp = 0, max_abs = 0;
  std::array<std::size_t, 5> ulp_histogram{};  // exact ULPs of the code's type (band_ulp): 0, <=1, <=4, <=64, >64
  // With an adapter's to_exact: the largest distance between the shape the
  // engine holds and the one requested, in ULPs of the case's largest
  // magnitude (-1: not read).
  double max_held_offset = -1;
  std::vector<WrongCase> smallest;  // gross first, then smallest first
};

struct AuditReport {
  std::string algorithm;  // what was audited
  std::string question;   // what exactly it was asked, and the exact reference
  bool real_valued = false;  // distances: errors are reported
  bool sign_valued = false;  // signs: opposite signs are reported
  bool may_be_none = false;  // answers may be none: none-vs-value counts shown
  Tolerance tolerance{};
  double gross_band = 64;
  double band_ulp = 1;  // AuditSubject::band_ulp: 1 (double) or 2^29 (float)
  std::string shard;  // "I/N" for a shard of a sharded run, else empty
  std::size_t keep = 3;  // AuditOptions::keep of the run
  std::vector<FamilyAudit> families;

  std::size_t cases() const;
  std::size_t wrong() const;
  std::size_t gross() const;
  std::string markdown() const;  // a table, then the smallest wrong cases
  std::string json() const;      // the same, machine-readable (merge_reports reads it)
};

/// Merges the reports of shards 0..N-1 of one run (AuditOptions::shard_*,
/// any order) into the report of the unsharded run: its json() and
/// markdown() are byte for byte the unsharded run's. (The wrong cases kept
/// are the `keep` first by an order that does not depend on which shard ran
/// them.) `exactgeom audit --merge` does this for --json files.
/// std::invalid_argument when a shard is missing or repeated, or the
/// reports are not of one run (algorithm, question, families, options).
AuditReport merge_reports(const std::vector<AuditReport>& shards);

// ---------------------------------------------------------------------------
// The machinery, over cases flattened to arrays of doubles.

/// An answer: a boolean, a sign, a real number, a vector of reals (a normal,
/// closest points), or none (no contact, no time of impact).
struct Answer {
  enum class Kind { boolean, sign, real, vector, none } kind = Kind::boolean;
  int value = 0;            // boolean (0/1) or sign (-1/0/1)
  double x = 0;             // real
  std::array<double, 6> v{};  // vector components
  std::size_t n = 0;          // vector size
  static Answer of(bool b) { return {Kind::boolean, b ? 1 : 0}; }
  static Answer of(Sign s) { return {Kind::sign, static_cast<int>(s)}; }
  static Answer of(double d) { return {Kind::real, 0, d}; }
  static Answer none() { return {Kind::none}; }
  static Answer vec(std::span<const double> c) {
    Answer a{Kind::vector};
    a.n = std::min(c.size(), a.v.size());
    std::copy_n(c.begin(), a.n, a.v.begin());
    return a;
  }
  std::string str() const;
};

/// What an audit runs: a generator of flat cases and the two answers.
struct AuditSubject {
  std::string name, question;
  std::vector<CaseFamily> families;  // those that make sense for it
  std::size_t width = 0;             // doubles in one case
  // Fills `c` (width doubles) with case number `index` of `family`; `seed`
  // is already mixed from (options seed, family, index).
  std::function<void(CaseFamily, std::uint64_t seed, std::uint64_t index, std::span<double> c)>
      generate;
  std::function<Answer(std::span<const double>)> exact, approx;
  // Optional, for a question whose exact answer is a set (the closest pairs
  // of two parallel axes): the member of the set nearest the answer got,
  // against which that answer is judged. Unset: `exact`.
  std::function<Answer(std::span<const double>, const Answer& got)> exact_near;
  std::function<std::string(std::span<const double>)> query;
  // Shrinking keeps the case valid: values with nonnegative[i] (radii) stay
  // >= 0.
  std::vector<bool> nonnegative;
  // True when `exact` answers the question AuditOptions::overlap names (as
  // audit<UserShape> builds it). A subject whose question is fixed leaves it
  // false, and run_audit refuses Overlap::open for it.
  bool takes_overlap = false;
  // Optional. How far case c is from the decision boundary, in absolute
  // (length) units, given the two answers that disagree. Unset: for real
  // answers the error as a length, |got - exact| * scale^(1 -
  // answer_scale_power); otherwise unknown (every wrong answer is gross).
  std::function<double(std::span<const double>, const Answer& exact, const Answer& got)> margin;
  // Optional. The largest-magnitude scale (Scale::largest) of c; unset: the
  // largest |value|. `radius_sum` unset: Scale::radius_sum is refused.
  std::function<double(std::span<const double>)> scale, radius_sum;
  // The power of the scale a real answer is measured against (2 for a
  // squared distance, 0 for a unit normal or a time).
  int answer_scale_power = 1;
  // Optional. Makes a case one the subject can hold (a circle's second
  // endpoint equal to its first ...); false: not a valid case. Shrinking
  // only moves to valid cases; generated cases that are not valid are
  // skipped (FamilyAudit::skipped), a user family's are an error.
  std::function<bool(std::span<double>)> normalize;
  // Optional. The distance between the shape requested and the one the
  // engine holds (absolute units); reported as max_held_offset.
  std::function<double(std::span<const double>)> held_offset;
  // The ULP the gross band counts: 1 for code computing in double, 2^29
  // (one ULP of float, in ULPs of double) for code computing in float.
  double band_ulp = 1;
};

/// Runs the audit. Options that do not apply to the subject are errors,
/// never silently ignored: std::invalid_argument when the subject lacks
/// generate, exact, approx or query or has width 0, when o.overlap is open and
/// the subject does not take it (takes_overlap), when o.families names a
/// family the subject does not have (the default, every family, runs those
/// it has), when Scale::radius_sum is asked of a subject without radii, when
/// a user family's name is empty or repeats a family's, or when the shard is
/// not 0 <= shard_index < shard_count.
AuditReport run_audit(const AuditSubject& s, const AuditOptions& o);

/// ULPs of |x|: the gap from |x| to the next double up (the smallest
/// subnormal for 0).
double ulp_of(double x);
/// |got - exact| in ULPs of `exact` (0 when equal, +inf for NaN or a
/// different infinity).
double ulp_error(double got, double exact);
/// The largest |got - exact| over the components of two real or vector
/// answers (+inf for a NaN component, or answers of different kinds or
/// sizes); 0 for other kinds.
double abs_error(const Answer& exact, const Answer& got);

/// How far a case is from touching, |sqrt(d2) - R|, from its exact squared
/// distance d2 >= 0 and the radius sum R >= 0 (as |d2 - R^2| / (sqrt(d2) +
/// R), so it stays accurate near touching): the margin of a hand-written
/// overlap subject (AuditSubject::margin).
double touching_margin(const mpq_class& d2, const mpq_class& R);

/// Generators of flat cases (src/audit_cases.cpp). Layouts: a capsule is
/// its axis endpoints then its radius; points are consecutive.
namespace audit_cases {
void capsule_pair(CaseFamily f, int dim, std::uint64_t seed, std::uint64_t index,
                  std::span<double> c);
/// `count` points of `dim` coordinates; near-degenerate means the last point
/// is nearly on the line (count 3, 2-D), plane (4, 3-D), circle (4, 2-D) or
/// sphere (5, 3-D) of the others.
void points(CaseFamily f, int dim, int count, std::uint64_t seed, std::uint64_t index,
            std::span<double> c);
void segment_pair(CaseFamily f, int dim, std::uint64_t seed, std::uint64_t index,
                  std::span<double> c);
/// A 3-D capsule (a, b, r) and a triangle (p0, p1, p2): 16 doubles.
void capsule_triangle(CaseFamily f, std::uint64_t seed, std::uint64_t index, std::span<double> c);
/// Rounds every value to float (for float-valued user types).
void round_to_float(std::span<double> c);
std::string hex(double v);
std::string capsule_query(std::span<const double> c, int dim);
/// {"op": op, "a": ..., "b": ..., ...}: consecutive points named a, b, c...
std::string points_query(std::string_view op, std::span<const double> c, int dim);
/// {"op": "capsule_triangle", "c": {...}, "tri": [...]}
std::string capsule_triangle_query(std::span<const double> c);
/// {"op": op, "s": [..], "t": [..]}
std::string segments_query(std::string_view op, std::span<const double> c, int dim);

// What an audit of a hand-written AuditSubject (a question audit_pair does
// not ask: a segment-intersection kind, a point-segment distance...) needs
// to bring the families to an engine's scale and type.
using Generator = std::function<void(CaseFamily, std::uint64_t seed, std::uint64_t index, std::span<double> c)>;

/// `g`, except that far_from_origin is a near_degenerate (even index) or
/// touching (odd index) case of `g` moved by one integer offset of
/// magnitude in [1e3, max_offset], log-uniform, either sign (1e4 for game
/// scales, 1e6 for GIS coordinates). An integer offset keeps exact touching
/// constructions exact wherever the sum is a double. Values with skip[i]
/// (radii) are not moved. std::invalid_argument unless 1e3 <= max_offset.
Generator offset_far(Generator g, double max_offset, std::vector<bool> skip = {});
/// True when case `index` of `f` is built touching (touching, or the odd
/// far_from_origin cases of offset_far).
bool touching_case(CaseFamily f, std::uint64_t index);
/// `g` with every value rounded to float, for code computing in float. A
/// touching case's one-ULP nudge, lost when a double nudge is rounded, is
/// redone in float on value nudge_at(c): up when index % 3 == 1, down when
/// index % 3 == 2 (the exact answer is then for the rounded case anyway).
Generator rounded_to_float(Generator g, std::function<std::size_t(std::span<const double>)> nudge_at = {});

/// `query` (one JSON object) with the raw case appended as "case": hex
/// doubles in the subject's layout. docs/queries.md ignores unknown fields,
/// so the line still replays with `exactgeom eval`; case_of reads it back,
/// which lets a regression test feed a kept case to the engine again.
std::string with_case(std::string query, std::span<const double> c);
/// The "case" array of a line made by with_case; std::invalid_argument when
/// the line has none or a value is not a number.
std::vector<double> case_of(std::string_view line);
/// A query line of exact (rational) shapes, for a subject that asks about
/// the shape an engine holds: {"op":"capsule_capsule","c1":..,"c2":..} and
/// {"op":"segment_distance2","s":..,"t":..}, coordinates as exact fractions.
std::string capsule_pair_query(const Capsule3<mpq_class>& a, const Capsule3<mpq_class>& b);
std::string capsule_pair_query(const Capsule2<mpq_class>& a, const Capsule2<mpq_class>& b);
std::string segment_pair_query(std::string_view op, const Segment3<mpq_class>& s, const Segment3<mpq_class>& t);
}  // namespace audit_cases

/// A 3-D capsule as most engines store it (Bullet, FCL, Jolt, PhysX): a
/// centre `o`, a unit axis `u` (a column of the body's rotation), a
/// half-height `hh` and a radius `r`, each in S. `hold` makes it from
/// endpoints the way an engine's constructor does (in double, then rounded
/// to S; a zero-length axis gets the unit vector `rest_axis`); `exact` is
/// the capsule those stored numbers denote, o -+ hh u, exactly -- what a
/// shape_adapter's to_exact returns, so the audit asks about the shape the
/// engine holds and not the one it was given.
template <class S>
struct CentredCapsule {
  S o[3], u[3], hh, r;

  static CentredCapsule hold(const Capsule3<double>& c, int rest_axis = 1) {
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

// ---------------------------------------------------------------------------
// The user-facing entry points: any pair of shapes, any question.

/// The shapes an audit pairs, as exact_type of a shape_adapter (double
/// coordinates): Point2/Point3 (point), Circle/Sphere (ball),
/// Segment2/Segment3 (segment), Capsule2/Capsule3 (capsule), Triangle3
/// (filled triangle; at most one of the two).
enum class ShapeKind { point, ball, segment, capsule, triangle };

/// What an audit asks of a pair of shapes x, y. "Axis" is a shape's core:
/// the point, segment or triangle its radius is around (radius 0 for points,
/// segments and triangles); d is the exact distance between the axes and
/// R = r_x + r_y. Every real answer is the exact value correctly rounded to
/// double (ties to even). The float function returns, per question:
enum class Question {
  closed_overlap,  // bool: d <= R (touching counts); exactgeom::intersects
  open_overlap,    // bool: d < R (interiors overlap); exactgeom::interiors_overlap
  distance2,       // double: d^2
  distance,        // double: d
  gap,             // double: d - R (negative when the interiors overlap)
  depth,           // optional<double>: R - d, none when d > R; contact(x, y).
                   // Between two 3-D capsules this is the minimum
                   // translation that separates them, also when the axes
                   // cross; for 2-D shapes and an axis through a triangle
                   // whose cores cross, that translation exceeds R.
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
                   // first t in [0, 1] at which it touches y, none when never
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
///     are skipped (counted as skipped) and shrinking never produces them;
///   optional: static X to_exact(const UserShape&), X the same shape with
///     double or mpq_class coordinates -- the shape your type really holds
///     (say a capsule stored as centre, rotation and half-length). The
///     exact reference is then asked about that shape, and the report says
///     how far it is from the one requested (max_held_offset).
template <class UserShape>
struct shape_adapter;

namespace detail {

template <class E>
struct shape_info;
template <class T>
struct shape_info<Point2<T>> { static constexpr ShapeKind kind = ShapeKind::point; static constexpr int dim = 2; };
template <class T>
struct shape_info<Point3<T>> { static constexpr ShapeKind kind = ShapeKind::point; static constexpr int dim = 3; };
template <class T>
struct shape_info<Circle<T>> { static constexpr ShapeKind kind = ShapeKind::ball; static constexpr int dim = 2; };
template <class T>
struct shape_info<Sphere<T>> { static constexpr ShapeKind kind = ShapeKind::ball; static constexpr int dim = 3; };
template <class T>
struct shape_info<Segment2<T>> { static constexpr ShapeKind kind = ShapeKind::segment; static constexpr int dim = 2; };
template <class T>
struct shape_info<Segment3<T>> { static constexpr ShapeKind kind = ShapeKind::segment; static constexpr int dim = 3; };
template <class T>
struct shape_info<Capsule2<T>> { static constexpr ShapeKind kind = ShapeKind::capsule; static constexpr int dim = 2; };
template <class T>
struct shape_info<Capsule3<T>> { static constexpr ShapeKind kind = ShapeKind::capsule; static constexpr int dim = 3; };
template <class T>
struct shape_info<Triangle3<T>> { static constexpr ShapeKind kind = ShapeKind::triangle; static constexpr int dim = 3; };

/// Flat layout of one shape: a triangle is its three corners (9 values);
/// any other shape is its axis a, b and radius r (2 dim + 1 values), a point
/// or ball with b = a, a point or segment with r = 0.
constexpr std::size_t flat_width(ShapeKind k, int dim) {
  return k == ShapeKind::triangle ? 9 : 2 * static_cast<std::size_t>(dim) + 1;
}

template <class V, class P>
void put_point(std::span<V> c, std::size_t at, const P& p) {
  c[at] = V(p.x);
  c[at + 1] = V(p.y);
  if constexpr (requires { p.z; }) c[at + 2] = V(p.z);
}
template <class P, class V>
P get_point(std::span<const V> c, std::size_t at) {
  if constexpr (requires(P p) { p.z; }) return P{c[at], c[at + 1], c[at + 2]};
  else return P{c[at], c[at + 1]};
}

/// Writes shape e (any coordinate type convertible to V) into c.
template <class V, class E>
void flatten(const E& e, std::span<V> c) {
  constexpr ShapeKind k = shape_info<E>::kind;
  constexpr std::size_t d = static_cast<std::size_t>(shape_info<E>::dim);
  if constexpr (k == ShapeKind::point) {
    put_point(c, 0, e), put_point(c, d, e), c[2 * d] = V(0);
  } else if constexpr (k == ShapeKind::ball) {
    put_point(c, 0, e.center), put_point(c, d, e.center), c[2 * d] = V(e.r);
  } else if constexpr (k == ShapeKind::segment) {
    put_point(c, 0, e.a), put_point(c, d, e.b), c[2 * d] = V(0);
  } else if constexpr (k == ShapeKind::capsule) {
    put_point(c, 0, e.seg.a), put_point(c, d, e.seg.b), c[2 * d] = V(e.r);
  } else {
    put_point(c, 0, e.a), put_point(c, 3, e.b), put_point(c, 6, e.c);
  }
}

/// The shape E read from its flat layout (doubles).
template <class E>
E unflatten(std::span<const double> c) {
  constexpr ShapeKind k = shape_info<E>::kind;
  constexpr std::size_t d = static_cast<std::size_t>(shape_info<E>::dim);
  using P = std::conditional_t<d == 2, Point2<double>, Point3<double>>;
  if constexpr (k == ShapeKind::point) return get_point<P>(c, 0);
  else if constexpr (k == ShapeKind::ball) return E{get_point<P>(c, 0), c[2 * d]};
  else if constexpr (k == ShapeKind::segment) return E{get_point<P>(c, 0), get_point<P>(c, d)};
  else if constexpr (k == ShapeKind::capsule) return E{{get_point<P>(c, 0), get_point<P>(c, d)}, c[2 * d]};
  else return E{get_point<P>(c, 0), get_point<P>(c, 3), get_point<P>(c, 6)};
}

struct PairLayout {
  int dim = 2;
  ShapeKind x = ShapeKind::capsule, y = ShapeKind::capsule;
  std::size_t x_width() const { return flat_width(x, dim); }
  std::size_t width() const { return flat_width(x, dim) + flat_width(y, dim); }
};

/// The exact facts of a pair (flat, rational): the answer to q, the
/// distance to the decision boundary |d - R|, d itself, and (for
/// time_of_impact) the length of x's motion; each nearest double.
struct PairTruth {
  Answer answer;
  double boundary = 0, dist = 0, motion = 0;
};
PairTruth pair_truth(Question q, const PairLayout& l, std::span<const mpq_class> c);
/// The exact first contact of a sweep case (x, y, then x's motion v): the
/// answer (a time, or none), how far the whole sweep is from touching, |v|.
struct SweepTruth {
  Answer answer;
  double boundary = 0;
  double motion = 0;
};
SweepTruth sweep_truth(const PairLayout& l, std::span<const mpq_class> c);
AuditSubject sweep_subject(const PairLayout& l, bool float_x, bool float_y, std::string name);

/// Of the exact closest pairs of axis points, the one nearest `got` (the
/// canonical one when it is unique or got is not 2 dim finite numbers).
Answer nearest_closest_pair(const PairLayout& l, std::span<const mpq_class> c, const Answer& got);
/// How far `got` is from being a closest pair (the severity of a
/// closest_points answer): the larger of its points' distances to their
/// axes and of |their distance - the exact distance|.
double closest_points_residual(const PairLayout& l, std::span<const mpq_class> c, const Answer& got);

/// Everything of an audit subject for (q, l) but `approx`: families,
/// generator (values of x rounded to float with float_x, of y with
/// float_y), exact (of `held(c)` when given, else of c), margin, scale,
/// normalize, query lines (the `contact` op).
AuditSubject pair_subject(Question q, const PairLayout& l, bool float_x, bool float_y, std::string name,
                          std::function<std::vector<mpq_class>(std::span<const double>)> held);

}  // namespace detail

namespace audit_cases {
/// Case `index` of family f for the pair layout l (x's values rounded to
/// float with float_x, y's with float_y): the generators above, projected
/// to the kinds; touching cases keep touching (radii refitted).
void shape_pair(CaseFamily f, const detail::PairLayout& l, bool float_x, bool float_y, std::uint64_t seed,
                std::uint64_t index, std::span<double> c);
/// Makes c a case of layout l: points and balls get b = a, points and
/// segments r = 0. False when a radius is negative or a value is not finite
/// (or, on a float side, not a float).
bool normalize_pair(const detail::PairLayout& l, bool float_x, bool float_y, std::span<double> c);
/// {"op": "contact", "x": shape, "y": shape} (docs/queries.md).
std::string contact_query(const detail::PairLayout& l, std::span<const double> c);
}  // namespace audit_cases

namespace detail {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

template <class V>
void vector_components(const V& v, std::vector<double>& out, int dim) {
  if constexpr (requires { v.x; }) {
    out.push_back(static_cast<double>(v.x));
    out.push_back(static_cast<double>(v.y));
    if (dim == 3) {
      if constexpr (requires { v.z; }) out.push_back(static_cast<double>(v.z));
    }
  } else {
    for (int i = 0; i < dim; ++i) out.push_back(static_cast<double>(v[static_cast<std::size_t>(i)]));
  }
}

/// The user's result as an Answer for question q.
template <class R>
Answer to_answer(Question q, int dim, const R& r) {
  if constexpr (is_optional<R>::value) {
    return r ? to_answer(q, dim, *r) : Answer::none();
  } else if constexpr (std::is_convertible_v<R, double> && !std::is_same_v<R, bool>) {
    return Answer::of(static_cast<double>(r));
  } else if constexpr (std::is_same_v<R, bool>) {
    return Answer::of(r);
  } else if constexpr (requires { r.first; r.second; }) {
    std::vector<double> v;
    vector_components(r.first, v, dim);
    vector_components(r.second, v, dim);
    return Answer::vec(v);
  } else {
    (void)q;
    std::vector<double> v;
    vector_components(r, v, dim);
    return Answer::vec(v);
  }
}

template <class A>
constexpr bool is_float_scalar_v = std::is_same_v<typename A::scalar, float>;

template <class A, class U>
concept reads_back = requires(const U& u) { A::to_exact(u); };

}  // namespace detail

/// Audits `fn(const UX&, const UY&)`, a float function of two shapes (your
/// types, connected by shape_adapter<UX> and shape_adapter<UY>), against
/// the exact answer to question q. See Question for what fn returns; an
/// empty std::optional is the answer "none" (no contact ...), and
/// none-versus-value disagreements are counted apart (got_none, got_value).
/// Throws std::invalid_argument for options that do not apply (run_audit).
template <class UX, class UY = UX, class Fn>
AuditReport audit_pair(Question q, Fn&& fn, const AuditOptions& o = {}, std::string name = "user function") {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  using EX = typename AX::exact_type;
  using EY = typename AY::exact_type;
  constexpr int dim = detail::shape_info<EX>::dim;
  static_assert(detail::shape_info<EY>::dim == dim, "both shapes must have the same dimension");
  constexpr detail::PairLayout l{dim, detail::shape_info<EX>::kind, detail::shape_info<EY>::kind};
  static_assert(l.x != ShapeKind::triangle || l.y != ShapeKind::triangle,
                "at most one of the shapes may be a triangle");
  const std::size_t wx = l.x_width();
  std::function<std::vector<mpq_class>(std::span<const double>)> held;
  if constexpr (detail::reads_back<AX, UX> || detail::reads_back<AY, UY>) {
    held = [wx](std::span<const double> c) {
      std::vector<mpq_class> h(c.size());
      const std::span<mpq_class> hs(h);
      auto side = [&](auto adapter, const auto& exact_shape, std::span<mpq_class> out) {
        using A = decltype(adapter);
        if constexpr (requires { A::to_exact(A::from_exact(exact_shape)); })
          detail::flatten<mpq_class>(A::to_exact(A::from_exact(exact_shape)), out);
        else
          detail::flatten<mpq_class>(exact_shape, out);
      };
      side(AX{}, detail::unflatten<EX>(c.first(wx)), hs.first(wx));
      side(AY{}, detail::unflatten<EY>(c.subspan(wx)), hs.subspan(wx));
      return h;
    };
  }
  AuditSubject s = detail::pair_subject(q, l, detail::is_float_scalar_v<AX>, detail::is_float_scalar_v<AY>,
                                        std::move(name), std::move(held));
  if (detail::is_float_scalar_v<AX> || detail::is_float_scalar_v<AY>) s.band_ulp = 0x1p29;
  if constexpr (requires(const EX& e) { AX::valid(e); } || requires(const EY& e) { AY::valid(e); }) {
    s.normalize = [kinds = std::move(s.normalize), wx](std::span<double> c) {
      if (!kinds(c)) return false;
      bool ok = true;
      if constexpr (requires(const EX& e) { AX::valid(e); })
        ok = ok && static_cast<bool>(AX::valid(detail::unflatten<EX>(c.first(wx))));
      if constexpr (requires(const EY& e) { AY::valid(e); })
        ok = ok && static_cast<bool>(AY::valid(detail::unflatten<EY>(c.subspan(wx))));
      return ok;
    };
  }
  s.approx = [&fn, q, wx](std::span<const double> c) {
    const UX x = AX::from_exact(detail::unflatten<EX>(c.first(wx)));
    const UY y = AY::from_exact(detail::unflatten<EY>(c.subspan(wx)));
    return detail::to_answer(q, dim, fn(x, y));
  };
  return run_audit(s, o);
}

/// Audits a sweep (a shape cast, continuous collision): fn(x, v, y) is the
/// first time t in [0, 1] at which x (a ball or capsule, or a point or
/// segment) translated by t v touches y (any kind), as a number or a
/// std::optional (empty: no contact in the frame); v is a Point2<double> or
/// Point3<double> (float-representable for a float x). The exact reference
/// is the first t at which the region x sweeps meets y, correctly rounded.
/// Cases are the families' pairs with x moved back along a random motion,
/// so that it reaches them during the frame. A wrong time's severity is
/// how far the region x sweeps by that time is from touching y (the gap
/// of an early answer, the deepest penetration of a late one); a wrong
/// none's is how far the whole sweep is from touching. Query lines are
/// `contact` of the start with "motion" and the raw case added (no op of
/// docs/queries.md replays a sweep). The moving shape cannot be a triangle
/// (std::invalid_argument). to_exact and valid of the adapters are not
/// used here.
template <class UX, class UY, class Fn>
AuditReport audit_sweep(Fn&& fn, const AuditOptions& o = {}, std::string name = "user sweep") {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  using EX = typename AX::exact_type;
  using EY = typename AY::exact_type;
  constexpr int dim = detail::shape_info<EX>::dim;
  static_assert(dim == detail::shape_info<EY>::dim, "audit_sweep: both shapes must have one dimension");
  const detail::PairLayout l{dim, detail::shape_info<EX>::kind, detail::shape_info<EY>::kind};
  AuditSubject s = detail::sweep_subject(l, detail::is_float_scalar_v<AX>, detail::is_float_scalar_v<AY>,
                                         std::move(name));
  if (detail::is_float_scalar_v<AX> || detail::is_float_scalar_v<AY>) s.band_ulp = 0x1p29;
  const std::size_t wx = l.x_width(), w = l.width();
  s.approx = [&fn, wx, w](std::span<const double> c) {
    const UX x = AX::from_exact(detail::unflatten<EX>(c.first(wx)));
    const UY y = AY::from_exact(detail::unflatten<EY>(c.subspan(wx, w - wx)));
    if constexpr (dim == 2) return detail::to_answer(Question::time_of_impact, dim, fn(x, Point2<double>{c[w], c[w + 1]}, y));
    else return detail::to_answer(Question::time_of_impact, dim, fn(x, Point3<double>{c[w], c[w + 1], c[w + 2]}, y));
  };
  return run_audit(s, o);
}

/// The three audits of a contact function, as a physics engine's narrow
/// phase computes it: fn(x, y) returns std::optional<C> (empty: no contact),
/// C with `.depth` (a number) and `.normal` (a vector with x, y (, z) or [i],
/// from x toward y; or std::optional of one, empty where the axes meet).
/// Returns {does it report contact (the question `existence`, closed_overlap
/// unless the engine's contact is strict), its depth, its normal}, named
/// `name + ": contact?"`, `": depth"`, `": normal"`.
template <class UX, class UY = UX, class Fn>
std::array<AuditReport, 3> audit_contact(Fn&& fn, const AuditOptions& o = {}, const std::string& name = "user contact",
                                         Question existence = Question::closed_overlap) {
  auto depth = [&fn](const UX& x, const UY& y) {
    const auto c = fn(x, y);
    return c ? std::optional<double>(static_cast<double>(c->depth)) : std::nullopt;
  };
  auto normal = [&fn](const UX& x, const UY& y) {
    const auto c = fn(x, y);
    using N = std::remove_cvref_t<decltype(c->normal)>;
    if constexpr (detail::is_optional<N>::value) return c ? c->normal : N{};
    else return c ? std::optional<N>(c->normal) : std::nullopt;
  };
  return {audit_pair<UX, UY>(
              existence, [&fn](const UX& x, const UY& y) { return fn(x, y).has_value(); }, o, name + ": contact?"),
          audit_pair<UX, UY>(Question::depth, depth, o, name + ": depth"),
          audit_pair<UX, UY>(Question::normal, normal, o, name + ": normal")};
}

/// A named family of your own for audit_pair<UX, UY>: gen(seed, index)
/// returns the pair of exact shapes (std::pair<exact_type of UX, of UY>)
/// of case `index`. Values of a float-scalar type are rounded to float, and
/// every case is normalized to its kind, as for the built-in families.
template <class UX, class UY = UX, class Gen>
UserFamily family(std::string name, Gen gen) {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  constexpr int dim = detail::shape_info<typename AX::exact_type>::dim;
  constexpr std::size_t wx =
      detail::flat_width(detail::shape_info<typename AX::exact_type>::kind, dim);
  return {std::move(name), [gen = std::move(gen), wx](std::uint64_t seed, std::uint64_t index,
                                                       std::span<double> c) {
            const auto [x, y] = gen(seed, index);
            detail::flatten<double>(x, c.first(wx));
            detail::flatten<double>(y, c.subspan(wx));
            if constexpr (detail::is_float_scalar_v<AX>) audit_cases::round_to_float(c.first(wx));
            if constexpr (detail::is_float_scalar_v<AY>) audit_cases::round_to_float(c.subspan(wx));
          }};
}

/// Audits a user's boolean test on two shapes of one type (per
/// shape_adapter<UserShape>::exact_type: capsules, balls, segments ...)
/// against the exact intersects (o.overlap closed) or interiors_overlap
/// (open): audit_pair with the question o.overlap names.
template <class UserShape, class Fn>
AuditReport audit(Fn&& user_test, const AuditOptions& o = {}, std::string name = "user capsule test") {
  const Question q = o.overlap == Overlap::closed ? Question::closed_overlap : Question::open_overlap;
  AuditOptions closed = o;
  closed.overlap = Overlap::closed;  // the question carries it
  return audit_pair<UserShape, UserShape>(
      q, [&user_test](const UserShape& a, const UserShape& b) { return static_cast<bool>(user_test(a, b)); },
      closed, std::move(name));
}

}  // namespace exactgeom

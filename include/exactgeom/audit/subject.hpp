// exactgeom/audit/subject.hpp: for audits of questions audit.hpp does
// not ask -- an engine's own tolerance, a segment-intersection kind, a
// point-segment distance. An AuditSubject says how to generate flat cases
// (arrays of doubles), what the exact and the float answers to one are, and
// how to print one as a query line; run_audit runs it with the AuditOptions
// and AuditReport of audit.hpp (families, sharding, severity, shrinking,
// merge_reports all apply). The generators of audit.hpp's families and the
// helpers that bring them to an engine's scale and type (offset_far,
// rounded_to_float, with_case/case_of, touching_margin) are here too. The
// engine audits in examples/audits are written on this header alone.
//
// Errors: options that do not apply, and helpers given what they cannot
// use, throw exactgeom::invalid_input.
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exactgeom/audit/audit.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::audit {

/// What an audit runs: a generator of flat cases and the two answers.
struct AuditSubject {
  std::string name;                  ///< what is audited: AuditReport::algorithm
  std::string question;              ///< what it is asked, and the exact reference: AuditReport::question
  std::vector<CaseFamily> families;  ///< those that make sense for it
  std::size_t width = 0;             ///< doubles in one case
  /// Fills `c` (width doubles) with case number `index` of `family`; `seed`
  /// is already mixed from (options seed, family, index).
  std::function<void(CaseFamily, std::uint64_t seed, std::uint64_t index, std::span<double> c)>
      generate;
  std::function<Answer(std::span<const double>)> exact;   ///< the exact answer to a case
  std::function<Answer(std::span<const double>)> approx;  ///< the audited code's answer to the same case
  /// Optional, for a question whose exact answer is a set (the closest pairs
  /// of two parallel axes): the member of the set nearest the answer got,
  /// against which that answer is judged. Unset: `exact`.
  std::function<Answer(std::span<const double>, const Answer& got)> exact_near;
  /// The case as one query line of docs/queries.md (WrongCase::query), which
  /// `exactgeom eval` replays.
  std::function<std::string(std::span<const double>)> query;
  /// Shrinking keeps the case valid: values with nonnegative[i] (radii) stay
  /// >= 0.
  std::vector<bool> nonnegative;
  /// True when `exact` answers the question AuditOptions::overlap names (as
  /// audit_overlap<UserShape> builds it). A subject whose question is fixed leaves it
  /// false, and run_audit refuses Overlap::open for it.
  bool takes_overlap = false;
  /// Optional. How far case c is from the decision boundary, in absolute
  /// (length) units, given the two answers that disagree. Unset: for real
  /// answers the error as a length, |got - exact| * scale^(1 -
  /// answer_scale_power); otherwise unknown (every wrong answer is gross).
  std::function<double(std::span<const double>, const Answer& exact, const Answer& got)> margin;
  /// Optional. The largest-magnitude scale (Scale::largest) of c; unset: the
  /// largest |value|. `radius_sum` unset: Scale::radius_sum is refused.
  std::function<double(std::span<const double>)> scale;
  /// Optional. The sum of the case's radii (Scale::radius_sum).
  std::function<double(std::span<const double>)> radius_sum;
  /// The power of the scale a real answer is measured against (2 for a
  /// squared distance, 0 for a unit normal or a time).
  int answer_scale_power = 1;
  /// Optional. Makes a case one the subject can hold (a circle's second
  /// endpoint equal to its first ...); false: not a valid case. Shrinking
  /// only moves to valid cases; generated cases that are not valid are
  /// skipped (FamilyAudit::skipped), a user family's are an error.
  std::function<bool(std::span<double>)> normalize;
  /// Optional. The case's shape class (which shapes are degenerate: a
  /// triangle's corners all equal, collinear or spanning; a segment of zero
  /// length; a radius of 0), any int. Shrinking keeps it, so a kept case
  /// still shows the failure it was kept for and not another one (a proper
  /// triangle shrunk to three equal corners). pair_subject sets it.
  std::function<int(std::span<const double>)> shape_class;
  /// Optional. The distance between the shape requested and the one the
  /// engine holds (absolute units); reported as max_held_offset.
  std::function<double(std::span<const double>)> held_offset;
  /// Optional. The most candidate cases shrinking judges per kept case (0:
  /// no limit): for subjects whose exact answer is costly (boxes and hulls:
  /// pair_subject sets 100), so that shrinking cannot take longer than the
  /// audit. The kept case is then smaller, not smallest.
  std::size_t shrink_budget = 0;
  /// The ULP the gross band counts: 1 for code computing in double, 2^29
  /// (one ULP of float, in ULPs of double) for code computing in float.
  double band_ulp = 1;
  /// Optional (>= 0, with `margin`): the answer is judged by its backward
  /// error alone, right when margin(c, exact, got) is at most this
  /// (absolute units), and its distance to the boundary for the gross band
  /// is the margin beyond it. For code that stops within a stated band of
  /// its target (a shape cast's target separation, audit_sweep with a
  /// SweepTarget). Negative: judged by AuditOptions::tolerance.
  double right_within = -1;
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

/// Generators of flat cases (src/audit/cases.cpp). Layouts: a capsule is
/// its axis endpoints then its radius; points are consecutive.
namespace cases {
/// Two capsules of `dim` dimensions (2 or 3), case `index` of family f:
/// a1, b1, r1, a2, b2, r2, 2 (2 dim + 1) doubles. Families: random and
/// classroom (random), near_degenerate, touching (one ULP in or out),
/// parallel_zero_length, far_from_origin, collinear_gaps, nearly_parallel,
/// zero_length, large_offsets; random capsules for the others.
void capsule_pair(CaseFamily f, int dim, std::uint64_t seed, std::uint64_t index,
                  std::span<double> c);
/// `count` points of `dim` coordinates; near-degenerate means the last point
/// is nearly on the line (count 3, 2-D), plane (4, 3-D), circle (4, 2-D) or
/// sphere (5, 3-D) of the others.
void points(CaseFamily f, int dim, int count, std::uint64_t seed, std::uint64_t index,
            std::span<double> c);
/// Two segments of `dim` dimensions, case `index` of family f: a1, b1, a2,
/// b2, 4 dim doubles. Families: random and classroom (random),
/// near_degenerate and far_from_origin (the second nearly on the first's
/// line), touching (exactly touching, or one ULP off), parallel_zero_length;
/// random segments for the others.
void segment_pair(CaseFamily f, int dim, std::uint64_t seed, std::uint64_t index,
                  std::span<double> c);
/// A 3-D capsule (a, b, r) and a triangle (p0, p1, p2): 16 doubles.
void capsule_triangle(CaseFamily f, std::uint64_t seed, std::uint64_t index, std::span<double> c);
/// Two 3-D boxes, 16 values each: centre, axes (the three columns of a
/// rotation from a random unit quaternion, in double: orthonormal to within
/// rounding, as an engine's), half extents, radius (0): 32 doubles, the
/// layout of Box3<double> {center, axes, half, r}. Families: random,
/// touching (random rotations, moved apart along a random direction to
/// touching: the last case meeting or the first apart, by the exact test),
/// nearly_parallel (y turned 1e-7 .. 1e-2 rad from x, then touching),
/// far_from_origin (touching, centres an integer 1e3 .. 1e9 from the
/// origin), resting_faces (face to face: axis-aligned and exactly touching
/// or one ULP in or out, or rotated alike and moved to touching along a face
/// normal) and deep_overlap (nested, equal, and centres within 1/8). With
/// as_float the case is rounded to float before the touching search, so a
/// touching case is one in float too. invalid_input unless c has 32 values.
void box_pair(CaseFamily f, std::uint64_t seed, std::uint64_t index, std::span<double> c, bool as_float = false);
/// {"op":"contact","x":{"box":..},"y":{"box":..}} for a box_pair case.
std::string box_pair_query(std::span<const double> c);
/// Rounds every value to float (for float-valued user types).
void round_to_float(std::span<double> c);
/// v as a C hex float ("%a": "0x1.8p+0"), exact: the scalars of query lines.
std::string hex(double v);
/// {"op": "capsule_capsule", "c1": {...}, "c2": {...}} for a capsule_pair case of `dim` dimensions.
std::string capsule_query(std::span<const double> c, int dim);
/// {"op": op, "a": ..., "b": ..., ...}: consecutive points named a, b, c...
std::string points_query(std::string_view op, std::span<const double> c, int dim);
/// {"op": "capsule_triangle", "c": {...}, "tri": [...]}
std::string capsule_triangle_query(std::span<const double> c);
/// {"op": op, "s": [..], "t": [..]}
std::string segments_query(std::string_view op, std::span<const double> c, int dim);

/// What an audit of a hand-written AuditSubject (a question audit_pair does
/// not ask: a segment-intersection kind, a point-segment distance...) needs
/// to bring the families to an engine's scale and type.
using Generator = std::function<void(CaseFamily, std::uint64_t seed, std::uint64_t index, std::span<double> c)>;

/// `g`, except that far_from_origin is a near_degenerate (even index) or
/// touching (odd index) case of `g` moved by one integer offset of
/// magnitude in [1e3, max_offset], log-uniform, either sign (1e4 for game
/// scales, 1e6 for GIS coordinates). An integer offset keeps exact touching
/// constructions exact wherever the sum is a double. Values with skip[i]
/// (radii) are not moved. invalid_input unless 1e3 <= max_offset.
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
/// The "case" array of a line made by with_case; invalid_input when
/// the line has none or a value is not a number.
std::vector<double> case_of(std::string_view line);
/// A query line of exact (rational) shapes, for a subject that asks about
/// the shape an engine holds: {"op":"capsule_capsule","c1":..,"c2":..} and
/// {"op":"segment_distance2","s":..,"t":..}, coordinates as exact fractions.
std::string capsule_pair_query(const Capsule3<mpq_class>& a, const Capsule3<mpq_class>& b);
/// The same for two 2-D capsules.
std::string capsule_pair_query(const Capsule2<mpq_class>& a, const Capsule2<mpq_class>& b);
/// {"op": op, "s": .., "t": ..} for two 3-D segments (op: "segment_distance2", ...).
std::string segment_pair_query(std::string_view op, const Segment3<mpq_class>& s, const Segment3<mpq_class>& t);
}  // namespace cases

/// The flat layout of a pair of shapes (audit.hpp's ShapeKinds and a
/// dimension): x's values, then y's; a triangle is its three corners, any
/// other shape its axis endpoints a, b and its radius.
using PairLayout = detail::PairLayout;

/// The exact facts of a pair (flat, rational): the answer to q, the
/// distance to the decision boundary |d - R|, d itself, and (for
/// time_of_impact) the length of x's motion; each nearest double.
struct PairTruth {
  Answer answer;        ///< the exact answer to q
  double boundary = 0;  ///< the distance to the decision boundary, |d - R|
  double dist = 0;      ///< d, the distance between the axes
  double motion = 0;    ///< for time_of_impact, the length of x's motion
};
PairTruth pair_truth(Question q, const PairLayout& l, std::span<const mpq_class> c);

/// Everything of an audit subject for question q about pairs of layout l
/// but `approx` (yours to set): families, generator (values of x rounded to
/// float with float_x, of y with float_y), exact (of `held(c)` when given,
/// else of c), margin, scale, normalize, query lines (the `contact` op).
/// audit_pair is this with approx calling your function on your types.
/// contact_tolerance: the manifold questions' stated contact distance
/// (audit_manifold's `tolerance`; a finite length >= 0).
AuditSubject pair_subject(Question q, const PairLayout& l, bool float_x, bool float_y, std::string name,
                          std::function<std::vector<mpq_class>(std::span<const double>)> held = {},
                          double contact_tolerance = 0);
/// The same for a sweep (audit_sweep): cases are x, y, then x's motion v.
AuditSubject sweep_subject(const PairLayout& l, bool float_x, bool float_y, std::string name);

namespace detail {
/// The exact first contact of a sweep case (x, y, then x's motion v): the
/// answer (a time, or none), how far the whole sweep is from touching, |v|.
struct SweepTruth {
  Answer answer;
  double boundary = 0;
  double motion = 0;
};
SweepTruth sweep_truth(const PairLayout& l, std::span<const mpq_class> c);
/// Of the exact closest pairs of axis points, the one nearest `got` (the
/// canonical one when it is unique or got is not 2 dim finite numbers).
Answer nearest_closest_pair(const PairLayout& l, std::span<const mpq_class> c, const Answer& got);
/// How far `got` is from being a closest pair (the severity of a
/// closest_points answer): the larger of its points' distances to their
/// axes and of |their distance - the exact distance|.
double closest_points_residual(const PairLayout& l, std::span<const mpq_class> c, const Answer& got);
}  // namespace detail

namespace cases {
/// Case `index` of family f for the pair layout l (x's values rounded to
/// float with float_x, y's with float_y): the generators above, projected
/// to the kinds; touching cases keep touching (radii refitted).
void shape_pair(CaseFamily f, const PairLayout& l, bool float_x, bool float_y, std::uint64_t seed,
                std::uint64_t index, std::span<double> c);
/// Makes c a case of layout l: points and balls get b = a, points and
/// segments r = 0. False when a radius is negative or a value is not finite
/// (or, on a float side, not a float).
bool normalize_pair(const PairLayout& l, bool float_x, bool float_y, std::span<double> c);
/// {"op": "contact", "x": shape, "y": shape} (docs/queries.md). With
/// mpq_class values (a held shape, exactly): each scalar is a hex float
/// where the value is a double, "p/q" otherwise.
std::string contact_query(const PairLayout& l, std::span<const double> c);
/// The same with mpq_class values (a held shape, exactly).
std::string contact_query(const PairLayout& l, std::span<const mpq_class> c);
/// {"op": "sweep", "x": shape, "y": shape, "v": vector}: c is a case of l
/// followed by v (l.dim values), x moving by t v.
std::string sweep_query(const PairLayout& l, std::span<const mpq_class> c);
}  // namespace cases

}  // namespace exactgeom::audit

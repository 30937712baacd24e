// exactgeom/audit.hpp: measures where a float collision function is wrong,
// by running it and the exact function over deterministic case families.
//
// A user with `bool my_test(const MyCapsule&, const MyCapsule&)` writes one
// adapter specialisation and one call:
//
//   template <> struct exactgeom::shape_adapter<MyCapsule> {
//     using exact_type = exactgeom::Capsule2<double>;  // or Capsule3<double>
//     using scalar = float;                            // what MyCapsule stores
//     static MyCapsule from_exact(const exact_type& c);
//   };
//   exactgeom::AuditReport r = exactgeom::audit<MyCapsule>(my_test, {.cases = 10000});
//   std::cout << r.markdown();
//
// Every case is generated as doubles already rounded to `scalar`, so the
// exact answer is the answer for exactly what the user's function sees.
// Cases are deterministic in (seed, family, index); `shard_index/count`
// splits the index range so audits can be spread over machines and their
// counts added. Each wrong case is shrunk (fewer significant bits, smaller
// offsets) while it stays wrong, and the smallest are kept as query lines of
// docs/queries.md (hex floats) that `exactgeom eval` replays.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "exactgeom/geometry.hpp"

namespace exactgeom {

/// The case families of an audit.
enum class CaseFamily {
  random,                // uniform in a box of side 20 (radii in [0, 2])
  near_degenerate,       // nearly collinear / coplanar / cocircular / parallel
  touching,              // exactly touching, and one ULP in or out
  parallel_zero_length,  // parallel axes, zero-length axes
  far_from_origin,       // near-degenerate cases offset by 1e3 .. 1e9
  classroom,             // Kettner et al.'s grid around (0.5, 0.5) (orient2d)
};
inline constexpr std::array<CaseFamily, 6> kAllFamilies = {
    CaseFamily::random,   CaseFamily::near_degenerate, CaseFamily::touching,
    CaseFamily::parallel_zero_length, CaseFamily::far_from_origin, CaseFamily::classroom};
std::string_view to_string(CaseFamily f);

/// Which overlap a boolean test is supposed to answer.
enum class Overlap {
  closed,  // touching counts: exactgeom::intersects
  open,    // interiors overlap: exactgeom::interiors_overlap
};

struct AuditOptions {
  std::size_t cases = 10000;  // per family, before sharding
  std::uint64_t seed = 1;
  std::vector<CaseFamily> families{kAllFamilies.begin(), kAllFamilies.end()};
  std::size_t shard_index = 0, shard_count = 1;  // case i runs iff i % count == index
  std::size_t keep = 3;                          // smallest wrong cases kept per family
  Overlap overlap = Overlap::closed;             // for boolean shape tests
  double ulp_tolerance = 1;  // a real result is wrong beyond this many ULPs
};

/// A wrong case, replayable with `exactgeom eval`.
struct WrongCase {
  std::string query;     // one line of docs/queries.md, hex-float scalars
  std::string expected;  // the exact answer ("true", "-1", "0x1.8p+0")
  std::string got;       // the float function's answer
  double size = 0;       // the shrink measure: significant bits + offsets
};

struct FamilyAudit {
  CaseFamily family{};
  std::size_t cases = 0;
  std::size_t wrong = 0;
  std::size_t false_positives = 0;  // boolean: said true, exact false
  std::size_t false_negatives = 0;  // boolean: said false, exact true
  std::size_t opposite_sign = 0;    // sign: nonzero, opposite to the exact sign
  // Real-valued results: error in ULPs of the correctly rounded exact value.
  double max_ulp = 0;
  std::array<std::size_t, 5> ulp_histogram{};  // 0, <=1, <=4, <=64, >64
  std::vector<WrongCase> smallest;
};

struct AuditReport {
  std::string algorithm;  // what was audited
  std::string question;   // what exactly it was asked, and the exact reference
  bool real_valued = false;  // distances: ULP errors are reported
  bool sign_valued = false;  // signs: opposite signs are reported
  std::vector<FamilyAudit> families;

  std::size_t cases() const;
  std::size_t wrong() const;
  std::string markdown() const;  // a table, then the smallest wrong cases
  std::string json() const;      // the same, machine-readable
};

// ---------------------------------------------------------------------------
// The machinery, over cases flattened to arrays of doubles.

/// An answer: a boolean, a sign, or a real number.
struct Answer {
  enum class Kind { boolean, sign, real } kind = Kind::boolean;
  int value = 0;  // boolean (0/1) or sign (-1/0/1)
  double x = 0;   // real
  static Answer of(bool b) { return {Kind::boolean, b ? 1 : 0, 0}; }
  static Answer of(Sign s) { return {Kind::sign, static_cast<int>(s), 0}; }
  static Answer of(double v) { return {Kind::real, 0, v}; }
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
  std::function<std::string(std::span<const double>)> query;
  // Shrinking keeps the case valid: values with nonnegative[i] (radii) stay
  // >= 0.
  std::vector<bool> nonnegative;
  // True when `exact` answers the question AuditOptions::overlap names (as
  // audit<UserShape> builds it). A subject whose question is fixed leaves it
  // false, and run_audit refuses Overlap::open for it.
  bool takes_overlap = false;
};

/// Runs the audit. Options that do not apply to the subject are errors,
/// never silently ignored: std::invalid_argument when o.overlap is open and
/// the subject does not take it (takes_overlap), when o.families names a
/// family the subject does not have (the default, every family, runs those
/// it has), or when the shard is not 0 <= shard_index < shard_count.
AuditReport run_audit(const AuditSubject& s, const AuditOptions& o);

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
}  // namespace audit_cases

// ---------------------------------------------------------------------------
// The user-facing entry point.

/// Specialise for your shape type: `using exact_type = Capsule2<double>` or
/// `Capsule3<double>`, `using scalar = float` or `double`, and
/// `static UserShape from_exact(const exact_type&)`.
template <class UserShape>
struct shape_adapter;

namespace detail {
template <class E>
struct capsule_dim;
template <>
struct capsule_dim<Capsule2<double>> : std::integral_constant<int, 2> {};
template <>
struct capsule_dim<Capsule3<double>> : std::integral_constant<int, 3> {};

template <class E>
E unflatten_capsule(std::span<const double> c) {
  if constexpr (capsule_dim<E>::value == 2) return E{{{c[0], c[1]}, {c[2], c[3]}}, c[4]};
  else return E{{{c[0], c[1], c[2]}, {c[3], c[4], c[5]}}, c[6]};
}

bool exact_capsule_test(const Capsule2<double>& a, const Capsule2<double>& b, Overlap o);
bool exact_capsule_test(const Capsule3<double>& a, const Capsule3<double>& b, Overlap o);
}  // namespace detail

/// Audits a user's boolean test on two capsules (2-D stadiums or 3-D
/// capsules, per shape_adapter<UserShape>::exact_type) against the exact
/// intersects (Overlap::closed) or interiors_overlap (Overlap::open).
template <class UserShape, class Fn>
AuditReport audit(Fn&& user_test, const AuditOptions& o = {}, std::string name = "user capsule test") {
  using A = shape_adapter<UserShape>;
  using E = typename A::exact_type;
  constexpr int dim = detail::capsule_dim<E>::value;
  constexpr std::size_t half = 2 * dim + 1;
  AuditSubject s;
  s.name = std::move(name);
  s.question = o.overlap == Overlap::closed
                   ? "do the closed capsules meet (touching counts)? reference: exactgeom::intersects"
                   : "do the capsules' interiors overlap? reference: exactgeom::interiors_overlap";
  s.families = {CaseFamily::random, CaseFamily::near_degenerate, CaseFamily::touching,
                CaseFamily::parallel_zero_length, CaseFamily::far_from_origin};
  s.width = 2 * half;
  s.generate = [](CaseFamily f, std::uint64_t seed, std::uint64_t index, std::span<double> c) {
    audit_cases::capsule_pair(f, dim, seed, index, c);
    if constexpr (std::is_same_v<typename A::scalar, float>) audit_cases::round_to_float(c);
  };
  s.exact = [ov = o.overlap, half](std::span<const double> c) {
    return Answer::of(detail::exact_capsule_test(detail::unflatten_capsule<E>(c.first(half)),
                                                 detail::unflatten_capsule<E>(c.subspan(half)), ov));
  };
  s.approx = [&user_test, half](std::span<const double> c) {
    const UserShape a = A::from_exact(detail::unflatten_capsule<E>(c.first(half)));
    const UserShape b = A::from_exact(detail::unflatten_capsule<E>(c.subspan(half)));
    return Answer::of(static_cast<bool>(user_test(a, b)));
  };
  s.query = [](std::span<const double> c) { return audit_cases::capsule_query(c, dim); };
  s.nonnegative.assign(s.width, false);
  s.nonnegative[half - 1] = s.nonnegative[2 * half - 1] = true;
  s.takes_overlap = true;
  return run_audit(s, o);
}

}  // namespace exactgeom

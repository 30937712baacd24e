// exactgeom/audit/ccd.hpp: audits of a continuous collision function of
// moving primitives -- a vertex against a triangle, an edge against an edge,
// each point moving linearly over one step, as cloth and deformable-body
// simulators check them -- against the exact answer of exactgeom/ccd.hpp
// (docs/auditing_ccd.md).
//
//   auto r = exactgeom::audit::audit_ccd<double>(
//       exactgeom::audit::CcdKind::vertex_face,
//       [](const CcdPoints<double>& t0, const CcdPoints<double>& t1, double ms) -> std::optional<double> {
//         double toi;
//         return my_vertex_face_ccd(t0, t1, ms, toi) ? std::optional<double>(toi) : std::nullopt;
//       }, {.cases = 1000}, "my ccd");
//   for (const auto& report : r) std::cout << report.markdown();
//
// The function gets the four points at the start and at the end of the step
// (vertex_face: v, f0, f1, f2; edge_edge: a0, a1, b0, b1) in its own float
// type S (float or double: float cases are generated in float, so the exact
// answer is about what the function is given) and the minimum separation,
// and returns the time of impact it reports, or none. Reports are
// AuditReports (markdown, json, merge_reports, exactgeom/audit/html.hpp);
// kept wrong cases are `ccd` lines of docs/queries.md, which `exactgeom
// eval` replays.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "exactgeom/audit/types.hpp"

namespace exactgeom::audit {

enum class CcdKind { vertex_face, edge_edge };
std::string_view to_string(CcdKind k);

/// The case families (docs/auditing_ccd.md). Every case is deterministic in
/// (seed, kind, family, index).
enum class CcdFamily {
  random,            // points in [-1, 1]^3, each moving by up to 2 in a random direction
  touching,          // meeting exactly at t = k/8 (the vertex at a dyadic point of the face, the edges crossing at one)
  one_ulp,           // touching on the triangle's edge (an endpoint on the other edge), then one point moved one ULP
  coplanar_sliding,  // all four points in one plane for the whole step
  parallel,          // parallel edges for the whole step; a vertex moving parallel to the face's plane
  collinear,         // all four points on one line for the whole step
  degenerate,        // triangles with collinear or repeated corners, zero-length edges, for the whole step
  flattening,        // a triangle (an edge pair) that is collinear (parallel) at one instant t = k/8
  grazing,           // the coplanarity polynomial with a double root: primitives that touch a common plane and leave it
  at_start,          // meeting at t = 0
  at_end,            // meeting at t = 1 (and not before)
  far_from_origin,   // touching cases moved by an integer offset 1e3 .. 1e6
  benchmark,         // Wang et al.'s sample queries (CcdAuditOptions::benchmark_dir), in file order
};
std::string_view to_string(CcdFamily f);

/// The four points of a primitive pair at one end of the step.
template <class S>
using CcdPoints = std::array<std::array<S, 3>, 4>;

/// A case: the points at t = 0 and t = 1, and the minimum separation.
struct CcdCase {
  CcdPoints<double> t0{};  ///< the points at t = 0 (vertex_face: v, f0, f1, f2; edge_edge: a0, a1, b0, b1)
  CcdPoints<double> t1{};  ///< the same points at t = 1
  double ms = 0;           ///< the minimum separation, a distance >= 0 (0: they must touch)
};

/// Case `index` of family f (deterministic), every value a float when
/// `as_float`. The benchmark family reads its queries from `benchmark_dir`
/// (invalid_input when that is empty or holds none for the kind).
CcdCase ccd_case(CcdKind kind, CcdFamily f, std::uint64_t seed, std::uint64_t index, bool as_float = false,
                 const std::string& benchmark_dir = {});

/// Wang et al.'s sample queries of one kind in a folder of the benchmark's
/// CSV files (8 rows a query, 7 integer columns: x, y, z as numerator and
/// denominator, then the ground truth), read in sorted file order: each
/// query and its ground truth. invalid_input for a file that is not one.
struct CcdBenchmarkQuery {
  CcdCase query;       ///< every value a double (the files' are)
  bool truth = false;  ///< the paper's hit
  std::string scene;   ///< the folder the file is in (erleben-spikes, unit-tests, ...)
};
std::vector<CcdBenchmarkQuery> read_ccd_benchmark(const std::string& dir, CcdKind kind);

/// The query line of docs/queries.md (`ccd`) for a case.
std::string ccd_query(CcdKind kind, const CcdCase& c);

/// What audit_ccd runs, beside the AuditOptions: the minimum separation,
/// the families, the benchmark's folder and the early-time bound.
struct CcdAuditOptions {
  /// The minimum separation asked of every case (>= 0).
  double ms = 0;
  /// The families to run; empty: every family but benchmark, and benchmark
  /// too when benchmark_dir is set.
  std::vector<CcdFamily> families{};
  /// A folder of the benchmark's CSV files (vendored at
  /// tests/data/ccd-sample-queries in the repository), for CcdFamily::benchmark.
  std::string benchmark_dir{};
  /// An early time is wrong when it is more than this many ULPs (of the
  /// code's type, at the exact time) before the exact one.
  double early_ulps = 4;
};

namespace detail {
using CcdApprox = std::function<std::optional<double>(const CcdCase&)>;
std::array<AuditReport, 3> ccd_audit(CcdKind kind, bool float_code, std::string name, const CcdApprox& approx,
                                     const AuditOptions& o, const CcdAuditOptions& co);
}  // namespace detail

/// The three audits of fn: std::optional<double> fn(const CcdPoints<S>& t0,
/// const CcdPoints<S>& t1, S ms) -- the time of impact it reports, or none
/// (a plain bool-returning function is wrapped by the caller). Returns,
/// named name + ...:
///  ": hit?"       whether it reports a contact, against the exact answer
///                 (false negatives: missed contacts; false positives);
///  ": toi late"   where both hit: wrong when the time is after the exact
///                 least t rounded to nearest (a simulator that advances to
///                 it penetrates; exactgeom's toi_lo is the safe time);
///  ": toi early"  where both hit: wrong when the time is more than
///                 CcdAuditOptions::early_ulps ULPs before the exact one.
/// Severity (gross beyond AuditOptions::gross_band ULPs, of float for float
/// code, of the case's largest magnitude): a false positive's exact
/// minimum distance over the step beyond ms; a miss's or a time's travel --
/// the largest relative motion of two points over the time between the
/// exact t and the answer (a miss: the rest of the step).
/// invalid_input for a negative or non-finite ms or early_ulps, the
/// benchmark family without a folder, or a shard outside 0 <= index < count.
template <class S, class Fn>
std::array<AuditReport, 3> audit_ccd(CcdKind kind, Fn&& fn, const AuditOptions& o = {}, std::string name = "user ccd",
                                     const CcdAuditOptions& co = {}) {
  static_assert(std::is_same_v<S, float> || std::is_same_v<S, double>, "audit_ccd: S is float or double");
  detail::CcdApprox approx = [&fn](const CcdCase& c) -> std::optional<double> {
    CcdPoints<S> a, b;
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t k = 0; k < 3; ++k) a[i][k] = static_cast<S>(c.t0[i][k]), b[i][k] = static_cast<S>(c.t1[i][k]);
    const auto t = fn(a, b, static_cast<S>(c.ms));
    if (!t) return std::nullopt;
    return static_cast<double>(*t);
  };
  return detail::ccd_audit(kind, std::is_same_v<S, float>, std::move(name), approx, o, co);
}

}  // namespace exactgeom::audit

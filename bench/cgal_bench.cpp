// The peer comparison with CGAL (issue 6): orient2d, orient3d, incircle and
// insphere through CGAL's two standard kernels, on the same double input sets
// as predicates_bench.cpp (predicate_inputs.hpp), so that in one run
// orient2d/cgal_epick/random reads next to orient2d/exact/random and
// orient2d/float/random. Built only when CMake finds CGAL (bench/CMakeLists.txt).
//
// Implementations:
//   cgal_epick   CGAL::Exact_predicates_inexact_constructions_kernel: double
//                points, static and semi-static filters, interval arithmetic,
//                then an exact fallback
//   cgal_epeck   CGAL::Exact_predicates_exact_constructions_kernel: lazy
//                points (an interval approximation plus the exact value,
//                computed on the first demand and then kept in the point, so
//                later iterations reuse it, as a long-lived program would)
// cgal_epick also runs on random_stream and near_stream (bench_util.hpp:
// 16 x 4,096 inputs, the next 4,096 per iteration), as exactgeom's rows do.
// Points are built from the doubles before timing. The calls:
//   orient2d(a, b, c)           CGAL::orientation(a, b, c)
//   orient3d(a, b, c, d)        CGAL::orientation(a, b, c, d)
//   incircle(a, b, c, d)        CGAL::side_of_oriented_circle(a, b, c, d)
//   insphere(a, b, c, d, e)     CGAL::side_of_oriented_sphere(a, b, c, d, e)
// each of which is exactly exactgeom's sign (the mapping is asserted on hand
// cases and 10^6 inputs per predicate in tests/cgal_agreement_test.cpp).
// Counter differs_from_exact: share of inputs where CGAL's sign differs from
// exactgeom's `exact` (must be 0; `exact` itself is checked against the mpq
// oracle on the same inputs, counter exact_wrong of predicates_bench.cpp).
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <array>
#include <cstddef>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/predicates.hpp"
#include "testing/predicate_inputs.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;

namespace {

constexpr const char* kDiffersFromExact = "differs_from_exact";

using Epick = CGAL::Exact_predicates_inexact_constructions_kernel;
using Epeck = CGAL::Exact_predicates_exact_constructions_kernel;

template <class K>
typename K::Point_2 cgal_point(const eg::Point2<double>& p) {
  return {p.x, p.y};
}
template <class K>
typename K::Point_3 cgal_point(const eg::Point3<double>& p) {
  return {p.x, p.y, p.z};
}

/// The operation's CGAL call and exactgeom call, on a tuple of points.
struct Orient2d : bn::Orient2dInputs {
  static constexpr auto cgal = [](const auto& a, const auto& b, const auto& c) { return CGAL::orientation(a, b, c); };
  static constexpr auto exact = [](const auto&... p) { return eg::orient2d(p...); };
};
struct Orient3d : bn::Orient3dInputs {
  static constexpr auto cgal = [](const auto& a, const auto& b, const auto& c, const auto& d) {
    return CGAL::orientation(a, b, c, d);
  };
  static constexpr auto exact = [](const auto&... p) { return eg::orient3d(p...); };
};
struct Incircle : bn::IncircleInputs {
  static constexpr auto cgal = [](const auto& a, const auto& b, const auto& c, const auto& d) {
    return CGAL::side_of_oriented_circle(a, b, c, d);
  };
  static constexpr auto exact = [](const auto&... p) { return eg::incircle(p...); };
};
struct Insphere : bn::InsphereInputs {
  static constexpr auto cgal = [](const auto& a, const auto& b, const auto& c, const auto& d, const auto& e) {
    return CGAL::side_of_oriented_sphere(a, b, c, d, e);
  };
  static constexpr auto exact = [](const auto&... p) { return eg::insphere(p...); };
};

/// The doubles of set `set` as kernel K's points.
template <class Op, class K>
using CgalTuple = std::array<decltype(cgal_point<K>(bn::Point<Op::dim, double>{})), Op::n>;

/// With `stream`, the set's stream version (bench_util.hpp, kStreamChunks):
/// benchmark `<op>/<impl>/<set>_stream`, as predicates_bench.cpp's.
template <class Op, class K>
void register_kernel(const std::string& set, const char* impl, bool stream = false) {
  using In = CgalTuple<Op, K>;
  const auto call = [](const In& t) { return std::apply(Op::cgal, t); };
  const std::size_t count = stream ? bn::kInputs * bn::kStreamChunks : bn::kInputs;
  const std::string name = std::string(Op::name) + "/" + impl + "/" + set + (stream ? "_stream" : "");
  const auto make = [=] {
    const auto doubles = bn::double_set<Op>(set, count);
    bn::Batch<In> b;
    std::size_t wrong = 0;
    for (const auto& t : doubles) {
      In c;
      for (std::size_t i = 0; i < Op::n; ++i) c[i] = cgal_point<K>(t[i]);
      wrong += static_cast<int>(call(c)) != static_cast<int>(std::apply(Op::exact, t)) ? 1 : 0;
      b.inputs.push_back(std::move(c));
    }
    b.counters.push_back({kDiffersFromExact, static_cast<double>(wrong) / static_cast<double>(doubles.size())});
    return b;
  };
  bn::register_batch<In>(name, make, call, stream);
}

template <class Op>
void register_op() {
  for (const std::string set : {"random", "degenerate", "near", "degen"}) {
    register_kernel<Op, Epick>(set, "cgal_epick");
    register_kernel<Op, Epeck>(set, "cgal_epeck");
    // The peer on the sets whose inputs do not repeat (issue 30).
    if (set == "random" || set == "near") register_kernel<Op, Epick>(set, "cgal_epick", true);
  }
}

void register_cgal() {
  register_op<Orient2d>();
  register_op<Orient3d>();
  register_op<Incircle>();
  register_op<Insphere>();
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_cgal);

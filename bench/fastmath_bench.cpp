// Rows <op>/exact_fastmath_tu/<set>: the exact predicates called from a
// translation unit compiled with -ffast-math (internal/CMakeLists.txt sets
// it for this file alone), as a game built with that flag calls them. Such
// calls go to the library's compiled entry points (detail/float_env.hpp)
// instead of the inline filters; the ratio to the `exact` row of the same
// set is the cost of that routing. The answers are checked against the mpq
// oracle outside the timer, as every exact row's are.
#include <array>
#include <string>
#include <tuple>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/exactgeom.hpp"
#include "testing/oracle.hpp"
#include "testing/predicate_inputs.hpp"

#if !EXACTGEOM_UNSAFE_MATH
#error "fastmath_bench.cpp must be compiled with -ffast-math"
#endif

namespace eg = exactgeom;
namespace bn = exactgeom::bench;

namespace {

template <class Op, class Fn, class Oracle>
void register_routed(Fn fn, Oracle oracle) {
  for (const std::string set : {"random", "near"}) {
    using D = bn::Tuple<Op, double>;
    bn::register_batch<D>(std::string(Op::name) + "/exact_fastmath_tu/" + set, [=] {
      bn::Batch<D> b{bn::double_set<Op>(set), {}};
      std::size_t wrong = 0;
      for (const D& t : b.inputs) wrong += static_cast<int>(std::apply(fn, t)) != std::apply(oracle, t);
      b.counters.push_back({bn::kExactWrong, double(wrong) / double(b.inputs.size())});
      return b;
    }, [fn](const D& t) { return std::apply(fn, t); });
  }
}

void register_fastmath() {
  using P2 = eg::Point2<double>;
  using P3 = eg::Point3<double>;
  register_routed<bn::Orient2dInputs>([](const P2& a, const P2& b, const P2& c) { return eg::orient2d(a, b, c); },
                                      [](const P2& a, const P2& b, const P2& c) { return eg::testing::oracle::orient2d(a, b, c); });
  register_routed<bn::Orient3dInputs>(
      [](const P3& a, const P3& b, const P3& c, const P3& d) { return eg::orient3d(a, b, c, d); },
      [](const P3& a, const P3& b, const P3& c, const P3& d) { return eg::testing::oracle::orient3d(a, b, c, d); });
  register_routed<bn::IncircleInputs>(
      [](const P2& a, const P2& b, const P2& c, const P2& d) { return eg::incircle(a, b, c, d); },
      [](const P2& a, const P2& b, const P2& c, const P2& d) { return eg::testing::oracle::incircle(a, b, c, d); });
  register_routed<bn::InsphereInputs>(
      [](const P3& a, const P3& b, const P3& c, const P3& d, const P3& e) { return eg::insphere(a, b, c, d, e); },
      [](const P3& a, const P3& b, const P3& c, const P3& d, const P3& e) {
        return eg::testing::oracle::insphere(a, b, c, d, e);
      });
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_fastmath);

// Benchmarks of exactgeom/predicates.hpp against the naive float determinant
// (include/exactgeom/reference/naive_predicates.hpp) and an mpq_class oracle.
// Names: <operation>/<implementation>/<input set>; 4,096 pre-generated
// inputs per iteration. Operations orient2d, orient3d, incircle, insphere.
//
// Implementations:
//   float        naive double determinant on double inputs
//   exact        exactgeom on the same doubles (filter, exact fallback)
//   exact_batch  exactgeom's batch call (batch.hpp) on the same doubles, all
//                4,096 items in one call (the points in one span per
//                argument); compare with `float`, the scalar naive loop
//   mpq          the determinant written the obvious way in mpq_class, on the
//                same doubles converted exactly before timing
//   float_int32  naive double determinant on int32 points, converted to
//                double before timing (so it runs the `float` row's code)
//   float_int32_converting   the same determinant on the int32 points,
//                converted to double at each call inside the timed loop, as
//                user code holding int32 points runs it (exact_int32's
//                target is measured against this row)
//   exact_int32  exactgeom on the same int32 points
//   float_int64, exact_int64   the same on int64 points
//   exact_mpz    exactgeom on the int64 points held as mpz_class (converted
//                before timing); compared with float_int64
// Input sets (generated in predicate_inputs.hpp, shared with cgal_bench.cpp):
//   random       doubles uniform in [-1, 1); integers uniform over the
//                type's whole range (mpz: the int64 range)
//   degenerate   exactly collinear / coplanar / cocircular / cospherical
//                integer configurations at full magnitude (|x| < 2^31 for
//                int32, 2^63 for int64). Doubles: the same built at
//                |x| < 2^50 and scaled by 2^-50 (exact, |x| < 1), then on
//                half the inputs one coordinate of the last point is moved
//                by one ulp: exactly or nearly degenerate, so the filter
//                fails on essentially all of them (the counter
//                filter_uncertain reports the share).
//   near, degen  (doubles only: float, exact, mpq rows) see
//                predicate_inputs.hpp: nearly degenerate points rounded onto
//                the line / plane / circle / sphere and nudged 0-3 ulps, and
//                exactly degenerate integer-valued doubles near 2^40.
//   random_stream, near_stream   (float and exact rows) the random and near
//                sets, 16 x 4,096 inputs of which each iteration takes the
//                next 4,096 (bench_util.hpp, kStreamChunks): no input
//                repeats within 16 iterations, so the branch predictor
//                cannot learn the filter's outcomes as it can for 4,096
//                inputs repeated.
// Counters: filter_uncertain (exact on doubles: share of inputs the double
// filter could not decide), float_wrong (float*: share of inputs where the
// naive sign differs from the exact one) and exact_wrong (exact*: share of
// inputs where exactgeom differs from the mpq oracle; must be 0).
#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/batch.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/filters.hpp"
#include "exactgeom/reference/naive_predicates.hpp"
#include "exactgeom/predicates.hpp"
#include "testing/predicate_inputs.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;
using std::int32_t;
using std::int64_t;

namespace {

// ---------------------------------------------------------------------------
// The mpq oracle: each determinant of docs/queries.md the obvious way.

mpq_class det2(const mpq_class& a, const mpq_class& b, const mpq_class& c, const mpq_class& d) {
  return mpq_class(a * d - b * c);
}

/// det of rows r0, r1, r2 by cofactors along the first row.
mpq_class det3(const mpq_class* r0, const mpq_class* r1, const mpq_class* r2) {
  return mpq_class(r0[0] * det2(r1[1], r1[2], r2[1], r2[2]) -
                   r0[1] * det2(r1[0], r1[2], r2[0], r2[2]) +
                   r0[2] * det2(r1[0], r1[1], r2[0], r2[1]));
}

using Q2 = eg::Point2<mpq_class>;
using Q3 = eg::Point3<mpq_class>;

int mpq_orient2d(const Q2& a, const Q2& b, const Q2& c) {
  return sgn(det2(b.x - a.x, b.y - a.y, c.x - a.x, c.y - a.y));
}

int mpq_orient3d(const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
  const mpq_class m[3][3] = {{b.x - a.x, b.y - a.y, b.z - a.z},
                             {c.x - a.x, c.y - a.y, c.z - a.z},
                             {d.x - a.x, d.y - a.y, d.z - a.z}};
  return sgn(det3(m[0], m[1], m[2]));
}

int mpq_incircle(const Q2& a, const Q2& b, const Q2& c, const Q2& d) {
  mpq_class m[3][3];
  const Q2* p[3] = {&a, &b, &c};
  for (int i = 0; i < 3; ++i) {
    m[i][0] = p[i]->x - d.x;
    m[i][1] = p[i]->y - d.y;
    m[i][2] = m[i][0] * m[i][0] + m[i][1] * m[i][1];
  }
  return sgn(det3(m[0], m[1], m[2]));
}

int mpq_insphere(const Q3& a, const Q3& b, const Q3& c, const Q3& d, const Q3& e) {
  mpq_class m[4][4];
  const Q3* p[4] = {&a, &b, &c, &d};
  for (int i = 0; i < 4; ++i) {
    m[i][0] = p[i]->x - e.x;
    m[i][1] = p[i]->y - e.y;
    m[i][2] = p[i]->z - e.z;
    m[i][3] = m[i][0] * m[i][0] + m[i][1] * m[i][1] + m[i][2] * m[i][2];
  }
  // Cofactors along the first row; minor j drops column j.
  mpq_class det = 0;
  for (int j = 0; j < 4; ++j) {
    mpq_class rows[3][3];
    for (int i = 1; i < 4; ++i)
      for (int k = 0, col = 0; k < 4; ++k)
        if (k != j) rows[i - 1][col++] = m[i][k];
    const mpq_class term = m[0][j] * det3(rows[0], rows[1], rows[2]);
    if (j % 2 == 0)
      det += term;
    else
      det -= term;
  }
  return -sgn(det);
}

// ---------------------------------------------------------------------------
// The four operations: their inputs (predicate_inputs.hpp), the calls of each
// implementation and the double filter (for the filter_uncertain counter).

struct Orient2d : bn::Orient2dInputs {
  static constexpr auto batch = [](const auto&... s) { eg::orient2d_batch(s...); };
  static constexpr auto exact = [](const auto&... p) { return eg::orient2d(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::reference::orient2d(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_orient2d(p...); };
  static int filter(const std::array<eg::Point2<double>, 3>& p) {
    return eg::detail::orient2d_filter(p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y);
  }
};

struct Orient3d : bn::Orient3dInputs {
  static constexpr auto batch = [](const auto&... s) { eg::orient3d_batch(s...); };
  static constexpr auto exact = [](const auto&... p) { return eg::orient3d(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::reference::orient3d(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_orient3d(p...); };
  static int filter(const std::array<eg::Point3<double>, 4>& p) {
    double f[4][3];
    for (int i = 0; i < 4; ++i) f[i][0] = p[i].x, f[i][1] = p[i].y, f[i][2] = p[i].z;
    return eg::detail::orient3d_filter(f[0], f[1], f[2], f[3]);
  }
};

struct Incircle : bn::IncircleInputs {
  static constexpr auto batch = [](const auto&... s) { eg::incircle_batch(s...); };
  static constexpr auto exact = [](const auto&... p) { return eg::incircle(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::reference::incircle(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_incircle(p...); };
  static int filter(const std::array<eg::Point2<double>, 4>& p) {
    double f[4][2];
    for (int i = 0; i < 4; ++i) f[i][0] = p[i].x, f[i][1] = p[i].y;
    return eg::detail::incircle_filter(f[0], f[1], f[2], f[3]);
  }
};

struct Insphere : bn::InsphereInputs {
  static constexpr auto batch = [](const auto&... s) { eg::insphere_batch(s...); };
  static constexpr auto exact = [](const auto&... p) { return eg::insphere(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::reference::insphere(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_insphere(p...); };
  static int filter(const std::array<eg::Point3<double>, 5>& p) {
    double f[5][3];
    for (int i = 0; i < 5; ++i) f[i][0] = p[i].x, f[i][1] = p[i].y, f[i][2] = p[i].z;
    return eg::detail::insphere_filter(f[0], f[1], f[2], f[3], f[4]);
  }
};

// ---------------------------------------------------------------------------
// Registration.

auto apply(auto fn) {
  return [fn](const auto& tuple) { return std::apply(fn, tuple); };
}

/// Share of inputs on which pred holds.
template <class Input, class Pred>
double share(const std::vector<Input>& in, Pred pred) {
  std::size_t hits = 0;
  for (const Input& x : in) hits += pred(x) ? 1 : 0;
  return static_cast<double>(hits) / static_cast<double>(in.size());
}

/// Share of inputs on which two implementations give different signs.
template <class Input, class F, class G>
double disagreement(const std::vector<Input>& in, F f, G g) {
  return share(in, [&](const Input& x) { return static_cast<int>(f(x)) != static_cast<int>(g(x)); });
}

/// The mpq oracle on any exactly convertible coordinates.
template <class Op>
struct OracleOn {
  template <class Tuple>
  int operator()(const Tuple& t) const {
    return std::apply(Op::oracle, bn::convert<mpq_class>(t, [](const auto& v) { return mpq_class(v); }));
  }
};

using bn::double_set;
using bn::int_set;
using bn::Tuple;

/// `<op>/exact_batch/<set>`: one batch call over the set's 4,096 tuples,
/// held as one point array per argument (built outside the timer); the
/// signs are summed like run_batch sums the scalar results.
template <class Op>
void register_exact_batch(const std::string& set) {
  using D = Tuple<Op, double>;
  using P = typename D::value_type;
  struct Columns {
    std::array<std::vector<P>, Op::n> cols;
    std::vector<std::int8_t> out;
    double wrong_share = 0;
  };
  auto cache = std::make_shared<std::unique_ptr<Columns>>();
  const std::string name = std::string(Op::name) + "/exact_batch/" + set;
  // One timed iteration: the batch call over every input, then the signs summed.
  static constexpr auto batch_call = [](Columns& c) {
    std::apply([&](const auto&... v) { Op::batch(std::span<const P>(v)..., std::span<std::int8_t>(c.out)); }, c.cols);
    // An int sum (|sum| <= 4,096): summed into a long, the int8 -> int64
    // widening made this loop a quarter of the row's time.
    int acc = 0;
    for (std::int8_t s : c.out) acc += s;
    benchmark::DoNotOptimize(acc);
  };
  benchmark::RegisterBenchmark(name.c_str(), [cache, set, name](benchmark::State& state) {
    if (!*cache) {
      auto c = std::make_unique<Columns>();
      const std::vector<D> in = double_set<Op>(set);
      for (const D& t : in)
        for (std::size_t k = 0; k < Op::n; ++k) c->cols[k].push_back(t[k]);
      c->out.resize(in.size());
      // Checked once, outside the timer: the batch agrees with the oracle.
      std::apply([&](const auto&... v) { Op::batch(std::span<const P>(v)..., std::span<std::int8_t>(c->out)); }, c->cols);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < in.size(); ++i) wrong += c->out[i] != OracleOn<Op>{}(in[i]);
      c->wrong_share = double(wrong) / double(in.size());
      *cache = std::move(c);
      Columns& k = **cache;
      bn::count_instructions(name, k.out.size(), [&k] { batch_call(k); });
    }
    Columns& c = **cache;
    state.counters[bn::kExactWrong] = c.wrong_share;
    for (auto _ : state) batch_call(c);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(c.out.size()));
  });
}

template <class Op, class I>
void register_int(const std::string& set, const char* suffix) {
  using In = Tuple<Op, I>;
  using D = Tuple<Op, double>;
  const auto exact = apply(Op::exact);
  const auto naive = apply(Op::naive);
  const std::string op = Op::name;
  // The baseline is the naive determinant on the same points converted to
  // double before timing: the same code and arithmetic as the `float` row,
  // so the two baselines run at one speed. (Converting inside the timed loop,
  // as this file once did, put 12-20 int-to-double conversions per item into
  // the baseline: float_int32 ran 1.7x slower than float on orient3d.)
  bn::register_batch<D>(op + "/float_" + suffix + "/" + set, [=] {
    const std::vector<In> ints = int_set<Op, I>(set);
    bn::Batch<D> b;
    for (const In& t : ints) b.inputs.push_back(bn::convert<double>(t, [](I v) { return static_cast<double>(v); }));
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < ints.size(); ++i)
      wrong += static_cast<int>(naive(b.inputs[i])) != static_cast<int>(exact(ints[i]));
    b.counters.push_back({bn::kFloatWrong, double(wrong) / double(ints.size())});
    return b;
  }, naive);
  // Beside it, the naive determinant as user code on integer points runs it:
  // converting each coordinate to double at the call, in the timed loop
  // (issue 42: exact_int32's target is measured against this one).
  const auto converting = [naive](const In& t) {
    return naive(bn::convert<double>(t, [](I v) { return static_cast<double>(v); }));
  };
  bn::register_batch<In>(op + "/float_" + suffix + "_converting/" + set, [=] {
    bn::Batch<In> b{int_set<Op, I>(set), {}};
    b.counters.push_back({bn::kFloatWrong, disagreement(b.inputs, converting, exact)});
    return b;
  }, converting);
  bn::register_batch<In>(op + "/exact_" + suffix + "/" + set, [=] {
    bn::Batch<In> b{int_set<Op, I>(set), {}};
    b.counters.push_back({bn::kExactWrong, disagreement(b.inputs, exact, OracleOn<Op>{})});
    return b;
  }, exact);
}

template <class Op>
void register_op() {
  using D = Tuple<Op, double>;
  using Q = Tuple<Op, mpq_class>;
  using Z = Tuple<Op, mpz_class>;
  const std::string op = Op::name;
  for (const std::string set : {"random", "degenerate", "near", "degen"}) {
    const bool ints = set == "random" || set == "degenerate";  // near, degen: doubles only
    const auto exact = apply(Op::exact);
    const auto naive = apply(Op::naive);
    bn::register_batch<D>(op + "/float/" + set, [=] {
      bn::Batch<D> b{double_set<Op>(set), {}};
      b.counters.push_back({bn::kFloatWrong, disagreement(b.inputs, naive, exact)});
      return b;
    }, naive);
    bn::register_batch<D>(op + "/exact/" + set, [=] {
      bn::Batch<D> b{double_set<Op>(set), {}};
      b.counters.push_back({bn::kFilterUncertain, share(b.inputs, [](const D& t) { return Op::filter(t) == 0; })});
      b.counters.push_back({bn::kExactWrong, disagreement(b.inputs, exact, OracleOn<Op>{})});
      return b;
    }, exact);
    if (set == "random" || set == "near") {
      const std::size_t n = bn::kInputs * bn::kStreamChunks;
      bn::register_stream<D>(op + "/float/" + set + "_stream", [=] {
        bn::Batch<D> b{double_set<Op>(set, n), {}};
        b.counters.push_back({bn::kFloatWrong, disagreement(b.inputs, naive, exact)});
        return b;
      }, naive);
      bn::register_stream<D>(op + "/exact/" + set + "_stream", [=] {
        bn::Batch<D> b{double_set<Op>(set, n), {}};
        b.counters.push_back({bn::kFilterUncertain, share(b.inputs, [](const D& t) { return Op::filter(t) == 0; })});
        return b;
      }, exact);
    }
    register_exact_batch<Op>(set);
    bn::register_batch<Q>(op + "/mpq/" + set, [=] {
      std::vector<Q> q;
      for (const D& t : double_set<Op>(set)) q.push_back(bn::convert<mpq_class>(t, bn::to_mpq));
      return bn::Batch<Q>{std::move(q), {}};
    }, apply(Op::oracle));
    if (!ints) continue;
    register_int<Op, int32_t>(set, "int32");
    register_int<Op, int64_t>(set, "int64");
    bn::register_batch<Z>(op + "/exact_mpz/" + set, [=] {
      std::vector<Z> z;
      for (const auto& t : int_set<Op, int64_t>(set)) z.push_back(bn::convert<mpz_class>(t, bn::to_mpz));
      bn::Batch<Z> b{std::move(z), {}};
      b.counters.push_back({bn::kExactWrong, disagreement(b.inputs, apply(Op::exact), OracleOn<Op>{})});
      return b;
    }, apply(Op::exact));
  }
}

void register_predicates() {
  register_op<Orient2d>();
  register_op<Orient3d>();
  register_op<Incircle>();
  register_op<Insphere>();
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_predicates);

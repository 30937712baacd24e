// Benchmarks of exactgeom/segments.hpp against the float algorithms of
// include/exactgeom/reference/. Names: <operation>/<implementation>/<input set>
// (suffix _3d for 3-D); inputs are generated before the timed loop, 4096
// per iteration.
//   segment_intersects/float        2-D: article 000's corrected orientation
//                                   test in double; 3-D: Ericson's
//                                   ClosestPtSegmentSegment dist2 == 0
//   segment_intersects/parametric   2-D: the parametric test with division
//   segment_intersects/exact        exactgeom::intersects on the same doubles
//   segment_distance2/float         Ericson's ClosestPtSegmentSegment in double
//   segment_distance2/exact         exactgeom::squared_distance on the doubles
//   segment_distance2/exact_int32   exactgeom::squared_distance on int32 inputs
//                                   (float_int32: Ericson on the same values,
//                                   converted to double before timing)
// Sets: random (uniform in the unit box; int32: full range), degenerate
// (endpoints on a 4x4 grid mapped to non-representable doubles: collinear,
// touching and overlapping pairs), parallel (the second segment a shifted
// copy of the first, turned by ~1e-9).
// Counters, measured on each row's inputs before timing against the
// independent mpq_class oracle of tests/capsule_oracle.hpp: float_wrong /
// exact_wrong (boolean rows: share answered differently from the oracle),
// float_dist_wrong (float distances: share more than 1 ULP from the
// correctly rounded oracle value), exact_wrong (exact distances: share whose
// exact value differs), meet_share (share of pairs that meet).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "bench_util.hpp"
#include "testing/capsule_oracle.hpp"
#include "exactgeom/reference/segments_article.hpp"
#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/reference/parametric_segments.hpp"
#include "exactgeom/segments.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;

namespace {

constexpr int kInputs = 4096;

template <int D, class T>
using Seg = std::conditional_t<D == 2, eg::Segment2<T>, eg::Segment3<T>>;
template <int D, class T>
using Pt = std::conditional_t<D == 2, eg::Point2<T>, eg::Point3<T>>;

template <int D>
Pt<D, double> point(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  if constexpr (D == 2) return {u(rng), u(rng)};
  else return {u(rng), u(rng), u(rng)};
}

template <int D>
std::vector<std::pair<Seg<D, double>, Seg<D, double>>> make_set(const char* kind) {
  std::mt19937_64 rng(42);
  std::vector<std::pair<Seg<D, double>, Seg<D, double>>> v;
  const std::string k = kind;
  for (int i = 0; i < kInputs; ++i) {
    if (k == "random") {
      v.push_back({{point<D>(rng), point<D>(rng)}, {point<D>(rng), point<D>(rng)}});
    } else if (k == "degenerate") {
      auto g = [&](int j) {
        Pt<D, double> p{};
        p.x = 0.1 + 0.3 * (j % 4);
        p.y = 0.7 + 0.1 * (j / 4 % 4);
        if constexpr (D == 3) p.z = 0.2 + 0.1 * (j % 4);
        return p;
      };
      const unsigned r = static_cast<unsigned>(rng());
      v.push_back({{g(r % 16), g(r / 16 % 16)}, {g(r / 256 % 16), g(r / 4096 % 16)}});
    } else {  // parallel
      const auto a = point<D>(rng), b = point<D>(rng), s = point<D>(rng);
      auto a2 = a, b2 = b;
      a2.x += s.x - 0.5;
      a2.y += s.y - 0.5;
      b2.x += s.x - 0.5 + 1e-9;
      b2.y += s.y - 0.5;
      v.push_back({{a, b}, {a2, b2}});
    }
  }
  return v;
}

template <int D>
using Pair = std::pair<Seg<D, double>, Seg<D, double>>;

template <int D>
double ericson_d2(const Seg<D, double>& s, const Seg<D, double>& t) {
  return eg::reference::ClosestPtSegmentSegment(s.a, s.b, t.a, t.b).dist2;
}

/// The independent oracle's exact squared distance (tests/capsule_oracle.hpp).
template <class S>
mpq_class oracle_d2(const S& s, const S& t) {
  namespace co = exactgeom::testing::capsule_oracle;
  return co::oracle_segment_segment(co::qv(s.a), co::qv(s.b), co::qv(t.a), co::qv(t.b));
}

/// Share of inputs where pred(s, t) holds.
template <class S, class Pred>
double share(const std::vector<std::pair<S, S>>& v, Pred pred) {
  std::size_t n = 0;
  for (const auto& [s, t] : v) n += pred(s, t) ? 1 : 0;
  return double(n) / double(v.size());
}

/// Registers name over the set's inputs; counters come from count(inputs).
template <class In, class Count, class Fn>
void reg_one(const std::string& name, std::function<std::vector<In>()> make, Count count, Fn fn) {
  bn::register_batch<In>(name, [make, count] {
    bn::Batch<In> b{make(), {}};
    b.counters = count(b.inputs);
    return b;
  }, fn);
}

using Counters = std::vector<std::pair<std::string, double>>;

// The counters of each row. A boolean float row: float_wrong, the share where
// its answer differs from the oracle's; a boolean exact row: exact_wrong, the
// same for exactgeom; every row also says how often the segments meet
// (meet_share), so the sets can be seen to be what their names say. A distance
// float row: float_dist_wrong (more than 1 ULP from the correctly rounded
// oracle value); a distance exact row: exact_wrong (exact value differs).
template <class S, class F>
Counters bool_counters(const std::vector<std::pair<S, S>>& v, const char* key, F f) {
  return {{key, share(v, [&](const S& s, const S& t) { return f(s, t) != (oracle_d2(s, t) == 0); })},
          {bn::kMeetShare, share(v, [](const S& s, const S& t) { return oracle_d2(s, t) == 0; })}};
}
template <class S, class F>
Counters float_dist_counters(const std::vector<std::pair<S, S>>& v, F f) {
  return {{bn::kFloatDistWrong, share(v, [&](const S& s, const S& t) {
             const mpq_class e = oracle_d2(s, t);
             return bn::beyond_one_ulp(f(s, t), eg::detail::ratio_to_double(e.get_num(), e.get_den()));
           })}};
}
template <class S>
Counters exact_dist_counters(const std::vector<std::pair<S, S>>& v) {
  return {{bn::kExactWrong, share(v, [](const S& s, const S& t) {
             return eg::to_mpq(eg::squared_distance(s, t)) != oracle_d2(s, t);
           })}};
}

// int32 inputs over the full range; the float baseline runs Ericson on the
// same values converted to double before timing.
template <int D>
std::vector<std::pair<Seg<D, std::int32_t>, Seg<D, std::int32_t>>> int32_set() {
  std::mt19937_64 rng(43);
  std::uniform_int_distribution<std::int32_t> u(INT32_MIN, INT32_MAX);
  auto p = [&] {
    Pt<D, std::int32_t> q{};
    q.x = u(rng);
    q.y = u(rng);
    if constexpr (D == 3) q.z = u(rng);
    return q;
  };
  std::vector<std::pair<Seg<D, std::int32_t>, Seg<D, std::int32_t>>> v;
  for (int i = 0; i < kInputs; ++i) v.push_back({{p(), p()}, {p(), p()}});
  return v;
}
template <int D>
std::vector<Pair<D>> int32_set_as_double() {
  auto dbl = [](const Pt<D, std::int32_t>& q) {
    Pt<D, double> r{};
    r.x = q.x;
    r.y = q.y;
    if constexpr (D == 3) r.z = q.z;
    return r;
  };
  std::vector<Pair<D>> v;
  for (const auto& [s, t] : int32_set<D>()) v.push_back({{dbl(s.a), dbl(s.b)}, {dbl(t.a), dbl(t.b)}});
  return v;
}

template <int D>
void reg_dim() {
  const std::string dim = D == 2 ? "" : "_3d";
  for (const std::string set : {"random", "degenerate"}) {
    const std::function<std::vector<Pair<D>>()> make = [set] { return make_set<D>(set.c_str()); };
    if constexpr (D == 2) {
      const auto corrected = [](const auto& s, const auto& t) {
        return eg::reference::segments_intersect_corrected(s, t);
      };
      const auto parametric = [](const auto& s, const auto& t) { return eg::reference::segments_intersect(s, t); };
      reg_one<Pair<D>>("segment_intersects/float/" + set, make,
                       [=](const auto& v) { return bool_counters(v, bn::kFloatWrong, corrected); },
                       [=](const Pair<D>& p) { return corrected(p.first, p.second); });
      reg_one<Pair<D>>("segment_intersects/parametric/" + set, make,
                       [=](const auto& v) { return bool_counters(v, bn::kFloatWrong, parametric); },
                       [=](const Pair<D>& p) { return parametric(p.first, p.second); });
    } else {
      const auto zero = [](const auto& s, const auto& t) { return ericson_d2<3>(s, t) == 0.0; };
      reg_one<Pair<D>>("segment_intersects/float/" + set + dim, make,
                       [=](const auto& v) { return bool_counters(v, bn::kFloatWrong, zero); },
                       [=](const Pair<D>& p) { return zero(p.first, p.second); });
    }
    const auto exact = [](const auto& s, const auto& t) { return eg::intersects(s, t); };
    reg_one<Pair<D>>("segment_intersects/exact/" + set + dim, make,
                     [=](const auto& v) { return bool_counters(v, bn::kExactWrong, exact); },
                     [=](const Pair<D>& p) { return exact(p.first, p.second); });
  }
  for (const std::string set : {"random", "parallel"}) {
    const std::function<std::vector<Pair<D>>()> make = [set] { return make_set<D>(set.c_str()); };
    reg_one<Pair<D>>("segment_distance2/float/" + set + dim, make,
                     [](const auto& v) { return float_dist_counters(v, ericson_d2<D>); },
                     [](const Pair<D>& p) { return ericson_d2<D>(p.first, p.second) > 0.25; });
    reg_one<Pair<D>>("segment_distance2/exact/" + set + dim, make,
                     [](const auto& v) { return exact_dist_counters(v); },
                     [](const Pair<D>& p) { return eg::squared_distance(p.first, p.second).sign(); });
  }
  using PairI = std::pair<Seg<D, std::int32_t>, Seg<D, std::int32_t>>;
  reg_one<Pair<D>>("segment_distance2/float_int32/random" + dim,
                   std::function<std::vector<Pair<D>>()>(int32_set_as_double<D>),
                   [](const auto& v) { return float_dist_counters(v, ericson_d2<D>); },
                   [](const Pair<D>& p) { return ericson_d2<D>(p.first, p.second) > 1e18; });
  reg_one<PairI>("segment_distance2/exact_int32/random" + dim, std::function<std::vector<PairI>()>(int32_set<D>),
                 [](const auto& v) { return exact_dist_counters(v); },
                 [](const PairI& p) { return eg::squared_distance(p.first, p.second).sign(); });
}

void reg() {
  reg_dim<2>();
  reg_dim<3>();
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(reg);

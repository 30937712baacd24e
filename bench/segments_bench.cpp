// Benchmarks of exactgeom/segments.hpp against the float algorithms of
// include/exactgeom/float/. Names: <operation>/<implementation>/<input set>
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
//                                   (float_int32: Ericson on the same values)
// Sets: random (uniform in the unit box; int32: full range), degenerate
// (endpoints on a 4x4 grid mapped to non-representable doubles: collinear,
// touching and overlapping pairs), parallel (the second segment a shifted
// copy of the first, turned by ~1e-9).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <random>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/float/capsule_article_segments.hpp"
#include "exactgeom/float/ericson.hpp"
#include "exactgeom/float/parametric_segments.hpp"
#include "exactgeom/segments.hpp"

namespace eg = exactgeom;

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

template <int D, class Fn>
void run(benchmark::State& state, const char* set, Fn fn) {
  const auto v = make_set<D>(set);
  for (auto _ : state)
    for (const auto& [s, t] : v) benchmark::DoNotOptimize(fn(s, t));
  state.SetItemsProcessed(state.iterations() * kInputs);
}

template <int D>
double ericson_d2(const Seg<D, double>& s, const Seg<D, double>& t) {
  return eg::ericson::ClosestPtSegmentSegment(s.a, s.b, t.a, t.b).dist2;
}

// int32 inputs over the full range; Ericson runs on the same values as doubles.
template <int D, bool Exact>
void BM_int32(benchmark::State& state) {
  std::mt19937_64 rng(43);
  std::uniform_int_distribution<std::int32_t> u(INT32_MIN, INT32_MAX);
  std::vector<std::pair<Seg<D, std::int32_t>, Seg<D, std::int32_t>>> v;
  std::vector<std::pair<Seg<D, double>, Seg<D, double>>> vd;
  auto p = [&] {
    Pt<D, std::int32_t> q{};
    q.x = u(rng);
    q.y = u(rng);
    if constexpr (D == 3) q.z = u(rng);
    return q;
  };
  auto dbl = [](const Pt<D, std::int32_t>& q) {
    Pt<D, double> r{};
    r.x = q.x;
    r.y = q.y;
    if constexpr (D == 3) r.z = q.z;
    return r;
  };
  for (int i = 0; i < kInputs; ++i) {
    v.push_back({{p(), p()}, {p(), p()}});
    vd.push_back({{dbl(v.back().first.a), dbl(v.back().first.b)}, {dbl(v.back().second.a), dbl(v.back().second.b)}});
  }
  for (auto _ : state) {
    if constexpr (Exact)
      for (const auto& [s, t] : v) benchmark::DoNotOptimize(eg::squared_distance(s, t).sign());
    else
      for (const auto& [s, t] : vd) benchmark::DoNotOptimize(ericson_d2<D>(s, t));
  }
  state.SetItemsProcessed(state.iterations() * kInputs);
}

void reg() {
  for (const char* set : {"random", "degenerate"}) {
    const std::string sset = set;
    benchmark::RegisterBenchmark(("segment_intersects/float/" + sset).c_str(), [set](benchmark::State& st) {
      run<2>(st, set, [](const auto& s, const auto& t) { return eg::article000::segments_intersect_corrected(s, t); });
    });
    benchmark::RegisterBenchmark(("segment_intersects/parametric/" + sset).c_str(), [set](benchmark::State& st) {
      run<2>(st, set, [](const auto& s, const auto& t) { return eg::parametric::segments_intersect(s, t); });
    });
    benchmark::RegisterBenchmark(("segment_intersects/exact/" + sset).c_str(), [set](benchmark::State& st) {
      run<2>(st, set, [](const auto& s, const auto& t) { return eg::intersects(s, t); });
    });
    benchmark::RegisterBenchmark(("segment_intersects/float/" + sset + "_3d").c_str(), [set](benchmark::State& st) {
      run<3>(st, set, [](const auto& s, const auto& t) { return ericson_d2<3>(s, t) == 0.0; });
    });
    benchmark::RegisterBenchmark(("segment_intersects/exact/" + sset + "_3d").c_str(), [set](benchmark::State& st) {
      run<3>(st, set, [](const auto& s, const auto& t) { return eg::intersects(s, t); });
    });
  }
  for (const char* set : {"random", "parallel"}) {
    const std::string sset = set;
    benchmark::RegisterBenchmark(("segment_distance2/float/" + sset).c_str(), [set](benchmark::State& st) {
      run<2>(st, set, [](const auto& s, const auto& t) { return ericson_d2<2>(s, t); });
    });
    benchmark::RegisterBenchmark(("segment_distance2/exact/" + sset).c_str(), [set](benchmark::State& st) {
      run<2>(st, set, [](const auto& s, const auto& t) { return eg::squared_distance(s, t).sign(); });
    });
    benchmark::RegisterBenchmark(("segment_distance2/float/" + sset + "_3d").c_str(), [set](benchmark::State& st) {
      run<3>(st, set, [](const auto& s, const auto& t) { return ericson_d2<3>(s, t); });
    });
    benchmark::RegisterBenchmark(("segment_distance2/exact/" + sset + "_3d").c_str(), [set](benchmark::State& st) {
      run<3>(st, set, [](const auto& s, const auto& t) { return eg::squared_distance(s, t).sign(); });
    });
  }
  benchmark::RegisterBenchmark("segment_distance2/float_int32/random", BM_int32<2, false>);
  benchmark::RegisterBenchmark("segment_distance2/exact_int32/random", BM_int32<2, true>);
  benchmark::RegisterBenchmark("segment_distance2/float_int32/random_3d", BM_int32<3, false>);
  benchmark::RegisterBenchmark("segment_distance2/exact_int32/random_3d", BM_int32<3, true>);
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(reg);

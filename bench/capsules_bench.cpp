// Benchmarks of exactgeom/capsules.hpp against the float algorithms of
// include/exactgeom/float/. Names: <operation>/<implementation>/<input set>;
// inputs are generated before the timed loop, 4096 per iteration.
//   float        Ericson (004) in double on double inputs
//   exact        exactgeom::intersects on the same doubles
//   float_int32  Ericson in double on int32 inputs (converted)
//   exact_int32, exact_int64   exactgeom::intersects on integer inputs
//   article000, blog002        the articles' own float tests, where they apply
// Sets: random (coordinates uniform in a box, about half the pairs meet) and
// near_touching (r2 set so the axes are within rounding of r1 + r2).
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/float/capsule_article.hpp"
#include "exactgeom/float/capsule_collision_blog.hpp"
#include "exactgeom/float/ericson.hpp"

namespace eg = exactgeom;

namespace {

constexpr int kInputs = 4096;

template <class T>
eg::Point3<T> pt3(std::mt19937_64& g, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  return {T(u(g)), T(u(g)), T(u(g))};
}

/// Pairs of 3-D capsules (2-D: z ignored) in T; near_touching sets r2 to the
/// Ericson distance minus r1, rounded to T.
template <class T>
std::vector<std::pair<eg::Capsule3<T>, eg::Capsule3<T>>> capsule_pairs(bool near, int dim,
                                                                         double range) {
  std::mt19937_64 g(42);
  std::uniform_real_distribution<double> ur(0, range / 4);
  std::vector<std::pair<eg::Capsule3<T>, eg::Capsule3<T>>> v;
  for (int i = 0; i < kInputs; ++i) {
    eg::Capsule3<T> a{{pt3<T>(g, range), pt3<T>(g, range)}, T(ur(g))};
    eg::Capsule3<T> b{{pt3<T>(g, range), pt3<T>(g, range)}, T(ur(g))};
    if (dim == 2) a.seg.a.z = a.seg.b.z = b.seg.a.z = b.seg.b.z = T(0);
    if (near) {
      auto d = [](const eg::Point3<T>& p) {
        return eg::Point3<double>{double(p.x), double(p.y), double(p.z)};
      };
      const double dist = std::sqrt(
          eg::ericson::ClosestPtSegmentSegment(d(a.seg.a), d(a.seg.b), d(b.seg.a), d(b.seg.b)).dist2);
      a.r = T(std::floor(dist / 2));
      b.r = T(dist - double(a.r));
      if (b.r < T(0)) b.r = T(0);
    }
    v.push_back({a, b});
  }
  return v;
}

template <class T>
eg::Capsule2<T> flat(const eg::Capsule3<T>& c) {
  return {{{c.seg.a.x, c.seg.a.y}, {c.seg.b.x, c.seg.b.y}}, c.r};
}

template <class T, class Fn>
void run(benchmark::State& state, const std::vector<T>& in, Fn fn) {
  for (auto _ : state) {
    int hits = 0;
    for (const auto& x : in) hits += fn(x);
    benchmark::DoNotOptimize(hits);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.size()));
}

template <class T>
eg::Point2<double> d2(const eg::Point2<T>& p) { return {double(p.x), double(p.y)}; }
template <class T>
eg::Point3<double> d3(const eg::Point3<T>& p) { return {double(p.x), double(p.y), double(p.z)}; }

// ---- capsule2d
template <class T>
void register_capsule2d(const char* impl, const char* set, bool exact) {
  const bool near = std::string(set) == "near_touching";
  const double range = std::is_same_v<T, double> ? 100.0 : (std::is_same_v<T, std::int32_t> ? 1e9 : 1e18);
  std::vector<std::pair<eg::Capsule2<T>, eg::Capsule2<T>>> in;
  for (const auto& [a, b] : capsule_pairs<T>(near, 2, range)) in.push_back({flat(a), flat(b)});
  const std::string name = std::string("capsule2d/") + impl + "/" + set;
  if (exact)
    benchmark::RegisterBenchmark(name.c_str(), [in](benchmark::State& s) {
      run(s, in, [](const auto& p) { return eg::intersects(p.first, p.second); });
    });
  else
    benchmark::RegisterBenchmark(name.c_str(), [in](benchmark::State& s) {
      run(s, in, [](const auto& p) {
        return eg::ericson::TestCapsuleCapsule(d2(p.first.seg.a), d2(p.first.seg.b), double(p.first.r),
                                               d2(p.second.seg.a), d2(p.second.seg.b), double(p.second.r));
      });
    });
}

template <class T>
void register_capsule3d(const char* impl, const char* set, int kind) {
  const bool near = std::string(set) == "near_touching";
  const double range = std::is_same_v<T, double> ? 100.0 : (std::is_same_v<T, std::int32_t> ? 1e9 : 1e18);
  const auto in = capsule_pairs<T>(near, 3, range);
  const std::string name = std::string("capsule3d/") + impl + "/" + set;
  benchmark::RegisterBenchmark(name.c_str(), [in, kind](benchmark::State& s) {
    if (kind == 0)
      run(s, in, [](const auto& p) { return eg::intersects(p.first, p.second); });
    else if (kind == 1)
      run(s, in, [](const auto& p) {
        return eg::ericson::TestCapsuleCapsule(d3(p.first.seg.a), d3(p.first.seg.b), double(p.first.r),
                                               d3(p.second.seg.a), d3(p.second.seg.b), double(p.second.r));
      });
    else
      run(s, in, [](const auto& p) {
        if constexpr (std::is_same_v<std::decay_t<decltype(p.first.r)>, double>)
          return eg::capsule_blog::capsule_capsule(p.first, p.second).intersects;
        else
          return false;
      });
  });
}

/// Capsule (or sphere when zero_length) vs triangle.
void register_triangle(const char* op, const char* impl, const char* set, bool zero_length, int kind) {
  const bool near = std::string(set) == "near_touching";
  std::mt19937_64 g(7);
  std::vector<std::pair<eg::Capsule3<double>, eg::Triangle3<double>>> in;
  for (int i = 0; i < kInputs; ++i) {
    eg::Capsule3<double> c{{pt3<double>(g, 100), pt3<double>(g, 100)}, 20};
    if (zero_length) c.seg.b = c.seg.a;
    const eg::Triangle3<double> t{pt3<double>(g, 100), pt3<double>(g, 100), pt3<double>(g, 100)};
    if (near) {  // radius at the rounded exact distance: bisect on the exact test
      double lo = 0, hi = 400;
      for (int k = 0; k < 60; ++k) {
        const double mid = (lo + hi) / 2;
        (eg::intersects(eg::Capsule3<double>{c.seg, mid}, t) ? hi : lo) = mid;
      }
      c.r = hi;
    }
    in.push_back({c, t});
  }
  const std::string name = std::string(op) + "/" + impl + "/" + set;
  benchmark::RegisterBenchmark(name.c_str(), [in, kind, zero_length](benchmark::State& s) {
    if (kind == 0)
      run(s, in, [](const auto& p) { return eg::intersects(p.first, p.second); });
    else if (zero_length)
      run(s, in, [](const auto& p) {
        return eg::capsule_blog::sphere_triangle(p.first.seg.a, p.first.r, p.second.a, p.second.b, p.second.c);
      });
    else
      run(s, in, [](const auto& p) {
        return eg::capsule_blog::capsule_triangle(p.first, p.second.a, p.second.b, p.second.c);
      });
  });
}

void register_capsules() {
  for (const char* set : {"random", "near_touching"}) {
    register_capsule2d<double>("float", set, false);
    register_capsule2d<double>("exact", set, true);
    register_capsule2d<std::int32_t>("float_int32", set, false);
    register_capsule2d<std::int32_t>("exact_int32", set, true);
    register_capsule2d<std::int64_t>("exact_int64", set, true);
    register_capsule3d<double>("float", set, 1);
    register_capsule3d<double>("blog002", set, 2);
    register_capsule3d<double>("exact", set, 0);
    register_capsule3d<std::int32_t>("float_int32", set, 1);
    register_capsule3d<std::int32_t>("exact_int32", set, 0);
    register_capsule3d<std::int64_t>("exact_int64", set, 0);
    register_triangle("sphere_triangle", "blog002", set, true, 1);
    register_triangle("sphere_triangle", "exact", set, true, 0);
    register_triangle("capsule_triangle", "blog002", set, false, 1);
    register_triangle("capsule_triangle", "exact", set, false, 0);
  }
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_capsules);

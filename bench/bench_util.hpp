// bench/bench_util.hpp: what every exactgeom benchmark file shares: the batch
// loop, lazy registration of a benchmark over pre-generated inputs, random
// numbers, and point conversions.
//
// How a benchmark file works. It registers its benchmarks while the program
// starts (EXACTGEOM_BENCH_REGISTER below, like Google Benchmark's BENCHMARK
// macro), so the same object files serve two programs: exactgeom_bench (the
// plain Google Benchmark binary) and `exactgeom report`. Registration is
// cheap: inputs are generated on the first run of a benchmark, before its
// timed loop, and kept for its later runs; a filtered-out benchmark never
// generates anything.
#pragma once

#include <benchmark/benchmark.h>
#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactgeom/geometry.hpp"

namespace exactgeom::bench {

/// Inputs per batch: every iteration of every benchmark runs over this many
/// pre-generated inputs (the house rule asks for at least 1,024). 4,096 also
/// keeps the branch predictor from learning a whole batch's outcomes.
inline constexpr int kInputs = 4096;

/// Counters a benchmark may attach, by name, read by `exactgeom report`:
/// the share of inputs on which the double filter could not decide (so the
/// exact path ran), the share on which the naive float sign is wrong, and the
/// share on which exactgeom disagrees with the mpq_class oracle (a bug if
/// ever above zero; checked when the inputs are generated).
inline constexpr const char* kFilterUncertain = "filter_uncertain";
inline constexpr const char* kFloatWrong = "float_wrong";
inline constexpr const char* kExactWrong = "exact_wrong";
/// For distances: the share of inputs where the float result is more than
/// 1 ULP from the correctly rounded exact one.
inline constexpr const char* kFloatDistWrong = "float_dist_wrong";
/// For yes/no questions: the share of inputs whose exact answer is yes (the
/// shapes meet), so a set can be seen to be what its name says.
inline constexpr const char* kMeetShare = "meet_share";

using Rng = std::mt19937_64;

/// Uniform integer in [lo, hi].
template <class I>
I uniform_int(Rng& g, I lo, I hi) {
  return std::uniform_int_distribution<I>(lo, hi)(g);
}

/// Uniform integer over the whole range of I.
template <class I>
I uniform_full(Rng& g) {
  return uniform_int<I>(g, std::numeric_limits<I>::min(), std::numeric_limits<I>::max());
}

/// Uniform double in [lo, hi).
inline double uniform_double(Rng& g, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(g);
}

/// Point2 or Point3 by dimension.
template <int Dim, class T>
using Point = std::conditional_t<Dim == 2, Point2<T>, Point3<T>>;

/// Converts coordinate by coordinate.
template <class To, class From, class Conv>
Point2<To> convert(const Point2<From>& p, Conv conv) {
  return {conv(p.x), conv(p.y)};
}
template <class To, class From, class Conv>
Point3<To> convert(const Point3<From>& p, Conv conv) {
  return {conv(p.x), conv(p.y), conv(p.z)};
}
template <class To, class From, std::size_t N, class Conv>
auto convert(const std::array<From, N>& pts, Conv conv) {
  std::array<decltype(convert<To>(pts[0], conv)), N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = convert<To>(pts[i], conv);
  return out;
}

/// Exact conversions (a double is the binary rational it holds).
inline double to_double(double v) { return v; }
template <class I>
double to_double(I v) {
  return static_cast<double>(v);
}
inline mpz_class to_mpz(std::int64_t v) { return mpz_class(static_cast<long>(v)); }
inline mpq_class to_mpq(double v) { return mpq_class(v); }

/// The timed loop: one iteration runs fn over the whole batch and sums the
/// results (the signs), so nothing can be optimised away.
template <class Input, class Fn>
void run_batch(benchmark::State& state, const std::vector<Input>& in, Fn fn) {
  for (auto _ : state) {
    long acc = 0;
    for (const Input& x : in) acc += static_cast<long>(fn(x));
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.size()));
}

/// A batch of inputs and the counters measured on it when it was generated.
template <class Input>
struct Batch {
  std::vector<Input> inputs;
  std::vector<std::pair<std::string, double>> counters;
};

/// Registers benchmark `name` that runs fn over the batch make() returns.
/// make() runs once, on the first run of the benchmark, outside the timer.
template <class Input, class Make, class Fn>
void register_batch(const std::string& name, Make make, Fn fn) {
  auto cache = std::make_shared<std::unique_ptr<Batch<Input>>>();
  benchmark::RegisterBenchmark(name.c_str(), [cache, make, fn](benchmark::State& state) {
    if (!*cache) *cache = std::make_unique<Batch<Input>>(make());
    const Batch<Input>& batch = **cache;
    run_batch(state, batch.inputs, fn);
    for (const auto& [key, value] : batch.counters) state.counters[key] = value;
  });
}

/// f is more than 1 ULP from e, the correctly rounded exact value (the
/// float_dist_wrong counter).
inline bool beyond_one_ulp(double f, double e) {
  return f != e && f != std::nextafter(e, -1.0) && f != std::nextafter(e, 2 * e + 1);
}

/// Runs fn while the program starts; use once per benchmark file:
///   EXACTGEOM_BENCH_REGISTER(register_predicates)
struct Registration {
  explicit Registration(void (*fn)()) { fn(); }
};

}  // namespace exactgeom::bench

#define EXACTGEOM_BENCH_CONCAT2(a, b) a##b
#define EXACTGEOM_BENCH_CONCAT(a, b) EXACTGEOM_BENCH_CONCAT2(a, b)
#define EXACTGEOM_BENCH_REGISTER(fn)                                          \
  static const ::exactgeom::bench::Registration EXACTGEOM_BENCH_CONCAT(       \
      exactgeom_bench_registration_, __LINE__) {                              \
    fn                                                                        \
  }

// bench/bench_util.hpp: what every exactgeom benchmark file
// shares: the batch loop and lazy registration of a benchmark over
// pre-generated inputs (random numbers and point conversions come from
// testing/random.hpp).
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
#include "testing/random.hpp"

// Valgrind's client requests (no-ops when the program does not run under
// valgrind); without the header, instruction counting is not built.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define EXACTGEOM_BENCH_CALLGRIND 1
#else
#define EXACTGEOM_BENCH_CALLGRIND 0
#endif

namespace exactgeom::bench {

// The shared generators and random helpers (internal/testing) by their short names.
using namespace exactgeom::testing;


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
/// For penetration depths: the same, against the correctly rounded depth.
inline constexpr const char* kFloatDepthWrong = "float_depth_wrong";
/// For yes/no questions: the share of inputs whose exact answer is yes (the
/// shapes meet), so a set can be seen to be what its name says.
inline constexpr const char* kMeetShare = "meet_share";

/// Instruction counting (`exactgeom report --instructions`): the report runs
/// the suite once more under valgrind's callgrind, instrumentation and
/// collection off, with this set. Each benchmark then runs its loop body
/// once over its whole batch before timing, callgrind instrumenting and
/// collecting only there, and dumps the count labelled
/// "exactgeom-bench <name> <items>": instructions per item, the same on
/// every run (the report divides).
inline bool g_count_instructions = false;
inline constexpr bool kCanCountInstructions = EXACTGEOM_BENCH_CALLGRIND != 0;

/// Runs pass() (one pass over `items` inputs) with callgrind counting, when
/// g_count_instructions is set; else does nothing.
template <class Pass>
void count_instructions(const std::string& name, std::size_t items, Pass pass) {
  if (!g_count_instructions) return;
#if EXACTGEOM_BENCH_CALLGRIND
  const std::string label = "exactgeom-bench " + name + " " + std::to_string(items);
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_TOGGLE_COLLECT;
  pass();
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(label.c_str());
  CALLGRIND_STOP_INSTRUMENTATION;
#else
  (void)name, (void)items, (void)pass;
#endif
}

/// One pass of fn over n inputs, the results (the signs) summed so nothing
/// can be optimised away: the body of every timed loop below, and what the
/// instruction count measures.
template <class Input, class Fn>
inline void batch_pass(const Input* p, std::size_t n, Fn& fn) {
  long acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc += static_cast<long>(fn(p[i]));
  benchmark::DoNotOptimize(acc);
}

/// The timed loop: one iteration runs fn over the whole batch.
template <class Input, class Fn>
void run_batch(benchmark::State& state, const std::vector<Input>& in, Fn fn) {
  for (auto _ : state) batch_pass(in.data(), in.size(), fn);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(in.size()));
}

/// Inputs per iteration stay kInputs, but a stream benchmark's batch holds
/// kStreamChunks times as many and each iteration takes the next chunk, so
/// one input comes back only every kStreamChunks iterations (64 Ki inputs:
/// too long a sequence for a branch predictor to learn, unlike 4,096
/// repeated; a few MB, so they come from L2/L3, for float and exact alike).
inline constexpr std::size_t kStreamChunks = 16;

/// The stream loop (see kStreamChunks): in.size() is a multiple of the chunk.
template <class Input, class Fn>
void run_stream(benchmark::State& state, const std::vector<Input>& in, Fn fn) {
  const std::size_t chunk = in.size() / kStreamChunks;
  std::size_t at = 0;
  for (auto _ : state) {
    batch_pass(in.data() + at, chunk, fn);
    at = at + chunk == in.size() ? 0 : at + chunk;
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(chunk));
}

/// A batch of inputs and the counters measured on it when it was generated.
template <class Input>
struct Batch {
  std::vector<Input> inputs;
  std::vector<std::pair<std::string, double>> counters;
};

/// Registers benchmark `name` that runs fn over the batch make() returns,
/// the whole batch per iteration (run_batch) or, with `stream`, the next of
/// its kStreamChunks chunks (run_stream). make() runs once, on the first run
/// of the benchmark, outside the timer.
template <class Input, class Make, class Fn>
void register_batch(const std::string& name, Make make, Fn fn, bool stream = false) {
  auto cache = std::make_shared<std::unique_ptr<Batch<Input>>>();
  benchmark::RegisterBenchmark(name.c_str(), [cache, make, fn, stream, name](benchmark::State& state) {
    if (!*cache) {
      *cache = std::make_unique<Batch<Input>>(make());
      const std::vector<Input>& in = (*cache)->inputs;
      auto f = fn;
      count_instructions(name, in.size(), [&] { batch_pass(in.data(), in.size(), f); });
    }
    const Batch<Input>& batch = **cache;
    if (stream) run_stream(state, batch.inputs, fn);
    else run_batch(state, batch.inputs, fn);
    for (const auto& [key, value] : batch.counters) state.counters[key] = value;
  });
}

/// register_batch for a stream benchmark: make() returns kStreamChunks
/// chunks of inputs, and each iteration runs fn over the next one.
template <class Input, class Make, class Fn>
void register_stream(const std::string& name, Make make, Fn fn) {
  register_batch<Input>(name, std::move(make), std::move(fn), true);
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

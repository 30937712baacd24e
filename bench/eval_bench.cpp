// bench/eval_bench.cpp: the query engine of `exactgeom eval` on one thread:
// eval/orient2d_double/lines answers pre-generated orient2d query lines with
// double coordinates (as a float program's log would hold them), parsing
// and writing included. Items are lines; the target is 1,000,000 lines/s.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "query/eval.hpp"

namespace {

std::vector<std::string> orient2d_lines() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  std::vector<std::string> lines;
  char buf[512];
  for (int i = 0; i < exactgeom::bench::kInputs; ++i) {
    std::snprintf(buf, sizeof buf,
                  "{\"id\":%d,\"op\":\"orient2d\",\"a\":[%.17g,%.17g],\"b\":[%.17g,%.17g],"
                  "\"c\":[%.17g,%.17g]}",
                  i, u(rng), u(rng), u(rng), u(rng), u(rng), u(rng));
    lines.emplace_back(buf);
  }
  return lines;
}

void BM_eval_orient2d(benchmark::State& state) {
  static const std::vector<std::string> lines = orient2d_lines();
  exactgeom::query::Evaluator evaluator;
  std::string out;
  out.reserve(64 * lines.size());
  std::size_t errors = 0;
  const auto pass = [&] {
    out.clear();
    for (std::size_t i = 0; i < lines.size(); ++i)
      errors += !evaluator.answer(lines[i], i + 1, out);
    benchmark::DoNotOptimize(out.data());
  };
  static bool counted = false;
  if (!counted) {
    counted = true;
    exactgeom::bench::count_instructions("eval/orient2d_double/lines", lines.size(), pass);
  }
  for (auto _ : state) pass();
  if (errors != 0) state.SkipWithError("a query line was answered with an error");
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(lines.size()));
}

void register_eval() { benchmark::RegisterBenchmark("eval/orient2d_double/lines", BM_eval_orient2d); }

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_eval);

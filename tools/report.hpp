// tools/report.hpp: `exactgeom report`, short passes (in child processes) over the
// benchmark suite (bench/) printed as Markdown tables of exact-vs-float
// ratios, with the targets of issue 2 marked met or missed.
#pragma once

namespace exactgeom::tool {

/// Runs `exactgeom report`; argv[0] is "report". Returns the exit status:
/// 0 when the report was printed (missed targets included: they are
/// measurements, not failures), 2 on a usage error, 1 when no benchmark ran.
int run_report(int argc, char** argv);

}  // namespace exactgeom::tool

// src/ccd/ccd_filter.hpp: the double filter in front of the exact
// continuous collision of src/ccd/ccd.cpp, and the exact path's entry.
#pragma once

#include <gmpxx.h>

#include <optional>

#include "exactgeom/ccd.hpp"

namespace exactgeom::detail::ccd {

enum class Kind { vertex_face, edge_edge };

/// The exact answer for rational coordinates (24: t0's four points, then
/// t1's) and ms >= 0 (invalid_input otherwise).
std::optional<PrimitiveImpact> exact(Kind k, const mpq_class* c, const mpq_class& ms);

/// What the filter certified: the answer itself (an empty impact: no hit).
struct Certified {
  std::optional<PrimitiveImpact> impact;
};

/// The double filter (ccd_filter.cpp): the answer when a derived error
/// bound proves it, else std::nullopt (ask the exact path). c finite, ms
/// finite and >= 0.
std::optional<Certified> filter(Kind k, const double* c, double ms);

/// Counters of the filter's outcomes (benchmarks print the undecided share).
struct FilterStats {
  unsigned long long asked = 0, boxes = 0, bernstein = 0, parts = 0, undecided = 0;
};
FilterStats& filter_stats();

}  // namespace exactgeom::detail::ccd

// src/ccd/ccd_filter.cpp: the double filter of the exact continuous
// collision (ccd_filter.hpp).
#include "ccd/ccd_filter.hpp"

namespace exactgeom::detail::ccd {

FilterStats& filter_stats() {
  static thread_local FilterStats s;
  return s;
}

std::optional<Certified> filter(Kind, const double*, double) {
  ++filter_stats().asked;
  ++filter_stats().undecided;
  return std::nullopt;
}

}  // namespace exactgeom::detail::ccd

// internal/testing/sanitized.hpp: fewer random cases under the sanitizers.
//
// The test suite runs twice in CI (.ci/run): optimized, at full size, and
// under ASan+UBSan, where every operation costs 3-30 times as much. The
// sanitized run looks for memory and undefined-behaviour errors, which the
// same code paths show on the first cases as on the last, so the long random
// loops run a fraction of their cases there. Every fixed, degenerate and
// extreme case still runs in both; so do the loops' assertions.
#pragma once

#include <algorithm>

namespace exactgeom::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

/// n, or n / divisor (at least 1) in a sanitized build.
template <class I>
constexpr I sanitized_cases(I n, I divisor = 8) {
  return kSanitized ? std::max<I>(1, n / divisor) : n;
}

}  // namespace exactgeom::testing

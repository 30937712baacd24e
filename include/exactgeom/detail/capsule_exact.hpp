// exactgeom/detail/capsule_exact.hpp: the out-of-line exact paths of the
// capsule tests (src/capsules/capsules.cpp), behind the inline filter of capsules.hpp.
//
// Flat layouts: segment-segment in dimension dim (2 or 3) is p1 q1 p2 q2
// (dim values each) then r1 r2, 4 dim + 2 values; segment-triangle is
// p q a b c (3 values each) then r, 16 values. Radii are >= 0 and doubles
// finite (the caller has checked). Each returns distance <= r1 + r2
// (strict: <). Both evaluate only the candidates in `mask` (see
// segment_segment_within and segment_triangle_within in capsule_kernel.hpp):
// the filter passes those it could not decide, after all the others
// answered no.
#pragma once

#include <gmpxx.h>

#include <cstdint>

#include "exactgeom/detail/capsule_filter.hpp"
#include "exactgeom/detail/capsule_kernel.hpp"

namespace exactgeom::detail {

/// The kernel on error-tracking doubles (the filter stage), out of line so
/// that it is compiled once, fully inlined: f in the flat layout above. The
/// candidates that stay uncertain are OR-ed into *uncertain.
/// near: segseg_fast's hint that the inputs are within rounding of touching
/// (the double value test of a certified candidate is then skipped: the
/// long-double stage decides those). certified: the candidate the second
/// look certified (capsule_first_stage.hpp: segseg_second), or -1; when given the
/// filter does not certify again.
Tri segseg_filter(const FilterDouble* f, int dim, bool strict, unsigned* uncertain,
                  bool near = false, int certified = -1);
/// candidates: the segment_triangle_within candidates to test (all, or the
/// one certified to hold the closest pair); with all, the filter certifies
/// one itself (segment_triangle_certified) trying `hint` first, and when it
/// does and `near` says the inputs are within rounding of touching, leaves
/// that candidate's value test to the later stages.
Tri segtri_filter(const FilterDouble* f, bool strict, unsigned* uncertain,
                  unsigned candidates = kAllTriangleCandidates, int hint = -1, bool near = false);

bool segseg_exact(const double* v, int dim, bool strict, unsigned mask);
bool segseg_exact(const std::int32_t* v, int dim, bool strict, unsigned mask);
bool segseg_exact(const std::int64_t* v, int dim, bool strict, unsigned mask);
bool segseg_exact(const mpz_class* v, int dim, bool strict, unsigned mask);

bool segtri_exact(const double* v, bool strict, unsigned mask);
bool segtri_exact(const std::int32_t* v, bool strict, unsigned mask);
bool segtri_exact(const std::int64_t* v, bool strict, unsigned mask);
bool segtri_exact(const mpz_class* v, bool strict, unsigned mask);

}  // namespace exactgeom::detail

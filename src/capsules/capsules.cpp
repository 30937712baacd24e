// The exact paths of the capsule tests: the kernel of
// detail/capsule_kernel.hpp run in the narrowest integer type its bit bound
// allows (fixed width for int32/int64 and for doubles that scale to 63 bits,
// GMP otherwise).
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "exactgeom/detail/capsule_exact.hpp"
#include "exactgeom/detail/capsule_filter.hpp"
#include "exactgeom/detail/capsule_kernel.hpp"
#include "exactgeom/detail/scaling.hpp"
#include "numbers/wide_int.hpp"

namespace exactgeom::detail {

namespace {

// Kernel types. fixed_int<n> holds |x| < 2^n; the bounds are those of
// capsule_kernel.hpp for b-bit inputs (b = 32 for int32, 64 for int64 and for
// doubles scaled to at most 63 bits plus sign).
using capsule2_i32 = fixed_int<capsule2_bits(32)>;  // 131 bits
using capsule3_i32 = fixed_int<capsule3_bits(32)>;  // 198 bits
using capsule2_i64 = fixed_int<capsule2_bits(64)>;  // 259 bits
using capsule3_i64 = fixed_int<capsule3_bits(64)>;  // 390 bits
static_assert(capsule2_bits(32) == 131 && capsule3_bits(32) == 198);
static_assert(capsule2_bits(64) == 259 && capsule3_bits(64) == 390);

bool certain(Tri t) {
  if (t == Tri::maybe) throw std::logic_error("exactgeom: exact capsule kernel returned maybe");
  return t == Tri::yes;
}

template <class W, int D, class In>
Vec<W, D> load(const In* v) {
  Vec<W, D> p;
  for (int i = 0; i < D; ++i) p[i] = W(v[i]);
  return p;
}

template <class W, int D, class In>
bool segseg_run(const In* v, bool strict, unsigned mask) {
  const W R = W(v[4 * D]) + W(v[4 * D + 1]);
  const W R2 = R * R;
  return certain(segment_segment_within<W, D>(load<W, D>(v), load<W, D>(v + D),
                                              load<W, D>(v + 2 * D), load<W, D>(v + 3 * D), R, R2,
                                              strict, mask));
}

template <class W, class In>
bool segtri_run(const In* v, bool strict, unsigned mask) {
  return certain(segment_triangle_within<W>(load<W, 3>(v), load<W, 3>(v + 3), load<W, 3>(v + 6),
                                            load<W, 3>(v + 9), load<W, 3>(v + 12), W(v[15]),
                                            strict, mask));
}

template <class W2, class W3, class In>
bool segseg_dispatch(const In* v, int dim, bool strict, unsigned mask) {
  return dim == 2 ? segseg_run<W2, 2>(v, strict, mask) : segseg_run<W3, 3>(v, strict, mask);
}

// Doubles: scale all coordinates and radii by the same power of two (the
// tests are homogeneous of degree 1 in coordinates and radii together).
template <int N, class IntFn, class MpzFn>
bool from_doubles(const double* v, IntFn int_fn, MpzFn mpz_fn) {
  ScaledDoubles<N> s(v);
  if (s.bits() <= 63) {
    std::int64_t w[N];
    s.to_int64(w);
    return int_fn(w);
  }
  mpz_class z[N];
  s.to_mpz(z);
  return mpz_fn(z);
}

// The second stage (capsule_filter.hpp, FilterLong): the same kernel in
// error-tracking long doubles, 11 more bits than the first filter. Inputs
// that FilterDouble cannot decide are mostly within a few double ulps of
// touching, and 2^-64 arithmetic decides nearly all of them at a fraction of
// the fixed-width integer kernel's cost (bench: capsule3d/exact/near_touching).
// Returns maybe when undecided, and narrows *mask to the candidates that
// stayed uncertain (the OR over the rest is already known to be no).
// Two flattened bodies, not three: doubles are read as they are, and int32
// and int64 inputs are converted to long doubles first, exactly (64-bit
// significand), which is what the kernel's FilterLong(long double)
// constructor did to each of them anyway. Measured on this file (GCC 12,
// -O3): three bodies 1.10 MB of object code and 18 s to compile, two 0.87 MB
// and 15 s, one (doubles converted too) 0.64 MB and 11 s but 11-19% slower
// on capsule2d/capsule3d exact/near_touching, so doubles keep their own.
template <class In>
[[gnu::flatten]] Tri segseg_long_body(const In* v, int dim, bool strict, unsigned* mask) {
  auto run = [&]<int D>() {
    auto vec = [v](int i) { return load<FilterLong, D>(v + i); };  // inputs are exact long doubles
    const FilterLong R = FilterLong(static_cast<long double>(v[4 * D])) +
                         FilterLong(static_cast<long double>(v[4 * D + 1]));
    if (*mask & kCertifiedCandidate) {  // one candidate, its value test alone
      const int k = std::countr_zero(*mask);
      return segment_segment_value_within<FilterLong, D>(k, vec(0), vec(D), vec(2 * D),
                                                         vec(3 * D), R * R, strict);
    }
    unsigned still = 0;
    const Tri t = segment_segment_within<FilterLong, D>(vec(0), vec(D), vec(2 * D), vec(3 * D), R,
                                                        R * R, strict, *mask, &still);
    if (t == Tri::maybe) *mask = still;
    return t;
  };
  return dim == 2 ? run.template operator()<2>() : run.template operator()<3>();
}

template <class In>
[[gnu::flatten]] Tri segtri_long_body(const In* v, bool strict, unsigned* mask) {
  auto vec = [v](int i) { return load<FilterLong, 3>(v + i); };
  unsigned still = 0;
  const Tri t = segment_triangle_within<FilterLong>(
      vec(0), vec(3), vec(6), vec(9), vec(12), FilterLong(static_cast<long double>(v[15])), strict,
      *mask, &still);
  if (t == Tri::maybe) *mask = still;
  return t;
}

/// The x87 unit computes long doubles as the stage's bound assumes: precision
/// control at 64 bits and rounding to nearest (the x86-64 ABI's setting; a
/// program or library that set 53-bit precision, as Direct3D 9 did, would
/// make the bound wrong). One fnstcw, on the cold path only.
bool x87_as_assumed() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned short cw = 0;
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  return (cw & 0x0f00) == 0x0300;  // PC = 11 (64-bit significand), RC = 00 (nearest)
#else
  return true;
#endif
}

/// The stage on doubles as they are, on integers through long doubles;
/// maybe where the format has no 64-bit significand, or the x87 unit is not
/// set as the stage assumes.
template <class In>
Tri segseg_long(const In* v, int dim, bool strict, unsigned* mask) {
  if constexpr (!kFilterLongAvailable) {
    return Tri::maybe;
  } else if (!x87_as_assumed()) {
    return Tri::maybe;
  } else if constexpr (std::is_same_v<In, double>) {
    return segseg_long_body(v, dim, strict, mask);
  } else {
    long double w[14];
    const int n = dim == 2 ? 10 : 14;
    for (int i = 0; i < n; ++i) w[i] = static_cast<long double>(v[i]);
    return segseg_long_body<long double>(w, dim, strict, mask);
  }
}
template <class In>
Tri segtri_long(const In* v, bool strict, unsigned* mask) {
  if constexpr (!kFilterLongAvailable) {
    return Tri::maybe;
  } else if (!x87_as_assumed()) {
    return Tri::maybe;
  } else if constexpr (std::is_same_v<In, double>) {
    return segtri_long_body(v, strict, mask);
  } else {
    long double w[16];
    for (int i = 0; i < 16; ++i) w[i] = static_cast<long double>(v[i]);
    return segtri_long_body<long double>(w, strict, mask);
  }
}

}  // namespace

template <int D>
[[gnu::flatten]] Tri segseg_filter_d(const FilterDouble* f, bool strict, unsigned* uncertain,
                                     bool near, int certified) {
  auto vec = [f](int i) { return load<FilterDouble, D>(f + i); };
  const FilterDouble R = f[4 * D] + f[4 * D + 1];
  // The candidate holding the closest pair, when certain (capsule_kernel.hpp:
  // segment_segment_certified): then it alone decides, here and in the later
  // stages. Near-touching inputs reach this point; most are certified, and
  // one candidate costs about a sixth of all nine.
  // The second look's cheaper certificate (capsule_first_stage.hpp: segseg_second),
  // when it found one, saves this one.
  const int k = certified >= 0 ? certified
                               : segment_segment_certified<FilterDouble, D>(vec(0), vec(D),
                                                                            vec(2 * D), vec(3 * D));
  if (k >= 0) {
    // Within rounding of touching (segseg_fast's hint) this double value test
    // cannot decide: leave it to the long-double stage (capsule2d/capsule3d
    // exact/near_touching 13-20% faster; a wrong hint costs only time).
    if (near) {
      *uncertain |= (1u << k) | kCertifiedCandidate;
      return Tri::maybe;
    }
    const Tri t = segment_segment_value_within<FilterDouble, D>(k, vec(0), vec(D), vec(2 * D),
                                                                vec(3 * D), R * R, strict);
    if (t == Tri::maybe) *uncertain |= (1u << k) | kCertifiedCandidate;
    return t;
  }
  return segment_segment_within<FilterDouble, D>(vec(0), vec(D), vec(2 * D), vec(3 * D), R, R * R,
                                                 strict, kAllCandidates, uncertain);
}

Tri segseg_filter(const FilterDouble* f, int dim, bool strict, unsigned* uncertain, bool near,
                  int certified) {
  return dim == 2 ? segseg_filter_d<2>(f, strict, uncertain, near, certified)
                  : segseg_filter_d<3>(f, strict, uncertain, near, certified);
}

[[gnu::flatten]] Tri segtri_filter(const FilterDouble* f, bool strict, unsigned* uncertain,
                                   unsigned candidates, int hint, bool near) {
  auto vec = [f](int i) { return load<FilterDouble, 3>(f + i); };
  // The candidate holding the closest pair, when certain (capsule_kernel.hpp:
  // segment_triangle_certified): it alone decides, here and in the later
  // stages (the exact path re-runs the uncertain candidates only). Near-
  // touching inputs reach this point; one candidate costs a small part of
  // thirty. Points arrive with their candidate certified already.
  if (candidates == kAllTriangleCandidates) {
    const int k = segment_triangle_certified<FilterDouble>(vec(0), vec(3), vec(6), vec(9), vec(12), hint);
    if (k >= 0) {
      candidates = 1u << k;
      // Within rounding of touching (segtri_fast's hint) the double value
      // test cannot decide: the long-double stage takes the candidate.
      if (near) {
        *uncertain = candidates;
        return Tri::maybe;
      }
    }
  }
  return segment_triangle_within<FilterDouble>(vec(0), vec(3), vec(6), vec(9), vec(12), f[15],
                                               strict, candidates, uncertain);
}

bool segseg_exact(const std::int32_t* v, int dim, bool strict, unsigned mask) {
  if (const Tri t = segseg_long(v, dim, strict, &mask); t != Tri::maybe) return t == Tri::yes;
  return segseg_dispatch<capsule2_i32, capsule3_i32>(v, dim, strict, mask);
}
bool segseg_exact(const std::int64_t* v, int dim, bool strict, unsigned mask) {
  if (const Tri t = segseg_long(v, dim, strict, &mask); t != Tri::maybe) return t == Tri::yes;
  return segseg_dispatch<capsule2_i64, capsule3_i64>(v, dim, strict, mask);
}
bool segseg_exact(const mpz_class* v, int dim, bool strict, unsigned mask) {
  return segseg_dispatch<mpz_class, mpz_class>(v, dim, strict, mask);
}
bool segseg_exact(const double* v, int dim, bool strict, unsigned mask) {
  if (const Tri t = segseg_long(v, dim, strict, &mask); t != Tri::maybe) return t == Tri::yes;
  auto ints = [&](const std::int64_t* w) {
    return segseg_dispatch<capsule2_i64, capsule3_i64>(w, dim, strict, mask);
  };
  auto big = [&](const mpz_class* z) { return segseg_exact(z, dim, strict, mask); };
  return dim == 2 ? from_doubles<10>(v, ints, big) : from_doubles<14>(v, ints, big);
}

bool segtri_exact(const std::int32_t* v, bool strict, unsigned mask) {
  if (const Tri t = segtri_long(v, strict, &mask); t != Tri::maybe) return t == Tri::yes;
  return segtri_run<capsule3_i32>(v, strict, mask);
}
bool segtri_exact(const std::int64_t* v, bool strict, unsigned mask) {
  if (const Tri t = segtri_long(v, strict, &mask); t != Tri::maybe) return t == Tri::yes;
  return segtri_run<capsule3_i64>(v, strict, mask);
}
bool segtri_exact(const mpz_class* v, bool strict, unsigned mask) {
  return segtri_run<mpz_class>(v, strict, mask);
}
bool segtri_exact(const double* v, bool strict, unsigned mask) {
  if (const Tri t = segtri_long(v, strict, &mask); t != Tri::maybe) return t == Tri::yes;
  return from_doubles<16>(
      v, [&](const std::int64_t* w) { return segtri_run<capsule3_i64>(w, strict, mask); },
      [&](const mpz_class* z) { return segtri_exact(z, strict, mask); });
}

}  // namespace exactgeom::detail

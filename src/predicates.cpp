// The exact paths behind the inline filters of predicates.hpp: scaling of
// doubles and rationals to integers, and the integer kernel run in the
// narrowest type the bit bounds allow.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "exactgeom/detail/exact.hpp"
#include "exactgeom/detail/kernel.hpp"
#include "exactgeom/detail/scaling.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::detail {

void require_finite(const double* v, int n, const char* what) {
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(v[i]))
      throw invalid_input(std::string(what) + ": coordinate " + std::to_string(i) + " is " +
                          (std::isnan(v[i]) ? "NaN" : "infinite"));
}

namespace {

template <class W, int N, class From>
void widen(const From* in, W (&out)[N]) {
  for (int i = 0; i < N; ++i) out[i] = W(in[i]);
}

// Kernels on integer coordinates of a known width, in the type the bound
// picks (wide_int.hpp states and checks each bound).
int orient2d_int(const std::int64_t* v) {
  return orient2d_i64(v[0], v[1], v[2], v[3], v[4], v[5]);
}

// `bits` bounds the inputs: every v[i] is a bits-wide two's complement
// integer, -2^(bits-1) <= v[i] < 2^(bits-1).
int orient3d_int(const std::int64_t* v, int bits) {
  if (bits <= 32) {
    static_assert(fits(orient3d_bits(32), 128));
    int128 w[12];
    widen(v, w);
    return orient3d_k(w, w + 3, w + 6, w + 9);
  }
  if (bits - 1 <= kOrient3dI62Bits) return orient3d_i62(v, v + 3, v + 6, v + 9);
  i64_wide_orient3d w[12];
  widen(v, w);
  return orient3d_k(w, w + 3, w + 6, w + 9);
}

int incircle_int(const std::int64_t* v, int bits) {
  if (bits <= 32) {
    i32_wide_incircle w[8];
    widen(v, w);
    return incircle_k(w, w + 2, w + 4, w + 6);
  }
  i64_wide_incircle w[8];
  widen(v, w);
  return incircle_k(w, w + 2, w + 4, w + 6);
}

int insphere_int(const std::int64_t* v, int bits) {
  if (bits <= 32) {
    i32_wide_insphere w[15];
    widen(v, w);
    return insphere_det_k(w, w + 3, w + 6, w + 9, w + 12);
  }
  i64_wide_insphere w[15];
  widen(v, w);
  return insphere_det_k(w, w + 3, w + 6, w + 9, w + 12);
}

// Doubles: scale every coordinate by 2^-e_min (positive, so every sign is
// kept: all four determinants are homogeneous) and run the kernel on the
// integers, in int64 when they fit, else in GMP.
template <int N, class IntFn, class MpzFn>
int exact_from_doubles(const double* v, const char* what, IntFn int_fn, MpzFn mpz_fn) {
  require_finite(v, N, what);
  ScaledDoubles<N> s(v);
  if (s.all_zero()) return 0;
  if (s.bits() <= 63) {
    std::int64_t w[N];
    s.to_int64(w);
    return int_fn(w, s.bits() + 1);
  }
  mpz_class z[N];
  s.to_mpz(z);
  return mpz_fn(z);
}

}  // namespace

int orient2d_exact(const double* c) {
  return exact_from_doubles<6>(
      c, "orient2d", [](const std::int64_t* w, int) { return orient2d_int(w); },
      [](const mpz_class* z) { return orient2d_exact(z); });
}
int orient3d_exact(const double* c) {
  return exact_from_doubles<12>(
      c, "orient3d", [](const std::int64_t* w, int b) { return orient3d_int(w, b); },
      [](const mpz_class* z) { return orient3d_exact(z); });
}
int incircle_exact(const double* c) {
  return exact_from_doubles<8>(
      c, "incircle", [](const std::int64_t* w, int b) { return incircle_int(w, b); },
      [](const mpz_class* z) { return incircle_exact(z); });
}
int insphere_det_exact(const double* c) {
  return exact_from_doubles<15>(
      c, "insphere", [](const std::int64_t* w, int b) { return insphere_int(w, b); },
      [](const mpz_class* z) { return insphere_det_exact(z); });
}

int incircle_exact(const std::int32_t* c) {
  i32_wide_incircle w[8];
  widen(c, w);
  return incircle_k(w, w + 2, w + 4, w + 6);
}
int insphere_det_exact(const std::int32_t* c) {
  i32_wide_insphere w[15];
  widen(c, w);
  return insphere_det_k(w, w + 3, w + 6, w + 9, w + 12);
}
int orient3d_exact(const std::int64_t* c) {
  // The 192-bit path when every c[i] is in [-2^62, 2^62), else fixed_int<256>.
  std::uint64_t any = 0;
  for (int i = 0; i < 12; ++i) any |= static_cast<std::uint64_t>(c[i] < 0 ? ~c[i] : c[i]);
  return orient3d_int(c, static_cast<int>(std::bit_width(any)) + 1);
}
int incircle_exact(const std::int64_t* c) { return incircle_int(c, 64); }
int insphere_det_exact(const std::int64_t* c) { return insphere_int(c, 64); }

int orient2d_exact(const mpz_class* c) { return orient2d_k(c[0], c[1], c[2], c[3], c[4], c[5]); }
int orient3d_exact(const mpz_class* c) { return orient3d_k(c, c + 3, c + 6, c + 9); }
int incircle_exact(const mpz_class* c) { return incircle_k(c, c + 2, c + 4, c + 6); }
int insphere_det_exact(const mpz_class* c) { return insphere_det_k(c, c + 3, c + 6, c + 9, c + 12); }

mpz_class to_mpz(const cpp_int& v) {
  std::vector<std::uint64_t> limbs;
  export_bits(v, std::back_inserter(limbs), 64, false);  // magnitude, little-endian limbs
  mpz_class z;
  if (!limbs.empty())
    mpz_import(z.get_mpz_t(), limbs.size(), -1, sizeof(std::uint64_t), 0, 0, limbs.data());
  if (v.sign() < 0) z = -z;
  return z;
}

cpp_int to_cpp_int(const mpz_class& v) {
  const std::size_t n = (mpz_sizeinbase(v.get_mpz_t(), 2) + 63) / 64;
  std::vector<std::uint64_t> limbs(n);
  std::size_t count = 0;
  mpz_export(limbs.data(), &count, -1, sizeof(std::uint64_t), 0, 0, v.get_mpz_t());
  cpp_int r;
  import_bits(r, limbs.begin(), limbs.begin() + static_cast<std::ptrdiff_t>(count), 64, false);
  return sgn(v) < 0 ? cpp_int(-r) : r;
}

mpq_class to_mpq(const cpp_rational& v) {
  mpq_class q(to_mpz(numerator(v)), to_mpz(denominator(v)));
  q.canonicalize();
  return q;
}

cpp_rational to_cpp_rational(const mpq_class& v) {
  return cpp_rational(to_cpp_int(v.get_num()), to_cpp_int(v.get_den()));
}

void scale_to_integers(const mpq_class* in, mpz_class* out, int n) {
  mpz_class l = 1;
  for (int i = 0; i < n; ++i) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), in[i].get_den_mpz_t());
  for (int i = 0; i < n; ++i) {
    mpz_divexact(out[i].get_mpz_t(), l.get_mpz_t(), in[i].get_den_mpz_t());
    out[i] *= in[i].get_num();
  }
}

}  // namespace exactgeom::detail

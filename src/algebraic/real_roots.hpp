// src/algebraic/real_roots.hpp: exact real algebraic numbers, small -- the
// roots in [0, 1] of polynomials with integer coefficients, each kept as the
// polynomial and an isolating interval with dyadic endpoints, and what the
// continuous collision of moving primitives asks of them (src/ccd/): the
// sign of another polynomial at a root, the order of two roots, and the two
// roundings of a root to double, all exact.
//
// Why our own (checked on Debian 12): GMP has integers but no polynomials;
// FLINT 2.9 (libflint-dev) counts the real roots of an fmpz_poly
// (fmpz_poly_num_real_roots) but does not isolate them, and arb
// (libflint-arb-dev 2.23) isolates complex roots numerically
// (arb_fmpz_poly_complex_roots: balls, refined until they separate), not
// in exact intervals; either is a second number library beside GMP for
// polynomials of degree 6 in one variable. What is needed here is a few
// hundred lines (Collins and Akritas' Descartes bisection, primitive
// remainder sequences) on GMP's integers (mpz_class).
//
// Sources: G. E. Collins and A. G. Akritas, "Polynomial real root isolation
// using Descarte's rule of signs" (SYMSAC 1976); F. Rouillier and P.
// Zimmermann, "Efficient isolation of polynomial's real roots" (J. Comput.
// Appl. Math. 162, 2004), the bisection over [c / 2^k, (c + 1) / 2^k] with
// Taylor shifts; C. K. Yap, "Fundamental Problems of Algorithmic Algebra"
// (2000), ch. 3 (primitive remainder sequences) and ch. 6 (root bounds).
//
// Not API: internal to the library (tests/real_roots_test.cpp is its
// white-box test, against the slow oracle of internal/testing/roots_oracle.hpp).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <vector>

namespace exactgeom::detail::algebraic {

/// A polynomial in one variable with integer coefficients: c[k] is the
/// coefficient of x^k; no trailing zeros (the zero polynomial is empty).
struct Poly {
  std::vector<mpz_class> c;
  int degree() const { return static_cast<int>(c.size()) - 1; }
  bool zero() const { return c.empty(); }
  void trim();
};

Poly operator+(const Poly& a, const Poly& b);
Poly operator-(const Poly& a, const Poly& b);
Poly operator*(const Poly& a, const Poly& b);
Poly operator*(const Poly& a, const mpz_class& k);
Poly derivative(const Poly& p);
/// p divided by the gcd of its coefficients, with a positive leading
/// coefficient (the zero polynomial stays zero).
Poly primitive(Poly p);
/// The greatest common divisor, primitive with a positive leading
/// coefficient (primitive pseudo-remainder sequence); gcd(0, 0) = 0.
Poly gcd(const Poly& a, const Poly& b);
/// The square-free part p / gcd(p, p'), primitive: the same roots, each
/// simple.
Poly square_free(const Poly& p);
/// p / x^k for the largest k with x^k dividing p (the roots but 0).
Poly without_zero_root(Poly p);

/// Signs of p exactly: at a rational, and at m 2^e (a dyadic, e of any sign).
int sign_at(const Poly& p, const mpq_class& x);
int sign_at_dyadic(const Poly& p, const mpz_class& m, long e);

/// A real root alpha of a square-free polynomial p, in [0, 1]: either exact
/// (alpha = num / 2^k) or alone strictly inside (c / 2^k, (c + 1) / 2^k),
/// whose ends are not roots of p; sign_lo is the sign of p at the lower end.
struct RealRoot {
  Poly p;
  mpz_class c;  // the lower end's numerator
  unsigned long k = 0;
  bool exact = false;  // alpha = c / 2^k
  int sign_lo = 0;     // (inexact) sign of p at c / 2^k

  mpq_class lo() const;
  mpq_class hi() const;  // lo() when exact
  /// Halves the interval (or finds the root exact at the midpoint).
  void bisect();
};

/// The real roots of p in [0, 1] (p of any degree, not zero; multiple roots
/// once each), in increasing order, each isolated from the others (the
/// intervals are disjoint). Descartes' rule with bisection.
std::vector<RealRoot> roots_in_unit_interval(const Poly& p);

/// The sign of q at the root (refining the root's interval as needed): 0
/// exactly when the two polynomials share that root.
int sign_at(const Poly& q, RealRoot& r);
/// The order of two roots: -1, 0 (equal), +1.
int compare(RealRoot& a, RealRoot& b);
/// The root rounded to the nearest double (ties to even), and the largest
/// double not above it.
double round_nearest(RealRoot& r);
double round_down(RealRoot& r);
/// Both at once (one search).
void round_both(RealRoot& r, double& nearest, double& down);

}  // namespace exactgeom::detail::algebraic

// tests/predicates_test.cpp: exactgeom/predicates.hpp checked against the
// independent mpq oracle (tests/oracle.hpp) for all eight coordinate types,
// plus the first float-error measurements of the naive determinants.
#include "exactgeom/predicates.hpp"
#include "exactgeom/boost.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "exactgeom/detail/exact.hpp"
#include "exactgeom/reference/naive_predicates.hpp"
#include "testing/sanitized.hpp"
#include "testing/oracle.hpp"

namespace {

using exactgeom::cpp_int;
using exactgeom::cpp_rational;
using exactgeom::Point2;
using exactgeom::Point3;
namespace oracle = exactgeom::testing::oracle;
using Rng = std::mt19937_64;

// ---------------------------------------------------------------------------
// Random numbers (deterministic: fixed seeds, no std distributions).

std::int64_t uniform_int(Rng& rng, std::int64_t lo, std::int64_t hi) {  // inclusive
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  const std::uint64_t r = span == 0 ? rng() : rng() % span;
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + r);
}

mpz_class pow2z(unsigned e) {
  mpz_class r = 1;
  r <<= e;
  return r;
}

mpq_class pow2q(long e) {
  return e >= 0 ? mpq_class(pow2z(static_cast<unsigned>(e)))
                : mpq_class(mpz_class(1), pow2z(static_cast<unsigned>(-e)));
}

mpz_class random_bits(Rng& rng, unsigned bits) {  // uniform in [0, 2^bits)
  mpz_class r = 0;
  unsigned got = 0;
  for (; got < bits; got += 64) {
    r <<= 64;
    r += mpz_class(static_cast<unsigned long>(rng()));
  }
  r >>= got - bits;
  return r;
}

mpz_class random_signed(Rng& rng, unsigned bits) {  // in (-2^bits, 2^bits)
  mpz_class v = random_bits(rng, bits);
  if (rng() & 1) v = -v;
  return v;
}

mpz_class random_below(Rng& rng, const mpz_class& n) {  // in [0, n), n > 0
  return mpz_class(random_bits(rng, static_cast<unsigned>(mpz_sizeinbase(n.get_mpz_t(), 2)) + 64) %
                   n);
}

// ---------------------------------------------------------------------------
// Exact conversion from mpq_class to each coordinate type (throws if the
// value is not representable: the generators below must never ask for that).

template <class T>
T from_q(const mpq_class& q) {
  auto fail = [&] { return std::logic_error("from_q: not representable: " + q.get_str()); };
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    if (q.get_den() != 1 || !q.get_num().fits_slong_p()) throw fail();
    const long v = q.get_num().get_si();
    if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) throw fail();
    return static_cast<T>(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (sgn(q) == 0) return T(0);
    const auto s = mpz_scan1(q.get_den().get_mpz_t(), 0);
    if (mpz_sizeinbase(q.get_den().get_mpz_t(), 2) != s + 1) throw fail();  // not dyadic
    mpz_class m = abs(q.get_num());
    const auto t = mpz_scan1(m.get_mpz_t(), 0);
    m >>= t;
    if (mpz_sizeinbase(m.get_mpz_t(), 2) > std::numeric_limits<T>::digits) throw fail();
    double v = std::ldexp(static_cast<double>(m.get_si()),
                          static_cast<int>(static_cast<long>(t) - static_cast<long>(s)));
    if (sgn(q) < 0) v = -v;
    const T out = static_cast<T>(v);
    if (!std::isfinite(out) || oracle::to_q(out) != q) throw fail();
    return out;
  } else if constexpr (std::is_same_v<T, mpq_class>) {
    return q;
  } else if constexpr (std::is_same_v<T, mpz_class>) {
    if (q.get_den() != 1) throw fail();
    return q.get_num();
  } else if constexpr (std::is_same_v<T, cpp_int>) {
    if (q.get_den() != 1) throw fail();
    return cpp_int(q.get_num().get_str());
  } else {
    return cpp_rational(cpp_int(q.get_num().get_str()), cpp_int(q.get_den().get_str()));
  }
}

// ---------------------------------------------------------------------------
// Point tuples: the arguments of one predicate call, and what the library and
// the oracle answer on them (overloaded on dimension and arity).

template <class T, std::size_t D>
using Pt = std::conditional_t<D == 2, Point2<T>, Point3<T>>;

template <class T>
T& coord(Point2<T>& p, std::size_t k) {
  return k == 0 ? p.x : p.y;
}
template <class T>
T& coord(Point3<T>& p, std::size_t k) {
  return k == 0 ? p.x : (k == 1 ? p.y : p.z);
}

template <class T>
int lib_sign(const std::array<Point2<T>, 3>& p) {
  return static_cast<int>(exactgeom::orient2d(p[0], p[1], p[2]));
}
template <class T>
int lib_sign(const std::array<Point3<T>, 4>& p) {
  return static_cast<int>(exactgeom::orient3d(p[0], p[1], p[2], p[3]));
}
template <class T>
int lib_sign(const std::array<Point2<T>, 4>& p) {
  return static_cast<int>(exactgeom::incircle(p[0], p[1], p[2], p[3]));
}
template <class T>
int lib_sign(const std::array<Point3<T>, 5>& p) {
  return static_cast<int>(exactgeom::insphere(p[0], p[1], p[2], p[3], p[4]));
}
template <class T>
int oracle_sign(const std::array<Point2<T>, 3>& p) {
  return oracle::orient2d(p[0], p[1], p[2]);
}
template <class T>
int oracle_sign(const std::array<Point3<T>, 4>& p) {
  return oracle::orient3d(p[0], p[1], p[2], p[3]);
}
template <class T>
int oracle_sign(const std::array<Point2<T>, 4>& p) {
  return oracle::incircle(p[0], p[1], p[2], p[3]);
}
template <class T>
int oracle_sign(const std::array<Point3<T>, 5>& p) {
  return oracle::insphere(p[0], p[1], p[2], p[3], p[4]);
}
template <class F>
int naive_sign(const std::array<Point2<F>, 3>& p) {
  return static_cast<int>(exactgeom::reference::orient2d(p[0], p[1], p[2]));
}
template <class F>
int naive_sign(const std::array<Point3<F>, 4>& p) {
  return static_cast<int>(exactgeom::reference::orient3d(p[0], p[1], p[2], p[3]));
}
template <class F>
int naive_sign(const std::array<Point2<F>, 4>& p) {
  return static_cast<int>(exactgeom::reference::incircle(p[0], p[1], p[2], p[3]));
}
template <class F>
int naive_sign(const std::array<Point3<F>, 5>& p) {
  return static_cast<int>(exactgeom::reference::insphere(p[0], p[1], p[2], p[3], p[4]));
}

template <class P>
std::string describe(const P& pts) {
  std::ostringstream o;
  for (const auto& p : pts) {
    const auto q = oracle::to_q(p);
    o << "(";
    for (std::size_t k = 0; k < q.size(); ++k) o << (k ? ", " : "") << q[k].get_str();
    o << ") ";
  }
  return o.str();
}

/// Counts library answers that differ from the oracle; keeps the first few.
struct Tally {
  long checked = 0, wrong = 0, nonzero = 0;
  std::string examples;
  template <class P>
  int check(const P& pts) {
    const int got = lib_sign(pts), want = oracle_sign(pts);
    ++checked;
    if (want != 0) ++nonzero;
    if (got != want && ++wrong <= 3)
      examples += "\n  library " + std::to_string(got) + ", oracle " + std::to_string(want) +
                  " at " + describe(pts);
    return want;
  }
};
#define EXPECT_ALL_MATCH(t) \
  EXPECT_EQ((t).wrong, 0) << (t).checked << " checked, first mismatches:" << (t).examples

// ---------------------------------------------------------------------------
// Configurations built in integer coordinates K (|K| < 2^bits), then mapped
// to a coordinate type by x = base + unit * K (unit > 0: every sign kept).

template <std::size_t D, std::size_t N>
using IntConfig = std::array<std::array<mpz_class, D>, N>;

struct Affine {
  std::array<mpq_class, 3> base;
  mpq_class unit;
};

template <class T, std::size_t D, std::size_t N>
std::array<Pt<T, D>, N> embed(const IntConfig<D, N>& k, const Affine& f) {
  std::array<Pt<T, D>, N> out{};
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t a = 0; a < D; ++a)
      coord(out[i], a) = from_q<T>(mpq_class(f.base[a] + f.unit * k[i][a]));
  return out;
}

template <std::size_t D, std::size_t N>
IntConfig<D, N> random_config(Rng& rng, unsigned bits) {
  IntConfig<D, N> k;
  for (auto& p : k)
    for (auto& c : p) c = random_signed(rng, bits);
  return k;
}

/// N points on one line: a + s_i d.
template <std::size_t D, std::size_t N>
IntConfig<D, N> collinear(Rng& rng, unsigned bits) {
  const unsigned h = (bits - 2) / 2;
  IntConfig<D, N> k;
  std::array<mpz_class, D> a, d;
  for (std::size_t c = 0; c < D; ++c)
    a[c] = random_signed(rng, bits - 1), d[c] = random_signed(rng, h);
  for (auto& p : k) {
    const mpz_class s = random_signed(rng, h);
    for (std::size_t c = 0; c < D; ++c) p[c] = a[c] + s * d[c];
  }
  return k;
}

/// N points on one plane: a + s_i u + t_i v.
template <std::size_t N>
IntConfig<3, N> coplanar(Rng& rng, unsigned bits) {
  const unsigned h = (bits - 3) / 2;
  IntConfig<3, N> k;
  std::array<mpz_class, 3> a, u, v;
  for (std::size_t c = 0; c < 3; ++c)
    a[c] = random_signed(rng, bits - 2), u[c] = random_signed(rng, h), v[c] = random_signed(rng, h);
  for (auto& p : k) {
    const mpz_class s = random_signed(rng, h), t = random_signed(rng, h);
    for (std::size_t c = 0; c < 3; ++c) p[c] = a[c] + s * u[c] + t * v[c];
  }
  return k;
}

/// N lattice points on one circle (D = 2) or sphere (D = 3), by the rational
/// parametrisations (q^2 - p^2, 2pq) / (p^2 + q^2) and
/// (2ps, 2qs, p^2 + q^2 - s^2) / (p^2 + q^2 + s^2), times a radius r that is
/// a multiple of every denominator, plus a center.
template <std::size_t D, std::size_t N>
IntConfig<D, N> cospherical(Rng& rng, unsigned bits) {
  const long w = std::clamp<long>((static_cast<long>(bits) - 4) / (D == 2 ? 8 : 10), 1, 8);
  const long range = (1L << w) - 1;
  const mpz_class limit = pow2z(bits - 2);
  for (;;) {
    std::array<std::array<long, 3>, N> par{};
    mpz_class l = 1;
    for (auto& v : par) {
      do {
        for (std::size_t c = 0; c < D; ++c) v[c] = uniform_int(rng, -range, range);
      } while (v[0] == 0 && v[1] == 0 && v[2] == 0);
      l = lcm(l, mpz_class(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
    }
    if (l >= limit) continue;
    const mpz_class r = l * (random_below(rng, mpz_class(limit / l)) + 1);  // <= 2^(bits-2)
    IntConfig<D, N> k;
    for (std::size_t i = 0; i < N; ++i) {
      const long p = par[i][0], q = par[i][1], s = par[i][2];
      const mpz_class m = r / (p * p + q * q + s * s);
      std::array<long, 3> dir{};
      if constexpr (D == 2)
        dir = {q * q - p * p, 2 * p * q, 0};
      else
        dir = {2 * p * s, 2 * q * s, p * p + q * q - s * s};
      for (std::size_t c = 0; c < D; ++c) k[i][c] = m * dir[c];
    }
    std::array<mpz_class, D> center;
    for (auto& c : center) c = random_signed(rng, bits - 2);
    for (auto& p : k)
      for (std::size_t c = 0; c < D; ++c) p[c] += center[c];
    return k;
  }
}

/// Moves one coordinate of one point by +-2^j (staying inside the budget).
template <std::size_t D, std::size_t N>
IntConfig<D, N> perturbed(IntConfig<D, N> k, Rng& rng, unsigned j, unsigned bits) {
  const std::size_t i = rng() % N, a = rng() % D;
  mpz_class delta = pow2z(j);
  if (rng() & 1) delta = -delta;
  mpz_class v = k[i][a] + delta;
  if (abs(v) >= pow2z(bits)) v = k[i][a] - delta;
  k[i][a] = v;
  return k;
}

// Per coordinate type: how wide a config may be, and the maps used.
template <class T>
constexpr unsigned config_bits() {
  if constexpr (std::is_same_v<T, std::int32_t>)
    return 31;
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return 63;
  else if constexpr (std::is_same_v<T, float>)
    return 24;
  else if constexpr (std::is_same_v<T, double>)
    return 53;
  else if constexpr (std::is_same_v<T, mpz_class> || std::is_same_v<T, cpp_int>)
    return 256;
  else
    return 128;
}

template <class T>
constexpr bool is_rational_v = std::is_same_v<T, mpq_class> || std::is_same_v<T, cpp_rational>;
template <class T>
constexpr bool is_big_int_v = std::is_same_v<T, mpz_class> || std::is_same_v<T, cpp_int>;

/// A random map keeping configs of config_bits<T>() representable: floats get
/// a random power of two over the whole exponent range (subnormal included),
/// big integers a 300-bit offset and a 64-bit unit, rationals offsets and
/// units with 200-bit denominators.
template <class T>
Affine random_affine(Rng& rng) {
  Affine f{{0, 0, 0}, 1};
  if constexpr (std::is_same_v<T, float>)
    f.unit = pow2q(uniform_int(rng, -149, 104));
  else if constexpr (std::is_same_v<T, double>)
    f.unit = pow2q(uniform_int(rng, -1074, 970));
  else if constexpr (is_big_int_v<T>) {
    for (auto& b : f.base) b = random_signed(rng, 300);
    f.unit = random_bits(rng, 64) + 1;
  } else if constexpr (is_rational_v<T>) {
    for (auto& b : f.base) b = mpq_class(random_signed(rng, 200), random_bits(rng, 200) + 1);
    f.unit = mpq_class(random_bits(rng, 100) + 1, random_bits(rng, 200) + 1);
    for (auto& b : f.base) b.canonicalize();
    f.unit.canonicalize();
  }
  return f;
}

/// Small grids as they are (floats at unit 1/8, rationals at 1/3).
template <class T>
Affine plain_affine() {
  if constexpr (std::is_floating_point_v<T>)
    return {{0, 0, 0}, mpq_class(1, 8)};
  else if constexpr (is_rational_v<T>)
    return {{0, 0, 0}, mpq_class(1, 3)};
  else
    return {{0, 0, 0}, 1};
}

/// Small grids moved to the edge of the type: the largest and the most
/// negative int32/int64 values, the top of the float/double range, huge
/// big integers, rationals with huge denominators.
template <class T>
Affine edge_affine() {
  if constexpr (std::is_integral_v<T>) {
    const auto hi = std::numeric_limits<T>::max(), lo = std::numeric_limits<T>::min();
    return {{mpq_class(static_cast<long>(hi) - 4), mpq_class(static_cast<long>(lo)),
             mpq_class(static_cast<long>(hi) - 4)},
            1};
  } else if constexpr (std::is_floating_point_v<T>) {
    const unsigned digits = std::numeric_limits<T>::digits;
    const long e = std::is_same_v<T, float> ? 100 : 970;
    const mpq_class u = pow2q(e);
    return {{(pow2z(digits) - 5) * u, -(pow2z(digits) - 1) * u, (pow2z(digits - 1) - 2) * u}, u};
  } else if constexpr (is_big_int_v<T>) {
    return {{pow2z(300) + 7, -pow2z(301), pow2z(299) - 3}, 1};
  } else {
    mpz_class d;
    mpz_ui_pow_ui(d.get_mpz_t(), 7, 80);
    mpq_class b0(pow2z(200) + 1, d), b1(-pow2z(201) - 5, d), unit(mpz_class(1), d);
    b0.canonicalize(), b1.canonicalize(), unit.canonicalize();
    return {{b0, b1, b0}, unit};
  }
}

enum class Magnitude { small, medium, extreme };

/// One random coordinate value of type T, exactly, as mpq_class.
template <class T>
mpq_class random_value(Rng& rng, Magnitude m) {
  if (m == Magnitude::small) {
    const mpq_class v(uniform_int(rng, -8, 8));
    if constexpr (std::is_floating_point_v<T>)
      return v / 4;
    else if constexpr (is_rational_v<T>)
      return mpq_class(v / uniform_int(rng, 1, 8));
    else
      return v;
  }
  const bool extreme = m == Magnitude::extreme;
  if constexpr (std::is_integral_v<T>) {
    using L = std::numeric_limits<T>;
    if (!extreme)
      return mpq_class(uniform_int(rng, -(1L << (L::digits / 2)), 1L << (L::digits / 2)));
    if (rng() % 4 == 0) {
      const long special[] = {L::min(), L::max(), L::min() + 1, L::max() - 1, 0, -1, 1};
      return mpq_class(special[rng() % 7]);
    }
    return mpq_class(uniform_int(rng, L::min(), L::max()));
  } else if constexpr (std::is_floating_point_v<T>) {
    using L = std::numeric_limits<T>;
    if (extreme && rng() % 8 == 0) {
      const T special[] = {0,
                           L::denorm_min(),
                           L::min(),
                           L::max(),
                           T(1e30f),
                           T(1e-30f),
                           std::is_same_v<T, double> ? T(1e300) : T(3e38f),
                           std::is_same_v<T, double> ? T(1e-300) : T(1e-44f)};
      const T v = special[rng() % 8];
      return oracle::to_q((rng() & 1) ? -v : v);
    }
    const int lo = extreme ? L::min_exponent - L::digits : -40;
    const int hi = extreme ? L::max_exponent - L::digits : 10;
    return mpq_class(random_signed(rng, L::digits) * pow2q(uniform_int(rng, lo, hi)));
  } else if constexpr (is_big_int_v<T>) {
    return mpq_class(
        random_signed(rng, extreme ? static_cast<unsigned>(uniform_int(rng, 200, 400)) : 64));
  } else {
    const unsigned nb = extreme ? static_cast<unsigned>(uniform_int(rng, 200, 300)) : 64;
    const unsigned db = extreme ? static_cast<unsigned>(uniform_int(rng, 200, 300)) : 64;
    mpq_class q(random_signed(rng, nb), random_bits(rng, db) + 1);
    q.canonicalize();
    return q;
  }
}

template <class T, std::size_t D, std::size_t N>
std::array<Pt<T, D>, N> random_points(Rng& rng, Magnitude m) {
  std::array<Pt<T, D>, N> out{};
  for (auto& p : out)
    for (std::size_t a = 0; a < D; ++a) coord(p, a) = from_q<T>(random_value<T>(rng, m));
  return out;
}

/// Calls fn(permutation, parity) for every permutation of N indices.
template <std::size_t N, class Fn>
void for_each_permutation(Fn fn) {
  std::array<std::size_t, N> p;
  for (std::size_t i = 0; i < N; ++i) p[i] = i;
  do {
    int inversions = 0;
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t j = i + 1; j < N; ++j) inversions += p[i] > p[j];
    fn(p, inversions % 2 ? -1 : 1);
  } while (std::next_permutation(p.begin(), p.end()));
}

template <class P, std::size_t N>
P permuted(const P& pts, const std::array<std::size_t, N>& perm) {
  P out = pts;
  for (std::size_t i = 0; i < N; ++i) out[i] = pts[perm[i]];
  return out;
}

// ===========================================================================
// Typed tests over the eight coordinate types.

template <class T>
class PredicatesTyped : public ::testing::Test {};

/// Under the sanitizers (testing/sanitized.hpp) the typed tests below visit
/// one case in san_stride<T>(): they look for memory and undefined-behaviour
/// errors there, which every case of a loop shows alike, and ASan multiplies
/// Boost's cpp_rational (half of this program's sanitized time at stride 1)
/// and cpp_int most. The optimized run visits every case and checks the
/// counts that need all of them.
template <class T>
constexpr int san_stride() {
  if (!exactgeom::testing::kSanitized) return 1;
  if constexpr (std::is_same_v<T, cpp_rational>) return 16;
  if constexpr (std::is_same_v<T, exactgeom::cpp_int>) return 8;
  return 4;
}
TYPED_TEST_SUITE(PredicatesTyped, oracle::CoordinateTypes, oracle::CoordinateTypeNames);

TYPED_TEST(PredicatesTyped, HandPickedSigns) {
  using T = TypeParam;
  auto p2 = [](int x, int y) { return Point2<T>{T(x), T(y)}; };
  auto p3 = [](int x, int y, int z) { return Point3<T>{T(x), T(y), T(z)}; };
  using exactgeom::Sign;
  EXPECT_EQ(exactgeom::orient2d(p2(0, 0), p2(1, 0), p2(0, 1)), Sign::positive);
  EXPECT_EQ(exactgeom::orient2d(p2(0, 0), p2(0, 1), p2(1, 0)), Sign::negative);
  EXPECT_EQ(exactgeom::orient2d(p2(0, 0), p2(1, 1), p2(3, 3)), Sign::zero);
  EXPECT_EQ(exactgeom::orient2d(p2(2, 2), p2(2, 2), p2(2, 2)), Sign::zero);
  EXPECT_EQ(exactgeom::orient3d(p3(0, 0, 0), p3(1, 0, 0), p3(0, 1, 0), p3(0, 0, 1)),
            Sign::positive);
  EXPECT_EQ(exactgeom::orient3d(p3(0, 0, 0), p3(0, 1, 0), p3(1, 0, 0), p3(0, 0, 1)),
            Sign::negative);
  EXPECT_EQ(exactgeom::orient3d(p3(0, 0, 0), p3(1, 0, 0), p3(0, 1, 0), p3(5, 7, 0)), Sign::zero);
  EXPECT_EQ(exactgeom::incircle(p2(1, 0), p2(0, 1), p2(-1, 0), p2(0, 0)), Sign::positive);
  EXPECT_EQ(exactgeom::incircle(p2(1, 0), p2(0, 1), p2(-1, 0), p2(2, 0)), Sign::negative);
  EXPECT_EQ(exactgeom::incircle(p2(1, 0), p2(0, 1), p2(-1, 0), p2(0, -1)), Sign::zero);
  EXPECT_EQ(exactgeom::incircle(p2(0, 1), p2(1, 0), p2(-1, 0), p2(0, 0)), Sign::negative);  // cw
  // a..d positively oriented on the unit sphere: e = 0 inside, (2,0,0) outside.
  const auto a = p3(1, 0, 0), b = p3(0, 1, 0), c = p3(0, 0, 1), d = p3(-1, 0, 0);
  ASSERT_EQ(exactgeom::orient3d(a, c, b, d), Sign::positive);
  EXPECT_EQ(exactgeom::insphere(a, c, b, d, p3(0, 0, 0)), Sign::positive);
  EXPECT_EQ(exactgeom::insphere(a, c, b, d, p3(2, 0, 0)), Sign::negative);
  EXPECT_EQ(exactgeom::insphere(a, c, b, d, p3(0, -1, 0)), Sign::zero);
  EXPECT_EQ(exactgeom::insphere(a, b, c, d, p3(0, 0, 0)), Sign::negative);
}

/// Every ordered triple of a 5x5 grid (15,625), once as small numbers and
/// once moved to the edge of the type; expected signs from the oracle on
/// the integer grid (the maps keep every sign).
TYPED_TEST(PredicatesTyped, Orient2dEveryTripleOf5x5Grid) {
  using T = TypeParam;
  std::vector<std::array<mpz_class, 2>> grid;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) grid.push_back({i, j});
  for (const Affine& f : {plain_affine<T>(), edge_affine<T>()}) {
    long wrong = 0, zeros = 0, index = 0;
    for (const auto& a : grid)
      for (const auto& b : grid)
        for (const auto& c : grid) {
          if (index++ % san_stride<T>() != 0) continue;
          const IntConfig<2, 3> k{a, b, c};
          const int want = oracle_sign(embed<mpz_class>(k, Affine{{0, 0, 0}, 1}));
          zeros += want == 0;
          const auto pts = embed<T>(k, f);
          if (lib_sign(pts) != want && ++wrong <= 3)
            ADD_FAILURE() << describe(pts) << " want " << want;
        }
    EXPECT_EQ(wrong, 0);
    // Ordered collinear triples, coincident points included (all visited).
    if (san_stride<T>() == 1) EXPECT_EQ(zeros, 2737);
    else EXPECT_GT(zeros, 2737 / san_stride<T>() / 2);
  }
}

TYPED_TEST(PredicatesTyped, IncircleEveryQuadrupleOf3x3Grid) {
  using T = TypeParam;
  std::vector<std::array<mpz_class, 2>> grid;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) grid.push_back({i, j});
  std::vector<int> want;
  for (const auto& a : grid)
    for (const auto& b : grid)
      for (const auto& c : grid)
        for (const auto& d : grid)
          want.push_back(
              oracle_sign(embed<mpz_class>(IntConfig<2, 4>{a, b, c, d}, Affine{{0, 0, 0}, 1})));
  EXPECT_EQ(want.size(), 6561u);
  for (const Affine& f : {plain_affine<T>(), edge_affine<T>()}) {
    long wrong = 0;
    std::size_t n = 0;
    for (const auto& a : grid)
      for (const auto& b : grid)
        for (const auto& c : grid)
          for (const auto& d : grid) {
            if (n % san_stride<T>() == 0) {
              const auto pts = embed<T>(IntConfig<2, 4>{a, b, c, d}, f);
              if (lib_sign(pts) != want[n] && ++wrong <= 3)
                ADD_FAILURE() << describe(pts) << " want " << want[n];
            }
            ++n;
          }
    EXPECT_EQ(wrong, 0);
  }
  // Counted independently (integer arithmetic in Python): 3873 zero, 1344 each sign.
  EXPECT_EQ(std::count(want.begin(), want.end(), 0), 3873);
  EXPECT_EQ(std::count(want.begin(), want.end(), 1), 1344);
}

/// Random quadruples / quintuples of a 4x4x4 / 3x3x3 grid (many coplanar
/// and cospherical ones), small and at the edge of the type.
template <class T, std::size_t N>
void check_sampled_3d_grid(int side, int samples, std::uint64_t seed) {
  Rng rng(seed);
  for (const Affine& f : {plain_affine<T>(), edge_affine<T>()}) {
    long wrong = 0, zeros = 0;
    for (int n = 0; n < samples; ++n) {
      IntConfig<3, N> k;
      for (auto& p : k)
        for (auto& c : p) c = uniform_int(rng, 0, side - 1);
      const int want = oracle_sign(embed<mpz_class>(k, Affine{{0, 0, 0}, 1}));
      zeros += want == 0;
      const auto pts = embed<T>(k, f);
      if (lib_sign(pts) != want && ++wrong <= 3) ADD_FAILURE() << describe(pts) << " want " << want;
    }
    EXPECT_EQ(wrong, 0);
    EXPECT_GT(zeros, samples / 20);
    EXPECT_LT(zeros, samples);
  }
}
TYPED_TEST(PredicatesTyped, Orient3dSampledGrid) {
  check_sampled_3d_grid<TypeParam, 4>(4, 6000 / san_stride<TypeParam>(), 31);
}
TYPED_TEST(PredicatesTyped, InsphereSampledGrid) {
  check_sampled_3d_grid<TypeParam, 5>(3, 4000 / san_stride<TypeParam>(), 37);
}

TYPED_TEST(PredicatesTyped, RandomInputsAtSmallMediumAndExtremeMagnitudes) {
  using T = TypeParam;
  Rng rng(41);
  for (Magnitude m : {Magnitude::small, Magnitude::medium, Magnitude::extreme}) {
    Tally o2, o3, ic, is;
    const int k = san_stride<T>();
    for (int n = 0; n < 400 / k; ++n) o2.check(random_points<T, 2, 3>(rng, m));
    for (int n = 0; n < 300 / k; ++n) o3.check(random_points<T, 3, 4>(rng, m));
    for (int n = 0; n < 300 / k; ++n) ic.check(random_points<T, 2, 4>(rng, m));
    for (int n = 0; n < 200 / k; ++n) is.check(random_points<T, 3, 5>(rng, m));
    SCOPED_TRACE(static_cast<int>(m));
    for (Tally* t : {&o2, &o3, &ic, &is}) {
      EXPECT_ALL_MATCH(*t);
      EXPECT_GT(t->nonzero, t->checked / 2);
    }
  }
}

/// Collinear, coplanar, cocircular and cospherical points built exactly at
/// the largest magnitudes the type allows (integers up to 2^31 / 2^63 / 256
/// bits, floats at random exponents over the whole range), all of which
/// must answer zero; then each moved by +-2^j units, j from 0 up.
TYPED_TEST(PredicatesTyped, ExactDegeneraciesAtLargeMagnitudeAndPerturbations) {
  using T = TypeParam;
  Rng rng(43);
  const unsigned bits = config_bits<T>();
  const unsigned js[] = {0, 0, 1, 2, 5, bits / 4, bits / 3, bits / 2, bits - 8};
  // still_degenerate: moving one point of four collinear ones leaves them coplanar.
  auto run = [&](const char* what, int count, auto make, bool still_degenerate = false) {
    Tally degenerate, moved;
    for (int n = 0; n < std::max(1, count / san_stride<T>()); ++n) {
      const auto k = make();
      const Affine f = random_affine<T>(rng);
      const int s = degenerate.check(embed<T>(k, f));
      ASSERT_EQ(s, 0) << what << ": the generator built a non-degenerate input";
      for (unsigned j : js) moved.check(embed<T>(perturbed(k, rng, j, bits), f));
    }
    SCOPED_TRACE(what);
    EXPECT_ALL_MATCH(degenerate);
    EXPECT_ALL_MATCH(moved);
    if (still_degenerate) {
      EXPECT_EQ(moved.nonzero, 0);
    } else {
      EXPECT_GT(moved.nonzero, moved.checked / 2);
    }
  };
  run("collinear", 150, [&] { return collinear<2, 3>(rng, bits); });
  run(
      "collinear in 3d (orient3d)", 50, [&] { return collinear<3, 4>(rng, bits); }, true);
  run("coplanar", 150, [&] { return coplanar<4>(rng, bits); });
  run("cocircular", 150, [&] { return cospherical<2, 4>(rng, bits); });
  run("collinear (incircle)", 50, [&] { return collinear<2, 4>(rng, bits); });
  run("cospherical", 100, [&] { return cospherical<3, 5>(rng, bits); });
}

/// Swapping two points flips the sign, so every predicate's sign is the
/// parity of a permutation of its points times the original: orient2d is
/// invariant under cyclic shifts, incircle and insphere under even
/// permutations; orient3d's cyclic shift (a 4-cycle) flips it.
TYPED_TEST(PredicatesTyped, SignFollowsPermutationParity) {
  using T = TypeParam;
  Rng rng(47);
  const unsigned bits = config_bits<T>();
  long wrong = 0, calls = 0;
  auto check = [&](const auto& pts) {
    constexpr std::size_t N = std::tuple_size_v<std::decay_t<decltype(pts)>>;
    const int s0 = lib_sign(pts);
    for_each_permutation<N>([&](const std::array<std::size_t, N>& perm, int parity) {
      ++calls;
      if (lib_sign(permuted(pts, perm)) != parity * s0 && ++wrong <= 3)
        ADD_FAILURE() << describe(pts) << " permuted: sign " << lib_sign(permuted(pts, perm));
    });
  };
  for (int n = 0; n < 12; ++n) {
    const Magnitude m =
        n % 3 == 0 ? Magnitude::small : (n % 3 == 1 ? Magnitude::medium : Magnitude::extreme);
    const Affine f = random_affine<T>(rng);
    check(random_points<T, 2, 3>(rng, m));
    check(random_points<T, 3, 4>(rng, m));
    check(random_points<T, 2, 4>(rng, m));
    check(embed<T>(perturbed(collinear<2, 3>(rng, bits), rng, 0, bits), f));
    check(embed<T>(perturbed(coplanar<4>(rng, bits), rng, 0, bits), f));
    check(embed<T>(perturbed(cospherical<2, 4>(rng, bits), rng, 0, bits), f));
    if (n % 2 == 0) {
      check(random_points<T, 3, 5>(rng, m));
      check(embed<T>(perturbed(cospherical<3, 5>(rng, bits), rng, 0, bits), f));
    }
  }
  EXPECT_EQ(wrong, 0) << calls << " permuted calls";
}

/// Integers: moving every point by the same vector keeps the sign (the
/// configurations are half-range so the moved points stay representable).
TYPED_TEST(PredicatesTyped, TranslationInvariance) {
  using T = TypeParam;
  {
    // Integer configurations and offsets of config_bits<T>() - 2 bits: every
    // translated coordinate is exactly representable in T (floats and
    // doubles included), so the sign must not change.
    Rng rng(53);
    const unsigned bits = config_bits<T>() - 1;
    long wrong = 0, nonzero = 0;
    auto check = [&](const auto& k) {
      Affine f{{random_signed(rng, bits - 1), random_signed(rng, bits - 1),
                random_signed(rng, bits - 1)},
               1};
      const int s = lib_sign(embed<T>(k, Affine{{0, 0, 0}, 1}));
      nonzero += s != 0;
      if (lib_sign(embed<T>(k, f)) != s && ++wrong <= 3) ADD_FAILURE() << "moved sign differs";
    };
    for (int n = 0; n < 100; ++n) {
      check(random_config<2, 3>(rng, bits - 1));
      check(perturbed(collinear<2, 3>(rng, bits - 1), rng, 0, bits - 1));
      check(random_config<3, 4>(rng, bits - 1));
      check(perturbed(coplanar<4>(rng, bits - 1), rng, 0, bits - 1));
      check(random_config<2, 4>(rng, bits - 1));
      check(perturbed(cospherical<2, 4>(rng, bits - 1), rng, 0, bits - 1));
      check(random_config<3, 5>(rng, bits - 1));
      check(cospherical<3, 5>(rng, bits - 1));
    }
    EXPECT_EQ(wrong, 0);
    EXPECT_GT(nonzero, 500);
  }
}

// ===========================================================================
// int32 / int64 over their full range.

template <class T>
class FixedWidthTyped : public ::testing::Test {};
using FixedWidthTypes = ::testing::Types<std::int32_t, std::int64_t>;
TYPED_TEST_SUITE(FixedWidthTyped, FixedWidthTypes, oracle::CoordinateTypeNames);

/// Points with coordinates among MIN, MIN+1, -1, 0, 1, MAX-1, MAX: every
/// orient2d triple of the 49 points, sampled tuples for the others.
TYPED_TEST(FixedWidthTyped, CornersOfTheFullRange) {
  using T = TypeParam;
  using L = std::numeric_limits<T>;
  const T v[] = {L::min(), T(L::min() + 1), T(-1), T(0), T(1), T(L::max() - 1), L::max()};
  std::vector<Point2<T>> g2;
  for (T x : v)
    for (T y : v) g2.push_back({x, y});
  Tally o2, o3, ic, is;
  for (const auto& a : g2)
    for (const auto& b : g2)
      for (const auto& c : g2) o2.check(std::array<Point2<T>, 3>{a, b, c});
  Rng rng(59);
  auto pick = [&] { return v[rng() % 7]; };
  auto p3 = [&] { return Point3<T>{pick(), pick(), pick()}; };
  // The random corner draws: a quarter of them under the sanitizers
  // (testing/sanitized.hpp; the exhaustive orient2d grid above runs whole).
  const int n3 = exactgeom::testing::sanitized_cases(20000, 4), n5 = exactgeom::testing::sanitized_cases(8000, 4);
  for (int n = 0; n < n3; ++n) o3.check(std::array<Point3<T>, 4>{p3(), p3(), p3(), p3()});
  for (int n = 0; n < n3; ++n)
    ic.check(
        std::array<Point2<T>, 4>{g2[rng() % 49], g2[rng() % 49], g2[rng() % 49], g2[rng() % 49]});
  for (int n = 0; n < n5; ++n) is.check(std::array<Point3<T>, 5>{p3(), p3(), p3(), p3(), p3()});
  for (Tally* t : {&o2, &o3, &ic, &is}) {
    EXPECT_ALL_MATCH(*t);
    EXPECT_GT(t->nonzero, t->checked / 4);
  }
}

// The double filter as the library runs it on int32/int64 points: on the
// differences, computed exactly in __int128 and rounded once to double.
template <class T>
double rounded_difference(T p, T q) {
  using exactgeom::detail::int128;
  return static_cast<double>(int128(p) - int128(q));
}
template <class T>
int int_filter_sign(const std::array<Point3<T>, 4>& p) {
  auto d = [&](std::size_t i, T Point3<T>::*c) { return rounded_difference(p[i].*c, p[0].*c); };
  return exactgeom::detail::orient3d_filter_d(
      d(1, &Point3<T>::x), d(1, &Point3<T>::y), d(1, &Point3<T>::z), d(2, &Point3<T>::x),
      d(2, &Point3<T>::y), d(2, &Point3<T>::z), d(3, &Point3<T>::x), d(3, &Point3<T>::y),
      d(3, &Point3<T>::z));
}
template <class T>
int int_filter_sign(const std::array<Point2<T>, 4>& p) {
  auto d = [&](std::size_t i, T Point2<T>::*c) { return rounded_difference(p[i].*c, p[3].*c); };
  return exactgeom::detail::incircle_filter_d(d(0, &Point2<T>::x), d(0, &Point2<T>::y),
                                              d(1, &Point2<T>::x), d(1, &Point2<T>::y),
                                              d(2, &Point2<T>::x), d(2, &Point2<T>::y));
}
template <class T>
int int_filter_sign(const std::array<Point3<T>, 5>& p) {
  double v[4][3];
  for (std::size_t i = 0; i < 4; ++i)
    v[i][0] = rounded_difference(p[i].x, p[4].x), v[i][1] = rounded_difference(p[i].y, p[4].y),
    v[i][2] = rounded_difference(p[i].z, p[4].z);
  return -exactgeom::detail::insphere_filter_d(v[0], v[1], v[2], v[3]);
}

/// The integer paths' filter driven to its edge: exactly degenerate
/// full-range inputs, one coordinate moved by the smallest amount (found by
/// bisection) at which the filter answers. There the filter and the
/// predicate must agree with the oracle.
TYPED_TEST(FixedWidthTyped, AtTheSmallestMoveTheFilterAnswers) {
  using T = TypeParam;
  constexpr unsigned bits = config_bits<T>();
  Rng rng(60);
  auto run = [&](const char* what, int count, auto make) {
    Tally exact;
    long filter_wrong = 0, edges = 0;
    for (int n = 0; n < count; ++n) {
      const auto k = make();
      const Affine f{{0, 0, 0}, 1};
      const std::size_t i = rng() % k.size(), a = rng() % k[0].size();
      const int dir = sgn(k[i][a]) > 0 ? -1 : 1;  // toward 0 and past it: stays in range
      auto moved = [&](std::uint64_t delta) {
        auto m = k;
        m[i][a] += dir * mpz_class(static_cast<unsigned long>(delta));
        return embed<T>(m, f);
      };
      std::uint64_t lo = 0, hi = std::uint64_t{1} << (bits - 2);
      if (int_filter_sign(moved(hi)) == 0) continue;
      if (int_filter_sign(moved(lo)) != 0) ++filter_wrong;  // exactly degenerate: must fall back
      while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (int_filter_sign(moved(mid)) != 0 ? hi : lo) = mid;
      }
      ++edges;
      for (std::uint64_t delta : {lo, hi, hi + 1, hi + 2}) {
        const auto pts = moved(delta);
        const int want = exact.check(pts), fs = int_filter_sign(pts);
        if (fs != 0 && fs != want && ++filter_wrong <= 3)
          ADD_FAILURE() << what << ": filter says " << fs << ", oracle " << want << " at "
                        << describe(pts);
      }
    }
    SCOPED_TRACE(what);
    EXPECT_ALL_MATCH(exact);
    EXPECT_EQ(filter_wrong, 0);
    EXPECT_GT(edges, count / 2);
  };
  // int32 orient3d has the same double filter in front of its __int128 kernel.
  run("orient3d", 400, [&] { return coplanar<4>(rng, bits); });
  run("incircle", 400, [&] { return cospherical<2, 4>(rng, bits); });
  run("insphere", 200, [&] { return cospherical<3, 5>(rng, bits); });
}

// ===========================================================================
// Doubles: the filter's edge, the whole exponent range, subnormals, zeros.

int filter_sign(const std::array<Point2<double>, 3>& p) {
  return exactgeom::detail::orient2d_filter(p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y);
}
int filter_sign(const std::array<Point3<double>, 4>& p) {
  double f[12];
  for (std::size_t i = 0; i < 4; ++i)
    f[3 * i] = p[i].x, f[3 * i + 1] = p[i].y, f[3 * i + 2] = p[i].z;
  return exactgeom::detail::orient3d_filter(f, f + 3, f + 6, f + 9);
}
int filter_sign(const std::array<Point2<double>, 4>& p) {
  double f[8];
  for (std::size_t i = 0; i < 4; ++i) f[2 * i] = p[i].x, f[2 * i + 1] = p[i].y;
  return exactgeom::detail::incircle_filter(f, f + 2, f + 4, f + 6);
}
int filter_sign(const std::array<Point3<double>, 5>& p) {
  double f[15];
  for (std::size_t i = 0; i < 5; ++i)
    f[3 * i] = p[i].x, f[3 * i + 1] = p[i].y, f[3 * i + 2] = p[i].z;
  return -exactgeom::detail::insphere_filter(f, f + 3, f + 6, f + 9, f + 12);  // public sign
}

/// Exactly degenerate doubles (53-bit integers times 2^e, e over the whole
/// range) moved by 1, 2, 3 ulps with nextafter, and by 2^j units for larger
/// j: near the bottom the filter cannot decide and must return 0, higher up
/// it starts answering. Wherever it answers it must agree with the oracle,
/// and the predicate must always agree.
TEST(DoubleFilterEdge, PerturbedDegeneraciesMatchOracleOnBothSidesOfTheBound) {
  Rng rng(61);
  // Exponent zones for a determinant of degree `deg`: the whole range, and
  // where its products (~(2^(53+e))^deg) cross the underflow and overflow
  // thresholds, where the filters' absolute terms and inf handling matter.
  auto run = [&](const char* what, int deg, int count, auto make) {
    count = exactgeom::testing::sanitized_cases(count);
    const long under = -1074 / deg - 53, over = 1024 / deg - 53;
    const std::array<std::array<long, 2>, 3> zones = {
        {{-1074, 970}, {under - 30, under + 30}, {over - 20, over + 10}}};
    for (const auto& zone : zones) {
      Tally exact;
      long filter_wrong = 0, fallbacks = 0, answered = 0, degenerate_answered = 0;
      auto check = [&](const auto& pts) {
        const int want = exact.check(pts);
        const int f = filter_sign(pts);
        if (f == 0)
          ++fallbacks;
        else
          ++answered;
        if (f != 0 && f != want && ++filter_wrong <= 3)
          ADD_FAILURE() << what << ": filter says " << f << ", oracle " << want << " at "
                        << describe(pts);
        return want;
      };
      for (int n = 0; n < count; ++n) {
        const auto k = make();
        const Affine f{{0, 0, 0}, pow2q(uniform_int(rng, zone[0], zone[1]))};
        auto pts = embed<double>(k, f);
        if (check(pts) == 0 && filter_sign(pts) != 0) ++degenerate_answered;
        for (int ulps = 1; ulps <= 3; ++ulps) {  // 1, 2, 3 ulps by nextafter
          auto moved = pts;
          double& x = coord(moved[rng() % moved.size()], rng() % k[0].size());
          const double dir = (rng() & 1) ? INFINITY : -INFINITY;
          for (int u = 0; u < ulps; ++u) x = std::nextafter(x, dir);
          check(moved);
        }
        for (unsigned j = 1; j < 53; j += 3) check(embed<double>(perturbed(k, rng, j, 53), f));
      }
      SCOPED_TRACE(std::string(what) + " exponents " + std::to_string(zone[0]) + ".." +
                   std::to_string(zone[1]));
      EXPECT_ALL_MATCH(exact);
      EXPECT_EQ(filter_wrong, 0);
      EXPECT_EQ(degenerate_answered, 0);
      EXPECT_GT(fallbacks, count) << "the inputs never reached the filter's bound";
      if (zone[0] == -1074 && zone[1] == 970) {
        EXPECT_GT(answered, count) << "the filter never answered";
      }
      std::cout << "[ filter   ] " << what << ", exponents " << zone[0] << ".." << zone[1] << ": "
                << exact.checked << " inputs, filter answered " << answered << ", fell back "
                << fallbacks << "\n";
    }
  };
  run("orient2d", 2, 900, [&] { return collinear<2, 3>(rng, 53); });
  run("orient3d", 3, 600, [&] { return coplanar<4>(rng, 53); });
  run("incircle", 4, 600, [&] { return cospherical<2, 4>(rng, 53); });
  run("insphere", 5, 300, [&] { return cospherical<3, 5>(rng, 53); });
}

/// For each exactly degenerate input, the smallest move of one coordinate
/// (in units of 2^e, found by bisection) at which the filter starts to
/// answer: the inputs sitting right at its error bound. There, and one and
/// two units further, a filter answer must agree with the oracle.
// The 192-bit orient3d path (kernel.hpp orient3d_i62) takes integers in
// [-2^62, 2^62); one more bit goes to fixed_int<256>. Both sides of that
// edge, for int64 inputs and for doubles whose scaled integers have 62 or 63
// magnitude bits, against the oracle: the corners of the range (the largest
// differences and minors), random values, and exactly coplanar points
// nudged by one unit.
TEST(Orient3dI62, BothSidesOfTheEdgeMatchTheOracle) {
  Rng rng(62);
  const std::int64_t lo = -(std::int64_t(1) << 62), hi = (std::int64_t(1) << 62) - 1;
  for (int wide = 0; wide < 2; ++wide) {
    const std::int64_t l = wide ? std::numeric_limits<std::int64_t>::min() : lo;
    const std::int64_t h = wide ? std::numeric_limits<std::int64_t>::max() : hi;
    const std::int64_t corner[] = {l, h, l + 1, h - 1, 0, 1, -1};
    for (int n = 0; n < 3000; ++n) {
      Point3<std::int64_t> p[4];
      for (auto& q : p)
        for (std::int64_t* c : {&q.x, &q.y, &q.z})
          *c = n % 3 == 0 ? corner[rng() % 7] : std::uniform_int_distribution<std::int64_t>(l, h)(rng);
      if (n % 3 == 2) {  // d = a + (b - a) + (c - a) (coplanar) where it stays in range, +- 1
        p[3] = {p[1].x / 2 + p[2].x / 2, p[1].y / 2 + p[2].y / 2, p[1].z / 2 + p[2].z / 2};
        p[0] = {p[1].x / 2 + p[3].x / 2, p[1].y / 2 + p[3].y / 2, p[1].z / 2 + p[3].z / 2};
        if (rng() & 1) p[3].z += (p[3].z < h) ? 1 : -1;
      }
      const int expect = oracle::orient3d(oracle::to_q(p[0]), oracle::to_q(p[1]),
                                          oracle::to_q(p[2]), oracle::to_q(p[3]));
      ASSERT_EQ(static_cast<int>(exactgeom::orient3d(p[0], p[1], p[2], p[3])), expect)
          << "int64, wide " << wide << ", case " << n;
      // The same points as doubles scaled by 2^-1000: the scaled integers
      // have the same bits whenever the value is a double exactly.
      Point3<double> d[4];
      bool exact = true;
      for (int i = 0; i < 4; ++i) {
        d[i] = {std::ldexp(double(p[i].x), -1000), std::ldexp(double(p[i].y), -1000),
                std::ldexp(double(p[i].z), -1000)};
        // (A value that rounded up to 2^63 is not exact, and converting it
        // back to int64 would be undefined.)
        const auto same = [](double x, std::int64_t v) {
          const double back = std::ldexp(x, 1000);
          return back < 0x1p63 && std::int64_t(back) == v;
        };
        exact = exact && same(d[i].x, p[i].x) && same(d[i].y, p[i].y) && same(d[i].z, p[i].z);
      }
      const int expect_d = oracle::orient3d(oracle::to_q(d[0]), oracle::to_q(d[1]),
                                            oracle::to_q(d[2]), oracle::to_q(d[3]));
      if (exact) {
        ASSERT_EQ(expect_d, expect);
      }
      ASSERT_EQ(static_cast<int>(exactgeom::orient3d(d[0], d[1], d[2], d[3])), expect_d)
          << "double, wide " << wide << ", case " << n;
    }
  }
}

// The FMA sign test for orient2d (predicates.cpp orient2d_fma_sign), called
// directly and through orient2d, against the oracle. Integer coordinates of
// 1 to 52 bits (so the four differences are exact and their ulps, which
// decide the test's tie rule, differ in both directions) that are nearly
// collinear: u = b - a = (p, q), v = c - a = k u + (r1, r2) with small r,
// so D = p r2 - q r1 is tiny beside the products; then a common scale 2^s
// taking the differences to both ends of the stage's range [2^-480, 2^480]
// and just past them (where orient2d takes the integer path instead).
TEST(Orient2dFmaStage, NearlyCollinearAtEveryScaleMatchesTheOracle) {
  Rng rng(2013);
  auto bits = [&](int n) {
    const std::int64_t m = std::int64_t(1) << n;
    return std::uniform_int_distribution<std::int64_t>(-m + 1, m - 1)(rng);
  };
  int zeros = 0, staged = 0;
  for (int n = 0; n < 20000; ++n) {
    const int nb = 1 + static_cast<int>(rng() % 26), kb = 1 + static_cast<int>(rng() % 26);
    const std::int64_t ax = bits(52), ay = bits(52);
    const std::int64_t p = bits(nb), q = bits(26 - nb + 1), k = bits(kb);
    const std::int64_t r1 = bits(2), r2 = n % 4 == 0 ? 0 : bits(2);
    std::int64_t cx = ax + k * p + r1, cy = ay + k * q + r2;
    if (std::abs(cx) >= (std::int64_t(1) << 53) || std::abs(cy) >= (std::int64_t(1) << 53)) continue;
    const int scale = n % 5 == 0 ? (rng() & 1 ? 430 : -430) + static_cast<int>(rng() % 101) - 50
                                 : static_cast<int>(rng() % 200) - 100;
    auto sc = [&](std::int64_t v) { return std::ldexp(static_cast<double>(v), scale); };
    const Point2<double> a{sc(ax), sc(ay)}, b{sc(ax + p), sc(ay + q)}, c{sc(cx), sc(cy)};
    const int expect = oracle::orient2d(oracle::to_q(a), oracle::to_q(b), oracle::to_q(c));
    ASSERT_EQ(static_cast<int>(exactgeom::orient2d(a, b, c)), expect) << "case " << n;
    const double ux = b.x - a.x, uy = b.y - a.y, vx = c.x - a.x, vy = c.y - a.y;
    auto safe = [](double d) { return d == 0 || (std::fabs(d) >= 0x1p-480 && std::fabs(d) <= 0x1p480); };
    if (safe(ux) && safe(uy) && safe(vx) && safe(vy) && ux == sc(p) && vx == sc(cx - ax) &&
        uy == sc(q) && vy == sc(cy - ay)) {
      ++staged;
      ASSERT_EQ(exactgeom::detail::orient2d_fma_sign(ux, uy, vx, vy), expect) << "case " << n;
      // Both product orders: the swapped test starts with the one that
      // orient2d_fma_sign tries second.
      ASSERT_EQ(exactgeom::detail::orient2d_fma_sign_swapped(ux, uy, vx, vy), expect) << "case " << n;
    }
    zeros += expect == 0;
  }
  EXPECT_GT(zeros, 800);     // exact collinearity is well represented
  EXPECT_GT(staged, 10000);  // and the stage itself was tested on most cases
}

// The orient2d stage for inexact differences (predicates.cpp
// orient2d_tail_estimate): its error bound is tested itself, against the
// exact determinant, on nearly collinear doubles with 53-bit significands
// (a, b random in [-1, 1), c rounded onto the line through them and nudged
// 0 to 3 ulps), scaled by 2^k across the stage's range [2^-400, 2^400] and
// onto both its edges. Then orient2d on the same points scaled past the
// edges (2^+-1000, subnormal products and coordinates) against the oracle.
TEST(Orient2dTailEstimate, ErrorBoundHoldsAndDecidesNearCollinearAtEveryScale) {
  Rng rng(2024);
  // Full 53-bit significands at exponents -1 to -8, either sign: differences
  // of such values are mostly inexact.
  auto unit = [&] {
    const double m = std::ldexp(static_cast<double>((rng() >> 11) | (std::uint64_t(1) << 52)), -53);
    return std::ldexp((rng() & 1) ? -m : m, -static_cast<int>(rng() % 8));
  };
  auto in_range = [](double x) {
    return x == 0 || (std::fabs(x) >= 0x1p-400 && std::fabs(x) <= 0x1p400);
  };
  long checked = 0, decided = 0, exact_diffs = 0;
  double worst = 0;  // the largest |error| / (bound + u |r|) seen
  for (int n = 0; n < 30000; ++n) {
    const double ax = unit(), ay = unit(), bx = unit(), by = unit();
    const double t = unit() * 2;
    double cx = ax + t * (bx - ax), cy = ay + t * (by - ay);
    for (int k = static_cast<int>(rng() % 4); k > 0; --k)
      cy = std::nextafter(cy, (rng() & 1) ? 2.0 : -2.0);
    if (n % 50 == 0) cx = bx, cy = by;  // D = 0 with inexact differences: never decided here
    int scale;
    switch (n % 6) {
      case 0: scale = 400; break;   // the largest coordinates at the top edge
      case 1: scale = -398; break;  // the smallest, some below the bottom edge
      default: scale = static_cast<int>(rng() % 797) - 398;
    }
    std::array<double, 6> c6{ax, ay, bx, by, cx, cy};
    for (double& v : c6) v = std::ldexp(v, scale);
    const mpq_class ux = oracle::to_q(c6[2]) - oracle::to_q(c6[0]);
    const mpq_class uy = oracle::to_q(c6[3]) - oracle::to_q(c6[1]);
    const mpq_class vx = oracle::to_q(c6[4]) - oracle::to_q(c6[0]);
    const mpq_class vy = oracle::to_q(c6[5]) - oracle::to_q(c6[1]);
    const mpq_class det = ux * vy - uy * vx;
    const int expect = sgn(det);
    const Point2<double> a{c6[0], c6[1]}, b{c6[2], c6[3]}, c{c6[4], c6[5]};
    ASSERT_EQ(static_cast<int>(exactgeom::orient2d(a, b, c)), expect) << "case " << n;
    if (!std::all_of(c6.begin(), c6.end(), in_range)) continue;
    const exactgeom::detail::Estimate e = exactgeom::detail::orient2d_tail_estimate(c6.data());
    // The derivation's claim: |D - r| <= u |r| + bound (so |r| > bound / (1 - u)
    // ... and the stage asks |r| > bound, whose margins cover the (1 - u)).
    const mpq_class err = abs(oracle::to_q(e.det) - det);
    const mpq_class allowed = oracle::to_q(e.bound) + abs(oracle::to_q(e.det)) * pow2q(-53);
    ASSERT_LE(err, allowed) << "case " << n << " scale " << scale;
    if (allowed > 0) worst = std::max(worst, mpq_class(err / allowed).get_d());
    const int s = e.sign();
    if (s != 0) {
      ASSERT_EQ(s, expect) << "case " << n;
    }
    ++checked;
    decided += s != 0;
    exact_diffs += c6[2] - c6[0] == ux && c6[3] - c6[1] == uy && c6[4] - c6[0] == vx &&
                   c6[5] - c6[1] == vy;
  }
  std::cout << "[ stage    ] " << checked << " in range, " << decided << " decided, "
            << exact_diffs << " with exact differences; worst |error| / (bound + u |r|) " << worst << "\n";
  EXPECT_GT(checked, 24000);
  EXPECT_GT(decided, checked * 95 / 100);  // the stage decides nearly all of them
  EXPECT_LT(exact_diffs, checked / 10);    // and the differences were mostly inexact
  // Past the edges: 2^+-1000 and subnormal, through the other paths.
  for (int n = 0; n < 3000; ++n) {
    const double ax = unit(), ay = unit(), bx = unit(), by = unit(), t = unit() * 2;
    double cx = ax + t * (bx - ax), cy = ay + t * (by - ay);
    if (n % 2) cy = std::nextafter(cy, 2.0);
    const int scale = std::array<int, 5>{1000, -1000, -1040, -1070, 420}[n % 5];
    auto s = [&](double v) { return std::ldexp(v, scale); };
    const Point2<double> a{s(ax), s(ay)}, b{s(bx), s(by)}, c{s(cx), s(cy)};
    ASSERT_EQ(static_cast<int>(exactgeom::orient2d(a, b, c)), oracle::orient2d(a, b, c))
        << "case " << n << " scale " << scale;
  }
}

// insphere's semi-static first stage (filters.hpp insphere_semistatic_bound):
// its bound is tested itself, against the exact determinant of the input
// points (the filter's differences round), on cospherical points, moved by
// 2^0 to 2^39 units, some translated so that their differences round, at
// scales taking the largest difference from below 2^-120 to above 2^120
// (its range) and past both ends.
TEST(InsphereSemiStatic, BoundHoldsAtEveryScaleOfItsRange) {
  namespace d = exactgeom::detail;
  Rng rng(120);
  long checked = 0, decided = 0, out_of_range = 0;
  double worst = 0;
  for (int n = 0; n < 4000; ++n) {
    auto k = cospherical<3, 5>(rng, 53);
    if (n % 2) k = perturbed(k, rng, static_cast<unsigned>(rng() % 40), 53);
    const long scale = uniform_int(rng, -178, 72);  // differences up to about 2^(scale + 52)
    auto pts = embed<double>(k, Affine{{0, 0, 0}, pow2q(scale)});
    if (n % 3 == 0) {  // translated: the differences round
      std::array<double, 3> c;
      for (double& v : c) v = std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(scale) + 3);
      for (auto& p : pts) p = {p.x + c[0], p.y + c[1], p.z + c[2]};
      if (!std::isfinite(pts[0].x)) continue;
    }
    double df[4][3];
    std::array<std::array<mpq_class, 3>, 4> q;
    for (int i = 0; i < 4; ++i) {
      const double p[3] = {pts[i].x, pts[i].y, pts[i].z}, e[3] = {pts[4].x, pts[4].y, pts[4].z};
      for (int a = 0; a < 3; ++a) {
        df[i][a] = p[a] - e[a];
        q[i][a] = oracle::to_q(p[a]) - oracle::to_q(e[a]);
      }
    }
    const double ss = d::insphere_semistatic_bound(df[0], df[1], df[2], df[3]);
    if (std::isinf(ss)) {
      ++out_of_range;
      continue;
    }
    // The exact determinant of the points, the filter's formula in mpq.
    auto minor2 = [&](int i, int j) { return mpq_class(q[i][0] * q[j][1] - q[j][0] * q[i][1]); };
    auto lift = [&](int i) { return mpq_class(q[i][0] * q[i][0] + q[i][1] * q[i][1] + q[i][2] * q[i][2]); };
    const mpq_class ab = minor2(0, 1), bc = minor2(1, 2), cd = minor2(2, 3), da = minor2(3, 0),
                    ac = minor2(0, 2), bd = minor2(1, 3);
    const mpq_class abc = q[0][2] * bc - q[1][2] * ac + q[2][2] * ab;
    const mpq_class bcd = q[1][2] * cd - q[2][2] * bd + q[3][2] * bc;
    const mpq_class cda = q[2][2] * da + q[3][2] * ac + q[0][2] * cd;
    const mpq_class dab = q[3][2] * ab + q[0][2] * bd + q[1][2] * da;
    const mpq_class det = (lift(3) * abc - lift(2) * dab) + (lift(1) * cda - lift(0) * bcd);
    const d::InsphereTerms t = d::insphere_terms(df[0], df[1], df[2], df[3]);
    const mpq_class err = abs(oracle::to_q(t.det) - det);
    ASSERT_LE(err, oracle::to_q(ss)) << "case " << n << " scale " << scale;
    worst = std::max(worst, mpq_class(err / oracle::to_q(ss)).get_d());
    const bool by_stage = t.det > ss || -t.det > ss;
    if (by_stage) {
      ASSERT_EQ(t.det > 0 ? 1 : -1, sgn(det)) << "case " << n;
    }
    const int f = d::insphere_filter_d(df[0], df[1], df[2], df[3]);
    if (f != 0) {
      ASSERT_EQ(f, sgn(det)) << "case " << n;
    }
    ++checked;
    decided += by_stage;
  }
  std::cout << "[ semistat ] " << checked << " in range, " << decided << " decided by it, "
            << out_of_range << " out of range; worst |error| / bound " << worst << "\n";
  EXPECT_GT(checked, 3500);
  EXPECT_GT(out_of_range, 10);
  EXPECT_GT(decided, 100);  // moved by up to 2^39 units, many are far enough to decide
}

TEST(DoubleFilterEdge, AtTheSmallestMoveTheFilterAnswers) {
  Rng rng(62);
  // Exponents from where the degree-`deg` products underflow to where they
  // overflow (outside that the filter never answers).
  auto run = [&](const char* what, int deg, int count, auto make) {
    count = exactgeom::testing::sanitized_cases(count, 3);  // a third under the sanitizers
    const long under = -1074 / deg - 53, over = 1024 / deg - 53;
    Tally exact;
    long filter_wrong = 0, edges = 0;
    for (int n = 0; n < count; ++n) {
      const auto k = make();
      const Affine f{{0, 0, 0}, pow2q(uniform_int(rng, under - 30, over + 10))};
      const std::size_t i = rng() % k.size(), a = rng() % k[0].size();
      const int dir = sgn(k[i][a]) > 0 ? -1 : 1;  // toward 0 and past it: stays below 2^53
      auto moved = [&](std::uint64_t delta) {
        auto m = k;
        m[i][a] += dir * mpz_class(static_cast<unsigned long>(delta));
        return embed<double>(m, f);
      };
      std::uint64_t lo = 0, hi = std::uint64_t{1} << 52;
      if (filter_sign(moved(hi)) == 0) continue;
      while (hi - lo > 1) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (filter_sign(moved(mid)) != 0 ? hi : lo) = mid;
      }
      ++edges;
      for (std::uint64_t delta : {lo, hi, hi + 1, hi + 2}) {
        const auto pts = moved(delta);
        const int want = exact.check(pts), fs = filter_sign(pts);
        if (fs != 0 && fs != want && ++filter_wrong <= 3)
          ADD_FAILURE() << what << ": filter says " << fs << ", oracle " << want << " at "
                        << describe(pts);
      }
    }
    SCOPED_TRACE(what);
    EXPECT_ALL_MATCH(exact);
    EXPECT_EQ(filter_wrong, 0);
    EXPECT_GT(edges, count / 2);
    std::cout << "[ filter   ] " << what << ": " << edges << " inputs at the filter's edge\n";
  };
  run("orient2d", 2, 900, [&] { return collinear<2, 3>(rng, 53); });
  run("orient3d", 3, 600, [&] { return coplanar<4>(rng, 53); });
  run("incircle", 4, 600, [&] { return cospherical<2, 4>(rng, 53); });
  run("insphere", 5, 300, [&] { return cospherical<3, 5>(rng, 53); });
}

/// 1e-300 and 1e300 (and subnormals, and zeros) in one call.
TEST(Doubles, HugeAndTinyInOneCall) {
  using P = Point2<double>;
  const double big = 1e300, tiny = 1e-300;
  const P o{0, 0}, b{big, tiny}, c{2 * big, 2 * tiny};
  EXPECT_EQ(exactgeom::orient2d(o, b, c), exactgeom::Sign::zero);
  EXPECT_EQ(exactgeom::orient2d(o, b, P{c.x, std::nextafter(c.y, 1.0)}), exactgeom::Sign::positive);
  EXPECT_EQ(exactgeom::orient2d(o, b, P{c.x, std::nextafter(c.y, 0.0)}), exactgeom::Sign::negative);
  EXPECT_EQ(exactgeom::incircle(P{big, 0}, P{0, big}, P{-big, 0}, P{tiny, -tiny}),
            exactgeom::Sign::positive);
  EXPECT_EQ(exactgeom::incircle(P{big, 0}, P{0, big}, P{-big, 0}, P{0, -big}),
            exactgeom::Sign::zero);
  Rng rng(67);
  auto value = [&]() -> double {
    switch (rng() % 5) {
      case 0:
        return std::ldexp(static_cast<double>(uniform_int(rng, -(1L << 53) + 1, (1L << 53) - 1)),
                          static_cast<int>(uniform_int(rng, 940, 970)));
      case 1:
        return std::ldexp(static_cast<double>(uniform_int(rng, -(1L << 53) + 1, (1L << 53) - 1)),
                          static_cast<int>(uniform_int(rng, -1060, -1000)));
      case 2:
        return std::ldexp(static_cast<double>(uniform_int(rng, -(1L << 52) + 1, (1L << 52) - 1)),
                          -1074);  // subnormal
      case 3:
        return (rng() & 1) ? 0.0 : -0.0;
      default:
        return (rng() & 1) ? big : -tiny;
    }
  };
  Tally o2, o3, ic, is;
  for (int n = 0; n < 1500; ++n) {
    o2.check(std::array<P, 3>{P{value(), value()}, P{value(), value()}, P{value(), value()}});
    ic.check(std::array<P, 4>{P{value(), value()}, P{value(), value()}, P{value(), value()},
                              P{value(), value()}});
    auto q = [&] { return Point3<double>{value(), value(), value()}; };
    o3.check(std::array<Point3<double>, 4>{q(), q(), q(), q()});
    if (n % 3 == 0) is.check(std::array<Point3<double>, 5>{q(), q(), q(), q(), q()});
  }
  for (Tally* t : {&o2, &o3, &ic, &is}) EXPECT_ALL_MATCH(*t);
}

/// Shewchuk (1997): with a = (0, 0), b = (0, 5e-324), c = (5e-324, 0) the
/// naive determinant underflows to 0; the exact answer is -(5e-324)^2 < 0.
TEST(Doubles, ShewchukUnderflowExample) {
  using P = Point2<double>;
  const P a{0, 0}, b{0, 5e-324}, c{5e-324, 0};
  EXPECT_EQ(exactgeom::orient2d(a, b, c), exactgeom::Sign::negative);
  EXPECT_EQ(exactgeom::orient2d(b, c, a), exactgeom::Sign::negative);
  EXPECT_EQ(exactgeom::orient2d(a, c, b), exactgeom::Sign::positive);
  EXPECT_EQ(exactgeom::reference::orient2d(a, b, c), exactgeom::Sign::zero);  // the naive failure
  using Pf = Point2<float>;
  const float t = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(exactgeom::orient2d(Pf{0, 0}, Pf{0, t}, Pf{t, 0}), exactgeom::Sign::negative);
  EXPECT_EQ(exactgeom::reference::orient2d(Pf{0, 0}, Pf{0, t}, Pf{t, 0}), exactgeom::Sign::zero);
  // The same in 3-D and for incircle: every difference subnormal.
  using P3 = Point3<double>;
  const double u = 5e-324;
  EXPECT_EQ(exactgeom::orient3d(P3{0, 0, 0}, P3{u, 0, 0}, P3{0, u, 0}, P3{0, 0, u}),
            exactgeom::Sign::positive);
  EXPECT_EQ(exactgeom::incircle(P{u, 0}, P{0, u}, P{-u, 0}, P{0, 0}), exactgeom::Sign::positive);
  EXPECT_EQ(exactgeom::insphere(P3{u, 0, 0}, P3{0, 0, u}, P3{0, u, 0}, P3{-u, 0, 0}, P3{0, 0, 0}),
            exactgeom::Sign::positive);
}

/// -0.0 is zero: flipping the sign of zero coordinates never changes an answer.
TEST(Doubles, SignedZerosAreZero) {
  const double v[] = {-1, 0, 1};
  long wrong = 0, checked = 0;
  std::vector<Point2<double>> g;
  for (double x : v)
    for (double y : v) g.push_back({x, y});
  for (const auto& a : g)
    for (const auto& b : g)
      for (const auto& c : g)
        for (const auto& d : g) {
          std::array<Point2<double>, 4> p{a, b, c, d}, q = p;
          for (auto& pt : q) {
            if (pt.x == 0) pt.x = -0.0;
            if (pt.y == 0) pt.y = -0.0;
          }
          const std::array<Point2<double>, 3> p3{a, b, c}, q3{q[0], q[1], q[2]};
          checked += 2;
          if (lib_sign(q) != oracle_sign(p) && ++wrong <= 3) ADD_FAILURE() << describe(p);
          if (lib_sign(q3) != oracle_sign(p3) && ++wrong <= 3) ADD_FAILURE() << describe(p3);
        }
  EXPECT_EQ(wrong, 0) << checked;
  using P3 = Point3<double>;
  EXPECT_EQ(
      exactgeom::orient3d(P3{-0.0, 0, -0.0}, P3{1, -0.0, 0}, P3{0, 1, -0.0}, P3{-0.0, -0.0, 1}),
      exactgeom::Sign::positive);
  EXPECT_EQ(exactgeom::insphere(P3{1, 0, -0.0}, P3{0, -0.0, 1}, P3{-0.0, 1, 0}, P3{-1, 0, -0.0},
                                P3{-0.0, -0.0, -0.0}),
            exactgeom::Sign::positive);
}

// ===========================================================================
// Float-error measurements of the naive determinants.

/// Kettner, Mehlhorn, Pion, Schirra, Yap, "Classroom examples of robustness
/// problems in geometric computations" (2008): p = (0.5 + i 2^-53,
/// 0.5 + j 2^-53), i, j in 0..255, q = (12, 12), r = (24, 24).
TEST(Classroom, KettnerOrient2dNaiveVersusExact) {
  using P = Point2<double>;
  const P q{12, 12}, r{24, 24};
  long exact_wrong = 0, naive_wrong = 0, zeros = 0;
  long naive_zero = 0, naive_nonzero_on_zero = 0, naive_opposite = 0;
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; ++j) {
      const P p{0.5 + i * 0x1p-53, 0.5 + j * 0x1p-53};
      const std::array<P, 3> pts{p, q, r};
      const int want = oracle_sign(pts);
      zeros += want == 0;
      if (lib_sign(pts) != want && ++exact_wrong <= 3) ADD_FAILURE() << describe(pts);
      const int naive = naive_sign(pts);
      naive_wrong += naive != want;
      naive_zero += naive == 0 && want != 0;
      naive_nonzero_on_zero += naive != 0 && want == 0;
      naive_opposite += naive * want < 0;
    }
  EXPECT_EQ(exact_wrong, 0);
  EXPECT_EQ(zeros, 256);  // the diagonal i == j
  const double fraction = static_cast<double>(naive_wrong) / 65536.0;
  std::cout << "[ measured ] classroom orient2d: naive double determinant wrong at " << naive_wrong
            << " of 65536 points (" << fraction << ")\n";
  RecordProperty("naive_wrong", static_cast<int>(naive_wrong));
  RecordProperty("naive_wrong_fraction", std::to_string(fraction));
  std::cout << "[ measured ]   of which naive zero where exact nonzero " << naive_zero
            << ", nonzero where exact zero " << naive_nonzero_on_zero << ", opposite sign "
            << naive_opposite << "\n";
  EXPECT_GT(naive_wrong, 0);
  EXPECT_EQ(naive_zero + naive_nonzero_on_zero + naive_opposite, naive_wrong);
  EXPECT_EQ(naive_wrong, 11972) << "the measured count changed";
}

// Uniform in [-1, 1) with every value a multiple of 2^-52 (double) or 2^-23
// (float), from raw bits.
template <class F>
F unit_random(Rng& rng) {
  constexpr int digits = std::numeric_limits<F>::digits;
  const auto k =
      static_cast<std::int64_t>(rng() >> (64 - digits)) - (std::int64_t{1} << (digits - 1));
  return static_cast<F>(std::ldexp(static_cast<double>(k), 1 - digits));
}

/// Near-degenerate inputs as a float program makes them: a point on the
/// line, plane, circle or sphere through the others, computed (rounded) in F.
template <class F>
std::array<long, 4> naive_misclassifications(std::uint64_t seed, const int (&counts)[4]) {
  Rng rng(seed);
  auto u = [&] { return unit_random<F>(rng); };
  using P2 = Point2<F>;
  using P3 = Point3<F>;
  std::array<Tally, 4> exact;
  std::array<long, 4> wrong{};
  auto count = [&](std::size_t which, const auto& pts) {
    const int want = exact[which].check(pts);
    wrong[which] += naive_sign(pts) != want;
  };
  for (int n = 0; n < counts[0]; ++n) {
    const P2 a{u(), u()}, b{u(), u()};
    const F t = u();
    count(0, std::array<P2, 3>{a, b, P2{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)}});
  }
  for (int n = 0; n < counts[1]; ++n) {
    const P3 a{u(), u(), u()}, b{u(), u(), u()}, c{u(), u(), u()};
    const F s = u(), t = u();
    const P3 d{a.x + s * (b.x - a.x) + t * (c.x - a.x), a.y + s * (b.y - a.y) + t * (c.y - a.y),
               a.z + s * (b.z - a.z) + t * (c.z - a.z)};
    count(1, std::array<P3, 4>{a, b, c, d});
  }
  for (int n = 0; n < counts[2]; ++n) {
    const P2 c{u(), u()};
    const F r = F(1.5) + u();
    std::array<P2, 4> pts;
    for (auto& p : pts) {
      const F t = u(), w = F(1) + t * t;
      p = P2{c.x + r * ((F(1) - t * t) / w), c.y + r * (F(2) * t / w)};
    }
    count(2, pts);
  }
  for (int n = 0; n < counts[3]; ++n) {
    const P3 c{u(), u(), u()};
    const F r = F(1.5) + u();
    std::array<P3, 5> pts;
    for (auto& p : pts) {
      const F a = u(), b = u(), w = F(1) + a * a + b * b;
      p = P3{c.x + r * (F(2) * a / w), c.y + r * (F(2) * b / w),
             c.z + r * ((a * a + b * b - F(1)) / w)};
    }
    count(3, pts);
  }
  for (auto& t : exact) EXPECT_ALL_MATCH(t);
  return wrong;
}

TEST(NaiveFloatError, RandomNearDegenerateMisclassificationCounts) {
  const int counts[4] = {20000, 10000, 10000, 4000};
  const char* names[4] = {"orient2d", "orient3d", "incircle", "insphere"};
  const auto wrong_d = naive_misclassifications<double>(71, counts);
  const auto wrong_f = naive_misclassifications<float>(71, counts);
  // Measured on x86-64 (SSE2, no FMA contraction), GCC 12, Release.
  const std::array<long, 4> expected_d = {5690, 2574, 1967, 1303},
                            expected_f = {5596, 2587, 1936, 1373};
  for (std::size_t i = 0; i < 4; ++i) {
    std::cout << "[ measured ] near-degenerate " << names[i] << ": naive double wrong "
              << wrong_d[i] << ", naive float wrong " << wrong_f[i] << " of " << counts[i] << "\n";
    RecordProperty(std::string("naive_double_wrong_") + names[i], static_cast<int>(wrong_d[i]));
    RecordProperty(std::string("naive_float_wrong_") + names[i], static_cast<int>(wrong_f[i]));
    EXPECT_GT(wrong_d[i], 0) << names[i];
    EXPECT_GT(wrong_f[i], 0) << names[i];
    EXPECT_EQ(wrong_d[i], expected_d[i]) << names[i] << ": the measured count changed";
    EXPECT_EQ(wrong_f[i], expected_f[i]) << names[i] << ": the measured count changed";
  }
}

// ===========================================================================
// Bad input.

template <class F>
class BadInputTyped : public ::testing::Test {};
using BinaryFloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(BadInputTyped, BinaryFloatTypes, oracle::CoordinateTypeNames);

/// NaN, +inf and -inf in every coordinate of every argument of every
/// predicate throw invalid_input, over a generic and a degenerate input.
TYPED_TEST(BadInputTyped, NanAndInfinityInEveryCoordinateThrow) {
  using F = TypeParam;
  const F bad[] = {std::numeric_limits<F>::quiet_NaN(), std::numeric_limits<F>::infinity(),
                   -std::numeric_limits<F>::infinity()};
  long throws = 0, cases = 0;
  auto all_positions = [&](auto pts) {
    for (std::size_t i = 0; i < pts.size(); ++i)
      for (std::size_t a = 0;
           a < (std::is_same_v<std::decay_t<decltype(pts[0])>, Point2<F>> ? 2u : 3u); ++a)
        for (F b : bad) {
          auto p = pts;
          coord(p[i], a) = b;
          ++cases;
          try {
            (void)lib_sign(p);
            ADD_FAILURE() << "no exception: point " << i << " coordinate " << a << " = " << b;
          } catch (const exactgeom::invalid_input&) {
            ++throws;
          }
        }
  };
  using P2 = Point2<F>;
  using P3 = Point3<F>;
  for (F s : {F(1), F(0)}) {  // s = 0: every point at the origin
    all_positions(std::array<P2, 3>{P2{0, 0}, P2{s, F(0.5) * s}, P2{F(0.25) * s, s}});
    all_positions(std::array<P3, 4>{P3{0, 0, 0}, P3{s, 0, 0}, P3{0, s, 0}, P3{0, 0, s}});
    all_positions(std::array<P2, 4>{P2{s, 0}, P2{0, s}, P2{-s, 0}, P2{0, F(0.5) * s}});
    all_positions(
        std::array<P3, 5>{P3{s, 0, 0}, P3{0, s, 0}, P3{0, 0, s}, P3{-s, 0, 0}, P3{0, 0, 0}});
  }
  EXPECT_EQ(cases, 2 * 3 * (6 + 12 + 8 + 15));
  EXPECT_EQ(throws, cases);
}

// ---------------------------------------------------------------------------
// The static filters of the int32 paths (filters.hpp, k*StaticI32). On int32
// input at the edges of the range -- exactly degenerate configurations with
// differences of full width, the same moved by one unit, coordinates among
// MIN, MIN+1, -1, 0, 1, MAX-1, MAX, and random full-range points -- the
// computed determinant (the filters' expression, on the differences in
// double) is within the constant of the exact one, and the predicates agree
// with the oracle. The bound itself: each constant stands for the proven
// dynamic bound (the semi-static or permanent one) at its largest, where every
// |difference| is M = 2^32 - 1; the test evaluates those bounds there and
// checks constant >= that maximum > constant / 2, so a constant even half as
// large (a mutation of its derivation) fails. Observed errors are far below
// the constants (the worst case aligns every rounding), so wrong signs alone
// would not catch a constant a few times too small.

namespace i32s {

namespace d = exactgeom::detail;
constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min(), kMax = std::numeric_limits<std::int32_t>::max();
using P = std::array<std::int64_t, 3>;  // x, y[, z]

/// One case: the computed determinant, the exact one, the library's sign.
struct Value {
  double det;
  mpz_class exact;
  int lib;
};

mpz_class z(std::int64_t v) { return mpz_class(static_cast<long>(v)); }
double dd(std::int64_t p, std::int64_t q) { return static_cast<double>(p - q); }
std::int32_t i32(std::int64_t v) { return static_cast<std::int32_t>(v); }

Value orient3d_value(const std::array<P, 4>& p) {
  double u[3][3];
  mpz_class e[3][3];
  for (int i = 0; i < 3; ++i)
    for (int a = 0; a < 3; ++a) u[i][a] = dd(p[i + 1][a], p[0][a]), e[i][a] = z(p[i + 1][a]) - z(p[0][a]);
  const double det = d::orient3d_estimate(u[0][0], u[0][1], u[0][2], u[1][0], u[1][1], u[1][2], u[2][0], u[2][1],
                                          u[2][2]).det;
  const mpz_class ex = e[0][0] * (e[1][1] * e[2][2] - e[1][2] * e[2][1]) +
                       e[0][1] * (e[1][2] * e[2][0] - e[1][0] * e[2][2]) +
                       e[0][2] * (e[1][0] * e[2][1] - e[1][1] * e[2][0]);
  auto pt = [&](int i) { return Point3<std::int32_t>{i32(p[i][0]), i32(p[i][1]), i32(p[i][2])}; };
  return {det, ex, static_cast<int>(exactgeom::orient3d(pt(0), pt(1), pt(2), pt(3)))};
}

Value incircle_value(const std::array<P, 4>& p) {
  double u[3][2];
  mpz_class e[3][2];
  for (int i = 0; i < 3; ++i)
    for (int a = 0; a < 2; ++a) u[i][a] = dd(p[i][a], p[3][a]), e[i][a] = z(p[i][a]) - z(p[3][a]);
  const double det = d::incircle_estimate(u[0][0], u[0][1], u[1][0], u[1][1], u[2][0], u[2][1]).det;
  auto lift = [&](int i) { return mpz_class(e[i][0] * e[i][0] + e[i][1] * e[i][1]); };
  auto minor = [&](int i, int j) { return mpz_class(e[i][0] * e[j][1] - e[j][0] * e[i][1]); };
  const mpz_class ex = lift(0) * minor(1, 2) + lift(1) * minor(2, 0) + lift(2) * minor(0, 1);
  auto pt = [&](int i) { return Point2<std::int32_t>{i32(p[i][0]), i32(p[i][1])}; };
  return {det, ex, static_cast<int>(exactgeom::incircle(pt(0), pt(1), pt(2), pt(3)))};
}

/// Shewchuk's insphere determinant (the sign the filters compute; the
/// public insphere is its negation).
Value insphere_value(const std::array<P, 5>& p) {
  double u[4][3];
  mpz_class q[4][3];
  for (int i = 0; i < 4; ++i)
    for (int a = 0; a < 3; ++a) u[i][a] = dd(p[i][a], p[4][a]), q[i][a] = z(p[i][a]) - z(p[4][a]);
  const double det = d::insphere_terms(u[0], u[1], u[2], u[3]).det;
  auto minor2 = [&](int i, int j) { return mpz_class(q[i][0] * q[j][1] - q[j][0] * q[i][1]); };
  auto lift = [&](int i) { return mpz_class(q[i][0] * q[i][0] + q[i][1] * q[i][1] + q[i][2] * q[i][2]); };
  const mpz_class ab = minor2(0, 1), bc = minor2(1, 2), cd = minor2(2, 3), da = minor2(3, 0), ac = minor2(0, 2),
                  bd = minor2(1, 3);
  const mpz_class abc = q[0][2] * bc - q[1][2] * ac + q[2][2] * ab;
  const mpz_class bcd = q[1][2] * cd - q[2][2] * bd + q[3][2] * bc;
  const mpz_class cda = q[2][2] * da + q[3][2] * ac + q[0][2] * cd;
  const mpz_class dab = q[3][2] * ab + q[0][2] * bd + q[1][2] * da;
  const mpz_class ex = (lift(3) * abc - lift(2) * dab) + (lift(1) * cda - lift(0) * bcd);
  auto pt = [&](int i) { return Point3<std::int32_t>{i32(p[i][0]), i32(p[i][1]), i32(p[i][2])}; };
  return {det, ex, -static_cast<int>(exactgeom::insphere(pt(0), pt(1), pt(2), pt(3), pt(4)))};
}

std::int64_t full(Rng& rng) { return uniform_int(rng, kMin, kMax); }
std::int64_t corner(Rng& rng) {
  const std::int64_t v[] = {kMin, kMin + 1, -1, 0, 1, kMax - 1, kMax};
  return v[rng() % 7];
}

template <std::size_t N, std::size_t D>
std::array<P, N> from_config(const IntConfig<D, N>& k) {
  std::array<P, N> out{};
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t a = 0; a < D; ++a) out[i][a] = k[i][a].get_si();
  return out;
}

/// Exactly coplanar, differences of full width: d = b + c - a (or another
/// small integer combination) for random full-range a, b, c, kept when d is
/// an int32.
std::array<P, 4> coplanar_full(Rng& rng) {
  for (;;) {
    std::array<P, 4> p{};
    for (int i = 0; i < 3; ++i)
      for (int a = 0; a < 3; ++a) p[i][a] = full(rng);
    const std::int64_t s = (rng() & 1) ? 1 : -1, t = (rng() & 1) ? 1 : 2;
    bool ok = true;
    for (int a = 0; a < 3; ++a) {
      p[3][a] = p[0][a] + s * (p[1][a] - p[0][a]) + t * (p[2][a] - p[0][a]);
      ok = ok && p[3][a] >= kMin && p[3][a] <= kMax;
    }
    if (ok) return p;
  }
}

struct Stats {
  long cases = 0, decided = 0;
  double worst = 0;  // max |computed - exact| / bound
};

/// The differences +-M in every sign pattern `bits` selects.
double pm(unsigned bits, int i) { return ((bits >> i) & 1) ? -4294967295.0 : 4294967295.0; }

/// The largest dynamic bound over sign patterns of all-+-M differences
/// (every bound depends on the magnitudes only; sampled anyway).
template <class F>
double max_dynamic(F bound_of) {
  double m = 0;
  for (unsigned bits = 0; bits < 4096; bits += 37) m = std::max(m, bound_of(bits));
  return m;
}

/// Checks one case against `bound`; counts what the static stage decides.
void check(const Value& v, double bound, Stats& st, const char* what, long n) {
  const mpz_class det = oracle::to_q(v.det).get_num();  // an integer
  const mpz_class err = abs(det - v.exact);
  ASSERT_LE(mpq_class(err), oracle::to_q(bound)) << what << " case " << n;
  st.worst = std::max(st.worst, mpq_class(mpq_class(err) / oracle::to_q(bound)).get_d());
  const int want = sgn(v.exact);
  ASSERT_EQ(v.lib, want) << what << " case " << n;
  if (const int s = d::static_sign(v.det, bound)) {
    ASSERT_EQ(s, want) << what << " case " << n;
    ++st.decided;
  }
  ++st.cases;
}

void report(const char* what, const Stats& st) {
  std::cout << "[ static   ] " << what << ": " << st.cases << " cases, " << st.decided << " decided, worst |error| / "
            << "bound " << st.worst << "\n";
}

}  // namespace i32s

TEST(Int32StaticFilter, Orient3dBoundHoldsAtTheEdgesOfTheRange) {
  using namespace i32s;
  Rng rng(301);
  Stats degenerate, other;
  for (long n = 0; n < 20000; ++n) {
    check(orient3d_value(coplanar_full(rng)), d::kOrient3dStaticI32, degenerate, "coplanar", n);
    auto moved = coplanar_full(rng);
    moved[rng() % 4][rng() % 3] += (moved[0][0] > 0 ? -1 : 1);
    if (n % 4 == 0) {  // moved by one unit, corners, random
      std::array<P, 4> c{}, r{};
      for (auto& p : c)
        for (auto& v : p) v = corner(rng);
      for (auto& p : r)
        for (auto& v : p) v = full(rng);
      check(orient3d_value(c), d::kOrient3dStaticI32, other, "corners", n);
      check(orient3d_value(r), d::kOrient3dStaticI32, other, "random", n);
    }
    if (std::all_of(moved.begin(), moved.end(), [](const P& p) {
          return std::all_of(p.begin(), p.end(), [](std::int64_t v) { return v >= kMin && v <= kMax; });
        }))
      check(orient3d_value(moved), d::kOrient3dStaticI32, other, "moved", n);
  }
  report("orient3d coplanar", degenerate);
  report("orient3d moved/corners/random", other);
  EXPECT_EQ(degenerate.decided, 0);  // exactly coplanar: never decided
  EXPECT_GT(other.decided, other.cases / 4);
  const double dyn = max_dynamic([](unsigned b) {
    return d::orient3d_estimate(pm(b, 0), pm(b, 1), pm(b, 2), pm(b, 3), pm(b, 4), pm(b, 5), pm(b, 6), pm(b, 7), pm(b, 8))
        .bound;
  });
  EXPECT_GE(d::kOrient3dStaticI32, dyn);
  EXPECT_LT(d::kOrient3dStaticI32 / 2, dyn) << "the constant is looser than its derivation";
}

TEST(Int32StaticFilter, IncircleBoundHoldsAtTheEdgesOfTheRange) {
  using namespace i32s;
  Rng rng(302);
  Stats degenerate, other;
  for (long n = 0; n < 20000; ++n) {
    const auto k = cospherical<2, 4>(rng, 32);  // |coordinates| < 2^31, differences up to 2^31
    check(incircle_value(from_config<4, 2>(k)), d::kIncircleStaticI32, degenerate, "cocircular", n);
    check(incircle_value(from_config<4, 2>(perturbed(k, rng, 0, 31))), d::kIncircleStaticI32, other, "moved", n);
    if (n % 4 == 0) {
      std::array<P, 4> c{}, r{};
      for (auto& p : c) p = {corner(rng), corner(rng), 0};
      for (auto& p : r) p = {full(rng), full(rng), 0};
      check(incircle_value(c), d::kIncircleStaticI32, other, "corners", n);
      check(incircle_value(r), d::kIncircleStaticI32, other, "random", n);
    }
  }
  report("incircle cocircular", degenerate);
  report("incircle moved/corners/random", other);
  EXPECT_EQ(degenerate.decided, 0);
  EXPECT_GT(other.decided, other.cases / 8);
  const double dyn = max_dynamic(
      [](unsigned b) { return d::incircle_estimate(pm(b, 0), pm(b, 1), pm(b, 2), pm(b, 3), pm(b, 4), pm(b, 5)).bound; });
  EXPECT_GE(d::kIncircleStaticI32, dyn);
  EXPECT_LT(d::kIncircleStaticI32 / 2, dyn) << "the constant is looser than its derivation";
}

TEST(Int32StaticFilter, InsphereBoundHoldsAtTheEdgesOfTheRange) {
  using namespace i32s;
  Rng rng(303);
  Stats degenerate, other;
  for (long n = 0; n < 10000; ++n) {
    const auto k = cospherical<3, 5>(rng, 32);
    check(insphere_value(from_config<5, 3>(k)), d::kInsphereStaticI32, degenerate, "cospherical", n);
    check(insphere_value(from_config<5, 3>(perturbed(k, rng, 0, 31))), d::kInsphereStaticI32, other, "moved", n);
    if (n % 4 == 0) {
      std::array<P, 5> c{}, r{};
      for (auto& p : c)
        for (auto& v : p) v = corner(rng);
      for (auto& p : r)
        for (auto& v : p) v = full(rng);
      check(insphere_value(c), d::kInsphereStaticI32, other, "corners", n);
      check(insphere_value(r), d::kInsphereStaticI32, other, "random", n);
    }
  }
  report("insphere cospherical", degenerate);
  report("insphere moved/corners/random", other);
  EXPECT_EQ(degenerate.decided, 0);
  EXPECT_GT(other.decided, other.cases / 8);
  auto diffs = [](unsigned b, double (&e)[4][3]) {
    for (int i = 0; i < 4; ++i)
      for (int a = 0; a < 3; ++a) e[i][a] = pm(b, 3 * i + a);
  };
  const double semi = max_dynamic([&](unsigned b) {
    double e[4][3];
    diffs(b, e);
    return d::insphere_semistatic_bound(e[0], e[1], e[2], e[3]);
  });
  const double perm = max_dynamic([&](unsigned b) {
    double e[4][3];
    diffs(b, e);
    return d::insphere_permanent_bound(d::insphere_terms(e[0], e[1], e[2], e[3]));
  });
  EXPECT_GE(d::kInsphereStaticI32, std::max(semi, perm));
  EXPECT_LT(d::kInsphereStaticI32 / 2, std::max(semi, perm)) << "the constant is looser than its derivation";
}

}  // namespace

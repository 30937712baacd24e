// fuzz/fuzz_coordinates.hpp: what the differential fuzz targets share: raw
// bytes turned into coordinates of the eight Coordinate types (doubles and
// floats of any exponent, subnormal, +-0, NaN and inf included; int32/int64
// near their limits; big integers of up to 384 bits; rationals), points in
// degenerate configurations built exactly (copies, collinear, cocircular,
// Pythagorean offsets), the exact mpq_class value of every coordinate, and
// the printing of a failing input before abort().
//
// The byte format (fuzz/make_corpus.py writes seeds in it; past the end of
// the input every byte reads as 0):
//   input  := type-byte op-byte body             type: 8 types, see with_type
//   point  := mode-byte ...      mode % 8: 1 copy [i], 2 affine [i j k:i8 m],
//             3 signed permutation about a point [c p perm], 4 copy with one
//             fresh coordinate [i axis coord], 5 Pythagorean offset
//             [c k:i8 e:i8 pick], else fresh [coord x D]
//   coord  := mode-byte ...      mode % 8: 0 small [i8], 1 copy [i],
//             2 neighbour [i k:i8] (k ulps for floats, +k otherwise),
//             3/7 wide (raw bits; big integers: len bytes, sign = mode bit 7),
//             4 scaled [m:i16 e:i16] = m * 2^e, 5 special [i], 6 negated [i]
#pragma once

#include <gmpxx.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "exactgeom/boost.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/geometry.hpp"

namespace fuzz {

namespace eg = exactgeom;
using Q = mpq_class;
using QV = std::array<Q, 3>;  // 2-D points have z = 0

/// The input, read front to back; past its end every byte is 0.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : d_(data), n_(size) {}
  std::uint8_t u8() { return i_ < n_ ? d_[i_++] : 0; }
  std::int8_t i8() { return static_cast<std::int8_t>(u8()); }
  std::uint64_t le(int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t{u8()} << (8 * i);
    return v;
  }
  std::int16_t i16() { return static_cast<std::int16_t>(le(2)); }

 private:
  const std::uint8_t* d_;
  std::size_t n_, i_ = 0;
};

template <class T>
inline constexpr bool is_float_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

// ---------------------------------------------------------------------------
// Exact values (the oracle's side: written directly, not via exactgeom/detail).

static_assert(sizeof(long) == 8, "int64 values go through long");

template <class T>
bool finite(const T& v) {
  if constexpr (is_float_v<T>)
    return std::isfinite(v);
  else
    return true;
}

/// The exact value; floats must be finite (mpq_set_d is exact for them).
template <class T>
Q to_q(const T& v) {
  if constexpr (is_float_v<T>) {
    return Q(static_cast<double>(v));
  } else if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    return Q(mpz_class(std::to_string(v), 10));  // exact whatever the width of long
  } else if constexpr (std::is_same_v<T, mpz_class> || std::is_same_v<T, mpq_class>) {
    return Q(v);
  } else if constexpr (std::is_same_v<T, eg::cpp_int>) {
    return Q(mpz_class(v.str(), 10));
  } else {
    static_assert(std::is_same_v<T, eg::cpp_rational>);
    Q q(mpz_class(boost::multiprecision::numerator(v).str(), 10),
        mpz_class(boost::multiprecision::denominator(v).str(), 10));
    q.canonicalize();
    return q;
  }
}

/// num/den in lowest terms (GMP's functions require canonical operands: a
/// Q(num, den) that is not reduced compares unequal to its value).
inline Q frac(const mpz_class& num, const mpz_class& den) {
  Q q(num, den);
  q.canonicalize();
  return q;
}

inline mpz_class floor_of(const Q& q) {
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
  return f;
}

/// A T near q: floats truncate (and may overflow to inf), fixed-width
/// integers take the floor clamped to their range, big integers the floor.
template <class T>
T from_q(const Q& q) {
  if constexpr (is_float_v<T>) {
    return static_cast<T>(q.get_d());
  } else if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    const mpz_class f = floor_of(q);
    const mpz_class lo(std::to_string(std::numeric_limits<T>::min()), 10);
    const mpz_class hi(std::to_string(std::numeric_limits<T>::max()), 10);
    if (f < lo) return std::numeric_limits<T>::min();
    if (f > hi) return std::numeric_limits<T>::max();
    return static_cast<T>(f.get_si());
  } else if constexpr (std::is_same_v<T, mpz_class>) {
    return floor_of(q);
  } else if constexpr (std::is_same_v<T, mpq_class>) {
    return q;
  } else if constexpr (std::is_same_v<T, eg::cpp_int>) {
    return eg::cpp_int(floor_of(q).get_str());
  } else {
    return eg::cpp_rational(eg::cpp_int(q.get_num().get_str()), eg::cpp_int(q.get_den().get_str()));
  }
}

/// Printable exactly: hex floats, decimal integers, p/q rationals.
template <class T>
std::string str(const T& v) {
  if constexpr (is_float_v<T>) {
    char buf[64];
    std::snprintf(buf, sizeof buf, std::is_same_v<T, float> ? "%af" : "%a", static_cast<double>(v));
    return buf;
  } else if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    return std::to_string(v);
  } else if constexpr (std::is_same_v<T, mpz_class> || std::is_same_v<T, mpq_class>) {
    return v.get_str();
  } else {
    return v.str();
  }
}

template <class T>
const char* type_name() {
  return eg::coordinate_traits<T>::name;
}

// ---------------------------------------------------------------------------
// Failure report.

/// What the target prints on a disagreement: one line per labelled value.
/// With FUZZ_VERBOSE=1 in the environment every input is printed, with the
/// results (to check what a seed builds).
class Log {
 public:
  Log() = default;
  Log(const Log&) = delete;
  Log& operator=(const Log&) = delete;
  ~Log() {
    static const bool verbose = std::getenv("FUZZ_VERBOSE") != nullptr;
    if (!verbose) return;
    for (const auto& l : lines_) std::fprintf(stderr, "  %s\n", l.c_str());
    std::fprintf(stderr, "\n");
  }
  void add(const std::string& line) { lines_.push_back(line); }
  template <class T>
  void point(const char* label, const eg::Point2<T>& p) {
    add(std::string(label) + " = (" + str(p.x) + ", " + str(p.y) + ")");
  }
  template <class T>
  void point(const char* label, const eg::Point3<T>& p) {
    add(std::string(label) + " = (" + str(p.x) + ", " + str(p.y) + ", " + str(p.z) + ")");
  }
  template <class T>
  void value(const char* label, const T& v) {
    add(std::string(label) + " = " + str(v));
  }
  [[noreturn]] void fail(const std::string& what) const {
    std::fprintf(stderr, "DISAGREEMENT: %s\n", what.c_str());
    for (const auto& l : lines_) std::fprintf(stderr, "  %s\n", l.c_str());
    std::fflush(stderr);
    std::abort();
  }

 private:
  std::vector<std::string> lines_;
};

// ---------------------------------------------------------------------------
// The coordinate and point generator.

template <class T>
class Gen {
 public:
  explicit Gen(Bytes& in) : in_(in) {}

  T coord() {
    const std::uint8_t m = in_.u8();
    T v{};
    switch (m % 8) {
      case 0: v = from_q<T>(Q(in_.i8())); break;
      case 1: v = earlier(in_.u8()); break;
      case 2: {
        const T x = earlier(in_.u8());
        v = step(x, in_.i8());
        break;
      }
      case 4: {
        const int mant = in_.i16(), e = in_.i16();
        v = scaled(mant, e);
        break;
      }
      case 5: v = special(in_.u8()); break;
      case 6: v = negated(earlier(in_.u8())); break;
      default: v = wide(m); break;
    }
    coords_.push_back(v);
    return v;
  }

  /// A point of D = 2 or 3 coordinates (z unused in 2-D).
  template <int D>
  std::array<T, 3> point() {
    const std::uint8_t m = in_.u8();
    std::array<T, 3> p{};
    if (points_.empty() || m % 8 == 0 || m % 8 > 5) {
      for (int k = 0; k < D; ++k) p[k] = coord();
    } else if (m % 8 == 1) {
      p = earlier_point(in_.u8());
    } else if (m % 8 == 2) {  // a + (k/m)(b - a): collinear with a, b
      const auto a = earlier_point(in_.u8()), b = earlier_point(in_.u8());
      const int num = in_.i8();
      const Q t = frac(num, in_.u8() % 8 + 1);
      p = a;
      if (all_finite<D>(a) && all_finite<D>(b))
        for (int k = 0; k < D; ++k) p[k] = from_q<T>(to_q(a[k]) + t * (to_q(b[k]) - to_q(a[k])));
    } else if (m % 8 == 3) {  // c + P(q - c), P a signed permutation: |p - c| = |q - c|
      const auto c = earlier_point(in_.u8()), q = earlier_point(in_.u8());
      const std::uint8_t perm = in_.u8();
      p = c;
      if (all_finite<D>(c) && all_finite<D>(q)) {
        static constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                            {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        const int* pk = D == 2 ? kPerm[perm % 2 == 0 ? 0 : 2] : kPerm[perm % 6];
        for (int k = 0; k < D; ++k) {
          Q d = to_q(q[pk[k]]) - to_q(c[pk[k]]);
          if ((perm >> (3 + k)) & 1) d = -d;
          p[k] = from_q<T>(to_q(c[k]) + d);
        }
      }
    } else if (m % 8 == 4) {  // axis-aligned with an earlier point
      p = earlier_point(in_.u8());
      const int axis = in_.u8() % D;
      p[axis] = coord();
    } else {  // c + k 2^e v, |v| in {5, 7, 3, 1} with integer v: exact distances
      const auto c = earlier_point(in_.u8());
      const int k = in_.i8(), e = in_.i8();
      const std::uint8_t pick = in_.u8();
      static constexpr int kVec[4][3] = {{3, 4, 0}, {2, 3, 6}, {1, 2, 2}, {0, 0, 1}};
      const int* v = kVec[D == 2 ? (pick % 2 == 0 ? 0 : 3) : pick % 4];
      std::array<int, 3> w{v[0], v[1], v[2]};
      if (D == 2 && w[2] != 0) w = {w[2], 0, 0};
      if (pick & 8) std::swap(w[0], w[1]);
      if (D == 3 && (pick & 16)) std::swap(w[1], w[2]);
      p = c;
      if (all_finite<D>(c)) {
        Q s(k);
        if (e >= 0) mpq_mul_2exp(s.get_mpq_t(), s.get_mpq_t(), e);
        else mpq_div_2exp(s.get_mpq_t(), s.get_mpq_t(), -e);
        for (int i = 0; i < D; ++i) {
          const int sign = (pick >> (5 + i)) & 1 ? -1 : 1;
          p[i] = from_q<T>(to_q(c[i]) + s * (sign * w[i]));
        }
      }
    }
    points_.push_back(p);
    return p;
  }

  eg::Point2<T> point2() {
    const auto p = point<2>();
    return {p[0], p[1]};
  }
  eg::Point3<T> point3() {
    const auto p = point<3>();
    return {p[0], p[1], p[2]};
  }

  /// The value moved by k units: k ulps for floats (stays put when not
  /// finite), +k for integers, k/den for rationals (den: its own).
  T step(const T& x, int k) {
    if constexpr (is_float_v<T>) {
      if (!std::isfinite(x)) return x;
      T y = x;
      const T to = k > 0 ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
      for (int i = 0; i < (k < 0 ? -k : k); ++i) y = std::nextafter(y, to);
      return y;
    } else {
      const Q q = to_q(x);
      return from_q<T>(frac(q.get_num() + k, q.get_den()));
    }
  }

  T negated(const T& x) {
    if constexpr (is_float_v<T>)
      return -x;
    else
      return from_q<T>(-to_q(x));
  }

  /// |x| (the floor of a huge negative int64 clamps to the maximum).
  T magnitude(const T& x) {
    if constexpr (is_float_v<T>)
      return std::fabs(x);
    else
      return from_q<T>(abs(to_q(x)));
  }

 private:
  T earlier(std::uint8_t i) {
    return coords_.empty() ? from_q<T>(Q(0)) : coords_[i % coords_.size()];
  }
  std::array<T, 3> earlier_point(std::uint8_t i) { return points_[i % points_.size()]; }

  template <int D>
  static bool all_finite(const std::array<T, 3>& p) {
    for (int k = 0; k < D; ++k)
      if (!finite(p[k])) return false;
    return true;
  }

  mpz_class big() {
    const int len = in_.u8() % 49;  // up to 384 bits
    std::vector<std::uint8_t> b(len);
    for (auto& c : b) c = in_.u8();
    mpz_class z;
    if (len > 0) mpz_import(z.get_mpz_t(), len, -1, 1, 0, 0, b.data());
    return z;
  }

  T wide(std::uint8_t m) {
    if constexpr (std::is_same_v<T, double>) {
      return std::bit_cast<double>(in_.le(8));
    } else if constexpr (std::is_same_v<T, float>) {
      return std::bit_cast<float>(static_cast<std::uint32_t>(in_.le(4)));
    } else if constexpr (std::is_same_v<T, std::int32_t>) {
      return static_cast<std::int32_t>(static_cast<std::uint32_t>(in_.le(4)));
    } else if constexpr (std::is_same_v<T, std::int64_t>) {
      return static_cast<std::int64_t>(in_.le(8));
    } else {
      const mpz_class num = big();
      Q q(m & 0x80 ? mpz_class(-num) : num);
      if constexpr (eg::coordinate_traits<T>::kind == eg::CoordinateKind::rational) {
        const mpz_class den = big();
        if (den != 0) q = Q(q.get_num(), den);
        q.canonicalize();
      }
      return from_q<T>(q);
    }
  }

  T scaled(int mant, int e) {
    if constexpr (std::is_same_v<T, double>) {
      return std::ldexp(static_cast<double>(mant), e % 1100);
    } else if constexpr (std::is_same_v<T, float>) {
      return std::ldexp(static_cast<float>(mant), e % 160);
    } else {
      const bool rational = eg::coordinate_traits<T>::kind == eg::CoordinateKind::rational;
      const int bits = std::is_same_v<T, std::int32_t> ? 17 : std::is_same_v<T, std::int64_t> ? 49 : 400;
      int sh = e % bits;
      if (!rational && sh < 0) sh = -sh;
      Q q(mant);
      if (sh >= 0) mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), sh);
      else mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), -sh);
      return from_q<T>(q);
    }
  }

  T special(std::uint8_t i) {
    if constexpr (is_float_v<T>) {
      using L = std::numeric_limits<T>;
      const T table[] = {T(0), -T(0), L::denorm_min(), -L::denorm_min(), L::min(), -L::min(),
                         L::max(), -L::max(), T(1), T(-1), T(0.5), T(0.1),
                         std::nextafter(L::min(), T(0)), std::nextafter(T(1), T(0)),
                         std::nextafter(T(1), T(2)), std::ldexp(T(1), L::digits),
                         std::ldexp(T(1), L::digits) + T(2), std::ldexp(T(1), L::max_exponent / 2),
                         std::ldexp(T(1), L::min_exponent / 2 - L::digits),
                         std::ldexp(T(1), L::max_exponent - 1), L::quiet_NaN(), L::infinity(),
                         -L::infinity()};
      return table[i % std::size(table)];
    } else {
      static const char* const table[] = {
          "0", "1", "-1", "2147483647", "-2147483648", "2147483646", "-2147483647",
          "9223372036854775807", "-9223372036854775808", "9223372036854775806",
          "-9223372036854775807", "4611686018427387904", "-4611686018427387904",
          "9007199254740993", "3037000499", "46341", "4294967296",
          "18446744073709551616", "-340282366920938463463374607431768211455",
          "1606938044258990275541962092341162602522202993782792835301377",  // 2^200 + 1
          "1/3", "-2/7", "1/18446744073709551615", "340282366920938463463374607431768211457/2",
          "-1/1606938044258990275541962092341162602522202993782792835301376"};
      Q q(table[i % std::size(table)]);
      q.canonicalize();
      return from_q<T>(q);
    }
  }

  Bytes& in_;
  std::vector<T> coords_;
  std::vector<std::array<T, 3>> points_;
};

// ---------------------------------------------------------------------------
// Type dispatch.

template <class T>
struct Tag {
  using type = T;
};

/// Calls f(Tag<T>{}) for the coordinate type selected by the byte.
template <class F>
void with_type(std::uint8_t sel, F&& f) {
  switch (sel % 8) {
    case 0: f(Tag<std::int32_t>{}); break;
    case 1: f(Tag<std::int64_t>{}); break;
    case 2: f(Tag<float>{}); break;
    case 3: f(Tag<double>{}); break;
    case 4: f(Tag<mpz_class>{}); break;
    case 5: f(Tag<mpq_class>{}); break;
    case 6: f(Tag<eg::cpp_int>{}); break;
    default: f(Tag<eg::cpp_rational>{}); break;
  }
}

template <class T>
QV qv(const eg::Point2<T>& p) {
  return {to_q(p.x), to_q(p.y), Q(0)};
}
template <class T>
QV qv(const eg::Point3<T>& p) {
  return {to_q(p.x), to_q(p.y), to_q(p.z)};
}
template <class T>
bool finite(const eg::Point2<T>& p) {
  return finite(p.x) && finite(p.y);
}
template <class T>
bool finite(const eg::Point3<T>& p) {
  return finite(p.x) && finite(p.y) && finite(p.z);
}

/// Runs the library call: it must throw exactgeom::invalid_input exactly
/// when `invalid` (non-finite or negative-radius input); returns whether the
/// call returned normally.
template <class F>
bool run_expecting(bool invalid, const Log& log, F&& call) {
  try {
    call();
  } catch (const eg::invalid_input& e) {
    if (!invalid) log.fail(std::string("invalid_input thrown for valid input: ") + e.what());
    return false;
  }
  if (invalid) log.fail("no invalid_input for a NaN/inf coordinate or negative radius");
  return true;
}

}  // namespace fuzz

// Exact reading of the scalar forms of docs/queries.md.
#include "scalar.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "json.hpp"

namespace exactgeom::query {
namespace {

// Exponents beyond this in a decimal or hex string are refused: 10^100000
// already has 332,000 bits. The spec reads every exponent exactly; this is the
// documented practical limit of this implementation.
constexpr long kMaxExponent = 100000;

bool all_digits(std::string_view s, int base) {
  if (s.empty()) return false;
  for (char c : s)
    if (base == 10 ? !std::isdigit(static_cast<unsigned char>(c))
                   : !std::isxdigit(static_cast<unsigned char>(c)))
      return false;
  return true;
}

mpz_class parse_mpz(std::string_view digits, int base) {
  mpz_class z;
  z.set_str(std::string(digits), base);
  return z;
}

long parse_exponent(std::string_view s, const char* what) {
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  if (!all_digits(s, 10)) throw ScalarError{std::string("malformed exponent in ") + what};
  long e = 0;
  for (char c : s) {
    e = e * 10 + (c - '0');
    if (e > kMaxExponent) throw ScalarError{std::string("exponent too large in ") + what};
  }
  return neg ? -e : e;
}

// [-]digits[.digits][(e|E)[+-]digits], exactly.
mpq_class parse_decimal_exact(std::string_view t) {
  bool neg = false;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    neg = t[0] == '-';
    t.remove_prefix(1);
  }
  long exp10 = 0;
  if (auto e = t.find_first_of("eE"); e != std::string_view::npos) {
    exp10 = parse_exponent(t.substr(e + 1), "decimal");
    t = t.substr(0, e);
  }
  std::string digits;
  if (auto dot = t.find('.'); dot != std::string_view::npos) {
    std::string_view ip = t.substr(0, dot), fp = t.substr(dot + 1);
    if ((ip.empty() && fp.empty()) || (!ip.empty() && !all_digits(ip, 10)) ||
        (!fp.empty() && !all_digits(fp, 10)))
      throw ScalarError{"malformed decimal"};
    digits = std::string(ip) + std::string(fp);
    exp10 -= static_cast<long>(fp.size());
  } else {
    if (!all_digits(t, 10)) throw ScalarError{"malformed number"};
    digits = std::string(t);
  }
  mpq_class q(parse_mpz(digits, 10));
  mpz_class p;
  mpz_ui_pow_ui(p.get_mpz_t(), 10, static_cast<unsigned long>(exp10 < 0 ? -exp10 : exp10));
  if (exp10 >= 0) q *= p;
  else q /= p;
  if (neg) q = -q;
  return q;
}

// [-]0x hexdigits[.hexdigits][(p|P)[+-]digits]: must be a finite double.
Scalar parse_hex(std::string_view t) {
  bool neg = false;
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    neg = t[0] == '-';
    t.remove_prefix(1);
  }
  t.remove_prefix(2);  // 0x
  long exp2 = 0;
  if (auto p = t.find_first_of("pP"); p != std::string_view::npos) {
    exp2 = parse_exponent(t.substr(p + 1), "hex float");
    t = t.substr(0, p);
  }
  std::string digits;
  if (auto dot = t.find('.'); dot != std::string_view::npos) {
    std::string_view ip = t.substr(0, dot), fp = t.substr(dot + 1);
    if ((ip.empty() && fp.empty()) || (!ip.empty() && !all_digits(ip, 16)) ||
        (!fp.empty() && !all_digits(fp, 16)))
      throw ScalarError{"malformed hex float"};
    digits = std::string(ip) + std::string(fp);
    exp2 -= 4 * static_cast<long>(fp.size());
  } else {
    if (!all_digits(t, 16)) throw ScalarError{"malformed hex float"};
    digits = std::string(t);
  }
  mpz_class m = parse_mpz(digits, 16);
  if (m == 0) return Scalar::of_double(0.0);
  // Strip factors of two so the exponent range check is on an odd mantissa.
  const mp_bitcnt_t tz = mpz_scan1(m.get_mpz_t(), 0);
  mpz_tdiv_q_2exp(m.get_mpz_t(), m.get_mpz_t(), tz);
  exp2 += static_cast<long>(tz);
  const long bits = static_cast<long>(mpz_sizeinbase(m.get_mpz_t(), 2));
  // A finite double: odd mantissa of at most 53 bits, lowest bit >= 2^-1074,
  // highest bit <= 2^1023.
  if (bits > 53 || exp2 < -1074 || exp2 + bits - 1 > 1023)
    throw ScalarError{"hex float is not exactly a finite double"};
  const double d = std::ldexp(static_cast<double>(m.get_ui()), static_cast<int>(exp2));
  return Scalar::of_double(neg ? -d : d);
}

}  // namespace

Scalar Scalar::of_double(double d) {
  // The one gate from text to a double value: a NaN converted to mpq_class
  // traps (SIGFPE), so none may pass, whatever the caller checked before.
  if (!std::isfinite(d)) throw ScalarError{"not a finite number"};
  Scalar s;
  s.d_ = d;
  return s;
}

Scalar Scalar::of_rational(mpq_class q) {
  q.canonicalize();
  // Small integers are kept as doubles (exact) so that the fast paths apply.
  if (q.get_den() == 1 && mpz_sizeinbase(q.get_num_mpz_t(), 2) <= 53) return of_double(q.get_d());
  Scalar s;
  s.exact_ = std::move(q);
  return s;
}

Scalar parse_json_number(std::string_view text) {
  // The JSON reader checks the grammar too; this check keeps the function
  // safe for any caller (std::from_chars would read "nan" or "-inf").
  if (!is_json_number(text)) throw ScalarError{"malformed number"};
  const bool is_float = text.find_first_of(".eE") != std::string_view::npos;
  if (!is_float) {
    long long v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc() && p == text.data() + text.size() && v >= -(1LL << 53) &&
        v <= (1LL << 53))
      return Scalar::of_double(static_cast<double>(v));  // "-0" is the integer zero: +0.0
    std::string_view digits = text;
    const bool neg = digits[0] == '-';
    if (neg) digits.remove_prefix(1);
    mpz_class z = parse_mpz(digits, 10);
    if (neg) z = -z;
    return Scalar::of_rational(mpq_class(z));
  }
  // Correctly rounded (libstdc++'s from_chars, nearest, ties to even).
  double d = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec == std::errc::result_out_of_range) {
    // Underflow is valid (zero or the nearest subnormal); overflow is not.
    // strtod tells them apart and is correctly rounded in glibc.
    const std::string z(text);
    d = std::strtod(z.c_str(), nullptr);
    if (std::isinf(d)) throw ScalarError{"number beyond the largest double"};
    return Scalar::of_double(d);
  }
  if (ec != std::errc() || p != text.data() + text.size()) throw ScalarError{"malformed number"};
  return Scalar::of_double(d);
}

Scalar parse_scalar_string(std::string_view t) {
  if (t.empty()) throw ScalarError{"empty string is not a number"};
  if (t[0] == '+') throw ScalarError{"\"" + excerpt(t) + "\": a leading '+' is not allowed"};
  std::string_view body = t;
  if (body[0] == '-') body.remove_prefix(1);
  {
    std::string low(body.substr(0, 3));
    for (char& ch : low) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (low == "nan" || low == "inf")
      throw ScalarError{"\"" + excerpt(t) + "\" is not a finite number"};
  }
  if (body.size() >= 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) return parse_hex(t);
  if (auto slash = t.find('/'); slash != std::string_view::npos) {
    std::string_view num = t.substr(0, slash), den = t.substr(slash + 1);
    bool neg = false;
    if (!num.empty() && (num[0] == '+' || num[0] == '-')) {
      neg = num[0] == '-';
      num.remove_prefix(1);
    }
    if (!all_digits(num, 10) || !all_digits(den, 10)) throw ScalarError{"malformed fraction"};
    mpz_class n = parse_mpz(num, 10), d = parse_mpz(den, 10);
    if (d == 0) throw ScalarError{"fraction with denominator 0"};
    if (neg) n = -n;
    return Scalar::of_rational(mpq_class(n, d));
  }
  return Scalar::of_rational(parse_decimal_exact(t));
}

}  // namespace exactgeom::query

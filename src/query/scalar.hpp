// src/query/scalar.hpp: the scalars of spec/queries.md (JSON numbers and
// strings) read exactly, and the rational/double forms answers are written in.
#pragma once

#include <gmpxx.h>

#include <optional>
#include <string>
#include <string_view>

namespace exactgeom::query {

/// An exact scalar. When `exact` is empty the value is the double `d`
/// exactly; otherwise it is the rational *exact (and `d` is unused).
struct Scalar {
  double d = 0.0;
  std::optional<mpq_class> exact;

  bool is_double() const { return !exact.has_value(); }
  mpq_class to_mpq() const { return exact ? *exact : mpq_class(d); }
  int sign() const { return exact ? ::sgn(*exact) : (d > 0) - (d < 0); }
};

/// Thrown with a message naming what is wrong with a scalar.
struct ScalarError {
  std::string what;
};

/// A JSON number given by its raw text: an integer of any size exactly, or
/// (with '.', 'e' or 'E') the double nearest to the decimal, ties to even.
/// A number beyond the largest double throws ScalarError.
Scalar parse_json_number(std::string_view text);

/// A JSON string's contents: an integer, a fraction p/q (q != 0), a decimal
/// (exact), or a C99 hex float that denotes a finite double exactly.
Scalar parse_scalar_string(std::string_view text);

/// "p/q" in lowest terms with a positive denominator; "p" when q = 1.
std::string rational_string(const mpq_class& q);

/// C's "%a" form of a double ("0x1.8p+1", "0x0p+0").
std::string hex_double(double v);

}  // namespace exactgeom::query

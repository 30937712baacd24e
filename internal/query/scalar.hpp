// internal/query/scalar.hpp: the scalars of docs/queries.md (JSON numbers and
// strings) read exactly, and the rational/double forms answers are written in.
#pragma once

#include <gmpxx.h>

#include <optional>
#include <string>
#include <string_view>

namespace exactgeom::query {

/// Thrown with a message naming what is wrong with a scalar.
struct ScalarError {
  std::string what;
};

/// An exact scalar: a finite double, or a rational. No NaN or infinity can
/// be held: the double factory rejects them, so nothing built from a Scalar
/// (mpq_class, the library's double entry points) ever sees one.
class Scalar {
 public:
  Scalar() = default;
  /// Throws ScalarError when d is NaN or infinite.
  static Scalar of_double(double d);
  /// Canonicalizes q; an integer of at most 53 bits is kept as a double so
  /// that the library's fast double paths apply.
  static Scalar of_rational(mpq_class q);

  bool is_double() const { return !exact_.has_value(); }
  /// The value when is_double().
  double as_double() const { return d_; }
  mpq_class to_mpq() const { return exact_ ? *exact_ : mpq_class(d_); }
  int sign() const { return exact_ ? ::sgn(*exact_) : (d_ > 0) - (d_ < 0); }

 private:
  double d_ = 0.0;
  std::optional<mpq_class> exact_;  // empty: the value is d_ exactly
};


/// A JSON number given by its raw text: an integer of any size exactly, or
/// (with '.', 'e' or 'E') the double nearest to the decimal, ties to even.
/// A number beyond the largest double throws ScalarError.
Scalar parse_json_number(std::string_view text);

/// A JSON string's contents: an integer, a fraction p/q (q != 0), a decimal
/// (exact), or a C99 hex float that denotes a finite double exactly.
Scalar parse_scalar_string(std::string_view text);

}  // namespace exactgeom::query

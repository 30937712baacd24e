// python/src/convert.hpp: Python numbers read exactly (int of any size,
// float, fractions.Fraction, NumPy scalars, anything with
// as_integer_ratio()), points and shapes of them, and exact results handed
// back as Python ints, Fractions and floats.
#pragma once

#include <pybind11/pybind11.h>

#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <vector>

namespace exactgeom::python {

namespace py = pybind11;

/// Names a value in error messages: "orient2d: c[1]", "contact: x[0][1][2]".
/// Indices are appended only when >= 0; `row` and `col` print NumPy style,
/// "c[5, 1]".
struct Where {
  const char* fn;
  std::string arg;
  std::string str() const { return std::string(fn) + ": " + arg; }
  Where at(std::size_t i) const { return {fn, arg + "[" + std::to_string(i) + "]"}; }
  Where at(std::size_t row, std::size_t col) const {
    return {fn, arg + "[" + std::to_string(row) + ", " + std::to_string(col) + "]"};
  }
};

/// One coordinate or radius, exactly as given: an int64, a finite double, or
/// a rational. No NaN or infinity is ever held.
class Coord {
 public:
  enum class Tag { int64, real, rational };
  Coord() = default;
  static Coord of_int(std::int64_t v) {
    Coord c;
    c.tag_ = Tag::int64;
    c.i_ = v;
    return c;
  }
  /// Throws ValueError (naming `w`) when d is NaN or infinite.
  static Coord of_double(double d, const Where& w);
  static Coord of_mpq(mpq_class q);

  Tag tag() const { return tag_; }
  /// True when the value is a double exactly (an int64 of at most 53
  /// significant bits, any finite double).
  bool is_double() const;
  /// The value as a double; exact when is_double().
  double as_double() const;
  bool is_int32() const { return tag_ == Tag::int64 && i_ >= INT32_MIN && i_ <= INT32_MAX; }
  std::int64_t as_int64() const { return i_; }
  mpq_class to_mpq() const;
  int sign() const;

 private:
  Tag tag_ = Tag::int64;
  std::int64_t i_ = 0;
  double d_ = 0;
  mpq_class q_;
};

/// Looks up the Python objects the conversions use (fractions.Fraction,
/// numpy's scalar types). Called once, from the module's init.
void init_convert();

/// A Python number, exactly: bool is refused (TypeError); NaN and infinity
/// are ValueError; other types TypeError. Both name `w`.
Coord to_coord(py::handle h, const Where& w);

/// True for a sequence that is not str/bytes/bytearray.
bool is_sequence(py::handle h);

/// A point: a sequence of `dim` numbers (dim 0: 2 or 3). ValueError for
/// another length or a non-sequence, naming `w`.
std::vector<Coord> read_point(py::handle h, const Where& w, int dim = 0);

/// An int, and a Fraction, from GMP values.
py::object to_py_int(const mpz_class& z);
py::object to_fraction(const mpq_class& q);
/// Exact values as Python objects: an object array of Fractions, or (with
/// pairs) two object arrays of Python ints, numerators and denominators.
py::object exact_objects(const std::vector<mpq_class>& q, bool pairs);

/// mpz from a Python int (any size).
mpz_class pylong_to_mpz(py::handle h);
/// mpq from a long double, exactly (finite).
mpq_class long_double_to_mpq(long double v);

[[noreturn]] void throw_value_error(const Where& w, const std::string& what);
[[noreturn]] void throw_type_error(const Where& w, const std::string& what);

/// The Python type name of h ("str", "numpy.ndarray").
std::string type_name(py::handle h);

}  // namespace exactgeom::python

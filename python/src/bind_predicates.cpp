// python/src/predicates/predicates.cpp: exactgeom.orient2d, orient3d, incircle and
// insphere on single points and on NumPy arrays of points, exactly.
//
// Arrays go through the batch API (batch.hpp) in one coordinate type that
// holds every argument exactly: float32 alone stays float32, int32 alone
// int32, other integers int64, and any float with anything else float64.
// Converting int64 (or uint64, long double) to float64 can round: those
// rows are found and answered again by the scalar predicate on the exact
// values, so no answer ever comes from a rounded coordinate. Python ints of
// any size, Fractions and other exact numbers (object arrays, or points
// given as sequences) are answered row by row: in double when every
// coordinate of the row is a double, in int64 when all are int64, else in
// mpq_class.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "convert.hpp"
#include "exactgeom/batch.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/predicates.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

/// Arrays at least this long are answered with the GIL released.
constexpr std::size_t kReleaseGil = 2048;

template <int D, class T>
using Pt = std::conditional_t<D == 2, Point2<T>, Point3<T>>;

static_assert(sizeof(Point2<double>) == 2 * sizeof(double) && sizeof(Point3<float>) == 3 * sizeof(float) &&
                  std::is_standard_layout_v<Point3<double>>,
              "a row of an (n, D) array is read as a Point");

/// The storage of one argument: the batch types, the integer and float
/// types that need a check when converted (uint64, long double), and Python
/// objects.
enum class Kind { i32, i64, u64, f32, f64, f80, object };

py::dtype dtype_of(Kind k) {
  switch (k) {
    case Kind::i32: return py::dtype::of<std::int32_t>();
    case Kind::i64: return py::dtype::of<std::int64_t>();
    case Kind::u64: return py::dtype::of<std::uint64_t>();
    case Kind::f32: return py::dtype::of<float>();
    case Kind::f64: return py::dtype::of<double>();
    case Kind::f80: return py::dtype("longdouble");
    case Kind::object: return py::dtype("O");
  }
  return py::dtype("O");
}

/// The storage kind of a dtype: every integer and float dtype is held
/// exactly (int8/16, uint8/16 as int32; uint32 as int64; float16 as float32).
Kind kind_of(const py::dtype& dt, const Where& w) {
  const auto size = static_cast<std::size_t>(dt.itemsize());
  switch (dt.kind()) {
    case 'f':
      if (size <= 4) return Kind::f32;
      if (size == 8) return Kind::f64;
      if (size == sizeof(long double)) return Kind::f80;
      break;
    case 'i':
      return size <= 4 ? Kind::i32 : Kind::i64;
    case 'u':
      return size <= 2 ? Kind::i32 : (size == 4 ? Kind::i64 : Kind::u64);
    case 'O':
      return Kind::object;
    default:
      break;
  }
  // ValueError, like a mis-shaped array: the argument is an array, of the wrong kind.
  throw_value_error(w, "has dtype " + std::string(py::str(dt.attr("name"))) +
                          "; expected float64, float32, int32 or int64 (any integer or float dtype "
                          "works; object arrays hold Python ints and Fractions)");
}

/// A native, aligned, C-contiguous array of dtype `dt` (a copy only when
/// needed; casts like astype): numpy.require, NumPy's public way to ask.
py::array require(py::handle h, const py::dtype& dt) {
  // Never released: the interpreter may be gone when static destructors run.
  static const py::object* np_require = new py::object(py::module_::import("numpy").attr("require"));
  return (*np_require)(h, dt, py::make_tuple("C_CONTIGUOUS", "ALIGNED", "ENSUREARRAY"));
}

/// One argument of a predicate: a point or an (n, dim) array.
struct Arg {
  Where where;
  int dim = 2;
  bool single = false;  // a point, not an array of them
  std::size_t rows = 1;
  Kind kind = Kind::object;
  py::array arr;              // kind's storage, rows x dim, when coords is empty (see materialize)
  std::vector<Coord> coords;  // values read from Python objects, rows x dim

  Where at(std::size_t row, int k) const {
    return single ? where.at(static_cast<std::size_t>(k)) : where.at(row, static_cast<std::size_t>(k));
  }

  /// Coordinate k of `row`, exactly. No Python call: safe without the GIL.
  Coord coord(std::size_t row, int k) const {
    const std::size_t i = row * static_cast<std::size_t>(dim) + static_cast<std::size_t>(k);
    if (!coords.empty()) return coords[i];
    switch (kind) {
      case Kind::i32: return Coord::of_int(static_cast<const std::int32_t*>(arr.data())[i]);
      case Kind::i64: return Coord::of_int(static_cast<const std::int64_t*>(arr.data())[i]);
      case Kind::u64: {
        const std::uint64_t v = static_cast<const std::uint64_t*>(arr.data())[i];
        if (v <= static_cast<std::uint64_t>(INT64_MAX)) return Coord::of_int(static_cast<std::int64_t>(v));
        return Coord::of_mpq(mpq_class(mpz_class(static_cast<unsigned long>(v))));
      }
      case Kind::f32: return Coord::of_double(static_cast<const float*>(arr.data())[i], at(row, k));
      case Kind::f64: return Coord::of_double(static_cast<const double*>(arr.data())[i], at(row, k));
      case Kind::f80: {
        const long double v = static_cast<const long double*>(arr.data())[i];
        const double d = static_cast<double>(v);
        if (!std::isfinite(v) || static_cast<long double>(d) == v) return Coord::of_double(d, at(row, k));
        return Coord::of_mpq(long_double_to_mpq(v));
      }
      case Kind::object: break;
    }
    return Coord::of_int(0);  // unreachable: object arguments hold coords
  }

  /// Builds `arr` from `coords` for a typed kind (i32, i64 or f64). (A
  /// default py::array is an empty float64 array, not a null handle: whether
  /// `arr` holds the values is told by `coords` being empty.)
  void materialize() {
    if (coords.empty() || kind == Kind::object) return;
    const std::size_t n = coords.size();
    auto fill = [&](auto* out, auto get) {
      for (std::size_t i = 0; i < n; ++i) out[i] = get(coords[i]);
    };
    const std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(rows), dim};
    if (kind == Kind::i32) {
      py::array_t<std::int32_t> a(shape);
      fill(a.mutable_data(), [](const Coord& c) { return static_cast<std::int32_t>(c.as_int64()); });
      arr = a;
    } else if (kind == Kind::i64) {
      py::array_t<std::int64_t> a(shape);
      fill(a.mutable_data(), [](const Coord& c) { return c.as_int64(); });
      arr = a;
    } else {
      py::array_t<double> a(shape);
      fill(a.mutable_data(), [](const Coord& c) { return c.as_double(); });
      arr = a;
    }
  }
};

/// The narrowest batch kind that holds every value exactly, or object.
Kind narrow(const std::vector<Coord>& c) {
  bool all_int = true, all_i32 = true, all_double = true;
  for (const Coord& x : c) {
    switch (x.tag()) {
      case Coord::Tag::int64:
        all_i32 = all_i32 && x.is_int32();
        all_double = all_double && x.is_double();
        break;
      case Coord::Tag::real:
        all_int = all_i32 = false;
        break;
      case Coord::Tag::rational:
        return Kind::object;
    }
  }
  if (all_int) return all_i32 ? Kind::i32 : Kind::i64;
  return all_double ? Kind::f64 : Kind::object;
}

Arg read_arg(py::handle h, const char* fn, const char* name, int dim) {
  Arg a;
  a.where = {fn, name};
  a.dim = dim;
  const std::string expected = "a point (a sequence of " + std::to_string(dim) +
                               " numbers) or an array of shape (n, " + std::to_string(dim) + ")";
  py::array arr;
  if (py::isinstance<py::array>(h)) {
    arr = py::reinterpret_borrow<py::array>(h);
  } else {
    if (!is_sequence(h)) throw_type_error(a.where, "is a " + type_name(h) + "; expected " + expected);
    const py::sequence s = py::reinterpret_borrow<py::sequence>(h);
    if (s.size() > 0 && !is_sequence(s[0])) {
      // One point of Python numbers: the scalar call.
      a.coords = read_point(h, a.where, dim);
      a.single = true;
      a.kind = narrow(a.coords);
      return a;
    }
    arr = require(h, py::dtype("O"));  // nested sequences: NumPy finds the shape
  }
  const py::ssize_t nd = arr.ndim();
  if (nd == 1 && arr.shape(0) == dim) {
    a.single = true;
  } else if (nd == 2 && arr.shape(1) == dim) {
    a.rows = static_cast<std::size_t>(arr.shape(0));
  } else {
    std::string shape = "(";
    for (py::ssize_t i = 0; i < nd; ++i) shape += (i ? ", " : "") + std::to_string(arr.shape(i));
    shape += nd == 1 ? ",)" : ")";
    throw_value_error(a.where, "has shape " + shape + "; expected " + expected);
  }
  a.kind = kind_of(arr.dtype(), a.where);
  if (a.kind != Kind::object) {
    a.arr = require(arr, dtype_of(a.kind));
    return a;
  }
  const py::array objects = require(arr, py::dtype("O"));
  PyObject* const* p = static_cast<PyObject* const*>(objects.data());
  a.coords.reserve(a.rows * static_cast<std::size_t>(dim));
  for (std::size_t r = 0; r < a.rows; ++r)
    for (int k = 0; k < dim; ++k) a.coords.push_back(to_coord(*p++, a.at(r, k)));
  a.kind = narrow(a.coords);
  return a;
}

// ---- the four predicates

struct Orient2d {
  static constexpr int arity = 3, dim = 2;
  static constexpr const char* name = "orient2d";
  template <class T>
  static Sign scalar(const Point2<T>* p) {
    return orient2d(p[0], p[1], p[2]);
  }
  template <class T>
  static void batch(const std::span<const Point2<T>>* s, std::span<std::int8_t> out) {
    orient2d_batch(s[0], s[1], s[2], out);
  }
};
struct Orient3d {
  static constexpr int arity = 4, dim = 3;
  static constexpr const char* name = "orient3d";
  template <class T>
  static Sign scalar(const Point3<T>* p) {
    return orient3d(p[0], p[1], p[2], p[3]);
  }
  template <class T>
  static void batch(const std::span<const Point3<T>>* s, std::span<std::int8_t> out) {
    orient3d_batch(s[0], s[1], s[2], s[3], out);
  }
};
struct Incircle {
  static constexpr int arity = 4, dim = 2;
  static constexpr const char* name = "incircle";
  template <class T>
  static Sign scalar(const Point2<T>* p) {
    return incircle(p[0], p[1], p[2], p[3]);
  }
  template <class T>
  static void batch(const std::span<const Point2<T>>* s, std::span<std::int8_t> out) {
    incircle_batch(s[0], s[1], s[2], s[3], out);
  }
};
struct Insphere {
  static constexpr int arity = 5, dim = 3;
  static constexpr const char* name = "insphere";
  template <class T>
  static Sign scalar(const Point3<T>* p) {
    return insphere(p[0], p[1], p[2], p[3], p[4]);
  }
  template <class T>
  static void batch(const std::span<const Point3<T>>* s, std::span<std::int8_t> out) {
    insphere_batch(s[0], s[1], s[2], s[3], s[4], out);
  }
};

template <class T>
T value_as(const Coord& c) {
  if constexpr (std::is_same_v<T, double>) return c.as_double();
  else if constexpr (std::is_same_v<T, std::int64_t>) return c.as_int64();
  else return c.to_mpq();
}

template <class Op, class T>
Sign sign_of(const std::array<Coord, Op::arity * Op::dim>& c) {
  std::array<Pt<Op::dim, T>, Op::arity> p;
  for (int j = 0; j < Op::arity; ++j) {
    const Coord* q = &c[static_cast<std::size_t>(j * Op::dim)];
    if constexpr (Op::dim == 2) p[static_cast<std::size_t>(j)] = {value_as<T>(q[0]), value_as<T>(q[1])};
    else p[static_cast<std::size_t>(j)] = {value_as<T>(q[0]), value_as<T>(q[1]), value_as<T>(q[2])};
  }
  return Op::scalar(p.data());
}

/// The exact sign for item `row` (one-point arguments broadcast), from the
/// values as given: in double, int64 or mpq_class, whichever holds them all.
template <class Op>
std::int8_t sign_row(const std::vector<Arg>& args, std::size_t row) {
  std::array<Coord, Op::arity * Op::dim> c;
  bool all_double = true, all_int = true;
  for (int j = 0; j < Op::arity; ++j) {
    const Arg& a = args[static_cast<std::size_t>(j)];
    for (int k = 0; k < Op::dim; ++k) {
      Coord& x = c[static_cast<std::size_t>(j * Op::dim + k)];
      x = a.coord(a.rows == 1 ? 0 : row, k);
      all_double = all_double && x.is_double();
      all_int = all_int && x.tag() == Coord::Tag::int64;
    }
  }
  Sign s;
  if (all_int) s = sign_of<Op, std::int64_t>(c);
  else if (all_double) s = sign_of<Op, double>(c);
  else s = sign_of<Op, mpq_class>(c);
  return static_cast<std::int8_t>(s);
}

/// The batch kind every argument converts to exactly (up to the rows
/// marked by needs_check).
Kind common_kind(const std::vector<Arg>& args) {
  bool any_float = false, all_f32 = true, all_i32 = true;
  for (const Arg& a : args) {
    any_float = any_float || a.kind == Kind::f32 || a.kind == Kind::f64 || a.kind == Kind::f80;
    all_f32 = all_f32 && a.kind == Kind::f32;
    all_i32 = all_i32 && a.kind == Kind::i32;
  }
  if (any_float) return all_f32 ? Kind::f32 : Kind::f64;
  return all_i32 ? Kind::i32 : Kind::i64;
}

/// Whether converting a value of kind `from` to `to` can change it.
bool may_round(Kind from, Kind to) {
  return (to == Kind::f64 && (from == Kind::i64 || from == Kind::u64 || from == Kind::f80)) ||
         (to == Kind::i64 && from == Kind::u64);
}

/// Whether value i of `a` changes when converted to `to` (may_round is true).
bool rounds(const Arg& a, std::size_t i, Kind to) {
  switch (a.kind) {
    case Kind::i64: {
      const std::int64_t v = static_cast<const std::int64_t*>(a.arr.data())[i];
      const double d = static_cast<double>(v);
      return !(d < 0x1p63 && static_cast<std::int64_t>(d) == v);
    }
    case Kind::u64: {
      const std::uint64_t v = static_cast<const std::uint64_t*>(a.arr.data())[i];
      if (to == Kind::i64) return v > static_cast<std::uint64_t>(INT64_MAX);
      const double d = static_cast<double>(v);
      return !(d < 0x1p64 && static_cast<std::uint64_t>(d) == v);
    }
    case Kind::f80: {
      const long double v = static_cast<const long double*>(a.arr.data())[i];
      return static_cast<long double>(static_cast<double>(v)) != v;  // NaN included
    }
    default:
      return false;
  }
}

/// After the batch threw invalid_input: the first NaN or infinity of the
/// float arguments, named; else the library's message.
template <class Op, class T>
[[noreturn]] void report_non_finite(const std::vector<Arg>& args, const std::vector<py::array>& conv,
                                    const invalid_input& e) {
  if constexpr (std::is_floating_point_v<T>) {
    std::size_t best_row = SIZE_MAX, best_j = 0, best_k = 0;
    for (std::size_t j = 0; j < args.size(); ++j) {
      const T* p = static_cast<const T*>(conv[j].data());
      const std::size_t n = args[j].rows * static_cast<std::size_t>(Op::dim);
      for (std::size_t i = 0; i < n; ++i) {
        if (std::isfinite(p[i])) continue;
        const std::size_t row = i / static_cast<std::size_t>(Op::dim);
        if (row < best_row) best_row = row, best_j = j, best_k = i % static_cast<std::size_t>(Op::dim);
        break;
      }
    }
    if (best_row != SIZE_MAX) {
      const double v = static_cast<double>(static_cast<const T*>(
          conv[best_j].data())[best_row * static_cast<std::size_t>(Op::dim) + best_k]);
      Coord::of_double(v, args[best_j].at(best_row, static_cast<int>(best_k)));  // throws, naming it
    }
  }
  throw py::value_error(e.what());
}

template <class Op, class T>
void run_batch(const std::vector<Arg>& args, const std::vector<py::array>& conv, std::span<std::int8_t> out) {
  using P = Pt<Op::dim, T>;
  std::array<std::span<const P>, Op::arity> s;
  for (std::size_t j = 0; j < s.size(); ++j)
    s[j] = std::span<const P>(static_cast<const P*>(conv[j].data()), args[j].rows);
  try {
    std::optional<py::gil_scoped_release> release;
    if (out.size() >= kReleaseGil) release.emplace();
    Op::template batch<T>(s.data(), out);
  } catch (const invalid_input& e) {
    report_non_finite<Op, T>(args, conv, e);
  }
}

template <class Op>
py::object predicate(const std::array<py::handle, Op::arity>& h) {
  static constexpr const char* kNames[] = {"a", "b", "c", "d", "e"};
  std::vector<Arg> args;
  args.reserve(Op::arity);
  bool all_single = true;
  for (std::size_t j = 0; j < h.size(); ++j) {
    args.push_back(read_arg(h[j], Op::name, kNames[j], Op::dim));
    all_single = all_single && args.back().single;
  }
  if (all_single) return py::int_(static_cast<int>(sign_row<Op>(args, 0)));

  // Every array has n points, or one (broadcast).
  std::size_t n = 1;
  const Arg* sized = nullptr;
  for (const Arg& a : args) {
    if (a.rows == 1) continue;
    if (!sized) {
      sized = &a;
      n = a.rows;
    } else if (a.rows != n) {
      throw py::value_error(std::string(Op::name) + ": " + sized->where.arg + " has " + std::to_string(n) +
                            " points and " + a.where.arg + " has " + std::to_string(a.rows) +
                            "; each argument must have the same number of points, or be one point");
    }
  }
  py::array_t<std::int8_t> result(static_cast<py::ssize_t>(n));
  const std::span<std::int8_t> out(result.mutable_data(), n);

  bool any_object = false;
  for (const Arg& a : args) any_object = any_object || a.kind == Kind::object;
  if (any_object) {  // exact numbers: row by row
    std::optional<py::gil_scoped_release> release;
    if (n >= kReleaseGil) release.emplace();
    for (std::size_t i = 0; i < n; ++i) out[i] = sign_row<Op>(args, i);
    return result;
  }

  const Kind target = common_kind(args);
  std::vector<py::array> conv;
  std::vector<bool> recheck;  // rows whose conversion rounded
  bool recheck_all = false;
  for (Arg& a : args) {
    a.materialize();
    conv.push_back(a.kind == target ? a.arr : require(a.arr, dtype_of(target)));
    if (!may_round(a.kind, target)) continue;
    for (std::size_t r = 0; r < a.rows; ++r) {
      bool rounded = false;
      for (int k = 0; k < Op::dim; ++k)
        rounded = rounded || rounds(a, r * static_cast<std::size_t>(Op::dim) + static_cast<std::size_t>(k), target);
      if (!rounded) continue;
      if (a.rows == 1) {
        recheck_all = true;
      } else {
        if (recheck.empty()) recheck.resize(n);
        recheck[r] = true;
      }
    }
  }
  switch (target) {
    case Kind::f32: run_batch<Op, float>(args, conv, out); break;
    case Kind::f64: run_batch<Op, double>(args, conv, out); break;
    case Kind::i32: run_batch<Op, std::int32_t>(args, conv, out); break;
    default: run_batch<Op, std::int64_t>(args, conv, out); break;
  }
  if (recheck_all || !recheck.empty()) {
    std::optional<py::gil_scoped_release> release;
    if (n >= kReleaseGil) release.emplace();
    for (std::size_t i = 0; i < n; ++i)
      if (recheck_all || recheck[i]) out[i] = sign_row<Op>(args, i);
  }
  return result;
}

constexpr const char* kInputs = R"(
Each argument is one point (a sequence of {dim} numbers, or a NumPy array of
shape ({dim},)) or an array of points of shape (n, {dim}) (NumPy arrays of
float64, float32, int32 or int64, any other integer or float dtype, object
arrays of Python numbers, or nested sequences). Arrays must have the same n,
or one point (shape (1, {dim}) or a single point), which is used for every i.

Values are taken exactly as given: a float is the binary number it holds,
Python ints of any size, fractions.Fraction, decimal.Decimal and
numpy.longdouble are exact. Arrays of mixed dtypes are converted to one type
that holds them exactly (int32 and float32 with float64: float64); where
that type cannot (int64 beyond 2**53 with floats, uint64 beyond 2**63,
long double), those rows are answered from the exact values.

Returns an int (-1, 0 or 1) when every argument is a single point, else a
numpy.ndarray of int8 of shape (n,).

Raises ValueError, naming the argument, for a NaN or infinite coordinate,
a mis-shaped argument, an array of another dtype (bool, complex, str) and
arrays with different numbers of points; TypeError for a value that is not a
number (a str, a bool, None).)";

std::string doc(const char* head, int dim) {
  std::string d = std::string(head) + kInputs;
  for (std::size_t p; (p = d.find("{dim}")) != std::string::npos;) d.replace(p, 5, std::to_string(dim));
  return d;
}

}  // namespace

void register_predicates(py::module_& m) {
  using py::arg;
  m.def(
      "orient2d",
      [](py::handle a, py::handle b, py::handle c) { return predicate<Orient2d>({a, b, c}); },
      arg("a"), arg("b"), arg("c"),
      doc("orient2d(a, b, c) -> int | numpy.ndarray\n\n"
          "The exact sign of det[b - a; c - a].\n\n"
          "+1 when a, b, c turn counterclockwise (c left of the line a->b), -1 when\n"
          "clockwise, 0 when collinear (coincident points included).\n",
          2)
          .c_str());
  m.def(
      "orient3d",
      [](py::handle a, py::handle b, py::handle c, py::handle d) { return predicate<Orient3d>({a, b, c, d}); },
      arg("a"), arg("b"), arg("c"), arg("d"),
      doc("orient3d(a, b, c, d) -> int | numpy.ndarray\n\n"
          "The exact sign of det[b - a; c - a; d - a].\n\n"
          "+1 when d is on the side of the plane abc from which a, b, c appear\n"
          "counterclockwise (CGAL's convention, the opposite of Shewchuk's), -1 on\n"
          "the other side, 0 when coplanar.\n",
          3)
          .c_str());
  m.def(
      "incircle",
      [](py::handle a, py::handle b, py::handle c, py::handle d) { return predicate<Incircle>({a, b, c, d}); },
      arg("a"), arg("b"), arg("c"), arg("d"),
      doc("incircle(a, b, c, d) -> int | numpy.ndarray\n\n"
          "The exact in-circle test.\n\n"
          "The sign of det of the rows [p - d, |p - d|^2] for p = a, b, c: +1 when d\n"
          "is inside the circle through a, b, c and a, b, c are counterclockwise\n"
          "(reversed when clockwise), 0 when the four are cocircular (or a, b, c\n"
          "collinear with d on their line).\n",
          2)
          .c_str());
  m.def(
      "insphere",
      [](py::handle a, py::handle b, py::handle c, py::handle d, py::handle e) {
        return predicate<Insphere>({a, b, c, d, e});
      },
      arg("a"), arg("b"), arg("c"), arg("d"), arg("e"),
      doc("insphere(a, b, c, d, e) -> int | numpy.ndarray\n\n"
          "The exact in-sphere test.\n\n"
          "Minus the sign of det of the rows [p - e, |p - e|^2] for p = a, b, c, d:\n"
          "+1 when e is inside the sphere through a, b, c, d and orient3d(a, b, c, d)\n"
          "is +1 (reversed when it is -1), 0 when the five are cospherical.\n",
          3)
          .c_str());
}

}  // namespace exactgeom::python

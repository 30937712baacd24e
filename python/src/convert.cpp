// python/src/convert.cpp: see convert.hpp.
#include "convert.hpp"

#include "arrays.hpp"
#include "exactgeom/rational.hpp"

#include <cfloat>
#include <cmath>
#include <limits>

namespace exactgeom::python {

namespace {

// Borrowed for the life of the process (set once by init_convert, never
// released: the interpreter may be gone when static destructors run).
PyObject* g_fraction = nullptr;
PyObject* g_np_floating = nullptr;
PyObject* g_np_integer = nullptr;

bool has_attr(py::handle h, const char* name) { return PyObject_HasAttrString(h.ptr(), name) == 1; }

mpq_class pair_to_mpq(py::handle num, py::handle den, const Where& w) {
  const py::object n = py::reinterpret_steal<py::object>(PyNumber_Index(num.ptr()));
  const py::object d = py::reinterpret_steal<py::object>(PyNumber_Index(den.ptr()));
  if (!n || !d) {
    PyErr_Clear();
    throw_type_error(w, "its numerator and denominator are not integers");
  }
  mpz_class dz = pylong_to_mpz(d);
  if (dz == 0) throw_value_error(w, "the denominator is 0");
  mpq_class q(pylong_to_mpz(n), dz);
  q.canonicalize();
  return q;
}

}  // namespace

Coord Coord::of_double(double d, const Where& w) {
  if (!std::isfinite(d))
    throw_value_error(w, std::string("is ") + (std::isnan(d) ? "nan" : (d > 0 ? "inf" : "-inf")) +
                             "; coordinates and radii must be finite");
  Coord c;
  c.tag_ = Tag::real;
  c.d_ = d;
  return c;
}

Coord Coord::of_mpq(mpq_class q) {
  Coord c;
  c.tag_ = Tag::rational;
  c.q_ = std::move(q);
  return c;
}

bool Coord::is_double() const {
  switch (tag_) {
    case Tag::real: return true;
    case Tag::int64: {
      const double d = static_cast<double>(i_);
      return d < 0x1p63 && static_cast<std::int64_t>(d) == i_;
    }
    case Tag::rational: return false;
  }
  return false;
}

double Coord::as_double() const {
  return tag_ == Tag::real ? d_ : (tag_ == Tag::int64 ? static_cast<double>(i_) : q_.get_d());
}

mpq_class Coord::to_mpq() const {
  switch (tag_) {
    case Tag::int64: return exactgeom::to_mpq(i_);
    case Tag::real: return mpq_class(d_);
    case Tag::rational: return q_;
  }
  return {};
}

int Coord::sign() const {
  switch (tag_) {
    case Tag::int64: return (i_ > 0) - (i_ < 0);
    case Tag::real: return (d_ > 0) - (d_ < 0);
    case Tag::rational: return ::sgn(q_);
  }
  return 0;
}

void init_convert() {
  g_fraction = py::object(py::module_::import("fractions").attr("Fraction")).release().ptr();
  const py::module_ np = py::module_::import("numpy");
  g_np_floating = py::object(np.attr("floating")).release().ptr();
  g_np_integer = py::object(np.attr("integer")).release().ptr();
}

std::string type_name(py::handle h) {
  const py::handle t = reinterpret_cast<PyObject*>(Py_TYPE(h.ptr()));
  const std::string mod = py::str(t.attr("__module__"));
  const std::string name = py::str(t.attr("__qualname__"));
  return mod == "builtins" ? name : mod + "." + name;
}

void throw_value_error(const Where& w, const std::string& what) { throw py::value_error(w.str() + " " + what); }
void throw_type_error(const Where& w, const std::string& what) { throw py::type_error(w.str() + " " + what); }

mpz_class pylong_to_mpz(py::handle h) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (!overflow) return to_mpq(static_cast<std::int64_t>(v)).get_num();
  // Any size: through the hexadecimal digits ("-0x1f" -> sign, "1f").
  const py::object s = py::reinterpret_steal<py::object>(PyNumber_ToBase(h.ptr(), 16));
  if (!s) throw py::error_already_set();
  std::string text = py::str(s);
  const bool negative = !text.empty() && text[0] == '-';
  mpz_class z(text.substr(negative ? 3 : 2), 16);
  if (negative) z = -z;
  return z;
}

mpq_class long_double_to_mpq(long double v) {
  int e = 0;
  const long double m = std::frexp(v, &e);  // v = m 2^e, 0.5 <= |m| < 1
  constexpr int digits = std::numeric_limits<long double>::digits;
  long double mi = std::fabs(std::ldexp(m, digits));  // an integer below 2^digits
  // In 32-bit pieces, each exact in a long double and in an unsigned long.
  mpz_class z = 0;
  mp_bitcnt_t shift = 0;
  while (mi > 0) {
    const long double hi = std::floor(std::ldexp(mi, -32));
    const long double lo = mi - std::ldexp(hi, 32);
    z += mpz_class(static_cast<unsigned long>(lo)) << shift;
    shift += 32;
    mi = hi;
  }
  if (m < 0) z = -z;
  mpq_class q(z);
  const int exponent = e - digits;
  if (exponent >= 0)
    mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(exponent));
  else
    mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), static_cast<mp_bitcnt_t>(-exponent));
  return q;
}

Coord to_coord(py::handle h, const Where& w) {
  PyObject* o = h.ptr();
  if (PyFloat_Check(o)) return Coord::of_double(PyFloat_AS_DOUBLE(o), w);
  if (PyBool_Check(o)) throw_type_error(w, "is a bool; expected a number");
  if (PyLong_Check(o)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow) return Coord::of_int(static_cast<std::int64_t>(v));
    return Coord::of_mpq(mpq_class(pylong_to_mpz(h)));
  }
  // float16/32/64 widen to double exactly; numpy.longdouble is read below,
  // through as_integer_ratio() (float() would round it).
  if (PyObject_IsInstance(o, g_np_floating) == 1 &&
      py::cast<std::size_t>(h.attr("dtype").attr("itemsize")) <= sizeof(double))
    return Coord::of_double(PyFloat_AsDouble(o), w);
  if (PyObject_IsInstance(o, g_np_integer) == 1) {
    const py::object i = py::reinterpret_steal<py::object>(PyNumber_Index(o));
    if (!i) throw py::error_already_set();
    return to_coord(i, w);
  }
  if (PyObject_IsInstance(o, g_fraction) == 1 ||
      (has_attr(h, "numerator") && has_attr(h, "denominator"))) {
    // fractions.Fraction, and any numbers.Rational.
    mpq_class q = pair_to_mpq(h.attr("numerator"), h.attr("denominator"), w);
    return Coord::of_mpq(std::move(q));
  }
  if (has_attr(h, "as_integer_ratio") && !is_sequence(h)) {
    // decimal.Decimal, numpy.longdouble and other exact binary or decimal
    // numbers; NaN and infinity raise ValueError / OverflowError there.
    py::object pair;
    try {
      pair = h.attr("as_integer_ratio")();
    } catch (py::error_already_set& e) {
      if (e.matches(PyExc_ValueError) || e.matches(PyExc_OverflowError))
        throw_value_error(w, "is " + std::string(py::str(h)) + "; coordinates and radii must be finite");
      throw;
    }
    if (!PyTuple_Check(pair.ptr()) || PyTuple_GET_SIZE(pair.ptr()) != 2)
      throw_type_error(w, "has an as_integer_ratio() that does not return (numerator, denominator)");
    return Coord::of_mpq(pair_to_mpq(PyTuple_GET_ITEM(pair.ptr(), 0), PyTuple_GET_ITEM(pair.ptr(), 1), w));
  }
  if (is_sequence(h))
    throw_value_error(w, "is a sequence where a number was expected (mis-shaped input?)");
  throw_type_error(w, "is a " + type_name(h) +
                          "; expected a number (int, float, fractions.Fraction, a NumPy number)");
}

bool is_sequence(py::handle h) {
  PyObject* o = h.ptr();
  return PySequence_Check(o) && !PyUnicode_Check(o) && !PyBytes_Check(o) && !PyByteArray_Check(o);
}

std::vector<Coord> read_point(py::handle h, const Where& w, int dim) {
  if (!is_sequence(h))
    throw_value_error(w, "is a " + type_name(h) + "; expected a point (a sequence of " +
                             (dim ? std::to_string(dim) : std::string("2 or 3")) + " numbers)");
  const py::sequence s = py::reinterpret_borrow<py::sequence>(h);
  const std::size_t n = s.size();
  if (dim ? n != static_cast<std::size_t>(dim) : (n != 2 && n != 3))
    throw_value_error(w, "has " + std::to_string(n) + " coordinates; expected a " +
                             (dim ? std::to_string(dim) + "-D" : std::string("2-D or 3-D")) + " point");
  std::vector<Coord> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(to_coord(s[i], w.at(i)));
  return out;
}

py::object to_py_int(const mpz_class& z) {
  if (z.fits_slong_p()) return py::reinterpret_steal<py::object>(PyLong_FromLong(z.get_si()));
  const std::string hex = z.get_str(16);
  PyObject* r = PyLong_FromString(hex.c_str(), nullptr, 16);
  if (!r) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(r);
}

py::object to_fraction(const mpq_class& q) {
  return py::reinterpret_borrow<py::object>(g_fraction)(to_py_int(q.get_num()), to_py_int(q.get_den()));
}

py::object exact_objects(const std::vector<mpq_class>& q, bool pairs) {
  const std::size_t n = q.size();
  const auto sn = static_cast<py::ssize_t>(n);
  py::array num = object_array({sn});
  if (!pairs) {
    for (std::size_t i = 0; i < n; ++i) put_object(num, i, to_fraction(q[i]));
    return num;
  }
  py::array den = object_array({sn});
  for (std::size_t i = 0; i < n; ++i) {
    put_object(num, i, to_py_int(q[i].get_num()));
    put_object(den, i, to_py_int(q[i].get_den()));
  }
  return py::make_tuple(num, den);
}


}  // namespace exactgeom::python

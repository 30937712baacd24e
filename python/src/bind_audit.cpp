// python/src/bind_audit.cpp: exactgeom.audit_pair, audit_manifold and audit, the audit
// engine (exactgeom/audit/audit.hpp) with a Python function as the float code under test;
// and the reports' HTML page (exactgeom/audit/html.hpp) for exactgeom.audit_html.
//
// audit_pair<UX, UY> builds its subject from the shapes' kinds, known at
// compile time; here they are known at run time, so the subject comes from
// the same builder it uses (pair_subject) and only `approx` is ours:
// it hands the case to the Python function as tuples of floats and reads the
// answer back. Exceptions raised by the function propagate (run_audit holds
// no catch), with the GIL held throughout.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "convert.hpp"
#include "exactgeom/audit/html.hpp"
#include "exactgeom/audit/subject.hpp"
#include "module.hpp"

namespace exactgeom::python {
using namespace exactgeom::audit;

namespace {

PyObject* g_np_bool = nullptr;  // numpy.bool_, kept for the life of the process

struct ShapeName {
  const char* name;
  ShapeKind kind;
  int dim;
};
constexpr ShapeName kShapeNames[] = {
    {"point2", ShapeKind::point, 2},     {"circle", ShapeKind::ball, 2},      {"segment2", ShapeKind::segment, 2},
    {"capsule2", ShapeKind::capsule, 2}, {"point3", ShapeKind::point, 3},     {"sphere", ShapeKind::ball, 3},
    {"segment3", ShapeKind::segment, 3}, {"capsule3", ShapeKind::capsule, 3}, {"triangle", ShapeKind::triangle, 3},
    {"box2", ShapeKind::box, 2},         {"box3", ShapeKind::box, 3},         {"polygon", ShapeKind::hull, 2},
    {"hull3", ShapeKind::hull, 3},
};

std::string choices(auto names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + std::string(n);
  return s;
}

const ShapeName& shape_named(const std::string& name, const char* arg) {
  for (const ShapeName& s : kShapeNames)
    if (name == s.name) return s;
  std::vector<const char*> names;
  for (const ShapeName& s : kShapeNames) names.push_back(s.name);
  throw py::value_error(std::string("audit: ") + arg + " = '" + name + "' is not a shape; expected one of " +
                        choices(names));
}

/// The enumerator of E whose to_string is `name`, among `all`.
template <class E, std::size_t N>
E named(const std::string& name, const std::array<E, N>& all, const char* what) {
  std::vector<std::string> names;
  for (E e : all) {
    if (to_string(e) == name) return e;
    names.emplace_back(to_string(e));
  }
  throw py::value_error(std::string("audit: '") + name + "' is not a " + what + "; expected one of " +
                        choices(names));
}

constexpr std::array<Question, 10> kQuestions = {
    Question::closed_overlap, Question::open_overlap,   Question::squared_distance,
    Question::distance,       Question::gap,            Question::depth,
    Question::normal,         Question::closest_points, Question::time_of_impact,
    Question::direction};
constexpr std::array<Unit, 3> kUnits = {Unit::exact_ulps, Unit::scale_ulps, Unit::absolute};

py::tuple point_of(std::span<const double> c, int dim) {
  return dim == 2 ? py::make_tuple(c[0], c[1]) : py::make_tuple(c[0], c[1], c[2]);
}

/// One shape of a case as the Python function receives it: a point
/// (x, y[, z]); a circle or sphere (center, r); a segment (a, b); a capsule
/// ((a, b), r); a triangle (a, b, c); a box (center, (axis, ...), (half,
/// ...), r); a polygon or hull ((point, ...), r), kHullPoints points (a
/// hull of fewer corners repeats one). The flat layout: exactgeom/audit/flatten.hpp.
py::object shape_of(ShapeKind k, int dim, std::span<const double> c) {
  const auto d = static_cast<std::size_t>(dim);
  switch (k) {
    case ShapeKind::point: return point_of(c, dim);
    case ShapeKind::ball: return py::make_tuple(point_of(c, dim), c[2 * d]);
    case ShapeKind::segment: return py::make_tuple(point_of(c, dim), point_of(c.subspan(d), dim));
    case ShapeKind::capsule:
      return py::make_tuple(py::make_tuple(point_of(c, dim), point_of(c.subspan(d), dim)), c[2 * d]);
    case ShapeKind::triangle:
      return py::make_tuple(point_of(c, 3), point_of(c.subspan(3), 3), point_of(c.subspan(6), 3));
    case ShapeKind::box: {
      py::list axes, half;
      for (std::size_t i = 0; i < d; ++i) axes.append(point_of(c.subspan(d + i * d), dim));
      for (std::size_t i = 0; i < d; ++i) half.append(c[d + d * d + i]);
      return py::make_tuple(point_of(c, dim), py::tuple(axes), py::tuple(half), c[2 * d + d * d]);
    }
    case ShapeKind::hull: {
      py::list points;
      for (std::size_t i = 0; i < kHullPoints; ++i) points.append(point_of(c.subspan(i * d), dim));
      return py::make_tuple(py::tuple(points), c[kHullPoints * d]);
    }
  }
  return py::none();
}

[[noreturn]] void bad_answer(Question q, py::handle r, const char* expected) {
  throw py::type_error("audit: the function returned " + std::string(py::repr(r)) + " (a " + type_name(r) +
                       ") for the question " + std::string(to_string(q)) + "; expected " + expected);
}

double real_of(Question q, py::handle r, const char* expected) {
  if (r.is_none() || PyBool_Check(r.ptr())) bad_answer(q, r, expected);
  const double v = PyFloat_AsDouble(r.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    bad_answer(q, r, expected);
  }
  return v;
}

/// The components of a sequence of `n` numbers, appended to v.
void reals_of(Question q, py::handle r, std::size_t n, std::vector<double>& v, const char* expected) {
  if (!is_sequence(r) || py::len(r) != n) bad_answer(q, r, expected);
  for (const py::handle x : py::reinterpret_borrow<py::sequence>(r)) v.push_back(real_of(q, x, expected));
}

/// The function's result as the Answer of question q (exactgeom/audit/types.hpp, Question).
Answer answer_of(Question q, int dim, py::handle r) {
  const auto d = static_cast<std::size_t>(dim);
  switch (q) {
    case Question::closed_overlap:
    case Question::open_overlap:
      if (!PyBool_Check(r.ptr()) && PyObject_IsInstance(r.ptr(), g_np_bool) != 1) bad_answer(q, r, "a bool");
      return Answer::of(r.ptr() == Py_True || (!PyBool_Check(r.ptr()) && PyObject_IsTrue(r.ptr()) == 1));
    case Question::squared_distance:
    case Question::distance:
    case Question::gap:
      return Answer::of(real_of(q, r, "a float"));
    case Question::depth:
    case Question::time_of_impact:
      if (r.is_none()) return Answer::none();
      return Answer::of(real_of(q, r, "a float or None"));
    case Question::normal:
    case Question::direction: {
      if (r.is_none()) return Answer::none();
      std::vector<double> v;
      reals_of(q, r, d, v, "a vector of floats or None");
      return Answer::vec(v);
    }
    case Question::closest_points: {
      const char* expected = "a pair of points (p on x, q on y)";
      if (!is_sequence(r) || py::len(r) != 2) bad_answer(q, r, expected);
      std::vector<double> v;
      for (const py::handle p : py::reinterpret_borrow<py::sequence>(r)) reals_of(q, p, d, v, expected);
      return Answer::vec(v);
    }
    case Question::manifold_points:  // not in kQuestions: audit_manifold has its own reader (manifold_of)
    case Question::manifold_separations: break;
  }
  return Answer::none();
}

struct Options {
  std::size_t cases;
  std::uint64_t seed;
  std::optional<std::vector<std::string>> families;
  std::size_t keep;
  double tolerance;
  std::string unit, scale;
  double gross_band;
  bool x_float32, y_float32;
  std::optional<std::string> name;
  std::optional<std::pair<std::size_t, std::size_t>> shard;  // (index, count)
};

/// The shapes x and y (y defaults to x), checked.
PairLayout layout_of(const std::string& x, const std::optional<std::string>& y) {
  const ShapeName& sx = shape_named(x, "x");
  const ShapeName& sy = shape_named(y.value_or(x), "y");
  if (sx.dim != sy.dim)
    throw py::value_error("audit: x = '" + x + "' and y = '" + *y + "' have different dimensions");
  if (sx.kind == ShapeKind::triangle && sy.kind == ShapeKind::triangle)
    throw py::value_error("audit: at most one of the shapes may be a triangle");
  return {sx.dim, sx.kind, sy.kind};
}

AuditOptions options_of(const Options& o) {
  AuditOptions opt;
  opt.cases = o.cases;
  opt.seed = o.seed;
  opt.keep = o.keep;
  opt.tolerance = {named(o.unit, kUnits, "unit"), o.tolerance};
  if (o.scale == "largest") opt.scale = Scale::largest;
  else if (o.scale == "radius_sum") opt.scale = Scale::radius_sum;
  else throw py::value_error("audit: scale '" + o.scale + "' is not 'largest' or 'radius_sum'");
  opt.gross_band = o.gross_band;
  if (o.shard) {
    const auto [index, count] = *o.shard;
    if (count == 0 || index >= count)
      throw py::value_error("audit: shard = (" + std::to_string(index) + ", " + std::to_string(count) +
                            ") is not (index, count) with 0 <= index < count");
    opt.shard_index = index;
    opt.shard_count = count;
  }
  if (o.families) {
    opt.families.clear();
    for (const std::string& f : *o.families) opt.families.push_back(named(f, kAllFamilies, "case family"));
  }
  return opt;
}

std::string name_of(const py::function& fn, const Options& o) {
  if (o.name) return *o.name;
  if (py::hasattr(fn, "__qualname__")) return py::str(fn.attr("__qualname__"));
  return py::repr(fn);
}

AuditReport run(const py::function& fn, const std::string& question, const std::string& x,
                const std::optional<std::string>& y, const Options& o) {
  // 0.3.0's name of squared_distance, accepted for one release.
  if (question == "distance2") {
    if (PyErr_WarnEx(PyExc_DeprecationWarning,
                     "audit question 'distance2' is 'squared_distance' (one name per idea, as in C++)", 1) != 0)
      throw py::error_already_set();
  }
  const Question q = named(question == "distance2" ? std::string("squared_distance") : question, kQuestions,
                           "question");
  const PairLayout l = layout_of(x, y);
  const AuditOptions opt = options_of(o);
  AuditSubject s = pair_subject(q, l, o.x_float32, o.y_float32, name_of(fn, o), {});
  if (o.x_float32 || o.y_float32) s.band_ulp = 0x1p29;  // as audit_pair: float code's rounding band
  const std::size_t wx = l.x_width();
  s.approx = [&fn, q, l, wx](std::span<const double> c) {
    const py::object r = fn(shape_of(l.x, l.dim, c.first(wx)), shape_of(l.y, l.dim, c.subspan(wx)));
    return answer_of(q, l.dim, r);
  };
  return run_audit(s, opt);
}

/// A manifold as fn returns it: None, or (normal, points) with points a
/// sequence of (point, separation), at most kManifoldPoints of them; packed
/// as audit_manifold packs one (the normal, then each point and its
/// separation).
std::optional<std::vector<double>> manifold_of(int dim, py::handle r) {
  if (r.is_none()) return std::nullopt;
  const char* expected = "None or (normal, [(point, separation), ...])";
  const Question q = Question::manifold_points;
  const auto d = static_cast<std::size_t>(dim);
  if (!is_sequence(r) || py::len(r) != 2) bad_answer(q, r, expected);
  const auto pair = py::reinterpret_borrow<py::sequence>(r);
  std::vector<double> v;
  reals_of(q, pair[0], d, v, expected);
  if (!is_sequence(pair[1])) bad_answer(q, r, expected);
  const auto points = py::reinterpret_borrow<py::sequence>(pair[1]);
  if (py::len(points) > kManifoldPoints)
    throw py::value_error("audit_manifold: a manifold of " + std::to_string(py::len(points)) +
                          " points; at most " + std::to_string(kManifoldPoints));
  for (const py::handle p : points) {
    if (!is_sequence(p) || py::len(p) != 2) bad_answer(q, r, expected);
    const auto ps = py::reinterpret_borrow<py::sequence>(p);
    reals_of(q, ps[0], d, v, expected);
    v.push_back(real_of(q, ps[1], expected));
  }
  return v;
}

/// audit_manifold (exactgeom/audit/audit.hpp) with a Python function: the
/// five reports, each asked through the same pair runner audit_manifold uses.
std::vector<AuditReport> run_manifold(const py::function& fn, const std::string& x, const std::optional<std::string>& y,
                                      double contact_tolerance, const std::string& existence, const Options& o) {
  if (!(contact_tolerance >= 0) || !std::isfinite(contact_tolerance))
    throw py::value_error("audit_manifold: contact_tolerance must be a finite length >= 0");
  Question exist;
  if (existence == "closed") exist = Question::closed_overlap;
  else if (existence == "open") exist = Question::open_overlap;
  else throw py::value_error("audit_manifold: existence '" + existence + "' is not 'closed' or 'open'");
  const PairLayout l = layout_of(x, y);
  const AuditOptions opt = options_of(o);
  const std::string name = name_of(fn, o);
  const std::size_t wx = l.x_width();
  const auto d = static_cast<std::size_t>(l.dim);
  auto call = [&fn, l, wx](std::span<const double> c) {
    return manifold_of(l.dim, fn(shape_of(l.x, l.dim, c.first(wx)), shape_of(l.y, l.dim, c.subspan(wx))));
  };
  auto ask = [&](Question q, const std::string& suffix, std::function<Answer(std::span<const double>)> approx,
                 double tolerance) {
    AuditSubject s = pair_subject(q, l, o.x_float32, o.y_float32, name + suffix, {}, tolerance);
    if (o.x_float32 || o.y_float32) s.band_ulp = 0x1p29;  // as audit_pair: float code's rounding band
    s.approx = std::move(approx);
    return run_audit(s, opt);
  };
  std::vector<AuditReport> out;
  out.push_back(ask(exist, ": contact?", [&](std::span<const double> c) { return Answer::of(call(c).has_value()); }, 0));
  out.push_back(ask(Question::depth, ": depth", [&](std::span<const double> c) {
    const auto m = call(c);
    if (!m) return Answer::none();
    double least = 0;
    for (std::size_t at = d + d; at < m->size(); at += d + 1) least = std::min(least, (*m)[at]);
    return Answer::of(-least);
  }, 0));
  out.push_back(ask(Question::direction, ": normal", [&](std::span<const double> c) {
    const auto m = call(c);
    return m ? Answer::vec(std::span<const double>(m->data(), d)) : Answer::none();
  }, 0));
  for (const auto& [q, suffix] : {std::pair{Question::manifold_points, ": points"},
                                  std::pair{Question::manifold_separations, ": separations"}})
    out.push_back(ask(q, suffix, [&](std::span<const double> c) {
      const auto m = call(c);
      return m ? Answer::vec(*m) : Answer::none();
    }, contact_tolerance));
  return out;
}

constexpr const char* kAuditDoc = R"(

fn(x, y) gets each case's shapes as tuples of floats: a point (x, y[, z]); a
circle or sphere (center, r); a segment (a, b); a capsule ((a, b), r); a
triangle (a, b, c). Shape names: point2, circle, segment2, capsule2 (a
stadium), point3, sphere, segment3, capsule3, triangle (at most one).

What fn returns, per question (every real answer is judged against the exact
value correctly rounded; "axis" is a shape's core, d the distance between the
axes, R = r_x + r_y):
  closed_overlap  bool: d <= R (touching counts)
  open_overlap    bool: d < R
  squared_distance  float: d**2 (0.3.0's 'distance2' still works, deprecated)
  distance        float: d
  gap             float: d - R
  depth           float or None: R - d, None when d > R
  normal          (floats) or None: unit vector from x's closest axis point
                  toward y's; None when d > R or d == 0
  closest_points  (p, q): a closest pair of axis points, p on x and q on y
  time_of_impact  float or None: x (a capsule, the region a ball sweeps
                  from a to b) first touches y at a + t (b - a); None if never

Options: cases per family (the C++ default, 10000); seed; families (names,
default all that apply: random, near_degenerate, touching,
parallel_zero_length, far_from_origin, large_offsets, collinear_gaps,
nearly_parallel, zero_length, piercing_triangle, degenerate_triangle); keep
(wrong cases kept per family); tolerance and unit ('exact_ulps',
'scale_ulps' or 'absolute') for real answers; scale ('largest' or
'radius_sum') for scale_ulps; gross_band (ULPs from the decision boundary
beyond which a wrong answer is gross); x_float32 / y_float32: generate that
shape's values already rounded to float32 (for code that stores float32);
name (default fn.__qualname__); shard = (index, count): run only the cases
whose index in their family is index modulo count (the C++
AuditOptions::shard_index/count); merge_reports joins the count shards'
reports into the unsharded run's, byte for byte (exactgeom.dask runs the
shards on a cluster).

Exceptions raised by fn propagate. ValueError for options that do not
apply (run_audit's std::invalid_argument).)";

}  // namespace

void register_audit(py::module_& m) {
  g_np_bool = py::object(py::module_::import("numpy").attr("bool_")).release().ptr();

  py::class_<WrongCase>(m, "WrongCase",
                        "A wrong answer, kept: query is a line of the query format that "
                        "exactgeom.eval (and `exactgeom eval`) replays.")
      .def_readonly("query", &WrongCase::query, "the case as a query line (hex-float scalars)")
      .def_readonly("expected", &WrongCase::expected, "the exact answer, as text")
      .def_readonly("got", &WrongCase::got, "the function's answer, as text")
      .def_readonly("values", &WrongCase::values, "the raw case, flat (exactgeom/audit/flatten.hpp's layout)")
      .def_readonly("margin", &WrongCase::margin, "distance to the decision boundary, in units of the case's scale")
      .def_readonly("margin_ulps", &WrongCase::margin_ulps, "the same in ULPs of the case's largest magnitude")
      .def_readonly("gross", &WrongCase::gross, "beyond the gross band (not a rounding-level miss)")
      .def_readonly("index", &WrongCase::index, "the case's index in its family")
      .def("__repr__", [](const WrongCase& w) {
        return "WrongCase(expected=" + w.expected + ", got=" + w.got + ", gross=" + (w.gross ? "True" : "False") +
               ", query='" + w.query + "')";
      });

  py::class_<FamilyAudit>(m, "FamilyAudit", "The counts of one case family of an audit.")
      .def_readonly("name", &FamilyAudit::name)
      .def_readonly("cases", &FamilyAudit::cases)
      .def_readonly("wrong", &FamilyAudit::wrong)
      .def_readonly("gross", &FamilyAudit::gross)
      .def_readonly("false_positives", &FamilyAudit::false_positives)
      .def_readonly("false_negatives", &FamilyAudit::false_negatives)
      .def_readonly("opposite_sign", &FamilyAudit::opposite_sign)
      .def_readonly("got_none", &FamilyAudit::got_none)
      .def_readonly("got_value", &FamilyAudit::got_value)
      .def_readonly("skipped", &FamilyAudit::skipped)
      .def_readonly("max_ulp", &FamilyAudit::max_ulp, "largest error in ULPs of the exact value, where it is not 0")
      .def_readonly("max_abs_at_zero", &FamilyAudit::max_abs_at_zero, "largest |answer| where the exact value is 0")
      .def_readonly("max_scale_ulp", &FamilyAudit::max_scale_ulp)
      .def_readonly("max_abs", &FamilyAudit::max_abs)
      .def_readonly("ulp_histogram", &FamilyAudit::ulp_histogram, "cases by error in the tolerance's unit: 0, <=1, <=4, <=64, >64")
      .def_readonly("smallest", &FamilyAudit::smallest, "the kept wrong cases, gross first, then smallest")
      .def("__repr__", [](const FamilyAudit& f) {
        return "FamilyAudit(" + f.name + ": " + std::to_string(f.wrong) + " wrong of " + std::to_string(f.cases) +
               ", " + std::to_string(f.gross) + " gross)";
      });

  py::class_<AuditReport>(m, "AuditReport", "The result of an audit: counts per case family, and the smallest "
                                            "wrong cases as replayable query lines.")
      .def_readonly("algorithm", &AuditReport::algorithm, "the name of what was audited")
      .def_readonly("question", &AuditReport::question, "what it was asked, and the exact reference")
      .def_readonly("families", &AuditReport::families)
      .def_property_readonly("cases", &AuditReport::cases, "cases run, over all families")
      .def_property_readonly("wrong", &AuditReport::wrong, "wrong answers, over all families")
      .def_property_readonly("gross", &AuditReport::gross, "wrong answers beyond the gross band")
      .def_property_readonly(
          "wrong_cases",
          [](const AuditReport& r) {
            std::vector<WrongCase> all;
            for (const FamilyAudit& f : r.families) all.insert(all.end(), f.smallest.begin(), f.smallest.end());
            return all;
          },
          "the kept wrong cases of every family, in family order")
      .def("markdown", &AuditReport::markdown, "markdown() -> str\n\nA table per family, then the smallest wrong cases.")
      .def("json", &AuditReport::json, "json() -> str\n\nThe same, machine-readable.")
      .def_readonly("shard", &AuditReport::shard, "'I/N' for the report of shard I of N, else ''")
      .def_static(
          "from_json", [](const std::string& line) { return AuditReport::from_json(line); }, py::arg("line"),
          "from_json(line) -> AuditReport\n\nReads back a report's json() (of any program, or `exactgeom audit "
          "--json`).\nValueError when the line is not one.")
      .def(py::pickle([](const AuditReport& r) { return r.json(); },  // json() holds the whole report
                      [](const std::string& line) { return AuditReport::from_json(line); }))
      .def("__repr__", [](const AuditReport& r) {
        return "AuditReport(" + r.algorithm + ": " + std::to_string(r.wrong()) + " wrong of " +
               std::to_string(r.cases()) + ", " + std::to_string(r.gross()) + " gross)";
      });

  using py::arg;
  m.def("merge_reports", &merge_reports, arg("shards"),
        "merge_reports(shards) -> AuditReport\n\n"
        "Merges the reports of shards (0, N) .. (N-1, N) of one audit (any order) into\n"
        "the report of the unsharded run: its json() and markdown() are byte for byte\n"
        "the unsharded run's. ValueError when a shard is missing or repeated, or the\n"
        "reports are not of one run.");
  // exactgeom.audit_html (exactgeom/__init__.py) writes the file itself, so
  // that a path-like and OSError behave as Python's own.
  m.def(
      "_audit_html",
      [](const std::vector<AuditReport>& reports, const std::string& title) { return html_report(reports, title); },
      arg("reports"), arg("title"),
      "_audit_html(reports, title) -> str\n\nThe reports as one self-contained HTML page (exactgeom.audit_html).");
  m.def(
      "audit_pair",
      [](const py::function& fn, const std::string& question, const std::string& x,
         const std::optional<std::string>& y, std::size_t cases, std::uint64_t seed,
         const std::optional<std::vector<std::string>>& families, std::size_t keep, double tolerance,
         const std::string& unit, const std::string& scale, double gross_band, bool x_float32, bool y_float32,
         const std::optional<std::string>& name, const std::optional<std::pair<std::size_t, std::size_t>>& shard) {
        return run(fn, question, x, y,
                   {cases, seed, families, keep, tolerance, unit, scale, gross_band, x_float32, y_float32, name,
                    shard});
      },
      arg("fn"), arg("question"), arg("x"), arg("y") = py::none(), py::kw_only(), arg("cases") = 10000,
      arg("seed") = 1, arg("families") = py::none(), arg("keep") = 3, arg("tolerance") = 1.0,
      arg("unit") = "exact_ulps", arg("scale") = "largest", arg("gross_band") = 64.0, arg("x_float32") = false,
      arg("y_float32") = false, arg("name") = py::none(), arg("shard") = py::none(),
      (std::string("audit_pair(fn, question, x, y=None, *, cases=10000, seed=1, families=None, keep=3,\n"
                   "           tolerance=1.0, unit='exact_ulps', scale='largest', gross_band=64.0,\n"
                   "           x_float32=False, y_float32=False, name=None, shard=None) -> AuditReport\n\n"
                   "Audits fn(x, y), a float function of two shapes, against the exact answer to\n"
                   "`question`, over deterministic case families (exactgeom::audit::audit_pair): x and y\n"
                   "name the shapes (y defaults to x).") +
       kAuditDoc)
          .c_str());
  m.def(
      "audit_manifold",
      [](const py::function& fn, const std::string& x, const std::optional<std::string>& y, double contact_tolerance,
         const std::string& existence, std::size_t cases, std::uint64_t seed,
         const std::optional<std::vector<std::string>>& families, std::size_t keep, double tolerance,
         const std::string& unit, const std::string& scale, double gross_band, bool x_float32, bool y_float32,
         const std::optional<std::string>& name, const std::optional<std::pair<std::size_t, std::size_t>>& shard) {
        return run_manifold(fn, x, y, contact_tolerance, existence,
                            {cases, seed, families, keep, tolerance, unit, scale, gross_band, x_float32, y_float32,
                             name, shard});
      },
      arg("fn"), arg("x"), arg("y") = py::none(), py::kw_only(), arg("contact_tolerance") = 0.0,
      arg("existence") = "closed", arg("cases") = 10000, arg("seed") = 1, arg("families") = py::none(),
      arg("keep") = 3, arg("tolerance") = 1.0, arg("unit") = "exact_ulps", arg("scale") = "largest",
      arg("gross_band") = 64.0, arg("x_float32") = false, arg("y_float32") = false, arg("name") = py::none(),
      arg("shard") = py::none(),
      "audit_manifold(fn, x, y=None, *, contact_tolerance=0.0, existence='closed', cases=10000, seed=1,\n"
      "               families=None, keep=3, tolerance=1.0, unit='exact_ulps', scale='largest',\n"
      "               gross_band=64.0, x_float32=False, y_float32=False, name=None, shard=None)\n"
      "    -> [AuditReport] * 5\n\n"
      "Audits a contact-manifold function as an engine's narrow phase returns one\n"
      "(exactgeom::audit::audit_manifold): fn(x, y) returns None (no contact) or (normal, points),\n"
      "the unit normal from x toward y and at most 4 points, each (point, separation) with the\n"
      "shapes' separation along the normal there (negative where they overlap). Shapes as for\n"
      "audit_pair (boxes and hulls included). contact_tolerance: the contact distance the engine\n"
      "states (0: contacts only where the shapes meet). Returns the reports 'name: contact?' (the\n"
      "question `existence`, 'closed' or 'open'), ': depth' (minus the least separation),\n"
      "': normal' (the direction question: any direction of least translation is right),\n"
      "': points' (each within the tolerance of both shapes) and ': separations' (each the exact\n"
      "one along the normal at its point). A manifold of more than 4 points is a ValueError.");
  m.def(
      "audit_overlap",
      [](const py::function& fn, const std::string& shape, const std::string& overlap, std::size_t cases,
         std::uint64_t seed, const std::optional<std::vector<std::string>>& families, std::size_t keep,
         double gross_band, bool float32, const std::optional<std::string>& name,
         const std::optional<std::pair<std::size_t, std::size_t>>& shard) {
        std::string q;
        if (overlap == "closed") q = "closed_overlap";
        else if (overlap == "open") q = "open_overlap";
        else throw py::value_error("audit_overlap: overlap '" + overlap + "' is not 'closed' or 'open'");
        return run(fn, q, shape, shape,
                   {cases, seed, families, keep, 1.0, "exact_ulps", "largest", gross_band, float32, float32, name,
                    shard});
      },
      arg("fn"), arg("shape"), py::kw_only(), arg("overlap") = "closed", arg("cases") = 10000, arg("seed") = 1,
      arg("families") = py::none(), arg("keep") = 3, arg("gross_band") = 64.0, arg("float32") = false,
      arg("name") = py::none(), arg("shard") = py::none(),
      (std::string("audit_overlap(fn, shape, *, overlap='closed', cases=10000, seed=1, families=None,\n"
                   "      keep=3, gross_band=64.0, float32=False, name=None, shard=None) -> AuditReport\n\n"
                   "Audits a boolean overlap test fn(x, y) of two shapes of one kind (exactgeom::audit):\n"
                   "overlap 'closed' asks closed_overlap (touching counts), 'open' open_overlap.\n"
                   "Same as audit_pair(fn, 'closed_overlap' or 'open_overlap', shape, shape, ...).") +
       kAuditDoc)
          .c_str());
}

}  // namespace exactgeom::python

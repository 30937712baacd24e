// python/src/bind_meshes.cpp: exactgeom.Mesh, HeightField and Chain (mesh.hpp)
// from NumPy arrays, and the questions of one shape, or of an array of
// shapes, against one of them (exactgeom._meshes calls these).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "arrays.hpp"
#include "convert.hpp"
#include "exactgeom/exactgeom.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

using Mesh = TriangleMesh3<double>;
using HField = HeightField3<double>;
using Chain = Chain2<double>;

/// The surface argument: one of the three classes.
using AnySurface = std::variant<const Mesh*, const HField*, const Chain*>;

AnySurface surface_of(py::handle h, const char* fn) {
  if (py::isinstance<Mesh>(h)) return &h.cast<const Mesh&>();
  if (py::isinstance<HField>(h)) return &h.cast<const HField&>();
  if (py::isinstance<Chain>(h)) return &h.cast<const Chain&>();
  throw py::type_error(std::string(fn) + ": expected a Mesh, HeightField or Chain");
}

int dim_of(const AnySurface& s) { return std::holds_alternative<const Chain*>(s) ? 2 : 3; }

/// A float64 array of the given shape, checked: ValueError naming what.
F64 f64(py::handle h, const char* what) {
  py::array a = py::array::ensure(h);
  if (!a) throw py::value_error(std::string(what) + ": not an array of numbers");
  if (a.dtype().kind() == 'O' || a.dtype().kind() == 'U' || a.dtype().kind() == 'S' || a.dtype().kind() == 'b')
    throw py::value_error(std::string(what) + ": not an array of numbers");
  return F64::ensure(a);
}

std::vector<Mesh::Face> faces_of(py::handle h) {
  py::array a = py::array::ensure(h);
  if (!a || (a.dtype().kind() != 'i' && a.dtype().kind() != 'u'))
    throw py::value_error("Mesh: faces must be an integer array of shape (m, 3)");
  const auto f = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(a);
  if (f.ndim() != 2 || f.shape(1) != 3) throw py::value_error("Mesh: faces must have shape (m, 3)");
  std::vector<Mesh::Face> out(static_cast<std::size_t>(f.shape(0)));
  const std::int64_t* p = f.data();
  for (std::size_t k = 0; k < out.size(); ++k)
    for (std::size_t c = 0; c < 3; ++c) {
      const std::int64_t i = p[3 * k + c];
      if (i < 0 || i > 0xffffffffLL)
        throw py::value_error("Mesh: faces[" + std::to_string(k) + ", " + std::to_string(c) + "] is " +
                              std::to_string(i) + ", not a vertex index");
      out[k][c] = static_cast<std::uint32_t>(i);
    }
  return out;
}

Mesh make_mesh(py::handle vertices, py::handle faces, double r) {
  const F64 v = f64(vertices, "Mesh: vertices");
  if (v.ndim() != 2 || v.shape(1) != 3) throw py::value_error("Mesh: vertices must have shape (n, 3)");
  std::vector<Point3<double>> pts(static_cast<std::size_t>(v.shape(0)));
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = {v.data()[3 * i], v.data()[3 * i + 1], v.data()[3 * i + 2]};
  std::vector<Mesh::Face> f = faces_of(faces);
  py::gil_scoped_release release;
  return Mesh(std::move(pts), std::move(f), r);
}

HeightFieldDiagonal diagonal_of(const std::string& d) {
  if (d == "main") return HeightFieldDiagonal::main;
  if (d == "anti") return HeightFieldDiagonal::anti;
  if (d == "alternating") return HeightFieldDiagonal::alternating;
  throw py::value_error("HeightField: diagonal is 'main', 'anti' or 'alternating', not '" + d + "'");
}

HField make_height_field(py::handle heights, std::array<double, 3> origin, std::array<double, 2> spacing,
                         const std::string& diagonal, double r) {
  const F64 h = f64(heights, "HeightField: heights");
  if (h.ndim() != 2) throw py::value_error("HeightField: heights must have shape (ny, nx)");
  const auto ny = static_cast<std::size_t>(h.shape(0)), nx = static_cast<std::size_t>(h.shape(1));
  std::vector<double> z(h.data(), h.data() + nx * ny);
  const HeightFieldDiagonal d = diagonal_of(diagonal);
  py::gil_scoped_release release;
  return HField(nx, ny, std::move(z), Point3<double>{origin[0], origin[1], origin[2]}, spacing[0], spacing[1], d, r);
}

Chain make_chain(py::handle points, bool loop, double r) {
  const F64 p = f64(points, "Chain: points");
  if (p.ndim() != 2 || p.shape(1) != 2) throw py::value_error("Chain: points must have shape (n, 2)");
  std::vector<Point2<double>> pts(static_cast<std::size_t>(p.shape(0)));
  for (std::size_t i = 0; i < pts.size(); ++i) pts[i] = {p.data()[2 * i], p.data()[2 * i + 1]};
  return Chain(std::move(pts), loop, r);
}

// ---- answers -----------------------------------------------------------------

py::object frac(const Fraction<mpz_class>& q) {
  static py::object fraction = py::module_::import("fractions").attr("Fraction");
  return fraction(py::int_(py::str(q.numerator().get_str())), py::int_(py::str(q.denominator().get_str())));
}

template <class P>
py::object point(const P& p) {
  if constexpr (requires { p.z; }) return py::make_tuple(frac(p.x), frac(p.y), frac(p.z));
  else return py::make_tuple(frac(p.x), frac(p.y));
}

template <class P>
py::object dpoint(const std::optional<P>& p) {
  if (!p) return py::none();
  if constexpr (requires { p->z; }) return py::make_tuple(p->x, p->y, p->z);
  else return py::make_tuple(p->x, p->y);
}

py::object feature_tuple(const std::optional<PieceFeature>& f) {
  if (!f) return py::none();
  switch (f->kind) {
    case PieceFeature::Kind::face: return py::make_tuple("face");
    case PieceFeature::Kind::edge: return py::make_tuple("edge", py::make_tuple(f->v[0], f->v[1]));
    case PieceFeature::Kind::vertex: return py::make_tuple("vertex", py::make_tuple(f->v[0]));
  }
  return py::none();
}

py::object class_name(const std::optional<SurfaceFeature>& c) {
  return c ? py::object(py::str(to_string(*c))) : py::none();
}

template <class C>
py::object contact_object(const std::optional<C>& c) {
  if (!c) return py::none();
  py::list pieces;
  for (const auto& p : c->pieces)
    pieces.append(result_type("PieceContact")(p.piece, frac(p.squared_distance), p.gap, dpoint(p.normal), p.depth,
                                              dpoint(p.depth_normal), p.open, feature_tuple(p.feature),
                                              class_name(p.surface_feature)));
  return result_type("MeshContact")(c->depth, dpoint(c->normal), dpoint(c->depth_normal), c->gap,
                                    frac(c->squared_distance), py::tuple(pieces));
}

/// -v in the moving shape's type (exact for double and mpq_class).
template <class P>
P negated(P v) {
  v.x = -v.x, v.y = -v.y;
  if constexpr (requires { v.z; }) v.z = -v.z;
  return v;
}

template <class P>
P motion_of(py::handle v, int dim) {
  const std::vector<Coord> m = read_point(v, {"sweep", "v"});
  if (static_cast<int>(m.size()) != dim)
    throw py::value_error("sweep: v has " + std::to_string(m.size()) + " coordinates; the shapes are " +
                          std::to_string(dim) + "-D");
  using T = std::decay_t<decltype(P{}.x)>;
  auto val = [](const Coord& c) {
    if constexpr (std::is_same_v<T, double>) return c.as_double();
    else return c.to_mpq();
  };
  P p{};
  p.x = val(m[0]), p.y = val(m[1]);
  if constexpr (requires { p.z; }) p.z = val(m[2]);
  return p;
}

/// One question of shape s against surface m (surface first when
/// surface_is_x).
template <class S, class M>
py::object answer_one(const std::string& op, const S& s, const M& m, bool surface_is_x, py::handle v) {
  if (op == "overlap") {
    bool closed, open;
    {
      py::gil_scoped_release release;
      closed = intersects(s, m), open = interiors_overlap(s, m);
    }
    return result_type("Overlap")(closed, open);
  }
  if (op == "squared_distance") return frac(squared_distance(s, m));
  if (op == "distance") return py::float_(distance(s, m));
  if (op == "closest_points") {
    const auto c = surface_is_x ? closest_points(m, s) : closest_points(s, m);
    return result_type("MeshClosestPoints")(point(c.on_first), point(c.on_second), frac(c.squared_distance), *c.piece);
  }
  if (op == "contact") {
    if (surface_is_x) {
      auto c = [&] { py::gil_scoped_release r; return contact(m, s); }();
      return contact_object(c);
    }
    auto c = [&] { py::gil_scoped_release r; return contact(s, m); }();
    return contact_object(c);
  }
  if (op == "sweep") {
    using T = std::decay_t<decltype(s.radius())>;  // ConvexPolygon<T> or ConvexHull3<T>
    using P = std::conditional_t<shape_dimension_v<S> == 2, Point2<T>, Point3<T>>;
    const P w = motion_of<P>(v, shape_dimension_v<S>);
    // The surface moving by v meets the shape when the shape moves by -v.
    const std::optional<double> t = time_of_impact(s, surface_is_x ? negated(w) : w, m);
    return t ? py::object(py::float_(*t)) : py::none();
  }
  throw py::value_error("unknown question " + op);
}

struct OneVisitor final : ShapeVisitor {
  std::string op;
  AnySurface surface;
  bool surface_is_x;
  py::handle v;
  template <class S>
  py::object go(const S& s) {
    return std::visit(
        [&](const auto* m) -> py::object {
          using M = std::decay_t<decltype(*m)>;
          if constexpr (shape_dimension_v<S> != surface_dimension_v<M>) {
            throw py::value_error(op + ": the shape is " + std::to_string(shape_dimension_v<S>) + "-D and the " +
                                  (std::is_same_v<M, Chain> ? "chain" : "mesh") + " " +
                                  std::to_string(surface_dimension_v<M>) + "-D");
          } else {
            return answer_one(op, s, *m, surface_is_x, v);
          }
        },
        surface);
  }
  py::object operator()(const ConvexPolygon<double>& s) override { return go(s); }
  py::object operator()(const ConvexPolygon<mpq_class>& s) override { return go(s); }
  py::object operator()(const ConvexHull3<double>& s) override { return go(s); }
  py::object operator()(const ConvexHull3<mpq_class>& s) override { return go(s); }
};

py::object surface_one(const std::string& op, py::handle shape, py::handle surface, bool surface_is_x, py::handle v) {
  OneVisitor vis;
  vis.op = op;
  vis.surface = surface_of(surface, op.c_str());
  vis.surface_is_x = surface_is_x;
  vis.v = v;
  return visit_shape(shape, op.c_str(), surface_is_x ? "y" : "x", vis);
}

// ---- arrays of shapes ----------------------------------------------------------

/// Row i of a shape array (exactgeom._arrays: kind, points, counts, radii)
/// as a typed shape, and f(shape).
template <int D, class F>
void with_row(int kind, const double* pts, std::size_t count, double r, F f) {
  using P = std::conditional_t<D == 2, Point2<double>, Point3<double>>;
  auto at = [&](std::size_t i) {
    P p{};
    p.x = pts[i * D], p.y = pts[i * D + 1];
    if constexpr (D == 3) p.z = pts[i * D + 2];
    return p;
  };
  if (kind == 0) {
    if constexpr (D == 2) f(Capsule2<double>{{at(0), at(count > 1 ? 1 : 0)}, r});
    else f(Capsule3<double>{{at(0), at(count > 1 ? 1 : 0)}, r});
  } else if (kind == 1) {
    if constexpr (D == 3) f(Triangle3<double>{at(0), at(1), at(2)});
  } else if (kind == 2) {
    std::vector<P> v;
    for (std::size_t i = 0; i < count; ++i) v.push_back(at(i));
    if constexpr (D == 2) f(ConvexPolygon<double>(v, r));
    else f(ConvexHull3<double>(v, r));
  } else {
    if constexpr (D == 2) {
      Box2<double> b{at(0), {at(1), at(2)}, {pts[3 * D], pts[3 * D + 1]}, r};
      f(b);
    } else {
      Box3<double> b{at(0), {at(1), at(2), at(3)}, {pts[4 * D], pts[4 * D + 1], pts[4 * D + 2]}, r};
      f(b);
    }
  }
}

struct Item {
  bool closed = false, open = false;
  double dist = NAN;
  Fraction<mpz_class> d2;
  std::optional<double> toi;
  bool has_contact = false;
  MeshContact<Point3<double>> c3;
  MeshContact<Point2<double>> c2;
};

py::object surface_batch(const std::string& op, py::tuple shapes, py::handle surface, bool surface_is_x, py::handle v) {
  const int kind = shapes[0].cast<int>();
  const F64 pts = F64::ensure(shapes[1]);
  const auto counts = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(shapes[2]);
  const F64 radii = F64::ensure(shapes[3]);
  const AnySurface s = surface_of(surface, op.c_str());
  if (op != "overlap" && op != "distance" && op != "squared_distance" && op != "contact" && op != "sweep")
    throw py::value_error(op + ": not available for a shape array against a surface");
  const auto n = static_cast<std::size_t>(pts.shape(0));
  const auto k = static_cast<std::size_t>(pts.shape(1));
  const int d = static_cast<int>(pts.shape(2));
  if (d != dim_of(s))
    throw py::value_error(op + ": the shapes are " + std::to_string(d) + "-D and the surface " +
                          std::to_string(dim_of(s)) + "-D");
  F64 vs;
  if (op == "sweep") {
    vs = f64(v, "sweep: v");
    if (vs.ndim() == 1) vs = F64::ensure(vs.reshape({py::ssize_t(1), vs.shape(0)}));
    if (vs.ndim() != 2 || vs.shape(1) != d || (vs.shape(0) != 1 && static_cast<std::size_t>(vs.shape(0)) != n))
      throw py::value_error("sweep: v must have shape (" + std::to_string(d) + ",) or (n, " + std::to_string(d) + ")");
  }
  std::vector<Item> items(n);
  {
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < n; ++i) {
      auto on = [&](const auto& shape) {
        std::visit(
            [&](const auto* m) {
              using M = std::decay_t<decltype(*m)>;
              using S = std::decay_t<decltype(shape)>;
              if constexpr (shape_dimension_v<S> == surface_dimension_v<M>) {
                Item& it = items[i];
                if (op == "overlap") {
                  it.closed = intersects(shape, *m);
                  it.open = it.closed && interiors_overlap(shape, *m);
                } else if (op == "distance") {
                  it.dist = distance(shape, *m);
                } else if (op == "squared_distance") {
                  it.d2 = squared_distance(shape, *m);
                } else if (op == "contact") {
                  auto c = surface_is_x ? contact(*m, shape) : contact(shape, *m);
                  it.has_contact = c.has_value();
                  if (c) {
                    if constexpr (shape_dimension_v<S> == 3) it.c3 = std::move(*c);
                    else it.c2 = std::move(*c);
                  }
                } else if (op == "sweep") {
                  const double* w = vs.data() + (vs.shape(0) == 1 ? 0 : i * static_cast<std::size_t>(d));
                  const double sg = surface_is_x ? -1.0 : 1.0;
                  if constexpr (shape_dimension_v<S> == 2) it.toi = time_of_impact(shape, Point2<double>{sg * w[0], sg * w[1]}, *m);
                  else it.toi = time_of_impact(shape, Point3<double>{sg * w[0], sg * w[1], sg * w[2]}, *m);
                }
              }
            },
            s);
      };
      const std::size_t count = static_cast<std::size_t>(counts.data()[i]);
      if (d == 2) with_row<2>(kind, pts.data() + i * k * 2, count, radii.data()[i], on);
      else with_row<3>(kind, pts.data() + i * k * 3, count, radii.data()[i], on);
    }
  }
  const auto N = static_cast<py::ssize_t>(n);
  if (op == "overlap") {
    py::array_t<bool> closed(N), open(N);
    for (std::size_t i = 0; i < n; ++i) closed.mutable_data()[i] = items[i].closed, open.mutable_data()[i] = items[i].open;
    return result_type("Overlap")(closed, open);
  }
  if (op == "distance") {
    py::array_t<double> out(N);
    for (std::size_t i = 0; i < n; ++i) out.mutable_data()[i] = items[i].dist;
    return out;
  }
  if (op == "squared_distance") {
    py::array out = object_array({N});
    for (std::size_t i = 0; i < n; ++i) put_object(out, i, frac(items[i].d2));
    return out;
  }
  if (op == "sweep") {
    py::array_t<double> out(N);
    for (std::size_t i = 0; i < n; ++i) out.mutable_data()[i] = items[i].toi ? *items[i].toi : NAN;
    return out;
  }
  // contact: the union's fields per item (NaN where the shapes do not meet),
  // the pieces flat with offsets.
  const auto D = static_cast<py::ssize_t>(d);
  py::array_t<bool> closed(N);
  py::array_t<double> depth(N), gap(N), normal({N, D}), depth_normal({N, D});
  py::array_t<std::int64_t> offsets(N + 1);
  std::size_t total = 0;
  for (std::size_t i = 0; i < n; ++i) total += items[i].has_contact ? (d == 3 ? items[i].c3.pieces.size() : items[i].c2.pieces.size()) : 0;
  const auto P = static_cast<py::ssize_t>(total);
  py::array_t<std::int64_t> piece(P), fv({P, py::ssize_t(2)});
  py::array_t<double> pdepth(P), pgap(P), pnormal({P, D}), pdn({P, D});
  py::array_t<std::int8_t> fkind(P), sclass(P);
  std::size_t at = 0;
  auto put_vec = [&](py::array_t<double>& a, std::size_t row, const auto& p) {
    double* o = a.mutable_data() + row * static_cast<std::size_t>(d);
    if (!p) {
      for (int c = 0; c < d; ++c) o[c] = NAN;
      return;
    }
    o[0] = p->x, o[1] = p->y;
    if constexpr (requires { p->z; }) o[2] = p->z;
  };
  for (std::size_t i = 0; i < n; ++i) {
    offsets.mutable_data()[i] = static_cast<std::int64_t>(at);
    closed.mutable_data()[i] = items[i].has_contact;
    auto fill = [&](const auto& c) {
      if (!items[i].has_contact) {
        depth.mutable_data()[i] = gap.mutable_data()[i] = NAN;
        put_vec(normal, i, decltype(c.normal){});
        put_vec(depth_normal, i, decltype(c.normal){});
        return;
      }
      depth.mutable_data()[i] = c.depth, gap.mutable_data()[i] = c.gap;
      put_vec(normal, i, c.normal);
      put_vec(depth_normal, i, c.depth_normal);
      for (const auto& p : c.pieces) {
        piece.mutable_data()[at] = static_cast<std::int64_t>(p.piece);
        pdepth.mutable_data()[at] = p.depth, pgap.mutable_data()[at] = p.gap;
        put_vec(pnormal, at, p.normal);
        put_vec(pdn, at, p.depth_normal);
        fkind.mutable_data()[at] = p.feature ? static_cast<std::int8_t>(p.feature->kind) : std::int8_t(-1);
        std::int64_t* v2 = fv.mutable_data() + 2 * at;
        v2[0] = v2[1] = -1;
        if (p.feature && p.feature->kind != PieceFeature::Kind::face) {
          v2[0] = p.feature->v[0];
          if (p.feature->kind == PieceFeature::Kind::edge) v2[1] = p.feature->v[1];
        }
        sclass.mutable_data()[at] = p.surface_feature ? static_cast<std::int8_t>(*p.surface_feature) : std::int8_t(-1);
        ++at;
      }
    };
    if (d == 3) fill(items[i].c3);
    else fill(items[i].c2);
  }
  offsets.mutable_data()[n] = static_cast<std::int64_t>(at);
  return result_type("MeshContacts")(closed, depth, normal, depth_normal, gap, offsets, piece, pdepth, pgap, pnormal,
                                     pdn, fkind, fv, sclass);
}

template <class M>
std::string edge_name(const M& m, std::uint32_t u, std::uint32_t w) {
  return to_string(m.edge_class(u, w));
}

}  // namespace

void register_meshes(py::module_& m) {
  using py::arg;
  py::list names;
  for (int i = 0; i <= static_cast<int>(SurfaceFeature::end_vertex); ++i) names.append(to_string(static_cast<SurfaceFeature>(i)));
  m.attr("SURFACE_FEATURES") = py::tuple(names);

  py::class_<Mesh>(m, "Mesh",
                   "Mesh(vertices, faces, r=0.0): a triangle mesh grown by r (docs/python.md, \"Meshes\").\n\n"
                   "vertices: float64-convertible array (n, 3), taken exactly; faces: integer array (m, 3) of\n"
                   "vertex indices (the trimesh/open3d convention). Built once: the exact class of every\n"
                   "edge and vertex and a tree over the triangles. ValueError for no faces, an index out of\n"
                   "range, NaN or infinity, a negative r.")
      .def(py::init(&make_mesh), arg("vertices"), arg("faces"), arg("r") = 0.0)
      .def("__len__", &Mesh::size)
      .def_property_readonly("r", [](const Mesh& x) { return x.radius(); })
      .def_property_readonly("nbytes", &Mesh::bytes)
      .def("edge_class", &edge_name<Mesh>, arg("u"), arg("w"),
           "The class of edge (u, w) in the whole mesh: 'boundary_edge', 'flat_edge', 'convex_edge', ...")
      .def("vertex_class", [](const Mesh& x, std::uint32_t v) { return std::string(to_string(x.vertex_class(v))); },
           arg("v"), "'flat_vertex' or 'vertex'.");
  py::class_<HField>(m, "HeightField",
                     "HeightField(heights, origin=(0, 0, 0), spacing=(1, 1), diagonal='main', r=0.0): a grid\n"
                     "of heights (ny, nx): vertex (i, j) at exactly origin + (i dx, j dy, heights[j, i]); each\n"
                     "cell two triangles split along 'main' ((i, j)-(i+1, j+1)), 'anti' or 'alternating'.")
      .def(py::init(&make_height_field), arg("heights"), arg("origin") = std::array<double, 3>{0, 0, 0},
           arg("spacing") = std::array<double, 2>{1, 1}, arg("diagonal") = "main", arg("r") = 0.0)
      .def("__len__", &HField::size)
      .def_property_readonly("nbytes", &HField::bytes)
      .def("edge_class", &edge_name<HField>, arg("u"), arg("w"))
      .def("vertex_class", [](const HField& x, std::uint32_t v) { return std::string(to_string(x.vertex_class(v))); },
           arg("v"));
  py::class_<Chain>(m, "Chain",
                    "Chain(points, loop=False, r=0.0): a 2-D chain of segments (n, 2), closed when loop,\n"
                    "grown by r; walked with the solid on its left (a counterclockwise loop).")
      .def(py::init(&make_chain), arg("points"), arg("loop") = false, arg("r") = 0.0)
      .def("__len__", &Chain::size)
      .def_property_readonly("nbytes", &Chain::bytes)
      .def("vertex_class", [](const Chain& x, std::uint32_t v) { return std::string(to_string(x.vertex_class(v))); },
           arg("v"), "'convex_vertex', 'flat_vertex', 'concave_vertex' or 'end_vertex'.");
  m.def("_surface_one", &surface_one, arg("op"), arg("shape"), arg("surface"), arg("surface_is_x"), arg("v"),
        "One shape against a Mesh, HeightField or Chain (exactgeom._meshes).");
  m.def("_surface_batch", &surface_batch, arg("op"), arg("shapes"), arg("surface"), arg("surface_is_x"), arg("v"),
        "A shape array against a Mesh, HeightField or Chain (exactgeom._meshes).");
}

}  // namespace exactgeom::python

#include "ops.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "exactgeom/detail/convex_core.hpp"
#include "meshes.hpp"
#include "scalar.hpp"
#include "query_format/query_line.hpp"

namespace exactgeom::query {

namespace {

using query_format::Line;

struct Fields {
  const JsonReader& r;
  const JsonNode& root;
  const NamedMeshes* named = nullptr;

  const JsonNode& need(std::string_view name) const {
    const JsonNode* n = r.member(root, name);
    if (!n) throw FieldError{"missing field \"" + std::string(name) + "\""};
    return *n;
  }
};

/// A field's name for error messages, built only when there is an error.
struct Path {
  std::string_view base;
  int index = -1;  // element of the array `base`, or -1
  std::string str() const {
    std::string s(base);
    if (index >= 0) s += "[" + std::to_string(index) + "]";
    return s;
  }
};

Scalar read_scalar(const JsonNode& n, const Path& path) {
  try {
    if (n.type == JsonNode::Type::number) return parse_json_number(n.text);
    if (n.type == JsonNode::Type::string) return parse_scalar_string(n.text);
  } catch (const ScalarError& e) {
    throw FieldError{path.str() + ": " + e.what};
  }
  throw FieldError{path.str() + ": expected a number or a numeric string"};
}

/// A point of `dim` coordinates (2 or 3) into out[0..dim).
void read_point(const JsonReader& r, const JsonNode& n, std::string_view path, int dim,
                Scalar* out) {
  if (n.type != JsonNode::Type::array || (n.count != 2 && n.count != 3))
    throw FieldError{std::string(path) + ": expected a point (an array of 2 or 3 numbers)"};
  if (static_cast<int>(n.count) != dim)
    throw FieldError{std::string(path) + ": expected a " + std::to_string(dim) +
                     "-D point, got " + std::to_string(n.count) + "-D"};
  std::uint32_t c = n.first_child;
  for (int i = 0; i < dim; ++i, c = r.node(c).next_sibling)
    out[i] = read_scalar(r.node(c), Path{path, i});
}

bool all_double(const Scalar* s, int n) {
  for (int i = 0; i < n; ++i)
    if (!s[i].is_double()) return false;
  return true;
}

void append_sign(std::string& out, Sign s) {
  out += ",\"sign\":";
  out += s == Sign::positive ? "1" : (s == Sign::negative ? "-1" : "0");
}

/// Reads `names` as points of dimension D and calls f with Point<D, double>
/// or Point<D, mpq_class> arrays.
template <int D, std::size_t K, class F>
void with_points(const Fields& q, const std::array<const char*, K>& names, F f) {
  Scalar s[K * D];
  for (std::size_t i = 0; i < K; ++i)
    read_point(q.r, q.need(names[i]), names[i], D, s + i * D);
  auto make = [&](auto tag) {
    using T = decltype(tag);
    using P = std::conditional_t<D == 2, Point2<T>, Point3<T>>;
    std::array<P, K> p;
    for (std::size_t i = 0; i < K; ++i) {
      auto get = [&](int j) {
        if constexpr (std::is_same_v<T, double>) return s[i * D + j].as_double();
        else return s[i * D + j].to_mpq();
      };
      if constexpr (D == 2) p[i] = P{get(0), get(1)};
      else p[i] = P{get(0), get(1), get(2)};
    }
    f(p);
  };
  if (all_double(s, static_cast<int>(K * D))) make(double{});
  else make(mpq_class{});
}

/// The dimension (2 or 3) of the first point of `seg` (an array of 2 points).
int segment_dim(const JsonReader& r, const JsonNode& seg, std::string_view path) {
  if (seg.type != JsonNode::Type::array || seg.count != 2)
    throw FieldError{std::string(path) + ": expected a segment (an array of 2 points)"};
  const JsonNode& p = r.element(seg, 0);
  if (p.type != JsonNode::Type::array || (p.count != 2 && p.count != 3))
    throw FieldError{std::string(path) + "[0]: expected a point (an array of 2 or 3 numbers)"};
  return static_cast<int>(p.count);
}

void read_segment(const JsonReader& r, const JsonNode& seg, std::string_view path, int dim,
                  Scalar* out) {
  segment_dim(r, seg, path);
  const std::string base(path);
  read_point(r, r.element(seg, 0), base + "[0]", dim, out);
  read_point(r, r.element(seg, 1), base + "[1]", dim, out + dim);
}

/// A capsule {"seg": segment, "r": radius} into out: endpoints then radius.
void read_capsule(const JsonReader& r, const JsonNode& c, std::string_view path, int dim,
                  Scalar* out) {
  if (c.type != JsonNode::Type::object)
    throw FieldError{std::string(path) + ": expected a capsule {\"seg\": ..., \"r\": ...}"};
  const JsonNode* seg = r.member(c, "seg");
  const JsonNode* rad = r.member(c, "r");
  if (!seg) throw FieldError{std::string(path) + ": missing field \"seg\""};
  if (!rad) throw FieldError{std::string(path) + ": missing field \"r\""};
  read_segment(r, *seg, std::string(path) + ".seg", dim, out);
  const std::string rpath = std::string(path) + ".r";
  out[2 * dim] = read_scalar(*rad, Path{rpath});
  if (out[2 * dim].sign() < 0) throw FieldError{std::string(path) + ".r: negative radius"};
}

int capsule_dim(const JsonReader& r, const JsonNode& c, std::string_view path) {
  const JsonNode* seg = c.type == JsonNode::Type::object ? r.member(c, "seg") : nullptr;
  if (!seg) throw FieldError{std::string(path) + ": expected a capsule {\"seg\": ..., \"r\": ...}"};
  return segment_dim(r, *seg, std::string(path) + ".seg");
}

template <class T>
Point2<T> p2(const Scalar* s) {
  if constexpr (std::is_same_v<T, double>) return {s[0].as_double(), s[1].as_double()};
  else return {s[0].to_mpq(), s[1].to_mpq()};
}
template <class T>
Point3<T> p3(const Scalar* s) {
  if constexpr (std::is_same_v<T, double>) return {s[0].as_double(), s[1].as_double(), s[2].as_double()};
  else return {s[0].to_mpq(), s[1].to_mpq(), s[2].to_mpq()};
}
template <class T>
T sc(const Scalar& s) {
  if constexpr (std::is_same_v<T, double>) return s.as_double();
  else return s.to_mpq();
}

/// Calls f(tag) with tag a double when every scalar is a double, else an
/// mpq_class.
template <class F>
void by_type(const Scalar* s, int n, F f) {
  if (all_double(s, n)) f(double{});
  else f(mpq_class{});
}

void append_bools(std::string& out, bool closed, bool open) {
  out += closed ? ",\"closed\":true" : ",\"closed\":false";
  out += open ? ",\"open\":true" : ",\"open\":false";
}

void capsule_capsule(const Fields& q, std::string& out) {
  const JsonNode &c1 = q.need("c1"), &c2 = q.need("c2");
  const int dim = capsule_dim(q.r, c1, "c1");
  if (capsule_dim(q.r, c2, "c2") != dim)
    throw FieldError{"c2: its points must have the same dimension as c1's"};
  Scalar s[14];
  const int w = 2 * dim + 1;
  read_capsule(q.r, c1, "c1", dim, s);
  read_capsule(q.r, c2, "c2", dim, s + w);
  by_type(s, 2 * w, [&](auto tag) {
    using T = decltype(tag);
    if (dim == 2) {
      const Capsule2<T> a{{p2<T>(s), p2<T>(s + 2)}, sc<T>(s[4])};
      const Capsule2<T> b{{p2<T>(s + 5), p2<T>(s + 7)}, sc<T>(s[9])};
      append_bools(out, intersects(a, b), within_radii(a, b));  // open: d < R (the op keeps it)
    } else {
      const Capsule3<T> a{{p3<T>(s), p3<T>(s + 3)}, sc<T>(s[6])};
      const Capsule3<T> b{{p3<T>(s + 7), p3<T>(s + 10)}, sc<T>(s[13])};
      append_bools(out, intersects(a, b), within_radii(a, b));  // open: d < R (the op keeps it)
    }
  });
}

void read_triangle(const JsonReader& r, const JsonNode& t, Scalar* out) {
  if (t.type != JsonNode::Type::array || t.count != 3)
    throw FieldError{"tri: expected a triangle (an array of 3 points)"};
  for (std::uint32_t i = 0; i < 3; ++i)
    read_point(r, r.element(t, i), "tri[" + std::to_string(i) + "]", 3, out + 3 * i);
}

void capsule_triangle(const Fields& q, std::string& out) {
  const JsonNode& c = q.need("c");
  if (capsule_dim(q.r, c, "c") != 3) throw FieldError{"c: capsule_triangle needs a 3-D capsule"};
  Scalar s[16];
  read_capsule(q.r, c, "c", 3, s);
  read_triangle(q.r, q.need("tri"), s + 7);
  by_type(s, 16, [&](auto tag) {
    using T = decltype(tag);
    const Capsule3<T> a{{p3<T>(s), p3<T>(s + 3)}, sc<T>(s[6])};
    const Triangle3<T> t{p3<T>(s + 7), p3<T>(s + 10), p3<T>(s + 13)};
    append_bools(out, intersects(a, t), within_radii(a, t));  // open: d < R (the op keeps it)
  });
}

template <class R>
void append_rational(std::string& out, const R& q) {
  out += '"';
  out += to_string(q);
  out += '"';
}

template <class P>
void append_point(std::string& out, const P& p) {
  out += '[';
  append_rational(out, p.x);
  out += ',';
  append_rational(out, p.y);
  if constexpr (requires { p.z; }) {
    out += ',';
    append_rational(out, p.z);
  }
  out += ']';
}

/// Reads fields s and t (segments of one dimension) and calls f with the
/// two segments as Segment2/3 of double or mpq_class.
template <class F>
void with_segments(const Fields& q, F f) {
  const JsonNode &sn = q.need("s"), &tn = q.need("t");
  const int dim = segment_dim(q.r, sn, "s");
  if (segment_dim(q.r, tn, "t") != dim)
    throw FieldError{"t: its points must have the same dimension as s's"};
  Scalar v[12];
  read_segment(q.r, sn, "s", dim, v);
  read_segment(q.r, tn, "t", dim, v + 2 * dim);
  by_type(v, 4 * dim, [&](auto tag) {
    using T = decltype(tag);
    if (dim == 2) f(Segment2<T>{p2<T>(v), p2<T>(v + 2)}, Segment2<T>{p2<T>(v + 4), p2<T>(v + 6)});
    else f(Segment3<T>{p3<T>(v), p3<T>(v + 3)}, Segment3<T>{p3<T>(v + 6), p3<T>(v + 9)});
  });
}

void segment_intersection(const Fields& q, std::string& out) {
  with_segments(q, [&](const auto& s, const auto& t) {
    const auto hit = intersection(s, t);
    out += ",\"kind\":\"";
    out += to_string(hit.kind);
    out += '"';
    if (hit.point) {
      out += ",\"point\":";
      append_point(out, *hit.point);
    } else if (hit.overlap) {
      out += ",\"overlap\":[";
      append_point(out, hit.overlap->a);
      out += ',';
      append_point(out, hit.overlap->b);
      out += ']';
    }
  });
}

template <class R>
void append_distance(std::string& out, const R& d2) {
  out += ",\"dist2\":";
  append_rational(out, d2);
  Line::continuing_object(out).key("dist").hex(sqrt_to_double(d2));
}

void segment_distance2(const Fields& q, std::string& out) {
  with_segments(q, [&](const auto& s, const auto& t) { append_distance(out, squared_distance(s, t)); });
}

void segment_triangle_distance2(const Fields& q, std::string& out) {
  const JsonNode& sn = q.need("s");
  if (segment_dim(q.r, sn, "s") != 3)
    throw FieldError{"s: segment_triangle_distance2 needs a 3-D segment"};
  Scalar v[15];
  read_segment(q.r, sn, "s", 3, v);
  read_triangle(q.r, q.need("tri"), v + 6);
  by_type(v, 15, [&](auto tag) {
    using T = decltype(tag);
    const Segment3<T> s{p3<T>(v), p3<T>(v + 3)};
    const Triangle3<T> t{p3<T>(v + 6), p3<T>(v + 9), p3<T>(v + 12)};
    append_distance(out, squared_distance(s, t));
  });
}

// ---- contact and sweep: two shapes of docs/queries.md's "Shapes": a convex
// core (seg, tri, poly, hull or box) grown by r.

/// The most points a poly or hull may list (docs/queries.md: a limit of
/// `exactgeom eval`, counted as written).
constexpr std::uint32_t kMaxShapePoints = 256;

struct Shape {
  int dim = 0;
  std::vector<Scalar> pts;      // the core's points, dim scalars each (a box: its c, axes, h; see kind)
  Scalar r;                     // radius (0 when optional and missing)
  enum class Kind { points, box } kind = Kind::points;
};

/// The dimension of an array of points (that of its first point).
int points_dim(const JsonReader& r, const JsonNode& n, const std::string& path) {
  if (n.type != JsonNode::Type::array || n.count == 0)
    throw FieldError{path + ": expected a non-empty array of points"};
  const JsonNode& p = r.element(n, 0);
  if (p.type != JsonNode::Type::array || (p.count != 2 && p.count != 3))
    throw FieldError{path + "[0]: expected a point (an array of 2 or 3 numbers)"};
  return static_cast<int>(p.count);
}

void read_points_into(const JsonReader& r, const JsonNode& n, const std::string& path, int dim,
                      std::vector<Scalar>& out) {
  std::uint32_t c = n.first_child;
  for (std::uint32_t i = 0; i < n.count; ++i, c = r.node(c).next_sibling) {
    Scalar p[3];
    read_point(r, r.node(c), path + "[" + std::to_string(i) + "]", dim, p);
    out.insert(out.end(), p, p + dim);
  }
}

Shape read_shape(const JsonReader& r, const JsonNode& n, const std::string& path) {
  static const char* kCores[] = {"seg", "tri", "poly", "hull", "box"};
  if (n.type != JsonNode::Type::object)
    throw FieldError{path + ": expected a shape (an object with one of \"seg\", \"tri\", \"poly\", \"hull\", \"box\")"};
  const JsonNode* core = nullptr;
  std::string key;
  for (const char* k : kCores) {
    const JsonNode* m = r.member(n, k);
    if (!m) continue;
    if (core) throw FieldError{path + ": a shape has one core; \"" + key + "\" and \"" + k + "\" are both given"};
    core = m;
    key = k;
  }
  if (!core) throw FieldError{path + ": expected a shape (an object with one of \"seg\", \"tri\", \"poly\", \"hull\", \"box\")"};
  Shape s;
  const std::string cpath = path + "." + key;
  if (key == "seg") {
    s.dim = segment_dim(r, *core, cpath);
    s.pts.resize(2 * static_cast<std::size_t>(s.dim));
    read_segment(r, *core, cpath, s.dim, s.pts.data());
  } else if (key == "tri") {
    if (core->type != JsonNode::Type::array || core->count != 3)
      throw FieldError{cpath + ": expected a triangle (an array of 3 points)"};
    s.dim = 3;
    read_points_into(r, *core, cpath, 3, s.pts);
  } else if (key == "poly" || key == "hull") {
    s.dim = points_dim(r, *core, cpath);
    const int want = key == "poly" ? 2 : 3;
    if (s.dim != want)
      throw FieldError{cpath + ": expected " + std::to_string(want) + "-D points, got " + std::to_string(s.dim) + "-D"};
    if (core->count > kMaxShapePoints)
      throw FieldError{cpath + ": " + std::to_string(core->count) + " points; at most " +
                       std::to_string(kMaxShapePoints) + " (a limit of exactgeom eval)"};
    read_points_into(r, *core, cpath, s.dim, s.pts);
  } else {  // box: {"c": point, "axes": [D vectors], "h": [D scalars]}
    if (core->type != JsonNode::Type::object)
      throw FieldError{cpath + ": expected a box {\"c\": point, \"axes\": [...], \"h\": [...]}"};
    const JsonNode* c = r.member(*core, "c");
    const JsonNode* axes = r.member(*core, "axes");
    const JsonNode* h = r.member(*core, "h");
    if (!c) throw FieldError{cpath + ": missing field \"c\""};
    if (!axes) throw FieldError{cpath + ": missing field \"axes\""};
    if (!h) throw FieldError{cpath + ": missing field \"h\""};
    if (c->type != JsonNode::Type::array || (c->count != 2 && c->count != 3))
      throw FieldError{cpath + ".c: expected a point (an array of 2 or 3 numbers)"};
    s.dim = static_cast<int>(c->count);
    s.kind = Shape::Kind::box;
    Scalar v[3];
    read_point(r, *c, cpath + ".c", s.dim, v);
    s.pts.insert(s.pts.end(), v, v + s.dim);
    if (axes->type != JsonNode::Type::array || static_cast<int>(axes->count) != s.dim)
      throw FieldError{cpath + ".axes: expected " + std::to_string(s.dim) + " vectors"};
    read_points_into(r, *axes, cpath + ".axes", s.dim, s.pts);
    if (h->type != JsonNode::Type::array || static_cast<int>(h->count) != s.dim)
      throw FieldError{cpath + ".h: expected " + std::to_string(s.dim) + " half extents"};
    std::uint32_t e = h->first_child;
    for (int i = 0; i < s.dim; ++i, e = r.node(e).next_sibling) {
      const Scalar x = read_scalar(r.node(e), Path{cpath + ".h", i});
      if (x.sign() < 0) throw FieldError{cpath + ".h[" + std::to_string(i) + "]: negative half extent"};
      s.pts.push_back(x);
    }
  }
  const JsonNode* rad = r.member(n, "r");
  if (key == "seg" && !rad) throw FieldError{path + ": missing field \"r\""};
  if (rad) {
    s.r = read_scalar(*rad, Path{path + ".r"});
    if (s.r.sign() < 0) throw FieldError{path + ".r: negative radius"};
  } else {
    s.r = parse_json_number("0");
  }
  return s;
}

/// The exact core of a shape: the library's one builder
/// (detail/convex_core.hpp), which computes a double point set's hull with
/// the filtered predicates and leaves other values' hulls to the engine.
detail::cvx::Core to_core(const Shape& s) {
  std::vector<mpq_class> v;
  v.reserve(s.pts.size());
  for (const Scalar& x : s.pts) v.push_back(x.to_mpq());
  if (s.kind == Shape::Kind::box) return detail::cvx::box_core(s.dim, v, s.r.to_mpq(), "box");
  return detail::cvx::points_core(s.dim, std::move(v), s.r.to_mpq(), "shape");
}

void append_vector(Line& w, const char* name, const std::optional<std::vector<double>>& v) {
  w.key(name);
  if (v) w.hex_vector(*v);
  else w.null();
}

/// One side of a contact or sweep: a convex shape, or a mesh or chain
/// (surface set; its radius in r).
struct Side {
  Shape shape;
  std::shared_ptr<const SurfaceData> surface;
  Scalar r;
  int dim() const { return surface ? surface->dim : shape.dim; }
};

/// The elements of a stored list, walked by next_sibling.
template <class F>
void each_element(const JsonReader& r, const JsonNode& n, F f) {
  std::uint32_t c = n.first_child;
  for (std::uint32_t i = 0; i < n.count; ++i, c = r.node(c).next_sibling) f(i, r.node(c));
}

void check_list_size(const JsonNode& n, const std::string& path, const char* what) {
  if (n.count > kMaxInlineMeshItems)
    throw FieldError{path + ": " + std::to_string(n.count) + " " + what + "; at most " +
                     std::to_string(kMaxInlineMeshItems) +
                     " in a line (a limit of exactgeom eval; a larger mesh goes in a file: --mesh NAME=FILE)"};
}

std::shared_ptr<const SurfaceData> read_inline_mesh(const JsonReader& r, const JsonNode& m, const std::string& path) {
  const JsonNode* v = r.member(m, "v");
  const JsonNode* f = r.member(m, "f");
  if (!v) throw FieldError{path + ": missing field \"v\""};
  if (!f) throw FieldError{path + ": missing field \"f\""};
  if (v->type != JsonNode::Type::array) throw FieldError{path + ".v: expected an array of 3-D points"};
  if (f->type != JsonNode::Type::array) throw FieldError{path + ".f: expected an array of faces"};
  check_list_size(*v, path + ".v", "vertices");
  check_list_size(*f, path + ".f", "faces");
  if (f->count == 0) throw FieldError{path + ".f: a mesh needs at least one triangle"};
  std::vector<Scalar> pts;
  pts.reserve(3 * static_cast<std::size_t>(v->count));
  each_element(r, *v, [&](std::uint32_t i, const JsonNode& p) {
    Scalar s[3];
    read_point(r, p, path + ".v[" + std::to_string(i) + "]", 3, s);
    pts.insert(pts.end(), s, s + 3);
  });
  std::vector<std::array<std::uint32_t, 3>> faces;
  faces.reserve(f->count);
  each_element(r, *f, [&](std::uint32_t i, const JsonNode& face) {
    const std::string fp = path + ".f[" + std::to_string(i) + "]";
    if (face.type != JsonNode::Type::array || face.count != 3)
      throw FieldError{fp + ": expected a face (an array of 3 integers)"};
    std::array<std::uint32_t, 3> idx{};
    each_element(r, face, [&](std::uint32_t k, const JsonNode& n) {
      std::uint64_t x = 0;
      if (n.type != JsonNode::Type::number || !parse_index(n.text, x))
        throw FieldError{fp + "[" + std::to_string(k) + "]: expected an index (a JSON integer >= 0)"};
      if (x >= v->count)
        throw FieldError{fp + "[" + std::to_string(k) + "]: index " + (x >> 32 ? std::string(n.text) : std::to_string(x)) +
                         " out of range (" + std::to_string(v->count) + " vertices)"};
      idx[k] = static_cast<std::uint32_t>(x);
    });
    faces.push_back(idx);
  });
  return build_mesh(pts, std::move(faces));
}

std::shared_ptr<const SurfaceData> read_chain(const JsonReader& r, const JsonNode& n, const JsonNode& c,
                                              const std::string& path) {
  if (c.type != JsonNode::Type::array) throw FieldError{path + ": expected an array of 2-D points"};
  check_list_size(c, path, "points");
  if (c.count < 2) throw FieldError{path + ": a chain needs at least 2 points"};
  std::vector<Scalar> pts;
  each_element(r, c, [&](std::uint32_t i, const JsonNode& p) {
    Scalar s[2];
    read_point(r, p, path + "[" + std::to_string(i) + "]", 2, s);
    pts.insert(pts.end(), s, s + 2);
  });
  bool loop = false;
  if (const JsonNode* l = r.member(n, "loop")) {
    if (l->type != JsonNode::Type::boolean) throw FieldError{path.substr(0, path.size() - 6) + ".loop: expected true or false"};
    loop = l->text == "true";
  }
  return build_chain(pts, loop);
}

Side read_side(const Fields& q, const char* name) {
  const JsonNode& n = q.need(name);
  const std::string path(name);
  Side s;
  const JsonNode* mesh = n.type == JsonNode::Type::object ? q.r.member(n, "mesh") : nullptr;
  const JsonNode* chain = n.type == JsonNode::Type::object ? q.r.member(n, "chain") : nullptr;
  if (!mesh && !chain) {
    s.shape = read_shape(q.r, n, path);
    return s;
  }
  for (const char* k : {"seg", "tri", "poly", "hull", "box", "mesh", "chain"})
    if (q.r.member(n, k) && (mesh ? std::string_view(k) != "mesh" : std::string_view(k) != "chain"))
      throw FieldError{path + ": a shape has one core; \"" + (mesh ? "mesh" : "chain") + "\" and \"" + k +
                       "\" are both given"};
  if (mesh) {
    if (mesh->type == JsonNode::Type::string) {
      const auto it = q.named ? q.named->find(mesh->text) : NamedMeshes::const_iterator{};
      if (!q.named || it == q.named->end())
        throw FieldError{path + ".mesh: no mesh named \"" + excerpt(mesh->text) +
                         "\" (name one with exactgeom eval --mesh NAME=FILE)"};
      s.surface = it->second;
    } else if (mesh->type == JsonNode::Type::object) {
      s.surface = read_inline_mesh(q.r, *mesh, path + ".mesh");
    } else {
      throw FieldError{path + ".mesh: expected a mesh {\"v\": [...], \"f\": [...]} or the name of one"};
    }
  } else {
    s.surface = read_chain(q.r, n, *chain, path + ".chain");
  }
  if (const JsonNode* rad = q.r.member(n, "r")) {
    s.r = read_scalar(*rad, Path{path + ".r"});
    if (s.r.sign() < 0) throw FieldError{path + ".r: negative radius"};
  } else {
    s.r = parse_json_number("0");
  }
  return s;
}

/// Both sides; at most one a mesh or chain, one dimension.
std::pair<Side, Side> read_sides(const Fields& q) {
  Side x = read_side(q, "x");
  Side y = read_side(q, "y");
  if (x.surface && y.surface)
    throw FieldError{"y: x and y are both meshes or chains; one side must be a convex shape"};
  if (x.dim() != y.dim()) throw FieldError{"y: its points must have the same dimension as x's"};
  return {std::move(x), std::move(y)};
}

/// The convex side's core, with the surface's radius added (see meshes.hpp).
detail::cvx::Core convex_core(const Side& convex, const Side& surface) {
  detail::cvx::Core c = to_core(convex.shape);
  c.r += surface.r.to_mpq();
  return c;
}

void append_contact_fields(Line& w, const detail::cvx::ContactFacts& f) {
  w.key("dist2").rational(f.sep.dist2).key("gap").hex(f.gap);
  append_vector(w, "normal", f.normal);
  w.key("depth").hex(f.depth);
  append_vector(w, "depth_normal", f.depth_normal);
}

void surface_contact(const Side& x, const Side& y, std::string& out) {
  const bool surface_is_x = x.surface != nullptr;
  const Side& s = surface_is_x ? x : y;
  const Side& c = surface_is_x ? y : x;
  const detail::mesh::UnionFacts u = detail::mesh::union_contact(convex_core(c, s), s.surface->surface(), surface_is_x);
  append_bools(out, u.closed, u.open);
  Line w = Line::continuing_object(out);
  w.key("dist2").rational(u.dist2).key("gap").hex(u.gap);
  append_vector(w, "normal", u.normal);
  w.key("depth").hex(u.depth);
  append_vector(w, "depth_normal", u.depth_normal);
  w.key("pieces").open_array();
  for (const detail::mesh::PieceFacts& p : u.pieces) {
    w.open().key("piece").unsigned_integer(p.piece);
    append_contact_fields(w, p.f);
    w.key("feature");
    if (!p.feature) {
      w.null();
    } else if (p.feature->kind == PieceFeature::Kind::face) {
      w.open().key("kind").string("face").close();
    } else if (p.feature->kind == PieceFeature::Kind::edge) {
      w.open().key("kind").string("edge").key("v").open_array().unsigned_integer(p.feature->v[0])
          .unsigned_integer(p.feature->v[1]).close_array().close();
    } else {
      w.open().key("kind").string("vertex").key("v").open_array().unsigned_integer(p.feature->v[0]).close_array().close();
    }
    w.key("mesh_feature");
    if (p.mesh_feature) w.string(to_string(*p.mesh_feature));
    else w.null();
    w.close();
  }
  w.close_array();
}

void contact_op(const Fields& q, std::string& out) {
  const auto [x, y] = read_sides(q);
  if (x.surface || y.surface) return surface_contact(x, y, out);
  const detail::cvx::ContactFacts f = detail::cvx::core_contact(to_core(x.shape), to_core(y.shape));
  append_bools(out, f.closed, f.open);
  Line w = Line::continuing_object(out);
  append_contact_fields(w, f);
}

void sweep_op(const Fields& q, std::string& out) {
  const auto [x, y] = read_sides(q);
  Scalar v[3];
  read_point(q.r, q.need("v"), "v", x.dim(), v);
  std::vector<mpq_class> m;
  for (int k = 0; k < x.dim(); ++k) m.push_back(v[k].to_mpq());
  std::optional<double> t;
  if (x.surface || y.surface) {
    const bool surface_is_x = x.surface != nullptr;
    const Side& s = surface_is_x ? x : y;
    const Side& c = surface_is_x ? y : x;
    t = detail::mesh::union_time_of_impact(convex_core(c, s), s.surface->surface(), surface_is_x, m);
  } else {
    t = detail::cvx::core_time_of_impact(to_core(x.shape), to_core(y.shape), m);
  }
  Line w = Line::continuing_object(out);
  w.key("toi");
  if (t) w.hex(*t);
  else w.null();
}

/// Moving primitives (docs/queries.md "Moving primitives"): exactgeom/ccd.hpp.
void ccd_op(const Fields& q, std::string& out) {
  const JsonNode& kind = q.need("kind");
  const bool vf = kind.type == JsonNode::Type::string && kind.text == "vertex_face";
  if (!vf && !(kind.type == JsonNode::Type::string && kind.text == "edge_edge"))
    throw FieldError{"kind: expected \"vertex_face\" or \"edge_edge\""};
  Scalar s[24];
  for (int e = 0; e < 2; ++e) {
    const char* name = e ? "t1" : "t0";
    const JsonNode& arr = q.need(name);
    if (arr.type != JsonNode::Type::array || arr.count != 4)
      throw FieldError{std::string(name) + ": expected four points (" + (vf ? "v, f0, f1, f2" : "a0, a1, b0, b1") + ")"};
    std::uint32_t c = arr.first_child;
    for (int i = 0; i < 4; ++i, c = q.r.node(c).next_sibling)
      read_point(q.r, q.r.node(c), std::string(name) + "[" + std::to_string(i) + "]", 3, s + e * 12 + i * 3);
  }
  Scalar ms = Scalar::of_double(0);
  if (const JsonNode* m = q.r.member(q.root, "ms")) {
    ms = read_scalar(*m, Path{"ms"});
    if (ms.sign() < 0) throw FieldError{"ms: the minimum separation must be >= 0"};
  }
  std::optional<PrimitiveImpact> hit;
  if (all_double(s, 24) && ms.is_double()) {
    double c[24];
    for (int i = 0; i < 24; ++i) c[i] = s[i].as_double();
    hit = vf ? compiled::ccd_vertex_face(c, ms.as_double()) : compiled::ccd_edge_edge(c, ms.as_double());
  } else {
    std::vector<mpq_class> c(24);
    for (int i = 0; i < 24; ++i) c[static_cast<std::size_t>(i)] = s[i].to_mpq();
    hit = vf ? compiled::ccd_vertex_face(c.data(), ms.to_mpq()) : compiled::ccd_edge_edge(c.data(), ms.to_mpq());
  }
  Line w = Line::continuing_object(out);
  if (hit) w.key("hit").boolean(true).key("toi").hex(hit->toi).key("toi_lo").hex(hit->toi_lo);
  else w.key("hit").boolean(false).key("toi").null().key("toi_lo").null();
}

}  // namespace

void answer_op(const JsonReader& r, const JsonNode& root, std::string_view op, std::string& out,
               const NamedMeshes* named) {
  const Fields q{r, root, named};
  if (op == "orient2d") {
    with_points<2>(q, std::array{"a", "b", "c"},
                   [&](const auto& p) { append_sign(out, orient2d(p[0], p[1], p[2])); });
  } else if (op == "orient3d") {
    with_points<3>(q, std::array{"a", "b", "c", "d"},
                   [&](const auto& p) { append_sign(out, orient3d(p[0], p[1], p[2], p[3])); });
  } else if (op == "incircle") {
    with_points<2>(q, std::array{"a", "b", "c", "d"},
                   [&](const auto& p) { append_sign(out, incircle(p[0], p[1], p[2], p[3])); });
  } else if (op == "insphere") {
    with_points<3>(q, std::array{"a", "b", "c", "d", "e"}, [&](const auto& p) {
      append_sign(out, insphere(p[0], p[1], p[2], p[3], p[4]));
    });
  } else if (op == "segment_intersection") {
    segment_intersection(q, out);
  } else if (op == "segment_distance2") {
    segment_distance2(q, out);
  } else if (op == "segment_triangle_distance2") {
    segment_triangle_distance2(q, out);
  } else if (op == "capsule_capsule") {
    capsule_capsule(q, out);
  } else if (op == "capsule_triangle") {
    capsule_triangle(q, out);
  } else if (op == "contact") {
    contact_op(q, out);
  } else if (op == "sweep") {
    sweep_op(q, out);
  } else if (op == "ccd") {
    ccd_op(q, out);
  } else {
    throw FieldError{"unknown op \"" + excerpt(op) + "\""};
  }
}

detail::cvx::Core shape_core(const JsonReader& r, const JsonNode& n, const std::string& path) {
  return to_core(read_shape(r, n, path));
}

}  // namespace exactgeom::query

#include "ops.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "exactgeom/exactgeom.hpp"
#include "scalar.hpp"

namespace exactgeom::query {

namespace {

struct Fields {
  const JsonReader& r;
  const JsonNode& root;

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
      append_bools(out, intersects(a, b), interiors_overlap(a, b));
    } else {
      const Capsule3<T> a{{p3<T>(s), p3<T>(s + 3)}, sc<T>(s[6])};
      const Capsule3<T> b{{p3<T>(s + 7), p3<T>(s + 10)}, sc<T>(s[13])};
      append_bools(out, intersects(a, b), interiors_overlap(a, b));
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
    append_bools(out, intersects(a, t), interiors_overlap(a, t));
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
  out += ",\"dist\":\"";
  out += hex_double(sqrt_to_double(d2));
  out += '"';
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

// ---- contact: two shapes, each a capsule {"seg", "r"} or (3-D) a filled
// triangle {"tri"}; at most one triangle.

struct Shape {
  bool triangle = false;
  int dim = 0;
  Scalar v[9];  // capsule: endpoints then radius; triangle: 3 points
  int count() const { return triangle ? 9 : 2 * dim + 1; }
};

Shape read_shape(const JsonReader& r, const JsonNode& n, const char* path) {
  if (n.type != JsonNode::Type::object)
    throw FieldError{std::string(path) + ": expected a shape {\"seg\": ..., \"r\": ...} or {\"tri\": ...}"};
  const JsonNode* seg = r.member(n, "seg");
  const JsonNode* tri = r.member(n, "tri");
  if (seg && tri) throw FieldError{std::string(path) + ": a shape has \"seg\" or \"tri\", not both"};
  if (!seg && !tri)
    throw FieldError{std::string(path) + ": expected a shape {\"seg\": ..., \"r\": ...} or {\"tri\": ...}"};
  Shape s;
  if (tri) {
    s.triangle = true;
    s.dim = 3;
    if (tri->type != JsonNode::Type::array || tri->count != 3)
      throw FieldError{std::string(path) + ".tri: expected a triangle (an array of 3 points)"};
    for (std::uint32_t i = 0; i < 3; ++i)
      read_point(r, r.element(*tri, i), std::string(path) + ".tri[" + std::to_string(i) + "]", 3, s.v + 3 * i);
    return s;
  }
  s.dim = capsule_dim(r, n, path);
  read_capsule(r, n, path, s.dim, s.v);
  return s;
}

void append_contact(std::string& out, bool closed, bool open, const auto& p, const auto& q,
                    const auto& d2, const mpq_class& R) {
  using P = std::conditional_t<requires { p.z; }, Point3<double>, Point2<double>>;
  append_bools(out, closed, open);
  out += ",\"dist2\":";
  append_rational(out, d2);
  const Contact<P> c = detail::make_contact<P>(p, q, to_mpq(d2), R);
  out += ",\"gap\":\"";
  out += hex_double(c.depth == 0 ? 0.0 : -c.depth);  // gap = -(R - dist): rounding is symmetric
  out += "\",\"normal\":";
  if (!c.normal) {
    out += "null";
    return;
  }
  out += "[\"" + hex_double(c.normal->x) + "\",\"" + hex_double(c.normal->y) + '"';
  if constexpr (requires { c.normal->z; }) out += ",\"" + hex_double(c.normal->z) + '"';
  out += ']';
}

void contact_op(const Fields& q, std::string& out) {
  const Shape x = read_shape(q.r, q.need("x"), "x");
  const Shape y = read_shape(q.r, q.need("y"), "y");
  if (x.triangle && y.triangle) throw FieldError{"y: at most one of x and y may be a triangle"};
  if (x.dim != y.dim) throw FieldError{"y: its points must have the same dimension as x's"};
  Scalar all[18];
  std::copy(x.v, x.v + x.count(), all);
  std::copy(y.v, y.v + y.count(), all + x.count());
  by_type(all, x.count() + y.count(), [&](auto tag) {
    using T = decltype(tag);
    auto radius = [](const Scalar& r) { return r.to_mpq(); };
    if (x.dim == 2) {
      const Capsule2<T> a{{p2<T>(x.v), p2<T>(x.v + 2)}, sc<T>(x.v[4])};
      const Capsule2<T> b{{p2<T>(y.v), p2<T>(y.v + 2)}, sc<T>(y.v[4])};
      const auto cp = closest_points(a.seg, b.seg);
      append_contact(out, intersects(a, b), interiors_overlap(a, b), cp.on_first, cp.on_second,
                     cp.squared_distance, mpq_class(radius(x.v[4]) + radius(y.v[4])));
    } else if (!x.triangle && !y.triangle) {
      const Capsule3<T> a{{p3<T>(x.v), p3<T>(x.v + 3)}, sc<T>(x.v[6])};
      const Capsule3<T> b{{p3<T>(y.v), p3<T>(y.v + 3)}, sc<T>(y.v[6])};
      const auto cp = closest_points(a.seg, b.seg);
      append_contact(out, intersects(a, b), interiors_overlap(a, b), cp.on_first, cp.on_second,
                     cp.squared_distance, mpq_class(radius(x.v[6]) + radius(y.v[6])));
    } else {
      const Shape& cs = x.triangle ? y : x;
      const Shape& ts = x.triangle ? x : y;
      const Capsule3<T> c{{p3<T>(cs.v), p3<T>(cs.v + 3)}, sc<T>(cs.v[6])};
      const Triangle3<T> t{p3<T>(ts.v), p3<T>(ts.v + 3), p3<T>(ts.v + 6)};
      const auto cp = closest_points(c.seg, t);
      // The normal points from x's core to y's.
      const auto& p = x.triangle ? cp.on_second : cp.on_first;
      const auto& o = x.triangle ? cp.on_first : cp.on_second;
      append_contact(out, intersects(c, t), interiors_overlap(c, t), p, o, cp.squared_distance,
                     radius(cs.v[6]));
    }
  });
}

}  // namespace

void answer_op(const JsonReader& r, const JsonNode& root, std::string_view op, std::string& out) {
  const Fields q{r, root};
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
  } else {
    throw FieldError{"unknown op \"" + excerpt(op) + "\""};
  }
}

}  // namespace exactgeom::query

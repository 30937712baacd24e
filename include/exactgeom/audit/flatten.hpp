// exactgeom/audit/flatten.hpp: what the templates of audit.hpp need to
// turn a user's shapes and answers into flat cases and Answers, and the
// out-of-line runners they call (src/audit/pair.cpp).
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "exactgeom/audit/types.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/shapes.hpp"

namespace exactgeom::audit::detail {

template <class E>
struct shape_info;
template <class T>
struct shape_info<Point2<T>> { static constexpr ShapeKind kind = ShapeKind::point; static constexpr int dim = 2; };
template <class T>
struct shape_info<Point3<T>> { static constexpr ShapeKind kind = ShapeKind::point; static constexpr int dim = 3; };
template <class T>
struct shape_info<Circle<T>> { static constexpr ShapeKind kind = ShapeKind::ball; static constexpr int dim = 2; };
template <class T>
struct shape_info<Sphere<T>> { static constexpr ShapeKind kind = ShapeKind::ball; static constexpr int dim = 3; };
template <class T>
struct shape_info<Segment2<T>> { static constexpr ShapeKind kind = ShapeKind::segment; static constexpr int dim = 2; };
template <class T>
struct shape_info<Segment3<T>> { static constexpr ShapeKind kind = ShapeKind::segment; static constexpr int dim = 3; };
template <class T>
struct shape_info<Capsule2<T>> { static constexpr ShapeKind kind = ShapeKind::capsule; static constexpr int dim = 2; };
template <class T>
struct shape_info<Capsule3<T>> { static constexpr ShapeKind kind = ShapeKind::capsule; static constexpr int dim = 3; };
template <class T>
struct shape_info<Triangle3<T>> { static constexpr ShapeKind kind = ShapeKind::triangle; static constexpr int dim = 3; };
template <class T>
struct shape_info<Box2<T>> { static constexpr ShapeKind kind = ShapeKind::box; static constexpr int dim = 2; };
template <class T>
struct shape_info<Box3<T>> { static constexpr ShapeKind kind = ShapeKind::box; static constexpr int dim = 3; };
template <class T>
struct shape_info<ConvexPolygon<T>> { static constexpr ShapeKind kind = ShapeKind::hull; static constexpr int dim = 2; };
template <class T>
struct shape_info<ConvexHull3<T>> { static constexpr ShapeKind kind = ShapeKind::hull; static constexpr int dim = 3; };

/// Flat layout of one shape: a triangle is its three corners (9 values); a
/// box its centre, the dim columns of its rotation, its dim half extents and
/// its radius; a hull its kHullPoints points and its radius; any other shape
/// is its axis a, b and radius r (2 dim + 1 values), a point or ball with
/// b = a, a point or segment with r = 0.
constexpr std::size_t flat_width(ShapeKind k, int dim) {
  const auto d = static_cast<std::size_t>(dim);
  return k == ShapeKind::triangle ? 9
         : k == ShapeKind::box    ? d + d * d + d + 1
         : k == ShapeKind::hull   ? kHullPoints * d + 1
                                  : 2 * d + 1;
}
/// Where a shape's radius is in its flat layout (a triangle has none:
/// flat_width, past its values).
constexpr std::size_t radius_index(ShapeKind k, int dim) {
  return k == ShapeKind::triangle ? 9 : flat_width(k, dim) - 1;
}
/// A box or a hull: shapes only the convex engine (convex.hpp) answers.
constexpr bool is_solid_kind(ShapeKind k) { return k == ShapeKind::box || k == ShapeKind::hull; }

template <class V, class P>
void put_point(std::span<V> c, std::size_t at, const P& p) {
  c[at] = V(p.x);
  c[at + 1] = V(p.y);
  if constexpr (requires { p.z; }) c[at + 2] = V(p.z);
}
template <class P, class V>
P get_point(std::span<const V> c, std::size_t at) {
  if constexpr (requires(P p) { p.z; }) return P{c[at], c[at + 1], c[at + 2]};
  else return P{c[at], c[at + 1]};
}

/// Writes shape e (any coordinate type convertible to V) into c.
template <class V, class E>
void flatten(const E& e, std::span<V> c) {
  constexpr ShapeKind k = shape_info<E>::kind;
  constexpr std::size_t d = static_cast<std::size_t>(shape_info<E>::dim);
  if constexpr (k == ShapeKind::point) {
    put_point(c, 0, e), put_point(c, d, e), c[2 * d] = V(0);
  } else if constexpr (k == ShapeKind::ball) {
    put_point(c, 0, e.center), put_point(c, d, e.center), c[2 * d] = V(e.r);
  } else if constexpr (k == ShapeKind::segment) {
    put_point(c, 0, e.a), put_point(c, d, e.b), c[2 * d] = V(0);
  } else if constexpr (k == ShapeKind::capsule) {
    put_point(c, 0, e.seg.a), put_point(c, d, e.seg.b), c[2 * d] = V(e.r);
  } else if constexpr (k == ShapeKind::box) {
    put_point(c, 0, e.center);
    for (std::size_t i = 0; i < d; ++i) put_point(c, d + i * d, e.axes[i]);
    for (std::size_t i = 0; i < d; ++i) c[d + d * d + i] = V(e.half[i]);
    c[2 * d + d * d] = V(e.r);
  } else if constexpr (k == ShapeKind::hull) {
    const auto& v = e.vertices();
    if (v.size() > kHullPoints) throw invalid_input("audit: a hull case has at most 8 corners");
    for (std::size_t i = 0; i < kHullPoints; ++i) put_point(c, i * d, v[std::min(i, v.size() - 1)]);
    c[kHullPoints * d] = V(e.radius());
  } else {
    put_point(c, 0, e.a), put_point(c, 3, e.b), put_point(c, 6, e.c);
  }
}

/// The shape E read from its flat layout (doubles).
template <class E>
E unflatten(std::span<const double> c) {
  constexpr ShapeKind k = shape_info<E>::kind;
  constexpr std::size_t d = static_cast<std::size_t>(shape_info<E>::dim);
  using P = std::conditional_t<d == 2, Point2<double>, Point3<double>>;
  if constexpr (k == ShapeKind::point) return get_point<P>(c, 0);
  else if constexpr (k == ShapeKind::ball) return E{get_point<P>(c, 0), c[2 * d]};
  else if constexpr (k == ShapeKind::segment) return E{get_point<P>(c, 0), get_point<P>(c, d)};
  else if constexpr (k == ShapeKind::capsule) return E{{get_point<P>(c, 0), get_point<P>(c, d)}, c[2 * d]};
  else if constexpr (k == ShapeKind::box) {
    E b{};
    b.center = get_point<P>(c, 0);
    for (std::size_t i = 0; i < d; ++i) b.axes[i] = get_point<P>(c, d + i * d), b.half[i] = c[d + d * d + i];
    b.r = c[2 * d + d * d];
    return b;
  } else if constexpr (k == ShapeKind::hull) {
    std::vector<P> p;
    for (std::size_t i = 0; i < kHullPoints; ++i) p.push_back(get_point<P>(c, i * d));
    return E(std::span<const P>(p), c[kHullPoints * d]);
  } else return E{get_point<P>(c, 0), get_point<P>(c, 3), get_point<P>(c, 6)};
}

struct PairLayout {
  int dim = 2;
  ShapeKind x = ShapeKind::capsule, y = ShapeKind::capsule;
  std::size_t x_width() const { return flat_width(x, dim); }
  std::size_t width() const { return flat_width(x, dim) + flat_width(y, dim); }
};

/// Rounds every value to float (cases of a float-valued user type).
inline void round_to_float(std::span<double> c) {
  for (double& v : c) v = static_cast<double>(static_cast<float>(v));
}

/// audit_pair's run (src/audit/pair.cpp): the pair subject of (q, l) with
/// the user's function as `approx`, `held` (may be empty) the shape the
/// engine holds, `valid` (may be empty) what the user's types can hold,
/// `one_sided` 1 (x) or 2 (y) for a one-sided triangle (0: none).
AuditReport pair_audit(Question q, const PairLayout& l, bool float_x, bool float_y, std::string name,
                       std::function<std::vector<mpq_class>(std::span<const double>)> held,
                       std::function<bool(std::span<const double>)> valid,
                       std::function<Answer(std::span<const double>)> approx, const AuditOptions& o,
                       int one_sided = 0, double contact_tolerance = 0);

/// shape_adapter<U>::one_sided, false when the adapter does not say.
template <class A>
constexpr bool adapter_one_sided() {
  if constexpr (requires { A::one_sided; }) return static_cast<bool>(A::one_sided);
  else return false;
}
/// audit_sweep's run.
AuditReport sweep_audit(const PairLayout& l, bool float_x, bool float_y, std::string name,
                        std::function<Answer(std::span<const double>)> approx, const AuditOptions& o,
                        std::function<std::vector<mpq_class>(std::span<const double>)> held,
                        std::optional<SweepTarget> target);

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

template <class V>
void vector_components(const V& v, std::vector<double>& out, int dim) {
  if constexpr (requires { v.x; }) {
    out.push_back(static_cast<double>(v.x));
    out.push_back(static_cast<double>(v.y));
    if (dim == 3) {
      if constexpr (requires { v.z; }) out.push_back(static_cast<double>(v.z));
    }
  } else {
    for (int i = 0; i < dim; ++i) out.push_back(static_cast<double>(v[static_cast<std::size_t>(i)]));
  }
}

/// The user's result as an Answer for question q.
template <class R>
Answer to_answer(Question q, int dim, const R& r) {
  if constexpr (is_optional<R>::value) {
    return r ? to_answer(q, dim, *r) : Answer::none();
  } else if constexpr (std::is_convertible_v<R, double> && !std::is_same_v<R, bool>) {
    return Answer::of(static_cast<double>(r));
  } else if constexpr (std::is_same_v<R, bool>) {
    return Answer::of(r);
  } else if constexpr (requires { r.normal; r.points; }) {
    // A manifold: the normal, then each point and its separation.
    if (r.points.size() > kManifoldPoints)
      throw invalid_input("audit_manifold: a manifold of more than kManifoldPoints points");
    std::vector<double> v;
    vector_components(r.normal, v, dim);
    for (const auto& p : r.points) {
      vector_components(p.at, v, dim);
      v.push_back(static_cast<double>(p.separation));
    }
    return Answer::vec(v);
  } else if constexpr (requires { r.first; r.second; }) {
    std::vector<double> v;
    vector_components(r.first, v, dim);
    vector_components(r.second, v, dim);
    return Answer::vec(v);
  } else {
    (void)q;
    std::vector<double> v;
    vector_components(r, v, dim);
    return Answer::vec(v);
  }
}

template <class A>
constexpr bool is_float_scalar_v = std::is_same_v<typename A::scalar, float>;

template <class A, class U>
concept reads_back = requires(const U& u) { A::to_exact(u); };

}  // namespace exactgeom::audit::detail

// libFuzzer target: capsules.hpp's intersects(), the strict distance test
// (within_radii) and interiors_overlap()
// between points, circles and stadiums (2-D), points, spheres and capsules
// (3-D), and a 3-D shape with a filled triangle (both argument orders), on
// coordinates of all eight types, against tests/capsule_oracle.hpp's exact
// squared distances compared with (r1 + r2)^2 in mpq_class. Radii are often
// made to touch exactly (the square root of the oracle's distance when it is
// rational) or within a few units of touching. NaN/inf values and negative
// radii must throw exactgeom::invalid_input; any disagreement prints the
// inputs and aborts. interiors_overlap is the strict test except where the
// axes meet with radius 0 (there it is the crossing test of 0.3's `open`,
// tests/convex_test.cpp's ConvexOpen).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "testing/capsule_oracle.hpp"
#include "exactgeom/capsules.hpp"
#include "fuzz_coordinates.hpp"

namespace {

namespace eg = exactgeom;
namespace co = exactgeom::testing::capsule_oracle;
using fuzz::Q;
using fuzz::QV;

/// A shape as the oracle sees it: its axis p-q and radius; kind 0 point,
/// 1 circle/sphere, 2 capsule.
template <class T, class P>
struct Shape {
  int kind;
  P p, q;
  T r;
};

/// sqrt(d2) when it is rational, else a close rational.
Q root(const Q& d2) {
  if (mpz_perfect_square_p(d2.get_num_mpz_t()) && mpz_perfect_square_p(d2.get_den_mpz_t())) {
    mpz_class n, d;
    mpz_sqrt(n.get_mpz_t(), d2.get_num_mpz_t());
    mpz_sqrt(d.get_mpz_t(), d2.get_den_mpz_t());
    return fuzz::frac(n, d);
  }
  const double x = std::sqrt(d2.get_d());
  return std::isfinite(x) ? Q(x) : Q(0);
}

/// Radii: mostly |coordinate| (a plain coordinate, possibly negative, when
/// mode % 4 == 0), or a share of the touching distance R (mode % 4 == 3);
/// mode bit 2 then nudges the result by a few units.
template <class T>
T radius(fuzz::Gen<T>& gen, fuzz::Bytes& in, const Q& touch, const T* other) {
  const std::uint8_t mode = in.u8();
  T r;
  if (mode % 4 == 3) {
    Q share = touch * fuzz::frac(in.u8() % 9, 8);
    if (other && fuzz::finite(*other)) share = touch - fuzz::to_q(*other);
    r = fuzz::from_q<T>(share);
  } else {
    r = gen.coord();
    if (mode % 4 != 0) r = gen.magnitude(r);
  }
  if (mode & 4) r = gen.step(r, in.i8());
  return r;
}

template <class T, class P>
bool valid(const Shape<T, P>& s) {
  return fuzz::finite(s.p) && fuzz::finite(s.q) && fuzz::finite(s.r) && !(s.r < T(0));
}

template <class T, class P>
void describe(fuzz::Log& log, const char* name, const Shape<T, P>& s) {
  static const char* const kKinds[] = {"point", "circle/sphere", "capsule"};
  log.add(std::string(name) + ": " + kKinds[s.kind]);
  log.point("  axis.a", s.p), log.point("  axis.b", s.q), log.value("  r", s.r);
}

/// Calls f with the library shape (Point, Circle/Sphere or Capsule).
template <class T, class F>
void as_library(const Shape<T, eg::Point2<T>>& s, F&& f) {
  if (s.kind == 0) f(s.p);
  else if (s.kind == 1) f(eg::Circle<T>{s.p, s.r});
  else f(eg::Capsule2<T>{{s.p, s.q}, s.r});
}
template <class T, class F>
void as_library(const Shape<T, eg::Point3<T>>& s, F&& f) {
  if (s.kind == 0) f(s.p);
  else if (s.kind == 1) f(eg::Sphere<T>{s.p, s.r});
  else f(eg::Capsule3<T>{{s.p, s.q}, s.r});
}

template <class T, class P>
Shape<T, P> read_axis(fuzz::Gen<T>& gen, fuzz::Bytes& in) {
  Shape<T, P> s;
  s.kind = in.u8() % 3;
  if constexpr (std::is_same_v<P, eg::Point2<T>>)
    s.p = gen.point2(), s.q = gen.point2();
  else
    s.p = gen.point3(), s.q = gen.point3();
  if (s.kind != 2) s.q = s.p;
  s.r = T(0);
  return s;
}

void check(fuzz::Log& log, const char* what, bool got, bool want) {
  log.add(std::string(what) + " = " + (got ? "true" : "false"));
  if (got != want)
    log.fail(std::string(what) + " = " + (got ? "true" : "false") + ", oracle " + (want ? "true" : "false"));
}

/// Two swept shapes of dimension 2 or 3, both argument orders.
template <class T, class P>
void shape_pair(fuzz::Gen<T>& gen, fuzz::Bytes& in, fuzz::Log& log) {
  Shape<T, P> x = read_axis<T, P>(gen, in), y = read_axis<T, P>(gen, in);
  const bool axes_finite = fuzz::finite(x.p) && fuzz::finite(x.q) && fuzz::finite(y.p) && fuzz::finite(y.q);
  const Q d2 = axes_finite ? co::oracle_segment_segment(fuzz::qv(x.p), fuzz::qv(x.q), fuzz::qv(y.p),
                                                         fuzz::qv(y.q))
                           : Q(0);
  const Q touch = root(d2);
  if (x.kind != 0) x.r = radius(gen, in, touch, static_cast<const T*>(nullptr));
  if (y.kind != 0) y.r = radius(gen, in, touch, x.kind != 0 ? &x.r : nullptr);
  describe(log, "x", x), describe(log, "y", y);
  const bool invalid = !valid(x) || !valid(y);
  bool closed = false, open = false, closed_yx = false, open_yx = false, pub = false, pub_yx = false;
  if (!fuzz::run_expecting(invalid, log, [&] {
        as_library(x, [&](const auto& a) {
          as_library(y, [&](const auto& b) {
            closed = eg::intersects(a, b);
            open = eg::within_radii(a, b);
            closed_yx = eg::intersects(b, a);
            open_yx = eg::within_radii(b, a);
            pub = eg::interiors_overlap(a, b);
            pub_yx = eg::interiors_overlap(b, a);
          });
        });
      }))
    return;
  const Q R = fuzz::to_q(x.r) + fuzz::to_q(y.r);
  log.add("oracle d2 = " + d2.get_str() + ", R = " + R.get_str());
  check(log, "intersects(x, y)", closed, d2 <= R * R);
  check(log, "within_radii(x, y)", open, d2 < R * R);
  check(log, "intersects(y, x)", closed_yx, d2 <= R * R);
  check(log, "within_radii(y, x)", open_yx, d2 < R * R);
  check(log, "interiors_overlap symmetric", pub, pub_yx);
  if (sgn(d2) != 0 || sgn(R) != 0) check(log, "interiors_overlap(x, y)", pub, d2 < R * R);
}

/// A 3-D swept shape and a filled triangle, both argument orders.
template <class T>
void shape_triangle(fuzz::Gen<T>& gen, fuzz::Bytes& in, fuzz::Log& log) {
  Shape<T, eg::Point3<T>> x = read_axis<T, eg::Point3<T>>(gen, in);
  const eg::Triangle3<T> tri{gen.point3(), gen.point3(), gen.point3()};
  const bool axes_finite = fuzz::finite(x.p) && fuzz::finite(x.q) && fuzz::finite(tri.a) &&
                           fuzz::finite(tri.b) && fuzz::finite(tri.c);
  const Q d2 = axes_finite ? co::oracle_segment_triangle(fuzz::qv(x.p), fuzz::qv(x.q), fuzz::qv(tri.a),
                                                          fuzz::qv(tri.b), fuzz::qv(tri.c))
                           : Q(0);
  if (x.kind != 0) x.r = radius(gen, in, root(d2), static_cast<const T*>(nullptr));
  describe(log, "x", x);
  log.point("tri.a", tri.a), log.point("tri.b", tri.b), log.point("tri.c", tri.c);
  bool closed = false, open = false, closed_tx = false, open_tx = false, pub = false, pub_tx = false;
  if (!fuzz::run_expecting(!valid(x) || !axes_finite, log, [&] {
        as_library(x, [&](const auto& a) {
          closed = eg::intersects(a, tri);
          open = eg::within_radii(a, tri);
          closed_tx = eg::intersects(tri, a);
          open_tx = eg::within_radii(tri, a);
          pub = eg::interiors_overlap(a, tri);
          pub_tx = eg::interiors_overlap(tri, a);
        });
      }))
    return;
  const Q R = fuzz::to_q(x.r);
  log.add("oracle d2 = " + d2.get_str() + ", R = " + R.get_str());
  check(log, "intersects(x, tri)", closed, d2 <= R * R);
  check(log, "within_radii(x, tri)", open, d2 < R * R);
  check(log, "intersects(tri, x)", closed_tx, d2 <= R * R);
  check(log, "within_radii(tri, x)", open_tx, d2 < R * R);
  check(log, "interiors_overlap symmetric", pub, pub_tx);
  if (sgn(d2) != 0 || sgn(R) != 0) check(log, "interiors_overlap(x, tri)", pub, d2 < R * R);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const std::uint8_t type = in.u8(), op = in.u8();
  fuzz::with_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    fuzz::Gen<T> gen(in);
    fuzz::Log log;
    static const char* const kOps[] = {"2-D shapes", "3-D shapes", "3-D shape and triangle"};
    log.add(std::string(kOps[op % 3]) + " on " + fuzz::type_name<T>());
    switch (op % 3) {
      case 0: shape_pair<T, eg::Point2<T>>(gen, in, log); break;
      case 1: shape_pair<T, eg::Point3<T>>(gen, in, log); break;
      default: shape_triangle<T>(gen, in, log); break;
    }
  });
  return 0;
}

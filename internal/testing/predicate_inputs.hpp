// internal/testing/predicate_inputs.hpp: the input sets of the predicate benchmarks
// (random and degenerate, on doubles, int32 and int64), shared by
// predicates_bench.cpp, cgal_bench.cpp and tests/cgal_agreement_test.cpp so
// that every implementation on "the same input set" sees the same inputs.
//
// Per operation (Orient2dInputs, Orient3dInputs, IncircleInputs,
// InsphereInputs): its name, dimension, arity n and degenerate(g, mag), an
// exactly collinear / coplanar / cocircular / cospherical integer
// configuration with every |coordinate| < 2^mag.
//
// Input sets (double_set, int_set; 4,096 inputs, a fixed seed per
// operation, set and coordinate kind):
//   random       doubles uniform in [-1, 1); integers uniform over the
//                type's whole range
//   degenerate   degenerate(g, 31) for int32, degenerate(g, 63) for int64;
//                doubles: degenerate(g, 50) scaled by 2^-50 (exact, |x| < 1),
//                then on half the inputs one coordinate of the last point
//                moved by one ulp.
//   near         (doubles only) uniform in [-1, 1), the last point rounded
//                onto the others' line or plane, or all points rounded onto
//                one random circle or sphere, then the last point nudged 0
//                to 3 ulps in one coordinate
//   degen        (doubles only) degenerate(g, 41): exactly degenerate
//                integer-valued doubles, |x| < 2^41
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "testing/random.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::testing {

// ---------------------------------------------------------------------------
// Exactly degenerate integer configurations with every |coordinate| < 2^mag.

namespace inputs_detail {

inline std::int64_t sym(Rng& g, std::int64_t m) { return uniform_int<std::int64_t>(g, -m, m); }

/// A coefficient in [-8, 8] other than 0 and `not_this`.
inline std::int64_t coef(Rng& g, std::int64_t not_this = 0) {
  for (;;)
    if (const std::int64_t k = uniform_int<std::int64_t>(g, -8, 8); k != 0 && k != not_this) return k;
}

/// Integer points on the circle x^2 + y^2 = R^2, R = 5^2*13*17*29*37 =
/// 5,928,325 < 2^23 (R^2 has 1,620 lattice points on it).
inline const std::vector<std::array<std::int64_t, 2>>& circle_points() {
  static const std::vector<std::array<std::int64_t, 2>> pts = [] {
    const std::int64_t r = 5928325;
    std::vector<std::array<std::int64_t, 2>> v;
    for (std::int64_t x = -r; x <= r; ++x) {
      const std::int64_t y2 = r * r - x * x;
      auto y = static_cast<std::int64_t>(std::sqrt(static_cast<double>(y2)));
      while (y * y > y2) --y;
      while ((y + 1) * (y + 1) <= y2) ++y;
      if (y * y != y2) continue;
      v.push_back({x, y});
      if (y != 0) v.push_back({x, -y});
    }
    return v;
  }();
  return pts;
}

/// Integer points on the sphere x^2 + y^2 + z^2 = R^2, R = 5*13*17 = 1,105.
inline const std::vector<std::array<std::int64_t, 3>>& sphere_points() {
  static const std::vector<std::array<std::int64_t, 3>> pts = [] {
    const std::int64_t r = 1105;
    std::vector<std::array<std::int64_t, 3>> v;
    for (std::int64_t x = -r; x <= r; ++x)
      for (std::int64_t y = -r; y <= r; ++y) {
        const std::int64_t z2 = r * r - x * x - y * y;
        if (z2 < 0) continue;
        auto z = static_cast<std::int64_t>(std::sqrt(static_cast<double>(z2)));
        while (z * z > z2) --z;
        while ((z + 1) * (z + 1) <= z2) ++z;
        if (z * z != z2) continue;
        v.push_back({x, y, z});
        if (z != 0) v.push_back({x, y, -z});
      }
    return v;
  }();
  return pts;
}

/// N distinct lattice points of `pts`, scaled by k and moved to a random
/// center: |coordinate| <= (h - 1) + k*R < 2h.
template <std::size_t N, std::size_t D>
std::array<std::array<std::int64_t, D>, N> on_sphere(Rng& g, const std::vector<std::array<std::int64_t, D>>& pts,
                                                     std::int64_t radius, std::int64_t h) {
  std::array<std::size_t, N> idx{};
  for (std::size_t i = 0; i < N; ++i) {
    bool fresh = false;
    while (!fresh) {
      idx[i] = uniform_int<std::size_t>(g, 0, pts.size() - 1);
      fresh = true;
      for (std::size_t j = 0; j < i; ++j) fresh = fresh && idx[j] != idx[i];
    }
  }
  const std::int64_t k = uniform_int<std::int64_t>(g, 1, h / radius);
  std::array<std::int64_t, D> center;
  for (auto& c : center) c = sym(g, h - 1);
  std::array<std::array<std::int64_t, D>, N> out;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < D; ++j) out[i][j] = center[j] + k * pts[idx[i]][j];
  return out;
}

template <class T>
Point2<T> p2(const std::array<std::int64_t, 2>& v) { return {T(v[0]), T(v[1])}; }
template <class T>
Point3<T> p3(const std::array<std::int64_t, 3>& v) { return {T(v[0]), T(v[1]), T(v[2])}; }

}  // namespace inputs_detail

// ---------------------------------------------------------------------------
// The four operations: name, arity and the degenerate generator.

struct Orient2dInputs {
  static constexpr const char* name = "orient2d";
  static constexpr int dim = 2;
  static constexpr std::size_t n = 3;
  // a + i*d, a + j*d: |coordinate| < h + 8*h/16 < 2^mag.
  static std::array<Point2<std::int64_t>, 3> degenerate(Rng& g, int mag) {
    using namespace inputs_detail;
    const std::int64_t h = std::int64_t(1) << (mag - 1);
    const std::array<std::int64_t, 2> a{sym(g, h - 1), sym(g, h - 1)}, d{sym(g, h / 16), sym(g, h / 16)};
    const std::int64_t i = coef(g), j = coef(g, i);
    return {p2<std::int64_t>(a), p2<std::int64_t>({a[0] + i * d[0], a[1] + i * d[1]}),
            p2<std::int64_t>({a[0] + j * d[0], a[1] + j * d[1]})};
  }
};

struct Orient3dInputs {
  static constexpr const char* name = "orient3d";
  static constexpr int dim = 3;
  static constexpr std::size_t n = 4;
  // a + i*u, a + j*v, a + k*u + l*v: |coordinate| < h + 16*h/32 < 2^mag.
  static std::array<Point3<std::int64_t>, 4> degenerate(Rng& g, int mag) {
    using namespace inputs_detail;
    const std::int64_t h = std::int64_t(1) << (mag - 1);
    std::array<std::int64_t, 3> a, u, v, b, c, d;
    for (auto& x : a) x = sym(g, h - 1);
    for (auto& x : u) x = sym(g, h / 32);
    for (auto& x : v) x = sym(g, h / 32);
    const std::int64_t i = coef(g), j = coef(g), k = coef(g), l = coef(g);
    for (int t = 0; t < 3; ++t) {
      b[t] = a[t] + i * u[t];
      c[t] = a[t] + j * v[t];
      d[t] = a[t] + k * u[t] + l * v[t];
    }
    return {p3<std::int64_t>(a), p3<std::int64_t>(b), p3<std::int64_t>(c), p3<std::int64_t>(d)};
  }
};

struct IncircleInputs {
  static constexpr const char* name = "incircle";
  static constexpr int dim = 2;
  static constexpr std::size_t n = 4;
  static std::array<Point2<std::int64_t>, 4> degenerate(Rng& g, int mag) {
    using namespace inputs_detail;
    const auto v = on_sphere<4>(g, circle_points(), 5928325, std::int64_t(1) << (mag - 1));
    return {p2<std::int64_t>(v[0]), p2<std::int64_t>(v[1]), p2<std::int64_t>(v[2]), p2<std::int64_t>(v[3])};
  }
};

struct InsphereInputs {
  static constexpr const char* name = "insphere";
  static constexpr int dim = 3;
  static constexpr std::size_t n = 5;
  static std::array<Point3<std::int64_t>, 5> degenerate(Rng& g, int mag) {
    using namespace inputs_detail;
    const auto v = on_sphere<5>(g, sphere_points(), 1105, std::int64_t(1) << (mag - 1));
    return {p3<std::int64_t>(v[0]), p3<std::int64_t>(v[1]), p3<std::int64_t>(v[2]), p3<std::int64_t>(v[3]),
            p3<std::int64_t>(v[4])};
  }
};

// ---------------------------------------------------------------------------
// Input sets. Each (operation, set, coordinate kind) has its own fixed seed.

template <class Op, class T>
using Tuple = std::array<Point<Op::dim, T>, Op::n>;

/// A point whose coordinates are draw(), in order.
template <int Dim, class Draw>
auto random_point(Draw draw) {
  using T = decltype(draw());
  Point<Dim, T> p;
  p.x = draw();
  p.y = draw();
  if constexpr (Dim == 3) p.z = draw();
  return p;
}

template <class Op>
Rng rng_for(const std::string& set, const char* kind) {
  const std::string key = std::string(Op::name) + "/" + set + "/" + kind;
  std::seed_seq seq(key.begin(), key.end());
  return Rng(seq);
}

/// Moves one coordinate of the last point of t by one ulp, up or down, or
/// with max_ulps > 1 by 0 to max_ulps ulps (the count drawn last, so the
/// one-ulp sets draw what they always drew).
template <class Op>
void nudge_last(Rng& g, Tuple<Op, double>& t, int max_ulps = 1) {
  double* c[3] = {&t.back().x, &t.back().y, nullptr};
  if constexpr (Op::dim == 3) c[2] = &t.back().z;
  double& x = *c[uniform_int<int>(g, 0, Op::dim - 1)];
  const double dir = (g() & 1) ? 1.0 : -1.0;
  for (int k = max_ulps > 1 ? uniform_int<int>(g, 0, max_ulps) : 1; k > 0; --k) x = std::nextafter(x, dir);
}

/// The `near` set: points uniform in [-1, 1); the last one rounded onto the
/// line (plane) of the others, or all on a random circle (sphere), each
/// rounded to double; then nudged 0 to 3 ulps.
template <class Op>
Tuple<Op, double> near_tuple(Rng& g) {
  auto u = [&] { return uniform_double(g, -1, 1); };
  Tuple<Op, double> t;
  for (auto& p : t) p = random_point<Op::dim>(u);
  if constexpr (Op::n == Op::dim + 1) {  // orient2d, orient3d: on the line or plane
    auto& l = t.back();
    const double s = u(), r = u();
    l.x = t[0].x + s * (t[1].x - t[0].x);
    l.y = t[0].y + s * (t[1].y - t[0].y);
    if constexpr (Op::dim == 3) {
      l.x += r * (t[2].x - t[0].x);
      l.y += r * (t[2].y - t[0].y);
      l.z = t[0].z + s * (t[1].z - t[0].z) + r * (t[2].z - t[0].z);
    }
  } else {  // incircle, insphere: every point on one circle or sphere
    const auto o = random_point<Op::dim>(u);
    const double radius = 0.1 + std::fabs(u());
    for (auto& p : t) {
      double d[3] = {u(), u(), Op::dim == 3 ? u() : 0.0};
      const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      p.x = o.x + radius * d[0] / len;
      p.y = o.y + radius * d[1] / len;
      if constexpr (Op::dim == 3) p.z = o.z + radius * d[2] / len;
    }
  }
  nudge_last<Op>(g, t, 3);
  return t;
}

/// `count` inputs of `set` (the first kInputs are the same for any count).
template <class Op>
std::vector<Tuple<Op, double>> double_set(const std::string& set, std::size_t count = kInputs) {
  Rng g = rng_for<Op>(set, "double");
  std::vector<Tuple<Op, double>> out(count);
  for (auto& t : out) {
    if (set == "random") {
      for (auto& p : t) p = random_point<Op::dim>([&] { return uniform_double(g, -1, 1); });
      continue;
    }
    if (set == "near") {
      t = near_tuple<Op>(g);
      continue;
    }
    if (set == "degen") {  // exactly degenerate integer-valued doubles near 2^40
      t = convert<double>(Op::degenerate(g, 41), [](std::int64_t v) { return static_cast<double>(v); });
      continue;
    }
    t = convert<double>(Op::degenerate(g, 50), [](std::int64_t v) { return static_cast<double>(v) * 0x1p-50; });
    if (g() & 1) nudge_last<Op>(g, t);
  }
  return out;
}

template <class Op, class I>
std::vector<Tuple<Op, I>> int_set(const std::string& set, std::size_t count = kInputs) {
  Rng g = rng_for<Op>(set, sizeof(I) == 4 ? "int32" : "int64");
  std::vector<Tuple<Op, I>> out(count);
  for (auto& t : out) {
    if (set == "random")
      for (auto& p : t) p = random_point<Op::dim>([&] { return uniform_full<I>(g); });
    else
      t = convert<I>(Op::degenerate(g, sizeof(I) == 4 ? 31 : 63), [](std::int64_t v) { return static_cast<I>(v); });
  }
  return out;
}

}  // namespace exactgeom::testing

// The case families of exactgeom::audit (audit/audit.hpp), deterministic in their
// seed. "Exact" constructions use small integers (Pythagorean triples for
// distances), scaled by powers of two, so the doubles hold them exactly.
#include <cmath>
#include <cstdio>
#include <random>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "solid.hpp"
#include "query_format/query_line.hpp"
#include "exactgeom/audit/audit.hpp"
#include "exactgeom/exactgeom.hpp"
#include "exactgeom/audit/subject.hpp"
#include "exactgeom/reference/gjk_epa.hpp"
#include "exactgeom/vector.hpp"

namespace exactgeom::audit::cases {

namespace {

struct Rng {
  std::mt19937_64 g;
  explicit Rng(std::uint64_t s) : g(s) {}
  double uni(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g); }
  long integer(long lo, long hi) { return std::uniform_int_distribution<long>(lo, hi)(g); }
  bool coin() { return (g() & 1) != 0; }
};

constexpr int kTriples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29}};

using V = std::array<double, 3>;
using exactgeom::add;  // the library's vector vocabulary (exactgeom/vector.hpp)
using exactgeom::cross;
using exactgeom::dot;
using exactgeom::sub;
V mul(double s, V a) { return exactgeom::scaled(a, s); }
V rand_point(Rng& r, int dim, double h) {
  return {r.uni(-h, h), r.uni(-h, h), dim == 3 ? r.uni(-h, h) : 0.0};
}
V rand_int_point(Rng& r, int dim, long h) {
  return {double(r.integer(-h, h)), double(r.integer(-h, h)), dim == 3 ? double(r.integer(-h, h)) : 0.0};
}
/// A unit vector perpendicular to d (in the plane when dim == 2).
V unit_normal(Rng& r, int dim, V d) {
  V n = dim == 2 ? V{-d[1], d[0], 0} : cross(d, rand_point(r, 3, 1));
  const double l = std::sqrt(dot(n, n));
  return l > 0 ? mul(1 / l, n) : V{0, 1, 0};
}
void put(std::span<double> c, std::size_t& k, V p, int dim) {
  for (int i = 0; i < dim; ++i) c[k++] = p[static_cast<std::size_t>(i)];
}
/// Approximate distance from p to segment [a, b] (for near-touching radii).
double approx_dist(V p, V a, V b) {
  const V d = sub(b, a);
  const double dd = dot(d, d);
  double t = dd > 0 ? dot(sub(p, a), d) / dd : 0;
  t = std::fmin(1, std::fmax(0, t));
  const V q = sub(p, add(a, mul(t, d)));
  return std::sqrt(dot(q, q));
}
double approx_seg_dist(V a, V b, V p, V q) {
  return std::fmin(std::fmin(approx_dist(a, p, q), approx_dist(b, p, q)),
                   std::fmin(approx_dist(p, a, b), approx_dist(q, a, b)));
}
void offset_all(std::span<double> c, Rng& r, const std::vector<bool>& skip) {
  const double off = (r.coin() ? 1 : -1) * std::pow(10.0, double(r.integer(3, 9))) * r.uni(1, 2);
  for (std::size_t i = 0; i < c.size(); ++i)
    if (skip.empty() || !skip[i]) c[i] += off;
}
void scale_all(std::span<double> c, int e) {
  for (double& v : c) v = std::ldexp(v, e);
}

/// Integer capsule pair at distance exactly R = r1 + r2.
void touching_capsules(Rng& r, int dim, V& a1, V& b1, double& r1, V& a2, V& b2, double& r2) {
  const auto& t = kTriples[r.integer(0, 4)];
  const double sa = r.coin() ? 1 : -1, sb = r.coin() ? 1 : -1;
  const V d = {sa * t[0], sb * t[1], 0};  // |d| = t[2]
  const long k = r.integer(1, 4), m = r.integer(1, 3);
  a1 = rand_int_point(r, dim, 40);
  b1 = add(a1, mul(double(k), d));
  double dist;
  if (dim == 2) {
    const V n = {-d[1], d[0], 0};  // |n| = t[2]
    if (r.coin()) {                // beside: closest point q, moving away along n
      a2 = add(add(a1, mul(double(r.integer(0, k)), d)), mul(double(m), n));
      b2 = add(a2, add(mul(double(r.integer(0, 2)), n), mul(double(r.integer(-3, 3)), d)));
    } else {  // end to end on one line
      a2 = add(a1, mul(double(k + m), d));
      b2 = add(a2, mul(double(r.integer(0, 3)), d));
    }
    dist = double(m) * t[2];
  } else {
    const V z = {0, 0, 1}, e = {-d[1], d[0], 0};
    if (r.coin()) {  // skew, crossing over at height m: interior-interior
      const V q = add(add(a1, mul(double(r.integer(1, k)) - 0.5, d)), mul(double(m), z));
      a2 = sub(q, mul(double(r.integer(1, 3)), e));
      b2 = add(q, mul(double(r.integer(1, 3)), e));
    } else {  // beside, moving away along z
      a2 = add(add(a1, mul(double(r.integer(0, k)), d)), mul(double(m), z));
      b2 = add(a2, add(mul(double(r.integer(0, 2)), z), mul(double(r.integer(-3, 3)), d)));
    }
    dist = double(m);
    // Permute the axes (exact) so that no axis is special.
    const int rot = static_cast<int>(r.integer(0, 2));
    for (V* p : {&a1, &b1, &a2, &b2}) std::rotate(p->begin(), p->begin() + rot, p->end());
  }
  r1 = double(r.integer(0, static_cast<long>(dist)));
  r2 = dist - r1;
  if (r.coin()) std::swap(a2, b2);
}

/// Radii whose sum is `dist` (split 0 / half / all by `pick`), then one ULP
/// more or less on one of them (by `nudge`: 0 exact, 1 in, 2 out).
void radii_summing_to(double dist, std::uint64_t pick, std::uint64_t nudge, double& r1, double& r2) {
  r1 = pick % 3 == 0 ? 0.0 : pick % 3 == 1 ? dist / 2 : dist;
  r2 = dist - r1;  // exact: r1 is 0, dist/2 or dist
  double& rr = r2 > 0 ? r2 : r1;
  if (nudge % 3 == 1) rr = std::nextafter(rr, INFINITY);
  if (nudge % 3 == 2 && rr > 0) rr = std::nextafter(rr, 0.0);
}

/// Integer axes on one line or on parallel lines, at every gap: overlapping
/// (mode 0), end to end (1), a small gap (2), far apart (3); radii summing
/// to the distance (exact where it is an integer), one ULP in or out.
void collinear_capsules(Rng& r, int dim, std::uint64_t index, V& a1, V& b1, double& r1, V& a2, V& b2,
                        double& r2) {
  const auto& t = kTriples[r.integer(0, 4)];
  const V d = {(r.coin() ? 1 : -1) * double(t[0]), (r.coin() ? 1 : -1) * double(t[1]), 0};  // |d| = t[2]
  V n = {-d[1], d[0], 0};  // |n| = t[2]
  if (dim == 3 && r.coin()) n = {0, 0, double(t[2])};
  const long k = r.integer(1, 4);
  a1 = rand_int_point(r, dim, 20);
  b1 = add(a1, mul(double(k), d));
  const std::uint64_t mode = index % 4;
  const long g = mode == 0 ? -r.integer(1, k) : mode == 1 ? 0 : mode == 2 ? r.integer(1, 3) : r.integer(10, 1000);
  const bool parallel = (index / 4) % 2 == 1;
  const long m = parallel ? r.integer(1, 3) : 0;
  a2 = add(add(b1, mul(double(g), d)), mul(double(m), n));
  b2 = add(a2, mul(double(r.integer(0, 3)), d));
  double dist = 0;
  if (!parallel) dist = g > 0 ? double(g * t[2]) : 0;
  else if (g <= 0) dist = double(m * t[2]);
  else dist = double(t[2]) * std::sqrt(double(g * g + m * m));
  if (dist == 0) r1 = r.uni(0, 2), r2 = r.uni(0, 2);
  else radii_summing_to(dist, index / 8, index / 24, r1, r2);
  if (r.coin()) std::swap(a2, b2);
  if (dim == 3) {
    const int rot = static_cast<int>(r.integer(0, 2));
    for (V* p : {&a1, &b1, &a2, &b2}) std::rotate(p->begin(), p->begin() + rot, p->end());
  }
}

/// Axes 1e-7 to 1e-2 rad from parallel, side by side, with radii a relative
/// 1e-12 .. 1e-3 more (odd index: overlapping) or less than the distance.
void nearly_parallel_capsules(Rng& r, int dim, std::uint64_t index, V& a1, V& b1, double& r1, V& a2, V& b2,
                              double& r2) {
  a1 = rand_point(r, dim, 10);
  V u = rand_point(r, dim, 1);
  const double lu = std::sqrt(dot(u, u));
  u = lu > 0 ? mul(1 / lu, u) : V{1, 0, 0};
  const double len1 = r.uni(1, 8);
  b1 = add(a1, mul(len1, u));
  const V w = unit_normal(r, dim, u), w2 = dim == 2 ? w : unit_normal(r, dim, u);
  const double th = std::pow(10.0, r.uni(-7, -2));
  const V u2 = add(mul(std::cos(th), u), mul(std::sin(th), w2));
  a2 = add(add(a1, mul(r.uni(-2, len1), u)), mul(r.uni(0.2, 3), w));
  b2 = add(a2, mul(r.uni(1, 8), u2));
  const double dist = approx_seg_dist(a1, b1, a2, b2);
  const double R = dist * (1 + (index % 2 ? 1 : -1) * std::pow(10.0, r.uni(-12, -3)));
  r1 = R * r.uni(0, 1);
  r2 = std::fmax(0, R - r1);
}

/// Zero-length axes: the first (mode 0), the second (1), both (2), or the
/// first on the second's line, integer (3); radii near touching.
void zero_length_capsules(Rng& r, int dim, std::uint64_t index, V& a1, V& b1, double& r1, V& a2, V& b2,
                          double& r2) {
  a1 = rand_point(r, dim, 10), b1 = rand_point(r, dim, 10);
  a2 = rand_point(r, dim, 10), b2 = rand_point(r, dim, 10);
  const std::uint64_t mode = index % 4;
  if (mode == 0 || mode == 2) b1 = a1;
  if (mode == 1 || mode == 2) b2 = a2;
  if (mode == 3) {
    a2 = rand_int_point(r, dim, 20);
    V d = rand_int_point(r, dim, 6);
    if (dot(d, d) == 0) d = {1, 2, 0};
    const long k = r.integer(1, 4);
    b2 = add(a2, mul(double(k), d));
    a1 = b1 = add(a2, mul(double(r.integer(-3, k + 3)), d));
  }
  const double dist = approx_seg_dist(a1, b1, a2, b2);
  const double R = dist > 0 ? dist * (1 + (index / 4 % 2 ? 1 : -1) * std::pow(10.0, r.uni(-15, -6)))
                            : r.uni(0, 2);
  r1 = R * r.uni(0, 1);
  r2 = std::fmax(0, R - r1);
}

/// An integer offset of magnitude 1e9 .. 1e15 (log-uniform) on every value
/// but those skipped: integer cases stay exact (below 2^53).
void large_offset(std::span<double> c, Rng& r, const std::vector<bool>& skip) {
  const double off = (r.coin() ? 1 : -1) * std::floor(std::pow(10.0, r.uni(9, 15)));
  for (std::size_t i = 0; i < c.size(); ++i)
    if (!skip[i]) c[i] += off;
}

}  // namespace

std::string hex(double v) { return query_format::hex(v); }

void round_to_float(std::span<double> c) {
  for (double& v : c) v = static_cast<double>(static_cast<float>(v));
}

void capsule_pair(CaseFamily f, int dim, std::uint64_t seed, std::uint64_t index,
                  std::span<double> c) {
  Rng r(seed);
  V a1{}, b1{}, a2{}, b2{};
  double r1 = 0, r2 = 0;
  const std::size_t half = 2 * static_cast<std::size_t>(dim) + 1;
  auto near_touching = [&] {
    a1 = rand_point(r, dim, 10);
    b1 = add(a1, rand_point(r, dim, 5));
    const V n = unit_normal(r, dim, sub(b1, a1));
    r1 = r.uni(0.1, 2);
    r2 = r.uni(0.1, 2);
    a2 = add(add(a1, mul(r.uni(-0.5, 1.5), sub(b1, a1))), mul(r1 + r2, n));
    b2 = add(a2, add(mul(r.uni(0.2, 1.5), sub(b1, a1)), mul(1e-7, rand_point(r, dim, 1))));
    const double dist = approx_seg_dist(a1, b1, a2, b2);
    r2 = std::fmax(0, dist - r1);
  };
  switch (f) {
    case CaseFamily::random:
    case CaseFamily::classroom:
      a1 = rand_point(r, dim, 10), b1 = rand_point(r, dim, 10), r1 = r.uni(0, 2);
      a2 = rand_point(r, dim, 10), b2 = rand_point(r, dim, 10), r2 = r.uni(0, 2);
      break;
    case CaseFamily::near_degenerate:
      near_touching();
      break;
    case CaseFamily::touching:
      touching_capsules(r, dim, a1, b1, r1, a2, b2, r2);
      break;
    case CaseFamily::parallel_zero_length:
      if (index % 2 == 0) {  // a ball against a capsule (or two balls)
        a1 = b1 = rand_point(r, dim, 10);
        a2 = rand_point(r, dim, 10);
        b2 = r.coin() ? a2 : rand_point(r, dim, 10);
      } else {  // exactly parallel integer axes
        a1 = rand_int_point(r, dim, 20);
        b1 = add(a1, rand_int_point(r, dim, 10));
        const V o = rand_int_point(r, dim, 6);
        a2 = add(a1, o);
        b2 = add(b1, o);
        if (r.coin()) std::swap(a2, b2);
      }
      r1 = r.uni(0, 2);
      r2 = std::fmax(0, approx_seg_dist(a1, b1, a2, b2) - r1);
      break;
    case CaseFamily::far_from_origin:
      if (r.coin()) near_touching();
      else touching_capsules(r, dim, a1, b1, r1, a2, b2, r2);
      break;
    case CaseFamily::collinear_gaps:
      collinear_capsules(r, dim, index, a1, b1, r1, a2, b2, r2);
      break;
    case CaseFamily::nearly_parallel:
      nearly_parallel_capsules(r, dim, index, a1, b1, r1, a2, b2, r2);
      break;
    case CaseFamily::zero_length:
      zero_length_capsules(r, dim, index, a1, b1, r1, a2, b2, r2);
      break;
    case CaseFamily::large_offsets:
      if (index % 2 == 0) touching_capsules(r, dim, a1, b1, r1, a2, b2, r2);
      else collinear_capsules(r, dim, index / 2, a1, b1, r1, a2, b2, r2);
      break;
    case CaseFamily::piercing_triangle:
    case CaseFamily::degenerate_triangle:  // triangle and box families: random capsules here
    case CaseFamily::resting_faces:
    case CaseFamily::deep_overlap:
    case CaseFamily::degenerate_hull:
    case CaseFamily::stacked:
    case CaseFamily::vertex_on_face:
    case CaseFamily::float_rotations:
    case CaseFamily::grazing_cast:
    case CaseFamily::edge_edge:
      a1 = rand_point(r, dim, 10), b1 = rand_point(r, dim, 10), r1 = r.uni(0, 2);
      a2 = rand_point(r, dim, 10), b2 = rand_point(r, dim, 10), r2 = r.uni(0, 2);
      break;
  }
  std::size_t k = 0;
  put(c, k, a1, dim), put(c, k, b1, dim), c[k++] = r1;
  put(c, k, a2, dim), put(c, k, b2, dim), c[k++] = r2;
  if (f == CaseFamily::touching) {
    scale_all(c, static_cast<int>(r.integer(-8, 8)));
    double& rr = c[2 * half - 1] > 0 ? c[2 * half - 1] : c[half - 1];
    if (index % 3 == 1) rr = std::nextafter(rr, INFINITY);  // one ULP in
    if (index % 3 == 2 && rr > 0) rr = std::nextafter(rr, 0.0);  // one ULP out
  }
  if (f == CaseFamily::large_offsets && index % 2 == 0) {  // touching: one ULP in or out
    double& rr = c[2 * half - 1] > 0 ? c[2 * half - 1] : c[half - 1];
    if (index / 2 % 3 == 1) rr = std::nextafter(rr, INFINITY);
    if (index / 2 % 3 == 2 && rr > 0) rr = std::nextafter(rr, 0.0);
  }
  if (f == CaseFamily::far_from_origin || f == CaseFamily::large_offsets) {
    std::vector<bool> skip(c.size(), false);
    skip[half - 1] = skip[2 * half - 1] = true;
    if (f == CaseFamily::far_from_origin) offset_all(c, r, skip);
    else large_offset(c, r, skip);
  }
}

void points(CaseFamily f, int dim, int count, std::uint64_t seed, std::uint64_t index,
            std::span<double> c) {
  Rng r(seed);
  std::vector<V> p(static_cast<std::size_t>(count));
  const std::size_t last = p.size() - 1;
  const bool sphere = count == dim + 2;  // incircle / insphere
  // Far from the origin, the offset is added before the last point is put
  // on the line/plane/circle/sphere, so that it is near-degenerate there.
  auto near_degenerate = [&](double offset) {
    for (auto& q : p) q = add(rand_point(r, dim, 1), V{offset, offset, dim == 3 ? offset : 0.0});
    if (!sphere) {  // on the line / plane of the others
      V x = p[0];
      for (std::size_t i = 1; i < last; ++i) x = add(x, mul(r.uni(-1, 2), sub(p[i], p[0])));
      p[last] = x;
    } else {  // on the circle / sphere through the others (centre by Cramer's rule)
      V cen{};
      if (dim == 2) {
        const V u = sub(p[1], p[0]), v = sub(p[2], p[0]);
        const double den = 2 * (u[0] * v[1] - u[1] * v[0]);
        const double uu = dot(u, u), vv = dot(v, v);
        cen = add(p[0], V{(v[1] * uu - u[1] * vv) / den, (u[0] * vv - v[0] * uu) / den, 0});
      } else {
        const V u = sub(p[1], p[0]), v = sub(p[2], p[0]), w = sub(p[3], p[0]);
        const V vw = cross(v, w), wu = cross(w, u), uv = cross(u, v);
        const double den = 2 * dot(u, vw);
        cen = add(p[0], mul(1 / den, add(add(mul(dot(u, u), vw), mul(dot(v, v), wu)), mul(dot(w, w), uv))));
      }
      const double rad = std::sqrt(dot(sub(p[0], cen), sub(p[0], cen)));
      V dir = rand_point(r, dim, 1);
      dir = mul(1 / std::sqrt(dot(dir, dir)), dir);
      p[last] = add(cen, mul(rad, dir));
    }
  };
  switch (f) {
    case CaseFamily::random:
      for (auto& q : p) q = rand_point(r, dim, 1);
      break;
    case CaseFamily::near_degenerate:
      near_degenerate(0.0);
      break;
    case CaseFamily::far_from_origin:
      near_degenerate((r.coin() ? 1 : -1) * std::pow(10.0, double(r.integer(3, 9))) * r.uni(1, 2));
      break;
    case CaseFamily::touching: {  // exactly degenerate integers, then one ULP off
      const V o = rand_int_point(r, dim, 100);
      if (!sphere) {
        const V u = rand_int_point(r, dim, 9), v = rand_int_point(r, dim, 9);
        for (std::size_t i = 0; i < p.size(); ++i)
          p[i] = add(o, add(mul(double(r.integer(-5, 5)), u),
                            dim == 3 ? mul(double(r.integer(-5, 5)), v) : V{}));
      } else {  // lattice points on a circle of radius 25 / sphere of radius 3
        static constexpr double kCircle[][2] = {{25, 0}, {24, 7}, {20, 15}, {15, 20}, {7, 24}};
        static constexpr double kSphere[][3] = {{3, 0, 0}, {2, 2, 1}, {2, 1, 2}, {1, 2, 2}};
        for (auto& q : p) {
          V s{};
          if (dim == 2) {
            const auto& k = kCircle[r.integer(0, 4)];
            s = V{k[0], k[1], 0};
          } else {
            const auto& k = kSphere[r.integer(0, 3)];
            s = V{k[0], k[1], k[2]};
            std::rotate(s.begin(), s.begin() + r.integer(0, 2), s.end());
          }
          for (int i = 0; i < dim; ++i)
            if (r.coin()) s[static_cast<std::size_t>(i)] = -s[static_cast<std::size_t>(i)];
          q = add(o, s);
        }
      }
      break;
    }
    case CaseFamily::parallel_zero_length:  // repeated points
      for (auto& q : p) q = rand_point(r, dim, 1);
      p[last] = p[static_cast<std::size_t>(r.integer(0, long(last) - 1))];
      break;
    case CaseFamily::classroom: {
      const double i = double(index % 256), j = double((index / 256) % 256);
      p[0] = {0.5 + i * 0x1p-53, 0.5 + j * 0x1p-53, 0};
      p[1] = {12, 12, 0};
      p[2] = {24, 24, 0};
      break;
    }    default:  // shape-pair families: random points
      for (auto& q : p) q = rand_point(r, dim, 1);
      break;
  }
  std::size_t k = 0;
  for (auto& q : p) put(c, k, q, dim);
  if (f == CaseFamily::touching) {
    scale_all(c, static_cast<int>(r.integer(-4, 4)));
    if (index % 3 == 1) c[c.size() - 1] = std::nextafter(c[c.size() - 1], INFINITY);
    if (index % 3 == 2) c[c.size() - 1] = std::nextafter(c[c.size() - 1], -INFINITY);
  }
}

void segment_pair(CaseFamily f, int dim, std::uint64_t seed, std::uint64_t index,
                  std::span<double> c) {
  Rng r(seed);
  V a1 = rand_point(r, dim, 10), b1 = rand_point(r, dim, 10);
  V a2 = rand_point(r, dim, 10), b2 = rand_point(r, dim, 10);
  auto exact_touch = [&] {
    a1 = rand_int_point(r, dim, 30);
    const V d = rand_int_point(r, dim, 6);
    const long k = r.integer(1, 4);
    b1 = add(a1, mul(double(k), d));
    a2 = add(a1, mul(double(r.integer(0, k)), d));  // on seg1, exactly
    b2 = r.coin() ? add(a1, mul(double(r.integer(-2, k + 2)), d))  // collinear
                  : add(a2, rand_int_point(r, dim, 10));
  };
  switch (f) {
    case CaseFamily::random:
    case CaseFamily::classroom:
      break;
    case CaseFamily::near_degenerate:
    case CaseFamily::far_from_origin:
      a2 = add(a1, mul(r.uni(-0.2, 1.2), sub(b1, a1)));  // nearly on seg1's line
      b2 = r.coin() ? add(a1, mul(r.uni(-0.2, 1.2), sub(b1, a1))) : rand_point(r, dim, 10);
      break;
    case CaseFamily::touching:
      exact_touch();
      break;
    case CaseFamily::parallel_zero_length:
      if (index % 2 == 0) {
        a1 = rand_int_point(r, dim, 20);
        b1 = add(a1, rand_int_point(r, dim, 10));
        const V o = r.coin() ? V{} : rand_int_point(r, dim, 3);
        a2 = add(a1, add(o, mul(double(r.integer(-2, 2)), sub(b1, a1))));
        b2 = add(a2, sub(b1, a1));
      } else {
        exact_touch();
        b2 = a2;  // a zero-length segment on (or at the end of) seg1
      }
      break;    default:  // shape-pair families: random segments
      break;
  }
  std::size_t k = 0;
  put(c, k, a1, dim), put(c, k, b1, dim), put(c, k, a2, dim), put(c, k, b2, dim);
  if (f == CaseFamily::touching) {
    scale_all(c, static_cast<int>(r.integer(-4, 4)));
    const std::size_t i = 2 * static_cast<std::size_t>(dim);  // a2's first coordinate
    if (index % 3 == 1) c[i] = std::nextafter(c[i], INFINITY);
    if (index % 3 == 2) c[i] = std::nextafter(c[i], -INFINITY);
  }
  if (f == CaseFamily::far_from_origin) offset_all(c, r, {});
}

void capsule_triangle(CaseFamily f, std::uint64_t seed, std::uint64_t index, std::span<double> c) {
  Rng r(seed);
  V a = rand_point(r, 3, 10), b = rand_point(r, 3, 10);
  double rad = r.uni(0, 2);
  V p[3] = {rand_point(r, 3, 10), rand_point(r, 3, 10), rand_point(r, 3, 10)};
  if (f != CaseFamily::random && f != CaseFamily::classroom) {
    // A triangle in the plane z = 0 with integer corners, and an axis whose
    // lowest point is at height h over it: a face, edge or corner contact
    // at distance exactly h (exact in doubles), then permuted axes.
    for (auto& q : p) q = {double(r.integer(-20, 20)), double(r.integer(-20, 20)), 0};
    const long h = r.integer(1, 5);
    const int mode = static_cast<int>(index % 3);
    V foot = mode == 0 ? p[0] : mode == 1 ? mul(0.5, add(p[0], p[1]))  // corner, edge midpoint
                                          : mul(0.25, add(add(p[0], p[1]), mul(2, p[2])));  // inside
    a = add(foot, V{0, 0, double(h)});
    b = r.coin() ? add(a, V{double(r.integer(-3, 3)), double(r.integer(-3, 3)), double(r.integer(0, 3))})
                 : a;
    rad = double(h);
    if (f == CaseFamily::parallel_zero_length || f == CaseFamily::degenerate_triangle) {
      p[2] = r.coin() ? p[1] : add(p[0], mul(2, sub(p[1], p[0])));  // coincident or collinear
      if (f == CaseFamily::degenerate_triangle && index / 3 % 3 == 2) p[1] = p[2] = p[0];  // a point
    }
    if (f == CaseFamily::piercing_triangle) {
      const V inside = mul(0.25, add(add(p[0], p[1]), mul(2, p[2])));
      if (mode == 0) {  // through the interior
        a = add(inside, V{0, 0, double(h)});
        b = sub(inside, V{0, 0, double(r.integer(1, 5))});
        rad = r.uni(0, 2);
      } else if (mode == 1) {  // ending on the face
        a = add(inside, V{0, 0, double(h)});
        b = inside;
        rad = r.uni(0, 2);
      } else {  // upright beside edge p0 p1, in the triangle's plane, near touching
        const V e = sub(p[1], p[0]);
        V n = {e[1], -e[0], 0};
        if (dot(n, sub(p[2], p[0])) > 0) n = mul(-1, n);
        const double s4 = double(r.integer(1, 8)) / 4;
        a = add(mul(0.5, add(p[0], p[1])), mul(s4, n));
        b = add(a, V{0, 0, double(r.integer(0, 3))});
        const double dist = s4 * std::sqrt(dot(n, n));
        rad = dist * (1 + (index / 3 % 2 ? 1 : -1) * std::pow(10.0, r.uni(-15, -6)));
      }
    }
    const int rot = static_cast<int>(r.integer(0, 2));
    for (V* q : {&a, &b, &p[0], &p[1], &p[2]}) std::rotate(q->begin(), q->begin() + rot, q->end());
  }
  std::size_t k = 0;
  put(c, k, a, 3), put(c, k, b, 3), c[k++] = rad;
  for (auto& q : p) put(c, k, q, 3);
  const bool nudged = f == CaseFamily::touching || f == CaseFamily::near_degenerate ||
                      f == CaseFamily::degenerate_triangle || f == CaseFamily::large_offsets;
  if (nudged) {
    if (f != CaseFamily::large_offsets) scale_all(c, static_cast<int>(r.integer(-6, 6)));
    if (index % 2 == 1) c[6] = std::nextafter(c[6], (index / 2) % 2 ? INFINITY : 0.0);
    if (f == CaseFamily::near_degenerate) c[6] *= 1 + r.uni(-1e-12, 1e-12);
  }
  if (f == CaseFamily::far_from_origin || f == CaseFamily::large_offsets) {
    std::vector<bool> skip(c.size(), false);
    skip[6] = true;
    if (f == CaseFamily::far_from_origin) offset_all(c, r, skip);
    else large_offset(c, r, skip);
  }
}

// Box pairs: each box is its centre (3), axes (3 x 3, the columns of its
// rotation), half extents (3) and radius (1, always 0 here: engines' boxes
// have none); x's 16 values, then y's. The rotations come from random unit
// quaternions in double, so their columns are orthonormal only to within
// rounding, as an engine's are; the exact reference takes them as given.
namespace {
constexpr std::size_t kBox = 16;

using Rot = std::array<V, 3>;
/// The rotation matrix of the unit quaternion (w, x, y, z), computed in T.
template <class T>
Rot quaternion_rotation(T w, T x, T y, T z) {
  const auto a = quaternion_axes<T>(w, x, y, z);
  return {V{a[0].x, a[0].y, a[0].z}, V{a[1].x, a[1].y, a[1].z}, V{a[2].x, a[2].y, a[2].z}};
}
Rot random_rotation(Rng& r) {
  std::normal_distribution<double> n(0, 1);
  double q[4], len = 0;
  for (double& v : q) v = n(r.g), len += v * v;
  len = std::sqrt(len);
  return quaternion_rotation(q[0] / len, q[1] / len, q[2] / len, q[3] / len);
}
/// r's columns turned by `angle` about the unit vector u (Rodrigues).
Rot turned(const Rot& rot, V u, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  Rot out{};
  for (std::size_t i = 0; i < 3; ++i) {
    const V v = rot[i];
    out[i] = add(add(mul(c, v), mul(s, cross(u, v))), mul((1 - c) * dot(u, v), u));
  }
  return out;
}
V unit(V v) { return mul(1 / std::sqrt(dot(v, v)), v); }
void put_box(std::span<double> c, V centre, const Rot& rot, V half) {
  std::size_t k = 0;
  put(c, k, centre, 3);
  for (const V& a : rot) put(c, k, a, 3);
  put(c, k, half, 3);
  c[k++] = 0;
}
Box3<double> box_at(std::span<const double> c) {
  auto p = [&](std::size_t i) { return Point3<double>{c[i], c[i + 1], c[i + 2]}; };
  return {p(0), {p(3), p(6), p(9)}, {c[12], c[13], c[14]}, c[15]};
}
bool boxes_meet(std::span<const double> c) { return intersects(box_at(c.first(kBox)), box_at(c.subspan(kBox))); }

/// Moves y's centre to from + t dir, the boxes meeting at t = 0, with t
/// where they just touch (found by bisection with the exact test, on the
/// values as rounded to float when `as_float`): index % 2 == 0 the last t at
/// which they meet, else the first at which they are apart -- adjacent
/// representable cases, so that every one is within rounding of touching.
void move_to_touch(std::span<double> c, V base, V dir, std::uint64_t index, bool as_float) {
  std::vector<double> trial(c.begin(), c.end());
  auto place = [&](double t) {
    for (std::size_t k = 0; k < 3; ++k) trial[kBox + k] = base[k] + t * dir[k];
    if (as_float) round_to_float(trial);
  };
  double lo = 0, hi = 1;
  for (place(hi); boxes_meet(trial); place(hi)) hi *= 2;
  for (int step = 0; step < 200; ++step) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    place(mid);
    (boxes_meet(trial) ? lo : hi) = mid;  // lo meets, hi is apart
  }
  place(index % 2 == 0 ? lo : hi);
  std::copy(trial.begin(), trial.end(), c.begin());
}
}  // namespace

void box_pair(CaseFamily f, std::uint64_t seed, std::uint64_t index, std::span<double> c, bool as_float) {
  if (c.size() != 2 * kBox) throw invalid_input("box_pair: a case of two boxes has 32 values");
  Rng r(seed);
  auto half = [&](double lo, double hi) { return V{r.uni(lo, hi), r.uni(lo, hi), r.uni(lo, hi)}; };
  const std::span<double> x = c.first(kBox), y = c.subspan(kBox);
  const V origin{};
  V dir = unit(rand_point(r, 3, 1)), from{};  // y's path to touching: from + t dir
  bool touch = false;
  std::size_t nudge_at = c.size();  // a value moved one ULP (of float when as_float) toward nudge_to
  double nudge_to = 0;
  switch (f) {
    case CaseFamily::touching:  // random rotations, moved apart until they touch
      put_box(x, origin, random_rotation(r), half(0.25, 1));
      put_box(y, origin, random_rotation(r), half(0.25, 1));
      touch = true;
      break;
    case CaseFamily::nearly_parallel: {  // y turned 1e-7 .. 1e-2 rad from x, touching
      const Rot rx = random_rotation(r);
      put_box(x, origin, rx, half(0.25, 1));
      put_box(y, origin, turned(rx, unit(rand_point(r, 3, 1)), std::pow(10.0, r.uni(-7, -2))), half(0.25, 1));
      touch = true;
      break;
    }
    case CaseFamily::far_from_origin: {  // touching, x's centre an integer 1e3 .. 1e9 away
      const double o = (r.coin() ? 1 : -1) * std::round(std::pow(10.0, r.uni(3, 9)));
      const V centre{o, std::round(o * r.uni(-1, 1)), std::round(o * r.uni(-1, 1))};
      put_box(x, centre, random_rotation(r), half(0.25, 1));
      put_box(y, centre, random_rotation(r), half(0.25, 1));
      from = centre;
      touch = true;
      break;
    }
    case CaseFamily::resting_faces: {
      const V hx = half(0.25, 1);
      if (index % 4 == 0) {  // axis-aligned, dyadic: exactly touching, or one ULP in or out
        const Rot id{V{1, 0, 0}, V{0, 1, 0}, V{0, 0, 1}};
        const std::size_t k = static_cast<std::size_t>(r.integer(0, 2));
        V h1{}, h2{}, cy{};
        for (std::size_t i = 0; i < 3; ++i) {
          h1[i] = double(r.integer(1, 64)) / 16, h2[i] = double(r.integer(1, 64)) / 16;
          cy[i] = double(r.integer(-32, 32)) / 32;
        }
        cy[k] = (r.coin() ? 1 : -1) * (h1[k] + h2[k]);
        const int nudge = static_cast<int>(index / 4 % 3);  // 0: touching, 1: out, 2: in
        if (nudge) nudge_at = kBox + k, nudge_to = (nudge == 1) == (cy[k] > 0) ? INFINITY : -INFINITY;
        put_box(x, origin, id, h1);
        put_box(y, cy, id, h2);
        break;
      }
      // The same rotation, y on one of x's faces (its centre over the face),
      // moved along the face normal until they touch.
      const Rot rx = random_rotation(r);
      const std::size_t k = static_cast<std::size_t>(r.integer(0, 2));
      const V hy = half(0.1, 0.25);
      put_box(x, origin, rx, hx);
      put_box(y, origin, rx, hy);
      for (std::size_t i = 0; i < 3; ++i)
        if (i != k) from = add(from, mul(r.uni(-1, 1) * (hx[i] - hy[i]), rx[i]));
      dir = mul(r.coin() ? 1 : -1, rx[k]);
      touch = true;
      break;
    }
    case CaseFamily::deep_overlap: {  // centres closer than a quarter of the smaller box
      const V hx = half(0.5, 1);
      const int mode = static_cast<int>(index % 4);
      const Rot rx = random_rotation(r);
      put_box(x, origin, rx, hx);
      if (mode == 0) put_box(y, rand_point(r, 3, 0.05), random_rotation(r), half(0.05, 0.15));  // nested
      else if (mode == 1) put_box(y, origin, rx, hx);  // equal: the depth ties
      else put_box(y, rand_point(r, 3, 0.125), random_rotation(r), half(0.5, 1));
      break;
    }
    default:  // random: centres in [-2, 2]^3, half extents in [0.25, 1]
      put_box(x, rand_point(r, 3, 2), random_rotation(r), half(0.25, 1));
      put_box(y, rand_point(r, 3, 2), random_rotation(r), half(0.25, 1));
      break;
  }
  if (as_float) round_to_float(c);
  if (nudge_at < c.size())
    c[nudge_at] = as_float ? std::nextafter(float(c[nudge_at]), float(nudge_to)) : std::nextafter(c[nudge_at], nudge_to);
  if (touch) move_to_touch(c, from, dir, index, as_float);
}

namespace {
using query_format::Line;
}  // namespace

// Every query line below is written by query_format::Line, the one writer of
// the format (eval writes its answers with it): a double as a hex float, any
// other rational as "p/q", both quoted.
std::string capsule_query(std::span<const double> c, int dim) {
  std::string s;
  Line(s).op("capsule_capsule").key("c1").capsule(c, 0, dim).key("c2").capsule(c, 2 * static_cast<std::size_t>(dim) + 1, dim).close();
  return s;
}

std::string capsule_triangle_query(std::span<const double> c) {
  std::string s;
  Line(s).op("capsule_triangle").key("c").capsule(c, 0, 3).key("tri").points(c, 7, 3, 3).close();
  return s;
}

std::string points_query(std::string_view op, std::span<const double> c, int dim) {
  std::string s;
  Line w(s);
  w.op(op);
  const auto d = static_cast<std::size_t>(dim);
  for (std::size_t i = 0; i * d < c.size(); ++i) w.key(std::string(1, char('a' + i))).point(c, i * d, dim);
  w.close();
  return s;
}

std::string segments_query(std::string_view op, std::span<const double> c, int dim) {
  std::string s;
  const auto d = static_cast<std::size_t>(dim);
  Line(s).op(op).key("s").points(c, 0, 2, dim).key("t").points(c, 2 * d, 2, dim).close();
  return s;
}

std::string box_pair_query(std::span<const double> c) {
  if (c.size() != 2 * kBox) throw invalid_input("box_pair_query: a case of two boxes has 32 values");
  std::string s;
  Line(s).op("contact").key("x").box(c, 0, 3, true).key("y").box(c, kBox, 3, true).close();
  return s;
}

namespace {
bool has_radius(ShapeKind k) { return k == ShapeKind::ball || k == ShapeKind::capsule; }
bool is_float(double v) { return static_cast<double>(static_cast<float>(v)) == v; }

/// Projects one shape (a, b, r) to its kind; false if not a valid case.
bool normalize_shape(ShapeKind k, std::size_t d, bool as_float, std::span<double> s) {
  for (double v : s)
    if (!std::isfinite(v) || (as_float && !is_float(v))) return false;
  if (k == ShapeKind::triangle) return true;
  if (k == ShapeKind::box)
    for (std::size_t i = 0; i <= d; ++i)
      if (s[d + d * d + i] < 0) return false;  // half extents and radius
  if (k == ShapeKind::hull) return s[kHullPoints * d] >= 0;
  if (k == ShapeKind::box) return true;
  if (k == ShapeKind::point || k == ShapeKind::ball)
    for (std::size_t i = 0; i < d; ++i) s[d + i] = s[i];
  if (k == ShapeKind::point || k == ShapeKind::segment) s[2 * d] = 0;
  return s[2 * d] >= 0;
}
}  // namespace

bool normalize_pair(const detail::PairLayout& l, bool float_x, bool float_y, std::span<double> c) {
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
  return normalize_shape(l.x, d, float_x, c.first(wx)) && normalize_shape(l.y, d, float_y, c.subspan(wx));
}

namespace {
/// Moves a pair case far from touching (shape_pair's far variants): apart,
/// y translated away from x by 2 to 1e6 times (the centres' distance + both
/// shapes' extents + the radii), log-uniform; or deep, the radius of y (else
/// x) set to the axes' exact distance + 0.5 to 4 times the pair's size.
void vary_far(const detail::PairLayout& l, bool apart, std::uint64_t seed, std::span<double> c) {
  Rng r(seed ^ 0x5bd1e995u);
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
  auto points_of = [&](ShapeKind k, std::size_t at) {
    std::vector<V> p;
    const std::size_t n = k == ShapeKind::triangle ? 3 : 2;
    for (std::size_t i = 0; i < n; ++i) {
      V v{};
      for (std::size_t j = 0; j < d; ++j) v[j] = c[at + i * d + j];
      p.push_back(v);
    }
    return p;
  };
  const std::vector<V> px = points_of(l.x, 0), py = points_of(l.y, wx);
  auto centre = [](const std::vector<V>& p) {
    V m{};
    for (const V& v : p) m = add(m, mul(1.0 / double(p.size()), v));
    return m;
  };
  auto extent = [](const std::vector<V>& p, V m) {
    double e = 0;
    for (const V& v : p) e = std::fmax(e, std::sqrt(dot(sub(v, m), sub(v, m))));
    return e;
  };
  const V cx = centre(px), cy = centre(py);
  const double rx = l.x != ShapeKind::triangle ? c[2 * d] : 0, ry = l.y != ShapeKind::triangle ? c[wx + 2 * d] : 0;
  const double gap = std::sqrt(dot(sub(cy, cx), sub(cy, cx)));
  const double size = std::fmax(gap + extent(px, cx) + extent(py, cy) + rx + ry, 1e-3);
  if (apart) {
    V dir = sub(cy, cx);
    if (!(gap > 0)) dir = px.size() > 1 ? sub(px[1], px[0]) : V{};
    if (!(dot(dir, dir) > 0)) dir = V{0, 1, 0};
    dir = mul(1 / std::sqrt(dot(dir, dir)), dir);
    const double t = size * std::pow(10.0, r.uni(std::log10(2.0), 6));
    for (std::size_t i = 0; i < (l.y == ShapeKind::triangle ? 3u : 2u); ++i)
      for (std::size_t j = 0; j < d; ++j) c[wx + i * d + j] += t * dir[j];
    return;
  }
  std::vector<mpq_class> q(c.begin(), c.end());
  const double dist = pair_truth(Question::distance, l, q).dist;
  double& grow = has_radius(l.y) ? c[wx + 2 * d] : c[2 * d];
  grow = dist + r.uni(0.5, 4) * size;
}
}  // namespace

void shape_pair(CaseFamily f, const detail::PairLayout& l, bool float_x, bool float_y, std::uint64_t seed,
                std::uint64_t index, std::span<double> c) {
  if (detail::is_solid_kind(l.x) || detail::is_solid_kind(l.y)) return solid_pair(f, l, float_x, float_y, seed, index, c);
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
  if (l.x == ShapeKind::triangle || l.y == ShapeKind::triangle) {
    std::array<double, 16> t{};
    capsule_triangle(f, seed, index, t);
    if (l.y == ShapeKind::triangle) std::copy(t.begin(), t.end(), c.begin());
    else std::copy(t.begin() + 7, t.end(), c.begin()), std::copy(t.begin(), t.begin() + 7, c.begin() + 9);
  } else {
    std::array<double, 14> t{};
    const std::span<double> ts(t.data(), 4 * d + 2);
    const bool old_family = f == CaseFamily::random || f == CaseFamily::near_degenerate ||
                            f == CaseFamily::touching || f == CaseFamily::parallel_zero_length ||
                            f == CaseFamily::far_from_origin;
    if (!has_radius(l.x) && !has_radius(l.y) && old_family) {
      // Points and segments: segment_pair's touching cases put the second
      // segment's first point on the first segment, exactly; a point is a
      // segment's first point, so the point goes second.
      std::array<double, 12> g{};
      segment_pair(f, l.dim, seed, index, std::span<double>(g.data(), 4 * d));
      const bool swap = l.x == ShapeKind::point && l.y != ShapeKind::point;
      const std::size_t first = swap ? 2 * d : 0, second = swap ? 0 : 2 * d;
      std::copy_n(g.begin() + static_cast<long>(first), 2 * d, ts.begin());
      std::copy_n(g.begin() + static_cast<long>(second), 2 * d, ts.begin() + static_cast<long>(2 * d + 1));
    } else {
      capsule_pair(f, l.dim, seed, index, ts);
    }
    std::copy(ts.begin(), ts.end(), c.begin());
  }
  normalize_pair(l, false, false, c);
  const bool boundary_family = f == CaseFamily::touching || f == CaseFamily::collinear_gaps ||
                               f == CaseFamily::nearly_parallel || f == CaseFamily::zero_length ||
                               f == CaseFamily::large_offsets;
  // Far variants: every family built around the boundary (all but random)
  // also has cases far from it, so that code wrong at any distance in that geometry
  // (collinear segments always "touching", zero-area triangles skipped)
  // shows gross misses in the family named after the geometry, not only
  // rounding-level ones: one case in 16 is moved apart by 2 to 1e6 times
  // the pair's size, and (with a radius) one in 16 overlaps by 0.5 to 4
  // times it (its radius grown past the axes' distance).
  const bool far_family = f != CaseFamily::random && f != CaseFamily::classroom;
  const std::uint64_t variant = far_family ? index % 16 : 0;
  const bool far_apart = variant == 13;
  const bool deep = variant == 14 && (has_radius(l.x) || has_radius(l.y));
  if (far_apart || deep) vary_far(l, far_apart, seed, c);
  if (float_x) round_to_float(c.first(wx));
  if (float_y) round_to_float(c.subspan(wx));
  // Cases built near the boundary, of kinds other than two capsules (a ball
  // is a capsule's first endpoint) or rounded to float: radii summing to the
  // distance again, exactly where it is a double, then one ULP in or out.
  const bool refit = boundary_family && !far_apart && !deep && (has_radius(l.x) || has_radius(l.y)) &&
                     (l.x != ShapeKind::capsule || l.y != ShapeKind::capsule || float_x || float_y);
  if (!refit) return;
  std::vector<mpq_class> q(c.begin(), c.end());
  const double dist = pair_truth(Question::distance, l, q).dist;
  if (dist == 0) return;  // the axes meet: any radii make them overlap
  double& rx = c[2 * d];
  double& ry = c[wx + 2 * d];
  const bool fit_y = has_radius(l.y);
  double& r = fit_y ? ry : rx;
  const bool as_float = fit_y ? float_y : float_x;
  if (has_radius(l.x) && has_radius(l.y)) {
    rx = index % 2 ? 0.0 : (float_x ? double(float(dist / 2)) : dist / 2);
    r = dist - rx;
  } else {
    r = dist;
  }
  if (as_float) r = double(float(r));
  const double up = as_float ? double(std::nextafter(float(r), INFINITY)) : std::nextafter(r, INFINITY);
  const double down = as_float ? double(std::nextafter(float(r), 0.0f)) : std::nextafter(r, 0.0);
  if (index % 3 == 1) r = up;
  if (index % 3 == 2) r = std::fmax(0.0, down);
}

namespace {

/// Shape k of layout l at the start of c: {"tri": [...]}, {"box": ...},
/// {"poly"/"hull": [...], "r": r} or {"seg": [a, b], "r": r}.
template <class T>
void shape_of(Line& w, const detail::PairLayout& l, ShapeKind k, std::span<const T> c) {
  if (k == ShapeKind::triangle) w.triangle(c, 0);
  else if (k == ShapeKind::box) w.box(c, 0, l.dim);
  else if (k == ShapeKind::hull) w.hull(c, 0, kHullPoints, l.dim);
  else w.capsule(c, 0, l.dim);
}

template <class T>
std::string contact_of(const detail::PairLayout& l, std::span<const T> c) {
  const std::size_t wx = l.x_width();
  std::string s;
  Line w(s);
  w.op("contact").key("x");
  shape_of(w, l, l.x, c.first(wx));
  w.key("y");
  shape_of(w, l, l.y, c.subspan(wx));
  w.close();
  return s;
}

}  // namespace

std::string contact_query(const detail::PairLayout& l, std::span<const double> c) { return contact_of(l, c); }
std::string contact_query(const detail::PairLayout& l, std::span<const mpq_class> c) { return contact_of(l, c); }

std::string sweep_query(const detail::PairLayout& l, std::span<const mpq_class> c) {
  const std::size_t wx = l.x_width(), w = l.width();
  if (c.size() != w + static_cast<std::size_t>(l.dim)) throw invalid_input("sweep_query: not a case of the layout");
  std::string s;
  Line q(s);
  q.op("sweep").key("x");
  shape_of(q, l, l.x, c.first(wx));
  q.key("y");
  shape_of(q, l, l.y, c.subspan(wx, w - wx));
  q.key("v").point(c, w, l.dim).close();
  return s;
}

// ---------------------------------------------------------------------------
// Helpers for hand-written subjects (engine audits): scale, type, replay.

Generator offset_far(Generator g, double max_offset, std::vector<bool> skip) {
  if (!g) throw invalid_input("offset_far: no generator");
  if (!(max_offset >= 1e3) || !std::isfinite(max_offset))
    throw invalid_input("offset_far: max_offset must be finite and at least 1e3");
  return [g = std::move(g), max_offset, skip = std::move(skip)](CaseFamily f, std::uint64_t seed,
                                                                std::uint64_t i, std::span<double> c) {
    if (f != CaseFamily::far_from_origin) return g(f, seed, i, c);
    g(i % 2 ? CaseFamily::touching : CaseFamily::near_degenerate, seed, i, c);
    std::mt19937_64 r(seed ^ 0x0ff5e7ULL);
    const double mag = std::floor(
        std::exp(std::uniform_real_distribution<double>(std::log(1e3), std::log(max_offset))(r)));
    const double off = (r() & 1) ? mag : -mag;
    for (std::size_t k = 0; k < c.size(); ++k)
      if (k >= skip.size() || !skip[k]) c[k] += off;
  };
}

bool touching_case(CaseFamily f, std::uint64_t index) {
  return f == CaseFamily::touching || (f == CaseFamily::far_from_origin && index % 2 == 1);
}

Generator rounded_to_float(Generator g, std::function<std::size_t(std::span<const double>)> nudge_at) {
  if (!g) throw invalid_input("rounded_to_float: no generator");
  return [g = std::move(g), nudge_at = std::move(nudge_at)](CaseFamily f, std::uint64_t seed, std::uint64_t i,
                                                            std::span<double> c) {
    g(f, seed, i, c);
    round_to_float(c);
    if (!nudge_at || !touching_case(f, i) || i % 3 == 0) return;
    const std::size_t at = nudge_at(c);
    if (at >= c.size()) throw std::out_of_range("rounded_to_float: nudge_at past the case");
    const float x = static_cast<float>(c[at]);
    c[at] = i % 3 == 1 ? std::nextafter(x, INFINITY) : std::nextafter(x, -INFINITY);
  };
}

std::string with_case(std::string query, std::span<const double> c) {
  if (query.empty() || query.back() != '}') throw invalid_input("with_case: not a JSON object");
  query.pop_back();
  Line w = Line::continuing_object(query);
  w.key("case").open_array();
  for (double v : c) w.hex(v);
  w.close_array().close();
  return query;
}

std::vector<double> case_of(std::string_view line) {
  // The line is one this library wrote (with_case): a flat array of quoted
  // hex doubles, read with strtod; anything else is refused, not guessed.
  constexpr std::string_view key = "\"case\":[";
  std::size_t at = line.find(key);
  if (at == std::string_view::npos) throw invalid_input("case_of: no \"case\" array");
  at += key.size();
  std::vector<double> c;
  while (at < line.size() && line[at] != ']') {
    if (line[at] == ',' && !c.empty()) ++at;
    if (at >= line.size() || line[at] != '"') throw invalid_input("case_of: expected a quoted number");
    const std::size_t end = line.find('"', at + 1);
    if (end == std::string_view::npos) throw invalid_input("case_of: unterminated number");
    const std::string v(line.substr(at + 1, end - at - 1));
    char* stop = nullptr;
    c.push_back(std::strtod(v.c_str(), &stop));
    if (v.empty() || stop != v.c_str() + v.size()) throw invalid_input("case_of: not a number: " + v);
    at = end + 1;
  }
  if (at >= line.size()) throw invalid_input("case_of: unterminated \"case\" array");
  return c;
}

namespace {
// The exact shapes of hand-written subjects, written as "p/q" throughout (as
// they always were): their flat coordinates, then the writer's shapes.
template <class P>
void flat(std::vector<mpq_class>& v, const P& p) {
  v.push_back(p.x), v.push_back(p.y);
  if constexpr (requires { p.z; }) v.push_back(p.z);
}
template <class Cap>
std::string capsules_query(const Cap& a, const Cap& b, int dim) {
  std::vector<mpq_class> v;
  for (const Cap* c : {&a, &b}) flat(v, c->seg.a), flat(v, c->seg.b), v.push_back(c->r);
  std::string s;
  const std::span<const mpq_class> f(v);
  Line(s, Line::Rationals::fractions).op("capsule_capsule").key("c1").capsule(f, 0, dim).key("c2")
      .capsule(f, 2 * static_cast<std::size_t>(dim) + 1, dim).close();
  return s;
}
}  // namespace

std::string capsule_pair_query(const Capsule3<mpq_class>& a, const Capsule3<mpq_class>& b) {
  return capsules_query(a, b, 3);
}
std::string capsule_pair_query(const Capsule2<mpq_class>& a, const Capsule2<mpq_class>& b) {
  return capsules_query(a, b, 2);
}

std::string segment_pair_query(std::string_view op, const Segment3<mpq_class>& s, const Segment3<mpq_class>& t) {
  std::vector<mpq_class> v;
  for (const Segment3<mpq_class>* g : {&s, &t}) flat(v, g->a), flat(v, g->b);
  std::string out;
  const std::span<const mpq_class> f(v);
  Line(out, Line::Rationals::fractions).op(op).key("s").points(f, 0, 2, 3).key("t").points(f, 6, 2, 3).close();
  return out;
}

// ---------------------------------------------------------------------------
// Pairs with a box or a hull (audit_pair's solid kinds). Each shape is made
// about the origin at a size near 1, x stays there (or at a far offset),
// and y is placed by the family: at random, moved along a direction until
// the pair touches (bisection with the exact test on the values as rounded
// to the sides' types: each case is the last meeting or the first apart),
// or deep inside x.

namespace {

using detail::PairLayout;

Rot rotation_of(Rng& r, std::size_t d) {
  if (d == 3) return random_rotation(r);
  const double a = r.uni(0, 6.283185307179586), c = std::cos(a), s = std::sin(a);
  return {V{c, s, 0}, V{-s, c, 0}, V{0, 0, 1}};
}
/// rot turned by `angle` (in the plane when d == 2).
Rot turned_by(Rng& r, const Rot& rot, std::size_t d, double angle) {
  if (d == 3) return turned(rot, unit(rand_point(r, 3, 1)), angle);
  return turned(rot, V{0, 0, 1}, r.coin() ? angle : -angle);
}

/// Shape k about the origin into s. `frame` (when set) orients boxes,
/// hulls (as boxes' corners), axes (its first column) and triangles (in the
/// plane of its first two columns), so that shapes lie parallel to x's
/// faces; `degenerate` makes a hull flat, collinear, of repeated points or
/// one point (by index % 4).
void make_shape(ShapeKind k, std::size_t d, Rng& r, const Rot* frame, bool degenerate, std::uint64_t index,
                std::span<double> s) {
  const int dim = static_cast<int>(d);
  const Rot rot = frame ? *frame : rotation_of(r, d);
  V half{r.uni(0.25, 1), r.uni(0.25, 1), d == 3 ? r.uni(0.25, 1) : 0.0};
  if (index % 8 == 7) half[static_cast<std::size_t>(r.integer(0, dim - 1))] *= 1e-3;  // a thin box (aspect 1e-3)
  std::size_t at = 0;
  switch (k) {
    case ShapeKind::box:
      put(s, at, V{}, dim);
      for (std::size_t i = 0; i < d; ++i) put(s, at, rot[i], dim);
      put(s, at, half, dim);
      s[at] = 0;
      break;
    case ShapeKind::hull: {
      std::vector<V> p;
      for (std::size_t m = 0; m < (std::size_t{1} << d); ++m) {  // a box's corners, moved a little
        V v{};
        for (std::size_t i = 0; i < d; ++i) v = add(v, mul(((m >> i) & 1 ? 1 : -1) * half[i], rot[i]));
        if (!frame) v = add(v, rand_point(r, dim, 0.05));
        p.push_back(v);
      }
      while (p.size() < kHullPoints) p.push_back(mul(r.uni(0.2, 0.9), p[static_cast<std::size_t>(r.integer(0, 3))]));
      if (degenerate) {
        const int mode = static_cast<int>(index / 2 % 4);
        for (std::size_t i = 0; i < kHullPoints; ++i) {
          V& v = p[i];
          if (mode == 0 && d == 3) v = sub(v, mul(dot(v, rot[2]), rot[2]));  // flat: in one plane
          if (mode == 1 || (mode == 0 && d == 2)) v = mul(dot(v, rot[0]), rot[0]);  // collinear
          if (mode == 2) v = p[i % 3];                                             // three points, repeated
          if (mode == 3) v = p[0];                                                 // one point
        }
      }
      for (const V& v : p) put(s, at, v, dim);
      s[at] = 0;
      break;
    }
    case ShapeKind::triangle: {
      V q[3];
      for (V& v : q)
        v = frame ? add(mul(r.uni(-1, 1), rot[0]), mul(r.uni(-1, 1), rot[1])) : rand_point(r, 3, 1);
      const V m = mul(1.0 / 3, add(add(q[0], q[1]), q[2]));
      for (V& v : q) put(s, at, sub(v, m), 3);
      break;
    }
    default: {  // point, ball, segment, capsule: an axis through the origin
      const V u = frame ? rot[0] : unit(rand_point(r, dim, 1));
      const double len = (k == ShapeKind::segment || k == ShapeKind::capsule) ? r.uni(0.5, 2) : 0.0;
      put(s, at, mul(-len / 2, u), dim);
      put(s, at, mul(len / 2, u), dim);
      s[at] = (k == ShapeKind::ball || k == ShapeKind::capsule) ? r.uni(0.1, 0.5) : 0.0;
      if (k == ShapeKind::ball) s[at] = r.uni(0.25, 1);
      break;
    }
  }
}

/// Adds `delta` to the points of shape k (a box's centre, a hull's points,
/// a triangle's corners, an axis's endpoints).
void translate(ShapeKind k, std::size_t d, std::span<double> s, V delta) {
  const std::size_t points = k == ShapeKind::box ? 1 : k == ShapeKind::hull ? kHullPoints : k == ShapeKind::triangle ? 3 : 2;
  for (std::size_t i = 0; i < points; ++i)
    for (std::size_t j = 0; j < d; ++j) s[i * d + j] += delta[j];
}

bool solid_meets(const PairLayout& l, std::span<const double> c) {
  if (l.dim == 3 && l.x == ShapeKind::box && l.y == ShapeKind::box)  // intersects' filters first
    return intersects(detail::unflatten<Box3<double>>(c.first(16)), detail::unflatten<Box3<double>>(c.subspan(16)));
  const std::vector<mpq_class> q(c.begin(), c.end());
  const auto [X, Y] = detail::pair_cores(l, q);
  const mpq_class R = X.r + Y.r;
  return detail::cvx::core_distance(X, Y, detail::cvx::Pair::any).dist2 <= R * R;
}

/// The core's points of shape k (flat, doubles) in double, z = 0 in 2-D,
/// and its radius.
std::vector<std::array<double, 3>> approx_points(ShapeKind k, std::size_t d, std::span<const double> s, double& r) {
  std::vector<std::array<double, 3>> p;
  auto at = [&](std::size_t i) { return std::array<double, 3>{s[i], s[i + 1], d == 3 ? s[i + 2] : 0.0}; };
  r = k == ShapeKind::triangle ? 0.0 : s[detail::radius_index(k, static_cast<int>(d))];
  if (k == ShapeKind::box) {
    for (std::size_t m = 0; m < (std::size_t{1} << d); ++m) {
      std::array<double, 3> v = at(0);
      for (std::size_t i = 0; i < d; ++i)
        for (std::size_t j = 0; j < d; ++j) v[j] += ((m >> i) & 1 ? 1 : -1) * s[d + d * d + i] * s[d + i * d + j];
      p.push_back(v);
    }
  } else {
    const std::size_t n = k == ShapeKind::hull ? kHullPoints : k == ShapeKind::triangle ? 3 : 2;
    for (std::size_t i = 0; i < n; ++i) p.push_back(at(i * d));
  }
  return p;
}

/// y (as made, about the origin) placed at from + t dir, the pair touching:
/// t by bisection, the last meeting (index even) or the first apart. A
/// bisection with GJK in double finds t to about 1e-9 first; the exact one
/// then starts from a bracket around it that the exact test confirms (else
/// from the whole range).
void place_touching(const PairLayout& l, bool float_y, std::span<double> c, const std::vector<double>& y0, V from,
                    V dir, std::uint64_t index) {
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
  const std::span<double> y = c.subspan(wx);
  auto place = [&](double t) {
    std::copy(y0.begin(), y0.end(), y.begin());
    translate(l.y, d, y, add(from, mul(t, dir)));
    if (float_y) round_to_float(y);
  };
  place(0);
  if (!solid_meets(l, c)) return;
  double rx = 0, ry = 0;
  const auto px = approx_points(l.x, d, c.first(wx), rx);
  auto approx_meets = [&](double t) {
    place(t);
    const auto py = approx_points(l.y, d, y, ry);
    return reference::gjk_distance<double>(px, py, 1e-9).distance <= rx + ry;
  };
  double lo = 0, hi = 1;
  for (int i = 0; i < 80 && approx_meets(hi); ++i) lo = hi, hi *= 2;
  for (int step = 0; step < 60 && hi - lo > 1e-10 * hi; ++step) {
    const double mid = lo + (hi - lo) / 2;
    (approx_meets(mid) ? lo : hi) = mid;
  }
  const double guess = lo + (hi - lo) / 2;
  lo = 0, hi = 1;
  bool bracket = false;
  for (double width = 1e-8 * (guess + 1); !bracket && width < 1e-2 * (guess + 1); width *= 1e3) {
    place(guess - width);
    const bool lo_meets = guess - width <= 0 || solid_meets(l, c);
    place(guess + width);
    if (lo_meets && !solid_meets(l, c)) {
      lo = std::fmax(0.0, guess - width), hi = guess + width;
      bracket = true;
    }
  }
  if (!bracket) {  // no bracket confirmed: the whole range
    for (int i = 0; i < 80; ++i) {
      place(hi);
      if (!solid_meets(l, c)) break;
      lo = hi, hi *= 2;
    }
  }
  std::vector<double> at_lo, at_hi;
  for (int step = 0; step < 200; ++step) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    place(lo), at_lo.assign(y.begin(), y.end());
    place(hi), at_hi.assign(y.begin(), y.end());
    place(mid);
    if (std::equal(y.begin(), y.end(), at_lo.begin()) || std::equal(y.begin(), y.end(), at_hi.begin())) break;
    (solid_meets(l, c) ? lo : hi) = mid;  // lo meets, hi is apart
  }
  place(index % 2 == 0 ? lo : hi);
}

}  // namespace

std::vector<CaseFamily> solid_families(const detail::PairLayout& l) {
  using F = CaseFamily;
  std::vector<F> f = {F::random,          F::touching,      F::nearly_parallel, F::far_from_origin,
                      F::large_offsets,   F::resting_faces, F::deep_overlap};
  if (l.x == ShapeKind::hull || l.y == ShapeKind::hull) f.push_back(F::degenerate_hull);
  f.insert(f.end(), {F::stacked, F::vertex_on_face, F::float_rotations});
  if (l.dim == 3) f.push_back(F::edge_edge);
  return f;
}

namespace {
/// A rotation made from a float quaternion (in 2-D: a float angle): a
/// random quaternion rounded to float, then normalized and turned into a
/// matrix in the side's type -- in float for a float side, as an engine
/// holding float quaternions does (the columns orthonormal only to float
/// rounding), in double for a double one.
Rot float_rotation(Rng& r, std::size_t d, bool in_float) {
  if (d == 2) {
    const float a = static_cast<float>(r.uni(0, 6.283185307179586));
    const double c = in_float ? double(std::cos(a)) : std::cos(double(a));
    const double s = in_float ? double(std::sin(a)) : std::sin(double(a));
    return {V{c, s, 0}, V{-s, c, 0}, V{0, 0, 1}};
  }
  std::normal_distribution<double> n(0, 1);
  float q[4];
  for (float& v : q) v = static_cast<float>(n(r.g));
  if (in_float) {
    float len2 = 0;
    for (float v : q) len2 += v * v;
    const float inv = 1.0f / std::sqrt(len2);
    return quaternion_rotation<float>(q[0] * inv, q[1] * inv, q[2] * inv, q[3] * inv);
  }
  double len2 = 0;
  for (float v : q) len2 += double(v) * v;
  const double inv = 1.0 / std::sqrt(len2);
  return quaternion_rotation<double>(q[0] * inv, q[1] * inv, q[2] * inv, q[3] * inv);
}

/// The largest dot(p, u) over shape s's core points, plus its radius: how
/// far the shape reaches along the unit vector u from the origin.
double reach(ShapeKind k, std::size_t d, std::span<const double> s, V u) {
  double r = 0, best = -INFINITY;
  for (const auto& p : approx_points(k, d, s, r)) best = std::fmax(best, dot(V{p[0], p[1], p[2]}, u));
  return best + r;
}
/// The core point of shape s farthest along u (its support point).
V support(ShapeKind k, std::size_t d, std::span<const double> s, V u) {
  double r = 0, best = -INFINITY;
  V at{};
  for (const auto& p : approx_points(k, d, s, r)) {
    const V v{p[0], p[1], p[2]};
    if (dot(v, u) > best) best = dot(v, u), at = v;
  }
  return at;
}
bool has_faces(ShapeKind k) { return k == ShapeKind::box || k == ShapeKind::hull; }
}  // namespace

void solid_pair(CaseFamily f, const detail::PairLayout& l, bool float_x, bool float_y, std::uint64_t seed,
                std::uint64_t index, std::span<double> c, std::array<double, 3>* slide) {
  using F = CaseFamily;
  Rng r(seed);
  const std::size_t d = static_cast<std::size_t>(l.dim), wx = l.x_width();
  const int dim = l.dim;
  const std::span<double> x = c.first(wx), y = c.subspan(wx);
  std::fill(c.begin(), c.end(), 0.0);
  // Frames: nearly_parallel turns y's from x's by 1e-7 .. 1e-2 rad;
  // resting_faces and stacked give both one (the identity for one case in
  // four); vertex_on_face gives the shape with the face one (the other is
  // turned at random); float_rotations makes both from float quaternions.
  Rot fx = f == F::float_rotations ? float_rotation(r, d, float_x) : rotation_of(r, d);
  if ((f == F::resting_faces || f == F::stacked) && index % 4 == 0) fx = {V{1, 0, 0}, V{0, 1, 0}, V{0, 0, 1}};
  // edge_edge: y's frame nearly parallel to x's for the cases i with
  // i / 4 % 4 == 1, else at random.
  const bool edges = f == F::edge_edge && d == 3;
  const bool edges_parallel = edges && index / 4 % 4 == 1;
  const Rot fy = f == F::nearly_parallel || edges_parallel ? turned_by(r, fx, d, std::pow(10.0, r.uni(-7, -2)))
                 : f == F::float_rotations                            ? float_rotation(r, d, float_y)
                 : edges                                              ? rotation_of(r, d)
                                                                      : fx;
  const bool framed =
      f == F::nearly_parallel || f == F::resting_faces || f == F::stacked || f == F::float_rotations || edges;
  const bool corner = f == F::vertex_on_face || f == F::grazing_cast;
  // With a corner on a face, the face is x's when x has faces, else y's.
  const bool face_x = has_faces(l.x);
  const Rot* frame_x = framed || (corner && face_x) ? &fx : nullptr;
  const Rot* frame_y = framed ? &fy : corner && !face_x ? &fx : nullptr;
  const bool degenerate = f == F::degenerate_hull;
  make_shape(l.x, d, r, frame_x, degenerate && l.x == ShapeKind::hull, index, x);
  make_shape(l.y, d, r, frame_y, degenerate && (l.y == ShapeKind::hull || l.x != ShapeKind::hull), index, y);
  if (f == F::random) {
    translate(l.x, d, x, rand_point(r, dim, 2));
    translate(l.y, d, y, rand_point(r, dim, 2));
    if (float_x) round_to_float(x);
    if (float_y) round_to_float(y);
    return;
  }
  if (f == F::deep_overlap) {  // y's centre within 1/8 of x's; one case in four y equal to x (ties)
    if (index % 4 == 1 && l.x == l.y) std::copy(x.begin(), x.end(), y.begin());
    else translate(l.y, d, y, rand_point(r, dim, 0.125));
    if (float_x) round_to_float(x);
    if (float_y) round_to_float(y);
    return;
  }
  // Touching families: x at the origin or a far integer offset, y moved
  // from there along dir (a face normal of x's frame for the framed ones).
  V from{};
  if (f == F::far_from_origin || f == F::large_offsets) {
    const double lo = f == F::far_from_origin ? 3 : 9, hi = f == F::far_from_origin ? 6 : 15;
    for (std::size_t j = 0; j < d; ++j) from[j] = (r.coin() ? 1 : -1) * std::round(std::pow(10.0, r.uni(lo, hi)));
    translate(l.x, d, x, from);
  }
  V dir = unit(rand_point(r, dim, 1));
  if (f == F::stacked) {
    // A stack along up = +-fx[k]: `below` shapes under x (half heights
    // 0.25 .. 1), then x, then y; each centre is the one below plus the two
    // half heights along up, every operation rounded to the sides' type, as
    // a game stacks them. Within rounding of touching, either way.
    const std::size_t k = static_cast<std::size_t>(r.integer(0, dim - 1));
    const V up = mul(r.coin() ? 1 : -1, fx[k]);
    const bool as_float = float_x || float_y;
    auto rnd = [as_float](double v) { return as_float ? double(float(v)) : v; };
    V u{}, p{};
    for (std::size_t j = 0; j < d; ++j) u[j] = rnd(up[j]);
    auto step = [&](double below_top, double above_bottom) {
      const double h = rnd(rnd(below_top) + rnd(above_bottom));
      for (std::size_t j = 0; j < d; ++j) p[j] = rnd(p[j] + rnd(h * u[j]));
    };
    double top = r.uni(0.25, 1);
    for (long i = r.integer(0, 6); i > 0; --i) {
      const double h = r.uni(0.25, 1);
      step(top, h);
      top = h;
    }
    step(top, reach(l.x, d, x, mul(-1, up)));
    const V px = p;
    step(reach(l.x, d, x, up), reach(l.y, d, y, mul(-1, up)));
    translate(l.x, d, x, px);
    translate(l.y, d, y, p);
    if (float_x) round_to_float(x);
    if (float_y) round_to_float(y);
    dir = up;
  } else {
    if (float_x) round_to_float(x);
    if (f == F::nearly_parallel || f == F::resting_faces) {
      const std::size_t k = static_cast<std::size_t>(r.integer(0, dim - 1));
      dir = mul(r.coin() ? 1 : -1, fx[k]);
      for (std::size_t i = 0; i < d; ++i)  // slid along the face a little
        if (i != k) from = add(from, mul(r.uni(-0.5, 0.5), fx[i]));
    }
    if (corner) {
      // n: the face's outward normal (x's face, or y's facing x). The
      // corner (the other shape's support point along the face) starts
      // half the face shape's thickness inside, under a point q of the
      // face's middle half; place_touching then moves y out along n.
      const std::size_t k = static_cast<std::size_t>(r.integer(0, dim - 1));
      const V n = mul(r.coin() ? 1 : -1, fx[k]);
      const std::span<const double> fs = face_x ? std::span<const double>(x) : std::span<const double>(y);
      const ShapeKind fk = face_x ? l.x : l.y;
      const double thick = reach(fk, d, fs, n) + reach(fk, d, fs, mul(-1, n));
      V q{};  // on the face plane through the origin, in its middle half
      for (std::size_t i = 0; i < d; ++i)
        if (i != k) q = add(q, mul(r.uni(-0.5, 0.5) * reach(fk, d, fs, fx[i]), fx[i]));
      if (face_x) {  // y's corner at q + (reach - thick / 2) n
        const V s = support(l.y, d, y, mul(-1, n));
        from = add(from, sub(add(q, mul(reach(l.x, d, x, n) - thick / 2, n)), s));
      } else {  // y's face point q - reach(-n) n at x's support point, thick / 2 deep
        const V sx = support(l.x, d, x, n);
        const V s = add(sx, mul(reach(l.x, d, x, n) - dot(sx, n), n));  // plus x's radius along n
        from = add(from, sub(s, sub(q, mul(reach(l.y, d, y, mul(-1, n)) - thick / 2, n))));
      }
      dir = n;
      if (slide) {  // a unit direction in the face's plane
        V t{};
        for (std::size_t i = 0; i < d; ++i)
          if (i != k) t = add(t, mul(r.uni(-1, 1), fx[i]));
        *slide = unit(t);
      }
    }
    if (edges) {
      // Edge i of x's frame and edge j of y's: n = e_x x e_y, up to sign.
      // The edge of x farthest along n (its ends: the support points along
      // n tilted a little either way along e_x) and the edge of y farthest
      // along -n are put midpoint on midpoint, y pushed a little into x;
      // place_touching then moves y out along n to touching, where the two
      // edges cross (each shape lies on its side of the plane through them).
      // Nearly parallel frames: the edges nearly parallel too (i = j; with
      // i != j, n would be within the turn of a face normal, and a face
      // axis would separate the pair).
      const std::size_t i = static_cast<std::size_t>(r.integer(0, 2));
      const std::size_t j = edges_parallel ? i : static_cast<std::size_t>(r.integer(0, 2));
      V n = cross(fx[i], fy[j]);
      if (dot(n, n) < 1e-30) n = cross(fx[i], fy[(j + 1) % 3]);
      n = mul(r.coin() ? 1 : -1, unit(n));
      auto edge_middle = [&](ShapeKind k, std::span<const double> s, V u, V e) {
        // A tilt far above rounding, far below any other corner's lead
        // (a thin box's corners across its 1e-3 thickness included).
        return mul(0.5, add(support(k, d, s, add(u, mul(1e-9, e))), support(k, d, s, sub(u, mul(1e-9, e)))));
      };
      const V mx = edge_middle(l.x, x, n, fx[i]), my = edge_middle(l.y, y, mul(-1, n), fy[j]);
      from = add(from, sub(sub(mx, my), mul(0.01, n)));
      dir = n;
    }
    const std::vector<double> y0(y.begin(), y.end());
    place_touching(l, float_y, c, y0, from, dir, index);
  }
  // Variants off the boundary: far apart (2 .. 1e6 times the pair's size,
  // about 4), or near it but beyond rounding, apart or overlapping by 1e-6
  // .. 1e-2 of the size (code right only near touching, or wrong only on
  // one kind of contact, is gross there).
  const std::uint64_t variant = index % 16;
  double move = 0;
  if (variant == 13) move = 4 * std::pow(10.0, r.uni(std::log10(2.0), 6));
  if (variant == 12) move = 4 * std::pow(10.0, r.uni(-6, -2));
  if (variant == 11) move = -4 * std::pow(10.0, r.uni(-6, -2));
  // edge_edge: of the other cases, half just apart and a quarter just
  // overlapping by 1e-6 .. 1e-2 of the size (a test without edge axes calls
  // the first overlapping), a quarter touching.
  if (edges && variant != 11 && variant != 12 && variant != 13 && index % 4 != 0)
    move = (index % 4 == 2 ? -4 : 4) * std::pow(10.0, r.uni(-6, -2));
  if (move != 0) {
    translate(l.y, d, y, mul(move, dir));
    if (float_y) round_to_float(y);
  }
}

}  // namespace exactgeom::audit::cases

// The case families of exactgeom::audit (audit.hpp), deterministic in their
// seed. "Exact" constructions use small integers (Pythagorean triples for
// distances), scaled by powers of two, so the doubles hold them exactly.
#include <cmath>
#include <cstdio>
#include <random>

#include "exactgeom/audit.hpp"

namespace exactgeom::audit_cases {

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
V add(V a, V b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
V sub(V a, V b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
V mul(double s, V a) { return {s * a[0], s * a[1], s * a[2]}; }
double dot(V a, V b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
V cross(V a, V b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
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

}  // namespace

std::string hex(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%a", v);
  return b;
}

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
  if (f == CaseFamily::far_from_origin) {
    std::vector<bool> skip(c.size(), false);
    skip[half - 1] = skip[2 * half - 1] = true;
    offset_all(c, r, skip);
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
    }
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
    if (f == CaseFamily::parallel_zero_length) {  // degenerate triangles
      p[2] = r.coin() ? p[1] : add(p[0], mul(2, sub(p[1], p[0])));
    }
    const int rot = static_cast<int>(r.integer(0, 2));
    for (V* q : {&a, &b, &p[0], &p[1], &p[2]}) std::rotate(q->begin(), q->begin() + rot, q->end());
  }
  std::size_t k = 0;
  put(c, k, a, 3), put(c, k, b, 3), c[k++] = rad;
  for (auto& q : p) put(c, k, q, 3);
  if (f == CaseFamily::touching || f == CaseFamily::near_degenerate) {
    scale_all(c, static_cast<int>(r.integer(-6, 6)));
    if (index % 2 == 1) c[6] = std::nextafter(c[6], (index / 2) % 2 ? INFINITY : 0.0);
    if (f == CaseFamily::near_degenerate) c[6] *= 1 + r.uni(-1e-12, 1e-12);
  }
  if (f == CaseFamily::far_from_origin) {
    std::vector<bool> skip(c.size(), false);
    skip[6] = true;
    offset_all(c, r, skip);
  }
}

namespace {
std::string point_json(std::span<const double> c, std::size_t at, int dim) {
  std::string s = "[";
  for (int i = 0; i < dim; ++i)
    s += (i ? ",\"" : "\"") + hex(c[at + static_cast<std::size_t>(i)]) + "\"";
  return s + "]";
}
}  // namespace

std::string capsule_query(std::span<const double> c, int dim) {
  const auto d = static_cast<std::size_t>(dim), half = 2 * d + 1;
  auto cap = [&](std::size_t at) {
    return "{\"seg\":[" + point_json(c, at, dim) + "," + point_json(c, at + d, dim) +
           "],\"r\":\"" + hex(c[at + 2 * d]) + "\"}";
  };
  return "{\"op\":\"capsule_capsule\",\"c1\":" + cap(0) + ",\"c2\":" + cap(half) + "}";
}

std::string capsule_triangle_query(std::span<const double> c) {
  return "{\"op\":\"capsule_triangle\",\"c\":{\"seg\":[" + point_json(c, 0, 3) + "," +
         point_json(c, 3, 3) + "],\"r\":\"" + hex(c[6]) + "\"},\"tri\":[" + point_json(c, 7, 3) + "," +
         point_json(c, 10, 3) + "," + point_json(c, 13, 3) + "]}";
}

std::string points_query(std::string_view op, std::span<const double> c, int dim) {
  std::string s = "{\"op\":\"" + std::string(op) + "\"";
  const auto d = static_cast<std::size_t>(dim);
  for (std::size_t i = 0; i * d < c.size(); ++i)
    s += ",\"" + std::string(1, char('a' + i)) + "\":" + point_json(c, i * d, dim);
  return s + "}";
}

std::string segments_query(std::string_view op, std::span<const double> c, int dim) {
  const auto d = static_cast<std::size_t>(dim);
  return "{\"op\":\"" + std::string(op) + "\",\"s\":[" + point_json(c, 0, dim) + "," +
         point_json(c, d, dim) + "],\"t\":[" + point_json(c, 2 * d, dim) + "," +
         point_json(c, 3 * d, dim) + "]}";
}

}  // namespace exactgeom::audit_cases

// The surface audits (exactgeom/audit/surface.hpp, docs/auditing_meshes.md):
// the case families of level geometry, the exact union answers of the mesh
// engine (detail/mesh_core.hpp) as the reference, and the judging of an
// engine's contacts and casts against them.
#include "exactgeom/audit/surface.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numbers>
#include <random>
#include <string>
#include <cstdio>

#include "exactgeom/audit/subject.hpp"
#include "exactgeom/detail/mesh_core.hpp"
#include "query_format/query_line.hpp"
#include "solid.hpp"
#include "tally.hpp"

namespace exactgeom::audit {

std::string_view to_string(SurfaceFamily f) {
  switch (f) {
    case SurfaceFamily::flat_seams: return "flat_seams";
    case SurfaceFamily::terrain: return "terrain";
    case SurfaceFamily::concave_corners: return "concave_corners";
    case SurfaceFamily::convex_ridges: return "convex_ridges";
    case SurfaceFamily::long_thin: return "long_thin";
    case SurfaceFamily::degenerate_triangles: return "degenerate_triangles";
    case SurfaceFamily::seam_sweeps: return "seam_sweeps";
    case SurfaceFamily::terrain_sweeps: return "terrain_sweeps";
    case SurfaceFamily::chain_floor: return "chain_floor";
    case SurfaceFamily::chain_steps: return "chain_steps";
    case SurfaceFamily::chain_corners: return "chain_corners";
    case SurfaceFamily::chain_ends: return "chain_ends";
  }
  return "?";
}

bool is_chain_family(SurfaceFamily f) {
  return f == SurfaceFamily::chain_floor || f == SurfaceFamily::chain_steps || f == SurfaceFamily::chain_corners ||
         f == SurfaceFamily::chain_ends;
}
bool is_sweep_family(SurfaceFamily f) { return f == SurfaceFamily::seam_sweeps || f == SurfaceFamily::terrain_sweeps; }

std::size_t SurfaceCase::pieces() const {
  if (dim == 3) return triangles.size();
  if (vertices.size() < 2) return 0;
  return loop ? vertices.size() : vertices.size() - 1;
}

namespace detail {

namespace {

using exactgeom::detail::cvx::Core;
namespace mesh = exactgeom::detail::mesh;

constexpr double kInf = std::numeric_limits<double>::infinity();
double fl(double x) { return static_cast<double>(static_cast<float>(x)); }
double nearest_q(const mpq_class& q) { return exactgeom::detail::ratio_to_double(q.get_num(), q.get_den()); }

/// Deterministic in (seed, family, index), so shards run the same cases.
std::mt19937_64 case_rng(std::uint64_t seed, SurfaceFamily f, std::uint64_t index) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + (static_cast<std::uint64_t>(f) + 1) * 0xBF58476D1CE4E5B9ULL + index;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return std::mt19937_64(z ^ (z >> 31));
}

struct Gen {
  std::mt19937_64 g;
  double uni(double a, double b) { return std::uniform_real_distribution<double>(a, b)(g); }
  int integer(int a, int b) { return std::uniform_int_distribution<int>(a, b)(g); }
  bool coin() { return integer(0, 1) == 1; }
};

/// A generated case: the surface, the shape (flat, doubles), the motion of a sweep.
struct Made {
  SurfaceCase level;
  std::vector<double> shape;
  std::array<double, 3> v{};
};

// --- surfaces ----------------------------------------------------------------

/// An n x m grid of cells (spacing s) at heights h(i, j), cells split as `diag`
/// (HeightField3's order); also the grid form.
template <class H>
void grid_surface(SurfaceCase& L, int n, int m, double s, HeightFieldDiagonal diag, std::array<double, 3> origin,
                  H h, bool as_grid) {
  const auto nx = static_cast<std::size_t>(n + 1), ny = static_cast<std::size_t>(m + 1);
  SurfaceCase::Grid grid;
  grid.columns = nx, grid.rows = ny, grid.dx = s, grid.dy = s, grid.origin = origin, grid.diagonal = diag;
  for (std::size_t j = 0; j < ny; ++j)
    for (std::size_t i = 0; i < nx; ++i) {
      const double z = fl(h(static_cast<int>(i), static_cast<int>(j)));
      grid.heights.push_back(z);
      L.vertices.push_back({origin[0] + static_cast<double>(i) * s, origin[1] + static_cast<double>(j) * s, origin[2] + z});
    }
  auto v = [&](std::size_t a, std::size_t b) { return static_cast<std::uint32_t>(b * nx + a); };
  for (std::size_t j = 0; j + 1 < ny; ++j)
    for (std::size_t i = 0; i + 1 < nx; ++i) {
      const bool main = diag == HeightFieldDiagonal::main || (diag == HeightFieldDiagonal::alternating && (i + j) % 2 == 0);
      if (main) {
        L.triangles.push_back({v(i, j), v(i + 1, j), v(i + 1, j + 1)});
        L.triangles.push_back({v(i, j), v(i + 1, j + 1), v(i, j + 1)});
      } else {
        L.triangles.push_back({v(i, j), v(i + 1, j), v(i, j + 1)});
        L.triangles.push_back({v(i + 1, j), v(i + 1, j + 1), v(i, j + 1)});
      }
    }
  if (as_grid) L.grid = std::move(grid);
}

HeightFieldDiagonal any_diagonal(Gen& r) {
  const int k = r.integer(0, 2);
  return k == 0 ? HeightFieldDiagonal::main : k == 1 ? HeightFieldDiagonal::anti : HeightFieldDiagonal::alternating;
}

/// Points (x, z) of a profile extruded along y over [0, w] as a strip of
/// triangles (two per profile segment), consistently wound, normals up.
void profile_surface(SurfaceCase& L, const std::vector<std::array<double, 2>>& p, double w) {
  for (const auto& q : p) L.vertices.push_back({fl(q[0]), 0.0, fl(q[1])});
  for (const auto& q : p) L.vertices.push_back({fl(q[0]), fl(w), fl(q[1])});
  const auto n = static_cast<std::uint32_t>(p.size());
  for (std::uint32_t i = 0; i + 1 < n; ++i) {
    L.triangles.push_back({i, i + 1, n + i + 1});
    L.triangles.push_back({i, n + i + 1, n + i});
  }
}

// --- shapes ------------------------------------------------------------------

/// A shape of kind k centred at the origin, flat; its size.
std::vector<double> make_shape(ShapeKind k, int dim, Gen& r, double& size, bool lying) {
  const auto d = static_cast<std::size_t>(dim);
  std::vector<double> c(flat_width(k, dim), 0.0);
  if (k == ShapeKind::ball) {
    c[2 * d] = fl(r.uni(0.1, 0.6));
    size = c[2 * d];
  } else if (k == ShapeKind::capsule) {
    const double rad = fl(r.uni(0.1, 0.4)), hh = r.uni(0.2, 0.8);
    const double yaw = r.coin() ? r.integer(0, 3) * std::numbers::pi / 4 : r.uni(0, std::numbers::pi);
    const double tilt = lying ? (r.integer(0, 3) == 0 ? r.uni(-0.4, 0.4) : 0.0) : r.uni(-1.5, 1.5);
    std::array<double, 3> u{std::cos(yaw) * std::cos(tilt), std::sin(yaw) * std::cos(tilt), std::sin(tilt)};
    if (dim == 2) u = {std::cos(tilt), std::sin(tilt), 0.0};
    for (std::size_t k2 = 0; k2 < d; ++k2) c[k2] = -hh * u[k2], c[d + k2] = hh * u[k2];
    c[2 * d] = rad;
    size = rad + hh;
  } else {  // box
    std::array<double, 3> h{r.uni(0.1, 0.6), r.uni(0.1, 0.6), r.uni(0.1, 0.6)};
    const double yaw = r.coin() ? 0.0 : r.uni(0, std::numbers::pi);
    const double tilt = lying ? (r.integer(0, 3) == 0 ? r.uni(-0.3, 0.3) : 0.0) : r.uni(-1.0, 1.0);
    // Columns of Rz(yaw) Rx(tilt) (3-D) or R(tilt) (2-D).
    std::array<std::array<double, 3>, 3> a;
    if (dim == 3) {
      const double cy = std::cos(yaw), sy = std::sin(yaw), ct = std::cos(tilt), st = std::sin(tilt);
      a[0] = {cy, sy, 0};
      a[1] = {-sy * ct, cy * ct, st};
      a[2] = {sy * st, -cy * st, ct};
    } else {
      const double ct = std::cos(tilt), st = std::sin(tilt);
      a[0] = {ct, st, 0};
      a[1] = {-st, ct, 0};
    }
    for (std::size_t i = 0; i < d; ++i) {
      for (std::size_t j = 0; j < d; ++j) c[d + i * d + j] = a[i][j];
      c[d + d * d + i] = h[i];
    }
    size = 0;
    for (std::size_t i = 0; i < d; ++i) size = std::max(size, h[i]);
  }
  return c;
}

/// Moves a flat shape by t.
void translate(ShapeKind k, int dim, std::vector<double>& c, const std::array<double, 3>& t) {
  const auto d = static_cast<std::size_t>(dim);
  const std::size_t points = k == ShapeKind::box ? 1 : 2;
  for (std::size_t p = 0; p < points; ++p)
    for (std::size_t j = 0; j < d; ++j) c[p * d + j] += t[j];
}

/// The shape's extent along the unit direction n from its centre (a support value).
double extent(ShapeKind k, int dim, const std::vector<double>& c, const std::array<double, 3>& n) {
  const auto d = static_cast<std::size_t>(dim);
  if (k == ShapeKind::box) {
    double e = 0;
    for (std::size_t i = 0; i < d; ++i) {
      double an = 0;
      for (std::size_t j = 0; j < d; ++j) an += c[d + i * d + j] * n[j];
      e += c[d + d * d + i] * std::fabs(an);
    }
    return e;
  }
  double half = 0;
  for (std::size_t j = 0; j < d; ++j) half += (c[d + j] - c[j]) / 2 * n[j];
  return std::fabs(half) + c[2 * d];
}

// --- the exact surface -------------------------------------------------------

/// The case's surface as the mesh engine holds it (doubles: every vertex is one).
struct ExactSurface {
  std::optional<TriangleMesh3<double>> mesh;
  std::optional<Chain2<double>> chain;
  explicit ExactSurface(const SurfaceCase& L) {
    if (L.dim == 3) {
      std::vector<Point3<double>> v;
      for (const auto& p : L.vertices) v.push_back({p[0], p[1], p[2]});
      mesh.emplace(std::move(v), L.triangles);
    } else {
      std::vector<Point2<double>> v;
      for (const auto& p : L.vertices) v.push_back({p[0], p[1]});
      chain.emplace(std::move(v), L.loop);
    }
  }
  const mesh::Surface& surface() const { return mesh ? mesh->surface() : chain->surface(); }
};

std::vector<mpq_class> to_q(std::span<const double> c) {
  std::vector<mpq_class> q;
  for (double v : c) q.emplace_back(v);
  return q;
}

/// The centre of a shape in flat layout: a ball's, a capsule's axis
/// midpoint, a box's (3 coordinates; z = 0 in 2-D).
std::array<mpq_class, 3> centre_of(ShapeKind k, int dim, std::span<const mpq_class> c) {
  const auto d = static_cast<std::size_t>(dim);
  std::array<mpq_class, 3> m{0, 0, 0};
  for (std::size_t j = 0; j < d; ++j) m[j] = k == ShapeKind::capsule ? mpq_class((c[j] + c[d + j]) / 2) : c[j];
  return m;
}

/// Whether point x lies strictly behind the plane of piece p: in 3-D on the
/// side opposite to (p1 - p0) x (p2 - p0), for a chain segment (p, q) on the
/// side opposite to (e.y, -e.x), e = q - p (its front, docs/queries.md). A
/// degenerate piece has no plane, so no back.
bool behind_piece(const mesh::Piece& p, const std::array<mpq_class, 3>& x) {
  if (p.degenerate) return false;
  const auto d = static_cast<std::size_t>(p.core.dim);
  auto at = [&](std::size_t corner, std::size_t k) -> const mpq_class& { return p.core.c[corner * d + k]; };
  if (d == 2) {
    const mpq_class ex = at(1, 0) - at(0, 0), ey = at(1, 1) - at(0, 1);
    return sgn(mpq_class((x[0] - at(0, 0)) * ey - (x[1] - at(0, 1)) * ex)) < 0;
  }
  std::array<mpq_class, 3> u, v, w;
  for (std::size_t k = 0; k < 3; ++k) u[k] = at(1, k) - at(0, k), v[k] = at(2, k) - at(0, k), w[k] = x[k] - at(0, k);
  const mpq_class n0 = u[1] * v[2] - u[2] * v[1], n1 = u[2] * v[0] - u[0] * v[2], n2 = u[0] * v[1] - u[1] * v[0];
  return sgn(mpq_class(n0 * w[0] + n1 * w[1] + n2 * w[2])) < 0;
}

bool centre_behind(const mesh::Piece& p, ShapeKind k, int dim, std::span<const mpq_class> shape) {
  return behind_piece(p, centre_of(k, dim, shape));
}

/// Lifts the shape (centred at (x, y)) by `high` and drops it down onto the
/// surface by the exact time of impact: it then touches the surface (to
/// within rounding); a drop that misses leaves it lifted.
void drop(ShapeKind k, int dim, std::vector<double>& c, const ExactSurface& S, const SurfaceCase& L, double high) {
  const auto d = static_cast<std::size_t>(dim);
  double lo = kInf;
  for (const auto& p : L.vertices) lo = std::min(lo, p[d - 1]);
  std::array<double, 3> lift{};
  lift[d - 1] = high;
  translate(k, dim, c, lift);
  std::vector<mpq_class> v(d);
  const double fall = high - lo + 4;
  v[d - 1] = -fall;
  const auto t = mesh::union_time_of_impact(flat_core(k, dim, to_q(c)), S.surface(), false, v);
  if (!t) return;
  std::array<double, 3> down{};
  down[d - 1] = -*t * fall;
  translate(k, dim, c, down);
}

/// The shape pushed `pen` (a length; negative: lifted) along -up.
void press(ShapeKind k, int dim, std::vector<double>& c, double pen) {
  std::array<double, 3> t{};
  t[static_cast<std::size_t>(dim) - 1] = -pen;
  translate(k, dim, c, t);
}

double penetration(Gen& r, double size) {
  const int kind = r.integer(0, 7);
  if (kind == 0) return 0;                          // touching (to rounding)
  if (kind == 1) return -r.uni(1e-6, 1e-2) * size;  // just apart
  if (kind == 2) return r.uni(1e-6, 1e-3) * size;   // just in
  return r.uni(0.0, 0.15) * size;                   // resting
}

// --- the families ------------------------------------------------------------

Made make_case(SurfaceFamily f, ShapeKind k, int dim, std::uint64_t seed, std::uint64_t index, const SurfaceOptions& so) {
  Gen r{case_rng(seed, f, index)};
  Made m;
  SurfaceCase& L = m.level;
  L.dim = dim;
  double size = 0;
  const bool sweep = is_sweep_family(f);
  m.shape = make_shape(k, dim, r, size, !sweep || r.coin());
  double x = 0, y = 0;  // drop point
  double toward_x = 0;  // afterwards, moved this far along +x (into a wall)
  std::optional<double> fixed_pen;  // the family's own penetration
  switch (f) {
    case SurfaceFamily::flat_seams:
    case SurfaceFamily::degenerate_triangles:
    case SurfaceFamily::seam_sweeps: {
      const HeightFieldDiagonal dg = any_diagonal(r);  // drawn in any case: the cases stay the same
      grid_surface(L, 4, 4, 1.0, so.diagonal.value_or(dg), {0, 0, 0}, [](int, int) { return 0.0; }, false);
      if (f == SurfaceFamily::degenerate_triangles) {
        // Zero-area triangles along seams: (a, mid, b) on a grid line with its
        // midpoint added, and (a, a, b) with a repeated corner.
        for (int t = 0; t < 4; ++t) {
          const auto i = static_cast<double>(r.integer(1, 3)), j = static_cast<double>(r.integer(0, 3));
          const bool along_x = r.coin();
          const std::array<double, 3> a = along_x ? std::array<double, 3>{j, i, 0} : std::array<double, 3>{i, j, 0};
          const std::array<double, 3> b = along_x ? std::array<double, 3>{j + 1, i, 0} : std::array<double, 3>{i, j + 1, 0};
          auto index_of = [&](const std::array<double, 3>& p) {
            for (std::size_t q = 0; q < L.vertices.size(); ++q)
              if (L.vertices[q] == p) return static_cast<std::uint32_t>(q);
            L.vertices.push_back(p);
            return static_cast<std::uint32_t>(L.vertices.size() - 1);
          };
          const std::uint32_t ia = index_of(a), ib = index_of(b);
          if (r.coin())
            L.triangles.push_back({ia, index_of({(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 0}), ib});
          else
            L.triangles.push_back({ia, ia, ib});
        }
      }
      x = r.uni(0.7, 3.3), y = r.uni(0.7, 3.3);
      switch (r.integer(0, 3)) {
        case 0: x = r.integer(1, 3); break;                         // over a grid line
        case 1: x = r.integer(1, 3), y = r.integer(1, 3); break;    // over a vertex
        case 2: y = std::floor(y) + (x - std::floor(x)); break;     // over a main diagonal
        default: break;
      }
      break;
    }
    case SurfaceFamily::terrain:
    case SurfaceFamily::terrain_sweeps: {
      static const double offsets[] = {0, 0, 1e3, 1e4, 1e5, 1e6};
      const double o = std::round(offsets[r.integer(0, 5)] * r.uni(1, 2));
      const double amp = r.uni(0.05, 0.5);
      std::vector<double> h(49);
      for (double& z : h) z = r.uni(-amp, amp);
      const HeightFieldDiagonal dg = any_diagonal(r);
      grid_surface(L, 6, 6, 1.0, so.diagonal.value_or(dg), {o, o, 0},
                   [&](int i, int j) { return h[static_cast<std::size_t>(j * 7 + i)]; }, true);
      x = o + r.uni(1.5, 4.5), y = o + r.uni(1.5, 4.5);
      if (r.coin()) x = std::round(x);
      break;
    }
    case SurfaceFamily::concave_corners:
    case SurfaceFamily::convex_ridges: {
      const int kind = r.integer(0, 2);
      const double s = fl(r.uni(0.2, 1.0)) * (f == SurfaceFamily::convex_ridges ? -1 : 1);
      if (kind == 0) {  // a valley (or a ridge): z = s |x|
        profile_surface(L, {{-3, 3 * s}, {-1.5, 1.5 * s}, {0, 0}, {1.5, 1.5 * s}, {3, 3 * s}}, 4);
        x = r.uni(-0.05, 0.05) * size;
      } else {  // a step: floor, wall (kind 1: vertical; 2: a slope), top
        const double hgt = fl(r.uni(0.5, 1.5)), run = kind == 1 ? 0.0 : fl(r.uni(0.3, 1.0));
        profile_surface(L, {{-3, 0}, {-1.5, 0}, {0, 0}, {run, hgt}, {run + 1.5, hgt}, {run + 3, hgt}}, 4);
        if (f == SurfaceFamily::concave_corners) {
          const double e = extent(k, dim, m.shape, {1, 0, 0});
          x = -e - r.uni(0.05, 0.3) * size;
          toward_x = kind == 1 ? x + e + r.uni(-0.01, 0.05) * size : 0.0;
          if (kind == 2) x = r.uni(-0.3, 0.1) * size;  // into the slope's foot
        } else {
          x = run + r.uni(-0.5, 0.5) * size;  // on the rim
        }
      }
      y = r.uni(1.0, 3.0);
      break;
    }
    case SurfaceFamily::long_thin: {
      // A strip of two rectangles L x w, each split along its diagonal: seams
      // 1e3 .. 1e5 times the penetration long.
      const double pen = r.uni(1e-4, 1e-2) * size;
      const double len = fl(std::pow(10.0, r.uni(3, 5)) * pen), w = fl(r.uni(0.5, 1.0));
      L.vertices = {{0, 0, 0}, {len, 0, 0}, {len, w, 0}, {0, w, 0}, {len, 2 * w, 0}, {0, 2 * w, 0}};
      L.triangles = {{0, 1, 2}, {0, 2, 3}, {3, 2, 4}, {3, 4, 5}};
      const double a = r.uni(0.05, 0.95);
      const double dl = std::sqrt(len * len + w * w), off = r.uni(-0.5, 0.5) * size;
      if (r.coin()) x = a * len - off * w / dl, y = a * w + off * len / dl;  // near the diagonal
      else x = a * len, y = w + off;                                           // near the long seam
      fixed_pen = pen;
      break;
    }
    case SurfaceFamily::chain_floor:
    case SurfaceFamily::chain_ends: {
      // Right to left, so the front (the side (e.y, -e.x) points to) is up.
      std::vector<double> xs{0};
      while (xs.back() < 6) xs.push_back(fl(xs.back() + r.uni(0.5, 1.5)));
      for (auto it = xs.rbegin(); it != xs.rend(); ++it) L.vertices.push_back({*it, 0, 0});
      if (f == SurfaceFamily::chain_floor) {
        x = r.coin() ? xs[static_cast<std::size_t>(r.integer(1, static_cast<int>(xs.size()) - 2))] : r.uni(1, 5);
      } else {
        x = r.coin() ? xs.back() + r.uni(-0.5, 0.5) * size : r.uni(-0.5, 0.5) * size;
      }
      break;
    }
    case SurfaceFamily::chain_steps: {
      const double h = fl(r.uni(0.3, 1.2)), run = r.coin() ? 0.0 : fl(r.uni(0.2, 0.8));
      const double up = r.coin() ? 1 : -1;  // a step up or down (left to right)
      const std::vector<std::array<double, 3>> p{{-3, 0, 0}, {-1.5, 0, 0}, {0, 0, 0}, {run, up * h, 0}, {run + 1.5, up * h, 0}, {run + 3, up * h, 0}};
      for (auto it = p.rbegin(); it != p.rend(); ++it) L.vertices.push_back(*it);
      const double e = extent(k, dim, m.shape, {1, 0, 0});
      if (up > 0 && r.coin()) {
        x = -e - 0.2 * size;
        toward_x = run == 0 ? 0.2 * size + r.uni(-0.01, 0.05) * size : 0.0;
      } else {
        x = (up > 0 ? run : 0.0) + r.uni(-0.5, 0.5) * size;
      }
      break;
    }
    case SurfaceFamily::chain_corners: {
      // A counterclockwise loop around a solid block (its front outside):
      // shapes resting on its top near a corner, or on a corner.
      const double w = fl(r.uni(1.0, 3.0)), h = fl(r.uni(0.5, 2.0));
      L.vertices = {{0, 0, 0}, {w, 0, 0}, {w, h, 0}, {w / 2, fl(h + r.uni(0, 0.3)), 0}, {0, h, 0}};
      L.loop = true;
      x = r.coin() ? (r.coin() ? 0.0 : w) + r.uni(-0.6, 0.6) * size : w / 2 + r.uni(-0.3, 0.3) * size;
      break;
    }
  }
  std::array<double, 3> at{x, y, 0};
  if (dim == 2) at = {x, 0, 0};
  translate(k, dim, m.shape, at);
  const ExactSurface S(L);
  double top = 0;
  for (const auto& p : L.vertices) top = std::max(top, p[static_cast<std::size_t>(dim) - 1]);
  drop(k, dim, m.shape, S, L, top + 3 * size + 1);
  if (toward_x != 0) translate(k, dim, m.shape, {toward_x, 0, 0});
  if (sweep) {
    // Lift the shape, and cast it down onto where it rested (grazing seams
    // and vertices), some casts long enough to pass through the surface.
    const double lift = r.uni(0.5, 3.0) * size + r.uni(0, 1);
    std::array<double, 3> side{r.uni(-0.2, 0.2) * size, r.uni(-0.2, 0.2) * size, 0};
    if (r.integer(0, 3) == 0) side = {0, 0, 0};
    translate(k, dim, m.shape, {-side[0], -side[1], lift});
    const double beyond = r.integer(0, 2) == 0 ? r.uni(2, 6) * size : r.uni(-0.05, 0.2) * size;
    m.v = {side[0], side[1], -(lift + beyond)};
    if (r.integer(0, 5) == 0) {  // sliding across seams at touching height
      translate(k, dim, m.shape, {0, 0, -lift - penetration(r, size)});
      const double a = r.uni(0, 2 * std::numbers::pi), len = r.uni(1, 3);
      m.v = {len * std::cos(a), len * std::sin(a), 0};
    }
    for (double& c : m.v) c = fl(c);
  } else {
    double pen = fixed_pen ? *fixed_pen : penetration(r, size);
    if (so.one_sided) {
      // One-sided surfaces: keep the centre in front of every piece the
      // pressed shape meets (a shape pressed past its centre into a ridge
      // would be behind both faces, where an engine rightly ignores them):
      // halve the press until it is, down to touching.
      auto behind = [&](double p) {
        std::vector<double> c = m.shape;
        press(k, dim, c, p);
        const std::vector<mpq_class> q = to_q(c);
        const Core X = flat_core(k, dim, q);
        for (const auto& pf : mesh::union_contact(X, S.surface(), true, false).pieces)
          if (centre_behind(S.surface().piece(pf.piece), k, dim, q)) return true;
        return false;
      };
      for (int h = 0; h < 40 && pen > 0 && behind(pen); ++h) pen = h == 39 ? 0.0 : pen / 2;
    }
    press(k, dim, m.shape, pen);
  }
  return m;
}

// --- answers -----------------------------------------------------------------

// The shape and the level as the query format writes them (query_format::Line,
// the writer of eval's answers and of every audit's query lines).
void shape_json(query_format::Line& w, ShapeKind k, int dim, const std::vector<mpq_class>& c) {
  if (k == ShapeKind::box) w.box(std::span<const mpq_class>(c), 0, dim);
  else w.capsule(std::span<const mpq_class>(c), 0, dim);
}

void surface_json(query_format::Line& w, const SurfaceCase& L) {
  if (L.dim == 3) w.mesh(L.vertices, L.triangles);
  else w.chain(L.vertices, L.loop);
}

std::string contact_line(const SurfaceCase& L, ShapeKind k, int dim, const std::vector<mpq_class>& c) {
  std::string s;
  query_format::Line w(s);
  w.op("contact").key("x");
  surface_json(w, L);
  w.key("y");
  shape_json(w, k, dim, c);
  w.close();
  return s;
}

std::string sweep_line(const SurfaceCase& L, ShapeKind k, int dim, const std::vector<mpq_class>& c,
                       const std::array<double, 3>& v) {
  std::string s;
  query_format::Line w(s);
  w.op("sweep").key("x");
  shape_json(w, k, dim, c);
  w.key("y");
  surface_json(w, L);
  w.key("v").point(std::span<const double>(v), 0, 3).close();
  return s;
}

std::string vec_str(const std::array<double, 3>& n, int dim) {
  std::string s = "(";
  for (int i = 0; i < dim; ++i) s += (i ? ", " : "") + cases::hex(n[static_cast<std::size_t>(i)]);
  return s + ")";
}

double largest(const SurfaceCase& L, const std::vector<mpq_class>& shape) {
  double m = 0;
  for (const auto& p : L.vertices)
    for (double v : p) m = std::max(m, std::fabs(v));
  for (const auto& v : shape) m = std::max(m, std::fabs(nearest_q(v)));
  return m > 0 ? m : 1;
}

std::vector<SurfaceFamily> families_of(const SurfaceOptions& so, int dim, bool sweeps) {
  std::vector<SurfaceFamily> all;
  if (sweeps) all = {SurfaceFamily::seam_sweeps, SurfaceFamily::terrain_sweeps};
  else if (dim == 3)
    all = {SurfaceFamily::flat_seams, SurfaceFamily::terrain, SurfaceFamily::concave_corners,
           SurfaceFamily::convex_ridges, SurfaceFamily::long_thin, SurfaceFamily::degenerate_triangles};
  else
    all = {SurfaceFamily::chain_floor, SurfaceFamily::chain_steps, SurfaceFamily::chain_corners, SurfaceFamily::chain_ends};
  if (so.families.empty()) return all;
  for (SurfaceFamily f : so.families)
    if (std::find(all.begin(), all.end(), f) == all.end())
      throw invalid_input("surface audit: family " + std::string(to_string(f)) + " is not one of this audit's (" +
                          (sweeps ? "sweeps" : dim == 3 ? "3-D contact" : "2-D chain contact") + ")");
  return so.families;
}

void check_options(const AuditOptions& o, const SurfaceOptions& so) {
  if (o.shard_count == 0 || o.shard_index >= o.shard_count)
    throw invalid_input("surface audit: the shard must be 0 <= shard_index < shard_count");
  if (!(so.contact_distance >= 0) || !std::isfinite(so.contact_distance))
    throw invalid_input("surface audit: contact_distance must be a finite length >= 0");
  if (so.sweep_target && !(std::isfinite(so.sweep_target->separation) && so.sweep_target->separation >= 0 &&
                           std::isfinite(so.sweep_target->tolerance) && so.sweep_target->tolerance >= 0))
    throw invalid_input("surface audit: a sweep target's separation and tolerance must be finite and >= 0");
}

std::array<double, 3> unit(const std::array<double, 3>& n, int dim) {
  double l2 = 0;
  for (int i = 0; i < dim; ++i) l2 += n[static_cast<std::size_t>(i)] * n[static_cast<std::size_t>(i)];
  if (!(l2 > 0) || !std::isfinite(l2)) return {kInf, kInf, kInf};
  const double l = std::sqrt(l2);
  std::array<double, 3> u{};
  for (int i = 0; i < dim; ++i) u[static_cast<std::size_t>(i)] = n[static_cast<std::size_t>(i)] / l;
  return u;
}

bool ghost_site(SurfaceFeature s) {
  return s == SurfaceFeature::flat_edge || s == SurfaceFeature::concave_edge || s == SurfaceFeature::flat_vertex ||
         s == SurfaceFeature::concave_vertex;
}


// --- the reference, with one-sided surfaces -------------------------------------

/// The pieces the reference is about: every piece, or (SurfaceOptions::
/// one_sided) the front faces: for a contact, the pieces whose plane has the
/// shape's centre on or in front of it (Jolt's CollideConvexVsTriangles:
/// a triangle is back-facing when the centre is strictly behind it); for a
/// cast, the pieces the motion does not approach from behind, n . v <= 0
/// (Jolt's CastConvexVsTriangles). A degenerate piece has no back.
struct Sides {
  bool all = true;
  std::vector<std::uint8_t> front;  // by piece index, when !all
  bool has(std::uint32_t k) const { return all || front[k] != 0; }
};

Sides contact_sides(const mesh::Surface& s, bool one_sided, ShapeKind k, int dim, std::span<const mpq_class> q) {
  Sides r;
  if (!one_sided) return r;
  r.all = false;
  const auto c = centre_of(k, dim, q);
  for (std::uint32_t i = 0; i < s.pieces(); ++i) r.front.push_back(!behind_piece(s.piece(i), c));
  return r;
}

Sides sweep_sides(const mesh::Surface& s, bool one_sided, std::span<const mpq_class> v) {
  Sides r;
  if (!one_sided) return r;
  r.all = false;
  for (std::uint32_t i = 0; i < s.pieces(); ++i) {
    const mesh::Piece p = s.piece(i);
    // n . v > 0 is x = p0 - v strictly behind the plane.
    std::array<mpq_class, 3> x{0, 0, 0};
    for (std::size_t k = 0; k < 3 && k < v.size(); ++k) x[k] = p.core.c[k] - v[k];
    r.front.push_back(!behind_piece(p, x));
  }
  return r;
}

/// The union's answer for shape X (the surface first, so normals point from
/// the surface to the shape) over the pieces of `sides`. When no piece
/// meets, dist2 and gap are the least over those pieces (gap +inf for none).
mesh::UnionFacts union_over(const Core& X, const mesh::Surface& s, const Sides& sides, bool features) {
  if (sides.all) return mesh::union_contact(X, s, true, features);
  std::vector<std::uint32_t> near, cand;
  s.candidates(mesh::core_box(X, X.r), near);
  for (std::uint32_t k : near)
    if (sides.has(k)) cand.push_back(k);
  mesh::UnionFacts u = mesh::union_contact(X, s, true, features, &cand);
  if (u.closed) return u;
  u.gap = kInf;
  u.normal.reset();
  bool any = false;
  for (std::uint32_t k = 0; k < s.pieces(); ++k) {
    if (!sides.has(k)) continue;
    const auto f = exactgeom::detail::cvx::core_contact(s.piece(k).core, X);
    if (!any || f.sep.dist2 < u.dist2) u.dist2 = f.sep.dist2, u.gap = f.gap, u.nearest = k, any = true;
  }
  return u;
}

/// The first t at which X moved by t v meets a piece of `sides`.
std::optional<double> toi_over(const Core& X, const mesh::Surface& s, const Sides& sides, const std::vector<mpq_class>& v) {
  if (sides.all) return mesh::union_time_of_impact(X, s, false, v);
  std::vector<std::uint32_t> cand;
  s.candidates(mesh::swept_box(X, v, X.r), cand);
  std::optional<double> best;
  for (std::uint32_t k : cand) {
    if (!sides.has(k)) continue;
    const auto t = exactgeom::detail::cvx::core_time_of_impact(X, s.piece(k).core, v);
    if (t && (!best || *t < *best)) best = t;
  }
  return best;
}

/// A sweep's backward error: how far the region X sweeps over [0, t] is
/// from touching the surface -- its depth when it meets (the answer is
/// late: the shape went that deep), else its gap (early). Also the pieces
/// the region meets (for the local scale).
double swept_margin(const Core& X, const std::vector<mpq_class>& v, const mpq_class& t, const mesh::Surface& s,
                    const Sides& sides, std::vector<std::uint32_t>* met = nullptr) {
  const mesh::UnionFacts u = union_over(swept_core(X, v, t), s, sides, false);
  if (met)
    for (const auto& p : u.pieces) met->push_back(p.piece);
  return u.closed ? u.depth : u.gap;
}

/// The scale a case's severities are measured in (SurfaceOptions::scale):
/// the case's largest magnitude, or the local one: the largest coordinate
/// of the shape and of the pieces near it (those it meets, else the nearest;
/// for a cast, those its whole sweep meets), and of the motion, measured
/// from the shape's centre.
double scale_of(SurfaceScale scale, const SurfaceCase& L, std::span<const mpq_class> q, ShapeKind k, int dim,
                const mesh::Surface& s, const std::vector<std::uint32_t>& near, std::span<const mpq_class> v = {}) {
  if (scale == SurfaceScale::case_largest) return largest(L, std::vector<mpq_class>(q.begin(), q.end()));
  const auto c = centre_of(k, dim, q);
  const auto d = static_cast<std::size_t>(dim);
  double m = 0;
  auto points = [&](const Core& X) {
    for (std::size_t i = 0; i < X.size(); ++i)
      for (std::size_t j = 0; j < d; ++j) m = std::max(m, std::fabs(nearest_q(X.c[i * d + j] - c[j])) + nearest_q(X.r));
  };
  points(flat_core(k, dim, q));
  for (std::uint32_t p : near) points(s.piece(p).core);
  for (const mpq_class& x : v) m = std::max(m, std::fabs(nearest_q(x)));
  return m > 0 ? m : 1;
}

/// The largest distance between the held shape's flat values and the
/// requested ones (FamilyAudit::max_held_offset, before dividing by the
/// scale's ULP).
double held_offset(std::span<const double> asked, std::span<const mpq_class> held) {
  double m = 0;
  for (std::size_t i = 0; i < asked.size() && i < held.size(); ++i)
    m = std::max(m, std::fabs(nearest_q(held[i] - mpq_class(asked[i]))));
  return m;
}

}  // namespace

std::array<AuditReport, 4> surface_contact_audit(ShapeKind kind, int dim, bool float_shape, std::string name,
                                                 const SurfaceApprox& approx, const HeldShape& held,
                                                 const ShapeValid& valid, const AuditOptions& o,
                                                 const SurfaceOptions& so) {
  check_options(o, so);
  const std::vector<SurfaceFamily> fams = families_of(so, dim, false);
  const double band_ulp = float_shape ? 0x1p29 : 1.0;
  const bool closed_q = so.existence == Overlap::closed;
  std::vector<Tally> T[4];
  for (SurfaceFamily f : fams) {
    Tally t;
    t.fa.name = std::string(to_string(f));
    for (auto& v : T) v.push_back(t);
    for (std::size_t i = o.shard_index; i < o.cases; i += o.shard_count) {
      Made m = make_case(f, kind, dim, o.seed, i, so);
      if (float_shape) round_to_float(m.shape);
      if ((so.valid && !so.valid(m.level)) || (valid && !valid(m.shape))) {
        for (auto& v : T) ++v.back().fa.skipped;
        continue;
      }
      const std::vector<mpq_class> q = held ? held(m.shape) : to_q(m.shape);
      const ExactSurface S(m.level);
      const Core X = flat_core(kind, dim, q);
      const Sides sides = contact_sides(S.surface(), so.one_sided, kind, dim, q);
      const mesh::UnionFacts E = union_over(X, S.surface(), sides, true);
      const std::vector<SurfaceContact> got = approx(m.level, m.shape);
      std::vector<std::uint32_t> near;
      for (const auto& p : E.pieces) near.push_back(p.piece);
      if (near.empty() && std::isfinite(E.gap)) near.push_back(E.nearest);
      const double big = scale_of(so.scale, m.level, q, kind, dim, S.surface(), near), u = ulp_of(big) * band_ulp;
      const std::string line = contact_line(m.level, kind, dim, q);
      auto wrong = [&](int which, double margin, std::string expected, std::string answer) {
        count_wrong(T[which].back(), o, band_ulp, big, margin, line, std::move(expected), std::move(answer), i);
      };
      const double offset = held ? held_offset(m.shape, q) / ulp_of(big) : -1;
      for (auto& v : T) {
        ++v.back().fa.cases;
        v.back().fa.max_held_offset = std::max(v.back().fa.max_held_offset, offset);
      }
      // contact?
      const bool exact = closed_q ? E.closed : E.open;
      const bool said = !got.empty();
      const double gap = E.closed ? 0.0 : E.gap;
      const bool excused = said && !E.closed && gap <= so.contact_distance;
      if (said != exact && !excused) {
        Tally& tt = T[0].back();
        (said ? tt.fa.false_positives : tt.fa.false_negatives)++;
        wrong(0, E.closed ? E.depth : gap, exact ? "true" : "false", said ? "true" : "false");
      }
      // depth
      double deepest = -kInf;
      for (const auto& c : got) deepest = std::max(deepest, c.depth);
      if (E.closed && said) {
        const double err = std::fabs(deepest - E.depth);
        Tally& tt = T[1].back();
        const double eu = E.depth != 0 ? err / ulp_of(E.depth) : 0, su = err / ulp_of(big);
        if (E.depth != 0) tt.fa.max_ulp = std::max(tt.fa.max_ulp, eu);
        else tt.fa.max_abs_at_zero = std::max(tt.fa.max_abs_at_zero, std::fabs(deepest));
        tt.fa.max_scale_ulp = std::max(tt.fa.max_scale_ulp, su);
        tt.fa.max_abs = std::max(tt.fa.max_abs, err);
        const double in_unit = o.tolerance.unit == Unit::absolute ? err / o.tolerance.value
                               : o.tolerance.unit == Unit::scale_ulps ? su : (E.depth != 0 ? eu : (err > 0 ? kInf : 0));
        const double limit = o.tolerance.unit == Unit::absolute ? 1 : o.tolerance.value;
        histogram(tt.fa, o.tolerance.unit == Unit::absolute ? in_unit : in_unit / band_ulp);
        if (!(in_unit <= limit)) wrong(1, err, cases::hex(E.depth), cases::hex(deepest));
      } else if (E.closed != said && !excused) {
        Tally& tt = T[1].back();
        (said ? tt.fa.got_value : tt.fa.got_none)++;
        wrong(1, E.closed ? E.depth : gap, E.closed ? cases::hex(E.depth) : "none", said ? cases::hex(deepest) : "none");
      }
      // normal and features: every contact the engine reports with depth > 0
      // is judged by its extra push (extra_of below).
      // To an eighth of the code's own ULP at the case's magnitude: finer than
      // any slack the answers are judged with.
      const double stop = ulp_of(big) * band_ulp / 8;
      std::vector<const mesh::PieceFacts*> open;
      for (const auto& p : E.pieces)
        if (p.f.open) open.push_back(&p);
      std::vector<mesh::Piece> pieces;
      for (const auto* p : open) pieces.push_back(S.surface().piece(p->piece));
      // exit(n, P): how far the shape moves along n to clear the pieces P
      // (each piece's exit found once per case and normal).
      std::map<std::pair<std::size_t, std::array<double, 3>>, double> exits;
      auto exit_of = [&](const std::array<double, 3>& n, const std::vector<std::size_t>& P) {
        const auto un = unit(n, dim);
        if (!std::isfinite(un[0])) return kInf;
        double e = 0;
        for (std::size_t w : P) {
          const auto key = std::make_pair(w, un);
          auto it = exits.find(key);
          if (it == exits.end()) it = exits.emplace(key, exit_along(pieces[w].core, X, X.r, un, stop)).first;
          e = std::max(e, it->second);
        }
        return e;
      };
      // The face normal of overlapping piece w (a triangle's plane, a
      // segment's perpendicular), toward the shape; none for a degenerate one.
      auto face_normal = [&](std::size_t w) -> std::optional<std::array<double, 3>> {
        const mesh::Piece& pc = pieces[w];
        if (pc.degenerate) return std::nullopt;
        const auto d = static_cast<std::size_t>(dim);
        auto at = [&](std::size_t corner, std::size_t k) { return nearest_q(pc.core.c[corner * d + k]); };
        std::array<double, 3> n{};
        if (dim == 3) {
          const double u0 = at(1, 0) - at(0, 0), u1 = at(1, 1) - at(0, 1), u2 = at(1, 2) - at(0, 2);
          const double v0 = at(2, 0) - at(0, 0), v1 = at(2, 1) - at(0, 1), v2 = at(2, 2) - at(0, 2);
          n = {u1 * v2 - u2 * v1, u2 * v0 - u0 * v2, u0 * v1 - u1 * v0};
        } else {
          n = {-(at(1, 1) - at(0, 1)), at(1, 0) - at(0, 0), 0};
        }
        n = unit(n, dim);
        if (!std::isfinite(n[0])) return std::nullopt;
        // Toward the shape: along the piece's own depth normal (the shape's
        // side of the plane).
        double side = 0;
        if (open[w]->f.depth_normal)
          for (std::size_t k = 0; k < d; ++k) side += n[k] * (*open[w]->f.depth_normal)[k];
        if (side < 0)
          for (double& x : n) x = -x;
        for (double& x : n) x += 0.0;  // no -0 in the reports
        return n;
      };
      auto has_feature = [&](std::size_t w, const PieceFeature& feat) {
        const mesh::Piece& pc = pieces[w];
        auto has = [&](std::uint32_t x) {
          for (std::size_t k = 0; k < pc.nv; ++k)
            if (pc.v[k] == x) return true;
          return false;
        };
        return feat.kind == PieceFeature::Kind::vertex ? has(feat.v[0]) : has(feat.v[0]) && has(feat.v[1]);
      };
      // The smooth patch of overlapping piece w: the overlapping pieces
      // joined to it through flat edges and flat vertices (coplanar
      // neighbours; a chain's flat joints); a degenerate piece joins every
      // overlapping piece it shares a vertex with.
      auto shares = [&](std::size_t a, std::size_t b) {
        std::vector<std::uint32_t> common;
        for (std::size_t ia = 0; ia < pieces[a].nv; ++ia)
          for (std::size_t ib = 0; ib < pieces[b].nv; ++ib)
            if (pieces[a].v[ia] == pieces[b].v[ib] &&
                std::find(common.begin(), common.end(), pieces[a].v[ia]) == common.end())
              common.push_back(pieces[a].v[ia]);
        return common;
      };
      auto joined = [&](std::size_t a, std::size_t b) {
        const auto common = shares(a, b);
        if (common.empty()) return false;
        if (pieces[a].degenerate || pieces[b].degenerate) return !(pieces[a].degenerate && pieces[b].degenerate);
        PieceFeature shared;
        if (common.size() >= 2) {
          shared.kind = PieceFeature::Kind::edge;
          shared.v = {std::min(common[0], common[1]), std::max(common[0], common[1])};
          return S.surface().classify(shared) == SurfaceFeature::flat_edge;
        }
        shared.kind = PieceFeature::Kind::vertex;
        shared.v = {common[0], common[0]};
        return S.surface().classify(shared) == SurfaceFeature::flat_vertex;
      };
      auto patch_of = [&](std::size_t w) {
        std::vector<std::size_t> P{w};
        for (std::size_t at = 0; at < P.size(); ++at)
          for (std::size_t k = 0; k < open.size(); ++k)
            if (std::find(P.begin(), P.end(), k) == P.end() && joined(P[at], k)) P.push_back(k);
        return P;
      };
      auto unit_of = [&](const std::vector<double>& v) {
        std::array<double, 3> a{};
        for (std::size_t k = 0; k < v.size() && k < 3; ++k) a[k] = v[k];
        return a;
      };
      // The right normals of a contact from overlapping piece w: the face
      // normals of w's patch; at a concave edge or vertex of w also the faces'
      // holding it (either side's normal is right); for a piece with no
      // smooth neighbour, also its own depth normal (a convex edge's or a
      // boundary's normal is right).
      auto right_normals = [&](std::size_t w) {
        const mesh::PieceFacts& pf = *open[w];
        const std::vector<std::size_t> P = patch_of(w);
        std::vector<std::array<double, 3>> A;
        for (std::size_t k : P)
          if (const auto a = face_normal(k)) A.push_back(*a);
        const bool concave = pf.mesh_feature && pf.feature &&
                             (*pf.mesh_feature == SurfaceFeature::concave_edge ||
                              *pf.mesh_feature == SurfaceFeature::concave_vertex);
        if (concave)
          for (std::size_t k = 0; k < open.size(); ++k)
            if (has_feature(k, *pf.feature))
              if (const auto a = face_normal(k)) A.push_back(*a);
        if (P.size() == 1 && pf.f.depth_normal) A.push_back(unit_of(*pf.f.depth_normal));
        std::sort(A.begin(), A.end());
        A.erase(std::unique(A.begin(), A.end()), A.end());
        return A;
      };
      // extra(n, w): the extra push of a contact of normal n from overlapping
      // piece w: how much further the shape moves along n to clear w's patch
      // than along the worst of its right normals. On a flat floor the
      // plane's normal pushes exactly the depth; a normal from a seam,
      // tilted, further; one along the floor does not clear the floor's patch.
      auto extra_of = [&](const std::array<double, 3>& n, std::size_t w) {
        const mesh::PieceFacts& pf = *open[w];
        const std::vector<std::size_t> P = patch_of(w);
        double worst_admissible = -kInf;
        for (const auto& a : right_normals(w)) worst_admissible = std::max(worst_admissible, exit_of(a, P));
        if (!std::isfinite(worst_admissible)) return std::max(0.0, exit_of(n, {w}) - pf.f.depth);
        return std::max(0.0, exit_of(n, P) - worst_admissible);
      };
      // Whether a contact from w can be a ghost: w's closest feature is a
      // ghost site, w is degenerate, or the shape penetrates w (no closest
      // feature) where w has smooth neighbours.
      auto ghostly = [&](std::size_t w) {
        const mesh::PieceFacts& pf = *open[w];
        if (pieces[w].degenerate) return true;
        if (pf.mesh_feature && ghost_site(*pf.mesh_feature)) return true;
        return !pf.feature && patch_of(w).size() > 1;
      };
      auto open_index = [&](std::size_t piece) -> std::optional<std::size_t> {
        for (std::size_t w = 0; w < open.size(); ++w)
          if (open[w]->piece == piece) return w;
        return std::nullopt;
      };
      // A contact's extra push and the overlapping piece it is judged on:
      // the piece it names (none when that piece does not overlap:
      // `features` judges it), or, without a piece, the overlapping piece it
      // fits best.
      auto contact_extra = [&](const SurfaceContact& c) -> std::optional<std::pair<double, std::size_t>> {
        if (c.piece) {
          const auto w = open_index(*c.piece);
          if (!w) return std::nullopt;
          return std::make_pair(extra_of(c.normal, *w), *w);
        }
        std::optional<std::pair<double, std::size_t>> best;
        for (std::size_t w = 0; w < open.size(); ++w) {
          const double e = extra_of(c.normal, w);
          if (!best || e < best->first) best = std::make_pair(e, w);
        }
        return best;
      };
      auto normals_str = [&](const std::vector<std::array<double, 3>>& A) {
        std::string s;
        for (const auto& a : A) s += (s.empty() ? "" : " or ") + vec_str(a, dim);
        return s.empty() ? std::string("any least direction") : s;
      };
      const double slack = 4 * u;
      if (E.open && said) {
        double worst = 0;
        std::array<double, 3> worst_n{};
        std::optional<std::size_t> worst_w;
        bool any = false;
        for (const auto& c : got) {
          if (!(c.depth > 0)) continue;
          const auto p = contact_extra(c);
          if (!p) continue;
          any = true;
          if (!(p->first <= worst)) worst = p->first, worst_n = c.normal, worst_w = p->second;
          if (!worst_w) worst_w = p->second;
        }
        Tally& tt = T[2].back();
        if (any) {
          const double su = worst / ulp_of(big);
          tt.fa.max_scale_ulp = std::max(tt.fa.max_scale_ulp, su);
          tt.fa.max_abs = std::max(tt.fa.max_abs, worst);
          histogram(tt.fa, su / band_ulp);
          // The exact column: the right normals of the worst contact's patch
          // (the face normals of its smooth patch), not the union's depth
          // normal, which at a ghost is the same wrong normal per piece.
          if (!(worst <= slack)) wrong(2, worst, normals_str(right_normals(*worst_w)), vec_str(worst_n, dim));
        }
      } else if (E.open != said && !excused && E.open) {
        ++T[2].back().fa.got_none;
        wrong(2, E.depth, "a normal", "none");
      }
      // features
      {
        double worst = 0;
        std::string what;
        for (const auto& c : got) {
          if (!c.piece) continue;
          if (*c.piece >= m.level.pieces()) {
            worst = kInf, what = "piece " + std::to_string(*c.piece) + " (no such piece)";
            continue;
          }
          const auto* p = [&]() -> const mesh::PieceFacts* {
            for (const auto& pp : E.pieces)
              if (pp.piece == *c.piece) return &pp;
            return nullptr;
          }();
          if (!p) {  // a piece the shape does not meet, or (one-sided) a back face
            const Core P = S.surface().piece(static_cast<std::uint32_t>(*c.piece)).core;
            const auto sep = exactgeom::detail::cvx::core_contact(P, X);
            const bool back = !sides.has(static_cast<std::uint32_t>(*c.piece));
            if (back && sep.closed && c.depth > 0) {
              if (sep.depth > slack && sep.depth > worst)
                worst = sep.depth, what = "piece " + std::to_string(*c.piece) + " (a back face: the shape's centre is behind it)";
            } else if (sep.gap > so.contact_distance && sep.gap > worst) {
              worst = sep.gap, what = "piece " + std::to_string(*c.piece) + " (apart from the shape)";
            }
            continue;
          }
          const auto w = open_index(p->piece);
          if (!w || !(c.depth > 0) || !ghostly(*w)) continue;
          const double push = extra_of(c.normal, *w);
          if (push > slack && push > worst)
            worst = push, what = "piece " + std::to_string(*c.piece) + " at a " +
                                 (p->mesh_feature ? std::string(exactgeom::to_string(*p->mesh_feature))
                                  : pieces[*open_index(p->piece)].degenerate ? std::string("degenerate piece")
                                                                              : std::string("penetrated piece")) +
                                 ", normal " + vec_str(c.normal, dim);
        }
        if (worst > 0) {
          ++T[3].back().fa.false_positives;
          wrong(3, worst, "real features only", what);
        }
      }
    }
  }
  const Tolerance push_tol{Unit::scale_ulps, 4 * band_ulp};
  const std::string ex = closed_q ? "closed" : "open";
  const std::string how = std::string(so.one_sided ? "; one-sided: the front faces only" : "") +
                          (so.scale == SurfaceScale::local ? "; scale: local (the shape and the pieces near it, from its centre)"
                                                           : "; scale: the case's largest magnitude");
  return {report_of(name + ": contact?", "does the engine report a contact; exact: the union's " + ex +
                                             " test (touching is " + (closed_q ? "contact" : "no contact") + ")" + how,
                    T[0], o, band_ulp, false, {}, 1),
          report_of(name + ": depth",
                    "the deepest reported contact's depth; exact: the union's depth (the largest over the pieces), "
                    "correctly rounded" + how,
                    T[1], o, band_ulp, true, o.tolerance, 1),
          report_of(name + ": normal",
                    "each reported contact's normal (depth > 0), by its extra push: how much further the shape moves "
                    "along it to clear the smooth patch of its piece (the overlapping pieces joined by flat edges and "
                    "vertices) than along the worst right normal there (a face normal of the patch; either face's at "
                    "a concave edge; a lone piece's own depth normal); the case's largest" + how,
                    T[2], o, band_ulp, true, push_tol, 1),
          report_of(name + ": features",
                    "every contact naming its piece comes from a real feature: not a piece apart from the shape, not "
                    "a ghost (at a flat or concave edge, a flat vertex, a degenerate piece or a penetrated piece of a "
                    "smooth patch, a normal that pushes further than the right normals there)" +
                        std::string(so.one_sided ? ", not a back face" : "") + how,
                    T[3], o, band_ulp, false, {}, 1)};
}

AuditReport surface_sweep_audit(ShapeKind kind, int dim, bool float_shape, std::string name,
                                const SurfaceSweepApprox& approx, const HeldShape& held, const ShapeValid& valid,
                                const AuditOptions& o, const SurfaceOptions& so) {
  check_options(o, so);
  if (dim != 3) throw invalid_input("surface sweep audit: 3-D shapes only");
  const std::vector<SurfaceFamily> fams = families_of(so, dim, true);
  const double band_ulp = float_shape ? 0x1p29 : 1.0;
  const std::optional<SweepTarget> target = so.sweep_target;
  std::vector<Tally> T;
  for (SurfaceFamily f : fams) {
    Tally t;
    t.fa.name = std::string(to_string(f));
    T.push_back(t);
    for (std::size_t i = o.shard_index; i < o.cases; i += o.shard_count) {
      Made m = make_case(f, kind, dim, o.seed, i, so);
      if (float_shape) round_to_float(m.shape);
      Tally& tt = T.back();
      if ((so.valid && !so.valid(m.level)) || (valid && !valid(m.shape))) {
        ++tt.fa.skipped;
        continue;
      }
      std::vector<mpq_class> q = held ? held(m.shape) : to_q(m.shape);
      // The reference's shape: the one held, grown by a target separation.
      if (target && target->separation > 0) q[radius_index(kind, dim)] += target->separation;
      const ExactSurface S(m.level);
      const Core X = flat_core(kind, dim, q);
      const std::vector<mpq_class> vq = to_q(m.v);
      const Sides sides = sweep_sides(S.surface(), so.one_sided, vq);
      const auto exact = toi_over(X, S.surface(), sides, vq);
      const auto got = approx(m.level, m.shape, m.v);
      ++tt.fa.cases;
      // The region the whole cast sweeps: the backward error of a none (its
      // depth) or of a time where there is none (its gap).
      std::vector<std::uint32_t> met;
      const double whole = swept_margin(X, vq, 1, S.surface(), sides, &met);
      const double big = scale_of(so.scale, m.level, q, kind, dim, S.surface(), met, vq);
      if (held) tt.fa.max_held_offset = std::max(tt.fa.max_held_offset, held_offset(m.shape, q) / ulp_of(big));
      const double speed = std::sqrt(m.v[0] * m.v[0] + m.v[1] * m.v[1] + m.v[2] * m.v[2]);
      const double slack = 4 * ulp_of(big) * band_ulp;
      const double within = target ? target->tolerance : slack;  // a backward error that is right
      double severity = 0;  // the backward error of a wrong answer (a length)
      bool bad = false;
      if (exact && got) {
        const double travel = std::fabs(*got - *exact) * speed;
        const double su = travel / ulp_of(big);
        tt.fa.max_scale_ulp = std::max(tt.fa.max_scale_ulp, su);
        tt.fa.max_abs = std::max(tt.fa.max_abs, std::fabs(*got - *exact));
        if (*exact != 0) tt.fa.max_ulp = std::max(tt.fa.max_ulp, std::fabs(*got - *exact) / ulp_of(*exact));
        histogram(tt.fa, su / band_ulp);
        if (!(travel <= slack)) {
          // Late: the depth of the region swept by then; early: its gap.
          severity = std::isfinite(*got) ? std::fabs(swept_margin(X, vq, mpq_class(std::clamp(*got, 0.0, 1.0)),
                                                                  S.surface(), sides))
                                         : kInf;
          bad = !target || !(severity <= within);
        }
      } else if (exact && !got) {
        severity = std::fabs(whole);  // how deep the whole cast goes: through the surface
        bad = !target || !(severity <= within);
        if (bad) ++tt.fa.got_none;
      } else if (!exact && got) {
        severity = std::max(0.0, whole);  // how near the whole cast comes
        bad = severity > so.contact_distance && (!target || !(severity <= within));
        if (bad) ++tt.fa.got_value;
      }
      if (bad) {
        ++tt.fa.wrong;
        const double beyond = target ? std::max(0.0, severity - target->tolerance) : severity;
        const double mu = beyond / ulp_of(big);
        const bool gross = !(mu <= o.gross_band * band_ulp);
        tt.fa.gross += gross;
        if (o.keep > 0) {
          WrongCase w;
          w.query = sweep_line(m.level, kind, dim, q, m.v);
          w.expected = exact ? cases::hex(*exact) : "none";
          w.got = got ? cases::hex(*got) : "none";
          w.margin = beyond / big, w.margin_ulps = mu, w.gross = gross, w.index = i;
          w.size = w.unshrunk_size = static_cast<double>(i);
          keep_case(tt, std::move(w), o.keep);
        }
      }
    }
  }
  char band[160] = "";
  if (target)
    std::snprintf(band, sizeof band, " (to a target separation %.9g, right within %.9g of it)", target->separation,
                  target->tolerance);
  return report_of(name + ": time of impact",
                   "the first t in [0, 1] at which the shape moved by t v touches the surface" + std::string(band) +
                       ", none if never; exact: the union's time of impact, correctly rounded; wrong beyond 4 ULPs "
                       "of travel; a wrong answer's severity is its backward error: how far the region the shape "
                       "sweeps by the answered time is from touching the surface (late or none: how deep it goes; "
                       "early, or a time where there is none: how far it stays)" +
                       (so.one_sided ? "; one-sided: the faces the motion does not approach from behind" : "") +
                       (so.scale == SurfaceScale::local ? "; scale: local (the shape, its motion and the pieces its sweep meets, from its centre)"
                                                        : "; scale: the case's largest magnitude"),
                   T, o, band_ulp, true, {Unit::scale_ulps, 4 * band_ulp}, 1);
}

}  // namespace detail
}  // namespace exactgeom::audit

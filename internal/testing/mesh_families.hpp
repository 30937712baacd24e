// internal/testing/mesh_families.hpp: the mesh case families on which the
// float contact loops of exactgeom/reference/mesh_contacts.hpp are measured
// against the exact union contact (exactgeom/mesh.hpp), shared by
// `exactgeom report` ("Meshes") and tests/mesh_reference_test.cpp.
//
// Each case is a small mesh and a ball resting on it (penetrating a little,
// some cases just apart), every coordinate a float (so the float loop sees
// the mesh the exact answer is about). Families:
//   flat_seams       a flat floor of 4 x 4 cells, random diagonals; half the
//                    balls centred exactly over a shared edge or vertex
//   terrain          a 6 x 6 grid of random heights, random diagonals
//   concave_corners  a V valley of two planes, the ball touching both
//   long_thin        a floor of two triangles whose shared diagonal is
//                    1e3 to 1e5 times the penetration
//   far              flat_seams moved 1e3 to 1e6 from the origin
//
// How a float answer is judged (each case):
//   ghost  some reported contact comes from a triangle whose exact closest
//          feature is a ghost site of the surface (a flat or concave edge, a
//          flat vertex) and its normal is more than 1e-3 rad from the face
//          normal of every triangle that has that feature (the plane's at a
//          flat edge or vertex, either side's at a concave edge): a normal
//          that pushes the ball along the seam;
//   wrong  the set of triangles reported differs from the set the exact
//          answer says overlap the ball (open), or the deepest reported depth
//          differs from the union's exact depth by more than 1e-3 r.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "exactgeom/mesh.hpp"
#include "exactgeom/reference/mesh_contacts.hpp"

namespace exactgeom::testing {

enum class MeshFamily { flat_seams, terrain, concave_corners, long_thin, far };
inline constexpr MeshFamily kMeshFamilies[] = {MeshFamily::flat_seams, MeshFamily::terrain,
                                               MeshFamily::concave_corners, MeshFamily::long_thin, MeshFamily::far};
inline const char* to_string(MeshFamily f) {
  switch (f) {
    case MeshFamily::flat_seams: return "flat_seams";
    case MeshFamily::terrain: return "terrain";
    case MeshFamily::concave_corners: return "concave_corners";
    case MeshFamily::long_thin: return "long_thin";
    case MeshFamily::far: return "far";
  }
  return "?";
}

struct MeshCase {
  std::vector<std::array<double, 3>> v;  // every value a float
  std::vector<std::array<std::uint32_t, 3>> f;
  std::array<double, 3> c;
  double r;
};

namespace mesh_family_detail {
inline double fl(double x) { return static_cast<double>(static_cast<float>(x)); }

/// An n x n grid of cells (spacing s) with heights h(i, j), random diagonals.
template <class H>
void grid(MeshCase& m, int n, double s, std::mt19937_64& g, H h) {
  for (int j = 0; j <= n; ++j)
    for (int i = 0; i <= n; ++i) m.v.push_back({fl(i * s), fl(j * s), fl(h(i, j))});
  auto id = [&](int i, int j) { return static_cast<std::uint32_t>(j * (n + 1) + i); };
  std::uniform_int_distribution<int> coin(0, 1);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      if (coin(g)) {
        m.f.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
        m.f.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
      } else {
        m.f.push_back({id(i, j), id(i + 1, j), id(i, j + 1)});
        m.f.push_back({id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)});
      }
    }
}

/// A ball over a flat grid of n cells at z = 0: half the centres exactly
/// over a grid line, a diagonal or a vertex.
inline void ball_on_floor(MeshCase& m, int n, std::mt19937_64& g) {
  std::uniform_real_distribution<double> u(0.5, n - 0.5), rr(0.1, 0.6), pen(-0.02, 0.1);
  std::uniform_int_distribution<int> kind(0, 3), cell(1, n - 1);
  double x = u(g), y = u(g);
  switch (kind(g)) {
    case 0: x = cell(g); break;                    // over a grid line x = i
    case 1: x = cell(g), y = cell(g); break;       // over a vertex
    case 2: y = std::floor(y) + (x - std::floor(x)); break;  // over a main diagonal (when the cell has one)
    default: break;
  }
  m.r = fl(rr(g));
  m.c = {fl(x), fl(y), fl(m.r * (1 - pen(g)))};
}
}  // namespace mesh_family_detail

inline MeshCase make_mesh_case(MeshFamily fam, std::mt19937_64& g) {
  using namespace mesh_family_detail;
  MeshCase m;
  switch (fam) {
    case MeshFamily::flat_seams:
    case MeshFamily::far: {
      grid(m, 4, 1.0, g, [](int, int) { return 0.0; });
      ball_on_floor(m, 4, g);
      if (fam == MeshFamily::far) {
        static const double offsets[] = {1e3, 1e4, 1e5, 1e6};
        const double o = offsets[std::uniform_int_distribution<int>(0, 3)(g)] * 1.2345;
        for (auto& p : m.v) p = {fl(p[0] + o), fl(p[1] + o), fl(p[2] + o)};
        m.c = {fl(m.c[0] + o), fl(m.c[1] + o), fl(m.c[2] + o)};
      }
      break;
    }
    case MeshFamily::terrain: {
      std::uniform_real_distribution<double> hz(-0.3, 0.3);
      std::vector<double> h(49);
      for (double& z : h) z = hz(g);
      grid(m, 6, 1.0, g, [&](int i, int j) { return h[static_cast<std::size_t>(j * 7 + i)]; });
      std::uniform_real_distribution<double> u(1.0, 5.0), rr(0.2, 0.8), pen(-0.05, 0.1);
      const double x = u(g), y = u(g);
      const int i = static_cast<int>(x), j = static_cast<int>(y);
      const double z = std::max({h[static_cast<std::size_t>(j * 7 + i)], h[static_cast<std::size_t>(j * 7 + i + 1)],
                                 h[static_cast<std::size_t>((j + 1) * 7 + i)], h[static_cast<std::size_t>((j + 1) * 7 + i + 1)]});
      m.r = fl(rr(g));
      m.c = {fl(x), fl(y), fl(z + m.r * (1 - pen(g)))};
      break;
    }
    case MeshFamily::concave_corners: {
      // z = s |x| for x in [-2, 2], y in [0, 4]: two planes meeting at x = 0.
      std::uniform_real_distribution<double> slope(0.2, 1.0), rr(0.2, 0.8), pen(-0.02, 0.1), dx(-0.05, 0.05);
      const double s = fl(slope(g));
      for (int j = 0; j <= 2; ++j)
        for (int i = 0; i <= 2; ++i) m.v.push_back({fl((i - 1) * 2.0), fl(j * 2.0), fl(s * std::fabs((i - 1) * 2.0))});
      auto id = [](int i, int j) { return static_cast<std::uint32_t>(j * 3 + i); };
      for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) {
          m.f.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
          m.f.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
        }
      m.r = fl(rr(g));
      // Resting in the valley: the centre's distance to each plane is r / sqrt(1 + s^2) * ... ;
      // height above the crease at which the ball touches both planes: r sqrt(1 + s^2).
      m.c = {fl(dx(g) * m.r), fl(2.0), fl(m.r * std::sqrt(1 + s * s) * (1 - pen(g)))};
      break;
    }
    case MeshFamily::long_thin: {
      std::uniform_real_distribution<double> lg(3.0, 5.0), pen(1e-4, 1e-2), t(0.05, 0.95);
      const double L = fl(std::pow(10.0, lg(g)) * 1e-3), w = fl(0.5);
      m.v = {{0, 0, 0}, {L, 0, 0}, {L, w, 0}, {0, w, 0}};
      m.f = {{0, 1, 2}, {0, 2, 3}};
      m.r = fl(0.25);
      const double a = t(g);
      const double depth = pen(g) * m.r;
      // Near the long shared diagonal, off it by up to a third of r on either
      // side: the other triangle's closest point is on the diagonal.
      std::uniform_real_distribution<double> off(-0.33, 0.33);
      const double len = std::sqrt(L * L + w * w), o = off(g) * m.r;
      m.c = {fl(a * L - o * w / len), fl(a * w + o * L / len), fl(m.r - depth)};
      break;
    }
  }
  return m;
}

/// The exact answer of a case: the union contact of the mesh (x) and the
/// ball (y), or none.
inline std::optional<MeshContact<Point3<double>>> exact_contact(const MeshCase& m) {
  std::vector<Point3<double>> v;
  for (const auto& p : m.v) v.push_back({p[0], p[1], p[2]});
  const TriangleMesh3<double> mesh(v, m.f);
  return contact(mesh, Sphere<double>{Point3<double>{m.c[0], m.c[1], m.c[2]}, m.r});
}

struct MeshJudgement {
  bool ghost = false, wrong = false;
};

/// Judges one float answer (contacts in F) against the exact one.
template <class F>
MeshJudgement judge(const MeshCase& m, const std::optional<MeshContact<Point3<double>>>& exact,
                    const std::vector<reference::TriangleContact<F>>& got) {
  MeshJudgement j;
  std::vector<std::size_t> want_open, have;
  if (exact)
    for (const auto& p : exact->pieces)
      if (p.open) want_open.push_back(p.piece);
  for (const auto& t : got) have.push_back(t.triangle);
  std::sort(have.begin(), have.end());
  if (have != want_open) j.wrong = true;
  double deepest = 0;
  for (const auto& t : got) deepest = std::max(deepest, static_cast<double>(t.depth));
  const double want_depth = exact ? exact->depth : 0.0;
  if (std::fabs(deepest - want_depth) > 1e-3 * m.r) j.wrong = true;
  if (exact) {
    for (const auto& t : got) {
      const PieceContact<Point3<double>>* piece = nullptr;
      for (const auto& p : exact->pieces)
        if (p.piece == t.triangle) piece = &p;
      if (!piece || !piece->feature || !piece->surface_feature) continue;
      const SurfaceFeature cls = *piece->surface_feature;
      if (cls != SurfaceFeature::flat_edge && cls != SurfaceFeature::concave_edge && cls != SurfaceFeature::flat_vertex)
        continue;
      // Admissible at a ghost site: the face normal of a triangle that has the
      // feature (the plane's, at a flat edge or vertex; either side's at a
      // concave edge), oriented toward the ball.
      bool admissible = false;
      for (const auto& face : m.f) {
        auto has = [&](std::uint32_t x) { return face[0] == x || face[1] == x || face[2] == x; };
        if (!has(piece->feature->v[0]) || !has(piece->feature->v[1])) continue;
        const auto &a = m.v[face[0]], &b = m.v[face[1]], &c = m.v[face[2]];
        const std::array<double, 3> u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, w{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        std::array<double, 3> n{u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]};
        const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (!(len > 0)) continue;
        const double side = n[0] * (m.c[0] - a[0]) + n[1] * (m.c[1] - a[1]) + n[2] * (m.c[2] - a[2]);
        const double sg = side < 0 ? -1.0 : 1.0;
        const double cosang = sg * (static_cast<double>(t.normal[0]) * n[0] + static_cast<double>(t.normal[1]) * n[1] +
                                    static_cast<double>(t.normal[2]) * n[2]) / len;
        if (cosang >= std::cos(1e-3)) admissible = true;
      }
      if (!admissible) j.ghost = true;
    }
  }
  return j;
}

/// The float algorithms measured: the per-triangle loop and the loop with
/// internal edges removed, in F.
enum class MeshLoop { per_triangle, internal_edges };

template <class F>
std::vector<reference::TriangleContact<F>> run_loop(MeshLoop loop, const MeshCase& m) {
  std::vector<reference::MeshVec<F>> v;
  for (const auto& p : m.v) v.push_back({static_cast<F>(p[0]), static_cast<F>(p[1]), static_cast<F>(p[2])});
  const reference::MeshVec<F> c{static_cast<F>(m.c[0]), static_cast<F>(m.c[1]), static_cast<F>(m.c[2])};
  if (loop == MeshLoop::per_triangle) return reference::per_triangle_contacts(c, static_cast<F>(m.r), v, m.f);
  return reference::internal_edge_contacts(c, static_cast<F>(m.r), v, m.f, reference::active_edges(v, m.f));
}

struct MeshScore {
  std::size_t cases = 0, ghost = 0, wrong = 0;
};

/// Scores of the four loops (per_triangle, internal_edges) x (double, float)
/// on `cases` cases of a family, one exact answer per case.
inline std::array<MeshScore, 4> score_mesh_family(MeshFamily fam, std::size_t cases, std::uint64_t seed) {
  std::mt19937_64 g(seed * 1000003u + static_cast<std::uint64_t>(fam));
  std::array<MeshScore, 4> s{};
  for (std::size_t i = 0; i < cases; ++i) {
    const MeshCase m = make_mesh_case(fam, g);
    const auto exact = exact_contact(m);
    const MeshJudgement js[4] = {judge(m, exact, run_loop<double>(MeshLoop::per_triangle, m)),
                                 judge(m, exact, run_loop<float>(MeshLoop::per_triangle, m)),
                                 judge(m, exact, run_loop<double>(MeshLoop::internal_edges, m)),
                                 judge(m, exact, run_loop<float>(MeshLoop::internal_edges, m))};
    for (int k = 0; k < 4; ++k) {
      ++s[static_cast<std::size_t>(k)].cases;
      s[static_cast<std::size_t>(k)].ghost += js[k].ghost;
      s[static_cast<std::size_t>(k)].wrong += js[k].wrong;
    }
  }
  return s;
}

inline const char* const kMeshLoopNames[4] = {"mesh_contact/per_triangle_double", "mesh_contact/per_triangle_float",
                                              "mesh_contact/internal_edges_double", "mesh_contact/internal_edges_float"};

}  // namespace exactgeom::testing

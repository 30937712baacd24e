// Benchmarks of exactgeom/mesh.hpp on a generated 1024 x 1024 terrain
// (2,093,058 triangles: smooth hills, one flat quarter, random diagonals).
// Names: <operation>/<implementation>/<set>.
//   mesh_intersects   a capsule against the terrain (closed test)
//     float           the same tree's candidates (TriangleMesh3::candidates),
//                     then GJK in double per candidate (reference/gjk_epa.hpp)
//     exact           exactgeom::intersects(Capsule3, TriangleMesh3)
//   mesh_contact      the contact of a capsule resting on the flat quarter
//     float           the tree's candidates, GJK distance per candidate, the
//                     deepest r - distance
//     exact           exactgeom::contact(Capsule3, TriangleMesh3): the union
//                     and every meeting piece with its feature
//   mesh_build        building a mesh of 999,698 triangles (708 x 708
//                     vertices): the classes and the tree; an item is a
//                     triangle (so 999,698 / rate is the build time)
//   mesh_eval         `exactgeom eval` lines (capsule against the named
//                     terrain, contact) answered by the query engine; an
//                     item is a line
//   mesh_model_intersects  the same on a real model: 2CylinderEngine.glb
//                     (Khronos' glTF sample, in Debian's assimp-testmodels),
//                     read through assimp as eval --mesh reads it; registered
//                     only when the file is there and exactgeom was built
//                     with assimp
// Sets: random (capsules placed uniformly over the terrain, around its
// height: most of them meet it); resting (capsules lying on the flat quarter,
// touching it exactly: dozens of triangles at distance r, many through
// seams and vertices). Counters: bytes_per_triangle (mesh_build),
// meet_share, float_wrong (the float answer differs from the exact one),
// float_depth_wrong (the float depth more than 1 ULP from the exact one),
// pieces_per_contact, exact_wrong (a sample against every triangle tested
// alone; must be 0).
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/exactgeom.hpp"
#include "exactgeom/reference/gjk_epa.hpp"
#include "query/eval.hpp"
#include "query/meshes.hpp"

#include <filesystem>

namespace eg = exactgeom;
namespace bn = exactgeom::bench;

namespace {

using P3 = eg::Point3<double>;
using Mesh = eg::TriangleMesh3<double>;
using Cap = eg::Capsule3<double>;
using V3 = std::array<double, 3>;

constexpr int kTerrain = 1024;

double height(int i, int j) {
  if (i < kTerrain / 2 && j < kTerrain / 2) return 0.0;  // the flat quarter
  return 2.0 * std::sin(i / 37.0) * std::cos(j / 23.0) + 0.25 * std::sin(i / 5.0 + j / 7.0);
}

struct Grid {
  std::vector<P3> v;
  std::vector<Mesh::Face> f;
};

Grid grid(int n) {
  Grid g;
  std::mt19937_64 r(99);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) g.v.push_back({double(i), double(j), height(i, j)});
  auto id = [n](int i, int j) { return static_cast<std::uint32_t>(j * n + i); };
  for (int j = 0; j + 1 < n; ++j)
    for (int i = 0; i + 1 < n; ++i) {
      if (r() & 1) {
        g.f.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
        g.f.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
      } else {
        g.f.push_back({id(i, j), id(i + 1, j), id(i, j + 1)});
        g.f.push_back({id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)});
      }
    }
  return g;
}

const Mesh& terrain() {
  static const Mesh m = [] {
    Grid g = grid(kTerrain);
    return Mesh(std::move(g.v), std::move(g.f));
  }();
  return m;
}

std::vector<Cap> capsules(const std::string& set, std::size_t n) {
  std::mt19937_64 g(set == "random" ? 1 : 2);
  std::vector<Cap> out;
  std::uniform_real_distribution<double> u(8, kTerrain - 9), ang(0, 6.283185307179586), rr(0.25, 1.5), dz(-1.0, 1.5);
  for (std::size_t k = 0; k < n; ++k) {
    if (set == "random") {
      const double x = u(g), y = u(g), a = ang(g), r = rr(g), len = 3.0;
      const double z = height(int(x), int(y)) + r * dz(g);
      out.push_back({{{x, y, z}, {x + len * std::cos(a), y + len * std::sin(a), z + 0.5 * dz(g)}}, r});
    } else {  // lying on the flat quarter, touching: axis at height r, along grid lines and diagonals
      std::uniform_int_distribution<int> c(8, kTerrain / 2 - 24), dir(0, 3);
      const double x = c(g), y = c(g), r = 0.5;
      static const double dx[] = {1, 0, 1, 1}, dy[] = {0, 1, 1, -1};
      const int d = dir(g);
      const double len = 12.0;
      out.push_back({{{x, y, r}, {x + len * dx[d], y + len * dy[d], r}}, r});
    }
  }
  return out;
}

V3 v3(const P3& p) { return {p.x, p.y, p.z}; }

/// The float query over the same tree: candidates, then GJK per triangle.
template <class F>
void float_candidates(const Mesh& m, const Cap& c, std::vector<std::uint32_t>& cand, F f) {
  const double pad = c.r * (1 + 1e-9) + 1e-9;
  const P3 lo{std::min(c.seg.a.x, c.seg.b.x) - pad, std::min(c.seg.a.y, c.seg.b.y) - pad, std::min(c.seg.a.z, c.seg.b.z) - pad};
  const P3 hi{std::max(c.seg.a.x, c.seg.b.x) + pad, std::max(c.seg.a.y, c.seg.b.y) + pad, std::max(c.seg.a.z, c.seg.b.z) + pad};
  cand.clear();
  m.candidates(lo, hi, cand);
  const std::array<V3, 2> seg{v3(c.seg.a), v3(c.seg.b)};
  for (std::uint32_t k : cand) {
    const auto& face = m.faces()[k];
    const std::array<V3, 3> tri{v3(m.vertices()[face[0]]), v3(m.vertices()[face[1]]), v3(m.vertices()[face[2]])};
    if (!f(std::span<const V3>(seg), std::span<const V3>(tri))) return;
  }
}

bool float_intersects_on(const Mesh& m, const Cap& c) {
  static thread_local std::vector<std::uint32_t> cand;
  bool hit = false;
  float_candidates(m, c, cand, [&](auto seg, auto tri) {
    hit = eg::reference::gjk_overlap<double>(seg, tri, c.r, 0.0);
    return !hit;
  });
  return hit;
}
bool float_intersects(const Cap& c) { return float_intersects_on(terrain(), c); }

constexpr const char* kModel = "/usr/share/assimp/models/glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb";

const Mesh& model() {
  static const Mesh m = std::get<Mesh>(eg::query::read_mesh_file(kModel)->s);
  return m;
}

/// Capsules placed uniformly in the model's bounding box, their size a
/// fraction of its diagonal.
std::vector<Cap> model_capsules(std::size_t n) {
  const Mesh& m = model();
  P3 lo = m.vertices()[0], hi = lo;
  for (const P3& p : m.vertices()) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  const double diag = std::sqrt((hi.x - lo.x) * (hi.x - lo.x) + (hi.y - lo.y) * (hi.y - lo.y) + (hi.z - lo.z) * (hi.z - lo.z));
  std::mt19937_64 g(3);
  std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z), rr(0.002, 0.02), d(-0.02, 0.02);
  std::vector<Cap> out;
  for (std::size_t k = 0; k < n; ++k) {
    const P3 a{ux(g), uy(g), uz(g)};
    out.push_back({{a, {a.x + d(g) * diag, a.y + d(g) * diag, a.z + d(g) * diag}}, rr(g) * diag});
  }
  return out;
}

double float_depth(const Cap& c) {
  static thread_local std::vector<std::uint32_t> cand;
  double deepest = -1;
  float_candidates(terrain(), c, cand, [&](auto seg, auto tri) {
    const double d = eg::reference::gjk_distance<double>(seg, tri).distance;
    deepest = std::max(deepest, c.r - d);
    return true;
  });
  return deepest;
}

void register_mesh() {
  for (const std::string set : {"random", "resting"}) {
    const std::size_t n = set == "random" ? 1024 : 64;
    if (set == "random") {
      bn::register_batch<Cap>("mesh_intersects/float/" + set, [set, n] {
        bn::Batch<Cap> b{capsules(set, n), {}};
        std::size_t wrong = 0, meet = 0;
        for (const Cap& c : b.inputs) {
          const bool e = eg::intersects(c, terrain());
          meet += e;
          wrong += float_intersects(c) != e;
        }
        b.counters.push_back({bn::kFloatWrong, double(wrong) / double(n)});
        b.counters.push_back({bn::kMeetShare, double(meet) / double(n)});
        return b;
      }, [](const Cap& c) { return float_intersects(c); });
      bn::register_batch<Cap>("mesh_intersects/exact/" + set, [set, n] {
        bn::Batch<Cap> b{capsules(set, n), {}};
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < 8; ++i) {  // against every triangle under it, tested alone
          const Cap& c = b.inputs[i * 61];
          std::vector<std::uint32_t> cand;
          terrain().candidates({c.seg.a.x - 50, c.seg.a.y - 50, -1e9}, {c.seg.a.x + 50, c.seg.a.y + 50, 1e9}, cand);
          bool any = false;
          for (std::uint32_t k : cand) any = any || eg::intersects(c, terrain().triangle(k));
          wrong += any != eg::intersects(c, terrain());
        }
        b.counters.push_back({bn::kExactWrong, double(wrong) / 8});
        return b;
      }, [](const Cap& c) { return eg::intersects(c, terrain()); });
    } else {
      bn::register_batch<Cap>("mesh_contact/float/" + set, [set, n] {
        bn::Batch<Cap> b{capsules(set, n), {}};
        std::size_t wrong = 0;
        for (const Cap& c : b.inputs) {
          const auto e = eg::contact(c, terrain());
          wrong += !e || bn::beyond_one_ulp(float_depth(c), e->depth);
        }
        b.counters.push_back({bn::kFloatDepthWrong, double(wrong) / double(n)});
        return b;
      }, [](const Cap& c) { return float_depth(c) > 0; });
      bn::register_batch<Cap>("mesh_contact/exact/" + set, [set, n] {
        bn::Batch<Cap> b{capsules(set, n), {}};
        double pieces = 0;
        for (const Cap& c : b.inputs) pieces += double(eg::contact(c, terrain())->pieces.size());
        b.counters.push_back({"pieces_per_contact", pieces / double(n)});
        return b;
      }, [](const Cap& c) { return eg::contact(c, terrain())->pieces.size(); });
    }
  }
  // The real model, when installed and readable.
  if (eg::query::model_files_supported() && std::filesystem::exists(kModel)) {
    bn::register_batch<Cap>("mesh_model_intersects/float/random", [] {
      bn::Batch<Cap> b{model_capsules(1024), {}};
      std::size_t wrong = 0, meet = 0;
      for (const Cap& c : b.inputs) {
        const bool e = eg::intersects(c, model());
        meet += e;
        wrong += float_intersects_on(model(), c) != e;
      }
      b.counters.push_back({bn::kFloatWrong, double(wrong) / double(b.inputs.size())});
      b.counters.push_back({bn::kMeetShare, double(meet) / double(b.inputs.size())});
      b.counters.push_back({"triangles", double(model().size())});
      return b;
    }, [](const Cap& c) { return float_intersects_on(model(), c); });
    bn::register_batch<Cap>("mesh_model_intersects/exact/random", [] {
      return bn::Batch<Cap>{model_capsules(1024), {}};
    }, [](const Cap& c) { return eg::intersects(c, model()); });
  }
  // Building a mesh of about a million triangles; an item is a triangle.
  benchmark::RegisterBenchmark("mesh_build/exact/terrain_1M", [](benchmark::State& state) {
    static const Grid g = grid(708);
    std::size_t bytes = 0;
    for (auto _ : state) {
      const Mesh m(g.v, g.f);
      bytes = m.bytes();
      benchmark::DoNotOptimize(bytes);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(g.f.size()));
    state.counters["bytes_per_triangle"] = double(bytes) / double(g.f.size());
  });
  // eval: contact lines of capsules lying on the named terrain, one item a line.
  bn::register_batch<std::string>("mesh_eval/exact/resting", [] {
    // The terrain is built here, in the set-up: built inside the timed loop
    // on its first line, it made the row's rate depend on whether a mesh row
    // had run before it in the process's random order (256/s and 58/s in two
    // runs of nearly the same code).
    (void)terrain();
    bn::Batch<std::string> b;
    int id = 0;
    for (const Cap& c : capsules("resting", 64)) {
      char buf[256];
      std::snprintf(buf, sizeof buf,
                    "{\"id\":%d,\"op\":\"contact\",\"x\":{\"seg\":[[%.17g,%.17g,%.17g],[%.17g,%.17g,%.17g]],\"r\":%.17g},"
                    "\"y\":{\"mesh\":\"terrain\"}}",
                    id++, c.seg.a.x, c.seg.a.y, c.seg.a.z, c.seg.b.x, c.seg.b.y, c.seg.b.z, c.r);
      b.inputs.push_back(buf);
    }
    return b;
  }, [](const std::string& line) {
    static const auto meshes = [] {
      auto named = std::make_shared<eg::query::NamedMeshes>();
      auto d = std::make_shared<eg::query::SurfaceData>();
      d->dim = 3;
      d->s.emplace<Mesh>(terrain());  // the same built mesh (copies share it)
      named->emplace("terrain", d);
      return std::shared_ptr<const eg::query::NamedMeshes>(named);
    }();
    static thread_local eg::query::Evaluator e = [] {
      eg::query::Evaluator v;
      v.set_meshes(meshes);
      return v;
    }();
    static thread_local std::string out;
    out.clear();
    return e.answer(line, 1, out);
  });
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_mesh);

// Audit of a ball-against-mesh contact function -- contact, depth, normal,
// ghost features -- and of a ball cast against a mesh, in the user's own
// float types (docs/auditing_meshes.md). The functions under test are the
// library's float versions of the two contact loops engines use (Ericson
// 5.1.5 triangle by triangle, and the same with internal edges removed, as
// Jolt's active edges and Bullet's btAdjustInternalEdgeContacts do), standing
// in for yours; a cast that only looks at the end of the frame stands in for
// a discrete engine. Run with --html FILE for the page a person can look at.
#include <exactgeom/audit/driver.hpp>
#include <exactgeom/audit/surface.hpp>
#include <exactgeom/reference/mesh_contacts.hpp>

#include <array>
#include <cmath>
#include <optional>
#include <vector>

struct Ball {  // as an engine stores it
  float c[3], r;
};

using Vec = exactgeom::reference::MeshVec<float>;

std::vector<Vec> float_vertices(const exactgeom::audit::SurfaceCase& level) {
  std::vector<Vec> v;
  for (const auto& p : level.vertices)
    v.push_back({static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2])});
  return v;
}

// --- the audit ---------------------------------------------------------------

template <>
struct exactgeom::audit::shape_adapter<Ball> {
  using exact_type = exactgeom::Sphere<double>;
  using scalar = float;
  static Ball from_exact(const exact_type& s) {
    return {{static_cast<float>(s.center.x), static_cast<float>(s.center.y), static_cast<float>(s.center.z)},
            static_cast<float>(s.r)};
  }
};

namespace ea = exactgeom::audit;

std::vector<ea::SurfaceContact> contacts(bool internal_edges, const ea::SurfaceCase& level, const Ball& b) {
  const auto v = float_vertices(level);
  const Vec c{b.c[0], b.c[1], b.c[2]};
  const auto got = internal_edges ? exactgeom::reference::internal_edge_contacts(
                                        c, b.r, v, level.triangles, exactgeom::reference::active_edges(v, level.triangles))
                                  : exactgeom::reference::per_triangle_contacts(c, b.r, v, level.triangles);
  std::vector<ea::SurfaceContact> out;
  for (const auto& t : got) out.push_back({{t.normal[0], t.normal[1], t.normal[2]}, t.depth, t.triangle});
  return out;
}

/// A discrete cast: contact at the end of the frame, or none.
std::optional<double> end_of_frame(const ea::SurfaceCase& level, const Ball& b, const std::array<double, 3>& v) {
  const Ball moved{{static_cast<float>(b.c[0] + v[0]), static_cast<float>(b.c[1] + v[1]), static_cast<float>(b.c[2] + v[2])},
                   b.r};
  return contacts(false, level, moved).empty() ? std::nullopt : std::optional<double>(1.0);
}

int main(int argc, char** argv) {
  const ea::SurfaceOptions seams{.families = {ea::SurfaceFamily::flat_seams, ea::SurfaceFamily::long_thin,
                                              ea::SurfaceFamily::degenerate_triangles}};
  return ea::audit_main(
      argc, argv,
      {{"per-triangle loop (float)",
        [&](const ea::AuditOptions& o) {
          return ea::audit_surface<Ball>([](const ea::SurfaceCase& l, const Ball& b) { return contacts(false, l, b); },
                                         o, "per-triangle loop (float)", seams);
        }},
       {"internal-edge loop (float)",
        [&](const ea::AuditOptions& o) {
          return ea::audit_surface<Ball>([](const ea::SurfaceCase& l, const Ball& b) { return contacts(true, l, b); },
                                         o, "internal-edge loop (float)", seams);
        }},
       {"end-of-frame cast (float)",
        [](const ea::AuditOptions& o) { return ea::audit_surface_sweep<Ball>(end_of_frame, o, "end-of-frame cast (float)"); }}},
      {.cases = 100, .keep = 2, .tolerance = ea::scale_ulps_of<float>(64)});
}

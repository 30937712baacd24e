// internal/query/meshes.hpp: the meshes and chains of `exactgeom eval`
// (docs/queries.md, "Meshes and chains"): built from a line's exact scalars,
// or read once per run from the files of `--mesh NAME=FILE`.
//
// A surface is built with radius 0: the line's "r" goes to the other side's
// core (every answer depends on the radii only through r_x + r_y, and the
// tree's query box grows with the other side's radius), so one named mesh
// serves lines with any radius.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <type_traits>
#include <variant>
#include <vector>

#include "exactgeom/mesh.hpp"
#include "scalar.hpp"

namespace exactgeom::query {

/// The most vertices and the most faces (chain points) of a mesh written in
/// a line, and of one read with --mesh (documented limits of exactgeom eval).
inline constexpr std::size_t kMaxInlineMeshItems = 65536;
inline constexpr std::size_t kMaxNamedMeshItems = std::size_t(1) << 24;

/// A mesh or chain, in doubles when every value is one (the library's fast
/// paths), else in exact rationals.
struct SurfaceData {
  int dim = 3;
  std::variant<std::monostate, TriangleMesh3<double>, TriangleMesh3<mpq_class>, Chain2<double>, Chain2<mpq_class>> s;
  const detail::mesh::Surface& surface() const {
    return std::visit(
        [](const auto& m) -> const detail::mesh::Surface& {
          if constexpr (std::is_same_v<std::decay_t<decltype(m)>, std::monostate>) throw std::logic_error("empty surface");
          else return m.surface();
        },
        s);
  }
};

/// Vertices (dim scalars each) and faces to a mesh; points to a chain.
/// Throws invalid_input (index out of range and the like).
std::shared_ptr<const SurfaceData> build_mesh(const std::vector<Scalar>& v, std::vector<std::array<std::uint32_t, 3>> f);
std::shared_ptr<const SurfaceData> build_chain(const std::vector<Scalar>& p, bool loop);

/// A face index from a JSON number's raw text: a JSON integer (`2`, not
/// `2.0`; `-0` is 0) that is not negative. False otherwise; out is capped at
/// 2^32 (an index that large is out of range of every mesh).
bool parse_index(std::string_view raw, std::uint64_t& out);

/// The meshes of a run, by name.
using NamedMeshes = std::map<std::string, std::shared_ptr<const SurfaceData>, std::less<>>;

/// A --mesh file that cannot be read or is not a valid mesh; the message
/// names the file.
struct MeshFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Reads one file: a JSON object {"v": [points], "f": [[i, j, k], ...]}
/// under the rules of an inline mesh, at most kMaxNamedMeshItems of each;
/// or, by its extension (.obj, .ply, .stl, .gltf, .glb, .fbx, .dae, .3ds,
/// .off), a model file read through assimp as the float mesh an engine holds
/// (triangulated, identical vertices joined, node transforms applied in
/// float), when exactgeom was built with assimp (model_files_supported()).
std::shared_ptr<const SurfaceData> read_mesh_file(const std::string& path);
/// The same from the file's text; `label` starts every message ("--mesh
/// file 'level.json'").
std::shared_ptr<const SurfaceData> read_mesh_text(std::string_view json, const std::string& label);

bool model_files_supported();

/// Reads every NAME=FILE; a name given twice is an error (MeshFileError).
NamedMeshes load_meshes(const std::vector<std::pair<std::string, std::string>>& specs);

}  // namespace exactgeom::query

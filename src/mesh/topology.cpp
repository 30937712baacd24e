// src/mesh/topology.cpp: the classes of a triangle mesh's edges and vertices
// (detail/mesh_core.hpp: convex, flat, concave, boundary, ...), from the
// exact orientations of the faces that share them, and their names.
#include "exactgeom/detail/mesh_core.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace exactgeom {

const char* to_string(SurfaceFeature f) {
  switch (f) {
    case SurfaceFeature::face: return "face";
    case SurfaceFeature::boundary_edge: return "boundary_edge";
    case SurfaceFeature::degenerate_edge: return "degenerate_edge";
    case SurfaceFeature::convex_edge: return "convex_edge";
    case SurfaceFeature::flat_edge: return "flat_edge";
    case SurfaceFeature::concave_edge: return "concave_edge";
    case SurfaceFeature::unoriented_edge: return "unoriented_edge";
    case SurfaceFeature::nonmanifold_edge: return "nonmanifold_edge";
    case SurfaceFeature::vertex: return "vertex";
    case SurfaceFeature::flat_vertex: return "flat_vertex";
    case SurfaceFeature::convex_vertex: return "convex_vertex";
    case SurfaceFeature::concave_vertex: return "concave_vertex";
    case SurfaceFeature::end_vertex: return "end_vertex";
  }
  return "?";
}

namespace detail::mesh {
// Classes of a triangle mesh's edges and vertices.

SurfaceFeature MeshTopology::edge(std::uint32_t u, std::uint32_t w) const {
  const std::uint64_t key = (std::uint64_t(std::min(u, w)) << 32) | std::max(u, w);
  const auto it = std::lower_bound(edge_keys.begin(), edge_keys.end(), key);
  if (it == edge_keys.end() || *it != key) return SurfaceFeature::degenerate_edge;
  return edge_class[static_cast<std::size_t>(it - edge_keys.begin())];
}

std::size_t MeshTopology::bytes() const {
  return edge_keys.capacity() * sizeof(std::uint64_t) + edge_class.capacity() + vertex_class.capacity();
}

MeshTopology classify_mesh(std::size_t vertices, const std::vector<std::array<std::uint32_t, 3>>& faces,
                           const std::vector<std::uint8_t>& degenerate, OrientFn orient, const void* ctx) {
  struct Entry {
    std::uint64_t key;
    std::uint32_t face;
    std::uint8_t corner;  // the edge runs f[corner] -> f[corner + 1]
    std::uint8_t degenerate;
  };
  std::vector<Entry> e;
  e.reserve(faces.size() * 3);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint8_t c = 0; c < 3; ++c) {
      const std::uint32_t u = faces[k][c], w = faces[k][(c + 1) % 3];
      if (u == w) continue;
      e.push_back({(std::uint64_t(std::min(u, w)) << 32) | std::max(u, w), static_cast<std::uint32_t>(k), c,
                   degenerate[k]});
    }
  std::sort(e.begin(), e.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.face != b.face ? a.face < b.face : a.corner < b.corner;
  });
  MeshTopology t;
  // A vertex is flat only if no incident edge is anything but flat (and no
  // incident triangle is degenerate); the cycle test below settles the rest.
  std::vector<std::uint8_t> maybe_flat(vertices, 1), used(vertices, 0);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint32_t v : faces[k]) {
      used[v] = 1;
      if (degenerate[k]) maybe_flat[v] = 0;
    }
  for (std::size_t i = 0; i < e.size();) {
    std::size_t j = i;
    std::vector<const Entry*> nd;
    while (j < e.size() && e[j].key == e[i].key) {
      if (!e[j].degenerate) nd.push_back(&e[j]);
      ++j;
    }
    SurfaceFeature c;
    if (nd.empty()) c = SurfaceFeature::degenerate_edge;
    else if (nd.size() == 1) c = SurfaceFeature::boundary_edge;
    else if (nd.size() > 2) c = SurfaceFeature::nonmanifold_edge;
    else {
      const auto& f1 = faces[nd[0]->face];
      const auto& f2 = faces[nd[1]->face];
      const std::uint32_t u = f1[nd[0]->corner], w = f1[(nd[0]->corner + 1) % 3], a = f1[(nd[0]->corner + 2) % 3];
      const std::uint32_t u2 = f2[nd[1]->corner], b = f2[(nd[1]->corner + 2) % 3];
      if (u2 == u) c = SurfaceFeature::unoriented_edge;
      else {
        const int s = orient(ctx, u, w, a, b);
        c = s > 0 ? SurfaceFeature::concave_edge : s < 0 ? SurfaceFeature::convex_edge : SurfaceFeature::flat_edge;
      }
    }
    t.edge_keys.push_back(e[i].key);
    t.edge_class.push_back(c);
    if (c != SurfaceFeature::flat_edge) {
      maybe_flat[static_cast<std::size_t>(e[i].key >> 32)] = 0;
      maybe_flat[static_cast<std::size_t>(e[i].key & 0xffffffffu)] = 0;
    }
    i = j;
  }
  std::vector<SurfaceFeature>(vertices, SurfaceFeature::vertex).swap(t.vertex_class);
  // The cycle test: around a vertex whose every edge is flat (so shared by
  // exactly two triangles), the triangles' far edges form cycles; flat when
  // they form one.
  std::vector<std::uint32_t> start(vertices + 1, 0);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint32_t v : faces[k])
      if (maybe_flat[v] && used[v]) ++start[v + 1];
  for (std::size_t v = 0; v < vertices; ++v) start[v + 1] += start[v];
  std::vector<std::uint32_t> inc(start[vertices]), fill(start.begin(), start.end() - 1);
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (std::uint32_t v : faces[k])
      if (maybe_flat[v] && used[v]) inc[fill[v]++] = static_cast<std::uint32_t>(k);
  std::vector<std::uint32_t> ids, parent;
  for (std::size_t v = 0; v < vertices; ++v) {
    if (!maybe_flat[v] || !used[v]) continue;
    ids.clear();
    for (std::uint32_t i = start[v]; i < start[v + 1]; ++i)
      for (std::uint32_t x : faces[inc[i]])
        if (x != v) ids.push_back(x);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    parent.resize(ids.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto find = [&](std::uint32_t a) {
      while (parent[a] != a) a = parent[a] = parent[parent[a]];
      return a;
    };
    auto id = [&](std::uint32_t x) {
      return static_cast<std::uint32_t>(std::lower_bound(ids.begin(), ids.end(), x) - ids.begin());
    };
    std::size_t comps = ids.size();
    for (std::uint32_t i = start[v]; i < start[v + 1]; ++i) {
      std::uint32_t o[2], j = 0;
      for (std::uint32_t x : faces[inc[i]])
        if (x != v) o[j++] = x;
      const std::uint32_t a = find(id(o[0])), b = find(id(o[1]));
      if (a != b) parent[a] = b, --comps;
    }
    if (comps == 1) t.vertex_class[v] = SurfaceFeature::flat_vertex;
  }
  return t;
}

}  // namespace detail::mesh
}  // namespace exactgeom

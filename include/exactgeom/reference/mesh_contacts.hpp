// exactgeom/reference/mesh_contacts.hpp: the float contact loops engines run
// for a ball against a triangle mesh, in F = float or double: every triangle
// on its own (the loop that makes ghost contacts), and the same loop with
// internal edges removed.
//
// Sources, written here from the published algorithms:
//  - per_triangle_contacts: for each triangle, the closest point to the
//    ball's centre (C. Ericson, Real-Time Collision Detection, 2005, 5.1.5,
//    ClosestPtPointTriangle, by Voronoi regions), a contact where it is
//    within the radius, its normal from that point to the centre. Each
//    triangle is alone, so a ball resting on a flat floor next to a seam also
//    gets the other triangle's edge contact, whose normal is tilted: the
//    ghost contact (Bullet, Jolt, Rapier and Box2D each document it). This
//    is the wrong one on purpose: it keeps that bug.
//  - internal_edge_contacts: the same loop, then a contact whose closest
//    feature is an edge (or a vertex) that is not "active" gets the
//    triangle's face normal instead, its depth measured along it. An edge is
//    active when its two triangles meet at a convex angle sharper than a
//    tolerance (a boundary edge is always active); a vertex is active when
//    one of its edges is. This is Jolt's active-edge rule (Jolt Physics,
//    MeshShape and ActiveEdges.h: an edge is inactive when the dihedral is
//    concave or its cosine is above cos_threshold) and the effect of
//    Bullet's btAdjustInternalEdgeContacts (btInternalEdgeUtility.cpp),
//    which clamps a contact normal on an internal edge to the triangle's
//    normal. Rounding remains: the classification and the loop run in F.
//
// The exact union contact (exactgeom/mesh.hpp) is the reference both are
// measured against (`exactgeom report`, "Meshes"; tests/mesh_reference_test.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace exactgeom::reference {

template <class F>
using MeshVec = std::array<F, 3>;

/// One triangle's contact with the ball.
template <class F>
struct TriangleContact {
  std::size_t triangle = 0;  ///< the triangle's index in faces
  MeshVec<F> normal{};  ///< unit, from the triangle toward the ball's centre
  F depth = 0;          ///< r - distance (or, with the face normal, r - height above the plane)
  /// Where the closest point lies: 0 the face, 1..3 edge (corner k-1, corner k), 4..6 corner k-4.
  int region = 0;
};

namespace mesh_contacts_detail {
template <class F>
MeshVec<F> sub(const MeshVec<F>& a, const MeshVec<F>& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
template <class F>
F dot(const MeshVec<F>& a, const MeshVec<F>& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
template <class F>
MeshVec<F> cross(const MeshVec<F>& a, const MeshVec<F>& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
template <class F>
MeshVec<F> axpy(const MeshVec<F>& p, F s, const MeshVec<F>& d) {
  return {p[0] + s * d[0], p[1] + s * d[1], p[2] + s * d[2]};
}

/// RTCD 5.1.5 ClosestPtPointTriangle, with the Voronoi region it ends in
/// (numbered as TriangleContact::region).
template <class F>
MeshVec<F> closest_point(const MeshVec<F>& p, const MeshVec<F>& a, const MeshVec<F>& b, const MeshVec<F>& c,
                         int& region) {
  const MeshVec<F> ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const F d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= F(0) && d2 <= F(0)) return region = 4, a;
  const MeshVec<F> bp = sub(p, b);
  const F d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= F(0) && d4 <= d3) return region = 5, b;
  const F vc = d1 * d4 - d3 * d2;
  if (vc <= F(0) && d1 >= F(0) && d3 <= F(0)) return region = 1, axpy(a, d1 / (d1 - d3), ab);
  const MeshVec<F> cp = sub(p, c);
  const F d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= F(0) && d5 <= d6) return region = 6, c;
  const F vb = d5 * d2 - d1 * d6;
  if (vb <= F(0) && d2 >= F(0) && d6 <= F(0)) return region = 3, axpy(a, d2 / (d2 - d6), ac);
  const F va = d3 * d6 - d5 * d4;
  if (va <= F(0) && (d4 - d3) >= F(0) && (d5 - d6) >= F(0))
    return region = 2, axpy(b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), sub(c, b));
  const F denom = F(1) / (va + vb + vc);
  const F v = vb * denom, w = vc * denom;
  region = 0;
  return axpy(axpy(a, v, ab), w, ac);
}
}  // namespace mesh_contacts_detail

/// Every triangle within r of the centre c, on its own (the ghost-making
/// loop). vertices and faces as the mesh stores them, in F.
template <class F>
std::vector<TriangleContact<F>> per_triangle_contacts(const MeshVec<F>& c, F r,
                                                      const std::vector<MeshVec<F>>& vertices,
                                                      const std::vector<std::array<std::uint32_t, 3>>& faces) {
  using namespace mesh_contacts_detail;
  std::vector<TriangleContact<F>> out;
  for (std::size_t k = 0; k < faces.size(); ++k) {
    const auto& f = faces[k];
    int region = 0;
    const MeshVec<F> q = closest_point(c, vertices[f[0]], vertices[f[1]], vertices[f[2]], region);
    const MeshVec<F> d = sub(c, q);
    const F d2 = dot(d, d);
    if (!(d2 < r * r)) continue;
    const F dist = std::sqrt(d2);
    TriangleContact<F> t;
    t.triangle = k;
    t.region = region;
    t.depth = r - dist;
    if (dist > F(0)) {
      t.normal = {d[0] / dist, d[1] / dist, d[2] / dist};
    } else {  // the centre on the triangle: its face normal
      const MeshVec<F> n = cross(sub(vertices[f[1]], vertices[f[0]]), sub(vertices[f[2]], vertices[f[0]]));
      const F len = std::sqrt(dot(n, n));
      t.normal = len > F(0) ? MeshVec<F>{n[0] / len, n[1] / len, n[2] / len} : MeshVec<F>{F(0), F(0), F(1)};
    }
    out.push_back(t);
  }
  return out;
}

/// Which edges (per triangle: edge k from corner k to corner k+1) and
/// corners are active, decided in F at build time as engines do.
struct ActiveEdges {
  std::vector<std::array<bool, 3>> edge;    ///< edge[k][e]: triangle k's edge e is active
  std::vector<std::array<bool, 3>> corner;  ///< corner[k][c]: triangle k's corner c is active
};

/// Active edges of a mesh: an edge shared by exactly two triangles is active
/// when the dihedral is convex and cos(angle between the normals) <
/// cos_threshold (Jolt's default threshold is cos(5 degrees)); any other edge
/// (boundary, nonmanifold) is active. A corner is active when an active edge
/// ends at it.
template <class F>
ActiveEdges active_edges(const std::vector<MeshVec<F>>& vertices, const std::vector<std::array<std::uint32_t, 3>>& faces,
                         F cos_threshold = F(0.996194698091745532295)) {
  using namespace mesh_contacts_detail;
  ActiveEdges a;
  a.edge.assign(faces.size(), {true, true, true});
  a.corner.assign(faces.size(), {false, false, false});
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::pair<std::size_t, int>>> edges;
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (int e = 0; e < 3; ++e) {
      const std::uint32_t u = faces[k][e], w = faces[k][(e + 1) % 3];
      edges[{std::min(u, w), std::max(u, w)}].push_back({k, e});
    }
  auto normal = [&](std::size_t k) {
    const auto& f = faces[k];
    const MeshVec<F> n = cross(sub(vertices[f[1]], vertices[f[0]]), sub(vertices[f[2]], vertices[f[0]]));
    const F len = std::sqrt(dot(n, n));
    return len > F(0) ? MeshVec<F>{n[0] / len, n[1] / len, n[2] / len} : MeshVec<F>{F(0), F(0), F(0)};
  };
  std::vector<bool> vertex_active(vertices.size(), false);
  for (const auto& [key, list] : edges) {
    bool active = true;
    if (list.size() == 2) {
      const auto [k1, e1] = list[0];
      const auto [k2, e2] = list[1];
      const MeshVec<F> n1 = normal(k1), n2 = normal(k2);
      const std::uint32_t far = faces[k2][(e2 + 2) % 3];  // the second triangle's corner off the edge
      const F side = dot(n1, sub(vertices[far], vertices[faces[k1][e1]]));
      const bool convex = side < F(0);
      active = convex && dot(n1, n2) < cos_threshold;
    }
    for (const auto& [k, e] : list) a.edge[k][static_cast<std::size_t>(e)] = active;
    if (active) vertex_active[key.first] = vertex_active[key.second] = true;
  }
  for (std::size_t k = 0; k < faces.size(); ++k)
    for (int c = 0; c < 3; ++c) a.corner[k][static_cast<std::size_t>(c)] = vertex_active[faces[k][c]];
  return a;
}

/// The per-triangle loop with internal edges removed: a contact on an
/// inactive edge or corner takes the triangle's face normal, its depth r
/// minus the centre's height above the plane (dropped when that is not
/// positive).
template <class F>
std::vector<TriangleContact<F>> internal_edge_contacts(const MeshVec<F>& c, F r, const std::vector<MeshVec<F>>& vertices,
                                                       const std::vector<std::array<std::uint32_t, 3>>& faces,
                                                       const ActiveEdges& active) {
  using namespace mesh_contacts_detail;
  std::vector<TriangleContact<F>> out;
  for (TriangleContact<F> t : per_triangle_contacts(c, r, vertices, faces)) {
    const std::size_t k = t.triangle;
    const bool on_edge = t.region >= 1 && t.region <= 3, on_corner = t.region >= 4;
    const bool inactive = (on_edge && !active.edge[k][static_cast<std::size_t>(t.region - 1)]) ||
                          (on_corner && !active.corner[k][static_cast<std::size_t>(t.region - 4)]);
    if (inactive) {
      const auto& f = faces[k];
      MeshVec<F> n = cross(sub(vertices[f[1]], vertices[f[0]]), sub(vertices[f[2]], vertices[f[0]]));
      const F len = std::sqrt(dot(n, n));
      if (!(len > F(0))) continue;
      n = {n[0] / len, n[1] / len, n[2] / len};
      F h = dot(n, sub(c, vertices[f[0]]));
      if (h < F(0)) n = {-n[0], -n[1], -n[2]}, h = -h;  // the side the centre is on
      if (!(r - h > F(0))) continue;
      t.normal = n;
      t.depth = r - h;
    }
    out.push_back(t);
  }
  return out;
}

}  // namespace exactgeom::reference

// exactgeom/detail/hull.hpp: exact convex hulls of point sets in 2-D and
// 3-D, decided by the exact orientation predicates (predicates.hpp) alone,
// so every answer is exact for any Coordinate type and any input: repeated,
// collinear and coplanar points, a single point.
//
//   hull2(points)  the corners of the 2-D hull, counterclockwise from the
//                  lexicographically smallest (Andrew's monotone chain;
//                  A. M. Andrew, 1979): one point, two (a segment) or at
//                  least three, no three consecutive ones collinear.
//   hull3(points)  the 3-D hull's dimension (0 to 3), its corners, and its
//                  facets as corner cycles, counterclockwise seen from
//                  outside; a flat hull has one facet (the polygon, either
//                  side), lower-dimensional hulls none. Incremental
//                  construction (Clarkson-Shor style, without conflict
//                  lists: each point is tested against every face, O(n^2)),
//                  then coplanar triangles merged into facets and points that
//                  are not corners (inside a facet or on an edge) dropped.
//
// Indices refer to the input span. Points must be finite (the callers check).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "exactgeom/geometry.hpp"
#include "exactgeom/predicates.hpp"

namespace exactgeom::detail::hull {

using Index = std::uint32_t;

template <class T>
bool lex_less(const Point2<T>& a, const Point2<T>& b) {
  return a.x < b.x || (a.x == b.x && a.y < b.y);
}
template <class T>
bool lex_less(const Point3<T>& a, const Point3<T>& b) {
  return a.x < b.x || (a.x == b.x && (a.y < b.y || (a.y == b.y && a.z < b.z)));
}

/// Indices of the distinct points, lexicographically sorted.
template <class P>
std::vector<Index> distinct_sorted(std::span<const P> pts) {
  std::vector<Index> idx(pts.size());
  std::iota(idx.begin(), idx.end(), Index{0});
  std::stable_sort(idx.begin(), idx.end(), [&](Index i, Index j) { return lex_less(pts[i], pts[j]); });
  idx.erase(std::unique(idx.begin(), idx.end(), [&](Index i, Index j) { return pts[i] == pts[j]; }), idx.end());
  return idx;
}

/// Corners of the 2-D hull, counterclockwise, starting at the
/// lexicographically smallest point; collinear points are not corners.
/// `orient` is the exact orientation of three points (by index).
template <class Orient>
std::vector<Index> monotone_chain(const std::vector<Index>& sorted, Orient orient) {
  const std::size_t n = sorted.size();
  if (n <= 2) return sorted;
  std::vector<Index> h(2 * n);
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {  // lower chain
    while (k >= 2 && orient(h[k - 2], h[k - 1], sorted[i]) <= 0) --k;
    h[k++] = sorted[i];
  }
  for (std::size_t i = n - 1, t = k + 1; i-- > 0;) {  // upper chain
    while (k >= t && orient(h[k - 2], h[k - 1], sorted[i]) <= 0) --k;
    h[k++] = sorted[i];
  }
  h.resize(k - 1);  // the last point repeats the first
  if (h.size() == 2 && h[0] == h[1]) h.resize(1);
  return h;
}

template <class T>
std::vector<Index> hull2(std::span<const Point2<T>> pts) {
  const std::vector<Index> sorted = distinct_sorted(pts);
  return monotone_chain(sorted, [&](Index a, Index b, Index c) {
    return static_cast<int>(orient2d(pts[a], pts[b], pts[c]));
  });
}

/// The three coordinate projections of a 3-D point.
template <class T>
Point2<T> project(const Point3<T>& p, int drop) {
  if (drop == 0) return {p.y, p.z};
  if (drop == 1) return {p.z, p.x};
  return {p.x, p.y};
}

template <class T>
bool collinear3(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c) {
  for (int drop = 0; drop < 3; ++drop)
    if (orient2d(project(a, drop), project(b, drop), project(c, drop)) != Sign::zero) return false;
  return true;
}

struct Hull3 {
  int dim = 0;                              // 0 point, 1 segment, 2 flat polygon, 3 solid
  std::vector<Index> corners;               // input indices
  std::vector<std::vector<Index>> facets;   // input indices, ccw from outside (flat: one cycle)
};

template <class T>
Hull3 hull3(std::span<const Point3<T>> pts) {
  Hull3 out;
  const std::vector<Index> sorted = distinct_sorted(pts);
  if (sorted.empty()) return out;
  if (sorted.size() == 1) {
    out.corners = sorted;
    return out;
  }
  const Index p0 = sorted.front(), p1 = sorted.back();
  // Lexicographic extremes are corners; a third point off their line, a
  // fourth off their plane.
  Index p2 = p0, p3 = p0;
  bool have2 = false, have3 = false;
  for (Index i : sorted)
    if (!collinear3(pts[p0], pts[p1], pts[i])) {
      p2 = i;
      have2 = true;
      break;
    }
  if (!have2) {
    out.dim = 1;
    out.corners = {p0, p1};
    return out;
  }
  for (Index i : sorted)
    if (orient3d(pts[p0], pts[p1], pts[p2], pts[i]) != Sign::zero) {
      p3 = i;
      have3 = true;
      break;
    }
  if (!have3) {
    // Flat: the 2-D hull in a coordinate projection that keeps p0, p1, p2
    // apart (one exists since they are not collinear).
    int drop = 0;
    while (orient2d(project(pts[p0], drop), project(pts[p1], drop), project(pts[p2], drop)) == Sign::zero) ++drop;
    out.dim = 2;
    out.corners = monotone_chain(sorted, [&](Index a, Index b, Index c) {
      return static_cast<int>(orient2d(project(pts[a], drop), project(pts[b], drop), project(pts[c], drop)));
    });
    out.facets = {out.corners};
    return out;
  }
  // Solid: triangles, each ccw seen from outside (orient3d of the triangle
  // and an inner point is negative).
  out.dim = 3;
  struct Tri {
    std::array<Index, 3> v;
    bool alive;
  };
  std::vector<Tri> tris;
  auto add = [&](Index a, Index b, Index c, Index inner) {
    if (orient3d(pts[a], pts[b], pts[c], pts[inner]) == Sign::positive) std::swap(b, c);
    tris.push_back({{a, b, c}, true});
  };
  add(p0, p1, p2, p3);
  add(p0, p1, p3, p2);
  add(p0, p2, p3, p1);
  add(p1, p2, p3, p0);
  std::vector<char> visible;
  for (Index q : sorted) {
    if (q == p0 || q == p1 || q == p2 || q == p3) continue;
    visible.assign(tris.size(), 0);
    bool any = false;
    for (std::size_t f = 0; f < tris.size(); ++f) {
      if (!tris[f].alive) continue;
      const auto& v = tris[f].v;
      if (orient3d(pts[v[0]], pts[v[1]], pts[v[2]], pts[q]) == Sign::positive) visible[f] = 1, any = true;
    }
    if (!any) continue;  // inside or on the hull: not a corner
    // The horizon: directed edges of visible faces whose twin belongs to a
    // face that stays. Each new face keeps the visible face's orientation.
    std::map<std::pair<Index, Index>, bool> edge_visible;  // directed edge -> its face is visible
    for (std::size_t f = 0; f < tris.size(); ++f) {
      if (!tris[f].alive) continue;
      const auto& v = tris[f].v;
      for (int k = 0; k < 3; ++k) edge_visible[{v[k], v[(k + 1) % 3]}] = visible[f] != 0;
    }
    const std::size_t count = tris.size();
    for (std::size_t f = 0; f < count; ++f) {
      if (!tris[f].alive || !visible[f]) continue;
      const auto v = tris[f].v;
      for (int k = 0; k < 3; ++k) {
        const Index a = v[k], b = v[(k + 1) % 3];
        const auto twin = edge_visible.find({b, a});
        if (twin != edge_visible.end() && !twin->second) tris.push_back({{a, b, q}, true});
      }
      tris[f].alive = false;
    }
  }
  // Facets: coplanar neighbouring triangles merged (union-find over shared
  // edges whose two triangles are coplanar).
  std::vector<std::size_t> live;
  for (std::size_t f = 0; f < tris.size(); ++f)
    if (tris[f].alive) live.push_back(f);
  std::map<std::pair<Index, Index>, std::size_t> owner;  // directed edge -> position in live
  for (std::size_t i = 0; i < live.size(); ++i) {
    const auto& v = tris[live[i]].v;
    for (int k = 0; k < 3; ++k) owner[{v[k], v[(k + 1) % 3]}] = i;
  }
  std::vector<std::size_t> parent(live.size());
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (std::size_t i = 0; i < live.size(); ++i) {
    const auto& v = tris[live[i]].v;
    for (int k = 0; k < 3; ++k) {
      const std::size_t j = owner.at({v[(k + 1) % 3], v[k]});
      const auto& w = tris[live[j]].v;
      Index opposite = w[0];
      for (Index x : w)
        if (x != v[k] && x != v[(k + 1) % 3]) opposite = x;
      if (orient3d(pts[v[0]], pts[v[1]], pts[v[2]], pts[opposite]) == Sign::zero) parent[find(i)] = find(j);
    }
  }
  // Each facet's boundary: its triangles' directed edges whose twin lies in
  // another facet, chained into a cycle; points collinear with their
  // neighbours on it are not corners.
  std::map<std::size_t, std::map<Index, Index>> next;  // facet root -> edge from -> to
  for (std::size_t i = 0; i < live.size(); ++i) {
    const auto& v = tris[live[i]].v;
    for (int k = 0; k < 3; ++k) {
      const Index a = v[k], b = v[(k + 1) % 3];
      if (find(owner.at({b, a})) != find(i)) next[find(i)][a] = b;
    }
  }
  std::vector<char> is_corner(pts.size(), 0);
  for (auto& [root, edges] : next) {
    (void)root;
    std::vector<Index> cycle;
    const Index start = edges.begin()->first;
    Index at = start;
    do {
      cycle.push_back(at);
      at = edges.at(at);
    } while (at != start && cycle.size() <= edges.size());
    std::vector<Index> facet;
    const std::size_t m = cycle.size();
    for (std::size_t k = 0; k < m; ++k) {
      const Index prev = cycle[(k + m - 1) % m], cur = cycle[k], nxt = cycle[(k + 1) % m];
      if (!collinear3(pts[prev], pts[cur], pts[nxt])) facet.push_back(cur);
    }
    for (Index c : facet) is_corner[c] = 1;
    out.facets.push_back(std::move(facet));
  }
  for (Index i : sorted)
    if (is_corner[i]) out.corners.push_back(i);
  return out;
}

}  // namespace exactgeom::detail::hull

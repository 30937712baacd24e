// internal/testing/mesh_oracle.hpp: the slow, independent oracle of the mesh
// and chain questions (mesh.hpp): every piece, no tree, plain mpq_class
// through polytope_oracle.hpp (which shares no code with the engine), and the
// union rules of docs/queries.md written out the obvious way.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cmath>
#include <optional>
#include <vector>

#include "testing/polytope_oracle.hpp"

namespace exactgeom::testing::mesh_oracle {

using Q = mpq_class;
using QV = std::array<mpq_class, 3>;

/// A surface as pieces: each a list of 2 (segment) or 3 (triangle) points.
struct Pieces {
  int dim = 3;
  std::vector<std::vector<QV>> pieces;
  Q r = 0;
};

struct PieceAnswer {
  std::size_t piece;
  Q dist2;
  bool closed, open;
};

struct Answer {
  Q dist2;                          // least over the pieces
  bool closed = false, open = false;
  std::vector<PieceAnswer> meeting;  // increasing piece index
};

/// The union's answer for a convex core (points, radius r) against the
/// pieces: each piece alone by polytope_oracle, then combined.
inline Answer answer(const std::vector<QV>& core, const Q& r, const Pieces& s) {
  Answer a;
  const Q R = r + s.r;
  for (std::size_t k = 0; k < s.pieces.size(); ++k) {
    const Q d2 = polytope_oracle::distance2(core, s.pieces[k], s.dim);
    if (k == 0 || d2 < a.dist2) a.dist2 = d2;
    const bool closed = d2 <= R * R;
    bool open = d2 < R * R;
    if (!open && d2 == 0) open = R > 0 || polytope_oracle::penetration2(core, s.pieces[k], s.dim) > 0;
    if (closed) a.meeting.push_back({k, d2, closed, open});
    a.closed = a.closed || closed;
    a.open = a.open || open;
  }
  return a;
}

/// The least t in [0, 1] at which the core moved by t v meets a piece
/// (radius 0 on both sides), exactly.
inline std::optional<Q> time_of_impact_r0(const std::vector<QV>& core, const QV& v, const Pieces& s) {
  std::optional<Q> best;
  for (const auto& p : s.pieces) {
    const auto t = polytope_oracle::time_of_impact_r0(core, p, v, s.dim);
    if (t && (!best || *t < *best)) best = t;
  }
  return best;
}

/// The closest point of the filled triangle (a, b, c), non-degenerate, to
/// the point x, and where it lies: 0 inside, 1 on an edge's interior (edge
/// returned as the two corner numbers), 2 at a corner. The obvious way:
/// the projection onto the plane when inside, else the best of the three
/// edge projections.
struct TrianglePoint {
  int where;                 // 0 interior, 1 edge, 2 vertex
  std::array<int, 2> which;  // corners of the edge, or the vertex twice
};
inline TrianglePoint closest_on_triangle(const QV& x, const std::array<QV, 3>& t) {
  using capsule_oracle::qcross;
  using capsule_oracle::qdot;
  using capsule_oracle::qsub;
  const QV n = qcross(qsub(t[1], t[0]), qsub(t[2], t[0]));
  const Q s = qdot(qsub(x, t[0]), n) / qdot(n, n);
  const QV p{x[0] - s * n[0], x[1] - s * n[1], x[2] - s * n[2]};
  int inside = 0, on = -1, zeros = 0;
  for (int e = 0; e < 3; ++e) {
    const Q o = qdot(qcross(qsub(t[(e + 1) % 3], t[e]), qsub(p, t[e])), n);
    if (o > 0) ++inside;
    if (o == 0) ++zeros, on = e;
  }
  if (inside == 3) return {0, {0, 0}};
  if (inside == 2 && zeros == 1) return {1, {on, (on + 1) % 3}};
  // Outside (or at a corner): the nearest point of the three edges.
  Q best = -1;
  TrianglePoint out{2, {0, 0}};
  for (int e = 0; e < 3; ++e) {
    const QV a = t[e], b = t[(e + 1) % 3], d = qsub(b, a);
    Q u = qdot(qsub(x, a), d) / qdot(d, d);
    if (u < 0) u = 0;
    if (u > 1) u = 1;
    const QV q{a[0] + u * d[0], a[1] + u * d[1], a[2] + u * d[2]};
    const QV w = qsub(x, q);
    const Q d2 = qdot(w, w);
    TrianglePoint here = u == 0 ? TrianglePoint{2, {e, e}}
                         : u == 1 ? TrianglePoint{2, {(e + 1) % 3, (e + 1) % 3}}
                                  : TrianglePoint{1, {e, (e + 1) % 3}};
    if (best < 0 || d2 < best) best = d2, out = here;
  }
  return out;
}

}  // namespace exactgeom::testing::mesh_oracle

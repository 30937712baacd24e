// src/mesh/closest_feature.cpp: which feature of a piece (vertex, edge or
// face of a mesh triangle, vertex or edge of a chain segment) holds every
// closest point of a shape apart from it (detail/mesh_core.hpp), exactly.
#include "exactgeom/detail/mesh_core.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>

#include "exactgeom/detail/int128.hpp"
#include "exactgeom/detail/kernel.hpp"
#include "exactgeom/detail/vec.hpp"

namespace exactgeom {
namespace detail::mesh {

// Features: which feature of a piece holds every closest point.
//
// With the cores apart, q - p = n is the same for every closest pair (p on
// the piece, q on the shape), so the closest points of the piece are S =
// piece ∩ (shape's core - n). Both lie in the plane (line, in 2-D) H through
// p orthogonal to n: S = F_piece ∩ (F_shape - n), where F_piece is the
// piece's face farthest along n (a vertex, an edge, or the whole triangle)
// and F_shape the core's face nearest along n (the hull of the core points
// with least n·x). A vertex face answers at once; an edge face needs the
// interval that conv(F_shape - n) cuts from the edge's line; the whole
// triangle needs the edge lines holding T ∩ conv(F_shape - n) (face_mask
// below; in the plane projected along n's largest coordinate, which keeps
// orientations up to one sign). S is convex, so it lies in one edge exactly
// when every vertex of it does, and otherwise meets the triangle's interior.
namespace {

using Q = mpq_class;
using V3 = std::array<Q, 3>;

/// The interval of t with A + t D in conv(F), for F in a plane (normal n)
/// that holds the line (in 2-D every point of F lies on the line). False
/// when the hull misses the line.
bool line_interval(const V3& A, const V3& D, const std::vector<V3>& F, const V3& n, Q& lo, Q& hi) {
  const Q dd = dot(D, D);
  std::vector<Q> side, t;
  for (const V3& x : F) {
    const V3 w = sub(x, A);
    side.push_back(dot(cross(D, w), n));
    t.push_back(dot(w, D) / dd);
  }
  bool any = false;
  auto take = [&](const Q& v) {
    if (!any || v < lo) lo = v;
    if (!any || v > hi) hi = v;
    any = true;
  };
  for (std::size_t i = 0; i < F.size(); ++i) {
    if (sgn(side[i]) == 0) take(t[i]);
    if (sgn(side[i]) <= 0) continue;
    for (std::size_t j = 0; j < F.size(); ++j)
      if (sgn(side[j]) < 0) take(t[i] + (t[j] - t[i]) * (side[i] / (side[i] - side[j])));
  }
  return any;
}

// The face case: S = T ∩ conv(K) in the plane, T a triangle (counter- or
// clockwise, never flat), K the shape's face moved onto it. The smallest
// feature of T holding S is read from the lines of T's edges that hold every
// point of S (a mask: bit e for the edge T[e] T[e+1]). S is the hull of
// these of its points: the points of K in T, the corners of T in conv(K),
// and the crossings of an edge of conv(K) with an open edge of T at an
// inner point of both (every corner of the polygon T ∩ conv(K) is one of
// the three; a crossing at an end of either edge is a point of the first
// two kinds, and so are the ends of a collinear overlap). So no point of S
// is computed: each needs only orientation signs, and a crossing of an
// open edge e lies on line e alone.
//
// The signs are taken in an integer frame: every coordinate times the
// least common multiple of their denominators (orientations are unchanged
// by a positive scale), by the kernel's orient2d (detail/kernel.hpp).
// Bit bound of the __int128 path: |X| < 2^61, so a difference is below
// 2^62, a product below 2^124 and an orientation or dot product (two
// products) below 2^125 < 2^127; wider frames take mpz.
template <class I>
using Pt = std::array<I, 2>;

template <class I>
int orient(const Pt<I>& a, const Pt<I>& b, const Pt<I>& c) {
  return orient2d_k(a[0], a[1], b[0], b[1], c[0], c[1]);
}
// The __int128 path's inputs have |X| < 2^61 <= 2^(62-1): b = 62.
static_assert(fits(orient2d_bits(62), 128));

template <class I>
bool between(const Pt<I>& a, const Pt<I>& b, const Pt<I>& x) {  // x on the line of a != b: in [a, b]?
  const I ta = (x[0] - a[0]) * (b[0] - a[0]) + (x[1] - a[1]) * (b[1] - a[1]);
  const I tb = (x[0] - b[0]) * (a[0] - b[0]) + (x[1] - b[1]) * (a[1] - b[1]);
  return ta >= 0 && tb >= 0;
}

/// The convex hull of points, counterclockwise (Andrew's monotone chain,
/// exactly); collinear points give the two ends, one point itself.
template <class I>
std::vector<Pt<I>> hull2(std::vector<Pt<I>> p) {
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  std::vector<Pt<I>> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && orient(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && orient(h[k - 2], h[k - 1], p[i - 1]) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

constexpr unsigned kNone = 8;  // S is empty

/// The mask of edge lines holding all of S (0: S meets T's interior), or
/// kNone.
template <class I>
unsigned face_mask(const std::array<Pt<I>, 3>& T, const std::vector<Pt<I>>& K) {
  const int o = orient(T[0], T[1], T[2]);
  auto side = [&](unsigned e, const Pt<I>& x) { return orient(T[e], T[(e + 1) % 3], x) * o; };
  // Most shapes' faces lie inside the triangle or reach into it: a point of
  // K strictly inside answers at once, and a K inside T is S's hull itself.
  bool all_in = true;
  unsigned common = 7;
  for (const Pt<I>& x : K) {
    unsigned on = 0;
    int inside = 0;
    for (unsigned e = 0; e < 3; ++e) {
      const int sg = side(e, x);
      if (sg > 0) ++inside;
      else if (sg == 0) on |= 1u << e;
      else all_in = false;
    }
    if (inside == 3) return 0;
    common &= on;
  }
  if (all_in) return common;

  const std::vector<Pt<I>> H = hull2(K);
  const std::size_t h = H.size();
  common = 7;
  bool found = false;
  std::vector<std::array<int, 3>> s(h);  // s[j][e]: side of H[j] against edge e
  for (std::size_t j = 0; j < h; ++j) {
    unsigned on = 0;
    bool in = true;
    for (unsigned e = 0; e < 3; ++e) {
      s[j][e] = side(e, H[j]);
      if (s[j][e] < 0) in = false;
      else if (s[j][e] == 0) on |= 1u << e;
    }
    if (in) common &= on, found = true;
  }
  if (found && common == 0) return 0;
  // The edges of conv(K): one for a segment, h for a polygon (counterclockwise).
  const std::size_t edges = h < 2 ? 0 : (h == 2 ? 1 : h);
  std::vector<std::array<int, 3>> c(edges);  // c[j][i]: T[i] against the edge H[j] H[j+1]
  for (std::size_t j = 0; j < edges; ++j)
    for (unsigned i = 0; i < 3; ++i) c[j][i] = orient(H[j], H[(j + 1) % h], T[i]);
  static constexpr unsigned kCorner[3] = {5, 3, 6};  // the two edge lines through T[i]
  for (unsigned i = 0; i < 3; ++i) {
    bool in;
    if (h == 1) in = H[0] == T[i];
    else if (h == 2) in = c[0][i] == 0 && between(H[0], H[1], T[i]);
    else in = std::all_of(c.begin(), c.end(), [&](const std::array<int, 3>& cj) { return cj[i] >= 0; });
    if (in) common &= kCorner[i], found = true;
  }
  for (std::size_t j = 0; j < edges; ++j) {
    const std::size_t k = (j + 1) % h;
    for (unsigned e = 0; e < 3; ++e)
      if (s[j][e] * s[k][e] < 0 && c[j][e] * c[j][(e + 1) % 3] < 0) {
        common &= 1u << e, found = true;
        if (common == 0) return 0;
      }
  }
  return found ? common : kNone;
}

/// face_mask on integer coordinates: in __int128 when every |X| < 2^61
/// (the bound above), else in mpz.
unsigned face_mask(const std::array<Pt<mpz_class>, 3>& TZ, const std::vector<Pt<mpz_class>>& KZ) {
  std::size_t bits = 0;
  auto widest = [&](const Pt<mpz_class>& x) { bits = std::max({bits, mpz_sizeinbase(x[0].get_mpz_t(), 2), mpz_sizeinbase(x[1].get_mpz_t(), 2)}); };
  for (const auto& x : TZ) widest(x);
  for (const auto& x : KZ) widest(x);
  if (bits > 61) return face_mask<mpz_class>(TZ, KZ);  // |X| >= 2^61 somewhere: mpz
  auto narrow = [](const mpz_class& v) {  // |v| < 2^61: its low limb and sign
    const int128 m = static_cast<int128>(mpz_getlimbn(v.get_mpz_t(), 0));
    return sgn(v) < 0 ? -m : m;
  };
  std::array<Pt<int128>, 3> T1;
  std::vector<Pt<int128>> K1(KZ.size());
  for (std::size_t i = 0; i < 3; ++i) T1[i] = {narrow(TZ[i][0]), narrow(TZ[i][1])};
  for (std::size_t i = 0; i < KZ.size(); ++i) K1[i] = {narrow(KZ[i][0]), narrow(KZ[i][1])};
  return face_mask<int128>(T1, K1);
}

template <class I>
using VI = std::array<I, 3>;

template <class I>
I dot_i(const VI<I>& a, const VI<I>& b) {
  if constexpr (std::is_same_v<I, mpz_class>) {
    mpz_class r;
    mpz_mul(r.get_mpz_t(), a[0].get_mpz_t(), b[0].get_mpz_t());
    mpz_addmul(r.get_mpz_t(), a[1].get_mpz_t(), b[1].get_mpz_t());
    mpz_addmul(r.get_mpz_t(), a[2].get_mpz_t(), b[2].get_mpz_t());
    return r;
  } else {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  }
}

Q q_of(const mpz_class& v) { return Q(v); }
Q q_of(int128 v) { return Q(static_cast<long>(v)); }  // |v| < 2^62 on the __int128 path
template <class I>
V3 to_q(const VI<I>& a) { return {q_of(a[0]), q_of(a[1]), q_of(a[2])}; }

int cmp_abs(const mpz_class& a, const mpz_class& b) { return mpz_cmpabs(a.get_mpz_t(), b.get_mpz_t()); }
int cmp_abs(int128 a, int128 b) {
  const int128 x = a < 0 ? -a : a, y = b < 0 ? -b : b;
  return (x > y) - (x < y);
}

/// What a piece's vertex, edge and face tests need, in one integer frame:
/// the piece's corners P, n, and the shape's core points X (see
/// closest_feature). I is __int128 when every value is below 2^59 in
/// magnitude: then x - n is below 2^60 < 2^61 (face_mask's __int128 bound),
/// a dot product of three products below 3 * 2^118 < 2^127, and every value
/// fits a long for the edge cases' rationals; else mpz.
template <class I>
struct Frame {
  std::array<VI<I>, 3> P;
  VI<I> n;
  std::vector<VI<I>> X;
};

template <class I>
std::optional<PieceFeature> feature_in(const Piece& p, bool seg, std::size_t seg_a, std::size_t seg_b,
                                       const Frame<I>& fr) {
  const std::size_t m = p.nv;
  const auto& PZ = fr.P;
  const auto& nz = fr.n;
  auto vertex = [&](std::size_t i) { return PieceFeature{PieceFeature::Kind::vertex, {p.v[i], p.v[i]}}; };
  auto edge = [&](std::size_t i, std::size_t j) {
    return PieceFeature{PieceFeature::Kind::edge, {std::min(p.v[i], p.v[j]), std::max(p.v[i], p.v[j])}};
  };
  const PieceFeature face{PieceFeature::Kind::face, {0, 0}};

  // The piece's face farthest along n (of the segment's two corners, for a
  // repeated index).
  std::size_t top[3], ntop = 0;
  I best{};
  for (std::size_t i = 0; i < m; ++i) {
    if (seg && i != seg_a && i != seg_b) continue;
    I s = dot_i<I>(nz, PZ[i]);
    if (ntop == 0 || s > best) best = std::move(s), top[0] = i, ntop = 1;
    else if (s == best) top[ntop++] = i;
  }
  if (ntop == 1) return vertex(top[0]);

  // The shape's face nearest along n, moved onto the piece's plane.
  std::vector<VI<I>> FZ;
  I least{};
  for (const VI<I>& x : fr.X) {
    I s = dot_i<I>(nz, x);
    if (FZ.empty() || s < least) least = std::move(s), FZ.assign(1, x);
    else if (s == least) FZ.push_back(x);
  }
  for (VI<I>& x : FZ)
    for (std::size_t k = 0; k < 3; ++k) x[k] -= nz[k];

  if (!seg && m == 3 && p.degenerate != 1 && ntop == 3) {
    // n is normal to the triangle: the face case (face_mask), in the plane
    // that drops n's largest coordinate (orientations kept up to one sign).
    std::size_t drop = 0;
    for (std::size_t k = 1; k < 3; ++k)
      if (cmp_abs(nz[k], nz[drop]) > 0) drop = k;
    auto proj = [&](const VI<I>& x) {
      Pt<I> r;
      std::size_t j = 0;
      for (std::size_t k = 0; k < 3; ++k)
        if (k != drop) r[j++] = x[k];
      return r;
    };
    const std::array<Pt<I>, 3> T{proj(PZ[0]), proj(PZ[1]), proj(PZ[2])};
    std::vector<Pt<I>> K;
    K.reserve(FZ.size());
    for (const VI<I>& x : FZ) K.push_back(proj(x));
    unsigned common;
    if constexpr (std::is_same_v<I, mpz_class>) common = face_mask(T, K);  // narrows when it can
    else common = face_mask<int128>(T, K);
    if (common == kNone) return std::nullopt;
    if (common == 0) return face;
    if (common == 1) return edge(0, 1);
    if (common == 2) return edge(1, 2);
    if (common == 4) return edge(2, 0);
    if (common == 3) return vertex(1);  // edges 0 and 1 meet at vertex 1
    if (common == 6) return vertex(2);
    return vertex(0);  // edges 2 and 0
  }

  // The edge cases, in rationals (their intervals divide) of the same frame.
  const V3 n = to_q<I>(nz);
  std::array<V3, 3> P;
  for (std::size_t i = 0; i < m; ++i) P[i] = to_q<I>(PZ[i]);
  std::vector<V3> F;
  for (const VI<I>& x : FZ) F.push_back(to_q<I>(x));

  Q lo, hi;
  auto clamp01 = [&](const Q& top_t) {
    if (lo < 0) lo = 0;
    if (hi > top_t) hi = top_t;
  };
  if (seg) {  // a repeated index: the segment (seg_a, seg_b), n orthogonal to it
    if (!line_interval(P[seg_a], sub(P[seg_b], P[seg_a]), F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (sgn(hi) == 0) return vertex(seg_a);
    if (lo == 1) return vertex(seg_b);
    return edge(seg_a, seg_b);
  }
  if (m == 2) {  // a chain segment of positive length, n orthogonal to it
    if (!line_interval(P[0], sub(P[1], P[0]), F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (sgn(hi) == 0) return vertex(0);
    if (lo == 1) return vertex(1);
    return face;
  }
  if (p.degenerate == 1) {  // three distinct collinear positions, n orthogonal to their line
    const V3 D0 = sub(P[1], P[0]);  // nonzero: the three positions are distinct
    std::array<std::size_t, 3> ord{0, 1, 2};
    std::sort(ord.begin(), ord.end(), [&](std::size_t a, std::size_t b) { return dot(P[a], D0) < dot(P[b], D0); });
    const std::size_t a = ord[0], b = ord[1], c = ord[2];
    const V3 D = sub(P[c], P[a]);
    const Q tb = dot(sub(P[b], P[a]), D) / dot(D, D);
    if (!line_interval(P[a], D, F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (hi <= tb) {
      if (sgn(hi) == 0) return vertex(a);
      if (lo == tb) return vertex(b);
      return edge(a, b);
    }
    if (lo >= tb) {
      if (hi == tb) return vertex(b);
      if (lo == 1) return vertex(c);
      return edge(b, c);
    }
    return std::nullopt;  // the closest points span the middle vertex
  }
  if (ntop == 2) {
    const std::size_t i = top[0], j = top[1];
    if (!line_interval(P[i], sub(P[j], P[i]), F, n, lo, hi)) return std::nullopt;
    clamp01(Q(1));
    if (sgn(hi) == 0) return vertex(i);
    if (lo == 1) return vertex(j);
    return edge(i, j);
  }
  return std::nullopt;  // not reached: a triangle's top face of three corners is the face case above
}

}  // namespace

std::optional<PieceFeature> closest_feature(const Piece& p, const Core& shape, const std::vector<Q>& n) {
  // Two positions of the piece are equal. A face with a repeated index,
  // (i, i, j) in any order, is the segment v[i] v[j] (the point v[i] when
  // every index is i) and its features are named by those indices
  // (docs/queries.md "pieces"); where two different indices share a
  // position there is no feature.
  std::size_t seg_a = 0, seg_b = 0;  // the segment's two corners, when seg
  bool seg = false;
  if (p.degenerate == 2) {
    if (p.nv != 3) return std::nullopt;  // a chain segment of two indices at one position
    const bool e01 = p.v[0] == p.v[1], e12 = p.v[1] == p.v[2], e02 = p.v[0] == p.v[2];
    if (!e01 && !e12 && !e02) return std::nullopt;
    if (e01 && e12) return PieceFeature{PieceFeature::Kind::vertex, {p.v[0], p.v[0]}};
    seg_a = e12 ? 0 : 1;  // the lone corner and one of the repeated pair
    seg_b = e12 ? 1 : (e01 ? 2 : 0);
    if (p.core.dim == 3) {
      for (int k = 0; k < 3; ++k)  // different positions, or the two indices share one
        if (p.core.c[seg_a * 3 + static_cast<std::size_t>(k)] != p.core.c[seg_b * 3 + static_cast<std::size_t>(k)]) seg = true;
    }
    if (!seg) return std::nullopt;
  }
  const int dim = p.core.dim;
  const std::size_t d = static_cast<std::size_t>(dim);
  // One integer frame for the whole question: every coordinate (the piece's,
  // the shape's, n's) times the least common multiple L of their
  // denominators. Every sign and tie read below (n.x orders, orientations,
  // the edge intervals' parameters) is unchanged by the positive scale, and
  // x - n scales with it; in mpz the dot products take no gcd.
  const std::vector<Q>& nq = n;
  mpz_class L = 1;
  auto lcm_of = [&](const std::vector<Q>& v) {  // most denominators are 1 or L already (powers of two)
    for (const Q& x : v)
      if (mpz_cmp_ui(x.get_den_mpz_t(), 1) != 0 && mpz_cmp(x.get_den_mpz_t(), L.get_mpz_t()) != 0)
        mpz_lcm(L.get_mpz_t(), L.get_mpz_t(), x.get_den_mpz_t());
  };
  lcm_of(p.core.c);
  lcm_of(shape.c);
  lcm_of(nq);
  // The scaled values: __int128 when every one is below 2^59 (Frame).
  mpz_class t;
  bool narrow = true;
  auto scaled = [&](const Q& v) -> const mpz_class& {
    if (mpz_cmp_ui(v.get_den_mpz_t(), 1) == 0) {
      mpz_mul(t.get_mpz_t(), L.get_mpz_t(), v.get_num_mpz_t());
    } else {
      mpz_divexact(t.get_mpz_t(), L.get_mpz_t(), v.get_den_mpz_t());
      mpz_mul(t.get_mpz_t(), t.get_mpz_t(), v.get_num_mpz_t());
    }
    return t;
  };
  Frame<int128> f1;
  auto put1 = [&](const Q& v, int128& out) {
    const mpz_class& z = scaled(v);
    if (mpz_sizeinbase(z.get_mpz_t(), 2) > 59) narrow = false;  // else |z| < 2^59
    if (!narrow) return;
    const int128 mag = static_cast<int128>(mpz_getlimbn(z.get_mpz_t(), 0));
    out = sgn(z) < 0 ? -mag : mag;
  };
  const std::size_t m = p.nv;
  f1.n = {0, 0, 0};
  for (std::size_t k = 0; k < d && narrow; ++k) put1(nq[k], f1.n[k]);
  for (std::size_t i = 0; i < m && narrow; ++i) {
    f1.P[i] = {0, 0, 0};
    for (std::size_t k = 0; k < d && narrow; ++k) put1(p.core.c[i * d + k], f1.P[i][k]);
  }
  f1.X.assign(shape.size(), VI<int128>{0, 0, 0});
  for (std::size_t i = 0; i < shape.size() && narrow; ++i)
    for (std::size_t k = 0; k < d && narrow; ++k) put1(shape.c[i * d + k], f1.X[i][k]);
  if (narrow) return feature_in<int128>(p, seg, seg_a, seg_b, f1);
  Frame<mpz_class> fz;
  fz.n = {0, 0, 0};
  for (std::size_t k = 0; k < d; ++k) fz.n[k] = scaled(nq[k]);
  for (std::size_t i = 0; i < m; ++i) {
    fz.P[i] = {0, 0, 0};
    for (std::size_t k = 0; k < d; ++k) fz.P[i][k] = scaled(p.core.c[i * d + k]);
  }
  fz.X.assign(shape.size(), VI<mpz_class>{0, 0, 0});
  for (std::size_t i = 0; i < shape.size(); ++i)
    for (std::size_t k = 0; k < d; ++k) fz.X[i][k] = scaled(shape.c[i * d + k]);
  return feature_in<mpz_class>(p, seg, seg_a, seg_b, fz);
}

}  // namespace detail::mesh
}  // namespace exactgeom

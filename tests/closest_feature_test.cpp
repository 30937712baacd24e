// The feature of a triangle holding every closest point of a shape whose
// nearest face is parallel to it (the face case of src/mesh/closest_feature.cpp,
// the one resting contact takes): against the obvious way, the closest
// points S = T ∩ conv(K) clipped out exactly in rationals (Sutherland-Hodgman)
// and the edge lines holding all of S read off its corners. Small integer
// coordinates make K's points lie on T's edges, corners and lines often;
// the same cases scaled by 2^64 and shifted by halves take the frame past
// the __int128 bound (the mpz path), which must answer the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <vector>

#include "exactgeom/exactgeom.hpp"

namespace {

using namespace exactgeom;
using detail::mesh::Piece;
using Q = mpq_class;
using P2 = std::array<Q, 2>;

Q orient2(const P2& a, const P2& b, const P2& c) { return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]); }

std::vector<P2> hull(std::vector<P2> p) {  // counterclockwise; 1 or 2 points for a point or segment
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  std::vector<P2> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && sgn(orient2(h[k - 2], h[k - 1], p[i])) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && sgn(orient2(h[k - 2], h[k - 1], p[i - 1])) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

/// The oracle: the feature as (kind, the triangle's corner indices).
std::optional<PieceFeature> oracle(const std::array<P2, 3>& T, const std::vector<P2>& Kin) {
  const int o = sgn(orient2(T[0], T[1], T[2]));
  std::vector<P2> K = hull(Kin);
  for (std::size_t e = 0; e < 3 && !K.empty(); ++e) {
    const P2 &u = T[e], &w = T[(e + 1) % 3];
    std::vector<P2> out;
    auto cut = [&](const P2& s, const P2& t, const Q& os, const Q& ot) {
      const Q f = os / (os - ot);
      out.push_back({s[0] + (t[0] - s[0]) * f, s[1] + (t[1] - s[1]) * f});
    };
    for (std::size_t i = 0; i < K.size(); ++i) {
      const P2& s = K[(i + K.size() - 1) % K.size()];
      const P2& t = K[i];
      const Q os = orient2(u, w, s) * o, ot = orient2(u, w, t) * o;
      if (sgn(ot) >= 0) {
        if (sgn(os) < 0) cut(s, t, os, ot);
        out.push_back(t);
      } else if (sgn(os) >= 0) {
        cut(s, t, os, ot);
      }
    }
    K = std::move(out);
  }
  if (K.empty()) return std::nullopt;
  unsigned common = 7;
  for (const P2& x : K) {
    unsigned on = 0;
    for (unsigned e = 0; e < 3; ++e)
      if (sgn(orient2(T[e], T[(e + 1) % 3], x)) == 0) on |= 1u << e;
    common &= on;
  }
  using K_ = PieceFeature::Kind;
  switch (common) {
    case 0: return PieceFeature{K_::face, {0, 0}};
    case 1: return PieceFeature{K_::edge, {0, 1}};
    case 2: return PieceFeature{K_::edge, {1, 2}};
    case 4: return PieceFeature{K_::edge, {0, 2}};
    case 3: return PieceFeature{K_::vertex, {1, 1}};
    case 6: return PieceFeature{K_::vertex, {2, 2}};
    default: return PieceFeature{K_::vertex, {0, 0}};
  }
}

/// The library's answer for T at z = 0 and a shape whose points K lie at
/// z = 1 (its nearest face along n = (0, 0, 1) is all of them).
std::optional<PieceFeature> library(const std::array<P2, 3>& T, const std::vector<P2>& K) {
  Piece p;
  p.core.dim = 3;
  for (const P2& x : T) p.core.c.insert(p.core.c.end(), {x[0], x[1], Q(0)});
  p.v = {0, 1, 2};
  detail::cvx::Core shape;
  shape.dim = 3;
  for (const P2& x : K) shape.c.insert(shape.c.end(), {x[0], x[1], Q(1)});
  return detail::mesh::closest_feature(p, shape, {Q(0), Q(0), Q(1)});
}

TEST(ClosestFeature, ParallelFacesMatchTheClippingOracle) {
  std::mt19937_64 g(11);
  std::uniform_int_distribution<int> tc(-3, 3), kc(-4, 4), kn(1, 5);
  int faces = 0, edges = 0, vertices = 0, none = 0;
  const Q big = Q(mpz_class(1) << 64) + Q(1, 2);
  for (int round = 0; round < 20000; ++round) {
    std::array<P2, 3> T;
    for (P2& x : T) x = {Q(tc(g)), Q(tc(g))};
    if (sgn(orient2(T[0], T[1], T[2])) == 0) continue;  // the face case has a true triangle
    std::vector<P2> K(static_cast<std::size_t>(kn(g)));
    for (P2& x : K) x = {Q(kc(g)), Q(kc(g))};
    const auto want = oracle(T, K);
    const auto got = library(T, K);
    ASSERT_EQ(got, want) << "round " << round;
    // Scaled by 2^64 + 1/2 and moved by a third: orientations and the answer unchanged, the frame
    // past 61 bits.
    std::array<P2, 3> T2 = T;
    std::vector<P2> K2 = K;
    for (P2& x : T2) x = {x[0] * big + Q(1, 3), x[1] * big - Q(1, 3)};
    for (P2& x : K2) x = {x[0] * big + Q(1, 3), x[1] * big - Q(1, 3)};
    ASSERT_EQ(library(T2, K2), want) << "round " << round << " (scaled)";
    if (!want) ++none;
    else if (want->kind == PieceFeature::Kind::face) ++faces;
    else if (want->kind == PieceFeature::Kind::edge) ++edges;
    else ++vertices;
  }
  // Every outcome is common, so each kind of decision is tested.
  EXPECT_GT(faces, 1000);
  EXPECT_GT(edges, 300);
  EXPECT_GT(vertices, 500);
  EXPECT_GT(none, 1000);
}

}  // namespace

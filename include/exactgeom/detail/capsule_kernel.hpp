// exactgeom/detail/capsule_kernel.hpp: the division-free "distance <= R"
// (closed) and "distance < R" (open) tests between segments and triangles,
// written once over a number type W (fixed-width integers, mpz_class, or the
// error-tracking double of capsule_filter.hpp, which makes the same body the
// filter).
//
// Method. The squared distance between two convex sets is the minimum of a
// convex quadratic; its minimiser lies on a face pair, so "min <= R^2" is
// the OR of one test per candidate face pair, each test comparing a
// candidate's squared distance (a valid upper bound whenever its region
// condition holds) with R^2, multiplied out so nothing is divided:
//   point-point        |w|^2 <= R^2                                  degree 2
//   point-segment      0 < w.d < |d|^2  and  |w x d|^2 <= R^2 |d|^2   degree 4
//                      (Lagrange: |w|^2|d|^2 - (w.d)^2 = |w x d|^2; in 2-D
//                      w x d is the scalar cross(w, d))
//   segment-segment 2-D: proper crossing (4 orient2d, degree 2), distance 0
//   segment-segment 3-D: 0 < sN < D, 0 < tN < D (degree 4), with
//                      D = |d1 x d2|^2 = ae - b^2, sN = bf - ce, tN = af - bc
//                      (Ericson 5.1.9's unclamped s = sN/D, t = tN/D), and
//                      (r.(d1 x d2))^2 <= R^2 |d1 x d2|^2            degree 6
//   point-face         projection strictly inside (three degree-4 signs)
//                      and (n.w)^2 <= R^2 |n|^2, n = (b-a) x (c-a)   degree 6
//   segment-face       segment crosses the plane strictly and the three
//                      orient3d(p, q, edge) agree strictly (degree 3):
//                      distance 0
// A candidate whose region condition fails is simply skipped: the true
// minimiser satisfies some candidate's condition, and every candidate's value
// is >= the true minimum, so the OR is exact. Parallel or zero-length axes
// and degenerate triangles make the corresponding conditions false (their
// determinants vanish), and the remaining candidates cover them.
//
// Bit bounds (inputs |x| <= 2^(b-1), so differences and R are <= 2^b):
// every intermediate and every compared difference has magnitude
// < 2^(capsule2_bits(b)) in 2-D and < 2^(capsule3_bits(b)) in 3-D, derived
// next to each formula below; capsule_exact.cpp checks them by static_assert.
#pragma once

#include <array>
#include <cstddef>

#include "exactgeom/detail/vec.hpp"
#include "exactgeom/detail/int128.hpp"

namespace exactgeom::detail {

// 2-D: the largest term is |w x d|^2 <= (2 * 2^(2b))^2 = 2^(4b+2); R^2|d|^2
// <= 2^(2b) 2^(2b+1); their difference < 2^(4b+3).
constexpr int capsule2_bits(int b) { return 4 * b + 3; }
// 3-D: (r.n)^2 with |n_i| <= 2^(2b+1), |r.n| < 3 2^(3b+1) < 2^(3b+3): square
// < 2^(6b+6); R^2|n|^2 < 2^(2b) 3 2^(4b+2) < 2^(6b+4); difference < 2^(6b+6).
// Degree-4 quantities (sN, tN, D, |w x d|^2) stay below 2^(4b+6).
constexpr int capsule3_bits(int b) { return 6 * b + 6; }

/// Three-valued answer: the filter (W = FilterDouble) may be unsure.
enum class Tri : unsigned char { no, yes, maybe };

constexpr Tri tri(bool b) { return b ? Tri::yes : Tri::no; }
constexpr Tri tri_and(Tri a, Tri b) {
  if (a == Tri::no || b == Tri::no) return Tri::no;
  return (a == Tri::yes && b == Tri::yes) ? Tri::yes : Tri::maybe;
}
constexpr Tri tri_or(Tri a, Tri b) {
  if (a == Tri::yes || b == Tri::yes) return Tri::yes;
  return (a == Tri::no && b == Tri::no) ? Tri::no : Tri::maybe;
}

/// Sign of an exact number as -1, 0, +1 (the filter's overload may return 2,
/// "unknown").
template <class W>
int sign3(const W& v) {
  return sgn(v);
}

/// x > 0
template <class W>
Tri positive(const W& x) {
  const int s = sign3(x);
  return s == 2 ? Tri::maybe : tri(s > 0);
}
/// x <= y (closed) or x < y (strict); x, y >= 0 here, so |x - y| <= max.
template <class W>
Tri within(const W& x, const W& y, bool strict) {
  const W diff = x - y;
  const int s = sign3(diff);
  if (s == 2) return Tri::maybe;
  return tri(strict ? s < 0 : s <= 0);
}
/// s1, s2 nonzero and of opposite signs.
constexpr Tri opposite(int s1, int s2) {
  if (s1 == 0 || s2 == 0) return Tri::no;
  if (s1 == 2 || s2 == 2) return Tri::maybe;
  return tri(s1 != s2);
}
/// s1, s2, s3 nonzero and equal.
constexpr Tri same_strict(int s1, int s2, int s3) {
  if (s1 == 0 || s2 == 0 || s3 == 0) return Tri::no;
  const bool known1 = s1 != 2, known2 = s2 != 2, known3 = s3 != 2;
  if ((known1 && known2 && s1 != s2) || (known2 && known3 && s2 != s3) ||
      (known1 && known3 && s1 != s3))
    return Tri::no;
  return (known1 && known2 && known3) ? Tri::yes : Tri::maybe;
}

/// |p - q|^2 <= R^2. Degree 2, < 2^(2b+2).
template <class W, std::size_t D>
Tri point_point(const Vec<W, D>& p, const Vec<W, D>& q, const W& R2, bool strict) {
  const Vec<W, D> w = sub(p, q);
  return within(dot(w, w), R2, strict);
}

/// p projects strictly inside segment ab and its distance to the line <= R.
/// Degree 4: 0 < w.d < |d|^2, |w x d|^2 <= R^2 |d|^2.
template <class W, std::size_t D>
Tri point_segment_interior(const Vec<W, D>& p, const Vec<W, D>& a, const Vec<W, D>& b,
                           const W& R2, bool strict) {
  const Vec<W, D> d = sub(b, a), w = sub(p, a);
  const W t = dot(w, d), len2 = dot(d, d);
  const Tri cond = tri_and(positive(t), positive(W(len2 - t)));
  if (cond == Tri::no) return Tri::no;
  return tri_and(cond, within(cross_norm2(w, d), W(R2 * len2), strict));
}

/// sign det[b-a; c-a] (2-D), degree 2.
template <class W>
int orient2(const Vec<W, 2>& a, const Vec<W, 2>& b, const Vec<W, 2>& c) {
  const W det = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return sign3(det);
}
/// sign (b-a).((c-a) x (d-a)) (CGAL's orient3d), degree 3, < 2^(3b+3).
template <class W>
int orient3(const Vec<W, 3>& a, const Vec<W, 3>& b, const Vec<W, 3>& c, const Vec<W, 3>& d) {
  return sign3(dot(sub(b, a), cross(sub(c, a), sub(d, a))));
}

/// The relative interiors of both segments hold the closest pair, and its
/// distance is <= R.
template <class W, std::size_t D>
Tri interior_interior(const Vec<W, D>& p1, const Vec<W, D>& q1, const Vec<W, D>& p2,
                      const Vec<W, D>& q2, const W& R, const W& R2, bool strict) {
  if constexpr (D == 2) {
    // Non-parallel lines: the interior minimiser is a proper crossing, distance 0.
    const Tri cond = tri_and(opposite(orient2(p1, q1, p2), orient2(p1, q1, q2)),
                             opposite(orient2(p2, q2, p1), orient2(p2, q2, q1)));
    if (cond == Tri::no) return Tri::no;
    return tri_and(cond, strict ? positive(R) : Tri::yes);
  } else {
    (void)R;
    const Vec<W, 3> d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
    const Vec<W, 3> n = cross(d1, d2);
    const W den = dot(n, n);  // = ae - b^2 >= 0, < 2^(4b+4)
    const W a = dot(d1, d1), b = dot(d1, d2), c = dot(d1, r), e = dot(d2, d2), f = dot(d2, r);
    const W sn = b * f - c * e, tn = a * f - b * c;  // < 2^(4b+5)
    Tri cond = tri_and(positive(sn), positive(W(den - sn)));
    if (cond == Tri::no) return Tri::no;
    cond = tri_and(cond, tri_and(positive(tn), positive(W(den - tn))));
    if (cond == Tri::no) return Tri::no;
    const W rn = dot(r, n);  // < 2^(3b+3)
    return tri_and(cond, within(W(rn * rn), W(R2 * den), strict));  // degree 6
  }
}

/// The nine candidate closest-feature pairs of segment_segment_within, in
/// evaluation order: 0-3 endpoint pairs (p1p2, p1q2, q1p2, q1q2), 4-7 an
/// endpoint against the other segment's interior (p1, q1 vs p2q2; p2, q2 vs
/// p1q1), 8 interior-interior.
inline constexpr unsigned kAllCandidates = (1u << 9) - 1;

/// distance(segment p1q1, segment p2q2) <= R (strict: < R), as the OR of the
/// candidates in `mask` (the full OR when mask = kAllCandidates). When
/// `maybe` is given, the candidates that answered Tri::maybe are recorded
/// in it, so that the exact path can re-run only those: if no candidate
/// said yes, the OR over all equals the OR over the uncertain ones.
template <class W, std::size_t D>
Tri segment_segment_within(const Vec<W, D>& p1, const Vec<W, D>& q1, const Vec<W, D>& p2,
                           const Vec<W, D>& q2, const W& R, const W& R2, bool strict,
                           unsigned mask = kAllCandidates, unsigned* maybe = nullptr) {
  Tri acc = Tri::no;
  for (unsigned i = 0; i < 9; ++i) {
    if (!(mask & (1u << i))) continue;
    Tri t;
    switch (i) {
      case 0: t = point_point(p1, p2, R2, strict); break;
      case 1: t = point_point(p1, q2, R2, strict); break;
      case 2: t = point_point(q1, p2, R2, strict); break;
      case 3: t = point_point(q1, q2, R2, strict); break;
      case 4: t = point_segment_interior(p1, p2, q2, R2, strict); break;
      case 5: t = point_segment_interior(q1, p2, q2, R2, strict); break;
      case 6: t = point_segment_interior(p2, p1, q1, R2, strict); break;
      case 7: t = point_segment_interior(q2, p1, q1, R2, strict); break;
      default: t = interior_interior(p1, q1, p2, q2, R, R2, strict); break;
    }
    if (t == Tri::yes) return Tri::yes;
    if (t == Tri::maybe && maybe != nullptr) *maybe |= 1u << i;
    acc = tri_or(acc, t);
  }
  return acc;
}

/// The candidate of segment_segment_within that provably holds the closest
/// pair, or -1 when no candidate can be certified (W = a filter type may be
/// unsure). Used by the filter stages to evaluate one candidate instead of
/// nine: if candidate k is certified, the answer is candidate k's test alone
/// (its region condition holds and its value is the minimum).
///
/// Why. F(s, t) = |r + s d1 - t d2|^2 (r = p1 - p2) is convex on [0, 1]^2,
/// so any point satisfying the KKT conditions is a global minimiser: with
/// n = r + s d1 - t d2, n.d1 >= 0 at s = 0, <= 0 at s = 1, = 0 inside, and
/// n.d2 <= 0 at t = 0, >= 0 at t = 1, = 0 inside. With a = d1.d1, b = d1.d2,
/// c = d1.r, e = d2.d2, f = d2.r the candidates' points and conditions are
///   0 p1-p2  (0, 0)            c >= 0, f <= 0
///   1 p1-q2  (0, 1)            c - b >= 0, f - e >= 0
///   2 q1-p2  (1, 0)            c + a <= 0, f + b <= 0
///   3 q1-q2  (1, 1)            c + a - b <= 0, f + b - e >= 0
///   4 p1-p2q2 (0, f/e)         0 < f < e, c e - b f >= 0
///   5 q1-p2q2 (1, (f+b)/e)     0 < f + b < e, (c + a) e - b (f + b) <= 0
///   6 p2-p1q1 (-c/a, 0)        0 < -c < a, f a - b c <= 0
///   7 q2-p1q1 ((b-c)/a, 1)     0 < b - c < a, (f - e) a + b (b - c) >= 0
///   8 interior (sN/D, tN/D)    0 < sN < D, 0 < tN < D (3-D only; in 2-D
///                              candidate 8 is a proper crossing, checked
///                              directly by the kernel)
/// (4-7: the interior parameter makes the other derivative 0; the second
/// condition, multiplied by e > 0 or a > 0, is the remaining one.) Each
/// region condition is the one the candidate's test checks, and true, so
/// any stage's answer for candidate k alone is the answer.) Degree <= 4;
/// called with the filter types only (src/capsules/capsules.cpp), so no bit bound.
template <class W, std::size_t D>
int segment_segment_certified(const Vec<W, D>& p1, const Vec<W, D>& q1, const Vec<W, D>& p2,
                              const Vec<W, D>& q2) {
  const Vec<W, D> d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const W a = dot(d1, d1), b = dot(d1, d2), c = dot(d1, r), e = dot(d2, d2), f = dot(d2, r);
  auto nonneg = [](const W& x) { const int s = sign3(x); return s == 0 || s == 1; };
  auto nonpos = [](const W& x) { const int s = sign3(x); return s == 0 || s == -1; };
  auto pos = [](const W& x) { return sign3(x) == 1; };
  if constexpr (D == 3) {
    const W den = a * e - b * b, sn = b * f - c * e, tn = a * f - b * c;
    if (pos(sn) && pos(W(den - sn)) && pos(tn) && pos(W(den - tn))) return 8;
  }
  if (pos(f) && pos(W(e - f)) && nonneg(W(c * e - b * f))) return 4;
  const W fb = f + b, ca = c + a;
  if (pos(fb) && pos(W(e - fb)) && nonpos(W(ca * e - b * fb))) return 5;
  const W mc = W(0) - c;
  if (pos(mc) && pos(W(a - mc)) && nonpos(W(f * a - b * c))) return 6;
  const W bc = b - c, fe = f - e;
  if (pos(bc) && pos(W(a - bc)) && nonneg(W(fe * a + b * bc))) return 7;
  if (nonneg(c) && nonpos(f)) return 0;
  if (nonneg(W(c - b)) && nonneg(fe)) return 1;
  if (nonpos(ca) && nonpos(fb)) return 2;
  if (nonpos(W(ca - b)) && nonneg(W(fb - e))) return 3;
  return -1;
}

/// Candidate k's value test alone (no region condition): for a candidate
/// certified by segment_segment_certified, this is the whole answer.
/// Degrees as in the candidates' tests.
template <class W, std::size_t D>
Tri segment_segment_value_within(int k, const Vec<W, D>& p1, const Vec<W, D>& q1,
                                 const Vec<W, D>& p2, const Vec<W, D>& q2, const W& R2,
                                 bool strict) {
  auto point_line = [&](const Vec<W, D>& p, const Vec<W, D>& a, const Vec<W, D>& b) {
    const Vec<W, D> d = sub(b, a), w = sub(p, a);
    return within(cross_norm2(w, d), W(R2 * dot(d, d)), strict);
  };
  switch (k) {
    case 0: return point_point(p1, p2, R2, strict);
    case 1: return point_point(p1, q2, R2, strict);
    case 2: return point_point(q1, p2, R2, strict);
    case 3: return point_point(q1, q2, R2, strict);
    case 4: return point_line(p1, p2, q2);
    case 5: return point_line(q1, p2, q2);
    case 6: return point_line(p2, p1, q1);
    case 7: return point_line(q2, p1, q1);
    default:
      if constexpr (D == 3) {
        const Vec<W, 3> n = cross(sub(q1, p1), sub(q2, p2));
        const W rn = dot(sub(p1, p2), n);
        return within(W(rn * rn), W(R2 * dot(n, n)), strict);
      } else {
        return Tri::maybe;  // never certified in 2-D
      }
  }
}

/// Flag in the candidate masks of segment_segment_within's callers
/// (src/capsules/capsules.cpp): the single candidate in the mask is certified.
inline constexpr unsigned kCertifiedCandidate = 1u << 31;

/// x projects strictly inside triangle abc (non-degenerate) and its distance
/// to the plane is <= R. Degree 6.
template <class W>
Tri point_face(const Vec<W, 3>& x, const Vec<W, 3>& a, const Vec<W, 3>& b, const Vec<W, 3>& c,
               const Vec<W, 3>& n, const W& R2, bool strict) {
  // n . ((v - u) x (x - u)) > 0 for the three edges uv: degree 4, < 2^(4b+4).
  const Vec<W, 3> xa = sub(x, a), xb = sub(x, b), xc = sub(x, c);
  Tri cond = positive(dot(n, cross(sub(b, a), xa)));
  if (cond == Tri::no) return Tri::no;
  cond = tri_and(cond, positive(dot(n, cross(sub(c, b), xb))));
  if (cond == Tri::no) return Tri::no;
  cond = tri_and(cond, positive(dot(n, cross(sub(a, c), xc))));
  if (cond == Tri::no) return Tri::no;
  const W nw = dot(n, xa);  // < 2^(3b+3)
  return tri_and(cond, within(W(nw * nw), W(R2 * dot(n, n)), strict));
}

/// The 30 candidates of segment_triangle_within: bits 0-8, 9-17, 18-26 the
/// nine of segment_segment_within against edges ab, bc, ca; 27 and 28 p and
/// q against the face; 29 the segment piercing the face.
inline constexpr unsigned kAllTriangleCandidates = (1u << 30) - 1;

/// distance(segment pq, filled triangle abc) <= R (strict: < R), as the OR
/// of the candidates in `mask`; `maybe` collects the uncertain ones, as in
/// segment_segment_within.
template <class W>
Tri segment_triangle_within(const Vec<W, 3>& p, const Vec<W, 3>& q, const Vec<W, 3>& a,
                            const Vec<W, 3>& b, const Vec<W, 3>& c, const W& R, bool strict,
                            unsigned mask = kAllTriangleCandidates, unsigned* maybe = nullptr) {
  const W R2 = R * R;
  Tri acc = Tri::no;
  const Vec<W, 3>* corners[4] = {&a, &b, &c, &a};
  for (int e = 0; e < 3; ++e) {
    const unsigned m = (mask >> (9 * e)) & kAllCandidates;
    if (m == 0) continue;
    unsigned got = 0;
    const Tri t = segment_segment_within<W, 3>(p, q, *corners[e], *corners[e + 1], R, R2, strict,
                                               m, maybe != nullptr ? &got : nullptr);
    if (t == Tri::yes) return Tri::yes;
    if (maybe != nullptr) *maybe |= got << (9 * e);
    acc = tri_or(acc, t);
  }
  auto more = [&](Tri t, int bit) {
    if (t == Tri::maybe && maybe != nullptr) *maybe |= 1u << bit;
    acc = tri_or(acc, t);
    return acc == Tri::yes;
  };
  if (mask & (3u << 27)) {
    const Vec<W, 3> n = cross(sub(b, a), sub(c, a));  // zero for a degenerate triangle
    if ((mask & (1u << 27)) && more(point_face(p, a, b, c, n, R2, strict), 27)) return Tri::yes;
    if ((mask & (1u << 28)) && more(point_face(q, a, b, c, n, R2, strict), 28)) return Tri::yes;
  }
  if (mask & (1u << 29)) {
    // The segment pierces the face: distance 0.
    Tri cross_cond = opposite(orient3(a, b, c, p), orient3(a, b, c, q));
    if (cross_cond != Tri::no)
      cross_cond = tri_and(cross_cond, same_strict(orient3(p, q, a, b), orient3(p, q, b, c),
                                                   orient3(p, q, c, a)));
    if (cross_cond != Tri::no && more(tri_and(cross_cond, strict ? positive(R) : Tri::yes), 29))
      return Tri::yes;
  }
  return acc;
}

/// The dot products segment_triangle_certified needs for the segment pq
/// against edge uv of the triangle (third corner z), in its notation.
template <class W>
struct SegTriEdgeTerms {
  W A, B, C, E, F, RG, DG, FG;
};
template <class W>
SegTriEdgeTerms<W> segtri_edge_terms(const Vec<W, 3>& p, const Vec<W, 3>& d, const W& A, const Vec<W, 3>& u,
                                     const Vec<W, 3>& v, const Vec<W, 3>& z) {
  const Vec<W, 3> f = sub(v, u), r = sub(p, u), g = sub(z, u);
  return {A, dot(d, f), dot(d, r), dot(f, f), dot(f, r), dot(r, g), dot(d, g), dot(f, g)};
}

/// Candidate i (0-8) of an edge holds a closest pair: its conditions in the
/// table of segment_triangle_certified, signs certain.
template <class W>
bool segtri_edge_candidate_holds(int i, const SegTriEdgeTerms<W>& t) {
  auto nonneg = [](const W& x) { const int s = sign3(x); return s == 0 || s == 1; };
  auto nonpos = [](const W& x) { const int s = sign3(x); return s == 0 || s == -1; };
  auto pos = [](const W& x) { return sign3(x) == 1; };
  const W &A = t.A, &B = t.B, &C = t.C, &E = t.E, &F = t.F, &RG = t.RG, &DG = t.DG, &FG = t.FG;
  switch (i) {
    case 8: {
      const W den = A * E - B * B, sn = B * F - C * E, tn = A * F - B * C;
      return pos(sn) && pos(W(den - sn)) && pos(tn) && pos(W(den - tn)) &&
             nonpos(W(den * RG + sn * DG - tn * FG));
    }
    case 4: return pos(F) && pos(W(E - F)) && nonneg(W(C * E - B * F)) && nonpos(W(E * RG - F * FG));
    case 5: {
      const W FB = F + B, CA = C + A;
      return pos(FB) && pos(W(E - FB)) && nonpos(W(CA * E - B * FB)) && nonpos(W(E * (RG + DG) - FB * FG));
    }
    case 6: {
      const W MC = W(0) - C;
      return pos(MC) && pos(W(A - MC)) && nonpos(W(F * A - B * C)) && nonpos(W(A * RG - C * DG));
    }
    case 7: {
      const W BC = B - C, FE = F - E;
      return pos(BC) && pos(W(A - BC)) && nonneg(W(FE * A + B * BC)) && nonpos(W(A * (RG - FG - FE) + BC * (DG - B)));
    }
    case 0: return nonneg(C) && nonpos(F) && nonpos(RG);
    case 1: {
      const W FE = F - E;
      return nonneg(W(C - B)) && nonneg(FE) && nonpos(W(RG - FG - FE));
    }
    case 2: return nonpos(W(C + A)) && nonpos(W(F + B)) && nonpos(W(RG + DG));
    default: {
      const W FB = F + B;
      return nonpos(W(C + A - B)) && nonneg(W(FB - E)) && nonpos(W(RG + DG - FG - (FB - E)));
    }
  }
}

/// Candidate 27, 28 or 29 holds a closest pair (the table above).
template <class W>
bool segtri_face_candidate_holds(int k, const Vec<W, 3>& p, const Vec<W, 3>& q, const Vec<W, 3>& a,
                                 const Vec<W, 3>& b, const Vec<W, 3>& c, const Vec<W, 3>& N) {
  const W hp = dot(N, sub(p, a)), hq = dot(N, sub(q, a));
  if (k == 29) {
    if (sign3(hp) * sign3(hq) != -1) return false;  // strictly on both sides (2 * x is never -1)
    const int o1 = orient3(p, q, a, b), o2 = orient3(p, q, b, c), o3 = orient3(p, q, c, a);
    return (o1 == 1 || o1 == -1) && o1 == o2 && o2 == o3;
  }
  const Vec<W, 3>& x = k == 27 ? p : q;
  const W hd = dot(N, sub(q, p));
  const int s = sign3(W((k == 27 ? hp : hq) * hd));
  if (!(k == 27 ? (s == 0 || s == 1) : (s == 0 || s == -1))) return false;
  return sign3(dot(N, cross(sub(b, a), sub(x, a)))) == 1 && sign3(dot(N, cross(sub(c, b), sub(x, b)))) == 1 &&
         sign3(dot(N, cross(sub(a, c), sub(x, c)))) == 1;
}

/// The candidate of segment_triangle_within that provably holds the closest
/// pair, or -1 (W = a filter type may be unsure; then no certificate). The
/// triangle counterpart of segment_segment_certified: the filter stages then
/// test that candidate alone instead of thirty.
///
/// Why. |x - y|^2 over x = p + s d in the segment and y in the triangle is a
/// convex problem on a product of convex sets, so a pair (x, y) is a global
/// minimiser iff n = x - y satisfies n.(x' - x) >= 0 for both ends x' of the
/// segment and n.(z - y) <= 0 for the three corners z (first-order
/// conditions). For a pair on an edge uv (r = p - u, f = v - u, third corner
/// z, g = z - u; y = u + t f) the conditions of segment_segment_certified
/// (against the segment uv, same a..f and candidate numbering) give those of
/// the segment and of u and v; the third corner adds
///   H = n.(z - y) = n.g - t n.f <= 0,  n.g = r.g + s d.g - t f.g,
///   n.f = f + s b - t e (f = f.r, b = d.f, e = f.f),
/// multiplied out per candidate (s, t), denominators a, e, D > 0:
///   0 (0, 0)  r.g                        1 (0, 1)  r.g - f.g - (f - e)
///   2 (1, 0)  r.g + d.g                  3 (1, 1)  r.g + d.g - f.g - (f + b - e)
///   4 (0, f/e)       e r.g - f f.g       5 (1, (f+b)/e)  e (r.g + d.g) - (f + b) f.g
///   6 (-c/a, 0)      a r.g - c d.g       7 ((b-c)/a, 1)  a (r.g - f.g - f + e) + (b - c)(d.g - b)
///   8 (sN/D, tN/D)   D r.g + sN d.g - tN f.g
/// (4, 5, 8 have n.f = 0.) Edges ab, bc, ca are bits 0-8, 9-17, 18-26.
/// A segment end over the face's interior (27: p, 28: q) with the normal N =
/// (b - a) x (c - a): point_face's three strict side tests, and the segment
/// condition n.d >= 0 at p (<= 0 at q) with n = (N.(x - a)/|N|^2) N, i.e.
/// (N.(x - a)) (N.d) >= 0 (<= 0). Piercing (29): p and q strictly on both
/// sides of the plane and the three orient3d(p, q, edge) strictly of one
/// sign, candidate 29's own condition: the distance is 0 (tried first; on
/// near-touching input it is the case with the smallest radii, where all
/// thirty were tested before). Each candidate's own region condition is
/// among the strict ones, so its test alone (segment_triangle_within with
/// its bit) is the answer. Degree <= 6; called with the filter types only
/// (src/capsules/capsules.cpp). `hint` (segtri_fast's guess, or -1) is tried first:
/// one candidate's conditions, where all of them cost several times more.
template <class W>
int segment_triangle_certified(const Vec<W, 3>& p, const Vec<W, 3>& q, const Vec<W, 3>& a,
                               const Vec<W, 3>& b, const Vec<W, 3>& c, int hint = -1) {
  const Vec<W, 3> d = sub(q, p);
  const W A = dot(d, d);
  const Vec<W, 3>* corners[5] = {&a, &b, &c, &a, &b};
  auto edge = [&](int k) { return segtri_edge_terms(p, d, A, *corners[k], *corners[k + 1], *corners[k + 2]); };
  // The hint first (one candidate's conditions), then every candidate.
  if (hint >= 27 && hint <= 29) {
    if (segtri_face_candidate_holds(hint, p, q, a, b, c, cross(sub(b, a), sub(c, a)))) return hint;
  } else if (hint >= 0 && hint < 27) {
    if (segtri_edge_candidate_holds(hint % 9, edge(hint / 9))) return hint;
  }
  {
    const Vec<W, 3> N = cross(sub(b, a), sub(c, a));
    for (int k : {29, 27, 28})
      if (k != hint && segtri_face_candidate_holds(k, p, q, a, b, c, N)) return k;
  }
  for (int e = 0; e < 3; ++e) {
    const SegTriEdgeTerms<W> t = edge(e);
    for (int i : {8, 4, 5, 6, 7, 0, 1, 2, 3})
      if (9 * e + i != hint && segtri_edge_candidate_holds(i, t)) return 9 * e + i;
  }
  return -1;
}

}  // namespace exactgeom::detail

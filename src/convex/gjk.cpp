// The exact distance between two convex cores (detail/convex_core.hpp):
// both scaled to integers, then GJK in integers.
//
// GJK (Gilbert, Johnson, Keerthi 1988; as van den Bergen 2001, ch. 4, and
// Ericson 9.5 present it) on the Minkowski difference M = A - B keeps v,
// the point of conv(simplex) nearest the origin, and asks M's support point
// s minimizing v.s. In exact arithmetic:
//  - v is the nearest point of M exactly when v.s >= |v|^2: then the plane
//    {w : v.w = |v|^2} separates M from the origin's side and touches M at
//    v. That is the stopping test, so the answer is certified, not
//    estimated.
//  - otherwise s lies strictly beyond every point of the simplex in
//    direction -v (each simplex point w has v.w >= |v|^2 since v is the
//    nearest point of its hull), so the nearest point of the hull with s
//    added is strictly nearer: |v| falls at every step, no simplex repeats,
//    and the loop ends (M has finitely many vertex subsets).
// The nearest point of a simplex of at most D + 1 points is found by trying
// every subset: the projection of the origin onto a subset's affine hull
// (Cramer's rule on its Gram matrix, in integers) is a candidate when all
// its barycentric weights are >= 0; the nearest candidate is the answer
// (the true nearest point lies in the relative interior of some face, whose
// points are affinely independent, so it is among them).
//
// The walk may start from any simplex of support pairs, not only (A[0],
// B[0]): the stop test certifies v against every point of M whatever came
// before. Pair::any starts it from the double GJK's final simplex (a hint
// read from the integers in doubles, never trusted): usually that simplex is
// the answer's face, its projection is in its hull, and the walk stops at
// once. The nearest point v, so dist2 and q - p, is unique; the weights, so
// which closest pair (p, q) is returned, may differ from Pair::first's
// where the cores have many closest pairs.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine.hpp"
#include "exactgeom/detail/convex_filter.hpp"
#include "exactgeom/detail/exact.hpp"

namespace exactgeom::detail::cvx {

namespace {

/// The positive least common multiple of the denominators.
void lcm_into(Z& L, const mpq_class& q) {
  // Most denominators are 1 or L already (doubles: powers of two).
  if (mpz_cmp_ui(q.get_den_mpz_t(), 1) != 0 && mpz_cmp(q.get_den_mpz_t(), L.get_mpz_t()) != 0)
    mpz_lcm(L.get_mpz_t(), L.get_mpz_t(), q.get_den_mpz_t());
}

/// q L as an integer (exact: q's denominator divides L), in place.
void scaled_into(Z& out, const mpq_class& q, const Z& L) {
  if (mpz_cmp_ui(q.get_den_mpz_t(), 1) == 0) {
    mpz_mul(out.get_mpz_t(), L.get_mpz_t(), q.get_num_mpz_t());
  } else {
    mpz_divexact(out.get_mpz_t(), L.get_mpz_t(), q.get_den_mpz_t());
    mpz_mul(out.get_mpz_t(), out.get_mpz_t(), q.get_num_mpz_t());
  }
}

template <int D>
V<D> int_point(const std::vector<mpq_class>& c, std::size_t i, const Z& L) {
  V<D> p;
  for (int k = 0; k < D; ++k) scaled_into(p[k], c[i * D + static_cast<std::size_t>(k)], L);
  return p;
}

template <int D>
IntCore<D> int_core(const Core& c, const Z& L) {
  IntCore<D> out;
  out.v.reserve(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) out.v.push_back(int_point<D>(c.c, i, L));
  scaled_into(out.r, c.r, L);
  out.hull_dim = c.hull_dim;
  out.facets = c.facets;
  return out;
}

struct Point {
  std::uint32_t ia, ib;
};

template <int D>
struct Nearest {
  V<D> N;
  Z den;
  std::vector<std::size_t> keep;  // indices into the simplex
  std::vector<Z> lam;             // weights' numerators over den, > 0
};

/// det of the m x m top-left block (m <= 3) of a matrix of integers.
template <std::size_t M>
Z det(const std::array<std::array<Z, M>, M>& a, std::size_t m) {
  if (m == 1) return a[0][0];
  if (m == 2) return Z(a[0][0] * a[1][1] - a[0][1] * a[1][0]);
  if constexpr (M >= 3)
    return Z(a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
             a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]));
  throw std::logic_error("exactgeom: det of a block larger than its matrix");
}

/// The projection of the origin onto the affine hull of the points w[s[0]],
/// ..., w[s[n - 1]] when they are affinely independent and the projection
/// lies in their hull (every barycentric weight >= 0): then it is the point
/// of their hull nearest the origin, returned with its weights (zero
/// weights dropped). False otherwise (a smaller subset covers the case).
template <int D>
bool project(const std::vector<V<D>>& w, const std::size_t* s, std::size_t n, Nearest<D>& c) {
  const std::size_t m = n - 1;
  c.keep.clear();
  c.lam.clear();
  if (m == 0) {
    c.N = w[s[0]];
    c.den = 1;
    c.keep.push_back(s[0]);
    c.lam.emplace_back(1);
    return true;
  }
  std::array<V<D>, D> e;
  for (std::size_t j = 1; j <= m; ++j) e[j - 1] = sub(w[s[j]], w[s[0]]);
  std::array<std::array<Z, D>, D> G;
  std::array<Z, D> rhs;
  for (std::size_t a = 0; a < m; ++a) {
    for (std::size_t b = a; b < m; ++b) {
      dot_into<D>(G[a][b], e[a], e[b]);
      if (b != a) G[b][a] = G[a][b];
    }
    dot_into<D>(rhs[a], e[a], w[s[0]]);
    rhs[a] = -rhs[a];
  }
  const Z dG = det<D>(G, m);
  if (sgn(dG) == 0) return false;  // affinely dependent
  std::array<Z, D> num;
  Z sum = 0;
  for (std::size_t j = 0; j < m; ++j) {
    auto Gj = G;
    for (std::size_t a = 0; a < m; ++a) Gj[a][j] = rhs[a];
    num[j] = det<D>(Gj, m);
    if (sgn(num[j]) < 0) return false;  // dG > 0: a Gram determinant of independent vectors
    sum += num[j];
  }
  const Z lam0 = dG - sum;
  if (sgn(lam0) < 0) return false;
  c.N = w[s[0]];
  for (int t = 0; t < D; ++t) c.N[t] *= dG;
  for (std::size_t j = 0; j < m; ++j)
    for (int t = 0; t < D; ++t) mpz_addmul(c.N[t].get_mpz_t(), num[j].get_mpz_t(), e[j][t].get_mpz_t());
  c.den = dG;
  if (sgn(lam0) > 0) c.lam.push_back(lam0), c.keep.push_back(s[0]);
  for (std::size_t j = 0; j < m; ++j)
    if (sgn(num[j]) > 0) c.lam.push_back(num[j]), c.keep.push_back(s[j + 1]);
  return true;
}

/// The point of conv(w) nearest the origin, as described at the top (zero
/// weights dropped: the nearest point lies in a smaller face).
template <int D>
Nearest<D> nearest_of(const std::vector<V<D>>& w) {
  const std::size_t k = w.size();
  if (k > D + 1) throw std::logic_error("exactgeom: a GJK simplex of more than D + 1 points");
  Nearest<D> best, c;
  bool have = false;
  Z best_n2, n2;
  for (unsigned mask = 1; mask < (1u << k); ++mask) {
    std::size_t s[D + 1], n = 0;
    for (std::size_t i = 0; i < k; ++i)
      if (mask & (1u << i)) s[n++] = i;
    if (!project<D>(w, s, n, c)) continue;
    dot_into<D>(n2, c.N, c.N);
    // Compare |N|^2 / den^2 across candidates without division.
    if (!have || n2 * best.den * best.den < best_n2 * c.den * c.den) {
      std::swap(best, c);
      std::swap(best_n2, n2);
      have = true;
    }
  }
  if (!have) throw std::logic_error("exactgeom: GJK found no nearest point of a simplex");
  if (best.keep.empty()) throw std::logic_error("exactgeom: GJK's nearest point has no positive weight");
  return best;
}

}  // namespace

template <int D>
Scaled<D> scale(const Core& x, const Core& y, const std::vector<mpq_class>* motion) {
  Z L = 1;
  for (const auto* c : {&x, &y}) {
    for (const mpq_class& q : c->c) lcm_into(L, q);
    lcm_into(L, c->r);
  }
  if (motion)
    for (const mpq_class& q : *motion) lcm_into(L, q);
  Scaled<D> s;
  s.L = L;
  s.x = int_core<D>(x, L);
  s.y = int_core<D>(y, L);
  if (motion) s.motion = int_point<D>(*motion, 0, L);
  return s;
}
template Scaled<2> scale<2>(const Core&, const Core&, const std::vector<mpq_class>*);
template Scaled<3> scale<3>(const Core&, const Core&, const std::vector<mpq_class>*);

template <int D>
Gjk<D> gjk(const std::vector<V<D>>& A, const std::vector<V<D>>& B,
           const std::vector<std::pair<std::uint32_t, std::uint32_t>>* seed) {
  if (A.empty() || B.empty()) throw invalid_input("convex core with no points");
  std::vector<V<D>> w;
  std::vector<Point> idx;
  Gjk<D> g;
  // The simplex becomes n's points of positive weight (distinct indices, so
  // they are moved), v its nearest point.
  auto adopt = [&](Nearest<D>& n) {
    std::vector<V<D>> w2;
    std::vector<Point> idx2;
    for (std::size_t i : n.keep) w2.push_back(std::move(w[i])), idx2.push_back(idx[i]);
    w = std::move(w2);
    idx = std::move(idx2);
    g.N = std::move(n.N);
    g.den = std::move(n.den);
    g.lam = std::move(n.lam);
  };
  if (seed && !seed->empty()) {
    // Start from the seed's simplex: v is the nearest point of its hull, as
    // the loop's invariant asks (the loop then only certifies it, or walks
    // on from there).
    for (const auto& [ia, ib] : *seed) {
      if (ia >= A.size() || ib >= B.size()) throw std::logic_error("exactgeom: GJK seed out of range");
      w.push_back(sub(A[ia], B[ib]));
      idx.push_back({ia, ib});
    }
    // The double GJK's simplex is usually the answer's face itself: its
    // projection, when it is in the hull, is the hull's nearest point.
    Nearest<D> n;
    std::size_t all[D + 1];
    for (std::size_t i = 0; i < w.size() && i <= D; ++i) all[i] = i;
    if (w.size() > D + 1 || !project<D>(w, all, w.size(), n)) n = nearest_of<D>(w);
    adopt(n);
  } else {
    w.push_back(sub(A[0], B[0]));
    idx.push_back({0, 0});
    g.N = w[0];
    g.den = 1;
    g.lam = {Z(1)};
  }
  Z nn = dot<D>(g.N, g.N), t, best;
  for (int iter = 0;; ++iter) {
    if (iter > 100000) throw std::logic_error("exactgeom: exact GJK did not terminate");
    if (sgn(nn) == 0) break;  // the origin is in the hull: the cores meet
    // Support of M = A - B in direction -v: the a minimizing N.a and the b
    // maximizing N.b.
    std::uint32_t ia = 0, ib = 0;
    dot_into<D>(best, g.N, A[0]);
    for (std::uint32_t i = 1; i < A.size(); ++i) {
      dot_into<D>(t, g.N, A[i]);
      if (t < best) best = t, ia = i;
    }
    Z nsa = best;
    dot_into<D>(best, g.N, B[0]);
    for (std::uint32_t i = 1; i < B.size(); ++i) {
      dot_into<D>(t, g.N, B[i]);
      if (t > best) best = t, ib = i;
    }
    // v.s >= |v|^2 with v = N / den: den (N.a - N.b) >= N.N.
    if (Z(g.den * (nsa - best)) >= nn) break;
    w.push_back(sub(A[ia], B[ib]));
    idx.push_back({ia, ib});
    Nearest<D> n = nearest_of<D>(w);
    const Z n2 = dot<D>(n.N, n.N);
    if (!(n2 * g.den * g.den < nn * n.den * n.den))
      throw std::logic_error("exactgeom: exact GJK did not get nearer");
    adopt(n);
    nn = n2;
  }
  g.pairs.clear();
  for (const Point& p : idx) g.pairs.push_back({p.ia, p.ib});
  return g;
}
template Gjk<2> gjk<2>(const std::vector<V<2>>&, const std::vector<V<2>>&,
                       const std::vector<std::pair<std::uint32_t, std::uint32_t>>*);
template Gjk<3> gjk<3>(const std::vector<V<3>>&, const std::vector<V<3>>&,
                       const std::vector<std::pair<std::uint32_t, std::uint32_t>>*);

namespace {

/// The integer points in doubles, all scaled by one power of two so that
/// the largest is near 1 (any size of integer: the exponent is read apart),
/// for the double GJK's seed; relative detail below 2^-1074 is lost, which
/// only a hint may lose.
template <int D>
void seed_doubles(const std::vector<V<D>>& a, const std::vector<V<D>>& b, std::vector<double>& da,
                  std::vector<double>& db) {
  long emax = 0;
  for (const auto* pts : {&a, &b})
    for (const V<D>& p : *pts)
      for (const Z& c : p)
        if (sgn(c) != 0) emax = std::max(emax, static_cast<long>(mpz_sizeinbase(c.get_mpz_t(), 2)));
  auto put = [&](const std::vector<V<D>>& pts, std::vector<double>& out) {
    out.reserve(pts.size() * D);
    for (const V<D>& p : pts)
      for (const Z& c : p) {
        long e = 0;
        const double m = mpz_get_d_2exp(&e, c.get_mpz_t());  // c = m 2^e, |m| in [1/2, 1)
        out.push_back(std::ldexp(m, static_cast<int>(std::max(e - emax, -2000L))));
      }
  };
  put(a, da);
  put(b, db);
}

template <int D>
Separation distance_in(const Core& x, const Core& y, Pair pair) {
  const Scaled<D> s = scale<D>(x, y);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> seed;
  if (pair == Pair::any) {
    std::vector<double> da, db;
    seed_doubles<D>(s.x.v, s.y.v, da, db);
    std::uint32_t ia[D + 1], ib[D + 1];
    const int n = gjk_seed(da.data(), s.x.v.size(), db.data(), s.y.v.size(), D, ia, ib);
    for (int i = 0; i < n; ++i) seed.emplace_back(ia[i], ib[i]);
  }
  const Gjk<D> g = gjk<D>(s.x.v, s.y.v, &seed);
  Separation out;
  out.dist2 = gjk_dist2<D>(g) / mpq_class(Z(s.L * s.L));
  const Z denL = g.den * s.L;
  out.p.resize(D);
  out.q.resize(D);
  out.w.resize(D);
  for (int k = 0; k < D; ++k) {
    mpq_class& p = out.p[static_cast<std::size_t>(k)];
    mpq_class& q = out.q[static_cast<std::size_t>(k)];
    for (std::size_t i = 0; i < g.pairs.size(); ++i) {
      mpz_addmul(p.get_num_mpz_t(), g.lam[i].get_mpz_t(), s.x.v[g.pairs[i].first][k].get_mpz_t());
      mpz_addmul(q.get_num_mpz_t(), g.lam[i].get_mpz_t(), s.y.v[g.pairs[i].second][k].get_mpz_t());
    }
    mpz_set(p.get_den_mpz_t(), denL.get_mpz_t());
    mpz_set(q.get_den_mpz_t(), denL.get_mpz_t());
    p.canonicalize();
    q.canonicalize();
    // q - p = -v = -N / den, in the frame's units: exact and the same for
    // every closest pair.
    mpq_class& w = out.w[static_cast<std::size_t>(k)];
    mpz_neg(w.get_num_mpz_t(), g.N[k].get_mpz_t());
    mpz_set(w.get_den_mpz_t(), denL.get_mpz_t());
    w.canonicalize();
  }
  return out;
}

}  // namespace

Separation core_distance(const Core& x, const Core& y, Pair pair) {
  if (x.dim != y.dim) throw invalid_input("convex cores of different dimensions");
  return x.dim == 2 ? distance_in<2>(x, y, pair) : distance_in<3>(x, y, pair);
}

}  // namespace exactgeom::detail::cvx

// Time of impact of two convex cores (detail/convex_core.hpp): the least t in
// [0, 1] at which x translated by t v meets y (distance <= R = r_x + r_y),
// correctly rounded to double.
//
// f(t) = dist(A + t v, B) is convex in t (the distance between translated
// convex sets is), so {t : f(t) <= R} is an interval [t0, t1].
//  - R = 0: t0 is the optimum of a linear program, min t subject to
//    a + t v = b, a in A, b in B (convex combinations of the vertices),
//    t >= 0. Solved exactly (simplex method in rationals, Bland's rule, so
//    it cannot cycle), t0 is a rational and rounds directly.
//  - R > 0: t0 is algebraic. The region x sweeps over [0, 1] is the hull of
//    A and A + v; its exact distance to B says whether they ever meet and,
//    from the GJK weights of its closest point, a time tau at which they do.
//    On [0, tau] "meets at t" is false then true, so bisection over the
//    doubles (exact distance at each dyadic t) brackets t0 between adjacent
//    doubles lo < t0 <= hi; the distance at their midpoint m decides the
//    rounding. At m itself (dist = R exactly), with w the closest pair's
//    difference (from y's core to x's) and D(t) = dist^2 - R^2:
//    D'(m) = 2 w.v. w.v > 0: D is below 0 just before m, t0 < m. w.v < 0: D
//    is above 0 just before m, t0 = m, a tie (to even). w.v = 0: D >= 0
//    near m and D(t) = 0 exactly when a point of x's face nearest y and a
//    point of y's face nearest x are w apart; that persists for t slightly
//    before m iff -v points into the polytope K = F_y - F_x + w (which
//    contains 0) -- iff -v lies in the cone of K's points, an exact test.
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "engine.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail::cvx {

namespace {

/// min c.x subject to M x = rhs, x >= 0, exactly; nullopt when infeasible.
/// (Unboundedness is the caller's to exclude.) Dense tableau, two phases,
/// Bland's rule (Chvatal, Linear Programming, ch. 3).
std::optional<mpq_class> lp_min(std::vector<std::vector<mpq_class>> M, std::vector<mpq_class> rhs,
                                 const std::vector<mpq_class>& c) {
  const std::size_t m = M.size(), n = c.size();
  for (std::size_t i = 0; i < m; ++i)
    if (sgn(rhs[i]) < 0) {
      for (auto& a : M[i]) a = -a;
      rhs[i] = -rhs[i];
    }
  // Columns: n originals, then m artificials. basis[i] = column of row i.
  const std::size_t N = n + m;
  std::vector<std::vector<mpq_class>> T(m, std::vector<mpq_class>(N + 1));
  std::vector<std::size_t> basis(m);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < n; ++j) T[i][j] = M[i][j];
    T[i][n + i] = 1;
    T[i][N] = rhs[i];
    basis[i] = n + i;
  }
  auto pivot = [&](std::size_t r, std::size_t col) {
    const mpq_class p = T[r][col];
    for (auto& a : T[r]) a /= p;
    for (std::size_t i = 0; i < m; ++i) {
      if (i == r || sgn(T[i][col]) == 0) continue;
      const mpq_class f = T[i][col];
      for (std::size_t j = 0; j <= N; ++j) T[i][j] -= f * T[r][j];
    }
    basis[r] = col;
  };
  // Runs the simplex on cost vector w (over columns < limit); false if unbounded.
  auto run = [&](const std::vector<mpq_class>& w, std::size_t limit) {
    for (int guard = 0; guard < 100000; ++guard) {
      // Reduced costs: w_j - sum_i w_basis[i] T[i][j]; Bland: first negative.
      std::size_t enter = limit;
      for (std::size_t j = 0; j < limit && enter == limit; ++j) {
        mpq_class rc = w[j];
        for (std::size_t i = 0; i < m; ++i) rc -= w[basis[i]] * T[i][j];
        if (sgn(rc) < 0) enter = j;
      }
      if (enter == limit) return true;
      std::size_t leave = m;
      mpq_class best;
      for (std::size_t i = 0; i < m; ++i) {
        if (sgn(T[i][enter]) <= 0) continue;
        const mpq_class ratio = T[i][N] / T[i][enter];
        if (leave == m || ratio < best || (ratio == best && basis[i] < basis[leave])) leave = i, best = ratio;
      }
      if (leave == m) return false;
      pivot(leave, enter);
    }
    throw std::logic_error("exactgeom: exact LP did not terminate");
  };
  std::vector<mpq_class> w1(N, 0);
  for (std::size_t i = 0; i < m; ++i) w1[n + i] = 1;
  run(w1, N);
  mpq_class infeas = 0;
  for (std::size_t i = 0; i < m; ++i)
    if (basis[i] >= n) infeas += T[i][N];
  if (sgn(infeas) > 0) return std::nullopt;
  // Drive artificials at zero level out of the basis where possible.
  for (std::size_t i = 0; i < m; ++i) {
    if (basis[i] < n) continue;
    for (std::size_t j = 0; j < n; ++j)
      if (sgn(T[i][j]) != 0) {
        pivot(i, j);
        break;
      }
  }
  std::vector<mpq_class> w2(N, 0);
  for (std::size_t j = 0; j < n; ++j) w2[j] = c[j];
  for (std::size_t i = 0; i < m; ++i)
    if (basis[i] >= n) w2[basis[i]] = 0;  // a redundant row keeps its artificial at 0
  if (!run(w2, n)) return std::nullopt;
  mpq_class value = 0;
  for (std::size_t i = 0; i < m; ++i) value += w2[basis[i]] * T[i][N];
  return value;
}

/// R = 0: min t >= 0 with (A + t v) meeting B, exactly.
template <int D>
std::optional<mpq_class> first_touch_r0(const Scaled<D>& s) {
  const auto &A = s.x.v, &B = s.y.v;
  const std::size_t na = A.size(), nb = B.size(), n = 1 + na + nb;
  std::vector<std::vector<mpq_class>> M(D + 2, std::vector<mpq_class>(n, 0));
  std::vector<mpq_class> rhs(D + 2, 0), c(n, 0);
  c[0] = 1;
  for (int k = 0; k < D; ++k) {
    M[k][0] = s.motion[k];
    for (std::size_t i = 0; i < na; ++i) M[k][1 + i] = A[i][k];
    for (std::size_t j = 0; j < nb; ++j) M[k][1 + na + j] = -B[j][k];
  }
  for (std::size_t i = 0; i < na; ++i) M[D][1 + i] = 1;
  for (std::size_t j = 0; j < nb; ++j) M[D + 1][1 + na + j] = 1;
  rhs[D] = 1;
  rhs[D + 1] = 1;
  return lp_min(std::move(M), std::move(rhs), c);
}

/// x's vertices at time p/q and y's, both times q (integers).
template <int D>
struct AtTime {
  std::vector<V<D>> A, B;
  Z R;
};
template <int D>
AtTime<D> at_time(const Scaled<D>& s, const mpq_class& t) {
  AtTime<D> a;
  const Z& p = t.get_num();
  const Z& q = t.get_den();
  for (const V<D>& x : s.x.v) {
    V<D> y;
    for (int k = 0; k < D; ++k) y[k] = q * x[k] + p * s.motion[k];
    a.A.push_back(y);
  }
  for (const V<D>& x : s.y.v) {
    V<D> y;
    for (int k = 0; k < D; ++k) y[k] = q * x[k];
    a.B.push_back(y);
  }
  a.R = q * (s.x.r + s.y.r);
  return a;
}

/// sign(dist^2 - R^2) at time t, with the GJK result.
template <int D>
int gap_sign(const AtTime<D>& a, const Gjk<D>& g) {
  const Z lhs = dot<D>(g.N, g.N), rhs = a.R * a.R * g.den * g.den;
  return lhs < rhs ? -1 : (lhs > rhs ? 1 : 0);
}

template <int D>
bool meets_at(const Scaled<D>& s, const mpq_class& t) {
  const AtTime<D> a = at_time<D>(s, t);
  return gap_sign<D>(a, gjk<D>(a.A, a.B)) <= 0;
}

/// -v lies in the cone spanned by gens (Caratheodory: in the cone of some
/// at most D linearly independent ones).
template <int D>
bool in_cone(const V<D>& t, const std::vector<V<D>>& gens) {
  if (is_zero<D>(t)) return true;
  const std::size_t n = gens.size();
  for (std::size_t i = 0; i < n; ++i)
    if (same_direction<D>(gens[i], t)) return true;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const V<D>&g1 = gens[i], &g2 = gens[j];
      if constexpr (D == 2) {
        const Z d = cross2(g1, g2);
        if (sgn(d) == 0) continue;
        const int sa = sgn(cross2(t, g2)) * sgn(d), sb = sgn(cross2(g1, t)) * sgn(d);
        if (sa >= 0 && sb >= 0) return true;
      } else {
        const V<3> n12 = cross(g1, g2);
        if (is_zero<3>(n12) || sgn(dot<3>(n12, t)) != 0) continue;  // not a plane holding t
        if (sgn(dot<3>(cross(t, g2), n12)) >= 0 && sgn(dot<3>(cross(g1, t), n12)) >= 0) return true;
      }
    }
  if constexpr (D == 3) {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        for (std::size_t k = j + 1; k < n; ++k) {
          const Z d = det3(gens[i], gens[j], gens[k]);
          if (sgn(d) == 0) continue;
          const int s = sgn(d);
          if (sgn(det3(t, gens[j], gens[k])) * s >= 0 && sgn(det3(gens[i], t, gens[k])) * s >= 0 &&
              sgn(det3(gens[i], gens[j], t)) * s >= 0)
            return true;
        }
  }
  return false;
}

/// At time m with dist = R exactly and w.v = 0: does the contact persist for
/// t slightly below m (the top of this file)?
template <int D>
bool contact_persists_before(const Scaled<D>& s, const AtTime<D>& a, const Gjk<D>& g) {
  // w = N / den (from y's core to x's). Faces: x's points minimizing w.x,
  // y's maximizing w.y. K's points, times den: den (b - a) + N.
  Z lo, hi, t;
  std::vector<std::size_t> fa, fb;
  for (std::size_t i = 0; i < a.A.size(); ++i) {
    dot_into<D>(t, g.N, a.A[i]);
    if (fa.empty() || t < lo) lo = t, fa = {i};
    else if (t == lo) fa.push_back(i);
  }
  for (std::size_t j = 0; j < a.B.size(); ++j) {
    dot_into<D>(t, g.N, a.B[j]);
    if (fb.empty() || t > hi) hi = t, fb = {j};
    else if (t == hi) fb.push_back(j);
  }
  std::vector<V<D>> gens;
  for (std::size_t i : fa)
    for (std::size_t j : fb) {
      V<D> k;
      for (int c = 0; c < D; ++c) k[c] = g.den * (a.B[j][c] - a.A[i][c]) + g.N[c];
      gens.push_back(k);
    }
  return in_cone<D>(neg<D>(s.motion), gens);
}

double even_of(double lo, double hi) { return (std::bit_cast<std::uint64_t>(lo) & 1) == 0 ? lo : hi; }

template <int D>
std::optional<double> toi_in(const Core& x, const Core& y, const std::vector<mpq_class>& v) {
  const Scaled<D> s = scale<D>(x, y, &v);
  if (is_zero<D>(s.motion)) {
    if (meets_at<D>(s, mpq_class(0))) return 0.0;
    return std::nullopt;
  }
  if (sgn(s.x.r + s.y.r) == 0) {
    const std::optional<mpq_class> t0 = first_touch_r0<D>(s);
    if (!t0 || *t0 > 1) return std::nullopt;
    return to_double(*t0);
  }
  if (meets_at<D>(s, mpq_class(0))) return 0.0;
  // The swept region: A, then A + v; its closest point's weight on A + v is
  // a time at which they meet.
  std::vector<V<D>> swept = s.x.v;
  for (const V<D>& p : s.x.v) swept.push_back(add(p, s.motion));
  const Gjk<D> g = gjk<D>(swept, s.y.v);
  const Z R = s.x.r + s.y.r;
  if (dot<D>(g.N, g.N) > R * R * g.den * g.den) return std::nullopt;
  Z moved = 0;
  for (std::size_t i = 0; i < g.pairs.size(); ++i)
    if (g.pairs[i].first >= s.x.v.size()) moved += g.lam[i];
  mpq_class tau(moved, g.den);
  tau.canonicalize();
  // The largest double <= tau; t0 is in (0, tau].
  double k = to_double(tau);
  if (mpq_class(k) > tau) k = std::nextafter(k, 0.0);
  double lo, hi;
  if (meets_at<D>(s, mpq_class(k))) {
    std::uint64_t a = 0, b = std::bit_cast<std::uint64_t>(k);  // f(a) false, f(b) true
    while (b - a > 1) {
      const std::uint64_t mid = a + (b - a) / 2;
      (meets_at<D>(s, mpq_class(std::bit_cast<double>(mid))) ? b : a) = mid;
    }
    lo = std::bit_cast<double>(a);
    hi = std::bit_cast<double>(b);
  } else {
    lo = k;
    hi = std::nextafter(k, std::numeric_limits<double>::infinity());
  }
  const mpq_class m = (mpq_class(lo) + mpq_class(hi)) / 2;
  if (m > tau) return lo;  // t0 <= tau < m
  const AtTime<D> a = at_time<D>(s, m);
  const Gjk<D> gm = gjk<D>(a.A, a.B);
  const int sign = gap_sign<D>(a, gm);
  if (sign > 0) return hi;
  if (sign < 0) return lo;
  const int slope = sgn(dot<D>(gm.N, s.motion));  // D'(m) = 2 w.v
  if (slope > 0) return lo;
  if (slope < 0) return even_of(lo, hi);
  return contact_persists_before<D>(s, a, gm) ? lo : even_of(lo, hi);
}

}  // namespace

std::optional<double> core_time_of_impact(const Core& x, const Core& y, const std::vector<mpq_class>& v) {
  if (x.dim != y.dim || static_cast<int>(v.size()) != x.dim)
    throw invalid_input("time of impact: shapes and motion of different dimensions");
  return x.dim == 2 ? toi_in<2>(x, y, v) : toi_in<3>(x, y, v);
}

}  // namespace exactgeom::detail::cvx

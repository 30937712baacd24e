// Benchmarks of exactgeom/predicates.hpp against the naive float determinant
// (include/exactgeom/float/naive_predicates.hpp) and an mpq_class oracle.
// Names: <operation>/<implementation>/<input set>; 4,096 pre-generated
// inputs per iteration. Operations orient2d, orient3d, incircle, insphere.
//
// Implementations:
//   float        naive double determinant on double inputs
//   exact        exactgeom on the same doubles (filter, exact fallback)
//   mpq          the determinant written the obvious way in mpq_class, on the
//                same doubles converted exactly before timing
//   float_int32  naive double determinant on int32 points, converted to
//                double inside the loop as a user would
//   exact_int32  exactgeom on the same int32 points
//   float_int64, exact_int64   the same on int64 points
//   exact_mpz    exactgeom on the int64 points held as mpz_class (converted
//                before timing); compared with float_int64
// Input sets:
//   random       doubles uniform in [-1, 1); integers uniform over the
//                type's whole range (mpz: the int64 range)
//   degenerate   exactly collinear / coplanar / cocircular / cospherical
//                integer configurations at full magnitude (|x| < 2^31 for
//                int32, 2^63 for int64). Doubles: the same built at
//                |x| < 2^50 and scaled by 2^-50 (exact, |x| < 1), then on
//                half the inputs one coordinate of the last point is moved
//                by one ulp: exactly or nearly degenerate, so the filter
//                fails on essentially all of them (the counter
//                filter_uncertain reports the share).
// Counters: filter_uncertain (exact on doubles: share of inputs the double
// filter could not decide), float_wrong (float*: share of inputs where the
// naive sign differs from the exact one) and exact_wrong (exact*: share of
// inputs where exactgeom differs from the mpq oracle; must be 0).
#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/detail/filters.hpp"
#include "exactgeom/float/naive_predicates.hpp"
#include "exactgeom/predicates.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;
using std::int32_t;
using std::int64_t;

namespace {

// ---------------------------------------------------------------------------
// The mpq oracle: each determinant of spec/queries.md the obvious way.

mpq_class det2(const mpq_class& a, const mpq_class& b, const mpq_class& c, const mpq_class& d) {
  return mpq_class(a * d - b * c);
}

/// det of rows r0, r1, r2 by cofactors along the first row.
mpq_class det3(const mpq_class* r0, const mpq_class* r1, const mpq_class* r2) {
  return mpq_class(r0[0] * det2(r1[1], r1[2], r2[1], r2[2]) -
                   r0[1] * det2(r1[0], r1[2], r2[0], r2[2]) +
                   r0[2] * det2(r1[0], r1[1], r2[0], r2[1]));
}

using Q2 = eg::Point2<mpq_class>;
using Q3 = eg::Point3<mpq_class>;

int mpq_orient2d(const Q2& a, const Q2& b, const Q2& c) {
  return sgn(det2(b.x - a.x, b.y - a.y, c.x - a.x, c.y - a.y));
}

int mpq_orient3d(const Q3& a, const Q3& b, const Q3& c, const Q3& d) {
  const mpq_class m[3][3] = {{b.x - a.x, b.y - a.y, b.z - a.z},
                             {c.x - a.x, c.y - a.y, c.z - a.z},
                             {d.x - a.x, d.y - a.y, d.z - a.z}};
  return sgn(det3(m[0], m[1], m[2]));
}

int mpq_incircle(const Q2& a, const Q2& b, const Q2& c, const Q2& d) {
  mpq_class m[3][3];
  const Q2* p[3] = {&a, &b, &c};
  for (int i = 0; i < 3; ++i) {
    m[i][0] = p[i]->x - d.x;
    m[i][1] = p[i]->y - d.y;
    m[i][2] = m[i][0] * m[i][0] + m[i][1] * m[i][1];
  }
  return sgn(det3(m[0], m[1], m[2]));
}

int mpq_insphere(const Q3& a, const Q3& b, const Q3& c, const Q3& d, const Q3& e) {
  mpq_class m[4][4];
  const Q3* p[4] = {&a, &b, &c, &d};
  for (int i = 0; i < 4; ++i) {
    m[i][0] = p[i]->x - e.x;
    m[i][1] = p[i]->y - e.y;
    m[i][2] = p[i]->z - e.z;
    m[i][3] = m[i][0] * m[i][0] + m[i][1] * m[i][1] + m[i][2] * m[i][2];
  }
  // Cofactors along the first row; minor j drops column j.
  mpq_class det = 0;
  for (int j = 0; j < 4; ++j) {
    mpq_class rows[3][3];
    for (int i = 1; i < 4; ++i)
      for (int k = 0, col = 0; k < 4; ++k)
        if (k != j) rows[i - 1][col++] = m[i][k];
    const mpq_class term = m[0][j] * det3(rows[0], rows[1], rows[2]);
    if (j % 2 == 0)
      det += term;
    else
      det -= term;
  }
  return -sgn(det);
}

// ---------------------------------------------------------------------------
// Exactly degenerate integer configurations with every |coordinate| < 2^mag.

int64_t sym(bn::Rng& g, int64_t m) { return bn::uniform_int<int64_t>(g, -m, m); }

/// A coefficient in [-8, 8] other than 0 and `not_this`.
int64_t coef(bn::Rng& g, int64_t not_this = 0) {
  for (;;)
    if (const int64_t k = bn::uniform_int<int64_t>(g, -8, 8); k != 0 && k != not_this) return k;
}

/// Integer points on the circle x^2 + y^2 = R^2, R = 5^2*13*17*29*37 =
/// 5,928,325 < 2^23 (R^2 has 1,620 lattice points on it).
const std::vector<std::array<int64_t, 2>>& circle_points() {
  static const std::vector<std::array<int64_t, 2>> pts = [] {
    const int64_t r = 5928325;
    std::vector<std::array<int64_t, 2>> v;
    for (int64_t x = -r; x <= r; ++x) {
      const int64_t y2 = r * r - x * x;
      auto y = static_cast<int64_t>(std::sqrt(static_cast<double>(y2)));
      while (y * y > y2) --y;
      while ((y + 1) * (y + 1) <= y2) ++y;
      if (y * y != y2) continue;
      v.push_back({x, y});
      if (y != 0) v.push_back({x, -y});
    }
    return v;
  }();
  return pts;
}

/// Integer points on the sphere x^2 + y^2 + z^2 = R^2, R = 5*13*17 = 1,105.
const std::vector<std::array<int64_t, 3>>& sphere_points() {
  static const std::vector<std::array<int64_t, 3>> pts = [] {
    const int64_t r = 1105;
    std::vector<std::array<int64_t, 3>> v;
    for (int64_t x = -r; x <= r; ++x)
      for (int64_t y = -r; y <= r; ++y) {
        const int64_t z2 = r * r - x * x - y * y;
        if (z2 < 0) continue;
        auto z = static_cast<int64_t>(std::sqrt(static_cast<double>(z2)));
        while (z * z > z2) --z;
        while ((z + 1) * (z + 1) <= z2) ++z;
        if (z * z != z2) continue;
        v.push_back({x, y, z});
        if (z != 0) v.push_back({x, y, -z});
      }
    return v;
  }();
  return pts;
}

/// N distinct lattice points of `pts`, scaled by k and moved to a random
/// center: |coordinate| <= (h - 1) + k*R < 2h.
template <std::size_t N, std::size_t D>
std::array<std::array<int64_t, D>, N> on_sphere(bn::Rng& g, const std::vector<std::array<int64_t, D>>& pts,
                                                int64_t radius, int64_t h) {
  std::array<std::size_t, N> idx{};
  for (std::size_t i = 0; i < N; ++i) {
    bool fresh = false;
    while (!fresh) {
      idx[i] = bn::uniform_int<std::size_t>(g, 0, pts.size() - 1);
      fresh = true;
      for (std::size_t j = 0; j < i; ++j) fresh = fresh && idx[j] != idx[i];
    }
  }
  const int64_t k = bn::uniform_int<int64_t>(g, 1, h / radius);
  std::array<int64_t, D> center;
  for (auto& c : center) c = sym(g, h - 1);
  std::array<std::array<int64_t, D>, N> out;
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < D; ++j) out[i][j] = center[j] + k * pts[idx[i]][j];
  return out;
}

template <class T>
eg::Point2<T> p2(const std::array<int64_t, 2>& v) { return {T(v[0]), T(v[1])}; }
template <class T>
eg::Point3<T> p3(const std::array<int64_t, 3>& v) { return {T(v[0]), T(v[1]), T(v[2])}; }

// ---------------------------------------------------------------------------
// The four operations: arity, the calls of each implementation, the double
// filter (for the filter_uncertain counter) and the degenerate generator.

struct Orient2d {
  static constexpr const char* name = "orient2d";
  static constexpr int dim = 2;
  static constexpr std::size_t n = 3;
  static constexpr auto exact = [](const auto&... p) { return eg::orient2d(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::naive::orient2d(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_orient2d(p...); };
  static int filter(const std::array<eg::Point2<double>, 3>& p) {
    return eg::detail::orient2d_filter(p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y);
  }
  // a + i*d, a + j*d: |coordinate| < h + 8*h/16 < 2^mag.
  static std::array<eg::Point2<int64_t>, 3> degenerate(bn::Rng& g, int mag) {
    const int64_t h = int64_t(1) << (mag - 1);
    const std::array<int64_t, 2> a{sym(g, h - 1), sym(g, h - 1)}, d{sym(g, h / 16), sym(g, h / 16)};
    const int64_t i = coef(g), j = coef(g, i);
    return {p2<int64_t>(a), p2<int64_t>({a[0] + i * d[0], a[1] + i * d[1]}),
            p2<int64_t>({a[0] + j * d[0], a[1] + j * d[1]})};
  }
};

struct Orient3d {
  static constexpr const char* name = "orient3d";
  static constexpr int dim = 3;
  static constexpr std::size_t n = 4;
  static constexpr auto exact = [](const auto&... p) { return eg::orient3d(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::naive::orient3d(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_orient3d(p...); };
  static int filter(const std::array<eg::Point3<double>, 4>& p) {
    double f[4][3];
    for (int i = 0; i < 4; ++i) f[i][0] = p[i].x, f[i][1] = p[i].y, f[i][2] = p[i].z;
    return eg::detail::orient3d_filter(f[0], f[1], f[2], f[3]);
  }
  // a + i*u, a + j*v, a + k*u + l*v: |coordinate| < h + 16*h/32 < 2^mag.
  static std::array<eg::Point3<int64_t>, 4> degenerate(bn::Rng& g, int mag) {
    const int64_t h = int64_t(1) << (mag - 1);
    std::array<int64_t, 3> a, u, v, b, c, d;
    for (auto& x : a) x = sym(g, h - 1);
    for (auto& x : u) x = sym(g, h / 32);
    for (auto& x : v) x = sym(g, h / 32);
    const int64_t i = coef(g), j = coef(g), k = coef(g), l = coef(g);
    for (int t = 0; t < 3; ++t) {
      b[t] = a[t] + i * u[t];
      c[t] = a[t] + j * v[t];
      d[t] = a[t] + k * u[t] + l * v[t];
    }
    return {p3<int64_t>(a), p3<int64_t>(b), p3<int64_t>(c), p3<int64_t>(d)};
  }
};

struct Incircle {
  static constexpr const char* name = "incircle";
  static constexpr int dim = 2;
  static constexpr std::size_t n = 4;
  static constexpr auto exact = [](const auto&... p) { return eg::incircle(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::naive::incircle(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_incircle(p...); };
  static int filter(const std::array<eg::Point2<double>, 4>& p) {
    double f[4][2];
    for (int i = 0; i < 4; ++i) f[i][0] = p[i].x, f[i][1] = p[i].y;
    return eg::detail::incircle_filter(f[0], f[1], f[2], f[3]);
  }
  static std::array<eg::Point2<int64_t>, 4> degenerate(bn::Rng& g, int mag) {
    const auto v = on_sphere<4>(g, circle_points(), 5928325, int64_t(1) << (mag - 1));
    return {p2<int64_t>(v[0]), p2<int64_t>(v[1]), p2<int64_t>(v[2]), p2<int64_t>(v[3])};
  }
};

struct Insphere {
  static constexpr const char* name = "insphere";
  static constexpr int dim = 3;
  static constexpr std::size_t n = 5;
  static constexpr auto exact = [](const auto&... p) { return eg::insphere(p...); };
  static constexpr auto naive = [](const auto&... p) { return eg::naive::insphere(p...); };
  static constexpr auto oracle = [](const auto&... p) { return mpq_insphere(p...); };
  static int filter(const std::array<eg::Point3<double>, 5>& p) {
    double f[5][3];
    for (int i = 0; i < 5; ++i) f[i][0] = p[i].x, f[i][1] = p[i].y, f[i][2] = p[i].z;
    return eg::detail::insphere_filter(f[0], f[1], f[2], f[3], f[4]);
  }
  static std::array<eg::Point3<int64_t>, 5> degenerate(bn::Rng& g, int mag) {
    const auto v = on_sphere<5>(g, sphere_points(), 1105, int64_t(1) << (mag - 1));
    return {p3<int64_t>(v[0]), p3<int64_t>(v[1]), p3<int64_t>(v[2]), p3<int64_t>(v[3]),
            p3<int64_t>(v[4])};
  }
};

// ---------------------------------------------------------------------------
// Input sets. Each (operation, set, coordinate kind) has its own fixed seed,
// so every implementation on "the same input set" sees the same inputs.

template <class Op, class T>
using Tuple = std::array<bn::Point<Op::dim, T>, Op::n>;

/// A point whose coordinates are draw(), in order.
template <int Dim, class Draw>
auto random_point(Draw draw) {
  using T = decltype(draw());
  bn::Point<Dim, T> p;
  p.x = draw();
  p.y = draw();
  if constexpr (Dim == 3) p.z = draw();
  return p;
}

template <class Op>
bn::Rng rng_for(const std::string& set, const char* kind) {
  const std::string key = std::string(Op::name) + "/" + set + "/" + kind;
  std::seed_seq seq(key.begin(), key.end());
  return bn::Rng(seq);
}

template <class Op>
std::vector<Tuple<Op, double>> double_set(const std::string& set) {
  bn::Rng g = rng_for<Op>(set, "double");
  std::vector<Tuple<Op, double>> out(bn::kInputs);
  for (auto& t : out) {
    if (set == "random") {
      for (auto& p : t) p = random_point<Op::dim>([&] { return bn::uniform_double(g, -1, 1); });
      continue;
    }
    t = bn::convert<double>(Op::degenerate(g, 50),
                            [](int64_t v) { return static_cast<double>(v) * 0x1p-50; });
    if (g() & 1) {  // move one coordinate of the last point by one ulp
      double* c[3] = {&t.back().x, &t.back().y, nullptr};
      if constexpr (Op::dim == 3) c[2] = &t.back().z;
      double& x = *c[bn::uniform_int<int>(g, 0, Op::dim - 1)];
      x = std::nextafter(x, (g() & 1) ? 1.0 : -1.0);
    }
  }
  return out;
}

template <class Op, class I>
std::vector<Tuple<Op, I>> int_set(const std::string& set) {
  bn::Rng g = rng_for<Op>(set, sizeof(I) == 4 ? "int32" : "int64");
  std::vector<Tuple<Op, I>> out(bn::kInputs);
  for (auto& t : out) {
    if (set == "random")
      for (auto& p : t) p = random_point<Op::dim>([&] { return bn::uniform_full<I>(g); });
    else
      t = bn::convert<I>(Op::degenerate(g, sizeof(I) == 4 ? 31 : 63),
                         [](int64_t v) { return static_cast<I>(v); });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Registration.

auto apply(auto fn) {
  return [fn](const auto& tuple) { return std::apply(fn, tuple); };
}

/// Share of inputs on which pred holds.
template <class Input, class Pred>
double share(const std::vector<Input>& in, Pred pred) {
  std::size_t hits = 0;
  for (const Input& x : in) hits += pred(x) ? 1 : 0;
  return static_cast<double>(hits) / static_cast<double>(in.size());
}

/// Share of inputs on which two implementations give different signs.
template <class Input, class F, class G>
double disagreement(const std::vector<Input>& in, F f, G g) {
  return share(in, [&](const Input& x) { return static_cast<int>(f(x)) != static_cast<int>(g(x)); });
}

/// The mpq oracle on any exactly convertible coordinates.
template <class Op>
struct OracleOn {
  template <class Tuple>
  int operator()(const Tuple& t) const {
    return std::apply(Op::oracle, bn::convert<mpq_class>(t, [](const auto& v) { return mpq_class(v); }));
  }
};

template <class Op, class I>
void register_int(const std::string& set, const char* suffix) {
  using In = Tuple<Op, I>;
  const auto exact = apply(Op::exact);
  const auto naive = [](const In& t) {
    return std::apply(Op::naive, bn::convert<double>(t, [](I v) { return static_cast<double>(v); }));
  };
  const std::string op = Op::name;
  bn::register_batch<In>(op + "/float_" + suffix + "/" + set, [=] {
    bn::Batch<In> b{int_set<Op, I>(set), {}};
    b.counters.push_back({bn::kFloatWrong, disagreement(b.inputs, naive, exact)});
    return b;
  }, naive);
  bn::register_batch<In>(op + "/exact_" + suffix + "/" + set, [=] {
    bn::Batch<In> b{int_set<Op, I>(set), {}};
    b.counters.push_back({bn::kExactWrong, disagreement(b.inputs, exact, OracleOn<Op>{})});
    return b;
  }, exact);
}

template <class Op>
void register_op() {
  using D = Tuple<Op, double>;
  using Q = Tuple<Op, mpq_class>;
  using Z = Tuple<Op, mpz_class>;
  const std::string op = Op::name;
  for (const std::string set : {"random", "degenerate"}) {
    const auto exact = apply(Op::exact);
    const auto naive = apply(Op::naive);
    bn::register_batch<D>(op + "/float/" + set, [=] {
      bn::Batch<D> b{double_set<Op>(set), {}};
      b.counters.push_back({bn::kFloatWrong, disagreement(b.inputs, naive, exact)});
      return b;
    }, naive);
    bn::register_batch<D>(op + "/exact/" + set, [=] {
      bn::Batch<D> b{double_set<Op>(set), {}};
      b.counters.push_back({bn::kFilterUncertain, share(b.inputs, [](const D& t) { return Op::filter(t) == 0; })});
      b.counters.push_back({bn::kExactWrong, disagreement(b.inputs, exact, OracleOn<Op>{})});
      return b;
    }, exact);
    bn::register_batch<Q>(op + "/mpq/" + set, [=] {
      std::vector<Q> q;
      for (const D& t : double_set<Op>(set)) q.push_back(bn::convert<mpq_class>(t, bn::to_mpq));
      return bn::Batch<Q>{std::move(q), {}};
    }, apply(Op::oracle));
    register_int<Op, int32_t>(set, "int32");
    register_int<Op, int64_t>(set, "int64");
    bn::register_batch<Z>(op + "/exact_mpz/" + set, [=] {
      std::vector<Z> z;
      for (const auto& t : int_set<Op, int64_t>(set)) z.push_back(bn::convert<mpz_class>(t, bn::to_mpz));
      bn::Batch<Z> b{std::move(z), {}};
      b.counters.push_back({bn::kExactWrong, disagreement(b.inputs, apply(Op::exact), OracleOn<Op>{})});
      return b;
    }, apply(Op::exact));
  }
}

void register_predicates() {
  register_op<Orient2d>();
  register_op<Orient3d>();
  register_op<Incircle>();
  register_op<Insphere>();
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_predicates);

// Tests of exactgeom/ccd.hpp: continuous collision of moving vertex-face
// and edge-edge pairs against the slow oracle of
// internal/testing/ccd_oracle.hpp (every condition interpolated from exact
// samples, Sturm roots, one distance formula for every ms) on every case
// family of exactgeom/audit/ccd.hpp, both kinds, with and without ms; the
// spec's example; properties (swapping the edges, permuting the face,
// translating and scaling change nothing; a static pair hits iff its
// distance is at most ms); every coordinate type; errors; and the
// benchmark's sample queries against the paper's ground truth.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>

#include "exactgeom/audit/ccd.hpp"
#include "exactgeom/boost.hpp"
#include "exactgeom/ccd.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "ccd/ccd_filter.hpp"
#include "testing/ccd_oracle.hpp"

namespace {

namespace eg = exactgeom;
namespace ea = exactgeom::audit;
namespace co = exactgeom::testing::ccd_oracle;
using P = eg::Point3<double>;
using Pts = std::array<P, 4>;

std::optional<eg::PrimitiveImpact> run(ea::CcdKind k, const ea::CcdCase& c) {
  Pts a, b;
  for (std::size_t i = 0; i < 4; ++i) a[i] = {c.t0[i][0], c.t0[i][1], c.t0[i][2]}, b[i] = {c.t1[i][0], c.t1[i][1], c.t1[i][2]};
  return k == ea::CcdKind::vertex_face ? eg::ccd_vertex_face(a, b, c.ms) : eg::ccd_edge_edge(a, b, c.ms);
}

co::Case oracle_case(const ea::CcdCase& c) {
  co::Case o;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t k = 0; k < 3; ++k) o.t0[i][k] = c.t0[i][k], o.t1[i][k] = c.t1[i][k];
  o.ms = c.ms;
  return o;
}

void expect_oracle(ea::CcdKind k, const ea::CcdCase& c, const std::string& what) {
  const auto got = run(k, c);
  const auto want = co::solve(oracle_case(c), k == ea::CcdKind::vertex_face);
  ASSERT_EQ(got.has_value(), want.has_value()) << what << "\n" << ea::ccd_query(k, c);
  if (got) {
    EXPECT_EQ(got->toi, want->first) << what << "\n" << ea::ccd_query(k, c);
    EXPECT_EQ(got->toi_lo, want->second) << what << "\n" << ea::ccd_query(k, c);
  }
}

constexpr ea::CcdFamily kFamilies[] = {
    ea::CcdFamily::random,     ea::CcdFamily::touching,   ea::CcdFamily::one_ulp,  ea::CcdFamily::coplanar_sliding,
    ea::CcdFamily::parallel,   ea::CcdFamily::collinear,  ea::CcdFamily::degenerate, ea::CcdFamily::flattening,
    ea::CcdFamily::grazing,    ea::CcdFamily::at_start,   ea::CcdFamily::at_end,   ea::CcdFamily::far_from_origin};

TEST(Ccd, SpecExample) {
  // A vertex falling through the middle of a triangle at t = 1/2.
  const auto r = eg::ccd_vertex_face<double>({P{0, 0, 1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                             {P{0, 0, -1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->toi, 0.5);
  EXPECT_EQ(r->toi_lo, 0.5);
}

TEST(Ccd, HandBuiltDegenerateCases) {
  // At t = 1/3 (not a double): toi rounds down to 1/3's double, toi_lo too
  // (the double is below); at 1/5 the nearest double is above, toi_lo one below.
  auto third = eg::ccd_vertex_face<double>({P{0, 0, 1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                           {P{0, 0, -2}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}});
  ASSERT_TRUE(third);
  EXPECT_EQ(third->toi, 1.0 / 3);
  EXPECT_EQ(third->toi_lo, 1.0 / 3);
  auto fifth = eg::ccd_vertex_face<double>({P{0, 0, 1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                           {P{0, 0, -4}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}});
  ASSERT_TRUE(fifth);
  EXPECT_EQ(fifth->toi, 0.2);
  EXPECT_EQ(fifth->toi_lo, std::nextafter(0.2, 0.0));
  // Already touching at t = 0 (the vertex on an edge), and sliding in the
  // face's plane.
  EXPECT_EQ(eg::ccd_vertex_face<double>({P{0, -1, 0}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                        {P{0, -1, 5}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}}),
            (eg::PrimitiveImpact{0, 0}));
  auto slide = eg::ccd_vertex_face<double>({P{-5, 0, 0}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                           {P{5, 0, 0}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}});
  ASSERT_TRUE(slide);
  EXPECT_EQ(slide->toi, 0.4);  // x = -1 at t = 4/10
  // Parallel edges never crossing, collinear edges overlapping, a
  // zero-length edge passing through the other.
  EXPECT_FALSE(eg::ccd_edge_edge<double>({P{0, 0, 0}, P{1, 0, 0}, P{0, 1, 0}, P{1, 1, 0}},
                                         {P{0, 0, 0}, P{1, 0, 0}, P{0, 1, 1}, P{1, 1, 1}}));
  EXPECT_EQ(eg::ccd_edge_edge<double>({P{0, 0, 0}, P{1, 0, 0}, P{3, 0, 0}, P{4, 0, 0}},
                                      {P{0, 0, 0}, P{1, 0, 0}, P{-1, 0, 0}, P{0, 0, 0}}),
            (eg::PrimitiveImpact{0.5, 0.5}));  // b0 from 3 to -1 reaches 1 at t = 1/2
  EXPECT_EQ(eg::ccd_edge_edge<double>({P{0, 0, 0}, P{2, 0, 0}, P{1, -1, 1}, P{1, -1, 1}},
                                      {P{0, 0, 0}, P{2, 0, 0}, P{1, 1, -1}, P{1, 1, -1}}),
            (eg::PrimitiveImpact{0.5, 0.5}));
  // A triangle collapsed to a point, and a vertex that meets it.
  EXPECT_EQ(eg::ccd_vertex_face<double>({P{0, 0, 1}, P{0, 0, 0}, P{0, 0, 0}, P{0, 0, 0}},
                                        {P{0, 0, -1}, P{0, 0, 0}, P{0, 0, 0}, P{0, 0, 0}}),
            (eg::PrimitiveImpact{0.5, 0.5}));
  // With ms: the vertex 1/4 above the plane at t = 3/8.
  EXPECT_EQ(eg::ccd_vertex_face<double>({P{0, 0, 1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                        {P{0, 0, -1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}}, 0.25),
            (eg::PrimitiveImpact{0.375, 0.375}));
}

class CcdFamilies : public ::testing::TestWithParam<std::tuple<ea::CcdKind, ea::CcdFamily, double>> {};

TEST_P(CcdFamilies, MatchTheOracle) {
  const auto [kind, fam, ms] = GetParam();
  const int n = std::getenv("EXACTGEOM_CCD_CASES") ? std::atoi(std::getenv("EXACTGEOM_CCD_CASES")) : 12;
  int hits = 0;
  for (int i = 0; i < n; ++i) {
    ea::CcdCase c = ea::ccd_case(kind, fam, 53, static_cast<std::uint64_t>(i));
    c.ms = ms;
    expect_oracle(kind, c, std::string(ea::to_string(fam)) + " " + std::to_string(i));
    hits += run(kind, c).has_value();
    if (HasFatalFailure()) return;
  }
  // The constructed families meet by construction (ms 0).
  if (ms == 0 && (fam == ea::CcdFamily::touching || fam == ea::CcdFamily::at_start || fam == ea::CcdFamily::at_end ||
                  fam == ea::CcdFamily::far_from_origin || fam == ea::CcdFamily::flattening)) {
    EXPECT_EQ(hits, n);
  }
}

INSTANTIATE_TEST_SUITE_P(Every, CcdFamilies,
                         ::testing::Combine(::testing::Values(ea::CcdKind::vertex_face, ea::CcdKind::edge_edge),
                                            ::testing::ValuesIn(kFamilies), ::testing::Values(0.0, 0.125)),
                         [](const auto& param_info) {
                           const auto& p = param_info.param;
                           return std::string(ea::to_string(std::get<0>(p))) + "_" + std::string(ea::to_string(std::get<1>(p))) +
                                  (std::get<2>(p) == 0 ? "" : "_ms");
                         });

TEST(Ccd, PropertiesHold) {
  // Swapping the edges (and each edge's ends), permuting the face's
  // corners, translating by a double offset and scaling by a power of two
  // change nothing.
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge})
    for (ea::CcdFamily f : kFamilies)
      for (int i = 0; i < 6; ++i)
        for (double ms : {0.0, 0.0625}) {
          ea::CcdCase c = ea::ccd_case(k, f, 7, static_cast<std::uint64_t>(i));
          c.ms = ms;
          const auto base = run(k, c);
          auto same = [&](ea::CcdCase d, const char* what) {
            EXPECT_EQ(run(k, d), base) << what << " " << ea::ccd_query(k, c);
          };
          ea::CcdCase s = c;
          if (k == ea::CcdKind::edge_edge) {
            for (auto* p : {&s.t0, &s.t1}) std::swap((*p)[0], (*p)[2]), std::swap((*p)[1], (*p)[3]);
            same(s, "swapped edges");
            s = c;
            for (auto* p : {&s.t0, &s.t1}) std::swap((*p)[0], (*p)[1]);
            same(s, "reversed edge");
          } else {
            for (auto* p : {&s.t0, &s.t1}) std::swap((*p)[1], (*p)[3]);
            same(s, "permuted corners");
            s = c;
            for (auto* p : {&s.t0, &s.t1}) std::rotate(p->begin() + 1, p->begin() + 2, p->end());
            same(s, "rotated corners");
          }
          {  // translated by (64, -32, 1/3), exactly (rational coordinates)
            using Q = eg::Point3<mpq_class>;
            std::array<Q, 4> a, b;
            const mpq_class third(1, 3);
            for (std::size_t j = 0; j < 4; ++j) {
              a[j] = {mpq_class(c.t0[j][0]) + 64, mpq_class(c.t0[j][1]) - 32, mpq_class(c.t0[j][2]) + third};
              b[j] = {mpq_class(c.t1[j][0]) + 64, mpq_class(c.t1[j][1]) - 32, mpq_class(c.t1[j][2]) + third};
            }
            const auto moved = k == ea::CcdKind::vertex_face ? eg::ccd_vertex_face(a, b, mpq_class(ms))
                                                             : eg::ccd_edge_edge(a, b, mpq_class(ms));
            EXPECT_EQ(moved, base) << "translated " << ea::ccd_query(k, c);
          }
          s = c;
          for (auto* p : {&s.t0, &s.t1})
            for (auto& q : *p) q = {q[0] * 0x1p-40, q[1] * 0x1p-40, q[2] * 0x1p-40};
          s.ms = ms * 0x1p-40;
          same(s, "scaled");
        }
}

TEST(Ccd, AStaticPairHitsAtZeroIffItsDistanceIsAtMostMs) {
  std::mt19937_64 g(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int i = 0; i < 200; ++i) {
    Pts p;
    for (auto& q : p) q = {u(g), u(g), u(g)};
    const double ms = i % 2 ? std::fabs(u(g)) : 0.0;
    const mpq_class m2 = mpq_class(ms) * mpq_class(ms);
    const auto vf = eg::ccd_vertex_face(p, p, ms), ee = eg::ccd_edge_edge(p, p, ms);
    const mpq_class dvf = eg::to_mpq(eg::squared_distance(p[0], eg::Triangle3<double>{p[1], p[2], p[3]}));
    const mpq_class dee = eg::to_mpq(eg::squared_distance(eg::Segment3<double>{p[0], p[1]}, eg::Segment3<double>{p[2], p[3]}));
    EXPECT_EQ(vf.has_value(), dvf <= m2) << i;
    EXPECT_EQ(ee.has_value(), dee <= m2) << i;
    if (vf) {
      EXPECT_EQ(*vf, (eg::PrimitiveImpact{0, 0}));
    }
    if (ee) {
      EXPECT_EQ(*ee, (eg::PrimitiveImpact{0, 0}));
    }
  }
}

template <class T>
void expect_type_agrees(const ea::CcdCase& c, ea::CcdKind k) {
  std::array<eg::Point3<T>, 4> a, b;
  for (std::size_t i = 0; i < 4; ++i) {
    a[i] = {T(c.t0[i][0]), T(c.t0[i][1]), T(c.t0[i][2])};
    b[i] = {T(c.t1[i][0]), T(c.t1[i][1]), T(c.t1[i][2])};
  }
  const auto got = k == ea::CcdKind::vertex_face ? eg::ccd_vertex_face(a, b, T(c.ms)) : eg::ccd_edge_edge(a, b, T(c.ms));
  EXPECT_EQ(got, run(k, c)) << ea::ccd_query(k, c);
}

TEST(Ccd, EveryCoordinateTypeAgrees) {
  // Integer cases (every value an integer), so that each type holds them.
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge})
    for (int i = 0; i < 20; ++i) {
      ea::CcdCase c = ea::ccd_case(k, ea::CcdFamily::touching, 11, static_cast<std::uint64_t>(i));
      for (auto* p : {&c.t0, &c.t1})
        for (auto& q : *p)
          for (double& v : q) v = std::ldexp(v, 16);  // multiples of 2^-16 become integers
      c.ms = i % 3 == 0 ? 4096 : 0;
      expect_type_agrees<double>(c, k);
      expect_type_agrees<float>(c, k);
      expect_type_agrees<std::int32_t>(c, k);
      expect_type_agrees<std::int64_t>(c, k);
      expect_type_agrees<mpz_class>(c, k);
      expect_type_agrees<mpq_class>(c, k);
      expect_type_agrees<boost::multiprecision::cpp_int>(c, k);
      expect_type_agrees<boost::multiprecision::cpp_rational>(c, k);
    }
  // Rationals that are no double: a vertex falling from 1/3 to -2/3 meets at
  // t = 1/3.
  using Q = eg::Point3<mpq_class>;
  const mpq_class third(1, 3);
  const auto r = eg::ccd_vertex_face<mpq_class>({Q{0, 0, third}, Q{-1, -1, 0}, Q{2, -1, 0}, Q{-1, 2, 0}},
                                                {Q{0, 0, third - 1}, Q{-1, -1, 0}, Q{2, -1, 0}, Q{-1, 2, 0}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->toi, 1.0 / 3);
}

TEST(Ccd, HugeAndTinyValuesAreExact) {
  // Integers of 200 bits, and a motion of subnormals.
  using Z = eg::Point3<mpz_class>;
  const mpz_class b = mpz_class(1) << 200;
  const auto r = eg::ccd_vertex_face<mpz_class>({Z{0, 0, b}, Z{-b, -b, 0}, Z{2 * b, -b, 0}, Z{-b, 2 * b, 0}},
                                                {Z{0, 0, -b}, Z{-b, -b, 0}, Z{2 * b, -b, 0}, Z{-b, 2 * b, 0}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->toi, 0.5);
  const double s = 0x1p-1070;
  const auto t = eg::ccd_edge_edge<double>({P{-s, 0, s}, P{s, 0, s}, P{0, -s, 0}, P{0, s, 0}},
                                           {P{-s, 0, -3 * s}, P{s, 0, -3 * s}, P{0, -s, 0}, P{0, s, 0}});
  ASSERT_TRUE(t);
  EXPECT_EQ(t->toi, 0.25);
  // A pair spanning the double range: 2^-1074 to 2^1000.
  const auto w = eg::ccd_vertex_face<double>(
      {P{0x1p-1074, 0, 0x1p1000}, P{-0x1p1000, -0x1p1000, 0}, P{0x1p1001, -0x1p1000, 0}, P{-0x1p1000, 0x1p1001, 0}},
      {P{0x1p-1074, 0, -0x1p1000}, P{-0x1p1000, -0x1p1000, 0}, P{0x1p1001, -0x1p1000, 0}, P{-0x1p1000, 0x1p1001, 0}});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->toi, 0.5);
}

TEST(CcdFilter, NeverCertifiesAMissThatIsAHit) {
  // White-box: the double filter alone (src/ccd/ccd_filter.cpp) against the
  // exact path, on the cases where its bounds matter -- primitives meeting at
  // t = 0 or on an edge (a Bernstein coefficient exactly 0, computed with
  // rounding), one ULP away, coplanar for the whole step -- each also moved
  // far from the origin and scaled, so that the products round.
  namespace dc = exactgeom::detail::ccd;
  std::size_t certified = 0, asked = 0;
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge})
    for (ea::CcdFamily f : {ea::CcdFamily::at_start, ea::CcdFamily::one_ulp, ea::CcdFamily::touching,
                            ea::CcdFamily::coplanar_sliding, ea::CcdFamily::grazing, ea::CcdFamily::far_from_origin})
      for (int i = 0; i < 200; ++i)
        for (int variant = 0; variant < 3; ++variant) {
          ea::CcdCase c = ea::ccd_case(k, f, 99, static_cast<std::uint64_t>(i));
          for (auto* p : {&c.t0, &c.t1})
            for (auto& q : *p)
              for (double& v : q) {
                if (variant == 1) v = v * 3.0 + 0x1p-30 * 7;  // rounded products
                if (variant == 2) v = std::nextafter(v * 0x1p-20, 0.0);
              }
          if (i % 2) c.ms = std::ldexp(1.0, -20 - i % 30);
          double flat[24];
          for (std::size_t j = 0; j < 4; ++j)
            for (std::size_t m = 0; m < 3; ++m) flat[j * 3 + m] = c.t0[j][m], flat[12 + j * 3 + m] = c.t1[j][m];
          const auto decided = dc::filter(k == ea::CcdKind::vertex_face ? dc::Kind::vertex_face : dc::Kind::edge_edge, flat, c.ms);
          ++asked;
          if (!decided) continue;
          ++certified;
          std::vector<mpq_class> q(flat, flat + 24);
          const auto exact = dc::exact(k == ea::CcdKind::vertex_face ? dc::Kind::vertex_face : dc::Kind::edge_edge, q.data(),
                                       mpq_class(c.ms));
          ASSERT_EQ(decided->impact.has_value(), exact.has_value()) << ea::ccd_query(k, c);
        }
  EXPECT_GT(certified, 200u) << asked;  // it decides some
}

TEST(Ccd, BadInputIsAnError) {
  const Pts ok{P{0, 0, 1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}};
  Pts nan = ok, inf = ok;
  nan[2].y = std::nan("");
  inf[0].z = HUGE_VAL;
  EXPECT_THROW(eg::ccd_vertex_face(nan, ok), eg::invalid_input);
  EXPECT_THROW(eg::ccd_edge_edge(ok, inf), eg::invalid_input);
  EXPECT_THROW(eg::ccd_vertex_face(ok, ok, -1.0), eg::invalid_input);
  EXPECT_THROW(eg::ccd_edge_edge(ok, ok, std::nan("")), eg::invalid_input);
  EXPECT_THROW(eg::ccd_vertex_face<mpq_class>({}, {}, mpq_class(-1, 2)), eg::invalid_input);
  try {
    eg::ccd_vertex_face(nan, ok);
  } catch (const eg::invalid_input& e) {
    EXPECT_NE(std::string(e.what()).find("point 2 at t0"), std::string::npos) << e.what();
  }
}

TEST(Ccd, TheBenchmarksSampleQueriesMatchTheirGroundTruth) {
  // Wang et al.'s 7,279 public sample queries (tests/data/ccd-sample-queries,
  // MIT): the paper's symbolic ground truth, every one.
  const std::string dir = std::string(EXACTGEOM_TEST_DATA) + "/ccd-sample-queries";
  std::size_t total = 0, hits = 0;
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge}) {
    const auto qs = ea::read_ccd_benchmark(dir, k);
    EXPECT_EQ(qs.size(), k == ea::CcdKind::vertex_face ? 3085u : 4194u);
    for (const auto& q : qs) {
      const auto r = run(k, q.query);
      EXPECT_EQ(r.has_value(), q.truth) << q.scene << ": " << ea::ccd_query(k, q.query);
      hits += r.has_value();
      ++total;
    }
  }
  EXPECT_EQ(total, 7279u);
  EXPECT_EQ(hits, 248u + 187u);
}

TEST(Ccd, SomeBenchmarkQueriesMatchTheOracleExactly) {
  // The hits' times against the oracle (the paper gives no times).
  const std::string dir = std::string(EXACTGEOM_TEST_DATA) + "/ccd-sample-queries";
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge}) {
    const auto qs = ea::read_ccd_benchmark(dir, k);
    int n = 0;
    for (std::size_t i = 0; i < qs.size() && n < 25; i += 7)
      if (qs[i].truth) expect_oracle(k, qs[i].query, qs[i].scene), ++n;
    EXPECT_GT(n, 10);
  }
}

}  // namespace

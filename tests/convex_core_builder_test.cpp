// The one builder of the engine's cores (detail/convex_core.hpp, issue 54):
// a shape given to the public API (convex.hpp's shape_traits), to
// `exactgeom eval` (internal/query's shape_core) and to the audit
// (src/audit/solid.hpp's flat_core) reaches the engine as the same core;
// a box's faces are those of its corners (checked by orientation and by
// the engine's answers against the hull it computes itself).
#include <gtest/gtest.h>
#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "audit/solid.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/shapes.hpp"
#include "query/ops.hpp"

namespace eg = exactgeom;
namespace cvx = exactgeom::detail::cvx;

namespace {

using P3 = eg::Point3<double>;
using P2 = eg::Point2<double>;

std::string num(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", v);
  std::string s = b;
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // a JSON double, not an integer
  return s;
}
std::string point(const P3& p) { return "[" + num(p.x) + "," + num(p.y) + "," + num(p.z) + "]"; }
std::string point(const P2& p) { return "[" + num(p.x) + "," + num(p.y) + "]"; }

/// eval's core of a shape written in the query format.
cvx::Core eval_core(const std::string& shape) {
  eg::query::JsonReader r;
  std::string err;
  const std::string line = "{\"x\":" + shape + "}";
  if (!r.parse(line, err)) throw std::runtime_error("bad test JSON: " + err + ": " + line);
  const eg::query::JsonNode* x = r.member(r.root(), "x");
  if (!x) throw std::runtime_error("no x");
  return eg::query::shape_core(r, *x, "x");
}

void expect_equal(const cvx::Core& a, const cvx::Core& b, const char* what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(a.dim, b.dim);
  EXPECT_EQ(a.c, b.c);
  EXPECT_EQ(a.r, b.r);
  EXPECT_EQ(a.hull_dim, b.hull_dim);
  EXPECT_EQ(a.facets, b.facets);
}

template <std::size_t D, class P>
std::vector<mpq_class> flat_box(const P& c, const std::array<P, D>& axes, const std::array<double, D>& h, double r) {
  std::vector<mpq_class> f;
  auto push = [&](const P& p) {
    f.push_back(p.x), f.push_back(p.y);
    if constexpr (D == 3) f.push_back(p.z);
  };
  push(c);
  for (const P& a : axes) push(a);
  for (double v : h) f.push_back(v);
  f.push_back(r);
  return f;
}

std::string json_box3(const eg::Box3<double>& b) {
  return "{\"box\":{\"c\":" + point(b.center) + ",\"axes\":[" + point(b.axes[0]) + "," + point(b.axes[1]) + "," +
         point(b.axes[2]) + "],\"h\":[" + num(b.half[0]) + "," + num(b.half[1]) + "," + num(b.half[2]) +
         "]},\"r\":" + num(b.r) + "}";
}

/// Boxes of every handedness, flat ones and float-rounded rotations.
std::vector<eg::Box3<double>> boxes3() {
  std::vector<eg::Box3<double>> out;
  const std::array<P3, 3> id{P3{1, 0, 0}, P3{0, 1, 0}, P3{0, 0, 1}};
  out.push_back({P3{0, 0, 0}, id, {1, 2, 3}, 0});
  out.push_back({P3{0.5, -2, 7}, {id[1], id[0], id[2]}, {1, 2, 3}, 0.25});  // left-handed
  out.push_back({P3{1, 1, 1}, id, {1, 0, 3}, 0.5});                        // flat: a rectangle
  out.push_back({P3{1, 1, 1}, {id[0], id[0], id[2]}, {1, 1, 1}, 0});       // two equal axes: flat
  std::mt19937_64 g(54);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int k = 0; k < 20; ++k) {
    double w = u(g), x = u(g), y = u(g), z = u(g);
    const double n = std::sqrt(w * w + x * x + y * y + z * z);
    w /= n, x /= n, y /= n, z /= n;
    auto axes = eg::quaternion_axes(w, x, y, z);  // rounded: not exactly orthonormal
    if (k % 2) std::swap(axes[0], axes[2]);
    out.push_back({P3{100 * u(g), 100 * u(g), 100 * u(g)}, axes, {1 + u(g), 1.5 + u(g), 2 + u(g)}, k % 3 ? 0.0 : 0.5});
  }
  return out;
}

TEST(ConvexCoreBuilder, BoxesReachTheEngineAsOneCoreFromEveryEntryPoint) {
  for (const auto& b : boxes3()) {
    const cvx::Core pub = cvx::shape_traits<eg::Box3<double>>::to_core(b);
    const auto f = flat_box<3>(b.center, b.axes, b.half, b.r);
    const cvx::Core aud = eg::audit::detail::flat_core(eg::audit::ShapeKind::box, 3, f);
    const cvx::Core ev = eval_core(json_box3(b));
    expect_equal(pub, aud, "public vs audit");
    expect_equal(pub, ev, "public vs eval");
    ASSERT_EQ(pub.size(), 8u);
    for (std::size_t k = 0; k < 8; ++k) {  // box_corners's order, exactly
      const auto c = eg::box_corners(eg::Box3<mpq_class>{{f[0], f[1], f[2]},
                                                         {eg::Point3<mpq_class>{f[3], f[4], f[5]},
                                                          eg::Point3<mpq_class>{f[6], f[7], f[8]},
                                                          eg::Point3<mpq_class>{f[9], f[10], f[11]}},
                                                         {f[12], f[13], f[14]}});
      EXPECT_EQ(pub.c[3 * k], c[k].x);
      EXPECT_EQ(pub.c[3 * k + 1], c[k].y);
      EXPECT_EQ(pub.c[3 * k + 2], c[k].z);
    }
  }
  // The 2-D box: its corners, the hull left to the engine (their order is not
  // the hull's).
  const eg::Box2<double> b2{P2{1, 2}, {P2{0.6, 0.8}, P2{-0.8, 0.6}}, {2, 0.5}, 0.125};
  const cvx::Core pub = cvx::shape_traits<eg::Box2<double>>::to_core(b2);
  const auto f = flat_box<2>(b2.center, b2.axes, b2.half, b2.r);
  expect_equal(pub, eg::audit::detail::flat_core(eg::audit::ShapeKind::box, 2, f), "2-D public vs audit");
  expect_equal(pub,
               eval_core("{\"box\":{\"c\":" + point(b2.center) + ",\"axes\":[" + point(b2.axes[0]) + "," +
                         point(b2.axes[1]) + "],\"h\":[2.0,0.5]},\"r\":0.125}"),
               "2-D public vs eval");
  EXPECT_EQ(pub.hull_dim, -1);
  EXPECT_EQ(pub.size(), 4u);
}

TEST(ConvexCoreBuilder, ABoxsFacesAreItsHullsCounterclockwiseFromOutside) {
  int solid = 0, flat = 0;
  for (const auto& b : boxes3()) {
    const cvx::Core c = cvx::shape_traits<eg::Box3<double>>::to_core(b);
    auto at = [&](std::uint32_t i) { return eg::Point3<mpq_class>{c.c[3 * i], c.c[3 * i + 1], c.c[3 * i + 2]}; };
    if (c.hull_dim == -1) {
      ++flat;
      EXPECT_TRUE(c.facets.empty());
      continue;
    }
    ++solid;
    ASSERT_EQ(c.hull_dim, 3);
    ASSERT_EQ(c.facets.size(), 6u);
    for (const auto& g : c.facets) {
      ASSERT_EQ(g.size(), 4u);
      for (std::uint32_t k = 0; k < 8; ++k) {
        if (std::find(g.begin(), g.end(), k) != g.end()) {
          EXPECT_EQ(eg::orient3d(at(g[0]), at(g[1]), at(g[2]), at(k)), eg::Sign::zero);  // on its face
        } else {
          EXPECT_EQ(eg::orient3d(at(g[0]), at(g[1]), at(g[2]), at(k)), eg::Sign::negative) << "corner " << k << " outside a face";
        }
      }
    }
  }
  EXPECT_EQ(flat, 2);
  EXPECT_GT(solid, 20);
}

TEST(ConvexCoreBuilder, TheEngineAnswersTheSameWithTheBoxsFacesAsWithTheHullItComputes) {
  const auto bs = boxes3();
  for (std::size_t i = 0; i + 1 < bs.size(); ++i) {
    cvx::Core x = cvx::shape_traits<eg::Box3<double>>::to_core(bs[i]);
    cvx::Core y = cvx::shape_traits<eg::Box3<double>>::to_core(bs[i + 1]);
    // Move y next to x so that they meet in some cases and not in others.
    std::vector<mpq_class> off(3);
    for (std::size_t k = 0; k < 3; ++k) off[k] = x.c[k] - y.c[k] + mpq_class(static_cast<long>(i % 4), 2);
    for (std::size_t k = 0; k < y.c.size(); ++k) y.c[k] += off[k % 3];
    cvx::Core xh = x, yh = y;
    xh.hull_dim = yh.hull_dim = -1;
    xh.facets.clear(), yh.facets.clear();
    const cvx::ContactFacts a = cvx::core_contact(x, y), b = cvx::core_contact(xh, yh);
    EXPECT_EQ(a.p2, b.p2) << i;
    EXPECT_EQ(a.depth_dir, b.depth_dir) << i;
    EXPECT_EQ(cvx::core_distance(x, y).dist2, cvx::core_distance(xh, yh).dist2) << i;
  }
}

TEST(ConvexCoreBuilder, HullsOfDoublesAreComputedOnceTheSameWay) {
  std::mt19937_64 g(541);
  std::uniform_real_distribution<double> u(-10, 10);
  for (int k = 0; k < 10; ++k) {
    std::vector<P3> p(eg::audit::kHullPoints);
    for (auto& q : p) q = {u(g), u(g), u(g)};
    if (k == 0) p[5] = p[2];  // a repeated point
    const double r = k % 2 ? 0.5 : 0.0;
    const cvx::Core pub = cvx::shape_traits<eg::ConvexHull3<double>>::to_core(eg::ConvexHull3<double>(p, r));
    std::vector<mpq_class> f;
    std::string js = "{\"hull\":[";
    for (std::size_t i = 0; i < p.size(); ++i) {
      f.push_back(p[i].x), f.push_back(p[i].y), f.push_back(p[i].z);
      js += (i ? "," : "") + point(p[i]);
    }
    js += "],\"r\":" + num(r) + "}";
    f.push_back(r);
    expect_equal(pub, eg::audit::detail::flat_core(eg::audit::ShapeKind::hull, 3, f), "hull: public vs audit");
    expect_equal(pub, eval_core(js), "hull: public vs eval");
    EXPECT_EQ(pub.hull_dim, 3);
  }
  // 2-D: a polygon.
  std::vector<P2> p;
  std::string js = "{\"poly\":[";
  for (int i = 0; i < 8; ++i) {
    p.push_back({u(g), u(g)});
    js += (i ? "," : "") + point(p.back());
  }
  js += "]}";
  const cvx::Core pub = cvx::shape_traits<eg::ConvexPolygon<double>>::to_core(eg::ConvexPolygon<double>(p));
  expect_equal(pub, eval_core(js), "poly: public vs eval");
}

TEST(ConvexCoreBuilder, RationalPointsLeaveTheHullToTheEngine) {
  const cvx::Core c = eval_core("{\"hull\":[[\"1/3\",0,0],[0,1,0],[0,0,1],[0,0,0],[\"1/7\",\"1/7\",\"1/7\"]]}");
  EXPECT_EQ(c.hull_dim, -1);
  EXPECT_EQ(c.size(), 5u);
  EXPECT_EQ(c.c[0], mpq_class(1, 3));
  // Three points or fewer are the core as given, doubles or not.
  const cvx::Core t = eval_core("{\"tri\":[[0.5,0,0],[0,1,0],[0,0,1]]}");
  EXPECT_EQ(t.hull_dim, -1);
  EXPECT_EQ(t.size(), 3u);
}

TEST(ConvexCoreBuilder, BadFieldsAreClearErrors) {
  const std::array<P3, 3> id{P3{1, 0, 0}, P3{0, 1, 0}, P3{0, 0, 1}};
  try {
    (void)cvx::shape_traits<eg::Box3<double>>::to_core({P3{0, 0, 0}, id, {1, -2, 3}, 0});
    ADD_FAILURE() << "a negative half extent was accepted";
  } catch (const eg::invalid_input& e) {
    EXPECT_STREQ(e.what(), "Box3: negative half extent");
  }
  try {
    (void)cvx::shape_traits<eg::Box3<double>>::to_core({P3{0, 0, 0}, id, {1, 2, 3}, -1});
    ADD_FAILURE() << "a negative radius was accepted";
  } catch (const eg::invalid_input& e) {
    EXPECT_STREQ(e.what(), "Box3: negative radius");
  }
  const std::vector<mpq_class> f(14);
  EXPECT_THROW((void)cvx::box_core(3, f, 0, "x"), std::invalid_argument);
  EXPECT_THROW((void)cvx::points_core(3, std::vector<mpq_class>(4), 0, "x"), std::invalid_argument);
  EXPECT_THROW((void)cvx::points_core(3, std::vector<mpq_class>(3), -1, "x"), eg::invalid_input);
  // Values past the double range (a scaled audit case) are rationals, not
  // doubles: no SIGFPE from converting an infinity.
  std::vector<mpq_class> big(15, mpq_class(1));
  big[0] = mpq_class(mpz_class(1) << 2000);
  EXPECT_EQ(cvx::points_core(3, big, 0, "x").hull_dim, -1);
}

}  // namespace

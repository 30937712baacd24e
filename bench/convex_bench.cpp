// Benchmarks of exactgeom/convex.hpp and contact.hpp on boxes, hulls and
// polygons against the float algorithms of include/exactgeom/reference/
// (obb_sat.hpp, gjk_epa.hpp). Names: <operation>/<implementation>/<set>.
//   box3d         the closed overlap test of two boxes (radius 0)
//     float_sat   Ericson 4.4.1 TestOBBOBB in double, epsilon included
//     float_gjk   GJK distance <= 0 on the boxes' corners (computed before timing)
//     exact       exactgeom::intersects(Box3, Box3)
//   box3d_depth   the penetration depth of two overlapping boxes
//     float_epa   GJK + EPA in double on the corners
//     exact       exactgeom::contact(Box3, Box3)->depth, correctly rounded
//   hull3d        the closed overlap test of two hulls of 32 points each
//     float_gjk   GJK on the points
//     exact       exactgeom::intersects(ConvexHull3, ConvexHull3) (hulls built
//                 before timing, as an engine builds its shapes once)
//   polygon2d     the same for convex polygons of 8 to 16 points
// Sets: random (boxes rotated by random unit quaternions, centres uniform in
// [-2, 2]^3, half extents in [0.25, 1]); resting (face to face: the second
// box shares the first's rotation and sits on one of its faces, exactly
// touching as far as doubles allow, or moved one ulp in or out along the
// face normal); overlapping (random boxes centred within 1/2 of each other).
// Counters: float_wrong (float rows: share answered differently from
// exactgeom's exact answer), float_depth_wrong (EPA: share more than 1 ULP
// from the correctly rounded depth), meet_share, and exact_wrong (exact rows: share
// of a sample of 16 inputs on which exactgeom disagrees with the
// independent brute-force oracle of testing/polytope_oracle.hpp; must be 0).
#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "exactgeom/exactgeom.hpp"
#include "exactgeom/reference/gjk_epa.hpp"
#include "exactgeom/reference/obb_sat.hpp"
#include "testing/polytope_oracle.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;
namespace po = exactgeom::testing::polytope_oracle;

namespace {

using P3 = eg::Point3<double>;
using Box = eg::Box3<double>;
using V3 = std::array<double, 3>;

/// A rotation from a random unit quaternion: its three columns.
std::array<P3, 3> rotation(bn::Rng& g) {
  std::normal_distribution<double> n(0, 1);
  double q[4], len = 0;
  for (double& x : q) x = n(g), len += x * x;
  len = std::sqrt(len);
  for (double& x : q) x /= len;
  return eg::quaternion_axes(q[0], q[1], q[2], q[3]);
}

Box random_box(bn::Rng& g, double spread) {
  std::uniform_real_distribution<double> c(-spread, spread), h(0.25, 1);
  return Box{{c(g), c(g), c(g)}, rotation(g), {h(g), h(g), h(g)}};
}

using BoxPair = std::pair<Box, Box>;

std::vector<BoxPair> box_pairs(const std::string& set) {
  bn::Rng g(set == "random" ? 71 : (set == "resting" ? 72 : 73));
  std::vector<BoxPair> v;
  std::uniform_real_distribution<double> u(-1, 1);
  for (int i = 0; i < bn::kInputs; ++i) {
    if (set == "random") {
      v.push_back({random_box(g, 2), random_box(g, 2)});
    } else if (set == "overlapping") {
      Box a = random_box(g, 0.25), b = random_box(g, 0.25);
      v.push_back({a, b});
    } else {  // resting: b on a face of a, same rotation
      const Box a = random_box(g, 2);
      Box b = a;
      std::uniform_real_distribution<double> h(0.1, 0.25);
      b.half = {h(g), h(g), h(g)};
      const int k = static_cast<int>(g() % 3);
      const double side = g() % 2 ? 1.0 : -1.0;
      const double off = side * (a.half[k] + b.half[k]);
      const int i1 = (k + 1) % 3, i2 = (k + 2) % 3;
      const double t1 = u(g) * (a.half[i1] - b.half[i1]), t2 = u(g) * (a.half[i2] - b.half[i2]);
      auto at = [&](int c) {
        auto comp = [&](const P3& p) { return c == 0 ? p.x : (c == 1 ? p.y : p.z); };
        return comp(a.center) + off * comp(a.axes[k]) + t1 * comp(a.axes[i1]) + t2 * comp(a.axes[i2]);
      };
      b.center = {at(0), at(1), at(2)};
      const int nudge = i % 3;  // 0: as rounded, 1: one ulp out, 2: one ulp in
      if (nudge) {
        const double dir = (nudge == 1 ? 1.0 : -1.0) * side;
        auto step = [&](double x, double a_c) { return a_c * dir > 0 ? std::nextafter(x, 1e300) : (a_c * dir < 0 ? std::nextafter(x, -1e300) : x); };
        b.center = {step(b.center.x, a.axes[k].x), step(b.center.y, a.axes[k].y), step(b.center.z, a.axes[k].z)};
      }
      v.push_back({a, b});
    }
  }
  return v;
}

eg::reference::FloatBox3<double> fbox(const Box& b) { return {b.center, b.axes, b.half, b.r}; }

std::array<V3, 8> corners(const Box& b) { return eg::reference::obb_vertices(fbox(b)); }

std::vector<po::QV> exact_corners(const Box& b) {
  auto q = [](const eg::Point3<double>& p) { return eg::Point3<mpq_class>{p.x, p.y, p.z}; };
  const eg::Box3<mpq_class> e{q(b.center), {q(b.axes[0]), q(b.axes[1]), q(b.axes[2])},
                              {b.half[0], b.half[1], b.half[2]}, 0};
  std::vector<po::QV> out;
  for (const auto& p : eg::box_corners(e)) out.push_back({p.x, p.y, p.z});
  return out;
}

void register_box3d() {
  for (const std::string set : {"random", "resting"}) {
    bn::register_batch<BoxPair>("box3d/float_sat/" + set, [set] {
      bn::Batch<BoxPair> b{box_pairs(set), {}};
      std::size_t wrong = 0, meet = 0;
      for (const auto& [x, y] : b.inputs) {
        const bool e = eg::intersects(x, y);
        meet += e;
        wrong += eg::reference::obb_overlap_sat(fbox(x), fbox(y)) != e;
      }
      b.counters.push_back({bn::kFloatWrong, double(wrong) / double(b.inputs.size())});
      b.counters.push_back({bn::kMeetShare, double(meet) / double(b.inputs.size())});
      return b;
    }, [](const BoxPair& p) { return eg::reference::obb_overlap_sat(fbox(p.first), fbox(p.second)); });
    using CornerPair = std::pair<std::array<V3, 8>, std::array<V3, 8>>;
    bn::register_batch<CornerPair>("box3d/float_gjk/" + set, [set] {
      bn::Batch<CornerPair> b;
      std::size_t wrong = 0;
      for (const auto& [x, y] : box_pairs(set)) {
        b.inputs.push_back({corners(x), corners(y)});
        wrong += eg::reference::gjk_overlap<double>(b.inputs.back().first, b.inputs.back().second, 0, 0) != eg::intersects(x, y);
      }
      b.counters.push_back({bn::kFloatWrong, double(wrong) / double(b.inputs.size())});
      return b;
    }, [](const CornerPair& p) { return eg::reference::gjk_overlap<double>(p.first, p.second, 0, 0); });
    bn::register_batch<BoxPair>("box3d/exact/" + set, [set] {
      bn::Batch<BoxPair> b{box_pairs(set), {}};
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < 16; ++i) {
        const auto& [x, y] = b.inputs[i * 97];
        wrong += eg::intersects(x, y) != (po::distance2(exact_corners(x), exact_corners(y), 3) == 0);
      }
      b.counters.push_back({bn::kExactWrong, double(wrong) / 16});
      return b;
    }, [](const BoxPair& p) { return eg::intersects(p.first, p.second); });
  }
  using CornerPair = std::pair<std::array<V3, 8>, std::array<V3, 8>>;
  bn::register_batch<CornerPair>("box3d_depth/float_epa/overlapping", [] {
    bn::Batch<CornerPair> b;
    std::size_t wrong = 0;
    for (const auto& [x, y] : box_pairs("overlapping")) {
      b.inputs.push_back({corners(x), corners(y)});
      const auto c = eg::contact(x, y);
      const double f = eg::reference::epa_penetration<double>(b.inputs.back().first, b.inputs.back().second).depth;
      const double e = c ? c->depth : 0.0;
      // Within 1 ULP: e itself or a neighbour (a NaN is wrong).
      wrong += !(f == e || f == std::nextafter(e, 0.0) || f == std::nextafter(e, 9.0));
    }
    b.counters.push_back({bn::kFloatDepthWrong, double(wrong) / double(b.inputs.size())});
    return b;
  }, [](const CornerPair& p) { return eg::reference::epa_penetration<double>(p.first, p.second).depth; });
  bn::register_batch<BoxPair>("box3d_depth/exact/overlapping", [] {
    bn::Batch<BoxPair> b{box_pairs("overlapping"), {}};
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < 2; ++i) {  // the oracle's penetration takes 1-2 s a pair
      const auto& [x, y] = b.inputs[i * 997];
      const po::Penetration p = po::penetration(exact_corners(x), exact_corners(y), 3);
      const double d = eg::contact(x, y)->depth;
      const mpq_class lo = (mpq_class(d) + mpq_class(std::nextafter(d, 0.0))) / 2;
      const mpq_class hi = (mpq_class(d) + mpq_class(std::nextafter(d, 9.0))) / 2;
      wrong += !(lo * lo <= p.depth2 && p.depth2 <= hi * hi);
    }
    b.counters.push_back({bn::kExactWrong, double(wrong) / 2});
    return b;
  }, [](const BoxPair& p) { return eg::contact(p.first, p.second)->depth; });
}

/// Two hulls of n points each (uniform in balls of radius 1, centres 2 apart
/// at most), as exact hulls and as the float code's point lists.
template <int D>
struct HullPair {
  std::conditional_t<D == 2, eg::ConvexPolygon<double>, eg::ConvexHull3<double>> x, y;
  std::vector<std::array<double, D>> fx, fy;
};

template <int D>
std::vector<HullPair<D>> make_hull_pairs(int n_lo, int n_hi) {
  bn::Rng g(D == 2 ? 81 : 82);
  std::uniform_real_distribution<double> u(-1, 1), c(-1.25, 1.25);
  std::uniform_int_distribution<int> count(n_lo, n_hi);
  std::vector<HullPair<D>> out;
  for (int i = 0; i < bn::kInputs; ++i) {
    std::vector<std::array<double, D>> f[2];
    for (auto& list : f) {
      double ctr[D];
      for (double& x : ctr) x = c(g);
      for (int k = count(g); k > 0;) {
        std::array<double, D> p;
        double r2 = 0;
        for (int j = 0; j < D; ++j) p[j] = u(g), r2 += p[j] * p[j];
        if (r2 > 1) continue;
        for (int j = 0; j < D; ++j) p[j] += ctr[j];
        list.push_back(p);
        --k;
      }
    }
    auto build = [](const std::vector<std::array<double, D>>& list) {
      if constexpr (D == 2) {
        std::vector<eg::Point2<double>> pts;
        for (const auto& p : list) pts.push_back({p[0], p[1]});
        return eg::ConvexPolygon<double>(pts);
      } else {
        std::vector<P3> pts;
        for (const auto& p : list) pts.push_back({p[0], p[1], p[2]});
        return eg::ConvexHull3<double>(pts);
      }
    };
    out.push_back(HullPair<D>{build(f[0]), build(f[1]), f[0], f[1]});
  }
  return out;
}

/// The set, built once per dimension (exact hulls of 32 points take
/// seconds for 2 x 4,096), shared by the float and exact rows.
template <int D>
const std::vector<HullPair<D>>& hull_pairs(int n_lo, int n_hi) {
  static const std::vector<HullPair<D>> set = make_hull_pairs<D>(n_lo, n_hi);
  return set;
}
template <int D>
void register_hulls(const char* op, int n_lo, int n_hi) {
  const std::string name = op;
  auto gjk = [](const HullPair<D>& p) {
    if constexpr (D == 2) return eg::reference::gjk2_overlap<double>(p.fx, p.fy, 0, 0);
    else return eg::reference::gjk_overlap<double>(p.fx, p.fy, 0, 0);
  };
  bn::register_batch<HullPair<D>>(name + "/float_gjk/random", [=] {
    bn::Batch<HullPair<D>> b{hull_pairs<D>(n_lo, n_hi), {}};
    std::size_t wrong = 0, meet = 0;
    for (const auto& p : b.inputs) {
      const bool e = eg::intersects(p.x, p.y);
      meet += e;
      wrong += gjk(p) != e;
    }
    b.counters.push_back({bn::kFloatWrong, double(wrong) / double(b.inputs.size())});
    b.counters.push_back({bn::kMeetShare, double(meet) / double(b.inputs.size())});
    return b;
  }, gjk);
  bn::register_batch<HullPair<D>>(name + "/exact/random", [=] {
    bn::Batch<HullPair<D>> b{hull_pairs<D>(n_lo, n_hi), {}};
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < 8; ++i) {
      const auto& p = b.inputs[i * 131];
      auto q = [](const auto& shape) {
        std::vector<po::QV> out;
        for (const auto& v : shape.vertices()) {
          if constexpr (D == 2) out.push_back({mpq_class(v.x), mpq_class(v.y), 0});
          else out.push_back({mpq_class(v.x), mpq_class(v.y), mpq_class(v.z)});
        }
        return out;
      };
      const auto qx = q(p.x), qy = q(p.y);
      if (qx.size() > po::kMaxCorePoints || qy.size() > po::kMaxCorePoints) continue;
      wrong += eg::intersects(p.x, p.y) != (po::distance2(qx, qy, D) == 0);
    }
    b.counters.push_back({bn::kExactWrong, double(wrong) / 8});
    return b;
  }, [](const HullPair<D>& p) { return eg::intersects(p.x, p.y); });
}

void register_convex() {
  register_box3d();
  register_hulls<3>("hull3d", 32, 32);
  register_hulls<2>("polygon2d", 8, 16);
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_convex);

// src/mesh/mesh_tree.cpp: the bounding-volume tree of the union engine
// (detail/mesh_core.hpp) and the boxes it holds: Boost.Geometry's rtree over
// the pieces' boxes, and exact boxes rounded outward to doubles.
//
// Why the answers are exact although a tree prunes pieces: every piece box
// holds the whole piece grown by its radius, rounded outward to doubles
// (mesh.hpp builds them; outward() here), and every query box holds
// everything a meeting piece could reach, rounded outward too; the tree's
// box test is closed. So a pruned piece is one whose box misses the query
// box, which no piece that meets the shape can do. The distance query first
// takes any piece's exact distance d, then asks for every box within d
// (rounded up) of the shape's core: the nearest piece is among them
// (src/mesh/mesh_union.cpp).
#include "exactgeom/detail/mesh_core.hpp"

#include <algorithm>
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>
#include <cmath>
#include <limits>

namespace exactgeom {
namespace detail::mesh {

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

namespace {
using BPoint = bg::model::point<double, 3, bg::cs::cartesian>;
using BBox = bg::model::box<BPoint>;
using Value = std::pair<BBox, std::uint32_t>;
// Linear split with 16 entries per node; the range constructor packs (STR
// bulk loading), which is what a mesh built once wants.
using RTree = bgi::rtree<Value, bgi::linear<16>>;

BBox to_bbox(const Box& b) {
  return BBox(BPoint(b.lo[0], b.lo[1], b.lo[2]), BPoint(b.hi[0], b.hi[1], b.hi[2]));
}
}  // namespace

struct Tree::Impl {
  RTree tree;
};

Tree::Tree() : impl_(std::make_unique<Impl>()) {}
Tree::Tree(const std::vector<Box>& boxes) : impl_(std::make_unique<Impl>()) {
  std::vector<Value> v;
  v.reserve(boxes.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) v.emplace_back(to_bbox(boxes[i]), static_cast<std::uint32_t>(i));
  impl_->tree = RTree(v.begin(), v.end());
}
Tree::~Tree() = default;
Tree::Tree(Tree&&) noexcept = default;
Tree& Tree::operator=(Tree&&) noexcept = default;

void Tree::query(const Box& b, std::vector<std::uint32_t>& out) const {
  const BBox q = to_bbox(b);
  for (auto it = impl_->tree.qbegin(bgi::intersects(q)); it != impl_->tree.qend(); ++it) out.push_back(it->second);
}

std::uint32_t Tree::nearest(const Box& b) const {
  auto mid = [](double lo, double hi) {
    const double m = lo / 2 + hi / 2;
    return std::isfinite(m) ? m : (std::isfinite(lo) ? lo : (std::isfinite(hi) ? hi : 0.0));
  };
  const BPoint c(mid(b.lo[0], b.hi[0]), mid(b.lo[1], b.hi[1]), mid(b.lo[2], b.hi[2]));
  for (auto it = impl_->tree.qbegin(bgi::nearest(c, 1)); it != impl_->tree.qend(); ++it) return it->second;
  return 0;
}

std::size_t Tree::size() const { return impl_->tree.size(); }
std::size_t Tree::bytes() const {
  // Leaves hold the values; with 16 per node and packing, the inner levels
  // add about a fifteenth (an estimate, stated as such by mesh.hpp).
  return impl_->tree.size() * sizeof(Value) * 16 / 15 + sizeof(Impl);
}

namespace {

Box exact_box(const std::vector<mpq_class>& lo, const std::vector<mpq_class>& hi, const mpq_class& grow) {
  Box b;
  for (std::size_t k = 0; k < 3; ++k) {
    if (k >= lo.size()) {
      b.lo[k] = b.hi[k] = 0;
      continue;
    }
    double l, h, dummy;
    outward(lo[k] - grow, l, dummy);
    outward(hi[k] + grow, dummy, h);
    b.lo[k] = l, b.hi[k] = h;
  }
  return b;
}

}  // namespace

Box core_box(const Core& c, const mpq_class& grow) {
  const std::size_t d = static_cast<std::size_t>(c.dim), n = c.size();
  std::vector<mpq_class> lo(c.c.begin(), c.c.begin() + static_cast<std::ptrdiff_t>(d)), hi = lo;
  for (std::size_t i = 1; i < n; ++i)
    for (std::size_t k = 0; k < d; ++k) {
      const mpq_class& v = c.c[i * d + k];
      if (v < lo[k]) lo[k] = v;
      if (v > hi[k]) hi[k] = v;
    }
  return exact_box(lo, hi, grow);
}

Box swept_box(const Core& c, const std::vector<mpq_class>& v, const mpq_class& grow) {
  const std::size_t d = static_cast<std::size_t>(c.dim), n = c.size();
  std::vector<mpq_class> lo(c.c.begin(), c.c.begin() + static_cast<std::ptrdiff_t>(d)), hi = lo;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < d; ++k) {
      const mpq_class a = c.c[i * d + k], b = a + v[k];
      lo[k] = std::min({lo[k], a, b}), hi[k] = std::max({hi[k], a, b});
    }
  return exact_box(lo, hi, grow);
}

}  // namespace detail::mesh
}  // namespace exactgeom

// exactgeom/detail/convex_core.hpp: the exact engine behind convex.hpp, out
// of line in the library (src/convex/). A shape reaches it as a Core:
// its convex core given by points (the core is their hull), its radius, and
// the hull's facets when the shape already knows them -- all exact
// rationals. The engine scales both cores of a question to integers by one
// positive factor (every answer is homogeneous in length) and answers in
// GMP integers:
//   distance      exact GJK (Gilbert, Johnson, Keerthi 1988; van den Bergen
//                 2001) in integers: each step's closest point of the simplex
//                 is solved exactly, so |v| falls strictly and the loop ends
//                 with an exact certificate (v.s >= |v|^2 for the support s).
//   penetration   the least support distance of the Minkowski difference
//                 over its facet-normal candidates (src/convex/depth.cpp
//                 derives why it is exact).
//   time of impact  an exact linear program for radius 0, bisection over the
//                 doubles with the exact distance for radius > 0
//                 (src/convex/toi.cpp).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace exactgeom::detail::cvx {

/// A convex core grown by a radius, exactly.
struct Core {
  int dim = 3;                                    // 2 or 3
  std::vector<mpq_class> c;                       // n points, dim coordinates each
  mpq_class r;                                    // >= 0
  // The hull, when known (it is then trusted): its dimension (0..dim) and,
  // for a 3-D core of dimension 2 or 3, its facets as index cycles into the
  // points, counterclockwise from outside (a flat core: one cycle); for a
  // 2-D core of dimension 2, the points are its corners counterclockwise.
  // hull_dim == -1: the engine computes the hull from the points.
  int hull_dim = -1;
  std::vector<std::vector<std::uint32_t>> facets;
  std::size_t size() const { return c.size() / static_cast<std::size_t>(dim); }
};

/// The one way a shape becomes a Core (src/convex/convex_core.cpp): the public
/// shapes (convex.hpp's shape_traits), `exactgeom eval`'s shapes
/// (internal/query/ops.cpp) and the audit's flat cases (src/audit/solid.cpp)
/// all call these two, so that the engine gets the same core for the same
/// shape whichever way it came (tests/convex_core_builder_test.cpp).
///
/// box_core: a box of dimension dim (2 or 3) given as f = its center (dim
/// values), its axes (dim vectors of dim values; axis i at f[dim * (1 + i)])
/// and its half extents (dim values), grown by r. Its points are the corners
/// center + sum_i (bit i of k ? +half_i : -half_i) axes_i, k = 0 .. 2^dim - 1
/// (box_corners's order), exactly. A 3-D box whose edge vectors half_i axes_i
/// are not coplanar also gets its hull: dimension 3 and its six faces,
/// counterclockwise from outside whichever the axes' handedness; any other
/// box leaves the hull to the engine. Throws invalid_input("<what>: negative
/// half extent") or ("<what>: negative radius"); f must hold dim (dim + 2)
/// values (std::invalid_argument otherwise).
Core box_core(int dim, std::span<const mpq_class> f, const mpq_class& r, const char* what);
/// points_core: the hull of pts (dim values each) grown by r. When every
/// coordinate is a double and there are more than three points, the hull is
/// computed here by the library's filtered predicates (ConvexPolygon /
/// ConvexHull3 of doubles: the same vertices and faces as those shapes
/// hold); otherwise it is left to the engine. Throws invalid_input("<what>:
/// negative radius").
Core points_core(int dim, std::vector<mpq_class> pts, const mpq_class& r, const char* what);

/// The distance between two cores: exact squared distance and a closest
/// pair (p on x's core, q on y's core; q - p is the same for every closest
/// pair).
struct Separation {
  mpq_class dist2;
  std::vector<mpq_class> p, q;
  std::vector<mpq_class> w;  // q - p, exactly (read from GJK's nearest point, not subtracted)
};
/// Which closest pair a Separation holds where the cores have several
/// (parallel faces: resting contact). `first`: the pair the exact GJK finds
/// from the cores' first points (closest_points and the audit's truth
/// expose it). `any`: some closest pair; dist2 and q - p are the same,
/// exactly, but the exact GJK starts from the double GJK's final simplex and
/// only certifies it (its stop test proves the nearest point of the
/// Minkowski difference whatever the start): a step or two instead of the
/// whole walk. For callers that read only dist2 and q - p.
enum class Pair { first, any };
Separation core_distance(const Core& x, const Core& y, Pair pair = Pair::first);

/// The penetration of two cores that meet (the least translation of y after
/// which a plane separates the cores; docs/queries.md "Penetration"), as
/// P^2, and the direction of that translation when exactly one direction
/// gives it: a vector `n` (not unit; y moves along +n). interior is false
/// when y's core minus x's core has no interior (P = 0, every direction of
/// its orthogonal complement ties).
struct Penetration {
  bool interior = false;
  mpq_class p2;
  std::vector<mpq_class> n;  // empty: several directions tie (or no interior)
  std::vector<std::vector<mpq_class>> ties;  // the tied directions (not unit), when they are finitely many
};
Penetration core_penetration(const Core& x, const Core& y);

/// The exit distance of y along n (any nonzero vector), exactly: the
/// largest t with x and y + t n still meeting (t in units of |n|), for two
/// cores of radius 0 that meet. None when a radius is not 0, or when no
/// face of x's core minus y's lies ahead along n (the cores' difference is
/// flat and n lies in its plane).
std::optional<mpq_class> core_exit(const Core& x, const Core& y, const std::vector<mpq_class>& n);

/// Everything contact() and the `contact` op answer, computed once.
struct ContactFacts {
  bool closed = false, open = false;   // dist <= R; depth > 0 (dist < R, or cores that meet with R + P > 0)
  Separation sep;                       // dist2 and a closest pair
  mpq_class R;                          // r_x + r_y
  double gap = 0;                       // dist - R, correctly rounded
  std::optional<std::vector<double>> normal;        // (q - p) / |q - p| rounded; none when the cores meet
  double depth = 0;                                 // -signed distance when negative, else 0; rounded
  std::optional<std::vector<double>> depth_normal;  // the shortest translation's direction, rounded; none
                                                    // when depth is 0 or directions tie
  mpq_class p2;                                     // the cores' penetration squared (0 when apart)
  std::vector<mpq_class> depth_dir;                 // depth_normal exactly (not unit); empty when it is none
};
/// pair: which closest pair `sep` holds (core_distance); every other field
/// is the same for both.
ContactFacts core_contact(const Core& x, const Core& y, Pair pair = Pair::first);

/// The least t in [0, 1] at which x translated by t v meets y (closed:
/// distance <= R), correctly rounded to double; none when they never meet.
std::optional<double> core_time_of_impact(const Core& x, const Core& y, const std::vector<mpq_class>& v);

}  // namespace exactgeom::detail::cvx

// A program that measures a float reference against the exact core, as a
// user of exactgeom::reference writes it: the naive double orient2d of
// exactgeom/reference/naive_predicates.hpp against exactgeom::orient2d on
// README's example, where the naive determinant is wrong. Exits 0 when the
// exact sign is the one worked out by hand and the naive one differs.
#include <exactgeom/predicates.hpp>
#include <exactgeom/reference/naive_predicates.hpp>

#include <cstdio>

int main() {
  namespace eg = exactgeom;
  // p is 2^-53 right of the line y = x through q and r: below it, so q, r, p
  // turn clockwise and orient2d(p, q, r) is negative.
  const eg::Point2<double> p{0.5 + 0x1p-53, 0.5}, q{12.0, 12.0}, r{24.0, 24.0};
  const eg::Sign exact = eg::orient2d(p, q, r);
  const eg::Sign naive = eg::reference::orient2d(p, q, r);
  std::printf("exact %d, naive double %d\n", static_cast<int>(exact), static_cast<int>(naive));
  return exact == eg::Sign::negative && naive != exact ? 0 : 1;
}

// The compiled instances of convex_batch.hpp for the double shapes the
// Python module's array forms use (the list is EXACTGEOM_COMPILED_BATCHES
// there): a loop over the scalar functions (their filters decide almost
// every item in double; the rest take the exact path), with the broadcasting
// and the item-naming errors the batch API promises, compiled once here
// instead of in every caller.
#include "exactgeom/convex_batch.hpp"

#include "exactgeom/capsules.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

#define EXACTGEOM_INSTANTIATE_BATCH(fn, A, B, ...) \
  template void fn<A, B>(std::span<const A>, std::span<const B>, __VA_ARGS__);
EXACTGEOM_COMPILED_BATCHES(EXACTGEOM_INSTANTIATE_BATCH)
#undef EXACTGEOM_INSTANTIATE_BATCH

}  // namespace exactgeom

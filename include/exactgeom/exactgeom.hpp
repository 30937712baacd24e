// exactgeom/exactgeom.hpp: the whole core API in one include (CMake target
// exactgeom::exactgeom): numbers, predicates, shapes, queries, batches.
//
// Not included, each its own target (docs/architecture.md):
//   exactgeom/audit/...      the audit of float collision code against the
//                            exact answers (exactgeom::audit)
//   exactgeom/reference/...  the float versions measured against the exact
//                            ones (exactgeom::reference, header-only)
#pragma once

#include "exactgeom/batch.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/ccd.hpp"
#include "exactgeom/contact.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/convex_batch.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/mesh.hpp"
#include "exactgeom/platformer.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "exactgeom/shapes.hpp"
#include "exactgeom/swept.hpp"
#include "exactgeom/vector.hpp"
#include "exactgeom/version.hpp"

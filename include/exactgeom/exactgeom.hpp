// exactgeom/exactgeom.hpp: the whole public API in one include.
#pragma once

#include "exactgeom/capsules.hpp"
#include "exactgeom/contact.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/platformer.hpp"
#include "exactgeom/predicates.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "exactgeom/shapes.hpp"
#include "exactgeom/swept.hpp"
#include "exactgeom/version.hpp"

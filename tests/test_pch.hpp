// The precompiled header of the test programs (tests/CMakeLists.txt): the
// headers nearly every test includes, parsed once per build instead of once
// per test (about 20 s each with GCC 12). Only a build-time device: every
// test still includes what it uses.
#pragma once

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "exactgeom/boost.hpp"

#include "exactgeom/audit/audit.hpp"
#include "exactgeom/batch.hpp"
#include "exactgeom/exactgeom.hpp"
#include "exactgeom/reference/ericson.hpp"
#include "testing/capsule_oracle.hpp"
#include "testing/oracle.hpp"

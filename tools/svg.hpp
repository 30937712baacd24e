// tools/svg.hpp: the pictures of `exactgeom report --svg DIR`.
#pragma once

#include <string>
#include <vector>

namespace exactgeom::tool {

/// Writes DIR/classroom_orient2d.svg (the sign of orient2d on Kettner et
/// al.'s 256 x 256 grid of doubles around (0.5, 0.5), float and exact side by
/// side) and DIR/capsule_near_touching.svg (where each float stadium test
/// disagrees with the exact one, on a grid of one-ULP moves around a
/// touching pair). Returns the files written; throws std::runtime_error when
/// a file cannot be written.
std::vector<std::string> write_report_svgs(const std::string& dir);

}  // namespace exactgeom::tool

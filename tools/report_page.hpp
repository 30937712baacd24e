// tools/report_page.hpp: `exactgeom report --html FILE`: the report's
// Markdown as one self-contained HTML page, with pictures where a person
// would rather look than read (tools/report_page.cpp).
#pragma once

#include <string>
#include <string_view>

namespace exactgeom::tool {

/// The page of a report: every heading, paragraph and table of `markdown`
/// (the output of `exactgeom report`), and beside them
/// - each accuracy table (its first column `algorithm`, in a section whose
///   heading starts "Accuracy") as a heat map of its cells' shares;
/// - the mesh accuracy table's families each as a small drawing;
/// - each speed table (columns `ratio` and `target`) as bars of the ratio on
///   a log scale, the range over the processes as whiskers, the target as a
///   line, met or missed by colour.
/// No network: styles and the script are inline. The script checks that
/// every chart (`svg.chart`) drew something and sets body's data-ok="1"
/// and data-charts to their number (tests/html_report_test.sh reads them).
std::string report_page(std::string_view markdown);

}  // namespace exactgeom::tool

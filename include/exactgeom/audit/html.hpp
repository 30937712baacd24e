// exactgeom/audit/html.hpp: an audit's reports as one HTML page a person
// can look at: the family table as bars, the error histogram, and every
// kept wrong case drawn. `exactgeom audit --html FILE`, audit_main's
// --html FILE (exactgeom/audit/driver.hpp) and Python's
// exactgeom.audit_html write it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "exactgeom/audit/types.hpp"

namespace exactgeom::audit {

/// One self-contained HTML page (UTF-8) of `reports`, in their order: no
/// network at all (inline CSS and SVG, no fonts, scripts or images
/// fetched), so it can be mailed or attached to an issue and opened
/// anywhere. Per report: its algorithm and question; the families as
/// horizontal bars (the share of cases wrong and the share gross, the
/// counts as text); for a real-valued report the histogram of errors
/// (FamilyAudit::ulp_histogram's bins 0, <=1, <=4, <=64, >64, summed over the
/// families, in the unit markdown() names); and each kept wrong case
/// (FamilyAudit::smallest) as an inline SVG drawing of the shapes of its
/// query line (docs/queries.md: points, segments, capsules, balls,
/// triangles, polygons, hulls, boxes, meshes and chains; a `sweep`'s v as
/// an arrow and its shape moved to the exact and the engine's time; vector
/// answers -- a normal, a direction, closest points, a manifold -- as
/// arrows, exact and engine in two colours), next to its numbers and its
/// replay line. 3-D cases are drawn in a projection chosen to show the
/// contact: onto the plane of the answer's normal (exact, else the
/// engine's) and the world axis most perpendicular to it, the normal up; a
/// cast without one onto the plane of v, v to the right; else along the
/// axis in which the pair is thinnest. Every drawing is scaled to its
/// shapes and drawn relative to their centre, so cases far from the origin
/// (1e15) are drawn as well as those at it.
///
/// Limits: of a mesh or chain of more than 64 pieces, only the pieces near
/// the other shape are drawn (their bounding boxes within three times its
/// size of its own; the 16 nearest when none is; at most 2,000), and the
/// page says how many; a mesh named with `exactgeom eval --mesh` is not
/// drawn (its file is not in the report). Shapes are drawn in double
/// (rationals of held shapes rounded), so a rounding-level miss shows as
/// shapes that touch: its size is in the numbers beside the drawing. A
/// small script checks, when the page is opened, that every drawing drew
/// something (body's data-ok, data-drawings; a message when not).
std::string html_report(const std::vector<AuditReport>& reports, std::string_view title = "exactgeom audit");

/// html_report(reports, title) written to the file `path` (created or
/// replaced). std::runtime_error naming the file when it cannot be written.
void write_html_report(const std::string& path, const std::vector<AuditReport>& reports,
                       std::string_view title = "exactgeom audit");

}  // namespace exactgeom::audit

// tools/audit_registry.hpp: the library's own float versions as audit
// subjects, for `exactgeom audit` and `exactgeom report`.
#pragma once

#include <string>
#include <vector>

#include "exactgeom/audit/subject.hpp"

namespace exactgeom::tool {
using namespace exactgeom::audit;

/// Every float algorithm the library ships, each paired with its exact
/// reference; names are "<operation>/<algorithm>", e.g. "orient2d/naive_double".
const std::vector<AuditSubject>& audit_subjects();

/// The exact functions audited against themselves (every report must say 0
/// wrong): a check of the audit machinery.
std::vector<AuditSubject> self_check_subjects();

}  // namespace exactgeom::tool

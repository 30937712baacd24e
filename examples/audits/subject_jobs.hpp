// examples/audits/subject_jobs.hpp: the audit programs built on
// AuditSubjects (bullet, box2d, fcl, geos) run one audit_main job per
// subject, wrong beyond one ULP of the engine's type (band_ulp).
#pragma once

#include <vector>

#include <exactgeom/audit/audit.hpp>
#include <exactgeom/audit/subject.hpp>

namespace audits {

inline std::vector<exactgeom::audit::AuditJob> one_ulp_jobs(const std::vector<exactgeom::audit::AuditSubject>& subjects) {
  std::vector<exactgeom::audit::AuditJob> jobs;
  for (const exactgeom::audit::AuditSubject& s : subjects)
    jobs.emplace_back(s.name, [s](exactgeom::audit::AuditOptions o) {
      o.tolerance = {exactgeom::audit::Unit::exact_ulps, s.band_ulp};
      return exactgeom::audit::run_audit(s, o);
    });
  return jobs;
}

}  // namespace audits

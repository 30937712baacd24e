// examples/audits/subject_jobs.hpp: the audit programs built on
// AuditSubjects (bullet, box2d, fcl, geos) run one audit_main job per
// subject, wrong beyond one ULP of the engine's type (band_ulp).
#pragma once

#include <vector>

#include <exactgeom/audit.hpp>
#include <exactgeom/extend/audit_subject.hpp>

namespace audits {

inline std::vector<exactgeom::AuditJob> one_ulp_jobs(const std::vector<exactgeom::AuditSubject>& subjects) {
  std::vector<exactgeom::AuditJob> jobs;
  for (const exactgeom::AuditSubject& s : subjects)
    jobs.emplace_back(s.name, [s](exactgeom::AuditOptions o) {
      o.tolerance = {exactgeom::Unit::exact_ulps, s.band_ulp};
      return exactgeom::run_audit(s, o);
    });
  return jobs;
}

}  // namespace audits

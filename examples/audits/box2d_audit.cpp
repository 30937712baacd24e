// Audits Box2D 2.4.1's float collision code against exactgeom (issue 7); see
// box2d_subjects.hpp for the questions asked. Usage: audit_box2d [--cases N] [--seed S]
// [--shard I/N] [--json] [--only TEXT] ... (exactgeom::audit_main, --help).
#include <vector>

#include "box2d_subjects.hpp"

int main(int argc, char** argv) {
  // One job per subject; wrong: beyond one ULP of the engine's type.
  std::vector<exactgeom::AuditJob> jobs;
  for (const exactgeom::AuditSubject& s : audits::box2d::subjects())
    jobs.emplace_back(s.name, [s](exactgeom::AuditOptions o) {
      o.tolerance = {exactgeom::Unit::exact_ulps, s.band_ulp};
      return exactgeom::run_audit(s, o);
    });
  return exactgeom::audit_main(argc, argv, jobs, {.cases = 3000, .seed = 1, .families = audits::box2d::kFamilies});
}

// Audits Box2D 2.4.1's float collision code against exactgeom (issue 7); see
// box2d_subjects.hpp for the questions asked. Usage: audit_box2d [--cases N] [--seed S]
// [--shard I/N] [--json] [--only TEXT] ... (exactgeom::audit::audit_main, --help).

#include "box2d_subjects.hpp"
#include "subject_jobs.hpp"

int main(int argc, char** argv) {
  return exactgeom::audit::audit_main(argc, argv, audits::one_ulp_jobs(audits::box2d::subjects()),
                               {.cases = 3000, .seed = 1, .families = audits::box2d::kFamilies});
}

// Audits Bullet's float collision code against exactgeom (issue 7): built
// twice, against bullet.pc (float) and bullet-float64.pc (double); see
// bullet_subjects.hpp for the questions asked. Usage: bullet_audit
// [--cases N] [--seed S] [--shard I/N] [--json] [--only TEXT] ... (exactgeom::audit::audit_main, --help).

#include "bullet_subjects.hpp"
#include "subject_jobs.hpp"

int main(int argc, char** argv) {
  return exactgeom::audit::audit_main(argc, argv, audits::one_ulp_jobs(audits::bullet::subjects<btScalar>()),
                               {.cases = 3000, .seed = 1, .families = audits::bullet::kFamilies});
}

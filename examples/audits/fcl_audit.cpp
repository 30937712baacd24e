// Audits FCL 0.7's float collision code against exactgeom (issue 7); see
// fcl_subjects.hpp for the questions asked. Usage: audit_fcl [--cases N] [--seed S]
// [--shard I/N] [--json] [--only TEXT] ... (exactgeom::audit::audit_main, --help).

#include "fcl_subjects.hpp"
#include "subject_jobs.hpp"

int main(int argc, char** argv) {
  return exactgeom::audit::audit_main(argc, argv, audits::one_ulp_jobs(audits::fcl_audit::subjects()),
                               {.cases = 3000, .seed = 1, .families = audits::fcl_audit::kFamilies});
}

// Audits FCL 0.7's float collision code against exactgeom (issue 7); see
// fcl_subjects.hpp for the questions asked. Usage: audit_fcl [--cases N]
// [--seed S]; prints Markdown; exit 0 when every audit ran.
#include "fcl_subjects.hpp"

int main(int argc, char** argv) {
  return audits::run_all(audits::fcl_audit::subjects(), audits::parse_cli(argc, argv));
}

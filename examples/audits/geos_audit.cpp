// Audits GEOS 3.11's float collision code against exactgeom (issue 7); see
// geos_subjects.hpp for the questions asked. Usage: audit_geos [--cases N]
// [--seed S]; prints Markdown; exit 0 when every audit ran.
#include "geos_subjects.hpp"

int main(int argc, char** argv) {
  return audits::run_all(audits::geos_audit::subjects(), audits::parse_cli(argc, argv));
}

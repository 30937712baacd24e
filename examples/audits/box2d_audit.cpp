// Audits Box2D 2.4.1's float collision code against exactgeom (issue 7); see
// box2d_subjects.hpp for the questions asked. Usage: audit_box2d [--cases N]
// [--seed S]; prints Markdown; exit 0 when every audit ran.
#include "box2d_subjects.hpp"

int main(int argc, char** argv) {
  return audits::run_all(audits::box2d::subjects(), audits::parse_cli(argc, argv));
}

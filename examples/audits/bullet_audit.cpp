// Audits Bullet's float collision code against exactgeom (issue 7): built
// twice, against bullet.pc (float) and bullet-float64.pc (double); see
// bullet_subjects.hpp for the questions asked. Usage: bullet_audit
// [--cases N] [--seed S]; prints Markdown; exit 0 when every audit ran.
#include "bullet_subjects.hpp"

int main(int argc, char** argv) {
  return audits::run_all(audits::bullet::subjects<btScalar>(), audits::parse_cli(argc, argv));
}

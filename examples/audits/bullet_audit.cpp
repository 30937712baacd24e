// Audits Bullet's float collision code against exactgeom (issue 7): built
// twice, against bullet.pc (float) and bullet-float64.pc (double); see
// bullet_subjects.hpp for the questions asked. Usage: bullet_audit
// [--cases N] [--seed S]; prints Markdown; exit 0 when every audit ran.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bullet_subjects.hpp"

int main(int argc, char** argv) {
  exactgeom::AuditOptions o{.cases = 3000, .seed = 1, .families = audits::bullet::kFamilies};
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--cases") == 0) o.cases = std::strtoull(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--seed") == 0) o.seed = std::strtoull(argv[++i], nullptr, 10);
  }
  bool ran = true;
  for (const exactgeom::AuditSubject& s : audits::bullet::subjects<btScalar>()) {
    o.tolerance = {exactgeom::Unit::exact_ulps, s.band_ulp};  // wrong: beyond one ULP of the engine's type
    const exactgeom::AuditReport r = exactgeom::run_audit(s, o);
    std::fputs(r.markdown().c_str(), stdout);
    ran = ran && r.cases() > 0;
  }
  return ran ? 0 : 1;
}

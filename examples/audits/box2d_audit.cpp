// Audits Box2D 2.4.1's float collision code against exactgeom (issue 7); see
// box2d_subjects.hpp for the questions asked. Usage: audit_box2d [--cases N]
// [--seed S]; prints Markdown; exit 0 when every audit ran.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "box2d_subjects.hpp"

int main(int argc, char** argv) {
  exactgeom::AuditOptions o{.cases = 3000, .seed = 1, .families = audits::box2d::kFamilies};
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--cases") == 0) o.cases = std::strtoull(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--seed") == 0) o.seed = std::strtoull(argv[++i], nullptr, 10);
  }
  bool ran = true;
  for (const exactgeom::AuditSubject& s : audits::box2d::subjects()) {
    o.tolerance = {exactgeom::Unit::exact_ulps, s.band_ulp};  // wrong: beyond one ULP of float
    const exactgeom::AuditReport r = exactgeom::run_audit(s, o);
    std::fputs(r.markdown().c_str(), stdout);
    ran = ran && r.cases() > 0;
  }
  return ran ? 0 : 1;
}

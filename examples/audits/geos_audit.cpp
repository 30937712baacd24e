// Audits GEOS 3.11's float collision code against exactgeom (issue 7); see
// geos_subjects.hpp for the questions asked. Usage: audit_geos [--cases N]
// [--seed S]; prints Markdown; exit 0 when every audit ran.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "geos_subjects.hpp"

int main(int argc, char** argv) {
  exactgeom::AuditOptions o{.cases = 3000, .seed = 1, .families = audits::geos_audit::kFamilies};
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--cases") == 0) o.cases = std::strtoull(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--seed") == 0) o.seed = std::strtoull(argv[++i], nullptr, 10);
  }
  bool ran = true;
  for (const exactgeom::AuditSubject& s : audits::geos_audit::subjects()) {
    o.tolerance = {exactgeom::Unit::exact_ulps, s.band_ulp};  // wrong: beyond one ULP of the engine's type
    const exactgeom::AuditReport r = exactgeom::run_audit(s, o);
    std::fputs(r.markdown().c_str(), stdout);
    ran = ran && r.cases() > 0;
  }
  return ran ? 0 : 1;
}

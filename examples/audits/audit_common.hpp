// examples/audits/audit_common.hpp: what the engine audits share -- case
// families at game/GIS scales, float rounding, the capsule an engine holds
// (centre, axis column, half-height) as exact rationals, query lines that
// carry the raw case, and a report printer with the engine's ULP unit.
#pragma once

#include <gmpxx.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <exactgeom/audit.hpp>
#include <exactgeom/exactgeom.hpp>

namespace audits {

using exactgeom::Answer;
using exactgeom::AuditReport;
using exactgeom::AuditSubject;
using exactgeom::CaseFamily;
using Span = std::span<const double>;
using Gen = std::function<void(CaseFamily, std::uint64_t, std::uint64_t, std::span<double>)>;

/// The families the engines are audited on (classroom is orient2d's).
inline const std::vector<CaseFamily> kFamilies = {CaseFamily::random, CaseFamily::near_degenerate,
                                                  CaseFamily::touching, CaseFamily::parallel_zero_length,
                                                  CaseFamily::far_from_origin};

/// A subject with the unit its real-valued errors are reported in: one ULP
/// of float is 2^29 ULPs of double (normal range), and run_audit measures in
/// ULPs of double.
struct Audit {
  AuditSubject subject;
  double ulp_unit = 1;  // 1 for double results, 0x1p29 for float results
};

template <class S>
constexpr double ulp_unit() {
  return std::is_same_v<S, float> ? 0x1p29 : 1.0;
}
template <class S>
constexpr const char* scalar_name() {
  return std::is_same_v<S, float> ? "float" : "double";
}

/// The generator `g`, except that far_from_origin is a near_degenerate (even
/// index) or touching (odd index) case moved by an integer offset of
/// magnitude in [1e3, max_offset] (1e4 for games, 1e6 for GIS coordinates),
/// log-uniform. Integer offsets keep exact touching constructions exact.
/// Values with skip[i] (radii) are not moved.
inline Gen with_offsets(Gen g, double max_offset, std::vector<bool> skip) {
  return [g = std::move(g), max_offset, skip = std::move(skip)](CaseFamily f, std::uint64_t seed,
                                                                std::uint64_t i, std::span<double> c) {
    if (f != CaseFamily::far_from_origin) return g(f, seed, i, c);
    g(i % 2 ? CaseFamily::touching : CaseFamily::near_degenerate, seed, i, c);
    std::mt19937_64 r(seed ^ 0x0ff5e7ULL);
    const double mag = std::floor(std::exp(std::uniform_real_distribution<double>(
        std::log(1e3), std::log(max_offset))(r)));
    const double off = (r() & 1) ? mag : -mag;
    for (std::size_t k = 0; k < c.size(); ++k)
      if (k >= skip.size() || !skip[k]) c[k] += off;
  };
}

/// True when case `i` of family `f` under with_offsets was built as touching.
inline bool touching_case(CaseFamily f, std::uint64_t i) {
  return f == CaseFamily::touching || (f == CaseFamily::far_from_origin && i % 2 == 1);
}

/// Rounds every value to S. For float, the touching family's one-ULP nudge
/// (lost when a double nudge is rounded) is redone in float on value
/// `nudge_at(c)`: up when i % 3 == 1, down when i % 3 == 2.
template <class S>
Gen rounded(Gen g, std::function<std::size_t(Span)> nudge_at) {
  if constexpr (std::is_same_v<S, double>) {
    (void)nudge_at;
    return g;
  } else {
    return [g = std::move(g), nudge_at = std::move(nudge_at)](CaseFamily f, std::uint64_t seed,
                                                              std::uint64_t i, std::span<double> c) {
      g(f, seed, i, c);
      exactgeom::audit_cases::round_to_float(c);
      if (!nudge_at || !touching_case(f, i) || i % 3 == 0) return;
      double& v = c[nudge_at(c)];
      const float x = static_cast<float>(v);
      v = i % 3 == 1 ? std::nextafter(x, INFINITY) : std::nextafter(x, -INFINITY);
    };
  }
}

/// `query` (a JSON object) with the raw case appended as "case": hex
/// doubles in the subject's layout. docs/queries.md ignores unknown fields,
/// so the line still replays with `exactgeom eval`; the regression tests
/// read the case back from it.
inline std::string with_case(std::string query, Span c) {
  query.pop_back();
  query += ",\"case\":[";
  for (std::size_t i = 0; i < c.size(); ++i)
    query += (i ? ",\"" : "\"") + exactgeom::audit_cases::hex(c[i]) + "\"";
  return query + "]}";
}

/// Reads back the "case" array of a line made by with_case.
inline std::vector<double> case_of(std::string_view line) {
  std::vector<double> c;
  std::size_t at = line.find("\"case\":[");
  if (at == std::string_view::npos) return c;
  at += 8;
  while (at < line.size() && line[at] != ']') {
    if (line[at] == '"') {
      const std::size_t end = line.find('"', at + 1);
      c.push_back(std::strtod(std::string(line.substr(at + 1, end - at - 1)).c_str(), nullptr));
      at = end + 1;
    } else {
      ++at;
    }
  }
  return c;
}

// ---------------------------------------------------------------------------
// Exact rationals for shapes an engine stores in its own form.

inline mpq_class q(double v) { return mpq_class(v); }
inline std::string qjson(const mpq_class& v) { return "\"" + v.get_str() + "\""; }
inline std::string qpoint(const exactgeom::Point3<mpq_class>& p) {
  return "[" + qjson(p.x) + "," + qjson(p.y) + "," + qjson(p.z) + "]";
}
inline std::string qpoint(const exactgeom::Point2<mpq_class>& p) {
  return "[" + qjson(p.x) + "," + qjson(p.y) + "]";
}
template <class C>
std::string qcapsule(const C& c) {
  return "{\"seg\":[" + qpoint(c.seg.a) + "," + qpoint(c.seg.b) + "],\"r\":" + qjson(c.r) + "}";
}
template <class C>
std::string capsule_pair_query(const C& a, const C& b) {
  return "{\"op\":\"capsule_capsule\",\"c1\":" + qcapsule(a) + ",\"c2\":" + qcapsule(b) + "}";
}

/// A 3-D capsule as Bullet and FCL store it: centre `o`, unit axis `u` (a
/// column of the rotation), half-height `hh` and radius `r`, each in S. The
/// shape these numbers denote has the axis o - hh u .. o + hh u, exactly.
template <class S>
struct HeldCapsule {
  S o[3], u[3], hh, r;
};

/// The held form of the capsule at c[0..6] (a, b, r), computed in double and
/// rounded to S. A zero-length axis gets u = (0, 1, 0), hh = 0.
template <class S>
HeldCapsule<S> hold(Span c) {
  HeldCapsule<S> h{};
  const double d[3] = {c[3] - c[0], c[4] - c[1], c[5] - c[2]};
  const double len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  for (int k = 0; k < 3; ++k) {
    h.o[k] = static_cast<S>((c[k] + c[k + 3]) / 2);
    h.u[k] = len > 0 ? static_cast<S>(d[k] / len) : S(k == 1 ? 1 : 0);
  }
  h.hh = static_cast<S>(len / 2);
  h.r = static_cast<S>(c[6]);
  return h;
}

/// The capsule a HeldCapsule denotes, exactly.
template <class S>
exactgeom::Capsule3<mpq_class> held_exact(const HeldCapsule<S>& h) {
  exactgeom::Point3<mpq_class> a, b;
  mpq_class* pa[3] = {&a.x, &a.y, &a.z};
  mpq_class* pb[3] = {&b.x, &b.y, &b.z};
  for (int k = 0; k < 3; ++k) {
    const mpq_class arm = q(double(h.hh)) * q(double(h.u[k]));
    *pa[k] = q(double(h.o[k])) - arm;
    *pb[k] = q(double(h.o[k])) + arm;
  }
  return {{a, b}, q(double(h.r))};
}

/// The sign of distance(axes) - (r1 + r2), exactly.
inline int exact_gap_sign(const exactgeom::Capsule3<mpq_class>& a, const exactgeom::Capsule3<mpq_class>& b) {
  const mpq_class d2 = exactgeom::to_mpq(exactgeom::squared_distance(a.seg, b.seg));
  const mpq_class R = a.r + b.r;
  return sgn(d2 - R * R);
}

// ---------------------------------------------------------------------------
// Running and printing.

struct Cli {
  std::size_t cases = 3000;
  std::uint64_t seed = 1;
};
inline Cli parse_cli(int argc, char** argv) {
  Cli o;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--cases") == 0) o.cases = std::strtoull(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--seed") == 0) o.seed = std::strtoull(argv[++i], nullptr, 10);
  }
  return o;
}

/// The report as Markdown: per family cases, wrong answers, how many are
/// gross (beyond 64 ULPs of the engine's type from the boundary), false
/// positives and negatives for yes/no questions and, for real results, the
/// largest error in ULPs of the engine's own type; then the smallest wrong
/// cases, gross first.
inline std::string markdown(const AuditReport& r, double unit) {
  const char* ulp = unit == 1 ? "double" : "float";
  std::string m = "### " + r.algorithm + "\n\n" + r.question + "\n\n";
  m += r.real_valued ? "| family | cases | wrong (> 1 ULP) | gross | max error (ULPs of " + std::string(ulp) + ") |\n| --- | ---: | ---: | ---: | ---: |\n"
                     : "| family | cases | wrong | gross | false pos. | false neg. |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
  char buf[160];
  for (const auto& f : r.families) {
    if (r.real_valued)
      std::snprintf(buf, sizeof buf, "| %s | %zu | %zu | %zu | %.3g |\n", f.name.c_str(), f.cases, f.wrong, f.gross,
                    f.max_ulp / unit);
    else
      std::snprintf(buf, sizeof buf, "| %s | %zu | %zu | %zu | %zu | %zu |\n", f.name.c_str(), f.cases, f.wrong,
                    f.gross, f.false_positives, f.false_negatives);
    m += buf;
  }
  bool any = false;
  for (const auto& f : r.families)
    for (const auto& w : f.smallest) {
      if (!any) m += "\nSmallest wrong cases (replay with `exactgeom eval`):\n\n";
      any = true;
      m += "- " + f.name + (w.gross ? " (gross)" : " (rounding-level)") + ": exact " + w.expected + ", engine " +
           w.got + "\n  `" + w.query + "`\n";
    }
  return m + "\n";
}

/// Runs every audit and prints it; the exit status is 0 when each ran cases.
inline int run_all(const std::vector<Audit>& audits, const Cli& cli) {
  bool ran = true;
  for (const Audit& a : audits) {
    exactgeom::AuditOptions o;
    o.cases = cli.cases;
    o.seed = cli.seed;
    o.families = kFamilies;
    o.tolerance = {exactgeom::Unit::exact_ulps, a.ulp_unit};  // wrong: more than one ULP of the engine's type
    AuditSubject s = a.subject;
    s.band_ulp = a.ulp_unit;  // gross: beyond 64 ULPs of the engine's own type
    const AuditReport r = exactgeom::run_audit(s, o);
    std::fputs(markdown(r, a.ulp_unit).c_str(), stdout);
    std::fflush(stdout);
    ran = ran && r.cases() > 0;
  }
  return ran ? 0 : 1;
}

/// The subject named `name` in `v`, or nullptr.
inline const Audit* find(const std::vector<Audit>& v, std::string_view name) {
  for (const Audit& a : v)
    if (a.subject.name == name) return &a;
  return nullptr;
}

}  // namespace audits

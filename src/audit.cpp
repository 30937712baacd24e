// The audit loop (exactgeom/audit.hpp): deterministic cases, wrong-answer
// accounting, shrinking, and the report's Markdown and JSON forms.
#include "exactgeom/audit.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "exactgeom/capsules.hpp"

namespace exactgeom {

std::string_view to_string(CaseFamily f) {
  switch (f) {
    case CaseFamily::random: return "random";
    case CaseFamily::near_degenerate: return "near_degenerate";
    case CaseFamily::touching: return "touching";
    case CaseFamily::parallel_zero_length: return "parallel_zero_length";
    case CaseFamily::far_from_origin: return "far_from_origin";
    case CaseFamily::classroom: return "classroom";
  }
  return "?";
}

std::string Answer::str() const {
  switch (kind) {
    case Kind::boolean: return value ? "true" : "false";
    case Kind::sign: return std::to_string(value);
    case Kind::real: return audit_cases::hex(x);
  }
  return "?";
}

namespace detail {
bool exact_capsule_test(const Capsule2<double>& a, const Capsule2<double>& b, Overlap o) {
  return o == Overlap::closed ? intersects(a, b) : interiors_overlap(a, b);
}
bool exact_capsule_test(const Capsule3<double>& a, const Capsule3<double>& b, Overlap o) {
  return o == Overlap::closed ? intersects(a, b) : interiors_overlap(a, b);
}
}  // namespace detail

namespace {

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// Error in ULPs of `exact` (a correctly rounded value).
double ulps(double got, double exact) {
  if (std::isnan(got)) return std::numeric_limits<double>::infinity();
  if (got == exact) return 0;
  const double a = std::fabs(exact);
  const double ulp = std::nextafter(a, std::numeric_limits<double>::infinity()) - a;
  return std::fabs(got - exact) / ulp;
}

/// Shrink measure: significant bits plus the size of the exponents.
double case_size(std::span<const double> c) {
  double s = 0;
  for (double v : c) {
    if (v == 0) continue;
    int e;
    const double m = std::frexp(std::fabs(v), &e);
    auto bits = static_cast<std::uint64_t>(std::ldexp(m, 53));
    s += 53 - std::countr_zero(bits) + std::abs(e) / 4.0;
  }
  return s;
}

double round_to_bits(double v, int bits) {
  if (v == 0 || !std::isfinite(v)) return v;
  int e;
  const double m = std::frexp(v, &e);
  return std::ldexp(std::nearbyint(std::ldexp(m, bits)), e - bits);
}

struct Judge {
  const AuditSubject& s;
  const AuditOptions& o;
  // 0 right; 1 wrong (boolean/sign/real beyond tolerance).
  bool wrong(const Answer& exact, const Answer& got, double* u = nullptr) const {
    if (exact.kind == Answer::Kind::real) {
      const double e = ulps(got.x, exact.x);
      if (u) *u = e;
      return e > o.ulp_tolerance;
    }
    return exact.value != got.value;
  }
  bool still_wrong(std::span<const double> c) const {
    for (std::size_t i = 0; i < c.size(); ++i)
      if (!std::isfinite(c[i]) || (s.nonnegative.size() > i && s.nonnegative[i] && c[i] < 0))
        return false;
    return wrong(s.exact(c), s.approx(c));
  }
};

/// Greedy shrinking: replace values by 0, integers, or fewer significant
/// bits while the case stays wrong and gets smaller.
void shrink(const Judge& j, std::vector<double>& c) {
  static constexpr int kBits[] = {1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48};
  for (int pass = 0; pass < 4; ++pass) {
    bool changed = false;
    for (std::size_t i = 0; i < c.size(); ++i) {
      std::vector<double> cands = {0.0, std::trunc(c[i])};
      for (int b : kBits) cands.push_back(round_to_bits(c[i], b));
      for (double v : cands) {
        if (v == c[i]) continue;
        std::vector<double> t = c;
        t[i] = v;
        if (case_size(t) < case_size(c) && j.still_wrong(t)) {
          c = std::move(t);
          changed = true;
          break;
        }
      }
    }
    if (!changed) break;
  }
}

}  // namespace

AuditReport run_audit(const AuditSubject& s, const AuditOptions& o) {
  if (o.overlap == Overlap::open && !s.takes_overlap)
    throw std::invalid_argument("AuditOptions::overlap = open does not apply to '" + s.name +
                                "': its exact function answers a fixed question (" + s.question + ")");
  if (o.shard_count == 0 || o.shard_index >= o.shard_count)
    throw std::invalid_argument("AuditOptions: shard " + std::to_string(o.shard_index) + "/" +
                                std::to_string(o.shard_count) + " is not 0 <= index < count");
  const bool every_family = std::equal(o.families.begin(), o.families.end(), kAllFamilies.begin(),
                                       kAllFamilies.end());
  if (!every_family)
    for (CaseFamily f : o.families)
      if (std::find(s.families.begin(), s.families.end(), f) == s.families.end())
        throw std::invalid_argument("AuditOptions::families: '" + s.name + "' has no family '" +
                                    std::string(to_string(f)) + "'");
  AuditReport report;
  report.algorithm = s.name;
  report.question = s.question;
  const Judge judge{s, o};
  constexpr std::size_t kMaxShrinks = 25;  // per family: shrinking costs ~1000 evaluations
  std::vector<double> c(s.width);
  for (CaseFamily f : o.families) {
    if (std::find(s.families.begin(), s.families.end(), f) == s.families.end()) continue;
    FamilyAudit fa;
    fa.family = f;
    std::size_t shrinks = 0;
    for (std::size_t i = 0; i < o.cases; ++i) {
      if (o.shard_count > 1 && i % o.shard_count != o.shard_index) continue;
      const std::uint64_t seed =
          splitmix(o.seed ^ splitmix(static_cast<std::uint64_t>(f) * 0x100000001ULL + i));
      s.generate(f, seed, i, c);
      const Answer exact = s.exact(c), got = s.approx(c);
      ++fa.cases;
      double u = 0;
      const bool bad = judge.wrong(exact, got, &u);
      report.sign_valued = exact.kind == Answer::Kind::sign;
      if (exact.kind == Answer::Kind::real) {
        report.real_valued = true;
        fa.max_ulp = std::max(fa.max_ulp, u);
        const int bucket = u == 0 ? 0 : u <= 1 ? 1 : u <= 4 ? 2 : u <= 64 ? 3 : 4;
        ++fa.ulp_histogram[static_cast<std::size_t>(bucket)];
      }
      if (!bad) continue;
      ++fa.wrong;
      if (exact.kind == Answer::Kind::boolean) (got.value ? fa.false_positives : fa.false_negatives)++;
      if (exact.kind == Answer::Kind::sign && exact.value * got.value < 0) ++fa.opposite_sign;
      std::vector<double> w = c;
      const bool worth = o.keep > 0 && (fa.smallest.size() < o.keep || case_size(w) < fa.smallest.back().size);
      if (!worth) continue;
      if (shrinks < kMaxShrinks) {
        ++shrinks;
        shrink(judge, w);
      }
      WrongCase wc{s.query(w), s.exact(w).str(), s.approx(w).str(), case_size(w)};
      auto same = [&](const WrongCase& x) { return x.query == wc.query; };
      if (std::none_of(fa.smallest.begin(), fa.smallest.end(), same)) {
        fa.smallest.push_back(std::move(wc));
        std::sort(fa.smallest.begin(), fa.smallest.end(),
                  [](const WrongCase& a, const WrongCase& b) { return a.size < b.size; });
        if (fa.smallest.size() > o.keep) fa.smallest.resize(o.keep);
      }
    }
    report.families.push_back(std::move(fa));
  }
  return report;
}

std::size_t AuditReport::cases() const {
  std::size_t n = 0;
  for (const auto& f : families) n += f.cases;
  return n;
}
std::size_t AuditReport::wrong() const {
  std::size_t n = 0;
  for (const auto& f : families) n += f.wrong;
  return n;
}

namespace {
std::string fmt(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}
std::string json_str(std::string_view s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}
}  // namespace

std::string AuditReport::markdown() const {
  std::string m = "### " + algorithm + "\n\n" + question + "\n\n";
  m += real_valued   ? "| family | cases | wrong | rate | max ULP | 0 | <=1 | <=4 | <=64 | >64 |\n"
                       "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
       : sign_valued ? "| family | cases | wrong | rate | opposite sign | zero vs nonzero |\n"
                       "| --- | ---: | ---: | ---: | ---: | ---: |\n"
                     : "| family | cases | wrong | rate | false pos. | false neg. |\n"
                       "| --- | ---: | ---: | ---: | ---: | ---: |\n";
  for (const auto& f : families) {
    const double rate = f.cases ? 100.0 * double(f.wrong) / double(f.cases) : 0;
    m += "| " + std::string(to_string(f.family)) + " | " + std::to_string(f.cases) + " | " +
         std::to_string(f.wrong) + " | " + fmt("%.3g%%", rate) + " | ";
    if (real_valued) {
      m += fmt("%.3g", f.max_ulp);
      for (auto h : f.ulp_histogram) m += " | " + std::to_string(h);
      m += " |\n";
    } else if (sign_valued) {
      m += std::to_string(f.opposite_sign) + " | " + std::to_string(f.wrong - f.opposite_sign) + " |\n";
    } else {
      m += std::to_string(f.false_positives) + " | " + std::to_string(f.false_negatives) + " |\n";
    }
  }
  bool any = false;
  for (const auto& f : families)
    for (const auto& w : f.smallest) {
      if (!any) m += "\nSmallest wrong cases (replay with `exactgeom eval`):\n\n";
      any = true;
      m += "- " + std::string(to_string(f.family)) + ": exact " + w.expected + ", float " + w.got +
           "\n  `" + w.query + "`\n";
    }
  return m + "\n";
}

std::string AuditReport::json() const {
  std::string j = "{\"algorithm\":" + json_str(algorithm) + ",\"question\":" + json_str(question) +
                  ",\"families\":[";
  for (std::size_t i = 0; i < families.size(); ++i) {
    const auto& f = families[i];
    if (i) j += ',';
    j += "{\"family\":" + json_str(to_string(f.family)) + ",\"cases\":" + std::to_string(f.cases) +
         ",\"wrong\":" + std::to_string(f.wrong) +
         ",\"false_positives\":" + std::to_string(f.false_positives) +
         ",\"false_negatives\":" + std::to_string(f.false_negatives) +
         ",\"opposite_sign\":" + std::to_string(f.opposite_sign);
    if (real_valued) {
      j += ",\"max_ulp\":" + (std::isfinite(f.max_ulp) ? fmt("%.17g", f.max_ulp) : "null") +
           ",\"ulp_histogram\":[";
      for (std::size_t k = 0; k < f.ulp_histogram.size(); ++k)
        j += (k ? "," : "") + std::to_string(f.ulp_histogram[k]);
      j += "]";
    }
    j += ",\"smallest\":[";
    for (std::size_t k = 0; k < f.smallest.size(); ++k) {
      const auto& w = f.smallest[k];
      j += (k ? "," : "") + std::string("{\"query\":") + json_str(w.query) +
           ",\"expected\":" + json_str(w.expected) + ",\"got\":" + json_str(w.got) + "}";
    }
    j += "]}";
  }
  return j + "]}";
}

}  // namespace exactgeom

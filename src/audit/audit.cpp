// The audit loop (exactgeom/audit/audit.hpp): deterministic cases, wrong-answer
// accounting, shrinking, and the report's Markdown and JSON forms.
#include "exactgeom/audit/audit.hpp"
#include "exactgeom/audit/subject.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "exactgeom/capsules.hpp"

namespace exactgeom::audit {

std::string_view to_string(CaseFamily f) {
  switch (f) {
    case CaseFamily::random: return "random";
    case CaseFamily::near_degenerate: return "near_degenerate";
    case CaseFamily::touching: return "touching";
    case CaseFamily::parallel_zero_length: return "parallel_zero_length";
    case CaseFamily::far_from_origin: return "far_from_origin";
    case CaseFamily::classroom: return "classroom";
    case CaseFamily::collinear_gaps: return "collinear_gaps";
    case CaseFamily::nearly_parallel: return "nearly_parallel";
    case CaseFamily::zero_length: return "zero_length";
    case CaseFamily::large_offsets: return "large_offsets";
    case CaseFamily::piercing_triangle: return "piercing_triangle";
    case CaseFamily::degenerate_triangle: return "degenerate_triangle";
    case CaseFamily::resting_faces: return "resting_faces";
    case CaseFamily::deep_overlap: return "deep_overlap";
    case CaseFamily::degenerate_hull: return "degenerate_hull";
    case CaseFamily::stacked: return "stacked";
    case CaseFamily::vertex_on_face: return "vertex_on_face";
    case CaseFamily::float_rotations: return "float_rotations";
    case CaseFamily::grazing_cast: return "grazing_cast";
    case CaseFamily::edge_edge: return "edge_edge";
  }
  return "?";
}

std::string Answer::str() const {
  switch (kind) {
    case Kind::boolean: return value ? "true" : "false";
    case Kind::sign: return std::to_string(value);
    case Kind::real: return cases::hex(x);
    case Kind::none: return "none";
    case Kind::vector: {
      std::string s = "[";
      for (std::size_t i = 0; i < n; ++i) s += (i ? "," : "") + cases::hex(v[i]);
      return s + "]";
    }
  }
  return "?";
}

namespace {

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// FNV-1a of a user family's name: its cases' seeds.
std::uint64_t name_hash(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char ch : s) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001b3ULL;
  return h;
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

constexpr double kInf = std::numeric_limits<double>::infinity();

/// How a float answer differs from the exact one.
struct Verdict {
  bool wrong = false;
  enum class Kind { right, differ, got_none, got_value } kind = Kind::right;
  double ulp = 0, scale_ulp = 0, abs = 0;  // value against value (real, vector)
  // ULPs are not defined at an exact 0: the ULP error over the components
  // whose exact value is not 0, and the largest |got| over those that are.
  double ulp_nonzero = 0, abs_at_zero = 0;
};

struct Judge {
  const AuditSubject& s;
  const AuditOptions& o;

  /// The largest magnitude of c's values (or the subject's own measure).
  double largest(std::span<const double> c) const {
    double v = 0;
    if (s.scale) v = s.scale(c);
    else
      for (double x : c) v = std::fmax(v, std::fabs(x));
    return v > 0 && std::isfinite(v) ? v : 1;
  }
  /// The scale of AuditOptions (largest, radius_sum, custom).
  double scale(std::span<const double> c) const {
    double v = 0;
    if (o.custom_scale) v = o.custom_scale(c);
    else if (o.scale == Scale::radius_sum) v = s.radius_sum(c);
    return v > 0 && std::isfinite(v) ? v : largest(c);
  }
  double answer_scale(double sc) const {
    return s.answer_scale_power == 0 ? 1 : s.answer_scale_power == 2 ? sc * sc : sc;
  }

  Verdict judge(const Answer& exact, const Answer& got, double sc) const {
    Verdict v;
    using K = Answer::Kind;
    const bool en = exact.kind == K::none, gn = got.kind == K::none;
    if (en && gn) return v;
    if (en != gn) {
      v.wrong = true;
      v.kind = gn ? Verdict::Kind::got_none : Verdict::Kind::got_value;
      return v;
    }
    if (exact.kind == K::real || exact.kind == K::vector) {
      const std::size_t n = exact.kind == K::real ? 1 : exact.n;
      v.abs = abs_error(exact, got);
      v.scale_ulp = v.abs / ulp_of(answer_scale(sc));
      if (exact.kind != got.kind || (exact.kind == K::vector && got.n != exact.n)) {
        v.ulp = v.ulp_nonzero = kInf;
      } else {
        for (std::size_t i = 0; i < n; ++i) {
          const double e = exact.kind == K::real ? exact.x : exact.v[i];
          const double g = exact.kind == K::real ? got.x : got.v[i];
          const double u = ulp_error(g, e);
          v.ulp = std::fmax(v.ulp, u);
          if (e != 0) v.ulp_nonzero = std::fmax(v.ulp_nonzero, u);
          else v.abs_at_zero = std::isnan(g) ? kInf : std::fmax(v.abs_at_zero, std::fabs(g));
        }
      }
      const double err = o.tolerance.unit == Unit::exact_ulps   ? v.ulp
                         : o.tolerance.unit == Unit::scale_ulps ? v.scale_ulp
                                                                : v.abs;
      v.wrong = !(err <= o.tolerance.value);
    } else {
      v.wrong = exact.value != got.value || exact.kind != got.kind;
    }
    if (v.wrong) v.kind = Verdict::Kind::differ;
    return v;
  }
  /// judge, and for a subject that allows a backward error
  /// (AuditSubject::right_within >= 0): also right when the margin is at
  /// most right_within.
  Verdict judge(std::span<const double> c, const Answer& exact, const Answer& got, double sc) const {
    Verdict v = judge(exact, got, sc);
    if (!v.wrong || !(s.right_within >= 0) || !s.margin) return v;
    v.wrong = !(s.margin(c, exact, got) <= s.right_within);
    if (!v.wrong) v.kind = Verdict::Kind::right;
    else if (v.kind == Verdict::Kind::right) v.kind = Verdict::Kind::differ;
    return v;
  }

  /// Distance to the decision boundary: {scale units, ULPs of scale}, the
  /// scale being the case's largest magnitude whatever the options say:
  /// rounding the coordinates is what can move a case that far.
  std::pair<double, double> margin(std::span<const double> c, const Answer& exact, const Answer& got,
                                   const Verdict& v) const {
    double m = std::numeric_limits<double>::quiet_NaN();
    if (s.margin) m = s.margin(c, exact, got);
    if (s.right_within >= 0 && s.margin) m = std::fmax(0.0, m - s.right_within);  // beyond the allowance
    const double sc = largest(c);
    // A real answer's error as a length at the case's scale: a squared
    // distance (answer_scale_power 2) off by e is off by e / sc, a unit
    // normal (power 0) by e * sc.
    if (!s.margin && v.kind == Verdict::Kind::differ &&
        (exact.kind == Answer::Kind::real || exact.kind == Answer::Kind::vector))
      m = sc > 0 ? v.abs * std::pow(sc, 1 - s.answer_scale_power) : v.abs;
    return {m / sc, m / ulp_of(sc)};
  }
  /// {exact, got}: the exact answer is, for a question whose exact answer is
  /// a set, the member nearest the one got (AuditSubject::exact_near).
  std::pair<Answer, Answer> answers(std::span<const double> c) const {
    Answer got = s.approx(c);
    Answer exact = s.exact_near ? s.exact_near(c, got) : s.exact(c);
    return {std::move(exact), std::move(got)};
  }
  bool gross(double margin_ulps) const { return !(margin_ulps <= o.gross_band * s.band_ulp); }

  bool valid(std::span<double> c) const {
    for (std::size_t i = 0; i < c.size(); ++i)
      if (!std::isfinite(c[i]) || (s.nonnegative.size() > i && s.nonnegative[i] && c[i] < 0)) return false;
    return !s.normalize || s.normalize(c);
  }
};

/// One wrong case as found, before shrinking: the audit keeps the `keep`
/// smallest by (gross first, size, index) -- an order that does not depend on
/// the order cases run in, so shards merge into the unsharded result.
struct Candidate {
  std::vector<double> c;
  bool gross = true;
  double size = 0;
  std::uint64_t index = 0;
  bool operator<(const Candidate& b) const {
    if (gross != b.gross) return gross;
    if (size != b.size) return size < b.size;
    return index < b.index;
  }
};

/// The disagreement a shrunk case must keep: the same kinds of answers, the
/// same severity, still wrong. A "none" answer stays none, so a case never
/// shrinks into one that asks something else.
/// Whether case c fails as the kept case did: the same kinds of answer,
/// the same yes/no or sign on each side (a false negative stays one), the
/// same shape class (AuditSubject::shape_class) and the same severity class.
bool same_failure(const Judge& j, std::span<const double> c, const Answer& e0, const Answer& g0, bool gross0,
                  int class0) {
  if (j.s.shape_class && j.s.shape_class(c) != class0) return false;
  const auto [e, g] = j.answers(c);
  if (e.kind != e0.kind || g.kind != g0.kind) return false;
  auto discrete = [](const Answer& a) { return a.kind == Answer::Kind::boolean || a.kind == Answer::Kind::sign; };
  if ((discrete(e) && e.value != e0.value) || (discrete(g) && g.value != g0.value)) return false;
  const Verdict v = j.judge(c, e, g, j.scale(c));
  if (!v.wrong) return false;
  return j.gross(j.margin(c, e, g, v).second) == gross0;
}

/// Greedy shrinking: replace values by 0, integers, or fewer significant
/// bits while the case keeps its failure and gets smaller.
void shrink(const Judge& j, std::vector<double>& c, bool gross) {
  static constexpr int kBits[] = {1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48};
  const auto [e0, g0] = j.answers(c);
  const int class0 = j.s.shape_class ? j.s.shape_class(c) : 0;
  std::size_t tried = 0;  // candidates judged, against AuditSubject::shrink_budget
  const std::size_t budget = j.s.shrink_budget ? j.s.shrink_budget : SIZE_MAX;
  for (int pass = 0; pass < 4 && tried < budget; ++pass) {
    bool changed = false;
    for (std::size_t i = 0; i < c.size() && tried < budget; ++i) {
      std::vector<double> cands = {0.0, std::trunc(c[i])};
      for (int b : kBits) cands.push_back(round_to_bits(c[i], b));
      for (double v : cands) {
        if (v == c[i]) continue;
        std::vector<double> t = c;
        t[i] = v;
        if (!j.valid(t) || !(case_size(t) < case_size(c))) continue;
        if (++tried > budget) break;
        if (same_failure(j, t, e0, g0, gross, class0)) {
          c = std::move(t);
          changed = true;
          break;
        }
      }
    }
    if (!changed) break;
  }
}

void validate(const AuditSubject& s, const AuditOptions& o) {
  for (const auto& [set, what] : {std::pair{bool(s.generate), "generate"}, std::pair{bool(s.exact), "exact"},
                                  std::pair{bool(s.approx), "approx"}, std::pair{bool(s.query), "query"}})
    if (!set) throw invalid_input("AuditSubject '" + s.name + "' has no " + what + " function");
  if (s.width == 0) throw invalid_input("AuditSubject '" + s.name + "' has width 0");
  if (o.overlap == Overlap::open && !s.takes_overlap)
    throw invalid_input("AuditOptions::overlap = open does not apply to '" + s.name +
                                "': its exact function answers a fixed question (" + s.question + ")");
  if (o.shard_count == 0 || o.shard_index >= o.shard_count)
    throw invalid_input("AuditOptions: shard " + std::to_string(o.shard_index) + "/" +
                                std::to_string(o.shard_count) + " is not 0 <= index < count");
  const bool every_family = std::equal(o.families.begin(), o.families.end(), kAllFamilies.begin(),
                                       kAllFamilies.end());
  if (!every_family)
    for (CaseFamily f : o.families)
      if (std::find(s.families.begin(), s.families.end(), f) == s.families.end())
        throw invalid_input("AuditOptions::families: '" + s.name + "' has no family '" +
                                    std::string(to_string(f)) + "'");
  if (o.scale == Scale::radius_sum && !o.custom_scale && !s.radius_sum)
    throw invalid_input("AuditOptions::scale = radius_sum does not apply to '" + s.name +
                                "': its cases have no radii");
  if (!(o.tolerance.value >= 0))
    throw invalid_input("AuditOptions::tolerance: the value must be >= 0");
  if (!(o.gross_band >= 0)) throw invalid_input("AuditOptions::gross_band must be >= 0");
  for (std::size_t i = 0; i < o.user_families.size(); ++i) {
    const std::string& n = o.user_families[i].name;
    bool clash = n.empty() || !o.user_families[i].generate;
    for (CaseFamily f : kAllFamilies) clash = clash || n == to_string(f);
    for (std::size_t k = 0; k < i; ++k) clash = clash || o.user_families[k].name == n;
    if (clash)
      throw invalid_input("AuditOptions::user_families: '" + n +
                                  "' is empty, has no generator, or repeats a family's name");
  }
}

}  // namespace

double touching_margin(const mpq_class& d2, const mpq_class& R) {
  const mpq_class diff = d2 - R * R;
  const double den = std::sqrt(d2.get_d()) + R.get_d();
  return den > 0 ? std::abs(diff.get_d()) / den : 0.0;
}

double ulp_of(double x) {
  const double a = std::fabs(x);
  if (!std::isfinite(a)) return kInf;
  return std::nextafter(a, kInf) - a;
}

double ulp_error(double got, double exact) {
  if (got == exact) return 0;
  if (std::isnan(got) || std::isinf(got) || std::isinf(exact)) return kInf;
  return std::fabs(got - exact) / ulp_of(exact);
}

double abs_error(const Answer& exact, const Answer& got) {
  using K = Answer::Kind;
  if (exact.kind != got.kind || (exact.kind == K::vector && got.n != exact.n)) return kInf;
  if (exact.kind != K::real && exact.kind != K::vector) return 0;
  const std::size_t n = exact.kind == K::real ? 1 : exact.n;
  double m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double e = exact.kind == K::real ? exact.x : exact.v[i];
    const double g = exact.kind == K::real ? got.x : got.v[i];
    m = std::fmax(m, std::isnan(g) ? kInf : e == g ? 0 : std::fabs(g - e));
  }
  return m;
}

AuditReport run_audit(const AuditSubject& s, const AuditOptions& o) {
  validate(s, o);
  AuditReport report;
  report.algorithm = s.name;
  report.question = s.question;
  report.tolerance = o.tolerance;
  report.gross_band = o.gross_band;
  report.keep = o.keep;
  report.band_ulp = s.band_ulp;
  report.answer_scale_power = s.answer_scale_power;
  if (o.shard_count > 1) report.shard = std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count);
  const Judge judge{s, o};
  std::vector<double> c(s.width);

  // One family: built-in (user == nullptr) or the user's.
  auto run_family = [&](CaseFamily f, const UserFamily* user) {
    FamilyAudit fa;
    fa.family = f;
    fa.name = user ? user->name : std::string(to_string(f));
    const std::uint64_t tag = user ? name_hash(user->name) : static_cast<std::uint64_t>(f);
    std::vector<Candidate> kept;
    for (std::size_t i = 0; i < o.cases; ++i) {
      if (o.shard_count > 1 && i % o.shard_count != o.shard_index) continue;
      const std::uint64_t seed = splitmix(o.seed ^ splitmix(tag * 0x100000001ULL + i));
      if (user) {
        user->generate(seed, i, c);
        if (s.normalize && !s.normalize(c))
          throw invalid_input("user family '" + user->name + "' made case " + std::to_string(i) +
                                      ", which is not a valid case of '" + s.name + "'");
      } else {
        s.generate(f, seed, i, c);
        if (s.normalize && !s.normalize(c)) {
          ++fa.skipped;
          continue;
        }
      }
      const auto [exact, got] = judge.answers(c);
      ++fa.cases;
      const double sc = judge.scale(c);
      if (s.held_offset)
        fa.max_held_offset = std::fmax(fa.max_held_offset, s.held_offset(c) / ulp_of(judge.largest(c)));
      if (exact.kind != Answer::Kind::none) {
        report.sign_valued = exact.kind == Answer::Kind::sign;
        report.real_valued = exact.kind == Answer::Kind::real || exact.kind == Answer::Kind::vector;
      } else {
        report.may_be_none = true;
      }
      const Verdict v = judge.judge(c, exact, got, sc);
      if (got.kind == Answer::Kind::none) report.may_be_none = true;
      if (v.kind == Verdict::Kind::right || v.kind == Verdict::Kind::differ) {
        if (exact.kind == Answer::Kind::real || exact.kind == Answer::Kind::vector) {
          fa.max_ulp = std::fmax(fa.max_ulp, v.ulp_nonzero);
          fa.max_abs_at_zero = std::fmax(fa.max_abs_at_zero, v.abs_at_zero);
          fa.max_scale_ulp = std::fmax(fa.max_scale_ulp, v.scale_ulp);
          fa.max_abs = std::fmax(fa.max_abs, v.abs);
          // The histogram counts the error in the tolerance's unit: ULPs of
          // the code's own type (band_ulp), or multiples of an absolute
          // tolerance.
          const double u = o.tolerance.unit == Unit::exact_ulps   ? v.ulp / s.band_ulp
                           : o.tolerance.unit == Unit::scale_ulps ? v.scale_ulp / s.band_ulp
                           : v.abs == 0                           ? 0
                           : o.tolerance.value > 0                ? v.abs / o.tolerance.value
                                                                  : kInf;
          const int bucket = u == 0 ? 0 : u <= 1 ? 1 : u <= 4 ? 2 : u <= 64 ? 3 : 4;
          ++fa.ulp_histogram[static_cast<std::size_t>(bucket)];
        }
      }
      if (!v.wrong) continue;
      ++fa.wrong;
      if (v.kind == Verdict::Kind::got_none) ++fa.got_none;
      if (v.kind == Verdict::Kind::got_value) ++fa.got_value;
      if (v.kind == Verdict::Kind::differ && exact.kind == Answer::Kind::boolean)
        (got.value ? fa.false_positives : fa.false_negatives)++;
      if (v.kind == Verdict::Kind::differ && exact.kind == Answer::Kind::sign && exact.value * got.value < 0)
        ++fa.opposite_sign;
      const bool gross = judge.gross(judge.margin(c, exact, got, v).second);
      if (gross) ++fa.gross;
      if (o.keep == 0) continue;
      Candidate cand{c, gross, case_size(c), i};
      if (kept.size() >= o.keep && !(cand < kept.back())) continue;
      kept.insert(std::upper_bound(kept.begin(), kept.end(), cand), std::move(cand));
      if (kept.size() > o.keep) kept.pop_back();
    }
    for (Candidate& k : kept) {
      std::vector<double> w = k.c;
      shrink(judge, w, k.gross);
      const auto [e, g] = judge.answers(w);
      const auto [m, mu] = judge.margin(w, e, g, judge.judge(w, e, g, judge.scale(w)));
      fa.smallest.push_back(WrongCase{s.query(w), e.str(), g.str(), case_size(w), w, m, mu,
                                      judge.gross(mu), k.index, k.size});
    }
    report.families.push_back(std::move(fa));
  };
  for (CaseFamily f : o.families)
    if (std::find(s.families.begin(), s.families.end(), f) != s.families.end()) run_family(f, nullptr);
  for (const UserFamily& u : o.user_families) run_family(CaseFamily::random, &u);
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
std::size_t AuditReport::gross() const {
  std::size_t n = 0;
  for (const auto& f : families) n += f.gross;
  return n;
}

namespace {
std::string fmt(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}
/// A double that reads back exactly (null for NaN, "inf"/"-inf").
std::string num(double v) {
  if (std::isnan(v)) return "null";
  if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
  return fmt("%.17g", v);
}
std::string json_str(std::string_view s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}
std::string severity(const WrongCase& w, double band, double band_ulp) {
  if (std::isnan(w.margin_ulps)) return "gross (distance to the boundary unknown)";
  const char* unit = band_ulp == 1 ? " ULPs" : " float ULPs";
  return std::string(w.gross ? "gross" : "rounding-level") + ": " + fmt("%.3g", w.margin_ulps / band_ulp) +
         unit + " (" + fmt("%.3g", w.margin) + " times the case's largest magnitude) from the boundary, band " +
         fmt("%g", band);
}
}  // namespace

namespace {
/// "I/N" of AuditReport::shard as (I, N), strictly: digits only, 0 <= I < N,
/// N at most `most` (so a huge N read from a file is refused before anything
/// is sized by it). "" is the unsharded (0, 1).
std::pair<std::size_t, std::size_t> parse_shard(const std::string& s, std::size_t most) {
  if (s.empty()) return {0, 1};
  const auto slash = s.find('/');
  auto number = [&](std::string_view t) {
    std::size_t v = 0;
    if (t.empty() || t.size() > 12) return most + 1;  // > 10^12 shards: refused below
    for (char ch : t) {
      if (ch < '0' || ch > '9') return most + 1;
      v = v * 10 + static_cast<std::size_t>(ch - '0');
    }
    return v;
  };
  const std::string_view sv(s);
  const std::size_t i = slash == std::string::npos ? most + 1 : number(sv.substr(0, slash));
  const std::size_t n = slash == std::string::npos ? most + 1 : number(sv.substr(slash + 1));
  if (n == 0 || n > most || i >= n)
    throw invalid_input("merge_reports: shard '" + s + "' is not I/N with 0 <= I < N <= " +
                                std::to_string(most));
  return {i, n};
}
}  // namespace

AuditReport merge_reports(const std::vector<AuditReport>& shards) {
  if (shards.empty()) throw invalid_input("merge_reports: no report");
  auto fail = [](const std::string& why) { throw invalid_input("merge_reports: " + why); };
  const AuditReport& first = shards.front();
  // Shard counts up to a million (room for any cluster; bounds what a
  // report read from a file can make this allocate).
  constexpr std::size_t kMostShards = 1'000'000;
  const std::size_t count = parse_shard(first.shard, kMostShards).second;
  {
    // Name what is missing or repeated before anything else is checked.
    std::vector<std::size_t> times(count, 0);
    for (const AuditReport& r : shards) {
      const auto [index, n] = parse_shard(r.shard, kMostShards);
      if (n != count)
        fail("shard '" + r.shard + "' is not one of " + std::to_string(count) + " (the first report is '" +
             first.shard + "')");
      ++times[index];
    }
    std::string missing, repeated;
    std::size_t n_missing = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const std::string name = std::to_string(i) + "/" + std::to_string(count);
      if (times[i] == 0 && n_missing++ < 10) missing += (missing.empty() ? "" : ", ") + name;
      if (times[i] > 1) repeated += (repeated.empty() ? "" : ", ") + name;
    }
    if (n_missing > 10) missing += " and " + std::to_string(n_missing - 10) + " more";
    if (!repeated.empty()) fail("'" + first.algorithm + "': shard " + repeated + " given more than once");
    if (!missing.empty()) fail("'" + first.algorithm + "': shard " + missing + " missing");
  }
  std::vector<bool> seen(count, false);
  AuditReport m = first;
  m.shard.clear();
  for (auto& f : m.families) {
    FamilyAudit empty;
    empty.family = f.family;
    empty.name = f.name;
    f = std::move(empty);
  }
  for (const AuditReport& r : shards) {
    if (r.algorithm != first.algorithm || r.question != first.question || r.keep != first.keep ||
        r.tolerance.unit != first.tolerance.unit || r.tolerance.value != first.tolerance.value ||
        r.gross_band != first.gross_band || r.band_ulp != first.band_ulp ||
        r.families.size() != first.families.size())
      fail("'" + r.algorithm + "' is not from the run of '" + first.algorithm + "'");
    const auto [index, n] = parse_shard(r.shard, kMostShards);
    if (n != count) fail("shard '" + r.shard + "' is not one of " + std::to_string(count));
    if (seen[index]) fail("shard " + r.shard + " is repeated");
    seen[index] = true;
    m.real_valued = m.real_valued || r.real_valued;
    m.sign_valued = m.sign_valued || r.sign_valued;
    m.may_be_none = m.may_be_none || r.may_be_none;
    for (std::size_t i = 0; i < r.families.size(); ++i) {
      const FamilyAudit& f = r.families[i];
      FamilyAudit& t = m.families[i];
      if (f.name != t.name) fail("family '" + f.name + "' where '" + t.name + "' was expected");
      t.cases += f.cases, t.wrong += f.wrong, t.gross += f.gross;
      t.false_positives += f.false_positives, t.false_negatives += f.false_negatives;
      t.opposite_sign += f.opposite_sign, t.got_none += f.got_none, t.got_value += f.got_value;
      t.skipped += f.skipped;
      t.max_ulp = std::fmax(t.max_ulp, f.max_ulp);
      t.max_abs_at_zero = std::fmax(t.max_abs_at_zero, f.max_abs_at_zero);
      t.max_scale_ulp = std::fmax(t.max_scale_ulp, f.max_scale_ulp);
      t.max_abs = std::fmax(t.max_abs, f.max_abs);
      t.max_held_offset = std::fmax(t.max_held_offset, f.max_held_offset);
      for (std::size_t k = 0; k < f.ulp_histogram.size(); ++k) t.ulp_histogram[k] += f.ulp_histogram[k];
      t.smallest.insert(t.smallest.end(), f.smallest.begin(), f.smallest.end());
    }
  }
  for (auto& f : m.families) {
    // The order run_audit keeps candidates in (Candidate::operator<).
    std::sort(f.smallest.begin(), f.smallest.end(), [](const WrongCase& a, const WrongCase& b) {
      if (a.gross != b.gross) return a.gross;
      if (a.unshrunk_size != b.unshrunk_size) return a.unshrunk_size < b.unshrunk_size;
      return a.index < b.index;
    });
    if (f.smallest.size() > m.keep) f.smallest.resize(m.keep);
  }
  return m;
}

std::string_view to_string(Unit u) {
  switch (u) {
    case Unit::exact_ulps: return "exact_ulps";
    case Unit::scale_ulps: return "scale_ulps";
    case Unit::absolute: return "absolute";
  }
  return "?";
}

std::string AuditReport::markdown() const {
  std::string m = "### " + algorithm + "\n\n" + question + "\n\n";
  bool held = false, skips = false;
  for (const auto& f : families) held = held || f.max_held_offset >= 0, skips = skips || f.skipped > 0;
  m += "Wrong: ";
  // ULP quantities are shown in ULPs of the code's own type (band_ulp: one
  // float ULP is 2^29 double ULPs); the JSON keeps them in double ULPs.
  const bool in_float = band_ulp != 1;
  const double tol = tolerance.unit == Unit::absolute ? tolerance.value : tolerance.value / band_ulp;
  m += real_valued ? "beyond " + fmt("%g", tol) + " " + std::string(to_string(tolerance.unit)) +
                         (in_float && tolerance.unit != Unit::absolute ? " of float" : "") +
                         (may_be_none ? ", or none against a value" : "")
                   : std::string("a different answer");
  m += "; gross: more than " + fmt("%g", gross_band) + (band_ulp == 1 ? " ULPs" : " float ULPs") +
       " of the case's largest magnitude from the decision boundary.\n\n";
  // Every error column names its unit; the histogram counts cases by their
  // error in the tolerance's unit.
  const std::string ulps = in_float ? "float ULPs" : "ULPs";
  const std::string of_scale = answer_scale_power == 0   ? " of 1"
                               : answer_scale_power == 2 ? " of the case's scale squared"
                                                         : " of the case's scale";
  bool zeros = false;
  for (const auto& f : families) zeros = zeros || f.max_abs_at_zero > 0;
  if (real_valued) {
    const std::string hist_unit = tolerance.unit == Unit::exact_ulps   ? ulps + " of the exact value"
                                  : tolerance.unit == Unit::scale_ulps ? ulps + of_scale
                                                                       : "multiples of the tolerance " +
                                                                             fmt("%g", tolerance.value);
    m += "Errors: the largest in " + ulps + " of the exact value (not defined where it is 0: those cases' " +
         "largest |error| is the `abs at exact 0` column), in " + ulps + of_scale +
         (answer_scale_power == 0 ? " (a time or a unit vector)" : "") +
         " and absolute; the histogram columns count cases by their error in " + hist_unit + ".\n\n";
  }
  std::string head = "| family | cases | wrong | rate | gross |";
  std::string rule = "| --- | ---: | ---: | ---: | ---: |";
  if (real_valued) {
    head += " max " + ulps + " of exact | max " + ulps + of_scale + " | max abs |" +
            (zeros ? " abs at exact 0 |" : "") + " 0 | <=1 | <=4 | <=64 | >64 |";
    rule += std::string(zeros ? " ---: |" : "") + " ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
  } else if (sign_valued) {
    head += " opposite sign | zero vs nonzero |";
    rule += " ---: | ---: |";
  } else {
    head += " false pos. | false neg. |";
    rule += " ---: | ---: |";
  }
  if (may_be_none) head += " got none | got value |", rule += " ---: | ---: |";
  if (held) head += in_float ? " held off (float ULPs) |" : " held off (ULPs) |", rule += " ---: |";
  if (skips) head += " skipped (not valid) |", rule += " ---: |";
  m += head + "\n" + rule + "\n";
  for (const auto& f : families) {
    const double rate = f.cases ? 100.0 * double(f.wrong) / double(f.cases) : 0;
    m += "| " + f.name + " | " + std::to_string(f.cases) + " | " + std::to_string(f.wrong) + " | " +
         fmt("%.3g%%", rate) + " | " + std::to_string(f.gross) + " | ";
    if (real_valued) {
      m += fmt("%.3g", f.max_ulp / band_ulp) + " | " + fmt("%.3g", f.max_scale_ulp / band_ulp) + " | " +
           fmt("%.3g", f.max_abs);
      if (zeros) m += " | " + fmt("%.3g", f.max_abs_at_zero);
      for (auto h : f.ulp_histogram) m += " | " + std::to_string(h);
      m += " |";
    } else if (sign_valued) {
      m += std::to_string(f.opposite_sign) + " | " +
           std::to_string(f.wrong - f.opposite_sign - f.got_none - f.got_value) + " |";
    } else {
      m += std::to_string(f.false_positives) + " | " + std::to_string(f.false_negatives) + " |";
    }
    if (may_be_none) m += " " + std::to_string(f.got_none) + " | " + std::to_string(f.got_value) + " |";
    if (held) m += " " + (f.max_held_offset >= 0 ? fmt("%.3g", f.max_held_offset / band_ulp) : std::string("-")) + " |";
    if (skips) m += " " + std::to_string(f.skipped) + " |";
    m += "\n";
  }
  bool any = false;
  for (const auto& f : families)
    for (const auto& w : f.smallest) {
      if (!any) m += "\nSmallest wrong cases, gross first (replay with `exactgeom eval`):\n\n";
      any = true;
      m += "- " + f.name + ": exact " + w.expected + ", float " + w.got + "; " + severity(w, gross_band, band_ulp) +
           "\n  `" + w.query + "`\n";
    }
  return m + "\n";
}

std::string AuditReport::json() const {
  std::string j = "{\"algorithm\":" + json_str(algorithm) + ",\"question\":" + json_str(question);
  if (!shard.empty()) j += ",\"shard\":" + json_str(shard);
  j += ",\"real_valued\":" + std::string(real_valued ? "true" : "false") +
       ",\"sign_valued\":" + std::string(sign_valued ? "true" : "false") +
       ",\"may_be_none\":" + std::string(may_be_none ? "true" : "false") +
       ",\"tolerance\":{\"unit\":" + json_str(to_string(tolerance.unit)) + ",\"value\":" + num(tolerance.value) +
       "},\"answer_scale_power\":" + std::to_string(answer_scale_power) + ",\"gross_band\":" + num(gross_band) + ",\"band_ulp\":" + num(band_ulp) + ",\"keep\":" + std::to_string(keep) + ",\"families\":[";
  for (std::size_t i = 0; i < families.size(); ++i) {
    const auto& f = families[i];
    if (i) j += ',';
    j += "{\"family\":" + json_str(f.name) + ",\"cases\":" + std::to_string(f.cases) +
         ",\"wrong\":" + std::to_string(f.wrong) + ",\"gross\":" + std::to_string(f.gross) +
         ",\"false_positives\":" + std::to_string(f.false_positives) +
         ",\"false_negatives\":" + std::to_string(f.false_negatives) +
         ",\"opposite_sign\":" + std::to_string(f.opposite_sign) +
         ",\"got_none\":" + std::to_string(f.got_none) + ",\"got_value\":" + std::to_string(f.got_value) +
         ",\"skipped\":" + std::to_string(f.skipped) +
         ",\"max_ulp\":" + num(f.max_ulp) + ",\"max_scale_ulp\":" + num(f.max_scale_ulp) +
         ",\"max_abs\":" + num(f.max_abs) + ",\"max_abs_at_zero\":" + num(f.max_abs_at_zero) +
         ",\"max_held_offset\":" + num(f.max_held_offset) +
         ",\"ulp_histogram\":[";
    for (std::size_t k = 0; k < f.ulp_histogram.size(); ++k)
      j += (k ? "," : "") + std::to_string(f.ulp_histogram[k]);
    j += "],\"smallest\":[";
    for (std::size_t k = 0; k < f.smallest.size(); ++k) {
      const auto& w = f.smallest[k];
      j += (k ? "," : "") + std::string("{\"query\":") + json_str(w.query) +
           ",\"expected\":" + json_str(w.expected) + ",\"got\":" + json_str(w.got) +
           ",\"gross\":" + (w.gross ? "true" : "false") + ",\"margin\":" + num(w.margin) +
           ",\"margin_ulps\":" + num(w.margin_ulps) + ",\"size\":" + num(w.size) +
           ",\"index\":" + std::to_string(w.index) + ",\"unshrunk_size\":" + num(w.unshrunk_size) +
           ",\"values\":[";
      for (std::size_t v = 0; v < w.values.size(); ++v)
        j += (v ? ",\"" : "\"") + cases::hex(w.values[v]) + "\"";
      j += "]}";
    }
    j += "]}";
  }
  return j + "]}";
}

}  // namespace exactgeom::audit

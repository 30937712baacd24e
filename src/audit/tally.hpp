// src/audit/tally.hpp: the per-family tally of the audits that run their
// own case loop (surface.cpp, ccd_audit.cpp) rather than run_audit: the counts,
// the kept wrong cases (gross first, then by index) and the report.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "exactgeom/audit/subject.hpp"
#include "exactgeom/audit/types.hpp"

namespace exactgeom::audit::detail {

/// One question's tally per family.
struct Tally {
  FamilyAudit fa;
  std::vector<WrongCase> kept;
};

inline void keep_case(Tally& t, WrongCase w, std::size_t keep) {
  t.kept.push_back(std::move(w));
  std::stable_sort(t.kept.begin(), t.kept.end(), [](const WrongCase& a, const WrongCase& b) {
    if (a.gross != b.gross) return a.gross;
    return a.index < b.index;
  });
  if (t.kept.size() > keep) t.kept.resize(keep);
}

/// One wrong answer of case `index` (its query line `line`): counted, gross
/// when its margin is beyond the gross band (margin in units of the case's
/// scale `big`, judged in ULPs of it), and kept with what was expected.
inline void count_wrong(Tally& t, const AuditOptions& o, double band_ulp, double big, double margin,
                        const std::string& line, std::string expected, std::string got, std::uint64_t index) {
  ++t.fa.wrong;
  const double mu = margin / ulp_of(big);
  const bool gross = !(mu <= o.gross_band * band_ulp);
  t.fa.gross += gross;
  if (o.keep == 0) return;
  WrongCase w;
  w.query = line;
  w.expected = std::move(expected);
  w.got = std::move(got);
  w.margin = margin / big, w.margin_ulps = mu, w.gross = gross, w.index = index;
  w.size = w.unshrunk_size = static_cast<double>(index);
  keep_case(t, std::move(w), o.keep);
}

inline void histogram(FamilyAudit& fa, double e) {  // e: the error in the tolerance's unit (band ULPs)
  const std::size_t bin = e == 0 ? 0 : e <= 1 ? 1 : e <= 4 ? 2 : e <= 64 ? 3 : 4;
  ++fa.ulp_histogram[bin];
}

inline AuditReport report_of(std::string algorithm, std::string question, const std::vector<Tally>& t, const AuditOptions& o,
                      double band_ulp, bool real, Tolerance tol, int power) {
  AuditReport r;
  r.algorithm = std::move(algorithm);
  r.question = std::move(question);
  r.real_valued = real;
  r.may_be_none = true;
  r.tolerance = tol;
  r.answer_scale_power = power;
  r.gross_band = o.gross_band;
  r.band_ulp = band_ulp;
  r.keep = o.keep;
  if (o.shard_count > 1) r.shard = std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count);
  for (const Tally& x : t) {
    FamilyAudit fa = x.fa;
    fa.smallest = x.kept;
    r.families.push_back(std::move(fa));
  }
  return r;
}

}  // namespace exactgeom::audit::detail

// The CCD audits (exactgeom/audit/ccd.hpp): the exact answer is right on
// every family; the float versions of exactgeom/reference/ccd.hpp are told
// apart (the cubic-root CCD misses and is late, additive CCD is early and
// reports near misses, never late); kept lines replay through eval; float
// code; the benchmark's scenes; counts agree with the tables; option errors.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "exactgeom/audit/ccd.hpp"
#include "exactgeom/ccd.hpp"
#include "exactgeom/reference/ccd.hpp"
#include "testing/eval_lines.hpp"

namespace {

namespace eg = exactgeom;
namespace ea = exactgeom::audit;
namespace er = exactgeom::reference;

template <class S>
using Pts = ea::CcdPoints<S>;

template <class S>
std::optional<double> exact_ccd(ea::CcdKind k, const Pts<S>& a, const Pts<S>& b, S ms) {
  std::array<eg::Point3<S>, 4> x, y;
  for (std::size_t i = 0; i < 4; ++i) x[i] = {a[i][0], a[i][1], a[i][2]}, y[i] = {b[i][0], b[i][1], b[i][2]};
  const auto r = k == ea::CcdKind::vertex_face ? eg::ccd_vertex_face(x, y, ms) : eg::ccd_edge_edge(x, y, ms);
  return r ? std::optional<double>(r->toi) : std::nullopt;
}

std::size_t sum(const ea::AuditReport& r, std::size_t ea::FamilyAudit::*field) {
  std::size_t n = 0;
  for (const auto& f : r.families) n += f.*field;
  return n;
}

void expect_counts_agree(const ea::AuditReport& r) {
  const std::string md = r.markdown();
  for (const auto& f : r.families) {
    EXPECT_LE(f.false_positives + f.false_negatives, f.wrong) << r.algorithm << " " << f.name;
    EXPECT_LE(f.gross, f.wrong);
    EXPECT_NE(md.find("| " + f.name + " | " + std::to_string(f.cases) + " | " + std::to_string(f.wrong) + " | "),
              std::string::npos)
        << md;
  }
}

TEST(CcdAudit, TheExactAnswerIsRightOnEveryFamily) {
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge})
    for (double ms : {0.0, 0.01}) {
      const auto r = ea::audit_ccd<double>(
          k, [k](const Pts<double>& a, const Pts<double>& b, double m) { return exact_ccd(k, a, b, m); }, {.cases = 40},
          "exact", {.ms = ms});
      for (const auto& rep : r) EXPECT_EQ(rep.wrong(), 0u) << rep.markdown();
      EXPECT_EQ(r[0].families.size(), 12u);
    }
}

TEST(CcdAudit, FloatVersionsAreToldApart) {
  const ea::AuditOptions o{.cases = 60, .keep = 4};
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge}) {
    const bool vf = k == ea::CcdKind::vertex_face;
    const auto cubic = ea::audit_ccd<double>(
        k,
        [vf](const Pts<double>& a, const Pts<double>& b, double ms) {
          return vf ? er::cubic_ccd_vertex_face(a, b, ms) : er::cubic_ccd_edge_edge(a, b, ms);
        },
        o, "cubic");
    const auto additive = ea::audit_ccd<double>(
        k,
        [vf](const Pts<double>& a, const Pts<double>& b, double ms) {
          return vf ? er::additive_ccd_vertex_face(a, b, ms) : er::additive_ccd_edge_edge(a, b, ms);
        },
        o, "additive");
    for (const auto& r : cubic) expect_counts_agree(r);
    for (const auto& r : additive) expect_counts_agree(r);
    // The cubic-root CCD misses contacts (coplanar sliding, grazing, edges
    // touching at an end under rounding). Additive CCD is conservative: it
    // stops at a tenth of the starting gap, so it is early and calls near
    // misses hits; it is late only where the exact contact is at t = 0 (its
    // float distance there is a rounding error above 0, so it steps on).
    EXPECT_GT(sum(cubic[0], &ea::FamilyAudit::false_negatives), 5u) << cubic[0].markdown();
    EXPECT_GT(sum(additive[0], &ea::FamilyAudit::false_positives), 10u) << additive[0].markdown();
    EXPECT_GT(additive[2].wrong(), 20u) << additive[2].markdown();
    EXPECT_LT(additive[1].wrong(), additive[2].wrong()) << additive[1].markdown();
    for (const auto& f : additive[1].families)
      for (const auto& w : f.smallest) EXPECT_EQ(w.expected, "0x0p+0") << w.query;
  }
}

TEST(CcdAudit, KeptLinesReplayThroughEval) {
  const auto r = ea::audit_ccd<double>(
      ea::CcdKind::vertex_face,
      [](const Pts<double>& a, const Pts<double>& b, double ms) { return er::cubic_ccd_vertex_face(a, b, ms); },
      {.cases = 40, .keep = 3}, "cubic");
  std::vector<std::string> lines, want;
  for (const auto& rep : r)
    for (const auto& f : rep.families)
      for (const auto& w : f.smallest) {
        lines.push_back(w.query);
        // hit?: the exact hit; the toi reports: the exact toi.
        want.push_back(&rep == &r[0] ? "\"hit\":" + w.expected : "\"toi\":\"" + w.expected + "\"");
      }
  ASSERT_GT(lines.size(), 5u);
  const auto answers = exactgeom::testing::eval_lines(lines);
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_NE(answers[i].find(want[i]), std::string::npos) << lines[i] << "\n -> " << answers[i];
}

TEST(CcdAudit, FloatCodeAndTheBenchmarkScenes) {
  // Float code gets float cases (every value a float), judged in float ULPs.
  const auto r = ea::audit_ccd<float>(
      ea::CcdKind::edge_edge,
      [](const Pts<float>& a, const Pts<float>& b, float ms) -> std::optional<double> {
        const auto t = er::cubic_ccd_edge_edge(a, b, ms, 1e-4f);
        return t ? std::optional<double>(*t) : std::nullopt;
      },
      {.cases = 30}, "cubic float");
  EXPECT_EQ(r[0].band_ulp, 0x1p29);
  EXPECT_GT(r[0].cases(), 0u);
  // The sample queries as a family, in file order: the exact answer is right.
  const std::string dir = std::string(EXACTGEOM_TEST_DATA) + "/ccd-sample-queries";
  const auto b = ea::audit_ccd<double>(
      ea::CcdKind::vertex_face,
      [](const Pts<double>& a, const Pts<double>& c, double ms) { return exact_ccd(ea::CcdKind::vertex_face, a, c, ms); },
      {.cases = 200}, "exact", {.families = {ea::CcdFamily::benchmark}, .benchmark_dir = dir});
  EXPECT_EQ(b[0].families.at(0).name, "benchmark");
  EXPECT_EQ(b[0].wrong(), 0u);
  EXPECT_EQ(ea::read_ccd_benchmark(dir, ea::CcdKind::edge_edge).size(), 4194u);
}

TEST(CcdAudit, OptionsThatDoNotApplyAreErrors) {
  auto none = [](const Pts<double>&, const Pts<double>&, double) { return std::optional<double>(); };
  EXPECT_THROW(ea::audit_ccd<double>(ea::CcdKind::vertex_face, none, {}, "x", {.ms = -1}), eg::invalid_input);
  EXPECT_THROW(ea::audit_ccd<double>(ea::CcdKind::vertex_face, none, {}, "x", {.families = {ea::CcdFamily::benchmark}}),
               eg::invalid_input);
  EXPECT_THROW(ea::audit_ccd<double>(ea::CcdKind::vertex_face, none, {.shard_index = 3, .shard_count = 2}), eg::invalid_input);
  EXPECT_THROW(ea::read_ccd_benchmark("/nonexistent", ea::CcdKind::edge_edge), eg::invalid_input);
}

}  // namespace

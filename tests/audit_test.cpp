// Tests of the audit API (exactgeom/audit/audit.hpp) as a user calls it: a
// deliberately wrong float test must be found wrong where it is wrong and
// nowhere else, the exact test never, and options that do not apply to a
// subject are errors.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "exactgeom/audit/subject.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/segments.hpp"

namespace eg = exactgeom;

namespace {

struct Cap {
  double ax, ay, bx, by, r;
};

}  // namespace

template <>
struct exactgeom::audit::shape_adapter<Cap> {
  using exact_type = exactgeom::Capsule2<double>;
  using scalar = double;
  static Cap from_exact(const exact_type& c) { return {c.seg.a.x, c.seg.a.y, c.seg.b.x, c.seg.b.y, c.r}; }
};

namespace {

eg::Capsule2<double> exact_of(const Cap& c) { return {{{c.ax, c.ay}, {c.bx, c.by}}, c.r}; }

TEST(Audit, TheExactTestIsNeverWrong) {
  const auto r = eg::audit::audit_overlap<Cap>([](const Cap& a, const Cap& b) { return eg::intersects(exact_of(a), exact_of(b)); },
                                {.cases = 500});
  EXPECT_GT(r.cases(), 2000u);
  EXPECT_EQ(r.wrong(), 0u);
}

TEST(Audit, AGrosslyWrongTestIsFoundWithItsCases) {
  // Inflates both radii by 10%: says "meet" for pairs up to 10% apart.
  const auto inflated = [](const Cap& a, const Cap& b) {
    Cap a2 = a, b2 = b;
    a2.r *= 1.1;
    b2.r *= 1.1;
    return eg::intersects(exact_of(a2), exact_of(b2));
  };
  const auto r = eg::audit::audit_overlap<Cap>(inflated, {.cases = 500});
  EXPECT_GT(r.wrong(), 50u);
  for (const auto& f : r.families) {
    EXPECT_EQ(f.false_negatives, 0u) << eg::audit::to_string(f.family);  // it only ever says yes too often
    for (const auto& w : f.smallest) {
      EXPECT_EQ(w.expected, "false");
      EXPECT_NE(w.query.find("\"op\":\"contact\""), std::string::npos);
    }
  }
}

TEST(Audit, OverlapOpenAsksTheOpenQuestion) {
  // The closed test audited as an open one is wrong exactly on touching pairs.
  const auto closed = [](const Cap& a, const Cap& b) { return eg::intersects(exact_of(a), exact_of(b)); };
  const auto r = eg::audit::audit_overlap<Cap>(closed, {.cases = 500, .overlap = eg::audit::Overlap::open});
  EXPECT_GT(r.wrong(), 0u);
  for (const auto& f : r.families) EXPECT_EQ(f.false_negatives, 0u);
}

eg::audit::AuditSubject fixed_subject() {
  eg::audit::AuditSubject s;
  s.name = "fixed";
  s.question = "closed overlap";
  s.families = {eg::audit::CaseFamily::random};
  s.width = 10;
  s.generate = [](eg::audit::CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    eg::audit::cases::capsule_pair(f, 2, seed, i, c);
  };
  s.exact = [](std::span<const double>) { return eg::audit::Answer::of(true); };
  s.approx = s.exact;
  s.query = [](std::span<const double> c) { return eg::audit::cases::capsule_query(c, 2); };
  s.nonnegative.assign(10, false);
  return s;
}

TEST(Audit, OptionsThatDoNotApplyAreErrors) {
  const eg::audit::AuditSubject s = fixed_subject();
  EXPECT_EQ(eg::audit::run_audit(s, {.cases = 10}).cases(), 10u);  // the default families: those it has
  EXPECT_THROW(eg::audit::run_audit(s, {.cases = 10, .overlap = eg::audit::Overlap::open}), std::invalid_argument);
  EXPECT_THROW(eg::audit::run_audit(s, {.cases = 10, .families = {eg::audit::CaseFamily::touching}}), std::invalid_argument);
  EXPECT_THROW(eg::audit::run_audit(s, {.cases = 10, .shard_index = 2, .shard_count = 2}), std::invalid_argument);
  EXPECT_THROW(eg::audit::run_audit(s, {.cases = 10, .shard_index = 0, .shard_count = 0}), std::invalid_argument);
  EXPECT_EQ(eg::audit::run_audit(s, {.cases = 10, .families = {eg::audit::CaseFamily::random}}).cases(), 10u);
}

}  // namespace

// ---------------------------------------------------------------------------
// The installed helpers for hand-written subjects (engine audits).

namespace {
using exactgeom::audit::CaseFamily;
namespace ac = exactgeom::audit::cases;

ac::Generator two_capsules() {
  return [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    ac::capsule_pair(f, 2, seed, i, c);
  };
}
/// Cases (x, y) with x in [2, 3) and y in [1, 2): the exact answer is
/// y > 0 and `approx` answers its negation, so every case is wrong.
eg::audit::AuditSubject always_wrong_subject(bool with_class) {
  eg::audit::AuditSubject s;
  s.name = "always wrong";
  s.question = "is y positive?";
  s.families = {eg::audit::CaseFamily::random};
  s.width = 2;
  s.generate = [](eg::audit::CaseFamily, std::uint64_t seed, std::uint64_t, std::span<double> c) {
    c[0] = 2 + double(seed % 1000) / 1000.3, c[1] = 1 + double((seed >> 20) % 1000) / 1000.7;
  };
  s.exact = [](std::span<const double> c) { return eg::audit::Answer::of(c[1] > 0); };
  s.approx = [](std::span<const double> c) { return eg::audit::Answer::of(!(c[1] > 0)); };
  s.query = [](std::span<const double> c) { return eg::audit::cases::with_case("{}", c); };
  if (with_class) s.shape_class = [](std::span<const double> c) { return int(c[0] == 0); };
  return s;
}

TEST(AuditShrink, AKeptCaseKeepsTheFailureItWasKeptFor) {
  // Every case is a false negative. Shrinking y to 0 would make a smaller
  // wrong case -- a false positive, another failure: it must not.
  const eg::audit::AuditReport r = eg::audit::run_audit(always_wrong_subject(false), {.cases = 50, .keep = 5});
  ASSERT_EQ(r.families.at(0).smallest.size(), 5u);
  for (const auto& w : r.families[0].smallest) {
    EXPECT_EQ(w.expected, "true") << w.query;
    EXPECT_EQ(w.got, "false") << w.query;
    EXPECT_GT(w.values[1], 0) << w.query;
    EXPECT_LT(w.size, w.unshrunk_size) << "shrinking did nothing: " << w.query;
  }
  // And it keeps the subject's shape class: x is never shrunk to 0 (with
  // no class, x = 0 is the smallest case of the same failure).
  const eg::audit::AuditReport free = eg::audit::run_audit(always_wrong_subject(false), {.cases = 50, .keep = 1});
  EXPECT_EQ(free.families[0].smallest.at(0).values[0], 0.0);
  const eg::audit::AuditReport kept = eg::audit::run_audit(always_wrong_subject(true), {.cases = 50, .keep = 5});
  for (const auto& w : kept.families[0].smallest) EXPECT_NE(w.values[0], 0.0) << w.query;
}

TEST(AuditShrink, PairSubjectsKeepTheirShapesClass) {
  // A capsule-triangle test that is always "apart": wrong wherever they
  // meet. Kept piercing cases keep a spanning triangle and an axis with
  // length (shrunk, three equal corners would still be a miss).
  const eg::audit::PairLayout l{3, eg::audit::ShapeKind::capsule, eg::audit::ShapeKind::triangle};
  eg::audit::AuditSubject s = eg::audit::pair_subject(eg::audit::Question::closed_overlap, l, false, false, "never meets");
  s.approx = [](std::span<const double>) { return eg::audit::Answer::of(false); };
  const eg::audit::AuditReport r =
      eg::audit::run_audit(s, {.cases = 60, .families = {eg::audit::CaseFamily::piercing_triangle}, .keep = 4});
  ASSERT_FALSE(r.families.at(0).smallest.empty());
  for (const auto& w : r.families[0].smallest) {
    const std::span<const double> c(w.values);
    // The triangle (values 7..15) spans a plane: its corners are not all equal.
    const bool all_equal = c[7] == c[10] && c[10] == c[13] && c[8] == c[11] && c[11] == c[14] &&
                           c[9] == c[12] && c[12] == c[15];
    EXPECT_FALSE(all_equal) << w.query;
  }
}

// ---------------------------------------------------------------------------
// audit_main and AuditReport::from_json: an audit program's command line,
// and shard files merged by a program.

/// Runs audit_main with the arguments; its exit status and standard output.
std::pair<int, std::string> run_main(std::vector<std::string> args, const std::vector<eg::audit::AuditJob>& jobs,
                                     eg::audit::AuditOptions defaults = {.cases = 40},
                                     const std::vector<eg::audit::AuditFlag>& flags = {}) {
  args.insert(args.begin(), "audit_test");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  ::testing::internal::CaptureStdout();
  const int status =
      eg::audit::audit_main(static_cast<int>(argv.size()), argv.data(), jobs, std::move(defaults), flags);
  return {status, ::testing::internal::GetCapturedStdout()};
}

TEST(AuditMain, TakesTheProgramsOwnFlags) {
  // Issue 52: an engine's tolerance had to come through an environment
  // variable; a program declares it as a flag.
  double tolerance = 0;
  bool verbose = false;
  const std::vector<eg::audit::AuditFlag> flags{
      {"--tolerance", "the engine's cast tolerance", "T",
       [&](const std::string& v) {
         std::size_t used = 0;
         tolerance = std::stod(v, &used);
         if (used != v.size()) throw std::invalid_argument("--tolerance wants a number");
       }},
      {"--verbose", "say more", "", [&](const std::string&) { verbose = true; }}};
  double seen = -1;
  const std::vector<eg::audit::AuditJob> job{{"reads it", [&](const eg::audit::AuditOptions& o) {
                                                seen = tolerance;
                                                return eg::audit::run_audit(fixed_subject(), o);
                                              }}};
  const auto [status, out] = run_main({"--tolerance", "1e-4", "--verbose", "--cases", "5"}, job, {.cases = 40}, flags);
  EXPECT_EQ(status, 0) << out;
  EXPECT_EQ(seen, 1e-4);
  EXPECT_TRUE(verbose);
  const auto [hs, help] = run_main({"--help"}, job, {}, flags);
  EXPECT_EQ(hs, 0);
  EXPECT_NE(help.find("--tolerance T"), std::string::npos) << help;
  EXPECT_NE(help.find("the engine's cast tolerance"), std::string::npos) << help;
  EXPECT_EQ(run_main({"--tolerance", "x"}, job, {}, flags).first, 2);
  EXPECT_EQ(run_main({"--tolerance"}, job, {}, flags).first, 2);
  const std::vector<eg::audit::AuditFlag> clash{{"--cases", "mine", "N", [](const std::string&) {}}};
  EXPECT_EQ(run_main({}, job, {}, clash).first, 2);
}

std::vector<eg::audit::AuditJob> two_jobs() {
  return {{"always wrong", [](const eg::audit::AuditOptions& o) { return eg::audit::run_audit(always_wrong_subject(true), o); }},
          {"fixed capsules", [](const eg::audit::AuditOptions& o) {
             return std::vector<eg::audit::AuditReport>{eg::audit::run_audit(fixed_subject(), o)};
           }}};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> v;
  for (std::size_t at = 0, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
    if (nl > at) v.push_back(text.substr(at, nl - at));
  return v;
}

TEST(AuditMain, RunsEveryJobWithTheStandardFlags) {
  const auto [status, out] = run_main({"--cases", "25", "--seed", "7"}, two_jobs());
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("### always wrong"), std::string::npos) << out;
  EXPECT_NE(out.find("### fixed"), std::string::npos) << out;
  EXPECT_NE(out.find("| random | 25 | 25 |"), std::string::npos) << out;  // --cases reached the audit
  const auto [s2, only] = run_main({"--only", "fixed"}, two_jobs());
  EXPECT_EQ(s2, 0);
  EXPECT_EQ(only.find("always wrong"), std::string::npos) << only;
  const auto [s3, list] = run_main({"--list"}, two_jobs());
  EXPECT_EQ(s3, 0);
  EXPECT_EQ(list, "always wrong\nfixed capsules\n");
  // Usage errors: exit 2, nothing run.
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"--cases", "0"}, {"--cases", "-3"}, {"--cases", "x"}, {"--cases"}, {"--shard", "2/2"},
           {"--shard", "1"}, {"--keep", "5000"}, {"--frobnicate"}, {"--only", "nothing like it"}}) {
    const auto [st, o] = run_main(bad, two_jobs());
    EXPECT_EQ(st, 2) << bad.front();
    EXPECT_EQ(o, "") << bad.front();
  }
  // An audit that ran no case (one case, in shard 0 of 2): exit 1.
  EXPECT_EQ(run_main({"--cases", "1", "--shard", "1/2"}, two_jobs()).first, 1);
}

TEST(AuditMain, ShardFilesMergeInAProgramIntoTheUnshardedOutput) {
  const auto whole = run_main({"--json", "--keep", "4"}, two_jobs());
  ASSERT_EQ(whole.first, 0);
  std::vector<eg::audit::AuditReport> wrong_shards, fixed_shards;
  for (int i = 0; i < 3; ++i) {
    const auto part = run_main({"--json", "--keep", "4", "--shard", std::to_string(i) + "/3"}, two_jobs());
    ASSERT_EQ(part.first, 0);
    for (const std::string& line : lines_of(part.second)) {
      eg::audit::AuditReport r = eg::audit::AuditReport::from_json(line);
      EXPECT_EQ(r.json(), line);  // read back exactly
      (r.algorithm == "always wrong" ? wrong_shards : fixed_shards).push_back(std::move(r));
    }
  }
  ASSERT_EQ(wrong_shards.size(), 3u);
  const std::vector<std::string> want = lines_of(whole.second);
  ASSERT_EQ(want.size(), 2u);
  EXPECT_EQ(eg::audit::merge_reports(wrong_shards).json(), want[0]);
  EXPECT_EQ(eg::audit::merge_reports(fixed_shards).json(), want[1]);
  EXPECT_FALSE(eg::audit::AuditReport::from_json(want[0]).families.at(0).smallest.empty());
}

TEST(AuditReportFromJson, RefusesWhatIsNotALineOfJson) {
  const std::string good = eg::audit::run_audit(always_wrong_subject(true), {.cases = 5}).json();
  EXPECT_NO_THROW((void)eg::audit::AuditReport::from_json(good));
  for (const std::string& bad :
       {std::string(""), std::string("{}"), std::string("[1,2]"), good.substr(0, good.size() / 2),
        std::string("{\"algorithm\":1}"), good.substr(0, good.find("\"keep\"")) + "\"keep\":-1}"}) {
    EXPECT_THROW((void)eg::audit::AuditReport::from_json(bad), eg::invalid_input) << bad;
  }
}

}  // namespace

TEST(AuditHelpers, OffsetFarMovesOnlyTheFarFamilyByOneIntegerOffset) {
  std::vector<bool> skip(10, false);
  skip[4] = skip[9] = true;
  const ac::Generator far = ac::offset_far(two_capsules(), 1e4, skip), base = two_capsules();
  std::array<double, 10> a{}, b{};
  for (std::uint64_t i = 0; i < 200; ++i) {
    far(CaseFamily::random, 7 + i, i, a);
    base(CaseFamily::random, 7 + i, i, b);
    EXPECT_EQ(a, b);  // other families untouched
    far(CaseFamily::far_from_origin, 7 + i, i, a);
    base(i % 2 ? CaseFamily::touching : CaseFamily::near_degenerate, 7 + i, i, b);
    const double off = a[0] - b[0];
    EXPECT_EQ(off, std::floor(off));
    EXPECT_GE(std::abs(off), 1e3 - 1);
    EXPECT_LE(std::abs(off), 1e4);
    for (std::size_t k = 0; k < 10; ++k) EXPECT_EQ(a[k], skip[k] ? b[k] : b[k] + off) << k;
    EXPECT_EQ(ac::touching_case(CaseFamily::far_from_origin, i), i % 2 == 1);
  }
  EXPECT_THROW(ac::offset_far(two_capsules(), 10, {}), std::invalid_argument);
  EXPECT_THROW(ac::offset_far(two_capsules(), INFINITY, {}), std::invalid_argument);
  EXPECT_THROW(ac::offset_far({}, 1e4, {}), std::invalid_argument);
}

TEST(AuditHelpers, RoundedToFloatGivesFloatsAndRedoesTheNudgeInFloat) {
  const ac::Generator g = ac::rounded_to_float(two_capsules(), [](std::span<const double>) { return std::size_t{9}; });
  std::array<double, 10> a{}, b{};
  for (std::uint64_t i = 0; i < 60; ++i) {
    g(CaseFamily::touching, 3 + i, i, a);
    for (double v : a) EXPECT_EQ(double(float(v)), v);
    two_capsules()(CaseFamily::touching, 3 + i, i, b);
    const float r = float(b[9]);
    const float want = i % 3 == 1 ? std::nextafter(r, INFINITY) : i % 3 == 2 ? std::nextafter(r, -INFINITY) : r;
    EXPECT_EQ(a[9], double(want)) << i;
  }
  const ac::Generator bad = ac::rounded_to_float(two_capsules(), [](std::span<const double>) { return std::size_t{10}; });
  EXPECT_THROW(bad(CaseFamily::touching, 1, 1, a), std::out_of_range);
}

TEST(AuditHelpers, WithCaseRoundTripsAndCaseOfRefusesWhatItDidNotWrite) {
  const std::vector<double> c = {0.1, -0x1p-1074, 1e300, 0.0, -3.5};
  const std::string line = ac::with_case(ac::segments_query("segment_distance2", std::vector<double>(8, 1.0), 2), c);
  EXPECT_EQ(line.front(), '{');
  EXPECT_EQ(ac::case_of(line), c);
  EXPECT_EQ(ac::case_of(ac::with_case("{\"op\":\"x\"}", {})), std::vector<double>{});
  EXPECT_THROW(ac::with_case("not json", c), std::invalid_argument);
  EXPECT_THROW(ac::case_of("{\"op\":\"x\"}"), std::invalid_argument);
  EXPECT_THROW(ac::case_of("{\"case\":[\"0x1p+0\",\"zz\"]}"), std::invalid_argument);
  EXPECT_THROW(ac::case_of("{\"case\":[\"0x1p+0\""), std::invalid_argument);
  EXPECT_THROW(ac::case_of("{\"case\":[1.0]}"), std::invalid_argument);
}

TEST(AuditHelpers, TouchingMarginIsTheDistanceToTouching) {
  EXPECT_EQ(exactgeom::audit::touching_margin(25, 3), 2.0);  // |5 - 3|
  EXPECT_EQ(exactgeom::audit::touching_margin(9, 5), 2.0);
  EXPECT_EQ(exactgeom::audit::touching_margin(0, 0), 0.0);
  // Near touching the difference is still accurate (no cancellation):
  // d2 = (1 + 2^-60)^2, R = 1 -> margin 2^-60.
  const mpq_class d = 1 + mpq_class(1, mpz_class(1) << 60);
  EXPECT_NEAR(exactgeom::audit::touching_margin(d * d, 1) / 0x1p-60, 1.0, 1e-15);
}

TEST(Audit, TheNameBefore04StillAnswers) {
  // exactgeom::audit::audit is audit_overlap since 0.4: deprecated, the same report.
  auto test = [](const Cap& a, const Cap& b) { return eg::intersects(exact_of(a), exact_of(b)); };
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  const auto old = eg::audit::audit<Cap>(test, {.cases = 100});
#pragma GCC diagnostic pop
  EXPECT_EQ(old.json(), eg::audit::audit_overlap<Cap>(test, {.cases = 100}).json());
}

TEST(AuditHelpers, CentredCapsuleDenotesItsStoredNumbersExactly) {
  using exactgeom::audit::CentredCapsule;
  // An axis along x: centre, unit axis and half-height are exact, so the
  // held capsule is the requested one.
  const exactgeom::Capsule3<double> c{{{1, 2, 3}, {5, 2, 3}}, 0.5};
  const auto h = CentredCapsule<float>::hold(c);
  EXPECT_EQ(h.exact().seg.a.x, 1);
  EXPECT_EQ(h.exact().seg.b.x, 5);
  EXPECT_EQ(h.exact().r, mpq_class(0.5));
  // A diagonal axis: the unit vector is rounded, so the held endpoints
  // differ from the requested ones by a float rounding, not more.
  const exactgeom::Capsule3<double> d{{{0, 0, 0}, {1, 1, 1}}, 1};
  const auto e = CentredCapsule<float>::hold(d).exact();
  EXPECT_NE(e.seg.b.x, 1);
  EXPECT_LT(abs(e.seg.b.x - 1), mpq_class(1, 1 << 20));
  // A zero-length axis gets the rest axis and half-height 0.
  const auto z = CentredCapsule<double>::hold({{{4, 4, 4}, {4, 4, 4}}, 2}, 2);
  EXPECT_EQ(z.u[2], 1.0);
  EXPECT_EQ(z.hh, 0.0);
  EXPECT_EQ(z.exact().seg.a, z.exact().seg.b);
  // Its query line is one exactgeom eval reads (exact fractions).
  EXPECT_NE(exactgeom::audit::cases::capsule_pair_query(e, e).find("\"op\":\"capsule_capsule\""), std::string::npos);
}

TEST(AuditHelpers, AHandWrittenSquaredDistanceIsJudgedAsALength) {
  // A point-segment squared distance off by a few ULPs of itself is
  // rounding-level at any scale; one off by 1e-6 of the scale squared is
  // gross. Without answer_scale_power 2 the first would count as gross far
  // from the origin, where a ULP of d2 is huge in length units.
  auto subject = [](double bias) {
    eg::audit::AuditSubject s;
    s.name = "d2";
    s.families = {CaseFamily::random, CaseFamily::far_from_origin};
    s.width = 9;
    s.generate = ac::offset_far(
        [](CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) { ac::points(f, 3, 3, seed, i, c); },
        1e6);
    auto exact = [](std::span<const double> c) {
      return eg::to_double(eg::squared_distance(eg::Point3<double>{c[6], c[7], c[8]},
                                                eg::Segment3<double>{{c[0], c[1], c[2]}, {c[3], c[4], c[5]}}));
    };
    s.exact = [exact](std::span<const double> c) { return eg::audit::Answer::of(exact(c)); };
    s.approx = [exact, bias](std::span<const double> c) {
      double m = 0;
      for (double v : c) m = std::max(m, std::abs(v));
      const double e = exact(c);
      return eg::audit::Answer::of(bias > 0 ? e + bias * m * m : std::nextafter(std::nextafter(e, INFINITY), INFINITY));
    };
    s.query = [](std::span<const double> c) { return ac::points_query("point_segment", c, 3); };
    s.answer_scale_power = 2;
    return s;
  };
  eg::audit::AuditSubject no_query = subject(0);
  no_query.query = nullptr;
  EXPECT_THROW(eg::audit::run_audit(no_query, {.cases = 10}), std::invalid_argument);
  const auto close = eg::audit::run_audit(subject(0), {.cases = 300});
  EXPECT_GT(close.wrong(), 100u);
  for (const auto& f : close.families) EXPECT_EQ(f.gross, 0u) << f.name;
  const auto far = eg::audit::run_audit(subject(1e-6), {.cases = 300});
  std::size_t gross = 0;
  for (const auto& f : far.families) gross += f.gross;
  EXPECT_EQ(gross, far.wrong());
  EXPECT_GT(gross, 500u);
}

namespace units {
/// A real-valued subject: exact(c) and got(c) of a random capsule case.
eg::audit::AuditSubject real_subject(std::function<double(std::span<const double>)> exact,
                              std::function<double(std::span<const double>)> got, int power = 1) {
  eg::audit::AuditSubject s = fixed_subject();
  s.exact = [exact](std::span<const double> c) { return eg::audit::Answer::of(exact(c)); };
  s.approx = [got](std::span<const double> c) { return eg::audit::Answer::of(got(c)); };
  s.answer_scale_power = power;
  return s;
}
}  // namespace units

TEST(AuditUnits, AnExactZeroGivesAFiniteDocumentedEntry) {
  // Half the cases have exact value 0 and the answer 1e-17; the others are
  // exact 1 answered 2 ULPs off. ULPs of 0 do not exist: max_ulp is over
  // the others (2), the zeros' largest |answer| is its own entry, and no
  // 1e307 or inf appears (it did: |got| / the smallest subnormal).
  const auto zero_half = [](std::span<const double> c) { return c[0] > 0 ? 0.0 : 1.0; };
  const auto s = units::real_subject(zero_half, [&](std::span<const double> c) {
    return zero_half(c) == 0 ? 1e-17 : std::nextafter(std::nextafter(1.0, 2.0), 2.0);
  });
  const auto r = eg::audit::run_audit(s, {.cases = 200});
  ASSERT_EQ(r.families.size(), 1u);
  const auto& f = r.families[0];
  EXPECT_EQ(f.wrong, 200u);  // both kinds are wrong beyond 1 ULP of the exact value
  EXPECT_EQ(f.max_ulp, 2.0);
  EXPECT_EQ(f.max_abs_at_zero, 1e-17);
  // In ULPs of the exact value a nonzero answer for 0 is beyond any count.
  EXPECT_GT(f.ulp_histogram[2], 0u);
  EXPECT_GT(f.ulp_histogram[4], 0u);
  EXPECT_EQ(f.ulp_histogram[2] + f.ulp_histogram[4], 200u);
  const std::string md = r.markdown();
  EXPECT_NE(md.find("abs at exact 0"), std::string::npos) << md;
  EXPECT_EQ(md.find("inf"), std::string::npos) << md;
  EXPECT_EQ(md.find("e+307"), std::string::npos) << md;
  // Read back from JSON: the same report.
  EXPECT_EQ(eg::audit::AuditReport::from_json(r.json()).markdown(), md);
}

TEST(AuditUnits, TheHistogramCountsTheErrorInTheChosenUnit) {
  // Exact values of 1e-20 answered 1e-20 (1 + 2^-30): 2^22 ULPs of the exact
  // value, far below one ULP of the case's scale. With Unit::scale_ulps none
  // is wrong, and the histogram must say so (it counted exact ULPs: every
  // case in ">64" with 0 wrong).
  const auto s = units::real_subject([](std::span<const double>) { return 1e-20; },
                                     [](std::span<const double>) { return 1e-20 * (1 + 0x1p-30); });
  const auto r = eg::audit::run_audit(s, {.cases = 100, .tolerance = {eg::audit::Unit::scale_ulps, 1}});
  const auto& f = r.families[0];
  EXPECT_EQ(f.wrong, 0u);
  EXPECT_EQ(f.ulp_histogram[1], 100u);  // <= 1 ULP of the scale
  EXPECT_EQ(f.ulp_histogram[4], 0u);
  EXPECT_GT(f.max_ulp, 1e6);  // the exact-ULP column still says how far in its own unit
  EXPECT_NE(r.markdown().find("count cases by their error in ULPs of the case's scale"), std::string::npos);
  // Absolute tolerance: multiples of it (the error is 9.3e-30).
  const auto a = eg::audit::run_audit(s, {.cases = 100, .tolerance = {eg::audit::Unit::absolute, 1e-30}});
  EXPECT_EQ(a.families[0].ulp_histogram[3], 100u);  // <= 64 tolerances
  EXPECT_EQ(a.families[0].wrong, 100u);
}

TEST(AuditUnits, TimesAndUnitVectorsSayTheirScaleIsOne) {
  const auto s = units::real_subject([](std::span<const double>) { return 0.5; },
                                     [](std::span<const double>) { return 0.5 + 0x1p-40; }, 0);
  const auto r = eg::audit::run_audit(s, {.cases = 50});
  const std::string md = r.markdown();
  EXPECT_NE(md.find("max ULPs of 1"), std::string::npos) << md;
  EXPECT_EQ(md.find("of the case's scale"), std::string::npos) << md;
  EXPECT_EQ(eg::audit::AuditReport::from_json(r.json()).answer_scale_power, 0);
}

// Tests of the audit API (exactgeom/audit.hpp) as a user calls it: a
// deliberately wrong float test must be found wrong where it is wrong and
// nowhere else, the exact test never, and options that do not apply to a
// subject are errors.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "exactgeom/audit.hpp"
#include "exactgeom/capsules.hpp"

namespace eg = exactgeom;

namespace {

struct Cap {
  double ax, ay, bx, by, r;
};

}  // namespace

template <>
struct exactgeom::shape_adapter<Cap> {
  using exact_type = exactgeom::Capsule2<double>;
  using scalar = double;
  static Cap from_exact(const exact_type& c) { return {c.seg.a.x, c.seg.a.y, c.seg.b.x, c.seg.b.y, c.r}; }
};

namespace {

eg::Capsule2<double> exact_of(const Cap& c) { return {{{c.ax, c.ay}, {c.bx, c.by}}, c.r}; }

TEST(Audit, TheExactTestIsNeverWrong) {
  const auto r = eg::audit<Cap>([](const Cap& a, const Cap& b) { return eg::intersects(exact_of(a), exact_of(b)); },
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
  const auto r = eg::audit<Cap>(inflated, {.cases = 500});
  EXPECT_GT(r.wrong(), 50u);
  for (const auto& f : r.families) {
    EXPECT_EQ(f.false_negatives, 0u) << eg::to_string(f.family);  // it only ever says yes too often
    for (const auto& w : f.smallest) {
      EXPECT_EQ(w.expected, "false");
      EXPECT_NE(w.query.find("\"op\":\"contact\""), std::string::npos);
    }
  }
}

TEST(Audit, OverlapOpenAsksTheOpenQuestion) {
  // The closed test audited as an open one is wrong exactly on touching pairs.
  const auto closed = [](const Cap& a, const Cap& b) { return eg::intersects(exact_of(a), exact_of(b)); };
  const auto r = eg::audit<Cap>(closed, {.cases = 500, .overlap = eg::Overlap::open});
  EXPECT_GT(r.wrong(), 0u);
  for (const auto& f : r.families) EXPECT_EQ(f.false_negatives, 0u);
}

eg::AuditSubject fixed_subject() {
  eg::AuditSubject s;
  s.name = "fixed";
  s.question = "closed overlap";
  s.families = {eg::CaseFamily::random};
  s.width = 10;
  s.generate = [](eg::CaseFamily f, std::uint64_t seed, std::uint64_t i, std::span<double> c) {
    eg::audit_cases::capsule_pair(f, 2, seed, i, c);
  };
  s.exact = [](std::span<const double>) { return eg::Answer::of(true); };
  s.approx = s.exact;
  s.query = [](std::span<const double> c) { return eg::audit_cases::capsule_query(c, 2); };
  s.nonnegative.assign(10, false);
  return s;
}

TEST(Audit, OptionsThatDoNotApplyAreErrors) {
  const eg::AuditSubject s = fixed_subject();
  EXPECT_EQ(eg::run_audit(s, {.cases = 10}).cases(), 10u);  // the default families: those it has
  EXPECT_THROW(eg::run_audit(s, {.cases = 10, .overlap = eg::Overlap::open}), std::invalid_argument);
  EXPECT_THROW(eg::run_audit(s, {.cases = 10, .families = {eg::CaseFamily::touching}}), std::invalid_argument);
  EXPECT_THROW(eg::run_audit(s, {.cases = 10, .shard_index = 2, .shard_count = 2}), std::invalid_argument);
  EXPECT_THROW(eg::run_audit(s, {.cases = 10, .shard_index = 0, .shard_count = 0}), std::invalid_argument);
  EXPECT_EQ(eg::run_audit(s, {.cases = 10, .families = {eg::CaseFamily::random}}).cases(), 10u);
}

}  // namespace

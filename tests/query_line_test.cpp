// The one writer of the query format (src/query_format/query_line.hpp): the
// spelling of scalars, the commas it places, the shapes it writes, and that
// what it writes is read back by eval's reader as the same values.
#include <gtest/gtest.h>

#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "query/json.hpp"
#include "query/scalar.hpp"
#include "query_format/query_line.hpp"

namespace qf = exactgeom::query_format;

namespace {

TEST(QueryLine, ScalarsAreHexFloatsAndLowestTermFractions) {
  EXPECT_EQ(qf::rational(mpq_class(6, -4)), "-3/2");
  EXPECT_EQ(qf::rational(mpq_class(0, 5)), "0");
  EXPECT_EQ(qf::rational(mpq_class(-7)), "-7");
  EXPECT_EQ(qf::hex(1.0), "0x1p+0");
  EXPECT_EQ(qf::hex(0.0), "0x0p+0");
  EXPECT_EQ(qf::hex(-0.0), "-0x0p+0");
  EXPECT_EQ(qf::hex(0.1), "0x1.999999999999ap-4");
  EXPECT_EQ(qf::hex(std::numeric_limits<double>::denorm_min()), "0x0.0000000000001p-1022");
}

std::string one(auto f) {
  std::string s;
  qf::Line w(s);
  f(w);
  return s;
}

TEST(QueryLine, PlacesEveryCommaWhateverTheNesting) {
  EXPECT_EQ(one([](qf::Line& w) { w.open().close(); }), "{}");
  EXPECT_EQ(one([](qf::Line& w) { w.open_array().close_array(); }), "[]");
  EXPECT_EQ(one([](qf::Line& w) {
              w.open().key("a").integer(-1).key("b").open_array().boolean(true).null().open().close().open_array()
                  .close_array().close_array().key("c").open().key("d").unsigned_integer(7).close().close();
            }),
            R"({"a":-1,"b":[true,null,{},[]],"c":{"d":7}})");
  // A writer continuing an object that has members starts with a comma.
  std::string s = R"({"op":"x")";
  qf::Line::continuing_object(s).key("y").hex(2).key("z").open_array().hex(0.5).hex(-3).close_array();
  EXPECT_EQ(s, R"({"op":"x","y":"0x1p+1","z":["0x1p-1","-0x1.8p+1"])");
}

TEST(QueryLine, EscapesStrings) {
  EXPECT_EQ(one([](qf::Line& w) { w.string("a\"b\\c\nd\te\x01" "f"); }), R"("a\"b\\c\nd\te\u0001f")");
  EXPECT_EQ(one([](qf::Line& w) { w.open().key("k\"").string("").close(); }), R"({"k\"":""})");
}

TEST(QueryLine, RationalsAreHexExactlyWhenTheyAreDoubles) {
  auto scalar = [](const mpq_class& q, qf::Line::Rationals r) {
    std::string s;
    qf::Line(s, r).scalar(q);
    return s;
  };
  using R = qf::Line::Rationals;
  EXPECT_EQ(scalar(mpq_class(3, 2), R::hex_when_double), R"("0x1.8p+0")");
  EXPECT_EQ(scalar(mpq_class(3, 2), R::fractions), R"("3/2")");
  EXPECT_EQ(scalar(mpq_class(1, 3), R::hex_when_double), R"("1/3")");
  EXPECT_EQ(scalar(mpq_class(0), R::hex_when_double), R"("0x0p+0")");
  // One more bit than a double holds: not a double, so written exactly.
  const mpq_class wide = mpq_class(mpz_class(1) << 53) + 1;
  EXPECT_EQ(scalar(wide, R::hex_when_double), R"("9007199254740993")");
  // Past the double range (get_d gives an infinity or a truncation): exact.
  const mpq_class huge(mpz_class(1) << 1100);
  EXPECT_EQ(scalar(huge, R::hex_when_double), "\"" + huge.get_str() + "\"");
  // The smallest subnormal is a double.
  const mpq_class tiny(mpz_class(1), mpz_class(1) << 1074);
  EXPECT_EQ(scalar(tiny, R::hex_when_double), R"("0x0.0000000000001p-1022")");
}

TEST(QueryLine, WritesTheShapesOfTheFormat) {
  const std::vector<double> cap{0, 1, 2, 3, 4, 5, 0.5};
  EXPECT_EQ(one([&](qf::Line& w) { w.capsule(std::span<const double>(cap), 0, 3); }),
            R"({"seg":[["0x0p+0","0x1p+0","0x1p+1"],["0x1.8p+1","0x1p+2","0x1.4p+2"]],"r":"0x1p-1"})");
  const std::vector<double> tri{1, 0, 0, 0, 1, 0, 0, 0, 1};
  EXPECT_EQ(one([&](qf::Line& w) { w.triangle(std::span<const double>(tri), 0); }),
            R"({"tri":[["0x1p+0","0x0p+0","0x0p+0"],["0x0p+0","0x1p+0","0x0p+0"],["0x0p+0","0x0p+0","0x1p+0"]]})");
  // A 2-D box: centre, two axes, half extents, radius.
  std::vector<double> box{1, 2, 1, 0, 0, 1, 3, 4, 0};
  EXPECT_EQ(one([&](qf::Line& w) { w.box(std::span<const double>(box), 0, 2); }),
            R"({"box":{"c":["0x1p+0","0x1p+1"],"axes":[["0x1p+0","0x0p+0"],["0x0p+0","0x1p+0"]],"h":["0x1.8p+1","0x1p+2"]},"r":"0x0p+0"})");
  EXPECT_EQ(one([&](qf::Line& w) { w.box(std::span<const double>(box), 0, 2, true); }),
            R"({"box":{"c":["0x1p+0","0x1p+1"],"axes":[["0x1p+0","0x0p+0"],["0x0p+0","0x1p+0"]],"h":["0x1.8p+1","0x1p+2"]}})");
  box.back() = 1;
  EXPECT_NE(one([&](qf::Line& w) { w.box(std::span<const double>(box), 0, 2, true); }).find(R"(,"r":"0x1p+0"})"),
            std::string::npos);
  const std::vector<double> poly{0, 0, 1, 0, 0, 1, 2};
  EXPECT_EQ(one([&](qf::Line& w) { w.hull(std::span<const double>(poly), 0, 3, 2); }),
            R"({"poly":[["0x0p+0","0x0p+0"],["0x1p+0","0x0p+0"],["0x0p+0","0x1p+0"]],"r":"0x1p+1"})");
  const std::vector<std::array<double, 3>> v{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const std::vector<std::array<std::uint32_t, 3>> f{{0, 1, 2}};
  EXPECT_EQ(one([&](qf::Line& w) { w.mesh(v, f); }),
            R"({"mesh":{"v":[["0x0p+0","0x0p+0","0x0p+0"],["0x1p+0","0x0p+0","0x0p+0"],["0x0p+0","0x1p+0","0x0p+0"]],"f":[[0,1,2]]}})");
  EXPECT_EQ(one([&](qf::Line& w) { w.chain(v, true); }),
            R"({"chain":[["0x0p+0","0x0p+0"],["0x1p+0","0x0p+0"],["0x0p+0","0x1p+0"]],"loop":true})");
  EXPECT_EQ(one([](qf::Line& w) { w.op("orient2d").close(); }), R"({"op":"orient2d"})");
}

// What the writer writes, eval's reader reads back as the same values:
// every double (random bit patterns, subnormals, zeros) and rationals. The
// format's scalars are exact rationals, so -0 reads as 0 (docs/queries.md).
TEST(QueryLine, EvalReadsBackWhatItWrites) {
  std::vector<double> values{0.0, -0.0, 1.0, -1.5, 0.1, std::numeric_limits<double>::max(),
                             -std::numeric_limits<double>::max(), std::numeric_limits<double>::min(),
                             std::numeric_limits<double>::denorm_min(), 1e300, -1e-300};
  std::uint64_t x = 0x9e3779b97f4a7c15ULL;
  while (values.size() < 2000) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    double d;
    std::memcpy(&d, &x, sizeof d);
    if (std::isfinite(d)) values.push_back(d);
  }
  std::string s;
  qf::Line w(s);
  w.op("x").key("v").open_array();
  for (double d : values) w.hex(d);
  const std::vector<mpq_class> rationals{mpq_class(1, 3), mpq_class(-22, 7), mpq_class(mpz_class(1) << 1100),
                                         mpq_class(5, 4)};
  for (const mpq_class& q : rationals) w.scalar(q);
  w.close_array().close();
  exactgeom::query::JsonReader r;
  std::string error;
  ASSERT_TRUE(r.parse(s, error)) << error;
  const exactgeom::query::JsonNode* arr = r.member(r.root(), "v");
  ASSERT_NE(arr, nullptr);
  ASSERT_EQ(arr->count, values.size() + rationals.size());
  std::uint32_t c = arr->first_child;
  for (std::size_t i = 0; i < arr->count; ++i, c = r.node(c).next_sibling) {
    const exactgeom::query::Scalar v = exactgeom::query::parse_scalar_string(r.node(c).text);
    if (i < values.size()) {
      ASSERT_TRUE(v.is_double()) << i;
      ASSERT_EQ(v.to_mpq(), mpq_class(values[i])) << i;
    } else {
      ASSERT_EQ(v.to_mpq(), rationals[i - values.size()]) << i;
    }
  }
}

}  // namespace

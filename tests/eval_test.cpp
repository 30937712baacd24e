// Tests of the query engine behind `exactgeom eval` (src/query): exact
// scalar reading per spec/queries.md, and ordered, thread-count-independent
// streaming. The answers of every op are checked through the binary by
// tests/eval_corpus_test.sh.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "eval.hpp"
#include "scalar.hpp"

namespace q = exactgeom::query;

namespace {

mpq_class exact(std::string_view json_number) { return q::parse_json_number(json_number).to_mpq(); }
mpq_class exact_str(std::string_view s) { return q::parse_scalar_string(s).to_mpq(); }

TEST(Scalar, IntegersOfAnySizeAreExact) {
  EXPECT_EQ(exact("12"), 12);
  EXPECT_EQ(exact("-340282366920938463463374607431768211457"),
            mpq_class("-340282366920938463463374607431768211457"));
  EXPECT_EQ(exact("9007199254740993"), mpq_class("9007199254740993"));  // 2^53 + 1: not a double
  EXPECT_FALSE(q::parse_json_number("9007199254740993").is_double());
}

TEST(Scalar, DecimalNumbersAreTheNearestDouble) {
  EXPECT_EQ(q::parse_json_number("0.1").d, 0.1);
  EXPECT_EQ(exact("0.1"), mpq_class(0.1));
  EXPECT_NE(exact("0.1"), mpq_class(1, 10));
  // Ties to even: 2^53 + 1 as a decimal rounds down to 2^53.
  EXPECT_EQ(q::parse_json_number("9007199254740993.0").d, 9007199254740992.0);
  // Underflow is valid: zero, or the nearest subnormal.
  EXPECT_EQ(q::parse_json_number("1e-400").d, 0.0);
  EXPECT_EQ(q::parse_json_number("2.4703282292062328e-324").d, 0x1p-1074);
  EXPECT_EQ(q::parse_json_number("-0.0").d, 0.0);
  EXPECT_THROW(q::parse_json_number("1e400"), q::ScalarError);
  EXPECT_THROW(q::parse_json_number("1.7976931348623159e308"), q::ScalarError);
  EXPECT_EQ(q::parse_json_number("1.7976931348623157e308").d, 0x1.fffffffffffffp+1023);
}

TEST(Scalar, StringsAreExactRationals) {
  EXPECT_EQ(exact_str("0.1"), mpq_class(1, 10));
  EXPECT_EQ(exact_str("-2.5e-3"), mpq_class(-1, 400));
  EXPECT_EQ(exact_str("6/4"), mpq_class(3, 2));
  EXPECT_EQ(exact_str("-7/3"), mpq_class(-7, 3));
  EXPECT_EQ(exact_str("12"), 12);
  mpz_class big;
  mpz_ui_pow_ui(big.get_mpz_t(), 10, 400);
  EXPECT_EQ(exact_str("1e400"), mpq_class(big));
  EXPECT_EQ(exact_str("-0"), 0);
  EXPECT_THROW(q::parse_scalar_string("1/0"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("nan"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("-Infinity"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string(""), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("1/2/3"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("0.1.2"), q::ScalarError);
}

TEST(Scalar, HexStringsMustBeFiniteDoubles) {
  EXPECT_EQ(q::parse_scalar_string("0x1.8p+3").d, 12.0);
  EXPECT_EQ(q::parse_scalar_string("0X1.8P+3").d, 12.0);
  EXPECT_EQ(q::parse_scalar_string("-0x1p-1074").d, -0x1p-1074);
  EXPECT_EQ(q::parse_scalar_string("0x1.fffffffffffffp+1023").d, 0x1.fffffffffffffp+1023);
  EXPECT_EQ(q::parse_scalar_string("-0x0p+0").d, 0.0);
  EXPECT_THROW(q::parse_scalar_string("0x1p+1024"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("0x1p-1075"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("0x1.00000000000001p+0"), q::ScalarError);  // 57 bits
}

TEST(Scalar, AnswersAreWrittenInLowestTermsAndHex) {
  EXPECT_EQ(q::rational_string(mpq_class(6, -4)), "-3/2");
  EXPECT_EQ(q::rational_string(mpq_class(0, 5)), "0");
  EXPECT_EQ(q::rational_string(mpq_class(-7)), "-7");
  EXPECT_EQ(q::hex_double(1.0), "0x1p+0");
  EXPECT_EQ(q::hex_double(0.0), "0x0p+0");
}

std::string run(const std::string& input, unsigned threads, q::EvalResult* result = nullptr) {
  std::FILE* in = std::tmpfile();
  std::FILE* out = std::tmpfile();
  std::fwrite(input.data(), 1, input.size(), in);
  std::rewind(in);
  const q::EvalResult r = q::run_eval(in, out, {threads, false});
  if (result) *result = r;
  std::string s(static_cast<std::size_t>(std::ftell(out)), '\0');
  std::rewind(out);
  const std::size_t got = std::fread(s.data(), 1, s.size(), out);
  s.resize(got);
  std::fclose(in);
  std::fclose(out);
  return s;
}

TEST(Eval, OrderIsKeptAndOutputIsTheSameForAnyThreadCount) {
  // 40,000 lines (several batches of work per thread), one in 97 malformed.
  std::string input;
  for (int i = 0; i < 40000; ++i) {
    if (i % 97 == 0) {
      input += "{\"id\":" + std::to_string(i) + ",\"op\":\"orient2d\",\"a\":[\"nan\",0]}\n";
      continue;
    }
    const double x = (i % 13) * 0.1, y = (i % 7) * 0.3;
    input += "{\"id\":" + std::to_string(i) + ",\"op\":\"orient2d\",\"a\":[0,0],\"b\":[" +
             std::to_string(x) + "," + std::to_string(y) + "],\"c\":[" + std::to_string(y) + ",\"" +
             std::to_string(i % 5) + "/3\"]}\n";
  }
  q::EvalResult r1, r4;
  const std::string one = run(input, 1, &r1), four = run(input, 4, &r4);
  EXPECT_EQ(one, four);
  EXPECT_EQ(r1.lines, 40000u);
  EXPECT_EQ(r1.errors, 413u);  // ceil(40000 / 97)
  EXPECT_EQ(r4.errors, r1.errors);
  // Answers come in input order: the ids count up.
  std::size_t pos = 0;
  for (int i = 0; i < 40000; ++i) {
    const std::string id = "{\"id\":" + std::to_string(i) + ",";
    ASSERT_EQ(one.compare(pos, id.size(), id), 0) << "line " << i + 1;
    pos = one.find('\n', pos) + 1;
  }
}

// Found by fuzz/query_fuzz: a malformed atom ("n\0\0\0\x15ull") where the
// id's value is; simdjson's throwing conversions ended the whole run.
TEST(Eval, MalformedAtomIsAnErrorLineNotACrash) {
  static const char raw[] =
      "{\"id\":n\0\0\0\x15ull,\"op\":\")rient2d\",\"a\":[0,0],\"b\":[1,1],\"c\":[2,2]orient2d}";
  const std::string line(raw, sizeof raw - 1);
  q::Evaluator e;
  std::string out;
  EXPECT_FALSE(e.answer(line, 7, out));
  EXPECT_EQ(out.rfind("{\"error\":\"bad JSON: ", 0), 0u) << out;
  EXPECT_NE(out.find("\"line\":7}"), std::string::npos) << out;
  // And the evaluator still answers the next line.
  out.clear();
  EXPECT_TRUE(e.answer("{\"op\":\"orient2d\",\"a\":[0,0],\"b\":[1,1],\"c\":[2,2]}", 8, out));
  EXPECT_EQ(out, "{\"op\":\"orient2d\",\"sign\":0}\n");
}

TEST(Eval, BlankLinesAreSkippedButCounted) {
  q::EvalResult r;
  const std::string out =
      run("\n{\"op\":\"orient2d\",\"a\":[0,0],\"b\":[1,0]}\n  \n{\"op\":\"x\"}", 1, &r);
  EXPECT_EQ(out,
            "{\"error\":\"missing field \\\"c\\\"\",\"line\":2}\n"
            "{\"error\":\"unknown op \\\"x\\\"\",\"line\":4}\n");
  EXPECT_EQ(r.lines, 4u);
  EXPECT_EQ(r.errors, 2u);
}

}  // namespace

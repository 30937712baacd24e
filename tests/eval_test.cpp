// Tests of the query engine behind `exactgeom eval` (src/query): exact
// scalar reading per docs/queries.md, and ordered, thread-count-independent
// streaming. The answers of every op are checked through the binary by
// tests/eval_corpus_test.sh.
#include <gtest/gtest.h>

#include <poll.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <thread>
#include <string>

#include <random>
#include <regex>
#include <vector>

#include "testing/capsule_oracle.hpp"
#include "testing/sanitized.hpp"
#include "query/eval.hpp"
#include "query/json.hpp"
#include "query/scalar.hpp"

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
  EXPECT_EQ(q::parse_json_number("0.1").as_double(), 0.1);
  EXPECT_EQ(exact("0.1"), mpq_class(0.1));
  EXPECT_NE(exact("0.1"), mpq_class(1, 10));
  // Ties to even: 2^53 + 1 as a decimal rounds down to 2^53.
  EXPECT_EQ(q::parse_json_number("9007199254740993.0").as_double(), 9007199254740992.0);
  // Underflow is valid: zero, or the nearest subnormal.
  EXPECT_EQ(q::parse_json_number("1e-400").as_double(), 0.0);
  EXPECT_EQ(q::parse_json_number("2.4703282292062328e-324").as_double(), 0x1p-1074);
  EXPECT_EQ(q::parse_json_number("-0.0").as_double(), 0.0);
  EXPECT_THROW(q::parse_json_number("1e400"), q::ScalarError);
  EXPECT_THROW(q::parse_json_number("1.7976931348623159e308"), q::ScalarError);
  EXPECT_EQ(q::parse_json_number("1.7976931348623157e308").as_double(), 0x1.fffffffffffffp+1023);
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
  EXPECT_EQ(q::parse_scalar_string("0x1.8p+3").as_double(), 12.0);
  EXPECT_EQ(q::parse_scalar_string("0X1.8P+3").as_double(), 12.0);
  EXPECT_EQ(q::parse_scalar_string("-0x1p-1074").as_double(), -0x1p-1074);
  EXPECT_EQ(q::parse_scalar_string("0x1.fffffffffffffp+1023").as_double(), 0x1.fffffffffffffp+1023);
  EXPECT_EQ(q::parse_scalar_string("-0x0p+0").as_double(), 0.0);
  EXPECT_THROW(q::parse_scalar_string("0x1p+1024"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("0x1p-1075"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("0x1.00000000000001p+0"), q::ScalarError);  // 57 bits
}

std::string run(const std::string& input, q::EvalOptions options, q::EvalResult* result = nullptr);
std::string run(const std::string& input, unsigned threads, q::EvalResult* result = nullptr) {
  q::EvalOptions options;
  options.threads = threads;
  return run(input, options, result);
}

std::string run(const std::string& input, q::EvalOptions options, q::EvalResult* result) {
  std::FILE* in = std::tmpfile();
  std::FILE* out = std::tmpfile();
  std::fwrite(input.data(), 1, input.size(), in);
  std::rewind(in);
  const q::EvalResult r = q::run_eval(in, out, options);
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
  EXPECT_EQ(out.rfind("{\"id\":null,\"error\":\"bad JSON: ", 0), 0u) << out;
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
            "{\"id\":null,\"error\":\"missing field \\\"c\\\"\",\"line\":2}\n"
            "{\"id\":null,\"error\":\"unknown op \\\"x\\\"\",\"line\":4}\n");
  EXPECT_EQ(r.lines, 4u);
  EXPECT_EQ(r.errors, 2u);
}

// Issue 11: no path from text to a number lets NaN or infinity through
// (converting one to mpq_class traps), whoever the caller is.
TEST(Scalar, NoNaNOrInfinityCanBeHeld) {
  EXPECT_THROW(q::Scalar::of_double(std::nan("")), q::ScalarError);
  EXPECT_THROW(q::Scalar::of_double(-std::numeric_limits<double>::infinity()), q::ScalarError);
  for (const char* t : {"-nan(e)", "nan", "-nan", "inf", "-inf", "Infinity", "NaN", "+1", "01",
                        "1.", "-.5", ".5", "1e", "1e+", "1e-400x", "0x10", "-", "", "1 ", " 1"})
    EXPECT_THROW(q::parse_json_number(t), q::ScalarError) << t;
  EXPECT_EQ(q::parse_json_number("-0").as_double(), 0.0);
  EXPECT_FALSE(std::signbit(q::parse_json_number("-0").as_double()));  // the integer zero
  EXPECT_THROW(q::parse_scalar_string("+1"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("+1/2"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("+0x1p0"), q::ScalarError);
  EXPECT_THROW(q::parse_scalar_string("-nan(e)"), q::ScalarError);
}

TEST(Json, NumberGrammarIsRfc8259) {
  for (const char* t : {"0", "-0", "12", "-340282366920938463463374607431768211457", "0.5", "-0.5",
                        "1e5", "1E+5", "1e-400", "0e0", "1.25E-3"})
    EXPECT_TRUE(q::is_json_number(t)) << t;
  for (const char* t : {"01", "-01", "1.", ".5", "-.5", "+1", "1e", "1e+", "1.e5", "0x1", "-nan(e)",
                        "nan", "inf", "-", "", "1x", "1e5x", "--1", "1..2", "1 "})
    EXPECT_FALSE(q::is_json_number(t)) << t;
}

/// The error of one line, or "" when it parses.
std::string json_error(std::string_view line) {
  q::JsonReader r;
  std::string error;
  return r.parse(line, error) ? std::string() : error;
}

TEST(Json, EveryPartOfTheLineIsValidated) {
  // Ignored fields and "id" are held to the same grammar as the rest.
  for (const char* bad :
       {R"({"id":[1,],"op":"x"})", R"({"id":1x,"op":"x"})", R"({"id":{"a":1,},"op":"x"})",
        R"({"op":"x","junk":[1,,2]})", R"({"op":"x","junk":{"a" 1}})", R"({"op":"x","junk":tru})",
        R"({"op":"x","junk":"\x"})", R"({"op":"x","junk":"\ud800"})", "{\"op\":\"x\",\"j\":\"a\tb\"}",
        R"({"op":"x","junk":[01]})", R"({"op":"x"} {})", R"({"op":"x",})", R"({'op':"x"})",
        "{\"op\":\"x\",\"j\":\"\xff\"}", R"({"op":"x","j":-nan(e)})"})
    EXPECT_NE(json_error(bad), "") << bad;
  EXPECT_EQ(json_error(R"( {"id" : { "k" : [ 1 , 2 ] } , "op" : "x" } )"), "");
}

TEST(Json, RepeatedKeysAreAnErrorAtAnyDepthAfterUnescaping) {
  EXPECT_EQ(json_error(R"({"a":1,"a":2})"), "bad JSON: key \"a\" appears twice in one object");
  EXPECT_NE(json_error(R"({"\u0061":1,"a":2})"), "");
  EXPECT_NE(json_error(R"({"x":{"k":[{"m":1,"m":1}]}})"), "");
  EXPECT_NE(json_error(R"({"":1,"":2})"), "");
  // Twenty keys (the sorted check) with the repeat far apart.
  std::string many = "{";
  for (int i = 0; i < 20; ++i) many += "\"k" + std::to_string(i) + "\":0,";
  EXPECT_EQ(json_error(many + "\"k3\":1}"), "bad JSON: key \"k3\" appears twice in one object");
  EXPECT_EQ(json_error(many + "\"k20\":1}"), "");
  // The same key in sibling objects is not a repeat.
  EXPECT_EQ(json_error(R"({"a":{"k":1},"b":{"k":2},"k":3})"), "");
}

TEST(Json, NestingIsLimitedTo64Levels) {
  auto nested = [](int arrays) {
    return "{\"x\":" + std::string(static_cast<std::size_t>(arrays), '[') +
           std::string(static_cast<std::size_t>(arrays), ']') + "}";
  };
  EXPECT_EQ(json_error(nested(63)), "");  // the root object is level 1
  EXPECT_EQ(json_error(nested(64)), "bad JSON: nested deeper than 64 levels");
  EXPECT_EQ(json_error(nested(100000)), "bad JSON: nested deeper than 64 levels");
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  objects += "1" + std::string(100000, '}');
  EXPECT_EQ(json_error(objects), "bad JSON: nested deeper than 64 levels");
}

TEST(Json, IdIsEchoedVerbatimOnlyFromAValidLine) {
  q::Evaluator e;
  std::string out;
  EXPECT_TRUE(e.answer(R"({"id" : { "k" : [1, "}"] } ,"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]})", 1, out));
  EXPECT_EQ(out, "{\"id\":{ \"k\" : [1, \"}\"] },\"op\":\"orient2d\",\"sign\":1}\n");
  out.clear();
  EXPECT_FALSE(e.answer(R"({"id":"x","op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1],"j":[1,]})", 2, out));
  EXPECT_EQ(out.rfind("{\"id\":null,", 0), 0u) << out;
  out.clear();
  EXPECT_FALSE(e.answer(R"({"id":-1.5e3,"op":"orient2d","a":[0,0],"b":[1,0]})", 3, out));
  EXPECT_EQ(out, "{\"id\":-1.5e3,\"error\":\"missing field \\\"c\\\"\",\"line\":3}\n");
}

TEST(Eval, LinesOverTheLimitAreErrorLinesAndTheRunGoesOn) {
  // Lines of 1 to 3 times the limit, across many reads, between good lines.
  const std::string good = R"({"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]})";
  q::EvalOptions o;
  o.threads = 2;
  o.max_line_bytes = good.size();
  std::string input, expected;
  for (int i = 0; i < 30000; ++i) {
    if (i % 3 == 1) {
      input += std::string(good.size() * (1 + i % 7) + 1, ' ') + "\n";
      expected += "{\"id\":null,\"error\":\"line longer than " + std::to_string(good.size()) +
                  " bytes (exactgeom eval --max-line-bytes)\",\"line\":" + std::to_string(i + 1) +
                  "}\n";
    } else {
      input += good + "\n";
      expected += "{\"op\":\"orient2d\",\"sign\":1}\n";
    }
  }
  input += std::string(3 * good.size(), 'x');  // an over-long last line without a newline
  expected += "{\"id\":null,\"error\":\"line longer than " + std::to_string(good.size()) +
              " bytes (exactgeom eval --max-line-bytes)\",\"line\":30001}\n";
  q::EvalResult r;
  EXPECT_EQ(run(input, o, &r), expected);
  EXPECT_EQ(r.lines, 30001u);
  EXPECT_EQ(r.errors, 10001u);
}

// A program that writes one query and waits for its answer, keeping its end
// of the pipe open, gets the answer.
TEST(Eval, AnswersAQueryOnAnOpenPipe) {
  int to_eval[2], from_eval[2];
  ASSERT_EQ(pipe(to_eval), 0);
  ASSERT_EQ(pipe(from_eval), 0);
  std::FILE* in = fdopen(to_eval[0], "r");
  std::FILE* out = fdopen(from_eval[1], "w");
  std::thread evaluator([&] {
    q::EvalOptions o;
    o.threads = 1;
    q::run_eval(in, out, o);
    std::fclose(out);
  });
  auto ask = [&](const std::string& query) {
    const std::string line = query + "\n";
    EXPECT_EQ(write(to_eval[1], line.data(), line.size()), static_cast<ssize_t>(line.size()));
    std::string answer;
    char c = 0;
    pollfd p{from_eval[0], POLLIN, 0};
    while (poll(&p, 1, 10000) == 1 && read(from_eval[0], &c, 1) == 1 && c != '\n') answer += c;
    return answer;
  };
  EXPECT_EQ(ask(R"({"id":1,"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]})"),
            R"({"id":1,"op":"orient2d","sign":1})");
  EXPECT_EQ(ask(R"({"id":2,"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,-1]})"),
            R"({"id":2,"op":"orient2d","sign":-1})");
  close(to_eval[1]);
  evaluator.join();
  std::fclose(in);
  close(from_eval[0]);
}

}  // namespace

// ---- The contact op against the independent oracle (capsule_oracle.hpp):
// random capsule pairs (2-D and 3-D) and capsule-triangle pairs in either
// order, a third of them set to touch, the answers read back from the line.

namespace contact_check {

namespace co = exactgeom::testing::capsule_oracle;
using co::Q;
using co::QV;

std::string hex(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "\"%a\"", v);
  return b;
}
std::string pt(const QV& p, int dim) {
  std::string s = "[";
  for (int i = 0; i < dim; ++i) s += (i ? "," : "") + hex(p[i].get_d());
  return s + "]";
}
std::string field(const std::string& line, const std::string& name) {
  const std::regex re("\"" + name + "\":(\\[[^\\]]*\\]|\"[^\"]*\"|[a-z]+)");
  std::smatch m;
  return std::regex_search(line, m, re) ? m[1].str() : std::string("<missing>");
}
double hex_value(const std::string& quoted) { return std::strtod(quoted.substr(1, quoted.size() - 2).c_str(), nullptr); }

/// sign(sqrt(d2) - R - m), exactly.
int cmp_gap(const Q& d2, const Q& R, const Q& m) {
  const Q t = R + m;  // compare sqrt(d2) with t
  if (sgn(t) < 0) return 1;
  return cmp(d2, Q(t * t));
}

/// g is the nearest double to sqrt(d2) - R.
bool gap_is_nearest(double g, const Q& d2, const Q& R) {
  const Q lo = (Q(g) + Q(std::nextafter(g, -INFINITY))) / 2, hi = (Q(g) + Q(std::nextafter(g, INFINITY))) / 2;
  return cmp_gap(d2, R, lo) >= 0 && cmp_gap(d2, R, hi) <= 0;
}

}  // namespace contact_check

TEST(Eval, ContactAgreesWithTheIndependentOracle) {
  using namespace contact_check;
  q::Evaluator ev;
  std::mt19937_64 g(2026);
  std::uniform_real_distribution<double> u(-4, 4), ur(0, 2);
  int checked = 0, touching = 0, with_normal = 0;
  // A third of the cases under the sanitizers (testing/sanitized.hpp; every
  // kind and variant still occurs); the counts below are shares of them
  // (300 and 50 of 600).
  const int n_cases = exactgeom::testing::sanitized_cases(600, 3);
  for (int i = 0; i < n_cases; ++i) {
    const int kind = i % 3;  // 0: 2-D capsules, 1: 3-D capsules, 2: capsule and triangle
    const int dim = kind == 0 ? 2 : 3;
    auto rp = [&] { return QV{Q(u(g)), Q(u(g)), dim == 3 ? Q(u(g)) : Q(0)}; };
    QV a = rp(), b = i % 5 == 0 ? a : rp(), c = rp(), d = rp(), e = rp();
    if (kind < 2 && i % 7 == 0) d = c;  // a ball
    double r1 = ur(g), r2 = kind == 2 ? 0 : ur(g);
    const Q d2 = kind == 2 ? co::oracle_segment_triangle(a, b, c, d, e) : co::oracle_segment_segment(a, b, c, d);
    if (i % 3 == 0) {  // touching or within an ulp: r1 + r2 near the distance
      r1 = std::sqrt(d2.get_d()) - r2;
      if (r1 < 0) r1 = 0;
    }
    const Q R = Q(r1) + Q(r2);
    const bool swap = kind == 2 && i % 2;  // the triangle first
    const std::string cap = "{\"seg\":[" + pt(a, dim) + "," + pt(b, dim) + "],\"r\":" + hex(r1) + "}";
    const std::string other = kind == 2 ? "{\"tri\":[" + pt(c, 3) + "," + pt(d, 3) + "," + pt(e, 3) + "]}"
                                        : "{\"seg\":[" + pt(c, dim) + "," + pt(d, dim) + "],\"r\":" + hex(r2) + "}";
    const std::string line = "{\"op\":\"contact\",\"x\":" + (swap ? other : cap) + ",\"y\":" + (swap ? cap : other) + "}";
    SCOPED_TRACE(line);
    std::string out;
    ASSERT_TRUE(ev.answer(line, 1, out)) << out;
    EXPECT_EQ(field(out, "closed"), d2 <= R * R ? "true" : "false");
    EXPECT_EQ(field(out, "open"), d2 < R * R ? "true" : "false");
    const std::string dist2 = field(out, "dist2");
    EXPECT_EQ(Q(dist2.substr(1, dist2.size() - 2)), d2);
    const double gap = hex_value(field(out, "gap"));
    EXPECT_TRUE(gap_is_nearest(gap, d2, R)) << "gap " << gap;
    touching += gap == 0 || std::fabs(gap) < 1e-14;
    const std::string normal = field(out, "normal");
    if (d2 == 0) {
      EXPECT_EQ(normal, "null");
      continue;
    }
    ASSERT_NE(normal.front(), 'n');
    // A unit vector, and the direction of the closest pair: along it, y's
    // core lies at least dist beyond x's (to rounding), which no other
    // direction achieves for convex cores.
    std::vector<double> n;
    static const std::regex quoted("\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(normal.begin(), normal.end(), quoted);
         it != std::sregex_iterator(); ++it)
      n.push_back(std::strtod((*it)[1].str().c_str(), nullptr));
    ASSERT_EQ(n.size(), std::size_t(dim));
    double len2 = 0;
    for (double v : n) len2 += v * v;
    EXPECT_NEAR(len2, 1.0, 1e-15);
    auto along = [&](const QV& p) { return p[0].get_d() * n[0] + p[1].get_d() * n[1] + (dim == 3 ? p[2].get_d() * n[2] : 0); };
    std::vector<QV> xs = {a, b}, ys = {c, d};
    if (kind == 2) ys.push_back(e);
    if (swap) std::swap(xs, ys);
    double xmax = -INFINITY, ymin = INFINITY;
    for (const QV& p : xs) xmax = std::max(xmax, along(p));
    for (const QV& p : ys) ymin = std::min(ymin, along(p));
    EXPECT_NEAR(ymin - xmax, std::sqrt(d2.get_d()), 1e-12) << "the normal is not the closest pair's direction";
    ++with_normal;
    ++checked;
  }
  EXPECT_GT(with_normal, n_cases / 2);
  EXPECT_GT(touching, n_cases / 12);
}

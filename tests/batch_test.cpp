// Tests of exactgeom/batch.hpp: every batch answer against the mpq oracle
// (tests/oracle.hpp) and the scalar predicate, for every coordinate type, at
// small (many exact degeneracies), medium and extreme magnitudes (the whole
// exponent range: subnormals, 2^+-1000; the integer types' corners), across
// block boundaries; broadcasting; the indexed form; and the errors.
#include "exactgeom/batch.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "exactgeom/predicates.hpp"
#include "testing/oracle.hpp"

namespace eg = exactgeom;
namespace oracle = exactgeom::testing::oracle;
using std::int32_t;
using std::int64_t;

namespace {

using Rng = std::mt19937_64;

enum class Magnitude { small, medium, extreme, near };

template <class T>
T random_value(Rng& g, Magnitude m) {
  auto uniform = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); };
  using L = std::numeric_limits<T>;
  if (m == Magnitude::small || m == Magnitude::near) return static_cast<T>(uniform(-4, 4));
  if constexpr (std::is_integral_v<T>) {
    if (m == Magnitude::medium) return static_cast<T>(uniform(-(int64_t(1) << 20), int64_t(1) << 20));
    const T special[] = {L::min(), L::max(), static_cast<T>(L::min() + 1), static_cast<T>(L::max() - 1), 0, -1, 1};
    if (g() % 4 == 0) return special[g() % 7];
    return static_cast<T>(uniform(L::min(), L::max()));
  } else {
    const T mant = static_cast<T>(uniform(-(int64_t(1) << L::digits) + 1, (int64_t(1) << L::digits) - 1));
    if (m == Magnitude::medium) return std::ldexp(mant, static_cast<int>(uniform(-40 - L::digits, 10 - L::digits)));
    if (g() % 8 == 0) {
      const T special[] = {0, L::denorm_min(), L::min(), L::max(), -L::max(), -L::denorm_min()};
      return special[g() % 6];
    }
    // Whole exponent range; ldexp rounds subnormal results, which is fine:
    // any finite value is a valid input.
    return std::ldexp(mant, static_cast<int>(uniform(L::min_exponent - 2 * L::digits, L::max_exponent - L::digits)));
  }
}

template <int Dim, class T>
using Pt = std::conditional_t<Dim == 2, eg::Point2<T>, eg::Point3<T>>;

template <int Dim, class T>
Pt<Dim, T> random_point(Rng& g, Magnitude m) {
  Pt<Dim, T> p;
  p.x = random_value<T>(g, m);
  p.y = random_value<T>(g, m);
  if constexpr (Dim == 3) p.z = random_value<T>(g, m);
  return p;
}

/// For floating types and Magnitude::near: the small-integer points scaled
/// by a power of two (exact), with the last point moved by one ulp on half
/// of the tuples: exactly or barely non-degenerate, so the filter fails.
template <int Dim, class T, std::size_t N>
void make_near(Rng& g, std::array<Pt<Dim, T>, N>& t) {
  if constexpr (std::is_floating_point_v<T>) {
    const int e = static_cast<int>(g() % 200) - 100;
    for (auto& p : t) {
      p.x = std::ldexp(p.x, e);
      p.y = std::ldexp(p.y, e);
      if constexpr (Dim == 3) p.z = std::ldexp(p.z, e);
    }
    if (g() & 1) t[N - 1].x = std::nextafter(t[N - 1].x, T(1));
  }
}

// The four predicates: arity, dimension, oracle, scalar and batch calls.
#define EXACTGEOM_TEST_OP(Name, D, N, ...)                                                        \
  struct Name {                                                                                 \
    static constexpr int dim = D, n = N;                                                        \
    static constexpr const char* name = #Name;                                                  \
    template <class P>                                                                          \
    static int scalar(const std::array<P, N>& t) {                                              \
      return static_cast<int>(std::apply([](const auto&... p) { return eg::__VA_ARGS__(p...); }, t)); \
    }                                                                                           \
    template <class P>                                                                          \
    static int exact(const std::array<P, N>& t) {                                               \
      return std::apply([](const auto&... p) { return oracle::__VA_ARGS__(oracle::to_q(p)...); }, t); \
    }                                                                                           \
    template <class P>                                                                          \
    static void batch(const std::array<std::span<const P>, N>& s, std::span<int8_t> out) {      \
      std::apply([&](const auto&... v) { eg::__VA_ARGS__##_batch(v..., out); }, s);             \
    }                                                                                           \
    template <class P, class I>                                                                 \
    static void indexed(std::span<const P> pts, std::span<const std::array<I, N>> idx,          \
                        std::span<int8_t> out) {                                                \
      eg::__VA_ARGS__##_batch(pts, idx, out);                                                   \
    }                                                                                           \
  };
EXACTGEOM_TEST_OP(Orient2d, 2, 3, orient2d)
EXACTGEOM_TEST_OP(Orient3d, 3, 4, orient3d)
EXACTGEOM_TEST_OP(Incircle, 2, 4, incircle)
EXACTGEOM_TEST_OP(Insphere, 3, 5, insphere)
#undef EXACTGEOM_TEST_OP

template <class Op_, class T_>
struct Case {
  using Op = Op_;
  using T = T_;
  using P = Pt<Op::dim, T>;
  using Tuple = std::array<P, Op::n>;
};

/// n random tuples at magnitude m.
template <class C>
std::vector<typename C::Tuple> tuples(Rng& g, Magnitude m, std::size_t n) {
  std::vector<typename C::Tuple> out(n);
  for (auto& t : out) {
    for (auto& p : t) p = random_point<C::Op::dim, typename C::T>(g, m);
    if (m == Magnitude::near) make_near<C::Op::dim, typename C::T>(g, t);
  }
  return out;
}

/// The batch answers for the tuples (span form, no broadcast).
template <class C>
std::vector<int8_t> batch_answers(const std::vector<typename C::Tuple>& in) {
  using P = typename C::P;
  std::vector<P> cols[C::Op::n];
  for (const auto& t : in)
    for (int k = 0; k < C::Op::n; ++k) cols[k].push_back(t[static_cast<std::size_t>(k)]);
  std::array<std::span<const P>, C::Op::n> spans;
  for (int k = 0; k < C::Op::n; ++k) spans[static_cast<std::size_t>(k)] = cols[k];
  std::vector<int8_t> out(in.size(), 7);
  C::Op::batch(spans, out);
  return out;
}

template <class C>
class BatchTyped : public ::testing::Test {};

using Cases = ::testing::Types<
    Case<Orient2d, double>, Case<Orient2d, float>, Case<Orient2d, int32_t>, Case<Orient2d, int64_t>,
    Case<Orient3d, double>, Case<Orient3d, float>, Case<Orient3d, int32_t>, Case<Orient3d, int64_t>,
    Case<Incircle, double>, Case<Incircle, float>, Case<Incircle, int32_t>, Case<Incircle, int64_t>,
    Case<Insphere, double>, Case<Insphere, float>, Case<Insphere, int32_t>, Case<Insphere, int64_t>>;

struct CaseNames {
  template <class C>
  static std::string GetName(int) {
    using T = typename C::T;
    const char* t = std::is_same_v<T, double> ? "double"
                    : std::is_same_v<T, float> ? "float"
                    : std::is_same_v<T, int32_t> ? "int32" : "int64";
    return std::string(C::Op::name) + "_" + t;
  }
};
TYPED_TEST_SUITE(BatchTyped, Cases, CaseNames);

// Every answer against the oracle, at every magnitude, with sizes that cross
// the 256-item blocks; the item count where the filter could not decide is
// not visible, so the near set (mostly undecidable by the filter) is there
// to make the exact pass run.
TYPED_TEST(BatchTyped, MatchesOracleAtEveryMagnitude) {
  using C = TypeParam;
  Rng g(2026);
  for (Magnitude m : {Magnitude::small, Magnitude::medium, Magnitude::extreme, Magnitude::near}) {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{255}, std::size_t{257}}) {
      const auto in = tuples<C>(g, m, n);
      const auto out = batch_answers<C>(in);
      ASSERT_EQ(out.size(), n);
      int zeros = 0;
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_EQ(out[i], C::Op::exact(in[i])) << "magnitude " << int(m) << ", item " << i;
        zeros += out[i] == 0;
      }
      if (m == Magnitude::small && n > 200) {
        EXPECT_GT(zeros, 0) << "the small set should hold degeneracies";
      }
    }
  }
}

TYPED_TEST(BatchTyped, BroadcastsOnePointSpans) {
  using C = TypeParam;
  using P = typename C::P;
  Rng g(7);
  const std::size_t n = 300;
  for (int k = 0; k < C::Op::n; ++k) {
    auto in = tuples<C>(g, Magnitude::small, n);
    const P fixed = in[0][static_cast<std::size_t>(k)];
    for (auto& t : in) t[static_cast<std::size_t>(k)] = fixed;
    std::vector<P> cols[C::Op::n];
    for (const auto& t : in)
      for (int j = 0; j < C::Op::n; ++j) cols[j].push_back(t[static_cast<std::size_t>(j)]);
    cols[k].resize(1);  // the broadcast argument
    std::array<std::span<const P>, C::Op::n> spans;
    for (int j = 0; j < C::Op::n; ++j) spans[static_cast<std::size_t>(j)] = cols[j];
    std::vector<int8_t> out(n);
    C::Op::batch(spans, out);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], C::Op::scalar(in[i])) << "argument " << k << ", item " << i;
  }
}

TYPED_TEST(BatchTyped, IndexedFormMatchesTheSpanForm) {
  using C = TypeParam;
  using P = typename C::P;
  Rng g(11);
  std::vector<P> pts;
  for (int i = 0; i < 40; ++i) pts.push_back(random_point<C::Op::dim, typename C::T>(g, Magnitude::small));
  const std::size_t n = 600;
  std::vector<std::array<uint32_t, C::Op::n>> idx32(n);
  std::vector<std::array<int64_t, C::Op::n>> idx64(n);
  std::vector<typename C::Tuple> in(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < C::Op::n; ++k) {
      idx32[i][k] = static_cast<uint32_t>(g() % pts.size());
      idx64[i][k] = idx32[i][k];
      in[i][k] = pts[idx32[i][k]];
    }
  std::vector<int8_t> a(n), b(n);
  C::Op::indexed(std::span<const P>(pts), std::span<const std::array<uint32_t, C::Op::n>>(idx32), a);
  C::Op::indexed(std::span<const P>(pts), std::span<const std::array<int64_t, C::Op::n>>(idx64), b);
  const auto expected = batch_answers<C>(in);
  EXPECT_EQ(a, expected);
  EXPECT_EQ(b, expected);
  for (std::size_t i = 0; i < n; i += 37) EXPECT_EQ(a[i], C::Op::exact(in[i]));
}

TYPED_TEST(BatchTyped, BadSizesAndIndicesThrowNamingTheArgument) {
  using C = TypeParam;
  using P = typename C::P;
  std::vector<P> three(3, P{}), two(2, P{});
  std::array<std::span<const P>, C::Op::n> spans;
  for (auto& s : spans) s = three;
  spans[1] = two;
  std::vector<int8_t> out(3);
  try {
    C::Op::batch(spans, out);
    FAIL() << "a 2-point span against 3 outputs was accepted";
  } catch (const eg::invalid_input& e) {
    EXPECT_NE(std::string(e.what()).find("argument b has 2 points"), std::string::npos) << e.what();
  }
  std::vector<std::array<int64_t, C::Op::n>> idx(2);
  idx[1][C::Op::n - 1] = 3;  // points.size() is 3
  std::vector<int8_t> out2(2);
  try {
    C::Op::indexed(std::span<const P>(three), std::span<const std::array<int64_t, C::Op::n>>(idx), out2);
    FAIL() << "index 3 of 3 points was accepted";
  } catch (const eg::invalid_input& e) {
    EXPECT_NE(std::string(e.what()).find("item 1: index 3"), std::string::npos) << e.what();
  }
  idx[1][C::Op::n - 1] = -1;
  EXPECT_THROW(C::Op::indexed(std::span<const P>(three), std::span<const std::array<int64_t, C::Op::n>>(idx), out2),
               eg::invalid_input);
  std::vector<std::array<int64_t, C::Op::n>> one(1);
  EXPECT_THROW(C::Op::indexed(std::span<const P>(three), std::span<const std::array<int64_t, C::Op::n>>(one), out2),
               eg::invalid_input);
}

// What a value no other coordinate takes does at one item: for float and
// double a NaN or infinity throws naming the item; for int32 and int64 every
// value is a coordinate, and the type's extremes at that item (min and max
// alternating in x, one y) answer as the oracle does, the other items too.
TYPED_TEST(BatchTyped, NonFiniteThrowsNamingTheItemIntegerExtremesAnswer) {
  using C = TypeParam;
  using T = typename C::T;
  if constexpr (!std::is_floating_point_v<T>) {
    Rng g(3);
    using L = std::numeric_limits<T>;
    for (const T v : {L::min(), L::max()}) {
      auto in = tuples<C>(g, Magnitude::medium, 300);
      const T w = v == L::min() ? L::max() : L::min();
      for (std::size_t k = 0; k < in[260].size(); ++k) in[260][k].x = k % 2 ? w : v;  // extreme differences
      in[260][C::Op::n - 1].y = w;
      const auto out = batch_answers<C>(in);
      for (std::size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], C::Op::exact(in[i])) << "item " << i;
    }
  } else {
    Rng g(3);
    for (T bad : {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity()}) {
      auto in = tuples<C>(g, Magnitude::medium, 300);
      in[260][C::Op::n - 1].y = bad;
      try {
        batch_answers<C>(in);
        FAIL() << "a bad coordinate was accepted";
      } catch (const eg::invalid_input& e) {
        EXPECT_NE(std::string(e.what()).find("_batch: item 260:"), std::string::npos) << e.what();
      }
    }
  }
}

}  // namespace

namespace {

/// The copy of the filter pass that runs is the one EXACTGEOM_BATCH_ISA
/// asks for (ctest runs this program once per copy: batch_test.isa.*), so
/// every copy is tested on this machine when its CPU runs it.
TEST(BatchIsa, RunsTheCopyTheEnvironmentNames) {
  const std::string isa(eg::batch_isa());
  EXPECT_TRUE(isa == "x86-64-v4" || isa == "x86-64-v3" || isa == "baseline") << isa;
  const char* want = std::getenv("EXACTGEOM_BATCH_ISA");
  if (want == nullptr) GTEST_SKIP() << "EXACTGEOM_BATCH_ISA is not set; the best copy runs: " << isa;
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  __builtin_cpu_init();
  const std::string w = want;
  const bool runs = w == "baseline" || (w == "x86-64-v3" && __builtin_cpu_supports("x86-64-v3")) ||
                    (w == "x86-64-v4" && __builtin_cpu_supports("x86-64-v4"));
  if (!runs) GTEST_SKIP() << "this CPU does not run " << w << "; ran " << isa;
  EXPECT_EQ(isa, w);
#else
  EXPECT_EQ(isa, "baseline");
#endif
}

}  // namespace

// ---------------------------------------------------------------------------
// convex_batch.hpp's compiled overloads: capsule tests and segment distances over arrays.

#include "exactgeom/capsules.hpp"
#include "exactgeom/segments.hpp"
#include "exactgeom/convex_batch.hpp"

namespace {

eg::Segment3<double> random_segment(std::mt19937_64& g, bool lattice) {
  std::uniform_real_distribution<double> u(-4, 4);
  std::uniform_int_distribution<int> k(-4, 4);
  auto v = [&] { return lattice ? k(g) / 2.0 : u(g); };
  return {{v(), v(), v()}, {v(), v(), v()}};
}

}  // namespace

TEST(ShapeBatch, EveryItemIsTheScalarAnswer) {
  // Random and lattice segments (parallel, touching, overlapping and
  // zero-length pairs are common on the half-integer lattice).
  std::mt19937_64 g(29);
  const std::size_t n = 600;
  std::vector<eg::Segment3<double>> s(n), t(n);
  std::vector<eg::Capsule3<double>> a(n), b(n);
  std::uniform_int_distribution<int> rr(0, 6);
  for (std::size_t i = 0; i < n; ++i) {
    s[i] = random_segment(g, i % 2 == 1), t[i] = random_segment(g, i % 2 == 1);
    a[i] = {s[i], rr(g) / 4.0}, b[i] = {t[i], rr(g) / 4.0};
  }
  std::vector<double> d(n);
  std::vector<mpq_class> d2(n);
  std::vector<std::uint8_t> closed(n), open(n);
  eg::distance_batch(std::span<const eg::Segment3<double>>(s), std::span<const eg::Segment3<double>>(t), d);
  eg::squared_distance_batch(std::span<const eg::Segment3<double>>(s), std::span<const eg::Segment3<double>>(t), d2);
  eg::overlap_batch(std::span<const eg::Capsule3<double>>(a), std::span<const eg::Capsule3<double>>(b), closed,
                            open);
  std::size_t touching = 0;
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(d[i], eg::distance(s[i], t[i])) << i;
    EXPECT_EQ(d2[i], eg::squared_distance(s[i], t[i])) << i;
    EXPECT_EQ(closed[i] != 0, eg::intersects(a[i], b[i])) << i;
    EXPECT_EQ(open[i] != 0, eg::interiors_overlap(a[i], b[i])) << i;
    touching += closed[i] && !open[i];
  }
  EXPECT_GT(touching, 0u);  // the lattice half has exactly touching capsules
}

TEST(ShapeBatch, OneShapeIsUsedForEveryItem) {
  std::mt19937_64 g(31);
  std::vector<eg::Segment2<double>> t(50);
  for (auto& x : t) {
    const auto s3 = random_segment(g, false);
    x = {{s3.a.x, s3.a.y}, {s3.b.x, s3.b.y}};
  }
  const eg::Segment2<double> one{{0, 0}, {1, 0.5}};
  std::vector<double> d(50);
  eg::distance_batch(std::span<const eg::Segment2<double>>(&one, 1), std::span<const eg::Segment2<double>>(t), d);
  for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(d[i], eg::distance(one, t[i]));
  // Only one output asked for: the other stays empty.
  std::vector<eg::Capsule2<double>> c(50);
  for (std::size_t i = 0; i < 50; ++i) c[i] = {t[i], 0.25};
  std::vector<std::uint8_t> closed(50);
  const eg::Capsule2<double> disk{{{0, 0}, {0, 0}}, 1};
  eg::overlap_batch(std::span<const eg::Capsule2<double>>(&disk, 1), std::span<const eg::Capsule2<double>>(c),
                            closed, {});
  for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(closed[i] != 0, eg::intersects(disk, c[i]));
}

TEST(ShapeBatch, BadInputThrowsNamingTheItem) {
  std::vector<eg::Segment3<double>> s(3, eg::Segment3<double>{{0, 0, 0}, {1, 1, 1}});
  std::vector<double> d(3);
  s[2].b.y = std::numeric_limits<double>::quiet_NaN();
  auto call = [&](std::span<double> out) {
    eg::distance_batch(std::span<const eg::Segment3<double>>(s), std::span<const eg::Segment3<double>>(s), out);
  };
  try {
    call(d);
    ADD_FAILURE() << "a NaN was accepted";
  } catch (const eg::invalid_input& e) {
    EXPECT_NE(std::string(e.what()).find("item 2"), std::string::npos) << e.what();
  }
  std::vector<double> four(4);
  EXPECT_THROW(call(four), eg::invalid_input);  // 3 inputs, 4 outputs
  std::vector<eg::Capsule3<double>> c(2, eg::Capsule3<double>{{{0, 0, 0}, {1, 0, 0}}, 1});
  c[1].r = -1;
  std::vector<std::uint8_t> closed(2), open(3);
  EXPECT_THROW(eg::overlap_batch(std::span<const eg::Capsule3<double>>(c), std::span<const eg::Capsule3<double>>(c),
                                         closed, {}),
               eg::invalid_input);
  EXPECT_THROW(eg::overlap_batch(std::span<const eg::Capsule3<double>>(c), std::span<const eg::Capsule3<double>>(c),
                                         closed, open),
               eg::invalid_input);  // outputs of different sizes
}

#include "exactgeom/segment_triangle.hpp"

TEST(ShapeBatch, PointSegmentAndSegmentTriangleItemsAreTheScalarAnswers) {
  std::mt19937_64 g(37);
  const std::size_t n = 300;
  std::vector<eg::Point3<double>> p(n);
  std::vector<eg::Segment3<double>> s(n);
  std::vector<eg::Triangle3<double>> tri(n);
  for (std::size_t i = 0; i < n; ++i) {
    s[i] = random_segment(g, i % 2 == 1);
    p[i] = random_segment(g, i % 2 == 1).a;
    const auto u = random_segment(g, i % 2 == 1), v = random_segment(g, i % 2 == 1);
    tri[i] = {u.a, u.b, v.a};
  }
  std::vector<double> d(n), e(n);
  std::vector<mpq_class> d2(n), e2(n);
  eg::distance_batch(std::span<const eg::Point3<double>>(p), std::span<const eg::Segment3<double>>(s), d);
  eg::squared_distance_batch(std::span<const eg::Point3<double>>(p), std::span<const eg::Segment3<double>>(s), d2);
  eg::distance_batch(std::span<const eg::Segment3<double>>(s), std::span<const eg::Triangle3<double>>(tri),
                                      e);
  eg::squared_distance_batch(std::span<const eg::Segment3<double>>(s),
                                       std::span<const eg::Triangle3<double>>(tri), e2);
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(d[i], eg::distance(p[i], s[i])) << i;
    EXPECT_EQ(d2[i], eg::to_mpq(eg::squared_distance(p[i], s[i]))) << i;
    EXPECT_EQ(e[i], eg::distance(s[i], tri[i])) << i;
    EXPECT_EQ(e2[i], eg::to_mpq(eg::squared_distance(s[i], tri[i]))) << i;
    zeros += e2[i] == 0;
  }
  EXPECT_GT(zeros, 0u);  // segments through their triangles
  std::vector<double> four(4);
  EXPECT_THROW(eg::distance_batch(std::span<const eg::Segment3<double>>(s).first(3),
                                                   std::span<const eg::Triangle3<double>>(tri).first(2), four),
               eg::invalid_input);
}

#include "exactgeom/convex_batch.hpp"

TEST(ConvexBatch, EveryItemIsTheScalarAnswerAndOneShapeIsBroadcast) {
  // Boxes against capsules on the half-integer lattice (touching and
  // grazing pairs are common), one hull against every box.
  std::mt19937_64 g(41);
  const std::size_t n = 200;
  std::vector<eg::Box3<double>> box(n);
  std::vector<eg::Capsule3<double>> cap(n);
  std::vector<eg::Point3<double>> v(n);
  std::uniform_int_distribution<int> k(0, 4);
  for (std::size_t i = 0; i < n; ++i) {
    const auto s = random_segment(g, true);
    box[i] = {s.a, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {k(g) / 4.0, k(g) / 4.0, k(g) / 4.0}, k(g) / 4.0};
    cap[i] = {random_segment(g, i % 2 == 0), k(g) / 4.0};
    v[i] = random_segment(g, true).b;
  }
  const std::span<const eg::Box3<double>> x(box);
  const std::span<const eg::Capsule3<double>> y(cap);
  std::vector<std::uint8_t> closed(n), open(n);
  std::vector<mpq_class> d2(n);
  std::vector<double> d(n);
  std::vector<decltype(eg::closest_points(box[0], cap[0]))> cp(n);
  std::vector<decltype(eg::contact(box[0], cap[0]))> c(n);
  std::vector<std::optional<double>> t(n);
  eg::overlap_batch(x, y, closed, open);
  eg::squared_distance_batch(x, y, std::span(d2));
  eg::distance_batch(x, y, std::span(d));
  eg::closest_points_batch(x, y, std::span(cp));
  eg::contact_batch(x, y, std::span(c));
  eg::time_of_impact_batch(x, std::span<const eg::Point3<double>>(v), y, std::span(t));
  std::size_t touching = 0;
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(closed[i] != 0, eg::intersects(box[i], cap[i])) << i;
    EXPECT_EQ(open[i] != 0, eg::interiors_overlap(box[i], cap[i])) << i;
    EXPECT_EQ(d2[i], eg::to_mpq(eg::squared_distance(box[i], cap[i]))) << i;
    EXPECT_EQ(d[i], eg::distance(box[i], cap[i])) << i;
    EXPECT_EQ(eg::to_mpq(cp[i].squared_distance), d2[i]) << i;
    const auto ci = eg::contact(box[i], cap[i]);
    ASSERT_EQ(c[i].has_value(), ci.has_value()) << i;
    if (ci) {
      EXPECT_EQ(c[i]->depth, ci->depth) << i;
    }
    EXPECT_EQ(t[i], eg::time_of_impact(box[i], v[i], cap[i])) << i;
    touching += closed[i] && !open[i];
  }
  EXPECT_GT(touching, 0u);
  const eg::ConvexHull3<double> hull({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, 0.25);
  eg::overlap_batch(std::span<const eg::ConvexHull3<double>>(&hull, 1), x, closed, {});
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(closed[i] != 0, eg::intersects(hull, box[i])) << i;
}

TEST(ConvexBatch, BadInputThrowsNamingTheItem) {
  std::vector<eg::Box2<double>> box(3, eg::Box2<double>{{0, 0}, {{{1, 0}, {0, 1}}}, {1, 1}, 0});
  box[1].half[0] = -1;
  std::vector<double> d(3);
  try {
    eg::distance_batch(std::span<const eg::Box2<double>>(box), std::span<const eg::Box2<double>>(box), std::span(d));
    ADD_FAILURE() << "a negative half extent was accepted";
  } catch (const eg::invalid_input& e) {
    EXPECT_NE(std::string(e.what()).find("distance_batch: item 1"), std::string::npos) << e.what();
  }
  std::vector<double> two(2);
  EXPECT_THROW(eg::distance_batch(std::span<const eg::Box2<double>>(box), std::span<const eg::Box2<double>>(box),
                                  std::span(two)),
               eg::invalid_input);  // 3 inputs, 2 outputs
}

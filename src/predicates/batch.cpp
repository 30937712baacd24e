// The batch predicates of exactgeom/batch.hpp: a branch-free filter pass the
// compiler vectorizes, then the exact scalar predicate on the items the
// filter left undecided.
#include "exactgeom/batch.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "exactgeom/detail/filters.hpp"
#include "exactgeom/predicates.hpp"

namespace exactgeom {
namespace {

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define EXACTGEOM_BATCH_DISPATCH 1
#else
#define EXACTGEOM_BATCH_DISPATCH 0
#endif

enum class BatchIsa { baseline, v3, v4 };

const char* isa_name(BatchIsa i) {
  return i == BatchIsa::v4 ? "x86-64-v4" : (i == BatchIsa::v3 ? "x86-64-v3" : "baseline");
}

/// The best copy of the filter pass this CPU runs, or the one
/// EXACTGEOM_BATCH_ISA names when the CPU runs it (else the best, with a
/// warning on standard error: a copy the CPU lacks would crash).
BatchIsa chosen_batch_isa() {
  BatchIsa best = BatchIsa::baseline;
#if EXACTGEOM_BATCH_DISPATCH
  __builtin_cpu_init();
  if (__builtin_cpu_supports("x86-64-v3")) best = BatchIsa::v3;
  if (__builtin_cpu_supports("x86-64-v4")) best = BatchIsa::v4;
#endif
  const char* want = std::getenv("EXACTGEOM_BATCH_ISA");
  if (want == nullptr || *want == '\0') return best;
  for (BatchIsa i : {BatchIsa::baseline, BatchIsa::v3, BatchIsa::v4}) {
    if (std::strcmp(want, isa_name(i)) != 0) continue;
    if (static_cast<int>(i) <= static_cast<int>(best)) return i;
    std::fprintf(stderr, "exactgeom: EXACTGEOM_BATCH_ISA=%s: this CPU does not run it; using %s\n", want,
                 isa_name(best));
    return best;
  }
  std::fprintf(stderr, "exactgeom: EXACTGEOM_BATCH_ISA=%s is not x86-64-v4, x86-64-v3 or baseline; using %s\n",
               want, isa_name(best));
  return best;
}

// Items per block: the filter pass runs over a block, then the exact pass
// over its undecided items, so a block's points are still in cache.
constexpr std::size_t kBlock = 256;

constexpr const char* kArgName[5] = {"a", "b", "c", "d", "e"};

/// The coordinate types whose differences the double filters' error model
/// covers when formed as double(p) - double(q): the subtraction of two exact
/// doubles is rounded once (float, double) or is exact (int32: |p - q| <
/// 2^32). int64 differences need 65 bits, so int64 takes the scalar path.
template <class T>
inline constexpr bool kFiltered = !std::is_same_v<T, std::int64_t>;

template <class T>
double d(T v) {
  return static_cast<double>(v);
}

// One filter per predicate on points, as the scalar predicates call them
// (predicates.hpp), written so that a loop over them has no branch; and the
// exact decision for an item the filter left at 0: for doubles the exact
// path behind the scalar filter directly (the same filter would only fail
// again), for the other types the scalar predicate.
struct Orient2d {
  static constexpr const char* name = "orient2d_batch";
  static constexpr int arity = 3;
  template <class P>
  static double filter(const P& a, const P& b, const P& c) {
    return detail::orient2d_estimate(d(b.x) - d(a.x), d(b.y) - d(a.y), d(c.x) - d(a.x),
                                     d(c.y) - d(a.y)).sign_as_double();
  }
  template <class P>
  static int exact(const P& a, const P& b, const P& c) {
    if constexpr (std::is_same_v<P, Point2<double>>) {
      const double flat[6] = {a.x, a.y, b.x, b.y, c.x, c.y};
      return detail::orient2d_exact(flat);
    } else {
      return static_cast<int>(orient2d(a, b, c));
    }
  }
};

struct Orient3d {
  static constexpr const char* name = "orient3d_batch";
  static constexpr int arity = 4;
  template <class P>
  static double filter(const P& a, const P& b, const P& c, const P& e) {
    return detail::orient3d_estimate(d(b.x) - d(a.x), d(b.y) - d(a.y), d(b.z) - d(a.z),
                                     d(c.x) - d(a.x), d(c.y) - d(a.y), d(c.z) - d(a.z),
                                     d(e.x) - d(a.x), d(e.y) - d(a.y), d(e.z) - d(a.z)).sign_as_double();
  }
  template <class P>
  static int exact(const P& a, const P& b, const P& c, const P& e) {
    if constexpr (std::is_same_v<P, Point3<double>>) {
      const double flat[12] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, e.x, e.y, e.z};
      return detail::orient3d_exact(flat);
    } else {
      return static_cast<int>(orient3d(a, b, c, e));
    }
  }
};

struct Incircle {
  static constexpr const char* name = "incircle_batch";
  static constexpr int arity = 4;
  template <class P>
  static double filter(const P& a, const P& b, const P& c, const P& e) {
    return detail::incircle_estimate(d(a.x) - d(e.x), d(a.y) - d(e.y), d(b.x) - d(e.x),
                                     d(b.y) - d(e.y), d(c.x) - d(e.x), d(c.y) - d(e.y)).sign_as_double();
  }
  template <class P>
  static int exact(const P& a, const P& b, const P& c, const P& e) {
    if constexpr (std::is_same_v<P, Point2<double>>) {
      const double flat[8] = {a.x, a.y, b.x, b.y, c.x, c.y, e.x, e.y};
      return detail::incircle_exact(flat);
    } else {
      return static_cast<int>(incircle(a, b, c, e));
    }
  }
};

struct Insphere {
  static constexpr const char* name = "insphere_batch";
  static constexpr int arity = 5;
  template <class P>
  static double filter(const P& a, const P& b, const P& c, const P& q, const P& e) {
    const double ae[3] = {d(a.x) - d(e.x), d(a.y) - d(e.y), d(a.z) - d(e.z)};
    const double be[3] = {d(b.x) - d(e.x), d(b.y) - d(e.y), d(b.z) - d(e.z)};
    const double ce[3] = {d(c.x) - d(e.x), d(c.y) - d(e.y), d(c.z) - d(e.z)};
    const double de[3] = {d(q.x) - d(e.x), d(q.y) - d(e.y), d(q.z) - d(e.z)};
    // insphere negates the determinant's sign.
    return -detail::insphere_estimate(ae, be, ce, de).sign_as_double();
  }
  template <class P>
  static int exact(const P& a, const P& b, const P& c, const P& q, const P& e) {
    if constexpr (std::is_same_v<P, Point3<double>>) {
      const double flat[15] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z,
                               q.x, q.y, q.z, e.x, e.y, e.z};
      return -detail::insphere_det_exact(flat);
    } else {
      return static_cast<int>(insphere(a, b, c, q, e));
    }
  }
};

/// The filter pass over m <= kBlock items of unit-stride arrays: no branch
/// in either loop, so both vectorize (the signs go through doubles because
/// GCC 12 does not vectorize a double comparison stored as int8). Writes 0
/// where the exact pass must decide. Returns the number of items left at 0.
template <class Op, class P, std::size_t... K>
[[gnu::always_inline]] inline std::size_t filter_pass_body(const P* const* p, std::size_t m, std::int8_t* out,
                                                           std::index_sequence<K...>) {
  using T = decltype(P::x);
  if constexpr (kFiltered<T>) {
    double sign[kBlock];
    const P* __restrict q[] = {p[K]...};
    for (std::size_t i = 0; i < m; ++i) sign[i] = Op::filter(q[K][i]...);
    // A 32-bit count (m <= kBlock): a size_t one widened every lane to 64 bits.
    std::uint32_t zeros = 0;
    for (std::size_t i = 0; i < m; ++i) {
      const std::int8_t s = static_cast<std::int8_t>(static_cast<int>(sign[i]));
      out[i] = s;
      zeros += s == 0;
    }
    return zeros;
  } else {
    std::memset(out, 0, m);
    return m;
  }
}

// The pass is compiled three times on x86-64 with GCC (the same C++; FMA
// contraction leaves the filters' bounds valid, filters.hpp): for
// x86-64-v4 (AVX-512: eight doubles per vector; measured on the README's AMD
// EPYC, orient2d/orient3d exact_batch/random from 1.07x/1.19x of the scalar
// float loop to 0.62x/0.60x), for x86-64-v3 (AVX2) and for the baseline.
// batch_isa() picks the best copy the CPU runs, or the one the environment
// variable EXACTGEOM_BATCH_ISA names, so the tests run every copy.
#if EXACTGEOM_BATCH_DISPATCH
template <class Op, class P, std::size_t... K>
[[gnu::target("arch=x86-64-v4")]] std::size_t filter_pass_v4(const P* const* p, std::size_t m, std::int8_t* out,
                                                              std::index_sequence<K...> seq) {
  return filter_pass_body<Op>(p, m, out, seq);
}
template <class Op, class P, std::size_t... K>
[[gnu::target("arch=x86-64-v3")]] std::size_t filter_pass_v3(const P* const* p, std::size_t m, std::int8_t* out,
                                                              std::index_sequence<K...> seq) {
  return filter_pass_body<Op>(p, m, out, seq);
}
#endif
template <class Op, class P, std::size_t... K>
std::size_t filter_pass_baseline(const P* const* p, std::size_t m, std::int8_t* out,
                                 std::index_sequence<K...> seq) {
  return filter_pass_body<Op>(p, m, out, seq);
}

template <class Op, class P, std::size_t... K>
std::size_t filter_pass(const P* const* p, std::size_t m, std::int8_t* out, std::index_sequence<K...> seq) {
#if EXACTGEOM_BATCH_DISPATCH
  static const BatchIsa isa = chosen_batch_isa();
  if (isa == BatchIsa::v4) return filter_pass_v4<Op>(p, m, out, seq);
  if (isa == BatchIsa::v3) return filter_pass_v3<Op>(p, m, out, seq);
#endif
  return filter_pass_baseline<Op>(p, m, out, seq);
}

/// The exact pass: the scalar predicate on the `zeros` items the filter
/// left at 0.
template <class Op, class P, std::size_t... K>
void exact_pass(const P* const* p, std::size_t m, std::int8_t* out, std::size_t zeros,
                std::size_t first, std::index_sequence<K...>) {
  for (std::size_t i = 0; i < m && zeros > 0; ++i) {
    if (out[i] != 0) continue;
    --zeros;
    try {
      out[i] = static_cast<std::int8_t>(Op::exact(p[K][i]...));
    } catch (const invalid_input& e) {
      throw invalid_input(std::string(Op::name) + ": item " + std::to_string(first + i) + ": " +
                          e.what());
    }
  }
}

template <class P>
struct WithDouble;
template <class T>
struct WithDouble<Point2<T>> {
  using type = Point2<double>;
};
template <class T>
struct WithDouble<Point3<T>> {
  using type = Point3<double>;
};

template <class Op, class P>
void run_block(const P* const* p, std::size_t m, std::int8_t* out, std::size_t first) {
  constexpr auto seq = std::make_index_sequence<Op::arity>();
  if constexpr (std::is_same_v<decltype(P::x), float>) {
    // Floats are widened (exactly) first: GCC 12 vectorizes the filter on
    // doubles but not on float loads feeding double arithmetic. The
    // predicates' answers on the widened points are the same.
    using PD = typename WithDouble<P>::type;
    PD wide[Op::arity][kBlock];
    const PD* q[Op::arity];
    for (int k = 0; k < Op::arity; ++k) {
      for (std::size_t i = 0; i < m; ++i) {
        wide[k][i].x = p[k][i].x;
        wide[k][i].y = p[k][i].y;
        if constexpr (requires { p[k][i].z; }) wide[k][i].z = p[k][i].z;
      }
      q[k] = wide[k];
    }
    run_block<Op>(q, m, out, first);
  } else {
    const std::size_t zeros = filter_pass<Op>(p, m, out, seq);
    if (zeros > 0) exact_pass<Op>(p, m, out, zeros, first, seq);
  }
}

/// The span form: every span has out.size() points or one (broadcast).
template <class Op, class P>
void batch(std::span<const P> const (&in)[Op::arity], std::span<std::int8_t> out) {
  const std::size_t n = out.size();
  std::vector<P> broadcast[Op::arity];
  for (int k = 0; k < Op::arity; ++k) {
    if (in[k].size() == n) continue;
    if (in[k].size() != 1)
      throw invalid_input(std::string(Op::name) + ": argument " + kArgName[k] + " has " +
                          std::to_string(in[k].size()) + " points; expected 1 or out.size() = " +
                          std::to_string(n));
    broadcast[k].assign(std::min(n, kBlock), in[k][0]);
  }
  for (std::size_t first = 0; first < n; first += kBlock) {
    const std::size_t m = std::min(kBlock, n - first);
    const P* p[Op::arity];
    for (int k = 0; k < Op::arity; ++k)
      p[k] = broadcast[k].empty() ? in[k].data() + first : broadcast[k].data();
    run_block<Op>(p, m, out.data() + first, first);
  }
}

/// The indexed form: gathers each block's points, then runs the span form's
/// passes on them.
template <class Op, class P, class I>
void batch_indexed(std::span<const P> points, std::span<const std::array<I, Op::arity>> tuples,
                   std::span<std::int8_t> out) {
  if (tuples.size() != out.size())
    throw invalid_input(std::string(Op::name) + ": " + std::to_string(tuples.size()) +
                        " index tuples but out.size() = " + std::to_string(out.size()));
  const std::size_t n = out.size();
  std::vector<P> gathered[Op::arity];
  for (auto& g : gathered) g.resize(std::min(n, kBlock));
  for (std::size_t first = 0; first < n; first += kBlock) {
    const std::size_t m = std::min(kBlock, n - first);
    for (std::size_t i = 0; i < m; ++i) {
      for (int k = 0; k < Op::arity; ++k) {
        const I index = tuples[first + i][static_cast<std::size_t>(k)];
        bool negative = false;
        if constexpr (std::is_signed_v<I>) negative = index < 0;
        if (negative || static_cast<std::uint64_t>(index) >= points.size())
          throw invalid_input(std::string(Op::name) + ": item " + std::to_string(first + i) +
                              ": index " + std::to_string(index) + " (point " + kArgName[k] +
                              ") is not below points.size() = " + std::to_string(points.size()));
        gathered[k][i] = points[static_cast<std::size_t>(index)];
      }
    }
    const P* p[Op::arity];
    for (int k = 0; k < Op::arity; ++k) p[k] = gathered[k].data();
    run_block<Op>(p, m, out.data() + first, first);
  }
}

}  // namespace

#define EXACTGEOM_BATCH_DEFINE_INDEXED(T, I)                                                     \
  void orient2d_batch(std::span<const Point2<T>> points,                                         \
                      std::span<const std::array<I, 3>> tuples, std::span<std::int8_t> out) {    \
    batch_indexed<Orient2d>(points, tuples, out);                                                \
  }                                                                                              \
  void orient3d_batch(std::span<const Point3<T>> points,                                         \
                      std::span<const std::array<I, 4>> tuples, std::span<std::int8_t> out) {    \
    batch_indexed<Orient3d>(points, tuples, out);                                                \
  }                                                                                              \
  void incircle_batch(std::span<const Point2<T>> points,                                         \
                      std::span<const std::array<I, 4>> tuples, std::span<std::int8_t> out) {    \
    batch_indexed<Incircle>(points, tuples, out);                                                \
  }                                                                                              \
  void insphere_batch(std::span<const Point3<T>> points,                                         \
                      std::span<const std::array<I, 5>> tuples, std::span<std::int8_t> out) {    \
    batch_indexed<Insphere>(points, tuples, out);                                                \
  }

#define EXACTGEOM_BATCH_DEFINE(T)                                                                \
  void orient2d_batch(std::span<const Point2<T>> a, std::span<const Point2<T>> b,                \
                      std::span<const Point2<T>> c, std::span<std::int8_t> out) {                \
    batch<Orient2d, Point2<T>>({a, b, c}, out);                                                  \
  }                                                                                              \
  void orient3d_batch(std::span<const Point3<T>> a, std::span<const Point3<T>> b,                \
                      std::span<const Point3<T>> c, std::span<const Point3<T>> d,                \
                      std::span<std::int8_t> out) {                                              \
    batch<Orient3d, Point3<T>>({a, b, c, d}, out);                                               \
  }                                                                                              \
  void incircle_batch(std::span<const Point2<T>> a, std::span<const Point2<T>> b,                \
                      std::span<const Point2<T>> c, std::span<const Point2<T>> d,                \
                      std::span<std::int8_t> out) {                                              \
    batch<Incircle, Point2<T>>({a, b, c, d}, out);                                               \
  }                                                                                              \
  void insphere_batch(std::span<const Point3<T>> a, std::span<const Point3<T>> b,                \
                      std::span<const Point3<T>> c, std::span<const Point3<T>> d,                \
                      std::span<const Point3<T>> e, std::span<std::int8_t> out) {                \
    batch<Insphere, Point3<T>>({a, b, c, d, e}, out);                                            \
  }                                                                                              \
  EXACTGEOM_BATCH_DEFINE_INDEXED(T, std::uint32_t)                                               \
  EXACTGEOM_BATCH_DEFINE_INDEXED(T, std::int64_t)

std::string_view batch_isa() {
  static const BatchIsa isa = chosen_batch_isa();
  return isa_name(isa);
}

EXACTGEOM_BATCH_DEFINE(float)
EXACTGEOM_BATCH_DEFINE(double)
EXACTGEOM_BATCH_DEFINE(std::int32_t)
EXACTGEOM_BATCH_DEFINE(std::int64_t)

}  // namespace exactgeom

// Benchmarks of exactgeom/capsules.hpp against the float algorithms of
// include/exactgeom/reference/. Names: <operation>/<implementation>/<input set>;
// inputs are generated on a benchmark's first run, before its timed loop,
// 4096 per iteration.
//   float        Ericson (004) in double on double inputs
//   exact        exactgeom::intersects on the same doubles
//   float_int32, float_int64   Ericson in double on the int32 / int64 inputs,
//                converted to double before timing (the `float` row's code)
//   float_int32_converting, float_int64_converting   Ericson on the integer
//                inputs converted to double at each call, in the timed loop,
//                as user code holding integer capsules runs it
//   exact_int32, exact_int64   exactgeom::intersects on the integer inputs
//   blog002      article 002's own float tests, where they apply
// Sets: random (coordinates uniform in a box, radii up to a quarter of it)
// and near_touching (r2 set from the double distance of the axes so that
// r1 + r2 is within rounding of it: for integers the distance's ceiling on
// odd inputs and its floor on even ones, for doubles within a few ulps; for
// the triangle tests the radius is bisected on the exact test to the last
// double, odd inputs taking the smallest radius that meets, even ones the
// largest that does not). meet_share shows each set's balance.
// Counters, measured on each row's inputs before timing against the
// independent mpq_class oracle of tests/capsule_oracle.hpp: float_wrong
// (float rows: share answered differently from the oracle), exact_wrong
// (exact rows: the same for exactgeom; must be 0) and meet_share (share of
// pairs that meet, touching included).
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "bench_util.hpp"
#include "testing/capsule_oracle.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/reference/capsule_blog.hpp"
#include "exactgeom/reference/ericson.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::bench;

namespace {

template <class T>
eg::Point3<T> pt3(bn::Rng& g, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  return {T(u(g)), T(u(g)), T(u(g))};
}

template <class T>
eg::Point3<double> d3(const eg::Point3<T>& p) { return {double(p.x), double(p.y), double(p.z)}; }
template <class T>
eg::Point2<double> d2(const eg::Point2<T>& p) { return {double(p.x), double(p.y)}; }

template <class T>
double coordinate_range() {
  return std::is_same_v<T, double> ? 100.0 : (std::is_same_v<T, std::int32_t> ? 1e9 : 1e18);
}

template <int Dim, class T>
using Cap = std::conditional_t<Dim == 2, eg::Capsule2<T>, eg::Capsule3<T>>;
template <int Dim, class T>
using CapPair = std::pair<Cap<Dim, T>, Cap<Dim, T>>;

/// Pairs of capsules in T (2-D: the x, y of the 3-D ones); near_touching sets
/// r2 to the Ericson distance minus r1, rounded to T.
template <int Dim, class T>
std::vector<CapPair<Dim, T>> capsule_pairs(bool near) {
  const double range = coordinate_range<T>();
  bn::Rng g(42);
  std::uniform_real_distribution<double> ur(0, range / 4);
  std::vector<CapPair<Dim, T>> v;
  for (int i = 0; i < bn::kInputs; ++i) {
    eg::Capsule3<T> a{{pt3<T>(g, range), pt3<T>(g, range)}, T(ur(g))};
    eg::Capsule3<T> b{{pt3<T>(g, range), pt3<T>(g, range)}, T(ur(g))};
    if (Dim == 2) a.seg.a.z = a.seg.b.z = b.seg.a.z = b.seg.b.z = T(0);
    if (near) {
      const double dist = std::sqrt(
          eg::reference::ClosestPtSegmentSegment(d3(a.seg.a), d3(a.seg.b), d3(b.seg.a), d3(b.seg.b)).dist2);
      a.r = T(std::floor(dist / 2));
      if constexpr (std::is_integral_v<T>)  // r1 + r2 just above or below the distance
        b.r = T((i % 2 ? std::ceil(dist) : std::floor(dist)) - double(a.r));
      else
        b.r = T(dist - double(a.r));
      if (b.r < T(0)) b.r = T(0);
    }
    if constexpr (Dim == 2)
      v.push_back({{{{a.seg.a.x, a.seg.a.y}, {a.seg.b.x, a.seg.b.y}}, a.r},
                   {{{b.seg.a.x, b.seg.a.y}, {b.seg.b.x, b.seg.b.y}}, b.r}});
    else
      v.push_back({a, b});
  }
  return v;
}

/// A pair with every coordinate converted to double.
template <int Dim, class T>
CapPair<Dim, double> pair_as_double(const CapPair<Dim, T>& p) {
  auto cv = [](const Cap<Dim, T>& c) {
    if constexpr (Dim == 2)
      return eg::Capsule2<double>{{d2(c.seg.a), d2(c.seg.b)}, double(c.r)};
    else
      return eg::Capsule3<double>{{d3(c.seg.a), d3(c.seg.b)}, double(c.r)};
  };
  return {cv(p.first), cv(p.second)};
}

/// The same pairs with every coordinate converted to double.
template <int Dim, class T>
std::vector<CapPair<Dim, double>> as_double(const std::vector<CapPair<Dim, T>>& in) {
  std::vector<CapPair<Dim, double>> out;
  for (const auto& p : in) out.push_back(pair_as_double<Dim, T>(p));
  return out;
}

using Counters = std::vector<std::pair<std::string, double>>;

/// The counters of a row: wrong_key (float_wrong or exact_wrong) is the share
/// where answer(i) differs from the oracle's closed answer on truth[i].
template <class Truth, class Answer>
Counters counters(const std::vector<Truth>& truth, const char* wrong_key, Answer answer) {
  std::size_t wrong = 0, meet = 0;
  for (std::size_t i = 0; i < truth.size(); ++i) {
    const bool o = exactgeom::testing::capsule_oracle::oracle(truth[i].first, truth[i].second).first;
    meet += o;
    wrong += answer(i) != o;
  }
  const double n = double(truth.size());
  return {{wrong_key, double(wrong) / n}, {bn::kMeetShare, double(meet) / n}};
}

/// Registers `name` over make()'s inputs in T, timing fn; the counters check
/// fn's answers against the oracle on the same inputs.
template <class In, class Fn>
void reg_exact(const std::string& name, std::function<std::vector<In>()> make, Fn fn) {
  bn::register_batch<In>(name, [make, fn] {
    bn::Batch<In> b{make(), {}};
    b.counters = counters(b.inputs, bn::kExactWrong, [&](std::size_t i) { return fn(b.inputs[i]); });
    return b;
  }, fn);
}

/// Registers a float row: fn runs on the inputs converted to double before
/// timing; the counters compare with the oracle on the inputs as generated.
template <class In, class InD, class Fn>
void reg_float(const std::string& name, std::function<std::vector<In>()> make,
               std::function<std::vector<InD>(const std::vector<In>&)> convert, Fn fn) {
  bn::register_batch<InD>(name, [make, convert, fn] {
    const std::vector<In> truth = make();
    bn::Batch<InD> b{convert(truth), {}};
    b.counters = counters(truth, bn::kFloatWrong, [&](std::size_t i) { return fn(b.inputs[i]); });
    return b;
  }, fn);
}

template <int Dim>
bool ericson(const CapPair<Dim, double>& p) {
  if constexpr (Dim == 2)
    return eg::reference::TestCapsuleCapsule(p.first.seg.a, p.first.seg.b, p.first.r, p.second.seg.a,
                                           p.second.seg.b, p.second.r);
  else
    return eg::reference::TestCapsuleCapsule(p.first.seg.a, p.first.seg.b, p.first.r, p.second.seg.a,
                                           p.second.seg.b, p.second.r);
}

template <int Dim, class T>
void register_capsules_in(const std::string& set, const char* suffix) {
  const std::string op = Dim == 2 ? "capsule2d/" : "capsule3d/";
  const bool near = set == "near_touching";
  const std::function<std::vector<CapPair<Dim, T>>()> make = [near] { return capsule_pairs<Dim, T>(near); };
  const std::function<std::vector<CapPair<Dim, double>>(const std::vector<CapPair<Dim, T>>&)> convert =
      as_double<Dim, T>;
  const std::string s = suffix;
  reg_float<CapPair<Dim, T>, CapPair<Dim, double>>(op + "float" + s + "/" + set, make, convert, ericson<Dim>);
  if constexpr (std::is_integral_v<T>) {
    // Ericson on the integer pairs converted to double at each call, in the
    // timed loop, as user code holding integer capsules runs it (issue 42:
    // exact_int32's target is measured against this row).
    const auto converting = [](const CapPair<Dim, T>& p) { return ericson<Dim>(pair_as_double<Dim, T>(p)); };
    bn::register_batch<CapPair<Dim, T>>(op + "float" + s + "_converting/" + set, [make, converting] {
      bn::Batch<CapPair<Dim, T>> b{make(), {}};
      b.counters = counters(b.inputs, bn::kFloatWrong, [&](std::size_t i) { return converting(b.inputs[i]); });
      return b;
    }, converting);
  }
  if constexpr (Dim == 3 && std::is_same_v<T, double>)
    reg_float<CapPair<Dim, T>, CapPair<Dim, double>>(
        op + "blog002/" + set, make, convert,
        [](const CapPair<Dim, double>& p) { return eg::reference::capsule_capsule(p.first, p.second).intersects; });
  reg_exact<CapPair<Dim, T>>(op + "exact" + s + "/" + set, make,
                             [](const CapPair<Dim, T>& p) { return eg::intersects(p.first, p.second); });
}

using TriPair = std::pair<eg::Capsule3<double>, eg::Triangle3<double>>;

/// Capsule (or sphere when zero_length) vs triangle, doubles.
std::vector<TriPair> triangle_pairs(bool near, bool zero_length) {
  bn::Rng g(7);
  std::vector<TriPair> in;
  for (int i = 0; i < bn::kInputs; ++i) {
    eg::Capsule3<double> c{{pt3<double>(g, 100), pt3<double>(g, 100)}, 20};
    if (zero_length) c.seg.b = c.seg.a;
    const eg::Triangle3<double> t{pt3<double>(g, 100), pt3<double>(g, 100), pt3<double>(g, 100)};
    if (near) {  // bisect on the exact test down to adjacent doubles lo < hi:
      double lo = 0, hi = 400;  // hi meets (touching or 1 ulp deep), lo does not
      while (std::nextafter(lo, hi) < hi) {
        const double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) break;
        (eg::intersects(eg::Capsule3<double>{c.seg, mid}, t) ? hi : lo) = mid;
      }
      c.r = i % 2 ? hi : lo;  // half meet, half miss by one ulp of the radius
    }
    in.push_back({c, t});
  }
  return in;
}

void register_triangles(const std::string& set) {
  const bool near = set == "near_touching";
  for (const bool zero_length : {true, false}) {
    const std::string op = zero_length ? "sphere_triangle/" : "capsule_triangle/";
    const std::function<std::vector<TriPair>()> make = [near, zero_length] {
      return triangle_pairs(near, zero_length);
    };
    const std::function<std::vector<TriPair>(const std::vector<TriPair>&)> same = [](const auto& v) { return v; };
    if (zero_length)
      reg_float<TriPair, TriPair>(op + "blog002/" + set, make, same, [](const TriPair& p) {
        return eg::reference::sphere_triangle(p.first.seg.a, p.first.r, p.second.a, p.second.b, p.second.c);
      });
    else
      reg_float<TriPair, TriPair>(op + "blog002/" + set, make, same, [](const TriPair& p) {
        return eg::reference::capsule_triangle(p.first, p.second.a, p.second.b, p.second.c);
      });
    reg_exact<TriPair>(op + "exact/" + set, make,
                       [](const TriPair& p) { return eg::intersects(p.first, p.second); });
  }
}

void register_capsules() {
  for (const std::string set : {"random", "near_touching"}) {
    register_capsules_in<2, double>(set, "");
    register_capsules_in<2, std::int32_t>(set, "_int32");
    register_capsules_in<2, std::int64_t>(set, "_int64");
    register_capsules_in<3, double>(set, "");
    register_capsules_in<3, std::int32_t>(set, "_int32");
    register_capsules_in<3, std::int64_t>(set, "_int64");
    register_triangles(set);
  }
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_capsules);

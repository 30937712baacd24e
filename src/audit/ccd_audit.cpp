// The audits of continuous collision of moving primitives
// (exactgeom/audit/ccd.hpp, docs/auditing_ccd.md): the case families, the
// benchmark's sample queries, and the judging against exactgeom/ccd.hpp.
#include "exactgeom/audit/ccd.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>

#include "exactgeom/audit/subject.hpp"
#include "exactgeom/ccd.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "query_format/query_line.hpp"
#include "tally.hpp"

namespace exactgeom::audit {

std::string_view to_string(CcdKind k) { return k == CcdKind::vertex_face ? "vertex_face" : "edge_edge"; }

std::string_view to_string(CcdFamily f) {
  switch (f) {
    case CcdFamily::random: return "random";
    case CcdFamily::touching: return "touching";
    case CcdFamily::one_ulp: return "one_ulp";
    case CcdFamily::coplanar_sliding: return "coplanar_sliding";
    case CcdFamily::parallel: return "parallel";
    case CcdFamily::collinear: return "collinear";
    case CcdFamily::degenerate: return "degenerate";
    case CcdFamily::flattening: return "flattening";
    case CcdFamily::grazing: return "grazing";
    case CcdFamily::at_start: return "at_start";
    case CcdFamily::at_end: return "at_end";
    case CcdFamily::far_from_origin: return "far_from_origin";
    case CcdFamily::benchmark: return "benchmark";
  }
  return "?";
}

namespace {

using V3 = std::array<double, 3>;

struct Gen {
  std::mt19937_64 g;
  double uni(double a, double b) { return std::uniform_real_distribution<double>(a, b)(g); }
  int integer(int a, int b) { return std::uniform_int_distribution<int>(a, b)(g); }
  /// A multiple of 2^-10 in [a, b]: sums and small multiples stay exact.
  double grid(double a, double b) { return std::round(uni(a, b) * 1024) / 1024; }
  V3 point(double a = -1, double b = 1) { return {grid(a, b), grid(a, b), grid(a, b)}; }
};

std::mt19937_64 case_rng(std::uint64_t seed, CcdKind k, CcdFamily f, std::uint64_t index) {
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + (static_cast<std::uint64_t>(f) + 1) * 0xBF58476D1CE4E5B9ULL +
                    (static_cast<std::uint64_t>(k) + 1) * 0x94D049BB133111EBULL + index;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return std::mt19937_64(z ^ (z >> 31));
}

V3 add(const V3& a, const V3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
V3 scale(const V3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }

/// Points at t* (four) and displacements: the case x0 = x* - t* d, x1 = x* + (1 - t*) d
/// (exact: every value a multiple of 2^-16 well inside double's range).
CcdCase moving(const std::array<V3, 4>& at, const std::array<V3, 4>& d, double ts) {
  CcdCase c;
  for (std::size_t i = 0; i < 4; ++i) {
    c.t0[i] = add(at[i], scale(d[i], -ts));
    c.t1[i] = add(at[i], scale(d[i], 1 - ts));
  }
  return c;
}

std::array<V3, 4> displacements(Gen& r, double size = 1) {
  return {scale(r.point(), size), scale(r.point(), size), scale(r.point(), size), scale(r.point(), size)};
}

/// The primitives meeting at t*: the vertex at a dyadic point of the
/// triangle (on its edge (f0, f1) when on_edge), the edges crossing at a
/// dyadic point of both (b0 on edge a when on_edge).
std::array<V3, 4> meeting(CcdKind k, Gen& r, bool on_edge) {
  std::array<V3, 4> at;
  if (k == CcdKind::vertex_face) {
    at[1] = r.point(), at[2] = r.point(), at[3] = r.point();
    int w0 = r.integer(0, 8), w1 = r.integer(0, 8 - w0), w2 = 8 - w0 - w1;
    if (on_edge) w1 += w2, w2 = 0;
    for (std::size_t j = 0; j < 3; ++j) at[0][j] = (w0 * at[1][j] + w1 * at[2][j] + w2 * at[3][j]) / 8;
  } else {
    at[0] = r.point(), at[1] = r.point();
    const int w = r.integer(0, 8);
    V3 q;
    for (std::size_t j = 0; j < 3; ++j) q[j] = (w * at[0][j] + (8 - w) * at[1][j]) / 8;
    const V3 u = r.point();
    const double s = r.integer(1, 8) / 8.0;
    at[2] = on_edge ? q : add(q, u);
    at[3] = on_edge ? add(q, u) : add(q, scale(u, -s));
  }
  return at;
}

/// A random exact symmetry of the axes (a permutation and sign flips).
void symmetry(Gen& r, CcdCase& c) {
  std::array<int, 3> p{0, 1, 2};
  std::shuffle(p.begin(), p.end(), r.g);
  const std::array<double, 3> s{r.integer(0, 1) ? 1.0 : -1.0, r.integer(0, 1) ? 1.0 : -1.0, r.integer(0, 1) ? 1.0 : -1.0};
  for (auto* pts : {&c.t0, &c.t1})
    for (auto& q : *pts) {
      const V3 o = q;
      for (std::size_t j = 0; j < 3; ++j) q[j] = s[j] * o[static_cast<std::size_t>(p[j])];
    }
}

CcdCase make(CcdKind k, CcdFamily f, Gen& r) {
  const double ts = r.integer(1, 7) / 8.0;
  switch (f) {
    case CcdFamily::random: {
      CcdCase c;
      for (std::size_t i = 0; i < 4; ++i) c.t0[i] = r.point(), c.t1[i] = add(c.t0[i], scale(r.point(), 2));
      return c;
    }
    case CcdFamily::touching:
    case CcdFamily::far_from_origin: {
      CcdCase c = moving(meeting(k, r, false), displacements(r), ts);
      if (f == CcdFamily::far_from_origin) {
        const V3 o{std::round(std::pow(10.0, r.uni(3, 6))), std::round(std::pow(10.0, r.uni(3, 6))),
                   std::round(std::pow(10.0, r.uni(3, 6)))};
        for (auto* pts : {&c.t0, &c.t1})
          for (auto& q : *pts) q = add(q, o);
      }
      return c;
    }
    case CcdFamily::at_start:
    case CcdFamily::at_end:
      return moving(meeting(k, r, r.integer(0, 1) == 1), displacements(r), f == CcdFamily::at_start ? 0.0 : 1.0);
    case CcdFamily::one_ulp: {
      CcdCase c = moving(meeting(k, r, true), displacements(r), ts);
      const std::size_t who = k == CcdKind::vertex_face ? 0 : 2, axis = static_cast<std::size_t>(r.integer(0, 2));
      const double dir = r.integer(0, 1) ? 1e300 : -1e300;
      c.t0[who][axis] = std::nextafter(c.t0[who][axis], dir);
      c.t1[who][axis] = std::nextafter(c.t1[who][axis], dir);
      return c;
    }
    case CcdFamily::coplanar_sliding: {
      // The plane z = a x + b y + h (a, b, h multiples of 1/8): every point
      // in it at both ends, so for the whole step.
      const double a = r.integer(-8, 8) / 8.0, b = r.integer(-8, 8) / 8.0, h = r.integer(-8, 8) / 8.0;
      CcdCase c;
      auto in_plane = [&](V3 p) { return V3{p[0], p[1], a * p[0] + b * p[1] + h}; };
      const auto m = meeting(k, r, r.integer(0, 3) == 0);  // projected: meets often, not always
      const auto d = displacements(r);
      for (std::size_t i = 0; i < 4; ++i) {
        c.t0[i] = in_plane(add(m[i], scale(d[i], -ts)));
        c.t1[i] = in_plane(add(m[i], scale(d[i], 1 - ts)));
      }
      return c;
    }
    case CcdFamily::parallel: {
      CcdCase c;
      if (k == CcdKind::edge_edge) {
        // b1 - b0 = lambda (a1 - a0) at both ends: parallel for the whole step.
        const double lambda = r.integer(1, 16) / 8.0 * (r.integer(0, 1) ? 1 : -1);
        for (auto* pts : {&c.t0, &c.t1}) {
          (*pts)[0] = r.point(), (*pts)[1] = r.point();
          (*pts)[2] = add((*pts)[0], scale(r.point(-0.25, 0.25), 1));
          for (std::size_t j = 0; j < 3; ++j) (*pts)[3][j] = (*pts)[2][j] + lambda * ((*pts)[1][j] - (*pts)[0][j]);
        }
      } else {
        // The triangle in the plane z = h, the vertex at height h + e moving in
        // its own plane (e = 0: in the face's plane).
        const double h = r.grid(-1, 1), e = r.integer(0, 2) == 0 ? 0.0 : r.integer(-4, 4) / 1024.0;
        for (auto* pts : {&c.t0, &c.t1}) {
          for (std::size_t i = 1; i < 4; ++i) (*pts)[i] = {r.grid(-1, 1), r.grid(-1, 1), h};
          (*pts)[0] = {r.grid(-1, 1), r.grid(-1, 1), h + e};
        }
      }
      symmetry(r, c);
      return c;
    }
    case CcdFamily::collinear: {
      // Every point on the line through the origin along (1, a, b).
      const double a = r.integer(-8, 8) / 8.0, b = r.integer(-8, 8) / 8.0;
      CcdCase c;
      for (auto* pts : {&c.t0, &c.t1})
        for (auto& q : *pts) {
          const double x = r.grid(-1, 1);
          q = {x, a * x, b * x};
        }
      return c;
    }
    case CcdFamily::degenerate: {
      CcdCase c = moving(meeting(k, r, true), displacements(r), ts);
      const int how = r.integer(0, 2);
      if (k == CcdKind::vertex_face) {
        // f2 = f0 (a repeated corner), f2 the midpoint of f0 f1 (collinear),
        // or all three at f0 (a point): at both ends, so for the whole step.
        for (auto* pts : {&c.t0, &c.t1}) {
          if (how == 0) (*pts)[3] = (*pts)[1];
          else if (how == 1) (*pts)[3] = scale(add((*pts)[1], (*pts)[2]), 0.5);
          else (*pts)[2] = (*pts)[3] = (*pts)[1];
        }
      } else {
        for (auto* pts : {&c.t0, &c.t1}) {
          if (how == 0) (*pts)[1] = (*pts)[0];              // edge a a point
          else if (how == 1) (*pts)[3] = (*pts)[2];         // edge b a point
          else (*pts)[1] = (*pts)[0], (*pts)[3] = (*pts)[2];  // two points
        }
      }
      return c;
    }
    case CcdFamily::flattening: {
      std::array<V3, 4> at = meeting(k, r, true);
      if (k == CcdKind::vertex_face) {
        at[3] = scale(add(at[1], at[2]), 0.5);  // collinear corners at t* only
      } else {
        // b on a's line at t* (b0 = the meeting point, b1 further along a).
        const double s = r.integer(-8, 8) / 8.0;
        for (std::size_t j = 0; j < 3; ++j) at[3][j] = at[2][j] + s * (at[1][j] - at[0][j]);
      }
      return moving(at, displacements(r), ts);
    }
    case CcdFamily::grazing: {
      // The coplanarity polynomial is c (t - t*)^2: the vertex moves in the
      // plane z = 0 that the tilting triangle passes through at t* only,
      // reaching its edge's line y = -1 then; the edges likewise (b comes
      // down onto a's line at t*, turning). Hits when the point is on the
      // edge at t*.
      const double g = r.integer(1, 8) / 8.0 * (r.integer(0, 1) ? 1 : -1), m = r.integer(1, 8) / 8.0;
      const double x = r.grid(-2, 3);
      CcdCase c;
      if (k == CcdKind::vertex_face) {
        const std::array<V3, 4> at{V3{x, -1, 0}, V3{-1, -1, 0}, V3{2, -1, 0}, V3{-1, 2, 0}};
        const std::array<V3, 4> d{V3{0, m, 0}, V3{0, 0, 0}, V3{0, 0, 0}, V3{0, 0, g}};
        c = moving(at, d, ts);
      } else {
        const double bx = r.grid(-2, 2), dx = r.grid(0.25, 1);
        const std::array<V3, 4> at{V3{-1, 0, 0}, V3{1, 0, 0}, V3{bx, 0, 0}, V3{bx + dx, 0, 0}};
        const std::array<V3, 4> d{V3{0, 0, 0}, V3{0, 0, 0}, V3{0, 0, g}, V3{0, m, g}};
        c = moving(at, d, ts);
      }
      symmetry(r, c);
      const V3 o = r.point();
      for (auto* pts : {&c.t0, &c.t1})
        for (auto& q : *pts) q = add(q, o);
      return c;
    }
    case CcdFamily::benchmark: break;
  }
  return {};
}

std::string hex(double v) { return cases::hex(v); }

/// The exact distance between the primitives at time t (a double in [0, 1]).
double distance_at(CcdKind k, const CcdCase& c, double t) {
  const mpq_class tq(std::clamp(t, 0.0, 1.0));
  std::array<Point3<mpq_class>, 4> p;
  for (std::size_t i = 0; i < 4; ++i) {
    auto at = [&](std::size_t j) -> mpq_class { return mpq_class(c.t0[i][j]) + tq * (mpq_class(c.t1[i][j]) - mpq_class(c.t0[i][j])); };
    p[i] = {at(0), at(1), at(2)};
  }
  const mpq_class d2 = k == CcdKind::vertex_face
                           ? to_mpq(squared_distance(p[0], Triangle3<mpq_class>{p[1], p[2], p[3]}))
                           : to_mpq(squared_distance(Segment3<mpq_class>{p[0], p[1]}, Segment3<mpq_class>{p[2], p[3]}));
  return exactgeom::detail::sqrt_ratio_to_double(d2.get_num(), d2.get_den());
}

/// The largest relative motion of two points of the pair over the step.
double relative_motion(CcdKind k, const CcdCase& c) {
  auto d = [&](std::size_t i) { return V3{c.t1[i][0] - c.t0[i][0], c.t1[i][1] - c.t0[i][1], c.t1[i][2] - c.t0[i][2]}; };
  double m = 0;
  auto pair = [&](std::size_t i, std::size_t j) {
    const V3 a = d(i), b = d(j);
    m = std::max(m, std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
  };
  if (k == CcdKind::vertex_face) {
    for (std::size_t j = 1; j < 4; ++j) pair(0, j);
  } else {
    for (std::size_t i = 0; i < 2; ++i)
      for (std::size_t j = 2; j < 4; ++j) pair(i, j);
  }
  return m;
}

double largest(const CcdCase& c) {
  double m = c.ms;
  for (const auto* pts : {&c.t0, &c.t1})
    for (const auto& q : *pts)
      for (double v : q) m = std::max(m, std::fabs(v));
  return m > 0 ? m : 1;
}

std::optional<PrimitiveImpact> exact_of(CcdKind k, const CcdCase& c) {
  std::array<Point3<double>, 4> a, b;
  for (std::size_t i = 0; i < 4; ++i) a[i] = {c.t0[i][0], c.t0[i][1], c.t0[i][2]}, b[i] = {c.t1[i][0], c.t1[i][1], c.t1[i][2]};
  return k == CcdKind::vertex_face ? ccd_vertex_face(a, b, c.ms) : ccd_edge_edge(a, b, c.ms);
}

void round_case_to_float(CcdCase& c) {
  for (auto* pts : {&c.t0, &c.t1})
    for (auto& q : *pts)
      for (double& v : q) v = static_cast<double>(static_cast<float>(v));
  c.ms = static_cast<double>(static_cast<float>(c.ms));
}

}  // namespace

std::vector<CcdBenchmarkQuery> read_ccd_benchmark(const std::string& dir, CcdKind kind) {
  namespace fs = std::filesystem;
  if (dir.empty() || !fs::is_directory(dir)) throw invalid_input("ccd benchmark: '" + dir + "' is not a folder");
  const std::string sub = kind == CcdKind::vertex_face ? "vertex-face" : "edge-edge";
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".csv" && e.path().parent_path().filename() == sub)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<CcdBenchmarkQuery> out;
  for (const fs::path& f : files) {
    std::ifstream in(f);
    std::string line;
    std::vector<std::array<mpq_class, 3>> rows;
    std::vector<int> truth;
    std::size_t n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (line.empty() || line == "\r") continue;
      std::stringstream ss(line);
      std::string cell;
      std::vector<std::string> cells;
      while (std::getline(ss, cell, ',')) cells.push_back(cell);
      if (cells.size() != 7)
        throw invalid_input("ccd benchmark: " + f.string() + ":" + std::to_string(n) + ": expected 7 columns");
      std::array<mpq_class, 3> p;
      try {
        for (std::size_t k = 0; k < 3; ++k) {
          p[k] = mpq_class(mpz_class(cells[2 * k]), mpz_class(cells[2 * k + 1]));
          p[k].canonicalize();
        }
      } catch (const std::exception&) {
        throw invalid_input("ccd benchmark: " + f.string() + ":" + std::to_string(n) + ": not integers");
      }
      rows.push_back(p);
      truth.push_back(std::stoi(cells[6]));
    }
    if (rows.size() % 8 != 0) throw invalid_input("ccd benchmark: " + f.string() + ": not 8 rows a query");
    for (std::size_t q = 0; q < rows.size(); q += 8) {
      CcdBenchmarkQuery b;
      for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t k = 0; k < 3; ++k) {
          b.query.t0[i][k] = rows[q + i][k].get_d();
          b.query.t1[i][k] = rows[q + 4 + i][k].get_d();
          if (mpq_class(b.query.t0[i][k]) != rows[q + i][k] || mpq_class(b.query.t1[i][k]) != rows[q + 4 + i][k])
            throw invalid_input("ccd benchmark: " + f.string() + ": a value that is not a double");
        }
      b.truth = truth[q] != 0;
      b.scene = f.parent_path().parent_path().filename().string();
      out.push_back(std::move(b));
    }
  }
  return out;
}

CcdCase ccd_case(CcdKind kind, CcdFamily f, std::uint64_t seed, std::uint64_t index, bool as_float,
                 const std::string& benchmark_dir) {
  CcdCase c;
  if (f == CcdFamily::benchmark) {
    static thread_local std::string cached_dir;
    static thread_local CcdKind cached_kind;
    static thread_local std::vector<CcdBenchmarkQuery> cached;
    if (cached_dir != benchmark_dir || cached_kind != kind || cached.empty()) {
      cached = read_ccd_benchmark(benchmark_dir, kind);
      cached_dir = benchmark_dir, cached_kind = kind;
      if (cached.empty()) throw invalid_input("ccd benchmark: no " + std::string(to_string(kind)) + " queries in " + benchmark_dir);
    }
    c = cached[index % cached.size()].query;
  } else {
    Gen r{case_rng(seed, kind, f, index)};
    c = make(kind, f, r);
  }
  if (as_float) round_case_to_float(c);
  return c;
}

std::string ccd_query(CcdKind kind, const CcdCase& c) {
  std::string s;
  query_format::Line w(s);
  auto pts = [&](const CcdPoints<double>& p) {
    w.open_array();
    for (const auto& x : p) w.point(std::span<const double>(x), 0, 3);
    w.close_array();
  };
  w.op("ccd").key("kind").string(to_string(kind)).key("t0");
  pts(c.t0);
  w.key("t1");
  pts(c.t1);
  if (c.ms != 0) w.key("ms").hex(c.ms);
  w.close();
  return s;
}

namespace detail {

std::array<AuditReport, 3> ccd_audit(CcdKind kind, bool float_code, std::string name, const CcdApprox& approx,
                                     const AuditOptions& o, const CcdAuditOptions& co) {
  if (o.shard_count == 0 || o.shard_index >= o.shard_count)
    throw invalid_input("ccd audit: the shard must be 0 <= shard_index < shard_count");
  if (!(co.ms >= 0) || !std::isfinite(co.ms)) throw invalid_input("ccd audit: ms must be a finite length >= 0");
  if (!(co.early_ulps >= 0) || !std::isfinite(co.early_ulps))
    throw invalid_input("ccd audit: early_ulps must be finite and >= 0");
  std::vector<CcdFamily> fams = co.families;
  if (fams.empty()) {
    for (int f = 0; f <= static_cast<int>(CcdFamily::far_from_origin); ++f) fams.push_back(static_cast<CcdFamily>(f));
    if (!co.benchmark_dir.empty()) fams.push_back(CcdFamily::benchmark);
  }
  for (CcdFamily f : fams)
    if (f == CcdFamily::benchmark && co.benchmark_dir.empty())
      throw invalid_input("ccd audit: the benchmark family needs CcdAuditOptions::benchmark_dir");
  const double band_ulp = float_code ? 0x1p29 : 1.0;
  std::vector<Tally> T[3];
  for (CcdFamily f : fams) {
    Tally t;
    t.fa.name = std::string(to_string(f));
    for (auto& v : T) v.push_back(t);
    for (std::size_t i = o.shard_index; i < o.cases; i += o.shard_count) {
      CcdCase c = ccd_case(kind, f, o.seed, i, float_code, co.benchmark_dir);
      c.ms = float_code ? static_cast<double>(static_cast<float>(co.ms)) : co.ms;
      const auto exact = exact_of(kind, c);
      const auto got = approx(c);
      const double big = largest(c);
      const std::string line = ccd_query(kind, c);
      for (auto& v : T) ++v.back().fa.cases;
      auto wrong = [&](int which, double margin, std::string expected, std::string answer) {
        count_wrong(T[which].back(), o, band_ulp, big, margin, line, std::move(expected), std::move(answer), i);
      };
      const double motion = relative_motion(kind, c);
      if (got && !std::isfinite(*got)) {  // a time that is not a number
        (exact ? T[0].back().fa.false_negatives : T[0].back().fa.false_positives)++;
        wrong(0, std::numeric_limits<double>::infinity(), exact ? "true" : "false", "not a number");
        continue;
      }
      if (exact.has_value() != got.has_value()) {
        Tally& tt = T[0].back();
        if (got) {
          ++tt.fa.false_positives;
          // How far apart the primitives are at the answered time, beyond ms.
          wrong(0, std::max(0.0, distance_at(kind, c, *got) - c.ms), "false", "true");
        } else {
          ++tt.fa.false_negatives;
          wrong(0, (1 - exact->toi) * motion, "true", "false");
        }
        continue;
      }
      if (!exact) continue;
      // Both hit: late, or too early.
      const double e = exact->toi, g = *got;
      const double eu = std::fabs(g - e) / ulp_of(e);
      for (int q : {1, 2}) {
        Tally& tt = T[q].back();
        tt.fa.max_ulp = std::max(tt.fa.max_ulp, eu);
        tt.fa.max_abs = std::max(tt.fa.max_abs, std::fabs(g - e));
        histogram(tt.fa, g == e ? 0.0 : eu / band_ulp);
      }
      if (g > e) {  // after the correctly rounded time (toi_lo is the safe one; toi may be half an ULP after)
        wrong(1, (g - exact->toi_lo) * motion, hex(e), hex(g));
      } else if (g < e && (e - g) > co.early_ulps * ulp_of(e) * band_ulp) {
        wrong(2, std::max(0.0, distance_at(kind, c, g) - c.ms), hex(e), hex(g));
      }
    }
  }
  char early[64];
  std::snprintf(early, sizeof early, "%g", co.early_ulps);
  char ms[64];
  std::snprintf(ms, sizeof ms, "%.9g", co.ms);
  const std::string what = std::string(to_string(kind)) + " ccd (ms " + ms + "): ";
  return {report_of(name + ": hit?",
                    what + "does the function report a contact in [0, 1]; exact: exactgeom::ccd_" + std::string(to_string(kind)) +
                        "; severity of a false positive: the exact distance at its time beyond ms, of a miss: the "
                        "relative motion over the rest of the step",
                    T[0], o, band_ulp, false, {}, 1),
          report_of(name + ": toi late",
                    what + "where both hit, wrong when the time is after the exact least t rounded to nearest; "
                           "severity: the relative motion between the two times",
                    T[1], o, band_ulp, true, {Unit::exact_ulps, 0}, 0),
          report_of(name + ": toi early",
                    what + "where both hit, wrong when the time is more than " + early +
                        " ULPs before the exact one; severity: the exact distance at the answered time beyond ms",
                    T[2], o, band_ulp, true, {Unit::exact_ulps, co.early_ulps * band_ulp}, 0)};
}

}  // namespace detail
}  // namespace exactgeom::audit

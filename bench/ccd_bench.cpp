// Benchmarks of exactgeom/ccd.hpp: continuous collision of moving
// vertex-face and edge-edge pairs, exact against the float cubic-root CCD
// (Provot; Bridson, Fedkiw and Anderson: exactgeom/reference/ccd.hpp).
// Names: <operation>/<implementation>/<set>.
//   ccd_vertex_face, ccd_edge_edge
//     float_cubic     reference::cubic_ccd_* in double (tolerance 1e-6)
//     float_additive  reference::additive_ccd_* in double (s = 0.1)
//     exact           exactgeom::ccd_vertex_face / ccd_edge_edge
// Sets: random (points in [-1, 1]^3 moving by up to 2: most miss);
// near_degenerate (the audit's touching, one-ULP, coplanar-sliding,
// parallel, grazing and flattening families in turn: most meet, many only
// just); sample_queries (Wang et al.'s 3,085 vertex-face and 4,194 edge-edge
// public sample queries, tests/data/ccd-sample-queries, in file order;
// registered when the folder is there). Counters: meet_share, float_wrong
// (the float hit differs from the exact one), filter_uncertain (the share
// the double filter left to the exact path), exact_wrong (against the
// paper's ground truth on the sample queries; must be 0). A row's rate is
// queries per second: 1e6 / rate is the mean time of one query in us.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "bench_util.hpp"
#include "ccd/ccd_filter.hpp"
#include "exactgeom/audit/ccd.hpp"
#include "exactgeom/ccd.hpp"
#include "exactgeom/reference/ccd.hpp"

namespace eg = exactgeom;
namespace ea = exactgeom::audit;
namespace bn = exactgeom::bench;
namespace er = exactgeom::reference;

namespace {

struct Query {
  er::CcdPoints<double> t0, t1;
  std::array<eg::Point3<double>, 4> a, b;
  bool truth = false;
};

Query query_of(const ea::CcdCase& c) {
  Query q;
  for (std::size_t i = 0; i < 4; ++i) {
    q.t0[i] = c.t0[i], q.t1[i] = c.t1[i];
    q.a[i] = {c.t0[i][0], c.t0[i][1], c.t0[i][2]};
    q.b[i] = {c.t1[i][0], c.t1[i][1], c.t1[i][2]};
  }
  return q;
}

std::vector<Query> queries(ea::CcdKind k, const std::string& set) {
  std::vector<Query> out;
  if (set == "sample_queries") {
    for (const auto& b : ea::read_ccd_benchmark(EXACTGEOM_CCD_SAMPLE_QUERIES, k)) {
      out.push_back(query_of(b.query));
      out.back().truth = b.truth;
    }
    return out;
  }
  const ea::CcdFamily near[] = {ea::CcdFamily::touching, ea::CcdFamily::one_ulp,  ea::CcdFamily::coplanar_sliding,
                                ea::CcdFamily::parallel, ea::CcdFamily::grazing, ea::CcdFamily::flattening};
  for (std::uint64_t i = 0; i < 1024; ++i)
    out.push_back(query_of(ea::ccd_case(k, set == "random" ? ea::CcdFamily::random : near[i % 6], 42, i)));
  return out;
}

std::optional<double> exact(ea::CcdKind k, const Query& q) {
  const auto r = k == ea::CcdKind::vertex_face ? eg::ccd_vertex_face(q.a, q.b) : eg::ccd_edge_edge(q.a, q.b);
  return r ? std::optional<double>(r->toi) : std::nullopt;
}
std::optional<double> cubic(ea::CcdKind k, const Query& q) {
  return k == ea::CcdKind::vertex_face ? er::cubic_ccd_vertex_face(q.t0, q.t1) : er::cubic_ccd_edge_edge(q.t0, q.t1);
}
std::optional<double> additive(ea::CcdKind k, const Query& q) {
  return k == ea::CcdKind::vertex_face ? er::additive_ccd_vertex_face(q.t0, q.t1) : er::additive_ccd_edge_edge(q.t0, q.t1);
}

void register_ccd() {
  const bool samples = std::filesystem::is_directory(EXACTGEOM_CCD_SAMPLE_QUERIES);
  for (ea::CcdKind k : {ea::CcdKind::vertex_face, ea::CcdKind::edge_edge}) {
    const std::string op = std::string("ccd_") + std::string(ea::to_string(k));
    for (const std::string set : {"random", "near_degenerate", "sample_queries"}) {
      if (set == "sample_queries" && !samples) continue;
      for (const char* impl : {"float_cubic", "float_additive"}) {
        const bool is_cubic = std::string(impl) == "float_cubic";
        bn::register_batch<Query>(op + "/" + impl + "/" + set, [k, set, is_cubic] {
          bn::Batch<Query> b{queries(k, set), {}};
          std::size_t wrong = 0, meet = 0;
          for (const Query& q : b.inputs) {
            const bool e = exact(k, q).has_value();
            meet += e;
            wrong += (is_cubic ? cubic(k, q) : additive(k, q)).has_value() != e;
          }
          b.counters.push_back({bn::kFloatWrong, double(wrong) / double(b.inputs.size())});
          b.counters.push_back({bn::kMeetShare, double(meet) / double(b.inputs.size())});
          return b;
        }, [k, is_cubic](const Query& q) { return (is_cubic ? cubic(k, q) : additive(k, q)).has_value(); });
      }
      bn::register_batch<Query>(op + "/exact/" + set, [k, set] {
        bn::Batch<Query> b{queries(k, set), {}};
        auto& stats = eg::detail::ccd::filter_stats();
        const auto before = stats;
        std::size_t wrong = 0;
        for (const Query& q : b.inputs) {
          const bool hit = exact(k, q).has_value();
          wrong += set == "sample_queries" && hit != q.truth;
        }
        const double asked = double(stats.asked - before.asked);
        b.counters.push_back({bn::kFilterUncertain, asked > 0 ? double(stats.undecided - before.undecided) / asked : 0});
        if (set == "sample_queries") b.counters.push_back({bn::kExactWrong, double(wrong)});
        return b;
      }, [k](const Query& q) { return exact(k, q).has_value(); });
    }
  }
}

}  // namespace

EXACTGEOM_BENCH_REGISTER(register_ccd);

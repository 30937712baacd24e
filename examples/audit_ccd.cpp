// Audit of continuous collision functions for moving primitives -- a vertex
// against a triangle and an edge against an edge, each point moving
// linearly over one step, as cloth and deformable-body simulators check
// them -- in the user's own float type (docs/auditing_ccd.md). The functions
// under test are the library's float versions (exactgeom/reference/ccd.hpp):
// the cubic-root CCD of Provot and Bridson et al., and Li et al.'s additive
// CCD, standing in for yours. Every family of exactgeom/audit/ccd.hpp, and
// Wang et al.'s sample queries when --benchmark DIR names them (the
// repository's copy by default).
#include <exactgeom/audit/ccd.hpp>
#include <exactgeom/audit/driver.hpp>
#include <exactgeom/reference/ccd.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace ea = exactgeom::audit;
namespace er = exactgeom::reference;

int main(int argc, char** argv) {
  ea::CcdAuditOptions co;
#ifdef EXACTGEOM_CCD_SAMPLE_QUERIES
  if (std::filesystem::is_directory(EXACTGEOM_CCD_SAMPLE_QUERIES)) co.benchmark_dir = EXACTGEOM_CCD_SAMPLE_QUERIES;
#endif
  const std::vector<ea::AuditFlag> flags{
      {"--benchmark", "a folder of Wang et al.'s sample queries (CSV files), for the benchmark family", "DIR",
       [&](const std::string& v) { co.benchmark_dir = v; }},
      {"--ms", "the minimum separation asked of every case (default 0)", "MS",
       [&](const std::string& v) { co.ms = std::stod(v); }}};
  using P = ea::CcdPoints<double>;
  return ea::audit_main(
      argc, argv,
      {{"cubic-root CCD, vertex-face (double)",
        [&](const ea::AuditOptions& o) {
          return ea::audit_ccd<double>(ea::CcdKind::vertex_face,
                                       [](const P& a, const P& b, double ms) { return er::cubic_ccd_vertex_face(a, b, ms); }, o,
                                       "cubic-root CCD, vertex-face (double)", co);
        }},
       {"cubic-root CCD, edge-edge (double)",
        [&](const ea::AuditOptions& o) {
          return ea::audit_ccd<double>(ea::CcdKind::edge_edge,
                                       [](const P& a, const P& b, double ms) { return er::cubic_ccd_edge_edge(a, b, ms); }, o,
                                       "cubic-root CCD, edge-edge (double)", co);
        }},
       {"additive CCD, vertex-face (double)",
        [&](const ea::AuditOptions& o) {
          return ea::audit_ccd<double>(ea::CcdKind::vertex_face,
                                       [](const P& a, const P& b, double ms) { return er::additive_ccd_vertex_face(a, b, ms); },
                                       o, "additive CCD, vertex-face (double)", co);
        }},
       {"additive CCD, edge-edge (double)",
        [&](const ea::AuditOptions& o) {
          return ea::audit_ccd<double>(ea::CcdKind::edge_edge,
                                       [](const P& a, const P& b, double ms) { return er::additive_ccd_edge_edge(a, b, ms); }, o,
                                       "additive CCD, edge-edge (double)", co);
        }}},
      {.cases = 100, .keep = 2}, flags);
}

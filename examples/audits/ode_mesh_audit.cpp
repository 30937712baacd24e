// ODE 0.16's contacts against level geometry (libode-dev: double precision,
// OPCODE trimeshes) audited with exactgeom::audit::audit_surface (issue 41),
// installed API only:
//  - a trimesh: dGeomTriMeshDataCreate, dGeomTriMeshDataBuildDouble with the
//    case's vertices and triangles (every vertex a float, so nothing is
//    rounded), dGeomTriMeshDataPreprocess2 (concave edges), dCreateTriMesh
//    at the origin; every 3-D contact family;
//  - a heightfield, for the terrain family only: dGeomHeightfieldDataCreate,
//    dGeomHeightfieldDataBuildDouble with the case's grid, dCreateHeightfield
//    (placeable). ODE's heightfield is y-up, centred on its geom position,
//    and splits every cell (x, z) along the same diagonal, from sample
//    (x + 1, z) to (x, z + 1). Two proper rotations map it onto a case's
//    z-up grid with every vertex where the case has it (exactly: the
//    rotations permute and negate axes, the position is the grid's centre):
//    local (X, Y, Z) -> world (X, -Z, Y), whose cells are split along the
//    case's `main` diagonal, and local (X, Y, Z) -> world (Z, X, Y), split
//    along its `anti` diagonal. A case with `alternating` diagonals cannot be
//    matched (ODE has one diagonal for every cell): it is given the first
//    rotation, and its answers are about a surface that differs from the
//    case's in every other cell (docs/engine_audits.md: those cases are not
//    comparable). ODE's heightfield does not name triangles (side1 is -1 or
//    the plane collider's): its contacts have no piece.
// Shapes (double, as ODE holds them): dCreateSphere at the centre;
// dCreateCapsule (radius, length) at the centre with dGeomSetRotation whose
// third column (the capsule's local z axis) is the unit axis -- held as
// CentredCapsule<double>: the audit asks about centre -+ (length / 2) axis,
// what ODE holds; dCreateBox (the three lengths) at the centre with
// dGeomSetRotation whose columns are the box's axes -- held as
// RotatedBox3<double>.
// Contacts: dCollide(surface, shape, 256, contacts, sizeof(dContactGeom)).
// ODE's normal points into the first geom (moving geom 1 along it by depth
// separates them): from the shape toward the surface; the audit's normal is
// its negation. depth as given; piece = side1 (the trimesh's triangle index)
// when it names one. Usage: audit_ode_mesh [--cases N] ... (audit_main: --help).
#include <ode/ode.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>
#include <exactgeom/audit/surface.hpp>

struct OdeSphere {
  double c[3], r;
};
using OdeCapsule = exactgeom::audit::CentredCapsule<double, 2>;  // ODE's rest axis: z
using OdeBox = exactgeom::audit::RotatedBox3<double>;

template <>
struct exactgeom::audit::shape_adapter<OdeSphere> {
  using exact_type = exactgeom::Sphere<double>;
  using scalar = double;
  static OdeSphere from_exact(const exact_type& s) { return {{s.center.x, s.center.y, s.center.z}, s.r}; }
};

namespace {

using exactgeom::HeightFieldDiagonal;
using exactgeom::audit::SurfaceCase;
using exactgeom::audit::SurfaceContact;

/// A geom destroyed with its owner.
struct Geom {
  dGeomID id = nullptr;
  explicit Geom(dGeomID g) : id(g) {}
  Geom(Geom&& o) noexcept : id(o.id) { o.id = nullptr; }
  Geom& operator=(Geom&&) = delete;
  ~Geom() {
    if (id) dGeomDestroy(id);
  }
};

Geom make(const OdeSphere& s) {
  Geom g(dCreateSphere(nullptr, s.r));
  dGeomSetPosition(g.id, s.c[0], s.c[1], s.c[2]);
  return g;
}
Geom make(const OdeCapsule& c) {
  Geom g(dCreateCapsule(nullptr, c.r, 2 * c.hh));
  dGeomSetPosition(g.id, c.o[0], c.o[1], c.o[2]);
  // Columns a, b, u: u the capsule's axis (ODE's local z); a, b any
  // orthonormal completion (the capsule is symmetric about u).
  const double* u = c.u;
  double a[3] = {0, 0, 0};
  a[std::fabs(u[0]) < 0.6 ? 0 : 1] = 1;
  const double d = a[0] * u[0] + a[1] * u[1] + a[2] * u[2];
  for (int k = 0; k < 3; ++k) a[k] -= d * u[k];
  const double la = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
  for (double& v : a) v /= la;
  const double b[3] = {u[1] * a[2] - u[2] * a[1], u[2] * a[0] - u[0] * a[2], u[0] * a[1] - u[1] * a[0]};
  dMatrix3 R;
  for (int row = 0; row < 3; ++row) {
    R[row * 4 + 0] = a[row];
    R[row * 4 + 1] = b[row];
    R[row * 4 + 2] = u[row];
    R[row * 4 + 3] = 0;
  }
  dGeomSetRotation(g.id, R);
  return g;
}
Geom make(const OdeBox& b) {
  Geom g(dCreateBox(nullptr, 2 * b.half[0], 2 * b.half[1], 2 * b.half[2]));
  dGeomSetPosition(g.id, b.c[0], b.c[1], b.c[2]);
  dMatrix3 R;
  for (int row = 0; row < 3; ++row) {
    for (int col = 0; col < 3; ++col) R[row * 4 + col] = b.axis[col][row];
    R[row * 4 + 3] = 0;
  }
  dGeomSetRotation(g.id, R);
  return g;
}

constexpr int kMaxContacts = 256;

std::vector<SurfaceContact> collide(dGeomID surface, dGeomID shape, bool pieces) {
  std::vector<dContactGeom> c(kMaxContacts);
  const int n = dCollide(surface, shape, kMaxContacts, c.data(), sizeof(dContactGeom));
  std::vector<SurfaceContact> out;
  for (int i = 0; i < n; ++i) {
    SurfaceContact s;
    s.normal = {-double(c[i].normal[0]), -double(c[i].normal[1]), -double(c[i].normal[2])};
    s.depth = double(c[i].depth);
    if (pieces && c[i].side1 >= 0) s.piece = static_cast<std::size_t>(c[i].side1);
    out.push_back(s);
  }
  return out;
}

template <class Shape>
std::vector<SurfaceContact> trimesh(const SurfaceCase& level, const Shape& s) {
  std::vector<double> v;
  for (const auto& p : level.vertices) v.insert(v.end(), p.begin(), p.end());
  std::vector<dTriIndex> idx;
  for (const auto& t : level.triangles) idx.insert(idx.end(), t.begin(), t.end());
  dTriMeshDataID data = dGeomTriMeshDataCreate();
  dGeomTriMeshDataBuildDouble(data, v.data(), 3 * sizeof(double), static_cast<int>(level.vertices.size()), idx.data(),
                              static_cast<int>(idx.size()), 3 * sizeof(dTriIndex));
  dGeomTriMeshDataPreprocess2(data, 1U << dTRIDATAPREPROCESS_BUILD_CONCAVE_EDGES, nullptr);
  std::vector<SurfaceContact> out;
  {
    Geom mesh(dCreateTriMesh(nullptr, data, nullptr, nullptr, nullptr));
    Geom shape = make(s);
    out = collide(mesh.id, shape.id, true);
  }
  dGeomTriMeshDataDestroy(data);
  return out;
}

template <class Shape>
std::vector<SurfaceContact> heightfield(const SurfaceCase& level, const Shape& s) {
  const SurfaceCase::Grid& g = *level.grid;
  const std::size_t cols = g.columns, rows = g.rows;
  const bool anti = g.diagonal == HeightFieldDiagonal::anti;
  // ODE's samples (x along local X, z along local Z), heights[x + z * widthSamples].
  const std::size_t wide = anti ? rows : cols, deep = anti ? cols : rows;
  std::vector<double> h(wide * deep);
  for (std::size_t z = 0; z < deep; ++z)
    for (std::size_t x = 0; x < wide; ++x) {
      // main: case (i, j) = (x, rows - 1 - z); anti: (i, j) = (z, x).
      const std::size_t i = anti ? z : x, j = anti ? x : rows - 1 - z;
      h[x + z * wide] = g.heights[j * cols + i];
    }
  const double sx = anti ? g.dy : g.dx, sz = anti ? g.dx : g.dy;
  const double width = static_cast<double>(wide - 1) * sx, depth = static_cast<double>(deep - 1) * sz;
  dHeightfieldDataID data = dGeomHeightfieldDataCreate();
  dGeomHeightfieldDataBuildDouble(data, h.data(), 1, width, depth, static_cast<int>(wide), static_cast<int>(deep), 1.0,
                                  0.0, 0.0, 0);
  std::vector<SurfaceContact> out;
  {
    Geom field(dCreateHeightfield(nullptr, data, 1));
    dMatrix3 R{};
    const double W = width / 2, D = depth / 2;
    if (anti) {  // local X -> world y, Y -> z, Z -> x
      R[0 * 4 + 2] = 1, R[1 * 4 + 0] = 1, R[2 * 4 + 1] = 1;
      dGeomSetPosition(field.id, g.origin[0] + D, g.origin[1] + W, g.origin[2]);
    } else {  // local X -> world x, Y -> z, Z -> -y
      R[0 * 4 + 0] = 1, R[1 * 4 + 2] = -1, R[2 * 4 + 1] = 1;
      dGeomSetPosition(field.id, g.origin[0] + W, g.origin[1] + D, g.origin[2]);
    }
    dGeomSetRotation(field.id, R);
    Geom shape = make(s);
    out = collide(field.id, shape.id, false);
  }
  dGeomHeightfieldDataDestroy(data);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom::audit;
  dInitODE2(0);
  const SurfaceOptions terrain{.families = {SurfaceFamily::terrain}};
  const std::string ms = "ode/trimesh + sphere (double)", mc = "ode/trimesh + capsule (double)",
                    mb = "ode/trimesh + box (double)", hs = "ode/heightfield + sphere (double)",
                    hc = "ode/heightfield + capsule (double)", hb = "ode/heightfield + box (double)";
  const std::vector<AuditJob> jobs = {
      {ms, [&](const AuditOptions& o) { return audit_surface<OdeSphere>(trimesh<OdeSphere>, o, ms); }},
      {mc, [&](const AuditOptions& o) { return audit_surface<OdeCapsule>(trimesh<OdeCapsule>, o, mc); }},
      {mb, [&](const AuditOptions& o) { return audit_surface<OdeBox>(trimesh<OdeBox>, o, mb); }},
      {hs, [&](const AuditOptions& o) { return audit_surface<OdeSphere>(heightfield<OdeSphere>, o, hs, terrain); }},
      {hc, [&](const AuditOptions& o) { return audit_surface<OdeCapsule>(heightfield<OdeCapsule>, o, hc, terrain); }},
      {hb, [&](const AuditOptions& o) { return audit_surface<OdeBox>(heightfield<OdeBox>, o, hb, terrain); }}};
  // Wrong: beyond 4 ULPs (double) of the case's largest magnitude.
  const int status = audit_main(argc, argv, jobs, {.cases = 10, .tolerance = scale_ulps_of<double>(4)});
  dCloseODE();
  return status;
}

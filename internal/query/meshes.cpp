#include "meshes.hpp"

#include <simdjson.h>

#include <charconv>
#include <string_view>

#include "json.hpp"

#ifdef EXACTGEOM_HAVE_ASSIMP
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#endif

#include <algorithm>
#include <cctype>

namespace exactgeom::query {

namespace {

bool all_doubles(const std::vector<Scalar>& v) {
  for (const Scalar& s : v)
    if (!s.is_double()) return false;
  return true;
}

}  // namespace

bool parse_index(std::string_view raw, std::uint64_t& out) {
  if (raw == "-0") {
    out = 0;
    return true;
  }
  if (raw.empty() || raw[0] == '-' || !is_json_number(raw) || raw.find_first_of(".eE") != std::string_view::npos)
    return false;
  if (raw.size() > 11) {  // beyond 2^32: capped
    out = std::uint64_t(1) << 32;
    return true;
  }
  std::from_chars(raw.data(), raw.data() + raw.size(), out);
  if (out > (std::uint64_t(1) << 32)) out = std::uint64_t(1) << 32;
  return true;
}

std::shared_ptr<const SurfaceData> build_mesh(const std::vector<Scalar>& v,
                                              std::vector<std::array<std::uint32_t, 3>> f) {
  auto d = std::make_shared<SurfaceData>();
  d->dim = 3;
  const std::size_t n = v.size() / 3;
  if (all_doubles(v)) {
    std::vector<Point3<double>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {v[3 * i].as_double(), v[3 * i + 1].as_double(), v[3 * i + 2].as_double()};
    d->s.emplace<TriangleMesh3<double>>(std::move(p), std::move(f), 0.0);
  } else {
    std::vector<Point3<mpq_class>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {v[3 * i].to_mpq(), v[3 * i + 1].to_mpq(), v[3 * i + 2].to_mpq()};
    d->s.emplace<TriangleMesh3<mpq_class>>(std::move(p), std::move(f), mpq_class(0));
  }
  return d;
}

std::shared_ptr<const SurfaceData> build_chain(const std::vector<Scalar>& v, bool loop) {
  auto d = std::make_shared<SurfaceData>();
  d->dim = 2;
  const std::size_t n = v.size() / 2;
  if (all_doubles(v)) {
    std::vector<Point2<double>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {v[2 * i].as_double(), v[2 * i + 1].as_double()};
    d->s.emplace<Chain2<double>>(std::move(p), loop, 0.0);
  } else {
    std::vector<Point2<mpq_class>> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {v[2 * i].to_mpq(), v[2 * i + 1].to_mpq()};
    d->s.emplace<Chain2<mpq_class>>(std::move(p), loop, mpq_class(0));
  }
  return d;
}

namespace {

namespace od = simdjson::ondemand;

struct FileReader {
  const std::string& path;
  [[noreturn]] void fail(const std::string& what) const {
    throw MeshFileError(path + ": " + what);
  }
  void check(simdjson::error_code e, const std::string& where) const {
    if (e) fail(where + ": bad JSON: " + simdjson::error_message(e));
  }
  std::string_view raw_number(od::value v, const std::string& where) const {
    od::json_type t;
    check(v.type().get(t), where);
    if (t != od::json_type::number) fail(where + ": expected a number");
    const std::string_view raw = v.raw_json_token();
    std::size_t e = raw.size();
    while (e > 0 && (raw[e - 1] == ' ' || raw[e - 1] == '\t' || raw[e - 1] == '\n' || raw[e - 1] == '\r')) --e;
    return raw.substr(0, e);
  }
};

}  // namespace

namespace {

/// A model file that assimp reads (by extension), not a JSON mesh.
bool is_model_file(const std::string& path) {
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos) return false;
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* e : {"obj", "ply", "stl", "gltf", "glb", "fbx", "dae", "3ds", "off"})
    if (ext == e) return true;
  return false;
}

/// The float mesh an engine holds after importing the file with assimp:
/// triangulated, identical vertices of one mesh joined (so seams share
/// indices), node transforms applied in float (aiProcess_PreTransformVertices),
/// every mesh of the scene in one; each float taken exactly.
std::shared_ptr<const SurfaceData> read_model_file(const std::string& path) {
  const std::string label = "--mesh file '" + path + "'";
#ifdef EXACTGEOM_HAVE_ASSIMP
  Assimp::Importer importer;
  const aiScene* scene = importer.ReadFile(
      path, aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_PreTransformVertices | aiProcess_SortByPType);
  if (!scene) throw MeshFileError(label + ": assimp cannot read it: " + importer.GetErrorString());
  std::vector<Scalar> v;
  std::vector<std::array<std::uint32_t, 3>> f;
  for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
    const aiMesh* mesh = scene->mMeshes[m];
    const std::size_t base = v.size() / 3;
    if (base + mesh->mNumVertices > kMaxNamedMeshItems)
      throw MeshFileError(label + ": more than " + std::to_string(kMaxNamedMeshItems) + " vertices (a limit of exactgeom eval)");
    for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
      const aiVector3D& p = mesh->mVertices[i];
      try {
        v.push_back(Scalar::of_double(p.x)), v.push_back(Scalar::of_double(p.y)), v.push_back(Scalar::of_double(p.z));
      } catch (const ScalarError& e) {
        throw MeshFileError(label + ": mesh " + std::to_string(m) + " vertex " + std::to_string(i) + ": " + e.what);
      }
    }
    for (unsigned k = 0; k < mesh->mNumFaces; ++k) {
      const aiFace& face = mesh->mFaces[k];
      if (face.mNumIndices != 3) continue;  // points and lines are not pieces of a surface
      f.push_back({static_cast<std::uint32_t>(base + face.mIndices[0]), static_cast<std::uint32_t>(base + face.mIndices[1]),
                   static_cast<std::uint32_t>(base + face.mIndices[2])});
      if (f.size() > kMaxNamedMeshItems)
        throw MeshFileError(label + ": more than " + std::to_string(kMaxNamedMeshItems) + " faces (a limit of exactgeom eval)");
    }
  }
  if (f.empty()) throw MeshFileError(label + ": no triangles");
  try {
    return build_mesh(v, std::move(f));
  } catch (const invalid_input& e) {
    throw MeshFileError(label + ": " + e.what());
  }
#else
  throw MeshFileError(label + ": reading OBJ, PLY, STL, glTF and other model files needs exactgeom built with "
                      "assimp (Debian: libassimp-dev); a JSON mesh {\"v\": ..., \"f\": ...} needs nothing");
#endif
}

}  // namespace

bool model_files_supported() {
#ifdef EXACTGEOM_HAVE_ASSIMP
  return true;
#else
  return false;
#endif
}

std::shared_ptr<const SurfaceData> read_mesh_file(const std::string& path) {
  if (is_model_file(path)) return read_model_file(path);
  simdjson::padded_string text;
  if (auto e = simdjson::padded_string::load(path).get(text))
    throw MeshFileError("--mesh file '" + path + "': cannot read: " + simdjson::error_message(e));
  return read_mesh_text(std::string_view(text.data(), text.size()), "--mesh file '" + path + "'");
}

std::shared_ptr<const SurfaceData> read_mesh_text(std::string_view json, const std::string& path) {
  const FileReader fr{path};
  const simdjson::padded_string text(json);
  od::parser parser;
  od::document doc;
  fr.check(parser.iterate(text).get(doc), "the file");
  od::object obj;
  fr.check(doc.get_object().get(obj), "the file (one JSON object {\"v\": ..., \"f\": ...})");
  std::vector<Scalar> v;
  std::vector<std::array<std::uint32_t, 3>> f;
  bool have_v = false, have_f = false;
  for (auto field : obj) {
    std::string_view key;
    fr.check(field.unescaped_key().get(key), "a key");
    od::value val;
    fr.check(field.value().get(val), std::string(key));
    od::array arr;
    if (key == "v") {
      if (have_v) fr.fail("\"v\" appears twice");
      have_v = true;
      fr.check(val.get_array().get(arr), "v (an array of 3-D points)");
      std::size_t i = 0;
      for (auto pe : arr) {
        const std::string where = "v[" + std::to_string(i) + "]";
        if (++i > kMaxNamedMeshItems)
          fr.fail("more than " + std::to_string(kMaxNamedMeshItems) + " vertices (a limit of exactgeom eval)");
        od::array pt;
        fr.check(pe.get_array().get(pt), where + " (a 3-D point)");
        int k = 0;
        for (auto ce : pt) {
          if (k == 3) fr.fail(where + ": expected a 3-D point");
          od::value cv;
          fr.check(ce.get(cv), where);
          const std::string_view raw = fr.raw_number(cv, where);
          if (!is_json_number(raw)) fr.fail(where + ": malformed number");
          try {
            v.push_back(parse_json_number(raw));
          } catch (const ScalarError& e) {
            fr.fail(where + ": " + e.what);
          }
          ++k;
        }
        if (k != 3) fr.fail(where + ": expected a 3-D point");
      }
    } else if (key == "f") {
      if (have_f) fr.fail("\"f\" appears twice");
      have_f = true;
      fr.check(val.get_array().get(arr), "f (an array of faces)");
      std::size_t i = 0;
      for (auto fe : arr) {
        const std::string where = "f[" + std::to_string(i) + "]";
        if (++i > kMaxNamedMeshItems)
          fr.fail("more than " + std::to_string(kMaxNamedMeshItems) + " faces (a limit of exactgeom eval)");
        od::array face;
        fr.check(fe.get_array().get(face), where + " (a face: 3 integers)");
        std::array<std::uint32_t, 3> idx{};
        int k = 0;
        for (auto ie : face) {
          if (k == 3) fr.fail(where + ": expected a face (an array of 3 integers)");
          od::value iv;
          fr.check(ie.get(iv), where);
          std::uint64_t x = 0;
          if (!parse_index(fr.raw_number(iv, where), x)) fr.fail(where + ": expected a face (an array of 3 integers)");
          if (x >= std::uint64_t(1) << 32) x = 0xffffffffu;  // out of range below
          idx[static_cast<std::size_t>(k++)] = static_cast<std::uint32_t>(x);
        }
        if (k != 3) fr.fail(where + ": expected a face (an array of 3 integers)");
        f.push_back(idx);
      }
    }  // other members are ignored, as in a line (on-demand skips them)
  }
  if (!doc.current_location().error()) fr.fail("trailing content after the object");
  if (!have_v) fr.fail("missing field \"v\"");
  if (!have_f) fr.fail("missing field \"f\"");
  if (f.empty()) fr.fail("f: a mesh needs at least one triangle");
  const std::size_t nv = v.size() / 3;
  for (std::size_t k = 0; k < f.size(); ++k)
    for (std::size_t c = 0; c < 3; ++c)
      if (f[k][c] >= nv)
        fr.fail("f[" + std::to_string(k) + "][" + std::to_string(c) + "]: index " + std::to_string(f[k][c]) +
                " out of range (" + std::to_string(nv) + " vertices)");
  try {
    return build_mesh(v, std::move(f));
  } catch (const invalid_input& e) {
    fr.fail(e.what());
  }
}

NamedMeshes load_meshes(const std::vector<std::pair<std::string, std::string>>& specs) {
  NamedMeshes m;
  for (const auto& [name, file] : specs) {
    if (m.count(name)) throw MeshFileError("--mesh: the name '" + name + "' is given twice (second: '" + file + "')");
    m.emplace(name, read_mesh_file(file));
  }
  return m;
}

}  // namespace exactgeom::query

// exactgeom::audit::html_report (exactgeom/audit/html.hpp): reports as one
// self-contained HTML page, with each kept wrong case drawn from its query
// line. The query is read with nlohmann::json, as src/audit/report_json.cpp reads
// reports (private to the library).
#include "exactgeom/audit/html.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace exactgeom::audit {

namespace {

using nlohmann::json;

std::string fmt(const char* f, double v) {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

std::string escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (char ch : s) {
    switch (ch) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default: o += ch;
    }
  }
  return o;
}

// ---------------------------------------------------------------------------
// Scalars and answers as doubles (drawing needs no more).

/// A whole or decimal number's text as m * 10^e with m a double: the ratio
/// of two big integers ("p/q" of a held shape) is then m_p / m_q * 10^(e_p -
/// e_q), where p and q alone could overflow a double.
std::optional<std::pair<double, long>> mantissa_exponent(const std::string& t) {
  std::size_t digits = 0;
  const std::size_t start = !t.empty() && t[0] == '-' ? 1 : 0;
  while (start + digits < t.size() && t[start + digits] >= '0' && t[start + digits] <= '9') ++digits;
  if (digits > 17 && start + digits == t.size()) {  // a long integer: its first 17 digits
    const double m = std::strtod(t.substr(0, start + 17).c_str(), nullptr);
    return std::pair{m, static_cast<long>(digits - 17)};
  }
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);  // decimals and C99 hex floats
  if (t.empty() || *end != '\0') return std::nullopt;
  return std::pair{v, 0L};
}

/// A scalar of docs/queries.md (a JSON number, or a string of an integer,
/// fraction, decimal or hex float) as the double nearest it, about.
std::optional<double> scalar(const json& e) {
  if (e.is_number()) return e.get<double>();
  if (!e.is_string()) return std::nullopt;
  const std::string& s = e.get_ref<const std::string&>();
  const auto slash = s.find('/');
  if (slash == std::string::npos) {
    const auto a = mantissa_exponent(s);
    if (!a) return std::nullopt;
    return a->first * std::pow(10.0, static_cast<double>(a->second));
  }
  const auto p = mantissa_exponent(s.substr(0, slash)), q = mantissa_exponent(s.substr(slash + 1));
  if (!p || !q || q->first == 0) return std::nullopt;
  return p->first / q->first * std::pow(10.0, static_cast<double>(p->second - q->second));
}

/// An answer as Answer::str() prints it: a number (a real, a sign), a
/// vector "[c0,c1,...]" of hex floats, or neither (true, false, none). A
/// subject's own text in "(c0, c1, ...)" is read as a vector too; any
/// other text is neither.
struct Parsed {
  std::optional<double> number;
  std::vector<double> vec;
  bool is_vector = false;
};

std::optional<double> number_text(std::string t) {
  while (!t.empty() && t.back() == ' ') t.pop_back();
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);  // skips leading spaces; reads hex floats
  if (t.empty() || end == t.c_str() || *end != '\0') return std::nullopt;
  return v;
}

Parsed parse_answer(const std::string& s) {
  Parsed p;
  if (s.size() >= 2 && ((s.front() == '[' && s.back() == ']') || (s.front() == '(' && s.back() == ')'))) {
    for (std::size_t at = 1; at < s.size() - 1;) {
      const std::size_t comma = std::min(s.find(',', at), s.size() - 1);
      const auto c = number_text(s.substr(at, comma - at));
      if (!c) return {};
      p.vec.push_back(*c);
      at = comma + 1;
    }
    p.is_vector = !p.vec.empty();
    return p;
  }
  p.number = number_text(s);
  return p;
}

std::string decoded(const Parsed& p) {
  if (p.number) return fmt("%.9g", *p.number);
  if (!p.is_vector) return "";
  std::string o = "(";
  for (std::size_t i = 0; i < p.vec.size(); ++i) o += (i ? ", " : "") + fmt("%.9g", p.vec[i]);
  return o + ")";
}

// ---------------------------------------------------------------------------
// Geometry in double.

struct V3 {
  double x = 0, y = 0, z = 0;
  double operator[](int k) const { return k == 0 ? x : k == 1 ? y : z; }
  double& operator[](int k) { return k == 0 ? x : k == 1 ? y : z; }
};
V3 operator+(V3 a, V3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
V3 operator-(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
V3 operator*(double s, V3 a) { return {s * a.x, s * a.y, s * a.z}; }
double dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
V3 cross(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
double norm(V3 a) { return std::sqrt(dot(a, a)); }
bool finite(V3 a) { return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z); }

struct Box {  // an axis-aligned bounding box; empty when lo > hi
  V3 lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::infinity()};
  V3 hi{-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
        -std::numeric_limits<double>::infinity()};
  bool empty() const { return lo.x > hi.x; }
  void add(V3 p, double r = 0) {
    for (int k = 0; k < 3; ++k) lo[k] = std::fmin(lo[k], p[k] - r), hi[k] = std::fmax(hi[k], p[k] + r);
  }
  void add(const Box& b) {
    if (!b.empty()) add(b.lo), add(b.hi);
  }
  V3 centre() const { return 0.5 * (lo + hi); }
  double size() const { return std::fmax(hi.x - lo.x, std::fmax(hi.y - lo.y, hi.z - lo.z)); }
  /// The distance between two boxes (0 when they meet).
  double distance(const Box& b) const {
    V3 d;
    for (int k = 0; k < 3; ++k) d[k] = std::fmax(0.0, std::fmax(lo[k] - b.hi[k], b.lo[k] - hi[k]));
    return norm(d);
  }
};

/// One piece of a shape: the convex hull of its points grown by r (a
/// point, a segment, a triangle, a box, a hull), or an open or closed
/// chain of segments grown by r.
struct Piece {
  std::vector<V3> pts;
  double r = 0;
  Piece(std::vector<V3> points = {}, double radius = 0) : pts(std::move(points)), r(radius) {}
  bool chain = false, loop = false;
  std::vector<std::pair<int, int>> edges;  // drawn thin (a 3-D box's twelve)
  bool dots = false;                       // its points marked (a hull's)
  Box bounds() const {
    Box b;
    for (const V3& p : pts) b.add(p, r);
    return b;
  }
};

struct Shape {
  std::string label;  // "x", "c1", ...: the query's key
  std::string note;   // said beside the drawing (pieces left out ...)
  std::vector<Piece> pieces;
  std::vector<std::string> point_labels;  // a predicate's points: "a", "b", ...
  bool surface = false;                   // a mesh or chain
  Box bounds() const {
    Box b;
    for (const Piece& p : pieces) b.add(p.bounds());
    return b;
  }
};

/// A query line's shapes, and what to draw with them.
struct Scene {
  int dim = 0;
  std::string op;
  std::vector<Shape> shapes;
  std::optional<V3> sweep_v;  // x moves by t v
  std::vector<std::string> problems;
};

struct Reader {
  Scene& s;

  V3 point(const json& p) {
    if (!p.is_array() || (p.size() != 2 && p.size() != 3)) throw std::invalid_argument("a point was expected");
    const int d = static_cast<int>(p.size());
    if (s.dim == 0) s.dim = d;
    if (d != s.dim) throw std::invalid_argument("points of different dimensions");
    V3 v;
    for (int k = 0; k < d; ++k) {
      const auto c = scalar(p[static_cast<std::size_t>(k)]);
      if (!c) throw std::invalid_argument("a coordinate is not a scalar");
      v[k] = *c;
    }
    return v;
  }
  std::vector<V3> points(const json& a) {
    if (!a.is_array()) throw std::invalid_argument("a list of points was expected");
    std::vector<V3> v;
    for (const json& p : a) v.push_back(point(p));
    return v;
  }
  double radius(const json& o) {
    if (!o.is_object() || !o.contains("r")) return 0;
    return scalar(o["r"]).value_or(0);
  }

  /// A shape object of docs/queries.md ("Shapes", "Meshes and chains").
  Shape shape(const std::string& label, const json& o) {
    Shape sh;
    sh.label = label;
    if (!o.is_object()) throw std::invalid_argument(label + " is not a shape object");
    const double r = radius(o);
    if (o.contains("seg")) {
      sh.pieces.emplace_back(points(o["seg"]), r);
    } else if (o.contains("tri")) {
      sh.pieces.emplace_back(points(o["tri"]), r);
    } else if (o.contains("poly") || o.contains("hull")) {
      Piece p(points(o.contains("poly") ? o["poly"] : o["hull"]), r);
      p.dots = true;
      sh.pieces.push_back(std::move(p));
    } else if (o.contains("box")) {
      const json& b = o["box"];
      const V3 c = point(b.at("c"));
      const std::vector<V3> axes = points(b.at("axes"));
      std::vector<double> h;
      for (const json& e : b.at("h")) h.push_back(scalar(e).value_or(0));
      const std::size_t d = axes.size();
      if (d != h.size() || (d != 2 && d != 3)) throw std::invalid_argument(label + ": a box's axes and h differ");
      Piece p({}, r);
      for (std::size_t corner = 0; corner < (std::size_t{1} << d); ++corner) {
        V3 q = c;
        for (std::size_t i = 0; i < d; ++i) q = q + ((corner >> i & 1) ? h[i] : -h[i]) * axes[i];
        p.pts.push_back(q);
      }
      for (int a = 0; a < static_cast<int>(p.pts.size()); ++a)
        for (std::size_t i = 0; i < d; ++i)
          if (!(a >> i & 1)) p.edges.emplace_back(a, a | (1 << i));
      sh.pieces.push_back(std::move(p));
    } else if (o.contains("mesh")) {
      sh.surface = true;
      const json& m = o["mesh"];
      if (m.is_string()) {
        sh.note = "mesh '" + m.get<std::string>() + "' (read with --mesh) is not drawn";
      } else {
        const std::vector<V3> v = points(m.at("v"));
        for (const json& f : m.at("f")) {
          Piece p({}, r);
          for (const json& i : f) {
            if (!i.is_number_integer() || i.get<long long>() < 0 || i.get<long long>() >= static_cast<long long>(v.size()))
              throw std::invalid_argument(label + ": a face index out of range");
            p.pts.push_back(v[static_cast<std::size_t>(i.get<long long>())]);
          }
          sh.pieces.push_back(std::move(p));
        }
      }
    } else if (o.contains("chain")) {
      sh.surface = true;
      Piece p(points(o["chain"]), r);
      p.chain = true;
      p.loop = o.contains("loop") && o["loop"].is_boolean() && o["loop"].get<bool>();
      // One piece per segment, so that a long chain can be cut to the part near the other shape.
      const std::size_t n = p.pts.size();
      for (std::size_t i = 0; i + 1 < n + (p.loop ? 1 : 0); ++i) {
        sh.pieces.emplace_back(std::vector<V3>{p.pts[i], p.pts[(i + 1) % n]}, r);
      }
    } else {
      throw std::invalid_argument(label + " has no core key");
    }
    return sh;
  }
};

/// Keeps, of each mesh or chain of more than 64 pieces, the pieces near
/// `near` (a box around the other shapes): within three times its size;
/// the 16 nearest when none is; at most 2,000, nearest first.
void cut_surfaces(Scene& s, const Box& near) {
  constexpr std::size_t kSmall = 64, kNearest = 16, kMost = 2000;
  for (Shape& sh : s.shapes) {
    if (!sh.surface || sh.pieces.size() <= kSmall || near.empty()) continue;
    const std::size_t total = sh.pieces.size();
    const double reach = 3 * near.size();
    std::vector<std::pair<double, std::size_t>> by_distance;
    for (std::size_t i = 0; i < total; ++i) by_distance.emplace_back(near.distance(sh.pieces[i].bounds()), i);
    std::sort(by_distance.begin(), by_distance.end());
    std::size_t keep = 0;
    while (keep < by_distance.size() && keep < kMost && by_distance[keep].first <= reach) ++keep;
    if (keep == 0) keep = std::min(kNearest, total);
    if (keep == total) continue;
    std::vector<std::size_t> kept;
    for (std::size_t k = 0; k < keep; ++k) kept.push_back(by_distance[k].second);
    std::sort(kept.begin(), kept.end());
    std::vector<Piece> pieces;
    for (std::size_t i : kept) pieces.push_back(std::move(sh.pieces[i]));
    sh.pieces = std::move(pieces);
    sh.note = sh.label + ": " + std::to_string(keep) + " of " + std::to_string(total) +
              " pieces drawn (those nearest the other shape)";
  }
}

Scene read_scene(const std::string& query) {
  Scene s;
  Reader rd{s};
  try {
    const json q = json::parse(query);
    s.op = q.value("op", std::string());
    auto add = [&](const char* key) {
      if (q.contains(key)) s.shapes.push_back(rd.shape(key, q[key]));
    };
    auto add_segment = [&](const char* key) {
      if (!q.contains(key)) return;
      Shape sh;
      sh.label = key;
      sh.pieces.emplace_back(rd.points(q[key]), 0);
      s.shapes.push_back(std::move(sh));
    };
    if (s.op == "orient2d" || s.op == "orient3d" || s.op == "incircle" || s.op == "insphere") {
      Shape sh;
      sh.label = "points";
      Piece outline;
      outline.chain = true, outline.loop = true;
      for (const char* key : {"a", "b", "c", "d", "e"}) {
        if (!q.contains(key)) continue;
        const V3 p = rd.point(q[key]);
        if (outline.pts.size() < 3) outline.pts.push_back(p);  // the triangle (or line) the last point is asked about
        sh.pieces.emplace_back(std::vector<V3>{p}, 0);
        sh.point_labels.emplace_back(key);
      }
      sh.pieces.push_back(std::move(outline));
      s.shapes.push_back(std::move(sh));
    } else if (s.op == "capsule_capsule") {
      add("c1"), add("c2");
    } else if (s.op == "capsule_triangle") {
      add("c");
      if (q.contains("tri")) {
        Shape sh;
        sh.label = "tri";
        sh.pieces.emplace_back(rd.points(q["tri"]), 0);
        s.shapes.push_back(std::move(sh));
      }
    } else if (s.op == "segment_triangle_distance2") {
      add_segment("s");
      if (q.contains("tri")) {
        Shape sh;
        sh.label = "tri";
        sh.pieces.emplace_back(rd.points(q["tri"]), 0);
        s.shapes.push_back(std::move(sh));
      }
    } else if (s.op == "segment_intersection" || s.op == "segment_distance2") {
      add_segment("s"), add_segment("t");
    } else {  // contact, sweep, and ops to come with x and y
      add("x"), add("y");
      if (s.op == "sweep" && q.contains("v")) s.sweep_v = rd.point(q["v"]);
    }
    if (s.shapes.empty()) s.problems.push_back("no shape in the query (op '" + s.op + "')");
  } catch (const std::exception& e) {
    s.problems.push_back(std::string("cannot read the query: ") + e.what());
  }
  if (s.dim == 0) s.dim = 2;
  return s;
}

// ---------------------------------------------------------------------------
// Projection and SVG.

/// A 3-D point projected onto the view plane (u right, v up), relative to
/// the drawing's centre (so 1e15 offsets keep their small differences).
struct View {
  V3 centre, u{1, 0, 0}, v{0, 1, 0};
  std::string said;  // how the view was chosen, for the reader
  std::array<double, 2> at(V3 p) const {
    const V3 q = p - centre;
    return {dot(q, u), dot(q, v)};
  }
  std::array<double, 2> dir(V3 d) const { return {dot(d, u), dot(d, v)}; }
};

std::string vec_text(V3 a, int dim) {
  return dim == 2 ? "(" + fmt("%.3g", a.x) + ", " + fmt("%.3g", a.y) + ")"
                  : "(" + fmt("%.3g", a.x) + ", " + fmt("%.3g", a.y) + ", " + fmt("%.3g", a.z) + ")";
}

/// The plane of n and the world axis most perpendicular to it, n up.
/// The plane of n and the world axis most perpendicular to it: n up (a
/// contact normal: the shapes stacked along it), or right (a cast's
/// motion: read left to right).
View plane_view(V3 n, V3 centre, const std::string& why, bool n_up) {
  View w;
  w.centre = centre;
  const V3 d = (1 / norm(n)) * n;
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (std::fabs(d[i]) < std::fabs(d[k])) k = i;
  V3 a{};
  a[k] = 1;
  const V3 o = a - dot(a, d) * d;
  (n_up ? w.v : w.u) = d;
  (n_up ? w.u : w.v) = (1 / norm(o)) * o;
  w.said = "projected onto the plane of " + why + (n_up ? " (up)" : " (right)") + " and the " +
           std::string(1, "xyz"[k]) + " axis" + (n_up ? " (right)" : " (up)");
  return w;
}

struct Colours {
  static constexpr const char* shape[] = {"#1f6fb4", "#e07b10", "#7a4fb0", "#2b8a8a", "#8a6d3b"};
  static constexpr const char* exact = "#1a9a3a";
  static constexpr const char* engine = "#d62728";
  static constexpr const char* motion = "#555555";
};

/// Screen coordinates, once the view box is known: 1000 units across the
/// longer side whatever the case's scale.
struct Screen {
  double u0 = 0, v1 = 0, s = 1, width = 1000, height = 1000;
  std::array<double, 2> px(std::array<double, 2> p) const { return {(p[0] - u0) * s, (v1 - p[1]) * s}; }
  std::string xy(std::array<double, 2> p) const {
    const auto q = px(p);
    return fmt("%.2f", q[0]) + "," + fmt("%.2f", q[1]);
  }
  /// ` X="..." Y="..."`: p as two attributes (cx/cy, x1/y1, x/y).
  std::string at(std::array<double, 2> p, const char* x, const char* y) const {
    const auto q = px(p);
    return std::string(" ") + x + "=\"" + fmt("%.2f", q[0]) + "\" " + y + "=\"" + fmt("%.2f", q[1]) + "\"";
  }
};

/// Andrew's monotone chain: the convex hull, counterclockwise, of 2-D
/// points; one point or two (a segment) when they do not span an area.
std::vector<std::array<double, 2>> hull2(std::vector<std::array<double, 2>> p) {
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() <= 2) return p;
  auto turn = [](const std::array<double, 2>& o, const std::array<double, 2>& a, const std::array<double, 2>& b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  };
  std::vector<std::array<double, 2>> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && turn(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && turn(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  if (h.size() < 2) return {p.front(), p.back()};  // all on one line
  return h;
}

/// SVG for one piece: its region (the core grown by r, drawn as the core
/// with a round stroke 2r wide: the Minkowski sum with a disk) faint, then
/// its core's outline.
std::string piece_svg(const Piece& pc, const View& w, const Screen& sc, const char* colour, bool ghost,
                      double fill_opacity) {
  std::vector<std::array<double, 2>> q;
  for (const V3& p : pc.pts)
    if (finite(p)) q.push_back(w.at(p));
  if (q.empty()) return "";
  std::string o;
  const double rw = 2 * pc.r * sc.s;  // the radius's stroke, in screen units
  const std::string region_style = std::string("fill=\"") + colour + "\" stroke=\"" + colour +
                                   "\" stroke-linejoin=\"round\" stroke-linecap=\"round\"";
  const std::string line_style = std::string("fill=\"none\" stroke=\"") + colour + "\" stroke-width=\"" +
                                 (ghost ? "2" : "2.5") + "\"" + (ghost ? " stroke-dasharray=\"8 6\"" : "");
  auto list = [&](const std::vector<std::array<double, 2>>& v) {
    std::string t;
    for (const auto& p : v) t += (t.empty() ? "" : " ") + sc.xy(p);
    return t;
  };
  std::vector<std::array<double, 2>> outline = pc.chain ? q : hull2(q);
  const std::string opacity = fmt("%.2f", fill_opacity);
  if (outline.size() == 1) {
    const std::string c = sc.at(outline[0], "cx", "cy");
    if (pc.r > 0)
      o += "<circle" + c + " r=\"" + fmt("%.2f", pc.r * sc.s) + "\" fill=\"" + colour +
           "\" fill-opacity=\"" + opacity + "\" stroke=\"" + colour + "\" stroke-width=\"1.5\"" +
           (ghost ? " stroke-dasharray=\"8 6\"" : "") + "/>";
    o += "<circle" + c + " r=\"5\" fill=\"" + colour + "\"/>";
    return o;
  }
  const bool closed = !pc.chain ? outline.size() > 2 : pc.loop;
  const char* tag = closed ? "polygon" : "polyline";
  // The region: one group, so that the fill and the stroke do not add up.
  if (closed || pc.r > 0)
    o += "<g opacity=\"" + opacity + "\"><" + tag + " points=\"" + list(outline) + "\" " + region_style +
         " stroke-width=\"" + fmt("%.2f", std::fmax(rw, 0.0)) + "\"" + (closed ? "" : " fill-opacity=\"0\"") +
         "/></g>";
  o += std::string("<") + tag + " points=\"" + list(outline) + "\" " + line_style + "/>";
  for (const auto& [a, b] : pc.edges)
    o += "<line" + sc.at(q[static_cast<std::size_t>(a)], "x1", "y1") + sc.at(q[static_cast<std::size_t>(b)], "x2", "y2") +
         " stroke=\"" + colour + "\" stroke-width=\"1\" stroke-opacity=\"0.6\"/>";
  if (pc.dots)
    for (const auto& p : q) o += "<circle" + sc.at(p, "cx", "cy") + " r=\"3.5\" fill=\"" + colour + "\"/>";
  return o;
}

std::string line_svg(std::array<double, 2> a, std::array<double, 2> b, const Screen& sc, const char* colour,
                     double width, bool dashed) {
  return "<line" + sc.at(a, "x1", "y1") + sc.at(b, "x2", "y2") + " stroke=\"" + colour + "\" stroke-width=\"" + fmt("%.1f", width) +
         "\" stroke-linecap=\"round\"" + (dashed ? " stroke-dasharray=\"10 6\"" : "") + "/>";
}

/// An arrow from a to b (view coordinates); a ring at a when it is too
/// short to point anywhere (a direction along the line of sight).
std::string arrow_svg(std::array<double, 2> a, std::array<double, 2> b, const Screen& sc, const char* colour,
                      double width, bool dashed) {
  const double dx = (b[0] - a[0]) * sc.s, dy = -(b[1] - a[1]) * sc.s, len = std::hypot(dx, dy);
  const std::string ax = sc.at(a, "cx", "cy");
  if (!(len >= 6))
    return "<circle" + ax + " r=\"9\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" + fmt("%.1f", width) +
           "\"/><circle" + ax + " r=\"2.5\" fill=\"" + colour + "\"/>";
  const double ux = dx / len, uy = dy / len, head = std::fmin(22.0, 0.5 * len), half = 0.4 * head;
  const auto [tx, ty] = sc.px(b);
  const double bx = tx - head * ux, by = ty - head * uy;
  std::string o = "<g>";
  // The shaft stops at the head's base so that a dashed shaft leaves the tip sharp.
  const std::array<double, 2> base{a[0] + (b[0] - a[0]) * (1 - head / len), a[1] + (b[1] - a[1]) * (1 - head / len)};
  o += line_svg(a, base, sc, colour, width, dashed);
  o += "<polygon points=\"" + fmt("%.2f", tx) + "," + fmt("%.2f", ty) + " " + fmt("%.2f", bx - half * uy) + "," +
       fmt("%.2f", by + half * ux) + " " + fmt("%.2f", bx + half * uy) + "," + fmt("%.2f", by - half * ux) +
       "\" fill=\"" + colour + "\"/>";
  return o + "</g>";
}

/// What a vector answer is, from its size and the dimension: a direction
/// (n = d), a closest pair (n = 2d), a manifold (the normal, then points
/// each with its separation: n = d + k (d + 1)).
struct VectorAnswer {
  std::optional<V3> direction;
  std::optional<std::pair<V3, V3>> pair;
  std::vector<V3> points;
};

VectorAnswer vector_answer(const Parsed& a, int dim) {
  VectorAnswer r;
  const std::size_t d = static_cast<std::size_t>(dim), n = a.vec.size();
  if (!a.is_vector || n < d) return r;
  auto at = [&](std::size_t i) {
    V3 v;
    for (std::size_t k = 0; k < d; ++k) v[static_cast<int>(k)] = a.vec[i + k];
    return v;
  };
  if (n == 2 * d) {
    r.pair = std::pair{at(0), at(d)};
  } else if ((n - d) % (d + 1) == 0) {
    r.direction = at(0);
    for (std::size_t i = d; i + d < n; i += d + 1) r.points.push_back(at(i));
  }
  return r;
}

struct Drawing {
  std::string svg;     // the <svg class="case"> element
  std::string legend;  // HTML: what the colours are
  std::string view;    // how it was projected, and its scale
  std::vector<std::string> notes;
};

Drawing draw_case(const WrongCase& w, const std::string& id) {
  Drawing dr;
  Scene s = read_scene(w.query);
  const Parsed exact = parse_answer(w.expected), engine = parse_answer(w.got);
  const VectorAnswer ev = vector_answer(exact, s.dim), gv = vector_answer(engine, s.dim);

  // The region the pieces of a large mesh or chain are kept near: the
  // other shapes, with a cast's whole path.
  Box others;
  for (const Shape& sh : s.shapes)
    if (!sh.surface) {
      const Box b = sh.bounds();
      others.add(b);
      if (s.sweep_v && sh.label == "x" && !b.empty()) others.add(b.lo + *s.sweep_v), others.add(b.hi + *s.sweep_v);
    }
  cut_surfaces(s, others);
  for (const Shape& sh : s.shapes)
    if (!sh.note.empty()) dr.notes.push_back(sh.note);

  // The moving shape at the exact time and at the engine's (sweep).
  struct Ghost {
    const Shape* shape;
    V3 by;
    const char* colour;
    std::string what;
  };
  std::vector<Ghost> ghosts;
  const Shape* mover = nullptr;
  for (const Shape& sh : s.shapes)
    if (sh.label == "x") mover = &sh;
  if (s.sweep_v && mover) {
    if (exact.number && *exact.number >= 0 && *exact.number <= 1)
      ghosts.push_back({mover, *exact.number * *s.sweep_v, Colours::exact, "x at the exact time"});
    if (engine.number && *engine.number >= 0 && *engine.number <= 1)
      ghosts.push_back({mover, *engine.number * *s.sweep_v, Colours::engine, "x at the engine's time"});
  }

  Box all;
  for (const Shape& sh : s.shapes) all.add(sh.bounds());
  for (const Ghost& g : ghosts) {
    const Box b = g.shape->bounds();
    if (!b.empty()) all.add(b.lo + g.by), all.add(b.hi + g.by);
  }
  if (s.sweep_v && mover && !mover->bounds().empty()) all.add(mover->bounds().centre() + *s.sweep_v);
  for (const VectorAnswer* a : {&ev, &gv}) {
    if (a->pair) all.add(a->pair->first), all.add(a->pair->second);
    for (const V3& p : a->points) all.add(p);
  }
  if (all.empty() || !finite(all.lo) || !finite(all.hi)) {
    s.problems.push_back("nothing finite to draw");
    all = Box{};
    all.add(V3{});
  }
  const V3 centre = all.centre();

  // The view: 2-D as is; 3-D onto the plane of the answer's normal, or
  // along the pair's thinnest axis.
  View view;
  view.centre = centre;
  view.said = "x right, y up";
  if (s.dim == 3) {
    std::optional<V3> n;
    std::string why;
    for (const VectorAnswer* a : {&ev, &gv}) {
      if (n) break;
      const std::string whose = a == &ev ? "the exact " : "the engine's ";
      if (a->direction && norm(*a->direction) > 0 && finite(*a->direction)) n = a->direction, why = whose + "normal";
      else if (a->pair && norm(a->pair->second - a->pair->first) > 0 && finite(a->pair->second - a->pair->first))
        n = a->pair->second - a->pair->first, why = whose + "closest pair";
    }
    if (!n && s.op == "orient3d" && !s.shapes.empty() && s.shapes[0].pieces.size() >= 3) {
      const auto& p = s.shapes[0].pieces;
      const V3 c = cross(p[1].pts[0] - p[0].pts[0], p[2].pts[0] - p[0].pts[0]);
      if (norm(c) > 0 && finite(c)) n = c, why = "the normal of abc";
    }
    if (n) {
      view = plane_view(*n, centre, why, true);
    } else if (s.sweep_v && norm(*s.sweep_v) > 0 && finite(*s.sweep_v)) {  // seen across the cast, not along it
      view = plane_view(*s.sweep_v, centre, "v", false);
    } else {
      const V3 ext = all.hi - all.lo;
      int k = 0;
      for (int i = 1; i < 3; ++i)
        if (ext[i] < ext[k]) k = i;
      const int a = (k + 1) % 3, b = (k + 2) % 3;  // right-handed: looking down axis k
      view.u = V3{}, view.v = V3{};
      view.u[a] = 1, view.v[b] = 1;
      view.said = std::string("along the ") + "xyz"[k] + " axis (the pair's thinnest): " + "xyz"[a] + " right, " +
                  "xyz"[b] + " up";
    }
  }

  // Bounds in the view.
  double u0 = std::numeric_limits<double>::infinity(), u1 = -u0, v0 = u0, v1 = -u0;
  auto grow = [&](std::array<double, 2> p, double r) {
    if (!std::isfinite(p[0]) || !std::isfinite(p[1])) return;
    u0 = std::fmin(u0, p[0] - r), u1 = std::fmax(u1, p[0] + r);
    v0 = std::fmin(v0, p[1] - r), v1 = std::fmax(v1, p[1] + r);
  };
  for (const Shape& sh : s.shapes)
    for (const Piece& pc : sh.pieces)
      for (const V3& p : pc.pts) grow(view.at(p), pc.r);
  for (const Ghost& g : ghosts)
    for (const Piece& pc : g.shape->pieces)
      for (const V3& p : pc.pts) grow(view.at(p + g.by), pc.r);
  for (const VectorAnswer* a : {&ev, &gv}) {
    if (a->pair) grow(view.at(a->pair->first), 0), grow(view.at(a->pair->second), 0);
    for (const V3& p : a->points) grow(view.at(p), 0);
  }
  if (!(u0 <= u1)) u0 = u1 = v0 = v1 = 0;
  double extent = std::fmax(u1 - u0, v1 - v0);
  if (!(extent > 0) || !std::isfinite(1000 / extent)) extent = 1;  // one point: any scale shows it

  // Arrows: directions from the contact region (where the shapes' boxes
  // meet, or the middle of the gap between them), 0.3 of the drawing long.
  Box bx = s.shapes.size() > 0 ? s.shapes[0].bounds() : Box{}, by = s.shapes.size() > 1 ? s.shapes[1].bounds() : bx;
  V3 root = centre;
  if (!bx.empty() && !by.empty())
    for (int k = 0; k < 3; ++k) {
      const double lo = std::fmax(bx.lo[k], by.lo[k]), hi = std::fmin(bx.hi[k], by.hi[k]);
      root[k] = 0.5 * (lo + hi);  // the overlap's middle, or the gap's
    }
  const double arrow = 0.3 * extent;
  auto tip = [&](V3 d) {
    const auto r = view.at(root), e = view.dir((1 / std::fmax(norm(d), 1e-300)) * d);
    return std::array<double, 2>{r[0] + arrow * e[0], r[1] + arrow * e[1]};
  };
  for (const VectorAnswer* a : {&ev, &gv})
    if (a->direction && finite(*a->direction)) grow(view.at(root), 0), grow(tip(*a->direction), 0);
  if (s.sweep_v && mover && !mover->bounds().empty()) {
    const V3 c = mover->bounds().centre();
    grow(view.at(c), 0), grow(view.at(c + *s.sweep_v), 0);
  }

  // Padding, a sane aspect, and the scale to 1000 units.
  extent = std::fmax(u1 - u0, v1 - v0);
  if (!(extent > 0)) extent = 1;
  const double pad = 0.08 * extent;
  u0 -= pad, u1 += pad, v0 -= pad, v1 += pad;
  for (auto* side : {&u0, &v0}) {
    double& lo = *side;
    double& hi = side == &u0 ? u1 : v1;
    const double least = 0.35 * (extent + 2 * pad);
    if (hi - lo < least) {
      const double mid = 0.5 * (lo + hi);
      lo = mid - least / 2, hi = mid + least / 2;
    }
  }
  Screen sc;
  sc.u0 = u0, sc.v1 = v1;
  sc.s = 1000 / std::fmax(u1 - u0, v1 - v0);
  sc.width = (u1 - u0) * sc.s, sc.height = (v1 - v0) * sc.s;
  dr.view = view.said + "; " + fmt("%.3g", u1 - u0) + " wide around " + vec_text(centre, s.dim);

  std::string body;
  std::string legend;
  auto swatch = [](const char* colour, const std::string& text, bool line = false) {
    return std::string("<span class=\"key\"><span class=\"") + (line ? "swl" : "sw") + "\" style=\"background:" +
           colour + "\"></span>" + escape(text) + "</span> ";
  };
  if (s.problems.empty()) {
    for (std::size_t i = 0; i < s.shapes.size(); ++i) {
      const Shape& sh = s.shapes[i];
      const char* colour = Colours::shape[i % std::size(Colours::shape)];
      const double opacity = sh.surface ? 0.18 : 0.3;
      for (const Piece& pc : sh.pieces) body += piece_svg(pc, view, sc, colour, false, opacity);
      for (std::size_t k = 0; k < sh.point_labels.size() && k < sh.pieces.size(); ++k) {
        body += "<text" + sc.at(view.at(sh.pieces[k].pts[0]), "x", "y") + " dx=\"8\" dy=\"-8\" font-size=\"30\" fill=\"" + colour + "\">" +
                escape(sh.point_labels[k]) + "</text>";
      }
      if (!sh.pieces.empty()) legend += swatch(colour, sh.label);
    }
    for (const Ghost& g : ghosts) {
      for (const Piece& pc : g.shape->pieces) {
        Piece moved = pc;
        for (V3& p : moved.pts) p = p + g.by;
        body += piece_svg(moved, view, sc, g.colour, true, 0.12);
      }
      legend += swatch(g.colour, g.what, true);
    }
    if (s.sweep_v && mover && !mover->bounds().empty()) {
      const V3 c = mover->bounds().centre();
      body += arrow_svg(view.at(c), view.at(c + *s.sweep_v), sc, Colours::motion, 2.5, true);
      legend += swatch(Colours::motion, "v (x's motion)", true);
    }
    // The answers: exact under the engine's, wider, so both show where they agree.
    const std::pair<const VectorAnswer*, const char*> answers[] = {{&ev, Colours::exact}, {&gv, Colours::engine}};
    for (const auto& [a, colour] : answers) {
      const bool is_exact = a == &ev;
      const double width = is_exact ? 7 : 3;
      bool drawn = false;
      if (a->direction && finite(*a->direction)) body += arrow_svg(view.at(root), tip(*a->direction), sc, colour, width, false), drawn = true;
      if (a->pair)
        body += arrow_svg(view.at(a->pair->first), view.at(a->pair->second), sc, colour, width, false), drawn = true;
      for (const V3& p : a->points) {
        body += "<circle" + sc.at(view.at(p), "cx", "cy") + " r=\"" + (is_exact ? "9" : "5") + "\" fill=\"" + colour + "\"/>";
        drawn = true;
      }
      if (drawn)
        legend += swatch(colour, std::string(is_exact ? "exact" : "engine") +
                                     (a->pair ? " closest pair" : a->points.empty() ? " direction" : " manifold"),
                         true);
    }
  } else {
    for (const std::string& p : s.problems) dr.notes.push_back(p);
  }
  const double shown = 440;
  dr.svg = "<svg class=\"case\" id=\"" + id + "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
           fmt("%.2f", sc.width) + " " + fmt("%.2f", sc.height) + "\" width=\"" + fmt("%.0f", shown) + "\" height=\"" +
           fmt("%.0f", shown * sc.height / sc.width) + "\" role=\"img\">" + body + "</svg>";
  dr.legend = legend;
  return dr;
}

// ---------------------------------------------------------------------------
// The report's charts.

/// The histogram's unit as AuditReport::markdown() states it.
std::string histogram_unit(const AuditReport& r) {
  const std::string ulps = r.band_ulp != 1 ? "float ULPs" : "ULPs";
  const std::string of_scale = r.answer_scale_power == 0   ? " of 1"
                               : r.answer_scale_power == 2 ? " of the case's scale squared"
                                                           : " of the case's scale";
  return r.tolerance.unit == Unit::exact_ulps   ? ulps + " of the exact value"
         : r.tolerance.unit == Unit::scale_ulps ? ulps + of_scale
                                                : "multiples of the tolerance " + fmt("%g", r.tolerance.value);
}

std::string percent(std::size_t part, std::size_t whole) {
  return whole ? fmt("%.3g%%", 100.0 * double(part) / double(whole)) : std::string("-");
}

std::string family_chart(const AuditReport& r, const std::string& id) {
  constexpr double row = 34, top = 30, label_w = 210, bar_x = 220, bar_w = 380, text_x = 615;
  const double height = top + row * double(std::max<std::size_t>(r.families.size(), 1)) + 6;
  std::string o = "<svg class=\"chart families\" id=\"" + id + "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1200 " +
                  fmt("%.0f", height) + "\" width=\"100%\" role=\"img\">";
  for (int t = 0; t <= 4; ++t) {
    const double x = bar_x + bar_w * t / 4;
    o += "<line x1=\"" + fmt("%.1f", x) + "\" y1=\"22\" x2=\"" + fmt("%.1f", x) + "\" y2=\"" + fmt("%.1f", height - 4) +
         "\" stroke=\"#ddd\"/><text x=\"" + fmt("%.1f", x) + "\" y=\"16\" font-size=\"13\" text-anchor=\"middle\" fill=\"#666\">" +
         std::to_string(25 * t) + "%</text>";
  }
  if (r.families.empty())
    o += "<text x=\"0\" y=\"" + fmt("%.0f", top + 20) + "\" font-size=\"15\">no family</text>";
  for (std::size_t i = 0; i < r.families.size(); ++i) {
    const FamilyAudit& f = r.families[i];
    const double y = top + row * double(i);
    const double wrong = f.cases ? double(f.wrong) / double(f.cases) : 0, gross = f.cases ? double(f.gross) / double(f.cases) : 0;
    o += "<text x=\"" + fmt("%.0f", label_w) + "\" y=\"" + fmt("%.1f", y + 19) +
         "\" font-size=\"15\" text-anchor=\"end\">" + escape(f.name) + "</text>";
    o += "<rect x=\"" + fmt("%.0f", bar_x) + "\" y=\"" + fmt("%.1f", y + 4) + "\" width=\"" + fmt("%.0f", bar_w) +
         "\" height=\"24\" fill=\"#f2f2f2\"/>";
    o += "<rect class=\"wrong\" x=\"" + fmt("%.0f", bar_x) + "\" y=\"" + fmt("%.1f", y + 4) + "\" width=\"" +
         fmt("%.2f", bar_w * wrong) + "\" height=\"12\" fill=\"#f0a030\"><title>wrong " + percent(f.wrong, f.cases) +
         "</title></rect>";
    o += "<rect class=\"gross\" x=\"" + fmt("%.0f", bar_x) + "\" y=\"" + fmt("%.1f", y + 16) + "\" width=\"" +
         fmt("%.2f", bar_w * gross) + "\" height=\"12\" fill=\"#c0282d\"><title>gross " + percent(f.gross, f.cases) +
         "</title></rect>";
    std::string text = f.cases == 0 ? std::string("no cases")
                                    : std::to_string(f.wrong) + " wrong of " + std::to_string(f.cases) + " (" +
                                          percent(f.wrong, f.cases) + "), " + std::to_string(f.gross) + " gross (" +
                                          percent(f.gross, f.cases) + ")";
    if (f.cases && !r.real_valued && !r.sign_valued && (f.false_positives || f.false_negatives))
      text += "; false pos. " + std::to_string(f.false_positives) + ", false neg. " + std::to_string(f.false_negatives);
    if (f.cases && r.sign_valued && f.opposite_sign) text += "; opposite sign " + std::to_string(f.opposite_sign);
    if (f.cases && r.may_be_none && (f.got_none || f.got_value))
      text += "; got none " + std::to_string(f.got_none) + ", got value " + std::to_string(f.got_value);
    if (f.skipped) text += "; skipped " + std::to_string(f.skipped);
    o += "<text x=\"" + fmt("%.0f", text_x) + "\" y=\"" + fmt("%.1f", y + 19) + "\" font-size=\"14\">" + escape(text) +
         "</text>";
  }
  return o + "</svg>";
}

std::string histogram_chart(const AuditReport& r, const std::string& id) {
  std::array<std::size_t, 5> bins{};
  for (const FamilyAudit& f : r.families)
    for (std::size_t k = 0; k < bins.size(); ++k) bins[k] += f.ulp_histogram[k];
  const std::size_t most = *std::max_element(bins.begin(), bins.end());
  const char* labels[] = {"0", "\u2264 1", "\u2264 4", "\u2264 64", "> 64"};
  constexpr double bar_w = 90, gap = 30, base = 190, tall = 150;
  std::string o = "<svg class=\"chart histogram\" id=\"" + id +
                  "\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 620 225\" width=\"620\" height=\"225\" role=\"img\">";
  o += "<line x1=\"20\" y1=\"" + fmt("%.0f", base) + "\" x2=\"620\" y2=\"" + fmt("%.0f", base) + "\" stroke=\"#888\"/>";
  std::size_t total = 0;
  for (std::size_t k = 0; k < bins.size(); ++k) {
    total += bins[k];
    const double x = 30 + double(k) * (bar_w + gap);
    // A bin with cases is at least 2 units tall: a count of 1 among a million stays visible.
    const double h = most ? std::fmax(bins[k] ? 2.0 : 0.0, tall * double(bins[k]) / double(most)) : 0;
    o += "<rect x=\"" + fmt("%.0f", x) + "\" y=\"" + fmt("%.2f", base - h) + "\" width=\"" + fmt("%.0f", bar_w) +
         "\" height=\"" + fmt("%.2f", h) + "\" fill=\"" + (k == 0 ? "#5a9a5a" : k < 4 ? "#e0a040" : "#c0282d") + "\"/>";
    o += "<text x=\"" + fmt("%.0f", x + bar_w / 2) + "\" y=\"" + fmt("%.2f", base - h - 6) +
         "\" font-size=\"15\" text-anchor=\"middle\">" + std::to_string(bins[k]) + "</text>";
    o += "<text x=\"" + fmt("%.0f", x + bar_w / 2) + "\" y=\"" + fmt("%.0f", base + 22) +
         "\" font-size=\"15\" text-anchor=\"middle\">" + labels[k] + "</text>";
  }
  if (total == 0)
    o += "<text x=\"310\" y=\"100\" font-size=\"15\" text-anchor=\"middle\" fill=\"#666\">no errors counted</text>";
  return o + "</svg>";
}

std::string severity_text(const WrongCase& w, const AuditReport& r) {
  if (std::isnan(w.margin_ulps)) return "gross (distance to the boundary unknown)";
  return std::string(w.gross ? "gross" : "rounding-level") + " (band " + fmt("%g", r.gross_band) +
         (r.band_ulp == 1 ? " ULPs)" : " float ULPs)");
}

std::string case_html(const AuditReport& r, const FamilyAudit& f, const WrongCase& w, const std::string& id) {
  const Drawing d = draw_case(w, id);
  const Parsed e = parse_answer(w.expected), g = parse_answer(w.got);
  auto row = [](const std::string& k, const std::string& v) { return "<tr><th>" + k + "</th><td>" + v + "</td></tr>"; };
  auto answer = [&](const std::string& raw, const Parsed& p) {
    const std::string dec = decoded(p);
    return "<code>" + escape(raw) + "</code>" + (dec.empty() || dec == raw ? "" : " = " + escape(dec));
  };
  const char* unit = r.band_ulp == 1 ? " ULPs" : " float ULPs";
  std::string o = "<div class=\"case" + std::string(w.gross ? " gross" : "") + "\">" + d.svg + "<div class=\"facts\">";
  o += "<p class=\"legend\">" + d.legend + "</p><table>";
  o += row("family", escape(f.name)) + row("index", std::to_string(w.index));
  o += row("expected (exact)", answer(w.expected, e)) + row("got (engine)", answer(w.got, g));
  if (r.real_valued && e.number && g.number) o += row("got &minus; expected", escape(fmt("%.6g", *g.number - *e.number)));
  o += row("severity", "<b>" + escape(severity_text(w, r)) + "</b>");
  o += row("margin", std::isnan(w.margin) ? "unknown" : escape(fmt("%.3g", w.margin)) + " times the case's largest magnitude");
  o += row("margin_ulps", std::isnan(w.margin_ulps) ? "unknown" : escape(fmt("%.3g", w.margin_ulps / r.band_ulp)) + unit);
  o += row("drawing", escape(d.view));
  for (const std::string& n : d.notes) o += row("note", escape(n));
  o += "</table><p class=\"replay\">Replay with <code>exactgeom eval</code>:</p><pre>" + escape(w.query) + "</pre>";
  return o + "</div></div>\n";
}

constexpr const char* kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1250px;padding:1em 1.5em;color:#222;background:#fff}
h1{font-size:1.6em}h2{font-size:1.3em;margin-top:2em;border-bottom:2px solid #ddd;padding-bottom:.2em}h3{font-size:1.05em;margin-bottom:.3em}
p.question{color:#444;max-width:70em}
table.summary{border-collapse:collapse}table.summary td,table.summary th{padding:.2em .8em;border-bottom:1px solid #eee;text-align:right}
table.summary td:first-child,table.summary th:first-child{text-align:left}
div.case{display:flex;flex-wrap:wrap;gap:1.2em;align-items:flex-start;margin:1em 0;padding:.8em;border:1px solid #ddd;border-left:5px solid #e0a040;border-radius:4px}
div.case.gross{border-left-color:#c0282d}
svg.case{background:#fafafa;border:1px solid #e4e4e4;flex:none}
div.facts{flex:1;min-width:360px}div.facts table{border-collapse:collapse;font-size:.92em}
div.facts th{text-align:left;padding:.15em .8em .15em 0;color:#555;font-weight:normal;vertical-align:top;white-space:nowrap}
div.facts td{padding:.15em 0;word-break:break-all}
pre{white-space:pre-wrap;word-break:break-all;background:#f5f5f5;padding:.5em;font-size:.8em;border-radius:3px;max-height:16em;overflow:auto}
p.replay{margin:.6em 0 .2em;font-size:.9em}
.key{white-space:nowrap;margin-right:.8em;font-size:.9em}.sw,.swl{display:inline-block;width:14px;height:14px;margin-right:.3em;vertical-align:-2px;opacity:.75}
.swl{height:4px;vertical-align:3px;width:22px;opacity:1}
#problems{background:#fdd;border:1px solid #c00;padding:.6em}
)";

// Checks, when the page is opened, that every drawing drew something
// inside its view; tests read body's data-ok and data-drawings.
constexpr const char* kScript = R"(
(function () {
  function check() {
    var problems = [], drawings = 0, svgs = document.querySelectorAll('svg.case, svg.chart');
    for (var i = 0; i < svgs.length; ++i) {
      var s = svgs[i], b = null;
      try { b = s.getBBox(); } catch (e) { b = null; }
      // Geometry without its stroke: a drawing of segments on one line is 0 high.
      var ok = !!b && (b.width > 0 || b.height > 0) && isFinite(b.width) && isFinite(b.height);
      var vb = s.viewBox && s.viewBox.baseVal;
      if (ok && vb && vb.width > 0)
        ok = b.x <= vb.x + vb.width && b.x + b.width >= vb.x && b.y <= vb.y + vb.height && b.y + b.height >= vb.y;
      if (!ok) problems.push((s.id || s.getAttribute('class')) + ': nothing drawn inside its view');
      if (s.classList.contains('case')) ++drawings;
    }
    document.body.dataset.drawings = String(drawings);
    document.body.dataset.ok = problems.length ? '0' : '1';
    if (problems.length) {
      var m = document.getElementById('problems');
      m.hidden = false;
      m.textContent = 'Drawing problems: ' + problems.join('; ');
    }
  }
  if (document.readyState === 'complete') check(); else window.addEventListener('load', check);
})();
)";

}  // namespace

std::string html_report(const std::vector<AuditReport>& reports, std::string_view title) {
  std::string o = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
                  escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>" + escape(title) +
                  "</h1>\n";
  o += "<p>Each report: what was asked, the share of each case family's cases answered wrong (upper bar) and "
       "grossly wrong (lower bar: farther from the decision boundary than rounding can explain), and each kept "
       "wrong case drawn from its query line: the shapes as the exact reference was asked about them (their "
       "radius shaded), the exact answer in green and the engine's in red.</p>\n";
  if (reports.empty()) o += "<p>No report.</p>\n";
  else {
    o += "<table class=\"summary\"><tr><th>report</th><th>cases</th><th>wrong</th><th>gross</th><th>kept</th></tr>\n";
    for (std::size_t i = 0; i < reports.size(); ++i) {
      const AuditReport& r = reports[i];
      std::size_t kept = 0;
      for (const FamilyAudit& f : r.families) kept += f.smallest.size();
      o += "<tr><td><a href=\"#r" + std::to_string(i) + "\">" + escape(r.algorithm) + "</a></td><td>" +
           std::to_string(r.cases()) + "</td><td>" + std::to_string(r.wrong()) + " (" + percent(r.wrong(), r.cases()) +
           ")</td><td>" + std::to_string(r.gross()) + "</td><td>" + std::to_string(kept) + "</td></tr>\n";
    }
    o += "</table>\n";
  }
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const AuditReport& r = reports[i];
    const std::string rid = "r" + std::to_string(i);
    o += "<section class=\"report\" id=\"" + rid + "\">\n<h2>" + escape(r.algorithm) +
         (r.shard.empty() ? "" : " (shard " + escape(r.shard) + ")") + "</h2>\n<p class=\"question\">" +
         escape(r.question) + "</p>\n";
    o += "<p>" + std::to_string(r.cases()) + " cases, " + std::to_string(r.wrong()) + " wrong (" +
         percent(r.wrong(), r.cases()) + "), " + std::to_string(r.gross()) + " gross: more than " +
         escape(fmt("%g", r.gross_band)) + (r.band_ulp == 1 ? " ULPs" : " float ULPs") +
         " of the case's largest magnitude from the decision boundary.</p>\n";
    o += "<h3>Families</h3>\n" + family_chart(r, rid + "-families") + "\n";
    if (r.real_valued)
      o += "<h3>Errors</h3>\n<p>Cases by their error in " + escape(histogram_unit(r)) + ", over all families.</p>\n" +
           histogram_chart(r, rid + "-histogram") + "\n";
    std::size_t kept = 0;
    for (const FamilyAudit& f : r.families) kept += f.smallest.size();
    o += "<h3>Kept wrong cases (" + std::to_string(kept) + ", gross first in each family)</h3>\n";
    if (kept == 0) o += "<p>None.</p>\n";
    std::size_t k = 0;
    for (const FamilyAudit& f : r.families)
      for (const WrongCase& w : f.smallest) o += case_html(r, f, w, rid + "-c" + std::to_string(k++));
    o += "</section>\n";
  }
  o += "<div id=\"problems\" hidden></div>\n<script>" + std::string(kScript) + "</script>\n</body>\n</html>\n";
  return o;
}

void write_html_report(const std::string& path, const std::vector<AuditReport>& reports, std::string_view title) {
  const std::string page = html_report(reports, title);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
  out.write(page.data(), static_cast<std::streamsize>(page.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write '" + path + "': " + std::strerror(errno));
}

}  // namespace exactgeom::audit

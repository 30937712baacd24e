// tools/svg.cpp: SVG pictures for `exactgeom report --svg DIR`, written by
// hand (a few rectangles and labels; no plotting library needed).
#include "svg.hpp"

#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>

#include "exactgeom/exactgeom.hpp"
#include "exactgeom/reference/capsule_article.hpp"
#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/reference/naive_predicates.hpp"

namespace exactgeom::tool {
namespace {

constexpr int kCell = 2;  // pixels per grid cell

/// One panel: an n x n grid of colour indices, drawn as runs of equal
/// colour per row (row 0 at the bottom, like the y axis).
void panel(std::ostringstream& o, int x0, int y0, int n, const std::string& title,
           const std::function<int(int, int)>& cell, const std::vector<std::string>& colours) {
  o << "<g transform='translate(" << x0 << "," << y0 << ")'>\n";
  o << "<text x='0' y='-8' font-family='sans-serif' font-size='13'>" << title << "</text>\n";
  for (int j = 0; j < n; ++j) {
    int i = 0;
    while (i < n) {
      const int c = cell(i, j);
      int k = i + 1;
      while (k < n && cell(k, j) == c) ++k;
      o << "<rect x='" << i * kCell << "' y='" << (n - 1 - j) * kCell << "' width='" << (k - i) * kCell
        << "' height='" << kCell << "' fill='" << colours[static_cast<std::size_t>(c)] << "'/>\n";
      i = k;
    }
  }
  o << "<rect x='0' y='0' width='" << n * kCell << "' height='" << n * kCell
    << "' fill='none' stroke='#333'/>\n</g>\n";
}

void legend(std::ostringstream& o, int x, int y, const std::vector<std::string>& colours,
            const std::vector<std::string>& labels) {
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const int yy = y + static_cast<int>(k) * 18;
    o << "<rect x='" << x << "' y='" << yy << "' width='12' height='12' fill='" << colours[k]
      << "' stroke='#333'/><text x='" << x + 18 << "' y='" << yy + 11
      << "' font-family='sans-serif' font-size='12'>" << labels[k] << "</text>\n";
  }
}

void save(const std::string& path, const std::string& body, int w, int h) {
  std::ofstream f(path);
  f << "<svg xmlns='http://www.w3.org/2000/svg' width='" << w << "' height='" << h
    << "' viewBox='0 0 " << w << " " << h << "'>\n<rect width='100%' height='100%' fill='white'/>\n"
    << body << "</svg>\n";
  if (!f) throw std::runtime_error("cannot write " + path);
}

std::string classroom(const std::string& dir) {
  // p = (0.5 + i 2^-53, 0.5 + j 2^-53), q = (12, 12), r = (24, 24).
  const int n = 256;
  auto sign_index = [](Sign s) { return s == Sign::positive ? 0 : s == Sign::negative ? 1 : 2; };
  auto point = [](int i, int j) { return Point2<double>{0.5 + i * 0x1p-53, 0.5 + j * 0x1p-53}; };
  const Point2<double> q{12, 12}, r{24, 24};
  const std::vector<std::string> colours = {"#d95f02", "#1b9e77", "#dddddd"};
  std::ostringstream o;
  o << "<text x='20' y='24' font-family='sans-serif' font-size='15'>orient2d(p, q, r), p = (0.5 + "
       "i&#183;2^-53, 0.5 + j&#183;2^-53), q = (12, 12), r = (24, 24), 0 &#8804; i, j &lt; 256</text>\n";
  panel(o, 20, 60, n, "naive double determinant",
        [&](int i, int j) { return sign_index(reference::orient2d(point(i, j), q, r)); }, colours);
  panel(o, 60 + n * kCell, 60, n, "exactgeom::orient2d (exact)",
        [&](int i, int j) { return sign_index(orient2d(point(i, j), q, r)); }, colours);
  legend(o, 100 + 2 * n * kCell, 60, colours, {"positive (left turn)", "negative", "zero"});
  const std::string path = dir + "/classroom_orient2d.svg";
  save(path, o.str(), 280 + 2 * n * kCell, 100 + n * kCell);
  return path;
}

std::string capsules(const std::string& dir) {
  // A touching pair, exact in doubles: axis A from (0,0) along (3,4)*4, B
  // starting at distance 5 (a perpendicular offset (-4,3)) and moving away,
  // r1 + r2 = 5. B is moved by (i, j) units of 2^-49, the ULP of its largest
  // coordinates (so every moved coordinate is exact).
  const int n = 121;
  const Capsule2<double> a{{{0, 0}, {12, 16}}, 2};
  auto b_at = [](int i, int j) {
    const double d = 0x1p-49, dx = (i - n / 2) * d, dy = (j - n / 2) * d;
    return Capsule2<double>{{{6 - 4 + dx, 8 + 3 + dy}, {6 - 8 + dx, 8 + 6 + dy}}, 3};
  };
  const std::vector<std::string> colours = {"#9ecae1", "#f7f7f7", "#e6550d", "#3182bd"};
  auto compare = [&](bool exact, bool got) { return exact == got ? (exact ? 0 : 1) : (got ? 2 : 3); };
  std::ostringstream o;
  o << "<text x='20' y='24' font-family='sans-serif' font-size='15'>Stadiums touching at distance "
       "r1 + r2 = 5; the second moved by (i, j) ULPs (2^-49), -60 &#8804; i, j &#8804; 60</text>\n";
  panel(o, 20, 60, n, "exact: closed (touching counts)",
        [&](int i, int j) { return compare(intersects(a, b_at(i, j)), intersects(a, b_at(i, j))); },
        colours);
  panel(o, 60 + n * kCell, 60, n, "RTCD TestCapsuleCapsule (double, &lt;=)", [&](int i, int j) {
    const auto b = b_at(i, j);
    return compare(intersects(a, b),
                   reference::TestCapsuleCapsule(a.seg.a, a.seg.b, a.r, b.seg.a, b.seg.b, b.r));
  }, colours);
  panel(o, 100 + 2 * n * kCell, 60, n, "article 000 float test (open, &lt;)", [&](int i, int j) {
    const auto b = b_at(i, j);
    return compare(interiors_overlap(a, b), reference::capsules_intersect_float(a, b));
  }, colours);
  legend(o, 20, 90 + n * kCell, colours,
         {"both: meet", "both: apart", "float says meet, exact apart (false positive)",
          "float says apart, exact meet (false negative)"});
  const std::string path = dir + "/capsule_near_touching.svg";
  save(path, o.str(), 140 + 3 * n * kCell + 20, 180 + n * kCell);
  return path;
}

}  // namespace

std::vector<std::string> write_report_svgs(const std::string& dir) {
  return {classroom(dir), capsules(dir)};
}

}  // namespace exactgeom::tool

// tools/report_page.cpp: see report_page.hpp. The page is made from the
// report's Markdown rather than beside it, so the two cannot say different
// things: a table is read back into cells, and a chart draws what its cells
// say (a share "19.7%", a ratio "49.3x (45.1-52.0)", a target "<= 10.0x:
// **missed**").
#include "report_page.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace exactgeom::tool {
namespace {

std::string escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '&') o += "&amp;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}

/// Markdown's inline forms the report uses: `code`, **bold**, [text](file).
std::string inline_md(std::string_view s) {
  std::string t = escape(s);
  t = std::regex_replace(t, std::regex("`([^`]*)`"), "<code>$1</code>");
  t = std::regex_replace(t, std::regex("\\*\\*([^*]*)\\*\\*"), "<b>$1</b>");
  t = std::regex_replace(t, std::regex("\\[([^\\]]*)\\]\\(([^)/:]*)\\)"), "<a href=\"$2\">$1</a>");
  return t;
}

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> c;
  std::string cur;
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|') {
      const auto a = cur.find_first_not_of(' '), b = cur.find_last_not_of(' ');
      c.push_back(a == std::string::npos ? "" : cur.substr(a, b - a + 1));
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  return c;
}

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

std::string table_html(const Table& t) {
  std::string o = "<table><tr>";
  for (const auto& h : t.header) o += "<th>" + inline_md(h) + "</th>";
  o += "</tr>\n";
  for (const auto& r : t.rows) {
    o += "<tr>";
    for (const auto& c : r) o += "<td>" + inline_md(c) + "</td>";
    o += "</tr>\n";
  }
  return o + "</table>\n";
}

/// The largest share ("12.5%") a cell names, in percent; none for an empty cell.
std::optional<double> share_of(const std::string& cell) {
  static const std::regex pct("([0-9]+(?:\\.[0-9]+)?)%");
  std::optional<double> best;
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), pct); it != std::sregex_iterator(); ++it) {
    const double v = std::stod((*it)[1].str());
    best = best ? std::max(*best, v) : v;
  }
  return best;
}

/// Green at 0, then yellow at 0.1% to red at 100% on a log scale.
std::string heat_colour(double pct) {
  if (pct <= 0) return "#d8efd9";
  const double t = std::clamp(std::log10(pct / 0.1) / 3.0, 0.0, 1.0);
  char b[48];
  std::snprintf(b, sizeof b, "hsl(%.0f, 85%%, %.0f%%)", 55 * (1 - t), 82 - 30 * t);
  return b;
}

std::string heat_map(const Table& t) {
  const std::size_t cols = t.header.size() > 1 ? t.header.size() - 1 : 0;
  // The page is about 1150 pixels wide: narrower cells for many families.
  const double label_w = 270, cell_h = 22, head_h = 96;
  const double cell_w = cols == 0 ? 78 : std::clamp(860.0 / double(cols), 56.0, 78.0);
  const double w = label_w + cell_w * double(cols) + 10, h = head_h + cell_h * double(t.rows.size()) + 6;
  std::string o = "<svg class=\"chart heat\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(w) +
                  "\" height=\"" + num(h) + "\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\">\n";
  for (std::size_t c = 0; c < cols; ++c) {
    const double x = label_w + cell_w * double(c) + cell_w / 2;
    o += "<text class=\"col\" transform=\"translate(" + num(x) + "," + num(head_h - 6) + ") rotate(-35)\">" +
         escape(t.header[c + 1]) + "</text>\n";
  }
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const double y = head_h + cell_h * double(r);
    o += "<text class=\"row\" x=\"" + num(label_w - 6) + "\" y=\"" + num(y + 15) + "\">" + escape(t.rows[r][0]) +
         "</text>\n";
    for (std::size_t c = 0; c < cols && c + 1 < t.rows[r].size(); ++c) {
      const std::string& cell = t.rows[r][c + 1];
      const auto s = share_of(cell);
      const double x = label_w + cell_w * double(c);
      o += "<rect x=\"" + num(x + 1) + "\" y=\"" + num(y + 1) + "\" width=\"" + num(cell_w - 2) + "\" height=\"" +
           num(cell_h - 2) + "\" fill=\"" + (s ? heat_colour(*s) : std::string("#f3f3f3")) + "\"><title>" +
           escape(t.rows[r][0] + ", " + t.header[c + 1] + ": " + cell) + "</title></rect>\n";
      if (s) {
        char b[32];
        std::snprintf(b, sizeof b, *s < 10 ? "%.1f%%" : "%.0f%%", *s);
        o += "<text class=\"val\" x=\"" + num(x + cell_w / 2) + "\" y=\"" + num(y + 15) + "\">" + b + "</text>\n";
      }
    }
  }
  return o + "</svg>\n";
}

/// A small drawing of a mesh family of the mesh accuracy table (the
/// families of internal/testing/mesh_families.hpp): the level in grey, the
/// ball in blue, where the float loops go wrong in red.
std::string family_drawing(const std::string& name) {
  std::string body;
  const std::string ground = "fill=\"#cfd6dd\" stroke=\"#56606b\" stroke-width=\"1\"";
  const std::string ball = "fill=\"#6aa2e6\" stroke=\"#1f4f8a\"";
  if (name == "flat_seams") {
    body = "<polygon points=\"10,70 70,55 130,70 70,85\" " + ground + "/>"
           "<line x1=\"10\" y1=\"70\" x2=\"130\" y2=\"70\" stroke=\"#c0392b\" stroke-width=\"2\"/>"
           "<circle cx=\"70\" cy=\"52\" r=\"16\" " + ball + "/>";
  } else if (name == "terrain") {
    body = "<polygon points=\"5,85 5,65 30,50 55,62 80,42 105,58 135,48 135,85\" " + ground + "/>"
           "<polyline points=\"30,50 30,85 55,62 55,85 80,42 80,85 105,58 105,85\" fill=\"none\" stroke=\"#56606b\"/>"
           "<circle cx=\"80\" cy=\"27\" r=\"14\" " + ball + "/>";
  } else if (name == "concave_corners") {
    body = "<polygon points=\"15,85 15,20 40,20 40,62 130,62 130,85\" " + ground + "/>"
           "<circle cx=\"56\" cy=\"46\" r=\"16\" " + ball + "/>"
           "<circle cx=\"40\" cy=\"62\" r=\"3\" fill=\"#c0392b\"/>";
  } else if (name == "long_thin") {
    body = "<polygon points=\"5,72 135,66 135,74 5,78\" " + ground + "/>"
           "<line x1=\"5\" y1=\"72\" x2=\"135\" y2=\"74\" stroke=\"#c0392b\" stroke-width=\"1.5\"/>"
           "<circle cx=\"70\" cy=\"55\" r=\"15\" " + ball + "/>";
  } else if (name == "far") {
    body = "<line x1=\"8\" y1=\"88\" x2=\"28\" y2=\"88\" stroke=\"#333\"/><line x1=\"8\" y1=\"88\" x2=\"8\" y2=\"68\" "
           "stroke=\"#333\"/><text x=\"12\" y=\"64\" class=\"tiny\">0</text>"
           "<line x1=\"30\" y1=\"80\" x2=\"80\" y2=\"40\" stroke=\"#999\" stroke-dasharray=\"3,3\"/>"
           "<polygon points=\"70,62 100,54 132,62 100,70\" " + ground + "/>"
           "<circle cx=\"100\" cy=\"48\" r=\"10\" " + ball + "/><text x=\"40\" y=\"30\" class=\"tiny\">1e6 away</text>";
  } else {
    body = "<rect x=\"10\" y=\"30\" width=\"120\" height=\"40\" " + ground + "/>";
  }
  return "<figure><svg class=\"chart family\" xmlns=\"http://www.w3.org/2000/svg\" width=\"140\" height=\"95\" "
         "viewBox=\"0 0 140 95\">" + body + "</svg><figcaption>" + escape(name) + "</figcaption></figure>";
}

struct Bar {
  std::string label;
  double ratio = 0, lo = 0, hi = 0;
  std::optional<double> target;
  bool met = false, baseline = false;
};

std::optional<Bar> bar_of(const Table& t, const std::vector<std::string>& row) {
  auto col = [&](const char* name) -> const std::string* {
    for (std::size_t k = 0; k < t.header.size() && k < row.size(); ++k)
      if (t.header[k] == name) return &row[k];
    return nullptr;
  };
  const std::string *impl = col("implementation"), *set = col("input set"), *ratio = col("ratio"),
                    *target = col("target");
  if (!impl || !ratio) return std::nullopt;
  Bar b;
  b.label = *impl + (set ? " · " + *set : "");
  static const std::regex ratio_re("^([0-9.]+)x(?: \\(([0-9.]+)-([0-9.]+)\\))?");
  static const std::regex target_re("<= ([0-9.]+)x");
  std::smatch m;
  if (ratio->rfind("1 (baseline)", 0) == 0) {
    b.ratio = b.lo = b.hi = 1, b.baseline = true;
  } else if (std::regex_search(*ratio, m, ratio_re)) {
    b.ratio = std::stod(m[1].str());
    b.lo = m[2].matched ? std::stod(m[2].str()) : b.ratio;
    b.hi = m[3].matched ? std::stod(m[3].str()) : b.ratio;
  } else {
    return std::nullopt;  // an error row: nothing to draw
  }
  if (target && std::regex_search(*target, m, target_re)) {
    b.target = std::stod(m[1].str());
    b.met = target->find("missed") == std::string::npos;
  }
  return b;
}

std::string bar_chart(const Table& t) {
  std::vector<Bar> bars;
  for (const auto& r : t.rows)
    if (auto b = bar_of(t, r)) bars.push_back(*b);
  if (bars.empty()) return "";
  double lo = 0.1, hi = 10;
  for (const Bar& b : bars) {
    lo = std::min(lo, b.lo), hi = std::max(hi, b.hi);
    if (b.target) hi = std::max(hi, *b.target);
  }
  const double l0 = std::floor(std::log10(lo)), l1 = std::ceil(std::log10(hi * 1.05));
  const double label_w = 280, plot_w = 520, row_h = 20, top = 22;
  const double w = label_w + plot_w + 20, h = top + row_h * double(bars.size()) + 8;
  auto x_of = [&](double v) { return label_w + plot_w * (std::log10(std::max(v, 1e-9)) - l0) / (l1 - l0); };
  std::string o = "<svg class=\"chart bars\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(w) +
                  "\" height=\"" + num(h) + "\" viewBox=\"0 0 " + num(w) + " " + num(h) + "\">\n";
  for (double e = l0; e <= l1; ++e) {
    const double x = x_of(std::pow(10.0, e));
    char b[32];
    std::snprintf(b, sizeof b, "%gx", std::pow(10.0, e));
    o += "<line class=\"grid\" x1=\"" + num(x) + "\" y1=\"" + num(top - 4) + "\" x2=\"" + num(x) + "\" y2=\"" +
         num(h - 4) + "\"/><text class=\"tick\" x=\"" + num(x) + "\" y=\"" + num(top - 8) + "\">" + b + "</text>\n";
  }
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const double y = top + row_h * double(i);
    const std::string colour = b.baseline ? "#9aa5b1" : !b.target ? "#6aa2e6" : b.met ? "#4caf50" : "#e0554b";
    o += "<text class=\"row\" x=\"" + num(label_w - 6) + "\" y=\"" + num(y + 14) + "\">" + escape(b.label) +
         "</text>\n";
    o += "<rect x=\"" + num(label_w) + "\" y=\"" + num(y + 4) + "\" width=\"" +
         num(std::max(1.0, x_of(b.ratio) - label_w)) + "\" height=\"" + num(row_h - 8) + "\" fill=\"" + colour +
         "\"><title>" + escape(b.label) + ": " + num(b.ratio) + "x</title></rect>\n";
    if (b.hi > b.lo)
      o += "<line class=\"range\" x1=\"" + num(x_of(b.lo)) + "\" y1=\"" + num(y + 10) + "\" x2=\"" + num(x_of(b.hi)) +
           "\" y2=\"" + num(y + 10) + "\"/>\n";
    if (b.target)
      o += "<line class=\"target\" x1=\"" + num(x_of(*b.target)) + "\" y1=\"" + num(y + 1) + "\" x2=\"" +
           num(x_of(*b.target)) + "\" y2=\"" + num(y + row_h - 1) + "\"><title>target " + num(*b.target) +
           "x</title></line>\n";
  }
  return o + "</svg>\n";
}

constexpr const char* kStyle = R"(<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1150px; color: #222; }
table { border-collapse: collapse; margin: .5em 0 1em; font-size: 12px; }
td, th { border: 1px solid #ccc; padding: 2px 6px; text-align: left; }
code { background: #f2f2f2; padding: 0 3px; }
details { margin-bottom: 1em; }
svg text { font: 11px system-ui, sans-serif; }
svg text.row { text-anchor: end; }
svg text.val, svg text.tick { text-anchor: middle; }
svg text.tiny { font-size: 9px; }
svg line.grid { stroke: #e2e2e2; }
svg line.range { stroke: #222; stroke-width: 1.5; }
svg line.target { stroke: #111; stroke-width: 2.5; stroke-dasharray: 3,2; }
figure { display: inline-block; margin: 0 10px 8px 0; text-align: center; font-size: 12px; }
#problems { color: #b00020; }
</style>
)";

constexpr const char* kScript = R"(<script>
// Every chart must have drawn something inside its view.
window.addEventListener('load', function () {
  var charts = document.querySelectorAll('svg.chart'), bad = [];
  charts.forEach(function (s, i) {
    var b = s.getBBox(), shapes = s.querySelectorAll('rect, line, circle, polygon, polyline').length;
    if (!(b.width > 0 && b.height > 0 && shapes > 0)) bad.push('chart ' + i + ' (' + s.getAttribute('class') + ')');
  });
  document.body.setAttribute('data-charts', String(charts.length));
  document.body.setAttribute('data-ok', bad.length === 0 && charts.length > 0 ? '1' : '0');
  if (bad.length) document.getElementById('problems').textContent = 'Not drawn: ' + bad.join(', ');
});
</script>
)";

}  // namespace

std::string report_page(std::string_view markdown) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < markdown.size();) {
    const auto nl = markdown.find('\n', at);
    const auto end = nl == std::string_view::npos ? markdown.size() : nl;
    lines.emplace_back(markdown.substr(at, end - at));
    at = end + 1;
  }
  std::string body, section, title = "exactgeom report", para;
  auto flush_para = [&] {
    if (!para.empty()) body += "<p>" + inline_md(para) + "</p>\n";
    para.clear();
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.rfind("#", 0) == 0) {
      flush_para();
      const auto level = std::min<std::size_t>(l.find_first_not_of('#'), 6);
      const std::string text = l.substr(std::min(l.size(), level + 1));
      if (level == 1) title = text;
      if (level <= 2) section = text;
      body += "<h" + std::to_string(level) + ">" + inline_md(text) + "</h" + std::to_string(level) + ">\n";
    } else if (l.rfind("|", 0) == 0) {
      flush_para();
      Table t;
      t.header = cells_of(l);
      std::size_t j = i + 1;
      if (j < lines.size() && lines[j].rfind("| ---", 0) == 0) ++j;
      for (; j < lines.size() && lines[j].rfind("|", 0) == 0; ++j) t.rows.push_back(cells_of(lines[j]));
      i = j - 1;
      const bool speed = std::find(t.header.begin(), t.header.end(), "ratio") != t.header.end() &&
                         std::find(t.header.begin(), t.header.end(), "target") != t.header.end();
      const bool accuracy = !t.header.empty() && t.header[0] == "algorithm" && section.rfind("Accuracy", 0) == 0;
      if (speed) {
        body += bar_chart(t) + table_html(t);
      } else if (accuracy) {
        if (section.find("meshes") != std::string::npos) {
          body += "<div class=\"families\">";
          for (std::size_t k = 1; k < t.header.size(); ++k) body += family_drawing(t.header[k]);
          body += "</div>\n";
        }
        body += heat_map(t) + "<details><summary>the table</summary>" + table_html(t) + "</details>\n";
      } else {
        body += table_html(t);
      }
    } else if (l.empty()) {
      flush_para();
    } else {
      para += (para.empty() ? "" : " ") + l;
    }
  }
  flush_para();
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title) + "</title>\n" +
         kStyle + "</head>\n<body>\n<div id=\"problems\"></div>\n" + body + kScript + "</body></html>\n";
}

}  // namespace exactgeom::tool

// src/query_format/query_line.hpp: the one writer of the query format
// (docs/queries.md). eval writes its answer lines with it and the audit the
// query lines of its counterexamples, so a scalar, a point or a shape is
// spelled the same way everywhere: a double as C's exact hex float ("%a"),
// any other rational as "p/q" in lowest terms, both quoted; shapes as the
// format names them ({"seg": [a, b], "r": r}, {"box": ...}, {"mesh": ...}).
//
// The reader is eval's (internal/query/json.hpp). Writing is the only thing
// done here: Line appends to a caller's string, with the commas between
// members and elements placed for it; nothing is allocated but the string.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace exactgeom::query_format {

/// C's "%a" form of a double, exact ("0x1.8p+1", "0x0p+0", "-0x0p+0").
std::string hex(double v);
/// q in lowest terms, "p/q", or "p" when the denominator is 1 ("-3/2", "0", "-7").
std::string rational(const mpq_class& q);

/// Appends one JSON value at a time to `out`. Members are written as
/// key(...) then one value; elements of an array as values. The writer
/// places the commas, so a member or element is written the same way
/// whether it is first or not. Nesting deeper than 63 is a programming
/// error (the format's lines are at most a few levels deep).
class Line {
 public:
  /// How a rational that is exactly a double is written: as its hex float
  /// (the default: what the audit's case values are), or as "p/q".
  enum class Rationals : std::uint8_t { hex_when_double, fractions };

  explicit Line(std::string& out, Rationals r = Rationals::hex_when_double) : out_(out), rationals_(r) {}
  /// A writer that continues the members of an object already opened in
  /// `out` that has at least one member (eval's ops append to an answer
  /// line whose "op" member is written).
  static Line continuing_object(std::string& out) {
    Line w(out);
    w.depth_ = 1;
    w.used_ = 2;
    return w;
  }

  Line& open() { return begin('{'); }
  Line& close() { return end('}'); }
  Line& open_array() { return begin('['); }
  Line& close_array() { return end(']'); }
  /// `"k":` (after a comma unless it is the object's first member).
  Line& key(std::string_view k);

  /// The JSON string s, quoted, with '"', '\\' and control characters escaped.
  Line& string(std::string_view s);
  /// A JSON text written elsewhere (an "id" copied from the input line).
  Line& raw(std::string_view json);
  Line& boolean(bool b) { return raw(b ? "true" : "false"); }
  Line& null() { return raw("null"); }
  Line& integer(std::int64_t v);
  Line& unsigned_integer(std::uint64_t v);
  /// A double as a quoted hex float.
  Line& hex(double v);
  /// A rational as a quoted "p/q" (lowest terms).
  Line& rational(const mpq_class& q);
  /// A scalar of a query: v as `hex`; a rational as `hex` when it is
  /// exactly a double and the writer writes them so, else as `rational`.
  Line& scalar(double v) { return hex(v); }
  Line& scalar(const mpq_class& q);

  /// [c[at], ..., c[at + dim - 1]] as scalars.
  template <class T>
  Line& point(std::span<const T> c, std::size_t at, int dim) {
    open_array();
    for (int i = 0; i < dim; ++i) scalar(c[at + static_cast<std::size_t>(i)]);
    return close_array();
  }
  /// [point, ..., point]: n consecutive points of `dim` scalars from `at`.
  template <class T>
  Line& points(std::span<const T> c, std::size_t at, std::size_t n, int dim) {
    open_array();
    for (std::size_t i = 0; i < n; ++i) point(c, at + i * static_cast<std::size_t>(dim), dim);
    return close_array();
  }
  /// A list of doubles as hex floats ([x, y, z] of a normal).
  Line& hex_vector(std::span<const double> v);

  // The shapes of the format, read from flat coordinates as the audit keeps
  // its cases (T is double or mpq_class):
  /// {"seg": [a, b], "r": r}: a, b and r from `at` (a capsule, ball, segment
  /// or point of `dim` dimensions).
  template <class T>
  Line& capsule(std::span<const T> c, std::size_t at, int dim) {
    const auto d = static_cast<std::size_t>(dim);
    open().key("seg").points(c, at, 2, dim);
    return key("r").scalar(c[at + 2 * d]).close();
  }
  /// {"tri": [a, b, c]}: three 3-D points from `at`.
  template <class T>
  Line& triangle(std::span<const T> c, std::size_t at) {
    return open().key("tri").points(c, at, 3, 3).close();
  }
  /// {"box": {"c": centre, "axes": [dim axes], "h": half extents}, "r": r}:
  /// the centre, axes, half extents and radius from `at`; with
  /// `omit_zero_radius` a radius of 0 is not written.
  template <class T>
  Line& box(std::span<const T> c, std::size_t at, int dim, bool omit_zero_radius = false) {
    const auto d = static_cast<std::size_t>(dim);
    open().key("box").open().key("c").point(c, at, dim);
    key("axes").points(c, at + d, d, dim);
    key("h").point(c, at + d + d * d, dim).close();
    const T& r = c[at + 2 * d + d * d];
    if (!omit_zero_radius || r != 0) key("r").scalar(r);
    return close();
  }
  /// {"poly": [...], "r": r} in 2-D, {"hull": [...], "r": r} in 3-D: n
  /// points from `at`, then the radius.
  template <class T>
  Line& hull(std::span<const T> c, std::size_t at, std::size_t n, int dim) {
    open().key(dim == 2 ? "poly" : "hull").points(c, at, n, dim);
    return key("r").scalar(c[at + n * static_cast<std::size_t>(dim)]).close();
  }
  /// {"mesh": {"v": [...], "f": [[i, j, k], ...]}}.
  Line& mesh(std::span<const std::array<double, 3>> v, std::span<const std::array<std::uint32_t, 3>> f);
  /// {"chain": [[x, y], ...], "loop": loop}: the first two coordinates of each vertex.
  Line& chain(std::span<const std::array<double, 3>> v, bool loop);

  /// Opens the line's object and writes its "op" member.
  Line& op(std::string_view name) { return open().key("op").string(name); }

 private:
  Line& begin(char c);
  Line& end(char c);
  void before_value();
  void put_string(std::string_view s);

  std::string& out_;
  Rationals rationals_;
  int depth_ = 0;
  std::uint64_t used_ = 0;  // bit d: the container at depth d holds a member or element
  bool after_key_ = false;
};

}  // namespace exactgeom::query_format

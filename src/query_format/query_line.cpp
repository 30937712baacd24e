#include "query_format/query_line.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace exactgeom::query_format {

std::string hex(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%a", v);
  return b;
}

std::string rational(const mpq_class& q) {
  mpq_class c = q;
  c.canonicalize();
  return c.get_str(10);
}

void Line::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (depth_ == 0) return;
  const std::uint64_t bit = std::uint64_t{1} << depth_;
  if (used_ & bit) out_ += ',';
  used_ |= bit;
}

Line& Line::begin(char c) {
  before_value();
  out_ += c;
  ++depth_;
  used_ &= ~(std::uint64_t{1} << depth_);
  return *this;
}

Line& Line::end(char c) {
  --depth_;
  out_ += c;
  return *this;
}

Line& Line::key(std::string_view k) {
  before_value();
  put_string(k);
  out_ += ':';
  after_key_ = true;
  return *this;
}

Line& Line::string(std::string_view s) {
  before_value();
  put_string(s);
  return *this;
}

void Line::put_string(std::string_view s) {
  out_ += '"';
  for (char c : s) {
    switch (c) {
      case '"': out_ += "\\\""; break;
      case '\\': out_ += "\\\\"; break;
      case '\n': out_ += "\\n"; break;
      case '\t': out_ += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out_ += buf;
        } else {
          out_ += c;
        }
    }
  }
  out_ += '"';
}

Line& Line::raw(std::string_view json) {
  before_value();
  out_ += json;
  return *this;
}

Line& Line::integer(std::int64_t v) {
  char b[24];
  const auto r = std::to_chars(b, b + sizeof b, v);
  return raw(std::string_view(b, static_cast<std::size_t>(r.ptr - b)));
}

Line& Line::unsigned_integer(std::uint64_t v) {
  char b[24];
  const auto r = std::to_chars(b, b + sizeof b, v);
  return raw(std::string_view(b, static_cast<std::size_t>(r.ptr - b)));
}

Line& Line::hex(double v) {
  before_value();
  char b[40];
  const int n = std::snprintf(b, sizeof b, "\"%a\"", v);
  out_.append(b, static_cast<std::size_t>(n));
  return *this;
}

Line& Line::rational(const mpq_class& q) {
  before_value();
  out_ += '"';
  out_ += query_format::rational(q);
  out_ += '"';
  return *this;
}

Line& Line::scalar(const mpq_class& q) {
  if (rationals_ == Rationals::hex_when_double) {
    const double d = q.get_d();  // truncated: equal to q exactly when q is a double
    if (std::isfinite(d) && mpq_class(d) == q) return hex(d);
  }
  return rational(q);
}

Line& Line::hex_vector(std::span<const double> v) {
  open_array();
  for (double x : v) hex(x);
  return close_array();
}

Line& Line::mesh(std::span<const std::array<double, 3>> v, std::span<const std::array<std::uint32_t, 3>> f) {
  open().key("mesh").open().key("v").open_array();
  for (const auto& p : v) point(std::span<const double>(p), 0, 3);
  close_array().key("f").open_array();
  for (const auto& t : f) open_array().unsigned_integer(t[0]).unsigned_integer(t[1]).unsigned_integer(t[2]).close_array();
  return close_array().close().close();
}

Line& Line::chain(std::span<const std::array<double, 3>> v, bool loop) {
  open().key("chain").open_array();
  for (const auto& p : v) point(std::span<const double>(p), 0, 2);
  return close_array().key("loop").boolean(loop).close();
}

}  // namespace exactgeom::query_format

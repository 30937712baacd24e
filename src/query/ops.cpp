#include "ops.hpp"

#include <array>

#include "exactgeom/exactgeom.hpp"
#include "scalar.hpp"

namespace exactgeom::query {

namespace {

struct Fields {
  const JsonReader& r;
  const JsonNode& root;

  const JsonNode& need(std::string_view name) const {
    const JsonNode* n = r.member(root, name);
    if (!n) throw FieldError{"missing field \"" + std::string(name) + "\""};
    return *n;
  }
};

/// A field's name for error messages, built only when there is an error.
struct Path {
  std::string_view base;
  int index = -1;  // element of the array `base`, or -1
  std::string str() const {
    std::string s(base);
    if (index >= 0) s += "[" + std::to_string(index) + "]";
    return s;
  }
};

Scalar read_scalar(const JsonNode& n, const Path& path) {
  try {
    if (n.type == JsonNode::Type::number) return parse_json_number(n.text);
    if (n.type == JsonNode::Type::string) return parse_scalar_string(n.text);
  } catch (const ScalarError& e) {
    throw FieldError{path.str() + ": " + e.what};
  }
  throw FieldError{path.str() + ": expected a number or a numeric string"};
}

/// A point of `dim` coordinates (2 or 3) into out[0..dim).
void read_point(const JsonReader& r, const JsonNode& n, std::string_view path, int dim,
                Scalar* out) {
  if (n.type != JsonNode::Type::array || (n.count != 2 && n.count != 3))
    throw FieldError{std::string(path) + ": expected a point (an array of 2 or 3 numbers)"};
  if (static_cast<int>(n.count) != dim)
    throw FieldError{std::string(path) + ": expected a " + std::to_string(dim) +
                     "-D point, got " + std::to_string(n.count) + "-D"};
  std::uint32_t c = n.first_child;
  for (int i = 0; i < dim; ++i, c = r.node(c).next_sibling)
    out[i] = read_scalar(r.node(c), Path{path, i});
}

bool all_double(const Scalar* s, int n) {
  for (int i = 0; i < n; ++i)
    if (!s[i].is_double()) return false;
  return true;
}

void append_sign(std::string& out, Sign s) {
  out += ",\"sign\":";
  out += s == Sign::positive ? "1" : (s == Sign::negative ? "-1" : "0");
}

/// Reads `names` as points of dimension D and calls f with Point<D, double>
/// or Point<D, mpq_class> arrays.
template <int D, std::size_t K, class F>
void with_points(const Fields& q, const std::array<const char*, K>& names, F f) {
  Scalar s[K * D];
  for (std::size_t i = 0; i < K; ++i)
    read_point(q.r, q.need(names[i]), names[i], D, s + i * D);
  auto make = [&](auto tag) {
    using T = decltype(tag);
    using P = std::conditional_t<D == 2, Point2<T>, Point3<T>>;
    std::array<P, K> p;
    for (std::size_t i = 0; i < K; ++i) {
      auto get = [&](int j) {
        if constexpr (std::is_same_v<T, double>) return s[i * D + j].d;
        else return s[i * D + j].to_mpq();
      };
      if constexpr (D == 2) p[i] = P{get(0), get(1)};
      else p[i] = P{get(0), get(1), get(2)};
    }
    f(p);
  };
  if (all_double(s, static_cast<int>(K * D))) make(double{});
  else make(mpq_class{});
}

}  // namespace

void answer_op(const JsonReader& r, const JsonNode& root, std::string_view op, std::string& out) {
  const Fields q{r, root};
  if (op == "orient2d") {
    with_points<2>(q, std::array{"a", "b", "c"},
                   [&](const auto& p) { append_sign(out, orient2d(p[0], p[1], p[2])); });
  } else if (op == "orient3d") {
    with_points<3>(q, std::array{"a", "b", "c", "d"},
                   [&](const auto& p) { append_sign(out, orient3d(p[0], p[1], p[2], p[3])); });
  } else if (op == "incircle") {
    with_points<2>(q, std::array{"a", "b", "c", "d"},
                   [&](const auto& p) { append_sign(out, incircle(p[0], p[1], p[2], p[3])); });
  } else if (op == "insphere") {
    with_points<3>(q, std::array{"a", "b", "c", "d", "e"}, [&](const auto& p) {
      append_sign(out, insphere(p[0], p[1], p[2], p[3], p[4]));
    });
  } else {
    throw FieldError{"unknown op \"" + std::string(op) + "\""};
  }
}

}  // namespace exactgeom::query

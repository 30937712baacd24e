#include "json.hpp"

#include <algorithm>

namespace exactgeom::query {

using simdjson::error_code;
namespace od = simdjson::ondemand;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string excerpt(std::string_view s, std::size_t max) {
  if (s.size() <= max) return std::string(s);
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // continuation byte
  return std::string(s.substr(0, n)) + "...";
}

bool is_json_number(std::string_view t) {
  std::size_t i = 0;
  const std::size_t n = t.size();
  if (i < n && t[i] == '-') ++i;
  if (i >= n) return false;
  if (t[i] == '0') {
    ++i;
  } else if (is_digit(t[i])) {
    while (i < n && is_digit(t[i])) ++i;
  } else {
    return false;
  }
  if (i < n && t[i] == '.') {
    ++i;
    if (i >= n || !is_digit(t[i])) return false;
    while (i < n && is_digit(t[i])) ++i;
  }
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
    if (i >= n || !is_digit(t[i])) return false;
    while (i < n && is_digit(t[i])) ++i;
  }
  return i == n;
}

/// One walk over a line: every value is visited (so simdjson validates it),
/// the part an op can read is stored in nodes_. Recursion is bounded by
/// kMaxDepth containers, so no input can exhaust the stack.
struct JsonReader::Walk {
  JsonReader& r;
  od::document& doc;
  std::string error;  // set with a message of our own; else the simdjson code says

  // Only what an op can read is stored: values down to kStoreDepth (a
  // coordinate of a box's axis: root, field, "box", "axes", vector, scalar)
  // and at most three elements per array (the longest point, segment or
  // triangle; four in a ccd's "t0" and "t1") -- except the point lists of "poly" and "hull", which keep up
  // to kMaxListed (the most a shape may list), and the lists of a mesh or
  // chain ("v", "f", "chain"), kMaxMeshListed. Everything else is validated
  // only, so a huge array in an ignored field costs no memory beyond the
  // line itself; what is stored is at most one node per value of the line.
  static constexpr int kStoreDepth = 6;
  static constexpr std::uint32_t kMaxListed = 256;
  // A mesh's "v" and "f" and a chain's points: one more than the limit of
  // an inline mesh (internal/query/meshes.hpp), so that ops can tell a list
  // over the limit (its count) from one at it.
  static constexpr std::uint32_t kMaxMeshListed = 65537;

  error_code fail(std::string msg) {
    error = std::move(msg);
    return simdjson::TAPE_ERROR;
  }

  std::uint32_t add(JsonNode::Type type, std::string_view key) {
    const auto index = static_cast<std::uint32_t>(r.nodes_.size());
    r.nodes_.push_back(JsonNode{type, key, {}, 0, 0, 0});
    return index;
  }

  /// Checks the keys of one object, keys_[from..end), for a repeated key.
  error_code check_keys(std::size_t from) {
    auto first = r.keys_.begin() + static_cast<std::ptrdiff_t>(from), last = r.keys_.end();
    const std::size_t n = r.keys_.size() - from;
    std::string_view dup;  // may be the empty key
    bool found = false;
    if (n <= 8) {
      for (auto i = first; i != last && !found; ++i)
        for (auto j = i + 1; j != last && !found; ++j)
          if (*i == *j) {
            found = true;
            dup = *i;
          }
    } else {
      std::sort(first, last);
      const auto it = std::adjacent_find(first, last);
      if (it != last) {
        found = true;
        dup = *it;
      }
    }
    if (found) return fail("bad JSON: key \"" + excerpt(dup) + "\" appears twice in one object");
    r.keys_.resize(from);
    return simdjson::SUCCESS;
  }

  /// Visits value v, at nesting `depth` when it is a container (the root
  /// object is 1). When `prev` is not null the value is stored as the next
  /// child of node `parent` after node *prev (0: the first child).
  error_code visit(od::value v, std::string_view key, int depth, std::uint32_t parent,
                   std::uint32_t* prev) {
    od::json_type t;
    if (auto e = v.type().get(t)) return e;
    const bool store = prev != nullptr;
    std::uint32_t index = 0;
    auto link = [&](JsonNode::Type type) {
      index = add(type, key);
      if (*prev == 0) r.nodes_[parent].first_child = index;
      else r.nodes_[*prev].next_sibling = index;
      *prev = index;
    };
    switch (t) {
      case od::json_type::object:
      case od::json_type::array: {
        if (depth > kMaxDepth)
          return fail("bad JSON: nested deeper than " + std::to_string(kMaxDepth) + " levels");
        const bool is_object = t == od::json_type::object;
        if (store) link(is_object ? JsonNode::Type::object : JsonNode::Type::array);
        return is_object ? visit_object(v, depth, store, index) : visit_array(v, key, depth, store, index);
      }
      case od::json_type::string: {
        std::string_view s;
        if (auto e = v.get_string().get(s)) return e;
        if (store) {
          link(JsonNode::Type::string);
          r.nodes_[index].text = s;
        }
        return simdjson::SUCCESS;
      }
      case od::json_type::number: {
        // simdjson hands over the raw token unchecked: `01`, `1.`, `-.5` and
        // `-nan(e)` all arrive here. The grammar is checked before anything
        // reads the number.
        const std::string_view raw = trim(v.raw_json_token());
        if (!is_json_number(raw)) return fail("bad JSON: malformed number " + excerpt(raw));
        if (store) {
          link(JsonNode::Type::number);
          r.nodes_[index].text = raw;
        }
        return simdjson::SUCCESS;
      }
      case od::json_type::boolean: {
        bool b;
        if (auto e = v.get_bool().get(b)) return e;
        if (store) {
          link(JsonNode::Type::boolean);
          r.nodes_[index].text = b ? "true" : "false";
        }
        return simdjson::SUCCESS;
      }
      case od::json_type::null: {
        // is_null() by error code: its bool conversion throws on a malformed
        // atom (found by fuzz/query_fuzz).
        bool is_null = false;
        if (auto e = v.is_null().get(is_null)) return e;
        if (!is_null) return simdjson::N_ATOM_ERROR;
        if (store) link(JsonNode::Type::null);
        return simdjson::SUCCESS;
      }
    }
    return simdjson::INCORRECT_TYPE;
  }

  error_code visit_object(od::value v, int depth, bool store, std::uint32_t index) {
    od::object obj;
    if (auto e = v.get_object().get(obj)) return e;
    const std::size_t keys_from = r.keys_.size();
    const bool store_children = store && depth < kStoreDepth;
    std::uint32_t prev = 0;
    for (auto field : obj) {
      std::string_view k;
      if (auto e = field.unescaped_key().get(k)) return e;
      r.keys_.push_back(k);
      od::value fv;
      if (auto e = field.value().get(fv)) return e;
      if (depth == 1 && k == "id") {
        // Echoed verbatim: validated like any value, then its raw text kept.
        const char* begin = fv.raw_json_token().data();
        if (auto e = visit(fv, k, depth + 1, 0, nullptr)) return e;
        const char* end = nullptr;
        if (auto e = doc.current_location().get(end)) return e;
        r.id_ = trim(std::string_view(begin, static_cast<std::size_t>(end - begin)));
        // A scalar is not consumed by visit(): its raw token is the text.
        if (r.id_.empty() || end <= begin) r.id_ = trim(fv.raw_json_token());
        continue;
      }
      if (auto e = visit(fv, k, depth + 1, index, store_children ? &prev : nullptr))
        return e;
      if (store) ++r.nodes_[index].count;
    }
    return check_keys(keys_from);
  }

  error_code visit_array(od::value v, std::string_view key, int depth, bool store, std::uint32_t index) {
    od::array arr;
    if (auto e = v.get_array().get(arr)) return e;
    std::uint32_t prev = 0, count = 0;
    const std::uint32_t keep = key == "poly" || key == "hull" ? kMaxListed
                               : key == "v" || key == "f" || key == "chain" ? kMaxMeshListed
                               : key == "t0" || key == "t1"                 ? 4  // a ccd's four points
                                                                            : 3;
    for (auto elem : arr) {
      od::value ev;
      if (auto e = elem.get(ev)) return e;
      const bool store_child = store && depth < kStoreDepth && count < keep;
      if (auto e = visit(ev, {}, depth + 1, index, store_child ? &prev : nullptr)) return e;
      ++count;
    }
    if (store) r.nodes_[index].count = count;
    return simdjson::SUCCESS;
  }
};

bool JsonReader::parse(std::string_view line, std::string& error) {
  nodes_.clear();
  keys_.clear();
  id_ = {};
  buffer_.assign(line);
  buffer_.resize(line.size() + simdjson::SIMDJSON_PADDING, ' ');
  od::document doc;
  auto fail = [&](error_code e) {
    error = std::string("bad JSON: ") + simdjson::error_message(e);
    id_ = {};
    return false;
  };
  if (auto e = parser_.iterate(buffer_.data(), line.size(), buffer_.size()).get(doc)) return fail(e);
  od::json_type t;
  if (auto e = doc.type().get(t)) return fail(e);
  if (t != od::json_type::object) {
    error = "not a JSON object (a query is one object per line)";
    return false;
  }
  od::value v;
  if (auto e = doc.get_value().get(v)) return fail(e);
  Walk walk{*this, doc, {}};
  nodes_.push_back(JsonNode{JsonNode::Type::object, {}, {}, 0, 0, 0});
  // The walk uses error codes throughout; the catch is a second line of
  // defence so that no input can end a run (the query fuzzer found one).
  try {
    if (auto e = walk.visit_object(v, 1, true, 0)) {
      if (walk.error.empty()) return fail(e);
      error = std::move(walk.error);
      id_ = {};
      return false;
    }
  } catch (const simdjson::simdjson_error& e) {
    return fail(e.error());
  }
  if (!doc.current_location().error()) {  // a location inside: content is left
    error = "bad JSON: trailing content after the object";
    id_ = {};
    return false;
  }
  return true;
}

const JsonNode* JsonReader::member(const JsonNode& obj, std::string_view key) const {
  for (std::uint32_t c = obj.first_child; c != 0; c = nodes_[c].next_sibling)
    if (nodes_[c].key == key) return &nodes_[c];
  return nullptr;
}

const JsonNode& JsonReader::element(const JsonNode& arr, std::uint32_t i) const {
  std::uint32_t c = arr.first_child;
  while (i-- > 0) c = nodes_[c].next_sibling;
  return nodes_[c];
}

}  // namespace exactgeom::query

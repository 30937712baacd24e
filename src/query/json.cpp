#include "json.hpp"

namespace exactgeom::query {

using simdjson::error_code;
namespace od = simdjson::ondemand;

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}
}  // namespace

error_code JsonReader::build(od::value v, std::string_view key, std::uint32_t& index) {
  index = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(JsonNode{JsonNode::Type::null, key, {}, 0, 0, 0});
  od::json_type t;
  if (auto e = v.type().get(t)) return e;
  auto link = [this, index](std::uint32_t& prev, std::uint32_t child) {
    if (prev == 0) nodes_[index].first_child = child;
    else nodes_[prev].next_sibling = child;
    prev = child;
    ++nodes_[index].count;
  };
  switch (t) {
    case od::json_type::object: {
      nodes_[index].type = JsonNode::Type::object;
      od::object obj;
      if (auto e = v.get_object().get(obj)) return e;
      std::uint32_t prev = 0;
      for (auto field : obj) {
        std::string_view k;
        if (auto e = field.unescaped_key().get(k)) return e;
        od::value fv;
        if (auto e = field.value().get(fv)) return e;
        std::uint32_t child = 0;
        if (k == "id") {
          // Echoed verbatim: keep the raw JSON text of the value.
          child = static_cast<std::uint32_t>(nodes_.size());
          nodes_.push_back(JsonNode{JsonNode::Type::null, k, {}, 0, 0, 0});
          od::json_type it;
          if (auto e = fv.type().get(it)) return e;
          std::string_view raw;
          if (it == od::json_type::array) {
            od::array a;
            if (auto e = fv.get_array().get(a)) return e;
            if (auto e = a.raw_json().get(raw)) return e;
          } else if (it == od::json_type::object) {
            od::object o;
            if (auto e = fv.get_object().get(o)) return e;
            if (auto e = o.raw_json().get(raw)) return e;
          } else {
            raw = trim(fv.raw_json_token());
            if (it == od::json_type::string) {
              std::string_view s;
              if (auto e = fv.get_string().get(s)) return e;
            } else if (it == od::json_type::number) {
              // Kept as raw text: any size, echoed as written.
            } else if (it == od::json_type::boolean) {
              bool b;
              if (auto e = fv.get_bool().get(b)) return e;
            } else {
              // is_null() by error code: its bool conversion throws on a
              // malformed atom (found by fuzz/query_fuzz).
              bool is_null = false;
              if (auto e = fv.is_null().get(is_null)) return e;
              if (!is_null) return simdjson::INCORRECT_TYPE;
            }
          }
          nodes_[child].text = raw;
        } else if (auto e = build(fv, k, child)) {
          return e;
        }
        link(prev, child);
      }
      return simdjson::SUCCESS;
    }
    case od::json_type::array: {
      nodes_[index].type = JsonNode::Type::array;
      od::array arr;
      if (auto e = v.get_array().get(arr)) return e;
      std::uint32_t prev = 0;
      for (auto elem : arr) {
        od::value ev;
        if (auto e = elem.get(ev)) return e;
        std::uint32_t child = 0;
        if (auto e = build(ev, {}, child)) return e;
        link(prev, child);
      }
      return simdjson::SUCCESS;
    }
    case od::json_type::string: {
      nodes_[index].type = JsonNode::Type::string;
      std::string_view s;
      if (auto e = v.get_string().get(s)) return e;
      nodes_[index].text = s;
      return simdjson::SUCCESS;
    }
    case od::json_type::number: {
      nodes_[index].type = JsonNode::Type::number;
      // The raw token, for exact reading; its grammar is checked there.
      nodes_[index].text = trim(v.raw_json_token());
      return simdjson::SUCCESS;
    }
    case od::json_type::boolean: {
      nodes_[index].type = JsonNode::Type::boolean;
      bool b;
      if (auto e = v.get_bool().get(b)) return e;
      nodes_[index].text = b ? "true" : "false";
      return simdjson::SUCCESS;
    }
    case od::json_type::null: {
      bool is_null = false;
      if (auto e = v.is_null().get(is_null)) return e;
      if (!is_null) return simdjson::N_ATOM_ERROR;
      return simdjson::SUCCESS;
    }
  }
  return simdjson::INCORRECT_TYPE;
}

bool JsonReader::parse(std::string_view line, std::string& error) {
  nodes_.clear();
  buffer_.assign(line);
  buffer_.resize(line.size() + simdjson::SIMDJSON_PADDING, ' ');
  od::document doc;
  auto fail = [&](error_code e) {
    error = std::string("bad JSON: ") + simdjson::error_message(e);
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
  std::uint32_t root = 0;
  // build() uses error codes throughout; the catch is a second line of
  // defence so that no input can end a run (the query fuzzer found one).
  try {
    if (auto e = build(v, {}, root)) return fail(e);
  } catch (const simdjson::simdjson_error& e) {
    return fail(e.error());
  }
  if (!doc.current_location().error()) {  // a location inside: content is left
    error = "bad JSON: trailing content after the object";
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

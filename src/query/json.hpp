// src/query/json.hpp: one JSON line read fully (and so fully validated) by
// simdjson's On-Demand parser into a small tree that keeps every number's raw
// text, so that integers of any size and decimals are read exactly later.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace exactgeom::query {

struct JsonNode {
  enum class Type : std::uint8_t { object, array, string, number, boolean, null } type;
  std::string_view key;   // member name when the parent is an object
  std::string_view text;  // raw number text, unescaped string, or raw JSON of "id"
  std::uint32_t first_child = 0, next_sibling = 0, count = 0;  // 0 = none (root is 0)
};

/// Parses lines into JsonNode trees; one per thread (holds simdjson's buffers).
class JsonReader {
 public:
  /// Parses `line`; on failure returns false and sets `error`.
  bool parse(std::string_view line, std::string& error);
  const JsonNode& root() const { return nodes_[0]; }
  const JsonNode& node(std::uint32_t i) const { return nodes_[i]; }
  /// The member `key` of object node `obj`, or nullptr.
  const JsonNode* member(const JsonNode& obj, std::string_view key) const;
  /// The i-th element of array node `arr` (i < count).
  const JsonNode& element(const JsonNode& arr, std::uint32_t i) const;

 private:
  simdjson::error_code build(simdjson::ondemand::value v, std::string_view key,
                             std::uint32_t& index);
  simdjson::ondemand::parser parser_;
  std::string buffer_;
  std::vector<JsonNode> nodes_;
};

}  // namespace exactgeom::query

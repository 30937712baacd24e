// internal/query/json.hpp: one query line validated in full as RFC 8259 JSON and
// read into a small tree that keeps every number's raw text, so that integers
// of any size and decimals are read exactly later (docs/queries.md).
//
// simdjson's On-Demand parser does the work (structure, strings, escapes,
// UTF-8, literals); it skips what it is not asked for, so this reader walks
// every value of the line, and adds what simdjson leaves to its caller: the
// number grammar (raw tokens such as `01` or `-nan(e)` reach us unchecked),
// repeated keys, and the nesting limit. Only the part of the tree an op can
// read is stored (JsonReader::Walk), so a line's memory is a small multiple
// of its length whatever it holds in ignored fields.
//
// Why not simdjson's DOM parser: it validates numbers but converts them
// (integers beyond 64 bits are an error there, decimals lose their text),
// and neither API reports repeated keys.
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
  /// Deepest nesting accepted: the line's object is level 1 (docs/queries.md).
  static constexpr int kMaxDepth = 64;

  /// Parses `line`; on failure returns false and sets `error`.
  bool parse(std::string_view line, std::string& error);
  const JsonNode& root() const { return nodes_[0]; }
  const JsonNode& node(std::uint32_t i) const { return nodes_[i]; }
  /// The member `key` of object node `obj`, or nullptr. Members an op never
  /// reads are validated but not stored, so they are not found here.
  const JsonNode* member(const JsonNode& obj, std::string_view key) const;
  /// The i-th element of array node `arr` (i < min(count, 3): longer arrays
  /// keep their count but only their first three elements, except the point
  /// lists of "poly" and "hull", which keep 256, and of a mesh or chain ("v",
  /// "f", "chain"), which keep 65537; walk those by next_sibling).
  const JsonNode& element(const JsonNode& arr, std::uint32_t i) const;
  /// The raw JSON text of the root's "id" member, or empty when it has none.
  std::string_view id() const { return id_; }

 private:
  struct Walk;
  simdjson::ondemand::parser parser_;
  std::string buffer_;
  std::vector<JsonNode> nodes_;
  std::vector<std::string_view> keys_;  // keys of the objects being read, innermost last
  std::string_view id_;
};

/// True when `text` is a number by the grammar of RFC 8259, section 6:
/// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view text);

/// At most `max` bytes of `s` (valid UTF-8, as every string of a parsed line
/// is), cut at a character boundary and marked "...": input quoted in an
/// error message keeps the answer line short and valid UTF-8.
std::string excerpt(std::string_view s, std::size_t max = 40);

}  // namespace exactgeom::query

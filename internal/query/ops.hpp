// internal/query/ops.hpp: reading the fields of a query and answering its op.
#pragma once

#include <string>
#include <string_view>

#include "json.hpp"
#include "meshes.hpp"

namespace exactgeom::query {

/// A query that cannot be answered; `what` names the field.
struct FieldError {
  std::string what;
};

/// Appends the answer fields of `op` (",\"sign\":1" and so on) to `out`.
/// `named`: the meshes of the run (--mesh), or null. Throws FieldError,
/// ScalarError or invalid_input.
void answer_op(const JsonReader& r, const JsonNode& root, std::string_view op, std::string& out,
               const NamedMeshes* named = nullptr);

}  // namespace exactgeom::query

// internal/query/ops.hpp: reading the fields of a query and answering its op.
#pragma once

#include <string>
#include <string_view>

#include "exactgeom/detail/convex_core.hpp"
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

/// The engine's core of a query's shape `n` (docs/queries.md "Shapes"), as
/// contact and sweep hand it to the engine; `path` names it in errors.
/// Throws FieldError, ScalarError or invalid_input. (For the test that the
/// public API, eval and the audit build equal cores.)
detail::cvx::Core shape_core(const JsonReader& r, const JsonNode& n, const std::string& path);

}  // namespace exactgeom::query

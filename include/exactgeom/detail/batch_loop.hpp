// exactgeom/detail/batch_loop.hpp: the loop of the array entry points
// (shape_batch.hpp, convex_batch.hpp): inputs of n elements or one (used for
// every i), and errors that name the item.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "exactgeom/geometry.hpp"

namespace exactgeom::detail::batch {

/// The item count n of a call whose inputs have n or 1 elements (n: the
/// output's size); invalid_input otherwise.
template <class... S>
std::size_t items(const char* call, std::size_t n, const S&... inputs) {
  for (const std::size_t k : {inputs.size()...})
    if (k != n && k != 1)
      throw invalid_input(std::string(call) + ": an input has " + std::to_string(k) + " elements; each must have " +
                          std::to_string(n) + " (the output's size) or 1");
  return n;
}

/// Element i of an input of n elements or of one.
template <class T>
const T& at(std::span<const T> s, std::size_t i) {
  return s.size() == 1 ? s[0] : s[i];
}

/// Runs f(i) for i < n, naming the item in an invalid_input it throws.
/// Items before it are done; nothing after it is.
template <class F>
void each(const char* call, std::size_t n, F&& f) {
  std::size_t i = 0;
  try {
    for (; i < n; ++i) f(i);
  } catch (const invalid_input& e) {
    throw invalid_input(std::string(call) + ": item " + std::to_string(i) + ": " + e.what());
  }
}

}  // namespace exactgeom::detail::batch

// exactgeom/detail/batch_loop.hpp: the loop of the array entry points
// (convex_batch.hpp): inputs of n elements or one (used for
// every i), and errors that name the item; and the loops those entry points
// share, each named by its caller's `call` in errors. (The scalar functions
// they call are found by argument-dependent lookup where they are
// instantiated: include the headers declaring them first.)
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
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

/// closed[i] = intersects(x[i], y[i]), open[i] = interiors_overlap(x[i], y[i]);
/// an empty output is not computed.
template <class A, class B>
void overlap(const char* call, std::span<const A> x, std::span<const B> y, std::span<std::uint8_t> closed,
             std::span<std::uint8_t> open) {
  if (!closed.empty() && !open.empty() && closed.size() != open.size())
    throw invalid_input(std::string(call) + ": the outputs have " + std::to_string(closed.size()) + " and " +
                        std::to_string(open.size()) + " elements; they must agree");
  each(call, items(call, closed.empty() ? open.size() : closed.size(), x, y), [&](std::size_t i) {
    if (!closed.empty()) closed[i] = intersects(at(x, i), at(y, i));
    if (!open.empty()) open[i] = interiors_overlap(at(x, i), at(y, i));
  });
}

/// out[i] = distance(x[i], y[i]).
template <class A, class B>
void distances(const char* call, std::span<const A> x, std::span<const B> y, std::span<double> out) {
  each(call, items(call, out.size(), x, y), [&](std::size_t i) { out[i] = distance(at(x, i), at(y, i)); });
}

/// out[i] = squared_distance(x[i], y[i]), exactly.
template <class A, class B>
void squared_distances(const char* call, std::span<const A> x, std::span<const B> y, std::span<mpq_class> out) {
  each(call, items(call, out.size(), x, y),
       [&](std::size_t i) { out[i] = to_mpq(squared_distance(at(x, i), at(y, i))); });
}

}  // namespace exactgeom::detail::batch

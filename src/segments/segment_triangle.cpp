// The out-of-line part of segment_triangle.hpp: the integer kernel
// (kernel/segment_triangle_kernel.hpp) instantiated once for each integer
// type of the segment front end.
#include "exactgeom/segment_triangle.hpp"

#include "segments/kernel/segments_impl.hpp"

namespace exactgeom::detail {

namespace {
template <class W>
Fraction<W> run(const std::array<seg::V<W, 3>, 5>& v) {
  return seg::segment_triangle(v[0], v[1], v[2], v[3], v[4]);
}
}  // namespace

Fraction<seg_w32> segment_triangle_dist2(const std::array<seg::V<seg_w32, 3>, 5>& pts) {
  return run(pts);
}
Fraction<seg_w64> segment_triangle_dist2(const std::array<seg::V<seg_w64, 3>, 5>& pts) {
  return run(pts);
}
Fraction<mpz_class> segment_triangle_dist2(const std::array<seg::V<mpz_class, 3>, 5>& pts) {
  return run(pts);
}

seg::SegmentTriangleClosest<seg_w32> segment_triangle_closest(
    const std::array<seg::V<seg_w32, 3>, 5>& v) {
  return seg::segment_triangle_closest(v[0], v[1], v[2], v[3], v[4]);
}
seg::SegmentTriangleClosest<seg_w64> segment_triangle_closest(
    const std::array<seg::V<seg_w64, 3>, 5>& v) {
  return seg::segment_triangle_closest(v[0], v[1], v[2], v[3], v[4]);
}
seg::SegmentTriangleClosest<mpz_class> segment_triangle_closest(
    const std::array<seg::V<mpz_class, 3>, 5>& v) {
  return seg::segment_triangle_closest(v[0], v[1], v[2], v[3], v[4]);
}

Fraction<seg_w32> segment_triangle_dist2_i32(const std::array<seg32::L<3>, 5>& v) {
  return seg32::segment_triangle(v[0], v[1], v[2], v[3], v[4]);
}

Fraction<mpz_class> segment_triangle_dist2_wide(const std::array<seg32::L<3>, 5>& v, int e) {
  const WideValue r = seg32::segment_triangle(v[0], v[1], v[2], v[3], v[4], OutDeferred{});
  if (r.squared) return OutWide{e}.square_over(r.num, r.den);
  return OutWide{e}(r.num, r.den);
}

}  // namespace exactgeom::detail

#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/{predicates,segments,capsules}/ in the
byte format of fuzz/fuzz_coordinates.hpp: degenerate configurations
(collinear, coplanar, cocircular, cospherical, touching, overlapping,
zero-length) and extreme values (subnormals, +-0, huge doubles, int64 limits,
big integers, rationals), a few dozen small files per target.

Usage: python3 fuzz/make_corpus.py   (rewrites the three directories)
"""
import os
import shutil
import struct

TYPES = {"int32": 0, "int64": 1, "float": 2, "double": 3, "mpz": 4, "mpq": 5,
         "cpp_int": 6, "cpp_rational": 7}


def b(*xs):
    return bytes(x & 0xFF for x in xs)


# Coordinates (mode byte, payload).
def small(k): return b(0, k)
def copy(i): return b(1, i)
def step(i, k): return b(2, i, k)
def special(i): return b(5, i)
def neg(i): return b(6, i)
def scaled(m, e): return b(4) + struct.pack("<hh", m, e)


def big(n, rational_den=None):
    def mag(v):
        v = abs(v)
        raw = v.to_bytes((v.bit_length() + 7) // 8, "little")
        return b(len(raw)) + raw
    out = b(3 | (0x80 if n < 0 else 0)) + mag(n)
    if rational_den is not None:
        out += mag(rational_den)
    return out


def wide(t, v):
    """The value v (a float or an int, or (num, den)) in the raw mode of type t."""
    if t == "double": return b(3) + struct.pack("<d", v)
    if t == "float": return b(3) + struct.pack("<f", v)
    if t == "int32": return b(3) + struct.pack("<i", v)
    if t == "int64": return b(3) + struct.pack("<q", v)
    if t in ("mpq", "cpp_rational"):
        num, den = v if isinstance(v, tuple) else (v, 1)
        return big(num, den)
    return big(v)


# Points (mode byte, payload).
def fresh(*coords): return b(0) + b"".join(coords)
def pcopy(i): return b(1, i)
def affine(i, j, k, m): return b(2, i, j, k, m - 1)
def perm(c, p, code): return b(3, c, p, code)
def axis(i, ax, coord): return b(4, i, ax) + coord
def pyth(c, k, e, pick): return b(5, c, k, e, pick)


def seed(t, op, *parts):
    return b(TYPES[t], op) + b"".join(parts)


def sm(*ks): return fresh(*[small(k) for k in ks])


def predicate_seeds():
    s = {}
    for t in ("int32", "int64", "double", "float", "mpz", "mpq"):
        # orient2d: general, collinear (affine), coincident, axis-aligned.
        s[f"orient2d_general_{t}"] = seed(t, 0, sm(0, 0), sm(5, 1), sm(2, 7))
        s[f"orient2d_collinear_{t}"] = seed(t, 0, sm(1, 2), sm(7, -3), affine(0, 1, 5, 3))
        s[f"orient3d_coplanar_{t}"] = seed(t, 1, sm(1, 2, 3), sm(-4, 5, 9), sm(3, 3, -8),
                                           affine(0, 2, -7, 2))
        # incircle: rectangle corners (cocircular) built from shared coordinates.
        s[f"incircle_rectangle_{t}"] = seed(t, 2, sm(1, 2), axis(0, 0, small(9)),
                                            axis(1, 1, small(-5)), axis(0, 1, copy(3)))
        # insphere: five corners of a box (cospherical).
        s[f"insphere_box_{t}"] = seed(t, 3, sm(1, 2, 3), axis(0, 0, small(8)),
                                      axis(0, 1, small(-6)), axis(0, 2, small(11)),
                                      fresh(copy(3), copy(4), copy(5)))
    # Doubles: one ulp off collinear (the classic), subnormals, huge, +-0.
    s["orient2d_ulp_double"] = seed("double", 0, fresh(wide("double", 0.5), copy(0)),
                                    fresh(wide("double", 12.0), copy(2)),
                                    fresh(wide("double", 24.0), step(4, 1)))
    s["orient2d_subnormal_double"] = seed("double", 0, fresh(special(2), special(3)),
                                          fresh(special(12), special(4)), sm(0, 0))
    s["orient2d_huge_double"] = seed("double", 0, fresh(special(6), special(7)),
                                     fresh(special(7), special(6)), fresh(special(19), neg(4)))
    s["orient2d_zeros_double"] = seed("double", 0, fresh(special(0), special(1)),
                                      fresh(special(1), special(0)), sm(0, 0))
    s["orient3d_scaled_double"] = seed("double", 1, fresh(scaled(3, -1074), scaled(-5, -1070), scaled(1, 0)),
                                       fresh(scaled(7, 1000), scaled(1, 1020), scaled(-1, 900)),
                                       fresh(scaled(1, -1), scaled(1, -53), scaled(3, -2)),
                                       affine(0, 1, 3, 7))
    s["incircle_rectangle_double"] = seed("double", 2, fresh(wide("double", 0.1), wide("double", 0.3)),
                                          axis(0, 0, wide("double", 1e-7)), axis(1, 1, wide("double", 7.7)),
                                          axis(0, 1, copy(3)))
    s["insphere_near_double"] = seed("double", 3, fresh(wide("double", 1e-3), wide("double", 3.3), small(1)),
                                     pyth(0, 3, 0, 1), pyth(0, 3, 0, 0x21), pyth(0, 3, 0, 0x42),
                                     perm(0, 1, 0x3b))
    s["orient2d_nan_double"] = seed("double", 0, fresh(special(20), small(1)), sm(2, 3), sm(4, 5))
    s["orient3d_inf_float"] = seed("float", 1, sm(1, 2, 3), fresh(special(21), small(0), small(1)),
                                   sm(4, 5, 6), sm(7, 8, 9))
    # Integers at their limits.
    s["orient2d_limits_int64"] = seed("int64", 0, fresh(special(7), special(8)),
                                      fresh(special(8), special(7)), fresh(special(9), special(10)))
    s["orient3d_limits_int64"] = seed("int64", 1, fresh(special(7), special(8), special(7)),
                                      fresh(special(8), special(7), special(8)),
                                      fresh(special(11), special(12), special(13)), affine(0, 1, 1, 2))
    s["incircle_limits_int32"] = seed("int32", 2, fresh(special(3), special(4)),
                                      fresh(special(4), special(3)), fresh(special(5), special(6)),
                                      sm(0, 0))
    s["insphere_limits_int64"] = seed("int64", 3, fresh(special(7), special(8), special(0)),
                                      pyth(0, -1, 40, 1), pyth(0, -1, 40, 0x22), pyth(0, -1, 40, 0x44),
                                      perm(0, 1, 0x1d))
    # Big integers and rationals.
    big1, big2 = (1 << 300) + 12345, -(1 << 257) + 3
    s["orient2d_big_mpz"] = seed("mpz", 0, fresh(wide("mpz", big1), wide("mpz", big2)),
                                 fresh(wide("mpz", big2), wide("mpz", big1)), affine(0, 1, -3, 5))
    s["insphere_big_cpp_int"] = seed("cpp_int", 3, fresh(wide("cpp_int", big1), small(1), small(2)),
                                     pyth(0, 1, 100, 1), pyth(0, 1, 100, 0x22), pyth(0, 1, 100, 0x42),
                                     perm(0, 1, 0x3b))
    s["incircle_rational_mpq"] = seed("mpq", 2, fresh(wide("mpq", (1, 3)), wide("mpq", (-2, 7))),
                                      pyth(0, 1, -2, 0), pyth(0, -1, -2, 0), pyth(0, 1, -2, 0x08))
    s["orient3d_rational_cpp_rational"] = seed("cpp_rational", 1,
                                               fresh(wide("cpp_rational", (1, 3)), special(21), small(2)),
                                               sm(1, 1, 1), affine(0, 1, 2, 3), affine(0, 1, -4, 7))
    return s


def segment_seeds():
    s = {}
    for t in ("int32", "int64", "double", "mpz", "mpq", "cpp_rational"):
        s[f"seg2_cross_{t}"] = seed(t, 0, sm(0, 0), sm(4, 4), sm(0, 4), sm(4, 0))
        s[f"seg2_touch_end_{t}"] = seed(t, 0, sm(0, 0), sm(4, 4), pcopy(1), sm(9, -2))
        s[f"seg2_t_junction_{t}"] = seed(t, 0, sm(0, 0), sm(6, 2), affine(0, 1, 1, 2), sm(-1, 9))
        s[f"seg2_overlap_{t}"] = seed(t, 0, sm(0, 0), sm(6, 3), affine(0, 1, 1, 3), affine(0, 1, 5, 3))
        s[f"seg2_collinear_apart_{t}"] = seed(t, 0, sm(0, 0), sm(2, 1), affine(0, 1, 3, 1), affine(0, 1, 7, 2))
        s[f"seg3_skew_{t}"] = seed(t, 1, sm(0, 0, 0), sm(4, 0, 0), sm(2, -3, 1), sm(2, 3, 1))
        s[f"seg3_cross_{t}"] = seed(t, 1, sm(0, 0, 0), sm(4, 4, 4), sm(0, 4, 0), sm(4, 0, 4))
        s[f"pointseg2_{t}"] = seed(t, 2, sm(3, 3), sm(0, 0), sm(6, 0))
        s[f"pointseg3_{t}"] = seed(t, 3, sm(3, 3, 3), sm(0, 0, 0), sm(6, 0, 0))
        s[f"segtri_pierce_{t}"] = seed(t, 4, sm(1, 1, -3), sm(1, 1, 3), sm(0, 0, 0), sm(5, 0, 0), sm(0, 5, 0))
        s[f"segtri_inplane_{t}"] = seed(t, 4, sm(1, 1, 0), sm(9, 9, 0), sm(0, 0, 0), sm(5, 0, 0), sm(0, 5, 0))
    s["seg2_zero_length_double"] = seed("double", 0, sm(1, 1), pcopy(0), pcopy(0), pcopy(0))
    s["seg2_ulp_cross_double"] = seed("double", 0, fresh(wide("double", 0.1), wide("double", 0.7)),
                                      fresh(wide("double", 1e10), wide("double", 3.3)),
                                      affine(0, 1, 1, 3), fresh(step(0, 1), step(1, -1)))
    s["seg2_subnormal_double"] = seed("double", 0, fresh(special(2), special(0)), fresh(special(3), special(2)),
                                      fresh(special(1), special(3)), fresh(special(12), special(4)))
    s["seg3_huge_double"] = seed("double", 1, fresh(special(6), special(7), special(0)),
                                 fresh(special(7), special(6), special(2)), sm(0, 0, 0),
                                 fresh(special(19), scaled(3, 1000), scaled(-1, -1074)))
    s["seg3_parallel_float"] = seed("float", 1, sm(0, 0, 0), sm(3, 4, 12), pyth(0, 1, 0, 0x1), pyth(1, 1, 0, 0x1))
    s["seg2_nan_double"] = seed("double", 0, sm(0, 0), fresh(special(20), small(1)), sm(3, 3), sm(4, 4))
    s["seg3_inf_float"] = seed("float", 1, sm(0, 0, 0), sm(1, 1, 1), fresh(special(22), small(0), small(0)), sm(2, 2, 2))
    s["seg2_limits_int64"] = seed("int64", 0, fresh(special(7), special(8)), fresh(special(8), special(7)),
                                  fresh(special(9), special(9)), fresh(special(10), special(10)))
    s["seg3_limits_int32"] = seed("int32", 1, fresh(special(3), special(4), special(3)),
                                  fresh(special(4), special(3), special(4)), affine(0, 1, 1, 3), sm(0, 0, 0))
    s["seg2_big_mpz"] = seed("mpz", 0, fresh(wide("mpz", 1 << 300), wide("mpz", -(1 << 299))),
                             fresh(wide("mpz", -(1 << 300)), small(1)), affine(0, 1, 1, 2), sm(0, 0))
    s["segtri_degenerate_tri_double"] = seed("double", 4, sm(1, 2, 3), sm(-1, 0, 5), sm(0, 0, 0),
                                             sm(4, 4, 4), affine(2, 3, 1, 2))
    s["pointtri_huge_double"] = seed("double", 5, fresh(special(6), small(1), small(2)), sm(0, 0, 0),
                                     fresh(special(7), special(6), small(0)), sm(0, 5, 0))
    s["pointtri_rational_mpq"] = seed("mpq", 5, fresh(wide("mpq", (1, 3)), wide("mpq", (1, 3)), wide("mpq", (2, 9))),
                                      sm(0, 0, 0), sm(1, 0, 0), sm(0, 1, 0))
    return s


def radius(mode, payload=b"", nudge=None):
    return b(mode) + payload + (b(nudge) if nudge is not None else b"")


def capsule_seeds():
    s = {}
    touch = radius(3, b(8))          # r1 = R
    half = radius(3, b(4))           # r1 = R / 2
    rest = radius(3, b(0))           # r2 = R - r1
    for t in ("int32", "int64", "double", "float", "mpz", "mpq", "cpp_int", "cpp_rational"):
        # Stadiums touching side to side, end to end, and crossing.
        s[f"cap2_touch_sides_{t}"] = seed(t, 0, b(2), sm(0, 0), sm(10, 0), b(2), sm(3, 8), sm(12, 8), half, rest)
        s[f"cap2_touch_ends_{t}"] = seed(t, 0, b(2), sm(0, 0), sm(3, 4), b(1), pyth(1, 2, 0, 0), pcopy(2),
                                         half, rest)
        s[f"cap3_touch_{t}"] = seed(t, 1, b(2), sm(0, 0, 0), sm(6, 0, 0), b(2), pyth(0, 3, 0, 0x03),
                                    pyth(1, 3, 0, 0x03), half, rest)
        s[f"captri_touch_{t}"] = seed(t, 2, b(2), sm(1, 1, 7), sm(2, 1, 7), sm(0, 0, 0), sm(9, 0, 0),
                                      sm(0, 9, 0), touch)
    s["cap2_near_touch_double"] = seed("double", 0, b(2), fresh(wide("double", 0.1), wide("double", 0.2)),
                                       fresh(wide("double", 0.7), wide("double", 0.2)), b(2),
                                       pyth(0, 1, -4, 0), pyth(1, 1, -4, 0), radius(7, b(4), 1), radius(3, b(0)))
    s["cap3_near_touch_int64"] = seed("int64", 1, b(2), fresh(special(7), special(8), small(0)),
                                      pyth(0, 5, 20, 0x22), b(2), pyth(0, 1, 40, 0x21), pyth(1, 1, 40, 0x21),
                                      radius(7, b(8), -1), radius(3, b(0)))
    s["cap2_points_double"] = seed("double", 0, b(0), sm(1, 1), sm(1, 1), b(0), sm(1, 1), sm(1, 1))
    s["cap2_circle_point_mpq"] = seed("mpq", 0, b(1), sm(0, 0), sm(0, 0), b(0), pyth(0, 1, -3, 0), pcopy(0), touch)
    s["cap3_spheres_subnormal_double"] = seed("double", 1, b(1), fresh(special(2), special(0), special(1)),
                                              pcopy(0), b(1), fresh(special(3), special(2), special(12)),
                                              pcopy(1), radius(1, special(2)), radius(2, special(12)))
    s["cap3_parallel_float"] = seed("float", 1, b(2), sm(0, 0, 0), sm(0, 0, 9), b(2), pyth(0, 2, -1, 0x01),
                                    pyth(1, 2, -1, 0x01), half, rest)
    s["cap2_negative_radius_int32"] = seed("int32", 0, b(2), sm(0, 0), sm(1, 1), b(1), sm(5, 5), sm(5, 5),
                                           radius(0, small(-3)), radius(1, small(2)))
    s["cap2_nan_radius_double"] = seed("double", 0, b(1), sm(0, 0), sm(0, 0), b(1), sm(5, 5), sm(5, 5),
                                       radius(0, special(20)), radius(1, small(2)))
    s["cap3_inf_double"] = seed("double", 1, b(2), fresh(special(21), small(0), small(0)), sm(1, 1, 1),
                                b(0), sm(0, 0, 0), sm(0, 0, 0), radius(1, small(1)))
    s["cap3_huge_double"] = seed("double", 1, b(2), fresh(special(6), small(0), small(0)),
                                 fresh(special(7), small(0), small(0)), b(1), fresh(small(0), special(17), small(0)),
                                 pcopy(2), radius(1, special(17)), radius(1, special(17)))
    s["captri_coplanar_double"] = seed("double", 2, b(2), sm(-3, 1, 0), sm(-1, 1, 0), sm(0, 0, 0), sm(5, 0, 0),
                                       sm(0, 5, 0), touch)
    s["captri_degenerate_mpz"] = seed("mpz", 2, b(1), sm(1, 2, 3), sm(1, 2, 3), sm(0, 0, 0), sm(6, 6, 6),
                                      affine(2, 3, 1, 3), touch)
    s["captri_big_cpp_int"] = seed("cpp_int", 2, b(2), fresh(wide("cpp_int", 1 << 200), small(0), small(0)),
                                   fresh(wide("cpp_int", -(1 << 200)), small(0), small(0)),
                                   sm(0, 0, 5), sm(1, 0, 5), sm(0, 1, 5), touch)
    return s


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    for name, seeds in (("predicates", predicate_seeds()), ("segments", segment_seeds()),
                        ("capsules", capsule_seeds())):
        d = os.path.join(root, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        for key, data in seeds.items():
            with open(os.path.join(d, key), "wb") as f:
                f.write(data)
        print(f"{name}: {len(seeds)} seeds")


if __name__ == "__main__":
    main()

"""exactgeom's array forms against the naive NumPy float expressions of the
same queries, over 10**6 random 3-D pairs (docs/python.md):

- capsule_capsule(..., test="closed") against Ericson's closest points
  between the axes (Real-Time Collision Detection, 5.1.9), vectorized,
  compared with (r1 + r2)**2;
- segment_distance (correctly rounded) against the square root of the same
  closest points' squared distance.

    PYTHONPATH=build/python python3 python/bench/bench_arrays.py [--n N] [--repeat R]

Prints each time (best of R runs) and the ratios exactgeom / NumPy; the
targets are at most 5 (capsule_capsule) and 10 (segment_distance). The
inputs are made before timing; exactgeom's answers are checked against the
float ones where those are far from the boundary.
"""

import argparse
import time

import numpy as np

import exactgeom


def best_of(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def closest_d2(p1, q1, p2, q2):
    """Ericson's ClosestPtSegmentSegment, vectorized: the squared distance
    between the segments p1q1 and p2q2 (rows), in float64."""
    d1, d2, r = q1 - p1, q2 - p2, p1 - p2
    a = np.einsum("ij,ij->i", d1, d1)
    e = np.einsum("ij,ij->i", d2, d2)
    f = np.einsum("ij,ij->i", d2, r)
    c = np.einsum("ij,ij->i", d1, r)
    b = np.einsum("ij,ij->i", d1, d2)
    denom = a * e - b * b
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(denom != 0, np.clip((b * f - c * e) / denom, 0, 1), 0.0)
        t = (b * s + f) / e
        s = np.where(t < 0, np.clip(-c / a, 0, 1), np.where(t > 1, np.clip((b - c) / a, 0, 1), s))
        t = np.clip(t, 0, 1)
    w = (p1 + d1 * s[:, None]) - (p2 + d2 * t[:, None])
    return np.einsum("ij,ij->i", w, w)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10 ** 6, help="pairs (default 10**6)")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported (default 5)")
    args = parser.parse_args()

    rng = np.random.default_rng(19)
    s1, s2 = rng.uniform(-10, 10, (args.n, 2, 3)), rng.uniform(-10, 10, (args.n, 2, 3))
    r1, r2 = rng.uniform(0, 2, args.n), rng.uniform(0, 2, args.n)
    p1, q1, p2, q2 = s1[:, 0], s1[:, 1], s2[:, 0], s2[:, 1]

    def numpy_capsules():
        return closest_d2(p1, q1, p2, q2) <= (r1 + r2) ** 2

    def numpy_distance():
        return np.sqrt(closest_d2(p1, q1, p2, q2))

    def exact_capsules():
        return exactgeom.capsule_capsule((s1, r1), (s2, r2), test="closed")

    def exact_distance():
        return exactgeom.segment_distance(s1, s2)

    d2 = closest_d2(p1, q1, p2, q2)
    clear = np.abs(d2 - (r1 + r2) ** 2) > 1e-9
    assert (exact_capsules()[clear] == numpy_capsules()[clear]).all()
    assert np.allclose(exact_distance(), numpy_distance(), rtol=1e-9, atol=1e-12)

    rows = [("capsule_capsule closed", numpy_capsules, exact_capsules, 5),
            ("segment_distance", numpy_distance, exact_distance, 10)]
    print(f"n = {args.n}, best of {args.repeat}, numpy {np.__version__}, exactgeom {exactgeom.__version__}")
    for name, naive, exact, target in rows:
        t_numpy, t_exact = best_of(naive, args.repeat), best_of(exact, args.repeat)
        print(f"{name:24s} numpy {t_numpy * 1e3:8.2f} ms  exactgeom {t_exact * 1e3:8.2f} ms  "
              f"ratio {t_exact / t_numpy:.2f} (target <= {target})")


if __name__ == "__main__":
    main()

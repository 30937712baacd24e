"""exactgeom.orient2d over 10**6 random float64 points against the NumPy
float expression (bx-ax)*(cy-ay)-(by-ay)*(cx-ax) (docs/python.md).

    PYTHONPATH=build/python python3 python/bench/bench_orient2d.py [--n N] [--repeat R]

Prints each time (best of R runs) and the ratio exactgeom / NumPy; the
target is at most 3. The inputs are made before timing; both read the same
(n, 2) arrays, and exactgeom's answer is checked against the expression's
sign where the expression is far from zero.
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10 ** 6, help="points per argument (default 10**6)")
    parser.add_argument("--repeat", type=int, default=20, help="runs; the best is reported (default 20)")
    args = parser.parse_args()

    rng = np.random.default_rng(15)
    a, b, c = (rng.uniform(-1, 1, (args.n, 2)) for _ in range(3))

    def numpy_expression():
        return (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])

    def exact():
        return exactgeom.orient2d(a, b, c)

    det = numpy_expression()
    signs = exact()
    clear = np.abs(det) > 1e-12
    assert (signs[clear] == np.sign(det[clear])).all()

    t_numpy = best_of(numpy_expression, args.repeat)
    t_exact = best_of(exact, args.repeat)
    print(f"n = {args.n}, best of {args.repeat}, numpy {np.__version__}, exactgeom {exactgeom.__version__}")
    print(f"numpy expression  {t_numpy * 1e3:8.2f} ms  ({t_numpy / args.n * 1e9:.2f} ns/point)")
    print(f"exactgeom.orient2d {t_exact * 1e3:7.2f} ms  ({t_exact / args.n * 1e9:.2f} ns/point)")
    print(f"ratio exactgeom / numpy = {t_exact / t_numpy:.2f} (target <= 3)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Random `contact` and `sweep` lines at the full double range, for the
bounded-time test of tool_test.sh (issue 43): every coordinate, radius and
half extent a double of any exponent from the subnormals (2^-1074) to 2^1000,
or zero; every shape of docs/queries.md in both dimensions, hulls and
polygons of 1 to 256 points (the eval limit). Half the lines draw points
from a small shared pool so that their cores meet (share a vertex or a box's
centre), where the depth of meeting cores is computed.
Usage: wide_magnitude_lines.py SEED COUNT > lines.jsonl"""
import json
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 43)
n = int(sys.argv[2]) if len(sys.argv) > 2 else 120
def num():
    k = rng.random()
    if k < 0.05: return "0x0p+0"
    if k < 0.15: v = float.fromhex("0x1p-1074") * rng.randint(1, 2**52)   # subnormal
    else: v = rng.uniform(1, 2) * 2.0 ** rng.randint(-1022, 1000)
    if rng.random() < 0.5: v = -v
    return v.hex()
def pos():
    return num().lstrip("-")
def pt(d): return [num() for _ in range(d)]
pool = []
def pt_pooled(d):
    return list(rng.choice(pool)) if pool and rng.random() < 0.5 else pt(d)
def shape(d):
    kinds = ["hull", "box", "seg", "tri"] if d == 3 else ["poly", "box", "seg"]
    k = rng.choice(kinds)
    s = {}
    if k in ("hull", "poly"):
        m = rng.choice([1, 2, 3, 4, 8, 32, rng.randint(4, 256), 256])
        s[k] = [pt_pooled(d) for _ in range(m)]
    elif k == "box":
        s["box"] = {"c": pt_pooled(d), "axes": [pt(d) for _ in range(d)], "h": [pos() for _ in range(d)]}
    elif k == "seg":
        s["seg"] = [pt_pooled(d), pt_pooled(d)]
    else:
        s["tri"] = [pt_pooled(d) for _ in range(3)]
    s["r"] = "0x0p+0" if rng.random() < 0.5 else pos()
    return s
for i in range(n):
    d = rng.choice([2, 3])
    # Half the lines draw points from a shared pool, so the cores often meet
    # (share a vertex, or a box's centre) across the whole range.
    pool[:] = [pt(d) for _ in range(rng.randint(1, 4))] if i % 2 else []
    q = {"id": i, "op": rng.choice(["contact", "contact", "sweep"]), "x": shape(d), "y": shape(d)}
    if q["op"] == "sweep": q["v"] = pt(d)
    print(json.dumps(q, separators=(",", ":")))

#!/usr/bin/env python3
"""Random `contact` and `sweep` lines at the full double range, for the
bounded-time test of tool_test.sh (issue 43): every coordinate, radius and
half extent a double of any exponent from the subnormals (2^-1074) to 2^1000,
or zero; every shape of docs/queries.md in both dimensions, hulls and
polygons of 1 to 256 points (the eval limit). Half the lines draw points
from a small shared pool so that their cores meet (share a vertex or a box's
centre), where the depth of meeting cores is computed.
With --surfaces (issue 52, E8: such lines once ended eval with SIGFPE),
one side of every line is a mesh (1 to 9 vertices of the same range, up to
six faces, repeated indices allowed) or a 2-D chain (open or a loop), the
other any shape, in either order.
--pieces reads surface lines and writes, for each, one line per piece (the
piece as a `tri` or `seg` with the surface's radius, id "LINE/PIECE");
--check LINES ANSWERS PIECE_ANSWERS checks each surface answer against its
pieces' answers by the union rules of docs/queries.md (closed and open: any
piece; dist2: the least; gap: the nearest piece's; depth: the largest;
toi: the least; `pieces`: the closed ones), exactly (dist2 as fractions).
With --ccd, the lines are `ccd` queries (issue 53): both kinds, every
coordinate of the same range, half of them drawn from a shared pool (points
that coincide), motions of any size, ms absent, 0 or of any exponent.
Usage: wide_magnitude_lines.py SEED COUNT [--surfaces|--ccd] > lines.jsonl
       wide_magnitude_lines.py --pieces < lines.jsonl > pieces.jsonl
       wide_magnitude_lines.py --check lines.jsonl answers.jsonl pieces_answers.jsonl"""
import json
import random
import sys

from fractions import Fraction


def pieces_of(surface):
    """The pieces of a mesh or chain as convex shapes (docs/queries.md)."""
    r = surface.get("r", "0x0p+0")
    if "mesh" in surface:
        v, f = surface["mesh"]["v"], surface["mesh"]["f"]
        return [{"tri": [v[i] for i in face], "r": r} for face in f]
    p = surface["chain"]
    segs = [[p[i], p[i + 1]] for i in range(len(p) - 1)]
    if surface.get("loop"): segs.append([p[-1], p[0]])
    return [{"seg": s, "r": r} for s in segs]


def surface_side(q):
    return "x" if ("mesh" in q["x"] or "chain" in q["x"]) else "y"


if len(sys.argv) > 1 and sys.argv[1] == "--pieces":
    for line in sys.stdin:
        q = json.loads(line)
        side = surface_side(q)
        for k, piece in enumerate(pieces_of(q[side])):
            pq = dict(q, id="%s/%d" % (q["id"], k))
            pq[side] = piece
            print(json.dumps(pq, separators=(",", ":")))
    sys.exit(0)

if len(sys.argv) > 1 and sys.argv[1] == "--check":
    queries = [json.loads(l) for l in open(sys.argv[2])]
    answers = {a["id"]: a for a in map(json.loads, open(sys.argv[3]))}
    by_piece = {}
    for a in map(json.loads, open(sys.argv[4])):
        line, k = a["id"].split("/")
        by_piece.setdefault(int(line), {})[int(k)] = a
    def val(h): return None if h is None else float.fromhex(h)
    bad = 0
    for q in queries:
        a = answers.get(q["id"])
        n = len(pieces_of(q[surface_side(q)]))
        ps = [by_piece.get(q["id"], {}).get(k) for k in range(n)]
        if a is None or "error" in a or any(p is None or "error" in p for p in ps):
            print("line %s: no answer or an error" % q["id"]); bad += 1; continue
        def fail(what):
            nonlocal_bad[0] += 1
            print("line %s: %s: %s" % (q["id"], what, json.dumps(a)[:300]))
        nonlocal_bad = [0]
        if q["op"] == "sweep":
            times = [val(p["toi"]) for p in ps if p["toi"] is not None]
            if val(a["toi"]) != (min(times) if times else None): fail("toi is not the least over the pieces")
        else:
            if a["closed"] != any(p["closed"] for p in ps): fail("closed")
            if a["open"] != any(p["open"] for p in ps): fail("open")
            d2 = [Fraction(p["dist2"]) for p in ps]
            if Fraction(a["dist2"]) != min(d2): fail("dist2 is not the least over the pieces")
            near = [p for p, d in zip(ps, d2) if d == min(d2)]
            if val(a["gap"]) != val(near[0]["gap"]): fail("gap")
            if val(a["depth"]) != max(val(p["depth"]) for p in ps): fail("depth is not the largest")
            meets = [k for k, p in enumerate(ps) if p["closed"]]
            if [p["piece"] for p in a.get("pieces", [])] != meets: fail("pieces")
        bad += nonlocal_bad[0]
    print("%d surface lines checked against their pieces, %d disagreements" % (len(queries), bad))
    sys.exit(1 if bad else 0)

surfaces = "--surfaces" in sys.argv
args = [a for a in sys.argv[1:] if not a.startswith("--")]
rng = random.Random(int(args[0]) if args else 43)
n = int(args[1]) if len(args) > 1 else 120
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
def surface(d):
    if d == 3:
        nv = rng.choice([1, 2, 3, 4, 6, 9])
        s = {"mesh": {"v": [pt_pooled(3) for _ in range(nv)],
                      "f": [[rng.randrange(nv) for _ in range(3)] for _ in range(rng.randint(1, 6))]}}
    else:
        s = {"chain": [pt_pooled(2) for _ in range(rng.randint(2, 6))], "loop": rng.random() < 0.5}
    if rng.random() < 0.5: s["r"] = pos()
    return s
if "--ccd" in sys.argv:
    for i in range(n):
        pool[:] = [pt(3) for _ in range(rng.randint(1, 4))] if i % 2 else []
        q = {"id": i, "op": "ccd", "kind": rng.choice(["vertex_face", "edge_edge"]),
             "t0": [pt_pooled(3) for _ in range(4)], "t1": [pt_pooled(3) for _ in range(4)]}
        k = rng.random()
        if k < 0.3: q["ms"] = pos()
        elif k < 0.4: q["ms"] = 0
        print(json.dumps(q, separators=(",", ":")))
    sys.exit(0)
for i in range(n):
    d = rng.choice([2, 3])
    # Half the lines draw points from a shared pool, so the cores often meet
    # (share a vertex, or a box's centre) across the whole range.
    pool[:] = [pt(d) for _ in range(rng.randint(1, 4))] if i % 2 else []
    op = rng.choice(["contact", "contact", "sweep"])
    x, y = shape(d), shape(d)
    if surfaces:
        x = surface(d)
        if rng.random() < 0.5: x, y = y, x
    q = {"id": i, "op": op, "x": x, "y": y}
    if q["op"] == "sweep": q["v"] = pt(d)
    print(json.dumps(q, separators=(",", ":")))

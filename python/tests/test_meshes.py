"""Meshes, height fields and chains in Python: every answer of the union
equals the per-triangle answers of the convex functions combined the
obvious way (least distance, any overlap, the meeting pieces), the array
form equals the scalar form item by item, a HeightField answers as the same
triangles given as a Mesh, eval takes named meshes (and they pickle), and
bad input is a ValueError."""

import pickle
from fractions import Fraction as F

import numpy as np
import pytest

import exactgeom as eg

H = float.fromhex


def terrain(rng, n=4, hmax=2):
    h = rng.integers(-hmax, hmax + 1, size=(n, n)).astype(float)
    v = np.array([[2.0 * i, 2.0 * j, h[j, i]] for j in range(n) for i in range(n)])
    f = []
    for j in range(n - 1):
        for i in range(n - 1):
            a, b, c, d = j * n + i, j * n + i + 1, (j + 1) * n + i + 1, (j + 1) * n + i
            f += [[a, b, c], [a, c, d]] if (i + j) % 2 == 0 else [[a, b, d], [b, c, d]]
    return v, np.array(f)


def shapes(rng, count):
    out = []
    for k in range(count):
        p = rng.integers(-1, 8, size=3) / 1.0
        q = rng.integers(-1, 8, size=3) / 1.0
        r = float(rng.integers(0, 3))
        if k % 3 == 0:
            out.append(((tuple(p), tuple(q)), r))
        elif k % 3 == 1:
            out.append((tuple(p), r))
        else:
            out.append({"box": {"c": list(p), "axes": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "h": [1, 0.5, 1]}, "r": r / 2})
    return out


def test_union_is_the_per_triangle_answers_combined():
    rng = np.random.default_rng(4)
    meeting = 0
    for _ in range(6):
        v, f = terrain(rng)
        m = eg.Mesh(v, f)
        tris = [{"tri": [list(v[i]) for i in face]} for face in f]
        for s in shapes(rng, 12):
            per = [eg.squared_distance(s, t) for t in tris]
            assert eg.squared_distance(s, m) == min(per)
            over = [eg.overlap(s, t) for t in tris]
            o = eg.overlap(s, m)
            assert o.closed == any(x.closed for x in over)
            assert o.open == any(x.open for x in over)
            cp = eg.closest_points(s, m)
            assert cp.squared_distance == min(per) == per[cp.piece]
            c = eg.contact(s, m)
            assert (c is not None) == o.closed
            if c is None:
                continue
            meeting += 1
            assert [p.piece for p in c.pieces] == [k for k, x in enumerate(over) if x.closed]
            for p in c.pieces:
                alone = eg.contact(s, tris[p.piece])
                assert (p.depth, p.gap, p.normal, p.depth_normal) == (alone.depth, alone.gap, alone.normal,
                                                                       alone.depth_normal)
                assert p.squared_distance == per[p.piece]
                assert (p.feature is None) == (p.squared_distance == 0)
            assert c.depth == max(p.depth for p in c.pieces)
    assert meeting > 10


def test_array_form_equals_scalar_form():
    rng = np.random.default_rng(5)
    v, f = terrain(rng)
    m = eg.Mesh(v, f)
    centres = rng.integers(-1, 8, size=(30, 3)).astype(float)
    radii = rng.integers(0, 3, size=30).astype(float)
    cc = eg.contact((centres, radii), m)
    o = eg.overlap((centres, radii), m)
    d = eg.distance((centres, radii), m)
    d2 = eg.squared_distance((centres, radii), m)
    t = eg.sweep((centres, radii), np.array([0.0, 0.0, -6.0]), m)
    for i in range(30):
        s = (tuple(centres[i]), radii[i])
        one = eg.contact(s, m)
        assert cc.closed[i] == (one is not None) == o.closed[i]
        assert o.open[i] == eg.overlap(s, m).open
        assert d[i] == eg.distance(s, m) and d2[i] == eg.squared_distance(s, m)
        st = eg.sweep(s, (0, 0, -6), m)
        assert (np.isnan(t[i]) and st is None) or t[i] == st
        rows = range(cc.offsets[i], cc.offsets[i + 1])
        if one is None:
            assert np.isnan(cc.depth[i]) and len(rows) == 0
            continue
        assert cc.depth[i] == one.depth and cc.gap[i] == one.gap
        assert [int(cc.piece[k]) for k in rows] == [p.piece for p in one.pieces]
        for k, p in zip(rows, one.pieces):
            name = eg.SURFACE_FEATURES[cc.surface_feature[k]] if cc.surface_feature[k] >= 0 else None
            assert name == p.surface_feature
            kind = (None, "face", "edge", "vertex")[cc.feature_kind[k] + 1]
            assert kind == (p.feature[0] if p.feature else None)


def test_spec_example_and_both_orders():
    m = eg.Mesh(np.array([[0, 0, 0], [2, 0, 0], [2, 2, 0], [0, 2, 0]], float), np.array([[0, 1, 2], [0, 2, 3]]))
    ball = ((F(3, 2), F(1, 2), 1), F(5, 4))
    c = eg.contact(m, ball)
    assert c.normal == (0.0, 0.0, 1.0) and c.depth == 0.25 and c.squared_distance == 1
    assert c.pieces[1].feature == ("edge", (0, 2)) and c.pieces[1].surface_feature == "flat_edge"
    assert c.pieces[1].normal[2] == float.fromhex("0x1.a20bd700c2c3ep-1")  # the ghost: tilted
    d = eg.contact(ball, m)
    assert d.normal == (0.0, 0.0, -1.0)
    assert eg.sweep(((1, 1, 2), 0.25), (0, 0, -4), m) == 0.4375
    assert eg.sweep(m, (0, 0, 4), ((1, 1, 2), 0.25)) == 0.4375
    assert m.edge_class(0, 2) == "flat_edge" and m.edge_class(0, 1) == "boundary_edge"


def test_height_field_answers_as_its_triangles():
    rng = np.random.default_rng(6)
    for diagonal in ("main", "anti", "alternating"):
        h = rng.integers(-1, 2, size=(4, 5)).astype(float) * 0.5
        hf = eg.HeightField(h, origin=(1000.0, 2000.0, 0.0), spacing=(0.5, 0.75), diagonal=diagonal)
        ny, nx = h.shape
        v = np.array([[1000.0 + 0.5 * i, 2000.0 + 0.75 * j, h[j, i]] for j in range(ny) for i in range(nx)])
        f = []
        for j in range(ny - 1):
            for i in range(nx - 1):
                a, b, c, d = j * nx + i, j * nx + i + 1, (j + 1) * nx + i + 1, (j + 1) * nx + i
                main = diagonal == "main" or (diagonal == "alternating" and (i + j) % 2 == 0)
                f += [[a, b, c], [a, c, d]] if main else [[a, b, d], [b, c, d]]
        m = eg.Mesh(v, np.array(f))
        assert len(hf) == len(m)
        for _ in range(20):
            p = (1000.0 + rng.uniform(-0.5, 2.5), 2000.0 + rng.uniform(-0.5, 2.5), rng.uniform(-1, 2))
            s = (p, rng.uniform(0, 1))
            a, b = eg.contact(s, hf), eg.contact(s, m)
            assert a == b
            assert eg.squared_distance(s, hf) == eg.squared_distance(s, m)


def test_chain():
    ch = eg.Chain(np.array([[8.0, 0], [4, 0], [0, 0]]))
    assert [ch.vertex_class(i) for i in range(3)] == ["end_vertex", "flat_vertex", "end_vertex"]
    c = eg.contact(((4, 1), 2), ch)
    assert c.normal == (0.0, -1.0) and [p.feature for p in c.pieces] == [("vertex", (1,))] * 2
    loop = eg.Chain(np.array([[0.0, 0], [4, 0], [4, 4], [0, 4]]), loop=True)
    assert loop.vertex_class(2) == "convex_vertex" and len(loop) == 4


def test_eval_with_named_meshes_and_pickle(data_dir):
    em = eg.load_meshes({"floor": str(data_dir / "mesh_floor.json")})
    assert em.names() == ["floor"]
    lines = (data_dir / "eval_meshes.jsonl").read_text().splitlines()
    want = (data_dir / "eval_meshes.expected").read_text().splitlines()
    assert eg.eval(lines, meshes=em) == want
    assert eg.eval(lines, meshes=pickle.loads(pickle.dumps(em))) == want
    assert '"error"' in eg.eval(lines[2:3])[0]  # no meshes given: the name is unknown


def test_bad_input():
    v = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]], float)
    with pytest.raises(ValueError, match="index 7, out of range"):
        eg.Mesh(v, np.array([[0, 1, 7]]))
    with pytest.raises(ValueError, match="integer array"):
        eg.Mesh(v, np.array([[0, 1, 2.0]]))
    with pytest.raises(ValueError, match="no triangles"):
        eg.Mesh(v, np.zeros((0, 3), dtype=int))
    with pytest.raises(ValueError, match="NaN"):
        eg.Mesh(np.array([[0, 0, np.nan], [1, 0, 0], [0, 1, 0]]), np.array([[0, 1, 2]]))
    with pytest.raises(ValueError, match="fewer than two points"):
        eg.Chain(np.array([[0.0, 0.0]]))
    m = eg.Mesh(v, np.array([[0, 1, 2]]))
    with pytest.raises(ValueError, match="both meshes or chains"):
        eg.contact(m, m)
    with pytest.raises(ValueError, match="2-D and the mesh 3-D"):
        eg.contact(((0, 0), 1), m)
    with pytest.raises(ValueError, match="not supported"):
        eg.closest_points((np.zeros((2, 3)), np.ones(2)), m)
    with pytest.raises(ValueError, match=r"meshes\[.a.\]: .*(bad JSON|trailing)"):
        eg.EvalMeshes({"a": "{\"v\": [[0,0,0]], \"f\": [[0,0,0]]} x"})


def test_full_double_range_surfaces_answer_as_their_pieces():
    # Issue 52 (E8): such surfaces ended the process with SIGFPE. The line
    # that found it, then meshes and chains of every exponent against hulls
    # and segments in both orders: each answer is its pieces' combined.
    pts = [[H("-0x1.050843a58fd1ep-642"), H("0x1.a9619573f5b2cp+850")],
           [H("-0x1.966ca841dcfc2p+927"), H("-0x1.a1dba26529c64p+317")]]
    ch = eg.Chain(np.array(pts))
    point = {"poly": [[H("0x1.f4bd0a8b395cap+26"), H("-0x1.0c232b14faab0p-1018")]], "r": H("0x1.9c157543c9b2cp-575")}
    assert eg.contact(point, ch) is None
    assert eg.squared_distance(point, ch) == eg.squared_distance(point, {"seg": pts, "r": 0})
    rng = np.random.default_rng(52)

    def wide():
        k = rng.random()
        if k < 0.05:
            return 0.0
        v = float(rng.integers(1, 2**52)) * 2.0**-1074 if k < 0.15 else rng.uniform(1, 2) * 2.0 ** int(rng.integers(-1022, 1000))
        return -v if rng.random() < 0.5 else v

    for trial in range(30):
        v = np.array([[wide() for _ in range(3)] for _ in range(4)])
        f = rng.integers(0, 4, size=(3, 3))
        m = eg.Mesh(v, f)
        hull = {"hull": [[wide() for _ in range(3)] for _ in range(4)], "r": abs(wide())}
        tris = [{"tri": [list(v[i]) for i in face]} for face in f]
        per = [eg.squared_distance(hull, t) for t in tris]
        assert eg.squared_distance(hull, m) == eg.squared_distance(m, hull) == min(per), trial
        c = eg.contact(hull, m)
        alone = [eg.contact(hull, t) for t in tris]
        assert (c is None) == all(a is None for a in alone), trial
        if c is not None:
            assert c.depth == max(a.depth for a in alone if a is not None), trial


def test_a_repeated_index_is_the_segment_of_its_two_indices():
    # docs/queries.md "pieces": (3, 3, 4) is the segment v[3] v[4], its
    # features named by those indices; null only where two different
    # indices share a position (issue 52, E7).
    v = np.array([[0, 0, 0], [4, 0, 0], [1, 0, 0], [0, 8, 0], [4, 8, 0], [0, 8, 0]], float)
    m = eg.Mesh(v, np.array([[3, 3, 4]]))
    assert [p.feature for p in eg.contact(((2, 8, 1), 2), m).pieces] == [("edge", (3, 4))]
    assert [p.feature for p in eg.contact(((5, 8, 1), 2), m).pieces] == [("vertex", (4,))]
    shared = eg.Mesh(v, np.array([[3, 5, 4]]))
    assert [p.feature for p in eg.contact(((2, 8, 1), 2), shared).pieces] == [None]

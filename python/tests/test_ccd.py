"""exactgeom.ccd_vertex_face and ccd_edge_edge (issue 53): over NumPy arrays
the answers of `exactgeom eval`'s ccd op line by line (random, touching and
degenerate queries, both kinds, with and without ms), the spec's example,
the benchmark's sample queries against their ground truth, threads, and bad
input as ValueError."""

import json
import threading

import numpy as np
import pytest

import exactgeom as eg


def ccd_line(kind, t0, t1, ms):
    q = {"op": "ccd", "kind": kind, "t0": [[float(v).hex() for v in p] for p in t0],
         "t1": [[float(v).hex() for v in p] for p in t1]}
    if ms:
        q["ms"] = float(ms).hex()
    return json.dumps(q)


def queries(rng, n):
    """Random queries, touching ones (t0 and t1 meeting at a dyadic time) and
    degenerate ones (repeated points, collinear), on a dyadic grid."""
    t0 = np.round(rng.uniform(-1, 1, (n, 4, 3)) * 64) / 64
    t1 = t0 + np.round(rng.uniform(-2, 2, (n, 4, 3)) * 64) / 64
    t1[::3] = t0[::3] * -1  # through the origin: many hits
    t0[1::5, 3] = t0[1::5, 2]  # repeated points
    t1[1::5, 3] = t1[1::5, 2]
    t0[2::7, :, 2] = 0  # all in one plane for the whole step
    t1[2::7, :, 2] = 0
    return t0, t1


@pytest.mark.parametrize("kind", ["vertex_face", "edge_edge"])
def test_arrays_agree_with_eval(kind):
    rng = np.random.default_rng(53)
    t0, t1 = queries(rng, 300)
    ms = np.where(np.arange(300) % 4 == 0, 0.0625, 0.0)
    fn = eg.ccd_vertex_face if kind == "vertex_face" else eg.ccd_edge_edge
    hit, toi, lo = fn(t0, t1, ms)
    assert hit.dtype == np.bool_ and toi.dtype == np.float64 and hit.shape == (300,)
    lines = [ccd_line(kind, t0[i], t1[i], ms[i]) for i in range(300)]
    answers = [json.loads(a) for a in eg.eval(lines)]
    assert 20 < hit.sum() < 280
    for i, a in enumerate(answers):
        assert a["hit"] == bool(hit[i]), lines[i]
        if a["hit"]:
            assert float.fromhex(a["toi"]) == toi[i] and float.fromhex(a["toi_lo"]) == lo[i], lines[i]
        else:
            assert np.isnan(toi[i]) and np.isnan(lo[i])
    # One ms for all, and a single query of shape (4, 3).
    h2, _, _ = fn(t0, t1, 0.0625)
    assert (h2 >= hit).all()
    one = fn(t0[0], t1[0], ms[0])
    assert one[0].shape == (1,) and one[0][0] == hit[0]


def test_spec_example():
    hit, toi, lo = eg.ccd_vertex_face([[0, 0, 1], [-1, -1, 0], [2, -1, 0], [-1, 2, 0]],
                                      [[0, 0, -1], [-1, -1, 0], [2, -1, 0], [-1, 2, 0]])
    assert hit[0] and toi[0] == 0.5 and lo[0] == 0.5


@pytest.mark.parametrize("kind,folder,count", [("vertex_face", "vertex-face", 3085), ("edge_edge", "edge-edge", 4194)])
def test_the_benchmarks_sample_queries(data_dir, kind, folder, count):
    root = data_dir / "ccd-sample-queries"
    files = sorted(p for p in root.rglob("*.csv") if p.parent.name == folder)
    vals, truth = [], []
    for f in files:
        rows = [line.split(",") for line in f.read_text().split()]
        # The files' values are doubles: numerator / denominator is exact in float64
        # when the denominator is a power of two (every one here).
        v = np.array([[int(r[0]) / int(r[1]), int(r[2]) / int(r[3]), int(r[4]) / int(r[5])] for r in rows])
        vals.append(v.reshape(-1, 8, 3))
        truth.append(np.array([int(r[6]) for r in rows]).reshape(-1, 8)[:, 0])
    vals, truth = np.concatenate(vals), np.concatenate(truth)
    assert len(vals) == count
    fn = eg.ccd_vertex_face if kind == "vertex_face" else eg.ccd_edge_edge
    hit, _, _ = fn(vals[:, :4], vals[:, 4:])
    assert (hit == (truth == 1)).all()


def test_threads():
    rng = np.random.default_rng(1)
    t0, t1 = queries(rng, 2000)
    want = eg.ccd_edge_edge(t0, t1)
    results = []
    threads = [threading.Thread(target=lambda: results.append(eg.ccd_edge_edge(t0, t1))) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        assert (r[0] == want[0]).all()


def test_bad_input():
    ok = np.zeros((2, 4, 3))
    bad = ok.copy()
    bad[1, 2, 0] = np.nan
    with pytest.raises(ValueError, match="NaN or infinite"):
        eg.ccd_vertex_face(bad, ok)
    bad[1, 2, 0] = np.inf
    with pytest.raises(ValueError, match="NaN or infinite"):
        eg.ccd_edge_edge(ok, bad)
    with pytest.raises(ValueError, match="ms"):
        eg.ccd_vertex_face(ok, ok, -1.0)
    with pytest.raises(ValueError, match=r"shape \(n, 4, 3\)"):
        eg.ccd_vertex_face(np.zeros((2, 3, 3)), np.zeros((2, 3, 3)))
    with pytest.raises(ValueError, match="queries"):
        eg.ccd_vertex_face(np.zeros((2, 4, 3)), np.zeros((3, 4, 3)))
    with pytest.raises(ValueError, match="one number or one per query"):
        eg.ccd_vertex_face(ok, ok, [0.0, 0.0, 0.0])

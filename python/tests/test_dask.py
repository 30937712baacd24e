"""exactgeom.dask on a LocalCluster of two worker processes: eval_bag gives
`exactgeom eval`'s output and audit_distributed the unsharded report, byte
for byte, for any partitioning, also when a worker is killed mid-run.
Skipped when Dask is not installed (CI installs it: scripts/bootstrap.sh)."""

import functools
import logging
import os
import signal
import subprocess

import pytest

pytest.importorskip("dask.bag", reason="Dask is not installed (Debian: python3-dask)")
distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed (python3-distributed)")

import dask.bag as db  # noqa: E402

import exactgeom as eg  # noqa: E402
from exactgeom import dask as egd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as cluster, distributed.Client(cluster) as c:
        yield c


def kill_worker_once(marker, item):
    """Kills the worker process running it, the first time it runs anywhere
    (the marker file says it did); otherwise the identity."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return item
    assert distributed.get_worker() is not None  # never the test's own process
    os.kill(os.getpid(), signal.SIGKILL)
    return item  # not reached


def query_lines(data_dir):
    """Valid, error and blank lines (bytes, without newlines): error lines
    name their line numbers, so a wrong offset shows."""
    lines = []
    for name in ("eval_valid.jsonl", "eval_errors.jsonl"):
        lines += (data_dir / name).read_bytes().split(b"\n")[:-1]
    lines[3:3] = [b"", b"   ", b"not json"]
    lines.append(b'{"id": 1, "op": "orient2d", "p": [[0, 0], [1, 0], [2, 0]]}')
    return lines


def command_output(tool, data):
    return subprocess.run([tool, "eval", "--quiet"], input=data, stdout=subprocess.PIPE, check=False,
                          timeout=60).stdout


@pytest.mark.parametrize("npartitions", [1, 3, 7])
def test_eval_bag_is_the_command_on_the_whole_input(client, tool, data_dir, npartitions):
    lines = query_lines(data_dir)
    data = b"\n".join(lines) + b"\n"
    want = command_output(tool, data)
    assert b'"line":6}' in want  # "not json", after the blank lines: numbered in the whole input
    bag = db.from_sequence(lines, npartitions=npartitions)
    assert bag.npartitions == npartitions
    got = egd.eval_bag(bag).compute()
    assert ("\n".join(got) + "\n").encode("utf-8", "surrogateescape") == want
    # Items holding several lines each, as str.
    text = [(b"\n".join(lines[i:i + 5]) + b"\n").decode("utf-8", "surrogateescape")
            for i in range(0, len(lines), 5)]
    got = egd.eval_bag(db.from_sequence(text, npartitions=npartitions)).compute()
    assert ("\n".join(got) + "\n").encode("utf-8", "surrogateescape") == want


def test_eval_bag_of_read_text(client, tool, data_dir, tmp_path):
    lines = query_lines(data_dir)
    data = b"\n".join(lines) + b"\n"
    for i in range(3):  # three files: one input, as `cat` would give it
        (tmp_path / f"q{i}.jsonl").write_bytes(data)
    bag = db.read_text(str(tmp_path / "q*.jsonl"), blocksize=4096, encoding="utf-8", errors="surrogateescape")
    assert bag.npartitions > 3
    got = egd.eval_bag(bag).compute()
    assert ("\n".join(got) + "\n").encode("utf-8", "surrogateescape") == command_output(tool, data * 3)


def test_eval_bag_survives_a_killed_worker(client, tool, data_dir, tmp_path):
    lines = query_lines(data_dir) * 4
    marker = tmp_path / "killed"
    bag = db.from_sequence(lines, npartitions=8).map(functools.partial(kill_worker_once, str(marker)))
    got = egd.eval_bag(bag).compute()
    assert marker.exists()  # a worker died running a partition
    assert ("\n".join(got) + "\n").encode("utf-8", "surrogateescape") == \
        command_output(tool, b"\n".join(lines) + b"\n")
    client.wait_for_workers(2, timeout=60)  # the nanny restarted it


# A float closed-overlap test of two stadiums, wrong for crossing axes (the
# audit tests' function; the workers import it from there by name).
from test_audit import endpoints_only as float_capsule_overlap  # noqa: E402


class KillOnce:
    """float_capsule_overlap, but the worker running its `after`-th call dies
    (once over the whole cluster: a marker file)."""

    def __init__(self, marker, after):
        self.marker, self.after, self.calls = marker, after, 0

    def __call__(self, x, y):
        self.calls += 1
        if self.calls == self.after:
            kill_worker_once(self.marker, None)
        return float_capsule_overlap(x, y)


OPTIONS = dict(cases=150, keep=2, name="endpoints_only")


def test_audit_distributed_is_the_unsharded_report(client):
    want = eg.audit_pair(float_capsule_overlap, "closed_overlap", "capsule2", **OPTIONS)
    assert want.wrong > 0 and want.wrong_cases
    for shards in (1, 5):
        got = egd.audit_distributed(float_capsule_overlap, "closed_overlap", "capsule2", client=client,
                                    shards=shards, **OPTIONS)
        assert got.json() == want.json()
        assert got.markdown() == want.markdown()
        assert got.shard == ""
    # name defaults to the function's, as in audit_pair
    got = egd.audit_distributed(float_capsule_overlap, "closed_overlap", "capsule2", client=client, shards=3,
                                cases=20)
    assert got.algorithm == "endpoints_only"


def test_audit_distributed_survives_a_killed_worker(client, tmp_path):
    marker = tmp_path / "killed"
    want = eg.audit_pair(float_capsule_overlap, "closed_overlap", "capsule2", **OPTIONS)
    got = egd.audit_distributed(KillOnce(str(marker), after=40), "closed_overlap", "capsule2", client=client,
                                shards=4, **OPTIONS)
    assert marker.exists()  # a worker died in the middle of a shard
    assert got.json() == want.json()
    client.wait_for_workers(2, timeout=60)


def raises_on_touching(x, y):
    raise ArithmeticError("the function under test failed")


def test_audit_distributed_errors(client):
    with pytest.raises(ArithmeticError, match="the function under test failed"):
        egd.audit_distributed(raises_on_touching, "closed_overlap", "capsule2", client=client, shards=2, cases=5)
    with pytest.raises(ValueError, match="shards must be at least 1"):
        egd.audit_distributed(float_capsule_overlap, "closed_overlap", "capsule2", client=client, shards=0)
    with pytest.raises(ValueError, match="pass shards= instead"):
        egd.audit_distributed(float_capsule_overlap, "closed_overlap", "capsule2", client=client, shard=(0, 2))
    with pytest.raises(ValueError, match="not a question"):
        egd.audit_distributed(float_capsule_overlap, "overlaps", "capsule2", client=client, shards=2, cases=5)


def test_eval_bag_with_named_meshes(client, tool, data_dir):
    lines = (data_dir / "eval_meshes.jsonl").read_bytes().split(b"\n")[:-1]
    want = subprocess.run([tool, "eval", "--quiet", "--mesh", f"floor={data_dir / 'mesh_floor.json'}"],
                          input=b"\n".join(lines) + b"\n", stdout=subprocess.PIPE, check=False, timeout=60).stdout
    for meshes in ({"floor": str(data_dir / "mesh_floor.json")},
                   eg.load_meshes({"floor": str(data_dir / "mesh_floor.json")})):
        got = egd.eval_bag(db.from_sequence(lines, npartitions=3), meshes=meshes).compute()
        assert ("\n".join(got) + "\n").encode() == want

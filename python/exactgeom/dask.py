"""exactgeom.dask: the query engine and the audits on a Dask cluster.

Optional: importing exactgeom never imports Dask; importing this module needs
Dask (dask.bag, and dask.distributed for audit_distributed). Debian:
python3-dask python3-distributed; pip: "dask[bag,distributed]".

eval_bag(bag)
    exactgeom.eval over a Dask bag of query lines: a bag of answer lines,
    partitions answered in order, identical to `exactgeom eval` on the
    concatenated input (error lines carry their line number in the whole
    input).
audit_distributed(fn, question, x, y=None, *, client, shards=8, **options)
    exactgeom.audit_pair in `shards` pieces on a dask.distributed client,
    merged by exactgeom.merge_reports: the report is byte for byte the
    unsharded run's.

Both give the same result whatever the number of partitions, shards and
workers, and when a worker dies mid-run (Dask runs its tasks again on
another worker; every task here is deterministic). See docs/python.md.
"""

from typing import Any, Callable, List, Optional, Sequence, Union

import dask
import dask.bag

from . import _exactgeom

__all__ = ["audit_distributed", "eval_bag"]


def _lines_of(item: Union[str, bytes, bytearray]) -> int:
    """The lines exactgeom.eval numbers in one item: split at newlines, a final
    newline ending the last line (so "" and "\\n" are one blank line each)."""
    nl = "\n" if isinstance(item, str) else b"\n"
    return item.count(nl) + (0 if item.endswith(nl) else 1)


def _count(partition: Sequence[Union[str, bytes]]) -> int:
    return sum(_lines_of(item) for item in partition)


def _first_lines(counts: Sequence[int]) -> List[int]:
    """The number of each partition's first line."""
    first, n = [], 1
    for c in counts:
        first.append(n)
        n += c
    return first


def _eval_partition(partition: Sequence[Union[str, bytes]], first_lines: Sequence[int], index: int,
                    max_line_bytes: int, meshes: Any = None) -> List[str]:
    return _exactgeom.eval(partition, max_line_bytes=max_line_bytes, first_line=first_lines[index], meshes=meshes)


def eval_bag(bag: dask.bag.Bag, max_line_bytes: int = 16 << 20, meshes: Any = None) -> dask.bag.Bag:
    """The answers to a Dask bag of query lines, as a bag of answer lines.

    bag: items as exactgeom.eval takes them (str or bytes, each one or more
    lines; dask.bag.read_text gives lines that end in a newline). The result,
    lazy like any bag, holds the answer lines without newlines, in input
    order, one partition per input partition: "\\n".join(result.compute()) +
    "\\n" is what `exactgeom eval` writes for the input's lines read in order
    (blank lines get no answer but count), byte for byte, error lines
    included with their line numbers in the whole input.

    Each partition's lines are counted first (a small task per partition),
    then each partition is answered with its first line's number: a
    partition's items are held from its count to its answers.

    meshes: the named meshes the lines use ({"mesh": "NAME"}), as an
    EvalMeshes (exactgeom.load_meshes({name: path})) or a {name: path} dict
    (read here, once). They are one task of the graph, so each worker
    receives them once, whatever the number of partitions.
    """
    if isinstance(meshes, dict):
        meshes = _exactgeom.EvalMeshes({n: open(p, "rb").read().decode("utf-8") for n, p in meshes.items()})
    shared = dask.delayed(meshes, pure=True) if meshes is not None else None
    parts = bag.to_delayed(optimize_graph=True)
    first = dask.delayed(_first_lines, pure=True)([dask.delayed(_count, pure=True)(p) for p in parts])
    answers = [dask.delayed(_eval_partition, pure=True)(p, first, i, max_line_bytes, shared) for i, p in enumerate(parts)]
    return dask.bag.from_delayed(answers)


def _audit_shard(fn: Callable[..., Any], question: str, x: str, y: Optional[str], options: dict, index: int,
                 count: int) -> str:
    return _exactgeom.audit_pair(fn, question, x, y, shard=(index, count), **options).json()


def audit_distributed(fn: Callable[..., Any], question: str, x: str, y: Optional[str] = None, *, client: Any,
                      shards: int = 8, **options: Any) -> _exactgeom.AuditReport:
    """exactgeom.audit_pair(fn, question, x, y, **options) run as `shards`
    tasks on a dask.distributed Client, each the cases i with
    i % shards == index of every family; the reports are merged by
    exactgeom.merge_reports into the unsharded run's report (json() and
    markdown() byte for byte the same).

    fn is sent to the workers (cloudpickle: a function of an importable
    module by name, one defined in a script or notebook by value). options
    are audit_pair's keyword options; name defaults to fn's qualified name
    here, as there. An exception raised by fn in a task is raised here.
    A worker that dies mid-task costs only time: the scheduler runs the task
    again elsewhere (up to distributed.scheduler.allowed-failures times).
    """
    if shards < 1:
        raise ValueError(f"audit_distributed: shards must be at least 1, not {shards}")
    if "shard" in options:
        raise ValueError("audit_distributed: shard is set per task; pass shards= instead")
    if options.get("name") is None:
        options["name"] = getattr(fn, "__qualname__", None) or repr(fn)
    futures = [client.submit(_audit_shard, fn, question, x, y, options, i, shards, pure=False)
               for i in range(shards)]
    return _exactgeom.merge_reports([_exactgeom.AuditReport.from_json(j) for j in client.gather(futures)])

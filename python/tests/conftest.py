"""Fixtures of the exactgeom pytest suite (python/tests; docs/python.md):
the `exactgeom` command and the shared query files, for the eval tests."""

import os
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


# ---- the command

@pytest.fixture(scope="session")
def tool():
    """The `exactgeom` command (EXACTGEOM_TOOL, as ctest sets it, or on PATH)."""
    path = os.environ.get("EXACTGEOM_TOOL") or shutil.which("exactgeom")
    if not path or not os.path.exists(path):
        pytest.skip("the exactgeom command is not built (set EXACTGEOM_TOOL)")
    return path


@pytest.fixture(scope="session")
def data_dir():
    return Path(os.environ.get("EXACTGEOM_TEST_DATA", REPO / "tests" / "data"))

"""`python3 -m pip install --no-build-isolation .` into a venv with the
system's packages, offline (--no-index): the package installs and imports
from the venv. To stay quick it builds in the CMake build directory the
suite runs from (EXACTGEOM_CMAKE_BUILD_DIR, set by ctest; setup.py's
EXACTGEOM_BUILD_DIR), so the module is not compiled again; a build from
scratch is the same setup.py path with a fresh directory (docs/python.md)."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not os.environ.get("EXACTGEOM_CMAKE_BUILD_DIR"),
                    reason="EXACTGEOM_CMAKE_BUILD_DIR (a CMake build directory with the module) not set")
def test_pip_install_into_a_venv(tmp_path):
    # Looked up, not imported: importing setuptools here would change distutils for the suite.
    missing = [m for m in ("pip", "setuptools", "wheel") if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (Debian: python3-pip python3-setuptools python3-wheel)")
    venv = tmp_path / "venv"
    r = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        pytest.skip(f"python3 -m venv failed (Debian: python3-venv): {r.stderr.strip()[-300:]}")
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_USER")}
    env["EXACTGEOM_BUILD_DIR"] = os.environ["EXACTGEOM_CMAKE_BUILD_DIR"]
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    r = subprocess.run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q", str(REPO)],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=240)
    assert r.returncode == 0, r.stdout + r.stderr
    check = ("import exactgeom, numpy; "
             "print(exactgeom.__file__); "
             "print(exactgeom.orient2d(numpy.zeros((2, 2)), [1, 0], [[0, 1], [0, -1]]).tolist()); "
             "print(exactgeom.eval(['{\"op\":\"orient2d\",\"a\":[0,0],\"b\":[1,0],\"c\":[0,1]}'])[0])")
    r = subprocess.run([str(python), "-c", check], capture_output=True, text=True, env=env, cwd=tmp_path,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    file, signs, answer = r.stdout.splitlines()
    assert Path(file).resolve().is_relative_to(venv.resolve())
    assert signs == "[1, -1]" and answer == '{"op":"orient2d","sign":1}'
    pkg = Path(file).parent
    assert (pkg / "py.typed").exists() and (pkg / "__init__.pyi").exists()

"""Builds and installs the Python package exactgeom (docs/python.md).

    python3 -m pip install --no-build-isolation .

builds the extension module with CMake (target _exactgeom only: the library,
the query engine and the bindings; no tests, tools or benchmarks) for the
interpreter running pip, then installs it with the package's Python files
(python/exactgeom). It needs what a CMake build of exactgeom needs (cmake,
ninja-build or make, g++, libboost-dev, libgmp-dev, libsimdjson-dev) and
pybind11-dev, python3-dev, python3-numpy; nothing is downloaded.

Environment:
  EXACTGEOM_BUILD_DIR  an existing CMake build directory of this tree
                       (configured with EXACTGEOM_BUILD_PYTHON=ON for the
                       same interpreter) to build the module in, instead of a
                       fresh one under build-pip/; its setuptools files go
                       there too.
  EXACTGEOM_CMAKE_ARGS extra arguments for the CMake configure step.
  CMAKE_BUILD_PARALLEL_LEVEL  parallel compile jobs (CMake's own variable).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(exactgeom\s+VERSION\s+([0-9.]+)", text)
    if not match:
        raise RuntimeError("setup.py: no version in CMakeLists.txt's project()")
    return match.group(1)


def own_build_dir():
    given = os.environ.get("EXACTGEOM_BUILD_DIR")
    return Path(given).resolve() if given else None


class CMakeBuild(build_ext):
    """Builds the one extension, _exactgeom, with CMake."""

    def build_extension(self, ext):
        cmake = shutil.which("cmake")
        if not cmake:
            raise RuntimeError("exactgeom: cmake not found (Debian: apt-get install cmake ninja-build)")
        build_dir = own_build_dir()
        if build_dir is None:
            build_dir = ROOT / "build-pip" / f"cmake-py{sys.version_info[0]}{sys.version_info[1]}"
            args = [
                cmake, "-S", str(ROOT), "-B", str(build_dir),
                "-DCMAKE_BUILD_TYPE=Release",
                "-DEXACTGEOM_BUILD_PYTHON=ON",
                "-DEXACTGEOM_BUILD_TESTS=OFF",
                "-DEXACTGEOM_BUILD_BENCHMARKS=OFF",
                "-DEXACTGEOM_BUILD_TOOLS=OFF",
                "-DEXACTGEOM_BUILD_EXAMPLES=OFF",
                "-DEXACTGEOM_INSTALL=OFF",
                f"-DPython3_EXECUTABLE={sys.executable}",
            ]
            if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
                args.append("-GNinja")
            if shutil.which("ccache"):
                args.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            try:
                import pybind11  # Debian's python3-pybind11, or pybind11 from PyPI

                args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
            except ImportError:
                pass  # CMake looks for pybind11-dev's config itself
            args += shlex.split(os.environ.get("EXACTGEOM_CMAKE_ARGS", ""))
            subprocess.run(args, check=True)
        subprocess.run([cmake, "--build", str(build_dir), "--target", "_exactgeom"], check=True)

        built = sorted((build_dir / "python" / "exactgeom").glob("_exactgeom*.so"))
        suffix = self.get_ext_filename(ext.name)[len("exactgeom/_exactgeom"):]
        matching = [p for p in built if p.name.endswith(suffix)]
        if not matching:
            raise RuntimeError(
                f"exactgeom: no _exactgeom*{suffix} in {build_dir}/python/exactgeom "
                f"(was that build configured for {sys.executable}?)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(matching[0], target)


# setuptools' files go to build-pip/ (or the given CMake build directory),
# not to build/, which is the CMake build directory of scripts/bootstrap.sh.
_given = own_build_dir()
_build_base = str(_given / "setuptools") if _given else str(ROOT / "build-pip" / "setuptools")

setup(
    version=project_version(),
    packages=["exactgeom"],
    package_dir={"exactgeom": "python/exactgeom"},
    package_data={"exactgeom": ["py.typed", "__init__.pyi"]},
    ext_modules=[Extension("exactgeom._exactgeom", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": _build_base}},
    zip_safe=False,
)

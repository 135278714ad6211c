"""sim.kernel_cache: compiled kernels are cached in a folder named by a digest of the sources,
so a change to a kernel's callee in another module never loads the old machine code."""
from __future__ import annotations

import json
import shutil
import os
import subprocess
import sys
import time
from pathlib import Path

from numba.core import config

from sim import kernel_cache
from sim.physics import loop

ROOT = Path(__file__).resolve().parents[2]


def test_kernels_cache_in_the_digest_folder():
    folder = kernel_cache.CACHE_FOLDER
    assert folder is not None and folder.name == kernel_cache.source_digest()
    assert config.CACHE_DIR == str(folder)
    # the event loop's cache file lies there, not beside the sources
    assert Path(loop.run_batch._cache._cache_path).is_relative_to(folder)


def test_the_digest_follows_the_kernels_and_what_they_import(tmp_path):
    files = {
        "sim/__init__.py": "",
        "sim/physics/__init__.py": "",
        "sim/physics/k.py": "from numba import njit\nfrom ..consts import C\n"
                            "from engine.values import V\n\n@njit\ndef f():\n    return C + V\n",
        "sim/consts.py": "C = 1.0\n",
        "engine/__init__.py": "",
        "engine/values.py": "V = 2.0\n",
        "ai/__init__.py": "",
        "ai/search.py": "from engine.values import V\nW = V\n",  # imports, defines no kernel
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    got = {f.relative_to(tmp_path).as_posix() for f in kernel_cache.kernel_sources(tmp_path)}
    assert got == {"sim/physics/k.py", "sim/consts.py", "engine/values.py"}
    before = kernel_cache.source_digest(tmp_path)
    assert kernel_cache.source_digest(tmp_path) == before  # stable
    (tmp_path / "ai" / "search.py").write_text("W = 3\n")  # no kernel depends on it
    assert kernel_cache.source_digest(tmp_path) == before
    (tmp_path / "engine" / "values.py").write_text("V = 2.5\n")  # a constant a kernel freezes
    assert kernel_cache.source_digest(tmp_path) != before


def test_the_real_kernels_sources_include_their_callees():
    names = {f.relative_to(kernel_cache.PACKAGE_ROOT).as_posix()
             for f in kernel_cache.kernel_sources()}
    assert {"sim/detmath.py", "sim/physics/loop.py", "sim/physics/cue_strike.py",
            "engine/manner.py", "ai/geometry/kernels.py", "ai/geometry/shot_table.py",
            "ai/value/kernels.py"} <= names
    assert "ai/search/pipeline.py" not in names and "russian_pyramid/cli.py" not in names


def test_a_process_uses_the_users_folder_and_the_default_one(tmp_path):
    code = "from sim import kernel_cache as k; print(k.CACHE_FOLDER)"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "mine"))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.strip()
    assert Path(out) == tmp_path / "mine" / kernel_cache.source_digest()
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    root = tmp_path / "xdg" / "russian-pyramid" / "numba"
    week_ago = time.time() - 7 * 24 * 3600
    for k, old in enumerate(("0" * 16, "1" * 16, "2" * 16, "3" * 16)):  # other versions,
        (root / old).mkdir(parents=True)  # last used a week ago, one a minute less each
        os.utime(root / old, (week_ago + 60 * k, week_ago + 60 * k))
    (root / ("4" * 16)).mkdir()  # another version, in use now: never pruned
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.strip()
    assert Path(out) == root / kernel_cache.source_digest()
    kept = sorted(p.name for p in root.iterdir() if p.is_dir())  # ours, the one in use, and
    assert kept == sorted([kernel_cache.source_digest(), "4" * 16, "3" * 16])  # the newest


def test_an_unwritable_folder_falls_back_to_numbas_default(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    code = "from sim import kernel_cache as k; print(k.CACHE_FOLDER)"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(blocked))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.strip()
    assert out == "None"


def test_the_remembered_digest_is_the_digest_and_follows_every_change(tmp_path):
    src = tmp_path / "src"
    files = {"sim/__init__.py": "", "sim/k.py": "from numba import njit\nfrom .c import C\n"
                                                 "@njit\ndef f():\n    return C\n",
             "sim/c.py": "C = 1.0\n", "engine/__init__.py": "", "ai/__init__.py": ""}
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    memo = tmp_path / "cache" / kernel_cache.MEMO_NAME
    first = kernel_cache.remembered_digest(memo, src)
    assert first == kernel_cache.source_digest(src) and memo.is_file()
    assert kernel_cache.remembered_digest(memo, src) == first  # from the memo
    (src / "sim" / "c.py").write_text("C = 2.0\n")  # a callee changed: never the old digest
    second = kernel_cache.remembered_digest(memo, src)
    assert second == kernel_cache.source_digest(src) != first
    memo.write_text("not json")  # a broken memo is only a slower start
    assert kernel_cache.remembered_digest(memo, src) == second
    # a memo that lies about a tree is believed only for that exact tree's contents
    table = {kernel_cache.tree_digest(src): "f" * 16}
    memo.write_text(json.dumps(table))
    assert kernel_cache.remembered_digest(memo, src) == "f" * 16
    (src / "ai" / "x.py").write_text("X = 1\n")
    assert kernel_cache.remembered_digest(memo, src) == kernel_cache.source_digest(src)


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


def test_an_installed_copy_compiles_into_numba_cache_dir_and_writes_nothing_beside_it(
        tmp_path):
    """A read-only installation (issue 30 item 5): with ``NUMBA_CACHE_DIR`` set, the compiled
    kernels (``.nbi``/``.nbc``) and the digest memo land in that folder, and nothing at all is
    written into the installed sources (Python's bytecode is its own business:
    ``PYTHONDONTWRITEBYTECODE`` / ``PYTHONPYCACHEPREFIX``, docs/REPRODUCIBILITY.md).  The copy
    is the ``sim`` package alone, which imports nothing else of the project; a question to the
    table's geometry compiles its deterministic maths (``sim.detmath``)."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "sim", site / "sim",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    before = _files(site)
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "XDG_CACHE_HOME")}
    env.update(NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(site), PYTHONDONTWRITEBYTECODE="1",
               HOME=str(tmp_path / "home"))
    code = ("import sim; from sim import kernel_cache as k; from numba.core import config; "
            "sim.shared_simulator().geometry.ball_fits(1.0, 1.0); "
            "print(k.CACHE_FOLDER); print(config.CACHE_DIR); print(sim.__file__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, text=True,
                         capture_output=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    folder, numba_dir, where = out.stdout.split()
    assert Path(where).is_relative_to(site)  # the copy was imported, not the checkout
    assert Path(folder).parent == cache and numba_dir == folder
    compiled = [p for p in Path(folder).rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert any(p.name.startswith("detmath.") for p in compiled), sorted(_files(cache))
    assert (cache / kernel_cache.MEMO_NAME).is_file()
    assert _files(site) == before  # nothing beside the sources
    assert not (tmp_path / "home").exists()  # nor in the user's cache

"""sim.kernel_cache: compiled kernels are cached in a folder named by a digest of the sources,
so a change to a kernel's callee in another module never loads the old machine code."""
from __future__ import annotations

import os
import subprocess
import sys
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


def test_the_digest_follows_every_source_file(tmp_path):
    for pkg in kernel_cache.KERNEL_PACKAGES:
        (tmp_path / pkg / "sub").mkdir(parents=True)
        (tmp_path / pkg / "sub" / "a.py").write_text("X = 1\n")
    before = kernel_cache.source_digest(tmp_path)
    assert kernel_cache.source_digest(tmp_path) == before  # stable
    (tmp_path / "engine" / "sub" / "a.py").write_text("X = 2\n")  # a callee elsewhere
    changed = kernel_cache.source_digest(tmp_path)
    assert changed != before
    (tmp_path / "ai" / "notes.txt").write_text("not code")
    assert kernel_cache.source_digest(tmp_path) == changed


def test_a_process_uses_the_users_folder_and_the_default_one(tmp_path):
    code = "from sim import kernel_cache as k; print(k.CACHE_FOLDER)"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "mine"))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.strip()
    assert Path(out) == tmp_path / "mine" / kernel_cache.source_digest()
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    for old in ("0" * 16, "1" * 16, "2" * 16, "3" * 16):  # digests of other versions
        (tmp_path / "xdg" / "russian-pyramid" / "numba" / old).mkdir(parents=True)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.strip()
    root = tmp_path / "xdg" / "russian-pyramid" / "numba"
    assert Path(out) == root / kernel_cache.source_digest()
    assert len(list(root.iterdir())) == kernel_cache.KEEP  # older digests pruned


def test_an_unwritable_folder_falls_back_to_numbas_default(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    code = "from sim import kernel_cache as k; print(k.CACHE_FOLDER)"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(blocked))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                         capture_output=True, check=True).stdout.strip()
    assert out == "None"

"""Seeded games played under other CPU settings of this machine, for tests/test_reproducible.py.

    python -m tests.reproducibility OUT_DIR [--verify RECORD ...]

plays :data:`GAMES` (``pyramid play``, records into OUT_DIR) and verifies the records given
(re-simulating every stroke, as ``pyramid analyze`` does), printing one JSON line per record
verified.  The test runs it in subprocesses whose environment stands for another machine
(:func:`settings`): numpy's SIMD dispatch cut to its baseline, Numba compiling for a generic
x86-64 CPU, glibc's libm without its FMA variants.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ai.games.records import verified
from engine.record import parse_record
from russian_pyramid.cli import main as cli

# name -> the command line of one seeded game (small budgets: the test plays each game under
# every setting)
GAMES = {
    "greedy-vs-random": ["--seed", "3", "--agent-a", "greedy", "--agent-b", "random",
                         "--max-strokes", "20"],
    "mc-vs-mcbase": ["--seed", "7", "--agent-a", "mc:budget=24", "--agent-b",
                     "mc-base:budget=24", "--max-strokes", "10"],
}

# What legitimately differs between two runs: when and where a record was made, the time a
# decision took, and the integrity hash over those.
WALL_CLOCK_KEYS = frozenset({"provenance", "decision_s", "elapsed_s", "seconds", "sha256",
                             "date", "started", "finished"})


def comparable(line: dict):
    """A record line without its wall-clock and machine fields, recursively."""
    if isinstance(line, dict):
        return {k: comparable(v) for k, v in line.items() if k not in WALL_CLOCK_KEYS}
    if isinstance(line, list):
        return [comparable(v) for v in line]
    return line


def first_difference(a, b, path: str = "") -> str | None:
    """Where two comparable values first differ (a key path), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k} (only on one side)"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path} (lengths {len(a)} and {len(b)})"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {a!r} against {b!r}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir", type=Path)
    ap.add_argument("--verify", nargs="*", type=Path, default=[])
    args = ap.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for name, argv_game in GAMES.items():
        code = cli(["play", *argv_game, "--quiet", "--force", "--record",
                    str(args.out_dir / f"{name}.jsonl")])
        if code != 0:
            print(f"pyramid play {name} exited {code}", file=sys.stderr)
            return 1
    for path in args.verify:
        record = parse_record(path.read_text(encoding="utf-8").splitlines())
        v = verified(record)
        print(json.dumps({"record": str(path), "strokes": v.check.strokes,
                          "same_physics": v.same_physics}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

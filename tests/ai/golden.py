"""Seeded games and suggestions kept as golden files, so that a change meant to keep the AI's
behaviour (a refactoring, a speed-up) can be checked stroke for stroke against the code that
wrote them.

    python -m tests.ai.golden --write     # regenerate after a change that is *meant* to alter play

Each case runs the real command line in this process (``pyramid play`` / ``pyramid suggest``)
and keeps its output: the game record (every stroke as played after the execution noise, in
exact radians, the ruling and the resting positions) or the suggestion list (P(win) figures
included).  Regenerating is a deliberate act: say in the commit why play changed.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "golden_data"
ROOT = HERE.parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples

# name -> command line (without the output options, which the runner adds)
GAMES = {
    # the frozen baseline (ai.registry.MC_BASE): these three games were first written by
    # ``mc`` at commit bd01126, and mc-base replays them stroke for stroke
    "mc-vs-mcfast-seed1": ["play", "--seed", "1", "--agent-a", "mc-base:budget=60",
                           "--agent-b", "mc-base:budget=120", "--max-strokes", "24"],
    "mc-vs-mcfast-seed2": ["play", "--seed", "2", "--agent-a", "mc-base:budget=60",
                           "--agent-b", "mc-base:budget=120", "--max-strokes", "24"],
    "ball-and-pocket-seed4": ["play", "--seed", "4", "--call-mode", "ball-and-pocket",
                              "--agent-a", "mc-base:budget=60,skill=club", "--agent-b",
                              "mc-base:budget=60", "--max-strokes", "16"],
    # the frozen default of issue 29 (ai.registry.MC_2), first written when it was frozen
    "mc2-vs-mc2-seed7": ["play", "--seed", "7", "--agent-a", "mc-2:budget=60",
                         "--agent-b", "mc-2:budget=120", "--max-strokes", "24"],
    "greedy-vs-random-seed3": ["play", "--seed", "3", "--agent-a", "greedy",
                               "--agent-b", "random", "--max-strokes", "40"],
}
SUGGESTIONS = {
    "suggest-open-seed5": ["suggest", str(EXAMPLES / "suggest_open.json"), "--top",
                           "3", "--seed", "5", "--json"],
    "suggest-tush-seed6": ["suggest", str(EXAMPLES / "suggest_foul_tush.json"),
                           "--top", "2", "--seed", "6", "--json"],
}


def _cli(argv: list[str]) -> str:
    from russian_pyramid.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    if code != 0:
        raise RuntimeError(f"pyramid {' '.join(argv)} exited {code}")
    return out.getvalue()


def run_game(name: str) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        _cli(GAMES[name] + ["--quiet", "--record", str(path)])
        return [json.loads(line) for line in path.read_text().splitlines()]


def run_suggestion(name: str) -> dict:
    doc = json.loads(_cli(SUGGESTIONS[name]))
    doc.pop("elapsed_s", None)  # the only figure that depends on the machine
    return doc


def golden_path(name: str) -> Path:
    return HERE / f"{name}.json"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="regenerate every golden file")
    args = ap.parse_args(argv)
    if not args.write:
        ap.print_help()
        return 2
    for name in GAMES:
        golden_path(name).write_text(json.dumps(run_game(name), indent=None) + "\n")
        print("wrote", golden_path(name), file=sys.stderr)
    for name in SUGGESTIONS:
        golden_path(name).write_text(json.dumps(run_suggestion(name), indent=1) + "\n")
        print("wrote", golden_path(name), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The strength ladder: adjacent rungs play each other, one Bradley-Terry fit over all games.

    python -m benchmarks.ladder --games 200 --jobs 2 --dir ladder/      # plays, then reports
    python -m benchmarks.ladder --dir ladder/ --report-only              # only the report
    python -m benchmarks.ladder --smoke     # random vs greedy, 2 games, in a temporary folder

Each adjacent pair of :data:`RUNGS` is a ``pyramid tournament`` of its own (results file
``DIR/rung-K.jsonl``, resumable: running again continues where it stopped).  The report fits
Bradley-Terry ratings on the Elo scale to every game of every pair together (random anchored
at 0), with 95 % intervals from the Fisher information (:mod:`ai.games.ratings`), gives each
pair's score with its Wilson interval and each agent's median seconds per decision, writes
``DIR/ladder.json`` and draws ``DIR/ladder.png``.  A pair with fewer games than asked is
reported as such (a partial run), never padded.

``ladder.json`` carries what reproduces it: the command, the commit, the physics' digest and
the table, each pair's tournament command and seed, and every game's result (pair, game
number, agents by side, the score of side 0), so anyone can check the fit or play any game
again (``pyramid tournament --seed S`` plays game g of a pair from the same seed).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
import numpy as np  # noqa: E402

from ai.calibrate.provenance import command_line  # noqa: E402
from ai.games.ratings import bradley_terry, fisher_ci, wilson
from ai.games.results_file import parse_results, whole_lines  # noqa: E402
from ai.games.tournament import score_of_side0  # noqa: E402
from sim import shared_simulator  # noqa: E402

from . import smoke  # noqa: E402

# From weakest to strongest: the baseline frozen at bd01126 (mc-base), the default frozen when
# issue 29 began (mc-2), and the slow strong setting (mc-strong: the default at about three
# times its time a decision, ai.registry.STRONG_BUDGET).  Today's default mc plays as mc-2
# (the same options and weights, which mc-2 pins), so a pair of them would measure nothing; a
# new default takes its rung between mc-2 and mc-strong.
RUNGS = ("random", "greedy", "mc-base", "mc-2", "mc-strong")
SEED = 2026
SMOKE_SIZES = {"games": 2, "jobs": 1, "pairs": "0"}  # --smoke: the cheapest pair, two games


def rung_file(directory: Path, k: int) -> Path:
    return directory / f"rung-{k}.jsonl"


def commit_file(directory: Path, k: int) -> Path:
    """The commit pair k was played at (written when it is started; pairs of one ladder may be
    played at different commits)."""
    return directory / f"rung-{k}.commit"


def played_at(directory: Path, k: int) -> str | None:
    """The commit in pair k's commit file, None when it has none (played before they were
    kept)."""
    path = commit_file(directory, k)
    return path.read_text().strip() if path.exists() else None


def pair_command(directory: Path, k: int, games: int, jobs: int) -> list[str]:
    """The ``pyramid tournament`` arguments of pair k (rungs k and k + 1)."""
    return ["tournament", "--agents", RUNGS[k], RUNGS[k + 1], "--games", str(games), "--seed",
            str(SEED + k), "--jobs", str(jobs), "--out", str(rung_file(directory, k))]


def commit() -> str | None:
    """The repository's commit (with ``+dirty`` when files differ from it), None outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+dirty" if dirty else "")


def play(directory: Path, games: int, jobs: int, pairs: list[int]) -> None:
    for k in pairs:
        cmd = [sys.executable, "-m", "russian_pyramid", *pair_command(directory, k, games, jobs)]
        if rung_file(directory, k).exists():
            cmd.append("--resume")
        else:
            commit_file(directory, k).write_text(f"{commit()}\n")
        print(f"== {RUNGS[k]} vs {RUNGS[k + 1]}: {' '.join(cmd[2:])}", file=sys.stderr,
              flush=True)
        subprocess.run(cmd, check=False)


def report(directory: Path, argv=None) -> dict:
    """Every rung file found, fitted together, with what reproduces it (module doc)."""
    index = {name: i for i, name in enumerate(RUNGS)}
    games, pairs, per_game = [], [], []
    think: dict[str, list[float]] = {name: [] for name in RUNGS}
    for k in range(len(RUNGS) - 1):
        path = rung_file(directory, k)
        if not path.exists():
            continue
        read = parse_results(path, whole_lines(path.read_bytes()))
        specs = read.header["agents"]
        score = 0.0
        for line in read.done:
            s = score_of_side0(line)
            i, j = (index[specs[a]] for a in line["agents"])
            games.append((i, j, s))
            per_game.append({"pair": k, "game": line["game"], "agents": [RUNGS[i], RUNGS[j]],
                             "score_side0": s})
            score += s if index[specs[line["agents"][0]]] == k + 1 else 1.0 - s
            for side, a in enumerate(line["agents"]):
                timed = (line.get("decision_s") or [None, None])[side]
                if isinstance(timed, dict) and timed.get("median") is not None:
                    think[specs[a]].append(timed["median"])
        n = len(read.done)
        p, lo, hi = wilson(score, n)
        pairs.append({"stronger": RUNGS[k + 1], "weaker": RUNGS[k], "games": n,
                      "asked": read.header["games"], "score": score,
                      "win_rate": round(p, 3), "wilson95": [round(lo, 3), round(hi, 3)],
                      "seed": read.header.get("seed", SEED + k),
                      "commit": played_at(directory, k),
                      "command": "pyramid " + " ".join(pair_command(
                          directory, k, read.header["games"], 2))})
    n_agents = len(RUNGS)
    ratings = bradley_terry(n_agents, games)
    lo, hi = fisher_ci(n_agents, games)
    shift = ratings[0]  # random at 0 (the intervals are the mean-centred fit's, shifted)
    played = {i for g in games for i in g[:2]}
    agents = [{"agent": name, "rating": round(float(ratings[i] - shift), 1),
               "ci95": [round(float(lo[i] - shift), 1), round(float(hi[i] - shift), 1)],
               "decision_median_s": round(float(np.median(think[name])), 4)
               if think[name] else None}
              for i, name in enumerate(RUNGS) if i in played]
    sim = shared_simulator()
    return {"rungs": list(RUNGS), "seed": SEED, "agents": agents, "pairs": pairs,
            "provenance": {"command": command_line("benchmarks.ladder", argv),
                           "commit": commit(), "table": sim.table.name,
                           "physics_digest": sim.physics.digest()},
            "games": per_game}


def draw(doc: dict, path: Path) -> None:
    agents = doc["agents"]
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=110)
    ys = np.arange(len(agents))
    r = np.array([a["rating"] for a in agents])
    lo = np.array([a["ci95"][0] for a in agents])
    hi = np.array([a["ci95"][1] for a in agents])
    ax.errorbar(r, ys, xerr=[r - lo, hi - r], fmt="o", color="#1f5f8b", capsize=4)
    for y, a in zip(ys, agents):
        t = a["decision_median_s"]
        ax.annotate(f"{a['rating']:.0f}" + (f"  ({t:.2f} s/decision)" if t else ""),
                    (a["rating"], y), textcoords="offset points", xytext=(6, 7), fontsize=8)
    for p in doc["pairs"]:
        names = [a["agent"] for a in agents]
        y = names.index(p["stronger"]) - 0.5
        ax.text(ax.get_xlim()[0], y, f" {p['stronger']} vs {p['weaker']}: {p['score']:g}/"
                f"{p['games']} ({100 * p['win_rate']:.0f} %, 95 % CI {100 * p['wilson95'][0]:.0f}"
                f"-{100 * p['wilson95'][1]:.0f} %)", fontsize=7, va="center", color="#555")
    ax.set_yticks(ys, [a["agent"] for a in agents])
    ax.set_xlabel("Bradley-Terry rating (Elo scale, random = 0), 95 % interval")
    ax.set_title("Strength ladder: adjacent rungs, one fit over all games")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    tmp = path.with_suffix(".tmp.png")
    fig.savefig(tmp)
    plt.close(fig)
    os.replace(tmp, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default="ladder", help="results files and the report")
    ap.add_argument("--games", type=int, default=200, help="games per adjacent pair")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairs", default="all",
                    help="which pairs to play: all, or indices 0-%d (0 = random vs greedy)"
                    % (len(RUNGS) - 2))
    ap.add_argument("--report-only", action="store_true")
    with smoke.scratch(smoke.asked(argv)) as folder:
        args = smoke.parse(ap, argv, **SMOKE_SIZES, **({"dir": str(folder)} if folder else {}))
        return ladder(args, argv)


def ladder(args: argparse.Namespace, argv: list[str] | None) -> int:
    """Plays the pairs asked for (unless ``--report-only``), then writes, draws and prints the
    report."""
    directory = Path(args.dir)
    directory.mkdir(parents=True, exist_ok=True)
    if not args.report_only:
        pairs = (list(range(len(RUNGS) - 1)) if args.pairs == "all"
                 else [int(x) for x in args.pairs.split(",")])
        play(directory, args.games, args.jobs, pairs)
    doc = report(directory, argv)
    tmp = directory / "ladder.json.tmp"
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    os.replace(tmp, directory / "ladder.json")
    draw(doc, directory / "ladder.png")
    for a in doc["agents"]:
        t = a["decision_median_s"]
        print(f"{a['agent']:<10} {a['rating']:7.0f}  [{a['ci95'][0]:.0f}, {a['ci95'][1]:.0f}]"
              + (f"  {t:.3f} s/decision" if t else ""))
    for p in doc["pairs"]:
        print(f"{p['stronger']} vs {p['weaker']}: {p['score']:g}/{p['games']} of {p['asked']} "
              f"({p['win_rate']:.3f}, 95 % CI {p['wilson95']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

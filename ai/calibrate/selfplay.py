"""Self-play positions for fitting a position value: every state a player moved from, with who
went on to win.

``python -m ai.calibrate.selfplay --games N --agent SPEC --out FILE.jsonl [--seed S] [--jobs J]
[--backend dask --scheduler tcp://HOST:8786]`` plays N games of the agent against itself (game g from seed S + g, breaks alternating, the
execution noise of :class:`ai.noise.NoiseModel`), and writes one JSON line per stroke::

    {"game": g, "seed": S + g, "stroke": i, "state": <GameState JSON>, "winner": 0 | 1 | null,
     "draw": false, "p_win": 0.57 | null}

``--skill LEVEL`` plays at a level of play (ai.noise.SKILLS, or a noise magnitude): both sides
play with that noise and believe it, and each line carries ``"noise": magnitude`` (lines
without it were played at the default noise).  ``p_win`` is the mover's search's P(win) for
the stroke it chose (its story's estimate; null
for an agent that gives none): the one-stroke-deeper judgement ``python -m ai.calibrate.value
--bootstrap search`` fits the value to (files written before it have no such field).

Whole games are appended as they finish (each line written with its game, so an interrupted
run keeps every finished game; ``--resume`` skips the games already in the file).  The file
is the training data of :mod:`ai.calibrate.value`; positions are kept whole so that features
can be changed and recomputed without playing again.  The games are played by the workers of
:mod:`ai.games.parallel` (this machine's processes by default; ``--backend dask`` the same code
on a Dask cluster): a game's lines depend only on its seed, so any worker gives the same file,
up to the order of the games.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed

from engine import GameState, initial_state
from sim import shared_simulator

from ..agents.mc import skill_of
from ..games.match import play_game
from ..games.parallel import BACKENDS, ParallelSetupError, workers
from ..noise import NoiseModel
from ..registry import make_agent, with_skill


def play_positions(g: int, seed: int, spec: str, magnitude: float | None = None) -> list[dict]:
    """The lines of self-play game ``g`` (seeded ``seed + g``); ``magnitude``: the noise played
    with and believed (a level of play, ai.noise.SKILLS; None: the default noise, as every
    file before ``--skill``), written on each line as ``noise``."""
    sim = shared_simulator()
    rng = np.random.default_rng(seed + g)
    st = initial_state(auto_warning=True, breaker=g % 2)
    noise = NoiseModel() if magnitude is None else NoiseModel(magnitude=magnitude)
    if magnitude is not None:
        spec = with_skill(spec, magnitude)
    log = play_game(st, [make_agent(spec, sim), make_agent(spec, sim)], sim, rng,
                    [noise, noise])
    res = log.final.result
    winner = None if res is None else res.winner
    draw = (res is not None and res.draw) or log.unfinished
    extra = {} if magnitude is None else {"noise": magnitude}
    return [{"game": g, "seed": seed + g, "stroke": i, "state": r.state_before.to_json(),
             "winner": None if draw else winner, "draw": draw, "p_win": r.decision.p_win,
             **extra} for i, r in enumerate(log.reports)]


def noise_of(lines: list[dict]) -> float:
    """The noise magnitude the lines were played with (1.0 for lines without ``noise``: the
    default); ValueError when they were played at several."""
    found = {float(line.get("noise", NoiseModel().magnitude)) for line in lines}
    if len(found) > 1:
        raise ValueError(f"the positions were played at several noises ({sorted(found)}): "
                         "fit one level at a time")
    return found.pop() if found else NoiseModel().magnitude


def read_positions(path: str | Path) -> list[dict]:
    """The lines of a positions file (a torn last line from a killed run is skipped)."""
    out = []
    with open(path) as f:
        for line in f:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
    return out


# Pooled files keep their games apart by this offset a file (a multiple of the fits' hold-out
# period, 4, so every fourth game of each file is still held out; no file holds a million games).
POOL_GAME_OFFSET = 1_000_000


def read_pooled(paths) -> list[dict]:
    """The lines of several positions files as one set of games: file k's games renumbered
    ``game + k * POOL_GAME_OFFSET``."""
    out = []
    for k, path in enumerate(paths):
        out += [{**line, "game": int(line["game"]) + k * POOL_GAME_OFFSET}
                for line in read_positions(path)]
    return out


def state_of(line: dict) -> GameState:
    return GameState.from_json(line["state"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=160)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--agent", default="mc")
    ap.add_argument("--skill", help="the level of play (a name of ai.noise.SKILLS or a noise "
                    "magnitude): the noise both sides play with and believe (default: the "
                    "default noise, strong)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--resume", action="store_true", help="skip the games already in --out")
    ap.add_argument("--backend", choices=BACKENDS, default=BACKENDS[0],
                    help="joblib backend (default loky: processes; dask: a cluster)")
    ap.add_argument("--scheduler", help="the Dask scheduler's address, with --backend dask")
    args = ap.parse_args(argv)
    magnitude = None
    if args.skill is not None:
        try:
            magnitude = NoiseModel.for_skill(skill_of(args.skill)).magnitude
        except ValueError as exc:
            ap.error(f"--skill {args.skill!r}: {exc}")
    try:
        pool = workers(args.backend, args.jobs, args.scheduler)
    except ParallelSetupError as exc:
        ap.error(str(exc))  # exit 2 with the usage line
    done: set[int] = set()
    if args.resume and Path(args.out).exists():
        done = {line["game"] for line in read_positions(args.out)}
    todo = [g for g in range(args.games) if g not in done]
    t0 = time.time()
    try:
        with open(args.out, "a") as f, pool.config:
            runs = Parallel(n_jobs=pool.n_jobs, return_as="generator_unordered")(
                delayed(play_positions)(g, args.seed, args.agent, magnitude) for g in todo)
            for k, lines in enumerate(runs, 1):
                f.write("".join(json.dumps(line, separators=(",", ":")) + "\n"
                                for line in lines))
                f.flush()
                print(f"\r{k}/{len(todo)} games, {time.time() - t0:.0f} s", end="",
                      file=sys.stderr)
    finally:
        pool.close()
    print(file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

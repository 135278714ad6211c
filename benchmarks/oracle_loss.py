"""The everyday measure of a player's choices (issue 56 item 1): its loss a decision against an
oracle, on a fixed, versioned set of self-play positions at each level of play.

    python -m benchmarks.oracle_loss [--agent mc-2] [--set FILE] [--rescore 200] [--seed 7]
        [--levels 0.25,0.5,1,2] [--out FILE.json] [--against OTHER.json]
    python -m benchmarks.oracle_loss --make FILE --positions N [--games G] [--strokes S]
        [--cap 512] [--seed 5600]
    python -m benchmarks.oracle_loss --make FILE --join SET1 SET2 ...

**The set** (``--make``, ``--join``) is :mod:`benchmarks.oracle_set`'s: for each level, self-play
positions and, in each, the oracle's every candidate sampled with common random numbers and
valued by a fixed reference value.  A ``--make`` run journals each position as it is made
(FILE.journal): stopped for any reason, the same command resumes it.

**The benchmark** scores only the agent's choices: in each position the agent (its skill set
to the level unless the spec gives one) decides, seeded by the position's number among its
level's (so that a level scores alike alone and joined into a set); a choice
equal to the oracle's best loses 0, any other is played ``--rescore`` times on fresh draws,
the oracle's best on the same draws, and its loss is the mean difference (fresh samples: the
oracle's best is not flattered by the samples that chose it).  Printed per level: the mean
loss a decision with its 95 % bootstrap interval over positions, the share of choices equal
to the oracle's, and the noise-equivalent -- the fraction less noise whose gain equals the
loss, read off the set's handicap curve (linear between 0, 10 % and 20 %; "beyond" past it).
``--out`` keeps each position's loss (rows by the position's index); ``--against`` another
agent's report on the same set and ``--seed`` prints the paired difference a level (the same
fresh draws re-score both agents' choices), with its bootstrap interval.

The versioned set is :data:`benchmarks.oracle_set.DATA`; what it holds and how it was made is
printed.  The full set (at least 150 positions a level, hours on 2 cores) is made by::

    nice -n 10 python -m benchmarks.oracle_loss --make benchmarks/data/oracle_loss.json.gz \\
        --positions 150 --games 30 --strokes 80 --cap 512 --seed 5600

Measured numbers: ai/README.md, "The oracle loss".
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import numpy as np

from ai.noise import NOISE_DIMS
from ai.registry import make_agent, with_skill
from engine import GameState, jsonin
from engine.files import InputFileError, read_bytes
from sim import shared_simulator

from . import smoke
from .oracle_set import (DATA, LEVELS, MAX_SET_BYTES, SMOKE_ORACLE, SetError, Stroke, context,
                         difference, join_sets, journal_path, load_set, make_set, play_rows,
                         write_set)
from .pot_chances import write_report


def bootstrap(values: np.ndarray, rng: np.random.Generator, draws: int = 2000,
              level: float = 0.95) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``values`` (Efron & Tibshirani, *An
    Introduction to the Bootstrap*, 1993, ch. 13)."""
    values = np.asarray(values, float)
    if values.size == 0:
        return float("nan"), float("nan")
    means = values[rng.integers(0, values.size, (draws, values.size))].mean(axis=1)
    a = (1.0 - level) / 2
    return float(np.quantile(means, a)), float(np.quantile(means, 1.0 - a))


def noise_equivalent(loss: float, curve: dict[float, float]) -> tuple[float | None, bool]:
    """The fraction less noise whose gain equals ``loss`` on ``curve`` ({noise factor: gain
    a decision}), linear between the points and (1.0, 0); (the last fraction, True) when the
    loss is beyond the curve; (None, False) without a rising curve."""
    pts = sorted(((1.0 - f, g) for f, g in curve.items()), key=lambda p: p[0])
    if not pts or pts[-1][1] <= 0:
        return None, False
    prev = (0.0, 0.0)
    for frac, gain in pts:
        if loss <= gain and gain > prev[1]:
            return prev[0] + (frac - prev[0]) * (max(loss, 0.0) - prev[1]) / (gain - prev[1]), False
        prev = (frac, max(gain, prev[1]))
    return pts[-1][0], True


LOSS_DIGITS = 7  # a row's loss: a decision's loss is 1e-4 to 1e-2, paired differences smaller


@dataclass(frozen=True)
class PositionLoss:
    """One position's row of the report: its index in the set, its level, the agent's loss
    there and whether it chose the oracle's stroke (rows of two agents on the same set and
    seed pair up by ``position``: their difference is paired)."""

    position: int
    magnitude: float
    loss: float
    same: bool


def score(doc: dict, agent_spec: str, rescore: int, seed: int, levels, progress=None
          ) -> list[dict]:
    """Each position's loss for the agent (module doc).  The decision and the fresh draws of
    a position are seeded by ``seed`` and its place among its level's positions (not in the
    file): a level scores the same in a set of its own and in the sets it is joined into."""
    rows = []
    placed: dict[float, int] = {}  # positions of each level seen so far
    for n, pos in enumerate(doc["positions"]):
        m = float(pos["magnitude"])
        j = placed[m] = placed.get(m, -1) + 1
        if m not in levels:
            continue
        state = GameState.from_json(pos["state"])
        agent = make_agent(with_skill(agent_spec, m), shared_simulator())
        d = agent.decide(state, np.random.default_rng([seed, j]))
        chosen, best = Stroke(d.kind, d.call, d.strike), Stroke.from_json(pos["best"])
        loss = 0.0
        if not best.same(chosen):
            ctx = context(state, m)
            z = np.random.default_rng([seed, j, 1]).standard_normal((rescore, NOISE_DIMS))
            loss = difference(play_rows(ctx, best, z), play_rows(ctx, chosen, z))[0]
        rows.append({"position": n, "magnitude": m, "loss": loss, "same": best.same(chosen),
                     "handicap": {float(f): g for f, g in pos["handicap"].items()}})
        if progress is not None:
            progress(f"{n + 1}/{len(doc['positions'])} positions")
    return rows


def summary(rows: list[dict], seed: int) -> list[dict]:
    out = []
    for m in sorted({r["magnitude"] for r in rows}):
        mine = [r for r in rows if r["magnitude"] == m]
        losses = np.array([r["loss"] for r in mine])
        lo, hi = bootstrap(losses, np.random.default_rng(seed))
        curve = {f: float(np.mean([r["handicap"][f] for r in mine])) for f in mine[0]["handicap"]}
        frac, beyond = noise_equivalent(float(losses.mean()), curve)
        out.append({"magnitude": m, "positions": len(mine), "loss": float(losses.mean()),
                    "low": lo, "high": hi, "same": float(np.mean([r["same"] for r in mine])),
                    "curve": curve, "noise_equivalent": frac, "beyond": beyond})
    return out


def paired(rows: list[dict], other: list[dict], seed: int) -> list[dict]:
    """Per level, this agent's loss less ``other``'s (another report's rows on the same set
    and ``--seed``: the same fresh draws re-score both choices), position by position, with
    its 95 % bootstrap interval; :class:`SetError` when the positions differ."""
    theirs = {r["position"]: r["loss"] for r in other}
    if {r["position"] for r in rows} - set(theirs):
        raise SetError("--against: its report scored other positions (another set or "
                       "--levels)")
    out = []
    for m in sorted({r["magnitude"] for r in rows}):
        diff = np.array([r["loss"] - theirs[r["position"]] for r in rows if r["magnitude"] == m])
        lo, hi = bootstrap(diff, np.random.default_rng(seed))
        out.append({"magnitude": m, "positions": len(diff), "difference": float(diff.mean()),
                    "low": lo, "high": hi})
    return out


def _line(s: dict) -> str:
    curve = ", ".join(f"{1 - f:.0%} less noise {g:+.5f}" for f, g in sorted(s["curve"].items(),
                                                                          reverse=True))
    if s["noise_equivalent"] is None:
        eq = "noise-equivalent: the handicap curve is not measured (not rising)"
    else:
        eq = (f"worth {'more than ' if s['beyond'] else ''}{s['noise_equivalent']:.1%} less "
              "noise")
    return (f"  x{s['magnitude']:<5g} {s['positions']:4d} positions: loss {s['loss']:.5f} a "
            f"decision [{s['low']:.5f}, {s['high']:.5f}], the oracle's stroke "
            f"{s['same']:.0%}; {eq} (handicap curve: {curve})")


def _progress(text: str) -> None:
    print(f"\r{text}   ", end="", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    with smoke.scratch(smoke.asked(argv)) as folder:
        return report(argv, folder)


def report(argv: list[str] | None, folder: Path | None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="mc-2", help="the agent scored (its skill set to the "
                    "level unless the spec gives one)")
    ap.add_argument("--set", default=str(DATA), help="the versioned set (default: the shipped)")
    ap.add_argument("--levels", default=",".join(f"{m:g}" for m in LEVELS),
                    help="the noise magnitudes scored, comma-separated")
    ap.add_argument("--rescore", type=int, default=200, help="fresh plays of a choice")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", help="the report (JSON)")
    ap.add_argument("--against", metavar="REPORT", help="another agent's --out report on the "
                    "same set and --seed: print the paired difference of the losses")
    ap.add_argument("--make", metavar="FILE", help="make a set into FILE instead of scoring")
    ap.add_argument("--positions", type=int, default=150, help="--make: positions a level")
    ap.add_argument("--games", type=int, default=30, help="--make: self-play games a level")
    ap.add_argument("--strokes", type=int, default=80, help="--make: strokes a game at most")
    ap.add_argument("--cap", type=int, default=512, help="--make: samples a candidate at most")
    ap.add_argument("--join", nargs="+", metavar="SET", help="--make FILE: join sets made "
                    "by separate --levels runs into FILE (nothing sampled)")
    args = smoke.parse(ap, argv, positions=1, games=1, strokes=3, cap=8, rescore=4,
                       agent="greedy")
    for key in ("positions", "games", "strokes", "cap", "rescore"):
        if getattr(args, key) < 1:
            ap.error(f"--{key} {getattr(args, key)!r}: must be at least 1")
    try:
        levels = tuple(float(x) for x in args.levels.split(","))
        make_agent(args.agent)
    except ValueError as exc:
        ap.error(f"--levels {args.levels!r} / --agent {args.agent!r}: {exc}")
    if args.smoke and folder is not None:
        args.make, levels = args.make or str(folder / "set.json.gz"), (1.0,)
        write_set(args.make, make_set(1, 1, args.strokes, args.cap, 3, levels,
                                      player=args.agent, spec=SMOKE_ORACLE))
        args.set, args.make = args.make, None
    if args.join:
        if not args.make:
            ap.error("--join: needs --make FILE, the joined set's file")
        try:
            joined = join_sets([load_set(path) for path in args.join], args.join)
        except (SetError, InputFileError) as exc:
            ap.error(str(exc))
        write_set(args.make, joined)
        print(f"wrote {args.make}: {len(joined['positions'])} positions")
        return 0
    if args.make:
        journal = journal_path(args.make)
        if journal.exists():
            print(f"resuming {journal}", file=sys.stderr)
        try:
            doc = make_set(args.positions, args.games, args.strokes, args.cap, args.seed,
                           levels, _progress, journal=journal)
        except SetError as exc:
            ap.error(str(exc))
        write_set(args.make, doc)
        journal.unlink()
        print(f"\nwrote {args.make}")
        return 0
    try:
        doc = load_set(args.set)
    except (SetError, InputFileError) as exc:
        ap.error(str(exc))
    stops = [c["stop"] for p in doc["positions"] for c in p["candidates"]]
    print(f"the set: {args.set} (version {doc['version']}): {len(doc['positions'])} positions "
          f"from self-play of {doc['selfplay']} ({doc['games']} games a level of at most "
          f"{doc['strokes']} strokes, seed {doc['seed']}); the oracle: every candidate of "
          f"{doc['oracle']} valued by {doc['value']}, common random numbers until the "
          f"difference's SE < {doc['se_target']} ({stops.count('se')}), clearly worse "
          f"({stops.count('worse')}) or the cap {doc['cap']} ({stops.count('cap')})")
    against = None
    if args.against:
        try:
            against = jsonin.loads(read_bytes(args.against, MAX_SET_BYTES, "--against"),
                                   source="--against", max_bytes=MAX_SET_BYTES)["rows"]
        except (InputFileError, ValueError, KeyError, TypeError) as exc:
            ap.error(f"--against {args.against}: not an oracle_loss report ({exc})")
    rows = score(doc, args.agent, args.rescore, args.seed, levels, _progress)
    print(file=sys.stderr)
    out = summary(rows, args.seed)
    print(f"{args.agent}: the loss a decision against the oracle ({args.rescore} fresh plays "
          "of a choice that is not the oracle's), 95 % bootstrap interval")
    for s in out:
        print(_line(s))
    if against is not None:
        try:
            pairs = paired(rows, against, args.seed)
        except SetError as exc:
            ap.error(str(exc))
        print(f"{args.agent} less {args.against}, position by position (the same fresh draws):")
        for d in pairs:
            print(f"  x{d['magnitude']:<5g} {d['positions']:4d} positions: {d['difference']:+.5f} "
                  f"a decision [{d['low']:+.5f}, {d['high']:+.5f}]")
    if args.out:
        write_report(args.out, "oracle_loss", argv, {"levels": out},
                     [PositionLoss(r["position"], r["magnitude"], r["loss"], r["same"])
                      for r in rows], digits=LOSS_DIGITS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The everyday measure of a player's choices (issue 56 item 1): its loss a decision against an
oracle, on a fixed, versioned set of self-play positions at each level of play.

    python -m benchmarks.oracle_loss [--agent mc-2] [--set FILE] [--rescore 200] [--seed 7]
        [--levels 0.25,0.5,1,2] [--out FILE.json] [--against OTHER.json]
    python -m benchmarks.oracle_loss --make FILE --positions N [--games G] [--strokes S]
        [--cap 512] [--seed 5600]
    python -m benchmarks.oracle_loss --make FILE --join SET1 SET2 ...

**The set** (``--make``): for each level (noise magnitude 0.25, 0.5, 1.0, 2.0: ``pro``,
``master``, ``strong``, ``club``), ``--games`` self-play games of :data:`SELFPLAY_SPEC` at that
noise cut at ``--strokes`` strokes (:func:`benchmarks.levels.selfplay`, game g seeded
``seed + g``), and ``--positions`` of their positions with the cue ball on the table drawn by
a seeded generator.  In each, **the oracle**: every candidate of the wide generator
:data:`ORACLE_SPEC` (the attacks with 12 clean pots and 6 position variants, safeties,
deliberate fouls) is played with common random numbers (row k of the standard normal draws
for every candidate), valued by the fixed reference value ``learned-mc2`` (its weights frozen,
ai/value/__init__.py), in rounds that double the samples, until each candidate's difference
from the best has a standard error below :data:`SE_TARGET` (0.0003), or is clearly worse
(more than :data:`WORSE_Z` standard errors below the best: it is no contender), or the cap
``--cap`` is reached (counted and stored: at 0.0003 a candidate far from the best needs
10^5 samples, so the cap decides for most).  The set keeps, for each position, the state, the
best stroke, every candidate's samples, difference and its standard error and how it stopped,
and the handicap: the best stroke's gain when played with 10 % and 20 % less noise (same
draws, scaled), valued alike.  It is written as gzip'd JSON with :data:`VERSION`.

**The benchmark** scores only the agent's choices: in each position the agent (its skill set
to the level unless the spec gives one) decides, seeded by the position's number; a choice
equal to the oracle's best loses 0, any other is played ``--rescore`` times on fresh draws,
the oracle's best on the same draws, and its loss is the mean difference (fresh samples: the
oracle's best is not flattered by the samples that chose it).  Printed per level: the mean
loss a decision with its 95 % bootstrap interval over positions, the share of choices equal
to the oracle's, and the noise-equivalent -- the fraction less noise whose gain equals the
loss, read off the set's handicap curve (linear between 0, 10 % and 20 %; "beyond" past it).
``--out`` keeps each position's loss (rows by the position's index); ``--against`` another
agent's report on the same set and ``--seed`` prints the paired difference a level (the same
fresh draws re-score both agents' choices), with its bootstrap interval.

The versioned set is :data:`DATA`; what it holds and how it was made is printed.  The full set
(at least 150 positions a level, hours on 2 cores) is made by::

    nice -n 10 python -m benchmarks.oracle_loss --make benchmarks/data/oracle_loss.json.gz \\
        --positions 150 --games 30 --strokes 80 --cap 512 --seed 5600

Measured numbers: ai/README.md, "The oracle loss".
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.noise import NOISE_DIMS, NoiseModel
from ai.registry import make_agent
from ai.search.allocate import outcome_value
from ai.search.context import Context, clamp_strike
from ai.search.pipeline import sources
from ai.search.referee import Referee
from engine import Call, GameState, adjudicate, jsonin, tush_stroke
from engine.files import InputFileError, read_bytes, write_atomic
from sim import Strike, shared_simulator

from . import smoke
from .levels import open_states, selfplay, with_skill
from .pot_chances import write_report

VERSION = 1  # of the set's layout and of the oracle that made it
DATA = Path(__file__).parent / "data" / "oracle_loss.json.gz"
# The full set's levels made so far (150 positions each: 0.25, 0.5 and 1.0; 2.0 to come, then
# it becomes DATA): ``--set benchmarks/data/oracle_loss_150.json.gz --levels 0.25,0.5,1``
FULL_SO_FAR = Path(__file__).parent / "data" / "oracle_loss_150.json.gz"
LEVELS = (0.25, 0.5, 1.0, 2.0)  # issue 56: pro, master, strong, club
ORACLE_SPEC = "mc-2:position=6,shots=12,placements=3"  # the wide generator (issue 56)
REFERENCE_VALUE = "learned-mc2"  # mc-2's frozen weights: the oracle's value
SELFPLAY_SPEC = "mc-fast"
SMOKE_ORACLE = "mc:shots=1,placements=1,safeties=0,fouls=0"  # --smoke's narrow generator
SE_TARGET = 0.0003  # issue 56: the standard error of a candidate's difference from the best
WORSE_Z = 4.0  # a candidate this many standard errors below the best is no contender
FIRST_SAMPLES = 32  # the first round's samples a candidate; each round doubles them
HANDICAP = (0.9, 0.8)  # the noise factors of the handicap curve
MAX_SET_BYTES = 64 * 2**20


@dataclass(frozen=True)
class Stroke:
    """A stroke from the table: the call and the stroke (None: a tush)."""

    kind: str
    call: Call | None
    strike: Strike | None

    def to_json(self) -> dict:
        return {"kind": str(self.kind), "call": None if self.call is None else self.call.to_json(),
                "strike": None if self.strike is None else self.strike.to_json()}

    @classmethod
    def from_json(cls, obj: dict) -> "Stroke":
        return cls(obj["kind"], None if obj["call"] is None else Call.from_json(obj["call"]),
                   None if obj["strike"] is None else Strike.from_json(obj["strike"]))

    def same(self, other: "Stroke") -> bool:
        """The same call (as a record writes it) and stroke (its numbers to 1e-9)."""
        calls = [None if c is None else c.to_json() for c in (self.call, other.call)]
        if calls[0] != calls[1] or (self.strike is None) != (other.strike is None):
            return False
        return self.strike is None or bool(np.allclose(
            list(self.strike.to_json().values()), list(other.strike.to_json().values()),
            rtol=0.0, atol=1e-9))


def play_rows(ctx: Context, stroke: Stroke, z: np.ndarray, factor: float = 1.0) -> np.ndarray:
    """The stroke's value (P(win) for the shooter, by ``ctx.win``) under each row of noise
    draws ``z`` (rows x NOISE_DIMS), the noise scaled by ``factor``; NaN where the rules core
    could not take the outcome."""
    if stroke.strike is None:  # a tush: nothing moves
        out = adjudicate(ctx.state, tush_stroke())
        return np.full(len(z), outcome_value(ctx, out.state, ctx.me, True, tush=True))
    noise, miscue = ctx.noise.scaled(factor), ctx.sim.physics.miscue_offset
    batch = ctx.run(None, [clamp_strike(noise.apply(stroke.strike, row, miscue)) for row in z])
    vals = np.full(len(z), np.nan)
    for j, ruling in enumerate(Referee(ctx.state, stroke.call, None,
                                       ctx.jaw_pocket).rulings(batch)):
        if ruling is not None:
            vals[j] = outcome_value(ctx, ruling.state, ctx.me, bool(ruling.adjudication.fouls))
    return vals


def difference(best: np.ndarray, other: np.ndarray) -> tuple[float, float, int]:
    """The mean of ``best - other`` over their common rows (both finite), its standard error
    (inf with fewer than two rows) and the rows."""
    n = min(len(best), len(other))
    d = best[:n] - other[:n]
    d = d[np.isfinite(d)]
    if d.size < 2:
        return (float(d.mean()) if d.size else 0.0), float("inf"), int(d.size)
    return float(d.mean()), float(d.std(ddof=1) / np.sqrt(d.size)), int(d.size)


def stopped(diff: float, se: float, se_target: float, worse_z: float) -> str | None:
    """Why a candidate needs no more samples: ``"se"`` (its difference from the best known to
    ``se_target``), ``"worse"`` (more than ``worse_z`` standard errors below the best), or
    None (it needs more)."""
    if se <= se_target:
        return "se"
    if diff > worse_z * se:
        return "worse"
    return None


@dataclass(frozen=True)
class Oracle:
    """The oracle's sampling of one position's candidates."""

    best: int
    values: list[np.ndarray]  # each candidate's values, row k on draws row k
    diffs: list[float]  # the best's mean minus each candidate's, on common rows
    ses: list[float]
    stops: list[str]  # "best", "se", "worse" or "cap"


def run_oracle(play: Callable[[int, np.ndarray], np.ndarray], k: int,
               draws: Callable[[int], np.ndarray], se_target: float = SE_TARGET,
               cap: int = 512, first: int = FIRST_SAMPLES, worse_z: float = WORSE_Z) -> Oracle:
    """``k`` candidates sampled with common random numbers: ``play(i, z)`` gives candidate
    i's values on draws ``z``, ``draws(n)`` n new rows.  Rounds double the samples of every
    candidate still needed (the best always), up to ``cap``; a candidate stops as
    :func:`stopped` says, judged afresh each round against the current best."""
    z = np.zeros((0, NOISE_DIMS))
    values = [np.zeros(0) for _ in range(k)]
    target, need = min(first, cap), set(range(k))
    while True:
        if len(z) < target:
            z = np.concatenate([z, draws(target - len(z))])
        for i in sorted(need):
            if len(values[i]) < target:
                values[i] = np.concatenate([values[i], play(i, z[len(values[i]):target])])
        means = [np.nanmean(v) if np.isfinite(v).any() else -np.inf for v in values]
        best = int(np.argmax(means))
        stats = [difference(values[best], v) for v in values]
        need = {i for i in range(k)
                if i == best or stopped(stats[i][0], stats[i][1], se_target, worse_z) is None}
        if all(len(values[i]) >= target for i in need):
            if need == {best} or target >= cap:
                break
            target = min(cap, 2 * target)
    stops = ["best" if i == best else stopped(d, se, se_target, worse_z) or "cap"
             for i, (d, se, _) in enumerate(stats)]
    return Oracle(best, values, [s[0] for s in stats], [s[1] for s in stats], stops)


def candidates(state: GameState, ctx: Context, magnitude: float, spec: str = ORACLE_SPEC
               ) -> list[Stroke]:
    """The wide generator's strokes (``spec``'s sources, :data:`ORACLE_SPEC`) in ``state``."""
    options = make_agent(with_skill(spec, magnitude)).options
    out = []
    for source in sources(options, state):
        out += [Stroke(p.kind, p.call, p.strike) for p in source.propose(ctx, [None])
                if p.placement is None]
    return out


def context(state: GameState, magnitude: float) -> Context:
    return Context(state, shared_simulator(), NoiseModel(magnitude=magnitude),
                   make_agent(f"mc-2:value={REFERENCE_VALUE}").win)


def oracle_position(state: GameState, magnitude: float, rng: np.random.Generator,
                    cap: int, spec: str = ORACLE_SPEC) -> dict:
    """One position of the set: the state, the oracle's candidates and best, the handicap."""
    ctx = context(state, magnitude)
    strokes = candidates(state, ctx, magnitude, spec)
    draw = lambda n: rng.standard_normal((n, NOISE_DIMS))  # noqa: E731
    found = run_oracle(lambda i, z: play_rows(ctx, strokes[i], z), len(strokes), draw, cap=cap)
    best = strokes[found.best]
    z = draw(len(found.values[found.best]))
    base = play_rows(ctx, best, z)
    handicap = {f"{f:g}": round(difference(play_rows(ctx, best, z, f), base)[0], 6)
                for f in HANDICAP}
    return {"state": state.to_json(), "magnitude": magnitude, "best": best.to_json(),
            "value": round(float(np.nanmean(found.values[found.best])), 6), "handicap": handicap,
            "candidates": [{"stroke": s.to_json(), "n": int(len(found.values[i])),
                            "diff": round(found.diffs[i], 6), "se": round(found.ses[i], 6),
                            "stop": found.stops[i]} for i, s in enumerate(strokes)]}


def make_set(positions: int, games: int, strokes: int, cap: int, seed: int,
             levels=LEVELS, progress=None, player: str = SELFPLAY_SPEC,
             spec: str = ORACLE_SPEC) -> dict:
    """The set (module doc): ``positions`` a level from ``games`` self-play games of
    ``player``, the oracle's candidates ``spec``'s."""
    out = {"version": VERSION, "oracle": spec, "value": REFERENCE_VALUE,
           "selfplay": player, "se_target": SE_TARGET, "worse_z": WORSE_Z, "cap": cap,
           "games": games, "strokes": strokes, "seed": seed, "positions": []}
    for m in levels:
        t0 = time.perf_counter()
        states = open_states(selfplay(m, games, strokes, seed, player))
        rng = np.random.default_rng([seed, round(m * 100)])  # a level's own draws
        picked = rng.permutation(len(states))[:positions]
        for j, i in enumerate(sorted(picked)):
            out["positions"].append(oracle_position(states[i], m, rng, cap, spec))
            if progress is not None:
                progress(f"level {m:g}: {j + 1}/{len(picked)} positions, "
                         f"{time.perf_counter() - t0:.0f} s")
    return out


def write_set(path: str | Path, doc: dict) -> None:
    """The set as gzip'd JSON, whole or not at all (the same bytes for the same set)."""
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True)
    write_atomic(path, gzip.compress(text.encode("utf-8"), mtime=0), "--make")


class SetError(ValueError):
    """A set that is not one this benchmark made (or one of another version)."""


# What must agree for sets made by separate runs (``--levels`` split) to be joined
JOIN_KEYS = ("version", "oracle", "value", "selfplay", "se_target", "worse_z", "cap", "games",
             "strokes", "seed")


def join_sets(docs: list[dict], names: list[str]) -> dict:
    """One set of the positions of ``docs``, sets of the same making (:data:`JOIN_KEYS`) and
    no level twice: what one run over all their levels makes (a level's positions and draws
    depend only on the seed and the level).  :class:`SetError` naming the set that differs."""
    first = docs[0]
    seen: dict[float, str] = {}
    for doc, name in zip(docs, names):
        differ = [k for k in JOIN_KEYS if doc.get(k) != first.get(k)]
        if differ:
            raise SetError(f"--join {name}: made with other {', '.join(differ)} than "
                           f"{names[0]}")
        for m in sorted({p["magnitude"] for p in doc["positions"]}):
            if m in seen:
                raise SetError(f"--join {name}: level {m:g} is in {seen[m]} too")
            seen[m] = name
    out = {k: first[k] for k in JOIN_KEYS}
    out["positions"] = sorted((p for doc in docs for p in doc["positions"]),
                              key=lambda p: p["magnitude"])  # stable: each level's order kept
    return out


def load_set(path: str | Path = DATA) -> dict:
    """The set at ``path``; :class:`SetError` naming what is wrong."""
    data = read_bytes(path, MAX_SET_BYTES, "--set")
    try:
        doc = json.loads(gzip.decompress(data).decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as exc:
        raise SetError(f"--set {path}: not a gzip'd JSON set ({exc})") from None
    if not isinstance(doc, dict) or doc.get("version") != VERSION:
        got = doc.get("version") if isinstance(doc, dict) else type(doc).__name__
        raise SetError(f"--set {path}: version {got!r}, this benchmark reads version {VERSION}")
    if not isinstance(doc.get("positions"), list):
        raise SetError(f"--set {path}: no list of positions")
    return doc


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
    """Each position's loss for the agent (module doc)."""
    rows = []
    for n, pos in enumerate(doc["positions"]):
        m = float(pos["magnitude"])
        if m not in levels:
            continue
        state = GameState.from_json(pos["state"])
        agent = make_agent(with_skill(agent_spec, m), shared_simulator())
        d = agent.decide(state, np.random.default_rng([seed, n]))
        chosen, best = Stroke(d.kind, d.call, d.strike), Stroke.from_json(pos["best"])
        loss = 0.0
        if not best.same(chosen):
            ctx = context(state, m)
            z = np.random.default_rng([seed, n, 1]).standard_normal((rescore, NOISE_DIMS))
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
        write_set(args.make, make_set(args.positions, args.games, args.strokes, args.cap,
                                      args.seed, levels, _progress))
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

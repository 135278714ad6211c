"""The oracle-loss benchmark's set (issue 56 item 1): positions from self-play at each level of
play and, in each, the oracle -- every candidate stroke sampled until its difference from the
best is known.  Made and joined by ``python -m benchmarks.oracle_loss --make``; scored there.

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

**The journal.**  Making a level takes half an hour to an hour on 2 cores, so each position is
appended to ``FILE.journal`` (:class:`Journal`) as it is made, with the state of its level's
generator: a run stopped for any reason resumes with the same command where it stopped, and
the set it writes has the same bytes as one made in a single run (a level's self-play is
played again: its games are seeded).  A journal of another making is refused, never mixed in.
The journal is removed once the set is written.
"""
from __future__ import annotations

import gzip
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.noise import NOISE_DIMS, NoiseModel
from ai.registry import make_agent, with_skill
from ai.search.allocate import outcome_value
from ai.search.context import Context, clamp_strike
from ai.search.pipeline import sources
from ai.search.referee import Referee
from engine import Call, GameState, adjudicate, tush_stroke
from engine.files import read_bytes, write_atomic
from sim import Strike, shared_simulator

from .levels import open_states, selfplay

VERSION = 1  # of the set's layout and of the oracle that made it
# The set: 150 positions at each of the four levels (issue 56 item 1), made level by level
# (``--positions 150 --games 30 --strokes 80 --cap 512 --seed 5600``) and joined.
DATA = Path(__file__).parent / "data" / "oracle_loss.json.gz"
# The first, small set (20 positions a level, ``--positions 20 --games 2 --strokes 30 --cap 256
# --seed 5600``): a quick look, and the positions benchmarks.decision_time times decisions on.
SMALL = Path(__file__).parent / "data" / "oracle_loss_small.json.gz"
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


class SetError(ValueError):
    """A set that is not one this benchmark made (or one of another version)."""


# What must agree for sets made by separate runs (``--levels`` split) to be joined
JOIN_KEYS = ("version", "oracle", "value", "selfplay", "se_target", "worse_z", "cap", "games",
             "strokes", "seed")


JOURNAL_SUFFIX = ".journal"


def journal_path(path: str | Path) -> Path:
    """Where ``--make FILE`` journals its positions: FILE.journal."""
    return Path(str(path) + JOURNAL_SUFFIX)


class Journal:
    """A ``--make`` run's positions, one JSON line each after a first line with the making
    (:data:`JOIN_KEYS`, the positions a level and the levels).  Each line holds the level, the
    position's place in it, the level's count of positions, the position and the level's
    generator state after it.  A last line cut short by a stop is dropped; a journal of another
    making, or damaged elsewhere, is refused (:class:`SetError`), never mixed in."""

    def __init__(self, path: str | Path, making: dict):
        self.path = Path(path)
        self.made: dict[float, list[dict]] = {}
        raw = self.path.read_bytes() if self.path.exists() else b""
        whole = raw.rfind(b"\n") + 1  # complete lines end with a newline
        if whole < len(raw):  # a last line cut short by a stop: dropped
            with open(self.path, "r+b") as f:
                f.truncate(whole)
        if whole == 0:
            self.path.write_bytes(b"")
            self._append(making)
            return
        try:
            lines = raw[:whole].decode("utf-8").split("\n")[:-1]
            head = json.loads(lines[0])
            if not isinstance(head, dict):
                raise ValueError
        except ValueError:
            raise SetError(f"{self.path}: not a journal of --make (remove it)") from None
        differ = sorted(k for k in set(making) | set(head) if head.get(k) != making.get(k))
        if differ:
            raise SetError(f"{self.path}: the journal of a --make with other "
                           f"{', '.join(differ)}; make with the same options to resume it, "
                           "or remove it")
        for n, line in enumerate(lines[1:]):
            try:
                entry = json.loads(line)
                self.made.setdefault(float(entry["magnitude"]), []).append(entry)
            except (ValueError, KeyError, TypeError):
                raise SetError(f"{self.path}: line {n + 2} is damaged (remove the journal to "
                               "make the set afresh)") from None

    def _append(self, obj: dict) -> None:
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def add(self, magnitude: float, j: int, of: int, position: dict,
            rng: np.random.Generator) -> None:
        entry = {"magnitude": magnitude, "j": j, "of": of, "position": position,
                 "rng": rng.bit_generator.state}
        self._append(entry)
        self.made.setdefault(magnitude, []).append(entry)

    def level(self, magnitude: float) -> list[dict]:
        """The entries made at ``magnitude``, in order."""
        return self.made.get(magnitude, [])

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


def make_set(positions: int, games: int, strokes: int, cap: int, seed: int,
             levels=LEVELS, progress=None, player: str = SELFPLAY_SPEC,
             spec: str = ORACLE_SPEC, journal: str | Path | None = None) -> dict:
    """The set (module doc): ``positions`` a level from ``games`` self-play games of
    ``player``, the oracle's candidates ``spec``'s; with ``journal``, each position is
    journalled as it is made and a run stopped before goes on from there (:class:`Journal`)."""
    out = {"version": VERSION, "oracle": spec, "value": REFERENCE_VALUE,
           "selfplay": player, "se_target": SE_TARGET, "worse_z": WORSE_Z, "cap": cap,
           "games": games, "strokes": strokes, "seed": seed, "positions": []}
    book = None
    if journal is not None:
        making = {k: out[k] for k in JOIN_KEYS}
        making.update(positions_a_level=positions, levels=[float(m) for m in levels])
        book = Journal(journal, making)
    for m in levels:
        t0 = time.perf_counter()
        made = [] if book is None else book.level(float(m))
        out["positions"] += [e["position"] for e in made]
        if made and len(made) == made[-1]["of"]:  # the level was made whole before
            continue
        states = open_states(selfplay(m, games, strokes, seed, player))
        rng = np.random.default_rng([seed, round(m * 100)])  # a level's own draws
        picked = sorted(rng.permutation(len(states))[:positions])
        if made:  # go on from the generator's state after the last position made
            rng.bit_generator.state = made[-1]["rng"]
        for j in range(len(made), len(picked)):
            position = oracle_position(states[picked[j]], m, rng, cap, spec)
            out["positions"].append(position)
            if book is not None:
                book.add(float(m), j, len(picked), position, rng)
            if progress is not None:
                progress(f"level {m:g}: {j + 1}/{len(picked)} positions, "
                         f"{time.perf_counter() - t0:.0f} s")
    return out


def write_set(path: str | Path, doc: dict) -> None:
    """The set as gzip'd JSON, whole or not at all (the same bytes for the same set)."""
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True)
    write_atomic(path, gzip.compress(text.encode("utf-8"), mtime=0), "--make")


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



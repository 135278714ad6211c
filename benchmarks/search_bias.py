"""How honest the search is about its own choice: the P(win) its samples gave the stroke it
chose, against the same stroke played afresh.

    python -m benchmarks.search_bias --positions selfplay.jsonl [--agent mc-2] [--sample 150]
        [--replays 40] [--seed 31] [--out search_bias.json]

For positions drawn from a self-play file (the cue ball on the table, no break pending), the
agent's search ranks its strokes (seeded by the position's number); its chosen stroke is then
played ``--replays`` more times under the execution noise, on fresh draws, each outcome ruled
by the rules core and valued by the agent's own position value, exactly as the search values
its samples (:class:`ai.search.allocate.Sampler`; for an agent with the look-ahead or the
second level, ``look`` or ``plan``, the estimate is not its samples' mean alone and the
comparison is not like for like).  The *surprise* is the fresh mean minus
the search's estimate.  The best of several noisy means is biased high (the winner's curse:
Smith and Winkler, "The Optimizer's Curse", Management Science 52(3), 2006), so a small
negative surprise is expected; a large one in some kind or manner of stroke says the search
picks those strokes for luck, not for what they are worth.  What the surprise cannot show is
an error of the position value itself: both sides of it are judged by that value, and only
play against another agent tells a better value from a worse one.

The report, overall and per kind of stroke (attack, safety, deliberate foul) and per manner of
attack (R5.1): positions, the mean estimate, the mean surprise with its standard error, and
the same for the chance that the stroke keeps the table (a pot).  Measured with ``mc-2`` on
150 positions of 148 self-play games of ``mc`` (issue 29, ai/README.md, "What the decisions
are worth at this noise").
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.calibrate.selfplay import read_positions
from ai.registry import make_agent
from ai.search.allocate import Sampler
from ai.search.context import Context
from engine import GameState

from . import smoke
from .leaves_left import agent_arguments, agent_parser, open_positions
from .pot_chances import progress_line, write_report


@dataclass(frozen=True)
class Judged:
    """The search's chosen stroke in one position, its estimate and its fresh replay."""

    kind: str  # ai.agent.ATTACK, SAFETY or DELIBERATE_FOUL
    manner: str | None  # an attack's manner of R5.1 (clean, bank, ...); None otherwise
    samples: int  # the search's samples of the chosen stroke
    estimate: float  # its P(win) by those samples
    replayed: float  # the mean P(win) of the fresh plays
    estimate_pot: float  # the share of the search's samples that kept the table
    replayed_pot: float  # the same share of the fresh plays


def judged(agent, state: GameState, seed: int, replays: int,
           rng: np.random.Generator) -> Judged | None:
    """The agent's chosen stroke in ``state`` (its search seeded by ``seed``) and ``replays``
    fresh plays of it; None when the search ranked nothing."""
    ranked = agent.analyse(state, np.random.default_rng(seed)).ranked
    if not ranked:
        return None
    best = ranked[0]
    chosen = best.proposal
    sampler = Sampler(Context(state, agent.sim, agent.noise, agent.win), [chosen])
    sampler.sample(0, replays, rng)
    fresh = sampler.stats[0]
    return Judged(chosen.kind, None if chosen.shot is None else chosen.shot.manner,
                  best.estimate.samples, best.estimate.p_win, fresh.value,
                  best.estimate.p_success, fresh.p_success)


def measure(lines: list[dict], agent_spec: str, sample: int, replays: int, seed: int,
            progress=None) -> list[Judged]:
    """:func:`judged` in up to ``sample`` positions of ``lines`` (drawn in a seeded order; a
    position's number seeds its search)."""
    agent = make_agent(agent_spec)
    rng = np.random.default_rng(seed)
    out: list[Judged] = []
    for n, state in open_positions(lines, rng):
        if len(out) >= sample:
            break
        found = judged(agent, state, n, replays, rng)
        if found is not None:
            out.append(found)
            if progress is not None:
                progress(len(out), sample)
    return out


def group(rows: list[Judged]) -> dict:
    """Positions, mean estimate, mean surprise and its standard error (None for one
    position), for P(win) and for keeping the table; only the count for an empty group."""
    if not rows:
        return {"positions": 0}
    est = np.array([r.estimate for r in rows])
    d = np.array([r.replayed for r in rows]) - est
    d_pot = np.array([r.replayed_pot - r.estimate_pot for r in rows])
    se = float(d.std(ddof=1) / np.sqrt(d.size)) if d.size > 1 else None
    return {"positions": len(rows), "estimate": round(float(est.mean()), 4),
            "surprise": round(float(d.mean()), 4),
            "surprise_se": None if se is None else round(se, 4),
            "estimate_pot": round(float(np.mean([r.estimate_pot for r in rows])), 4),
            "surprise_pot": round(float(d_pot.mean()), 4)}


def summary(rows: list[Judged]) -> dict:
    """Overall, per kind, and per manner of the attacks."""
    kinds = sorted({r.kind for r in rows})
    manners = sorted({r.manner for r in rows if r.manner is not None})
    return {"all": group(rows),
            "kinds": {k: group([r for r in rows if r.kind == k]) for k in kinds},
            "manners": {m: group([r for r in rows if r.manner == m]) for m in manners}}


def _line(name: str, g: dict) -> str:
    se = "" if g["surprise_se"] is None else f" +- {g['surprise_se']:.4f}"
    return (f"  {name:16s} {g['positions']:4d} positions: estimate {g['estimate']:.3f}, "
            f"surprise {g['surprise']:+.4f}{se}; pots {g['estimate_pot']:.3f}, "
            f"surprise {g['surprise_pot']:+.3f}")


def main(argv=None) -> int:
    with smoke.scratch(smoke.asked(argv)) as folder:
        return report(argv, folder)


def report(argv: list[str] | None, folder: Path | None) -> int:
    """Parses ``argv``, measures, prints the report and writes it to ``--out``."""
    ap = agent_parser(__doc__.splitlines()[0], "a searching agent (mc, mc-2, ...)", 150,
                      "replays", 40, "fresh plays of each choice", 31)
    args, agent = agent_arguments(ap, argv, "replays", folder)
    if not hasattr(agent, "analyse"):
        ap.error(f"--agent {args.agent!r}: not a searching agent (it keeps no estimates)")
    lines = read_positions(args.positions)
    rows = measure(lines, args.agent, args.sample, args.replays, args.seed, progress_line)
    print(file=sys.stderr)
    doc = summary(rows)
    print(f"{args.agent}: its estimate of its chosen stroke against {args.replays} fresh plays")
    if rows:
        print(_line("all", doc["all"]))
        for name, g in {**doc["kinds"], **doc["manners"]}.items():
            print(_line(name, g))
    if args.out:
        write_report(args.out, "search_bias", argv, doc, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

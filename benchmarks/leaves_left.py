"""What an agent's strokes leave the opponent: the chance of his best pot after its safeties
and after its attacks that miss.

    python -m benchmarks.leaves_left --positions selfplay.jsonl [--agent mc-2] [--sample 80]
        [--strokes 10] [--seed 12] [--safeties K] [--out leaves_left.json]

For positions drawn from a self-play file (the cue ball on the table, no break pending), the
agent decides (seeded by the position's number) and its stroke is played ``--strokes`` times
under the execution noise, each outcome ruled by the rules core
(:class:`ai.search.referee.Referee`).  Where the opponent is to move with the cue ball on the
table, the *danger* of the leave is the realized chance of the closed form's likeliest legal
clean pot from there (:func:`benchmarks.pot_chances.realized_chance`: its best grid cell on
``SELECT`` strokes, measured on ``MEASURE`` fresh ones; no pot the closed form gives
:data:`MIN_CHANCE`: 0).  Outcomes that keep the table, end the game or give the cue ball in
hand (a foul, counted apart) have no danger.  The report, per kind of stroke (attack,
safety): outcomes, leaves, mean danger, the share of leaves of danger :data:`OPEN` or more;
and the attacks' pot rate.  It is a lower bound of what the opponent gets: one pot, the
likeliest by the closed form, not the best of all strokes.

With ``--safeties K``, in up to ``--sample`` positions where the agent's best stroke is a
safety, the chosen safety's mean danger is compared with the lowest of the next K - 1 safeties
its search sampled (each played ``--strokes`` times): how much a better choice among its own
safeties could take from the opponent (the lowest of several noisy means is biased low).

Measured with ``mc-2`` on 80 positions of 148 self-play games of ``mc`` (issue 29,
ai/README.md, "What the strokes leave").
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.agent import ATTACK, SAFETY
from ai.calibrate.selfplay import read_positions, state_of
from ai.registry import make_agent
from ai.search.context import Context
from ai.search.referee import Referee
from engine import GameState

from . import smoke
from .pot_chances import (check_files, likeliest_pot, progress_line, realized_chance,
                          smoke_files, write_report)

MIN_CHANCE = 0.02  # a likeliest pot below this by the closed form: no danger, not measured
SELECT, MEASURE = 4, 12  # strokes per grid cell, fresh strokes for the chosen cell
OPEN = 0.3  # a leave with at least this danger gives the opponent a real chance
KINDS = (ATTACK, SAFETY)
SMOKE_TRIES = 6  # --smoke: positions looked at for a chosen safety (a search each)


@dataclass(frozen=True)
class Leave:
    """One outcome of a decided stroke."""

    kind: str  # ATTACK or SAFETY
    kept: bool  # the shooter keeps the table (a pot)
    foul_in_hand: bool  # the opponent has the cue ball in hand
    danger: float | None  # the opponent's realized best-pot chance (None: not his table)


def danger(state: GameState, ctx: Context, rng: np.random.Generator) -> float:
    """The realized chance of the likeliest legal clean pot for the player to move."""
    pot = likeliest_pot(state, ctx)
    if pot is None or pot.closed < MIN_CHANCE:
        return 0.0
    return realized_chance(state, ctx, pot, rng, SELECT, MEASURE)


def leaves(agent, state: GameState, seed: int, strokes: int,
           rng: np.random.Generator) -> list[Leave]:
    """The outcomes of the stroke ``agent`` decides in ``state`` (an attack or a safety;
    [] for anything else), played ``strokes`` times."""
    decision = agent.decide(state, np.random.default_rng(seed))
    if decision.kind not in KINDS or decision.strike is None:
        return []
    return played(agent, state, decision, strokes, rng)


def played(agent, state: GameState, stroke, strokes: int,
           rng: np.random.Generator) -> list[Leave]:
    """``stroke`` (a decision or a proposal: kind, call, strike, placement) played
    ``strokes`` times from ``state``, each outcome ruled and its leave measured."""
    ctx = Context(state, agent.sim, agent.noise, agent.win)
    batch = ctx.run(stroke.placement, [agent.noise.perturb(stroke.strike, rng)
                                       for _ in range(strokes)])
    referee = Referee(state, stroke.call, stroke.placement, ctx.jaw_pocket)
    out = []
    for ruling in referee.rulings(batch):
        after = None if ruling is None else ruling.state
        if after is None or after.game_over:
            out.append(Leave(stroke.kind, False, False, None))
        elif after.to_move == state.to_move:
            out.append(Leave(stroke.kind, True, False, None))
        elif after.cue_in_hand:
            out.append(Leave(stroke.kind, False, True, None))
        else:
            leave_ctx = Context(after, agent.sim, agent.noise, agent.win)
            out.append(Leave(stroke.kind, False, False, danger(after, leave_ctx, rng)))
    return out


def mean_danger(rows: list[Leave]) -> float:
    """The mean danger of the leaves that give the opponent the table (0 if none do)."""
    d = [r.danger for r in rows if r.danger is not None]
    return float(np.mean(d)) if d else 0.0


def safety_choice(agent, state: GameState, seed: int, strokes: int, k: int,
                  rng: np.random.Generator) -> tuple[float, float] | None:
    """Where the search's best stroke is a safety and it sampled at least two: the mean
    danger of the chosen one and the lowest of the next ``k - 1`` in its order, each played
    ``strokes`` times (None otherwise).  The lowest of several noisy means is biased low."""
    ranked = agent.analyse(state, np.random.default_rng(seed)).ranked
    safeties = [e.proposal for e in ranked
                if e.proposal.kind == SAFETY and e.proposal.strike is not None][:k]
    if not ranked or ranked[0].proposal.kind != SAFETY or len(safeties) < 2:
        return None
    dangers = [mean_danger(played(agent, state, p, strokes, rng)) for p in safeties]
    return dangers[0], min(dangers[1:])


def open_positions(lines: list[dict], rng: np.random.Generator):
    """(n, state) for the positions of ``lines`` in an order drawn from ``rng`` (n: the place
    in that order) with the cue ball on the table, the game on and no break pending."""
    for n, i in enumerate(rng.permutation(len(lines))):
        state = state_of(lines[i])
        if not (state.cue_in_hand or state.game_over or state.break_pending):
            yield n, state


def measure(lines: list[dict], agent_spec: str, sample: int, strokes: int, seed: int,
            progress=None) -> list[Leave]:
    """The leaves of the agent's strokes in up to ``sample`` positions of ``lines`` (drawn
    in a seeded order; a position's number seeds its decision)."""
    agent = make_agent(agent_spec)
    rng = np.random.default_rng(seed)
    out: list[Leave] = []
    done = 0
    for _, state in open_positions(lines, rng):
        if done >= sample:
            break
        done += 1
        out += leaves(agent, state, done, strokes, rng)
        if progress is not None:
            progress(done, sample)
    return out


def measure_safeties(lines: list[dict], agent_spec: str, sample: int, strokes: int, k: int,
                     seed: int, tries: int | None = None) -> list[tuple[float, float]]:
    """:func:`safety_choice` in up to ``sample`` positions of ``lines`` where it applies,
    looking at no more than ``tries`` positions (None: all)."""
    agent = make_agent(agent_spec)
    rng = np.random.default_rng(seed)
    out: list[tuple[float, float]] = []
    for n, state in open_positions(lines, rng):
        if len(out) >= sample or n == tries:
            break
        found = safety_choice(agent, state, n, strokes, k, rng)
        if found is not None:
            out.append(found)
    return out


def summary(rows: list[Leave]) -> dict:
    """Per kind: outcomes, the opponent's leaves, their mean danger and open share, fouls;
    and the attacks' pot rate."""
    doc: dict = {}
    for kind in KINDS:
        mine = [r for r in rows if r.kind == kind]
        d = np.array([r.danger for r in mine if r.danger is not None])
        doc[kind] = {"outcomes": len(mine), "leaves": int(d.size),
                     "mean_danger": round(float(d.mean()), 4) if d.size else None,
                     "open_share": round(float((d >= OPEN).mean()), 4) if d.size else None,
                     "fouls_in_hand": sum(r.foul_in_hand for r in mine)}
    attacks = [r for r in rows if r.kind == ATTACK]
    doc["attack_pot_rate"] = (round(sum(r.kept for r in attacks) / len(attacks), 4)
                              if attacks else None)
    return doc


def agent_parser(description: str, agent_help: str, sample: int, plays: str, plays_default: int,
                 plays_help: str, seed: int) -> argparse.ArgumentParser:
    """The command line the benchmarks of an agent's decisions share: ``--positions``,
    ``--agent`` (default ``mc-2``), ``--sample``, a count of plays named ``plays``, ``--seed``
    and ``--out``; a benchmark adds its own options before :func:`agent_arguments`."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--positions", required=True, help="JSON Lines from ai.calibrate.selfplay")
    ap.add_argument("--agent", default="mc-2", help=agent_help)
    ap.add_argument("--sample", type=int, default=sample, help="positions decided")
    ap.add_argument(f"--{plays}", type=int, default=plays_default, help=plays_help)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--out", help="write the report as JSON here too")
    return ap


def agent_arguments(ap: argparse.ArgumentParser, argv: list[str] | None, plays: str,
                    folder: Path | None = None, **smoke_sizes):
    """``argv`` parsed and checked before any work -- ``--sample`` and the plays at least 1,
    the files (:func:`benchmarks.pot_chances.check_files`), the agent built -- or exit 2
    naming the flag; the arguments and the agent.  With ``--smoke``: one position, two plays,
    the fast search (and ``smoke_sizes``), the files it leaves out made in ``folder``
    (:func:`benchmarks.pot_chances.smoke_files`)."""
    args = smoke.parse(ap, argv, positions=None, agent="mc-fast", sample=1, **{plays: 2},
                       **smoke_sizes)
    for name in ("sample", plays):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1, got {getattr(args, name)}")
    smoke_files(args, folder)
    check_files(ap, args)
    try:
        agent = make_agent(args.agent)
    except ValueError as e:
        ap.error(f"--agent {args.agent!r}: {e}")
    return args, agent


def main(argv=None) -> int:
    with smoke.scratch(smoke.asked(argv)) as folder:
        return report(argv, folder)


def report(argv: list[str] | None, folder: Path | None) -> int:
    """Parses ``argv``, measures, prints the report and writes it to ``--out``."""
    ap = agent_parser(__doc__.splitlines()[0], "the agent whose strokes are measured", 80,
                      "strokes", 10, "noisy plays of each decision", 12)
    ap.add_argument("--safeties", type=int, default=0, metavar="K",
                    help="also compare the chosen safety with the next K-1 the search sampled, "
                         "in up to --sample positions where it chose one (0: off)")
    args, _ = agent_arguments(ap, argv, "strokes", folder, safeties=2)
    if args.safeties == 1 or args.safeties < 0:
        ap.error(f"--safeties must be 0 (off) or at least 2, got {args.safeties}")
    lines = read_positions(args.positions)
    rows = measure(lines, args.agent, args.sample, args.strokes, args.seed, progress_line)
    print(file=sys.stderr)
    doc = summary(rows)
    print(f"{args.agent}: what its strokes leave the opponent ({args.sample} positions, "
          f"{args.strokes} plays each)")
    for kind in KINDS:
        k = doc[kind]
        if k["leaves"]:
            print(f"  {kind:8s} {k['outcomes']:4d} outcomes, {k['leaves']:4d} leave him the "
                  f"table: best pot {k['mean_danger']:.3f} on average, {k['open_share']:.1%} "
                  f"at least {OPEN:g}; {k['fouls_in_hand']} in hand")
        else:
            print(f"  {kind:8s} {k['outcomes']:4d} outcomes, none leave him the table")
    if doc["attack_pot_rate"] is not None:
        print(f"  attacks pot {doc['attack_pot_rate']:.1%} of their plays")
    if args.safeties:
        pairs = measure_safeties(lines, args.agent, args.sample, args.strokes, args.safeties,
                                 args.seed, SMOKE_TRIES if args.smoke else None)
        doc["safety_choice"] = {
            "positions": len(pairs), "k": args.safeties,
            "chosen": round(float(np.mean([c for c, _ in pairs])), 4) if pairs else None,
            "safest_other": round(float(np.mean([o for _, o in pairs])), 4) if pairs else None}
        if pairs:
            print(f"  in {len(pairs)} positions where it chose a safety: the chosen one leaves "
                  f"{doc['safety_choice']['chosen']:.3f}, the safest of the next "
                  f"{args.safeties - 1} {doc['safety_choice']['safest_other']:.3f} (biased low)")
    if args.out:
        write_report(args.out, "leaves_left", argv, doc, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

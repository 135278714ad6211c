"""``pyramid suggest STATE.json``: the AI's best strokes for the player to move, best first.

With ``--json`` prints ``{"suggestions": [{"kind", "call", "strike", "placement", "p_success",
"expected_points", "p_foul", "p_win", "instruction", "foul"}, ...]}`` (INTERFACES.md).
Estimates come from the Monte Carlo search of :mod:`ai.search` at the chosen skill (the
noise the AI assumes for both players); ``--seed`` makes the output reproducible.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from engine import GameState
from engine.errors import EngineError

from ..errors import UserInputError
from ..io import print_json, read_json
from . import _common as C


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "suggest", help="the AI's best strokes for the player to move",
        description="Reads a game state and prints the AI's best strokes (attack, safety or "
                    "deliberate foul), best first, with success, foul and win probabilities "
                    "and an instruction a player can follow.")
    p.add_argument("state", metavar="STATE.json", help="game state, or - for stdin")
    p.add_argument("--top", type=int, default=3, metavar="N", help="how many suggestions (3)")
    p.add_argument("--skill", default="strong",
                   help="noise level assumed for both players: perfect, master, strong, club, "
                        "beginner, or a magnitude factor (default strong = 1.0)")
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="stop sampling after about this many seconds")
    p.add_argument("--budget", type=int, default=600, metavar="SAMPLES",
                   help="Monte Carlo samples in all (default 600)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--png", metavar="FILE", help="draw the suggestions to a PNG file")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


def suggest(doc, top: int = 3, skill="strong", time_budget=None, budget: int = 600,
            seed: int = 0):
    """The pure part: a parsed document in; (state, list of suggestion dicts) out."""
    from ai.agents.mc import MCAgent, to_decision
    from sim import shared_simulator
    if not isinstance(doc, dict):
        raise UserInputError(f"the input must be a JSON object (a game state), got "
                             f"{type(doc).__name__}")
    if top < 1:
        raise UserInputError(f"--top must be at least 1, got {top}")
    if time_budget is not None and not time_budget > 0:
        raise UserInputError(f"--time-budget must be > 0 seconds, got {time_budget}")
    if budget < 1:
        raise UserInputError(f"--budget must be at least 1, got {budget}")
    try:
        state = GameState.from_json(doc)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    if state.game_over:
        raise UserInputError(f"the game is over ({dict(state.result)}): nothing to suggest")
    C.first_run()
    try:
        agent = MCAgent(budget=budget, time=time_budget, skill=skill,
                        simulator=shared_simulator(state.table))
    except ValueError as exc:
        raise UserInputError(f"--skill: {exc}") from None
    analysis = agent.analyse(state, np.random.default_rng(seed), top=top)
    out, seen = [], set()
    for e in analysis.ranked:
        key = e.proposal.key()
        if key in seen or e.estimate.samples == 0:
            continue
        seen.add(key)
        out.append(to_decision(e).to_json())
        if len(out) >= top:
            break
    return state, out


def _human(suggestions) -> str:
    lines = []
    for i, s in enumerate(suggestions, 1):
        lines.append(f"{i}. [{s['kind']}] P(win) {s['p_win']:.2f}, success {s['p_success']:.2f}, "
                     f"foul {s['p_foul']:.2f}, expected points {s['expected_points']:+.1f}")
        lines.append(f"   {s['instruction']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    doc = read_json(args.state)
    skill = args.skill
    try:
        skill = float(skill)
    except ValueError:
        pass
    state, suggestions = suggest(doc, args.top, skill, args.time_budget, args.budget, args.seed)
    if args.png:
        from ..diagrams import draw_suggestion_png
        balls = dict(state.balls)
        try:
            draw_suggestion_png(args.png, state.spec, balls, suggestions,
                                title=f"suggestions for player {state.to_move}")
        except OSError as exc:
            raise UserInputError(f"cannot write {args.png!r}: {exc}") from None
        print(f"wrote {args.png}", file=sys.stderr)
    if args.json:
        print_json({"suggestions": suggestions})
    else:
        print(_human(suggestions))
    return 0

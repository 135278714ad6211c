"""``pyramid suggest STATE.json``: the AI's best strokes for the player to move, best first.

With ``--json`` prints ``{"suggestions": [{"kind", "call", "strike", "placement", "p_success",
"expected_points", "p_foul", "p_win", "instruction", "foul", "samples", "advice"}, ...],
"line": {"p_win", "steps": [...]}}`` (docs/FORMATS.md; ``samples``, ``advice`` and ``line``
are extensions, docs/USAGE.md).  ``--line N`` follows the best stroke N strokes deep (the
line of play, :mod:`ai.search.line`; default :data:`~russian_pyramid.app.limits.DEFAULT_LINE`, 1 off).  ``--lang ru``
writes the instructions in Russian.  ``--seed`` makes the output reproducible.

The command line's adapter over :mod:`russian_pyramid.app.suggest` (the search, the seed drawn from
the position, how the answer was searched): it parses the flags into the typed
:class:`~russian_pyramid.app.options.SuggestOptions` (:func:`suggest_options`: here alone, its
refusals naming the flags), reads the state once
(:func:`russian_pyramid.app.suggest.state_to_suggest`, as the board and the engine do), calls
:func:`russian_pyramid.app.suggest.suggest`, and prints text, JSON or a picture.  The defaults and
limits are :mod:`russian_pyramid.app.limits`'.
"""
from __future__ import annotations

import argparse
import sys

from ai.agent import DecisionKind
from ai.describe import line_text
from engine.words import DEFAULT_LANG, LANGS, say, word

from .. import pictures
from ..app.common import fmt_call, noise_model
from ..app.limits import (DEFAULT_BUDGET, DEFAULT_LINE, DEFAULT_SKILL, DEFAULT_TOP,  # noqa: F401
                          MAX_BUDGET, MAX_LINE, MAX_TIME_BUDGET_S, MAX_TOP, MIN_TOP)
from ..app.options import SuggestOptions
from ..app.suggest import (SearchBudget, Suggested, describe, position_seed,  # noqa: F401
                           state_to_suggest, suggest)
from ..errors import UserInputError
from ..io import check_outputs, print_json, read_json
from ._common import chosen_input, input_or_example, seed_int

PLACEMENT_TWINS = "app.suggest.placement_twins"  # the catalog's words for a stroke repeated from elsewhere


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "suggest", help="the AI's best strokes for the player to move",
        description="Reads a game state and prints the AI's best strokes (attack, safety or "
                    "deliberate foul), best first, with success, foul and win probabilities "
                    "and an instruction a player can follow.")
    input_or_example(p, "state", "STATE.json", "game state", "suggest")
    p.add_argument("--top", type=int, default=DEFAULT_TOP, metavar="N",
                   help=f"how many suggestions ({DEFAULT_TOP})")
    p.add_argument("--skill", default=DEFAULT_SKILL,
                   help="noise level assumed for both players: perfect, pro, master, strong, club, "
                        "beginner, or a magnitude factor (default strong = 1.0)")
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="also stop sampling after about this many seconds (the advice then "
                        "depends on the machine's speed, and says so)")
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET, metavar="SAMPLES",
                   help=f"Monte Carlo samples in all (default {DEFAULT_BUDGET})")
    p.add_argument("--seed", type=seed_int, default=0,
                   help="random seed, a non-negative integer (default 0)")
    p.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG,
                   help="language of the instructions: en (default) or ru")
    p.add_argument("--line", type=int, default=DEFAULT_LINE, metavar="N",
                   help=f"the line of play: the best stroke, then the likely next ones, N "
                        f"strokes in all (1 to {MAX_LINE}; default {DEFAULT_LINE}; 1 = off)")
    p.add_argument("--png", metavar="FILE", help="draw the suggestions to a PNG file")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


def _pct(p) -> str:
    return "?" if p is None else f"{100 * p:.0f}%"


def _what(s: dict, lang: str) -> str:
    """A suggestion's kind and call in the headline: ``attack 9 in MR`` (English, the call as
    the scorekeeper's codes write it), ``атака: шар 9 в СП`` (Russian)."""
    call, kind = s.get("call"), s["kind"]
    if lang == "en":
        what = kind + ("" if not call or kind == DecisionKind.DELIBERATE_FOUL
                       else f" {fmt_call(call)}")
    elif not call or kind == DecisionKind.DELIBERATE_FOUL:
        what = word(f"drawing.kind.{kind}", lang)
    else:
        what = say("advice.headline.call", lang, kind=word(f"drawing.kind.{kind}", lang),
                   ball=call["ball"], pocket=word(f"notation.pocket.{call['pocket']}", lang))
        if call.get("manner") not in (None, "clean"):
            what += " (" + word(f"advice.manner.{call['manner']}", lang) + ")"
    if s.get("foul") and lang == "en":
        what += f" ({s['foul']})"
    elif s.get("foul"):
        what += ": " + word(f"board.foul_{s['foul']}", lang)
    return what


def _human(suggestions, lang: str = "en") -> str:
    """P(win) first, as the headline number; then success and foul chances, kind and call;
    and, for strokes from hand, which other suggestions are the same stroke placed elsewhere."""
    lines = []
    for i, s in enumerate(suggestions, 1):
        points = f"{round(s['expected_points'], 1) + 0.0:+.1f}"
        lines.append(say("advice.headline", lang, n=i, p_win=_pct(s["p_win"]),
                         what=_what(s, lang), p_success=_pct(s["p_success"]),
                         p_foul=_pct(s["p_foul"]),
                         points=points if lang == "en" else points.replace(".", ",")))
        lines.append(f"   {s['instruction']}")
        if s.get("jaw_note"):  # the stroke rests on the jaw model (issue 55)
            lines.append(f"   {s['jaw_note']}")
        if s.get("differs_only_by_placement_from"):
            lines.append("   (" + say(PLACEMENT_TWINS, lang, n=", ".join(
                map(str, s["differs_only_by_placement_from"]))) + ")")
    return "\n".join(lines)


def suggest_options(args: argparse.Namespace) -> SuggestOptions:
    """The flags as the typed options, each in its range, or UserInputError naming the flag
    (``--seed`` and ``--lang`` argparse has checked: :func:`seed_int`, its choices)."""
    if not MIN_TOP <= args.top <= MAX_TOP:
        raise UserInputError(f"--top must be from {MIN_TOP} to {MAX_TOP} suggestions, got "
                             f"{args.top}")
    if not 1 <= args.line <= MAX_LINE:
        raise UserInputError(f"--line must be an integer from 1 (off) to {MAX_LINE} strokes, "
                             f"got {args.line!r}")
    time_budget = args.time_budget
    if time_budget is not None and not 0 < time_budget <= MAX_TIME_BUDGET_S:
        raise UserInputError(f"--time-budget must be > 0 and at most {MAX_TIME_BUDGET_S:g} "
                             f"seconds, got {time_budget}")
    if not 1 <= args.budget <= MAX_BUDGET:
        raise UserInputError(f"--budget must be from 1 to {MAX_BUDGET}, got {args.budget}")
    skill = args.skill
    try:
        skill = float(skill)
    except ValueError:
        pass
    noise_model(skill, "--skill")  # a name of ai.noise.SKILLS or a magnitude, named so
    return SuggestOptions(top=args.top, skill=skill, time_budget_s=time_budget,
                          budget=args.budget, seed=args.seed, lang=args.lang, line=args.line)


def run(args: argparse.Namespace) -> int:
    state_file = chosen_input(args, "state", "STATE.json")
    if state_file is None:
        raise UserInputError("give STATE.json (- for stdin) or --example NAME")
    if args.png:
        pictures.require("--png")
    # now, not after a search of up to a minute
    check_outputs([("--png", args.png)], [("STATE.json", state_file)])
    doc = read_json(state_file)
    options = suggest_options(args)  # the flags, then the state: each read once
    state = state_to_suggest(doc)
    found = suggest(state, options, paths=bool(args.png))
    suggestions = [s.to_json() for s in found.suggestions]
    if args.png:
        balls = dict(state.balls)
        title = say("drawing.suggestion_title", args.lang, player="ABC"[state.to_move],
                    score=":".join(map(str, state.scores)))
        pictures.diagrams().draw_suggestion_png(  # a place gone since the check: UserInputError
            args.png, state.spec, balls, suggestions, title=title, lang=args.lang)
        print(f"wrote {args.png}", file=sys.stderr)
        for s in suggestions:
            s.pop("paths", None)
    note = found.budget.note(args.lang)
    if note is not None:  # against the clock: another run may give other advice
        print(note, file=sys.stderr)
    if args.json:  # a sample budget's answer is the one every run gives: nothing to add
        doc = ({"suggestions": suggestions} if note is None
               else {"suggestions": suggestions, "budget": found.budget.to_json()})
        if found.line is not None:
            doc["line"] = found.line.to_json()
        print_json(doc)
    else:
        print(_human(suggestions, args.lang))
        if found.line is not None:
            spec = state.spec
            print("\n".join(line_text(found.line, spec.length_m, spec.width_m, args.lang)))
    return 0

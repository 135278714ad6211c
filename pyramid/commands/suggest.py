"""``pyramid suggest STATE.json``: the AI's best strokes for the player to move, best first.

With ``--json`` prints ``{"suggestions": [{"kind", "call", "strike", "placement", "p_success",
"expected_points", "p_foul", "p_win", "instruction", "foul", "samples", "advice"}, ...]}``
(docs/FORMATS.md; ``samples`` and ``advice`` are extensions, docs/USAGE.md).  ``--lang ru``
writes the instructions in Russian.
Estimates come from the Monte Carlo search of :mod:`ai.search` at the chosen skill (the
noise the AI assumes for both players); ``--seed`` makes the output reproducible.

The same position with the same settings gives the same advice when the search is bounded by
samples (:data:`DEFAULT_BUDGET` unless told otherwise), on any machine; a time budget
(``--time-budget``) makes it depend on the machine's speed, and the answer says so
(:class:`SearchBudget`, its ``budget`` field).  :func:`position_seed` is the seed the board and
``pyramid engine`` use when a request gives none: one drawn from the position itself.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass

import numpy as np

from engine import GameState
from engine.errors import EngineError
from engine.record import canonical_json

from ..errors import UserInputError
from ..io import check_output_path, print_json, read_json
from . import _common as C

# The same ceilings as an agent's options (ai.registry): far above any useful setting, and a
# typo of a few zeros does not start a search of days.
MAX_BUDGET = 1_000_000  # samples
MAX_TIME_BUDGET_S = 3600.0
# samples of one suggestion, unless told otherwise: pyramid suggest's, the board's and the
# engine's default (about 0.4 s warm on this project's machine, the break three times that)
DEFAULT_BUDGET = 600
POSITION_SEED_BYTES = 4  # a seed drawn from the position: 0 .. 2**32 - 1

# what an answer searched against the clock says to a person, in every language (ai.words.LANGS)
BUDGET_TEXT = {
    "en": "This advice was searched against the clock ({seconds} s: {used} samples, seed "
          "{seed}), so the same request may give other advice, here or on another machine. "
          "For the same advice every time, ask with a sample budget and a seed instead of a "
          "time budget (budget={used}, seed={seed} is about as much search).",
    "ru": "Этот совет искался по времени ({seconds} с; пробных ударов: {used}, зерно {seed}), "
          "поэтому тот же запрос может дать другой совет, здесь или на другой машине. Чтобы "
          "совет каждый раз был тем же, задайте вместо времени число пробных ударов и зерно "
          "(budget={used}, seed={seed} — примерно столько же поиска).",
}


@dataclass(frozen=True)
class SearchBudget:
    """How a suggestion was searched: ``samples`` (the sample budget), ``seed`` and where it
    came from (``"request"`` or ``"position"``, :func:`position_seed`), ``seconds`` when a
    time budget bounded it too (then the answer depends on the machine's speed), and the
    samples the search spent (``samples_used``)."""
    samples: int
    seed: int
    seed_from: str = "request"
    seconds: float | None = None
    samples_used: int = 0

    @property
    def kind(self) -> str:
        return "samples" if self.seconds is None else "time"

    def note(self, lang: str) -> str | None:
        """What a person is told of a search against the clock, in ``lang``; None otherwise."""
        if self.seconds is None:
            return None
        return BUDGET_TEXT[lang].format(seconds=f"{self.seconds:g}", used=self.samples_used,
                                        seed=self.seed)

    def to_json(self) -> dict:
        out = {"kind": self.kind, "samples": self.samples, "seed": self.seed,
               "seed_from": self.seed_from, "samples_used": self.samples_used}
        if self.seconds is not None:
            out["seconds"] = self.seconds
            out["note"] = {lang: self.note(lang) for lang in BUDGET_TEXT}
        return out


@dataclass(frozen=True)
class Suggested:
    """What :func:`suggest` found: the state asked about, the suggestions (dicts of
    ``suggest --json``), best first, and how they were searched."""
    state: GameState
    suggestions: list[dict]
    budget: SearchBudget


def position_seed(state: GameState) -> int:
    """A seed drawn from the position alone, the same on every machine and in every process:
    the first bytes of the SHA-256 of the state's canonical JSON (keys sorted, no spaces:
    :func:`engine.record.canonical_json`), never Python's ``hash()``, which changes from one
    process to the next."""
    digest = hashlib.sha256(canonical_json(state.to_json()).encode("utf-8")).digest()
    return int.from_bytes(digest[:POSITION_SEED_BYTES], "big")


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
                   help="also stop sampling after about this many seconds (the advice then "
                        "depends on the machine's speed, and says so)")
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET, metavar="SAMPLES",
                   help=f"Monte Carlo samples in all (default {DEFAULT_BUDGET})")
    p.add_argument("--seed", type=C.seed_int, default=0,
                   help="random seed, a non-negative integer (default 0)")
    p.add_argument("--lang", choices=("en", "ru"), default="en",
                   help="language of the instructions: en (default) or ru")
    p.add_argument("--png", metavar="FILE", help="draw the suggestions to a PNG file")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


def suggest(doc, top: int = 3, skill="strong", time_budget=None, budget: int = DEFAULT_BUDGET,
            seed: int | None = 0, lang: str = "en", paths: bool = False,
            all_langs: bool = False) -> Suggested:
    """The pure part: a parsed document in; the state, the list of suggestion dicts and how
    they were searched (:class:`Suggested`) out.  ``seed`` None: :func:`position_seed`.

    Each suggestion is played once without noise to describe it (:func:`ai.describe.advise`):
    ``instruction`` is written in ``lang`` (``en`` or ``ru``) and ``advice`` carries the same
    facts as data (cut side and fraction, tip, speed in table lengths, placement in diamonds,
    ghost ball, where the cue ball stops).  With ``paths`` each suggestion also gets
    ``paths``: every moving ball's centre path of that noise-free stroke, ``{id: [[x, y],
    ...]}`` (for drawing); with ``all_langs``, ``instructions``: ``{lang: text}`` in every
    language."""
    from ai.agents.mc import MCAgent, to_decision
    from ai.words import LANGS
    from sim import shared_simulator
    if not isinstance(doc, dict):
        raise UserInputError(f"the input must be a JSON object (a game state), got "
                             f"{type(doc).__name__}")
    if top < 1:
        raise UserInputError(f"--top must be at least 1, got {top}")
    if time_budget is not None and not 0 < time_budget <= MAX_TIME_BUDGET_S:
        raise UserInputError(f"--time-budget must be > 0 and at most {MAX_TIME_BUDGET_S:g} "
                             f"seconds, got {time_budget}")
    if not 1 <= budget <= MAX_BUDGET:
        raise UserInputError(f"--budget must be from 1 to {MAX_BUDGET}, got {budget}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed <= C.SEED_MAX):
        raise UserInputError(f"--seed must be an integer from 0 to {C.SEED_MAX}, got "
                             f"{seed!r}")
    if lang not in LANGS:
        raise UserInputError(f"--lang must be one of {', '.join(LANGS)}, got {lang!r}")
    C.noise_model(skill, "--skill")  # checked now: before the compile, not after it
    try:
        state = GameState.from_json(doc)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    if state.game_over:
        raise UserInputError(f"the game is over ({dict(state.result)}): nothing to suggest")
    C.first_run()
    simulator = shared_simulator(state.table)
    try:
        agent = MCAgent(budget=budget, time=time_budget, skill=skill, simulator=simulator)
    except ValueError as exc:
        raise UserInputError(f"--skill: {exc}") from None
    seed_from = "request" if seed is not None else "position"
    if seed is None:
        seed = position_seed(state)
    analysis = agent.analyse(state, np.random.default_rng(seed), top=top)
    out, seen = [], set()
    for e in analysis.ranked:
        key = e.proposal.key()
        if key in seen or e.estimate.samples == 0:
            continue
        seen.add(key)
        out.append(describe(state, simulator, to_decision(e), lang, paths, all_langs))
        if len(out) >= top:
            break
    searched = SearchBudget(budget, seed, seed_from, time_budget,
                            sum(e.estimate.samples for e in analysis.ranked))
    return Suggested(state, out, searched)


def describe(state, simulator, decision, lang: str = "en", paths: bool = False,
             all_langs: bool = False) -> dict:
    """A decision as a suggestion of ``suggest --json``, with its advice (see :func:`suggest`)."""
    from ai.describe import advise, instruction
    from ai.words import LANGS
    from ai.games.match import watch_line_x
    from ai.games.records import balls_before
    d = decision
    js = d.to_json()
    advice = result = None
    if d.strike is not None:
        watch = watch_line_x(state)
        advice, result = advise(simulator, balls_before(state, d.placement), d.strike,
                                d.placement, False if watch is None else watch)
    js["instruction"] = instruction(d.kind, d.call, d.strike, d.placement, d.shot, d.foul,
                                    advice, lang)
    js["advice"] = None if advice is None else advice.to_json()
    if all_langs:
        js["instructions"] = {other: instruction(d.kind, d.call, d.strike, d.placement, d.shot,
                                                 d.foul, advice, other) for other in LANGS}
    if paths:
        js["paths"] = {} if result is None else sampled_paths(simulator, result)
    return js


def sampled_paths(simulator, result, step_s: float = 0.02) -> dict:
    """Each moving ball's centre path as ``[[x, y], ...]`` in metres (0.1 mm), for drawing."""
    from sim.trajectory import sample_paths
    if result.segments is None or not len(result.segments):
        return {}
    return {b: [[round(float(x), 4), round(float(y), 4)] for x, y in pts]
            for b, pts in sample_paths(result.segments, simulator.params, step_s).items()}


def _pct(p) -> str:
    return "?" if p is None else f"{100 * p:.0f}%"


def _human(suggestions) -> str:
    """P(win) first, as the headline number; then success and foul chances, kind and call."""
    lines = []
    for i, s in enumerate(suggestions, 1):
        call = s.get("call")
        what = s["kind"] + ("" if not call or s["kind"] == "deliberate-foul"
                            else f" {C.fmt_call(call)}")
        if s.get("foul"):
            what += f" ({s['foul']})"
        lines.append(f"{i}. P(win) {_pct(s['p_win'])}  --  {what}; success "
                     f"{_pct(s['p_success'])}, foul {_pct(s['p_foul'])}, expected points "
                     f"{round(s['expected_points'], 1) + 0.0:+.1f}")
        lines.append(f"   {s['instruction']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.png:
        check_output_path("--png", args.png)  # now, not after a search of up to a minute
    doc = read_json(args.state)
    skill = args.skill
    try:
        skill = float(skill)
    except ValueError:
        pass
    found = suggest(doc, args.top, skill, args.time_budget, args.budget, args.seed, args.lang,
                    paths=bool(args.png))
    state, suggestions = found.state, found.suggestions
    if args.png:
        from ..diagrams import draw_suggestion_png
        balls = dict(state.balls)
        title = (f"Советы игроку {'ABC'[state.to_move]}, счёт {':'.join(map(str, state.scores))}"
                 if args.lang == "ru" else
                 f"Suggestions for player {'ABC'[state.to_move]}, score "
                 f"{':'.join(map(str, state.scores))}")
        draw_suggestion_png(args.png, state.spec, balls, suggestions, title=title,
                            lang=args.lang)  # a place gone since the check: UserInputError
        print(f"wrote {args.png}", file=sys.stderr)
        for s in suggestions:
            s.pop("paths", None)
    note = found.budget.note(args.lang)
    if note is not None:  # against the clock: another run may give other advice
        print(note, file=sys.stderr)
    if args.json:  # a sample budget's answer is the one every run gives: nothing to add
        print_json({"suggestions": suggestions} if note is None
                   else {"suggestions": suggestions, "budget": found.budget.to_json()})
    else:
        print(_human(suggestions))
    return 0

"""Suggest strokes: the AI's best strokes for the player to move, best first, each described
for a player (instruction and advice) and, for the board, drawn (paths).

* :func:`state_to_suggest` -- a request's game state checked and read once, for every door
  (the board's, the engine's, the command line's), to the typed :class:`engine.GameState`;
* :func:`suggest` -- that state and :class:`~russian_pyramid.app.options.SuggestOptions` (each
  door parses its own options into it, naming its own option names) to :class:`Suggested`;
  nothing is checked again;
* :func:`suggest_answer` -- the same to :class:`SuggestAnswer`, the board's and ``pyramid
  engine``'s answer (paths and every language's instructions);
* :func:`describe` -- one decision as a suggestion's JSON;
* :func:`position_seed` -- the seed drawn from the position when a request gives none;
* :func:`position_digest` -- the SHA-256 of the position's canonical JSON, which the answer
  carries (:class:`AnsweredPosition`) so that a page shows it only for that position;
* :func:`placement_twins` -- which suggestions differ only in where the cue ball is placed.

A state whose cue ball is in hand (``cue_in_hand``) and also on the table (``balls.cue``) is
refused naming both fields: advice for one of the two would not answer the other (the rules
core ignores a cue ball in hand's coordinates, docs/FORMATS.md; advice does not guess).

Estimates come from an advisor (:class:`ai.advisor.Advisor`, issue 53 item 3): by default
the Monte Carlo search of :mod:`ai.search` at the chosen skill (the noise the AI assumes for
both players), or any agent passed in that ranks a position and gives its line.  The words a
player reads are written here, once per language asked, from each stroke's facts
(:func:`ai.describe.advice_words`), whichever advisor ranked it.  The same position with the same settings gives the same
advice when the search is bounded by samples (:data:`limits.DEFAULT_BUDGET` unless told
otherwise), on any machine; a time budget makes it depend on the machine's speed, and the
answer says so (:class:`SearchBudget`).
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from ai.advisor import Advisor, NotAnAdvisor, as_advisor
from ai.agent import Decision
from ai.agents.mc import MCAgent
from ai.describe import Advice, AdviceWords, advice_words, advise
from ai.games.match import watch_line_x
from ai.games.records import balls_before
from ai.search.line import Line
from engine import GameState
from engine.errors import excerpt
from engine.record import canonical_json
from engine.words import LANGS, say
from sim import shared_simulator
from sim.rail_shot import struck_corner_jaw

from ..errors import UserInputError
from . import limits
from .common import first_run
from .options import SuggestOptions
from .position import read_state
from .simulate import Paths, sampled_paths

BUDGET_NOTE = "app.budget.time_note"  # the catalog's text of a search against the clock
JAW_NOTE = "advice.jaw.note"  # the catalog's sentence of a stroke that rests on the jaw model


class SeedFrom(StrEnum):
    """Where a search's seed came from: the request, or drawn from the position."""
    REQUEST = "request"
    POSITION = "position"


class BudgetKind(StrEnum):
    """What bounded a search: samples alone (the same advice every time), or the clock too."""
    SAMPLES = "samples"
    TIME = "time"


@dataclass(frozen=True)
class SearchBudget:
    """How a suggestion was searched: ``samples`` (the sample budget), ``seed`` and where it
    came from (``"request"`` or ``"position"``, :func:`position_seed`), ``seconds`` when a
    time budget bounded it too (then the answer depends on the machine's speed), and the
    samples the search spent (``samples_used``)."""
    samples: int
    seed: int
    seed_from: SeedFrom = SeedFrom.REQUEST
    seconds: float | None = None
    samples_used: int = 0

    @property
    def kind(self) -> BudgetKind:
        return BudgetKind.SAMPLES if self.seconds is None else BudgetKind.TIME

    def note(self, lang: str) -> str | None:
        """What a person is told of a search against the clock, in ``lang``; None otherwise."""
        if self.seconds is None:
            return None
        return say(BUDGET_NOTE, lang, seconds=f"{self.seconds:g}", used=self.samples_used,
                   seed=self.seed)

    def to_json(self) -> dict:
        out = {"kind": str(self.kind), "samples": self.samples, "seed": self.seed,
               "seed_from": str(self.seed_from), "samples_used": self.samples_used}
        if self.seconds is not None:
            out["seconds"] = self.seconds
            out["note"] = {lang: self.note(lang) for lang in LANGS}
        return out


@dataclass(frozen=True)
class Suggestion:
    """One suggestion (see :func:`suggest`): the advisor's ``decision``, the ``advice`` facts
    of its stroke played once without noise (None for a stroke with no strike), its ``words``
    in each language written (``lang`` the one asked; every language when ``all_langs``),
    its ``paths`` when asked for (``paths_asked``; None: nothing moved), and ``twins``, the
    ranks of the suggestions that differ from it only by the placement from hand
    (:func:`placement_twins`), and ``jaw_dependent``: the called ball met a corner pocket's
    jaw in that play (:func:`sim.rail_shot.struck_corner_jaw`), so the stroke rests on the
    jaw model, which the rail shot shows uncertain (docs/PHYSICS.md, "The rail shot").  JSON
    only in :meth:`to_json`: ``suggest --json``'s form, where the decision's figures are the
    advisor's reported ones and ``search_estimate`` the search's own when they were measured
    afresh (:mod:`ai.search.fresh`)."""
    decision: Decision
    advice: Advice | None
    words: tuple[tuple[str, AdviceWords], ...]
    lang: str
    all_langs: bool = False
    paths_asked: bool = False
    paths: Paths | None = None
    twins: tuple[int, ...] = ()
    jaw_dependent: bool = False

    def jaw_note(self, lang: str) -> str | None:
        """The player's sentence of a stroke that rests on the jaw model, in ``lang``; None
        for another stroke."""
        return say(JAW_NOTE, lang) if self.jaw_dependent else None

    def to_json(self) -> dict:
        words = dict(self.words)
        js = self.decision.to_json()
        searched = self.decision.searched
        js["search_estimate"] = None if searched is None else searched.to_json()
        js["jaw_dependent"] = self.jaw_dependent
        js["jaw_note"] = self.jaw_note(self.lang)
        js["instruction"] = words[self.lang].instruction
        js["advice"] = None if self.advice is None else self.advice.to_json()
        if self.all_langs:
            js["instructions"] = {lang: w.instruction for lang, w in words.items()}
            js["words"] = {lang: w.to_json() for lang, w in words.items()}
            js["jaw_notes"] = {lang: self.jaw_note(lang) for lang in words}
        if self.paths_asked:
            js["paths"] = {} if self.paths is None else self.paths.to_json()
        js["differs_only_by_placement_from"] = list(self.twins)
        return js


@dataclass(frozen=True)
class Suggested:
    """What :func:`suggest` found: the state asked about, the suggestions, best first, how
    they were searched, and the line of play that starts with the first (None when not asked
    for: ``line`` 1)."""
    state: GameState
    suggestions: tuple[Suggestion, ...]
    budget: SearchBudget
    line: Line | None = None


@dataclass(frozen=True)
class AnsweredPosition:
    """The position an answer was computed for: the game state as the rules core read it
    (``state``, its canonical JSON: :meth:`engine.GameState.to_json`) and ``digest``, the hex
    SHA-256 of that JSON (:func:`position_digest`).  A page compares it with the position it
    shows and does not show advice for another one (docs/BOARD.md)."""
    state: GameState

    @property
    def digest(self) -> str:
        return position_digest(self.state)

    def to_json(self) -> dict:
        return {"digest": self.digest, "state": self.state.to_json()}


@dataclass(frozen=True)
class SuggestAnswer:
    """The board's and the engine's answer: what was found and the seconds it took."""
    found: Suggested
    elapsed_s: float

    @property
    def position(self) -> AnsweredPosition:
        return AnsweredPosition(self.found.state)

    def to_json(self) -> dict:
        """``{"suggestions", "to_move", "budget", "elapsed_s", "position", "line"}``
        (docs/BOARD.md; ``line`` null when not asked for)."""
        line = self.found.line
        return {"suggestions": [s.to_json() for s in self.found.suggestions],
                "to_move": self.found.state.to_move,
                "budget": self.found.budget.to_json(), "elapsed_s": self.elapsed_s,
                "position": self.position.to_json(),
                "line": None if line is None else line.to_json()}


def _sha256(state: GameState) -> bytes:
    """The SHA-256 of the state's canonical JSON (keys sorted, no spaces:
    :func:`engine.record.canonical_json`)."""
    return hashlib.sha256(canonical_json(state.to_json()).encode("utf-8")).digest()


def position_digest(state: GameState) -> str:
    """The position's digest, hex: the SHA-256 of the state's canonical JSON; the same
    position written otherwise (key order, spacing, a cue ball in hand's ignored fields) has
    the same digest."""
    return _sha256(state).hex()


def position_seed(state: GameState) -> int:
    """A seed drawn from the position alone, the same on every machine and in every process:
    the first bytes (:data:`limits.POSITION_SEED_BYTES`: 32-bit) of the SHA-256 of the state's
    canonical JSON (:func:`position_digest`), never Python's ``hash()``, which changes from
    one process to the next."""
    return int.from_bytes(_sha256(state)[:limits.POSITION_SEED_BYTES], "big")


def _stroke_key(decision: Decision) -> tuple:
    """What a decision plays but for where the cue ball is placed: its kind, its call (ball,
    pocket, manner and the balls and cushions it goes via) and its foul."""
    js = decision.to_json()
    return (js.get("kind"), canonical_json(js.get("call")), js.get("foul"))


def placement_twins(decisions: list[Decision]) -> list[tuple[int, ...]]:
    """For each decision (best first), the ranks (1-based) of the other decisions that
    differ from it only in the cue ball's placement from hand: the same kind, call and foul
    (:func:`_stroke_key`), both from hand.  Empty when the cue ball is on the table."""
    keys = [_stroke_key(d) if d.placement is not None else None for d in decisions]
    return [tuple(j + 1 for j, other in enumerate(keys) if j != i and key is not None
                  and other == key) for i, key in enumerate(keys)]


def _check_hand(doc: dict) -> None:
    """A cue ball in hand is not on the table: ``cue_in_hand`` true and ``balls.cue`` given
    contradict each other (the cue ball is set down in the house, R3.2 and R8.1)."""
    balls = doc.get("balls")
    if doc.get("cue_in_hand") is True and isinstance(balls, dict) and "cue" in balls:
        raise UserInputError(
            f"cue_in_hand is true but balls.cue is given ({excerpt(balls['cue'])}): a cue ball "
            f"in hand is not on the table; leave balls.cue out, or set cue_in_hand to false to "
            f"play it where it lies", conflict={"fields": ["cue_in_hand", "balls.cue"]})


def state_to_suggest(doc) -> GameState:
    """The game state a suggestion is asked of, read once whichever door it came in by (the
    board's check before the AI waits, the engine's, ``pyramid suggest``'s): a JSON object
    whose cue ball is not both in hand and on the table, checked and read as
    :func:`russian_pyramid.app.position.read_state` does, of a game still going on; else
    :class:`~russian_pyramid.errors.UserInputError` naming the field.  The typed state is
    what :func:`suggest` takes (and what crosses to the board's AI process, pickled)."""
    if not isinstance(doc, dict):
        raise UserInputError(f"the input must be a JSON object (a game state), got "
                             f"{type(doc).__name__}")
    _check_hand(doc)
    state = read_state(doc)
    if state.game_over:
        raise UserInputError(f"the game is over ({state.result.to_json()}): nothing to suggest")
    return state


def suggest(state: GameState, options: SuggestOptions = SuggestOptions(),
            advisor: Advisor | None = None, paths: bool = False,
            all_langs: bool = False) -> Suggested:
    """The game state read by :func:`state_to_suggest` and the typed ``options`` (each door
    parses its own: the board's query string and the engine's JSON by
    :meth:`SuggestOptions.from_params`, ``pyramid suggest``'s flags by its own command); the
    state, the list of suggestion dicts and how they were searched (:class:`Suggested`) out.
    Neither is checked again here.  ``options.seed`` None: :func:`position_seed`.
    ``options.line`` > 1 adds the line of play of at most that many strokes that starts with
    the first suggestion (:mod:`ai.search.line`; its continuations seeded from the seed); 1
    none.

    The strokes come from an advisor (:class:`ai.advisor.Advisor`: it ranks the position and
    gives the line): ``advisor`` when given (any agent implementing the protocol; another
    agent is refused, :class:`~russian_pyramid.errors.UserInputError` naming it), else the
    Monte Carlo agent at the options' ``skill``, ``budget`` and ``time_budget_s``.

    Each suggestion is played once without noise to describe it (:func:`ai.describe.advise`):
    ``instruction`` is written in ``options.lang`` (``en`` or ``ru``) and ``advice`` carries
    the same facts as data (cut side and fraction, tip, speed in table lengths, placement in
    diamonds, ghost ball, where the cue ball stops).  With ``paths`` each suggestion also gets
    ``paths``: every moving ball's centre path of that noise-free stroke, ``{id: [[x, y],
    ...]}`` (for drawing); with ``all_langs``, ``instructions``: ``{lang: text}`` in every
    language, and ``words``: ``{lang: {instruction, tip, spin, cue, cut, speed, placement,
    stop}}`` (:class:`ai.describe.AdviceWords`), all written once from the same facts."""
    given = None if advisor is None else _checked(advisor)  # before the compile
    first_run()
    simulator = shared_simulator(state.table)
    adviser = given or MCAgent(budget=options.budget, time=options.time_budget_s,
                               skill=options.skill, simulator=simulator)
    top, line, seed = options.top, options.line, options.seed
    seed_from = SeedFrom.REQUEST if seed is not None else SeedFrom.POSITION
    if seed is None:
        seed = position_seed(state)
    ranking = adviser.rank(state, np.random.default_rng(seed), top, keep_line=line > 1)
    chosen = list(ranking.decisions[:top])
    out = tuple(replace(describe(state, simulator, d, options.lang, paths, all_langs),
                        twins=twins) for d, twins in zip(chosen, placement_twins(chosen)))
    searched = SearchBudget(options.budget, seed, seed_from, options.time_budget_s,
                            ranking.samples)
    played = (adviser.principal_line(state, ranking, seed, line)
              if line > 1 and ranking.decisions else None)
    return Suggested(state, out, searched, played)


def _checked(advisor) -> Advisor:
    """The advisor given, checked (:func:`ai.advisor.as_advisor`); an agent that only plays is
    bad input, the message naming it and what it lacks."""
    try:
        return as_advisor(advisor)
    except NotAnAdvisor as exc:
        raise UserInputError(str(exc)) from None


def suggest_answer(state: GameState, options: SuggestOptions,
                   advisor: Advisor | None = None) -> SuggestAnswer:
    """:func:`suggest` of the state read by :func:`state_to_suggest` with ``options`` (and
    ``advisor``, the Monte Carlo agent when None), each suggestion with its ``paths`` and its
    ``instructions`` and ``words`` in every language, timed (runs in the board's AI worker
    process, the state pickled to it: not read again there)."""
    t0 = time.perf_counter()
    found = suggest(state, options, advisor, paths=True, all_langs=True)
    return SuggestAnswer(found, round(time.perf_counter() - t0, 3))


def describe(state: GameState, simulator, decision: Decision, lang: str = "en",
             paths: bool = False, all_langs: bool = False) -> Suggestion:
    """A decision as a suggestion (see :func:`suggest`), with its advice: the stroke played
    once without noise (:func:`ai.describe.advise`), its words written once in each language
    asked -- ``lang``, or every language with ``all_langs`` (:func:`ai.describe.advice_words`),
    and whether the called ball met a corner jaw in that play (``jaw_dependent``)."""
    d = decision
    advice = result = None
    if d.strike is not None:
        watch = watch_line_x(state)
        advice, result = advise(simulator, balls_before(state, d.placement), d.strike,
                                d.placement, False if watch is None else watch)
    words = advice_words(d, advice, LANGS if all_langs else (lang,))
    drawn = sampled_paths(simulator, result) if paths and result is not None else None
    jaw = (result is not None and d.call is not None and d.call.ball is not None
           and struck_corner_jaw(result, d.call.ball))
    return Suggestion(d, advice, tuple(words.items()), lang, all_langs, paths, drawn,
                      jaw_dependent=jaw)

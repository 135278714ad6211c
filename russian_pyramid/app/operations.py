"""The operations the product offers its doors, in one table (issue 53 item 1): each
:class:`Operation` says what it is called, what its body is, its options' typed value (a
frozen class of :mod:`russian_pyramid.app.options` with ``PARAMS``, ``HELP`` and
``from_params``), what runs it and what that returns (a typed answer with ``to_json()``),
where the board serves it (its HTTP method and path), whether ``pyramid engine`` offers it,
and a line for the docs.

The board's routes for them (:mod:`russian_pyramid.board.server`, its query strings
:mod:`russian_pyramid.board.query`), the engine's commands, options and bodies
(:mod:`russian_pyramid.commands.engine`) and the tables of docs/BOARD.md and docs/ENGINE.md
(:mod:`russian_pyramid.app.operations_doc`) are made from :data:`OPERATIONS`; an operation
registered here (:func:`register`) is served by every door it names.

Options are parsed and checked once, into the typed value, whichever door they came in by:
a query string's text (the board) or a JSON object (the engine, whose JSON types are checked
first by :func:`russian_pyramid.app.options.options_from_json`).  What a door cannot offer
stays out of it: the match and the photo are the board's only (the match is the board's
desk, one session shared by its devices; a photo's bytes are no JSON), ``score`` the
engine's (the board keeps score through its match).  The match's operations run on the
board's desk (:class:`russian_pyramid.app.match.MatchDesk`), for the device that asks:
``on_desk(desk, device, body)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Protocol

from engine import GameState

from ..errors import UserInputError
from .match import LineResult, MatchDesk, MatchList, MatchRecord, MatchStatus
from .match_start import match_start
from .options import NoOptions, Options, PhotoOptions, SimulateOptions, SuggestOptions
from .photo import PhotoAnswer, photo_answer
from .position import Checked, check
from .record_view import RecordView, record_view
from .review import ReviewDocument, review_request
from .score import Scored, score_stroke
from .simulate import NoisyRuns, Simulated, simulate
from .suggest import SuggestAnswer, state_to_suggest, suggest_answer


class Answer(Protocol):
    """What an operation returns: a typed value, turned into JSON at the door."""

    def to_json(self) -> dict: ...


class Body(Enum):
    """What an operation's request carries."""

    NONE = "none"
    JSON = "a JSON object"
    TEXT = "text"
    IMAGE = "an image file's bytes"


class Runs(Enum):
    """How the board runs an operation (the engine runs each in turn, in its one process)."""

    HERE = "in a thread of the server"
    AI = "in the one AI process, device by device, its body read at once first"
    ONE_AT_A_TIME = "in a thread of the server, one request at a time"
    DESK = "on the board's match desk (its one session, its scorer)"


@dataclass(frozen=True)
class Operation:
    """One operation: ``name`` (the engine's command), the ``body`` and in a few words what it
    is (``body_what``), the ``options`` type, ``run(body, options)`` -> a typed answer (None:
    it runs on the board's desk, :attr:`Runs.DESK`, ``on_desk(desk, device, body)`` -> a typed
    answer), ``check(body)``: the body checked and read at once, before the operation waits
    for anything, into the typed value that ``run`` then takes instead of the body (None:
    ``run`` takes the body), the board's ``method`` and ``path`` (None: not on the board) and
    how it ``runs`` there, whether the engine offers it, and ``description``, the answer in a
    line (the docs' tables)."""

    name: str
    description: str
    body: Body
    body_what: str
    options: type[Options]
    run: Callable[[object, object], Answer] | None
    method: str | None = "POST"
    path: str | None = None
    engine: bool = False
    runs: Runs = Runs.HERE
    check: Callable[[object], object] | None = None
    on_desk: Callable[[MatchDesk, str, object], Answer] | None = None

    def answer(self, body, options) -> Answer:
        """The body read (``check``, when it has one: once) and run with the typed
        ``options``, in this process (the engine; the board runs a search's in its AI
        process, the value read handed over)."""
        return self.run(body if self.check is None else self.check(body), options)

    def body_words(self) -> str:
        """The body in words, as the engine's refusal and the docs say it."""
        if self.body is Body.JSON:
            return f"a JSON object: {self.body_what}"
        return self.body_what

    def route(self) -> str | None:
        """``METHOD /path`` on the board, or None."""
        return None if self.path is None else f"{self.method} {self.path}"


def _check(body, options: NoOptions) -> Checked:
    return check(body)


def _score(body, options: NoOptions) -> Scored:
    return score_stroke(body)


def _record(body, options: NoOptions) -> RecordView:
    if not isinstance(body, str):
        raise UserInputError(f"body must be the record's JSON Lines as one string, got "
                             f"{type(body).__name__}")
    return record_view(body)


def _review(body, options: NoOptions) -> ReviewDocument:
    return review_request(body)


def _photo(body, options: PhotoOptions) -> PhotoAnswer:
    if not body:
        raise UserInputError("photo: the body is empty: send the photo's JPEG or PNG file",
                             reason="not-an-image")
    return photo_answer(body, options.table, options.corners, refine=options.refine,
                        table_size=options.table_size, ball_diameter=options.ball_diameter)


def _simulate(body, options: SimulateOptions) -> Simulated | NoisyRuns:
    return simulate(body, options)


def _suggest(state: GameState, options: SuggestOptions) -> SuggestAnswer:
    return suggest_answer(state, options)


def _match_status(desk: MatchDesk, device: str, body) -> MatchStatus:
    return desk.status(device)


def _match_start(desk: MatchDesk, device: str, body) -> MatchStatus:
    return desk.start(match_start(body), device)  # its handicap, pair order, breaker first


def _match_line(desk: MatchDesk, device: str, body) -> LineResult:
    return desk.line(body, device)


def _match_scorer(desk: MatchDesk, device: str, body) -> MatchStatus:
    return desk.take_over(device)


def _match_record(desk: MatchDesk, device: str, body) -> MatchRecord:
    return desk.record()


def _match_handover(desk: MatchDesk, device: str, body) -> MatchStatus:
    return desk.answer_handover(body, device)


def _match_list(desk: MatchDesk, device: str, body) -> MatchList:
    return desk.listed()


def _match_open(desk: MatchDesk, device: str, body) -> MatchStatus:
    return desk.open(body, device)


OPERATIONS: dict[str, Operation] = {}


def register(op: Operation) -> Operation:
    """Add ``op`` to :data:`OPERATIONS` (a name or a route taken already is refused)."""
    if op.name in OPERATIONS:
        raise ValueError(f"operation {op.name!r} is registered already")
    if op.path is not None and any(o.route() == op.route() for o in OPERATIONS.values()):
        raise ValueError(f"{op.route()} is served already")
    if (op.on_desk if op.runs is Runs.DESK else op.run) is None:
        raise ValueError(f"operation {op.name!r} has nothing to run it")
    if op.engine and (op.run is None or op.body not in (Body.JSON, Body.TEXT)):
        raise ValueError(f"operation {op.name!r} cannot be an engine command: its body or "
                         "its run is the board's")
    OPERATIONS[op.name] = op
    return op


def engine_operations() -> tuple[Operation, ...]:
    """The operations ``pyramid engine`` offers (its commands), in the table's order."""
    return tuple(op for op in OPERATIONS.values() if op.engine)


def board_operations() -> tuple[Operation, ...]:
    """The operations the board serves, in the table's order."""
    return tuple(op for op in OPERATIONS.values() if op.path is not None)


# in this order: the engine lists its commands so (suggest first, as ever)
for _op in (
    Operation("suggest", "`pyramid suggest --json`'s document with its `line`, each "
              "suggestion's `paths` and `instructions`, and `budget` (how it was searched)",
              Body.JSON, "a game state", SuggestOptions, _suggest, path="/api/suggest",
              engine=True, runs=Runs.AI, check=state_to_suggest),
    Operation("simulate", "`pyramid simulate --json` plus `paths` and `motion`; with `noise` "
              "`{\"noise\", \"seed\", \"runs\"}`", Body.JSON, "a position with its strike",
              SimulateOptions, _simulate, path="/api/simulate", engine=True),
    Operation("score", "`pyramid score --json`'s document", Body.JSON,
              "a game state with its stroke", NoOptions, _score, path=None, engine=True),
    Operation("check", "`{\"ok\": true, \"kind\", \"notes\"}`: the position or state checked",
              Body.JSON, "a position or a game state", NoOptions, _check,
              path="/api/check", engine=True),
    Operation("record", "the record verified, stroke by stroke with re-simulated paths",
              Body.TEXT, "the record's JSON Lines as one string", NoOptions, _record,
              path="/api/record", engine=True),
    Operation("review", "the record's answer with each stroke's analysis and the better "
              "stroke drawn", Body.JSON, "{\"record\": the JSON Lines, \"analysis\": pyramid "
              "analyze --json's document or null}", NoOptions, _review, path="/api/review",
              engine=True),
    Operation("photo", "the position in the photo, its balls settled", Body.IMAGE,
              "a JPEG or PNG file", PhotoOptions, _photo, path="/api/photo",
              runs=Runs.ONE_AT_A_TIME),
    Operation("match_status", "the status of the match on the Match tab", Body.NONE, "",
              NoOptions, None, method="GET", path="/api/match", runs=Runs.DESK, on_desk=_match_status),
    Operation("match_start", "a new match on the Match tab: its status", Body.JSON,
              "players, variant, call_mode, games, target, handicap, pair_order, breaker, "
              "lang, date", NoOptions, None, path="/api/match/start", runs=Runs.DESK,
              on_desk=_match_start),
    Operation("match_line", "what the session printed for the line, whether it was "
              "refused, the new status", Body.JSON, "{\"text\": a line of the notation}",
              NoOptions, None, path="/api/match/line", runs=Runs.DESK, on_desk=_match_line),
    Operation("match_scorer", "this device asks to keep the score (at once when nobody "
              "keeps it or the scorer's page is silent, else the scorer is asked): the status",
              Body.NONE, "", NoOptions, None, path="/api/match/scorer", runs=Runs.DESK,
              on_desk=_match_scorer),
    Operation("match_handover", "the scorer's answer to the device asking for the score: "
              "the status", Body.JSON, "{\"accept\": true or false}", NoOptions, None,
              path="/api/match/handover", runs=Runs.DESK, on_desk=_match_handover),
    Operation("match_list", "the matches kept in the data folder (the latest first) and the "
              "players' names", Body.NONE, "", NoOptions, None, method="GET",
              path="/api/match/list", runs=Runs.DESK, on_desk=_match_list),
    Operation("match_open", "a stored match opened again on the Match tab: its status",
              Body.JSON, "{\"id\": a stored match's id}", NoOptions, None,
              path="/api/match/open", runs=Runs.DESK, on_desk=_match_open),
    Operation("match_record", "the current game's record (JSON Lines) to download",
              Body.NONE, "", NoOptions, None, method="GET", path="/api/match/record",
              runs=Runs.DESK, on_desk=_match_record),
):
    register(_op)

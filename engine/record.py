"""Game records, JSON Lines (docs/FORMATS.md, "A game record").

A stroke line keeps fields beyond the format's own as written (``StrokeRecord.extra``: a
human game's ``entered`` line, ``ruling`` and ``before`` actions, docs/SCOREKEEPING.md); the
seal covers them, and the result line's fields (:mod:`engine.seal`).

Line 1 a header (``"type": "header"``), then one ``"type": "stroke"`` line per stroke, then a
``"type": "result"`` line (``"unfinished": true`` when the game stopped early, and
``"sha256"``, the seal of the record's lines, :mod:`engine.seal`, :func:`record_digest`).
A journal (``pyramid play --record`` while the game is played, :class:`engine.files.Journal`)
is the same lines written one at a time, its header marked ``"journal": true``
(:data:`JOURNAL_KEY`), each stroke line sealed with the lines before it
(:class:`engine.seal.JournalSealer`), and no result line until the game ends (then the whole
record is written again, sealed, without the mark); one a process left behind (``kill -9``)
reads as an interrupted game: its complete lines are read, a torn last line (no ``"\\n"``
after it, not JSON) is left out and named (``GameRecord.torn_line``).
The header's ``"provenance"`` says what the record was made with (:mod:`engine.provenance`;
absent in records written before it, which read and verify as before).
Each stroke line carries the full state before the stroke
(``state_before``), so any stroke can be looked at on its own, and the outcome (events,
final positions, pocketed balls), fouls by rule id, points and scores after.

:func:`replay` re-simulates every stroke through a ``simulate`` callable the caller injects
(the engine never imports the simulator) and compares the resting positions;
:func:`engine.verify.verify_record` checks a whole record (header, numbering, scores, the
rules core's ruling of every stroke, positions, result line, hash) before it is trusted.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from sim.events import Event

from .adjudicate import Adjudication, adjudicate
from .calls import Call
from . import jsonin
from .text import MAX_NAME_CHARS, check_date, check_names
from .errors import MalformedInputError
from .files import read_text, write_atomic
from .geometry import Position
from .jsonin import check_keys
from .recorded import RecordedStrike, StrokeOutcome
from .provenance import HEADER_KEY as PROVENANCE_KEY, Provenance, current as current_provenance
from .seal import (DIGEST_KEY, SEAL_KEY, SEAL_VERSION, JournalSealer, digest, sealed_lines,
                   unsealed)
from .seal import canonical_json  # noqa: F401  (engine.record.canonical_json, as before)
from .state import GameState
from .story import STORY_KEY, Story
from .stroke import StrokeFacts, stroke_from_events
from .version import VERSION

RECORD_VERSION = 1
# versions of the record format this code reads; a line added later (``unfinished``, ``sha256``
# in the result line) is optional, so it did not need a new version
KNOWN_RECORD_VERSIONS = (1,)
# the header field of a journal: a record written as it is played, without its result line
# until the game ends (engine.files.Journal, pyramid play --record)
JOURNAL_KEY = "journal"
# the fields of a result line (docs/FORMATS.md); any other is refused (issue 51: an unknown
# field was shown by the board, outside the seal)
RESULT_LINE_KEYS = ("type", "result", "scores", "strokes", "unfinished", "stopped_by", "before",
                    DIGEST_KEY)


@dataclass(frozen=True)
class StrokeRecord:
    """One stroke line: typed values (issue 53), converted to JSON only by :meth:`to_json`
    and :func:`parse_record` (:mod:`engine.recorded`)."""

    player: int
    state_before: GameState
    call: Call | None
    strike: RecordedStrike | None  # None: a tush, or a person's game (nothing simulated)
    placement: Position | None
    outcome: StrokeOutcome
    fouls: tuple[str, ...]
    points: tuple[int, ...]
    scores_after: tuple[int, ...]
    facts: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)  # line number in the file it was read from
    # fields beyond the ones above, kept as written (a human game's ``entered`` line and
    # ``ruling``; ``before``: the actions between strokes, see engine.special.apply_action)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"type": "stroke", "player": self.player,
                "state_before": self.state_before.to_json(),
                "call": None if self.call is None else self.call.to_json(),
                "strike": None if self.strike is None else self.strike.to_json(),
                "placement": None if self.placement is None else list(self.placement),
                "outcome": self.outcome.to_json(), "fouls": list(self.fouls), "points": list(self.points),
                "scores_after": list(self.scores_after), "facts": list(self.facts),
                **dict(self.extra)}


@dataclass
class GameRecord:
    header: dict
    strokes: list[StrokeRecord] = field(default_factory=list)
    result: dict | None = None
    # where it was read from (0: built in memory) and the hash of its header and stroke lines
    result_lineno: int = field(default=0, compare=False)
    digest: str | None = field(default=None, compare=False)
    # a journal's torn last line (its number: a partial line without "\n", left out), or 0
    torn_line: int = field(default=0, compare=False)
    # each stroke line's own seal as read (a journal's, engine.seal): (line number, its
    # sha256 or None, the seal its header and stroke lines up to it give)
    line_seals: tuple[tuple[int, str | None, str], ...] = field(default=(), compare=False)

    @property
    def is_journal(self) -> bool:
        """A journal (header ``"journal": true``) still without its result line: a game
        interrupted while it was written (``kill -9``), its complete strokes read."""
        return self.result is None and self.header.get(JOURNAL_KEY) is True

    def lines(self) -> list[str]:
        out = [json.dumps(self.header, allow_nan=False)]
        out += [json.dumps(s.to_json(), allow_nan=False) for s in self.strokes]
        if self.result is not None:
            out.append(json.dumps(self.result, allow_nan=False))
        return out


def make_header(state: GameState, players: Sequence[str], seed: int | None = None,
                physics: Mapping[str, Any] | None = None, software_version: str = VERSION,
                provenance: Provenance | None = None, **extra) -> dict:
    """A record's header line.  ``provenance`` (default: this process's,
    :func:`engine.provenance.current`) says what the record is made with: the versions of
    Python, numpy, numba, llvmlite and this package, the commit, the platform; the integrity
    hash covers it with the rest of the header; ``"seal"`` says the seal's version
    (:data:`engine.seal.SEAL_VERSION`: every line sealed)."""
    made_with = current_provenance() if provenance is None else provenance
    return {"type": "header", "version": RECORD_VERSION, "variant": state.variant,
            "call_mode": state.call_mode, "target": state.target, "players": list(players),
            "seed": seed, "table": state.table, "physics": dict(physics or {}),
            "software_version": software_version, PROVENANCE_KEY: made_with.to_json(),
            SEAL_KEY: SEAL_VERSION, "initial_state": state.to_json(), **extra}


def stroke_record(state_before: GameState, facts: StrokeFacts, adj: Adjudication,
                  state_after: GameState, strike: RecordedStrike | None = None,
                  extra: Mapping[str, Any] | None = None) -> StrokeRecord:
    outcome = StrokeOutcome(
        pocketed=tuple(facts.pocketed), off_table=tuple(facts.off_table), final=facts.final,
        first_contact=facts.first_contact, call_fulfilled=facts.call_fulfilled,
        cue_left_house_first=facts.cue_left_house_first, counted=tuple(adj.counted),
        respotted=tuple((b, tuple(p)) for b, p in adj.respotted),
        # a person's word (R9.2), no positions to compare; written only when said
        balls_unchanged=facts.balls_unchanged,
        events=None if facts.events is None else tuple(facts.events))
    return StrokeRecord(
        player=state_before.to_move, state_before=state_before, call=facts.call, strike=strike,
        placement=facts.placement, outcome=outcome, fouls=adj.fouls, points=adj.points,
        scores_after=state_after.scores, facts=tuple(sorted(facts.facts)),
        extra=dict(extra or {}))


def result_line(state: GameState) -> dict:
    return {"type": "result", "result": None if state.result is None else state.result.to_json(),
            "scores": list(state.scores), "strokes": state.strokes_played}


def record_digest(record: GameRecord) -> str:
    """The seal of the record's lines (:mod:`engine.seal`): the ``"sha256"`` of its result
    line.  It finds a record changed after it was written (by hand or by damage); it is not
    a signature -- whoever changes a record can recompute it."""
    return digest(sealed_lines(record.header, [s.to_json() for s in record.strokes],
                               record.result))


def write_record(path: str | Path, record: GameRecord, seal: bool = True) -> None:
    """Write the whole record atomically through the one writer
    (:func:`engine.files.write_atomic`: temporary file + rename, never over a special file or
    a link, else :class:`~engine.files.OutputFileError` naming the path); with ``seal`` the
    result line carries the integrity hash of the lines written (:func:`record_digest`)."""
    write_atomic(path, record_text(record, seal))


def record_text(record: GameRecord, seal: bool = True) -> str:
    """The record's file text, exactly as :func:`write_record` writes it (for a writer in
    another process: a tournament's worker hands it to the parent); with ``seal`` the result
    line first gets the integrity hash (:func:`record_digest`)."""
    if seal and record.result is not None:
        record.result = {**unsealed(record.result), DIGEST_KEY: record_digest(record)}
    return "\n".join(record.lines()) + "\n"


_STROKE_KEYS = ("type", "player", "state_before", "call", "strike", "placement", "outcome",
                "fouls", "points", "scores_after", "facts")


def _stroke_from_json(obj: dict, lineno: int) -> StrokeRecord:
    try:
        for key in ("player", "state_before", "outcome", "points", "scores_after"):
            if key not in obj:
                raise MalformedInputError(f"line {lineno}.{key}", None, "is missing")
        player = obj["player"]
        if not isinstance(player, int) or isinstance(player, bool):
            raise MalformedInputError(f"line {lineno}.player", player, "must be an integer")
        for key in ("points", "scores_after"):
            v = obj[key]
            if not isinstance(v, list) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise MalformedInputError(f"line {lineno}.{key}", v,
                                          "must be a list of integers")
        for key in ("fouls", "facts"):
            v = obj.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise MalformedInputError(f"line {lineno}.{key}", v, "must be a list of strings")
        for key in ("call", "strike"):
            if obj.get(key) is not None and not isinstance(obj[key], dict):
                raise MalformedInputError(f"line {lineno}.{key}", obj[key],
                                          "must be an object or null")
        call = None if obj.get("call") is None else Call.from_json(obj["call"],
                                                                   f"line {lineno}.call")
        strike = None if obj.get("strike") is None else RecordedStrike.from_json(
            obj["strike"], f"line {lineno}.strike")
        outcome = StrokeOutcome.from_json(obj["outcome"], f"line {lineno}.outcome")
        if obj.get(STORY_KEY) is not None:  # optional (issue 27): refused when malformed
            Story.from_json(obj[STORY_KEY], f"line {lineno}.{STORY_KEY}")
        placement = obj.get("placement")
        return StrokeRecord(
            player=int(obj["player"]), state_before=GameState.from_json(obj["state_before"]),
            call=call, strike=strike,
            placement=None if placement is None else (float(placement[0]), float(placement[1])),
            outcome=outcome, fouls=tuple(obj.get("fouls", [])),
            points=tuple(obj["points"]), scores_after=tuple(obj["scores_after"]),
            facts=tuple(obj.get("facts", [])), line=lineno,
            extra={k: v for k, v in obj.items() if k not in _STROKE_KEYS})
    except MalformedInputError as exc:
        if exc.field.startswith(f"line {lineno}"):
            raise
        raise MalformedInputError(f"line {lineno}: {exc.field}", exc.value) from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise MalformedInputError(f"line {lineno}", obj, f"is not a stroke line: {exc!r}") \
            from None


def _check_header_text(header: dict, lineno: int) -> None:
    """The header's names and date (:mod:`engine.text`): ``players``, one a side (a pair
    ``"B & C"``, a program's spec: any length), a human game's ``people`` (the names as
    entered) and ``date``; refused naming the line and the field."""
    where = f"line {lineno}: header"
    for key, strict in (("players", False), ("people", True)):
        names = header.get(key)
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            # a side's name of a program (players: "B & C", an agent's spec) is not a person's
            check_names(names, f"{where}.{key}", max_chars=MAX_NAME_CHARS if strict else None,
                        unique=strict, strict=strict)
        # other types are refused by engine.verify, naming the field
    if header.get("date") is not None:
        check_date(header["date"], f"{where}.date")


def record_lines(text: str) -> list[str]:
    """The lines of a record's text: split at "\\n" only (a "\\r" before it is JSON
    whitespace).  Not ``str.splitlines``, which also splits at U+2028, U+0085 and the like:
    JSON allows them raw inside a string, so a line would be cut there and the lines after it
    misnumbered, and two lines joined by one would be read as two."""
    return text.split("\n")


def read_record(path: str | Path) -> GameRecord:
    """Read a record through the one reader (:func:`engine.files.read_text`: a regular file,
    at most :data:`engine.jsonin.MAX_DOCUMENT_BYTES` bytes, else
    :class:`~engine.files.InputFileError` naming the path); a malformed line is refused with
    its line number."""
    return parse_record(read_text(path))


def parse_record(lines: str | Sequence[str]) -> GameRecord:
    """A record from its text (split by :func:`record_lines`) or its lines; a malformed line
    is refused with its line number.  A journal's text (header ``"journal": true``) may end
    with a torn line -- the last, without ``"\\n"``, not JSON: the line in flight when the
    writer was killed --: it is left out and its number kept (``torn_line``); anywhere else,
    or in any other record, such a line is refused as before."""
    torn = 0
    if isinstance(lines, str):
        text = lines
        lines = record_lines(text)
        if len(lines) > 1 and lines[-1].strip() and _is_torn(lines[-1]) \
                and _journal_header(lines):
            torn = len(lines)
            lines = lines[:-1]
    header = None
    strokes: list[StrokeRecord] = []
    result = None
    result_lineno = 0
    hashed: list[dict] = []  # the stroke lines as read (without their own seal)
    seals: list[tuple[int, str | None, str]] = []
    sealer = None
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        obj = jsonin.loads(line, source=f"line {lineno}")
        if not isinstance(obj, dict) or "type" not in obj:
            raise MalformedInputError(f"line {lineno}", line[:60], "has no \"type\"")
        kind = obj["type"]
        if header is None:
            if kind != "header":
                raise MalformedInputError(f"line {lineno}", kind, "must be the header")
            _check_header_text(obj, lineno)
            header = obj
            sealer = JournalSealer(obj)
        elif result is not None:
            raise MalformedInputError(f"line {lineno}", kind, "follows the result line")
        elif kind == "header":
            raise MalformedInputError(f"line {lineno}.type", kind,
                                      "is a second header: one game record a file")
        elif kind == "stroke":
            line = unsealed(obj)  # a journal's line carries its own seal
            strokes.append(_stroke_from_json(line, lineno))
            hashed.append(line)
            seals.append((lineno, obj.get(DIGEST_KEY), sealer.seal(line)))
        elif kind == "result":
            check_keys(obj, RESULT_LINE_KEYS, f"line {lineno}")
            result, result_lineno = obj, lineno
        else:
            raise MalformedInputError(f"line {lineno}.type", kind,
                                      "must be header, stroke or result")
    if header is None:
        raise MalformedInputError("record", "", "is empty: no header line")
    return GameRecord(header, strokes, result, result_lineno=result_lineno,
                      digest=digest(sealed_lines(header, hashed, result)), torn_line=torn,
                      line_seals=tuple(seals))


def _is_torn(line: str) -> bool:
    """A last line cut in the middle: not a JSON document."""
    try:
        jsonin.loads(line, source="line")
    except MalformedInputError:
        return True
    return False


def _journal_header(lines: Sequence[str]) -> bool:
    """Whether the first non-blank line is a journal's header."""
    for line in lines[:-1]:
        if line.strip():
            try:
                obj = jsonin.loads(line, source="line 1")
            except MalformedInputError:
                return False
            return isinstance(obj, dict) and obj.get("type") == "header" \
                and obj.get(JOURNAL_KEY) is True
    return False


@dataclass(frozen=True)
class ReplayMismatch:
    stroke_index: int
    what: str


SimulateFn = Callable[[GameState, RecordedStrike, "Position | None"],
                      tuple[Sequence[Event], Mapping[str, "Position | None"]]]


def replay(record: GameRecord, simulate: SimulateFn, tolerance_m: float = 1e-6
           ) -> list[ReplayMismatch]:
    """Re-simulate every stroke and compare: resting positions within ``tolerance_m`` of the
    recorded ones, and the rules core's scores after, points and fouls of each stroke equal
    to the recorded ones (:func:`engine.verify.verify_record` checks a whole record).
    ``simulate(state_before, strike, placement)`` returns ``(events, final)``; it is injected
    so the engine never imports the simulator.  Returns the mismatches (empty: exact replay).
    Strokes with no ``strike`` (a person's description) are re-adjudicated only."""
    out: list[ReplayMismatch] = []
    for i, s in enumerate(record.strokes):
        recorded_final = {b: (None if p is None else (float(p[0]), float(p[1])))
                          for b, p in s.outcome.final.items()}
        if s.strike is not None:
            events, final = simulate(s.state_before, s.strike, s.placement)
            for b in set(recorded_final) | set(final):
                p, q = recorded_final.get(b), final.get(b)
                if (p is None) != (q is None) or (p is not None and math.dist(p, q) > tolerance_m):
                    out.append(ReplayMismatch(i, f"ball {b}: recorded {p}, replayed {q}"))
            facts = stroke_from_events(events, final, call=s.call,
                                       facts=[f for f in s.facts],
                                       off_table=s.outcome.off_table,
                                       placement=s.placement, state=s.state_before)
            adj = adjudicate(s.state_before, facts)
            for name, recorded, replayed in (
                    ("scores", s.scores_after, adj.state.scores),
                    ("points", s.points, adj.adjudication.points),
                    ("fouls", s.fouls, adj.adjudication.fouls)):
                if tuple(replayed) != tuple(recorded):
                    out.append(ReplayMismatch(i, f"{name}: recorded {list(recorded)}, "
                                                 f"replayed {list(replayed)}"))
        if i + 1 < len(record.strokes):
            nxt = record.strokes[i + 1].state_before
            if tuple(nxt.scores) != tuple(s.scores_after):
                out.append(ReplayMismatch(i, "the next stroke's state does not follow on"))
    return out

"""The match desk's answers as typed values (issue 53, done when: the application layer
returns typed values), turned into the board's JSON by ``to_json`` at the edge:

* :class:`MatchStatus` -- ``GET /api/match``'s status (``{"active": false}`` with no match);
* :class:`LineResult` -- what a line of the notation did, with the new status;
* :class:`MatchRecord` -- the current game's record (JSON Lines), a file to download.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.kinds import Variant
from engine.notation import line_in_every_language
from engine.outcome import GameOutcome

from ...scorekeeping import Session, game_path
from ...scorekeeping.settings import Settings


@dataclass(frozen=True)
class Handover:
    """The score asked for by another device (issue 54): for the scorer, who ``asked_by``;
    for a device, whether it is ``asking`` and whether its last asking was ``refused``."""

    asked_by: str | None = None
    asking: bool = False
    refused: bool = False

    def to_json(self) -> dict:
        return {"asked_by": self.asked_by, "asking": self.asking, "refused": self.refused}


@dataclass(frozen=True)
class StrokeLine:
    """A stroke of the game as the list shows it: the ``side`` that played, its typed line,
    each side's ``points`` from it, whether it was a ``foul``, the ``scores`` after it."""

    side: int
    text: str
    points: tuple[int, ...]
    foul: bool
    scores: tuple[int, ...]

    def to_json(self) -> dict:
        return {"side": self.side, "text": self.text, "points": list(self.points),
                "foul": self.foul, "scores": list(self.scores),
                "words": line_in_every_language(self.text)}


@dataclass(frozen=True)
class SideStats:
    """A side's game so far: its ``fouls``, its best ``best_run`` and current ``run`` (the
    points of its strokes in a row that scored, R6: a scoring stroke plays on)."""

    fouls: int = 0
    best_run: int = 0
    run: int = 0

    def to_json(self) -> dict:
        return {"fouls": self.fouls, "best_run": self.best_run, "run": self.run}


def stroke_lines(s: Session) -> tuple[StrokeLine, ...]:
    """The current game's strokes, each with who played it and what it gave."""
    out = []
    for e in s.strokes:
        adj = e.outcome.adjudication
        out.append(StrokeLine(adj.shooter, e.text, tuple(adj.points), bool(adj.fouls),
                              tuple(e.outcome.state.scores)))
    return tuple(out)


def side_stats(lines: tuple[StrokeLine, ...], n_sides: int) -> tuple[SideStats, ...]:
    """Each side's fouls and runs over ``lines``."""
    fouls, best, run = [0] * n_sides, [0] * n_sides, [0] * n_sides
    for ln in lines:
        gained = ln.points[ln.side]
        for k in range(n_sides):
            if k != ln.side:
                run[k] = 0
        run[ln.side] = run[ln.side] + gained if gained > 0 and not ln.foul else 0
        best[ln.side] = max(best[ln.side], run[ln.side])
        fouls[ln.side] += ln.foul
    return tuple(SideStats(f, b, r) for f, b, r in zip(fouls, best, run))


@dataclass(frozen=True)
class MatchStatus:
    """A match's status as the Match tab shows it: ``active`` False (no match started, every
    other field empty) or the session's people, sides (one against a pair: the pair is one),
    scores, side ``to_move`` and the name of who plays ``next`` (None once the game is over),
    the cue ball in hand, the object balls on the table, the game's number of ``games``, its
    ``result`` once over, the warning (R11.8), the unchanged-foul streak (R9.2), the strokes
    still without a call (R10.1), the ``strokes`` entered (in the JSON also
    ``strokes_words``, each said in every language, issue 54), the terminal's ``status_text``,
    the session's ``lang``, its ``scorer`` and its ``record`` file; for a device that asks
    (``you_score`` not None) the ``settings`` it was started with (the record header's
    ``session``) and whether that device keeps the score (``you_score``).  Issue 54: the
    ``last`` line's printed ruling, the strokes with who played them (``lines``) and each
    side's fouls and runs (``stats``), the ``handover`` asked, the stored match's ``id``."""

    active: bool
    people: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    to_move: int = 0
    next: str | None = None
    cue_in_hand: bool = False
    balls: tuple[str, ...] = ()
    game: int = 0
    games: int = 0
    result: GameOutcome | None = None
    warning: bool = False
    unchanged_foul_streak: tuple[int, ...] = ()
    no_call_strokes_left: int = 0
    strokes: tuple[str, ...] = ()
    status_text: str = ""
    lang: str = ""
    scorer: str | None = None
    record: str | None = None
    settings: Settings | None = None
    you_score: bool | None = None
    last: tuple[str, ...] = ()
    lines: tuple[StrokeLine, ...] = ()
    stats: tuple[SideStats, ...] = ()
    handover: Handover = Handover()
    match_id: str | None = None

    @classmethod
    def of(cls, s: Session | None, scorer: str | None,
           device: str | None = None, last: tuple[str, ...] = (),
           handover: Handover = Handover(), match_id: str | None = None) -> "MatchStatus":
        """The status of session ``s`` (None: no match) kept by ``scorer``, as ``device`` sees
        it (None: no device's view: neither ``settings`` nor ``you_score``)."""
        if s is None:
            return cls(False)
        lines = stroke_lines(s)
        st = s.state
        sides = (s.s.people if st.variant != Variant.ONE_VS_PAIR
                 else [s.s.people[0], f"{s.s.people[1]} & {s.s.people[2]}"])
        return cls(
            True, tuple(s.s.people), tuple(sides), tuple(st.scores), st.to_move,
            None if st.game_over else s.name(st.to_move), st.cue_in_hand,
            tuple(st.object_balls), s.game_no, s.s.games, st.result, st.warning,
            tuple(st.unchanged_foul_streak), st.no_call_strokes_left,
            tuple(e.text for e in s.strokes), s.status(), s.s.lang, scorer,
            None if s.base is None else str(game_path(s.base, s.game_no)),
            None if device is None else s.s,
            None if device is None else scorer in (None, device),
            tuple(last), lines, side_stats(lines, st.n_sides), handover, match_id)

    def to_json(self) -> dict:
        """``GET /api/match``'s JSON (``session`` and ``you_score`` for a device's view)."""
        if not self.active:
            return {"active": False}
        out = {
            "active": True, "people": list(self.people), "sides": list(self.sides),
            "scores": list(self.scores), "to_move": self.to_move, "next": self.next,
            "cue_in_hand": self.cue_in_hand, "balls": list(self.balls),
            "game": self.game, "games": self.games,
            "result": None if self.result is None else self.result.to_json(),
            "warning": self.warning, "unchanged_foul_streak": list(self.unchanged_foul_streak),
            "no_call_strokes_left": self.no_call_strokes_left,
            "strokes": list(self.strokes),
            "strokes_words": [line_in_every_language(t) for t in self.strokes],
            "status_text": self.status_text,
            "lang": self.lang, "scorer": self.scorer, "record": self.record,
            "last": list(self.last), "lines": [ln.to_json() for ln in self.lines],
            "stats": [x.to_json() for x in self.stats], "handover": self.handover.to_json(),
            "id": self.match_id,
        }
        if self.you_score is not None and self.settings is not None:
            out.update(session=self.settings.to_json(), you_score=self.you_score)
        return out


@dataclass(frozen=True)
class LineResult:
    """A line of the notation entered: what the session ``printed``, whether the line was
    ``refused``, and the match's ``status`` after it."""

    printed: tuple[str, ...]
    refused: bool
    status: MatchStatus

    def to_json(self) -> dict:
        return {"printed": list(self.printed), "refused": self.refused,
                "status": self.status.to_json()}


@dataclass(frozen=True)
class MatchRecord:
    """The current game's record, its JSON Lines ``text``: a file to download."""

    text: str
    MEDIA_TYPE: ClassVar[str] = "application/x-ndjson; charset=utf-8"
    FILENAME: ClassVar[str] = "match.jsonl"

    def to_json(self) -> dict:
        """The record as JSON (``{"record": its JSON Lines}``); the board sends the file."""
        return {"record": self.text}


__all__ = ["Handover", "LineResult", "MatchRecord", "MatchStatus", "SideStats", "StrokeLine",
           "side_stats", "stroke_lines"]

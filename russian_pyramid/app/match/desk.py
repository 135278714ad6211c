"""The match desk: one scorekeeping session of a real match kept by several devices -- the
board's "Match" tab (issue 11 item 3; its routes in :mod:`russian_pyramid.board.match`) -- the
same session as ``pyramid score --session``'s (:mod:`russian_pyramid.scorekeeping`), writing
the same game record.

* :meth:`MatchDesk.start` (``POST /api/match/start`` ``{"players": [...], "variant",
  "call_mode", "games", "target", "handicap", "pair_order", "breaker", "lang", "date"}``): a
  new session, every field checked by the session's own
  :func:`russian_pyramid.scorekeeping.settings.start_settings`, as the terminal session's (the
  record is written to ``pyramid board --match-record FILE`` when given and free, else to
  the user's data folder, :mod:`.store`);
* :meth:`MatchDesk.line` (``POST /api/match/line`` ``{"text": "7 FL"}``): one line of the
  notation (docs/SCOREKEEPING.md), exactly as typed in the terminal session; the answer has
  what the session printed, whether the line was refused, and the new status;
* :meth:`MatchDesk.status` (``GET /api/match``) and :meth:`MatchDesk.record` (``GET
  /api/match/record``, the current game's record, JSON Lines).

Each answers a typed value (:mod:`.answers`: :class:`MatchStatus`, :class:`LineResult`,
:class:`MatchRecord`), turned into JSON by its ``to_json`` at the board's edge.

Nothing is lost (issue 54 item 3): without ``--match-record`` every match is written to the
user's data folder (:mod:`.store`), a new match started while one runs leaves the old one
there (:meth:`MatchDesk.listed`, :meth:`MatchDesk.open` to go back to it), the names are
remembered; the score passes to another device only when its scorer accepts
(:meth:`MatchDesk.take_over`, :meth:`MatchDesk.answer_handover`), or when the scorer's page
has not been heard from for :data:`SCORER_SILENT_S` (its screen off, the phone gone).

A desk opened on a record that holds a match (a board killed, the computer restarted) goes on
with it (the data folder's ``current`` match, or ``--match-record``'s): the session of its latest game's file, as ``pyramid score --resume`` reads it
(verified first; a file that is not a session's record is refused), so nothing entered is
lost.  Nobody keeps its score until a device enters a line or takes it over: every device's
keys are on until then.
"""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Callable

from engine import files
from engine.errors import EngineError, excerpt

from ...errors import UserInputError
from ...scorekeeping import Session, game_path
from ...scorekeeping.settings import start_settings
from ..limits import MAX_TYPED_LINE_CHARS as MAX_LINE_CHARS
from ..match_start import MatchStart
from .answers import Handover, LineResult, MatchRecord, MatchStatus
from .store import MatchList, MatchStore, stored_match


def _field(name: str) -> str:
    """A start field as the body names it (the terminal says ``--players``, this ``players``)."""
    return name


def latest_game(base: Path) -> Path:
    """The latest game's file of the match whose first game's record is ``base`` (game k > 1
    is ``base.gameK.jsonl``, :func:`russian_pyramid.scorekeeping.settings.game_path`)."""
    k = 1
    while game_path(base, k + 1).exists():
        k += 1
    return game_path(base, k)


# The id of ``pyramid board --match-record FILE``'s match in the list: not a stored match's
# (those are named by the time, store.MATCH_ID), so the two never meet
RECORD_ID = "match-record"
THIS_COMPUTER = "127.0.0.1"  # the device of a desk used without the network (the tests, a script)
# a scorer's page asks for the status every 2 s (static/match.js, MATCH_POLL_MS) while a match
# runs; one not heard from for this long (15 polls: its screen off, the phone gone) is not
# asked before the score passes to another device
SCORER_SILENT_S = 30.0


class ScorerElsewhere(Exception):
    """Another device keeps this match's score: HTTP 409 (one scorer at a time; the others
    watch, and one takes the score over only by asking, ``POST /api/match/scorer``)."""

    def __init__(self, scorer: str) -> None:
        super().__init__(f"the score is kept on another device ({scorer}): take it over "
                         "first (POST /api/match/scorer), or watch")
        self.scorer = scorer


class MatchDesk:
    """The scorekeeping desk: one session at a time, its printed lines kept, and
    its one scorer (the device that started it, or took it over); every other device
    watches.  The matches are kept in ``store`` (the data folder, :mod:`.store`)."""

    def __init__(self, record_path: str | Path | None = None, resume: bool = True,
                 store: MatchStore | None = None,
                 clock: Callable[[], float] = time.monotonic):
        """``resume``: go on with the match already in ``record_path`` (a board killed and
        started again; a file that holds no session's match is refused) or, without it, with
        the data folder's current match; False (``--force``): start afresh, the file replaced
        when the first match starts.  ``clock``: seconds, for the scorer's silence."""
        self.record_path = None if record_path is None else Path(record_path)
        self.store = store or MatchStore()
        self.clock = clock
        self.session: Session | None = None
        self.out: list[str] = []
        self.last: tuple[str, ...] = ()  # what the last line taken printed (its ruling)
        self.scorer: str | None = None
        self.heard: dict[str, float] = {}  # device -> when it last asked (the clock's)
        self.asking: str | None = None  # the device asking the scorer for the score
        self.refused: set[str] = set()  # devices whose asking the scorer refused
        self.lock = threading.Lock()
        # --match-record FILE takes the first match when it holds none (or --force)
        self._record_free = self.record_path is not None and not (
            resume and self.record_path.exists())
        if resume and self.record_path is not None and self.record_path.exists():
            self.session = Session.resume(latest_game(self.record_path), None,
                                          out=self.out.append, flag="--match-record")
        elif resume and self.record_path is None and (base := self.store.current()):
            try:
                self.session = Session.resume(latest_game(base), None, out=self.out.append,
                                              flag="the data folder's match")
            except UserInputError as exc:  # the board starts; the file stays, listed
                print(f"pyramid board: {exc}", file=sys.stderr)
        if self.session is not None:  # a restarted board shows the last ruling again
            self.last = self.session.last_ruling()

    def _check_scorer(self, device: str) -> None:
        if self.session is not None and self.scorer not in (None, device):
            raise ScorerElsewhere(self.scorer)

    def _hear(self, device: str) -> None:
        self.heard[device] = self.clock()

    def _silent(self, device: str) -> bool:
        heard = self.heard.get(device)
        return heard is None or self.clock() - heard > SCORER_SILENT_S

    def take_over(self, device: str) -> MatchStatus:
        """``POST /api/match/scorer``: ``device`` asks to keep the score; it does at once when
        nobody keeps it or the scorer's page is silent (:data:`SCORER_SILENT_S`), else the
        scorer is asked (its status says ``handover_asked_by``; :meth:`answer_handover`)."""
        with self.lock:
            self._session()
            self._hear(device)
            self.refused.discard(device)
            if self.scorer in (None, device) or self._silent(self.scorer):
                self.scorer, self.asking = device, None
            else:
                self.asking = device
        return self.status(device)

    def answer_handover(self, doc, device: str) -> MatchStatus:
        """``POST /api/match/handover`` ``{"accept": true|false}``: the scorer's answer to the
        device asking for the score."""
        if not isinstance(doc, dict) or set(doc) != {"accept"} \
                or not isinstance(doc["accept"], bool):
            raise UserInputError(f"the body must be {{\"accept\": true or false}}, got "
                                 f"{excerpt(doc)}", field="accept")
        with self.lock:
            self._session()
            self._check_scorer(device)
            if self.asking is None:
                raise UserInputError("no device is asking for the score", field="accept")
            if doc["accept"]:
                self.scorer = self.asking
            else:
                self.refused.add(self.asking)
            self.asking = None
        return self.status(device)

    def _begin(self, session: Session, out: list[str], device: str) -> None:
        """``session`` is the desk's now, kept by ``device``; the one before stays stored."""
        self.session, self.out, self.scorer = session, out, device
        self.asking, self.refused, self.last = None, set(), session.last_ruling()
        self.store.set_current(session.base)

    def start(self, doc, device: str = THIS_COMPUTER) -> MatchStatus:
        """``POST /api/match/start``: the body's fields (a :class:`MatchStart`, or the body's
        JSON object) handed to the session's own checks
        (:func:`russian_pyramid.scorekeeping.settings.start_settings`, refusals naming the field and
        the value); a breaker given as a side is its player's name (the board's api did that,
        :func:`russian_pyramid.app.match_start.match_start`).  The match that ran stays in
        its files (the data folder's, or ``--match-record``'s)."""
        terms = MatchStart.of(doc)
        breaker = terms.breaker
        if breaker is not None and not isinstance(breaker, str):
            raise UserInputError(f"breaker = {excerpt(breaker)} must be a player's name")
        settings = start_settings(
            terms.players, variant=terms.variant, call_mode=terms.call_mode,
            games=terms.games, target=terms.target, handicap=terms.handicap,
            pair_order=terms.pair_order, breaker=breaker, lang=terms.lang, date=terms.date,
            field=_field)
        try:
            with self.lock:
                self._check_scorer(device)  # a running match is replaced by its scorer only
                self._hear(device)
                base = self.record_path if self._record_free else self.store.new_base()
                try:
                    self.store.remember(settings.people)
                except files.OutputFileError:  # only a help to the form: the match goes on
                    pass
                out: list[str] = []
                session = Session(settings, base, out=out.append)
                session.save()
                self._record_free = False
                self._begin(session, out, device)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        return self.status(device)

    def open(self, doc, device: str = THIS_COMPUTER) -> MatchStatus:
        """``POST /api/match/open`` ``{"id": a stored match's id}``: that match is the desk's
        again (its record verified first), kept by ``device``; the one that ran stays
        stored."""
        if not isinstance(doc, dict) or set(doc) != {"id"}:
            raise UserInputError(f"the body must be {{\"id\": a stored match's id}}, got "
                                 f"{excerpt(doc)}", field="id")
        record = self._record_match()
        base = record if record is not None and doc["id"] == RECORD_ID \
            else self.store.base_of(doc["id"])
        with self.lock:
            self._check_scorer(device)
            self._hear(device)
            out: list[str] = []
            session = Session.resume(latest_game(base), None, out=out.append,
                                     flag=f"id {doc['id']}")
            self._begin(session, out, device)
        return self.status(device)

    def _record_match(self) -> Path | None:
        """``--match-record``'s file when it holds the match this board keeps or kept (not a
        file ``--force`` is about to replace): listed, and opened by :data:`RECORD_ID`."""
        if self.record_path is None or self._record_free or not self.record_path.is_file():
            return None
        return self.record_path

    def listed(self) -> MatchList:
        """``GET /api/match/list``: the stored matches and the players' names; the match of
        ``--match-record`` first (its file is outside the data folder), as :data:`RECORD_ID`."""
        with self.lock:
            base = None if self.session is None else self.session.base
            record = self._record_match()
        kept = self.store.listed(base)
        if record is None:
            return kept
        first = stored_match(RECORD_ID, latest_game(record), record == base)
        return MatchList((first, *kept.matches), kept.players, kept.folder)

    def line(self, doc, device: str = THIS_COMPUTER) -> LineResult:
        """``POST /api/match/line``: ``{"text": a line of the notation}`` as the terminal
        session takes it, entered by ``device`` (the scorer, or the first to enter on a
        resumed match)."""
        unknown = [k for k in doc if k != "text"] if isinstance(doc, dict) else []
        if unknown:
            raise UserInputError(f"unknown field {excerpt(unknown[0])} in the line: it takes "
                                 "text only", field=unknown[0][:100])
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str) \
                or len(doc["text"]) > MAX_LINE_CHARS or not doc["text"].strip() \
                or not doc["text"].replace("\n", " ").isprintable():
            raise UserInputError(f"the body must be {{\"text\": a line of the notation, "
                                 f"printable, at most {MAX_LINE_CHARS} characters}} (text = "
                                 f"{excerpt(doc.get('text') if isinstance(doc, dict) else doc)})",
                                 field="text")
        with self.lock:
            s = self._session()
            self._check_scorer(device)
            self._hear(device)
            self.scorer = self.scorer or device  # a resumed match: the first to enter keeps it
            start, refusals = len(self.out), s.refusals
            s.handle(doc["text"].replace("\n", " "))
            printed = tuple(self.out[start:])
            refused = s.refusals > refusals
            if not refused:
                self.last = printed
        return LineResult(printed, refused, self.status(device))

    def record_text(self) -> str:
        with self.lock:
            return self._session().record_text()

    def _session(self) -> Session:
        if self.session is None:
            raise UserInputError("no match has been started (POST /api/match/start)")
        return self.session

    def record(self) -> MatchRecord:
        """``GET /api/match/record``: the current game's record, a file to download."""
        return MatchRecord(self.record_text())

    def status(self, device: str | None = None) -> MatchStatus:
        """``GET /api/match``: the match's status, as ``device`` sees it (whether it keeps the
        score, and the session's settings; None: no device's view); the scorer's asks also
        say it is there (:data:`SCORER_SILENT_S`)."""
        if device is not None:
            self._hear(device)
        handover = Handover(
            asked_by=self.asking if device is not None and device == self.scorer else None,
            asking=device is not None and device == self.asking,
            refused=device is not None and device in self.refused)
        return MatchStatus.of(self.session, self.scorer, device, last=self.last,
                              handover=handover,
                              match_id=None if self.session is None
                              else self.store.id_of(self.session.base))

"""The board's "Match" tab (issue 11, item 3): the scorekeeping session of ``pyramid score
--session`` behind three endpoints, so a tablet's buttons keep score of a real match and
write the same game record.

* ``GET /api/match``: the session's status (or ``{"active": false}``);
* ``POST /api/match/start`` ``{"players": [...], "variant", "call_mode", "games", "target",
  "handicap", "pair_order", "breaker", "lang", "date"}``: a new session, its names, date,
  games and target checked by :mod:`engine.text` as the terminal session's (the record is
  written to ``pyramid board --match-record FILE`` when given, else kept in memory);
* ``POST /api/match/line`` ``{"text": "7 FL"}``: one line of the notation
  (docs/SCOREKEEPING.md), exactly as typed in the terminal session; the answer has what the
  session printed, whether the line was refused, and the new status;
* ``GET /api/match/record``: the current game's record (JSON Lines) to download.
"""
from __future__ import annotations

import datetime as _dt
import threading
from pathlib import Path

from engine.errors import EngineError, excerpt
from engine.handicap import handicap_from_json
from engine.state import ONE_VS_PAIR, THREE_EACH, TWO_PLAYER, VARIANTS
from engine.text import MAX_GAMES, MAX_NAME_CHARS, MAX_TARGET, check_date, check_int, check_names

from ..errors import UserInputError
from ..scorekeeping import Session, Settings, game_path

MAX_LINE_CHARS = 200


class MatchDesk:
    def __init__(self, record_path: str | Path | None = None):
        self.record_path = None if record_path is None else Path(record_path)
        self.session: Session | None = None
        self.out: list[str] = []
        self.lock = threading.Lock()

    def start(self, doc) -> dict:
        if not isinstance(doc, dict):
            raise UserInputError("the body must be a JSON object {players, ...}")
        people = doc.get("players")
        if not isinstance(people, list):
            raise UserInputError(f"players = {excerpt(people)} must be a list of names (1 to "
                                 f"{MAX_NAME_CHARS} characters)")
        try:  # engine.text: one line of printable text, at most MAX_NAME_CHARS; a real date
            people = check_names(people, "players")
            date = _dt.date.today().isoformat() if doc.get("date") is None \
                else check_date(doc["date"], "date")
            for name, hi in (("games", MAX_GAMES), ("target", MAX_TARGET)):
                if doc.get(name) is not None:
                    check_int(doc[name], name, 1, hi)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        variant = doc.get("variant") or (TWO_PLAYER if len(people) == 2 else THREE_EACH)
        if variant not in VARIANTS:
            raise UserInputError(f"variant must be one of {', '.join(VARIANTS)}")
        need = 2 if variant == TWO_PLAYER else 3
        if len(people) != need or len(set(people)) != need:
            raise UserInputError(f"variant {variant} needs {need} different names")
        games = doc.get("games")
        games = 1 if games is None else games
        target = doc.get("target")
        call_mode = doc.get("call_mode", "exact")
        if call_mode not in ("exact", "ball-and-pocket"):
            raise UserInputError("call_mode must be exact or ball-and-pocket")
        lang = doc.get("lang", "ru")
        if lang not in ("ru", "en"):
            raise UserInputError("lang must be ru or en")
        pair_order = doc.get("pair_order")
        if pair_order not in (None, "while-scoring", "alternate") or \
                (pair_order and variant != ONE_VS_PAIR):
            raise UserInputError("pair_order (one-vs-pair only) must be while-scoring or "
                                 "alternate")
        handicap = doc.get("handicap")
        breaker = doc.get("breaker") or people[0]
        if breaker not in people:
            raise UserInputError("breaker must be one of the players")
        try:
            if handicap is not None:
                handicap = handicap_from_json(handicap).to_json()
            settings = Settings(people=people, variant=variant, call_mode=call_mode,
                                target=target, games=games, handicap=handicap,
                                pair_order=pair_order, breaker=people.index(breaker),
                                lang=lang, date=date)
            with self.lock:
                out: list[str] = []
                session = Session(settings, self.record_path, out=out.append)
                session.save()
                self.session, self.out = session, out
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        return self.status()

    def line(self, doc) -> dict:
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str) \
                or len(doc["text"]) > MAX_LINE_CHARS:
            raise UserInputError(f"the body must be {{\"text\": a line of the notation, at most "
                                 f"{MAX_LINE_CHARS} characters}}")
        with self.lock:
            s = self._session()
            start, refusals = len(self.out), s.refusals
            s.handle(doc["text"].replace("\n", " "))
            printed = self.out[start:]
            refused = s.refusals > refusals
        return {"printed": printed, "refused": refused, "status": self.status()}

    def record_text(self) -> str:
        with self.lock:
            return self._session().record_text()

    def _session(self) -> Session:
        if self.session is None:
            raise UserInputError("no match has been started (POST /api/match/start)")
        return self.session

    def status(self) -> dict:
        s = self.session
        if s is None:
            return {"active": False}
        st = s.state
        names = (s.s.people if st.variant != ONE_VS_PAIR
                 else [s.s.people[0], f"{s.s.people[1]} & {s.s.people[2]}"])
        return {
            "active": True, "people": list(s.s.people), "sides": names,
            "scores": list(st.scores), "to_move": st.to_move,
            "next": None if st.game_over else s.name(st.to_move),
            "cue_in_hand": st.cue_in_hand, "balls": st.object_balls,
            "game": s.game_no, "games": s.s.games, "result": st.result,
            "warning": st.warning, "unchanged_foul_streak": list(st.unchanged_foul_streak),
            "no_call_strokes_left": st.no_call_strokes_left,
            "strokes": [e.text for e in s.strokes], "status_text": s.status(),
            "lang": s.s.lang,
            "record": None if s.base is None else str(game_path(s.base, s.game_no)),
        }

"""The matches the board keeps (issue 54 item 3, a match nothing can lose): every match the
board starts is written, line by line, to the user's data folder (unless ``pyramid board
--match-record FILE`` names its file), listed, and can be opened again; the players' names
are remembered for the start form.

The data folder (:func:`data_folder`), as the XDG base directories have it::

    $XDG_DATA_HOME/russian-pyramid/          (~/.local/share/russian-pyramid/ by default)
        matches/
            2026-12-07-105322.jsonl          a match's game 1: its record, written after
            2026-12-07-105322.game2.jsonl    every line (engine.files.write_atomic, flushed
            ...                              to disk), as ``pyramid score --record`` writes
            current                          the id of the match the board keeps (a board
                                             killed and started again goes on with it)
        players.json                         {"players": [names, the latest first]}

A match's id is its first file's name without ``.jsonl`` (the time it was started, UTC).
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from engine import files, jsonin
from engine.errors import EngineError, excerpt
from engine.record import read_record
from engine.text import check_names

from ...errors import UserInputError
from ...scorekeeping import game_path

DATA_FOLDER_NAME = "russian-pyramid"  # under $XDG_DATA_HOME (XDG base directory spec)
MATCHES = "matches"
CURRENT = "current"
PLAYERS = "players.json"
MAX_PLAYERS_KEPT = 100  # the start form offers them; more is no list to choose from
MAX_MATCHES_LISTED = 200  # the latest; older ones stay in the folder
MATCH_ID = re.compile(r"^\d{4}-\d{2}-\d{2}-\d{6}(-\d{1,4})?$")  # what new_base names
MAX_ID_CHARS = 40


def data_folder() -> Path:
    """``$XDG_DATA_HOME/russian-pyramid`` (``~/.local/share/russian-pyramid`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / DATA_FOLDER_NAME


@dataclass(frozen=True)
class StoredMatch:
    """A match in the data folder: its ``id``, players, date, the games to play, the game it
    is at, that game's scores, whether that game is ``over``, whether the board keeps it now
    (``current``); ``damaged``: why its record could not be read (the file stays)."""

    id: str
    people: tuple[str, ...] = ()
    date: str = ""
    games: int = 0
    game: int = 0
    scores: tuple[int, ...] = ()
    strokes: int = 0
    over: bool = False
    current: bool = False
    damaged: str | None = None

    def to_json(self) -> dict:
        return {"id": self.id, "people": list(self.people), "date": self.date,
                "games": self.games, "game": self.game, "scores": list(self.scores),
                "strokes": self.strokes, "over": self.over, "current": self.current,
                "damaged": self.damaged}


@dataclass(frozen=True)
class MatchList:
    """``GET /api/match/list``: the stored matches (the latest first), the players'
    names remembered (the latest first) and where they are kept."""

    matches: tuple[StoredMatch, ...]
    players: tuple[str, ...]
    folder: str

    def to_json(self) -> dict:
        return {"matches": [m.to_json() for m in self.matches],
                "players": list(self.players), "folder": self.folder}


def stored_match(match_id: str, path: Path, current: bool) -> StoredMatch:
    """What a match's latest record says of it (read, not verified: the list only shows it;
    a match opened is verified first)."""
    try:
        rec = read_record(path)
        h = rec.header
        result = rec.result or {}
        return StoredMatch(
            match_id, tuple(str(p) for p in h.get("people") or h.get("players") or ()),
            str(h.get("date", "")), int(h.get("games_to_play") or 1), int(h.get("game") or 1),
            tuple(int(v) for v in result.get("scores") or ()), len(rec.strokes),
            result.get("result") is not None and not result.get("unfinished"), current)
    except (EngineError, OSError, TypeError, ValueError) as exc:
        return StoredMatch(match_id, current=current, damaged=str(exc)[:200])


class MatchStore:
    """The data folder's matches and players (see the module)."""

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = data_folder() if root is None else Path(root)
        self.folder = self.root / MATCHES

    def _make(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise files.OutputFileError(f"cannot write the data folder {folder}: "
                                        f"{exc.strerror or exc}") from None

    def new_base(self, now: _dt.datetime | None = None) -> Path:
        """A new match's first file, named by the time (UTC), never an existing one
        (:class:`engine.files.OutputFileError` when the data folder cannot be made)."""
        self._make(self.folder)
        stem = (now or _dt.datetime.now(_dt.timezone.utc)).strftime("%Y-%m-%d-%H%M%S")
        base, k = self.folder / f"{stem}.jsonl", 1
        while base.exists():
            k += 1
            base = self.folder / f"{stem}-{k}.jsonl"
        return base

    def base_of(self, match_id) -> Path:
        """The first file of the stored match ``match_id``; a bad or unknown id is refused,
        naming the field ``id``."""
        if not isinstance(match_id, str) or len(match_id) > MAX_ID_CHARS \
                or not MATCH_ID.match(match_id):
            raise UserInputError(f"id = {excerpt(match_id)} is not a stored match's id "
                                 "(GET /api/match/list)", field="id")
        base = self.folder / f"{match_id}.jsonl"
        if not base.is_file():
            raise UserInputError(f"id = {excerpt(match_id)}: no such match in {self.folder}",
                                 field="id")
        return base

    def id_of(self, base: Path | None) -> str | None:
        """The id of a match whose first file is ``base``, if it is kept here."""
        if base is None or base.parent != self.folder:
            return None
        return base.stem

    def set_current(self, base: Path | None) -> None:
        """The match the board keeps now (a board started again goes on with it)."""
        match_id = self.id_of(base)
        if match_id is not None:
            files.write_atomic(self.folder / CURRENT, match_id + "\n", label="the data folder")

    def current(self) -> Path | None:
        """The first file of the match the board kept last, if it is still there."""
        try:
            match_id = files.read_text(self.folder / CURRENT, 100).strip()
        except (EngineError, OSError):
            return None
        try:
            return self.base_of(match_id)
        except UserInputError:
            return None

    def listed(self, current: Path | None) -> MatchList:
        """The matches, the latest first (at most :data:`MAX_MATCHES_LISTED`), and the
        players' names."""
        firsts = sorted((p for p in self.folder.glob("*.jsonl") if MATCH_ID.match(p.stem)),
                        key=lambda p: p.stem, reverse=True) if self.folder.is_dir() else []
        out = []
        for base in firsts[:MAX_MATCHES_LISTED]:
            k = 1
            while game_path(base, k + 1).exists():
                k += 1
            out.append(stored_match(base.stem, game_path(base, k), base == current))
        return MatchList(tuple(out), self.players(), str(self.root))

    def players(self) -> tuple[str, ...]:
        """The names remembered, the latest first (none when the file is missing or damaged:
        it is only a help to the start form)."""
        try:
            doc = jsonin.loads(files.read_text(self.root / PLAYERS), source=PLAYERS)
            names = doc.get("players") if isinstance(doc, dict) else None
            return tuple(check_names(names, "players")) if names else ()
        except (EngineError, OSError):
            return ()

    def remember(self, people) -> None:
        """The names of a match started, first in the list (each once)."""
        names = list(dict.fromkeys([*people, *self.players()]))[:MAX_PLAYERS_KEPT]
        self._make(self.root)
        files.write_atomic(self.root / PLAYERS,
                           json.dumps({"players": names}, ensure_ascii=False) + "\n",
                           label="the data folder")


__all__ = ["MatchList", "MatchStore", "StoredMatch", "data_folder", "DATA_FOLDER_NAME"]

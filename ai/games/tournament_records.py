"""A tournament's games kept whole (issue 30 item 3): each game's record named so that a
reader finds game ``n``, the header that says which game of which tournament it is, and what a
results file must hold for any of its games to be played again.

**Numbering.** Game ``n`` of a tournament (from 0) is game ``g`` of pairing ``k`` with
``n = k * games + g`` (``games``: games per pairing), the order the games are planned in
(:func:`ai.games.tournament.make_tasks`); the results file's lines name ``pair`` and ``game``.

**Seeds.** Game ``g`` of pairing ``k`` is played with the generator of
``numpy.random.SeedSequence([seed, k, g])`` (:func:`ai.games.tournament.game_rng`); its record's
header holds the tournament's seed (``seed``) and, under ``tournament``, that sequence's
entropy ``game_seed = [seed, k, g]``, so the record alone says how to play the game again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.errors import excerpt

from ..registry import labels
from .results_file import ResultsFileError, check_header

RECORD_SUFFIX = ".jsonl"  # a game record is JSON Lines (docs/FORMATS.md, "Game record")
HEADER_KEY = "tournament"  # the record header's field that names the game in its tournament
MIN_NUMBER_DIGITS = 4  # game-0007-...: file names sort in game order
LABEL_CHARS = 24  # of each agent's label in a file name
_UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]+")  # anything else in a label becomes "_"


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def game_number(pair: int, game: int, games: int) -> int:
    """The tournament's game number of game ``game`` of pairing ``pair``."""
    return pair * games + game


def pair_and_game(number: int, games: int) -> tuple[int, int]:
    """(pairing, game within it) of the tournament's game ``number``."""
    return divmod(number, games)


def record_name(number: int, total: int, specs: Sequence[str]) -> str:
    """The file name of game ``number``'s record (of ``total`` games) between ``specs`` (side
    0, side 1): ``game-0007-greedy-vs-random.jsonl``, the labels of the tables
    (:func:`ai.registry.labels`) with any character other than letters, digits and ``._=+-``
    made ``_``."""
    digits = max(MIN_NUMBER_DIGITS, len(str(max(total - 1, 0))))
    names = [(_UNSAFE.sub("_", s).strip("_.") or "agent")[:LABEL_CHARS]
             for s in labels(list(specs), LABEL_CHARS)]
    return f"game-{number:0{digits}d}-{names[0]}-vs-{names[1]}{RECORD_SUFFIX}"


@dataclass(frozen=True)
class TournamentGame:
    """Which game of which tournament a record is (its header's ``tournament``)."""

    seed: int  # the tournament's seed
    pair: int
    game: int  # within the pairing, from 0
    games: int  # games per pairing
    agents: tuple[int, int]  # the two agents' indices in the tournament's list

    @property
    def number(self) -> int:
        return game_number(self.pair, self.game, self.games)

    @property
    def game_seed(self) -> list[int]:
        """The entropy of the game's ``SeedSequence``."""
        return [self.seed, self.pair, self.game]

    def to_json(self) -> dict:
        return {"number": self.number, "pair": self.pair, "game": self.game,
                "games": self.games, "agents": list(self.agents), "seed": self.seed,
                "game_seed": self.game_seed}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "TournamentGame":
        if not isinstance(obj, Mapping):
            raise ValueError(f"header.{HEADER_KEY} must be an object, got {obj!r}")
        for key in ("seed", "pair", "game", "games"):
            if not _is_int(obj.get(key)) or obj[key] < 0:
                raise ValueError(f"header.{HEADER_KEY}.{key} = {obj.get(key)!r} must be a "
                                 f"non-negative integer")
        agents = obj.get("agents")
        if not (isinstance(agents, list) and len(agents) == 2 and all(map(_is_int, agents))):
            raise ValueError(f"header.{HEADER_KEY}.agents = {agents!r} must be two indices")
        return cls(obj["seed"], obj["pair"], obj["game"], obj["games"], tuple(agents))


# What a results file's header must hold for its games to be played again, and the types.
REPLAY_FIELDS: dict[str, tuple[type, ...]] = {
    "agents": (list,), "games": (int,), "seed": (int,), "call_mode": (str,),
    "table": (str,), "skill": (int, float), "max_strokes": (int,)}


def check_replayable(header: Mapping[str, Any], where: str) -> None:
    """Refuse (:class:`ResultsFileError` naming ``where`` and the field) a results header that
    lacks what playing one of its games again needs (:data:`REPLAY_FIELDS`)."""
    for key, types in REPLAY_FIELDS.items():
        if key not in header:
            raise ResultsFileError(f"{where}: the header has no {key!r}, which playing a game "
                                   f"again needs")
        value = header[key]
        if not isinstance(value, types) or isinstance(value, bool):
            raise ResultsFileError(f"{where}: header field {key!r} = {excerpt(value)} is not "
                                   f"{' or '.join(t.__name__ for t in types)}")
    check_header(header, where)  # every value in its range (a header not read by parse_results)


def check_game_number(number: int, n_agents: int, games: int, flag: str, where: str) -> None:
    """Refuse a game number outside the tournament's ``0 .. total - 1``."""
    total = n_agents * (n_agents - 1) // 2 * games
    if not 0 <= number < total:
        raise ResultsFileError(f"{flag} {number}: {where} plans games 0..{total - 1} "
                               f"({n_agents * (n_agents - 1) // 2} pairings x {games} games)")


__all__ = ["RECORD_SUFFIX", "HEADER_KEY", "game_number", "pair_and_game", "record_name",
           "TournamentGame", "check_replayable", "check_game_number"]

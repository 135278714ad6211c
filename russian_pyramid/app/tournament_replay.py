"""One game of a tournament played again from its seeds (``pyramid tournament --replay
RESULTS --game N``): its record made (and written into a folder, under the name
``--records`` gives it), and the game compared with its line in the results file.

Game ``N`` is numbered as the records are (:mod:`ai.games.tournament_records`: game ``g`` of
pairing ``k`` is ``k * games + g``).  The results file's header gives everything else: the
agents, games per pairing, the seed, call mode, table, execution noise and stroke cap; a
header without one of them, or a game number out of range, is bad input naming it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from ai.games.results_file import MAX_RESULTS_BYTES, ResultsFileError, parse_results, \
    whole_lines
from ai.games.tournament import GameTask, PlayedTask, play_task, replay_task
from engine import files

from ..errors import UserInputError
from ..io import check_outputs, read_bytes
from .tournament import TournamentTerms, records_folder

# the fields of a game line that a game played again must give exactly as the file has them
# (elapsed_s and decision_s are the machine's time, not the game)
SAME_FIELDS = ("breaker", "result", "unfinished", "scores", "stats", "break_and_run",
               "n_strokes")


@dataclass(frozen=True)
class ReplayedGame:
    """Game ``number`` played again: the task (its pairing, game, specs, seeds), what it gave
    (line and record text), the results file's line of that game (None when the file has
    none: not played yet, or failed), the first field in which the two differ (None: the
    same game, or nothing to compare) and where the record was written (None: not)."""

    number: int
    task: GameTask
    played: PlayedTask
    on_file: dict | None
    differs: str | None
    record_path: str | None

    @property
    def same(self) -> bool | None:
        """True: the game played again is the file's; False: it is not; None: no line."""
        return None if self.on_file is None else self.differs is None

    def to_json(self) -> dict:
        line = self.played.line
        return {"game": self.number, "pair": self.task.pair, "game_in_pair": self.task.game,
                "specs": list(self.task.specs), "seed": self.task.seed,
                "game_seed": self.task.tournament_game.game_seed,
                "result": line.get("result"), "scores": line.get("scores"),
                "n_strokes": line.get("n_strokes"), "error": line.get("error"),
                "same_as_results": self.same, "differs": self.differs,
                "record": self.record_path}


def _differs(on_file: dict, line: dict) -> str | None:
    for key in SAME_FIELDS:
        if on_file.get(key) != line.get(key):
            return f"{key}: results file {on_file.get(key)!r}, played again {line.get(key)!r}"
    return None


def replay_game(results: str, number: int, records: str | None) -> ReplayedGame:
    """Game ``number`` of the results file ``results`` played again; with ``records`` its
    record is written into that folder (created if missing) under the tournament's name for
    it.  Bad input (:class:`russian_pyramid.errors.UserInputError`): a results file that is missing,
    malformed or lacks a field the game needs, a number out of range, a folder that takes no
    record."""
    if not os.path.lexists(results):
        raise UserInputError(f"--replay {results!r} does not exist")
    lines = whole_lines(read_bytes(results, "--replay", MAX_RESULTS_BYTES))
    if not lines:
        raise UserInputError(f"--replay {results!r} is empty: no tournament to replay")
    try:
        read = parse_results(results, lines)
        task = replay_task(read.header, number, repr(results))
    except ResultsFileError as exc:
        raise UserInputError(str(exc)) from None
    path = None
    if records is not None:
        records_folder("--records", records)
        terms = TournamentTerms(tuple(read.header["agents"]), task.games, task.seed,
                                task.skill, task.call_mode, task.table, task.max_strokes,
                                results, records=records)
        path = check_outputs([("--records", terms.record_path(number, task.specs))],
                             [("--replay", results)])[0]
    played = play_task(task)
    on_file = next((o for o in read.done if (o["pair"], o["game"]) == (task.pair, task.game)),
                   None)
    if path is not None and played.record is not None:
        try:
            files.write_atomic(path, played.record, "--records")
        except files.OutputFileError as exc:
            raise UserInputError(str(exc)) from None
    return ReplayedGame(number, task, played, on_file,
                        None if on_file is None else _differs(on_file, played.line),
                        None if path is None or played.record is None else str(path))


__all__ = ["ReplayedGame", "replay_game", "SAME_FIELDS"]

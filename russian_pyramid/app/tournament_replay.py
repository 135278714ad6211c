"""One game of a tournament played again from its seeds (``pyramid tournament --replay
RESULTS --game N``): its record made (and written into a folder, under the name
``--records`` gives it), and the game compared with its line in the results file.

Game ``N`` is numbered as the records are (:mod:`ai.games.tournament_records`: game ``g`` of
pairing ``k`` is ``k * games + g``).  The results file's header gives everything else: the
agents, games per pairing, the seed, call mode, table, execution noise and stroke cap; a
header without one of them, a value out of its range (:func:`ai.games.results_file.
check_header`: call mode, table, skill, version, games ...), or a game number out of range, is
bad input naming it.

**Trust.** A results file names its agents, and an agent spec may name code: ``my_agent.py:
Cls`` runs that file, ``package.module:name:key=value`` calls any function of an importable
module (``russian_pyramid.io:write_atomic:path=owned.txt,...`` wrote a file).  Playing a game
of a file received from elsewhere must not run what it names: a spec that loads code
(:func:`ai.registry.is_loaded_spec`) is refused unless the user says the file is trusted
(``--trust-agents``); registered names (``mc-2``, ``greedy:skill=club``) and the agents of
installed packages (entry points, ``pyramid.agents``) are the user's own and are played.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from ai.games.results_file import MAX_RESULTS_BYTES, ResultsFileError, parse_results, \
    whole_lines
from ai.games.tournament import GameTask, PlayedTask, play_task, replay_task
from ai.registry import is_loaded_spec
from engine import files
from engine.errors import excerpt

from ..errors import UserInputError
from ..io import check_outputs, read_bytes
from .common import first_run
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


TRUST_FLAG = "--trust-agents"


def check_trusted_agents(specs, results: str, trusted: bool) -> None:
    """Refuse (:class:`UserInputError`) an agent spec of the results file ``results`` that
    would run code (a file or a module's object) unless ``trusted``: the spec named, and how
    to allow it."""
    if trusted:
        return
    for spec in specs:
        if is_loaded_spec(spec):
            raise UserInputError(
                f"--replay {results!r}: agent {excerpt(spec)} runs code named by the results "
                f"file (a Python file or module), which could do anything; only registered "
                f"agents and installed ones are played from a results file. If you trust "
                f"that file and the code it names, give {TRUST_FLAG}")


def replay_game(results: str, number: int, records: str | None,
                trust_agents: bool = False) -> ReplayedGame:
    """Game ``number`` of the results file ``results`` played again; with ``records`` its
    record is written into that folder (created if missing) under the tournament's name for
    it.  Bad input (:class:`russian_pyramid.errors.UserInputError`): a results file that is
    missing, malformed, lacks a field the game needs or has one out of range, an agent that
    runs code unless ``trust_agents`` (:func:`check_trusted_agents`), a number out of range,
    a folder that takes no record."""
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
    check_trusted_agents(read.header["agents"], results, trust_agents)
    path = None
    if records is not None:
        records_folder("--records", records)
        terms = TournamentTerms(tuple(read.header["agents"]), task.games, task.seed,
                                task.skill, task.call_mode, task.table, task.max_strokes,
                                results, records=records)
        path = check_outputs([("--records", terms.record_path(number, task.specs))],
                             [("--replay", results)])[0]
    first_run()  # every check above done: compiling is for a game that will be played
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


__all__ = ["ReplayedGame", "replay_game", "check_trusted_agents", "SAME_FIELDS", "TRUST_FLAG"]

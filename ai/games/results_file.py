"""A tournament's results file: one writer at a time, every line checked against its header.

Format (JSON Lines): line 1 ``{"type": "tournament", ...config}``, then one
``{"type": "game", "pair": k, "game": g, ...}`` line per finished game, each appended with a
single ``os.write`` on an ``O_APPEND`` descriptor followed by ``fsync``.  A process killed at
any moment leaves at most a torn last line, which :class:`ResultsFile` cuts off on resume.

One writer: a tournament holds an exclusive ``flock`` on the sidecar ``RESULTS.lock`` (which
holds its pid) from before it reads the file until it has written its last game, for a fresh
start and a ``--resume`` alike.  A second tournament on the same file is refused at once
instead of playing the same games again (it once played 31 games twice) or racing a fresh
start to a second header line.  The kernel drops the lock when the holder dies, even by
SIGKILL, so a killed run never leaves the file locked.

Every line read back is checked against the header -- known pairing and agents, game number
within the planned games and not repeated, the stats present with their types -- and a bad
line is refused with its line number, so a damaged or hand-edited file cannot stop the
strength table with a ``KeyError`` or count a game that was never planned.
"""
from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Mapping, Sequence

from engine import files
from engine.errors import EngineError, excerpt
from engine.jsonin import loads
from engine.kinds import CallMode
from sim import UnknownTableError, table_by_name

from ..conditions import noise_magnitudes
from ..registry import MAX_SKILL
from .match import MAX_STROKE_CAP
from .stats import COUNTS

FORMAT_VERSION = 1
LOCK_SUFFIX = ".lock"
N_SIDES = 2  # a tournament game is a two-player game: two agents, two sides
# a game line is about 1 kB: 256 MiB is some 200 000 games, far beyond a round-robin; a file
# is read no further than this (engine.files.read_bytes), whatever it claims to hold
MAX_RESULTS_BYTES = 256 * 1024 * 1024
# a header's terms written only when a tournament has them (--time-per-game, --skills)
OPTIONAL_TERMS = ("time_per_game_s", "skills")
# Bounds of a tournament (``pyramid tournament --games``, a results header's ``games``): every
# game is planned before the first is played (a task each), and a game line is about 1 kB.
# 100 000 games are some 100 MB of results, under MAX_RESULTS_BYTES; a day of the weakest
# agents' play on two cores (about 70 games a minute), months of MC agents' (a minute a game
# a core).  A header claiming 10**18 games once took 1.7 GB in 15 s before a game was played.
MAX_TOURNAMENT_GAMES = 100_000
MAX_GAMES_PER_PAIRING = 10_000  # a match of two agents: a week of MC agents on two cores
MAX_SEED = 2**64 - 1  # numpy seeds are 64-bit; a header reads integers of <= 20 digits
MAX_TIME_PER_GAME_S = 86_400.0  # a day: more is a typo (the agent's option time= stops at 1 h)
CALL_MODES = tuple(m.value for m in CallMode)


@dataclass(frozen=True)
class ResultsRead:
    header: dict
    done: list[dict]  # games played, in file order (a failed game is not: --resume plays it)
    failed: list[dict]  # failed games not played again since


def parse_results(path: str | os.PathLike, lines: Sequence[bytes | str],
                  config: Mapping[str, Any] | None = None) -> ResultsRead:
    """The whole lines of a results file (a torn last line already dropped), checked: the
    header (against ``config`` when given: a resumed tournament must be the same one), then
    every game line against the header, with its line number.  Used by :class:`ResultsFile`
    on resume and by reports that only read."""
    shown = str(path)
    head = _parse_line(shown, lines[0], 1)
    if not isinstance(head, dict) or head.get("type") != "tournament":
        raise ResultsFileError(f"{shown!r} line 1 is not a tournament header")
    if config is not None:
        unknown = sorted(set(head) - set(config))
        optional = [key for key in unknown if key in OPTIONAL_TERMS]
        if optional:
            raise ResultsFileError(f"{shown!r} is another tournament's results: "
                                   f"{optional[0]} is {excerpt(head[optional[0]])} there, "
                                   f"not given now")
        if unknown:
            raise ResultsFileError(f"{shown!r} line 1: {excerpt(unknown[0])} is not a field "
                                   f"of a tournament header (version {FORMAT_VERSION})")
        for key in config:
            if head.get(key) != config[key]:
                raise ResultsFileError(
                    f"{shown!r} is another tournament's results: {key} is "
                    f"{excerpt(head.get(key))} there, {excerpt(config[key])} now")
    check_header(head, f"{shown!r} line 1")
    specs, games = head["agents"], head["games"]
    done: list[dict] = []
    seen: dict[tuple[int, int], int] = {}
    failed: dict[tuple[int, int], dict] = {}  # failed games not yet played again
    try:
        for n, raw in enumerate(lines[1:], start=2):
            where = f"{shown!r} line {n}"
            obj = _parse_line(shown, raw, n)
            check_game_line(obj, specs, games, where)
            key = (obj["pair"], obj["game"])
            if key in seen:  # only a failed game may come again: its replay
                raise ResultsFileError(f"{where}: pair {key[0]} game {key[1]} is already "
                                       f"on line {seen[key]}; a game is played once")
            if "error" in obj:
                failed[key] = obj
                continue
            failed.pop(key, None)
            seen[key] = n
            done.append(obj)
    except ResultsFileError as exc:
        # the way on: a deleted game line is simply played again on the next --resume
        raise ResultsFileError(f"{exc} (delete or repair that line, then --resume: a "
                               f"game not in the file is played again)") from None
    return ResultsRead(head, done, list(failed.values()))


def whole_lines(data: bytes) -> list[bytes]:
    """The lines of a results file's bytes that end in a newline: a line torn by a crash is
    not a result."""
    return data[:data.rfind(b"\n") + 1].split(b"\n")[:-1]


def _parse_line(shown: str, raw: bytes | str, n: int):
    try:
        return loads(raw, source=f"{shown!r} line {n}")
    except EngineError as exc:
        raise ResultsFileError(f"{exc}" + ("; not a results file" if n == 1 else "")
                               ) from None


class ResultsFileError(ValueError):
    """The results file cannot be used (in use, another tournament's, or malformed); the
    message names the file and, for a bad line, its line number."""


def config_line(specs: Sequence[str], games: int, seed: int, **config) -> dict:
    return {"type": "tournament", "version": FORMAT_VERSION, "agents": list(specs),
            "games": games, "seed": seed, **config}


def append_line(fd: int, obj: dict) -> None:
    """One line, one ``os.write`` on an O_APPEND descriptor, then fsync."""
    data = (json.dumps(obj, allow_nan=False, sort_keys=True) + "\n").encode("utf-8")
    n = os.write(fd, data)
    if n != len(data):  # a short write on a regular file: the disk is full
        raise OSError(f"short write to the results file ({n} of {len(data)} bytes)")
    os.fsync(fd)


# --- checking the header ----------------------------------------------------------------------
def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _field(where: str, key: str, value, why: str) -> ResultsFileError:
    return ResultsFileError(f"{where}: header field {key!r} = {excerpt(value)} {why}")


def _int_field(head: Mapping[str, Any], key: str, lo: int, hi: int, where: str) -> None:
    if not _is_int(head[key]) or not lo <= head[key] <= hi:
        raise _field(where, key, head[key], f"is not an integer from {lo} to {hi}")


def check_header(head: Mapping[str, Any], where: str) -> None:
    """A results header's fields, refused (:class:`ResultsFileError` naming ``where``, the
    field, its value and the bound) unless each holds what this program writes: ``version``
    :data:`FORMAT_VERSION`; ``agents`` two or more distinct specs; ``games`` 1 ..
    :data:`MAX_GAMES_PER_PAIRING` and, over all pairings, at most :data:`MAX_TOURNAMENT_GAMES`;
    and, each when there (a report needs none of them, playing a game again every one,
    :func:`ai.games.tournament_records.check_replayable`): ``seed`` 0 .. :data:`MAX_SEED`,
    ``call_mode`` one of :data:`CALL_MODES`, ``table`` a playable table, ``skill`` a noise
    magnitude 0 .. :data:`ai.registry.MAX_SKILL`, ``max_strokes`` 1 ..
    :data:`ai.games.match.MAX_STROKE_CAP`, ``time_per_game_s`` seconds above 0 up to
    :data:`MAX_TIME_PER_GAME_S`, ``skills`` one noise magnitude per agent.  What ``--report``,
    ``--replay`` and ``--resume`` read: a bad value is said here, not met later as a failed
    game ("not deterministic?") or gigabytes of planned games."""
    version = head.get("version")
    if not _is_int(version) or version != FORMAT_VERSION:
        raise _field(where, "version", version, f"is not a results file this program reads "
                     f"(version {FORMAT_VERSION})")
    specs = head.get("agents")
    if not (isinstance(specs, list) and len(specs) >= N_SIDES
            and all(isinstance(x, str) and x.strip() for x in specs)):
        raise _field(where, "agents", specs, "is not a list of two or more agent specs")
    if len(set(specs)) != len(specs):
        raise _field(where, "agents", specs, "names an agent twice")
    if "games" not in head:
        raise ResultsFileError(f"{where}: the header has no 'games' (games per pairing)")
    _int_field(head, "games", 1, MAX_GAMES_PER_PAIRING, where)
    pairings = len(specs) * (len(specs) - 1) // 2
    if pairings * head["games"] > MAX_TOURNAMENT_GAMES:
        raise ResultsFileError(f"{where}: the header plans {pairings} pairings x "
                               f"{head['games']} games = {pairings * head['games']} games: at "
                               f"most {MAX_TOURNAMENT_GAMES} in a tournament")
    if "seed" in head:
        _int_field(head, "seed", 0, MAX_SEED, where)
    if "call_mode" in head and head["call_mode"] not in CALL_MODES:
        raise _field(where, "call_mode", head["call_mode"],
                     f"is not a call mode: {' or '.join(CALL_MODES)}")
    if "table" in head:
        try:
            table_by_name(head["table"])
        except UnknownTableError as exc:
            raise ResultsFileError(f"{where}: header field 'table' = {exc.why()}") from None
    skill = head.get("skill", 0.0)
    if not (noise_magnitudes([skill]) and skill <= MAX_SKILL):
        raise _field(where, "skill", skill, f"is not a noise magnitude from 0 to "
                     f"{MAX_SKILL:g}")
    if "max_strokes" in head:
        _int_field(head, "max_strokes", 1, MAX_STROKE_CAP, where)
    _check_optional_terms(head, where)


def _check_optional_terms(head: Mapping[str, Any], where: str) -> None:
    limit = head.get("time_per_game_s")
    if limit is not None and (not isinstance(limit, (int, float)) or isinstance(limit, bool)
                              or not 0 < limit <= MAX_TIME_PER_GAME_S):
        raise _field(where, "time_per_game_s", limit, f"is not seconds above 0, at most "
                     f"{MAX_TIME_PER_GAME_S:g}")
    skills = head.get("skills")
    if skills is not None and not (noise_magnitudes(skills) and len(skills) == len(head["agents"])
                                   and max(skills) <= MAX_SKILL):
        raise _field(where, "skills", skills, f"is not one noise magnitude from 0 to "
                     f"{MAX_SKILL:g} per agent")


# --- checking game lines ----------------------------------------------------------------------


def _bad(where: str, key: str, value, why: str) -> ResultsFileError:
    return ResultsFileError(f"{where}: {key} = {excerpt(value)} {why}")


def check_game_line(obj, specs: Sequence[str], games: int | None, where: str) -> None:
    """Refuse (:class:`ResultsFileError` naming ``where`` and the field) a game line that does
    not belong to the tournament of ``specs`` with ``games`` games per pairing (None: any
    number), or lacks what the strength table reads.  A failed game (``"error"``) needs only
    its pairing, game number and the error."""
    if not isinstance(obj, dict) or obj.get("type") != "game":
        raise ResultsFileError(f"{where} is not a game line ({excerpt(obj)})")
    pairs = list(combinations(range(len(specs)), 2))
    pair = obj.get("pair")
    if not _is_int(pair) or not 0 <= pair < len(pairs):
        raise _bad(where, "pair", pair, f"is not a pairing of {len(specs)} agents "
                   f"(0..{len(pairs) - 1})")
    game = obj.get("game")
    if not _is_int(game) or game < 0 or (games is not None and game >= games):
        planned = "a non-negative integer" if games is None else f"0..{games - 1}"
        raise _bad(where, "game", game, f"is not a planned game: the header plans {planned}")
    i, j = pairs[pair]
    if obj.get("agents") != [i, j]:
        raise _bad(where, "agents", obj.get("agents"), f"is not pairing {pair}'s [{i}, {j}]")
    if obj.get("specs") != [specs[i], specs[j]]:
        raise _bad(where, "specs", obj.get("specs"),
                   f"is not pairing {pair}'s {[specs[i], specs[j]]!r}")
    if "error" in obj:
        if not isinstance(obj["error"], str) or not obj["error"]:
            raise _bad(where, "error", obj["error"], "must be the failure's message")
        return
    _check_played(obj, where)


def _check_played(obj: Mapping[str, Any], where: str) -> None:
    """The fields of a played game, with their types (what :func:`strength_table` reads)."""
    for key in ("breaker", "result", "unfinished", "scores", "stats", "break_and_run",
                "n_strokes"):
        if key not in obj:
            raise ResultsFileError(f"{where}: {key} is missing")
    if obj["breaker"] not in range(N_SIDES) or isinstance(obj["breaker"], bool):
        raise _bad(where, "breaker", obj["breaker"], "must be side 0 or 1")
    for key in ("unfinished", "break_and_run"):
        if not isinstance(obj[key], bool):
            raise _bad(where, key, obj[key], "must be true or false")
    n = obj["n_strokes"]
    if not _is_int(n) or n < 0:
        raise _bad(where, "n_strokes", n, "must be a non-negative integer")
    scores = obj["scores"]
    if scores is not None and (not isinstance(scores, list) or len(scores) != N_SIDES
                               or not all(_is_int(s) for s in scores)):
        raise _bad(where, "scores", scores, "must be null or two integers")
    _check_result(obj["result"], where)
    stats = obj["stats"]
    if not isinstance(stats, dict):
        raise _bad(where, "stats", stats, "must be an object of per-side counts")
    for key in COUNTS:
        v = stats.get(key)
        if (not isinstance(v, list) or len(v) != N_SIDES
                or not all(_is_int(c) and c >= 0 for c in v)):
            raise _bad(where, f"stats.{key}", v, "must be two non-negative integers")
    if sum(stats["strokes"]) != n:
        raise _bad(where, "stats.strokes", stats["strokes"],
                   f"does not add up to n_strokes = {n}")


def _check_result(result, where: str) -> None:
    if result is None:
        return
    if not isinstance(result, dict):
        raise _bad(where, "result", result, "must be null or an object")
    winner = result.get("winner")
    if winner is not None and (winner not in range(N_SIDES) or isinstance(winner, bool)):
        raise _bad(where, "result.winner", winner, "must be side 0 or 1")
    if not isinstance(result.get("draw", False), bool):
        raise _bad(where, "result.draw", result.get("draw"), "must be true or false")
    placings = result.get("placings")
    if placings is not None and (not isinstance(placings, list)
                                 or not all(_is_int(p) for p in placings)):
        raise _bad(where, "result.placings", placings, "must be null or a list of sides")
    if not isinstance(result.get("rule", ""), (str, type(None))):
        raise _bad(where, "result.rule", result.get("rule"), "must be null or a rule id")
    if winner is None and not result.get("draw"):
        raise _bad(where, "result", result, "names neither a winner nor a draw")


# --- the file ---------------------------------------------------------------------------------
class ResultsFile:
    """The results file, open for appending under the tournament's exclusive lock.

    ``done`` holds the game lines already in the file (resume), each checked.  Use as a
    context manager, or call :meth:`close`; :meth:`append` writes one game line."""

    def __init__(self, path: str | os.PathLike, config: Mapping[str, Any], resume: bool):
        self.path = Path(path)
        self.config = dict(config)
        self.done: list[dict] = []  # games played (a failed game is not: --resume plays it)
        self.failed: list[dict] = []  # failed games in the file not played again since
        self.fd: int | None = None
        self._lock_fd: int | None = None
        self._lock_path = Path(str(self.path) + LOCK_SUFFIX)
        try:
            self._acquire_lock()
            self._open(resume)
        except files.OutputFileError as exc:  # a special file, a link, a long name ...
            self.close()
            raise ResultsFileError(f"cannot use results file {str(self.path)!r}: {exc}"
                                   ) from None
        except files.InputFileError as exc:  # read back on resume: a special file, too big
            self.close()
            raise ResultsFileError(f"cannot use results file {str(self.path)!r}: {exc}"
                                   ) from None
        except OSError as exc:  # a folder or file that cannot be written after all
            self.close()
            raise ResultsFileError(f"cannot use results file {str(self.path)!r}: "
                                   f"{exc.strerror or exc}") from None
        except BaseException:
            self.close()
            raise

    # 1. the lock ---------------------------------------------------------------------------
    def _acquire_lock(self) -> None:
        """Steps: (1) open (or create) the sidecar; (2) try an exclusive flock without
        waiting, refusing at once with the holder's pid when it is taken; (3) make sure the
        sidecar was not unlinked by a finishing holder between our open and our lock (then
        we hold a lock nobody else sees: start again); (4) write our pid into it."""
        while True:
            fd = files.open_append(self._lock_path, "results lock", os.O_RDWR | os.O_CREAT)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
                os.close(fd)
                raise ResultsFileError(f"results file {str(self.path)!r} is in use by another "
                                       f"tournament (pid {holder})") from None
            try:
                same = os.fstat(fd).st_ino == os.stat(self._lock_path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        self._lock_fd = fd  # held from here: close() releases it whatever follows
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)

    def close(self) -> None:
        """Close the file and release the lock; the sidecar is removed while still held, so
        a waiting opener of the old sidecar sees it gone (step 3 of the lock)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        if self._lock_fd is not None:
            try:
                os.unlink(self._lock_path)
            except FileNotFoundError:
                pass
            os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # 2. reading what is there --------------------------------------------------------------
    def _open(self, resume: bool) -> None:
        """Without ``resume`` the file must not exist (or be empty).  With ``resume`` its
        header must match the configuration and every game line must check; a torn last
        line (no newline) is cut off."""
        path = self.path
        try:
            exists = os.lstat(path).st_size > 0  # a link or special file: open_append says
        except FileNotFoundError:
            exists = False
        if exists and not resume:
            raise ResultsFileError(f"results file {str(path)!r} already exists; use --resume "
                                   f"to continue that tournament, or choose another --out")
        if exists:
            exists = self._read_existing()
        self.fd = files.open_append(path, "results file")
        if not exists:
            append_line(self.fd, self.config)

    def _read_existing(self) -> bool:
        path = self.path
        data = files.read_bytes(path, MAX_RESULTS_BYTES, "results file")  # regular, bounded
        cut = data.rfind(b"\n") + 1
        if cut < len(data):  # a write torn by a crash: each line is one write ending in \n
            fd = files.open_append(path, "results file", os.O_WRONLY)
            try:
                os.ftruncate(fd, cut)
                os.fsync(fd)
            finally:
                os.close(fd)
        lines = data[:cut].split(b"\n")[:-1]
        if not lines:
            return False
        read = parse_results(path, lines, self.config)
        self.done, self.failed = read.done, read.failed
        return True

    # 3. writing ------------------------------------------------------------------------------
    def append(self, obj: dict) -> None:
        if self.fd is None:
            raise ResultsFileError(f"results file {str(self.path)!r} is closed")
        append_line(self.fd, obj)


__all__ = ["ResultsFile", "ResultsFileError", "ResultsRead", "parse_results", "check_game_line",
           "config_line", "append_line", "FORMAT_VERSION", "LOCK_SUFFIX", "MAX_RESULTS_BYTES",
           "check_header", "MAX_TOURNAMENT_GAMES", "MAX_GAMES_PER_PAIRING", "MAX_SEED",
           "MAX_TIME_PER_GAME_S", "CALL_MODES"]

"""Hostile files for every command (issue 23, item 1): inputs that are devices, FIFOs or links
to them, outputs with names too long for the system, outputs onto special files.  Every case:
exit status 2, the flag (or the path) named on stderr, no traceback, nothing replaced; inputs
are read no further than the limit, so memory stays bounded (checked under RLIMIT_AS).

Nothing can hang: no FIFO is opened for reading (its writer thread opens without blocking
and stops with the test) and every subprocess has a timeout."""
from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import stat
import subprocess
import sys
import threading
import time

import pytest

from engine import jsonin, read_record
from russian_pyramid import io as pio
from russian_pyramid.cli import main
from russian_pyramid.errors import UserInputError

from .clihelp import ROOT, env

EXAMPLES = ROOT / "russian_pyramid" / "examples"
MEMORY_LIMIT = 1536 * 1024 * 1024  # 1.5 GiB of address space for the whole process
SUBPROCESS_TIMEOUT_S = 120
QUICK_S = 60  # "quickly": the refusal, with Python's start and imports, on a busy machine


def run_main(*args, stdin: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def assert_refused(code: int, err: str, *words: str) -> None:
    assert code == 2, (code, err[-800:])
    assert "Traceback" not in err and err.strip()
    for w in words:
        assert w in err, (w, err[-800:])


@pytest.fixture
def fifo(tmp_path):
    """A FIFO whose writer writes endlessly as soon as a reader opens it (opened without
    blocking, so it never waits), stopped at the end of the test."""
    path = tmp_path / "fifo.json"
    os.mkfifo(path)
    stop = threading.Event()

    def writer():
        while not stop.is_set():
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                stop.wait(0.01)
                continue
            try:
                while not stop.is_set():
                    try:
                        os.write(fd, b"[" * 65536)
                    except BlockingIOError:
                        stop.wait(0.001)
            except OSError:
                pass
            finally:
                os.close(fd)
    t = threading.Thread(target=writer, daemon=True)
    t.start()
    yield path
    stop.set()
    t.join(5)


@pytest.fixture
def places(tmp_path, fifo):
    """Special files to read or to write onto: name -> path."""
    link = tmp_path / "zero-link.json"
    link.symlink_to("/dev/zero")
    out = {"dev-zero": "/dev/zero", "dev-urandom": "/dev/urandom", "link-to-zero": str(link),
           "fifo": str(fifo)}
    if os.geteuid() == 0:
        node = tmp_path / "zero-node.json"
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 5))  # as /dev/zero
        out["device-node"] = str(node)
    return out


def _snapshot(path) -> tuple:
    st = os.lstat(path)
    return st.st_mode, st.st_ino, st.st_rdev


# --- inputs -----------------------------------------------------------------------------------

INPUT_COMMANDS = [
    ("simulate", lambda p: ["simulate", p], None),
    ("simulate-batch", lambda p: ["simulate", "--batch", p], None),
    ("suggest", lambda p: ["suggest", p], None),
    ("score", lambda p: ["score", p], None),
    ("analyze", lambda p: ["analyze", p], None),
    ("photo", lambda p: ["photo", p], None),
    ("play-handicap", lambda p: ["play", "--agent-a", "random", "--agent-b", "random",
                                 "--max-strokes", "1", "--quiet", "--handicap", p], "--handicap"),
    ("tournament-report", lambda p: ["tournament", "--report", "--out", p], "--out"),
]


@pytest.mark.parametrize("name,argv,flag", INPUT_COMMANDS, ids=[c[0] for c in INPUT_COMMANDS])
def test_special_files_as_input_are_refused_at_once(places, name, argv, flag):
    for kind, path in places.items():
        t0 = time.monotonic()
        code, _out, err = run_main(*argv(path))
        assert_refused(code, err, repr(path), "not a regular file", *([flag] if flag else []))
        assert time.monotonic() - t0 < QUICK_S, (kind, name)


def test_a_session_resumed_from_a_special_file_is_refused(places):
    for path in places.values():
        code, _out, err = run_main("score", "--session", "--resume", path, stdin="")
        assert_refused(code, err, "--resume", path)


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _bounded_run(args, stdin_path=None) -> subprocess.CompletedProcess:
    """The real command under a 1.5 GiB address-space limit, stdin from ``stdin_path``."""
    with contextlib.ExitStack() as stack:
        stdin = (stack.enter_context(open(stdin_path, "rb")) if stdin_path
                 else subprocess.DEVNULL)
        t0 = time.monotonic()
        r = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", *map(str, args)],
                           stdin=stdin, capture_output=True, text=True, env=env(),
                           timeout=SUBPROCESS_TIMEOUT_S, preexec_fn=_limited)
        assert time.monotonic() - t0 < QUICK_S, args
    return r


@pytest.mark.parametrize("args,stdin,words", [
    (["simulate", "/dev/zero"], None, ("'/dev/zero'", "character device")),
    (["analyze", "/dev/urandom"], None, ("'/dev/urandom'", "character device")),
    (["simulate", "-"], "/dev/zero", ("stdin is more than", "at most")),
    (["suggest", "-"], "/dev/zero", ("stdin is more than", "at most")),
    (["engine"], "/dev/zero", ("request line 1 is more than", "the engine stops")),
], ids=["simulate-file", "analyze-file", "simulate-stdin", "suggest-stdin", "engine-stdin"])
def test_memory_stays_bounded(args, stdin, words):
    r = _bounded_run(args, stdin)
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr
    for w in words:
        assert w in r.stderr, (w, r.stderr[-2000:])


def test_the_engine_answers_a_line_past_the_limit_then_stops(monkeypatch):
    monkeypatch.setattr(jsonin, "MAX_DOCUMENT_BYTES", 1000)
    good = json.dumps({"id": 1, "cmd": "health"})
    code, out, err = run_main("engine", stdin=good + "\n" + "x" * 5000)
    assert_refused(code, err, "stdin", "request line 2 is more than 1000 characters")
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[1]["ok"] is True and answers[1]["id"] == 1
    assert answers[-1]["ok"] is False and "request line 2" in answers[-1]["error"]


# --- outputs ----------------------------------------------------------------------------------

def _output_commands(record):
    return [
        ("simulate-png", "--png", lambda o: ["simulate", EXAMPLES / "cut.json", "--png", o]),
        ("suggest-png", "--png", lambda o: ["suggest", EXAMPLES / "suggest_open.json",
                                            "--png", o]),
        ("analyze-png", "--png", lambda o: ["analyze", record, "--png", o]),
        ("play-record", "--record", lambda o: ["play", "--agent-a", "random", "--agent-b",
                                               "random", "--max-strokes", "1", "--quiet",
                                               "--record", o]),
        ("tournament-out", "--out", lambda o: ["tournament", "--agents", "random", "greedy",
                                               "--games", "1", "--no-progress", "--out", o]),
        ("tournament-plot", "--plot", lambda o: ["tournament", "--report", "--out", record,
                                                 "--plot", o]),
        ("score-record", "--record", lambda o: ["score", "--session", "--players", "A", "B",
                                                "--record", o]),
        ("board-record", "--match-record", lambda o: ["board", "--no-browser", "--port", "0",
                                                      "--match-record", o]),
    ]


OUTPUT_IDS = [c[0] for c in _output_commands("r")]


@pytest.mark.parametrize("index", range(len(OUTPUT_IDS)), ids=OUTPUT_IDS)
def test_a_300_character_output_name_is_refused_before_any_work(tmp_path, index):
    _name, flag, argv = _output_commands(tmp_path / "no-record.jsonl")[index]
    long = tmp_path / ("a" * 296 + ".png")
    code, _out, err = run_main(*argv(long), stdin="")
    assert_refused(code, err, flag, "the file name is 300 bytes long", "NAME_MAX")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("index", range(len(OUTPUT_IDS)), ids=OUTPUT_IDS)
def test_outputs_onto_special_files_are_refused_and_nothing_is_replaced(tmp_path, fifo, index):
    _name, flag, argv = _output_commands(tmp_path / "no-record.jsonl")[index]
    regular = tmp_path / "real.jsonl"
    regular.write_text("keep\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(regular)
    null_link = tmp_path / "null.jsonl"
    null_link.symlink_to("/dev/null")
    targets = {"fifo": (fifo, "FIFO"), "link": (link, "symbolic link"),
               "null-link": (null_link, "symbolic link")}
    if os.geteuid() == 0:
        node = tmp_path / "zero.jsonl"
        os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 5))
        targets["device-node"] = (node, "character device")
    before = {k: _snapshot(p) for k, (p, _w) in targets.items()}
    for kind, (path, word) in targets.items():
        code, _out, err = run_main(*argv(path), stdin="")
        assert_refused(code, err, flag, path.name, word)
    assert {k: _snapshot(p) for k, (p, _w) in targets.items()} == before
    assert regular.read_text() == "keep\n"
    assert not any(n.endswith((".tmp", ".lock")) for n in os.listdir(tmp_path))


def test_dev_null_as_a_record_is_refused_and_left_alone():
    before = _snapshot("/dev/null")
    code, _out, err = run_main("play", "--agent-a", "random", "--agent-b", "random",
                               "--max-strokes", "1", "--quiet", "--record", "/dev/null")
    assert_refused(code, err, "--record", "'/dev/null'", "character device")
    assert _snapshot("/dev/null") == before and stat.S_ISCHR(before[0])


def test_a_245_character_record_name_is_written_after_the_game(tmp_path):
    record = tmp_path / ("r" * 239 + ".jsonl")
    r = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "play", "--agent-a", "random",
                        "--agent-b", "random", "--max-strokes", "2", "--seed", "3", "--quiet",
                        "--record", str(record)], capture_output=True, text=True, env=env(),
                       timeout=SUBPROCESS_TIMEOUT_S)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    rec = read_record(record)
    assert len(rec.strokes) == 2 and rec.result is not None
    assert os.listdir(tmp_path) == [record.name]  # no temporary file left beside it


def test_the_record_names_of_a_match_are_checked_too(tmp_path):
    """--games 2 writes NAME-g1.jsonl and NAME-g2.jsonl: 3 characters more than NAME."""
    base = tmp_path / ("m" * 248 + ".jsonl")  # 254: fits, its -g1 name (257) does not
    code, _out, err = run_main("play", "--agent-a", "random", "--agent-b", "random",
                               "--games", "2", "--max-strokes", "1", "--quiet",
                               "--record", base)
    assert_refused(code, err, "--record", "-g1.jsonl", "NAME_MAX")
    assert os.listdir(tmp_path) == []


def test_a_folder_that_is_a_file_or_cannot_be_entered(tmp_path, monkeypatch):
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    code, _out, err = run_main("simulate", EXAMPLES / "cut.json", "--png", a_file / "o.png")
    assert_refused(code, err, "--png", "is a file, not a folder")
    locked = tmp_path / "locked"
    locked.mkdir()
    real_stat = os.stat

    def no_entry(p, *a, **k):  # as root nothing is denied: the denial is made
        if os.fspath(p) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(p))
        return real_stat(p, *a, **k)
    monkeypatch.setattr(os, "stat", no_entry)
    code, _out, err = run_main("simulate", EXAMPLES / "cut.json", "--png", locked / "o.png")
    assert_refused(code, err, "--png", "cannot enter folder", "permission denied")


def test_a_record_that_cannot_be_written_after_the_game_is_kept_elsewhere(tmp_path):
    """The place was fine when checked and is gone when the game is over: the refusal says
    where the record is kept."""
    folder = tmp_path / "gone"
    folder.mkdir()
    target = folder / "game.jsonl"
    pio.check_output_path("--record", target)
    folder.rmdir()
    with pytest.raises(UserInputError, match="--record .*game.jsonl.*does not exist; it is "
                                             "kept in (.*)") as e:
        pio.write_or_keep(target, "the record\n", "--record")
    kept = str(e.value).rsplit("kept in ", 1)[1]
    try:
        with open(kept, encoding="utf-8") as fh:
            assert fh.read() == "the record\n"
    finally:
        os.unlink(kept)


def test_an_agent_file_of_a_name_too_long_is_refused_naming_it(tmp_path):
    name = str(tmp_path / ("a" * 300 + ".py")) + ":Agent"
    code, out, err = run_main("tournament", "--agents", name, "random", "--games", "1",
                              "--jobs", "1", "--out", str(tmp_path / "r.jsonl"))
    assert_refused(code, err, "--agents", "cannot be read")

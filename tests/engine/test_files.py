"""The one reader and the one writer (engine/files.py, issue 23): regular files only, read no
further than the limit whatever the file claims, outputs checked before any work (lengths,
folder, what is there now) and never replacing a device, a FIFO or a symbolic link.

Nothing here can hang: a FIFO is never opened for reading (its writer thread opens it
without blocking and stops with the test), and every read that could wait runs in a thread
joined with a timeout."""
from __future__ import annotations

import errno
import io
import os
import stat
import tempfile
import threading

import pytest

from engine import files
from engine.files import InputFileError, OutputFileError

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="os.mknod needs root")
TIMEOUT_S = 20


def _in_time(fn, *args, **kw):
    """``fn(*args, **kw)`` in a thread, failing the test if it does not end in time."""
    box = {}

    def run():
        try:
            box["value"] = fn(*args, **kw)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box["error"] = exc
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(TIMEOUT_S)
    assert not t.is_alive(), f"{fn.__name__} did not return within {TIMEOUT_S} s"
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.fixture
def fifo(tmp_path):
    """A FIFO with a writer that writes endlessly once a reader opens it (it opens without
    blocking, so it never waits for one), stopped when the test ends."""
    path = tmp_path / "fifo"
    os.mkfifo(path)
    stop = threading.Event()

    def writer():
        while not stop.is_set():
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: no reader yet
                stop.wait(0.01)
                continue
            try:
                while not stop.is_set():
                    try:
                        os.write(fd, b"{" * 65536)
                    except BlockingIOError:
                        stop.wait(0.001)
            except OSError:  # the reader went away
                pass
            finally:
                os.close(fd)
    t = threading.Thread(target=writer, daemon=True)
    t.start()
    yield path
    stop.set()
    t.join(5)


@pytest.fixture
def zero_node(tmp_path):
    """A character device node like /dev/zero (major 1, minor 5) in tmp_path."""
    if os.geteuid() != 0:
        pytest.skip("os.mknod needs root")
    path = tmp_path / "zero"
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 5))
    return path


# --- reading ----------------------------------------------------------------------------------

def test_a_regular_file_is_read_and_a_link_to_one_is_followed(tmp_path):
    path = tmp_path / "in.json"
    path.write_text('{"a": "\u0436"}', encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    assert files.read_text(path) == '{"a": "\u0436"}'
    assert files.read_text(link) == '{"a": "\u0436"}'
    assert files.read_bytes(path) == path.read_bytes()


@pytest.mark.parametrize("name", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_before_it_is_read(name):
    with pytest.raises(InputFileError, match="character device, not a regular file") as e:
        _in_time(files.read_bytes, name)
    assert repr(name) in str(e.value)


def test_a_link_to_dev_zero_is_refused(tmp_path):
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(InputFileError, match="'.*zero.json' is a character device"):
        _in_time(files.read_text, link, label="--handicap")


def test_a_device_node_made_here_is_refused(zero_node):
    with pytest.raises(InputFileError, match="character device"):
        _in_time(files.read_text, zero_node)


def test_a_fifo_with_an_endless_writer_is_refused_without_waiting(fifo):
    with pytest.raises(InputFileError, match=r"FIFO \(named pipe\), not a regular file"):
        _in_time(files.read_text, fifo)


def test_a_fifo_without_a_writer_is_refused_without_waiting(tmp_path):
    path = tmp_path / "silent"
    os.mkfifo(path)
    with pytest.raises(InputFileError, match="FIFO"):
        _in_time(files.read_bytes, path)


def test_directory_missing_nul_and_not_utf8(tmp_path):
    with pytest.raises(InputFileError, match="is a directory, not a file"):
        files.read_text(tmp_path)
    with pytest.raises(InputFileError, match="does not exist"):
        files.read_text(tmp_path / "missing.json")
    with pytest.raises(InputFileError, match="NUL"):
        files.read_text(str(tmp_path / "a\0b"))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"a": "\xe9"}')
    with pytest.raises(InputFileError, match="not UTF-8 text"):
        files.read_text(bad)
    with pytest.raises(InputFileError, match="too long"):
        files.read_text(tmp_path / ("n" * 300))


def test_a_file_that_claims_a_small_size_is_read_no_further_than_the_limit(tmp_path,
                                                                           monkeypatch):
    """Whatever st_size says (0 for /proc files and devices), at most limit + 1 bytes are
    read."""
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 100_000)
    real_stat, real_read = os.stat, os.read
    read = []

    def lying_stat(p, *a, **k):
        st = real_stat(p, *a, **k)
        if os.fspath(p) == str(path):
            fields = list(st)
            fields[stat.ST_SIZE] = 0
            return os.stat_result(fields)
        return st

    def counting_read(fd, n):
        data = real_read(fd, n)
        read.append(len(data))
        return data
    monkeypatch.setattr(files.os, "stat", lying_stat)
    monkeypatch.setattr(files.os, "read", counting_read)
    with pytest.raises(InputFileError, match="more than 1000 bytes: at most 1000"):
        files.read_bytes(path, limit=1000)
    assert sum(read) == 1001


def test_the_size_claimed_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 5000)
    with pytest.raises(InputFileError, match="is 5000 bytes: at most 1000 accepted"):
        files.read_bytes(path, limit=1000)


def test_a_permission_error_is_a_clear_message(tmp_path, monkeypatch):
    path = tmp_path / "in.json"
    path.write_text("{}")

    def denied(p, *a, **k):
        raise PermissionError(errno.EACCES, "Permission denied", os.fspath(p))
    monkeypatch.setattr(files.os, "open", denied)
    with pytest.raises(InputFileError, match="cannot read file .*in.json.*permission denied"):
        files.read_text(path)


def test_a_stream_is_read_no_further_than_the_limit():
    with open("/dev/zero", "rb") as raw:
        stream = io.TextIOWrapper(raw, encoding="utf-8")
        with pytest.raises(InputFileError, match="stdin is more than 1000 bytes"):
            _in_time(files.read_stream, stream, 1000)
        assert raw.tell() <= 1001 + io.DEFAULT_BUFFER_SIZE
    with pytest.raises(InputFileError, match="stdin is more than 10 characters"):
        files.read_stream(io.StringIO("x" * 50), 10)
    assert files.read_stream(io.StringIO("[1]"), 10) == "[1]"


def test_stream_lines_bounds_every_line():
    assert list(files.stream_lines(io.StringIO("a\nb\n\nc"), 10)) == ["a\n", "b\n", "\n", "c"]
    lines = files.stream_lines(io.StringIO("ok\n" + "x" * 5000), 100, "request line")
    assert next(lines) == "ok\n"
    with pytest.raises(InputFileError, match="request line 2 is more than 100 characters"):
        next(lines)
    with open("/dev/zero", encoding="utf-8") as zero:  # no newline, ever
        with pytest.raises(InputFileError, match="line 1 is more than 1000 characters"):
            _in_time(list, files.stream_lines(zero, 1000))


# --- writing ----------------------------------------------------------------------------------

def _listing(folder) -> list[str]:
    return sorted(os.listdir(folder))


def test_a_name_of_245_characters_is_written_its_temporary_name_fits(tmp_path):
    target = tmp_path / ("r" * 239 + ".jsonl")
    assert files.check_output(target, "--record") == target
    assert _listing(tmp_path) == []
    files.write_atomic(target, "line\n", "--record")
    assert target.read_text() == "line\n"
    assert _listing(tmp_path) == [target.name]  # no temporary file left


@pytest.mark.parametrize("name,words", [
    ("a" * 296 + ".png", ("the file name is 300 bytes long", "255 (NAME_MAX)")),
    ("\u0436" * 130 + ".png", ("the file name is 264 bytes long",)),  # bytes, not characters
])
def test_a_file_name_past_name_max_is_refused_before_any_work(tmp_path, name, words):
    for call in (files.check_output, lambda p, f: files.write_atomic(p, b"x", f)):
        with pytest.raises(OutputFileError) as e:
            call(tmp_path / name, "--png")
        for w in ("--png",) + words:
            assert w in str(e.value)
        assert "Traceback" not in str(e.value)
    assert _listing(tmp_path) == []


def test_a_path_past_path_max_and_odd_paths_are_refused(tmp_path):
    deep = "/".join(["d" * 200] * 21)  # 4220 bytes
    with pytest.raises(OutputFileError, match="4095 \\(PATH_MAX\\)"):
        files.check_output(str(tmp_path / deep), "--out")
    with pytest.raises(OutputFileError, match="NUL"):
        files.check_output(str(tmp_path / "a\0b.png"), "--png")
    with pytest.raises(OutputFileError, match="is a directory: give a file name"):
        files.check_output(str(tmp_path / "out") + "/", "--png")
    with pytest.raises(OutputFileError, match="--out: the output path is empty"):
        files.check_output("", "--out")
    long_folder = tmp_path / ("f" * 300) / "out.png"
    with pytest.raises(OutputFileError, match="too long|does not exist"):
        files.check_output(long_folder, "--png")


def test_an_existing_regular_file_is_replaced_and_nothing_else_is(tmp_path, fifo):
    old = tmp_path / "old.png"
    old.write_bytes(b"old")
    files.write_atomic(old, b"new", "--png")
    assert old.read_bytes() == b"new"
    link = tmp_path / "link.png"
    link.symlink_to(old)
    dev_link = tmp_path / "null.png"
    dev_link.symlink_to("/dev/null")
    cases = [(fifo, "FIFO"), (link, "symbolic link"), (dev_link, "symbolic link"),
             (tmp_path, "is a directory")]
    for place, word in cases:
        before = os.lstat(place)
        for call in (files.check_output, lambda p, f: files.write_atomic(p, b"x", f),
                     lambda p, f: os.close(_in_time(files.open_append, p, f))):
            with pytest.raises(OutputFileError, match=word) as e:
                call(place, "--record")
            assert "--record" in str(e.value) and place.name in str(e.value)
        after = os.lstat(place)
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert old.read_bytes() == b"new" and os.readlink(link) == str(old)
    assert sorted(_listing(tmp_path)) == ["fifo", "link.png", "null.png", "old.png"]


def test_dev_null_itself_is_never_replaced():
    before = os.lstat("/dev/null")
    with pytest.raises(OutputFileError, match="'/dev/null' is a character device"):
        files.write_atomic("/dev/null", b"x", "--record")
    with pytest.raises(OutputFileError, match="character device"):
        files.check_output("/dev/null", "--record")
    after = os.lstat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_a_device_node_is_never_replaced(zero_node):
    for call in (files.check_output, lambda p, f: files.write_atomic(p, b"x", f),
                 lambda p, f: os.close(files.open_append(p, f))):
        with pytest.raises(OutputFileError, match="character device, not a regular file"):
            call(zero_node, "--out")
    assert stat.S_ISCHR(os.lstat(zero_node).st_mode)


def test_the_folder_checks(tmp_path):
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    with pytest.raises(OutputFileError, match="'.*file.txt' is a file, not a folder"):
        files.check_output(a_file / "out.png", "--png")
    with pytest.raises(OutputFileError, match="not a folder"):
        files.check_output(a_file / "sub" / "out.png", "--png")
    with pytest.raises(OutputFileError, match="folder '.*missing' does not exist"):
        files.write_atomic(tmp_path / "missing" / "out.png", b"x", "--png")


def test_a_folder_that_cannot_be_entered_or_written_is_a_clear_message(tmp_path, monkeypatch):
    """As root nothing is denied, so the denials are made: os.stat of the folder, then the
    temporary file's creation."""
    folder = tmp_path / "locked"
    folder.mkdir()
    real_stat = os.stat

    def no_entry(p, *a, **k):
        if os.fspath(p) == str(folder):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(p))
        return real_stat(p, *a, **k)
    monkeypatch.setattr(files.os, "stat", no_entry)
    with pytest.raises(OutputFileError, match="--png .*: cannot enter folder .*locked.* "
                                              "\\(permission denied\\)"):
        files.check_output(folder / "out.png", "--png")
    monkeypatch.undo()

    def no_write(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(files.tempfile, "mkstemp", no_write)
    for call in (files.check_output, lambda p, f: files.write_atomic(p, b"x", f)):
        with pytest.raises(OutputFileError, match="cannot write in folder .*locked.* "
                                                  "\\(permission denied\\)"):
            call(folder / "out.png", "--png")
    assert _listing(folder) == []


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    target = tmp_path / "rec.jsonl"
    target.write_text("old\n")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OutputFileError, match="cannot write --record .*rec.jsonl.*No space"):
        files.write_atomic(target, "new\n", "--record")
    assert target.read_text() == "old\n" and _listing(tmp_path) == ["rec.jsonl"]


def test_the_check_creates_nothing(tmp_path):
    target = tmp_path / "out.json"
    assert files.check_output(str(target), "--out") == target
    assert _listing(tmp_path) == []
    assert tempfile.gettempdir()  # the module's temporary names go to the target's folder


def test_open_append_writes_a_regular_file(tmp_path):
    path = tmp_path / "results.jsonl"
    fd = files.open_append(path, "--out")
    try:
        os.write(fd, b"one\n")
    finally:
        os.close(fd)
    fd = files.open_append(path, "--out")
    try:
        os.write(fd, b"two\n")
    finally:
        os.close(fd)
    assert path.read_bytes() == b"one\ntwo\n"
    assert files.read_bytes(path) == b"one\ntwo\n"


def test_records_are_read_and_written_through_the_one_reader_and_writer(tmp_path, fifo):
    from engine.record import read_record
    with pytest.raises(InputFileError, match="FIFO"):
        _in_time(read_record, fifo)
    with pytest.raises(InputFileError, match="character device"):
        _in_time(read_record, "/dev/zero")

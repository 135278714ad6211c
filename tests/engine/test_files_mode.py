"""Files written with the user's umask (issue 52 item 6): a new output's mode is 0666 less the
umask, as ``open`` would make it, whatever the one writer does inside (a temporary file from
``mkstemp`` is 0600); a file replaced keeps its mode.  For the three ways of writing:
:func:`engine.files.write_atomic`, :class:`engine.files.Journal` and
:func:`engine.files.open_append`.  Under umask 022 (a shared folder's club manager: others
read the record) and 077 (a private one: nobody else does)."""
from __future__ import annotations

import os
import stat

import pytest

from engine import files

UMASKS = (0o022, 0o077, 0o002)


@pytest.fixture(params=UMASKS, ids=lambda m: f"umask{m:03o}")
def umask(request):
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_the_umask_is_read_as_it_is_now(umask):
    assert files.current_umask() == umask
    assert files.current_umask() == umask  # reading it did not change it
    assert os.umask(umask) == umask


def test_write_atomic_makes_a_new_file_with_the_umask(tmp_path, umask):
    path = tmp_path / "game.jsonl"
    files.write_atomic(path, "{}\n")
    assert mode(path) == 0o666 & ~umask
    assert path.read_text() == "{}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]  # no temporary file left


def test_write_atomic_keeps_the_mode_of_the_file_it_replaces(tmp_path, umask):
    path = tmp_path / "game.jsonl"
    path.write_text("old\n")
    for kept in (0o644, 0o640, 0o600, 0o664):
        os.chmod(path, kept)
        files.write_atomic(path, "new\n")
        assert mode(path) == kept, oct(mode(path))
        assert path.read_text() == "new\n"


def test_the_journal_and_an_append_file_are_made_with_the_umask(tmp_path, umask):
    with files.Journal(tmp_path / "j.jsonl", "--record", sync=False) as journal:
        journal.append("{}")
    assert mode(tmp_path / "j.jsonl") == 0o666 & ~umask
    fd = files.open_append(tmp_path / "r.jsonl", "--out")
    os.close(fd)
    assert mode(tmp_path / "r.jsonl") == 0o666 & ~umask


def test_a_journal_over_an_existing_file_keeps_its_mode(tmp_path, umask):
    path = tmp_path / "j.jsonl"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    with files.Journal(path, "--record", sync=False) as journal:
        journal.append("{}")
    assert mode(path) == 0o640 and path.read_text() == "{}\n"


def test_a_written_file_is_readable_by_others_under_umask_022(tmp_path):
    """The club's case: a record written to a shared folder is readable by the others."""
    old = os.umask(0o022)
    try:
        files.write_atomic(tmp_path / "match.jsonl", "{}\n")
    finally:
        os.umask(old)
    assert os.stat(tmp_path / "match.jsonl").st_mode & stat.S_IROTH


def test_without_proc_the_umask_is_read_by_setting_it_back(tmp_path, umask, monkeypatch):
    """Where /proc/self/status does not say it (macOS, BSD), ``os.umask`` is read by setting
    it and put back."""
    monkeypatch.setattr(files, "_PROC_STATUS", str(tmp_path / "no-such-file"))
    assert files.current_umask() == umask
    assert os.umask(umask) == umask
    files.write_atomic(tmp_path / "a.txt", "a")
    assert mode(tmp_path / "a.txt") == 0o666 & ~umask

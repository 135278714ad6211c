import itertools
import os

import pytest

from ai import warmup
from ai.calibrate import selfplay
from sim import Simulator


def pytest_sessionstart(session):
    """From a fresh clone the kernels are compiled once, here, before xdist's workers start
    (``ai.warmup.first_run``: two processes, about 20 s): otherwise every worker compiles the
    same kernels at its first decision, each on its own (about 30 s apiece, both cores busy
    with the same work).  A worker (``workerinput``) finds the disk cache warm; so does a
    second run."""
    if not hasattr(session.config, "workerinput"):
        warmup.first_run()


def greedy_selfplay(tmp_path_factory, games: int, seed: int):
    """Positions of ``games`` seeded games of ``greedy`` against itself (JSON Lines), written
    by ``ai.calibrate.selfplay`` into a fresh temporary directory."""
    path = tmp_path_factory.mktemp("selfplay") / "pos.jsonl"
    assert selfplay.main(["--games", str(games), "--agent", "greedy", "--seed", str(seed),
                          "--jobs", "1", "--out", str(path)]) == 0
    return path


@pytest.fixture(scope="session")
def simulator():
    return Simulator()


_DATA_FOLDERS = itertools.count()


@pytest.fixture(scope="session", autouse=True)
def _session_data_home(tmp_path_factory):
    """The user's data folder ($XDG_DATA_HOME: the board keeps its matches there, issue 54)
    is a temporary one for the whole run -- a board started by a session's fixture writes
    there --, never the user's own."""
    old = os.environ.get("XDG_DATA_HOME")
    root = tmp_path_factory.mktemp("xdg-data")
    os.environ["XDG_DATA_HOME"] = str(root / "session")
    yield root
    if old is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old


@pytest.fixture(autouse=True)
def _data_home(_session_data_home, monkeypatch):
    """Each test its own data folder (made only when something is written there): a match
    one test started is not the next test's board's current match."""
    monkeypatch.setenv("XDG_DATA_HOME", str(_session_data_home / f"t{next(_DATA_FOLDERS)}"))

import pytest

from ai.calibrate import selfplay
from sim import Simulator


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

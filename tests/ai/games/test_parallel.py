"""The workers games are played by (ai/games/parallel.py), and self-play on them: the same
positions from this machine's processes and from a Dask cluster."""
import pytest

from ai.calibrate import selfplay
from ai.games.parallel import BACKENDS, ParallelSetupError, workers


def test_each_backend_gives_its_number_of_jobs():
    assert workers("sequential", 4).n_jobs == 1
    assert workers("loky", 3).n_jobs == 3
    assert workers("threading", 2).n_jobs == 2
    assert "dask" in BACKENDS


@pytest.mark.parametrize("backend, scheduler, words", [
    ("spark", None, "not one of"),
    ("dask", None, "scheduler address goes with the dask backend"),
    ("loky", "tcp://127.0.0.1:1", "scheduler address goes with the dask backend"),
])
def test_a_setting_that_cannot_work_is_refused_saying_why(backend, scheduler, words):
    with pytest.raises(ParallelSetupError, match=words):
        workers(backend, 2, scheduler)


def test_selfplay_on_a_dask_cluster_writes_the_same_positions(tmp_path):
    distributed = pytest.importorskip("distributed")
    here, there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    common = ["--games", "2", "--agent", "greedy", "--seed", "11"]
    assert selfplay.main([*common, "--jobs", "1", "--out", str(here)]) == 0
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        assert selfplay.main([*common, "--backend", "dask", "--scheduler",
                              cluster.scheduler_address, "--out", str(there)]) == 0

    def by_game(path):
        return sorted(selfplay.read_positions(path), key=lambda x: (x["game"], x["stroke"]))
    assert by_game(there) == by_game(here) and len(by_game(here)) > 10


def test_selfplay_refuses_a_scheduler_without_dask(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        selfplay.main(["--games", "1", "--out", str(tmp_path / "x.jsonl"), "--scheduler",
                       "tcp://127.0.0.1:1"])
    assert exc.value.code == 2
    assert "scheduler address goes with the dask backend" in capsys.readouterr().err

"""The strength ladder's report carries what reproduces it (benchmarks/ladder.py): the
command, commit, physics, each pair's seed and command, and every game's result."""
import json

from benchmarks import ladder
from sim.params import PhysicsParams


def test_a_played_pair_is_reported_with_its_provenance_and_every_game(tmp_path):
    ladder.play(tmp_path, games=2, jobs=1, pairs=[0])  # random vs greedy
    assert ladder.main(["--dir", str(tmp_path), "--report-only"]) == 0
    doc = json.loads((tmp_path / "ladder.json").read_text())
    assert doc["rungs"][:2] == ["random", "greedy"] and "mc-2" in doc["rungs"]
    (pair,) = doc["pairs"]
    assert pair["games"] == 2 and pair["seed"] == ladder.SEED
    assert pair["commit"] == ladder.commit()  # the commit it was played at, kept beside it
    assert pair["command"].startswith("pyramid tournament --agents random greedy --games 2 "
                                      f"--seed {ladder.SEED}")
    assert sorted(g["game"] for g in doc["games"]) == [0, 1]
    assert sum(g["score_side0"] if g["agents"][0] == "greedy" else 1 - g["score_side0"]
               for g in doc["games"]) == pair["score"]
    prov = doc["provenance"]
    assert prov["command"] == f"python -m benchmarks.ladder --dir {tmp_path} --report-only"
    assert prov["physics_digest"] == PhysicsParams().digest()
    assert prov["table"] == "pyramid-12ft"
    assert (tmp_path / "ladder.png").stat().st_size > 1000

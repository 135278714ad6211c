"""Fitting the learned value: self-play positions written as JSON Lines (whole games,
resumable), read back to the same states, and a fit that writes the weights with the held-out
comparison against the race model."""
import json

from ai.calibrate import selfplay, value
from ai.value.features import NAMES
from engine import GameState


def test_selfplay_then_fit(tmp_path, capsys):
    out = tmp_path / "pos.jsonl"
    assert selfplay.main(["--games", "4", "--agent", "greedy", "--seed", "0", "--jobs", "1",
                          "--out", str(out)]) == 0
    lines = selfplay.read_positions(out)
    assert {line["game"] for line in lines} == {0, 1, 2, 3}
    first = lines[0]
    assert first["stroke"] == 0 and first["state"]["break_pending"]
    assert GameState.from_json(first["state"]).to_json() == first["state"]
    assert all(line["winner"] in (0, 1) for line in lines)
    # resuming a finished file plays nothing more; a torn last line is skipped on reading
    n = len(lines)
    assert selfplay.main(["--games", "4", "--agent", "greedy", "--seed", "0", "--out",
                          str(out), "--resume"]) == 0
    with open(out, "a") as f:
        f.write('{"game": 9, "sta')
    assert len(selfplay.read_positions(out)) == n

    weights = tmp_path / "w.json"
    assert value.main(["--positions", str(out), "--out", str(weights)]) == 0
    doc = json.loads(weights.read_text())
    assert doc["features"] == list(NAMES) and len(doc["weights"]) == len(NAMES)
    assert doc["fit"]["games"] == 4 and doc["fit"]["positions"] == n
    held = doc["held_out_every_4th_game"]
    assert held["games"] == 1
    for model in ("learned", "race_model_today"):
        assert 0 < held[model]["log_loss"] and 0 <= held[model]["brier"] <= 1
        assert sum(r["n"] for r in held[model]["reliability"]) == held["positions"]
    assert not (tmp_path / "w.json.tmp").exists()
    assert "log-loss" in capsys.readouterr().out

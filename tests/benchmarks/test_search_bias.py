"""How honest the search is about its choice (benchmarks/search_bias.py): on a sure pot its
estimate and a fresh replay agree; the summary's arithmetic per kind and manner; bad input
exits 2."""
import json

import numpy as np
import pytest

from ai.agent import ATTACK, SAFETY
from ai.registry import make_agent
from benchmarks import search_bias as sb

from ..ai.conftest import make_state
from .conftest import assert_refused


def test_on_a_sure_pot_the_estimate_and_a_fresh_replay_agree():
    state = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625), "5": (1.0, 0.5)})
    row = sb.judged(make_agent("mc-fast"), state, 1, 24, np.random.default_rng(2))
    assert row.kind == ATTACK and row.manner == "clean" and row.samples >= 1
    assert row.estimate_pot >= 0.75 and row.replayed_pot >= 0.75
    assert abs(row.replayed - row.estimate) < 0.1 and 0 < row.replayed < 1


def _row(kind, manner, estimate, replayed, estimate_pot=0.0, replayed_pot=0.0):
    return sb.Judged(kind, manner, 40, estimate, replayed, estimate_pot, replayed_pot)


def test_the_summary_groups_per_kind_and_manner():
    rows = [_row(ATTACK, "clean", 0.6, 0.5, 0.4, 0.3), _row(ATTACK, "bank", 0.5, 0.5, 0.2, 0.2),
            _row(SAFETY, None, 0.5, 0.48), _row(SAFETY, None, 0.5, 0.5)]
    doc = sb.summary(rows)
    assert doc["all"]["positions"] == 4
    assert doc["all"]["surprise"] == pytest.approx(-0.03, abs=1e-4)
    attack = doc["kinds"][ATTACK]
    assert attack["estimate"] == pytest.approx(0.55) and attack["surprise"] == pytest.approx(-0.05)
    assert attack["surprise_se"] == pytest.approx(0.05, abs=1e-4)  # sd 0.0707 of 2, / sqrt 2
    assert attack["surprise_pot"] == pytest.approx(-0.05)
    assert doc["kinds"][SAFETY]["surprise"] == pytest.approx(-0.01)
    assert set(doc["manners"]) == {"bank", "clean"}
    assert doc["manners"]["clean"]["positions"] == 1
    assert doc["manners"]["clean"]["surprise_se"] is None
    assert sb.group([]) == {"positions": 0}


def test_the_command_writes_its_report_and_refuses_bad_input(tmp_path, capsys,
                                                             greedy_positions):
    positions = greedy_positions
    out = tmp_path / "report.json"
    assert sb.main(["--positions", str(positions), "--agent", "mc-fast", "--sample", "2",
                    "--replays", "3", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["command"].startswith("python -m benchmarks.search_bias")
    assert doc["all"]["positions"] == len(doc["rows"])
    assert doc["all"]["positions"] == 2 and "surprise" in doc["all"]
    assert_refused(sb.main, [
        (["--positions", str(tmp_path / "none.jsonl")], "--positions"),
        (["--positions", str(positions), "--replays", "0"], "--replays"),
        (["--positions", str(positions), "--sample", "0"], "--sample"),
        (["--positions", str(positions), "--agent", "greedy"], "--agent"),
        (["--positions", str(positions), "--agent", "mc:budget=-1"], "--agent"),
        (["--positions", str(positions), "--out", str(tmp_path / "no" / "r.json")], "--out"),
    ], capsys)

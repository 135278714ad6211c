"""What strokes leave the opponent (benchmarks/leaves_left.py): a straight short pot left to
him is a danger, a thin long cut far less; an attack on a sure pot keeps the table; the
summary counts per kind; bad input exits 2."""
import json

import numpy as np
import pytest

from ai.agent import ATTACK, SAFETY
from ai.registry import make_agent
from benchmarks import leaves_left as ll

from ..ai.conftest import make_state
from .conftest import assert_refused
from .test_pot_chances import _ctx


def test_a_straight_short_pot_left_is_a_danger_and_a_thin_long_cut_is_less():
    straight = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625)})
    thin = make_state({"cue": (0.60, 1.50), "1": (2.40, 1.05)})
    rng = np.random.default_rng(0)
    near = ll.danger(straight, _ctx(straight), rng)
    far = ll.danger(thin, _ctx(thin), rng)
    assert near >= 0.6 and far < 0.5 and far < near  # 12 measured strokes: coarse


def test_an_attack_on_a_sure_pot_keeps_the_table_in_most_plays():
    state = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625), "5": (1.0, 0.5)})
    rows = ll.leaves(make_agent("mc-fast"), state, 1, 8, np.random.default_rng(1))
    assert len(rows) == 8 and all(r.kind == ATTACK for r in rows)
    assert sum(r.kept for r in rows) >= 6
    assert all(r.danger is None for r in rows if r.kept)


def test_the_summary_counts_per_kind():
    rows = [ll.Leave(ATTACK, True, False, None), ll.Leave(ATTACK, False, False, 0.4),
            ll.Leave(ATTACK, False, False, 0.0), ll.Leave(SAFETY, False, False, 0.1),
            ll.Leave(SAFETY, False, True, None)]
    doc = ll.summary(rows)
    assert doc[ATTACK] == {"outcomes": 3, "leaves": 2, "mean_danger": 0.2, "open_share": 0.5,
                           "fouls_in_hand": 0}
    assert doc[SAFETY]["leaves"] == 1 and doc[SAFETY]["fouls_in_hand"] == 1
    assert doc["attack_pot_rate"] == pytest.approx(1 / 3, abs=1e-4)
    assert ll.mean_danger(rows) == pytest.approx(0.5 / 3)
    assert ll.mean_danger([ll.Leave(ATTACK, True, False, None)]) == 0.0


def test_the_command_writes_its_report_and_refuses_bad_input(tmp_path, capsys,
                                                             greedy_positions):
    positions = greedy_positions
    out = tmp_path / "report.json"
    assert ll.main(["--positions", str(positions), "--agent", "mc-fast", "--sample", "2",
                    "--strokes", "2", "--safeties", "3", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert set(ll.KINDS) <= set(doc) and len(doc["rows"]) <= 4
    choice = doc["safety_choice"]
    assert choice["k"] == 3 and 0 <= choice["positions"] <= 2
    assert_refused(ll.main, [
        (["--positions", str(tmp_path / "none.jsonl")], "--positions"),
        (["--positions", str(positions), "--strokes", "0"], "--strokes"),
        (["--positions", str(positions), "--safeties", "1"], "--safeties"),
        (["--positions", str(positions), "--agent", "mc:budget=-1"], "--agent"),
        (["--positions", str(positions), "--out", str(tmp_path / "no" / "r.json")], "--out"),
    ], capsys)

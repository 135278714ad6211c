"""The board's pot chances against replays (benchmarks/pot_calibration.py): the table's
arithmetic per band, the target only where a band holds enough strokes, a suggestion replayed
on the rail shot, bad input exits 2.  Under a second but for the replay (a few seconds)."""
import numpy as np

from ai.agent import Decision
from ai.agents.mc import MCAgent
from benchmarks import pot_calibration as pc
from engine import Call
from sim import Strike

from ..ai.conftest import make_state
from .conftest import assert_refused


def _row(searched, reported, replayed):
    return pc.Replayed("attack", searched, reported, replayed, 48, 0.5, 0.5, 0.5, False)


def test_the_bands_average_prediction_and_replays_and_judge_only_full_bands():
    rows = ([_row(0.35, 0.31, 0.30)] * 20 + [_row(0.38, 0.33, 0.34)] * 5
            + [_row(0.95, 1.0, 0.9)] * 3)
    searched = pc.bands(rows, "searched")
    assert [(b["band"], b["strokes"]) for b in searched] == [([0.3, 0.4], 25), ([0.9, 1.0], 3)]
    low = searched[0]
    assert low["predicted"] == round((20 * 0.35 + 5 * 0.38) / 25, 4)
    assert low["replayed"] == round((20 * 0.30 + 5 * 0.34) / 25, 4)
    assert low["target_applies"] and low["target_met"] is False  # 0.356 vs 0.308
    reported = pc.bands(rows, "reported")
    assert reported[0]["target_met"] is True  # 0.314 vs 0.308
    assert reported[-1]["band"] == [0.9, 1.0] and reported[-1]["target_met"] is None
    doc = pc.summary(rows)
    assert doc["target_met"] is True and doc["strokes"] == 28


class _Shown:
    def __init__(self, decision):
        self.decision, self.jaw_dependent = decision, True


def test_a_suggestion_is_replayed_under_the_agent_s_noise():
    state = make_state({"cue": (3.20, 1.425), "1": (3.40, 1.625), "5": (1.0, 0.5)})
    agent = MCAgent(budget=8, fresh=0)
    sure = Decision(Call("1", "FR"), Strike(1.5, np.arctan2(0.2, 0.2)), p_success=0.9,
                    p_win=0.7, p_foul=0.0, expected_points=1.0, samples=8)
    row = pc.replay(agent, state, _Shown(sure), 12, np.random.default_rng(1))
    assert row.replays == 12 and row.searched == row.reported == 0.9 and row.jaw_dependent
    assert 0 <= row.replayed <= 1 and 0 <= row.p_win_replayed <= 1


def test_bad_sizes_are_refused_naming_the_flag(tmp_path, capsys):
    positions = tmp_path / "p.jsonl"
    positions.write_text("")
    assert_refused(pc.main, [(["--positions", str(positions), "--replays", "0"], "--replays"),
                             (["--positions", str(positions), "--fresh", "-1"], "--fresh"),
                             (["--positions", str(tmp_path / "none.jsonl")], "--positions")],
                   capsys)

"""Rulings of a person's summary of a stroke (no event log) against a readable oracle written
from the rules (summary_oracle.py), under both call modes (R5.1 exact, R5.2 ball and pocket),
with the manner stated (``call_fulfilled`` true / false, a manner named) and not; and the two
reproductions of issue 22: a clean call of the 5 with the 7 hit first is R5.5, not a pot."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import adjudicate, stroke_from_json
from engine.calls import unfulfilled_by_summary, Call
from engine.errors import IllegalInputError
from rules_helpers import MID, MID_SHELVES, make_state
from summary_oracle import rule

ROOT_DIR = Path(__file__).resolve().parents[2]

POCKETS = ["NL", "NR", "ML", "MR", "FL", "FR"]
MANNERS = ["clean", "bank", "kiss", "carom", "cushion-first", "combination",
           "cushion-first+bank", "kiss+bank", "carom+combination", "combination+bank",
           "carom+kiss", "cushion-first+combination"]
OBJECTS = [b for b in MID if b != "cue"]
CUE_END = [0.6, 1.4]  # free in MID


@st.composite
def summaries(draw):
    """A summary of a stroke from MID (cue ball on the table)."""
    ball = draw(st.sampled_from(OBJECTS))
    others = [b for b in OBJECTS if b != ball]
    call = {"ball": ball, "pocket": draw(st.sampled_from(POCKETS))}
    manner = draw(st.sampled_from(MANNERS + [None]))  # None: no manner said (clean)
    if manner is not None:
        call["manner"] = manner
        uses_balls = {"kiss", "carom", "combination"} & set(manner.split("+"))
        if uses_balls and draw(st.booleans()):
            call["via"] = draw(st.lists(st.sampled_from(others), min_size=1, max_size=2,
                                        unique=True))
        elif set(manner.split("+")) in ({"combination"}, {"carom"}) and draw(st.booleans()):
            call = {"ball": ball, "pocket": call["pocket"],
                    "path": [{"manner": manner, "ball": draw(st.sampled_from(others))}]}
    first = draw(st.sampled_from([ball, ball, None] + others))
    fell = []
    if draw(st.integers(0, 3)) > 0:
        pocket = call["pocket"] if draw(st.integers(0, 3)) > 0 else draw(st.sampled_from(POCKETS))
        fell.append({"ball": ball, "pocket": pocket})
    for b in draw(st.lists(st.sampled_from(others), max_size=2, unique=True)):
        fell.append({"ball": b, "pocket": draw(st.sampled_from(POCKETS))})
    if draw(st.integers(0, 7)) == 0:
        fell.append({"ball": "cue", "pocket": draw(st.sampled_from(POCKETS))})
    draw(st.randoms()).shuffle(fell)
    stroke = {"call": call, "first_contact": first, "pocketed": fell}
    said = draw(st.sampled_from([None, True, False]))
    if said is not None:
        stroke["call_fulfilled"] = said
    if all(p["ball"] != "cue" for p in fell):
        stroke["final"] = {"cue": CUE_END}
    return stroke


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stroke=summaries(), mode=st.sampled_from(["exact", "ball-and-pocket"]))
def test_R5_1_R5_2_R5_5_summary_rulings_match_the_oracle(stroke, mode):
    """R5.1 / R5.2 / R5.5 / R7.1-R7.3 / R4.1: the engine rules a random summary as the
    oracle written from the rules does."""
    state = make_state(MID, scores=(30, 40), shelves=MID_SHELVES, call_mode=mode)
    want = rule(stroke, mode)
    if want.refused:
        with pytest.raises(IllegalInputError, match=r"call_fulfilled.*R5\.1"):
            adjudicate(state, stroke_from_json(stroke, state))
        return
    adj = adjudicate(state, stroke_from_json(stroke, state)).adjudication
    assert bool(adj.fouls) == want.foul, (stroke, adj)
    assert adj.successful == want.successful, (stroke, adj)
    assert frozenset(adj.counted) == want.counted, (stroke, adj)
    assert adj.turn_passes == want.turn_passes, (stroke, adj)
    if not want.successful and not want.foul:
        assert adj.points == (0, 0)  # R5.5: no penalty


# --- the reproductions of issue 22 ----------------------------------------------------------
CLEAN_5_HIT_7 = {"call": {"ball": "5", "pocket": "FR", "manner": "clean"}, "first_contact": "7",
                 "pocketed": [{"ball": "5", "pocket": "FR"}], "final": {"cue": CUE_END}}


def test_R5_1_R5_5_clean_call_with_another_first_contact_is_unsuccessful(mid):
    """R5.1: a clean pot means the cue ball hits the called ball first; hitting the 7 first
    is a carom or combination not called, so the stroke fails (R5.5): nothing counts, the 5
    is respotted, the turn passes, no penalty."""
    adj = adjudicate(mid, stroke_from_json(CLEAN_5_HIT_7, mid)).adjudication
    assert not adj.successful and adj.counted == () and adj.points == (0, 0)
    assert adj.turn_passes and [b for b, _ in adj.respotted] == ["5"]
    assert any(n.startswith("R5.5") for n in adj.notes)
    assert any("hit the 7 first" in n for n in adj.notes)


def test_R5_1_clean_call_said_fulfilled_with_another_first_contact_is_refused(mid):
    """R5.1: "fulfilled" and "the 7 first" on a clean call of the 5 cannot both be true."""
    with pytest.raises(IllegalInputError, match=r"call_fulfilled = true.*first_contact = 7"):
        adjudicate(mid, stroke_from_json(dict(CLEAN_5_HIT_7, call_fulfilled=True), mid))


def test_R5_5_pyramid_score_rules_the_clean_call_off_the_7_unsuccessful(mid):
    """R5.1, R5.5 end to end: ``pyramid score`` with the JSON summary."""
    doc = dict(mid.to_json(), stroke=CLEAN_5_HIT_7)
    p = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "score", "-", "--json"],
                       input=json.dumps(doc), capture_output=True, text=True, cwd=ROOT_DIR,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    a = json.loads(p.stdout)["adjudication"]
    assert a["successful"] is False and a["counted"] == [] and a["points"] == [0, 0]
    assert a["turn_passes"] is True and [r["ball"] for r in a["respotted"]] == ["5"]
    p = subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "score", "-"],
                       input=json.dumps(dict(doc, stroke=dict(CLEAN_5_HIT_7,
                                                              call_fulfilled=True))),
                       capture_output=True, text=True, cwd=ROOT_DIR, timeout=120)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "stroke.call_fulfilled" in p.stderr and "R5.1" in p.stderr


@pytest.mark.parametrize("call, first, fulfilled", [
    ({"ball": "5", "pocket": "FR"}, "5", True),
    ({"ball": "5", "pocket": "FR", "manner": "bank"}, "7", False),
    ({"ball": "5", "pocket": "FR", "manner": "kiss", "via": ["3"]}, "3", False),
    ({"ball": "5", "pocket": "FR", "manner": "combination"}, "5", False),
    ({"ball": "5", "pocket": "FR", "manner": "combination"}, "7", True),
    ({"ball": "5", "pocket": "FR", "manner": "combination", "via": ["3"]}, "7", False),
    ({"ball": "3", "pocket": "ML", "path": [{"manner": "carom", "ball": "7"},
                                            {"manner": "combination", "ball": "12"}]},
     "7", True),
    ({"ball": "3", "pocket": "ML", "path": [{"manner": "carom", "ball": "7"},
                                            {"manner": "combination", "ball": "12"}]},
     "12", False),
])
def test_R5_1_the_first_ball_a_summary_gives_against_the_called_manner(call, first, fulfilled):
    """R5.1: clean, bank, kiss and cushion-first strike the called ball first; a carom or a
    combination strikes another ball first, the one its path (or via) names."""
    assert (unfulfilled_by_summary(Call.from_json(call), first) is None) == fulfilled

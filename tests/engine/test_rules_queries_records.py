"""Queries for the AI (legal calls, placement, tush, evaluate, penalty) and game records."""
import json

import pytest

from engine import (GameRecord, MalformedInputError, adjudicate, evaluate, initial_state,
                    legal_calls, make_header, penalty_hands_game, read_record, replay,
                    stroke_record, tush_available, tush_stroke, write_record)
from engine.record import parse_record, result_line
from engine.recorded import RecordedStrike
from rules_helpers import (L, MID, MID_SHELVES, W, cross, from_events, hit, make_state, pocket,
                           strike, summary)


def test_legal_calls_exact_and_ball_and_pocket(mid):
    """R5.1 / R5.2: every ball x pocket (x manner under the exact call)."""
    calls = legal_calls(mid)
    assert len(calls) == 5 * 6 * 6
    assert {c.ball for c in calls} == {"3", "5", "7", "9", "12"}
    bp = make_state(MID, call_mode="ball-and-pocket")
    assert len(legal_calls(bp)) == 5 * 6
    with_via = legal_calls(mid, via_candidates=1)
    assert any(c.manner == "combination" and c.via == ("12",) and c.ball == "7" for c in with_via)


def test_legal_calls_from_hand_leave_out_house_balls():
    """R8.2: a house ball cannot count from hand, so it is not offered."""
    s = make_state({"3": (0.5, 1.2), "7": (3.0, 1.0)}, cue_in_hand=True)
    assert {c.ball for c in legal_calls(s)} == {"7"}
    assert {c.ball for c in legal_calls(s, include_house_balls=True)} == {"3", "7"}


def test_tush_available(mid):
    """R7.1(d) / R11.8: a tush needs the cue ball on the table; not before the break (R3.2)."""
    assert tush_available(mid)
    assert not tush_available(initial_state())
    out = evaluate(mid, tush_stroke())
    assert out.fouls == ("R7.1d",) and out.points == (-5, 5) and out.turn_passes


def test_evaluate_does_not_mutate(mid):
    before = json.dumps(mid.to_json(), sort_keys=True)
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], final={"cue": [2.9, 1.2]})
    a = evaluate(mid, st)
    assert a.points == (7, 0) and not a.turn_passes and a.result is None
    assert json.dumps(mid.to_json(), sort_keys=True) == before


def test_penalty_hands_game():
    """R7.2 + R9.1: a 5-point penalty gives the opponent the game when he is at 66+."""
    assert penalty_hands_game(make_state(MID, scores=(10, 66)))
    assert not penalty_hands_game(make_state(MID, scores=(10, 65)))
    assert not penalty_hands_game(make_state(MID, scores=(66, 10)))


# --- records ----------------------------------------------------------------------------
GOLDEN = {
    "pot7": ([strike(), hit(0.5, "cue", "7"), pocket(1.0, "7", "FL")], {"cue": (2.9, 1.2)}),
    "miss": ([strike()], {"cue": (2.0, 1.0)}),
}


def fake_simulate(state, strike_obj, placement):
    events, final = GOLDEN[strike_obj.extra["id"]]
    return events, dict(final)


def build_record():
    s = make_state(MID, scores=(30, 40), shelves=MID_SHELVES)
    rec = GameRecord(make_header(s, ["alice", "bob"], seed=7, physics={"mu_roll": 0.01}))
    # stroke 1: pot 7 (player 0 continues); stroke 2: miss (turn passes)
    for sid, call in (("pot7", {"ball": "7", "pocket": "FL"}), ("miss", {"ball": "9", "pocket": "NL"})):
        strike = RecordedStrike.from_json({"id": sid})  # a stand-in: the fake simulator's key
        events, final = fake_simulate(s, strike, None)
        facts = from_events(s, events, final, call=call)
        out = adjudicate(s, facts)
        rec.strokes.append(stroke_record(s, facts, out.adjudication, out.state, strike=strike))
        s = out.state
    rec.result = result_line(s)
    return rec, s


def test_record_write_read_round_trip(tmp_path):
    rec, final_state = build_record()
    path = tmp_path / "game.jsonl"
    write_record(path, rec)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["type"] == "header"
    assert [json.loads(x)["type"] for x in lines[1:]] == ["stroke", "stroke", "result"]
    back = read_record(path)
    assert back.header == rec.header and len(back.strokes) == 2
    assert back.strokes[0].state_before == rec.strokes[0].state_before
    assert back.strokes[1].scores_after == final_state.scores == (32, 45)
    assert back.strokes[1].fouls == ("R7.1a",)


def test_replay_exact_and_detects_difference(tmp_path):
    rec, _ = build_record()
    path = tmp_path / "game.jsonl"
    write_record(path, rec)
    back = read_record(path)
    assert replay(back, fake_simulate) == []

    def drifting(state, strike_obj, placement):
        events, final = fake_simulate(state, strike_obj, placement)
        final["cue"] = (final["cue"][0] + 0.01, final["cue"][1])
        return events, final
    mism = replay(back, drifting)
    assert len(mism) == 2 and "cue" in mism[0].what


def test_reader_refuses_malformed_line_with_number(tmp_path):
    rec, _ = build_record()
    lines = rec.lines()
    lines[2] = lines[2][:40]
    with pytest.raises(MalformedInputError, match="line 3"):
        parse_record(lines)
    bad = rec.lines()
    obj = json.loads(bad[1])
    obj["state_before"]["scores"] = "x"
    bad[1] = json.dumps(obj)
    with pytest.raises(MalformedInputError, match="line 2"):
        parse_record(bad)
    with pytest.raises(MalformedInputError, match="line 1"):
        parse_record(['{"type": "stroke"}'])


def test_adjudicate_sim_result_reads_only_events_and_final(mid):
    """R5.1 / R7.1(b) through a SimResult value (no simulator involved)."""
    from engine import adjudicate_sim_result
    from engine.calls import Call
    from sim.result import Pocketed, SimResult
    ev = [strike(), hit(0.5, "cue", "7"), pocket(1.0, "7", "FL"), pocket(1.4, "cue", "FR")]
    res = SimResult(final={"cue": None, "7": None, "12": (2.4, 0.9)}, events=ev,
                    pocketed=[Pocketed("7", "FL", 1.0), Pocketed("cue", "FR", 1.4)],
                    duration_s=2.0)
    out = adjudicate_sim_result(mid, res, call=Call("7", "FL"))
    assert out.adjudication.fouls == ("R7.1b",) and out.adjudication.counted == ()
    assert out.state.cue_in_hand and "7" in out.state.balls

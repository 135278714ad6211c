"""R5 calls: manners read from golden event logs, exact vs ball-and-pocket, R5.3-R5.5."""
import pytest

from engine import IllegalInputError, adjudicate
from engine.calls import Call
from engine.manner import call_fulfilled_by_events, manners_shown
from rules_helpers import (MID, MID_SHELVES, cushion, from_events, hit, jaw, make_state, pocket,
                           strike, summary)

CUE_END = {"cue": (2.9, 1.2)}


def golden(kind):
    """Hand-built event logs for ball 7 into FL in each manner."""
    return {
        "clean": [strike(), hit(0.5, "cue", "7"), pocket(1.0, "7", "FL")],
        "clean-rattle": [strike(), hit(0.5, "cue", "7"), jaw(0.9, "7", "FL"), pocket(1.0, "7", "FL")],
        "bank": [strike(), hit(0.5, "cue", "7"), cushion(0.8, "7", "FL-ML"), pocket(1.2, "7", "FL")],
        "kiss": [strike(), hit(0.5, "cue", "7"), hit(0.8, "7", "3"), pocket(1.2, "7", "FL")],
        "carom": [strike(), hit(0.4, "cue", "12"), hit(0.7, "cue", "7"), pocket(1.2, "7", "FL")],
        "cushion-first": [strike(), cushion(0.3, "cue", "MR-FR"), hit(0.7, "cue", "7"),
                          pocket(1.2, "7", "FL")],
        "combination": [strike(), hit(0.3, "cue", "12"), hit(0.6, "12", "7"),
                        pocket(1.2, "7", "FL")],
        "cushion-first+bank": [strike(), cushion(0.3, "cue", "MR-FR"), hit(0.7, "cue", "7"),
                               cushion(0.9, "7", "FR-FL"), pocket(1.2, "7", "FL")],
        "combination-chain": [strike(), hit(0.3, "cue", "12"), hit(0.4, "cue", "9"),
                              hit(0.6, "12", "5"), hit(0.8, "5", "7"), pocket(1.2, "7", "FL")],
        "bank-off-other-jaw": [strike(), hit(0.5, "cue", "7"), jaw(0.8, "7", "ML", "FL-ML"),
                               pocket(1.2, "7", "FL")],
    }[kind]


@pytest.mark.parametrize("kind, tags, via", [
    ("clean", set(), set()), ("clean-rattle", set(), set()), ("bank", {"bank"}, set()),
    ("kiss", {"kiss"}, {"3"}), ("carom", {"carom"}, {"12"}),
    ("cushion-first", {"cushion-first"}, set()), ("combination", {"combination"}, {"12"}),
    ("cushion-first+bank", {"cushion-first", "bank"}, set()),
    ("bank-off-other-jaw", {"bank"}, set()),
    ("combination-chain", {"combination"}, {"12", "5"}),
])
def test_R5_1_manner_classified_from_events(kind, tags, via):
    """R5.1: the manner the event log shows (clean, bank, kiss, carom, cushion-first,
    combination and combinations of these)."""
    shown = manners_shown(golden(kind), "7")
    assert shown.tags == tags
    assert shown.via == via
    assert shown.pocket == "FL"


@pytest.mark.parametrize("called", ["clean", "bank", "kiss", "carom", "cushion-first",
                                    "combination", "cushion-first+bank"])
@pytest.mark.parametrize("happened", ["clean", "bank", "kiss", "carom", "cushion-first",
                                      "combination", "cushion-first+bank"])
def test_R5_1_exact_call_succeeds_only_in_called_manner(called, happened):
    """R5.1: a clean call succeeds only if the called ball fell in the called manner."""
    s = make_state(MID, shelves=MID_SHELVES, scores=(30, 40))
    out = adjudicate(s, from_events(s, golden(happened), CUE_END,
                                    call={"ball": "7", "pocket": "FL", "manner": called}))
    assert out.adjudication.successful == (called == happened)
    assert out.state.scores[0] == (37 if called == happened else 30)
    assert out.adjudication.turn_passes == (called != happened)


def test_R5_1_via_balls_must_match_when_named():
    """R5.1: combined calls name the balls; naming the wrong one fails the call."""
    s = make_state(MID, shelves=MID_SHELVES)
    ok = Call("7", "FL", "combination", ("12",))
    bad = Call("7", "FL", "combination", ("9",))
    assert call_fulfilled_by_events(ok, golden("combination"), "exact")
    assert not call_fulfilled_by_events(bad, golden("combination"), "exact")
    out = adjudicate(s, from_events(s, golden("combination"), CUE_END, call=bad))
    assert not out.adjudication.successful


def test_R5_1_other_balls_on_exact_call_do_not_count():
    """R5.1: on a successful exact call, other pocketed balls are respotted (R6)."""
    s = make_state(MID, shelves=MID_SHELVES, scores=(30, 40))
    ev = [strike(), hit(0.5, "cue", "7"), pocket(1.0, "7", "FL"), hit(1.1, "cue", "3"),
          pocket(1.5, "3", "FR")]
    out = adjudicate(s, from_events(s, ev, CUE_END, call={"ball": "7", "pocket": "FL"}))
    a = out.adjudication
    assert a.successful and a.counted == ("7",)
    assert [b for b, _ in a.respotted] == ["3"]
    assert "3" in out.state.balls and out.state.scores == (37, 40)
    assert not a.turn_passes


def test_R5_2_ball_and_pocket_counts_every_ball_whenever_it_fell():
    """R5.2: under ball-and-pocket every other ball pocketed on a success counts, even one
    that fell before the called ball; the manner does not matter."""
    s = make_state(MID, shelves=MID_SHELVES, scores=(30, 40), call_mode="ball-and-pocket")
    ev = [strike(), hit(0.2, "cue", "3"), pocket(0.6, "3", "FR"), hit(0.8, "cue", "7"),
          cushion(0.9, "7"), pocket(1.5, "7", "FL")]
    out = adjudicate(s, from_events(s, ev, CUE_END, call={"ball": "7", "pocket": "FL",
                                                           "manner": "clean"}))
    assert out.adjudication.successful
    assert set(out.adjudication.counted) == {"7", "3"}
    assert out.state.scores == (40, 40)
    assert out.adjudication.respotted == ()


def test_R5_3_last_ball_need_not_be_named():
    """R5.3: with one object ball left its number need not be called (the pocket is)."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(60, 50))
    st = summary(s, call={"ball": None, "pocket": "FL"}, call_fulfilled=True,
                 first_contact="9", pocketed=[{"ball": "9", "pocket": "FL"}],
                 final={"cue": [2.0, 1.0]})
    out = adjudicate(s, st)
    assert out.adjudication.counted == ("9",)
    assert out.state.scores[0] == 60 + 9 + 10  # and the last-ball bonus (R1.2)


def test_R5_3_unnamed_ball_refused_while_several_remain(mid):
    """R5.3 applies only to the last ball."""
    st = summary(mid, call={"pocket": "FL"}, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}])
    with pytest.raises(IllegalInputError, match="R5.3"):
        adjudicate(mid, st)


def test_R5_4_no_call_ball_does_not_count(mid):
    """R5.4: a ball pocketed without a valid call does not count and is respotted."""
    st = summary(mid, call=None, first_contact="7", pocketed=[{"ball": "7", "pocket": "FL"}],
                 final={"cue": [2.9, 1.2]})
    out = adjudicate(mid, st)
    assert not out.adjudication.successful and out.adjudication.counted == ()
    assert [b for b, _ in out.adjudication.respotted] == ["7"]
    assert out.adjudication.turn_passes and out.state.to_move == 1
    assert out.state.scores == mid.scores  # no penalty


def test_R5_4_call_of_ball_not_on_table_is_illegal(mid):
    """R5.4: the call must name a ball that can be played."""
    st = summary(mid, call={"ball": "1", "pocket": "FL"}, first_contact="7")
    with pytest.raises(IllegalInputError, match="not on the table"):
        adjudicate(mid, st)


def test_R5_5_wrong_ball_or_pocket_nothing_counts(mid):
    """R5.5: pocketing balls but not the called one in the called pocket: nothing counts,
    respotted, turn passes, no penalty."""
    st = summary(mid, call={"ball": "7", "pocket": "FL"}, call_fulfilled=True,
                 first_contact="7", pocketed=[{"ball": "7", "pocket": "FR"},
                                              {"ball": "3", "pocket": "FR"}],
                 final={"cue": [2.9, 1.2]})
    out = adjudicate(mid, st)
    a = out.adjudication
    assert not a.successful and a.counted == () and a.fouls == ()
    assert sorted(b for b, _ in a.respotted) == ["3", "7"]
    assert out.state.scores == mid.scores and out.state.to_move == 1


def test_R5_5_summary_manner_not_fulfilled(mid):
    """R5.5 / R5.1: the person says the called manner did not happen."""
    st = summary(mid, call={"ball": "7", "pocket": "FL", "manner": "bank"},
                 call_fulfilled=False, first_contact="7",
                 pocketed=[{"ball": "7", "pocket": "FL"}], final={"cue": [2.9, 1.2]})
    out = adjudicate(mid, st)
    assert not out.adjudication.successful and "7" in out.state.balls

"""R5.1 calls as paths: the seed's own two call examples as golden tests, each succeeding on
the called path and failing on a different one; the cushion-first start a combination need
not name; the JSON form of a path.

Seed (rules/000_2b2dbec6ac21755d.txt, «Условия игры»): «указывается точно, определенно и
ясно, каким образом должен упасть заказанный шар (чисто, от шара, абрикольно, шаром или
шарами и какими именно, от контр-ку и т.д.). Например: «Тремя шарами такими-то, от шара
такого-то, 12-й шар в левый угол» или: «Карамболем от шестерки одиннадцатым шаром тройка
прямо в середину».»
"""
import pytest

from engine import MalformedInputError, adjudicate
from engine.calls import Call, Link
from engine.manner import call_fulfilled_by_events, manners_shown
from rules_helpers import cushion, from_events, hit, make_state, pocket, strike

CUE_END = {"cue": (0.9, 1.3)}

# --- «Карамболем от шестерки одиннадцатым шаром тройка прямо в середину» -------------------
# The cue ball glances off the 6 onto the 11, the 11 drives the 3 straight into the middle
# pocket (ML: the middle pocket on the left, seen from the house).
CAROM_POSITION = {"cue": (0.8, 0.9), "6": (1.5, 1.2), "11": (1.6, 0.7), "3": (1.7, 1.45),
                  "9": (2.6, 0.4), "14": (3.0, 1.0)}
CAROM_CALL = {"ball": "3", "pocket": "ML",
              "path": [{"manner": "carom", "ball": "6"}, {"manner": "combination", "ball": "11"}]}


def carom_logs():
    """The called path and the different paths a referee must tell from it."""
    return {
        "called: off the 6 onto the 11, the 11 onto the 3": [
            strike(), hit(0.3, "cue", "6"), hit(0.6, "cue", "11"), hit(0.9, "11", "3"),
            pocket(1.3, "3", "ML")],
        "the 6 drives the 11 (cue ball never touches the 11)": [
            strike(), hit(0.3, "cue", "6"), hit(0.6, "6", "11"), hit(0.9, "11", "3"),
            pocket(1.3, "3", "ML")],
        "straight onto the 11, no carom": [
            strike(), hit(0.6, "cue", "11"), hit(0.9, "11", "3"), pocket(1.3, "3", "ML")],
        "off the 11 onto the 6, the 6 onto the 3 (roles swapped)": [
            strike(), hit(0.3, "cue", "11"), hit(0.6, "cue", "6"), hit(0.9, "6", "3"),
            pocket(1.3, "3", "ML")],
        "as called, but the 3 goes in off the cushion, not straight («прямо»)": [
            strike(), hit(0.3, "cue", "6"), hit(0.6, "cue", "11"), hit(0.9, "11", "3"),
            cushion(1.1, "3", "ML-NL"), pocket(1.3, "3", "ML")],
        "as called, but into the other middle pocket": [
            strike(), hit(0.3, "cue", "6"), hit(0.6, "cue", "11"), hit(0.9, "11", "3"),
            pocket(1.3, "3", "MR")],
    }


def test_R5_1_seed_carom_example_succeeds_on_its_path():
    """R5.1: «Карамболем от шестерки одиннадцатым шаром тройка прямо в середину» -- called
    exactly so, the stroke that shows that path counts the 3 and the player continues."""
    s = make_state(CAROM_POSITION, scores=(20, 30))
    log = carom_logs()["called: off the 6 onto the 11, the 11 onto the 3"]
    shown = manners_shown(log, "3")
    assert shown.tags == {"carom", "combination"}
    assert (shown.caroms, shown.chain, shown.kisses) == (("6",), ("11",), ())
    out = adjudicate(s, from_events(s, log, CUE_END, call=CAROM_CALL))
    assert out.adjudication.successful and out.adjudication.counted == ("3",)
    assert out.state.scores == (23, 30) and out.state.to_move == 0


@pytest.mark.parametrize("kind", [k for k in carom_logs() if not k.startswith("called")])
def test_R5_1_seed_carom_example_fails_on_a_different_path(kind):
    """R5.1: the same call on any other path is not fulfilled: nothing counts, the turn
    passes (R5.5)."""
    s = make_state(CAROM_POSITION, scores=(20, 30))
    out = adjudicate(s, from_events(s, carom_logs()[kind], CUE_END, call=CAROM_CALL))
    assert not out.adjudication.successful and out.adjudication.counted == ()
    assert out.state.scores == (20, 30) and out.state.to_move == 1


def test_R5_1_seed_carom_example_other_calls_tell_the_paths_apart():
    """R5.1: a plain "combination via 11" is the stroke straight onto the 11, not the carom
    off the 6 (before, both strokes fulfilled it); the older form without a path,
    "carom+combination" naming 6 and 11, still holds for the carom (the balls as a set)."""
    logs = carom_logs()
    carom = logs["called: off the 6 onto the 11, the 11 onto the 3"]
    straight = logs["straight onto the 11, no carom"]
    plain = Call("3", "ML", "combination", ("11",))
    assert call_fulfilled_by_events(plain, straight, "exact")
    assert not call_fulfilled_by_events(plain, carom, "exact")
    old_form = Call("3", "ML", "carom+combination", ("6", "11"))
    assert call_fulfilled_by_events(old_form, carom, "exact")
    assert not call_fulfilled_by_events(old_form, straight, "exact")
    # the chain "6 then 11" is a combination of two balls, no carom
    chain = Call.from_json({"ball": "3", "pocket": "ML",
                            "path": [{"manner": "combination", "ball": "6"},
                                     {"manner": "combination", "ball": "11"}]})
    assert call_fulfilled_by_events(chain, logs["the 6 drives the 11 (cue ball never touches "
                                                "the 11)"], "exact")
    assert not call_fulfilled_by_events(chain, carom, "exact")


# --- «Тремя шарами такими-то, от шара такого-то, 12-й шар в левый угол» -------------------
# Reading (docs/RULES-INTERPRETATIONS.md, "R5.1 path"): three named balls drive the 12 in
# turn (cue ball -> 5 -> 9 -> 14 -> 12), the 12 goes in off the named ball 2 (a kiss, «от
# шара»), into the left corner the call names (FL: the far left corner, seen from the house).
CHAIN_POSITION = {"cue": (0.8, 0.9), "5": (1.4, 0.9), "9": (1.9, 1.0), "14": (2.4, 1.1),
                  "12": (2.9, 1.3), "2": (3.2, 1.5), "7": (2.0, 0.3)}
CHAIN_CALL = {"ball": "12", "pocket": "FL",
              "path": [{"manner": "combination", "ball": "5"},
                       {"manner": "combination", "ball": "9"},
                       {"manner": "combination", "ball": "14"},
                       {"manner": "kiss", "ball": "2"}]}


def chain_logs():
    return {
        "called: 5, 9, 14 in turn onto the 12, off the 2": [
            strike(), hit(0.2, "cue", "5"), hit(0.4, "5", "9"), hit(0.6, "9", "14"),
            hit(0.8, "14", "12"), hit(1.0, "12", "2"), pocket(1.3, "12", "FL")],
        "the same balls in another order (9, 5, 14)": [
            strike(), hit(0.2, "cue", "9"), hit(0.4, "9", "5"), hit(0.6, "5", "14"),
            hit(0.8, "14", "12"), hit(1.0, "12", "2"), pocket(1.3, "12", "FL")],
        "only two balls drive the 12 (5, 14)": [
            strike(), hit(0.2, "cue", "5"), hit(0.6, "5", "14"),
            hit(0.8, "14", "12"), hit(1.0, "12", "2"), pocket(1.3, "12", "FL")],
        "off another ball (the 7, not the 2)": [
            strike(), hit(0.2, "cue", "5"), hit(0.4, "5", "9"), hit(0.6, "9", "14"),
            hit(0.8, "14", "12"), hit(1.0, "12", "7"), pocket(1.3, "12", "FL")],
        "straight in, off no ball": [
            strike(), hit(0.2, "cue", "5"), hit(0.4, "5", "9"), hit(0.6, "9", "14"),
            hit(0.8, "14", "12"), pocket(1.3, "12", "FL")],
        "the cue ball glances off the 7 onto the 5 first (a carom not called)": [
            strike(), hit(0.1, "cue", "7"), hit(0.2, "cue", "5"), hit(0.4, "5", "9"),
            hit(0.6, "9", "14"), hit(0.8, "14", "12"), hit(1.0, "12", "2"),
            pocket(1.3, "12", "FL")],
        "into the near left corner": [
            strike(), hit(0.2, "cue", "5"), hit(0.4, "5", "9"), hit(0.6, "9", "14"),
            hit(0.8, "14", "12"), hit(1.0, "12", "2"), pocket(1.3, "12", "NL")],
    }


def test_R5_1_seed_three_ball_example_succeeds_on_its_path():
    """R5.1: «Тремя шарами такими-то, от шара такого-то, 12-й шар в левый угол» -- the 12
    driven by the three named balls in turn and in off the named ball counts."""
    s = make_state(CHAIN_POSITION, scores=(20, 30))
    log = chain_logs()["called: 5, 9, 14 in turn onto the 12, off the 2"]
    shown = manners_shown(log, "12")
    assert shown.tags == {"combination", "kiss"}
    assert (shown.caroms, shown.chain, shown.kisses) == ((), ("5", "9", "14"), ("2",))
    out = adjudicate(s, from_events(s, log, CUE_END, call=CHAIN_CALL))
    assert out.adjudication.successful and out.adjudication.counted == ("12",)
    assert out.state.scores == (32, 30) and out.state.to_move == 0


@pytest.mark.parametrize("kind", [k for k in chain_logs() if not k.startswith("called")])
def test_R5_1_seed_three_ball_example_fails_on_a_different_path(kind):
    """R5.1: the three-ball call is not fulfilled by any other path."""
    s = make_state(CHAIN_POSITION, scores=(20, 30))
    out = adjudicate(s, from_events(s, chain_logs()[kind], CUE_END, call=CHAIN_CALL))
    assert not out.adjudication.successful and out.adjudication.counted == ()
    assert out.state.scores == (20, 30) and out.state.to_move == 1


# --- R5.1: a combination need not call its cushion-first start ------------------------------
COMBO_POSITION = {"cue": (0.8, 0.9), "12": (2.0, 1.0), "7": (2.8, 1.4), "6": (1.5, 0.4)}
COMBO_OFF_CUSHION = [strike(), cushion(0.2, "cue", "NR-MR"), hit(0.5, "cue", "12"),
                     hit(0.8, "12", "7"), pocket(1.2, "7", "FL")]
CAROM_OFF_CUSHION = [strike(), cushion(0.2, "cue", "NR-MR"), hit(0.5, "cue", "6"),
                     hit(0.8, "cue", "7"), pocket(1.2, "7", "FL")]
KISS_OFF_CUSHION = [strike(), cushion(0.2, "cue", "NR-MR"), hit(0.5, "cue", "7"),
                    hit(0.8, "7", "12"), pocket(1.2, "7", "FL")]
COMBO_STRAIGHT = [strike(), hit(0.5, "cue", "12"), hit(0.8, "12", "7"), pocket(1.2, "7", "FL")]


@pytest.mark.parametrize("call, log, fulfilled", [
    (Call("7", "FL", "combination", ("12",)), COMBO_OFF_CUSHION, True),
    (Call("7", "FL", "combination"), COMBO_OFF_CUSHION, True),
    (Call("7", "FL", "cushion-first+combination", ("12",)), COMBO_OFF_CUSHION, True),
    (Call("7", "FL", path=(Link("combination", "12"),)), COMBO_OFF_CUSHION, True),
    # called, the cushion must come first
    (Call("7", "FL", "cushion-first+combination", ("12",)), COMBO_STRAIGHT, False),
    # a carom also puts another ball between the cue ball and the called one
    (Call("7", "FL", "carom", ("6",)), CAROM_OFF_CUSHION, True),
    # a kiss does not: the cue ball strikes the called ball off the cushion, an «абриколь»
    (Call("7", "FL", "kiss", ("12",)), KISS_OFF_CUSHION, False),
    (Call("7", "FL", "cushion-first+kiss", ("12",)), KISS_OFF_CUSHION, True),
])
def test_R5_1_combination_need_not_call_its_cushion_first_start(call, log, fulfilled):
    """R5.1: «При участии в заказанной комбинации одного или нескольких шаров для назначенного
    шара заказ абрикольно, (удар битком в играемый шар от борта) не обязателен.»"""
    assert call_fulfilled_by_events(call, log, "exact") == fulfilled
    s = make_state(COMBO_POSITION, scores=(20, 30))
    out = adjudicate(s, from_events(s, log, CUE_END, call=call))
    assert out.adjudication.successful == fulfilled


# --- the JSON form of a path ----------------------------------------------------------------
def test_R5_1_path_json_round_trip_and_derived_manner():
    """R5.1 path: manner and via are derived from the path, so a reader that knows only
    docs/FORMATS.md's manner and via still sees the call; calls without a path are written as
    before (no "path" key)."""
    c = Call.from_json(CAROM_CALL)
    assert c.manner == "carom+combination" and c.via == ("6", "11")
    assert c.to_json() == {**CAROM_CALL, "manner": "carom+combination", "via": ["6", "11"]}
    assert Call.from_json(c.to_json()) == c
    assert "path" not in Call("7", "FL", "kiss", ("3",)).to_json()
    explicit = dict(CAROM_CALL, manner="combination+carom", via=["11", "6"])
    assert Call.from_json(explicit).path == c.path


@pytest.mark.parametrize("path, extra, field", [
    ([{"manner": "combination", "ball": "11"}, {"manner": "carom", "ball": "6"}], {},
     "call.path[1].manner"),  # a carom after the chain: out of order
    ([{"manner": "bank", "ball": "6"}], {}, "call.path[0].ball"),
    ([{"manner": "kiss"}], {}, "call.path[0].ball"),
    ([{"manner": "kiss", "ball": "3"}], {}, "call.path[0].ball"),  # the called ball itself
    ([{"manner": "clean"}], {}, "call.path[0].manner"),
    ([{"manner": "carom", "ball": "6"}], {"manner": "kiss"}, "call.manner"),
    ([{"manner": "carom", "ball": "6"}], {"manner": "carom", "via": ["9"]}, "call.via"),
    ("carom 6", {}, "call.path"),
    ([{"manner": ["carom"], "ball": "6"}], {}, "call.path[0].manner"),
    ([{"manner": "carom", "ball": ["6"]}], {}, "call.path[0].ball"),
])
def test_R5_1_bad_path_names_the_field(path, extra, field):
    with pytest.raises(MalformedInputError, match=field.replace("[", r"\[").replace("]", r"\]")):
        Call.from_json({"ball": "3", "pocket": "ML", "path": path, **extra})

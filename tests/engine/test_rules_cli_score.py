"""End-to-end: ``pyramid score`` through a subprocess."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import initial_state
from tests.statedocs import account_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "score", *args], cwd=ROOT,
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_score_pot_json():
    p = run(str(EXAMPLES / "score_pot.json"), "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert set(out) == {"adjudication", "state", "result"}
    assert out["adjudication"]["points"] == [7, 0]
    assert out["adjudication"]["counted"] == ["7"]
    assert out["state"]["scores"] == [47, 38] and out["state"]["to_move"] == 0
    assert "7" not in out["state"]["balls"] and "7" in out["state"]["shelves"][0]
    assert out["result"] is None


def test_score_foul_json():
    """R7.1(b), R7.2, R7.3, R8.1 end to end."""
    p = run(str(EXAMPLES / "score_foul.json"), "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    a = out["adjudication"]
    assert a["fouls"] == ["R7.1b"] and a["penalty"] == 5 and a["points"] == [-5, 5]
    assert [r["ball"] for r in a["respotted"]] == ["12"]
    assert out["state"]["cue_in_hand"] is True and out["state"]["to_move"] == 1


def test_score_human_output_and_stdin():
    text = (EXAMPLES / "score_miss.json").read_text()
    p = run("-", stdin=text)
    assert p.returncode == 0
    assert "foul (R7.1a)" in p.stdout and "scores: 45 - 33" in p.stdout


def test_score_result_win():
    doc = {"balls": {"cue": [1.0, 0.5], "9": [3.0, 1.0]}, "cue_in_hand": False,
           "scores": [52, 40], "to_move": 0, "call_mode": "exact", "target": 71,
           "shelves": [[], []], "variant": "two-player",
           "stroke": {"call": {"ball": "9", "pocket": "FL", "manner": "clean"},
                      "call_fulfilled": True, "first_contact": "9",
                      "pocketed": [{"ball": "9", "pocket": "FL"}], "off_table": [], "fouls": [],
                      "final": {"cue": [1.2, 0.4]}}}
    p = run("-", "--json", stdin=json.dumps(account_for(doc)))
    out = json.loads(p.stdout)
    assert out["result"] == {"winner": 0} and out["state"]["scores"] == [71, 40]


def test_score_with_event_log():
    doc = json.loads((EXAMPLES / "score_pot.json").read_text())
    doc["stroke"] = {"call": {"ball": "7", "pocket": "FL", "manner": "bank"},
                     "events": [{"time_s": 0, "kind": "strike", "balls": ["cue"]},
                                {"time_s": 0.5, "kind": "ball-ball", "balls": ["cue", "7"]},
                                {"time_s": 0.9, "kind": "ball-cushion", "balls": ["7"],
                                 "cushion": "FL-ML"},
                                {"time_s": 1.2, "kind": "pocket", "balls": ["7"], "pocket": "FL"}],
                     "final": {"cue": [2.9, 1.2]}}
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["adjudication"]["counted"] == ["7"]


@pytest.mark.parametrize("mutate, needle", [
    (lambda d: d.pop("stroke"), "stroke"),
    (lambda d: d["stroke"].update(fouls=["zz"]), "stroke.fouls"),
    (lambda d: d.update(scores="x"), "scores"),
    (lambda d: d["stroke"]["call"].update(ball="1"), "not on the table"),
    (lambda d: d["balls"].update(cue=[99, 0]), "balls.cue"),
    (lambda d: d["stroke"]["pocketed"].append({"ball": "7", "pocket": "XX"}), "pocket"),
])
def test_score_bad_input_exit_2_no_traceback(mutate, needle):
    doc = json.loads((EXAMPLES / "score_pot.json").read_text())
    mutate(doc)
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 2
    assert needle in p.stderr and "Traceback" not in p.stderr
    assert p.stdout == ""


def test_score_not_json_and_missing_file():
    p = run("-", stdin="{not json")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    p = run("/nonexistent/state.json")
    assert p.returncode == 2 and "does not exist" in p.stderr


def test_score_refuses_a_finished_game_without_result():
    """R9.1 / R14.1 through the command line: a state at 71 with no result is bad input
    (exit 2) and the message names the field and its value."""
    doc = json.loads((EXAMPLES / "score_pot.json").read_text())
    doc["scores"] = [71, 52]
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert "scores = [71, 52]" in p.stderr and "R14.1" in p.stderr


def test_score_a_call_given_as_a_path():
    """R5.1 path through the command line: the seed's carom example, as events."""
    doc = json.loads((EXAMPLES / "score_pot.json").read_text())
    doc["balls"] = {"cue": [0.8, 0.9], "6": [1.5, 1.2], "11": [1.6, 0.7], "3": [1.7, 1.45]}
    doc["shelves"] = [[], []]
    account_for(doc)

    def ev(t, kind, *balls, **kw):
        return {"time_s": t, "kind": kind, "balls": list(balls), **kw}
    call = {"ball": "3", "pocket": "ML",
            "path": [{"manner": "carom", "ball": "6"}, {"manner": "combination", "ball": "11"}]}
    doc["stroke"] = {"call": call, "final": {"cue": [0.9, 1.3]},
                     "events": [ev(0, "strike", "cue"), ev(0.3, "ball-ball", "cue", "6"),
                                ev(0.6, "ball-ball", "cue", "11"), ev(0.9, "ball-ball", "11", "3"),
                                ev(1.3, "pocket", "3", pocket="ML")]}
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["adjudication"]["counted"] == ["3"]
    call["path"].reverse()  # out of order: malformed, the field named
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 2 and "call.path[1].manner" in p.stderr


def _pair_start(order="alternate"):
    from engine import initial_state
    doc = initial_state("one-vs-pair", pair_order=order).to_json()
    # the single breaks from hand and misses (R3.4: fouls on the break count as usual)
    doc["stroke"] = {"call": {"ball": "4", "pocket": "FL"}, "first_contact": None,
                     "placement": [0.5, 0.9], "final": {"cue": [3.3, 0.3]}}
    return doc


def test_R12_2_order1_minimum_handicap_through_score():
    """R12.2(1): «Каждый делает по одному удару по очереди ... один имеет преимущество и
    должен давать фору не менее пяти очков сыгранными шарами» -- through ``pyramid score``:
    the order is the state's ``pair.order``; a ``handicap`` below 5 points on the record is
    bad input naming the field and value; 5 is applied before the first stroke, and after the
    single's stroke the pair plays (one stroke each)."""
    doc = _pair_start()
    doc["handicap"] = {"kind": "points", "receiver": 1, "points": 3}
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert "handicap = {'kind': 'points', 'receiver': 1, 'points': 3}" in p.stderr
    assert "R12.2" in p.stderr
    doc["handicap"]["points"] = 5
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["adjudication"]["notes"][0].startswith("R13.1: handicap")
    assert out["state"]["scores"] == [-5, 10]  # 5 handicap + 5 for the single's miss
    assert out["state"]["to_move"] == 1 and out["state"]["pair"]["order"] == "alternate"
    doc["handicap"] = {"kind": "points", "receiver": "pair", "points": 5}
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 2 and "handicap.receiver = 'pair'" in p.stderr


def test_R13_2_swap_through_score():
    """R13.2: «если снять нельзя, то комбинируют из шаров, находящихся на бильярде, и шаров
    на полке получающего, заменяя одни другими» -- through ``pyramid score``: the 12 agreed
    for player 1 is on player 0's shelf; 3 + 9 from the table make up its value."""
    doc = {"balls": {"cue": [1.0, 0.5], "3": [2.0, 1.0], "9": [2.5, 0.4], "5": [3.0, 1.2]},
           "cue_in_hand": False, "scores": [40, 20], "to_move": 0, "call_mode": "exact",
           "target": 71, "shelves": [["1", "2", "4", "6", "7", "8", "10", "12"], ["11"]],
           "variant": "two-player",
           "handicap_missed": {"receiver": 1, "balls": ["12"]},
           "adjustment": {"reason": "balls 13-15 put aside for the case", "points": -11,
                          "balls": ["13", "14", "15"]},
           "stroke": {"call": {"ball": "5", "pocket": "FL"}, "first_contact": "5",
                      "final": {"cue": [1.2, 0.6]}}}
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["adjudication"]["notes"][0].startswith("R13.2: handicap balls 12")
    assert "swapping" in out["adjudication"]["notes"][0]
    assert out["state"]["scores"] == [40, 32]
    assert set(out["state"]["balls"]) == {"cue", "5"}
    assert sorted(out["state"]["shelves"][1], key=int) == ["3", "9", "11"]
    doc["handicap_missed"] = {"receiver": 1, "balls": ["12", "x"]}
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 2 and "handicap_missed.balls = ['12', 'x']" in p.stderr


def test_R6_4_no_foot_on_floor_through_score():
    """R6.4: «Шар, положенный с нарушением этого правила, не засчитывается ... Штраф не
    взимается» -- the scorekeeper takes the fact in ``fouls``."""
    doc = json.loads((EXAMPLES / "score_pot.json").read_text())
    doc["stroke"]["fouls"] = ["no-foot-on-floor"]
    p = run("-", "--json", stdin=json.dumps(doc))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["adjudication"]["counted"] == [] and out["adjudication"]["penalty"] == 0
    assert out["state"]["scores"] == [40, 38] and out["state"]["to_move"] == 1


def test_R7_1a_a_pocketed_ball_without_first_contact_is_ruled_a_miss_with_a_warning(tmp_path):
    """Issue 11: the summary's first_contact left out while the called 7 fell: still the
    R7.1a miss docs/FORMATS.md defines, but no longer silently."""
    doc = json.loads((EXAMPLES / "score_pot.json").read_text(encoding="utf-8"))
    del doc["stroke"]["first_contact"]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    p = run(str(path), "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert "R7.1a" in out["adjudication"]["fouls"]
    assert "first_contact is not given" in out["adjudication"]["notes"][-1]
    p = run(str(path))
    assert "warning: stroke.first_contact is not given" in p.stdout


def test_R4_1_score_says_the_players_names_when_the_input_gives_them():
    """R4.1 (who plays next) said with the names the document's ``players`` gives, as the
    session does; without them "player 0" as before, and the --json output unchanged."""
    doc = json.loads((EXAMPLES / "score_pot.json").read_text(encoding="utf-8"))
    named = dict(doc, players=["Иван", "Пётр"])
    p = run("-", stdin=json.dumps(named))
    assert p.returncode == 0, p.stderr
    assert "Иван: successful stroke, counted 7." in p.stdout
    assert "points this stroke: Иван +7, Пётр +0" in p.stdout
    assert "next to play: Иван" in p.stdout and "player 0" not in p.stdout
    p = run("-", "--json", stdin=json.dumps(named))
    out = json.loads(p.stdout)
    assert out["players"] == ["Иван", "Пётр"] and out["adjudication"]["shooter"] == 0
    p = run("-", stdin=json.dumps(doc))
    assert "player 0: successful stroke" in p.stdout
    p = run("-", stdin=json.dumps(dict(doc, players=["Иван", "Иван"])))
    assert p.returncode == 2 and "players" in p.stderr and "Traceback" not in p.stderr


def test_R12_2_score_names_the_partner_at_the_table():
    """R12.2: in one against a pair the pair's stroke is said with the partner's name, the
    side as "A & B"."""
    s = initial_state("one-vs-pair").to_json()
    s.update(to_move=1, break_pending=False, cue_in_hand=False,
             pair={"order": "while-scoring", "partner": 1})
    s["balls"]["cue"] = [0.6, 0.9]
    doc = dict(s, players=["Соло", "Аня", "Боря"],
               stroke={"call": {"ball": "4", "pocket": "FL"}, "first_contact": "4",
                       "pocketed": [], "final": {"cue": [0.6, 1.4]}})
    p = run("-", stdin=json.dumps(doc))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("Боря: unsuccessful stroke"), p.stdout
    assert "points this stroke: Соло +0, Аня & Боря +0" in p.stdout
    p = run("-", "--json", stdin=json.dumps(doc))
    assert json.loads(p.stdout)["players"] == ["Соло", "Аня & Боря"]

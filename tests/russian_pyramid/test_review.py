"""The review document (russian_pyramid/app/review.py, issue 27 items 3-4): the analysis laid over the
record, the better stroke simulated and its difference named; an analysis of another record
refused; a person's record with its typed lines and rulings; a story's stroke as meant; the
API route; the self-contained page (russian_pyramid/app/review_page.py)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.record import parse_record
from russian_pyramid.app.record_view import record_view
from russian_pyramid.app.review import SAME_PLACE_M, SAME_WITHIN, difference, review_document
from russian_pyramid.board import api
from russian_pyramid.app.review_page import review_page, viewer_modules
from russian_pyramid.errors import UserInputError

from .reviewdata import game_with_analysis, undone_record

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
HUMAN = EXAMPLES / "session_game.jsonl"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    record, analysis = game_with_analysis(tmp_path_factory.mktemp("review"), strokes=8)
    return record.read_text(encoding="utf-8"), json.loads(analysis.read_text(encoding="utf-8"))


PLAYED = {"call": {"ball": "3", "pocket": "FR", "manner": "clean", "via": []},
          "strike": {"speed_mps": 2.0, "phi_deg": 10.0, "elevation_deg": 0.0, "side": 0.0,
                     "vertical": 0.0}, "placement": [0.5, 0.8]}


def test_difference_names_placement_strike_and_call():
    same = difference(PLAYED, dict(PLAYED, kind="attack"))
    assert same.aspects == () and same.levels == (3, 3) and not same.call
    # within a strong player's noise: still the same stroke
    near = dict(PLAYED, strike=dict(PLAYED["strike"], phi_deg=10.0 + SAME_WITHIN["phi_deg"] / 2),
                placement=[0.5 + SAME_PLACE_M / 2, 0.8])
    assert difference(PLAYED, near).aspects == ()
    better = {"kind": "attack", "call": {"ball": "3", "pocket": "MR", "manner": "clean"},
              "strike": dict(PLAYED["strike"], speed_mps=3.5, phi_deg=-355.0),
              "placement": [0.5, 0.9]}
    d = difference(PLAYED, better)
    assert d.aspects == ("placement", "strike", "call")
    assert d.placement_m == pytest.approx(0.1) and d.levels == (3, 5)
    fields = {f: (a, b) for f, a, b in d.strike}
    assert fields["speed_mps"] == (2.0, 3.5)
    assert fields["phi_deg"] == (10.0, pytest.approx(5.0))  # -355 deg is 5 deg: the near way
    assert difference(PLAYED, dict(PLAYED, strike=None, call=None)).aspects == ("strike",
                                                                                  "call")


def test_review_lays_the_analysis_over_the_record(game):
    text, analysis = game
    doc = review_document(parse_record(text), analysis).to_json()
    assert len(doc["strokes"]) == 8 and doc["analysis"]["agent"] == "greedy"
    rows = [s["analysis"] for s in doc["strokes"]]
    assert all(r is not None for r in rows)
    with_best = [(s, r) for s, r in zip(doc["strokes"], rows) if r["best"] is not None]
    assert with_best, "greedy at 4 samples finds a better stroke somewhere"
    for s, r in with_best:
        assert set(r["difference"]) == {"aspects", "placement_m", "strike", "levels", "call"}
        if r["best"]["strike"] is not None:
            paths = r["better"]["paths"]
            assert "cue" in paths and len(paths["cue"]) >= 2
            start = r["best"]["placement"] or s["state_before"]["balls"]["cue"]
            assert paths["cue"][0] == pytest.approx(start, abs=1e-3)
    assert doc["strokes"][0]["paths"]  # the record view is all there


def _reviewed_with_best(game, best_call, mark="?", execution=None):
    """The review of the game with one stroke's analysis made over: a loss of 0.07 marked
    ``mark``, its better stroke the one played with the aim 0.05 deg to the left (within a
    strong player's noise) and the call ``best_call`` (None: the one played)."""
    text, analysis = game
    analysis = json.loads(json.dumps(analysis))
    row = next(r for r in analysis["strokes"] if r["played"]["call"] and r["played"]["strike"])
    played = row["played"]
    strike = dict(played["strike"], phi_deg=played["strike"]["phi_deg"] + 0.05)
    strike.pop("phi_rad", None)
    row.update(mark=mark, loss=0.07, p_win_played=0.4, p_win_best=0.47,
               best={"kind": "attack", "call": best_call or played["call"], "strike": strike,
                     "placement": played["placement"], "foul": None, "p_win": None,
                     "instruction": ""})
    if execution is not None:
        row["execution"] = execution
    doc = review_document(parse_record(text), analysis).to_json()
    return doc["strokes"][row["stroke"] - 1]["analysis"]


def test_the_same_call_within_the_noise_is_marked_as_execution_not_a_mistake(game):
    # issue 54 item 6: «? ошибка» where the only difference was the aim (a miss in execution,
    # not a wrong choice): the difference names nothing ("the same stroke" within a strong
    # player's noise), so the loss is the execution's -- no mark, "execution" said
    row = _reviewed_with_best(game, None)
    assert row["difference"]["aspects"] == []
    assert row["mark"] == "" and row.get("execution") is True and row["loss"] == 0.07
    # the analysis said so itself (pyramid analyze --json's field): kept, no mark
    row = _reviewed_with_best(game, None, mark="", execution=True)
    assert row["execution"] is True and row["mark"] == ""


def test_another_call_is_still_a_wrong_choice(game):
    text, analysis = game
    played = next(r for r in analysis["strokes"]
                  if r["played"]["call"] and r["played"]["strike"])["played"]
    other = dict(played["call"], ball="15" if played["call"]["ball"] != "15" else "14")
    row = _reviewed_with_best(game, other)
    assert row["difference"]["aspects"] == ["call"]
    assert row["mark"] == "?" and row["execution"] is False


def test_story_stroke_shows_the_stroke_as_meant(game):
    text, _ = game
    view = record_view(text).to_json()
    s2, s1 = view["strokes"][1], view["strokes"][0]
    assert "story" not in s1 and "intended_paths" not in s1
    told = json.loads(text.splitlines()[2])["story"]  # as pyramid play wrote it
    assert s2["story"]["noise"] == told["noise"] and s2["story"]["kind"] == told["kind"]
    assert s2["story"]["noise"]["phi_rad"] != 0.0
    # the stroke as meant starts where the played one does and goes elsewhere
    assert s2["intended_paths"]["cue"][0] == s2["paths"]["cue"][0]
    assert s2["intended_paths"]["cue"][-1] != s2["paths"]["cue"][-1]
    assert set(s2["intended_final"]) >= {"cue"}


def test_analysis_of_another_record_is_refused(game):
    text, analysis = game
    other = json.loads(json.dumps(analysis))
    other["strokes"][3]["played"]["strike"]["speed_mps"] += 0.5
    with pytest.raises(UserInputError, match="stroke 4: the stroke played is not the record's"):
        review_document(parse_record(text), other)
    beyond = dict(analysis["strokes"][0], stroke=99)  # a whole row, of a stroke not there
    for bad, words in (({"strokes": 3}, "no \"strokes\" list"),
                       ({"strokes": [beyond]}, "stroke = 99"),
                       ({"strokes": [{"stroke": 1}]}, "stroke 1: played is missing")):
        with pytest.raises(UserInputError, match=re.escape(words)):
            review_document(parse_record(text), bad)


def test_a_persons_record_shows_its_typed_lines_and_rulings():
    view = record_view(HUMAN.read_text(encoding="utf-8")).to_json()
    assert view["header"]["positions"] == "nominal"
    s5 = view["strokes"][4]
    # issue 27: «12 ДЛ +6 БП» was shown as «туш»: the typed line, the call and the ruling
    assert s5["entered"] == "12 FL +6 NR" and s5["strike"] is None  # canonical (issue 54)
    assert s5["call"]["ball"] == "12" and s5["ruling"]["counted"] == ["12"]
    assert [r["ball"] for r in s5["ruling"]["respotted"]] == ["6"] and s5["points"] == [12, 0]
    assert all("entered" in s for s in view["strokes"])
    # issue 54: the typed line said in each page's language (the record keeps one form)
    assert s5["entered_words"] == {"en": "12 FL +6 NR", "ru": "12 ДЛ +6 БП"}


def test_api_review_route(game):
    text, analysis = game
    doc = api.review({"record": text, "analysis": analysis})
    assert doc["strokes"][0]["analysis"]["stroke"] == 1
    assert api.review({"record": text, "analysis": None})["analysis"] is None
    for bad in ({"record": 3}, {"record": "  "}, [], {"record": "{"}):
        with pytest.raises(UserInputError):
            api.review(bad)


def test_page_is_self_contained(game):
    text, analysis = game
    page = review_page(review_document(parse_record(text), analysis).to_json())
    # nothing fetched: no script or stylesheet by address, the board's files inlined
    assert not re.search(r'<script[^>]+src=|<link[^>]+href=|url\(', page)
    for name in viewer_modules():  # the viewer's modules, as one inline module
        assert f"/* {name} */" in page
    assert {"review.js", "table.js", "i18n.js", "embedded.js"} <= set(viewer_modules())
    for other in ("match.js", "photo.js", "line.js", "connect.js", "offline.js", "main.js"):
        assert f"/* {other} */" not in page, other  # they talk to a server
    assert page.count('<script type="module">') == 1 and "\nimport {" not in page
    assert "\nexport " not in page and "window.PYRAMID_REVIEW = " in page
    data = page.split("window.PYRAMID_REVIEW = ", 1)[1].split(";</script>", 1)[0]
    embedded = json.loads(data)
    assert set(embedded) == {"table", "review", "words"} and set(embedded["words"]) == {"en", "ru"}
    assert embedded["review"]["strokes"][0]["analysis"]["stroke"] == 1
    assert "</script" not in data.lower()
    assert "<title>Game review — Russian pyramid</title>" in page  # what it is (issue 54)
    # pyramid analyze --lang ru: the page opens in Russian, its title the review's
    ru = review_page(review_document(parse_record(text), analysis).to_json(), "ru")
    assert "<title>Разбор партии — русская пирамида</title>" in ru
    assert json.loads(ru.split("window.PYRAMID_REVIEW = ", 1)[1].split(";</script>", 1)[0]
                      )["lang"] == "ru"


def test_analyze_html_on_a_persons_game_and_a_bad_path(tmp_path):
    from tests.cli.clihelp import assert_bad_input, pyramid
    page = tmp_path / "match.html"
    r = pyramid("analyze", HUMAN, "--html", page)
    assert r.returncode == 0, r.stderr
    data = page.read_text(encoding="utf-8").split("window.PYRAMID_REVIEW = ", 1)[1]
    review = json.loads(data.split(";</script>", 1)[0])["review"]
    assert review["header"]["positions"] == "nominal" and review["analysis"] is None
    assert review["strokes"][4]["entered_words"]["ru"] == "12 ДЛ +6 БП"
    r = pyramid("analyze", HUMAN, "--html", tmp_path / "no" / "such" / "dir" / "x.html")
    assert_bad_input(r, "--html")


def test_a_line_taken_back_is_shown_before_the_stroke_after_it(tmp_path):
    """Issue 54 (a leftover): the review showed a match's strokes without the undo between
    them; the record keeps it (``before``), and the view says it in each page's words."""
    view = record_view(undone_record(tmp_path).read_text(encoding="utf-8")).to_json()
    assert [s["entered"] for s in view["strokes"]] == ["7 FL", "miss", "8 FR"]
    assert view["strokes"][2]["before_words"] == {"en": ["undone: 3 FR"],
                                                   "ru": ["отменено: 3 ДП"]}
    assert "before_words" not in view["strokes"][1]

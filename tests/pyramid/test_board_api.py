"""The board's JSON API over real HTTP (httpx against ``pyramid board``): every endpoint,
good and bad bodies.  Bad input is a 4xx naming the field and value, never a 500 or a
traceback."""
from __future__ import annotations

import json

import pytest

from ..cli.clihelp import ROOT
from .conftest import load_json

OPEN = ROOT / "pyramid" / "board" / "static" / "positions" / "open.json"


def _refused(r, status, *words):
    assert r.status_code == status, r.text
    body = r.json()
    assert body["ok"] is False and "Traceback" not in r.text
    for w in words:
        assert w in body["error"], body["error"]
    return body["error"]


def test_health_and_page(http):
    h = http.get("/api/health").json()
    assert h["ok"] and h["ai"] == "warm" and h["server"] == "warm"
    page = http.get("/")
    assert page.status_code == 200 and 'id="table"' in page.text
    for name in ("board.js", "i18n.js", "board.css", "positions/open.json"):
        assert http.get(f"/static/{name}").status_code == 200
    assert http.get("/static/nope.js").status_code == 404
    _refused(http.get("/api/nope"), 404)
    assert http.get("/api/check").status_code == 405


def test_table(http):
    t = http.get("/api/table").json()
    assert t["length_m"] == 3.55 and t["width_m"] == 1.775 and len(t["pockets"]) == 6
    assert len(t["diamonds"]) == 2 * 6 + 2 * 3  # 3 per half long rail, 3 per short rail
    assert len(t["spots"]) == 3 and t["initial_state"]["cue_in_hand"] is True
    assert len(t["segments"]) == 2 * len(t["segment_normals"])
    small = http.get("/api/table", params={"name": "pyramid-10ft"}).json()
    assert small["length_m"] == 2.84
    _refused(http.get("/api/table", params={"name": "snooker"}), 422, "snooker")


def test_positions(http):
    names = {p["name"] for p in http.get("/api/positions").json()["positions"]}
    assert {"open", "hand", "tush"} <= names


def test_check(http):
    doc = load_json(OPEN)
    ok = http.post("/api/check", json=doc).json()
    assert ok == {"ok": True, "kind": "state", "notes": []}
    assert http.post("/api/check", json={"balls": {"cue": [1, 1]}}).json()["kind"] == "position"
    bad_scores = dict(doc, scores=[1, 2])  # R1: refused naming the numbers
    _refused(http.post("/api/check", json=bad_scores), 422, "sum to 3", "shelves hold 88")
    said = dict(bad_scores, adjustment={"reason": "typed in", "points": -85})
    assert "adjustment -85 points" in http.post("/api/check", json=said).json()["notes"][0]
    _refused(http.post("/api/check", json={"balls": {"cue": [1.0, 1.0], "7": [1.01, 1.0]}}),
             422, "balls.cue", "balls.7", "overlap")
    _refused(http.post("/api/check", json={"balls": {"7": [0.01, 1.0]}}), 422, "balls.7",
             "not on the bed")
    _refused(http.post("/api/check", json={"balls": {"16": [1, 1]}}), 422, "'16'")
    _refused(http.post("/api/check", json={"balls": {"7": [1, "x"]}}), 422, "balls.7")
    _refused(http.post("/api/check", json={"table": "snooker", "balls": {}}), 422, "table")
    _refused(http.post("/api/check", json=dict(doc, to_move=5)), 422, "to_move", "5")
    _refused(http.post("/api/check", json=[1, 2]), 422, "JSON object")
    _refused(http.post("/api/check", json={}), 422, "balls")
    _refused(http.post("/api/check", content=b"{not json"), 400, "not valid JSON")
    _refused(http.post("/api/check", content=b""), 400, "empty")
    _refused(http.post("/api/check", content=b"\xff\xfe"), 400, "UTF-8")


def test_suggest(http):
    doc = load_json(OPEN)
    r = http.post("/api/suggest", params={"time_budget": 1, "top": 2, "lang": "ru"}, json=doc)
    assert r.status_code == 200, r.text
    body = r.json()
    sug = body["suggestions"]
    assert 1 <= len(sug) <= 2 and body["to_move"] == 0
    for s in sug:
        assert set(s) >= {"kind", "call", "strike", "placement", "p_success", "expected_points",
                          "p_foul", "p_win", "instruction", "advice", "paths", "instructions"}
        assert set(s["instructions"]) == {"en", "ru"}
        assert s["instruction"] == s["instructions"]["ru"]
        if s["strike"] is not None:
            assert "cue" in s["paths"] and len(s["paths"]["cue"]) >= 2
            assert s["advice"]["speed"]["table_lengths"] > 0
    # the same seed and budget in samples: the same answer
    again = http.post("/api/suggest", params={"top": 2, "budget": 60, "time_budget": 60},
                      json=doc).json()
    twice = http.post("/api/suggest", params={"top": 2, "budget": 60, "time_budget": 60},
                      json=doc).json()
    assert again["suggestions"] == twice["suggestions"]


@pytest.mark.parametrize("params, words", [
    ({"top": "abc"}, ["top", "abc"]), ({"top": 0}, ["top"]), ({"skill": "wizard"}, ["skill"]),
    ({"lang": "de"}, ["lang", "de"]), ({"time_budget": -1}, ["time_budget"]),
    ({"time_budget": "nan"}, ["time_budget"]), ({"seed": -3}, ["seed"]),
])
def test_suggest_bad_options(http, params, words):
    _refused(http.post("/api/suggest", params=params, json=load_json(OPEN)), 422, *words)


def test_suggest_bad_bodies(http):
    doc = load_json(OPEN)
    _refused(http.post("/api/suggest", json={"balls": {"cue": [1, 1]}}), 422, "scores")
    _refused(http.post("/api/suggest", json=dict(doc, balls={"cue": [1, 1], "7": [1, 1.01]})),
             422, "overlap")
    _refused(http.post("/api/suggest", json=dict(doc, scores=[71, 3])), 422, "scores")
    _refused(http.post("/api/suggest", json="state"), 422)
    _refused(http.post("/api/suggest", content=b"[1,"), 400)


def test_simulate(http):
    shot = load_json(ROOT / "examples" / "cut.json")
    r = http.post("/api/simulate", json=shot)
    assert r.status_code == 200, r.text
    out = r.json()
    assert set(out) >= {"final", "pocketed", "events", "first_contact", "paths", "motion"}
    assert out["first_contact"] == "7"
    m = out["motion"]
    assert m["n"] >= 2 and len(m["balls"]["cue"]) == m["n"]
    assert m["balls"]["cue"][0] == pytest.approx(shot["balls"]["cue"], abs=1e-4)
    final = out["final"]["cue"]
    assert m["balls"]["cue"][-1] == pytest.approx(final, abs=1e-3)
    noisy = http.post("/api/simulate", params={"noise": "club", "runs": 3, "seed": 5},
                      json=shot).json()
    assert len(noisy["runs"]) == 3 and noisy["noise"] == "club"
    assert noisy == http.post("/api/simulate", params={"noise": "club", "runs": 3, "seed": 5},
                              json=shot).json()
    strikes = {json.dumps(run["strike"]) for run in noisy["runs"]}
    assert len(strikes) == 3


def test_simulate_bad(http):
    shot = load_json(ROOT / "examples" / "cut.json")
    _refused(http.post("/api/simulate", json=dict(shot, strike={"speed_mps": -1,
                                                                "phi_deg": 0})), 422, "speed")
    _refused(http.post("/api/simulate", json={"balls": shot["balls"]}), 422, "strike")
    _refused(http.post("/api/simulate", json=dict(shot, extra=1)), 422, "extra")
    _refused(http.post("/api/simulate", params={"noise": "wizard"}, json=shot), 422, "wizard")
    _refused(http.post("/api/simulate", params={"noise": "club", "runs": 99}, json=shot),
             422, "runs")
    _refused(http.post("/api/simulate", content=b"nope"), 400)


def test_record(http, game_record):
    record, _ = game_record
    text = record.read_text()
    r = http.post("/api/record", content=text.encode(),
                  headers={"Content-Type": "text/plain"})
    assert r.status_code == 200, r.text
    out = r.json()
    n = len(text.splitlines()) - 2
    assert len(out["strokes"]) == n and out["header"]["players"] == ["greedy", "random"]
    first = out["strokes"][0]
    assert first["stroke"] == 1 and "balls" in first["state_before"]
    assert first["paths"]["cue"] and first["scores_after"] is not None
    _refused(http.post("/api/record", content=b""), 422, "empty")
    _refused(http.post("/api/record", content=b'{"type": "stroke"}\n'), 422, "line 1")
    _refused(http.post("/api/record", content=b"not json\n"), 422, "line 1")
    _refused(http.post("/api/record", content=b"\xff"), 400, "UTF-8")

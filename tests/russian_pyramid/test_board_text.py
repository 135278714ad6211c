"""The board (issue 23, item 2): the Match tab's names, date, games and target checked by
engine/text.py as the terminal session's (422 naming the field, never a 500), and the query
options typed strictly (_num_arg: no true, 2.9 or "1e3" for an integer)."""
from __future__ import annotations

import json

import pytest

from engine.text import MAX_GAMES, MAX_NAME_CHARS, MAX_TARGET
from russian_pyramid.board import api
from russian_pyramid.board.server import create_app
from russian_pyramid.errors import UserInputError

from .boardclient import guarded_client


@pytest.fixture
def client(tmp_path):
    with guarded_client(create_app(warm=False, match_record=str(tmp_path / "m.jsonl"))) as c:
        yield c


def _post(c, text: str):
    return c.post("/api/match/start", content=text.encode("ascii"),
                  headers={"content-type": "application/json"})


@pytest.mark.parametrize("players, words", [
    ('["\\ud800", "B"]', "surrogate"), ('["A", "\\udcff\\udcfe"]', "surrogate"),
    ('["", "B"]', "players[0]"), ('["  ", "B"]', "players[0]"),
    ('["A\\nB", "C"]', "U+000A"), ('["A\\u0007", "C"]', "U+0007"),
    (json.dumps(["x" * 10_000, "B"]), f"at most {MAX_NAME_CHARS}"),
    ('["A", " A "]', "same name"),
])
def test_bad_names_are_refused_with_4xx(client, players, words):
    r = _post(client, '{"players": %s}' % players)
    assert 400 <= r.status_code < 500, r.text
    assert words in r.text and "Traceback" not in r.text
    assert client.get("/api/match").json()["active"] is False


@pytest.mark.parametrize("field, value", [
    ("date", '"2026-13-45"'), ("date", "20260101"), ("games", str(10 ** 23)),
    ("games", str(MAX_GAMES + 1)), ("games", "true"), ("games", "2.0"),
    ("target", str(MAX_TARGET + 1)), ("target", '"71"'),
])
def test_bad_date_games_target_are_refused_naming_the_field(client, field, value):
    r = _post(client, '{"players": ["A", "B"], "%s": %s}' % (field, value))
    assert 400 <= r.status_code < 500, r.text  # 400: too many digits for JSON; else 422
    assert field in r.text


def test_a_good_start_keeps_the_names_stripped_and_the_date(client):
    r = client.post("/api/match/start", json={"players": [" Иван ", "Пётр"],
                                               "date": "2026-02-28", "games": MAX_GAMES,
                                               "target": MAX_TARGET})
    assert r.status_code == 200, r.text
    assert r.json()["people"] == ["Иван", "Пётр"]
    header = json.loads(client.get("/api/match/record").text.splitlines()[0])
    assert header["date"] == "2026-02-28" and header["people"] == ["Иван", "Пётр"]


@pytest.mark.parametrize("params, key", [
    ({"top": True}, "top"), ({"top": 2.9}, "top"), ({"top": 2.0}, "top"),
    ({"top": "2.9"}, "top"), ({"top": "1e1"}, "top"), ({"seed": 1.5}, "seed"),
    ({"budget": "٣"}, "budget"), ({"time_budget": True}, "time_budget"),
    ({"time_budget": "nan"}, "time_budget"), ({"skill": True}, "skill"),
])
def test_num_arg_is_strict(params, key):
    with pytest.raises(UserInputError, match=f"^{key} = "):
        api.suggest_options(params)


def test_num_arg_takes_query_strings_and_json_numbers():
    o = api.suggest_options({"top": " 2 ", "budget": 50, "time_budget": "0.5", "skill": 1})
    assert o.top == 2 and o.budget == 50 and o.time_budget_s == 0.5
    assert o.skill == 1.0


def test_query_options_over_http(client):
    doc = {"balls": {}}
    r = client.post("/api/suggest", params={"top": "2.9"}, json=doc)
    assert r.status_code == 400 and "top" in r.text, r.text  # not an integer's form (query.py)
    r = client.post("/api/suggest", params={"top": "0"}, json=doc)
    assert r.status_code == 422 and "top" in r.text, r.text  # out of range

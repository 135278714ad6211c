"""engine/text.py: the one check of a player's name, a date and an entered integer (issue 23,
item 2), and the JSON reader's refusal of a lone surrogate anywhere."""
from __future__ import annotations

import pytest

from engine import jsonin
from engine.errors import MalformedInputError
from engine.text import (MAX_NAME_CHARS, check_date, check_int, check_name, check_names,
                         parse_int)


@pytest.mark.parametrize("name", ["Иван", "O'Brien", "Jean-Luc Picard", "李小龍", "😀 Ann",
                                  "Я" * MAX_NAME_CHARS])
def test_good_names(name):
    assert check_name(f" {name} ", "players[0]") == name


@pytest.mark.parametrize("value, words", [
    (None, "must be a name"), (7, "must be a name"), ("", "is empty"), (" \u3000 ", "is empty"),
    ("a\nb", "U+000A"), ("a\rb", "U+000D"), ("a\x00", "U+0000"), ("a\x7f", "U+007F"),
    ("\ud800", "lone surrogate"), ("\udcff\udcfe", "lone surrogate"), ("a\u2029", "U+2029"),
    ("a\u2066b", "U+2066"), ("x" * (MAX_NAME_CHARS + 1), "at most"),
])
def test_bad_names_name_the_field(value, words):
    with pytest.raises(MalformedInputError, match=r"^players\[0\] = ") as info:
        check_name(value, "players[0]")
    assert words in str(info.value)


def test_names_unique_unless_told():
    with pytest.raises(MalformedInputError, match="same name"):
        check_names(["A", " A"], "players")
    assert check_names(["random", "random"], "players", unique=False) == ["random", "random"]
    assert check_names(["a\u2028b"], "players", strict=False, max_chars=None) == ["a\u2028b"]
    with pytest.raises(MalformedInputError, match="surrogate"):
        check_names(["\ud800"], "players", strict=False, max_chars=None)


@pytest.mark.parametrize("value", ["2026-13-45", "2026-02-29", "20260101", "2026-W01-1",
                                   "2026-01-01T00:00", "", None, 20260101])
def test_bad_dates(value):
    with pytest.raises(MalformedInputError, match="^--date = "):
        check_date(value, "--date")


def test_good_dates():
    assert check_date("2024-02-29", "date") == "2024-02-29"


@pytest.mark.parametrize("value", [True, 2.0, "3", None])
def test_check_int_is_strict(value):
    with pytest.raises(MalformedInputError, match="must be an integer"):
        check_int(value, "games", 1, 10)


@pytest.mark.parametrize("text", ["1e3", "2.5", "٣", "", "9" * 30, "0x10", "1_000"])
def test_parse_int_refuses(text):
    with pytest.raises(MalformedInputError, match="^score = "):
        parse_int(text, "score", -10**6, 10**6)


def test_parse_int_bounds():
    assert parse_int(" -5 ", "score", -5, 5) == -5
    with pytest.raises(MalformedInputError, match=r"must lie in \[-5, 5\]"):
        parse_int("6", "score", -5, 5)


@pytest.mark.parametrize("text, where", [
    ('{"players": ["\\ud800", "B"]}', "players[0]"),
    ('{"a": {"\\udfff": 1}}', "a: a key"),
    ('["ok", "x\\udc00y"]', "[1]"),
])
def test_jsonin_refuses_a_lone_surrogate_naming_the_field(text, where):
    with pytest.raises(jsonin.JsonInputError, match="lone surrogate") as info:
        jsonin.loads(text, source="line 1")
    assert where in str(info.value)


def test_jsonin_takes_a_surrogate_pair():
    assert jsonin.loads('"\\ud83d\\ude00"') == "😀"

"""russian_pyramid.app.match (issue 53 item 7): the terminal's session through the
application layer, started and resumed from typed terms (no argparse namespace), its handicap
read by the app layer itself; the board's desk is the app layer's, answering typed values whose
``to_json`` is the board's JSON."""
from __future__ import annotations

import io
import json

import pytest

from engine import read_record, verify_record
from russian_pyramid.app.match import LineResult, MatchDesk, MatchStatus, SessionTerms, run_session
from russian_pyramid.app.match.store import MatchStore
from russian_pyramid.app.match_start import MatchStart, match_start
from russian_pyramid.board import match as board_match
from russian_pyramid.errors import UserInputError

HANDICAP = json.dumps({"kind": "points", "receiver": 1, "points": 10})


def test_a_session_started_from_terms_keeps_score_and_its_record(tmp_path, capsys):
    record = tmp_path / "m.jsonl"
    terms = SessionTerms(players=("Ann", "Bob"), date="2026-11-30", record=str(record),
                         handicap=HANDICAP)
    assert run_session(terms, io.StringIO("7 FL\n")) == 0
    rec = read_record(record)
    verify_record(rec)
    assert rec.header["session"]["handicap"]["points"] == 10
    assert rec.header["session"]["people"] == ["Ann", "Bob"]
    assert "Ann 7" in capsys.readouterr().out


def test_a_resumed_session_refuses_other_terms_naming_the_option(tmp_path, capsys):
    record = tmp_path / "m.jsonl"
    run_session(SessionTerms(players=("Ann", "Bob"), record=str(record)), io.StringIO(""))
    with pytest.raises(UserInputError, match="--players"):
        run_session(SessionTerms(resume=str(record), players=("Ann", "Cid")), io.StringIO(""))
    assert run_session(SessionTerms(resume=str(record)), io.StringIO("5 NL\n")) == 0


def test_a_handicap_that_is_no_json_is_refused_by_the_app_layer(tmp_path):
    with pytest.raises(UserInputError, match="--handicap"):
        run_session(SessionTerms(players=("Ann", "Bob"), handicap="{not json"),
                    io.StringIO(""))


def test_the_boards_match_tab_is_the_app_layers_desk():
    assert board_match.MatchDesk is MatchDesk


STATUS_KEYS = ["active", "people", "sides", "scores", "to_move", "next", "cue_in_hand", "balls",
               "game", "games", "result", "warning", "unchanged_foul_streak",
               "no_call_strokes_left", "strokes", "strokes_words", "status_text", "lang", "scorer", "record",
               "last", "lines", "stats", "handover", "id"]


def test_the_desk_answers_typed_values_whose_json_the_board_sends(tmp_path):
    """MatchStatus and LineResult (issue 53: the app layer returns typed values): their JSON
    is GET /api/match's, key by key in its order; a device's view adds the session's settings
    and whether that device keeps the score."""
    desk = MatchDesk(tmp_path / "m.jsonl")
    assert desk.status() == MatchStatus(False) and desk.status().to_json() == {"active": False}
    st = desk.start({"players": ["Ann", "Bob"], "lang": "en", "date": "2026-11-30"}, "10.0.0.2")
    assert isinstance(st, MatchStatus) and st.people == ("Ann", "Bob")
    js = st.to_json()
    assert list(js) == STATUS_KEYS + ["session", "you_score"]
    assert js["you_score"] is True and js["session"]["people"] == ["Ann", "Bob"]
    assert list(desk.status().to_json()) == STATUS_KEYS  # no device's view
    assert desk.status("10.0.0.3").to_json()["you_score"] is False
    r = desk.line({"text": "7 FL"}, "10.0.0.2")
    assert isinstance(r, LineResult) and not r.refused and r.printed
    assert list(r.to_json()) == ["printed", "refused", "status"]
    assert r.to_json()["status"] == r.status.to_json() and len(r.status.strokes) == 1
    assert json.loads(json.dumps(r.to_json())) == r.to_json()
    assert desk.record().text == desk.record_text()


def test_the_match_answer_says_each_line_in_the_pages_words(tmp_path):
    """Issue 54, item 4: the Russian buttons write ``+cue`` and ``miss`` into the line; the
    status carries every stroke said in each language, the Russian one all in Russian."""
    desk = MatchDesk(tmp_path / "m.jsonl")
    desk.start({"players": ["Ann", "Bob"], "lang": "ru", "date": "2026-11-30"}, "10.0.0.2")
    for text in ("9 БП +cue БЛ", "miss"):
        assert not desk.line({"text": text}, "10.0.0.2").refused
    words = desk.status().to_json()["strokes_words"]
    assert [w["ru"] for w in words] == ["9 БП +биток БЛ", "промах"]
    assert [w["en"] for w in words] == ["9 NR +cue NL", "miss"]
    # the record keeps the canonical line, whatever the buttons wrote
    assert [s.extra["entered"] for s in read_record(tmp_path / "m.jsonl").strokes] == \
        ["9 NR +cue NL", "miss"]
    r = desk.line({"text": "отмена"}, "10.0.0.2")  # undone, said in the session's words
    assert "промах" in "\n".join(r.printed) and "miss" not in "\n".join(r.printed)


def test_the_start_form_is_a_typed_value_the_desk_takes(tmp_path):
    """match_start completes the body into a MatchStart (the breaker as its player's name);
    a field left out takes the desk's default, an explicit null stays None (refused by the
    session, naming it)."""
    start = match_start({"players": ["Ann", "Bob", "Cid"], "variant": "one-vs-pair",
                         "breaker": 0, "handicap": None})
    assert start == MatchStart(players=["Ann", "Bob", "Cid"], variant="one-vs-pair",
                               breaker="Ann")
    assert (start.call_mode, start.lang) == ("exact", "ru")
    assert MatchStart.of({"lang": None}).lang is None
    with pytest.raises(UserInputError, match="JSON object"):
        match_start([1])
    st = MatchDesk(tmp_path / "m.jsonl").start(start)
    assert st.sides == ("Ann", "Bob & Cid") and st.lang == "ru"


@pytest.mark.parametrize("where", ["match-record", "data-folder"])
def test_a_restarted_desk_says_the_last_ruling_again(tmp_path, where):
    """Issue 54 (a leftover): a board started again goes on with its match, and the Match
    tab's ruling box shows the last stroke's ruling at once, not the bare status until the
    next line is entered."""
    record = tmp_path / "m.jsonl" if where == "match-record" else None
    store = MatchStore(tmp_path / "data")
    desk = MatchDesk(record, store=store)
    desk.start({"players": ["Аня", "Боря"], "lang": "ru", "date": "2026-11-30"}, "10.0.0.2")
    printed = desk.line({"text": "7 FL"}, "10.0.0.2").printed
    again = MatchDesk(record, store=store).status("10.0.0.2")
    assert again.active and again.last == printed, (again.last, printed)
    assert "Аня" in again.last[0] and again.last[0] != again.status_text


def test_the_match_record_s_match_is_listed_and_opened_again(tmp_path):
    """Issue 54 (a leftover): ``pyramid board --match-record FILE`` keeps its match outside
    the data folder; the Match tab's list shows it (first, as ``match-record``) and opens it
    again after another match was started; a file ``--force`` is to replace is not listed."""
    record, store = tmp_path / "m.jsonl", MatchStore(tmp_path / "data")
    desk = MatchDesk(record, store=store)
    assert desk.listed().matches == ()
    desk.start({"players": ["Аня", "Боря"], "lang": "ru", "date": "2026-11-30"})
    desk.line({"text": "7 FL"})
    first = desk.listed().matches
    assert [(m.id, m.current, m.people, m.strokes) for m in first] == [
        ("match-record", True, ("Аня", "Боря"), 1)]
    desk.start({"players": ["Вова", "Гена"], "lang": "ru", "date": "2026-11-30"})
    listed = desk.listed().matches
    assert [(m.id == "match-record", m.current, m.people[0]) for m in listed] == [
        (True, False, "Аня"), (False, True, "Вова")]
    assert not record.with_name("m.game2.jsonl").exists()  # the new match is the folder's
    st = desk.open({"id": "match-record"})
    assert st.active and st.sides == ("Аня", "Боря")
    assert [m.current for m in desk.listed().matches] == [True, False]
    forced = MatchDesk(record, resume=False, store=store)
    assert [m.id for m in forced.listed().matches] == [listed[1].id]

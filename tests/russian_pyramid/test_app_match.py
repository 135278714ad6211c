"""russian_pyramid.app.match (issue 53 item 7): the terminal's session through the
application layer, started and resumed from typed terms (no argparse namespace), its handicap
read by the app layer itself; the board's desk is the app layer's."""
from __future__ import annotations

import io
import json

import pytest

from engine import read_record, verify_record
from russian_pyramid.app.match import MatchDesk, SessionTerms, run_session
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

"""`pyramid score --session`: the corner cluster R11.10 entered as a line (`cluster FL` /
«скопление ДЛ»), the strokes without a call after it, the record that keeps it and
``--resume``; and ``--breaker NAME`` mapped to its side (issue 22)."""
from __future__ import annotations

import json

from engine import read_record, verify_record
from engine.notation import HELP_EN, HELP_RU
from russian_pyramid.scorekeeping import Session
from tests.cli.clihelp import assert_bad_input, pyramid, refusal
from tests.cli.test_scorekeeping import refused, session, typed


def test_R11_10_cluster_line_then_one_stroke_each_without_a_call(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x")  # the break; Пётр to play
    text = typed(s, out, "cluster FL")
    assert "R11.10" in text and "pocket FL" in text and "without a call" in text
    assert s.state.no_call_strokes_left == 2 and not s.state.cue_in_hand
    assert s.pending[0]["action"] == "cluster" and s.pending[0]["pocket"] == "FL"
    # R10.1/R11.10: every ball that falls counts, the turn passes when none does
    text = typed(s, out, "nocall +3 FL +5 FL")
    assert s.state.scores == (0, 8) and s.state.to_move == 1
    assert "3, 5 counted (+8)" in text and "R11.10" in text and "R5.1" not in text
    assert s.state.no_call_strokes_left == 1
    typed(s, out, "nocall first 6")
    assert s.state.to_move == 0 and s.state.no_call_strokes_left == 0
    assert "without a call still due" not in s.status()
    # no more strokes without a call: a call again
    text = refused(s, out, "nocall +9 FL")
    assert "R5.4" in text
    typed(s, out, "9 FL")
    assert s.state.scores == (9, 8)
    rec = read_record(s.base)
    verify_record(rec)
    assert rec.strokes[1].extra["before"] == [s.strokes[1].before[0]]
    assert rec.strokes[1].extra["entered"] == "nocall +3 FL +5 FL"


def test_R11_10_in_russian_with_the_balls_named(tmp_path):
    s, out = session(tmp_path, lang="ru")
    typed(s, out, "4 ДЛ х", "1 ДЛ", "2 ДЛ", "3 ДЛ", "5 ДЛ", "6 ДЛ", "7 ДЛ", "8 ДЛ", "9 ДЛ",
          "10 ДЛ", "11 ДЛ x")
    assert s.state.object_balls == ["4", "11", "12", "13", "14", "15"]
    assert s.state.to_move == 0 and s.state.scores == (0, 61)  # ball 1 is worth 11
    text = typed(s, out, "скопление БП 15 14 13 12 11 4")
    assert "R11.10: все шары у лузы БП (15 14 13 12 11 4)" in text and "без-заказа" in text
    assert "Ещё ударов без заказа: 2" in text
    text = typed(s, out, "без-заказа +13 БП")
    assert "Иван: засчитан 13 (+13)" in text and "R11.10" in text
    typed(s, out, "без-заказа промах")  # Иван again: the second stroke without a call
    assert s.state.to_move == 1 and s.state.no_call_strokes_left == 0
    assert s.state.scores == (13 - 5, 61 + 5)
    verify_record(read_record(s.base))


def test_R11_10_refusals_change_nothing(tmp_path):
    s, out = session(tmp_path)
    assert "break" in refused(s, out, "cluster FL")  # R3.2: the break is still to be played
    typed(s, out, "7 FL x")
    for line, why in (("cluster ML", "middle pocket"), ("скопление СЛ", "middle pocket"),
                      ("cluster", "which corner"), ("cluster XY", "not a pocket"),
                      ("cluster FL 16", "balls gathered"), ("cluster FL cue", "balls gathered"),
                      ("cluster FL 3 3", "twice"), ("cluster FL 3 5", "on the table too")):
        assert why in refused(s, out, line), line
    typed(s, out, "7 NR")
    assert "not on the table" in refused(s, out, "cluster FR 7")
    typed(s, out, "cluster FR")
    assert "already due" in refused(s, out, "cluster FR")
    assert s.refusals == 11
    (tmp_path / "ru").mkdir()
    s2, out2 = session(tmp_path / "ru", lang="ru")
    typed(s2, out2, "7 FL x")
    assert "средняя луза" in refused(s2, out2, "скопление СЛ")
    assert "(R11.10)" in refused(s2, out2, "скопление ДЛ 3")


def test_R11_10_refused_when_the_game_is_over(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x", "correct 71 0 agreed")
    assert s.state.game_over
    assert "game is over" in refused(s, out, "cluster FL")


def test_R11_10_undo_takes_back_the_cluster(tmp_path):
    s, out = session(tmp_path, lang="ru")
    typed(s, out, "7 FL x")
    before = s.state
    text = typed(s, out, "скопление ДЛ", "отмена")
    assert "Отменено: скопление ДЛ." in text
    # nothing of the cluster acts: the record keeps only the mark of its undo (issue 54 item 3)
    assert s.state == before
    assert [(a["action"], a["action_undone"]["action"]) for a in s.pending] == [("undo", "cluster")]


def test_R11_10_the_record_resumes_with_the_cluster_pending_or_played(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x", "cluster NL")
    back = Session.resume(s.base, None, out=lambda _: None)
    assert back.state == s.state and back.pending == s.pending
    # through the command line: the session goes on with the strokes without a call
    r = pyramid("score", "--resume", s.base, input="nocall +3 NL\nnocall x\nnocall first 5\n")
    assert r.returncode == 1, r.stdout + r.stderr  # `nocall x` is refused (no call)
    assert "without a call still due: 2" in r.stdout and "3 counted (+3)" in r.stdout
    rec = read_record(s.base)
    verify_record(rec)
    assert [x.extra["entered"] for x in rec.strokes] == ["7 FL x", "nocall +3 NL",
                                                         "nocall first 5"]
    assert rec.strokes[1].extra["before"][0]["action"] == "cluster"
    back = Session.resume(s.base, None, out=lambda _: None)
    assert back.state.no_call_strokes_left == 0 and back.state.scores == (0, 3)
    # the cluster removed from the record (and resealed) breaks the chain of states
    lines = s.base.read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[2])
    del obj["before"]
    lines[2] = json.dumps(obj, ensure_ascii=False)
    (tmp_path / "cut.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = refusal("score", "--resume", tmp_path / "cut.jsonl", input="")
    assert_bad_input(r, "line 3")


def test_R11_10_help_in_both_languages():
    assert "cluster FL" in HELP_EN and "R11.10" in HELP_EN
    assert "скопление ДЛ" in HELP_RU and "R11.10" in HELP_RU


# --- --breaker NAME is a side ---------------------------------------------------------------
def test_R12_2_breaker_a_partner_is_refused_naming_the_rule(tmp_path):
    for partner in ("Аня", "Боря"):
        r = refusal("score", "--session", "--players", "Соло", "Аня", "Боря", "--variant",
                    "one-vs-pair", "--breaker", partner, input="")
        assert_bad_input(r, "R12.2", partner, "single")
        assert "must be 0..1" not in r.stderr
    r = pyramid("score", "--session", "--players", "Соло", "Аня", "Боря", "--variant",
                "one-vs-pair", "--breaker", "Соло", "--record", tmp_path / "p.jsonl",
                input="7 FL x\n")
    assert r.returncode == 0, r.stderr
    assert "Next: Аня" in r.stdout
    assert read_record(tmp_path / "p.jsonl").header["session"]["breaker"] == 0


def test_R3_1_breaker_is_the_side_of_the_name(tmp_path):
    r = pyramid("score", "--session", "--players", "Иван", "Пётр", "--breaker", "Пётр",
                "--record", tmp_path / "g.jsonl", input="")
    assert r.returncode == 0 and "Next: Пётр (cue ball in hand)" in r.stdout
    r = pyramid("score", "--session", "--players", "Аня", "Боря", "Вера", "--breaker", "Вера",
                input="")
    assert r.returncode == 0 and "Next: Вера (cue ball in hand)" in r.stdout
    assert_bad_input(refusal("score", "--session", "--players", "Иван", "Пётр", "--breaker",
                             "Фома", input=""), "not one of --players")


def test_R12_2_one_against_a_pair_match_goes_on_with_the_single_breaking(tmp_path):
    s, out = session(tmp_path, people=("Соло", "Аня", "Боря"), variant="one-vs-pair", games=2)
    typed(s, out, "7 FL x", "correct 0 71 agreed")
    text = typed(s, out, "new game")
    assert "Game 2 of 2: Соло breaks (R3.1)" in text and s.state.to_move == 0

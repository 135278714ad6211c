"""``pyramid score --session``: sessions typed line by line (issue 11).

Each test types a session the way a scorekeeper would and checks the ruling, the running
score and the record (which must pass engine.verify after every line); each cites the rule.
The in-process tests drive :class:`russian_pyramid.scorekeeping.Session`; the end-to-end ones run
the real command in a subprocess (the shipped example, SIGKILL and resume)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import read_record, verify_record
from engine.provenance import current as current_provenance
from engine.notation import canonical_line
from russian_pyramid.scorekeeping import Session, Settings, game_path
from tests.cli.clihelp import ROOT, env, pyramid, refusal

EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples


def session(tmp_path, people=("Иван", "Пётр"), **kw) -> tuple[Session, list[str]]:
    out: list[str] = []
    s = Session(Settings(people=list(people), date="2026-11-30", **kw),
                tmp_path / "game.jsonl", out=out.append)
    s.save()
    return s, out


def typed(s: Session, out: list[str], *lines: str) -> str:
    """Type lines; every line's record must verify; returns what the lines printed."""
    start = len(out)
    for line in lines:
        s.handle(line)
        rec = read_record(game_path(s.base, s.game_no))
        verify_record(rec)
    return "\n".join(out[start:])


def refused(s, out, line) -> str:
    before_state, before_n, before_text = s.state, len(s.strokes), \
        game_path(s.base, s.game_no).read_text(encoding="utf-8")
    text = typed(s, out, line)
    assert "Refused" in text or "Не принято" in text, text
    assert s.state == before_state and len(s.strokes) == before_n
    assert game_path(s.base, s.game_no).read_text(encoding="utf-8") == before_text
    return text


# --- strokes and the running score -----------------------------------------------------------
def test_R5_1_called_and_pocketed_counts_and_the_player_continues(tmp_path):
    s, out = session(tmp_path)
    text = typed(s, out, "7 FL")
    assert s.state.scores == (7, 0) and s.state.to_move == 0
    assert "R5.1" in text and "Иван 7 — Пётр 0" in text


def test_R5_5_called_not_pocketed_passes_the_turn(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x")
    assert s.state.scores == (0, 0) and s.state.to_move == 1
    assert "7" in s.state.balls


def test_R5_1_another_ball_on_an_exact_call_is_respotted(tmp_path):
    s, out = session(tmp_path)
    text = typed(s, out, "7 FL +3 NR")
    assert s.state.scores == (7, 0) and "3" in s.state.balls and "R6" in text


def test_R5_2_ball_and_pocket_counts_every_ball(tmp_path):
    s, out = session(tmp_path, call_mode="ball-and-pocket")
    typed(s, out, "7 FL +3 NR")
    assert s.state.scores == (10, 0)


def test_R5_1_pocketed_not_as_called_counts_nothing(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL bank wrong")
    assert s.state.scores == (0, 0) and s.state.to_move == 1 and "7" in s.state.balls


def test_R7_1a_miss_and_R7_2_penalty(tmp_path):
    s, out = session(tmp_path)
    text = typed(s, out, "miss")
    assert s.state.scores == (-5, 5) and "R7.1a" in text and "R7.2" in text


def test_R7_1b_cue_ball_pocketed_puts_it_in_hand(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL +cue FL")
    assert s.state.scores == (-5, 5) and s.state.cue_in_hand and "7" in s.state.balls
    typed(s, out, "5 NR")  # from hand, at a nominal place in the house
    assert s.state.scores == (-5, 10)


def test_R7_1d_tush_and_touch(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x", "tush")
    assert s.state.scores == (5, -5)
    typed(s, out, "foul touch")
    assert s.state.scores == (0, 0)


def test_R7_1g_direct_hit_on_a_house_ball_is_said_not_assumed(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL +cue FL", "5 NR x foul g")
    assert s.state.scores == (0, 0)
    assert any("R7.1g" in line for line in read_record(s.base).strokes[-1].fouls)


def test_russian_words_and_pockets(tmp_path):
    s, out = session(tmp_path, lang="ru")
    text = typed(s, out, "7 ДЛ", "5 БП х", "промах")
    assert s.state.scores == (12, -5)
    assert "засчитан 7" in text and "Счёт: Иван 12 — Пётр -5" in text


# --- refusals -----------------------------------------------------------------------------------
@pytest.mark.parametrize("line, word", [
    ("7", "which pocket"),                      # R5: ambiguous, a call needs a pocket
    ("FL 7", "pocket without a ball"),
    ("7 XX", "which pocket"),
    ("bogus", "not a word"),
    ("miss +3 NR", "a miss touches no ball"),   # R7.1a: impossible
    ("5 FL x wrong", "does not matter"),
    ("5 FL +5 NR", "falls twice"),
    ("x", "needs a call"),
    ("foul h", "which ball did the cue ball hit first"),  # ambiguous first contact
    ("foul cue-pocketed", "which pocket did the cue ball fall"),
    ("foul", "which foul"),
    ("5 FL =", "foul stroke only"),             # R9.2: unchanged is said of fouls
    ("nocall +3 NR", "no stroke without a call"),
    ("first 20", "first"),
])
def test_refused_lines_change_nothing(tmp_path, line, word):
    s, out = session(tmp_path)
    typed(s, out, "7 FL")
    text = refused(s, out, line)
    assert word in text


def test_R5_4_calling_a_ball_not_on_the_table_is_refused_in_russian(tmp_path):
    s, out = session(tmp_path, lang="ru")
    typed(s, out, "7 FL")
    text = refused(s, out, "7 NR")
    assert "шара 7 нет на столе" in text and "R5.4" in text


# --- undo, score, help -----------------------------------------------------------------------
def test_undo_takes_back_the_last_stroke_and_the_record_follows(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL", "5 NR")
    assert s.state.scores == (12, 0)
    text = typed(s, out, "undo")
    assert s.state.scores == (7, 0) and "5 NR" in text
    assert len(read_record(s.base).strokes) == 1
    typed(s, out, "undo")
    refused(s, out, "undo")  # nothing left to undo in this game
    assert typed(s, out, "score").count("Иван 0 — Пётр 0") == 1
    assert "undo" in typed(s, out, "help")


# --- R9.2 / R11.8 --------------------------------------------------------------------------------
def test_R11_8_warning_then_R9_2_three_unchanged_fouls_each_draw(tmp_path):
    s, out = session(tmp_path)
    text = typed(s, out, "7 FL x", "foul touch =", "foul touch =")
    assert "R11.8" in text and "may warn" in text  # both sides fouled, balls unchanged
    typed(s, out, "warning")
    assert s.state.warning
    for k in range(2):
        text = typed(s, out, "foul touch =", "foul touch =")
        assert s.state.result is None and "R9.2" in text
    text = typed(s, out, "foul touch =", "foul touch =")
    assert s.state.result.to_json() == {"draw": True, "rule": "R9.2"} and "draw (R9.2)" in text
    rec = read_record(s.base)
    assert rec.strokes[3].extra["before"] == [{"action": "warning"}]


def test_R9_2_a_foul_without_equals_resets_the_count(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "warning", "foul touch =", "foul touch =", "miss")
    assert s.state.unchanged_foul_streak == (0, 0)


def test_undo_of_a_warning(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "warning")
    assert s.state.warning and read_record(s.base).result["before"] == [{"action": "warning"}]
    typed(s, out, "undo")
    # the record says so (issue 54): the warning taken back, named, no effect on the state
    assert not s.state.warning and read_record(s.base).result["before"] == [
        {"action": "undo", "action_undone": {"action": "warning"}}]


def test_an_undone_stroke_stays_in_the_record_marked_and_a_resume_keeps_the_mark(tmp_path):
    """Issue 54: the last line taken back is not deleted in silence: an ``undo`` action
    naming it stays where it was (verified; no effect on the state), and later lines follow."""
    s, out = session(tmp_path)
    typed(s, out, "7 FL", "warning", "5 NR", "undo", "undo", "3 NR")
    rec = read_record(s.base)
    assert [st.extra["entered"] for st in rec.strokes] == ["7 FL", "3 NR"]
    assert rec.strokes[1].extra["before"] == [
        {"action": "undo", "line": "5 NR"},
        {"action": "undo", "action_undone": {"action": "warning"}}]
    assert s.state.scores == (10, 0) and not s.state.warning
    again = Session.resume(s.base, None, out=lambda _: None)
    assert again.state == s.state and again.strokes[1].before == rec.strokes[1].extra["before"]
    again.handle("undo")  # the undo marks are never taken back themselves: the stroke is
    assert again.state.scores == (7, 0) and again.pending[-1] == {"action": "undo",
                                                                  "line": "3 NR"}


# --- R10 last-ball replay ------------------------------------------------------------------------
def _drawn(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL x", "warning")
    for _ in range(3):
        typed(s, out, "foul touch =", "foul touch =")
    assert s.state.result.draw
    return s, out


def test_R10_1_last_ball_replay_won_by_pocketing_the_ball(tmp_path):
    s, out = _drawn(tmp_path)
    refused(s, out, "7 FL")  # R14.1/R9.1: the game is over
    text = typed(s, out, "replay")
    assert s.state.last_ball_replay and s.game_no == 2 and "R10.1" in text
    assert s.state.to_move == 1  # the other player than the drawn game's breaker
    typed(s, out, "nocall +1 FL")
    assert s.state.result.to_json() == {"winner": 1, "rule": "R10.1"}
    assert read_record(game_path(s.base, 2)).header["replay_of"] == 1


def test_R10_1_a_drawn_game_replayed_whole(tmp_path):
    s, out = _drawn(tmp_path)
    text = typed(s, out, "replay game")
    assert s.game_no == 2 and not s.state.last_ball_replay and "R10.1" in text
    assert len(s.state.object_balls) == 15 and s.state.to_move == 1 and s.state.scores == (0, 0)
    typed(s, out, "7 FL")
    assert s.state.scores == (0, 7)


def test_R10_1_only_a_draw_is_replayed(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "correct 71 0 agreed")
    refused(s, out, "replay game")
    refused(s, out, "replay")


def test_R10_2_a_foul_in_the_last_ball_replay_loses(tmp_path):
    s, out = _drawn(tmp_path)
    typed(s, out, "replay", "miss")
    assert s.state.result.to_json() == {"winner": 0, "rule": "R10.2"}


# --- R12 three players ----------------------------------------------------------------------------
def test_R12_1_three_each_turn_order_and_penalty_to_the_next(tmp_path):
    s, out = session(tmp_path, people=("Аня", "Боря", "Вера"), variant="three-each")
    assert s.state.target == 51
    text = typed(s, out, "7 FL x")
    assert s.state.to_move == 1 and "Бьёт" not in text and "Next: Боря" in text
    typed(s, out, "miss")  # R7.2 three players: the 5 go to the next in turn
    assert s.state.scores == (0, -5, 5) and s.state.to_move == 2
    typed(s, out, "5 NR x")
    assert s.state.to_move == 0


def test_R12_1_three_each_the_first_to_51_leaves_and_the_others_play_on(tmp_path):
    s, out = session(tmp_path, people=("Аня", "Боря", "Вера"), variant="three-each")
    text = typed(s, out, "15 FL", "14 FL", "13 FL", "12 FL")
    assert s.state.placings == (0,) and s.state.result is None and s.state.to_move == 1
    assert "R12.1" in text and "R5.1" in text and "1. Аня" in text
    typed(s, out, "11 NL x", "miss")  # Боря, then Вера; the 5 go to Боря, next still playing
    assert s.state.scores == (54, 5, -5) and s.state.to_move == 1


def test_R12_2_one_against_a_pair_while_scoring(tmp_path):
    s, out = session(tmp_path, people=("Соло", "Аня", "Боря"), variant="one-vs-pair")
    text = typed(s, out, "7 FL x")
    assert "Next: Аня" in text
    text = typed(s, out, "5 NR x")
    assert s.state.to_move == 0
    text = typed(s, out, "3 FL", "4 FL x")  # R12.2(2): the single pocketed: partner B next
    assert "Next: Боря" in text


def test_R12_2_alternate_gives_the_pair_5_points(tmp_path):
    s, out = session(tmp_path, people=("Соло", "Аня", "Боря"), variant="one-vs-pair",
                     pair_order="alternate")
    assert s.state.scores == (0, 5)
    text = typed(s, out, "7 FL")  # R12.2(1): the turn passes after every stroke
    assert s.state.to_move == 1 and "Next: Аня" in text


# --- R13 handicaps ---------------------------------------------------------------------------------
def test_R13_1_points_on_the_record(tmp_path):
    s, out = session(tmp_path, handicap={"kind": "points", "receiver": 1, "points": 15})
    assert s.state.scores == (0, 15)
    typed(s, out, "miss")
    assert s.state.scores == (-5, 20)
    assert read_record(s.base).header["initial_state"]["scores"] == [0, 15]


def test_R13_1_balls_taken_off(tmp_path):
    s, out = session(tmp_path, handicap={"kind": "balls", "receiver": 1, "balls": ["1"]})
    assert s.state.scores == (0, 11) and "1" not in s.state.balls
    refused(s, out, "1 FL")


# --- R14 corrections ----------------------------------------------------------------------------
def test_R14_1_referee_corrects_the_scores(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL", "5 FL x")
    text = typed(s, out, "correct 12 0 the 5 was counted for Ivan")
    assert s.state.scores == (12, 0) and "R14.1" in text
    typed(s, out, "3 NR")
    assert s.state.scores == (12, 3)
    rec = read_record(s.base)
    assert rec.strokes[-1].extra["before"][0]["scores"] == [12, 0]
    verify_record(rec)


def test_R14_1_correction_reaching_the_target_wins(tmp_path):
    s, out = session(tmp_path)
    typed(s, out, "7 FL")
    text = typed(s, out, "correct 71 0 miscount found")
    assert s.state.result.to_json() == {"winner": 0, "rule": "R14.1"} and "R14.1" in text
    assert verify_record(read_record(s.base)).unfinished is False


def test_R14_1_correction_needs_one_score_a_side(tmp_path):
    s, out = session(tmp_path)
    refused(s, out, "correct 12")


# --- R3.1 matches -----------------------------------------------------------------------------------
def test_R3_1_new_game_of_a_match_alternates_the_breaker(tmp_path):
    s, out = session(tmp_path, games=2)
    refused(s, out, "new game")  # not over yet
    typed(s, out, "correct 71 0 agreed")
    text = typed(s, out, "new game")
    assert s.game_no == 2 and s.state.to_move == 1 and "Game 2 of 2" in text
    assert (tmp_path / "game.game2.jsonl").exists()
    typed(s, out, "correct 0 71 agreed")
    refused(s, out, "new game")  # the match is over
    assert "Иван" in s.summary() and "Пётр" in s.summary()


def test_R3_1_new_game_refused_in_russian_says_it_in_russian(tmp_path):
    """Issue 25: «new game» inside a Russian message; the refusal quotes the Russian words."""
    s, out = session(tmp_path, games=2, lang="ru")
    text = refused(s, out, "новая партия")  # not over yet
    assert "new game" not in text and "«новая партия»" in text, text


# --- end to end ---------------------------------------------------------------------------------------
EXAMPLE = EXAMPLES / "session_game.txt"
EXAMPLE_RECORD = EXAMPLES / "session_game.jsonl"
ARGS = ("score", "--session", "--players", "Иван", "Пётр", "--lang", "ru",
        "--date", "2026-11-30")


def test_the_shipped_example_replays_to_the_same_score_and_record(tmp_path):
    out = tmp_path / "game.jsonl"
    r = pyramid(*ARGS, "--record", out, input=EXAMPLE.read_text(encoding="utf-8"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Счёт: Иван 68 — Пётр 72." in r.stdout and "выиграл Пётр" in r.stdout
    # the same record line for line; only what made it (header.provenance: versions and
    # machine, absent from the shipped one) differs, and with it the seal of the header
    got = [json.loads(ln) for ln in out.read_text(encoding="utf-8").splitlines()]
    want = [json.loads(ln) for ln in EXAMPLE_RECORD.read_text(encoding="utf-8").splitlines()]
    made_with = got[0].pop("provenance")
    assert made_with["versions"] == current_provenance().to_json()["versions"]
    # the release that wrote it (engine.version): the shipped record is of an earlier one
    assert got[0].pop("software_version") == made_with["versions"]["russian-pyramid"]
    want[0].pop("software_version")
    assert got[0].pop("seal") == 2 and "seal" not in want[0]  # shipped before seal 2 (issue 51)
    for lines in (got, want):
        lines[-1].pop("sha256")
    assert got == want
    check = verify_record(read_record(out))
    assert check.strokes == 24 and not check.unfinished and check.hash_checked
    # the shipped one, written before provenance was kept, still verifies
    assert verify_record(read_record(EXAMPLE_RECORD)).hash_checked


def test_session_without_players_is_refused():
    r = refusal("score", "--session")
    assert r.returncode == 2 and "--players" in r.stderr


def _wait_for_strokes(path: Path, n: int, proc, timeout=60.0):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if path.exists():
            try:
                if len(read_record(path).strokes) >= n:
                    return
            except Exception:  # noqa: BLE001 -- never seen: the record is written atomically
                raise
        assert proc.poll() is None, proc.stderr.read()
        time.sleep(0.05)
    raise AssertionError(f"{n} strokes never reached {path}")


def test_sigkill_after_any_stroke_loses_nothing_and_resume_continues(tmp_path):
    lines = [ln for ln in EXAMPLE.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#") and ln not in ("quit", "score", "undo")]
    # without the typo and its undo: every line is one stroke
    lines.remove("7 FR")
    rec = tmp_path / "game.jsonl"
    done = 0
    for kill_after in (1, 7, 15, len(lines) - 1):
        args = ["--session", "--resume", str(rec)] if done else [*ARGS[1:], "--record",
                                                                   str(rec)]
        proc = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "score", *args],
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT)
        for line in lines[done:kill_after]:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        _wait_for_strokes(rec, kill_after, proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        r = read_record(rec)
        verify_record(r)
        # kept in the canonical form (issue 54)
        assert [s.extra["entered"] for s in r.strokes] == [canonical_line(ln) for ln in
                                                           lines[:kill_after]]
        done = kill_after
    r = pyramid("score", "--session", "--resume", rec, input="\n".join(lines[done:]) + "\n")
    assert r.returncode == 0, r.stdout + r.stderr
    final = read_record(rec)
    assert final.result["scores"] == [68, 72] and final.result["result"]["winner"] == 1
    verify_record(final)


# --- bad arguments (exit 2, nothing written) ---------------------------------------------------
def test_bad_session_arguments(tmp_path):
    assert refusal("score", "--players", "A", "B").returncode == 2  # needs --session
    r = refusal("score", EXAMPLES / "score_pot.json", "--session", "--players", "A", "B")
    assert r.returncode == 2 and "stdin" in r.stderr
    r = refusal("score", "--session", "--players", "A", "B", "--variant", "one-vs-pair")
    assert r.returncode == 2 and "needs 3 names" in r.stderr
    r = refusal("score", "--session", "--players", "A", "A")
    assert r.returncode == 2 and "same name" in r.stderr
    r = refusal("score", "--session", "--players", "A", "B", "--record",
                tmp_path / "no" / "such" / "dir.jsonl")
    assert r.returncode == 2 and "--record" in r.stderr
    r = refusal("score", "--resume", tmp_path / "missing.jsonl")
    assert r.returncode == 2 and "no such file" in r.stderr


def test_resume_refuses_a_record_that_is_not_a_session(tmp_path):
    plain = tmp_path / "plain.jsonl"
    text = EXAMPLE_RECORD.read_text(encoding="utf-8").replace('"human": true', '"human": false')
    plain.write_text(text, encoding="utf-8")
    r = refusal("score", "--resume", plain)
    assert r.returncode == 2  # the seal no longer matches, or it is not a human record
    assert "sha256" in r.stderr or "human" in r.stderr


def test_resume_refuses_an_earlier_game_of_the_match(tmp_path):
    s, out = session(tmp_path, games=2)
    typed(s, out, "correct 71 0 agreed", "new game")
    r = refusal("score", "--resume", tmp_path / "game.jsonl", input="7 FL\n")
    assert r.returncode == 2 and "game.game2.jsonl" in r.stderr
    r = pyramid("score", "--resume", tmp_path / "game.game2.jsonl", input="7 FL\n")
    assert r.returncode == 0, r.stderr
    assert read_record(tmp_path / "game.game2.jsonl").strokes[0].extra["entered"] == "7 FL"


def test_the_record_after_every_line_resumes_to_the_same_session(tmp_path):
    """What a SIGKILL after any line leaves (the file as written after that line: atomic,
    so it is this or the one before) resumes to exactly the session so far; the subprocess
    test above kills real processes at a few of these points."""
    lines = [ln for ln in EXAMPLE.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#") and ln != "quit"]
    s, out = session(tmp_path, lang="ru")
    for k, line in enumerate(lines):
        s.handle(line)
        snap = tmp_path / f"snap{k}.jsonl"
        snap.write_bytes(s.base.read_bytes())
        back = Session.resume(snap, None, out=lambda _: None)
        assert back.state == s.state
        assert [e.text for e in back.strokes] == [e.text for e in s.strokes]
        assert back.pending == s.pending
    assert s.state.scores == (68, 72)


def test_verify_applies_the_actions_between_strokes_and_refuses_them_removed(tmp_path):
    """R11.8 / R14.1 actions kept in ``before``: removing one (and resealing) breaks the
    chain of states, which engine.verify finds."""
    import json as _json

    from engine import RecordRefused
    from engine.record import parse_record, record_digest
    s, out = session(tmp_path)
    typed(s, out, "7 FL x", "warning", "foul touch =", "correct 3 -3 typo")
    typed(s, out, "miss")
    lines = s.base.read_text(encoding="utf-8").splitlines()
    for k, drop in ((2, "before"), (3, "before")):
        changed = list(lines)
        obj = _json.loads(changed[k])
        assert drop in obj
        del obj[drop]
        changed[k] = _json.dumps(obj)
        rec = parse_record(changed)
        rec.result = {**rec.result, "sha256": record_digest(rec)}
        with pytest.raises(RecordRefused) as exc:
            verify_record(parse_record(rec.lines()))
        assert exc.value.line == k + 1


# --- issue 22: the manner of an exact call read from what the line says happened ----------
def test_R5_1_R5_5_a_clean_call_with_another_ball_hit_first_is_unsuccessful(tmp_path):
    """R5.1 (the exact call): a clean pot means the cue ball hits the called ball first;
    `5 ДП первым 7` is a carom or combination that was not called, so nothing counts, the 5
    is respotted and the turn passes (R5.5) -- not «засчитан 5»."""
    s, out = session(tmp_path, people=("A", "B"), lang="ru")
    typed(s, out, "4 ДЛ х")
    text = typed(s, out, "5 ДП первым 7")
    assert "засчитан 5" not in text and "B: ничего не засчитано, ход переходит" in text, text
    assert "R5.5" in text
    assert s.state.scores == (0, 0) and s.state.to_move == 0 and "5" in s.state.balls
    rec = read_record(game_path(s.base, s.game_no))
    assert rec.strokes[-1].outcome.call_fulfilled is None  # not said; the rules core ruled


def test_R5_5_the_session_command_rules_the_clean_call_off_the_7_unsuccessful():
    """R5.1, R5.5 end to end: the two typed lines of issue 22 in the real command."""
    p = pyramid("score", "--session", "--players", "A", "B", "--call-mode", "exact",
                "--lang", "ru", input="4 ДЛ х\n5 ДП первым 7\n")
    assert p.returncode == 0, p.stderr
    assert "B: ничего не засчитано, ход переходит" in p.stdout and "засчитан 5" not in p.stdout


def test_R5_1_a_combination_needs_the_ball_hit_first_and_counts_with_it(tmp_path):
    """R5.1: a combination drives the called ball with another ball: the session asks which
    ball the cue ball hit first, and `first N` with it counts; first on the called ball
    itself is not a combination (R5.5)."""
    s, out = session(tmp_path)
    text = refused(s, out, "7 FL combination")
    assert "first N" in text and "R5.1" in text
    typed(s, out, "7 FL combination first 12")
    assert s.state.scores == (7, 0) and s.state.to_move == 0
    typed(s, out, "5 FR combination first 5")
    assert s.state.scores == (7, 0) and s.state.to_move == 1 and "5" in s.state.balls

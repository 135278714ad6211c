"""``pyramid play`` end to end through the real command line."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from sim import Simulator
from ai.games.records import replay_simulate
from engine import read_record, replay

from .clihelp import assert_bad_input, assert_png, env, pyramid, pyramid_json, refusal

# Receiver 1 starts at 68 of 71: the game ends after a few strokes of weak agents (a foul by
# side 0 gives 5 points, any pot of side 1 wins).
NEAR_END = '{"kind": "points", "receiver": 1, "points": 68}'


def test_help():
    r = pyramid("play", "--help")
    assert r.returncode == 0 and "--agent-a" in r.stdout and "--record" in r.stdout


def test_seeded_game_finishes_and_its_record_replays_exactly(tmp_path):
    rec = tmp_path / "game.jsonl"
    out, r = pyramid_json("play", "--agent-a", "random", "--agent-b", "random", "--seed", "7",
                          "--handicap", NEAR_END, "--record", rec)
    game = out["games"][0]
    assert game["unfinished"] is False and game["result"] is not None
    assert max(game["scores"]) >= 71 or game["result"].get("draw")
    assert out["seed"] == 7 and out["agents"] == ["random", "random"]
    # stroke lines went to stderr (stdout holds the JSON document only)
    assert r.stderr.count("fell:") == game["strokes"]
    lines = [json.loads(x) for x in rec.read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[-1]["type"] == "result"
    assert sum(1 for x in lines if x["type"] == "stroke") == game["strokes"]
    # every stroke line tells its story: the strike meant and the noise (issue 27)
    assert all({"intended_strike", "noise", "decision_s"} <= set(x["story"])
               for x in lines if x["type"] == "stroke")
    record = read_record(rec)
    assert replay(record, replay_simulate(Simulator(record.header["table"]))) == []
    # the same seed gives the same game
    out2, _ = pyramid_json("play", "--agent-a", "random", "--agent-b", "random", "--seed", "7",
                           "--handicap", NEAR_END)
    assert out2["games"][0]["scores"] == game["scores"]
    assert out2["games"][0]["strokes"] == game["strokes"]


def test_longer_game_record_replays_and_human_output(tmp_path):
    rec = tmp_path / "g.jsonl"
    r = pyramid("play", "--agent-a", "random", "--agent-b", "random", "--seed", "3",
                "--max-strokes", "25", "--record", rec)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("fell:") == 25 and "unfinished" in r.stdout
    record = read_record(rec)
    assert len(record.strokes) == 25 and record.result["unfinished"] is True
    assert replay(record, replay_simulate(Simulator())) == []


def test_match_alternates_breaks_and_writes_one_record_per_game(tmp_path):
    rec = tmp_path / "m.jsonl"
    out, _ = pyramid_json("play", "--agent-a", "random", "--agent-b", "random", "--seed", "11",
                          "--games", "2", "--handicap", NEAR_END, "--record", rec)
    b = [g["breaker"] for g in out["games"]]
    assert sorted(b) == [0, 1]  # R3.1: breaks alternate
    for k in (1, 2):
        assert (tmp_path / f"m-g{k}.jsonl").exists()
    assert sum(out["wins"]) + out["draws"] + out["unfinished"] == 2


def test_png_dir_draws_every_stroke_and_a_sheet(tmp_path):
    d = tmp_path / "png"
    out, _ = pyramid_json("play", "--agent-a", "random", "--agent-b", "random", "--seed", "2",
                          "--max-strokes", "3", "--png-dir", d)
    files = out["games"][0]["png"]
    assert len(files) == 4  # three strokes and a sheet
    for f in files:
        assert_png(f)


def test_bad_arguments_exit_2_without_traceback(tmp_path):
    assert_bad_input(refusal("play", "--agent-a", "nosuch"), "nosuch")
    assert_bad_input(refusal("play", "--agent-a", "random:bogus"), "key=value")
    assert_bad_input(refusal("play", "--games", "0"), "--games")
    assert_bad_input(refusal("play", "--skill-a", "wizard", "--agent-a", "random",
                             "--agent-b", "random"), "wizard")
    assert_bad_input(refusal("play", "--agent-a", "random", "--agent-b", "random",
                             "--handicap", "{not json"), "handicap")
    assert_bad_input(refusal("play", "--agent-a", "random", "--agent-b", "random",
                             "--handicap", '{"kind": "points", "receiver": 5, "points": 3}'),
                     "receiver")
    assert_bad_input(refusal("play", "--agent-a", "random", "--agent-b", "random",
                             "--record", tmp_path / "missing" / "x.jsonl"), "--record",
                     "does not exist")
    assert_bad_input(refusal("play", "--variant", "nine-ball"))


def test_other_variants_play_and_replay(tmp_path):
    for variant, agents in (("three-each", ["--agent-c", "random"]), ("one-vs-pair", [])):
        rec = tmp_path / f"{variant}.jsonl"
        out, _ = pyramid_json("play", "--variant", variant, "--agent-a", "greedy",
                              "--agent-b", "random", *agents, "--seed", "1",
                              "--max-strokes", "40", "--record", rec)
        assert out["variant"] == variant
        assert len(out["wins"]) == (3 if variant == "three-each" else 2)
        record = read_record(rec)
        assert record.header["variant"] == variant
        assert replay(record, replay_simulate(Simulator())) == []


def test_a_failure_mid_game_keeps_the_strokes_played(tmp_path, monkeypatch, capsys):
    """An internal failure at stroke 6 exits 1 without a traceback, and the five strokes
    already played are written to the record (marked unfinished) and replay exactly."""
    from ai.agents.random_agent import RandomAgent
    from russian_pyramid.cli import main

    calls = {"n": 0}
    decide = RandomAgent.decide

    def failing(self, state, rng):
        calls["n"] += 1
        if calls["n"] == 6:
            raise RuntimeError("simulated failure")
        return decide(self, state, rng)

    monkeypatch.setattr(RandomAgent, "decide", failing)
    rec = tmp_path / "partial.jsonl"
    rc = main(["play", "--agent-a", "random", "--agent-b", "random", "--seed", "3",
               "--quiet", "--record", str(rec)])
    err = capsys.readouterr().err
    assert rc == 1 and "Traceback" not in err and "simulated failure" in err
    assert str(rec) in err
    record = read_record(rec)
    assert len(record.strokes) == 5
    assert record.result["unfinished"] is True and record.result["stopped_by"] == "RuntimeError"
    assert replay(record, replay_simulate(Simulator())) == []


def test_one_vs_pair_single_strokes_in_turn_with_the_minimum_handicap(tmp_path):
    """R12.2(1) from the command line: ``--pair-order alternate`` plays single, A, single, B,
    ... one stroke each, and without ``--handicap`` the pair starts with the minimum 5 points
    on the record; a smaller handicap or the option outside one-vs-pair is bad input naming
    the field and value."""
    rec = tmp_path / "pair.jsonl"
    out, r = pyramid_json("play", "--variant", "one-vs-pair", "--pair-order", "alternate",
                          "--agent-a", "random", "--agent-b", "random", "--seed", "5",
                          "--max-strokes", "8", "--record", rec)
    assert out["pair_order"] == "alternate"
    assert out["handicap"] == {"kind": "points", "receiver": 1, "points": 5}
    record = read_record(rec)
    first = record.header["initial_state"]
    assert first["scores"] == [0, 5] and first["pair"]["order"] == "alternate"
    sides = [(s.player, s.state_before.pair.partner if s.player == 1 else None)
             for s in record.strokes]
    assert sides[:4] == [(0, None), (1, 0), (0, None), (1, 1)]
    assert replay(record, replay_simulate(Simulator())) == []
    base = ("play", "--agent-a", "random", "--agent-b", "random")
    assert_bad_input(refusal(*base, "--variant", "one-vs-pair", "--pair-order", "alternate",
                             "--handicap", '{"kind": "points", "receiver": 1, "points": 4}'),
                     "--handicap", "'points': 4", "R12.2")
    assert_bad_input(refusal(*base, "--pair-order", "alternate"), "--pair-order", "alternate")
    assert_bad_input(refusal(*base, "--variant", "one-vs-pair", "--pair-order", "sometimes"),
                     "sometimes")


def test_a_call_with_a_path_is_printed_link_by_link():
    """R5.1 path: the stroke line shows the links in order (the seed's carom example)."""
    from engine.calls import Call
    from russian_pyramid.commands._common import fmt_call
    c = Call.from_json({"ball": "3", "pocket": "ML",
                        "path": [{"manner": "carom", "ball": "6"},
                                 {"manner": "combination", "ball": "11"}]})
    assert fmt_call(c) == fmt_call(c.to_json()) == "3 in ML (carom 6, combination 11)"
    assert fmt_call(Call("7", "FL", "kiss", ("3",))) == "7 in FL (kiss via 3)"


# --- nothing played is lost (issue 15) ----------------------------------------------------------
UNWRITABLE_SECONDS = 20  # refused before the game: the command only starts Python and parses


def test_a_record_that_could_not_be_written_is_refused_before_the_game(tmp_path):
    """--record into a directory, a missing folder, a file used as a folder or a folder that
    cannot be written: exit 2 naming the flag and path, within seconds, with no game played
    (the default agent would take minutes)."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    cases = [(tmp_path, "is a directory"), (tmp_path / "nope" / "g.jsonl", "does not exist"),
             (blocker / "g.jsonl", "is a file, not a folder"),
             ("/proc/g.jsonl", "cannot write in folder")]
    for path, words in cases:
        t0 = time.monotonic()
        r = pyramid("play", "--record", path, "--seed", "1")
        assert time.monotonic() - t0 < UNWRITABLE_SECONDS
        assert_bad_input(r, "--record", str(path), words)
        assert "fell:" not in r.stdout
    # with --games 2 each game's file is checked: g2's name taken by a directory
    (tmp_path / "m-g2.jsonl").mkdir()
    assert_bad_input(refusal("play", "--agent-a", "random", "--agent-b", "random",
                             "--games", "2", "--record", tmp_path / "m.jsonl"),
                     "m-g2.jsonl", "is a directory")
    assert not (tmp_path / "m-g1.jsonl").exists()


def _ctrl_c_delivered():
    """In the child: SIGINT back to its default, so that Python makes Ctrl-C a
    KeyboardInterrupt even when the suite runs as a shell's background job without job
    control (such a job inherits SIGINT ignored, and Python then installs no handler: the
    game played on and exited 0 in a fresh-clone run of .ci/run started with ``&``)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("signame, status", [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_during_play_keeps_the_strokes_played(tmp_path, signame, status):
    """SIGTERM (exit 143) or Ctrl-C (SIGINT, exit 130) after the third stroke: the record holds
    the strokes played so far with an unfinished result line naming the signal, and it
    verifies and replays exactly."""
    from engine.verify import verify_record
    rec = tmp_path / "cut.jsonl"
    # random agents without a stroke cap: a game of hundreds of strokes, stopped early
    p = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "play", "--agent-a", "random",
                          "--agent-b", "random", "--seed", "3", "--max-strokes", "2000",
                          "--record", str(rec)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env(),
                         preexec_fn=_ctrl_c_delivered)
    seen = 0
    for line in p.stdout:
        seen += "fell:" in line
        if seen == 3:
            p.send_signal(getattr(signal, signame))
            break
    out, err = p.communicate(timeout=120)
    assert p.returncode == status, err
    assert "Traceback" not in err and str(rec) in err
    record = read_record(rec)
    assert 3 <= len(record.strokes) < 2000
    assert record.result["unfinished"] is True
    assert record.result["stopped_by"] == ("SIGTERM" if signame == "SIGTERM"
                                           else "KeyboardInterrupt")
    sim = Simulator(record.header["table"])
    check = verify_record(record, replay_simulate(sim))
    assert check.unfinished and check.hash_checked
    assert check.positions_replayed == len(record.strokes)
    assert replay(record, replay_simulate(sim)) == []


def test_the_sigterm_handler_is_only_installed_during_a_game():
    from russian_pyramid.app.play import Terminated, sigterm_stops_the_game
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Terminated):
        with sigterm_stops_the_game():
            signal.raise_signal(signal.SIGTERM)
    assert signal.getsignal(signal.SIGTERM) == before


@pytest.mark.parametrize("interrupt, status, stopped_by", [
    ("Terminated", 143, "SIGTERM"), ("KeyboardInterrupt", 130, "KeyboardInterrupt")])
def test_a_signal_inside_compiled_code_is_still_an_interrupt(tmp_path, monkeypatch, capsys,
                                                             interrupt, status, stopped_by):
    """A signal raised while Numba code returns comes out as a SystemError whose cause is the
    interrupt (seen with the MC agent: Ctrl-C was reported as an internal failure, exit 1).
    It is an interrupt: exit 130/143, the strokes so far written."""
    from ai.agents.random_agent import RandomAgent
    from russian_pyramid.cli import main
    from russian_pyramid.app import play

    cause = {"Terminated": play.Terminated, "KeyboardInterrupt": KeyboardInterrupt}[interrupt]
    calls = {"n": 0}
    decide = RandomAgent.decide

    def interrupted(self, state, rng):
        calls["n"] += 1
        if calls["n"] == 4:
            try:
                raise cause()
            except KeyboardInterrupt as exc:
                raise SystemError("CPUDispatcher(<function run_batch>) returned a result "
                                  "with an exception set") from exc
        return decide(self, state, rng)

    monkeypatch.setattr(RandomAgent, "decide", interrupted)
    rec = tmp_path / "cut.jsonl"
    rc = main(["play", "--agent-a", "random", "--agent-b", "random", "--seed", "3",
               "--quiet", "--record", str(rec)])
    err = capsys.readouterr().err
    assert rc == status and "internal failure" not in err and "Traceback" not in err
    record = read_record(rec)
    assert len(record.strokes) == 3 and record.result["stopped_by"] == stopped_by


def test_an_unknown_table_is_said_once(tmp_path):
    """``--table`` names the table once (the message was doubled: "--table 'x': table = 'x'
    is not a known table"), before any game or record."""
    rec = tmp_path / "g.jsonl"
    r = refusal("play", "--agent-a", "random", "--agent-b", "random", "--table", "snooker",
                "--record", rec)
    assert_bad_input(r, "--table 'snooker' is not a known table; known: pyramid-12ft")
    assert "table = " not in r.stderr and not rec.exists()

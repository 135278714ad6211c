"""``pyramid tournament --records DIR`` and ``--replay RESULTS --game N`` (issue 30 item 3):
one record per game, each verified as ``pyramid analyze`` verifies it, written by the parent
with two workers; a game played again from its results file is the same game, stroke for
stroke; bad input refused naming its flag or field."""
from __future__ import annotations

import json

import pytest

from russian_pyramid.app.analyze import prepare, read_game_record
from russian_pyramid.app.tournament import tournament_terms
from russian_pyramid.app.tournament_replay import replay_game
from russian_pyramid.errors import UserInputError

from .clihelp import FAILING, assert_bad_input, pyramid, pyramid_json, refusal

AGENTS = ["random", "greedy"]
GAMES = 3
COMMON = ["--agents", *AGENTS, "--games", str(GAMES), "--seed", "11", "--max-strokes", "25",
          "--no-progress"]
NAMES = [f"game-{n:04d}-random-vs-greedy.jsonl" for n in range(GAMES)]



@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A tiny tournament of cheap agents with two workers, every record kept."""
    where = tmp_path_factory.mktemp("records")
    out, r = pyramid_json("tournament", *COMMON, "--jobs", "2", "--out", where / "r.jsonl",
                          "--records", where / "recs")
    assert out["games"] == GAMES and out["failed"] == []
    return where


def lines_of(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def strokes_of(path) -> list[dict]:
    """The stroke lines without the decision's wall time (the machine's, not the game)."""
    out = []
    for o in lines_of(path):
        if o["type"] == "stroke":
            o.get("story", {}).pop("decision_s", None)
            out.append(o)
    return out


def test_one_record_per_game_each_verified_as_analyze_does(played):
    recs = played / "recs"
    assert sorted(p.name for p in recs.iterdir()) == NAMES  # no temporary file left
    results = {(o["pair"], o["game"]): o for o in lines_of(played / "r.jsonl")
               if o["type"] == "game"}
    for n, name in enumerate(NAMES):
        path = recs / name
        prepared = prepare(str(path), read_game_record(str(path)), None, "en")
        check = prepared.checked.check
        assert check.hash_checked and not check.interrupted
        assert check.strokes == results[(0, n)]["n_strokes"] == len(prepared.record.strokes)
        header = prepared.record.header
        assert header["seed"] == 11 and header["players"] == AGENTS
        assert header["tournament"] == {"number": n, "pair": 0, "game": n, "games": GAMES,
                                        "agents": [0, 1], "seed": 11, "game_seed": [11, 0, n]}
        assert prepared.record.result["scores"] == results[(0, n)]["scores"]
        # the per-decision story: what each agent chose, greedy's estimate of its pots
        stories = [s.extra["story"] for s in prepared.record.strokes]
        assert all("intended_strike" in s or s.get("kind") for s in stories)


def test_replay_gives_the_same_game_stroke_for_stroke(played, tmp_path):
    r = pyramid("tournament", "--replay", played / "r.jsonl", "--game", "2",
                "--records", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "the same game as the results file's line" in r.stderr
    again = tmp_path / NAMES[2]
    assert strokes_of(again) == strokes_of(played / "recs" / NAMES[2])
    assert lines_of(again)[0] == lines_of(played / "recs" / NAMES[2])[0]  # header: same seeds
    # without --records the record goes to stdout, line for line the file's strokes
    r = pyramid("tournament", "--replay", played / "r.jsonl", "--game", "0")
    assert r.returncode == 0, r.stderr
    printed = tmp_path / "printed.jsonl"
    printed.write_text(r.stdout)
    assert strokes_of(printed) == strokes_of(played / "recs" / NAMES[0])


def test_replay_refuses_what_it_cannot_play(played, tmp_path):
    results = played / "r.jsonl"
    assert_bad_input(refusal("tournament", "--replay", results, "--game", str(GAMES)),
                     "--game 3", "0..2")  # exit 2, the message, no traceback
    assert_bad_input(refusal("tournament", "--game", "0"), "--replay")

    def refused(results_path, number, *words):
        with pytest.raises(UserInputError) as err:
            replay_game(str(results_path), number, None)
        for w in words:
            assert w in str(err.value), (w, str(err.value))

    refused(tmp_path / "none.jsonl", 0, "--replay", "does not exist")
    header = json.loads(results.read_text().splitlines()[0])
    for field in ("skill", "seed", "max_strokes", "call_mode"):
        bad = tmp_path / f"no-{field}.jsonl"
        bad.write_text(json.dumps({k: v for k, v in header.items() if k != field}) + "\n")
        refused(bad, 0, f"no {field!r}")
    bad = tmp_path / "bad-skill.jsonl"
    bad.write_text(json.dumps({**header, "skill": "strong"}) + "\n")
    refused(bad, 0, "'skill'", "'strong'")
    with pytest.raises(UserInputError, match="--records"):  # a file, not a folder
        replay_game(str(results), 0, str(results))


def test_a_failed_game_keeps_its_strokes_in_an_unfinished_record(tmp_path):
    agent = tmp_path / "fragile.py"
    agent.write_text(FAILING)
    r = pyramid("tournament", "--agents", f"{agent}:Fragile", "random", "--games", "1",
                "--seed", "3", "--max-strokes", "20", "--jobs", "1", "--no-progress",
                "--out", tmp_path / "r.jsonl", "--records", tmp_path / "recs")
    assert r.returncode == 1 and "boom in my agent" in r.stderr
    (path,) = (tmp_path / "recs").iterdir()
    assert path.name == "game-0000-fragile.py_Fragile-vs-random.jsonl"
    prepared = prepare(str(path), read_game_record(str(path)), None, "en")
    assert prepared.checked.check.unfinished and prepared.record.strokes
    assert prepared.record.result["unfinished"] is True


def test_time_per_game_is_checked_before_any_game(tmp_path):
    assert_bad_input(refusal("tournament", *COMMON, "--out", tmp_path / "t.jsonl",
                             "--time-per-game", "0"), "--time-per-game 0")
    assert not (tmp_path / "t.jsonl").exists()
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(UserInputError, match="--time-per-game"):
            tournament_terms(AGENTS, 1, 0, 1.0, "exact", "pyramid-12ft", 10,
                             str(tmp_path / "t.jsonl"), False, "loky", 1, None, 10,
                             time_per_game_s=bad)

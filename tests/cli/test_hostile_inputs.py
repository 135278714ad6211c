"""Hostile input to the command line (issue 15): malformed JSON, wrong types, huge values, bad
flags and output places that cannot be written.  Every case must end with exit status 2, the
field (or flag) named on stderr, no traceback, and a short message even for a 5 MB value.

Most cases call ``russian_pyramid.cli.main`` in this process (an exception escaping it is the
traceback a user would see); a few run the real command where the exit status or the time
to refuse is the point."""
from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import time

import pytest

from russian_pyramid.cli import main

from .clihelp import ROOT, assert_bad_input, pyramid, refusal

EXAMPLES = ROOT / "russian_pyramid" / "examples"
MAX_STDERR = 3000  # "a few kB": a refusal is a line or two, whatever the size of the value
BIG = "x" * 5_000_000  # a 5 MB bad value
DEEP = "[" * 100_000 + "]" * 100_000  # json.loads alone: RecursionError


def _load(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def run_main(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    return code, out.getvalue(), err.getvalue()


def assert_refused(code: int, err: str, *words: str) -> None:
    assert code == 2, (code, err[:500])
    assert "Traceback" not in err and err.strip()
    assert len(err) < MAX_STDERR, len(err)
    assert "x" * 200 not in err  # a huge value is quoted as an excerpt
    for w in words:
        assert w in err, (w, err[:500])


def _patched(base: dict, path: str, value) -> dict:
    """``base`` with the field at ``path`` (``a.b.0``) set to ``value``."""
    doc = copy.deepcopy(base)
    keys = path.split(".")
    node = doc
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    node[int(last) if isinstance(node, list) else last] = value
    return doc


# Raw texts refused by the JSON front door, whatever the command: (id, text, words)
RAW_CASES = [
    ("deep-list", DEEP, ("deeper than",)),
    ("deep-object", '{"a":' * 50_000 + "1" + "}" * 50_000, ("deeper than",)),
    ("not-json", "{balls: 1}", ("not valid JSON",)),
    ("empty", "", ("empty",)),
    ("nan", '{"balls": {"cue": [NaN, 0.3]}}', ("balls.cue[0]", "NaN")),
    ("1e999", '{"balls": {"cue": [1e999, 0.3]}}', ("balls.cue[0]", "finite")),
    ("4300-digits", '{"balls": {"cue": [' + "9" * 4400 + ', 0.3]}}', ("balls.cue[0]",
                                                                      "4400 digits")),
    ("duplicate-ball", '{"balls": {"cue": [1, 0.3], "cue": [2, 0.3]}}', ("balls", "twice")),
    ("big-duplicate-key", '{"%s": 1, "%s": 2}' % (BIG, BIG), ("twice", "characters")),
]


@pytest.mark.parametrize("command", ["simulate", "score", "suggest"])
@pytest.mark.parametrize("case_id,text,words", RAW_CASES, ids=[c[0] for c in RAW_CASES])
def test_raw_json_refused(tmp_path, command, case_id, text, words):
    path = tmp_path / "in.json"
    path.write_text(text, encoding="utf-8")
    assert_refused(*_code_err(run_main(command, path)), *words)


def _code_err(result):
    code, _out, err = result
    return code, err


# --- simulate: wrong types, field by field -------------------------------------------------

SHOT = _load("cut.json")
SIMULATE_CASES = [
    ("table", [], "table"), ("table", {"a": 1}, "table"), ("table", 12, "table"),
    ("table", BIG, "table"),
    ("balls", "cue", "balls"), ("balls", [], "balls"), ("balls", BIG, "balls"),
    ("balls.cue", "0.5,0.3", "balls.cue"), ("balls.cue", [True, 0.3], "balls.cue"),
    ("balls.cue", [0.5], "balls.cue"), ("balls.cue", [0.5, 0.3, 1], "balls.cue"),
    ("balls.cue", [0.5, None], "balls.cue"), ("balls.7", BIG, "balls.7"),
    ("strike", [], "strike"), ("strike", BIG, "strike"),
    ("strike.speed_mps", True, "strike.speed_mps"), ("strike.speed_mps", "2", "strike.speed_mps"),
    ("strike.speed_mps", -1, "speed"), ("strike.phi_deg", None, "strike.phi_deg"),
    ("strike.vertical", [0.2], "strike.vertical"),
    ("cue_in_hand", 1, "cue_in_hand"), ("cue_in_hand", "yes", "cue_in_hand"),
    ("physics", "fast", "physics"), ("physics", {"mu_slide": True}, "physics.mu_slide"),
    ("physics", {"mu_slide": "0.2"}, "physics.mu_slide"),
    ("physics", {"cushion_model": []}, "physics.cushion_model"),
    ("physics", {"warp": 1}, "warp"),
    ("watch_house_line", "yes", "watch_house_line"),
    (BIG[:100], 1, "unknown field"),
]


@pytest.mark.parametrize("field,value,word", SIMULATE_CASES,
                         ids=[f"{c[0][:20]}={str(c[1])[:12]}" for c in SIMULATE_CASES])
def test_simulate_wrong_types(tmp_path, field, value, word):
    doc = _patched(SHOT, field, value) if field in SHOT or "." in field \
        else dict(SHOT, **{field: value})
    path = tmp_path / "shot.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert_refused(*_code_err(run_main("simulate", path)), word)


@pytest.mark.parametrize("doc", [[], 5, "shot", None], ids=["list", "int", "str", "null"])
def test_simulate_not_an_object(tmp_path, doc):
    path = tmp_path / "shot.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert_refused(*_code_err(run_main("simulate", path)), "object")


def test_simulate_batch_keeps_going_after_any_bad_line(tmp_path):
    """One bad line of any kind -- deep, NaN, a duplicate key, a wrong type, not JSON --
    gives that line's error object; the good lines still run; exit 2 at the end."""
    good = json.dumps(SHOT)
    lines = [good, DEEP, '{"balls": {"cue": [NaN, 1]}}', '{"a": 1, "a": 2}',
             json.dumps(dict(SHOT, table=[])), json.dumps(dict(SHOT, balls="x")),
             json.dumps(_patched(SHOT, "strike.speed_mps", True)), "not json",
             json.dumps(dict(SHOT, table=BIG)), "", good]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_main("simulate", "--batch", path)
    assert code == 2 and "Traceback" not in err, err
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 10  # the empty line is skipped
    assert "final" in records[0] and "final" in records[-1]
    errors = {r["line"]: r["error"] for r in records if "error" in r}
    assert sorted(errors) == [2, 3, 4, 5, 6, 7, 8, 9]
    assert "deeper than" in errors[2] and "cue[0]" in errors[3] and "twice" in errors[4]
    assert "table" in errors[5] and "balls" in errors[6] and "speed_mps" in errors[7]
    assert "not valid JSON" in errors[8] and len(errors[9]) < 2000
    assert len(out) < 20_000  # the 5 MB value is not echoed
    assert "8 bad line(s)" in err


# --- output places checked before any work ---------------------------------------------------

def _unwritable_places(tmp_path) -> list[tuple[str, str]]:
    """(path, word the message must contain): a missing folder, a directory given as the
    file, a file given as a folder, a folder without write permission (unless root)."""
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    places = [(str(tmp_path / "missing" / "out.png"), "does not exist"),
              (str(tmp_path), "is a directory"),
              (str(a_file / "out.png"), "not a folder")]
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        places.append((str(locked / "out.png"), "cannot write"))
    return places


@pytest.mark.parametrize("command,example", [("simulate", "cut.json"),
                                             ("suggest", "suggest_open.json")])
def test_png_into_an_unwritable_place_is_refused_before_any_work(tmp_path, command, example,
                                                                 monkeypatch):
    """The path is checked before reading the input (so a bad input is not even read)."""
    import russian_pyramid.commands.simulate as simulate_cmd
    import russian_pyramid.commands.suggest as suggest_cmd

    def no_work(*a, **k):
        raise AssertionError("work started before the output path was checked")
    monkeypatch.setattr(simulate_cmd, "read_json", no_work)
    monkeypatch.setattr(suggest_cmd, "read_json", no_work)
    for place, word in _unwritable_places(tmp_path):
        code, _out, err = run_main(command, EXAMPLES / example, "--png", place)
        assert_refused(code, err, "--png", word)


def test_check_output_path_accepts_a_writable_place_and_leaves_nothing(tmp_path):
    from russian_pyramid.errors import UserInputError
    from russian_pyramid.io import check_output_path
    target = tmp_path / "out.json"
    assert check_output_path("--out", str(target)) == target
    assert list(tmp_path.iterdir()) == []  # the probe file is gone, nothing created
    target.write_text("old")
    assert check_output_path("--out", target) == target  # an existing file may be replaced
    with pytest.raises(UserInputError, match="--out: the output path is empty"):
        check_output_path("--out", "")


def test_suggest_png_refused_within_seconds_in_the_real_command(tmp_path):
    """Was checked only after the search (48 s at the defaults)."""
    t0 = time.monotonic()
    r = pyramid("suggest", EXAMPLES / "suggest_open.json", "--png",
                tmp_path / "no" / "such" / "dir.png")
    elapsed = time.monotonic() - t0
    assert_bad_input(r, "--png", "does not exist")
    assert elapsed < 15, elapsed  # a process start (~1 s), no search


# --- score ------------------------------------------------------------------------------------

SCORE = _load("score_miss.json")
SCORE_CASES = [
    ("table", [], "table"), ("table", {}, "table"), ("balls", "x", "balls"),
    ("balls.cue", [True, 0.3], "balls.cue"), ("scores", [True, 38], "scores"),
    ("scores", "x", "scores"), ("scores.0", 1e300, "scores"), ("to_move", True, "to_move"),
    ("to_move", 7, "to_move"), ("target", True, "target"), ("shelves", "x", "shelves"),
    ("shelves.0", [1], "shelves[0]"), ("variant", [], "variant"), ("call_mode", {}, "call_mode"),
    ("cue_in_hand", 1, "cue_in_hand"), ("stroke", [], "stroke"), ("stroke", BIG, "stroke"),
    ("stroke.call", "x", "stroke.call"), ("stroke.pocketed", "7", "stroke.pocketed"),
    ("stroke.fouls", "x", "stroke.fouls"), ("stroke.first_contact", [], "stroke.first_contact"),
    ("stroke.final", "x", "stroke.final"), ("stroke.final", {"cue": [True, 0.3]}, "stroke.final"),
]


@pytest.mark.parametrize("field,value,word", SCORE_CASES,
                         ids=[f"{c[0]}={str(c[1])[:12]}" for c in SCORE_CASES])
def test_score_wrong_types(tmp_path, field, value, word):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_patched(SCORE, field, value)), encoding="utf-8")
    assert_refused(*_code_err(run_main("score", path)), word)


# issue 22: unknown fields are refused (a typo is not dropped), and impossible combinations
STRICT_CASES = [
    ("stroke.first_contct", "7", ["stroke.first_contct", "did you mean 'first_contact'"]),
    ("stroke.call.manor", "kiss", ["stroke.call.manor", "did you mean 'manner'"]),
    ("stroke.pocketed", [{"ball": "7", "pocket": "FL", "pocke": 1}], ["did you mean 'pocket'"]),
    ("to_mvoe", 0, ["to_mvoe", "did you mean 'to_move'"]),
    ("strok", {}, ["strok", "did you mean 'stroke'"]),
    ("players", ["A"], ["players", "2 names"]),
    ("match", {"games_to_play": 1, "games_played": 7}, ["match.games_played = 7", "R3.1"]),
    ("match", {"games_to_play": 1, "breaker": 5}, ["match.breaker = 5", "R3.1"]),
    ("stroke.call", {"ball": "7", "pocket": "FL", "manner": "kiss", "via": ["7"]},
     ["call.via", "called ball 7", "R5.1"]),
]


@pytest.mark.parametrize("field,value,words", STRICT_CASES,
                         ids=[c[0] for c in STRICT_CASES])
def test_score_unknown_fields_and_impossible_combinations(tmp_path, field, value, words):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_patched(SCORE, field, value)), encoding="utf-8")
    assert_refused(*_code_err(run_main("score", path)), *words)

def test_score_without_a_stroke_and_not_an_object(tmp_path):
    path = tmp_path / "state.json"
    path.write_text(json.dumps({k: v for k, v in SCORE.items() if k != "stroke"}))
    assert_refused(*_code_err(run_main("score", path)), "stroke")
    path.write_text("[]")
    assert_refused(*_code_err(run_main("score", path)), "JSON object")


START = {k: v for k, v in SCORE.items()}  # a handicap is agreed before the first stroke
HANDICAP_CASES = [
    ({"kind": "points", "receiver": 1, "points": 1000}, ("handicap.points", "140")),
    ({"kind": "points", "receiver": 1, "points": True}, ("handicap.points",)),
    ({"kind": "points", "receiver": True, "points": 5}, ("handicap.receiver",)),
    ({"kind": "points", "receiver": 9, "points": 5}, ("handicap.receiver",)),
    ({"kind": "balls", "receiver": 0, "balls": ["15", "15"]}, ("handicap.balls", "twice")),
    ({"kind": "balls", "receiver": 0, "balls": [15]}, ("handicap.balls",)),
    ({"kind": "gift", "receiver": 0}, ("handicap.kind",)),
    ("5 points", ("handicap",)),
]


@pytest.mark.parametrize("handicap,words", HANDICAP_CASES,
                         ids=[str(c[0])[:40] for c in HANDICAP_CASES])
def test_score_impossible_handicaps(tmp_path, handicap, words):
    from engine import initial_state
    doc = dict(initial_state().to_json(), handicap=handicap,
               stroke={"call": None, "first_contact": None, "pocketed": [], "off_table": [],
                       "fouls": [], "final": {}})
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert_refused(*_code_err(run_main("score", path)), *words)


def test_a_handicap_reaching_the_target_is_refused_in_play():
    """71 points on the record would win before the first stroke (R13.1; the target is 71)."""
    code, _out, err = run_main("play", "--agent-a", "random", "--agent-b", "random",
                               "--handicap", '{"kind": "points", "receiver": 1, "points": 71}',
                               "--quiet")
    assert_refused(code, err, "--handicap", "target of 71")


# --- suggest: wrong types and flags (all refused before the AI's compile and search) --------

STATE = _load("suggest_open.json")
SUGGEST_CASES = [
    ("table", [], "table"), ("balls", [], "balls"), ("balls.cue", [True, 0.3], "balls.cue"),
    ("scores", [True, 0], "scores"), ("to_move", "0", "to_move"),
    ("shelves", [["1"]], "shelves"), ("cue_in_hand", "no", "cue_in_hand"),
]


@pytest.mark.parametrize("field,value,word", SUGGEST_CASES,
                         ids=[f"{c[0]}={str(c[1])[:12]}" for c in SUGGEST_CASES])
def test_suggest_wrong_types(tmp_path, field, value, word):
    path = tmp_path / "state.json"
    path.write_text(json.dumps(_patched(STATE, field, value)), encoding="utf-8")
    assert_refused(*_code_err(run_main("suggest", path)), word)


@pytest.mark.parametrize("flags,word", [
    (("--seed", "-1"), "--seed"), (("--seed", "1" * 5000), "--seed"),
    (("--seed", "abc"), "--seed"), (("--top", "0"), "--top"), (("--budget", "-5"), "--budget"),
    (("--time-budget", "nan"), "--time-budget"), (("--time-budget", "inf"), "--time-budget"),
    (("--time-budget", "0"), "--time-budget"), (("--time-budget", "1e9"), "--time-budget"),
    (("--budget", "10000000000"), "--budget"), (("--skill", "wizard"), "--skill"),
    (("--skill", "1e9"), "--skill"), (("--skill", "-1"), "--skill"),
    (("--lang", "xx"), "--lang"),
])
def test_suggest_bad_flags(flags, word):
    assert_refused(*_code_err(run_main("suggest", EXAMPLES / "suggest_open.json", *flags)),
                   word)


# --- agent specs (ai.registry), through the command that checks them first ------------------

@pytest.mark.parametrize("spec,words", [
    ("mc:budget=-5", ("budget", "-5")), ("mc:budget=0", ("budget",)),
    ("mc:budget=lots", ("budget",)), ("mc:time=0", ("time",)), ("mc:time=nan", ("time",)),
    ("mc:skill=1e9", ("skill",)), ("mc:fouls=2", ("fouls",)), ("mc:warp=9", ("warp",)),
    ("mc:budget=5,budget=6", ("twice",)), ("greedy:skill=-1", ("skill",)),
    ("random:budget=5", ("budget",)), ("nobody", ("unknown agent",)),
    ("mc:budget=" + "9" * 5000, ("budget",)),
])
def test_bad_agent_options_are_refused_naming_the_option(spec, words):
    code, _out, err = run_main("play", "--agent-a", spec, "--agent-b", "random", "--quiet")
    assert_refused(code, err, "--agent-a", *words)


def test_seed_minus_one_in_the_real_command():
    assert_bad_input(refusal("suggest", EXAMPLES / "suggest_open.json", "--seed", "-1"),
                     "--seed", "-1")


def test_an_input_over_the_size_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from engine import jsonin
    from russian_pyramid import io as pio
    monkeypatch.setattr(jsonin, "MAX_DOCUMENT_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(dict(SHOT, pad="p" * 2000)), encoding="utf-8")

    def no_read(*a, **k):
        raise AssertionError("the file was read")
    monkeypatch.setattr(pio.Path, "read_text", no_read)
    for command in ("simulate", "score", "suggest"):
        assert_refused(*_code_err(run_main(command, path)), "bytes", "at most 1000")
    monkeypatch.setattr("sys.stdin", io.StringIO("[" * 5000))
    assert_refused(*_code_err(run_main("simulate", "-")), "stdin", "at most 1000")


def test_simulate_batch_line_numbers_and_an_internal_fault(tmp_path, monkeypatch):
    """Lines are counted at newlines only (U+2028 inside a string is not a line break); a
    fault of the program on one line is reported on that line, the others run, exit 1."""
    import russian_pyramid.commands.simulate as simulate_cmd
    first = json.dumps(dict(SHOT, table="a\u2028b"), ensure_ascii=False)
    path = tmp_path / "batch.jsonl"
    path.write_text("\r\n".join([first, json.dumps(SHOT), json.dumps(SHOT)]) + "\r\n",
                    encoding="utf-8")
    real = simulate_cmd.run_shot
    calls = []

    def flaky(obj):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("a bug")
        return real(obj)
    monkeypatch.setattr(simulate_cmd, "run_shot", flaky)
    code, out, err = run_main("simulate", "--batch", path)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and "Traceback" not in err, err
    assert records[0]["line"] == 1 and "table" in records[0]["error"]
    assert records[1] == {"line": 2, "error": "internal error (RuntimeError: a bug)"}
    assert "final" in records[2] and len(records) == 3
    assert "1 line(s) failed with an internal error" in err

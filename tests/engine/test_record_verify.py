"""engine.verify: a game record is checked before it is trusted (issue 15).

One real record -- a short seeded game of two random agents, played and recorded by
ai.games.records as ``pyramid play --record`` does -- and damaged or tampered variants of it,
each of which must be refused with the line number of the fault."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from ai.games.records import play_recorded_game, replay_simulate
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import initial_state, write_record
from engine.errors import EngineError, MalformedInputError
from engine.provenance import current as current_provenance
from engine.record import parse_record, read_record, record_digest
from engine.verify import RecordRefused, verify_record
from sim import Simulator
from tests.jsonpaths import json_paths

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
SEED = 3
STROKES = 12  # short: a dozen strokes of random agents play in well under a second


@pytest.fixture(scope="module")
def simulator():
    return Simulator()


@pytest.fixture(scope="module")
def lines(simulator, tmp_path_factory) -> list[str]:
    """The lines of a real record: header (line 1), strokes (lines 2..13), result (line 14)."""
    agents = [make_agent("random", simulator)] * 2
    noise = [NoiseModel.for_skill("strong")] * 2
    played = play_recorded_game(initial_state(), agents, ["random", "random"], simulator,
                                np.random.default_rng(np.random.SeedSequence(SEED)), noise,
                                seed=SEED, max_strokes=STROKES)
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    write_record(path, played.record)
    out = path.read_text().splitlines()
    assert len(out) == STROKES + 2
    return out


def _obj(lines, k) -> dict:
    return json.loads(lines[k - 1])


def _with(lines, k, obj) -> list[str]:
    out = list(lines)
    out[k - 1] = json.dumps(obj)
    return out


def _scored_stroke(lines) -> int:
    """The line number of the first stroke that changed the score (a foul or a pot)."""
    for k in range(2, len(lines)):
        if any(_obj(lines, k)["points"]):
            return k
    raise AssertionError("no stroke scored in the sample game")


def _refused(lines, simulator=None):
    record = parse_record(lines)
    return verify_record(record, None if simulator is None else replay_simulate(simulator))


def test_the_record_as_written_verifies_with_and_without_the_simulator(lines, simulator):
    check = _refused(lines)
    assert check.strokes == STROKES and check.hash_checked and check.unfinished
    assert check.positions_replayed == 0 and check.positions_unverified == STROKES
    full = _refused(lines, simulator)
    assert full.positions_replayed == STROKES and full.positions_unverified == 0
    assert any("unfinished" in n for n in full.notes())
    assert parse_record(lines).digest == _obj(lines, len(lines))["sha256"]


# --- the tampered variants: each refused with its line number --------------------------------
def _variants(lines):
    """(name, damaged lines, line number expected in the refusal, words expected)."""
    n = len(lines)
    scored = _scored_stroke(lines)
    out = []
    out.append(("stroke removed", lines[:3] + lines[4:], 4, "does not start from"))
    out.append(("stroke duplicated", lines[:4] + [lines[3]] + lines[4:], 5, "strokes_played"))
    out.append(("strokes swapped", lines[:3] + [lines[4], lines[3]] + lines[5:], 4,
                "does not start from"))
    o = _obj(lines, scored)
    o["scores_after"] = o["scores_after"][::-1]
    out.append(("scores after flipped", _with(lines, scored, o), scored, "scores_after"))
    o = _obj(lines, scored)
    o["points"] = [p + 1 for p in o["points"]]
    out.append(("points changed", _with(lines, scored, o), scored, "points"))
    o = _obj(lines, 5)
    o["fouls"] = o["fouls"] + ["R7.1c"] if "R7.1c" not in o["fouls"] else []
    out.append(("fouls changed", _with(lines, 5, o), 5, "fouls"))
    o = _obj(lines, 6)
    ball = sorted(b for b in o["state_before"]["balls"] if b != "cue")[0]
    o["state_before"]["balls"][ball][0] += 0.05
    out.append(("ball moved before a stroke", _with(lines, 6, o), 6, f"ball {ball}"))
    o = _obj(lines, 2)
    o["state_before"]["scores"] = [5, -5]  # adds up (R1, R7.2): only the chain finds it
    out.append(("first stroke's scores changed", _with(lines, 2, o), 2, "initial state"))
    o = _obj(lines, 3)
    o["outcome"]["pocketed"] = o["outcome"]["pocketed"] + [{"ball": "15", "pocket": "FL"}]
    out.append(("a ball said to fall beside the event log", _with(lines, 3, o), 3,
                "outcome.pocketed"))
    h = _obj(lines, 1)
    h["version"] = 99
    out.append(("version 99", _with(lines, 1, h), 1, "version"))
    h = _obj(lines, 1)
    h["players"] = ["random"]
    out.append(("one player named for two sides", _with(lines, 1, h), 1, "players"))
    o = _obj(lines, 7)
    o["player"] = 7
    out.append(("player 7", _with(lines, 7, o), 7, "player = 7"))
    r = _obj(lines, n)
    r["scores"] = r["scores"][::-1] if r["scores"][0] != r["scores"][1] else [71, 0]
    out.append(("result scores flipped", _with(lines, n, r), n, "scores"))
    r = _obj(lines, n)
    r["result"] = {"winner": 1, "rule": "R9.1"}
    out.append(("a winner claimed", _with(lines, n, r), n, "result"))
    r = _obj(lines, n)
    r["strokes"] = STROKES + 5
    out.append(("stroke count changed", _with(lines, n, r), n, "strokes"))
    out.append(("truncated: no result line", lines[:-1], n, "cut short"))
    h = _obj(lines, 1)
    h["seed"] = SEED + 1  # nothing else shows it: only the integrity hash
    out.append(("seed changed", _with(lines, 1, h), n, "sha256"))
    h = _obj(lines, 1)
    h["players"] = ["mc", "random"]
    out.append(("players renamed", _with(lines, 1, h), n, "sha256"))
    return out


def _malformed(lines):
    """Damage the reader itself refuses (before verification), with the line number."""
    out = [("damaged JSON", lines[:4] + [lines[4][:70]] + lines[5:], 5),
           ("header as a list", ["[1, 2]"] + lines[1:], 1),
           ("a second result", lines + [lines[-1]], len(lines) + 1)]
    o = _obj(lines, 3)
    o["points"] = [True, 0]
    out.append(("true as points", _with(lines, 3, o), 3))
    o = _obj(lines, 4)
    del o["scores_after"]
    out.append(("missing scores_after", _with(lines, 4, o), 4))
    o = _obj(lines, 5)
    o["player"] = "0"
    out.append(("player as a string", _with(lines, 5, o), 5))
    return out


def test_at_least_thirteen_tampered_variants_are_refused_with_their_line(lines):
    variants = _variants(lines)
    assert len(variants) >= 13
    for name, bad, line, words in variants:
        with pytest.raises(RecordRefused) as info:
            _refused(bad)
        assert info.value.line == line, (name, str(info.value))
        assert str(info.value).startswith(f"line {line}: "), (name, str(info.value))
        assert words in str(info.value), (name, str(info.value))


@pytest.mark.parametrize("field, value, words", [
    ("table", [], "header.table"), ("table", {"name": "pyramid-12ft"}, "header.table"),
    ("variant", "nine-ball", "header.variant"), ("players", {"a": 1}, "header.players"),
    ("seed", -1, "header.seed"), ("seed", True, "header.seed"),
    ("version", True, "header.version"), ("initial_state", [], "header.initial_state"),
    ("initial_state", None, "header.initial_state")])
def test_a_header_of_the_wrong_types_is_refused_on_line_1(lines, field, value, words):
    h = _obj(lines, 1)
    h[field] = value
    with pytest.raises(RecordRefused, match=f"^line 1: {words}"):
        _refused(_with(lines, 1, h))


def test_a_second_header_is_refused(lines):
    with pytest.raises(MalformedInputError, match="line 2.type .* second header"):
        parse_record([lines[0]] + lines)


@pytest.mark.parametrize("case", range(6))
def test_malformed_lines_are_refused_by_the_reader_with_their_line(lines, case):
    name, bad, line = _malformed(lines)[case]
    with pytest.raises(MalformedInputError, match=f"line {line}"):
        parse_record(bad)


def test_a_moved_resting_place_or_a_changed_stroke_is_found_by_simulating_again(lines,
                                                                                simulator):
    """Tampering with a stroke's own data, and the next line's state to match, escapes the
    chain of states; re-simulating the stroke played finds it (the hash would too)."""
    o = _obj(lines, 6)
    o["strike"]["speed_mps"] += 0.3
    o["strike"]["phi_rad"] += 0.02
    o["strike"]["phi_deg"] = math.degrees(o["strike"]["phi_rad"])  # degrees and radians agree
    with pytest.raises(RecordRefused, match="line 6: .*simulated again"):
        _refused(_with(lines, 6, o), simulator)
    o = _obj(lines, 6)
    ball, pos = next((b, p) for b, p in o["outcome"]["final"].items() if p is not None)
    pos[1] += 0.03
    nxt = _obj(lines, 7)
    nxt["state_before"]["balls"][ball] = pos
    bad = _with(_with(lines, 6, o), 7, nxt)
    with pytest.raises(RecordRefused, match=f"line 6: ball {ball}"):
        _refused(bad, simulator)
    with pytest.raises(RecordRefused):  # without a simulator the hash still catches it
        _refused(bad)


def test_a_record_without_hash_is_accepted_with_a_note_and_a_resealed_one_verifies(lines):
    r = _obj(lines, len(lines))
    del r["sha256"]
    # what this program writes (header "seal": 2) is sealed: its seal cannot be left out
    with pytest.raises(RecordRefused, match=r"result line has no sha256: a record of seal 2"):
        _refused(_with(lines, len(lines), r))
    # a record written before (seal 1: no "seal" in the header) may go without
    h = _obj(lines, 1)
    del h["seal"]
    check = _refused(_with(_with(lines, 1, h), len(lines), r))
    assert not check.hash_checked
    assert any("integrity hash" in n for n in check.notes())
    # reformatting a line (other spacing, key order) does not change the canonical hash
    h = _obj(lines, 1)
    spaced = [json.dumps(dict(reversed(list(h.items()))), indent=None,
                         separators=(" ,", " : "))] + lines[1:]
    assert _refused(spaced).hash_checked
    assert record_digest(parse_record(lines)) == _obj(lines, len(lines))["sha256"]


def _resealed(lines) -> list[str]:
    """The lines with the result line's sha256 made again for the header and strokes as
    they now are (what a tool that edits a record on purpose does)."""
    record = parse_record(lines)
    result = dict(_obj(lines, len(lines)), sha256=record_digest(record))
    return _with(lines, len(lines), result)


def _other_numpy(header) -> dict:
    prov = header["provenance"]
    return dict(header, provenance=dict(prov, versions=dict(prov["versions"], numpy="1.0.0")))


def test_the_record_says_what_made_it_and_the_seal_covers_that(lines, simulator):
    header = _obj(lines, 1)
    assert header["provenance"] == current_provenance().to_json()
    changed = _with(lines, 1, _other_numpy(header))
    with pytest.raises(RecordRefused, match=f"^line {len(lines)}: sha256"):
        _refused(changed)  # the seal covers the provenance
    check = _refused(_resealed(changed), simulator)  # sealed again: another numpy verifies
    assert check.hash_checked and check.positions_replayed == STROKES


def test_an_old_record_without_provenance_reads_and_verifies(lines, simulator):
    header = _obj(lines, 1)
    del header["provenance"], header["seal"]  # written before either (seal 1: issue 51)
    old = _with(lines, 1, header)
    with pytest.raises(RecordRefused, match="sha256"):
        _refused(old)  # taken out after sealing: a change
    check = _refused(_resealed(old), simulator)  # written so (before provenance): fine
    assert check.hash_checked and check.positions_replayed == STROKES
    result = _obj(old, len(old))
    del result["sha256"]  # older still: no seal either
    assert not _refused(_with(old, len(old), result), simulator).hash_checked


@pytest.mark.parametrize("change, words", [
    (lambda p: p["versions"].update(numpy=2), "header.provenance.versions.numpy = 2"),
    (lambda p: p.pop("platform"), "header.provenance.platform"),
    (lambda p: p.update(commit="main"), "header.provenance.commit = 'main'"),
])
def test_a_malformed_provenance_is_refused_on_line_1(lines, change, words):
    header = _obj(lines, 1)
    change(header["provenance"])
    with pytest.raises(RecordRefused, match=f"^line 1: {re.escape(words)}"):
        _refused(_resealed(_with(lines, 1, header)))


def test_a_record_refusal_is_an_engine_error_and_quotes_short_excerpts(lines):
    h = _obj(lines, 1)
    h["version"] = "9" * 500
    with pytest.raises(EngineError) as info:
        _refused(_with(lines, 1, h))
    assert len(str(info.value)) < 300


def test_unfinished_record_of_an_interrupted_game_verifies(simulator, tmp_path):
    """A game stopped mid-way (here by an agent failing at its 5th decision) keeps its
    strokes with an unfinished result line that verifies and replays exactly."""
    from ai.games.records import GameInterrupted

    class Failing:
        def __init__(self, inner):
            self.inner, self.n = inner, 0

        def decide(self, state, rng):
            self.n += 1
            if self.n == 5:
                raise KeyboardInterrupt
            return self.inner.decide(state, rng)

    agent = Failing(make_agent("random", simulator))
    with pytest.raises(GameInterrupted) as info:
        play_recorded_game(initial_state(), [agent, agent], ["random", "random"], simulator,
                           np.random.default_rng(1), [NoiseModel.for_skill("strong")] * 2, seed=1)
    path = tmp_path / "cut.jsonl"
    write_record(path, info.value.record)
    record = read_record(path)
    assert len(record.strokes) == 4 and record.result["stopped_by"] == "KeyboardInterrupt"
    check = verify_record(record, replay_simulate(simulator))
    assert check.unfinished and check.positions_replayed == 4 and check.hash_checked


def test_a_persons_record_is_ruled_but_its_positions_are_said_unverified(lines, simulator):
    """A person's record (``pyramid score --session``: header.human, no stroke played, no
    resting places) is ruled from what was seen and says its positions are unverified; the
    simulated game's lines with their strokes taken out are not one: a simulated game with
    null strikes is refused, and so is one saying ``human`` that still claims positions."""
    check = verify_record(read_record(EXAMPLES / "session_game.jsonl"),
                          replay_simulate(simulator))
    assert check.positions_replayed == 0 and check.positions_unverified == check.strokes > 0
    assert any("could not be verified" in n for n in check.notes())
    stripped = [lines[0]]
    for k in range(2, len(lines)):
        o = _obj(lines, k)
        o["strike"] = None
        o["outcome"].pop("events", None)
        stripped.append(json.dumps(o))
    stripped.append(lines[-1])
    with pytest.raises(RecordRefused, match="^line 2: strike = null in a simulated game"):
        _refused(_resealed(stripped), simulator)
    stripped[0] = json.dumps(dict(_obj(lines, 1), human=True))
    with pytest.raises(RecordRefused, match="^line 2: outcome.final claims positions"):
        _refused(_resealed(stripped), simulator)


def test_replay_reports_changed_points_and_fouls(lines, simulator):
    from engine import replay
    k = _scored_stroke(lines)
    o = _obj(lines, k)
    o["points"] = [p + 1 for p in o["points"]]
    o["fouls"] = ["R7.1i"]
    mism = replay(parse_record(_with(lines, k, o)), replay_simulate(simulator))
    whats = sorted(m.what.split(":")[0] for m in mism)
    assert whats == ["fouls", "points"] and {m.stroke_index for m in mism} == {k - 2}


# --- no damage crashes the reader or the verifier ---------------------------------------------
HOSTILE = [None, True, -1, 7, 10 ** 19, 1e300, -0.5, "", "x" * 300, [], [1, 2, 3], {},
           {"a": 1}, [[0.1, 0.2]], {"15": [1e9, -1e9]}]
MUTATIONS = 200  # random fields replaced or deleted (9 000 more tried once by hand: no crash)


def test_random_damage_is_refused_as_bad_input_never_a_crash(lines, simulator):
    """Any field of any line replaced by a hostile value or deleted (seeded): the record is
    either still valid or refused as an EngineError (exit 2 in the command line), never
    another error.  (It found an event position [] crashing the reader with IndexError.)"""
    import copy
    rng = np.random.default_rng(15)
    objs0 = [json.loads(x) for x in lines]
    refused = 0
    for _ in range(MUTATIONS):
        objs = copy.deepcopy(objs0)
        k = int(rng.integers(len(objs)))
        paths = [p for p, _ in json_paths(objs[k]) if p]
        path = paths[int(rng.integers(len(paths)))]
        target = objs[k]
        for step in path[:-1]:
            target = target[step]
        if isinstance(target, dict) and rng.random() < 0.3:
            del target[path[-1]]
        else:
            target[path[-1]] = copy.deepcopy(HOSTILE[int(rng.integers(len(HOSTILE)))])
        try:
            record = parse_record([json.dumps(o) for o in objs])
            verify_record(record, replay_simulate(simulator) if rng.random() < 0.2 else None)
        except EngineError:
            refused += 1
    # nearly every change is caught (the few left: a value replaced by an equal one, or a
    # field nothing reads, like the header's software_version, in a line the hash misses)
    assert refused > MUTATIONS * 0.9

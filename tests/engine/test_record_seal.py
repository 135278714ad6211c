"""The seal covers every line of a record, and a journal is verified as one (issue 51, item 8).

Found accepted: a result line's ``stopped_by`` (or a field of its own) changed, outside the
seal, and shown by the board; a finished record relabelled as a journal (``"journal": true``,
its result line dropped), which skipped the seal; a call changed on a stroke that scored
nothing while its story's ``intended_call`` said another.  Records written before (seal 1)
read and verify as they did."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ai.games.records import play_recorded_game
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import initial_state
from engine.errors import MalformedInputError
from engine.record import parse_record, record_digest, record_text
from engine.seal import SEAL_VERSION
from engine.story import Story
from engine.verify import RecordRefused, verify_record
from sim import Simulator

ROOT = Path(__file__).resolve().parents[2]
STROKES = 8


@pytest.fixture(scope="module")
def played():
    """A game of greedy agents cut at 8 strokes (unfinished), as ``pyramid play --record``
    writes it: its journal's lines and its sealed record's lines."""
    simulator = Simulator()
    journal: list[str] = []
    game = play_recorded_game(initial_state(), [make_agent("greedy", simulator)] * 2,
                              ["greedy", "greedy"], simulator,
                              np.random.default_rng(np.random.SeedSequence(51)),
                              [NoiseModel.for_skill("strong")] * 2, seed=51,
                              max_strokes=STROKES, journal=journal.append)
    return journal, record_text(game.record).split("\n")[:-1]


def _objs(lines) -> list[dict]:
    return [json.loads(line) for line in lines]


def _text(objs) -> str:
    return "\n".join(json.dumps(o) for o in objs) + "\n"


def _verify(objs):
    return verify_record(parse_record(_text(objs)))


def _resealed(objs) -> list[dict]:
    """Sealed again, as a tamperer who knows the format does."""
    record = parse_record(_text(objs))
    return objs[:-1] + [dict(objs[-1], sha256=record_digest(record))]


def test_what_is_written_is_sealed_whole_and_verifies(played):
    _journal, lines = played
    objs = _objs(lines)
    assert objs[0]["seal"] == SEAL_VERSION and objs[-1]["unfinished"] is True
    check = _verify(objs)
    assert check.hash_checked and check.strokes == STROKES


def test_a_result_line_field_changed_breaks_the_seal(played):
    """``stopped_by`` is not derived again from the strokes (``unfinished``, ``strokes``,
    ``scores`` and ``result`` are): the seal is what guards it."""
    objs = _objs(played[1])
    objs[-1]["stopped_by"] = "KeyboardInterrupt"
    with pytest.raises(RecordRefused, match=rf"^line {len(objs)}: .*sha256 .* does not match"):
        _verify(objs)


def test_stopped_by_changed_and_resealed_is_checked_for_what_it_is(played):
    objs = _objs(played[1])
    objs[-1]["stopped_by"] = "SIGTERM"
    assert _verify(_resealed(objs)).unfinished  # a name beside "unfinished": true
    for bad in ("x" * 5000, 7, ""):
        objs[-1]["stopped_by"] = bad
        with pytest.raises(RecordRefused, match=r"stopped_by = .* must be the name"):
            _verify(_resealed(objs))


def test_an_unknown_result_line_field_is_refused_even_resealed(played):
    objs = _objs(played[1])
    objs[-1]["note"] = "<script>alert(1)</script>"
    with pytest.raises(MalformedInputError, match=rf"line {len(objs)}\.note .* is not a field"):
        _verify(_resealed(objs))


def test_a_finished_record_relabelled_as_a_journal_is_refused(played):
    objs = _objs(played[1])
    objs[0]["journal"] = True
    with pytest.raises(RecordRefused, match=r"^line 2: a journal of seal 2 seals every stroke "
                                            r"line"):
        _verify(objs[:-1])
    objs[0]["players"] = ["mallory", "greedy"]  # what the seal guarded, changed on the way
    with pytest.raises(RecordRefused, match="^line 2: a journal"):
        _verify(objs[:-1])


def test_a_journal_is_verified_as_one(played):
    journal, lines = played
    objs = _objs(journal)
    assert objs[0]["journal"] is True and all("sha256" in o for o in objs[1:])
    # the journal's stroke lines are the record's, each with its own seal
    assert [{k: v for k, v in o.items() if k != "sha256"} for o in objs[1:]] == \
        _objs(lines)[1:-1]
    check = _verify(objs)
    assert check.interrupted and check.hash_checked and check.strokes == STROKES
    assert _verify(objs[:4]).strokes == 3  # cut after any line (a kill -9): still a journal
    story = objs[3]["story"]
    story["p_win"] = 1.0 if story.get("p_win") != 1.0 else 0.0  # not re-derived: sealed
    with pytest.raises(RecordRefused, match=r"^line 4: sha256 .* does not match the header and "
                                            r"the stroke lines up to it"):
        _verify(objs)
    objs = _objs(journal)
    del objs[5]["sha256"]
    with pytest.raises(RecordRefused, match="^line 6: a journal of seal 2"):
        _verify(objs)


def test_a_journal_written_before_seals_still_verifies(played):
    """Seal 1: no "seal" in the header, no seal on its lines (as every journal was)."""
    objs = [{k: v for k, v in o.items() if k not in ("seal", "sha256")}
            for o in _objs(played[0])]
    check = _verify(objs)
    assert check.interrupted and not check.hash_checked and check.strokes == STROKES
    objs[2]["sha256"] = "0" * 64  # a seal on a line of a record that seals none
    with pytest.raises(RecordRefused, match="^line 3: sha256 on a stroke line"):
        _verify(objs)


def test_an_unknown_seal_is_refused_on_line_1(played):
    objs = _objs(played[1])
    objs[0]["seal"] = 3
    with pytest.raises(RecordRefused, match=r"^line 1: header\.seal = 3 is not a seal"):
        _verify(_resealed(objs))


def _scoreless_called_stroke(objs) -> int:
    for k, o in enumerate(objs[1:-1], start=1):
        if o["call"] is not None and o["points"] == [0, 0] and not o["outcome"]["pocketed"] \
                and not o["fouls"]:
            return k
    raise AssertionError("no called stroke that scored nothing")


def test_a_call_changed_against_its_story_is_refused(played):
    objs = _objs(played[1])
    k = _scoreless_called_stroke(objs)
    call = objs[k]["call"]
    objs[k]["call"] = dict(call, pocket="NL" if call["pocket"] != "NL" else "NR")
    with pytest.raises(RecordRefused, match=rf"^line {k + 1}: story\.intended_call = .* "
                                            r"disagrees with the stroke's call"):
        _verify(_resealed(objs))


def test_the_shipped_records_still_verify():
    """Seal 1, written before: the example session and the golden games."""
    paths = [ROOT / "russian_pyramid" / "examples" / "session_game.jsonl"]
    for path in paths:
        assert verify_record(parse_record(path.read_text(encoding="utf-8"))).hash_checked
    for path in sorted((ROOT / "tests" / "ai" / "golden_data").glob("*seed*.json")):
        objs = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(objs, list):
            assert "seal" not in objs[0]
            assert _verify(objs).hash_checked, path


def test_a_story_that_names_no_call_contradicts_none():
    call = {"ball": "7", "pocket": "FL", "manner": "clean", "via": []}
    assert Story().call_disagreement(call) is None  # the agent did not say: nothing to compare
    assert Story(intended_call=call).call_disagreement(call) is None
    assert "disagrees" in Story(intended_call=call).call_disagreement(None)
    assert "disagrees" in Story(intended_call=call).call_disagreement(dict(call, pocket="NL"))


def test_a_journal_of_its_header_alone_has_nothing_sealed(played):
    check = _verify(_objs(played[0])[:1])
    assert check.interrupted and check.strokes == 0 and not check.hash_checked

"""``pyramid analyze`` (issue 27 items 2 and 5): a stroke whose story holds the deciding
agent's estimates is judged from them ("source": "story") and the record still verifies;
--search-all searches it; --summary-png draws a page (the verdicts' independence of --jobs:
tests/cli/test_analyze.py)."""
from __future__ import annotations

import json
import math

import pytest

from engine.record import parse_record, record_digest
from engine.story import STORY_KEY, Alternative, Story
from sim import Strike

from .clihelp import assert_png, pyramid_json
from .test_analyze import FAST, _record

# the agent's own figures, chosen so that its alternative is 0.2 better: a blunder (??) by its
# own lights; the stroke it meant is the one played with a made-up noise of +0.25 m/s (its
# intended strike is set from the stroke line so that intended + noise is the stroke played,
# which verification checks)
NOISE_MPS = 0.25
ESTIMATES = dict(kind="attack", p_win=0.3, noise={"speed_mps": NOISE_MPS},
                 alternatives=(Alternative(strike={"speed_mps": 2.0, "phi_deg": 10.0},
                                           call={"ball": "15", "pocket": "FR"},
                                           kind="attack", p_win=0.5),
                               Alternative(kind="safety", p_win=0.45)))


def story_of_played(strike: dict) -> Story:
    """:data:`ESTIMATES` as the story of the stroke ``strike`` (a stroke line's)."""
    return Story(intended_strike={"speed_mps": strike["speed_mps"] - NOISE_MPS,
                                  "phi_rad": strike["phi_rad"]}, **ESTIMATES)


@pytest.fixture(scope="module")
def told_record(tmp_path_factory):
    """Three strokes; the second carries a story (:func:`story_of_played`), and the record
    is sealed again."""
    tmp = tmp_path_factory.mktemp("story")
    path = _record(tmp, [Strike(1.0, math.pi), Strike(1.2, math.pi / 2),
                         Strike(0.9, -math.pi / 2)])
    objs = [json.loads(x) for x in open(path).read().splitlines()]
    assert objs[2]["type"] == "stroke"
    story = story_of_played(objs[2]["strike"])
    assert story.disagreement(objs[2]["strike"]) is None  # 1.2 - 0.25 + 0.25 is 1.2 exactly
    objs[2][STORY_KEY] = story.to_json()
    objs[-1]["sha256"] = record_digest(parse_record([json.dumps(o) for o in objs]))
    out = tmp / "told.jsonl"
    out.write_text("".join(json.dumps(o) + "\n" for o in objs))
    return str(out)


def test_a_stroke_with_a_story_is_judged_from_it_and_the_others_searched(told_record, tmp_path):
    png = tmp_path / "summary.png"
    out, r = pyramid_json("analyze", told_record, *FAST, "--jobs", "1", "--summary-png", png,
                          "--lang", "ru")
    assert out["verification"]["hash_checked"] is True
    first, told, third = out["strokes"]
    assert [first["source"], told["source"], third["source"]] == ["search", "story", "search"]
    assert told["p_win_played"] == 0.3 and told["p_win_best"] == 0.5
    assert told["loss"] == 0.2 and told["mark"] == "??"
    assert told["best"]["call"]["ball"] == "15" and told["best"]["p_win"] == 0.5
    assert "1 with a story" in r.stderr
    assert out["png"] == [str(png)]
    assert_png(png)
    for row in out["strokes"]:  # issue 27 item 4: both keys, probabilities
        assert 0.0 <= row["p_win_played"] <= row["p_win_best"] <= 1.0


def test_search_all_searches_the_story_stroke_too(told_record):
    out, _ = pyramid_json("analyze", told_record, *FAST, "--strokes", "2", "--search-all",
                          "--jobs", "1")
    (row,) = out["strokes"]
    assert row["source"] == "search" and row["p_win_played"] != 0.3

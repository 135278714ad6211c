"""Issue 51, found by the hostile corpus (tests/hostile/): an option given where it means
nothing was taken in silence -- a session's option when one stroke is scored, the third
side's noise in a game of two, ``--strokes`` on a person's record -- and a few values out of
any range were played.  Each is now refused, naming the option."""
from __future__ import annotations

import json
import math

import pytest

from russian_pyramid.app.analysis_doc import check_analysis
from russian_pyramid.errors import UserInputError
from russian_pyramid.photo.imaging import MIN_SIDE_PX, decode
from sim.api import SimInputError, Strike
from sim.params import PhysicsParams

from ..hostile.corpus import load_base, png
from .clihelp import ROOT, assert_refused, run_main

EXAMPLES = ROOT / "russian_pyramid" / "examples"


@pytest.mark.parametrize("flag, value", [("--breaker", "A"), ("--date", "2026-01-01"),
                                         ("--handicap", '{"kind": "points"}'),
                                         ("--games", "2"), ("--target", "51")])
def test_a_sessions_option_is_refused_when_one_stroke_is_scored(flag, value):
    code, out, err = run_main("score", EXAMPLES / "score_pot.json", flag, value)
    assert_refused(code, err, flag, "--session only")


def test_the_third_sides_noise_is_refused_in_a_game_of_two():
    code, out, err = run_main("play", "--agent-a", "random", "--agent-b", "random",
                              "--skill-c", "club", "--max-strokes", "2")
    assert_refused(code, err, "--skill-c", "three-each")


@pytest.mark.parametrize("span", ["", "9-1", "a-b", "-5", "0", "1-2-3"])
def test_strokes_of_another_form_are_refused_before_the_record_is_read(span):
    code, out, err = run_main("analyze", "missing.jsonl", "--strokes", span)
    assert_refused(code, err, "--strokes")


def test_strokes_are_refused_on_a_persons_record():
    code, out, err = run_main("analyze", EXAMPLES / "session_game.jsonl", "--strokes", "1-2")
    assert_refused(code, err, "--strokes", "a person's")


@pytest.mark.parametrize("phi_deg", [360.5, -1e308, 1e19])
def test_a_direction_beyond_one_turn_is_refused(phi_deg):
    with pytest.raises(SimInputError, match=r"phi_deg must lie within one turn"):
        Strike(speed_mps=2.0, phi_rad=math.radians(phi_deg)).validate(PhysicsParams())
    Strike(speed_mps=2.0, phi_rad=math.radians(-359.0)).validate(PhysicsParams())


@pytest.mark.parametrize("size", [(4000, 1), (1, 4000), (MIN_SIDE_PX - 1, 300)])
def test_a_photo_too_small_to_hold_a_table_is_refused(size):
    with pytest.raises(UserInputError, match="needs at least"):
        decode(png(size[0], size[1], (0, 0, 0)))


def test_an_analysis_written_by_analyze_reads_back_and_a_bad_field_is_named():
    analysis = load_base("review")["analysis"]
    assert check_analysis(analysis) is analysis
    for path, value, words in ((("strokes", 0, "loss"), True, "analysis: stroke 1: loss"),
                               (("strokes", 1, "best", "p_win"), 2.0, "stroke 2: best.p_win"),
                               (("strokes", 0, "played", "fouls"), [""], "fouls[0]"),
                               (("summary", 0, "zz"), 1, "analysis.summary[0]: 'zz'")):
        doc = json.loads(json.dumps(analysis))
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(UserInputError, match=words.replace("[", r"\[").replace("]", r"\]")):
            check_analysis(doc)

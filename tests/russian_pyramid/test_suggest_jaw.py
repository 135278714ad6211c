"""What a suggestion says of its own figures (issue 55): a stroke whose called ball meets a
corner pocket's jaw -- the ball along the rail -- is flagged (``jaw_dependent``) with a
player's sentence from the catalogs, as its outcome rests on the jaw model
(:func:`sim.rail_shot.struck_corner_jaw`, docs/PHYSICS.md "The rail shot"); and a stroke
whose figures were measured afresh keeps the search's own as ``search_estimate``.  A dummy
advisor (no search): the tests take a second."""
import json
import math

import numpy as np

from ai.advisor import Ranking
from ai.agent import Decision, SearchEstimate
from engine import Call
from engine.words import say
from russian_pyramid.app.options import SuggestOptions
from russian_pyramid.app.suggest import JAW_NOTE, state_to_suggest, suggest
from russian_pyramid.commands.suggest import _human
from russian_pyramid.examples import path as example_path
from sim import Strike

DOC = json.loads(example_path("open").read_text(encoding="utf-8"))
OPEN = state_to_suggest(DOC)
R = OPEN.spec.ball_radius_m
# the rail shot of sim.measure.rail_shot: ball 1 frozen on the long cushion 0.6 m from the
# NR corner, the cue ball 0.3 m behind it, struck along the rail into NR
RAIL = state_to_suggest({**DOC, "balls": {**DOC["balls"], "cue": [0.9, R], "1": [0.6, R]}})


class OneStroke:
    """Advises one fixed stroke with fixed figures."""

    name = "one-stroke"

    def __init__(self, decision: Decision):
        self.decision = decision

    def decide(self, state, rng: np.random.Generator) -> Decision:
        return self.decision

    def rank(self, state, rng, top, keep_line=False) -> Ranking:
        return Ranking((self.decision,), samples=self.decision.samples or 0)

    def principal_line(self, state, ranking, seed, length):
        raise AssertionError("no line asked")


ALONG_THE_RAIL = Decision(Call("1", "NR"), Strike(2.0, math.pi), p_success=0.3,
                          expected_points=1.0, p_foul=0.0, p_win=0.5, samples=64,
                          searched=SearchEstimate(40, 0.4, 0.55, 0.0, 1.2))
INTO_THE_MIDDLE = Decision(Call("9", "MR"), Strike(2.0, math.radians(-27.0)), p_success=0.5,
                           expected_points=4.0, p_foul=0.0, p_win=0.6, samples=7)


def test_a_ball_along_the_rail_into_the_corner_is_flagged_in_every_language():
    found = suggest(RAIL, SuggestOptions(top=1, seed=1, lang="ru", line=1),
                    OneStroke(ALONG_THE_RAIL), all_langs=True)
    [s] = [one.to_json() for one in found.suggestions]
    assert s["jaw_dependent"] is True
    assert s["jaw_note"] == say(JAW_NOTE, "ru") and "по борту" in s["jaw_note"]
    assert s["jaw_notes"] == {"en": say(JAW_NOTE, "en"), "ru": say(JAW_NOTE, "ru")}
    assert s["jaw_notes"]["en"] != s["jaw_notes"]["ru"]
    assert say(JAW_NOTE, "ru") in _human([s], "ru")


def test_a_pot_into_the_middle_pocket_clear_of_the_corners_is_not_flagged():
    found = suggest(OPEN, SuggestOptions(top=1, seed=1, lang="en", line=1),
                    OneStroke(INTO_THE_MIDDLE), all_langs=True)
    [s] = [one.to_json() for one in found.suggestions]
    assert s["jaw_dependent"] is False and s["jaw_note"] is None
    assert s["jaw_notes"] == {"en": None, "ru": None}
    assert s["search_estimate"] is None  # figures the advisor did not measure again


def test_the_search_s_own_figures_are_kept_beside_the_reported_ones():
    found = suggest(RAIL, SuggestOptions(top=1, seed=1, line=1), OneStroke(ALONG_THE_RAIL))
    [s] = [one.to_json() for one in found.suggestions]
    assert s["p_success"] == 0.3 and s["samples"] == 64
    assert s["search_estimate"] == {"samples": 40, "p_success": 0.4, "p_win": 0.55,
                                    "p_foul": 0.0, "expected_points": 1.2}

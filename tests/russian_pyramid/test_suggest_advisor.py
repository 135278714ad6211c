"""russian_pyramid.app.suggest over the Advisor protocol (issue 53 items 3 and 4): any agent
that ranks and gives a line advises (a dummy one here, no search), one that only plays is
refused naming it; every word of a suggestion is written once per language asked, from the
same facts (no instruction written and thrown away, none written twice)."""
import json
import math

import numpy as np
import pytest

import ai.agents.mc
import ai.describe
from ai.advisor import Ranking
from ai.agent import Decision
from ai.agents.greedy import GreedyAgent
from ai.search.line import Line, LineStep
from engine import Call, GameState
from engine.words import LANGS
from russian_pyramid.app.options import SuggestOptions
from russian_pyramid.app.suggest import state_to_suggest, suggest
from russian_pyramid.errors import UserInputError
from russian_pyramid.examples import path as example_path
from sim import Strike

DOC = json.loads(example_path("open").read_text(encoding="utf-8"))
STATE = state_to_suggest(DOC)


class StraightAdvisor:
    """Advises one fixed stroke: ball 9 in the right middle pocket, follow, right side."""

    name = "straight"

    def __init__(self):
        self.asked: list[tuple[int, bool]] = []
        self.lines: list[tuple[int, int]] = []

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        return self.rank(state, rng, 1).decisions[0]

    def rank(self, state, rng, top, keep_line=False) -> Ranking:
        self.asked.append((top, keep_line))
        stroke = Decision(Call("9", "MR"), Strike(2.0, math.radians(-27.0), side=0.2,
                                                  vertical=0.4),
                          p_success=0.5, expected_points=4.0, p_foul=0.0, p_win=0.6, samples=7)
        return Ranking((stroke,), samples=7)

    def principal_line(self, state, ranking, seed, length) -> Line:
        self.lines.append((seed, length))
        d = ranking.decisions[0]
        step = LineStep(d.kind, d.call, d.strike, d.placement, d.foul, {}, None, 0.5, 0.0, 1.0,
                        0.6, 7)
        return Line((step,), 0.6)


def test_an_advisor_of_ones_own_advises():
    advisor = StraightAdvisor()
    found = suggest(STATE, SuggestOptions(top=2, seed=3, lang="ru", line=2), advisor,
                    all_langs=True)
    assert advisor.asked == [(2, True)] and advisor.lines == [(3, 2)]
    [s] = [one.to_json() for one in found.suggestions]
    assert s["call"]["ball"] == "9" and s["p_win"] == 0.6 and s["samples"] == 7
    assert s["instruction"].startswith("Шар 9") and s["advice"]["tip"]["vertical"] == 0.4
    assert found.budget.samples_used == 7
    assert found.line is not None and found.line.p_win == 0.6


def test_an_agent_that_only_plays_is_refused_with_a_clear_message():
    with pytest.raises(UserInputError) as err:
        suggest(STATE, SuggestOptions(top=1), GreedyAgent())
    assert "'greedy' cannot advise" in str(err.value)
    assert "rank or principal_line" in str(err.value)


def test_every_word_is_written_once_per_language_from_the_same_facts(monkeypatch):
    """The instruction is written once in each language asked -- not first by the agent, then
    in the language asked, then again in each language -- and the suggestion carries the
    facts' words (``words``), the tip and spin included, in every language."""
    written = []
    real = ai.describe.instruction

    def counted(*args, **kwargs):
        written.append(args[-1] if len(args) == 8 else kwargs.get("lang", "en"))
        return real(*args, **kwargs)
    monkeypatch.setattr(ai.describe, "instruction", counted)
    monkeypatch.setattr(ai.agents.mc, "instruction", counted)
    found = suggest(STATE, SuggestOptions(top=1, budget=20, seed=1, lang="ru", line=1),
                    all_langs=True)
    [s] = [one.to_json() for one in found.suggestions]
    assert sorted(written) == sorted(LANGS)
    assert set(s["words"]) == set(LANGS) == set(s["instructions"])
    for lang in LANGS:
        words = s["words"][lang]
        assert words["instruction"] == s["instructions"][lang]
        assert words["instruction"].count(words["speed"]) == 1
        assert words["tip"] in words["instruction"]
    assert s["instruction"] == s["instructions"]["ru"]


def test_the_spin_in_words_follows_the_thresholds_of_ai_words():
    """The tip's words come with the advice (the page no longer classifies the spin):
    follow with right side, in both languages."""
    found = suggest(STATE, SuggestOptions(top=1, lang="en", line=1), StraightAdvisor(),
                    all_langs=True)
    words = found.suggestions[0].to_json()["words"]
    assert words["en"]["spin"] == "follow, right side"
    assert words["ru"]["spin"] == "накат, правый винт"
    assert words["en"]["tip"] == "0.4 R above and 0.2 R right of centre (follow, right side)"
    assert words["ru"]["tip"] == ("выше центра на 0,4 радиуса и правее на 0,2 радиуса "
                                  "(накат, правый винт)")
    assert words["en"]["cue"] == "cue level"

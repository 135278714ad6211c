"""R11.10, the corner cluster, as an action between strokes (issue 22): what
engine.special.apply_corner_cluster refuses, the record's ``{"action": "cluster"}`` that
apply_action (and so engine.verify) replays, the nominal place a person's game gives the cue
ball, and R12.2's breaker of every game of one against a pair."""
from dataclasses import replace

import pytest

from engine import IllegalInputError, MalformedInputError, adjudicate, apply_corner_cluster, \
    initial_state, legal_calls
from engine.notation import NotationError, nominal_cluster_placement, parse_line
from engine.special import apply_action, breaker_of_game, next_game
from engine.state import MatchContext
from rules_helpers import L, SPEC, W, make_state, summary
from engine.outcome import GameOutcome

GATHERED = {"cue": (1.0, 1.0), "3": (L - 0.15, W - 0.20), "5": (L - 0.25, W - 0.12)}


@pytest.fixture
def gathered():
    return make_state(GATHERED, scores=(20, 30))


def test_R11_10_refused_when_the_game_is_over_or_the_break_is_pending(gathered):
    """R11.10: not for a game over, nor before the break (R3.2: the rack, the cue in hand)."""
    over = make_state(GATHERED, scores=(20, 30), result={"winner": 1})
    with pytest.raises(IllegalInputError, match=r"over.*\(R11\.10\)"):
        apply_corner_cluster(over, "FL", (L - 0.2, W - 0.2))
    rack = initial_state()
    with pytest.raises(IllegalInputError, match=r"break.*\(R11\.10\)"):
        apply_corner_cluster(rack, "NR", (0.2, 0.2))
    once = apply_corner_cluster(gathered, "FL", (L - 0.06, W - 0.40))
    with pytest.raises(IllegalInputError, match=r"already due.*\(R11\.10\)"):
        apply_corner_cluster(once, "FL", (L - 0.06, W - 0.40))


def test_R11_10_refused_for_a_middle_pocket_and_an_unknown_one(gathered):
    """R11.10 is about a corner pocket: a middle one is refused with the rule's id."""
    with pytest.raises(IllegalInputError, match=r"not a corner pocket.*\(R11\.10\)"):
        apply_corner_cluster(gathered, "ML", (L / 2, W - 0.2))
    with pytest.raises(MalformedInputError, match="pocket"):
        apply_corner_cluster(gathered, "XX", (L - 0.2, W - 0.2))


def test_R11_10_the_balls_named_are_all_the_balls_on_the_table(gathered):
    """R11.10: *all* the balls round one corner: a ball named that is not on the table, or
    a ball on the table left out, is refused; naming them all, or none, is accepted."""
    with pytest.raises(IllegalInputError, match=r"ball 7 is not on the table.*\(R11\.10\)"):
        apply_corner_cluster(gathered, "FL", (L - 0.06, W - 0.40), ["3", "7"])
    with pytest.raises(IllegalInputError, match=r"5 on the table too.*\(R11\.10\)"):
        apply_corner_cluster(gathered, "FL", (L - 0.06, W - 0.40), ["3"])
    with pytest.raises(MalformedInputError, match="twice"):
        apply_corner_cluster(gathered, "FL", (L - 0.06, W - 0.40), ["3", "5", "3"])
    c = apply_corner_cluster(gathered, "FL", (L - 0.06, W - 0.40), ["5", "3"])
    assert c == apply_corner_cluster(gathered, "FL", (L - 0.06, W - 0.40))


def test_R11_10_the_cue_ball_is_placed_not_in_hand_and_each_side_plays_without_a_call():
    """R11.10: the cue ball is put by the pocket (no longer in hand, even after a foul put it
    there); one stroke without a call per side (R10.1/R11.10: every ball pocketed counts)."""
    in_hand = make_state({b: p for b, p in GATHERED.items() if b != "cue"}, cue_in_hand=True,
                         scores=(20, 30), to_move=1)
    c = apply_corner_cluster(in_hand, "FL", (L - 0.06, W - 0.40))
    assert not c.cue_in_hand and c.balls["cue"] == (L - 0.06, W - 0.40)
    assert c.no_call_strokes_left == 2 and legal_calls(c) == [None]
    both = summary(c, call=None, first_contact="3", pocketed=[{"ball": "3", "pocket": "FL"},
                                                             {"ball": "5", "pocket": "FL"}],
                   final={"cue": [3.0, 1.0]})
    out = adjudicate(c, both)
    assert out.adjudication.counted == ("3", "5") and out.state.scores == (20, 38 + 10)
    assert any("R11.10" in n for n in out.adjudication.notes)


def test_R11_10_three_each_counts_the_sides_still_playing():
    """R11.10 "each of them": in three each for himself a side that has left (R12.1) plays no
    more, so two strokes without a call are due, not three."""
    s = make_state(GATHERED, scores=(51, 10, 20), to_move=1, variant="three-each",
                   placings=[0], shelves=[["15", "14", "13", "12"], ["10"], ["9", "11"]])
    assert apply_corner_cluster(s, "FL", (L - 0.06, W - 0.40)).no_call_strokes_left == 2


def test_R11_10_the_record_action_replays_with_its_placement(gathered):
    """R11.10 as a record keeps it: ``{"action": "cluster", "pocket", "cue", "balls"}``;
    apply_action gives what apply_corner_cluster gives, and refuses it malformed."""
    action = {"action": "cluster", "pocket": "FL", "cue": [L - 0.06, W - 0.40],
              "balls": ["3", "5"]}
    assert apply_action(gathered, action) == apply_corner_cluster(
        gathered, "FL", (L - 0.06, W - 0.40), ["3", "5"])
    for bad in ({**action, "cue": None}, {**action, "cue": [1.0]}, {**action, "balls": "35"},
                {**action, "cue": [float("nan"), 1.0]}):
        with pytest.raises(MalformedInputError):
            apply_action(gathered, bad)
    with pytest.raises(IllegalInputError, match="R11.10"):  # placed by another pocket
        apply_action(gathered, {**action, "cue": [0.3, 0.3]})


@pytest.mark.parametrize("pocket", ["NL", "NR", "FL", "FR"])
def test_R11_10_the_nominal_place_is_free_and_nearest_that_pocket(pocket):
    """R11.10 in a person's game (positions nominal): the cue ball's place by the pocket is
    free of the balls where the session keeps them and accepted by apply_corner_cluster."""
    s = initial_state()
    s = make_state({b: p for b, p in s.balls.items()}, cue_in_hand=True)
    pos = nominal_cluster_placement(s, pocket)
    c = apply_corner_cluster(s, pocket, pos)
    assert c.balls["cue"] == pos and SPEC.geometry.ball_fits(*pos)


def test_R11_10_the_notation_line_in_both_languages(gathered):
    """R11.10: `cluster FL 3 5` and «скопление ДЛ 5 3» read the same; refusals name the rule
    and say why in both languages."""
    assert parse_line("cluster FL 3 5", gathered).args == ("FL", "3", "5")
    assert parse_line("скопление ДЛ 5 3", gathered).args == ("FL", "5", "3")
    assert parse_line("Скопление дп", gathered).args == ("FR",)
    for line, word in (("cluster ML", "ML"), ("скопление СП", "СП"), ("cluster", "cluster"),
                       ("cluster FL 7", "7"), ("cluster FL 3", "cluster FL 3")):
        with pytest.raises(NotationError) as exc:
            parse_line(line, gathered)
        assert exc.value.rule == "R11.10" and exc.value.token == word
        assert exc.value.why and exc.value.why_ru and exc.value.why != exc.value.why_ru
    with pytest.raises(NotationError):
        parse_line("cluster FL cue", gathered)


def test_R12_2_the_single_breaks_every_game_of_one_against_a_pair():
    """R12.2: the single player starts; R3.1's alternation does not make a partner break the
    next game of the match (it was refused: «in one against a pair the single starts»)."""
    first = initial_state("one-vs-pair", match=MatchContext(games_to_play=3))
    assert breaker_of_game(first.match, 1, lambda: 1, "one-vs-pair") == 0
    assert breaker_of_game(first.match, 1, lambda: 1) == 1  # two players: R3.1 alternates
    done = replace(first, result=GameOutcome(winner=1))
    second = next_game(done, lambda: 1)
    assert second.to_move == 0 and second.match.games_played == 1

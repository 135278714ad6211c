"""R9 end of a game, R10 decisive games, R11.8 deliberate fouls, R14 scoring errors."""
import pytest

from engine import (IllegalInputError, adjudicate, first_to_reach, give_warning,
                    start_last_ball_replay, penalty_hands_game)
from rules_helpers import L, R, SPEC, W, from_events, hit, make_state, pocket, strike, summary


def pot(state, ball, pocket_id, cue_end=(2.0, 0.9)):
    return summary(state, call={"ball": ball, "pocket": pocket_id}, call_fulfilled=True,
                   first_contact=ball, pocketed=[{"ball": ball, "pocket": pocket_id}],
                   final={"cue": list(cue_end)})


def test_R9_1_first_to_71_wins_at_once_with_balls_left():
    """R9.1: reaching 71 wins at once, whatever is still on the table."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0), "5": (2.5, 0.4)}, scores=(62, 40))
    out = adjudicate(s, pot(s, "9", "FL"))
    assert out.state.scores[0] == 71
    assert out.adjudication.result.to_json() == {"winner": 0, "rule": "R9.1"}
    assert out.state.game_over


def test_R9_1_penalty_can_give_the_opponent_the_game():
    """R9.1 with R7.2: the opponent reaching 71 on a penalty wins."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(40, 66))
    out = adjudicate(s, summary(s, call={"ball": "9", "pocket": "FL"}, first_contact=None,
                                final={"cue": [1.2, 0.5]}))
    assert out.state.result.winner == 1


def test_R9_2_draw_at_70_70():
    """R9.2: both players at 70 is a draw."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(70, 51))
    # 51 + 9 + 10 (last ball) = 70
    out = adjudicate(s.__class__.from_json(dict(s.to_json(), to_move=1)),
                     pot(s.__class__.from_json(dict(s.to_json(), to_move=1)), "9", "FL"))
    assert out.state.scores == (70, 70)
    assert out.adjudication.result.to_json() == {"draw": True, "rule": "R9.2"}


def test_R9_3_three_results_win_loss_draw():
    """R9.3: a game ends in a win for one player (a loss for the other) or a draw."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(62, 40))
    win = adjudicate(s, pot(s, "9", "FL")).state.result
    assert win.winner == 0
    drawn = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(70, 51), to_move=1)
    assert adjudicate(drawn, pot(drawn, "9", "FL")).state.result.draw is True


def test_R9_4_balls_may_not_be_taken_off():
    """R9.4: a stroke description that removes a ball that did not fall is refused."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0), "5": (2.5, 0.4)})
    st = summary(s, call={"ball": "9", "pocket": "FL"}, first_contact="9",
                 final={"5": None, "cue": [1.5, 0.5]})
    with pytest.raises(IllegalInputError, match="R9.4"):
        adjudicate(s, st)


# --- R11.8 examples from the Russian text ------------------------------------------------
def _example1():
    """Example 1: ball 14 in the cut of the house corner, 3 frozen on the far cushion; from
    hand; the opponent wins on the 14 but not on a 5-point penalty."""
    return make_state({"14": (0.12, 0.10), "3": (L - R, 1.0)}, scores=(50, 57), cue_in_hand=True)


def _pocket_own_ball(state):
    return summary(state, call={"ball": "3", "pocket": "FL"}, first_contact=None,
                   placement=[0.3, 1.2], pocketed=[{"ball": "cue", "pocket": "NL"}])


def test_R11_8_example1_pocketing_own_ball_three_times_each_draws():
    """R11.8 example 1 / R9.2: after the warning, each side pockets its own cue ball three
    times in a row from hand leaving the balls unchanged: the game is drawn."""
    s = give_warning(_example1())
    assert not penalty_hands_game(s)
    results = []
    for k in range(6):
        out = adjudicate(s, _pocket_own_ball(s))
        s = out.state
        results.append(out.adjudication.result)
    assert results[:5] == [None] * 5
    assert results[5].to_json() == {"draw": True, "rule": "R9.2"}
    assert s.scores == (50, 57)  # three penalties each way cancel out


def test_R11_8_no_draw_without_warning():
    """R11.8: the draw needs the referee's warning first."""
    s = _example1()
    for _ in range(8):
        s = adjudicate(s, _pocket_own_ball(s)).state
    assert s.result is None and s.unchanged_foul_streak == (4, 4)


def test_R11_8_auto_warning_for_self_play():
    """R11.8 (configurable): with auto_warning the warning comes once each side has made one
    unchanged foul; then three more each draw."""
    s = make_state({"14": (0.12, 0.10), "3": (L - R, 1.0)}, scores=(50, 57), cue_in_hand=True,
                   auto_warning=True)
    n = 0
    while s.result is None and n < 20:
        s = adjudicate(s, _pocket_own_ball(s)).state
        n += 1
    assert n == 8 and s.result.draw


def test_R11_8_a_stroke_that_changes_the_position_resets_the_count():
    """R9.2: "in a row": a foul that moves a ball breaks the sequence."""
    s = give_warning(_example1())
    for _ in range(5):
        s = adjudicate(s, _pocket_own_ball(s)).state
    # player 1 now plays from hand and misses, but his cue ball stays on the table: changed
    moved = summary(s, call={"ball": "3", "pocket": "FL"}, first_contact=None, placement=[0.3, 1.2],
                    final={"cue": [2.0, 1.0]})
    out = adjudicate(s, moved)
    assert out.state.result is None and out.state.unchanged_foul_streak == (0, 0)


def _example2():
    """Examples 2 and 3: last ball; cue ball and last ball both in pocket jaws; a 5-point
    penalty gives nobody the game; each side profits only from tushing."""
    return make_state({"cue": (R + 0.002, W - R - 0.002), "8": (L - R - 0.002, R + 0.002)},
                      scores=(55, 55), to_move=0)


@pytest.mark.parametrize("facts", [["tush"], ["d"]])
def test_R11_8_examples2_3_tushing_in_the_last_ball_draws(facts):
    """R11.8 examples 2 and 3: both sides tush three times after the warning: draw."""
    s = give_warning(_example2())
    for k in range(6):
        assert s.result is None
        out = adjudicate(s, summary(s, fouls=facts))
        assert out.adjudication.fouls == ("R7.1d",)
        s = out.state
    assert s.result.to_json() == {"draw": True, "rule": "R9.2"}
    assert s.balls == _example2().balls


def test_R10_1_last_ball_replay_setup():
    """R10.1: one ball on the third spot, next game's breaker from hand, first strokes
    without a call."""
    drawn = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(70, 51), to_move=1)
    drawn = adjudicate(drawn, pot(drawn, "9", "FL")).state
    r = start_last_ball_replay(drawn, ball="1")
    assert r.balls == {"1": SPEC.third_spot}
    assert r.cue_in_hand and r.to_move == 1 and r.no_call_strokes_left == 2
    assert r.result is None and r.last_ball_replay
    st = summary(r, call=None, first_contact="1", placement=[0.5, W / 2],
                 pocketed=[{"ball": "1", "pocket": "FR"}], final={"cue": [2.0, 1.0]})
    out = adjudicate(r, st)
    assert out.adjudication.successful and out.state.result.to_json() == {"winner": 1, "rule": "R10.1"}


def test_R10_2_fouler_loses_last_ball_replay():
    """R10.2: in a last-ball replay, the player who fouls loses."""
    drawn = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)}, scores=(70, 51), to_move=1)
    drawn = adjudicate(drawn, pot(drawn, "9", "FL")).state
    r = start_last_ball_replay(drawn)
    assert penalty_hands_game(r)
    miss = summary(r, call=None, first_contact=None, placement=[0.5, W / 2],
                   final={"cue": [2.0, 1.0]})
    out = adjudicate(r, miss)
    assert out.state.result.to_json() == {"winner": 0, "rule": "R10.2"}
    # a clean no-score stroke just passes the turn
    safe = summary(r, call=None, first_contact="1", placement=[0.5, W / 2],
                   final={"cue": [2.0, 1.0], "1": [3.3, 1.2]})
    out = adjudicate(r, safe)
    assert out.state.result is None and out.state.to_move == 0


def test_R10_1_only_drawn_games_are_replayed():
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0)})
    with pytest.raises(IllegalInputError, match="R10.1"):
        start_last_ball_replay(s)


def test_R14_1_first_to_71_won_whatever_happened_since():
    """R14.1: a miscount let play go on; whoever reached 71 first won."""
    history = [(40, 30), (71, 30), (66, 35), (66, 75)]
    assert first_to_reach(history, 71) == 0
    assert first_to_reach([(10, 20)], 71) is None


def test_R14_1_no_stroke_after_the_game_is_won():
    """R14.1 / R9.1: once a player reached 71 the game is over; further strokes are refused."""
    s = make_state({"cue": (1.0, 0.5), "9": (3.0, 1.0), "5": (2.5, 0.4)}, scores=(62, 40))
    s = adjudicate(s, pot(s, "9", "FL")).state
    with pytest.raises(IllegalInputError, match="game is over"):
        adjudicate(s, pot(s, "5", "FR"))


# --- a game that is over stays over (R9.1, R14.1) --------------------------------------------
def miss(state, cue_end=(2.0, 0.9)):
    return summary(state, call={"ball": state.object_balls[0], "pocket": "FL"},
                   first_contact=None, final={"cue": list(cue_end)})


OVER = {"cue": (1.0, 0.5), "9": (3.0, 1.0), "5": (2.5, 0.4)}


def test_R9_1_a_state_past_the_target_without_result_is_refused():
    """R9.1: «Набравший первым 71 очко считается выигравшим и партия оконченной»; R14.1:
    «набравший первым 71 очко считается победителем, независимо от положения партии в данный
    момент».  The audit's case: from 71:52 with no result the leader misses (66:57) and the
    opponent then pots the last ball and wins.  Such a state is refused as input (it names
    the scores and what to give instead), so the game is never played on."""
    with pytest.raises(IllegalInputError, match=r"scores = \[71, 52\].*R14\.1") as err:
        make_state(OVER, scores=(71, 52))
    assert '"winner": 0' in str(err.value)
    # the same position with its result is a finished game: read, but no stroke is played
    done = make_state(OVER, scores=(71, 52), result={"winner": 0, "rule": "R9.1"})
    with pytest.raises(IllegalInputError, match="game is over"):
        adjudicate(done, miss(done))


def test_R14_1_a_state_built_in_python_past_the_target_is_not_played_on():
    """R14.1: a state made in code (not read from JSON) with 71 and no result: adjudicate
    refuses the stroke rather than let the leader miss and the opponent win."""
    from dataclasses import replace
    s = replace(make_state(OVER, scores=(60, 52)), scores=(71, 52))
    with pytest.raises(IllegalInputError, match="R14.1"):
        adjudicate(s, miss(s))


@pytest.mark.parametrize("scores, extra, needle", [
    ((75, 71), {}, "first_to_reach"),  # both past: who was first is in the record (R14.1)
    ((70, 70), {}, "draw"),  # R9.2: both at 70 ends the game drawn
    ((71, 40), {"targets": [80, 71]}, None),  # side 0 plays to 80 (R13.2): not over
    ((40, 60), {"targets": [71, 59]}, "side 1 has reached its target 59"),
])
def test_R9_1_R9_2_scores_that_end_the_game_need_a_result(scores, extra, needle):
    """R9.1 / R9.2 / R14.1 with per-side targets."""
    if needle is None:
        assert make_state(OVER, scores=scores, **extra).result is None
        return
    with pytest.raises(IllegalInputError, match=needle):
        make_state(OVER, scores=scores, **extra)


def test_R12_1_a_player_at_51_not_in_placings_is_refused():
    """R12.1: the first to 51 leaves the game at once; a three-player state that still has
    him playing is refused."""
    balls = {"cue": (1.0, 0.5), "9": (3.0, 1.0)}
    with pytest.raises(IllegalInputError, match="placings"):
        make_state(balls, variant="three-each", scores=(51, 20, 30))
    s = make_state(balls, variant="three-each", scores=(51, 20, 30), placings=[0], to_move=1)
    assert s.result is None and s.active_sides() == [1, 2]

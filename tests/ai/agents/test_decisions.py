"""Decisions on constructed positions where the right answer is known (small budgets)."""
import math

import numpy as np
import pytest

from ai.agent import ATTACK, DELIBERATE_FOUL, POCKET_OWN_BALL, SAFETY
from ai.agents.greedy import GreedyAgent
from ai.agents.mc import MCAgent
from ai.games.match import watch_line_x
from engine import penalty_hands_game

from ..conftest import example, make_state
from engine.outcome import GameOutcome

R = 0.034


def test_open_straight_pot_is_taken(rng):
    # ball 7 straight in front of the right middle pocket, cue ball behind it on the line
    st = make_state({"cue": (1.775, 1.0), "7": (1.775, 0.35), "12": (3.0, 1.4)})
    d = MCAgent(budget=80).decide(st, rng)
    assert d.kind == ATTACK
    assert (d.call.ball, d.call.pocket) == ("7", "MR")
    assert d.p_success > 0.7
    g = GreedyAgent().decide(st, rng)
    assert (g.call.ball, g.call.pocket) == ("7", "MR")


def _cluster(centre, ids):
    cx, cy = centre
    out = {ids[0]: (cx, cy)}
    for k, b in enumerate(ids[1:]):
        a = k * math.pi / 3
        out[b] = (cx + (2 * R + 0.0005) * math.cos(a), cy + (2 * R + 0.0005) * math.sin(a))
    return out


def test_blocked_ball_is_not_called(rng):
    # ball 15 (the most valuable) is boxed in by six balls; ball 2 is an easy pot
    balls = {"cue": (1.775, 1.0), "2": (1.775, 0.35)}
    balls.update(_cluster((2.6, 0.9), ["15", "3", "4", "5", "6", "8", "9"]))
    st = make_state(balls)
    d = MCAgent(budget=80).decide(st, rng)
    assert d.call is not None and d.call.ball != "15"
    g = GreedyAgent().decide(st, rng)
    assert g.call.ball != "15"


def test_safety_when_no_pot_and_opponent_one_ball_from_winning(rng):
    # the cue ball frozen to the far cushion, three balls near the middle of the table: the
    # best closed-form pot is ~4%; the opponent needs 3 points
    st = make_state({"cue": (3.516, 0.8875), "7": (1.2, 0.9), "9": (1.0, 0.75), "3": (1.0, 1.05)},
                    scores=(60, 68))
    d = MCAgent(budget=150).decide(st, rng)
    assert d.kind == SAFETY


def test_r11_8_pocket_own_ball_preferred_when_penalty_does_not_decide(rng):
    st = example("suggest_foul_pocket_own_ball.json")
    assert not penalty_hands_game(st)
    d = MCAgent(budget=150).decide(st, rng)
    assert d.kind == DELIBERATE_FOUL
    assert d.foul == POCKET_OWN_BALL


def test_r11_8_deliberate_foul_refused_when_penalty_gives_the_game(rng):
    st = example("suggest_foul_refused.json")
    assert penalty_hands_game(st)
    d = MCAgent(budget=150).decide(st, rng)
    assert d.kind != DELIBERATE_FOUL
    st2 = example("suggest_foul_tush.json")
    from dataclasses import replace
    st2 = replace(st2, scores=(st2.scores[0], 66))  # now 5 points give the opponent 71
    d2 = MCAgent(budget=100).decide(st2, rng)
    assert d2.kind != DELIBERATE_FOUL


def test_tush_valued_and_offered(rng):
    st = example("suggest_foul_tush.json")
    assert not penalty_hands_game(st)
    a = MCAgent(budget=100)
    d = a.decide(st, rng)
    assert d.kind == DELIBERATE_FOUL and d.foul == "tush"  # R11.8 example 2
    fouls = [e for e in a.last.ranked if e.proposal.kind == DELIBERATE_FOUL]
    assert {e.proposal.foul for e in fouls} >= {"tush", "miss"}
    tush = next(e.estimate for e in fouls if e.proposal.foul == "tush")
    assert tush.p_foul == 1.0 and tush.expected_points == -5
    assert 0.0 < tush.p_win < 1.0  # the penalty does not decide the game


def test_from_hand_no_direct_stroke_at_a_house_ball(rng, sim):
    # ball 5 in the house straight in front of the corner; ball 11 beyond the house line
    st = make_state({"5": (0.45, 0.5), "11": (2.4, 1.3), "6": (2.9, 0.5)}, cue_in_hand=True)
    for agent in (MCAgent(budget=60), GreedyAgent()):
        d = agent.decide(st, rng)
        assert d.placement is not None
        assert d.call is None or d.call.ball != "5"
        balls = dict(st.balls)
        balls["cue"] = d.placement
        r = sim.simulate(balls, d.strike, watch_house_line=watch_line_x(st))
        first = None
        crossed = False
        for e in r.events:
            if e.kind.name == "LINE_CROSS" and "cue" in e.balls:
                crossed = True
            if e.kind.name == "BALL_BALL" and "cue" in e.balls:
                first = e.other("cue")
                break
        assert not (first == "5" and not crossed)


def test_seeded_runs_give_identical_decisions():
    st = make_state({"cue": (0.8, 0.9), "7": (1.8, 0.9), "3": (2.5, 1.2), "9": (1.5, 0.5)})
    d1 = MCAgent(budget=60).decide(st, np.random.default_rng(11))
    d2 = MCAgent(budget=60).decide(st, np.random.default_rng(11))
    assert d1.to_json() == d2.to_json()


def test_time_budget_is_respected():
    import time
    st = make_state({"cue": (0.8, 0.9), "7": (1.8, 0.9), "3": (2.5, 1.2), "9": (1.5, 0.5),
                     "12": (3.0, 0.4), "1": (2.9, 1.3)})
    a = MCAgent(budget=100000, time=0.5)
    t = time.perf_counter()
    d = a.decide(st, np.random.default_rng(1))
    assert time.perf_counter() - t < 3.0
    assert d.strike is not None or d.foul == "tush"


@pytest.mark.parametrize("variant,mode", [("three-each", "exact"), ("two-player", "ball-and-pocket"),
                                          ("one-vs-pair", "exact")])
def test_variants_play_a_few_strokes(sim, variant, mode):
    from ai.games.match import play_game
    from ai.noise import NoiseModel
    from engine import initial_state
    st = initial_state(variant=variant, call_mode=mode, auto_warning=True)
    agents = [MCAgent(budget=30) for _ in range(st.n_sides)]
    log = play_game(st, agents, sim, np.random.default_rng(1), [NoiseModel()] * st.n_sides,
                    max_strokes=3)
    assert len(log.reports) == 3


def test_last_ball_replay_no_call_strokes(sim):
    from dataclasses import replace
    from ai.games.match import play_game
    from ai.noise import NoiseModel
    from engine import initial_state, start_last_ball_replay
    st = start_last_ball_replay(replace(initial_state(), result=GameOutcome(None, draw=True)))
    log = play_game(st, [MCAgent(budget=30), GreedyAgent()], sim, np.random.default_rng(2),
                    [NoiseModel()] * 2, max_strokes=4)
    assert log.reports[0].decision.call is None  # R10.1: the first strokes are without a call


def test_tush_that_completes_the_r9_2_draw_is_worth_half(rng):
    from dataclasses import replace
    st = replace(example("suggest_foul_tush.json"), warning=True, unchanged_foul_streak=(2, 3))
    a = MCAgent(budget=60)
    a.decide(st, rng)
    tush = next(e for e in a.last.ranked if e.proposal.foul == "tush")
    assert tush.estimate.p_win == pytest.approx(0.5)  # the third unchanged foul from each side: a draw


def test_break_search_beats_the_general_search_on_the_opening_stroke():
    """R3.2 break from the house: the dedicated break search (ai.search.opening) plays from the house
    line at a ball of the rack's face, and its choice, re-sampled with fresh noise, is worth at
    least as much P(win) as the general search's choice (measured 0.535 against 0.501)."""
    from ai.search import Context
    from ai.search.allocate import Sampler
    from engine import initial_state
    from sim import shared_simulator

    st = initial_state()
    fresh = {}
    for opening in (1, 0):
        agent = MCAgent(opening=opening)
        best = agent.analyse(st, np.random.default_rng(0)).ranked[0].proposal
        if opening:
            assert best.shot is not None and best.shot.opening
            reg = st.placement_region()
            assert abs(best.placement[0] - (reg.x_max_m - 0.02)) < 1e-9
        sampler = Sampler(Context(st, shared_simulator(), agent.noise), [best])
        sampler.sample(0, 300, np.random.default_rng(99))
        assert sampler.stats[0].p_foul < 0.05
        fresh[opening] = sampler.stats[0].value
    assert fresh[1] >= fresh[0] - 0.005, fresh


@pytest.mark.parametrize("seed", [1, 2])
def test_a_foul_loop_over_the_last_ball_ends(sim, seed):
    """R11.8 / R9.2: from a self-play position where both sides fouled on purpose for ever
    (a miss moves the cue ball, so the count of unchanged fouls kept restarting; before the
    loop detection of ai.value.repetition every seed ran into the stroke cap), the game now
    ends -- played by the default agents (the learned value; a stuck game is a draw to them,
    ai.value.repetition.STALL_DECISIONS) at 120 samples."""
    from ai.games.match import play_game
    from ai.noise import NoiseModel
    from ai.registry import make_agent

    st = example("foul_loop_last_ball.json")
    log = play_game(st, [make_agent("mc-fast"), make_agent("mc-fast")], sim,
                    np.random.default_rng(seed), [NoiseModel(), NoiseModel()], max_strokes=200)
    assert not log.unfinished and log.final.result is not None


def test_a_stuck_game_values_passing_the_turn_as_a_draw():
    """ai.value.repetition: after STALL_DECISIONS decisions with the same balls, a stroke
    that pots nothing and passes the turn is a stuck game's draw; potting, or fewer
    decisions, or stalls off: not."""
    from dataclasses import replace

    from ai.value.repetition import STALL_DECISIONS, History
    st = example("foul_loop_last_ball.json")
    passed = replace(st, to_move=1 - st.to_move)
    potted = replace(passed, balls={b: p for b, p in st.balls.items()
                                    if b not in st.object_balls[:1]})
    on, off = History(stalls=True), History()
    for k in range(STALL_DECISIONS):
        assert not on.stalls(st, passed)
        later = replace(st, strokes_played=st.strokes_played + 2 * k)
        on.visit(later)
        off.visit(later)
    assert on.stalls(st, passed)
    assert not on.stalls(st, potted) and not off.stalls(st, passed)


def test_history_marks_a_foul_that_returns_to_a_situation_met_twice():
    from dataclasses import replace

    from ai.value import History

    st = example("foul_loop_last_ball.json")  # 67:60, side 0 to move
    h = History()
    # side 0 fouls: 62:65, side 1 to move; a foul back returns to 67:60 with side 0 to move
    after = replace(st, scores=(62, 65), to_move=1)
    h.visit(st)
    assert not h.loops(after)
    h.visit(replace(st, strokes_played=st.strokes_played + 2))
    assert h.loops(after)
    # a state earlier in play than the last one is a new game: the history starts again
    h.visit(replace(st, strokes_played=0))
    assert not h.loops(after)

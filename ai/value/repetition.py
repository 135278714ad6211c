"""Foul loops: two players handing each other the turn by deliberate fouls for ever.

R11.8 lets a player foul on purpose when it profits him, and R9.2 ends the game in a draw
once, after a warning, three foul strokes in a row from each side leave the position
unchanged.  A foul that moves the cue ball (a deliberate miss, a failed attempt to pocket the
cue ball) changes the position and restarts that count, so two agents that each prefer
fouling to attacking -- typically over a hard last ball -- can cycle between the same two
score lines without end (seen in self-play: 2 games of 100 reached the 500-stroke cap).

The agent therefore remembers the situations it has been asked to decide in this game (score
line, player to move, balls on the table), like a chess engine remembering positions: a foul
whose answer by a foul back would return to a situation already met twice is valued as the
draw the cycle amounts to, a tush (which leaves the position unchanged, so that R9.2 can end
the game) a hair above it and any other foul a hair below.  Only after the warning of R11.8
(both sides have fouled on purpose): before it, the same score line and balls also come back
in an ordinary exchange of safeties, which is no loop of fouls.

Safety battles: the same holds without fouls.  Over a hard last ball two agents can each
prefer a safety to an attack for ever (seen with the learned value: 140 safeties in a row
from the position of ``examples/foul_loop_last_ball.json``), and no rule ends that.  With
``stalls`` on, a stroke that leaves the score line and the balls as they were (a safety, a
missed pot), answered by the same, returns to a situation this agent has met
:data:`STALL_REPEATS` times: it is valued as the draw an endless exchange amounts to, so the
side for which a draw is worse than attacking attacks.
"""
from __future__ import annotations

from collections import Counter

from engine import GameState

REPEATS = 2  # situations met this often make a foul that returns there a draw
PREFER_UNCHANGED = 1e-3  # the tush's edge over a moving foul in a loop
PENALTY = 5  # R7.2: taken off the offender and given to the opponent
# Situations met this often make a stroke that changes nothing (answered by the same) a draw:
# four visits are at least eight strokes of exchange without a point (chosen so: longer than
# an ordinary exchange of safeties, far shorter than the 500-stroke cap).
STALL_REPEATS = 4


def situation(state: GameState) -> tuple:
    """What repeats in a foul loop: the score line, who is to move, the balls on the table."""
    return (tuple(state.scores), state.to_move, tuple(sorted(state.object_balls)))


def after_foul_back(state: GameState) -> tuple | None:
    """The situation if the player to move in ``state`` answers with a foul (two players)."""
    if state.n_sides != 2 or state.result is not None:
        return None
    m = state.to_move
    scores = list(state.scores)
    scores[m] -= PENALTY
    scores[1 - m] += PENALTY
    return (tuple(scores), 1 - m, tuple(sorted(state.object_balls)))


def after_quiet_back(state: GameState) -> tuple | None:
    """The situation if the player to move in ``state`` answers with a stroke that changes
    nothing (two players)."""
    if state.n_sides != 2 or state.result is not None:
        return None
    return (tuple(state.scores), 1 - state.to_move, tuple(sorted(state.object_balls)))


class History:
    """The situations one agent has decided in during the current game (``stalls``: every
    situation, for safety battles; otherwise only those after the warning)."""

    def __init__(self, stalls: bool = False):
        self.seen: Counter = Counter()
        self.visits: Counter = Counter()
        self.stalls_on = stalls
        self._last_strokes = -1

    def visit(self, state: GameState) -> None:
        """Record a decision; a state earlier in play than the last one means a new game."""
        if state.strokes_played < self._last_strokes or state.break_pending:
            self.seen.clear()
            self.visits.clear()
        self._last_strokes = state.strokes_played
        if state.warning:
            self.seen[situation(state)] += 1
        if self.stalls_on:
            self.visits[situation(state)] += 1

    def loops(self, after: GameState) -> bool:
        """Would a foul that leaves ``after`` (the opponent to move) close a loop?"""
        if not after.warning:
            return False
        key = after_foul_back(after)
        return key is not None and self.seen.get(key, 0) >= REPEATS

    def stalls(self, before: GameState, after: GameState) -> bool:
        """Would a stroke from ``before`` that left ``after`` (the opponent to move, the score
        line and balls unchanged) keep a battle going that has returned here often enough?"""
        if not self.stalls_on or after.to_move == before.to_move:
            return False
        if tuple(after.scores) != tuple(before.scores) \
                or after.object_balls != before.object_balls:
            return False
        key = after_quiet_back(after)
        return key is not None and self.visits.get(key, 0) >= STALL_REPEATS

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

Stuck games: over a hard last ball two agents can also exchange safeties and fouls for ever
(seen with the learned value from ``russian_pyramid/examples/foul_loop_last_ball.json``: 140
safeties in a row, or safeties and fouls mixed, so that neither the loop above nor R9.2 ends
it).  With ``stalls`` on, once this agent has decided :data:`STALL_DECISIONS` times with
exactly the same balls on the table, any stroke that pots nothing and passes the turn is valued as the
draw an endless exchange amounts to (the stroke cap's), so the side for which a draw is worse
than attacking attacks.  Only then: a draw value for every safety in an ordinary exchange
made a leading player prefer a deliberate foul to his safeties (a first version counted four
visits of the same score line and lost 9-15 to mc-base with 37 deliberate fouls to 1), and
long exchanges of safeties are part of ordinary play (see the constant).
"""
from __future__ import annotations

from collections import Counter

from engine import GameState

REPEATS = 2  # situations met this often make a foul that returns there a draw
PREFER_UNCHANGED = 1e-3  # the tush's edge over a moving foul in a loop
PENALTY = 5  # R7.2: taken off the offender and given to the opponent
# Decisions with the same balls on the table after which the game counts as stuck: thirty of
# this agent's turns are about sixty strokes without a pot (chosen so: in 160 self-play games
# of mc-base, 181 stretches without a pot lasted 20 strokes or more, 8 lasted 60 or more, the
# longest 135; far shorter than the 500-stroke cap).
STALL_DECISIONS = 30


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


class History:
    """The situations one agent has decided in during the current game (after the warning,
    for foul loops; with ``stalls``, the balls on the table at every decision, for stuck
    games)."""

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
            self.visits[(state.to_move, tuple(sorted(state.object_balls)))] += 1

    def loops(self, after: GameState) -> bool:
        """Would a foul that leaves ``after`` (the opponent to move) close a loop?"""
        if not after.warning:
            return False
        key = after_foul_back(after)
        return key is not None and self.seen.get(key, 0) >= REPEATS

    def stalls(self, before: GameState, after: GameState) -> bool:
        """Is the game stuck (this agent has decided :data:`STALL_DECISIONS` times with the
        balls of ``before``), and does the stroke that left ``after`` pot nothing and pass
        the turn?"""
        if not self.stalls_on or after.result is not None or after.to_move == before.to_move:
            return False
        balls = tuple(sorted(before.object_balls))
        if tuple(sorted(after.object_balls)) != balls:
            return False
        return self.visits.get((before.to_move, balls), 0) >= STALL_DECISIONS

"""Safeties: strokes at each reachable ball, screened noiselessly by the P(win) of the
position they leave.  A "safety" that pots its ball is relabelled an attack, and pots the
scan finds by accident -- kisses, caroms, banks, combinations -- become calls of exactly the
manner the rules saw, refined and sampled like any attack."""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from engine import Call, penalty_hands_game, summarise_batch
from engine.calls import CLEAN
from engine.kinds import CallMode
from engine.manner import balls_of, tags_of
from engine.values import ball_value
from sim import Batch, Strike
from sim.events import BALL_IDS
from sim.table import POCKET_IDS
from sim import detmath as dm

from ..agent import ATTACK, SAFETY, ShotInfo
from ..geometry import first_ball_on_line
from .context import Context
from .proposal import Placement, Proposal
from .referee import Referee, pocketings
from .refine import refine

# Contact fractions (of a full ball, + to the left) and speeds (a + b x distance, m/s) tried
# at each ball: thin to full, soft to firm.
CONTACT_FRACTIONS = (-0.75, -0.35, 0.0, 0.35, 0.75)
# The coarse screen (``screen=3``; issue 56 item 4; the default's at the strong level until it
# was measured to lose there, ai.search.refine.COARSE_STEPS): thin both sides and full, the
# half-ball strokes left out (9 strokes a ball instead of 15).
COARSE_FRACTIONS = (-0.75, 0.0, 0.75)
FRACTIONS = {5: CONTACT_FRACTIONS, 3: COARSE_FRACTIONS}  # ``screen``
SPEEDS = ((0.6, 0.35), (1.0, 0.6), (2.2, 0.6))
MAX_SPEED_MPS = 6.0
# Safeties kept per spot: more from the spots the attacks use, fewer from the extra ones.
KEEP_MAIN, KEEP_EXTRA = 4, 2
# When every one of those fouls and a foul would give the game away (R9.1, R10.2), a fan of
# directions all round at these speeds is screened too, for any stroke that does not foul
# (a cue ball hanging in a pocket's jaws may reach a ball only off a jaw or a cushion).
RESCUE_DIRECTIONS = 144
RESCUE_SPEEDS_MPS = (1.5, 3.0, 5.0)
# Pots found by accident: at most this many, highest value first; their prior before
# refinement, and their refinement scan (+-0.6 degree in 25 directions).
DISCOVERED_KEEP = 4
DISCOVERED_PRIOR = 0.2
DISCOVERED_HALF_WIDTH_DEG, DISCOVERED_STEPS = 0.6, 25


class Safeties:
    """Safeties from the first two spots of the attacks and the extra safety spots."""

    name = "safeties"

    def __init__(self, extra_places: Sequence[Placement],
                 fractions: Sequence[float] = CONTACT_FRACTIONS):
        self.extra_places = list(extra_places)
        self.fractions = tuple(fractions)  # contact fractions screened at each ball

    def propose(self, ctx: Context, places: Sequence[Placement | None]) -> list[Proposal]:
        out: list[Proposal] = []
        for pl in list(places[:2]) + self.extra_places:
            out += safety_candidates(ctx, pl, keep=KEEP_MAIN if pl in places else KEEP_EXTRA,
                                     fractions=self.fractions)
        return out


def safety_candidates(ctx: Context, placement, keep: int = 6, discover: bool = True,
                      fractions: Sequence[float] = CONTACT_FRACTIONS) -> list[Proposal]:
    """Strokes at each ball (several contact fractions and speeds), screened noiselessly by
    the P(win) the position left is worth to the shooter."""
    st = ctx.state
    balls = ctx.balls_with(placement)
    cue = np.asarray(balls["cue"], float)
    R = ctx.R
    targets = [b for b in st.object_balls if b not in ctx.house_balls]
    strikes, meta = [], []
    for b in targets:
        O = np.asarray(balls[b], float)
        d = O - cue
        dist = dm.length2(d)
        if dist < 2 * R:
            continue
        base = dm.atan2(d[1], d[0])
        for frac in fractions:
            off = dm.asin(max(-0.99, min(0.99, frac * 2 * R / dist)))
            phi = base + off
            fb, _ = first_ball_on_line(cue, phi, balls, R)
            if fb != b:
                continue
            for a, per_m in SPEEDS:
                strikes.append(Strike(float(min(a + per_m * dist, MAX_SPEED_MPS)), float(phi),
                                      0.0, 0.0, 0.0))
                meta.append(b)
    scored, batch = screen(ctx, placement, strikes, meta) if strikes else ([], None)
    if not scored and penalty_hands_game(st):
        strikes, meta = _rescue_fan(cue, targets, balls, R)
        if strikes:
            scored, batch = screen(ctx, placement, strikes, meta)
    if batch is None:
        return []
    out = [Proposal(kind, call, s, placement, prior=float(v),
                    shot=ShotInfo(manner=CLEAN) if kind == ATTACK else None)
           for v, call, s, kind in scored[:keep]]
    if discover:
        out += _discovered(ctx, placement, batch, strikes)
    return out


def _rescue_fan(cue, targets, balls, R):
    """Strokes in every direction (each aimed, for its call, at the ball nearest its line)."""
    strikes, meta = [], []
    if not targets:
        return strikes, meta
    for phi in np.linspace(-math.pi, math.pi, RESCUE_DIRECTIONS, endpoint=False):
        d = np.array([dm.cos(phi), dm.sin(phi)])
        rel = {b: np.asarray(balls[b], float) - cue for b in targets}
        near = min(targets, key=lambda b: abs(d[0] * rel[b][1] - d[1] * rel[b][0]))
        for v in RESCUE_SPEEDS_MPS:
            strikes.append(Strike(v, float(phi), 0.0, 0.0, 0.0))
            meta.append(near)
    return strikes, meta


def screen(ctx: Context, placement, strikes: list[Strike], aimed_at: list[str]):
    """Play ``strikes`` noiselessly from ``placement``, each calling the ball it is aimed at
    (:func:`_safety_call`), and value the position each leaves by P(win) for the shooter.
    Returns ([(value, call, strike, kind)] best first, fouls left out; the batch).  Each
    stroke is different, so every sample is ruled as if adjudicated in full: a ruling is
    shared only where that is known to give the same (``checked``,
    :class:`~ai.search.referee.Referee`)."""
    st = ctx.state
    legal = [c for c in ctx.legal_calls() if c is not None]
    batch = ctx.run(placement, strikes)
    by_ball = {b: _safety_call(ctx, b, legal) for b in dict.fromkeys(aimed_at)}
    calls = [by_ball[aimed_at[j]] for j in range(len(strikes))]
    rulings: dict[int, object] = {}
    for call in dict.fromkeys(calls):  # each distinct call once, in order of appearance
        idx = [j for j, c in enumerate(calls) if c == call]
        ref = Referee(st, call, placement, ctx.jaw_pocket, checked=True)
        rulings.update(zip(idx, ref.rulings(batch, idx)))
    scored = []
    for j, s in enumerate(strikes):
        ruling = rulings[j]
        if ruling is None:
            ctx.invalid += 1
            continue
        adj = ruling.adjudication
        if adj.fouls:
            continue
        val = ctx.win.state_value(ruling.state, ctx.me, ctx.noise)
        # a stroke at a ball that pots it (noiselessly) is an attack, whatever found it
        scored.append((val, calls[j], s, ATTACK if adj.successful else SAFETY))
    scored.sort(key=lambda t: -t[0])
    return scored, batch


def _discovered(ctx: Context, placement, batch: Batch, strikes) -> list[Proposal]:
    """Pots the safety scan found by accident -- kisses, caroms, combinations, banks -- turned
    into calls of exactly the manner that happened (and the balls it used), to be refined and
    sampled like any attack."""
    st = ctx.state
    legal_balls = {c.ball for c in ctx.legal_calls() if c is not None}
    first = summarise_batch(batch.events, batch.offsets, -1, ctx.jaw_pocket).first
    fell = pocketings(batch)
    summaries: dict[int, object] = {}  # by the ball that fell first
    found = {}
    for j in range(len(strikes)):
        pocketed = fell[j]
        if first[j] < 0 or any(b == 0 for b, _ in pocketed) or not pocketed:
            continue
        b_idx, p_idx = pocketed[0]
        ball = BALL_IDS[b_idx]
        if ball not in legal_balls:
            continue
        s = summaries.get(b_idx)
        if s is None:
            s = summaries[b_idx] = summarise_batch(batch.events, batch.offsets, b_idx,
                                                   ctx.jaw_pocket)
        tags = tags_of(int(s.tags[j]))
        manner = "+".join(sorted(tags)) if tags else CLEAN
        call = Call(ball, POCKET_IDS[p_idx], manner, tuple(sorted(balls_of(int(s.via[j])))))
        if st.call_mode == CallMode.BALL_AND_POCKET:
            call = Call(ball, POCKET_IDS[p_idx])
        if call not in found:
            found[call] = strikes[j]
    ranked = sorted(found.items(), key=lambda kv: -ball_value(kv[0].ball))[:DISCOVERED_KEEP]
    cands = [Proposal(ATTACK, call, strike, placement, prior=DISCOVERED_PRIOR,
                      shot=ShotInfo(manner=call.manner, ball=call.ball, pocket=call.pocket,
                                    via=call.via, discovered=True))
             for call, strike in ranked]
    return refine(ctx, cands, half_width_deg=DISCOVERED_HALF_WIDTH_DEG, steps=DISCOVERED_STEPS)


def _safety_call(ctx: Context, ball: str, legal: list[Call]) -> Call | None:
    """The call a safety at ``ball`` makes: the ball into its nearest pocket if that call is
    legal, else its first legal clean call, else the first legal call."""
    if not legal:
        return None
    st = ctx.state
    mine = [c for c in legal if c.ball == ball and c.manner == CLEAN]
    if not mine:
        return legal[0]
    P = ctx.pk.targets
    O = np.asarray(st.balls[ball], float)
    k = int(np.argmin(dm.hypot_array(*(P - O).T)))
    for c in mine:
        if c.pocket == POCKET_IDS[k]:
            return c
    return mine[0]

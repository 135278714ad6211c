"""Candidate strokes and their Monte Carlo evaluation.

Pipeline for one decision (:func:`analyse`):

1. placements (from hand): the house (or temporary house) on a grid, ranked by the best
   closed-form pot from each spot; the best few are searched;
2. candidates (:func:`attack_candidates`): for every legal ball x pocket, the geometric pots
   of :mod:`ai.shots` -- clean (ghost ball), banks off one cushion (two when no clean pot is
   likely), cushion-first, combinations, and (again when no clean pot is likely) caroms and
   kisses -- each with several speeds and spins; cheap geometric pre-filters first (blocked
   paths, impossible cuts and approach angles, estimated pot probability);
3. refinement by simulation (:func:`refine`): a noiseless scan of directions around the
   geometric aim finds the window of directions that fulfil the call, and the stroke aims at
   its middle (this absorbs throw, squirt and cushion physics the geometry ignores); a window
   narrower than the scan's step is found by bisection on the called ball's miss;
4. safeties (:func:`safety_candidates`): strokes at each ball (full, half and thin contacts,
   soft to firm) screened noiselessly by the value of the position left to the opponent;
   The break has its own search (:mod:`ai.opening`).
5. deliberate fouls (:func:`foul_candidates`): tush, pocketing one's own cue ball, a
   deliberate miss (R7.1, R8, R9.2, R11.8), valued like everything else;
6. Monte Carlo (:func:`monte_carlo`): every candidate is played under the execution noise,
   each outcome refereed by the rules core (:mod:`ai.outcomes`) and valued by P(win) for the
   shooter (:mod:`ai.pwin`, one-stroke look-ahead).  The sample budget is spent by successive
   halving: all candidates get a few samples, the better half twice as many, and so on.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from engine import (Call, GameState, adjudicate, can_place_cue, legal_calls, tush_available,
                    tush_stroke)
from engine.calls import BANK, CAROM, CLEAN, COMBINATION, CUSHION_FIRST, KISS
from engine.geometry import TEMPORARY_HOUSE, balls_in_region
from engine.values import LAST_BALL_BONUS, ball_value
from sim import Simulator, Strike, layout
from sim.events import BALL_IDS
from sim.table import POCKET_IDS

from .agent import ATTACK, DELIBERATE_FOUL, MISS, POCKET_OWN_BALL, SAFETY, TUSH
from .fastfacts import batch_facts, fulfilled_mask
from .geometry import first_ball_on_line, path_clear, pockets_of, pot_speed, shot_table
from .noise import NoiseModel
from .outcomes import InvalidSample, JawMap, Referee, facts_of_sample
from .pwin import WinModel
from .repetition import PREFER_UNCHANGED, History
from .shots import (bank_shots, carom_shots, clean_shots, combination_shots,
                    cushion_first_shots, kiss_shots)

NATURAL = 0.4
# Two-cushion banks, kisses and caroms are looked for only when no clean pot is at least this
# likely: they rarely beat a fair clean pot, and each one found costs a refinement scan.
RESOURCE_BELOW = 0.5
# The break is played once a game from the same rack: it gets this many times the budget.
BREAK_BUDGET_FACTOR = 3


@dataclass
class Candidate:
    kind: str
    call: Call | None
    strike: Strike | None
    placement: tuple[float, float] | None = None
    foul: str | None = None
    prior: float = 0.0  # geometric / noiseless estimate used to rank before sampling
    info: dict = field(default_factory=dict)
    # Monte Carlo statistics
    n: int = 0
    value_sum: float = 0.0
    success: int = 0
    fouls: int = 0
    points_sum: float = 0.0
    rounds: int = 0

    @property
    def value(self) -> float:
        return self.value_sum / self.n if self.n else -1.0

    @property
    def p_success(self) -> float:
        return self.success / self.n if self.n else 0.0

    @property
    def p_foul(self) -> float:
        return self.fouls / self.n if self.n else 0.0

    @property
    def expected_points(self) -> float:
        return self.points_sum / self.n if self.n else 0.0


class Context:
    """Everything one decision needs, computed once."""

    def __init__(self, state: GameState, simulator: Simulator, noise: NoiseModel,
                 win: WinModel | None = None, history: History | None = None):
        self.state = state
        self.sim = simulator
        self.noise = noise
        self.win = win or WinModel()
        self.spec = state.spec
        self.R = self.spec.ball_radius_m
        self.pk = pockets_of(self.spec)
        self.jaws = JawMap(simulator.geometry)
        self.me = state.to_move
        self.pos = np.zeros((16, 2))
        self.on = np.zeros(16, dtype=np.bool_)
        for b, p in state.balls.items():
            i = BALL_IDS.index(b)
            self.pos[i] = p
            self.on[i] = True
        region = state.placement_region()
        self.region = region
        self.watch = None
        self.house_balls: set[str] = set()
        if region is not None:
            x = (self.spec.temporary_house_line_x if region.name == TEMPORARY_HOUSE
                 else self.spec.house_line_x)
            self.watch = (x, 0.0, 1.0, 0.0)
            self.house_balls = balls_in_region(self.spec, state.balls, region.name)
        self.history = history  # situations met this game (ai.repetition), if kept
        self.sims = 0
        self.invalid = 0  # samples the rules core refused (simulator left overlapping balls)

    def positions(self, placement):
        if placement is None:
            return self.pos, self.on
        pos = self.pos.copy()
        on = self.on.copy()
        pos[0] = placement
        on[0] = True
        return pos, on

    def balls_with(self, placement) -> dict:
        balls = dict(self.state.balls)
        if placement is not None:
            balls["cue"] = tuple(placement)
        return balls

    def run(self, placement, strikes: list[Strike]):
        pos, on = self.positions(placement)
        motions = self.sim.cue_ball_motions(strikes)
        self.sims += len(strikes)
        return self.sim.run_batch_arrays(pos, on, motions, watch_line=self.watch), on


def _clamp_strike(s: Strike) -> Strike:
    return Strike(float(min(max(s.speed_mps, 0.1), 8.0)), s.phi_rad, s.elevation_rad, s.side,
                  s.vertical)


def _aimed(s: Strike, phi_rad: float) -> Strike:
    """``s`` in direction ``phi_rad`` (the constructor: dataclasses.replace costs ~10 us a
    call, and the scans make tens of thousands)."""
    return Strike(s.speed_mps, phi_rad, s.elevation_rad, s.side, s.vertical)


# --- placements ---------------------------------------------------------------------------
def placements(ctx: Context, k: int = 3) -> list[tuple[float, float] | None]:
    """The best ``k`` cue-ball spots from hand by the closed-form best pot (value-weighted),
    plus the middle of the region; [None] when the cue ball is on the table."""
    st = ctx.state
    if not st.cue_in_hand:
        return [None]
    reg = ctx.region
    targets = [b for b in st.object_balls if b not in ctx.house_balls]
    scored = []
    for x in np.linspace(reg.x_min_m, reg.x_max_m, 5):
        for y in np.linspace(reg.y_min_m, reg.y_max_m, 9):
            if not can_place_cue(st, float(x), float(y)):
                continue
            tab = shot_table(ctx.spec, ctx.pk, np.array([x, y]), st.balls, targets, ctx.noise)
            s = 0.0
            if tab.p.size:
                vals = np.array([ball_value(b) for b in tab.balls])[:, None]
                s = float((tab.p * (1 + vals / 30.0)).max())
            scored.append((s, (float(x), float(y))))
    scored.sort(key=lambda t: -t[0])
    out = [p for _, p in scored[:k]]
    mid = ((reg.x_min_m + reg.x_max_m) / 2, (reg.y_min_m + reg.y_max_m) / 2)
    if can_place_cue(st, *mid) and mid not in out:
        out.append(mid)
    return out or [None]


def safety_placements(ctx: Context) -> list[tuple[float, float]]:
    """Extra spots from hand for safeties and the break: along the front of the region
    (nearest the balls), across its width."""
    st = ctx.state
    if not st.cue_in_hand:
        return []
    reg = ctx.region
    x = reg.x_max_m - 0.02 if reg.name != TEMPORARY_HOUSE else reg.x_min_m + 0.02
    n = 5 if st.break_pending else 3
    out = []
    for y in np.linspace(reg.y_min_m + 0.2, reg.y_max_m - 0.2, n):
        if can_place_cue(st, float(x), float(y)):
            out.append((float(x), float(y)))
    return out


# --- attack candidates --------------------------------------------------------------------
def _call_ok(ctx: Context, call: Call, legal: set) -> bool:
    return (call.ball, call.pocket, call.manner) in legal


def attack_candidates(ctx: Context, placement, max_shots: int = 8,
                      speeds_per_shot: int = 3) -> list[Candidate]:
    st = ctx.state
    calls = [c for c in legal_calls(st) if c is not None]
    if not calls and legal_calls(st) == [None]:
        calls = []
    legal = {(c.ball, c.pocket, c.manner) for c in calls}
    bp_mode = st.call_mode == "ball-and-pocket"
    if bp_mode:
        legal |= {(c.ball, c.pocket, m) for c in calls
                  for m in (BANK, CUSHION_FIRST, COMBINATION, KISS, CAROM)}
    no_call = legal_calls(st) == [None]
    targets = sorted({c.ball for c in calls}) if not no_call else st.object_balls
    balls = ctx.balls_with(placement)
    cue = np.asarray(balls["cue"], float)
    others_all = {b: np.asarray(p, float) for b, p in balls.items() if b != "cue"}
    sphi = max(ctx.noise.magnitude * ctx.noise.sigma_phi_rad, math.radians(0.03))
    shots = clean_shots(ctx, cue, balls, targets)
    best_clean = max((sh.prior for sh in shots), default=0.0)
    resource = best_clean < RESOURCE_BELOW  # no clean pot is likely: look further
    shots += bank_shots(ctx, cue, targets, others_all, sphi, cushions=(1, 2) if resource else (1,))
    shots += cushion_first_shots(ctx, cue, targets, others_all, sphi)
    shots += combination_shots(ctx, cue, targets, others_all, sphi)
    if resource:
        shots += carom_shots(ctx, cue, targets, others_all, sphi)
        shots += kiss_shots(ctx, cue, targets, others_all, sphi)
    # keep calls the rules allow; value-weighted ranking; the best few per manner
    ranked = []
    for s in shots:
        p0, manner, b, k, via = s.prior, s.manner, s.ball, s.pocket, s.via
        call = Call(b, POCKET_IDS[k], manner if not bp_mode else CLEAN, via if not bp_mode else ())
        if not no_call and not _call_ok(ctx, Call(b, POCKET_IDS[k], manner), legal):
            continue
        if no_call:
            call = None
        v = ball_value(b) + (LAST_BALL_BONUS if len(st.object_balls) == 1 else 0)
        ranked.append((p0 * (0.6 + v / 25.0), p0, call, s))
    ranked.sort(key=lambda t: -t[0])
    chosen = []
    per_manner: dict = {}
    caps = {CLEAN: max_shots, BANK: 3, CUSHION_FIRST: 2, COMBINATION: 2, KISS: 2, CAROM: 2}
    for score, p0, call, s in ranked:
        m = s.manner
        if per_manner.get(m, 0) >= caps[m]:
            continue
        per_manner[m] = per_manner.get(m, 0) + 1
        chosen.append((p0, call, s))
    out = []
    for p0, call, s in chosen:
        manner, b, k, phi, d1, d2, cut, via = (s.manner, s.ball, s.pocket, s.phi, s.d1, s.d2,
                                               s.cut, s.via)
        v0 = pot_speed(d1, d2, cut) * (1.25 if manner in (BANK, CUSHION_FIRST, COMBINATION) else 1)
        speeds = [v0, v0 * 0.75, v0 * 1.4][:speeds_per_shot]
        spins = [NATURAL, -0.3, 0.0][:speeds_per_shot]
        extra = {"cushions": s.cushions} if s.cushions else {}
        if manner in (KISS, CAROM):
            # the glancing contact takes speed away: v0 already allows for it (s.speed_mps);
            # a stunned ball leaves a contact along the tangent the geometry assumed
            v0 = s.speed_mps
            speeds = [v0, v0 * 1.3][:speeds_per_shot]
            spins = [-0.2, -0.35][:speeds_per_shot]
            extra["scan_deg"] = 2.5
        for j, (sp, vert) in enumerate(zip(speeds, spins)):
            strike = _clamp_strike(Strike(sp, float(phi), 0.0, 0.0, vert))
            out.append(Candidate(ATTACK, call, strike, placement, prior=float(p0),
                                 info={"ball": b, "pocket": POCKET_IDS[k], "manner": manner,
                                       "cut": float(cut), "d1": float(d1), "d2": float(d2),
                                       "via": via, "variant": j, **extra}))
    return out


def _success_mask(ctx: Context, raw, on, call: Call | None, called: str | None) -> np.ndarray:
    """Noiseless scan results: which samples fulfil the call without a foul (compiled
    summary of every sample, :func:`ai.fastfacts.batch_facts`)."""
    finals, states, events, offsets, durations, trunc = raw
    idx = BALL_IDS.index(called) if called else -1
    first, cue_in, crossed, tags, via, fell = batch_facts(events, offsets, idx,
                                                          ctx.jaws.pocket_of_obj, 16)
    ok = (first >= 0) & ~cue_in
    if ctx.house_balls:
        in_house = np.array([f >= 0 and BALL_IDS[f] in ctx.house_balls for f in first])
        ok &= ~in_house | crossed
    if call is None:
        return ok & (fell >= 0)
    return ok & fulfilled_mask(call, ctx.state.call_mode, tags, via, fell)


def refine(ctx: Context, cands: list[Candidate], half_width_deg: float = 1.2,
           steps: int = 41) -> list[Candidate]:
    """Aim each candidate at the middle of its window of directions that pot (noiseless
    scan); candidates without a window are dropped.  The scan is shared by the speed/spin
    variants of one shot: the widest variant's scan is refined, narrower ones re-scanned."""
    out = []
    if not cands:
        return out
    for c in cands:
        # kisses and caroms hinge on a glancing contact the geometry models roughly: wider scan
        width = c.info.get("scan_deg", half_width_deg)
        offs = np.radians(np.linspace(-width, width, int(round(steps * width / half_width_deg))
                                      | 1))
        strikes = [_aimed(c.strike, c.strike.phi_rad + float(o)) for o in offs]
        raw, on = ctx.run(c.placement, strikes)
        called = c.info.get("ball")
        ok = _success_mask(ctx, raw, on, c.call, called)
        if not ok.any() and "scan_deg" in c.info:
            # a kiss or carom window can be narrower than the scan's step: find where the
            # called ball's last line crosses the pocket instead
            phi = _bisect_miss(ctx, c, raw, offs)
            if phi is None:
                continue
            c.strike = _aimed(c.strike, phi)
            c.info["window_deg"] = 0.0
            c.prior = c.prior * 0.3
            out.append(c)
            continue
        if not ok.any():
            continue
        # longest run of successes
        best_len, best_start, run, start = 0, 0, 0, 0
        for j, v in enumerate(ok):
            if v:
                if run == 0:
                    start = j
                run += 1
                if run > best_len:
                    best_len, best_start = run, start
            else:
                run = 0
        mid = best_start + (best_len - 1) / 2.0
        step = offs[1] - offs[0]
        phi = c.strike.phi_rad + float(offs[0] + mid * step)
        c.strike = _aimed(c.strike, phi)
        c.info["window_deg"] = float(math.degrees(best_len * step))
        c.prior = c.prior * 0.3 + 0.7 * min(1.0, c.info["window_deg"] / 1.0)
        out.append(c)
    return out


def _signed_miss(rows: np.ndarray, called: int, target: np.ndarray) -> float:
    """Which side of ``target`` the called ball's path passes after its last contact with
    another ball: the sign of the cross product of its first straight leg with the line to the
    target (positive: target to the left).  NaN when the log does not show such a leg."""
    kinds = rows[:, layout.EVC_KIND]
    mine = (rows[:, layout.EVC_A] == called) | (rows[:, layout.EVC_B] == called)
    last_bb = -1
    for j in np.nonzero(mine)[0]:
        if kinds[j] == layout.EV_BALL_BALL:
            last_bb = j
        elif kinds[j] in (layout.EV_BALL_CUSHION, layout.EV_BALL_JAW, layout.EV_POCKET):
            break
    if last_bb < 0:
        return math.nan
    after = [j for j in np.nonzero(mine)[0] if j > last_bb and kinds[j] != layout.EV_LINE_CROSS]
    if len(after) < 2:
        return math.nan
    q1 = rows[after[0], layout.EVC_X:layout.EVC_Y + 1]
    q2 = rows[after[1], layout.EVC_X:layout.EVC_Y + 1]
    d = q2 - q1
    r = target - q1
    return float(d[0] * r[1] - d[1] * r[0])


def _bisect_miss(ctx: Context, c: Candidate, raw, offs: np.ndarray,
                 iterations: int = 16) -> float | None:
    """Bisect the cue direction between two scanned neighbours whose called ball passes on
    opposite sides of the called pocket; return the first direction that fulfils the call,
    or None."""
    finals, states, events, offsets, durations, trunc = raw
    idx = BALL_IDS.index(c.info["ball"])
    target = ctx.pk.targets[POCKET_IDS.index(c.info["pocket"])]
    miss = np.array([_signed_miss(events[offsets[j]:offsets[j + 1]], idx, target)
                     for j in range(len(durations))])
    flips = [j for j in range(len(miss) - 1)
             if np.isfinite(miss[j]) and np.isfinite(miss[j + 1])
             and (miss[j] > 0) != (miss[j + 1] > 0)]
    flips.sort(key=lambda j: abs(j - len(miss) / 2))  # nearest the geometric aim first
    base = c.strike.phi_rad
    for j in flips[:3]:
        lo, hi, f_lo = offs[j], offs[j + 1], miss[j]
        for _ in range(iterations):
            mid = 0.5 * (lo + hi)
            strike = _aimed(c.strike, base + float(mid))
            raw1, on1 = ctx.run(c.placement, [strike])
            if _success_mask(ctx, raw1, on1, c.call, c.info["ball"])[0]:
                return base + float(mid)
            ev, off = raw1[2], raw1[3]
            f_mid = _signed_miss(ev[off[0]:off[1]], idx, target)
            if not np.isfinite(f_mid):
                break
            if (f_mid > 0) == (f_lo > 0):
                lo, f_lo = mid, f_mid
            else:
                hi = mid
    return None


# --- safeties -----------------------------------------------------------------------------
def safety_candidates(ctx: Context, placement, keep: int = 6,
                      discover: bool = True) -> list[Candidate]:
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
        dist = float(np.hypot(*d))
        if dist < 2 * R:
            continue
        base = math.atan2(d[1], d[0])
        for frac in (-0.75, -0.35, 0.0, 0.35, 0.75):
            off = math.asin(max(-0.99, min(0.99, frac * 2 * R / dist)))
            phi = base + off
            fb, _ = first_ball_on_line(cue, phi, balls, R)
            if fb != b:
                continue
            for sp in (0.6 + 0.35 * dist, 1.0 + 0.6 * dist, 2.2 + 0.6 * dist):
                strikes.append(Strike(float(min(sp, 6.0)), float(phi), 0.0, 0.0, 0.0))
                meta.append(b)
    if not strikes:
        return []
    scored, raw = screen(ctx, placement, strikes, meta)
    out = [Candidate(kind, call, s, placement, prior=float(v),
                     info={"manner": "clean"} if kind == ATTACK else {})
           for v, call, s, kind in scored[:keep]]
    if discover:
        out += _discovered(ctx, placement, raw, strikes)
    return out


def screen(ctx: Context, placement, strikes: list[Strike], aimed_at: list[str]):
    """Play ``strikes`` noiselessly from ``placement``, each calling the ball it is aimed at
    (:func:`_safety_call`), and value the position each leaves by P(win) for the shooter.
    Returns ([(value, call, strike, kind)] best first, fouls left out; the raw batch)."""
    st = ctx.state
    legal = [c for c in legal_calls(st) if c is not None]
    raw, on = ctx.run(placement, strikes)
    finals, states, events, offsets, durations, trunc = raw
    scored = []
    for j, s in enumerate(strikes):
        call = _safety_call(ctx, aimed_at[j], legal)
        ref = Referee(st, call, placement, ctx.jaws)
        try:
            adj, nxt = ref.outcome(events[offsets[j]:offsets[j + 1]], finals[j])
        except InvalidSample:
            ctx.invalid += 1
            continue
        if adj.fouls:
            continue
        val = ctx.win.state_value(nxt, ctx.me, ctx.noise)
        # a stroke at a ball that pots it (noiselessly) is an attack, whatever found it
        scored.append((val, call, s, ATTACK if adj.successful else SAFETY))
    scored.sort(key=lambda t: -t[0])
    return scored, raw


def _discovered(ctx: Context, placement, raw, strikes, keep: int = 4) -> list[Candidate]:
    """Pots the safety scan found by accident -- kisses, caroms, combinations, banks -- turned
    into calls of exactly the manner that happened (and the balls it used), to be refined and
    sampled like any attack."""
    st = ctx.state
    finals, states, events, offsets, durations, trunc = raw
    legal_balls = {c.ball for c in legal_calls(st) if c is not None}
    found = {}
    for j in range(len(strikes)):
        rows = events[offsets[j]:offsets[j + 1]]
        first, pocketed, crossed, _, _, _ = facts_of_sample(rows, -1, ctx.jaws)
        if first < 0 or any(b == 0 for b, _ in pocketed) or not pocketed:
            continue
        for b_idx, p_idx in pocketed[:1]:
            ball = BALL_IDS[b_idx]
            if ball not in legal_balls:
                continue
            _, _, _, tags, via, fell = facts_of_sample(rows, b_idx, ctx.jaws)
            manner = "+".join(sorted(tags)) if tags else CLEAN
            call = Call(ball, POCKET_IDS[p_idx], manner,
                        tuple(sorted(BALL_IDS[v] for v in via)))
            if st.call_mode == "ball-and-pocket":
                call = Call(ball, POCKET_IDS[p_idx])
            if call not in found:
                found[call] = strikes[j]
    ranked = sorted(found.items(), key=lambda kv: -ball_value(kv[0].ball))[:keep]
    cands = [Candidate(ATTACK, call, strike, placement, prior=0.2,
                       info={"ball": call.ball, "pocket": call.pocket, "manner": call.manner,
                             "via": call.via, "discovered": True})
             for call, strike in ranked]
    return refine(ctx, cands, half_width_deg=0.6, steps=25)


def _safety_call(ctx: Context, ball: str, legal: list[Call]) -> Call | None:
    if not legal:
        return None
    st = ctx.state
    mine = [c for c in legal if c.ball == ball and c.manner == CLEAN]
    if not mine:
        return legal[0]
    P = ctx.pk.targets
    O = np.asarray(st.balls[ball], float)
    k = int(np.argmin(np.hypot(*(P - O).T)))
    for c in mine:
        if c.pocket == POCKET_IDS[k]:
            return c
    return mine[0]


# --- deliberate fouls ---------------------------------------------------------------------
def foul_candidates(ctx: Context) -> list[Candidate]:
    """Tush, pocketing one's own cue ball, a deliberate miss (R7.1 a/b/d), when possible."""
    st = ctx.state
    out = []
    R = ctx.R
    if tush_available(st):
        out.append(Candidate(DELIBERATE_FOUL, None, None, None, foul=TUSH, prior=0.0))
    if st.cue_in_hand:
        reg = ctx.region
        # place the cue ball by a corner pocket of the region and roll it in
        for k in range(6):
            P = ctx.pk.targets[k]
            if not ctx.pk.corner[k]:
                continue
            if not reg.contains(min(max(P[0], reg.x_min_m), reg.x_max_m),
                                min(max(P[1], reg.y_min_m), reg.y_max_m)):
                continue
            ax = ctx.pk.axes[k]
            spot = P - ax * 0.22
            spot = (float(min(max(spot[0], reg.x_min_m), reg.x_max_m)),
                    float(min(max(spot[1], reg.y_min_m), reg.y_max_m)))
            if not can_place_cue(st, *spot):
                continue
            d = P - np.asarray(spot)
            obst = np.array([p for b, p in st.balls.items() if b != "cue"]).reshape(-1, 2)
            if not path_clear(np.asarray(spot)[None], P[None], obst, R)[0]:
                continue
            out.append(Candidate(DELIBERATE_FOUL, None, Strike(1.0, math.atan2(d[1], d[0])),
                                 spot, foul=POCKET_OWN_BALL))
            break
        spot = None
        for y in np.linspace(reg.y_min_m, reg.y_max_m, 7):
            x = reg.x_min_m if reg.name != TEMPORARY_HOUSE else reg.x_max_m
            if can_place_cue(st, float(x) + (0.02 if reg.name != TEMPORARY_HOUSE else -0.02), float(y)):
                spot = (float(x) + (0.02 if reg.name != TEMPORARY_HOUSE else -0.02), float(y))
                break
        if spot is not None:
            phi = math.pi if reg.name != TEMPORARY_HOUSE else 0.0
            out.append(Candidate(DELIBERATE_FOUL, None, Strike(0.3, phi), spot, foul=MISS))
        return out
    cue = np.asarray(st.balls["cue"], float)
    obst = np.array([p for b, p in st.balls.items() if b != "cue"]).reshape(-1, 2)
    best = None
    for k in range(6):
        P = ctx.pk.targets[k]
        d = P - cue
        dist = float(np.hypot(*d))
        if not path_clear(cue[None], P[None], obst, R, width=2.3)[0]:
            continue
        if best is None or dist < best[0]:
            best = (dist, k, d)
    if best is not None:
        dist, k, d = best
        out.append(Candidate(DELIBERATE_FOUL, None,
                             Strike(float(min(0.9 + 0.55 * dist, 4.0)), math.atan2(d[1], d[0])),
                             None, foul=POCKET_OWN_BALL))
    # a deliberate miss: a soft roll along a free direction
    for phi in np.linspace(-math.pi, math.pi, 24, endpoint=False):
        end = cue + 0.4 * np.array([math.cos(phi), math.sin(phi)])
        if not (R + 0.02 < end[0] < ctx.spec.length_m - R - 0.02
                and R + 0.02 < end[1] < ctx.spec.width_m - R - 0.02):
            continue
        if path_clear(cue[None], end[None], obst, R, width=3.0)[0]:
            out.append(Candidate(DELIBERATE_FOUL, None, Strike(0.35, float(phi)), None, foul=MISS))
            break
    return out


# --- Monte Carlo ----------------------------------------------------------------------------
def sample(ctx: Context, c: Candidate, n: int, rng: np.random.Generator) -> None:
    """Play candidate ``c`` n more times under noise; accumulate its statistics."""
    st = ctx.state
    me = ctx.me
    if c.strike is None:  # tush: deterministic
        out = adjudicate(st, tush_stroke())
        v = _foul_value(ctx, out.state, me, True, tush=True)
        c.n += n
        c.value_sum += v * n
        c.fouls += n
        c.points_sum += out.adjudication.points[me] * n
        return
    miscue = ctx.sim.physics.miscue_offset
    strikes = [_clamp_strike(ctx.noise.perturb(c.strike, rng, miscue)) for _ in range(n)]
    raw, on = ctx.run(c.placement, strikes)
    ref = c.info.get("_ref")
    if ref is None:
        ref = c.info["_ref"] = Referee(st, c.call, c.placement, ctx.jaws)
    for ruling in ref.outcomes(raw):
        if ruling is None:
            ctx.invalid += 1
            continue
        adj, nxt = ruling
        v = _foul_value(ctx, nxt, me, bool(adj.fouls))
        c.n += 1
        c.value_sum += v
        c.success += bool(adj.successful)
        c.fouls += bool(adj.fouls)
        c.points_sum += adj.points[me]


def _foul_value(ctx: Context, after: GameState, me: int, fouled: bool,
                tush: bool = False) -> float:
    """P(win) of the state a stroke left; a foul that closes a foul loop is worth the draw the
    loop amounts to, a tush (which lets R9.2 end it) a hair more (:mod:`ai.repetition`)."""
    if fouled and ctx.history is not None and ctx.history.loops(after):
        return ctx.win.draw_value + (PREFER_UNCHANGED if tush else -PREFER_UNCHANGED)
    return ctx.win.state_value(after, me, ctx.noise)


def monte_carlo(ctx: Context, cands: list[Candidate], budget: int, rng: np.random.Generator,
                n0: int = 4, deadline: float | None = None) -> list[Candidate]:
    """Successive halving (Karnin et al. 2013) over ``cands`` with about ``budget`` samples:
    ceil(log2 K) rounds, each given an equal share of the budget split evenly among the
    candidates still alive (at least ``n0`` new samples each); after each round the worse half
    is dropped.  With a deadline, sampling stops when it passes (anytime: the ranking so far
    stands).  Returns the candidates ranked best first (survivors of later rounds first)."""
    if not cands:
        return []
    alive = list(cands)
    rounds = max(1, math.ceil(math.log2(max(2, len(alive)))))
    spent = 0
    rnd = 0
    while alive:
        rnd += 1
        per = max(n0, budget // (len(alive) * rounds))
        for c in alive:
            need = per
            if deadline is not None and time.perf_counter() > deadline and c.n > 0:
                continue
            while need > 0:  # in chunks, so that a deadline is noticed
                chunk = min(need, 24) if deadline is not None else need
                sample(ctx, c, chunk, rng)
                need -= chunk
                spent += chunk if c.strike is not None else 0
                if deadline is not None and time.perf_counter() > deadline:
                    break
            c.rounds = rnd
        alive.sort(key=lambda c: -c.value)
        if len(alive) <= 1:
            break
        if spent >= budget or (deadline is not None and time.perf_counter() > deadline):
            break
        alive = alive[:max(1, math.ceil(len(alive) / 2))]
        if len(alive) == 1 and spent < budget and deadline is None:
            break
    return sorted(cands, key=lambda c: (-c.rounds, -c.value))


@dataclass
class Analysis:
    ranked: list[Candidate]
    sims: int
    seconds: float


def analyse(state: GameState, simulator: Simulator, noise: NoiseModel, rng: np.random.Generator,
            budget: int = 400, time_budget: float | None = None, win: WinModel | None = None,
            n_placements: int = 2, max_shots: int = 6, with_fouls: bool = True,
            with_safeties: bool = True, top: int = 1, with_break: bool = True,
            history: History | None = None) -> Analysis:
    """Rank strokes for the player to move.  With ``top`` > 1 (suggestions) the leading
    ``top`` distinct strokes are sampled as often as the winner and listed by their value, so
    a list never shows a later entry with a higher P(win) than an earlier one.  ``history``
    (the situations met this game, :mod:`ai.repetition`) values fouls that close a foul loop
    as a draw."""
    t0 = time.perf_counter()
    deadline = None if time_budget is None else t0 + time_budget
    ctx = Context(state, simulator, noise, win, history)
    cands: list[Candidate] = []
    places = placements(ctx, n_placements)
    for pl in places:
        cands += refine(ctx, attack_candidates(ctx, pl, max_shots=max_shots))
    # cap the attack set by prior before sampling
    cands.sort(key=lambda c: -c.prior)
    cands = cands[:18]
    if with_safeties:
        for pl in places[:2] + safety_placements(ctx):
            cands += safety_candidates(ctx, pl, keep=4 if pl in places else 2)
    if with_fouls:
        cands += foul_candidates(ctx)
    if with_break and state.break_pending:
        # the opening stroke gets its own search and a bigger sample budget (ai.opening)
        from .opening import break_candidates
        cands += break_candidates(ctx)
        budget *= BREAK_BUDGET_FACTOR
    if not cands:  # nothing at all: any stroke at the nearest ball
        cands = _fallback(ctx, places[0])
    ranked = monte_carlo(ctx, cands, budget, rng, deadline=deadline)
    if top > 1:
        ranked = equalise(ctx, ranked, top, rng, deadline)
    return Analysis(ranked, ctx.sims, time.perf_counter() - t0)


def stroke_key(c: Candidate) -> tuple:
    """What a player would see as one suggestion: the same call, kind, foul and placement."""
    return (c.kind, None if c.call is None else repr(c.call.to_json()), c.foul, c.placement)


def equalise(ctx: Context, ranked: list[Candidate], k: int, rng: np.random.Generator,
             deadline: float | None = None) -> list[Candidate]:
    """Give the first ``k`` distinct strokes of a successive-halving ranking as many samples
    as the most-sampled of them, then order them by value.  Successive halving ranks by the
    round a candidate survived to; a candidate dropped early carries a noisier estimate that
    can exceed the winner's, which would make a suggestion list read out of order."""
    leaders, seen = [], set()
    for c in ranked:
        key = stroke_key(c)
        if key in seen or c.n == 0:
            continue
        seen.add(key)
        leaders.append(c)
        if len(leaders) >= k:
            break
    n_max = max(c.n for c in leaders)
    for c in leaders:
        while c.n < n_max:
            if deadline is not None and time.perf_counter() > deadline:
                break
            before = c.n
            sample(ctx, c, min(n_max - c.n, 24), rng)
            if c.n == before:  # every sample refused (invalid): give up on this one
                break
    ids = {id(c) for c in leaders}
    leaders.sort(key=lambda c: -c.value)
    return leaders + [c for c in ranked if id(c) not in ids]


def _fallback(ctx: Context, placement) -> list[Candidate]:
    balls = ctx.balls_with(placement)
    cue = np.asarray(balls["cue"], float)
    best = None
    for b in ctx.state.object_balls:
        d = np.asarray(balls[b], float) - cue
        dist = float(np.hypot(*d))
        if best is None or dist < best[0]:
            best = (dist, math.atan2(d[1], d[0]), b)
    legal = [c for c in legal_calls(ctx.state) if c is not None]
    call = legal[0] if legal else None
    if best is None:
        return [Candidate(SAFETY, call, Strike(1.0, 0.0), placement)]
    return [Candidate(SAFETY, call, Strike(1.5 + 0.5 * best[0], best[1]), placement)]

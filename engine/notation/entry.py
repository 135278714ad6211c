"""The values of the notation: what a typed line becomes (:class:`StrokeEntry`, a typed
stroke before the rules; :class:`Command`), the refusal (:class:`NotationError`, in every
language), and the nominal places of the cue ball a person's game keeps
(:func:`nominal_placement`, :func:`nominal_cluster_placement`; see :mod:`engine.notation`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from sim.table import POCKET_IDS

from ..calls import EXACT, Call, unfulfilled_by_summary
from ..errors import EngineError
from ..geometry import Position, house_region, spot_is_free
from ..state import GameState
from ..stroke import StrokeFacts
from ..values import CUE
from ..words import say

TOKEN_CHARS = 60


class NotationError(EngineError):
    """A typed line refused: ``token`` is the word at fault (or the whole line), ``key`` names
    the reason in the catalog (``notation.error.*``, or ``score.*`` for the session's own
    refusals), ``fields`` fill its ``{name}`` fields, ``rule`` is the rule id or None.

    The key and fields are public so that a page may word the refusal itself; a field named
    ``pocket`` (:data:`POCKET_FIELDS`) holds a pocket id and is written in each language's
    word for it (``notation.pocket.<id>``: FL, ДЛ).  ``why`` / ``why_ru`` are the reason in
    English / Russian, ``message(lang)`` the whole refusal as the player reads it, ``str()``
    the English one for logs."""

    POCKET_FIELDS = ("pocket",)

    def __init__(self, token: str, key: str, rule: str | None = None, **fields):
        if len(token) > TOKEN_CHARS:  # a message quotes a bounded part of what was typed
            token = token[:TOKEN_CHARS] + f"... ({len(token)} characters)"
        self.token, self.key, self.rule, self.fields = token, key, rule, fields
        tail = f" ({rule})" if rule else ""
        super().__init__(f"{token!r}: {self.why}{tail}")

    def reason(self, lang: str) -> str:
        """The reason in ``lang`` (without the token and the rule id)."""
        fields = {name: say(f"notation.pocket.{value}", lang) if name in self.POCKET_FIELDS
                  else value for name, value in self.fields.items()}
        return say(self.key, lang, **fields)

    @property
    def why(self) -> str:
        """The reason in English."""
        return self.reason("en")

    @property
    def why_ru(self) -> str:
        """The reason in Russian."""
        return self.reason("ru")

    def message(self, lang: str = "en") -> str:
        """The refusal in ``lang``: «token»: the reason (the rule id)."""
        tail = f" ({self.rule})" if self.rule else ""
        return f"«{self.token}»: {self.reason(lang)}{tail}"


@dataclass(frozen=True)
class Command:
    name: str  # undo, score, help, quit, warning, correction, cluster, replay, new-game
    args: tuple[str, ...] = ()  # cluster: the pocket id, then the balls named (checked)


@dataclass(frozen=True)
class StrokeEntry:
    """A typed stroke: what the scorekeeper said, before the rules are applied."""

    text: str
    call: Call | None = None
    potted: bool = False  # the called ball fell in the called pocket
    others: tuple[tuple[str, str], ...] = ()  # other balls (and the cue ball) pocketed
    off_table: tuple[str, ...] = ()
    first: str | None = None  # the first ball hit, when said (else the called ball)
    miss: bool = False
    no_call: bool = False
    facts: frozenset[str] = field(default_factory=frozenset)  # R7.1 letters, named facts
    unchanged: bool = False
    manner_wrong: bool = False

    def stroke_facts(self, state: GameState) -> StrokeFacts:
        """The facts the rules core adjudicates (positions nominal, see the module doc)."""
        pocketed = list(self.others)
        if self.call is not None and self.potted:
            pocketed.insert(0, (self.call.ball, self.call.pocket))
        first = self.first
        if first is None and not self.miss:
            if self.call is not None:
                first = self.call.ball
            else:
                objs = [b for b, _ in pocketed if b != CUE]
                if objs:
                    first = objs[0]
                elif len(state.object_balls) == 1:
                    first = state.object_balls[0]
        fulfilled = None
        if self.call is not None and self.potted:
            # the scorekeeper's silence means "as called", unless what the line says happened
            # shows otherwise (``first N`` on a clean call, R5.1): then nothing is said and the
            # rules core says why the call failed (R5.5)
            if self.manner_wrong:
                fulfilled = False
            elif state.call_mode != EXACT or unfulfilled_by_summary(self.call, first) is None:
                fulfilled = True
        placement = nominal_placement(state) if state.cue_in_hand else None
        return StrokeFacts(call=self.call, call_fulfilled=fulfilled, first_contact=first,
                           pocketed=tuple(pocketed), off_table=self.off_table,
                           facts=self.facts, final={}, placement=placement,
                           balls_unchanged=self.unchanged)


def nominal_placement(state: GameState) -> Position:
    """Where the cue ball is taken to stand when placed from hand: a free point of the house
    (its middle, or the nearest free one across the table).  Positions are nominal in a
    human game; this one never makes a foul."""
    spec = state.spec
    region = house_region(spec)
    x = (region.x_min_m + region.x_max_m) / 2
    others = {b: p for b, p in state.balls.items() if b != CUE}
    step = 2.5 * spec.ball_radius_m
    for k in range(0, 40):
        for sign in (1, -1):
            for xx in (x, region.x_min_m + step, region.x_max_m - step):
                y = spec.width_m / 2 + sign * k * step
                if region.contains(xx, y) and spot_is_free(spec, (xx, y), others):
                    return (xx, y)
    raise NotationError("", "notation.error.no_place_in_house")


def nominal_cluster_placement(state: GameState, pocket: str) -> Position:
    """Where the cue ball is taken to stand when the players agree on R11.10 (all the balls
    round corner ``pocket``, the cue ball put near it behind them): the first free point,
    out from the pocket along the corner's diagonal (from about 0.3 m, each a ball and a
    quarter further), that is nearer that pocket than any other.  Positions are nominal in a
    human game; the balls are not really where the session keeps them, so "behind them" is
    the players' to judge."""
    spec = state.spec
    px, py = spec.pocket_position(pocket)
    dx = 1.0 if px < spec.length_m / 2 else -1.0  # into the table from the corner
    dy = 1.0 if py < spec.width_m / 2 else -1.0
    others = {b: p for b, p in state.balls.items() if b != CUE}
    step = 2.5 * spec.ball_radius_m
    for k in range(0, 40):
        along = 0.3 + k * step / 2
        for side in (0, 1, -1, 2, -2):
            x = px + dx * (along + side * step / 2) / math.sqrt(2)
            y = py + dy * (along - side * step / 2) / math.sqrt(2)
            dists = {p: math.dist((x, y), spec.pocket_position(p)) for p in POCKET_IDS}
            if min(dists, key=dists.get) == pocket and spot_is_free(spec, (x, y), others):
                return (x, y)
    raise NotationError("", "notation.error.no_place_by_pocket", "R11.10", pocket=pocket)


__all__ = ["Command", "NotationError", "StrokeEntry", "nominal_cluster_placement",
           "nominal_placement"]

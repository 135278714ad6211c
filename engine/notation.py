"""The scorekeeper's notation: one short typed line per stroke (docs/SCOREKEEPING.md).

``parse_line(text, state)`` reads a line against the current state and returns either a
:class:`StrokeEntry` (a typed stroke) or a :class:`Command` (undo, score, new game, the
referee's warning R11.8 or correction R14.1, the corner cluster R11.10, the last-ball replay
R10.1, help, quit).
``StrokeEntry.facts(state)`` turns the entry into the :class:`StrokeFacts` the rules core
adjudicates.  A line that cannot be read, is ambiguous or impossible raises
:class:`NotationError` naming the token and why (in English and Russian); nothing changes.

Positions are not known in a human game.  The balls are kept at *nominal* places: the rack
of R2, respotted balls where R6 puts them, the cue ball where it was placed from hand
(:func:`nominal_placement`, a free point of the house), or by a corner pocket when the
players agree on R11.10 (:func:`nominal_cluster_placement`).  The rules that need positions are
then ruled on the common case, and the scorekeeper says otherwise in words:

* R9.2 / R11.8 (a foul stroke leaving the balls unchanged): never assumed; the line says
  ``=`` (``unchanged``, ``без-изменений``) when it did (``StrokeFacts.balls_unchanged``);
* R8.2 / R7.1(g) (from hand, a ball in the house struck directly): no ball is assumed to lie
  in the house; the line says ``foul g`` (``фол дом``) when it happened;
* R7.1(h) (played from the wrong place): likewise ``foul h``;
* R6 (respotting): balls are respotted at their nominal places; where they really stand does
  not change any score.

Words are accepted in English and in Russian (both lower and upper case); pockets as ids
(NL NR ML MR FL FR) or Russian letters (БЛ БП СЛ СП ДЛ ДП: ближняя, средняя, дальняя;
левая, правая, seen from the house).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from sim.table import POCKET_IDS

from .calls import BALL_AND_POCKET, CAROM, COMBINATION, EXACT, MANNERS, Call, \
    unfulfilled_by_summary
from .errors import EngineError
from .geometry import Position, house_region, spot_is_free
from .special import CORNER_POCKETS
from .state import GameState
from .stroke import FOUL_LETTERS, NAMED_FACTS, StrokeFacts
from .values import CUE, OBJECT_BALLS


TOKEN_CHARS = 60


class NotationError(EngineError):
    """A typed line refused: ``token`` is the word at fault (or the whole line), ``why`` the
    reason in English, ``why_ru`` in Russian."""

    def __init__(self, token: str, why: str, why_ru: str, rule: str | None = None):
        if len(token) > TOKEN_CHARS:  # a message quotes a bounded part of what was typed
            token = token[:TOKEN_CHARS] + f"... ({len(token)} characters)"
        self.token, self.why, self.why_ru, self.rule = token, why, why_ru, rule
        tail = f" ({rule})" if rule else ""
        super().__init__(f"{token!r}: {why}{tail}")

    def message(self, lang: str = "en") -> str:
        tail = f" ({self.rule})" if self.rule else ""
        return f"«{self.token}»: {self.why_ru if lang == 'ru' else self.why}{tail}"


# --- vocabulary --------------------------------------------------------------------------
RU_POCKETS = {"бл": "NL", "бп": "NR", "сл": "ML", "сп": "MR", "дл": "FL", "дп": "FR"}
RU_POCKET_NAMES = {pid: ru.upper() for ru, pid in RU_POCKETS.items()}  # FL -> ДЛ
NOT_POTTED = {"x", "х", "мимо", "nopot", "не-забит"}  # the Latin and the Cyrillic x
MISS = {"miss", "промах"}
TUSH = {"tush", "туш"}
NO_CALL = {"nocall", "no-call", "без-заказа"}
UNCHANGED = {"=", "unchanged", "без-изменений"}
MANNER_WRONG = {"wrong", "manner-wrong", "не-так"}
FIRST = {"first", "первым", "@"}
FOUL = {"foul", "фол", "штраф"}
CUE_WORDS = {"cue", "биток", "б"}
OFF_TABLE = {"off", "вылет", "за-борт"}
MANNER_WORDS = {
    "clean": "clean", "чисто": "clean",
    "bank": "bank", "дуплет": "bank", "от-борта": "bank",
    "kiss": "kiss", "от-шара": "kiss",
    "carom": "carom", "карамболь": "carom",
    "cushion-first": "cushion-first", "абриколь": "cushion-first",
    "combination": "combination", "комбинация": "combination",
}
FOUL_WORDS = {  # R7.1 letters by name; named facts (stroke.NAMED_FACTS) are accepted as named
    "miss": "a", "промах": "a",
    "cue-pocketed": "b", "биток-в-лузе": "b", "свояк": "b",
    "cue-off-table": "c", "биток-за-бортом": "c",
    "touch": "d", "касание": "d",
    "wrong-ball": "e", "не-тем-шаром": "e",
    "ferrule": "f", "наклейка": "f",
    "house-ball": "g", "дом": "g", "шар-в-доме": "g",
    "wrong-place": "h", "не-из-дома": "h",
    "moving": "i", "по-движущимся": "i",
    "push": "push", "толчок": "push",
    "double-hit": "double-hit", "двойной": "double-hit",
    "no-foot-on-floor": "no-foot-on-floor", "без-ноги": "no-foot-on-floor",
    "advice": "advice", "подсказка": "advice",
    "pass-to-partner": "pass-to-partner", "передача": "pass-to-partner",
}
COMMANDS = {
    "undo": "undo", "отмена": "undo", "назад": "undo",
    "score": "score", "счёт": "score", "счет": "score",
    "help": "help", "помощь": "help", "?": "help",
    "quit": "quit", "exit": "quit", "выход": "quit", "q": "quit",
    "warning": "warning", "предупреждение": "warning",
    "correct": "correction", "correction": "correction", "поправка": "correction",
    "replay": "replay", "переигровка": "replay",
    "new": "new-game", "новая": "new-game",
    "cluster": "cluster", "corner-cluster": "cluster", "скопление": "cluster",
    "куча": "cluster",
}


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
    raise NotationError("", "no free place in the house for the cue ball",
                        "в доме нет места для битка")


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
    raise NotationError("", f"no free place by pocket {pocket} for the cue ball",
                        f"у лузы {RU_POCKET_NAMES[pocket]} нет места для битка", "R11.10")


def _pocket(tok: str) -> str | None:
    up = tok.upper()
    if up in POCKET_IDS:
        return up
    return RU_POCKETS.get(tok.lower())


def _ball(tok: str) -> str | None:
    t = tok.lower()
    if t in OBJECT_BALLS:
        return t
    if t in CUE_WORDS:
        return CUE
    return None


def _err(token, en, ru, rule=None):
    return NotationError(token, en, ru, rule)


def parse_line(text: str, state: GameState | None) -> StrokeEntry | Command | None:
    """Read one typed line (see the module doc); None for an empty line or a comment."""
    line = text.strip()
    if not line or line.startswith("#"):
        return None
    words = line.split()
    head = words[0].lower()
    if head in COMMANDS:
        name = COMMANDS[head]
        rest = tuple(words[1:])
        if name == "cluster":
            return _parse_cluster(line, words, state)
        if name == "new-game":
            if not rest or rest[0].lower() not in ("game", "партия", "партию"):
                raise _err(line, "say `new game`", "скажите «новая партия»")
            rest = rest[1:]
        if name in ("undo", "score", "help", "quit", "warning") and rest:
            raise _err(rest[0], f"`{words[0]}` takes nothing after it",
                       f"после «{words[0]}» ничего не пишется")
        return Command(name, rest)
    if state is None:
        raise _err(line, "no game is in progress", "партия не идёт")
    return _parse_stroke(line, words, state)


def _parse_cluster(line: str, words: list[str], state: GameState | None) -> Command:
    """R11.10, ``cluster FL [3 5 9]`` (``скопление ДЛ [3 5 9]``): the players agree that all
    the balls are gathered round corner pocket FL.  Checked here against the state, so the
    refusal is in both languages (engine.special.apply_corner_cluster checks the same for a
    record); returns ``Command("cluster", (pocket, *balls))``."""
    # 1. the game: under way, its break played, no stroke without a call already due
    if state is None:
        raise _err(line, "no game is in progress", "партия не идёт")
    if state.game_over:
        raise _err(line, "the game is over", "партия окончена", "R11.10")
    if state.break_pending:
        raise _err(line, "the break is still to be played (from hand): the balls are not "
                         "gathered round a corner yet",
                   "разбой ещё не сыгран (с руки): шары ещё не собрались у угловой лузы",
                   "R11.10")
    if state.no_call_strokes_left:
        raise _err(line, f"{state.no_call_strokes_left} stroke(s) without a call are already "
                         f"due: type them `nocall ...`",
                   f"ещё положено ударов без заказа: {state.no_call_strokes_left}; пишите "
                   f"«без-заказа ...»", "R11.10")
    # 2. the corner pocket
    if len(words) < 2:
        raise _err(line, "at which corner pocket? e.g. `cluster FL`",
                   "у какой угловой лузы? например «скопление ДЛ»", "R11.10")
    pocket = _pocket(words[1])
    if pocket is None:
        raise _err(words[1], "is not a pocket (NL NR FL FR are the corners)",
                   "это не луза (угловые: БЛ БП ДЛ ДП)", "R11.10")
    if pocket not in CORNER_POCKETS:
        raise _err(words[1], "is a middle pocket: the balls gather round a corner one "
                             "(NL NR FL FR)",
                   "это средняя луза: шары собираются у угловой (БЛ БП ДЛ ДП)", "R11.10")
    # 3. the balls gathered there, when named: every ball on the table, each once
    balls: list[str] = []
    for w in words[2:]:
        b = _ball(w)
        if b is None or b == CUE:
            raise _err(w, "after the pocket come the balls gathered there (1..15), or nothing",
                       "после лузы — шары, собравшиеся у неё (1..15), или ничего")
        if b in balls:
            raise _err(w, f"ball {b} is named twice", f"шар {b} назван дважды")
        if b not in state.balls:
            raise _err(w, f"ball {b} is not on the table (on the table: "
                          f"{' '.join(state.object_balls)})",
                       f"шара {b} нет на столе (на столе: {' '.join(state.object_balls)})",
                       "R11.10")
        balls.append(b)
    rest = [b for b in state.object_balls if b not in balls]
    if balls and rest:
        raise _err(line, f"the rule is for all the balls gathered round one corner: "
                         f"{' '.join(rest)} on the table too (name every ball, or none)",
                   f"правило — когда все шары собрались у одной лузы: на столе ещё "
                   f"{' '.join(rest)} (назовите все шары или ни одного)", "R11.10")
    return Command("cluster", (pocket, *balls))


def _parse_stroke(line: str, words: list[str], state: GameState) -> StrokeEntry:
    call_ball = call_pocket = first = None
    potted = True
    miss = no_call = unchanged = manner_wrong = False
    manners: list[str] = []
    others: list[tuple[str, str]] = []
    off: list[str] = []
    facts: set[str] = set()
    said_not_potted = False
    i = 0
    n = len(words)
    while i < n:
        w = words[i]
        lw = w.lower()
        nxt = words[i + 1] if i + 1 < n else None
        if i == 0 and _ball(lw) not in (None, CUE):
            if nxt is None or _pocket(nxt) is None:
                raise _err(w, "which pocket? a call is a ball and a pocket, e.g. `7 FL`",
                           "в какую лузу? заказ — это шар и луза, например «7 ДЛ»", "R5")
            call_ball, call_pocket = _ball(lw), _pocket(nxt)
            i += 2
            continue
        if lw.startswith("+"):
            ball_tok = lw[1:] or (nxt.lower() if nxt else "")
            if not lw[1:]:
                i += 1
                nxt = words[i + 1] if i + 1 < n else None
            b = _ball(ball_tok)
            if b is None:
                raise _err(w, "after + comes a ball (1..15 or cue) and a pocket, e.g. `+3 NR`",
                           "после + идёт шар (1..15 или биток) и луза, например «+3 БП»")
            if nxt is not None and nxt.lower() in OFF_TABLE:
                off.append(b)
            elif nxt is not None and _pocket(nxt) is not None:
                others.append((b, _pocket(nxt)))
            else:
                raise _err(w, "in which pocket did it fall? (or `off` if it left the table)",
                           "в какую лузу он упал? (или «вылет», если вылетел за борт)")
            i += 2
            continue
        if lw in NOT_POTTED:
            said_not_potted = True
        elif lw in MISS:
            miss = True
        elif lw in TUSH:
            facts.add("tush")
        elif lw in NO_CALL:
            no_call = True
        elif lw in UNCHANGED:
            unchanged = True
        elif lw in MANNER_WRONG:
            manner_wrong = True
        elif lw in MANNER_WORDS:
            manners.append(MANNER_WORDS[lw])
        elif lw in FIRST:
            b = _ball(nxt) if nxt else None
            if b is None or b == CUE:
                raise _err(w, "`first` needs the object ball hit first, e.g. `first 5`",
                           "после «первым» нужен шар, например «первым 5»")
            first = b
            i += 2
            continue
        elif lw in FOUL:
            j = i + 1
            while j < n and (words[j].lower() in FOUL_WORDS or words[j].lower() in FOUL_LETTERS
                             or words[j].lower() in NAMED_FACTS):
                t = words[j].lower()
                facts.add(FOUL_WORDS.get(t, t))
                j += 1
            if j == i + 1:
                raise _err(w, "which foul? e.g. `foul touch`, `foul d` (see `help`)",
                           "какой фол? например «фол касание», «фол d» (см. «помощь»)", "R7.1")
            i = j
            continue
        elif lw in NAMED_FACTS or lw in FOUL_WORDS:
            facts.add(FOUL_WORDS.get(lw, lw))
        elif _pocket(w) is not None:
            raise _err(w, "a pocket without a ball: a call is the ball then the pocket",
                       "луза без шара: заказ — сначала шар, потом луза", "R5")
        elif _ball(lw) is not None:
            raise _err(w, "a ball out of place: the called ball comes first, other balls "
                          "that fell are written `+N POCKET`",
                       "шар не на месте: заказанный шар пишется первым, остальные упавшие — "
                       "«+N ЛУЗА»")
        else:
            raise _err(w, "is not a word of the notation (type `help`)",
                       "нет такого слова в записи (наберите «помощь»)")
        i += 1

    # --- what the line means, checked against the state ----------------------------------
    call = None
    if call_ball is not None:
        manner = "+".join(manners) if manners else "clean"
        try:
            call = Call(call_ball, call_pocket, manner)
        except EngineError as exc:
            raise _err(line, str(exc), str(exc), "R5.1") from None
        if call_ball not in state.balls:
            raise _err(call_ball, f"ball {call_ball} is not on the table (on the table: "
                                  f"{' '.join(state.object_balls)})",
                       f"шара {call_ball} нет на столе (на столе: "
                       f"{' '.join(state.object_balls)})", "R5.4")
    elif manners:
        raise _err(manners[0], "a manner belongs to a call: `7 FL bank`",
                   "способ относится к заказу: «7 ДЛ дуплет»", "R5.1")
    elif manner_wrong:
        raise _err(line, "`wrong` (not as called) needs a call", "«не-так» требует заказа",
                   "R5.1")
    if call is not None and no_call:
        raise _err(line, "both a call and `nocall`", "и заказ, и «без-заказа»")
    if said_not_potted and call is None:
        raise _err(line, "`x` (not pocketed) needs a call: `7 FL x`",
                   "«х» (не забит) требует заказа: «7 ДЛ х»")
    if said_not_potted and manner_wrong:
        raise _err(line, "`x` and `wrong` together: if the ball did not fall, the manner "
                         "does not matter", "«х» и «не-так» вместе: если шар не упал, способ "
                                            "не важен")
    if call is None:
        potted = False
    elif said_not_potted:
        potted = False
    seen: set[str] = set()
    fell = ([call.ball] if potted and call is not None else []) + [b for b, _ in others] + off
    for b in fell:
        if b in seen:
            raise _err(b, f"ball {b} falls twice", f"шар {b} упал дважды")
        seen.add(b)
        if b != CUE and b not in state.balls:
            raise _err(b, f"ball {b} is not on the table", f"шара {b} нет на столе")
    if miss:
        if first is not None:
            raise _err(line, "`miss` and `first N` together: did the cue ball hit a ball?",
                       "«промах» и «первым N» вместе: коснулся ли биток шара?", "R7.1a")
        if potted or [b for b in seen if b != CUE]:
            raise _err(line, "a miss touches no ball, so no object ball can fall (say which "
                             "ball was hit first with `first N`)",
                       "при промахе биток не касается шаров, значит, ни один шар не может "
                       "упасть (скажите, какой шар был первым: «первым N»)", "R7.1a")
    if first is not None and first not in state.balls:
        raise _err(first, f"ball {first} is not on the table", f"шара {first} нет на столе")
    if (call is not None and potted and first is None and not manner_wrong
            and state.call_mode == EXACT and call.manner_set & {CAROM, COMBINATION}):
        raise _err(line, "a carom or combination: the cue ball hit another ball before the "
                         "called one; say which with `first N`",
                   "карамболь или комбинация: биток сначала задел другой шар; скажите, какой: "
                   "«первым N»", "R5.1")
    if (call is None and not miss and not no_call and first is None and not facts
            and not others and not off):
        raise _err(line, "say what happened: a call (`7 FL`), `miss`, `tush`, `foul ...`",
                   "скажите, что было: заказ («7 ДЛ»), «промах», «туш», «фол ...»")
    if no_call and state.no_call_strokes_left == 0:
        raise _err(line, "no stroke without a call is due now (only the first strokes of a "
                         "last-ball replay, R10.1, or after `cluster`, R11.10)",
                   "удар без заказа сейчас не положен (только первые удары переигровки "
                   "последнего шара, R10.1, или после «скопление», R11.10)", "R5.4")
    if "b" in facts and CUE not in [b for b, _ in others]:
        raise _err(line, "in which pocket did the cue ball fall? write `+cue POCKET`",
                   "в какую лузу упал биток? напишите «+биток ЛУЗА»", "R7.1b")
    touch_only = facts and facts <= {"tush", "d", "advice", "pass-to-partner",
                                     "shooter-disturbed", "tush-believing-won",
                                     "hanging-ball-fell-after-opponent-stroke"}
    if (call is None and not miss and first is None and not no_call and not touch_only
            and not [b for b in seen if b != CUE] and len(state.object_balls) != 1
            and state.no_call_strokes_left == 0):
        raise _err(line, "which ball did the cue ball hit first? (`first N`, or `miss`)",
                   "какой шар биток задел первым? («первым N» или «промах»)", "R7.1a")
    if unchanged and not (facts or miss or CUE in seen):
        raise _err("=", "`=` (balls unchanged) is said of a foul stroke only",
                   "«=» (шары на местах) говорится только о фоле", "R9.2")
    if "c" in facts and CUE not in off:
        off.append(CUE)
    if CUE in [b for b, _ in others]:
        facts.add("b")
    if CUE in off and "cue-jumped-and-returned" not in facts:
        facts.add("c")
    if miss:
        facts.discard("a")  # the rules core reads the miss from the missing first contact
    return StrokeEntry(text=line, call=call, potted=potted, others=tuple(others),
                       off_table=tuple(off), first=first, miss=miss, no_call=no_call,
                       facts=frozenset(facts), unchanged=unchanged, manner_wrong=manner_wrong)


HELP_EN = """One line per stroke.  A call is the ball and the pocket (NL NR ML MR FL FR):
  7 FL            called and pocketed (the first ball hit is the called one)
  7 FL x          called, not pocketed          7 FL bank   called with a manner
  7 FL +3 NR      another ball fell too         7 FL wrong  fell, but not as called (R5.1)
  7 FL +cue NR    the cue ball fell too (foul)  7 FL +3 off ball 3 left the table
  7 FL x first 5  the cue ball hit 5 first      miss        the cue ball hit nothing
  7 FL combination first 5   the cue ball hit the 5, which drove the 7 in (a carom or
                  combination says its first ball)
  tush            a tush (R7.1d)                foul touch  a foul: touch cue-pocketed
                  house-ball wrong-place moving wrong-ball ferrule, letters a..i, push ...
  nocall +3 NR    a stroke without a call (R10.1, R11.10)
  ... =           the foul left the balls unchanged (R9.2, counted after a warning)
Commands: undo, score, warning (R11.8), correct S0 S1 [reason] (R14.1),
  cluster FL [3 5 ...] (R11.10: all the balls round corner FL, both players agree: the cue
  ball is put by it behind them, then one stroke each without a call, `nocall ...`),
  replay [BALL] (R10.1 last-ball replay after a draw), replay game (the whole game),
  new game, help, quit"""

HELP_RU = """Одна строка на удар.  Заказ — шар и луза (БЛ БП СЛ СП ДЛ ДП или NL NR ML MR FL FR):
  7 ДЛ            заказан и забит (первым задет заказанный шар)
  7 ДЛ х          заказан, не забит             7 ДЛ дуплет  заказ со способом
  7 ДЛ +3 БП      упал ещё шар                  7 ДЛ не-так  упал, но не так, как заказан (R5.1)
  7 ДЛ +биток БП  упал и биток (фол)            7 ДЛ +3 вылет шар 3 вылетел за борт
  7 ДЛ х первым 5 биток первым задел 5          промах       биток не задел ни одного шара
  7 ДЛ комбинация первым 5   биток в пятёрку, пятёрка забила семёрку (в карамболе и
                  комбинации скажите, какой шар биток задел первым)
  туш             туше (R7.1d)                  фол касание  фол: касание свояк дом не-из-дома
                  по-движущимся не-тем-шаром наклейка, буквы a..i, толчок ...
  без-заказа +3 БП удар без заказа (R10.1, R11.10)
  ... =           фол оставил шары на местах (R9.2, считается после предупреждения)
Команды: отмена, счёт, предупреждение (R11.8), поправка С0 С1 [причина] (R14.1),
  скопление ДЛ [3 5 ...] (R11.10: все шары у угловой лузы ДЛ, оба игрока согласны: биток
  ставится у неё за шарами, затем каждый бьёт по разу без заказа, «без-заказа ...»),
  переигровка [ШАР] (R10.1 после ничьей), переигровка партию (целиком),
  новая партия, помощь, выход"""

__all__ = ["Command", "NotationError", "StrokeEntry", "nominal_cluster_placement",
           "nominal_placement", "parse_line", "HELP_EN", "HELP_RU", "RU_POCKET_NAMES"]

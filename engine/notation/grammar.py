"""The notation's grammar: a typed line, read word by word against the state.

:func:`parse_line` tells a command (:data:`~engine.notation.lexicon.COMMANDS`; ``cluster`` is
read by :func:`_parse_cluster`) from a stroke.  A stroke line is read in three passes:

1. :func:`tokenize`: each word with its kind (:func:`engine.notation.lexicon.kind_of`; an
   object ball opening the line is a call);
2. one clause function per kind of word, each reading its words into :class:`_Said` (what
   the line said): the call (``7 FL``), a ball that fell too (``+3 NR``, ``+3 off``), the
   flags (``x``, ``miss``, ``tush``, ``nocall``, ``=``, ``wrong``), a manner (``bank``),
   ``first N``, ``foul ...`` (letters, fouls by name, named facts), a named fact on its own;
3. what the line means, checked against the state: :func:`_call_said` (R5, R5.1, R5.4),
   :func:`_balls_that_fell` (R7.1a), :func:`_check_enough_said` (R5.1, R5.4, R7.1a, R7.1b,
   R9.2), then :func:`_entry` (the letters the rules read from what fell, R7.1b, c).

Every refusal is a :class:`~engine.notation.entry.NotationError` naming the word at fault.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..calls import CAROM, COMBINATION, EXACT, Call
from ..errors import EngineError
from ..special import CORNER_POCKETS
from ..state import GameState
from ..values import CUE
from .entry import Command, NotationError, StrokeEntry
from .lexicon import (BALL, COMMANDS, FACT, FELL, FIRST_BALL, FLAG_KINDS, FOUL_CLAUSE, GAME,
                      MANNER, MANNER_WORDS, OFF_TABLE, POCKET, UNKNOWN, ball_of, fact_of,
                      is_foul_word, kind_of, pocket_of)

CALL = "call"  # the kind of an object ball opening a stroke line


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
            if not rest or rest[0].lower() not in GAME:
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
    pocket = pocket_of(words[1])
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
        b = ball_of(w)
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



# --- 1. words ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    text: str  # as typed (what an error quotes)
    low: str  # lower-cased (what the lexicon reads)
    kind: str  # lexicon.kind_of, or CALL


def tokenize(words: list[str]) -> tuple[Token, ...]:
    """The words of a stroke line with their kinds; an object ball first is the call."""
    tokens = []
    for i, w in enumerate(words):
        low = w.lower()
        kind = CALL if i == 0 and ball_of(low) not in (None, CUE) else kind_of(low)
        tokens.append(Token(w, low, kind))
    return tuple(tokens)


# --- 2. clauses ----------------------------------------------------------------------------
@dataclass
class _Said:
    """What the words of a stroke line said, filled in clause by clause."""

    call_ball: str | None = None
    call_pocket: str | None = None
    first: str | None = None
    flags: set[str] = field(default_factory=set)  # kinds of lexicon.FLAG_KINDS but tush
    manners: list[str] = field(default_factory=list)
    others: list[tuple[str, str]] = field(default_factory=list)  # +N POCKET
    off: list[str] = field(default_factory=list)  # +N off
    facts: set[str] = field(default_factory=set)  # R7.1 letters and named facts

    @property
    def fell_objects(self) -> bool:
        """Did the line say an object ball fell or left the table besides the called one?"""
        return any(b != CUE for b, _ in self.others) or any(b != CUE for b in self.off)


def _word_after(tokens: tuple[Token, ...], i: int) -> Token | None:
    return tokens[i + 1] if i + 1 < len(tokens) else None


def _call_clause(tokens, i, said: _Said) -> int:
    """``7 FL``: the called ball and pocket (R5)."""
    tok, nxt = tokens[i], _word_after(tokens, i)
    if nxt is None or pocket_of(nxt.text) is None:
        raise _err(tok.text, "which pocket? a call is a ball and a pocket, e.g. `7 FL`",
                   "в какую лузу? заказ — это шар и луза, например «7 ДЛ»", "R5")
    said.call_ball, said.call_pocket = ball_of(tok.low), pocket_of(nxt.text)
    return i + 2


def _fell_clause(tokens, i, said: _Said) -> int:
    """``+3 NR`` (or ``+ 3 NR``): another ball, or the cue ball, fell in that pocket;
    ``+3 off``: it left the table."""
    tok = tokens[i]
    nxt = _word_after(tokens, i)
    ball_word = tok.low[1:] or (nxt.low if nxt else "")
    if not tok.low[1:]:
        i += 1
        nxt = _word_after(tokens, i)
    b = ball_of(ball_word)
    if b is None:
        raise _err(tok.text, "after + comes a ball (1..15 or cue) and a pocket, e.g. `+3 NR`",
                   "после + идёт шар (1..15 или биток) и луза, например «+3 БП»")
    if nxt is not None and nxt.low in OFF_TABLE:
        said.off.append(b)
    elif nxt is not None and pocket_of(nxt.text) is not None:
        said.others.append((b, pocket_of(nxt.text)))
    else:
        raise _err(tok.text, "in which pocket did it fall? (or `off` if it left the table)",
                   "в какую лузу он упал? (или «вылет», если вылетел за борт)")
    return i + 2


def _flag_clause(tokens, i, said: _Said) -> int:
    """``x`` (not pocketed), ``miss``, ``tush``, ``nocall``, ``=`` (unchanged), ``wrong``."""
    kind = tokens[i].kind
    if kind == "tush":
        said.facts.add("tush")
    else:
        said.flags.add(kind)
    return i + 1


def _manner_clause(tokens, i, said: _Said) -> int:
    """``bank``, ``дуплет``, ...: a manner of the call (several add up, R5.1)."""
    said.manners.append(MANNER_WORDS[tokens[i].low])
    return i + 1


def _first_clause(tokens, i, said: _Said) -> int:
    """``first 5``: the object ball the cue ball hit first."""
    nxt = _word_after(tokens, i)
    b = ball_of(nxt.text) if nxt else None
    if b is None or b == CUE:
        raise _err(tokens[i].text, "`first` needs the object ball hit first, e.g. `first 5`",
                   "после «первым» нужен шар, например «первым 5»")
    said.first = b
    return i + 2


def _foul_clause(tokens, i, said: _Said) -> int:
    """``foul touch``, ``foul d e``: the fouls that follow (R7.1 letters, fouls by name,
    named facts), at least one."""
    j = i + 1
    while j < len(tokens) and is_foul_word(tokens[j].low):
        said.facts.add(fact_of(tokens[j].low))
        j += 1
    if j == i + 1:
        raise _err(tokens[i].text, "which foul? e.g. `foul touch`, `foul d` (see `help`)",
                   "какой фол? например «фол касание», «фол d» (см. «помощь»)", "R7.1")
    return j


def _fact_clause(tokens, i, said: _Said) -> int:
    """A named fact, or a foul by name, on its own (``push``, ``свояк``)."""
    said.facts.add(fact_of(tokens[i].low))
    return i + 1


def _misplaced(tokens, i, said: _Said) -> int:
    """A pocket or a ball where none belongs, or a word the notation does not have."""
    tok = tokens[i]
    if tok.kind == POCKET:
        raise _err(tok.text, "a pocket without a ball: a call is the ball then the pocket",
                   "луза без шара: заказ — сначала шар, потом луза", "R5")
    if tok.kind == BALL:
        raise _err(tok.text, "a ball out of place: the called ball comes first, other balls "
                             "that fell are written `+N POCKET`",
                   "шар не на месте: заказанный шар пишется первым, остальные упавшие — "
                   "«+N ЛУЗА»")
    raise _err(tok.text, "is not a word of the notation (type `help`)",
               "нет такого слова в записи (наберите «помощь»)")


CLAUSES: dict[str, Callable[[tuple[Token, ...], int, _Said], int]] = {
    CALL: _call_clause, FELL: _fell_clause, MANNER: _manner_clause, FIRST_BALL: _first_clause,
    FOUL_CLAUSE: _foul_clause, FACT: _fact_clause, POCKET: _misplaced, BALL: _misplaced,
    UNKNOWN: _misplaced, **{kind: _flag_clause for kind, _ in FLAG_KINDS}}


def _read_clauses(tokens: tuple[Token, ...]) -> _Said:
    said = _Said()
    i = 0
    while i < len(tokens):
        i = CLAUSES[tokens[i].kind](tokens, i, said)
    return said


# --- 3. what the line means ----------------------------------------------------------------
def _parse_stroke(line: str, words: list[str], state: GameState) -> StrokeEntry:
    """A stroke line (see the module doc) -> the typed stroke entry."""
    said = _read_clauses(tokenize(words))
    call = _call_said(line, said, state)
    potted = call is not None and "not-potted" not in said.flags
    seen = _balls_that_fell(line, said, call, potted, state)
    _check_enough_said(line, said, call, potted, seen, state)
    return _entry(line, said, call, potted)


def _call_said(line: str, said: _Said, state: GameState) -> Call | None:
    """The call the line makes (R5: ball and pocket, R5.1 its manner), on a ball on the table
    (R5.4), and the words that need a call (a manner, ``wrong``, ``x``) or refuse one
    (``nocall``)."""
    flags = said.flags
    call = None
    if said.call_ball is not None:
        manner = "+".join(said.manners) if said.manners else "clean"
        try:
            call = Call(said.call_ball, said.call_pocket, manner)
        except EngineError as exc:
            raise _err(line, str(exc), str(exc), "R5.1") from None
        if said.call_ball not in state.balls:
            raise _err(said.call_ball, f"ball {said.call_ball} is not on the table (on the "
                                       f"table: {' '.join(state.object_balls)})",
                       f"шара {said.call_ball} нет на столе (на столе: "
                       f"{' '.join(state.object_balls)})", "R5.4")
    elif said.manners:
        raise _err(said.manners[0], "a manner belongs to a call: `7 FL bank`",
                   "способ относится к заказу: «7 ДЛ дуплет»", "R5.1")
    elif "manner-wrong" in flags:
        raise _err(line, "`wrong` (not as called) needs a call", "«не-так» требует заказа",
                   "R5.1")
    if call is not None and "no-call" in flags:
        raise _err(line, "both a call and `nocall`", "и заказ, и «без-заказа»")
    if "not-potted" in flags and call is None:
        raise _err(line, "`x` (not pocketed) needs a call: `7 FL x`",
                   "«х» (не забит) требует заказа: «7 ДЛ х»")
    if "not-potted" in flags and "manner-wrong" in flags:
        raise _err(line, "`x` and `wrong` together: if the ball did not fall, the manner "
                         "does not matter", "«х» и «не-так» вместе: если шар не упал, способ "
                                            "не важен")
    return call


def _balls_that_fell(line: str, said: _Said, call: Call | None, potted: bool,
                     state: GameState) -> set[str]:
    """The balls the line says fell or left the table, each once and each on the table; a
    miss touches no ball, so none fell (R7.1a); the first ball hit is on the table."""
    seen: set[str] = set()
    fell = ([call.ball] if potted else []) + [b for b, _ in said.others] + said.off
    for b in fell:
        if b in seen:
            raise _err(b, f"ball {b} falls twice", f"шар {b} упал дважды")
        seen.add(b)
        if b != CUE and b not in state.balls:
            raise _err(b, f"ball {b} is not on the table", f"шара {b} нет на столе")
    if "miss" in said.flags:
        if said.first is not None:
            raise _err(line, "`miss` and `first N` together: did the cue ball hit a ball?",
                       "«промах» и «первым N» вместе: коснулся ли биток шара?", "R7.1a")
        if potted or [b for b in seen if b != CUE]:
            raise _err(line, "a miss touches no ball, so no object ball can fall (say which "
                             "ball was hit first with `first N`)",
                       "при промахе биток не касается шаров, значит, ни один шар не может "
                       "упасть (скажите, какой шар был первым: «первым N»)", "R7.1a")
    if said.first is not None and said.first not in state.balls:
        raise _err(said.first, f"ball {said.first} is not on the table",
                   f"шара {said.first} нет на столе")
    return seen


# facts that say what happened although no ball was struck
TOUCH_ONLY = {"tush", "d", "advice", "pass-to-partner", "shooter-disturbed",
              "tush-believing-won", "hanging-ball-fell-after-opponent-stroke"}


def _check_enough_said(line: str, said: _Said, call: Call | None, potted: bool,
                       seen: set[str], state: GameState) -> None:
    """Refuse a line that leaves out what the rules need: the first ball of a carom or
    combination (R5.1), anything at all, a stroke without a call only when one is due (R5.4,
    R10.1, R11.10), the pocket of the cue ball (R7.1b), the first ball hit (R7.1a); ``=`` only
    of a foul (R9.2)."""
    flags, facts, first = said.flags, said.facts, said.first
    miss, no_call = "miss" in flags, "no-call" in flags
    if (call is not None and potted and first is None and "manner-wrong" not in flags
            and state.call_mode == EXACT and call.manner_set & {CAROM, COMBINATION}):
        raise _err(line, "a carom or combination: the cue ball hit another ball before the "
                         "called one; say which with `first N`",
                   "карамболь или комбинация: биток сначала задел другой шар; скажите, какой: "
                   "«первым N»", "R5.1")
    if (call is None and not miss and not no_call and first is None and not facts
            and not said.others and not said.off):
        raise _err(line, "say what happened: a call (`7 FL`), `miss`, `tush`, `foul ...`",
                   "скажите, что было: заказ («7 ДЛ»), «промах», «туш», «фол ...»")
    if no_call and state.no_call_strokes_left == 0:
        raise _err(line, "no stroke without a call is due now (only the first strokes of a "
                         "last-ball replay, R10.1, or after `cluster`, R11.10)",
                   "удар без заказа сейчас не положен (только первые удары переигровки "
                   "последнего шара, R10.1, или после «скопление», R11.10)", "R5.4")
    if "b" in facts and CUE not in [b for b, _ in said.others]:
        raise _err(line, "in which pocket did the cue ball fall? write `+cue POCKET`",
                   "в какую лузу упал биток? напишите «+биток ЛУЗА»", "R7.1b")
    touch_only = facts and facts <= TOUCH_ONLY
    if (call is None and not miss and first is None and not no_call and not touch_only
            and not [b for b in seen if b != CUE] and len(state.object_balls) != 1
            and state.no_call_strokes_left == 0):
        raise _err(line, "which ball did the cue ball hit first? (`first N`, or `miss`)",
                   "какой шар биток задел первым? («первым N» или «промах»)", "R7.1a")
    if "unchanged" in flags and not (facts or miss or CUE in seen):
        raise _err("=", "`=` (balls unchanged) is said of a foul stroke only",
                   "«=» (шары на местах) говорится только о фоле", "R9.2")


def _entry(line: str, said: _Said, call: Call | None, potted: bool) -> StrokeEntry:
    """The typed stroke, with the R7.1 letters the rules read from what fell: b for the cue
    ball pocketed, c off the table (not when it jumped back, R11.6); a miss is read from the
    missing first contact, so its letter a is dropped."""
    facts, off = set(said.facts), list(said.off)
    if "c" in facts and CUE not in off:
        off.append(CUE)
    if CUE in [b for b, _ in said.others]:
        facts.add("b")
    if CUE in off and "cue-jumped-and-returned" not in facts:
        facts.add("c")
    if "miss" in said.flags:
        facts.discard("a")  # the rules core reads the miss from the missing first contact
    return StrokeEntry(text=line, call=call, potted=potted, others=tuple(said.others),
                       off_table=tuple(off), first=said.first, miss="miss" in said.flags,
                       no_call="no-call" in said.flags, facts=frozenset(facts),
                       unchanged="unchanged" in said.flags,
                       manner_wrong="manner-wrong" in said.flags)


__all__ = ["CLAUSES", "Token", "parse_line", "tokenize"]

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

Every refusal is a :class:`~engine.notation.entry.NotationError` naming the word at fault
and its reason by a catalog key, ``notation.error.<what is wrong>`` (:mod:`engine.words`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..calls import CAROM, COMBINATION, EXACT, Call
from ..errors import EngineError
from ..kinds import FoulLetter, NamedFact
from ..special import CORNER_POCKETS
from ..state import GameState
from ..values import CUE
from .entry import Command, NotationError, StrokeEntry
from .lexicon import (BALL, COMMANDS, FACT, FELL, FIRST_BALL, FLAG_KINDS, FOUL_CLAUSE, GAME,
                      MANNER, MANNER_WORDS, OFF_TABLE, POCKET, UNKNOWN, ball_of, fact_of,
                      Flag, is_foul_word, kind_of, line_words, pocket_of)

CALL = "call"  # the kind of an object ball opening a stroke line


def parse_line(text: str, state: GameState | None) -> StrokeEntry | Command | None:
    """Read one typed line (see the module doc); None for an empty line or a comment."""
    read = line_words(text)
    if read is None:
        return None
    line, words = read
    head = words[0].lower()
    if head in COMMANDS:
        name = COMMANDS[head]
        rest = tuple(words[1:])
        if name == "cluster":
            return _parse_cluster(line, words, state)
        if name == "new-game":
            if not rest or rest[0].lower() not in GAME:
                raise NotationError(line, "notation.error.new_game")
            rest = rest[1:]
        if name in ("undo", "score", "help", "quit", "warning") and rest:
            raise NotationError(rest[0], "notation.error.command_takes_nothing",
                                word=words[0])
        return Command(name, rest)
    if state is None:
        raise NotationError(line, "notation.error.no_game")
    return _parse_stroke(line, words, state)

def _parse_cluster(line: str, words: list[str], state: GameState | None) -> Command:
    """R11.10, ``cluster FL [3 5 9]`` (``скопление ДЛ [3 5 9]``): the players agree that all
    the balls are gathered round corner pocket FL.  Checked here against the state, so the
    refusal is in both languages (engine.special.apply_corner_cluster checks the same for a
    record); returns ``Command("cluster", (pocket, *balls))``."""
    # 1. the game: under way, its break played, no stroke without a call already due
    if state is None:
        raise NotationError(line, "notation.error.no_game")
    if state.game_over:
        raise NotationError(line, "notation.error.game_over", "R11.10")
    if state.break_pending:
        raise NotationError(line, "notation.error.cluster.break_pending", "R11.10")
    if state.no_call_strokes_left:
        raise NotationError(line, "notation.error.cluster.no_call_due", "R11.10",
                            n=state.no_call_strokes_left)
    # 2. the corner pocket
    if len(words) < 2:
        raise NotationError(line, "notation.error.cluster.which_pocket", "R11.10")
    pocket = pocket_of(words[1])
    if pocket is None:
        raise NotationError(words[1], "notation.error.cluster.not_a_pocket", "R11.10")
    if pocket not in CORNER_POCKETS:
        raise NotationError(words[1], "notation.error.cluster.middle_pocket", "R11.10")
    # 3. the balls gathered there, when named: every ball on the table, each once
    balls: list[str] = []
    for w in words[2:]:
        b = ball_of(w)
        if b is None or b == CUE:
            raise NotationError(w, "notation.error.cluster.not_a_ball")
        if b in balls:
            raise NotationError(w, "notation.error.cluster.named_twice", ball=b)
        if b not in state.balls:
            raise NotationError(w, "notation.error.not_on_table_listed", "R11.10", ball=b,
                                balls=" ".join(state.object_balls))
        balls.append(b)
    rest = [b for b in state.object_balls if b not in balls]
    if balls and rest:
        raise NotationError(line, "notation.error.cluster.not_all", "R11.10",
                            balls=" ".join(rest))
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
    flags: set[Flag] = field(default_factory=set)  # kinds of lexicon.FLAG_KINDS but tush
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
        raise NotationError(tok.text, "notation.error.call.no_pocket", "R5")
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
        raise NotationError(tok.text, "notation.error.fell.no_ball")
    if nxt is not None and nxt.low in OFF_TABLE:
        said.off.append(b)
    elif nxt is not None and pocket_of(nxt.text) is not None:
        said.others.append((b, pocket_of(nxt.text)))
    else:
        raise NotationError(tok.text, "notation.error.fell.no_pocket")
    return i + 2


def _flag_clause(tokens, i, said: _Said) -> int:
    """``x`` (not pocketed), ``miss``, ``tush``, ``nocall``, ``=`` (unchanged), ``wrong``."""
    kind = tokens[i].kind
    if kind == Flag.TUSH:
        said.facts.add(NamedFact.TUSH)
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
        raise NotationError(tokens[i].text, "notation.error.first.no_ball")
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
        raise NotationError(tokens[i].text, "notation.error.foul.which", "R7.1")
    return j


def _fact_clause(tokens, i, said: _Said) -> int:
    """A named fact, or a foul by name, on its own (``push``, ``свояк``)."""
    said.facts.add(fact_of(tokens[i].low))
    return i + 1


def _misplaced(tokens, i, said: _Said) -> int:
    """A pocket or a ball where none belongs, or a word the notation does not have."""
    tok = tokens[i]
    if tok.kind == POCKET:
        raise NotationError(tok.text, "notation.error.pocket_without_ball", "R5")
    if tok.kind == BALL:
        raise NotationError(tok.text, "notation.error.ball_out_of_place")
    raise NotationError(tok.text, "notation.error.unknown_word")


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
    potted = call is not None and Flag.NOT_POTTED not in said.flags
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
            raise NotationError(line, "notation.error.call.refused", "R5.1",
                                reason=str(exc)) from None
        if said.call_ball not in state.balls:
            raise NotationError(said.call_ball, "notation.error.not_on_table_listed", "R5.4",
                                ball=said.call_ball, balls=" ".join(state.object_balls))
    elif said.manners:
        raise NotationError(said.manners[0], "notation.error.manner_without_call", "R5.1")
    elif Flag.MANNER_WRONG in flags:
        raise NotationError(line, "notation.error.wrong_without_call", "R5.1")
    if call is not None and Flag.NO_CALL in flags:
        raise NotationError(line, "notation.error.call_and_nocall")
    if Flag.NOT_POTTED in flags and call is None:
        raise NotationError(line, "notation.error.x_without_call")
    if Flag.NOT_POTTED in flags and Flag.MANNER_WRONG in flags:
        raise NotationError(line, "notation.error.x_and_wrong")
    return call


def _balls_that_fell(line: str, said: _Said, call: Call | None, potted: bool,
                     state: GameState) -> set[str]:
    """The balls the line says fell or left the table, each once and each on the table; a
    miss touches no ball, so none fell (R7.1a); the first ball hit is on the table."""
    seen: set[str] = set()
    fell = ([call.ball] if potted else []) + [b for b, _ in said.others] + said.off
    for b in fell:
        if b in seen:
            raise NotationError(b, "notation.error.fell.twice", ball=b)
        seen.add(b)
        if b != CUE and b not in state.balls:
            raise NotationError(b, "notation.error.not_on_table", ball=b)
    if Flag.MISS in said.flags:
        if said.first is not None:
            raise NotationError(line, "notation.error.miss.and_first", "R7.1a")
        if potted or [b for b in seen if b != CUE]:
            raise NotationError(line, "notation.error.miss.and_fell", "R7.1a")
    if said.first is not None and said.first not in state.balls:
        raise NotationError(said.first, "notation.error.not_on_table", ball=said.first)
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
    miss, no_call = Flag.MISS in flags, Flag.NO_CALL in flags
    if (call is not None and potted and first is None and Flag.MANNER_WRONG not in flags
            and state.call_mode == EXACT and call.manner_set & {CAROM, COMBINATION}):
        raise NotationError(line, "notation.error.carom_first", "R5.1")
    if (call is None and not miss and not no_call and first is None and not facts
            and not said.others and not said.off):
        raise NotationError(line, "notation.error.nothing_said")
    if no_call and state.no_call_strokes_left == 0:
        raise NotationError(line, "notation.error.no_call_not_due", "R5.4")
    if FoulLetter.B in facts and CUE not in [b for b, _ in said.others]:
        raise NotationError(line, "notation.error.cue_pocket", "R7.1b")
    touch_only = facts and facts <= TOUCH_ONLY
    if (call is None and not miss and first is None and not no_call and not touch_only
            and not [b for b in seen if b != CUE] and len(state.object_balls) != 1
            and state.no_call_strokes_left == 0):
        raise NotationError(line, "notation.error.first_ball", "R7.1a")
    if Flag.UNCHANGED in flags and not (facts or miss or CUE in seen):
        raise NotationError("=", "notation.error.unchanged_not_foul", "R9.2")


def _entry(line: str, said: _Said, call: Call | None, potted: bool) -> StrokeEntry:
    """The typed stroke, with the R7.1 letters the rules read from what fell: b for the cue
    ball pocketed, c off the table (not when it jumped back, R11.6); a miss is read from the
    missing first contact, so its letter a is dropped."""
    facts, off = set(said.facts), list(said.off)
    if FoulLetter.C in facts and CUE not in off:
        off.append(CUE)
    if CUE in [b for b, _ in said.others]:
        facts.add("b")
    if CUE in off and NamedFact.CUE_JUMPED_AND_RETURNED not in facts:
        facts.add("c")
    if Flag.MISS in said.flags:
        facts.discard("a")  # the rules core reads the miss from the missing first contact
    return StrokeEntry(text=line, call=call, potted=potted, others=tuple(said.others),
                       off_table=tuple(off), first=said.first, miss=Flag.MISS in said.flags,
                       no_call=Flag.NO_CALL in said.flags, facts=frozenset(facts),
                       unchanged=Flag.UNCHANGED in said.flags,
                       manner_wrong=Flag.MANNER_WRONG in said.flags)


__all__ = ["CLAUSES", "Token", "parse_line", "tokenize"]

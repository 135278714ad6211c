"""The notation's words, in every language, read from the catalog (:mod:`engine.words`).

Every word the scorekeeper types is a catalog key under ``notation.``; a key whose text holds
several accepted spellings separates them with ``|`` (:data:`SPELLINGS`), the first the one
written out.  A line is read against the words of *every* language at once (a Russian word
in an English session is still understood), lower-cased:

* ``notation.word.<name>``: the words of one meaning (``cue``, ``miss``, ``tush``, ``first``,
  ``foul``, ``off-table``, ``not-potted``, ``no-call``, ``unchanged``, ``manner-wrong``, and
  ``game`` after ``new``);
* ``notation.manner.<manner>``: the manners of a call (:data:`engine.calls.MANNERS`);
* ``notation.foul.<letter or fact>``: the R7.1 letters by name and the named facts
  (:data:`engine.stroke.NAMED_FACTS`) said in words;
* ``notation.command.<name>``: the commands (:class:`~engine.notation.entry.Command` names);
* ``notation.pocket.<id>``: the pockets (``ДЛ`` for FL; the English words are the ids);
* ``notation.help``: the help text.

Besides these words the notation reads ids that are the same in every language: ball numbers,
pocket ids, R7.1 letters and named facts.
"""
from __future__ import annotations

from enum import StrEnum
from types import MappingProxyType
from typing import Mapping

from sim.table import POCKET_IDS

from ..stroke import FOUL_LETTERS, NAMED_FACTS
from ..values import CUE, OBJECT_BALLS
from ..words import LANGS, word, words_under

SPELLINGS = "|"  # separates the accepted spellings of one notation word in the catalog


def spellings(text: str) -> tuple[str, ...]:
    """The spellings of one catalog text (``"биток|б"`` -> ``("биток", "б")``)."""
    return tuple(text.split(SPELLINGS))


def _words(key: str) -> frozenset[str]:
    """Every spelling of ``key`` in every language, lower-cased."""
    return frozenset(s.lower() for lang in LANGS for s in spellings(word(key, lang)))


def _table(prefix: str) -> Mapping[str, str]:
    """``{spelling: name}`` for every key under ``prefix`` in every language, lower-cased."""
    out = {}
    for lang in LANGS:
        for name, text in words_under(prefix, lang).items():
            for s in spellings(text):
                out[s.lower()] = name
    return MappingProxyType(out)


CUE_WORDS = _words("notation.word.cue")
NOT_POTTED = _words("notation.word.not-potted")  # the Latin and the Cyrillic x
MISS = _words("notation.word.miss")
TUSH = _words("notation.word.tush")
NO_CALL = _words("notation.word.no-call")
UNCHANGED = _words("notation.word.unchanged")
MANNER_WRONG = _words("notation.word.manner-wrong")
FIRST = _words("notation.word.first")
FOUL = _words("notation.word.foul")
OFF_TABLE = _words("notation.word.off-table")
GAME = _words("notation.word.game")  # `new game`
MANNER_WORDS = _table("notation.manner.")  # word -> manner
FOUL_WORDS = _table("notation.foul.")  # word -> R7.1 letter or named fact
COMMANDS = _table("notation.command.")  # word -> command name
RU_POCKETS = MappingProxyType({ru.lower(): pid for pid, ru in
                               words_under("notation.pocket.", "ru").items()})
RU_POCKET_NAMES = MappingProxyType(words_under("notation.pocket.", "ru"))  # FL -> ДЛ
HELP_EN = word("notation.help", "en")
HELP_RU = word("notation.help", "ru")

# The kinds of a word of a stroke line, in the order a word is tried (a word of two kinds is
# the first: ``miss`` is the miss, not the foul letter a).
class Flag(StrEnum):
    """The flags a stroke line may carry (``x``, ``miss``, ``tush``, ``nocall``, ``=``,
    ``wrong``), by the kind of their word."""

    NOT_POTTED = "not-potted"
    MISS = "miss"
    TUSH = "tush"
    NO_CALL = "no-call"
    UNCHANGED = "unchanged"
    MANNER_WRONG = "manner-wrong"


FLAG_KINDS = ((Flag.NOT_POTTED, NOT_POTTED), (Flag.MISS, MISS), (Flag.TUSH, TUSH),
              (Flag.NO_CALL, NO_CALL), (Flag.UNCHANGED, UNCHANGED),
              (Flag.MANNER_WRONG, MANNER_WRONG))
FELL, MANNER, FIRST_BALL, FOUL_CLAUSE, FACT, POCKET, BALL, UNKNOWN = (
    "fell", "manner", "first", "foul", "fact", "pocket", "ball", "unknown")


def line_words(text: str) -> tuple[str, list[str]] | None:
    """A typed line stripped, and its words; None for an empty line or a comment (``#``),
    which every reader of the notation passes over."""
    line = text.strip()
    if not line or line.startswith("#"):
        return None
    return line, line.split()


def pocket_of(tok: str) -> str | None:
    """The pocket id a word names (``FL``, ``fl``, ``ДЛ``, ``дл``), or None."""
    up = tok.upper()
    if up in POCKET_IDS:
        return up
    return RU_POCKETS.get(tok.lower())


def ball_of(tok: str) -> str | None:
    """The ball a word names (``7``, or ``cue`` for the cue ball's words), or None."""
    t = tok.lower()
    if t in OBJECT_BALLS:
        return t
    if t in CUE_WORDS:
        return CUE
    return None


def is_foul_word(low: str) -> bool:
    """Can ``low`` follow ``foul``: a foul by name, an R7.1 letter or a named fact."""
    return low in FOUL_WORDS or low in FOUL_LETTERS or low in NAMED_FACTS


def fact_of(low: str) -> str:
    """The R7.1 letter or named fact a foul word stands for."""
    return FOUL_WORDS.get(low, low)


def kind_of(low: str) -> str:
    """What a lower-cased word of a stroke line is, tried in the notation's order: a ball that
    fell (``+3``), a flag (:data:`FLAG_KINDS`), a manner, ``first``, ``foul``, a named fact or
    foul word, a pocket, a ball, or unknown."""
    if low.startswith("+"):
        return FELL
    for kind, accepted in FLAG_KINDS:
        if low in accepted:
            return kind
    if low in MANNER_WORDS:
        return MANNER
    if low in FIRST:
        return FIRST_BALL
    if low in FOUL:
        return FOUL_CLAUSE
    if low in NAMED_FACTS or low in FOUL_WORDS:
        return FACT
    if pocket_of(low) is not None:
        return POCKET
    if ball_of(low) is not None:
        return BALL
    return UNKNOWN


def notation_words() -> frozenset[str]:
    """Every word of the lexicon above that comes from the catalog (for the test that the
    parser reads exactly the catalog's words)."""
    tables = (CUE_WORDS, NOT_POTTED, MISS, TUSH, NO_CALL, UNCHANGED, MANNER_WRONG, FIRST, FOUL,
              OFF_TABLE, GAME, MANNER_WORDS, FOUL_WORDS, COMMANDS, RU_POCKETS)
    return frozenset().union(*tables) | {p.lower() for p in POCKET_IDS}

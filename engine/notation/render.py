"""A typed line said again in one language (issue 54, item 4: records in a language-neutral
notation, shown in the page's language).

The parser reads the words of every language at once (:mod:`.lexicon`), so a line typed with
the Russian buttons may mix ``9 БП +cue БЛ``.  :func:`render_line` says every word of a line
by its meaning in one language, the first spelling of its catalog text (``notation.*``):
pockets as the players of that language name them (``ДЛ`` for FL), flags, manners, ``first``,
``foul`` and the fouls by name in its words; ball numbers stay, and so do the R7.1 letters
and named facts that have no word, and any word the notation does not have.
:func:`canonical_line` is the line in the notation's canonical form, the language of files
(:data:`engine.words.DEFAULT_LANG`: pocket ids, the English words), the form a record keeps.

The words are read as the grammar reads them (:mod:`.grammar`): after ``foul`` every foul
word belongs to it (``foul d miss`` is the letters d and a, not a miss), so the line said
again parses to the same entry (tests/engine/notation/test_render.py).
"""
from __future__ import annotations

from ..values import CUE
from ..words import DEFAULT_LANG, LANGS, check_lang, word, words_under
from .lexicon import (BALL, COMMANDS, FACT, FELL, FIRST_BALL, FLAG_KINDS, FOUL_CLAUSE, GAME,
                      MANNER, MANNER_WORDS, OFF_TABLE, POCKET, ball_of, fact_of, is_foul_word,
                      kind_of, line_words, pocket_of, spellings)

FLAGS = frozenset(kind for kind, _ in FLAG_KINDS)


def _said(key: str, lang: str) -> str:
    """The written-out spelling of a notation word (the first of its catalog text)."""
    return spellings(word(key, lang))[0]


def _ball(low: str, lang: str) -> str | None:
    """A ball in ``lang``: its number, or the cue ball's word; None if ``low`` is no ball."""
    b = ball_of(low)
    if b is None:
        return None
    return _said("notation.word.cue", lang) if b == CUE else b


def _fact(name: str, lang: str) -> str:
    """An R7.1 letter or named fact in ``lang``: its word, else the id itself."""
    fouls = words_under("notation.foul.", lang)
    return spellings(fouls[name])[0] if name in fouls else name


def _word(text: str, lang: str) -> str:
    """One word of a stroke line in ``lang`` by its kind (:func:`.lexicon.kind_of`)."""
    low = text.lower()
    kind = kind_of(low)
    if kind == FELL:  # +3, +cue, or a lone + before the ball
        rest = _ball(low[1:], lang) if low[1:] else ""
        return text if rest is None else "+" + rest
    if kind in FLAGS:
        return _said(f"notation.word.{kind}", lang)
    if kind == MANNER:
        return _said(f"notation.manner.{MANNER_WORDS[low]}", lang)
    if kind == FIRST_BALL:
        return _said("notation.word.first", lang)
    if kind == FOUL_CLAUSE:
        return _said("notation.word.foul", lang)
    if kind == FACT:
        return _fact(fact_of(low), lang)
    if kind == POCKET:
        return _said(f"notation.pocket.{pocket_of(text)}", lang)
    if kind == BALL:
        return _ball(low, lang) or text
    if low in OFF_TABLE:
        return _said("notation.word.off-table", lang)
    return text  # a word the notation does not have: as typed


def _command_arg(text: str, lang: str) -> str:
    """A command's argument in ``lang``: a pocket, ``game`` (``new game``, ``replay game``);
    anything else (balls, scores, a correction's reason) as typed."""
    if pocket_of(text) is not None:
        return _said(f"notation.pocket.{pocket_of(text)}", lang)
    if text.lower() in GAME:
        return _said("notation.word.game", lang)
    return text


def render_line(text: str, lang: str) -> str:
    """``text`` (a line of the notation, in any language) with every word said in ``lang``
    (see the module doc); an empty line or a comment as it is."""
    check_lang(lang)
    read = line_words(text)
    if read is None:
        return text.strip()
    words = read[1]
    head = words[0].lower()
    if head in COMMANDS:
        return " ".join([_said(f"notation.command.{COMMANDS[head]}", lang)]
                        + [_command_arg(w, lang) for w in words[1:]])
    out, in_foul = [], False
    for i, w in enumerate(words):
        low = w.lower()
        if in_foul and is_foul_word(low):  # the fouls after `foul` (grammar._foul_clause)
            out.append(_fact(fact_of(low), lang))
            continue
        in_foul = kind_of(low) == FOUL_CLAUSE
        out.append(w if i == 0 and ball_of(low) not in (None, CUE) else _word(w, lang))
    return " ".join(out)


def canonical_line(text: str) -> str:
    """``text`` in the notation's canonical form (the language of files: pocket ids and the
    English words), the form a record keeps."""
    return render_line(text, DEFAULT_LANG)


def line_in_every_language(text: str) -> dict[str, str]:
    """``{lang: text said in lang}`` for every catalog (what a page shows in its language,
    switching without asking again)."""
    return {lang: render_line(text, lang) for lang in LANGS}


__all__ = ["canonical_line", "line_in_every_language", "render_line"]

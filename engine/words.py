"""The product's one vocabulary: every word a player reads, in every language, from one
message catalog per language (``engine/locale/<lang>.json``, a flat JSON object of keys to
texts), read here by Python and fetched as it is by the board's page.

Keys are dotted by where the words are used (``notation.``, ``advice.``, ``score.``,
``board.``, ...); a text may hold ``{name}`` fields, filled by :func:`say` (``str.format``)
and by the page's ``t(key, {name: value})`` alike.  Russian is written the way players speak at
the table (``дуплет``, ``биток``, ``свояк``, ``туш``).  Every key is in every language
(tests/engine/test_words.py): a missing word is a test failure, never an English word in a
Russian sentence at the table.

The catalogs are the conventions of gettext's PO files and of i18next's JSON reduced to what
this product needs: one flat table per language, no plural engine (the few plurals are keys of
their own).

The notation's words (``notation.*``, read by :mod:`engine.notation.lexicon`): the words the
scorekeeper types, in every language.  A word with several accepted spellings keeps them in
one text separated by ``|`` (``notation.word.cue``: ``cue`` / ``биток|б``), the first the
one written out; the parser reads the spellings of every language at once, lower-cased.
``notation.word.<name>`` are words of one meaning, ``notation.manner.<manner>`` the manners
of a call, ``notation.foul.<letter or fact>`` the fouls by name, ``notation.command.<name>``
the commands, ``notation.pocket.<id>`` the pockets (in English the ids themselves),
``notation.help`` the help text.  Ball numbers, pocket ids, R7.1 letters and named facts
are ids, the same in every language, and not in the catalog.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from .errors import excerpt

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGS = ("en", "ru")  # every catalog; the first is the language of files and logs
DEFAULT_LANG = "en"


class UnknownLanguageError(ValueError):
    """A language without a catalog; the message lists the known ones."""

    def __init__(self, lang) -> None:
        super().__init__(f"lang = {excerpt(lang)} is not a known language; known: "
                         f"{', '.join(LANGS)}")  # cut: a 5 000-character name was echoed whole


class MissingWordError(KeyError):
    """A key that the catalog of ``lang`` lacks (a programming error: the catalogs are tested
    complete, so this is a key written wrong in the code)."""

    def __init__(self, key: str, lang: str) -> None:
        super().__init__(f"no word {key!r} in the {lang} catalog ({LOCALE_DIR / (lang + '.json')})")

    def __str__(self) -> str:
        return str(self.args[0])


def check_lang(lang) -> str:
    """``lang`` if it has a catalog, else :class:`UnknownLanguageError`."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise UnknownLanguageError(lang)
    return lang


@lru_cache(maxsize=None)
def catalog(lang: str) -> Mapping[str, str]:
    """The catalog of ``lang`` (read once per process, read-only)."""
    check_lang(lang)
    with open(LOCALE_DIR / f"{lang}.json", encoding="utf-8") as fh:
        table = json.load(fh)
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              for k, v in table.items()):
        raise ValueError(f"{LOCALE_DIR / (lang + '.json')}: a catalog is a JSON object of "
                         f"texts")
    return MappingProxyType(table)


def word(key: str, lang: str) -> str:
    """The text of ``key`` in ``lang``, fields unfilled."""
    table = catalog(lang)
    try:
        return table[key]
    except KeyError:
        raise MissingWordError(key, lang) from None


def say(key: str, lang: str, **fields) -> str:
    """The text of ``key`` in ``lang`` with its ``{name}`` fields filled from ``fields``."""
    text = word(key, lang)
    return text.format(**fields) if fields else text


def in_every_language(key: str, **fields) -> dict[str, str]:
    """``{lang: text}`` for every language (what an answer carries for a page to choose)."""
    return {lang: say(key, lang, **fields) for lang in LANGS}


def words_under(prefix: str, lang: str) -> dict[str, str]:
    """Every key that starts with ``prefix`` (e.g. ``"advice.pocket."``), the prefix cut off:
    a table of names such as pockets or speeds."""
    return {k[len(prefix):]: v for k, v in catalog(lang).items() if k.startswith(prefix)}


def catalog_text(table: Mapping[str, str]) -> str:
    """A catalog as its file holds it: one key a line, keys sorted (so that words added in two
    places merge cleanly), UTF-8 as it is."""
    return json.dumps(dict(table), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def add_words(entries: Mapping[str, Mapping[str, str]]) -> None:
    """Maintainers' tool: add ``{key: {lang: text}}`` to the catalog files (every language at
    once; an existing key with another text is refused, so nothing is overwritten unseen)."""
    for key, texts in entries.items():
        if set(texts) != set(LANGS):
            raise ValueError(f"{key}: give a text in every language ({', '.join(LANGS)})")
    for lang in LANGS:
        path = LOCALE_DIR / f"{lang}.json"
        table = json.loads(path.read_text(encoding="utf-8"))
        for key, texts in entries.items():
            if key in table and table[key] != texts[lang]:
                raise ValueError(f"{key}: already {table[key]!r} in {lang}.json")
            table[key] = texts[lang]
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(catalog_text(table), encoding="utf-8")
        tmp.replace(path)
    catalog.cache_clear()


def plural_form(n: int, lang: str) -> str:
    """The plural form a count takes in ``lang``: ``"one"``, ``"few"`` or ``"many"``.  Russian
    by the last two digits (1, 21, 101: one; 2-4, 22-24: few; 0, 5-20, 25-30: many; 11-14 are
    many); English one for 1, else many."""
    n = abs(int(n))
    if check_lang(lang) != "ru":
        return "one" if n == 1 else "many"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def count_words(key: str, n: int, lang: str) -> str:
    """``n`` with its noun in the right form: the catalog's ``<key>.one/.few/.many`` (each a
    text with ``{n}``), e.g. ``count_words("words.times", 2, "ru")`` is «2 раза»."""
    return say(f"{key}.{plural_form(n, lang)}", lang, n=n)

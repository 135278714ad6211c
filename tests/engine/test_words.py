"""The one vocabulary (engine/words.py): one catalog per language, every key in every
language, the same ``{fields}`` in every language, and nothing but text."""
import json
import re
import string

import pytest

from engine import words
from engine.words import LANGS, LOCALE_DIR

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_one_catalog_per_language_and_no_other():
    files = sorted(p.name for p in LOCALE_DIR.glob("*.json"))
    assert files == sorted(f"{lang}.json" for lang in LANGS)


def test_every_key_is_in_every_language():
    keys = {lang: set(words.catalog(lang)) for lang in LANGS}
    everything = set().union(*keys.values())
    missing = {lang: sorted(everything - k) for lang, k in keys.items() if everything - k}
    assert not missing, f"keys missing from a catalog: {missing}"


def test_every_language_fills_the_same_fields():
    first = words.catalog(LANGS[0])
    differ = []
    for key, text in first.items():
        for lang in LANGS[1:]:
            other = words.catalog(lang).get(key)
            if other is not None and _fields(other) != _fields(text):
                differ.append((key, lang, sorted(_fields(text)), sorted(_fields(other))))
    assert not differ, differ


def test_catalog_files_are_flat_sorted_json_objects_of_text():
    for lang in LANGS:
        raw = (LOCALE_DIR / f"{lang}.json").read_text(encoding="utf-8")
        table = json.loads(raw)
        assert isinstance(table, dict)
        assert all(isinstance(v, str) and v.strip() == v and v for v in table.values())
        assert list(table) == sorted(table), f"{lang}.json: keys not sorted (merges stay clean)"
        assert raw == words.catalog_text(table)


def test_say_fills_fields_and_names_what_is_wrong():
    with pytest.raises(words.UnknownLanguageError, match="'de'.*known: en, ru"):
        words.catalog("de")
    with pytest.raises(words.MissingWordError, match="no.such.key"):
        words.say("no.such.key", "en")

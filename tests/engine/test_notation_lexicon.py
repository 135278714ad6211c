"""engine/notation/lexicon.py: the notation's words are the catalog's ``notation.*`` keys
(engine/words.py), and the parser reads exactly the words it read when they were written in
the code (frozen below), in English and in Russian."""
import pytest

from engine import initial_state, words
from engine.calls import MANNERS
from engine.notation import HELP_EN, HELP_RU, RU_POCKET_NAMES, StrokeEntry, lexicon, parse_line
from engine.stroke import FOUL_LETTERS, NAMED_FACTS
from sim.table import POCKET_IDS

# The tables as engine/notation.py held them before the words moved into the catalog.
BEFORE = {
    "RU_POCKETS": {"бл": "NL", "бп": "NR", "сл": "ML", "сп": "MR", "дл": "FL", "дп": "FR"},
    "NOT_POTTED": {"x", "х", "мимо", "nopot", "не-забит"},
    "MISS": {"miss", "промах"},
    "TUSH": {"tush", "туш"},
    "NO_CALL": {"nocall", "no-call", "без-заказа"},
    "UNCHANGED": {"=", "unchanged", "без-изменений"},
    "MANNER_WRONG": {"wrong", "manner-wrong", "не-так"},
    "FIRST": {"first", "первым", "@"},
    "FOUL": {"foul", "фол", "штраф"},
    "CUE_WORDS": {"cue", "биток", "б"},
    "OFF_TABLE": {"off", "вылет", "за-борт"},
    "GAME": {"game", "партия", "партию"},
    "MANNER_WORDS": {
        "clean": "clean", "чисто": "clean", "bank": "bank", "дуплет": "bank",
        "от-борта": "bank", "kiss": "kiss", "от-шара": "kiss", "carom": "carom",
        "карамболь": "carom", "cushion-first": "cushion-first", "абриколь": "cushion-first",
        "combination": "combination", "комбинация": "combination"},
    "FOUL_WORDS": {
        "miss": "a", "промах": "a", "cue-pocketed": "b", "биток-в-лузе": "b", "свояк": "b",
        "cue-off-table": "c", "биток-за-бортом": "c", "touch": "d", "касание": "d",
        "wrong-ball": "e", "не-тем-шаром": "e", "ferrule": "f", "наклейка": "f",
        "house-ball": "g", "дом": "g", "шар-в-доме": "g", "wrong-place": "h",
        "не-из-дома": "h", "moving": "i", "по-движущимся": "i", "push": "push",
        "толчок": "push", "double-hit": "double-hit", "двойной": "double-hit",
        "no-foot-on-floor": "no-foot-on-floor", "без-ноги": "no-foot-on-floor",
        "advice": "advice", "подсказка": "advice", "pass-to-partner": "pass-to-partner",
        "передача": "pass-to-partner"},
    "COMMANDS": {
        "undo": "undo", "отмена": "undo", "назад": "undo", "score": "score", "счёт": "score",
        "счет": "score", "help": "help", "помощь": "help", "?": "help", "quit": "quit",
        "exit": "quit", "выход": "quit", "q": "quit", "warning": "warning",
        "предупреждение": "warning", "correct": "correction", "correction": "correction",
        "поправка": "correction", "replay": "replay", "переигровка": "replay",
        "new": "new-game", "новая": "new-game", "cluster": "cluster",
        "corner-cluster": "cluster", "скопление": "cluster", "куча": "cluster"},
}
WORD_KEYS = ("notation.word.", "notation.manner.", "notation.foul.", "notation.command.",
             "notation.pocket.")


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_the_parser_reads_the_words_it_read_before(name):
    table = getattr(lexicon, name)
    if isinstance(BEFORE[name], dict):
        assert dict(table) == BEFORE[name]
    else:
        assert set(table) == BEFORE[name]


def test_the_parsers_lexicon_is_the_catalogs_notation_words():
    in_catalog = {s.lower() for lang in words.LANGS for prefix in WORD_KEYS
                  for text in words.words_under(prefix, lang).values()
                  for s in lexicon.spellings(text)}
    assert lexicon.notation_words() == in_catalog


def test_the_catalogs_notation_keys_name_what_the_rules_know():
    en = words.words_under
    assert set(en("notation.manner.", "en")) == set(MANNERS)
    assert set(en("notation.foul.", "en")) <= set(FOUL_LETTERS) | set(NAMED_FACTS)
    assert set(en("notation.foul.", "en")) >= set(FOUL_LETTERS)
    assert en("notation.pocket.", "en") == {p: p for p in POCKET_IDS}  # the ids themselves
    assert RU_POCKET_NAMES == {"NL": "БЛ", "NR": "БП", "ML": "СЛ", "MR": "СП", "FL": "ДЛ",
                               "FR": "ДП"}
    assert HELP_EN == words.word("notation.help", "en") and "cluster FL" in HELP_EN
    assert HELP_RU == words.word("notation.help", "ru") and "скопление ДЛ" in HELP_RU


def test_every_spelling_of_a_manner_reads_alike():
    state = initial_state()
    for lang in words.LANGS:
        for manner, text in words.words_under("notation.manner.", lang).items():
            for spelling in lexicon.spellings(text):
                entry = parse_line(f"7 FL {spelling.upper()} x", state)
                assert isinstance(entry, StrokeEntry) and entry.call.manner == manner

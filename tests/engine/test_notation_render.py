"""engine/notation/render.py: a typed line said again in one language (issue 54, item 4)."""
import dataclasses

import pytest

from engine import initial_state
from engine.kinds import FoulLetter
from engine.notation import StrokeEntry, canonical_line, parse_line, render_line
from engine.notation.lexicon import Flag
from engine.words import UnknownLanguageError, say, words_under
from sim.table import POCKET_IDS

# lines a scorekeeper types at the start of a game (from hand), each flag, manner and clause
LINES = ["7 FL", "7 FL x", "9 NR +cue NL", "7 FL bank", "7 FL kiss first 5", "7 FL wrong",
         "3 ML +5 off", "miss", "tush", "foul touch =", "foul d miss first 3", "push first 3",
         "7 FL @ 5", "+ 3 NR first 3", "foul g first 3", "foul wrong-ball first 3 +cue FR",
         "7 fl combination first 5"]


@pytest.fixture
def state():
    return initial_state()


def same_entry(a: StrokeEntry, b: StrokeEntry) -> bool:
    return dataclasses.replace(a, text="") == dataclasses.replace(b, text="")


def test_the_review_line_of_the_issue_is_said_in_russian():
    # issue 54: «9 БП +cue БЛ» and «Записано: miss» on the Russian page
    assert render_line("9 БП +cue БЛ", "ru") == "9 БП +биток БЛ"
    assert render_line("miss", "ru") == "промах"
    assert canonical_line("9 БП +cue БЛ") == "9 NR +cue NL"
    assert canonical_line("12 ДЛ +6 БП") == "12 FL +6 NR"


def test_every_pocket_in_every_language():
    for pid in POCKET_IDS:
        ru = say(f"notation.pocket.{pid}", "ru")
        assert render_line(f"7 {pid}", "ru") == f"7 {ru}"
        assert render_line(f"7 {ru.lower()}", "en") == f"7 {pid}"


@pytest.mark.parametrize("flag", list(Flag))
def test_every_flag_is_said_in_the_catalogs_words(flag):
    ru = say(f"notation.word.{flag}", "ru").split("|")[0]
    en = say(f"notation.word.{flag}", "en").split("|")[0]
    assert render_line(f"7 FL {en}", "ru") == f"7 ДЛ {ru}"
    assert canonical_line(f"7 ДЛ {ru}") == f"7 FL {en}"


def test_every_manner_and_foul_by_name():
    for manner, text in words_under("notation.manner.", "ru").items():
        en = say(f"notation.manner.{manner}", "en").split("|")[0]
        assert render_line(f"7 FL {en}", "ru") == f"7 ДЛ {text.split('|')[0]}"
    for letter in FoulLetter:
        ru = say(f"notation.foul.{letter}", "ru").split("|")[0]
        assert render_line(f"foul {letter}", "ru") == f"фол {ru}"


def test_no_latin_word_left_in_russian():
    for line in LINES:
        said = render_line(line, "ru")
        assert not any(c.isascii() and c.isalpha() for c in said), (line, said)


@pytest.mark.parametrize("line", LINES)
def test_round_trip_gives_the_same_entry(state, line):
    entry = parse_line(line, state)
    ru = render_line(line, "ru")
    assert same_entry(parse_line(ru, state), entry), (line, ru)
    assert same_entry(parse_line(canonical_line(ru), state), entry)
    assert canonical_line(ru) == canonical_line(line)


def test_commands_comments_and_unknown_words():
    assert render_line("new game", "ru") == "новая партия"
    assert render_line("cluster fl 3 5", "ru") == "скопление ДЛ 3 5"
    assert canonical_line("отмена") == "undo"
    assert render_line("  # a note  ", "ru") == "# a note"
    assert render_line("7 FL zzz", "ru") == "7 ДЛ zzz"  # as typed: the parser refuses it
    with pytest.raises(UnknownLanguageError):
        render_line("7 FL", "de")

"""engine.words.plural_form / count_words: a count with its noun in the right form (issue 25:
«упал 2 раз» is «2 раза» in Russian)."""
import pytest

from engine.words import count_words, plural_form


@pytest.mark.parametrize("n, form", [(0, "many"), (1, "one"), (2, "few"), (4, "few"),
                                     (5, "many"), (11, "many"), (12, "many"), (14, "many"),
                                     (21, "one"), (22, "few"), (25, "many"), (101, "one"),
                                     (111, "many"), (112, "many"), (122, "few")])
def test_russian_forms(n, form):
    assert plural_form(n, "ru") == form


@pytest.mark.parametrize("n, form", [(0, "many"), (1, "one"), (2, "many"), (21, "many")])
def test_english_forms(n, form):
    assert plural_form(n, "en") == form


def test_count_words_from_the_catalog():
    assert count_words("words.times", 2, "ru") == "2 раза"
    assert count_words("words.times", 5, "ru") == "5 раз"
    assert count_words("words.times", 21, "ru") == "21 раз"
    assert count_words("words.times", 1, "en") == "1 time"
    assert count_words("words.times", 3, "en") == "3 times"


def test_unknown_language_refused():
    with pytest.raises(ValueError):
        plural_form(2, "de")

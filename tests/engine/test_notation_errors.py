"""The scorekeeper's refusals in the one vocabulary (engine/notation, russian_pyramid/scorekeeping):
every reason is a catalog key (``notation.error.*``, the session's ``score.*``), every key the
code names is in the catalog and every ``notation.error.*`` key is named by the code; the
texts are the ones players have always read; no Russian word is left in the Python code."""
import ast
import re
from pathlib import Path

import pytest

from engine import initial_state
from engine.notation import NotationError, nominal_cluster_placement, parse_line
from engine.words import LANGS, catalog, words_under
from tests.engine.rules_helpers import L, W, make_state

ROOT = Path(__file__).resolve().parents[2]
CODE_DIRS = ("engine", "russian_pyramid")  # the layers whose words a player reads
PREFIX = "notation.error."
KEY = re.compile(r"^(notation\.error|score)\.[\w.-]+$")
CYRILLIC = re.compile("[\u0400-\u04ff]")


def _python_files():
    for top in CODE_DIRS:
        yield from sorted((ROOT / top).rglob("*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and its functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                out.add(id(first.value))
    return out


def _string_literals(path: Path):
    """``(line, text)`` of every string constant of ``path`` that is not a docstring (the
    literal parts of f-strings included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs):
            yield node.lineno, node.value


def _refusal_keys() -> dict[str, str]:
    """Every key named as the reason of a ``NotationError(token, key, ...)`` in the code,
    with where it is named."""
    out = {}
    for path in _python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "NotationError"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                out[node.args[1].value] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return out


def test_every_notation_error_key_is_used_and_every_key_used_exists():
    named = {text for path in _python_files() for _, text in _string_literals(path)
             if text.startswith(PREFIX)}
    in_catalog = {PREFIX + k for k in words_under(PREFIX, "en")}
    assert named == in_catalog, (f"named in the code, not in the catalog: "
                                 f"{sorted(named - in_catalog)}; in the catalog, named nowhere: "
                                 f"{sorted(in_catalog - named)}")
    refusals = _refusal_keys()
    assert len(refusals) > 30  # the notation's refusals are found (grammar, entry, session)
    for key, where in refusals.items():
        assert KEY.match(key), f"{where}: {key!r} is not a refusal key"
        for lang in LANGS:
            assert key in catalog(lang), f"{where}: {key} is not in {lang}.json"


def test_no_cyrillic_in_the_code_but_in_docstrings():
    found = [f"{path.relative_to(ROOT)}:{line}: {text[:40]!r}" for path in _python_files()
             for line, text in _string_literals(path) if CYRILLIC.search(text)]
    assert not found, "words a player reads belong in engine/locale/*.json:\n" + "\n".join(found)


GATHERED = {"cue": (1.0, 1.0), "3": (L - 0.15, W - 0.20), "5": (L - 0.25, W - 0.12)}


# today's texts, written out: (line, state, token, rule, English, Russian)
TODAY = [
    ("7 FL", None, "7 FL", None, "no game is in progress", "партия не идёт"),
    ("undo now", "rack", "now", None, "`undo` takes nothing after it",
     "после «undo» ничего не пишется"),
    ("cluster ML", "gathered", "ML", "R11.10",
     "is a middle pocket: the balls gather round a corner one (NL NR FL FR)",
     "это средняя луза: шары собираются у угловой (БЛ БП ДЛ ДП)"),
    ("cluster FL 3", "gathered", "cluster FL 3", "R11.10",
     "the rule is for all the balls gathered round one corner: 5 on the table too (name every "
     "ball, or none)",
     "правило — когда все шары собрались у одной лузы: на столе ещё 5 (назовите все шары или "
     "ни одного)"),
    ("7 FL", "gathered", "7", "R5.4", "ball 7 is not on the table (on the table: 3 5)",
     "шара 7 нет на столе (на столе: 3 5)"),
    ("+3 NR +3 NL", "gathered", "3", None, "ball 3 falls twice", "шар 3 упал дважды"),
    ("miss +3 NR", "gathered", "miss +3 NR", "R7.1a",
     "a miss touches no ball, so no object ball can fall (say which ball was hit first with "
     "`first N`)",
     "при промахе биток не касается шаров, значит, ни один шар не может упасть (скажите, "
     "какой шар был первым: «первым N»)"),
    ("blah", "rack", "blah", None, "is not a word of the notation (type `help`)",
     "нет такого слова в записи (наберите «помощь»)"),
]


@pytest.mark.parametrize("line, which, token, rule, en, ru", TODAY)
def test_refusals_read_as_today_in_both_languages(line, which, token, rule, en, ru):
    state = {None: None, "rack": initial_state(),
             "gathered": make_state(GATHERED, scores=(20, 30))}[which]
    with pytest.raises(NotationError) as caught:
        parse_line(line, state)
    exc = caught.value
    assert (exc.token, exc.rule, exc.why, exc.why_ru) == (token, rule, en, ru)
    tail = f" ({rule})" if rule else ""
    assert exc.message("en") == f"«{token}»: {en}{tail}"
    assert exc.message("ru") == f"«{token}»: {ru}{tail}"
    assert str(exc) == f"{token!r}: {en}{tail}"
    assert exc.key.startswith(PREFIX)  # a page may word the refusal itself from these


def test_the_key_and_fields_are_public_and_a_pocket_is_said_in_each_language():
    exc = NotationError("", "notation.error.no_place_by_pocket", "R11.10", pocket="FL")
    assert (exc.key, exc.fields, exc.rule) == ("notation.error.no_place_by_pocket",
                                               {"pocket": "FL"}, "R11.10")
    assert exc.message("en") == "«»: no free place by pocket FL for the cue ball (R11.10)"
    assert exc.message("ru") == "«»: у лузы ДЛ нет места для битка (R11.10)"
    with pytest.raises(NotationError) as caught:
        parse_line("cluster FL 3 3", make_state(GATHERED, scores=(20, 30)))
    assert (caught.value.key, caught.value.fields) == ("notation.error.cluster.named_twice",
                                                       {"ball": "3"})


def test_a_long_token_is_cut_and_the_cluster_place_is_found():
    exc = NotationError("x" * 100, "notation.error.unknown_word")
    assert exc.token == "x" * 60 + "... (100 characters)"
    state = make_state(GATHERED, scores=(20, 30))
    assert nominal_cluster_placement(state, "FR")  # no refusal on a free table

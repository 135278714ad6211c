"""The AI's words come from the one vocabulary (engine/locale/<lang>.json): every name the
logic of ai/words.py can pick has its word in every language, the instructions of
ai/describe.py are the catalog's templates, the same thing has one word (the advice and the
notation agree on how a ball is pocketed), and no Russian is left in the AI's code."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ai import words as ai_words
from ai.describe import Advice, instruction, tip_text
from ai.speed_scale import level_speed_mps
from ai.games.human import FOUL_WORDS, foul_words
from engine import provenance
from engine.calls import MANNERS
from engine.words import LANGS, catalog, word
from sim import Strike

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
POCKETS = ("NL", "NR", "ML", "MR", "FL", "FR")
SPIN_KINDS = ("follow", "little-follow", "draw", "little-draw", "centre", "right", "left")


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_the_logic_picks_has_its_word(lang):
    keys = ([f"advice.pocket.{p}.acc" for p in POCKETS]
            + [f"advice.manner.{m}" for m in MANNERS]
            + [f"advice.speed.{name}" for name, _ in ai_words.SPEED_NAMES]
            + [f"advice.fraction.{name}" for name, _ in ai_words.FRACTIONS]
            + [f"advice.spin.{k}.{form}" for k in SPIN_KINDS for form in ("long", "short")]
            + [f"advice.rail.{r}.gen" for r in ("right", "left")]
            + [f"advice.cut.{s}" for s in ("left", "right", "straight")])
    table = catalog(lang)
    assert [k for k in keys if k not in table] == []
    kinds = {ai_words.spin_kinds(s, v) for s in (-0.5, 0, 0.5) for v in (-0.5, -0.1, 0, 0.2, 0.5)}
    assert {v for v, _ in kinds} | {s for _, s in kinds if s} == set(SPIN_KINDS)


def test_the_words_read_from_the_catalog():
    assert ai_words.pocket_words("ML", "ru") == "левую среднюю"  # «в левую среднюю лузу»
    assert ai_words.pocket_words("XX", "ru") == "XX"
    assert ai_words.speed_words(level_speed_mps(5), "en") == "medium"
    assert ai_words.spin_words(0.3, 0.5, "en") == "follow (top, natural roll) with right side"
    assert ai_words.spin_words(0.3, 0.5, "ru") == "накат (верх), правый винт"
    assert ai_words.spin_short(-0.3, -0.3, "ru") == "оттяжка, левый винт"
    assert ai_words.number_text(1.25, 2, "ru") == "1,25"
    assert ai_words.number_text(1.25, 2, "en") == "1.25"
    with pytest.raises(ValueError, match="known: en, ru"):
        ai_words.language("de")


def test_one_word_for_how_a_ball_is_pocketed():
    """The advice says the manner the way the notation reads it (docs/RULES.md R5.1:
    «дуплет», «от шара», «карамболь», «абриколь», «комбинация»), in the instrumental case
    an instruction needs («дуплетом»)."""
    stems = {"bank": "дуплет", "kiss": "от шара", "carom": "карамбол", "cushion-first": "абрикол",
             "combination": "комбинаци", "clean": "чисто"}
    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    named = dict((en, ru) for ru, en in re.findall(r"«([^»]+)»\s+\(([a-z-]+)\)", rules))
    for manner, stem in stems.items():
        assert word(f"advice.manner.{manner}", "ru").startswith(stem), manner
        assert named[manner].startswith(stem), (manner, named[manner])
    assert word("advice.manner.bank", "en") == "bank"


def test_instructions_are_the_catalog_templates():
    strike = Strike(2.4, 0.3, side=-0.3, vertical=-0.3)
    assert tip_text(strike, "ru") == \
        ("точка удара: ниже центра на 0,3 радиуса и левее на 0,3 радиуса (оттяжка, левый "
         "винт), кий горизонтально")
    advice = Advice(phi_rad=0.3, speed_mps=2.4, roll_m=20.0, table_length_m=3.55,
                    table_width_m=1.775, side=0.0, vertical=0.0, elevation_rad=0.0,
                    cut_rad=0.5, cue_stop=None)
    call = type("Call", (), {"ball": "9", "pocket": "MR", "manner": "bank"})()
    en = instruction("attack", call, strike, None, advice=advice, lang="en")
    assert en.startswith("Ball 9 in the right middle pocket (bank): half ball, cut left; ")
    assert en.endswith("The cue ball falls in a pocket!")
    ru = instruction("attack", call, strike, None, advice=advice, lang="ru")
    assert ru.startswith("Шар 9 в правую среднюю лузу (дуплетом): в полшара, срезать влево; ")
    assert ru.endswith("Биток упадёт в лузу!")
    assert instruction("deliberate-foul", None, None, None, foul="tush", lang="ru") == \
        word("advice.foul.tush", "ru")


def test_human_stats_and_provenance_words_are_the_catalogs():
    assert FOUL_WORDS["R7.1a"] == "miss" and foul_words("ru")["R7.1b"] == "свояк"
    assert set(foul_words("ru")) == set(FOUL_WORDS)
    assert provenance.NOTE_TEXT["ru"]["label"] == word("provenance.label", "ru")


def _player_strings(path: Path):
    """The string constants of a module that are not docstrings (what the code can say)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_russian_in_the_ai_code_outside_the_catalog():
    """Docstrings and comments may quote the rules' Russian words; no string the code says."""
    found = [(str(p.relative_to(ROOT)), line, text)
             for p in sorted((ROOT / "ai").rglob("*.py"))
             for line, text in _player_strings(p) if CYRILLIC.search(text)]
    assert found == []

"""The board's page takes every word from the catalogs (engine/locale/<lang>.json, fetched from
GET /api/words/<lang>; russian_pyramid/board/static/i18n.js): every key that the page's modules
and index.html ask for is in the catalog, every board.* word is asked for, no Russian
is written in the page's code, and in a browser the page shows no key in either language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ai.agent import ATTACK, DELIBERATE_FOUL, MISS, POCKET_OWN_BALL, SAFETY, TUSH
from ai.noise import SKILLS
from ai.words import FRACTIONS, SPEED_NAMES
from engine.calls import MANNERS
from engine.words import LANGS, catalog

POSITIONS = tuple(sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "russian_pyramid"
                                          / "board" / "static" / "positions").glob("*.json")))

STATIC = Path(__file__).resolve().parents[2] / "russian_pyramid" / "board" / "static"
SCRIPTS = tuple(sorted(p.name for p in STATIC.glob("*.js")))  # every script of the page
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
POCKETS = ("NL", "NR", "ML", "MR", "FL", "FR")
LITERAL = re.compile(r'^"([^"]+)"$')
CHOICE = re.compile(r'^[^?]*\?\s*"([^"]+)"\s*:\s*"([^"]+)"$')
FAMILY = re.compile(r'^"([^"]+)"\s*\+\s*(.+)$')

# t("prefix" + expression): the values the expression takes
FAMILIES = {
    "foul_": (TUSH, POCKET_OWN_BALL, MISS),
    "m_": MANNERS,
    "sp_": tuple(name.replace("-", "_") for name, _ in SPEED_NAMES),
    "rail_": ("right", "left"),
    "fr_": tuple(name for name, _ in FRACTIONS),
    "cut_": ("left", "right", "straight"),
    "ai_": ("cold", "warming", "warm", "failed"),
    "m_player": ("1", "2", "3"),
    "m_name": ("1", "2"),
    "m_pocket_": POCKETS,
    "notation.pocket.": POCKETS,
    # the Match tab's modifier buttons (match.js TOK_WORDS): their notation words
    "notation.word.": ("not-potted", "first", "manner-wrong", "unchanged", "cue"),
    "words.times.": ("one", "few", "many"),
    "sk_": tuple(SKILLS),
    "sk_of_": tuple(SKILLS),  # «на уровне клубного игрока»
    "pos_": POSITIONS, "pos_note_": POSITIONS,  # the shipped positions' names and notes
    "photo_corner_": ("1", "2", "3", "4"),  # the playing area's corners, in the order tapped
}
# t(variable): what the variable holds (s.kind, a.best.kind: a decision's kind; k, key: the
# first argument of an add(...) that lists facts; el.dataset.i18n, el.dataset.i18nTitle,
# .i18nAria, .i18nAlt: index.html's data-i18n, data-i18n-title, -aria, -alt; h1.dataset.i18n:
# the header's key, set by setMode (below); key + "." + pluralForm(n): i18n.js's countWords,
# its calls below; lead: the sentence of i18n.js's serverSaid(lead, ...), its calls below)
VARIABLES = {"lead", "s.kind", "a.best.kind", "k", "key", "el.dataset.i18n",
             "el.dataset.i18nTitle", "el.dataset.i18nAria", "el.dataset.i18nAlt", "h1.dataset.i18n",
             'key + "." + pluralForm(n)'}
PLURAL_FORMS = ("one", "few", "many")


def _first_arguments(src: str):
    """The first argument of every call of t(...) in a script, as written."""
    for m in re.finditer(r"(?<![\w.$])t\(", src):
        depth, i, start = 0, m.end(), m.end()
        while i < len(src):
            c = src[i]
            if c == '"':
                i = src.index('"', i + 1)
            elif c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif c == "," and depth == 0:
                break
            i += 1
        yield src[start:i].strip()


def page_keys() -> set[str]:
    """Every key the page asks t() for."""
    keys, unknown = set(), []
    for name in SCRIPTS:
        src = (STATIC / name).read_text(encoding="utf-8")
        for arg in _first_arguments(src):
            if m := LITERAL.match(arg):
                keys.add(m.group(1))
            elif m := CHOICE.match(arg):
                keys.update(m.groups())
            elif (m := FAMILY.match(arg)) and m.group(1) in FAMILIES:
                keys.update(m.group(1) + v for v in FAMILIES[m.group(1)])
            elif arg not in VARIABLES:
                unknown.append((name, arg))
    assert unknown == [], f"t() of an expression this test does not know: {unknown}"
    for name in SCRIPTS:  # t(k) in the add() that lists facts
        src = (STATIC / name).read_text(encoding="utf-8")
        keys.update(re.findall(r'(?<![.\w])add\("([^"]+)"', src))
        keys.update(re.findall(r'serverSaid\("([^"]+)"', src))  # a server's text, said
        # countWords("words.strokes", n): words.strokes.one, .few, .many
        keys.update(f"{k}.{f}" for k in re.findall(r'countWords\("([^"]+)"', src)
                    for f in PLURAL_FORMS)
        # the header's key (viewer.js's setMode: h1.dataset.i18n = ... "title_match" ...)
        for line in src.splitlines():
            if "h1.dataset.i18n =" in line or line.lstrip().startswith(": mode ==="):
                keys.update(re.findall(r'"((?:review_)?title[a-z_]*)"', line))
    keys.update((ATTACK, SAFETY, DELIBERATE_FOUL))  # t(s.kind)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    keys.update(re.findall(r'data-i18n(?:-title|-aria|-alt)?="([^"]+)"', html))
    return keys


def shared_keys() -> dict[str, str]:
    """i18n.js's SHARED: the page's words that are the advice's (one word for one thing)."""
    out = {f"m_{m}": f"advice.manner.{m}" for m in MANNERS}
    out.update({f"fr_{f}": f"advice.fraction.{f}" for f, _ in FRACTIONS})
    out.update({f"sp_{s.replace('-', '_')}": f"advice.speed.{s}" for s, _ in SPEED_NAMES})
    return out


def catalog_key(key: str) -> str:
    """What i18n.js's catalogKey() makes of a page key."""
    if "." in key:
        return key
    return shared_keys().get(key, "board." + key)


def test_i18n_js_shares_the_advice_words_it_says_it_does():
    src = (STATIC / "i18n.js").read_text(encoding="utf-8")
    for page, advice in (("m_", "manner"), ("fr_", "fraction"), ("sp_", "speed")):
        assert f'SHARED["{page}" +' in src and f'"advice.{advice}."' in src, page


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_page_asks_for_is_in_the_catalog(lang):
    table = catalog(lang)
    missing = sorted(k for k in page_keys() if catalog_key(k) not in table)
    assert missing == [], f"{lang}: page keys without a word: {missing}"


def test_every_board_word_is_asked_for():
    asked = {catalog_key(k) for k in page_keys()}
    unused = sorted(k for k in catalog("en") if k.startswith("board.") and k not in asked)
    assert unused == [], f"board.* words no page code asks for: {unused}"


def _code(src: str) -> str:
    """A script without its comments (// to the end of a line, /* ... */)."""
    src = re.sub(r"/\*.*?\*/", "", src, flags=re.S)
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in src.splitlines())


@pytest.mark.parametrize("name", SCRIPTS + ("index.html",))
def test_no_russian_in_the_page_outside_the_catalog(name):
    src = (STATIC / name).read_text(encoding="utf-8")
    text = _code(src) if name.endswith(".js") else src
    found = [line for line in text.splitlines() if CYRILLIC.search(line)]
    assert found == []


# --- in a browser: no key shown, in either language ------------------------------------------
SHOWN_KEYS = """
const bad = [];
document.querySelectorAll('[data-i18n]').forEach(el => {
  if (!el.textContent.trim()) bad.push(el.dataset.i18n); });  // a key shown: missingWords
return {missing: Array.from(window.missingWords), shown: bad, lang: document.documentElement.lang,
        visible: getComputedStyle(document.body).visibility};
"""


@pytest.mark.parametrize("lang, title", [("ru", "Разбор позиции"), ("en-GB", "Analysis board")])
def test_the_page_shows_its_words_and_switches(browser, lang, title):
    from selenium.webdriver.common.by import By
    drv = browser(lang)
    state = drv.execute_script(SHOWN_KEYS)
    assert state["missing"] == [] and state["shown"] == [] and state["visible"] == "visible", state
    assert drv.find_element(By.TAG_NAME, "h1").text.startswith(title)
    other = "en" if lang == "ru" else "ru"
    drv.find_element(By.ID, f"lang-{other}").click()
    drv.find_element(By.ID, "tab-match").click()
    state = drv.execute_script(SHOWN_KEYS)
    assert state["lang"] == other and state["missing"] == [] and state["shown"] == [], state
    pocket = drv.find_element(By.CSS_SELECTOR, '#m-pockets button[data-pocket="FL"]')
    pocket = pocket.get_attribute("textContent")  # the match's buttons: hidden till it starts
    assert pocket == ("ДЛ" if other == "ru" else "FL")

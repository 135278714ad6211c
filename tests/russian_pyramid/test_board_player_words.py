"""Issue 25, item 4, "the player's words", on the Russian page in headless Chromium (a phone,
390x844 with touch, and a desktop): after Suggest no Latin pocket code (NL NR ML MR FL FR) is
in the page's text -- the table's labels, the list, the facts, what falls, the advice, the
Match tab -- the strength is shown as N/10 with the scale's meaning once, and the aim is the
contact point on the object ball's face, not a cue direction in degrees.

Screenshots in build/board-screenshots/."""
from __future__ import annotations

import json
import re

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from ai.speed_scale import LENGTHS_WITH_CUSHIONS
from engine.words import count_words

from .conftest import screenshot
from .test_board_match_start import _open_setup, _type, start_match, two_players

OPEN = "/static/positions/open.json"  # a shipped position (the menu's value; its name is a word)
LATIN_POCKET = re.compile(r"\b(NL|NR|ML|MR|FL|FR)\b")
RUSSIAN_POCKETS = ("ДЛ", "ДП", "СЛ", "СП", "БЛ", "БП")


def js(drv, script, *args):
    return drv.execute_script(script, *args)


def page_text(drv) -> str:
    """Every text the page holds, the SVG table's labels included (innerText leaves SVG and
    hidden panels out: textContent of the whole body, less the scripts)."""
    return js(drv, "const b = document.body.cloneNode(true);"
                   "b.querySelectorAll('script, style').forEach(e => e.remove());"
                   "return b.textContent;")


@pytest.mark.parametrize("size, mobile, name", [((390, 844), True, "phone"),
                                                ((1366, 900), False, "desktop")])
def test_russian_page_speaks_the_players_words(browser, size, mobile, name):
    drv = browser("ru", size=size, mobile=mobile)
    Select(drv.find_element(By.ID, "sel-position")).select_by_value(OPEN)
    WebDriverWait(drv, 10).until(lambda d: len(js(d, "return window.boardState.balls;")) == 6)
    Select(drv.find_element(By.ID, "in-budget")).select_by_value("300")
    js(drv, "document.getElementById('btn-suggest').click();")
    WebDriverWait(drv, 90).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    # the table's pocket labels: the notation's Russian letters
    labels = [e.text for e in drv.find_elements(By.CSS_SELECTOR, "text.pocket-id")]
    assert sorted(labels) == sorted(RUSSIAN_POCKETS), labels
    # every suggestion of the list, selected in turn: no Latin code in the whole page
    n = len(drv.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    for i in range(n):
        js(drv, "document.querySelectorAll('#suggestions li')[arguments[0]].click();", i)
        text = page_text(drv)
        found = LATIN_POCKET.findall(text)
        assert not found, (i, found, [ln for ln in text.splitlines() if LATIN_POCKET.search(ln)])
        speed = drv.find_element(By.CSS_SELECTOR, '#advice-facts [data-role="speed"]').text
        # issue 54: «3 из 10 (слабый удар), ≈1,6 длины стола с отскоками»
        assert re.match(r"^(10|[1-9]) из 10 \([а-яё ]+ удар\), ≈\d+,\d длины стола с отскоками$",
                        speed), speed
        assert "направлен" not in drv.find_element(By.ID, "advice-text").text
    # the scale said once, from the derived table
    legend = drv.find_element(By.ID, "speed-legend").text
    ten = f"{LENGTHS_WITH_CUSHIONS[10]:.1f}".replace(".", ",")
    assert legend.startswith("Сила по шкале 1–10") and ten in legend, legend
    assert len(re.findall("Сила по шкале", page_text(drv))) == 1
    # the terms of the list
    text = page_text(drv)
    for old in ("ходит", "Кий:", "ожид. очки", "успех", "Ударов", "До очков", "Доска анализа",
                "С моим разбросом", "R выше", "R ниже"):
        assert not re.search(rf"(?<!\w){re.escape(old)}(?!\w)", text), old  # a word
    assert "бьёт" in text and "очков в среднем" in text and "Вариантов" in text
    # the aim: a contact point on the object ball's face when the stroke has a cut
    js(drv, "document.querySelectorAll('#suggestions li')[0].click();")
    if drv.find_elements(By.CSS_SELECTOR, '#advice-facts [data-role="cut"]'):
        assert drv.find_elements(By.CSS_SELECTOR, '#aim-face [data-role="contact"]')
        assert drv.find_element(By.ID, "aim-face").get_attribute("hidden") is None
    screenshot(drv, f"player-words-{name}")
    # the record view and the Match tab, too
    js(drv, "document.getElementById('tab-viewer').click();")
    assert not LATIN_POCKET.findall(page_text(drv))
    js(drv, "document.getElementById('tab-match').click();")
    assert not LATIN_POCKET.findall(page_text(drv))
    screenshot(drv, f"player-words-{name}-match")


# --- issue 54, item 5: no Latin letter and no rule id on the Russian page ---------------------
# Every tab of the page walked in Chromium on a phone (390x844, touch): the text a player sees,
# and the aria-labels, titles, placeholders and alt texts of what is shown.  Outside a
# <details> fold (where the rule ids, the seed and the coordinates stay) no Latin letter and no
# rule id.  Allowed: the EN/RU switch, the board's network address (the Phones dialog), key
# names (Ctrl+Z, Shift+→, Home, End) and the names of browsers and systems (the Phones
# dialog's list of devices: they are written so in Russian too).
PHONE = (390, 844)
LATIN = re.compile(r"[A-Za-z]")
RULE_ID = re.compile(r"\bR\d")
ALLOWED = re.compile(r"\b(?:Ctrl|Shift|Alt|Home|End|Enter|Esc)(?:\+(?:Shift|[A-Z]|←|→))*"
                     r"|\b(?:Android|iOS|Windows|macOS|Linux|Firefox|Edge|Chrome|Safari)\b")
WALK = r"""
const out = [];
const shown = el => el.checkVisibility({visibilityProperty: true});
const skip = el => el.closest('details, .langbtn, #connect-url, script, style');
const note = (el, where, text) => { if (text && text.trim()) out.push(
  [where, (el.id ? '#' + el.id : el.tagName.toLowerCase()), text.trim().slice(0, 200)]); };
for (const el of document.body.querySelectorAll('*')) {
  if (skip(el)) continue;
  // an <option> of a select shown is read when the select opens; an SVG <title> on hover
  const owner = el.tagName === 'OPTION' ? el.closest('select')
    : el.tagName.toLowerCase() === 'title' ? el.parentElement : el;
  if (!owner || !shown(owner)) continue;
  for (const n of el.childNodes) {
    if (n.nodeType !== 3) continue;
    note(el, 'text', n.nodeValue);
    // a word broken across lines (hyphenated or wrapped mid-word): its boxes on two lines
    if (el.tagName === 'OPTION' || el.closest('svg')) continue;
    for (const m of n.nodeValue.matchAll(/\p{L}{2,}/gu)) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const lines = new Set(Array.from(r.getClientRects(), b => Math.round(b.top)));
      if (lines.size > 1) out.push(['broken', el.id || el.tagName, m[0]]);
    }
  }
  for (const a of ['aria-label', 'title', 'placeholder', 'alt']) note(el, a, el.getAttribute(a));
}
note(document.documentElement, 'document.title', document.title);
return out;
"""


def latin_on_page(drv, names=()) -> list:
    """What the page shows outside a <details> fold that has a Latin letter or a rule id, or
    a word broken across lines: (where, element, text) triples.  ``names``: the players'
    names of a record (what a person entered is shown as entered)."""
    found = []
    for where, element, text in js(drv, WALK):
        for name in names:
            text = text.replace(name, "")
        if where == "broken" or LATIN.search(ALLOWED.sub("", text)) or RULE_ID.search(text):
            found.append((where, element, text))
    return found


def _phone(browser):
    drv = browser("ru", size=PHONE, mobile=True)
    assert js(drv, "return document.documentElement.lang;") == "ru"
    return drv


def test_the_position_tab_speaks_russian_only(browser):
    """The Position tab with a suggestion shown, played out and tried with the player's
    noise; the header names the tab."""
    drv, seen = _phone(browser), set()
    seen.update(latin_on_page(drv))
    Select(drv.find_element(By.ID, "sel-position")).select_by_value(OPEN)
    WebDriverWait(drv, 10).until(lambda d: len(js(d, "return window.boardState.balls;")) == 6)
    Select(drv.find_element(By.ID, "in-budget")).select_by_value("300")
    js(drv, "document.getElementById('btn-suggest').click();")
    WebDriverWait(drv, 90).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    seen.update(latin_on_page(drv))
    for i in range(len(drv.find_elements(By.CSS_SELECTOR, "#suggestions li"))):
        js(drv, "document.querySelectorAll('#suggestions li')[arguments[0]].click();", i)
        seen.update(latin_on_page(drv))
    # from hand: the place of the cue ball in diamonds (its coordinates are the JSON's)
    Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/hand.json")
    WebDriverWait(drv, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    js(drv, "document.getElementById('btn-suggest').click();")
    WebDriverWait(drv, 90).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#suggestions li"))
    seen.update(latin_on_page(drv))
    js(drv, "document.getElementById('btn-noise').click();")
    WebDriverWait(drv, 60).until(lambda d: d.find_element(By.ID, "noise-summary").text)
    js(drv, "document.getElementById('btn-play').click();")
    WebDriverWait(drv, 30).until(lambda d: d.find_element(By.ID, "btn-unplay")
                                 .get_attribute("hidden") is None)
    seen.update(latin_on_page(drv))
    assert not seen, "\n".join(map(str, sorted(seen)))
    # the seed is the JSON's and the details fold's, not a player's
    assert "зерно" not in drv.find_element(By.ID, "message").text
    fold = js(drv, "const f = document.getElementById('advice-details');"
                   "return [f.tagName, f.querySelector('summary').textContent, f.textContent];")
    seed = js(drv, "return boardState.budget.seed;")
    assert fold[:2] == ["DETAILS", "Подробности"] and f"зерно {seed}" in fold[2], fold
    assert drv.find_element(By.TAG_NAME, "h1").text.startswith("Разбор позиции")
    check = drv.find_element(By.ID, "score-check").text
    assert re.search(r"На столе: \d+ из \d+ очк(а|ов)\.", check), check
    n = int(re.search(r"из (\d+) очк", check).group(1))
    assert f"из {count_words('words.points_of', n, 'ru')}." in check, check
    screenshot(drv, "player-words-ru-position")


def test_the_game_tab_speaks_russian_only(browser, game_record):
    """The Game tab with a record and its analysis, at every stroke."""
    record, analysis = game_record
    drv, seen = _phone(browser), set()
    js(drv, "document.getElementById('tab-viewer').click();")
    seen.update(latin_on_page(drv))
    drv.find_element(By.ID, "file-record").send_keys(str(record))
    WebDriverWait(drv, 30).until(lambda d: "Удар 1 из" in d.find_element(By.ID, "stroke-no").text)
    drv.find_element(By.ID, "file-analysis").send_keys(str(analysis))
    WebDriverWait(drv, 10).until(lambda d: d.find_elements(
        By.CSS_SELECTOR, '#stroke-facts [data-role="mark"]'))
    n = js(drv, "return window.boardState.record.strokes.length;")
    # a count in its plural form, the Python helper's (issue 54: «163 ударов»)
    head = drv.find_element(By.ID, "record-head").text
    assert head.startswith(f"Партия: {count_words('words.strokes', n, 'ru')}, "), head
    names = js(drv, "return window.boardState.record.header.players;")
    for k in range(n):
        seen.update(latin_on_page(drv, names))
        js(drv, "document.getElementById('btn-next').click();")
    assert not seen, "\n".join(map(str, sorted(seen)))
    h1, tab = (drv.find_element(By.TAG_NAME, "h1").text,
               drv.find_element(By.ID, "tab-viewer").text)
    assert "Разбор позиции" not in h1 and "Разбор позиции" not in drv.title, (h1, tab)
    screenshot(drv, "player-words-ru-game")


def test_the_match_tab_speaks_russian_only(browser, tmp_path):
    """The Match tab: its start form, then a running match with a pot, a miss and a свояк
    (whose ruling names the ball put back); then the match's record in the Game tab."""
    drv, seen = _phone(browser), set()
    _open_setup(drv)
    two_players(drv, "Аня", "Боря")  # not another test's match's names, kept by the form
    seen.update(latin_on_page(drv))
    start_match(drv)  # a match another test started on this board is kept, asked first
    seen.update(latin_on_page(drv))
    for line in ("7 ДЛ", "промах", "9 БП +биток ДП", "промах =", "промах ="):
        box = drv.find_element(By.ID, "m-text")
        box.clear()
        box.send_keys(line)
        js(drv, "document.getElementById('m-send').click();")
        WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "m-text")
                                     .get_attribute("value") == "")
        seen.update(latin_on_page(drv))
        if "биток" in line:
            ruling = drv.find_element(By.ID, "m-out").text
            assert "9 выставлен" in ruling or "выставлен 9" in ruling, ruling
    assert not seen, "\n".join(map(str, sorted(seen)))
    # both sides fouled leaving the balls as they were: the referee may warn (R11.8), said
    # without the rule's id; the whole text, with it, in the fold
    assert "предупредить" in drv.find_element(By.ID, "m-next").text
    fold = js(drv, "return document.getElementById('m-out-rules').textContent;")
    assert "R7.1a" in fold, fold
    assert "матч" in drv.find_element(By.TAG_NAME, "h1").text.lower() and "матч" in drv.title.lower()
    screenshot(drv, "player-words-ru-match")
    # the match's record in the Game tab: the typed lines and the rulings, stroke by stroke
    record = tmp_path / "match.jsonl"
    record.write_text(js(drv, "return fetch('/api/match/record').then(r => r.text());"),
                      encoding="utf-8")
    js(drv, "document.getElementById('tab-viewer').click();")
    drv.find_element(By.ID, "file-record").send_keys(str(record))
    WebDriverWait(drv, 30).until(lambda d: "Удар 1 из" in d.find_element(By.ID, "stroke-no").text)
    names = js(drv, "return window.boardState.record.header.players;")
    for k in range(js(drv, "return window.boardState.record.strokes.length;")):
        seen.update(latin_on_page(drv, names))
        js(drv, "document.getElementById('btn-next').click();")
    assert not seen, "\n".join(map(str, sorted(seen)))


def test_the_photo_section_and_the_phones_dialog_speak_russian_only(browser):
    from .test_board_photo_browser import DATA, REFUSALS, _photo_in
    drv, seen = _phone(browser), set()
    drv.allowed_console = REFUSALS
    _photo_in(drv, DATA / "case_002.jpg")
    assert not js(drv, "return document.getElementById('box-photo').hidden;")
    seen.update(latin_on_page(drv))
    js(drv, "document.getElementById('btn-connect').click();")
    WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "connect-who").text)
    seen.update(latin_on_page(drv))
    assert not seen, "\n".join(map(str, sorted(seen)))
    screenshot(drv, "player-words-ru-connect")


# --- issue 54, item 5: the server's refusals and errors (its text is the engine's English) ----
# said in the page's words; the server's own text in a <details> fold («Подробности»).
def _folds(drv, el_id) -> list:
    """The texts of the server-text folds in ``el_id``: [summary, the text folded]."""
    return js(drv, "return Array.from(document.getElementById(arguments[0])"
                   ".querySelectorAll('details.server-text'), f => [f.querySelector('summary')"
                   ".textContent, f.textContent.slice(f.querySelector('summary')"
                   ".textContent.length)]);", el_id)


def test_the_servers_refusals_are_said_in_russian(browser, tmp_path):
    """At 390x844 (touch), in Russian: a bad shared link, a file that is not JSON, a state the
    server refuses on /api/check (a field of the rules' it does not take, no accounting to
    show) and a match start the server refuses (one name twice): each said in Russian, no
    Latin letter outside a fold, and the fold holds the server's text."""
    drv = _phone(browser)
    # a shared link the page cannot read (main.js: the link is refused, the position stays)
    js(drv, "location.hash = '#s=not-a-state';")
    WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "message").text)
    assert not latin_on_page(drv), latin_on_page(drv)
    folds = _folds(drv, "message")
    assert len(folds) == 1 and folds[0][0] == "Подробности" and LATIN.search(folds[0][1]), folds
    assert drv.find_element(By.ID, "message").text.startswith("Не удалось прочитать файл: ")
    # a file that is not JSON
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    drv.find_element(By.ID, "file-state").send_keys(str(bad))
    WebDriverWait(drv, 10).until(lambda d: "JSON" in "".join(f[1] for f in _folds(d, "message")))
    assert not latin_on_page(drv), latin_on_page(drv)
    # a state the server refuses (the rules core's English, no accounting): the score check
    doc = js(drv, "return fetch(arguments[0]).then(r => r.json());", OPEN)
    doc.update(scores=[0, 0], to_move=0, handicap_points="abc")
    state = tmp_path / "state.json"
    state.write_text(json.dumps(doc), encoding="utf-8")
    drv.find_element(By.ID, "file-state").send_keys(str(state))
    WebDriverWait(drv, 10).until(lambda d: _folds(d, "score-check"))
    assert not latin_on_page(drv), latin_on_page(drv)
    check = drv.find_element(By.ID, "score-check").text
    assert check.startswith("Нельзя: запрос не принят"), check
    assert "handicap_points" in _folds(drv, "score-check")[0][1]
    # a match start the server refuses: one name twice
    _open_setup(drv)
    two_players(drv, "Сергей", "Сергей")
    # another test's match may run on the session's board: the page asks first, after an await
    start_match(drv, refused=True)
    WebDriverWait(drv, 30).until(lambda d: _folds(d, "m-setup-out"))
    assert not latin_on_page(drv, ["Сергей"]), latin_on_page(drv)
    assert LATIN.search(_folds(drv, "m-setup-out")[0][1])
    screenshot(drv, "player-words-ru-refusals")

"""Issue 25, item 4, "the player's words", on the Russian page in headless Chromium (a phone,
390x844 with touch, and a desktop): after Suggest no Latin pocket code (NL NR ML MR FL FR) is
in the page's text -- the table's labels, the list, the facts, what falls, the advice, the
Match tab -- the strength is shown as N/10 with the scale's meaning once, and the aim is the
contact point on the object ball's face, not a cue direction in degrees.

Screenshots in build/board-screenshots/."""
from __future__ import annotations

import re

import pytest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from ai.speed_scale import LENGTHS_WITH_CUSHIONS

from .conftest import screenshot

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
    Select(drv.find_element(By.ID, "sel-position")).select_by_visible_text("open")
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
        assert re.match(r"^(10|[1-9])/10, ", speed), speed
        assert "длины стола с бортами" in speed
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
        assert old not in text, old
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

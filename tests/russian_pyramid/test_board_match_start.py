"""The Match tab's start with a handicap (R13), a pair order (R12.2) and a breaker (issue 22,
item 3): the API passes them to the scorekeeping session, whose record's header carries them,
and refuses wrong ones with 422 naming the field and the value; the page's form, at phone
size, sends them."""
from __future__ import annotations

import json

import pytest

from engine import read_record, verify_record
from engine.words import word
from russian_pyramid.board.server import create_app

from .boardclient import guarded_client


@pytest.fixture
def client(tmp_path):
    with guarded_client(create_app(warm=False, match_record=str(tmp_path / "m.jsonl"))) as c:
        yield c


def _start(c, **doc):
    doc.setdefault("players", ["Иван", "Пётр"])
    return c.post("/api/match/start", json=doc)


def _header(c) -> dict:
    return json.loads(c.get("/api/match/record").text.splitlines()[0])


def test_points_handicap_to_the_second_player(client, tmp_path):
    hc = {"kind": "points", "receiver": 1, "points": 10}
    st = _start(client, handicap=hc).json()
    assert st["scores"] == [0, 10] and st["next"] == "Иван"
    assert st["session"]["handicap"] == hc
    h = _header(client)
    assert h["session"]["handicap"] == hc and h["initial_state"]["scores"] == [0, 10]
    assert h["initial_state"]["handicap_points"] == 10
    r = client.post("/api/match/line", json={"text": "7 FL"}).json()
    assert r["status"]["scores"] == [7, 10] and r["status"]["session"]["handicap"] == hc
    verify_record(read_record(tmp_path / "m.jsonl"))


def test_balls_and_mixed_handicaps(client):
    st = _start(client, handicap={"kind": "balls", "receiver": 0, "balls": ["15", "14"]}).json()
    assert st["scores"] == [29, 0] and "15" not in st["balls"] and "14" not in st["balls"]
    assert _header(client)["initial_state"]["shelves"][0] == ["14", "15"]
    hc = {"kind": "mixed", "receiver": 1, "points": 5, "balls": ["1"]}
    st = _start(client, handicap=hc).json()
    assert st["scores"] == [0, 16] and "1" not in st["balls"]  # ball 1 is worth 11 (R1.2)
    assert _header(client)["session"]["handicap"] == hc


def test_breaker_by_side_or_name(client):
    st = _start(client, breaker=1).json()
    assert st["next"] == "Пётр" and st["session"]["breaker"] == 1
    h = _header(client)
    assert h["session"]["breaker"] == 1 and h["initial_state"]["to_move"] == 1
    assert h["initial_state"]["match"]["first_breaker"] == 1
    st = _start(client, breaker="Иван").json()
    assert st["next"] == "Иван" and _header(client)["session"]["breaker"] == 0
    st = _start(client, players=["Аня", "Боря", "Вова"], variant="three-each", breaker=2).json()
    assert st["next"] == "Вова" and _header(client)["initial_state"]["to_move"] == 2


def test_pair_order_in_one_against_a_pair(client):
    people = ["Аня", "Боря", "Вова"]
    st = _start(client, players=people, variant="one-vs-pair", pair_order="alternate").json()
    # R12.2(1): one stroke each in turn, the single gives the pair 5 points when none agreed
    assert st["scores"] == [0, 5] and st["next"] == "Аня"
    h = _header(client)
    assert h["session"]["pair_order"] == "alternate"
    assert h["initial_state"]["pair"]["order"] == "alternate"
    hc = {"kind": "points", "receiver": 1, "points": 8}
    st = _start(client, players=people, variant="one-vs-pair", pair_order="alternate",
                breaker=0, handicap=hc).json()
    assert st["scores"] == [0, 8] and _header(client)["session"]["handicap"] == hc
    st = _start(client, players=people, variant="one-vs-pair",
                pair_order="while-scoring").json()
    assert st["scores"] == [0, 0]
    assert _header(client)["initial_state"]["pair"]["order"] == "while-scoring"


@pytest.mark.parametrize("doc, words", [
    # the pair order: a known one, and only for a pair
    ({"pair_order": "sometimes"}, ["pair_order = 'sometimes'", "while-scoring or alternate"]),
    ({"pair_order": "alternate"}, ["pair_order = 'alternate'", "one-vs-pair only",
                                   "two-player"]),
    ({"players": ["A", "B", "C"], "variant": "three-each", "pair_order": "while-scoring"},
     ["pair_order = 'while-scoring'", "three-each"]),
    # the breaker: a side of the variant
    ({"breaker": 2}, ["breaker = 2", "not a side of two-player", "0: Иван, 1: Пётр"]),
    ({"breaker": -1}, ["breaker = -1", "not a side"]),
    ({"breaker": "Сидор"}, ["breaker = 'Сидор'", "not one of the players"]),
    ({"breaker": True}, ["breaker = True", "a side"]),
    ({"breaker": [0]}, ["breaker = [0]"]),
    ({"players": ["A", "B", "C"], "variant": "one-vs-pair", "breaker": 1},
     ["breaker = 1 (B & C)", "the single starts", "R12.2"]),
    ({"players": ["A", "B", "C"], "variant": "one-vs-pair", "breaker": "C"},
     ["breaker = 'C'", "the single starts"]),
    # the handicap: the engine's format and messages
    ({"handicap": "10"}, ["handicap = '10' must be an object"]),
    ({"handicap": {"kind": "lots", "receiver": 1}}, ["handicap.kind = 'lots'"]),
    ({"handicap": {"kind": "points", "receiver": 1, "points": "10"}},
     ["handicap.points = '10'", "non-negative integer"]),
    ({"handicap": {"kind": "balls", "receiver": 0, "balls": ["16"]}}, ["handicap.balls"]),
    ({"handicap": {"kind": "points", "receiver": 2, "points": 10}},
     ["handicap.receiver = 2 is not a side"]),
    ({"handicap": {"kind": "points", "receiver": 0, "points": 71}},
     ["at or above his target of 71", "R13.1"]),
    ({"players": ["A", "B", "C"], "handicap": {"kind": "points", "receiver": 0, "points": 5}},
     ["no handicap is given in three players each for himself", "R12.1"]),
    ({"players": ["A", "B", "C"], "variant": "one-vs-pair", "pair_order": "alternate",
      "handicap": {"kind": "points", "receiver": 1, "points": 3}},
     ["at least 5 points", "R12.2"]),
])
def test_bad_starts_are_refused_naming_the_field_and_value(client, doc, words):
    assert _start(client).status_code == 200
    before = client.get("/api/match").json()
    r = _start(client, **doc)
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["ok"] is False
    for w in words:
        assert w in body["error"], body["error"]
    assert client.get("/api/match").json() == before  # the match going on is untouched


def test_the_page_has_the_new_fields():
    from tests.cli.clihelp import ROOT
    static = ROOT / "russian_pyramid" / "board" / "static"
    html = (static / "index.html").read_text(encoding="utf-8")
    for el in ("m-breaker", "m-lot", "m-pair-order", "m-hc-kind", "m-hc-receiver",
               "m-hc-points", "m-hc-balls", "m-new-match"):
        assert f'id="{el}"' in html
    # the page's words are the catalog's board.* (i18n.js)
    assert word("board.m_handicap", "ru") == "Фора"  # no rule id on a player's page
    assert word("board.m_pair_order", "ru").startswith("Очерёдность в паре")
    assert word("board.m_breaker", "ru").startswith("Разбивает")


def _fits(drv, root_id: str) -> list:
    """The visible controls under ``root_id`` that are off-screen or too small for a finger."""
    return drv.execute_script("""
      const w = document.documentElement.clientWidth, bad = [];
      if (document.documentElement.scrollWidth > w) bad.push('page scrolls sideways: ' +
          document.documentElement.scrollWidth + ' > ' + w);
      for (const el of document.getElementById(arguments[0]).querySelectorAll('button, select, input')) {
        const r = el.getBoundingClientRect();
        if (!r.width && !r.height) continue;  // hidden
        if (r.left < 0 || r.right > w) bad.push((el.id || el.textContent) + ' off-screen');
        if (r.height < 44 || r.width < 44) bad.push((el.id || el.textContent) + ' ' +
            Math.round(r.width) + 'x' + Math.round(r.height));
      }
      return bad;""", root_id)


def _open_setup(drv):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    drv.find_element(By.ID, "tab-match").click()
    WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "match-setup").is_displayed()
                                 or d.find_element(By.ID, "match-play").is_displayed())
    if not drv.find_element(By.ID, "match-setup").is_displayed():  # a match from another test
        drv.find_element(By.ID, "m-new-match").click()
    assert drv.find_element(By.ID, "match-setup").is_displayed()


def two_players(drv, first: str, second: str):
    """The start form set for two players named ``first`` and ``second``: the form shows the
    running match's terms (issue 54: a reload keeps them), which may be another test's."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    Select(drv.find_element(By.ID, "m-variant")).select_by_value("two-player")
    _type(drv, "m-p1", first)
    _type(drv, "m-p2", second)


def start_match(drv, refused: bool = False):
    """«Начать матч»; while a match runs (another test's, on the session's board) the page asks
    first (issue 54): yes, the running one is kept.  Waits until the match runs, or (with
    ``refused``) until the form shows the server's refusal."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    drv.find_element(By.ID, "m-start").click()
    # the question may come after the page has asked the server (an await): wait for any end
    asked = "return document.getElementById('m-confirm').open;"
    started = "return !document.getElementById('match-play').hidden;"  # the form hid it
    said = "return !document.getElementById('m-setup-out').hidden;"
    done = (lambda d: d.execute_script(said)) if refused else (
        lambda d: d.execute_script(started))
    WebDriverWait(drv, 30).until(lambda d: d.execute_script(asked) or done(d))
    if drv.execute_script(asked):
        drv.find_element(By.ID, "m-confirm-yes").click()
        WebDriverWait(drv, 30).until(done)


def _type(drv, el_id, text):
    from selenium.webdriver.common.by import By
    box = drv.find_element(By.ID, el_id)
    box.clear()
    box.send_keys(text)


@pytest.mark.parametrize("size, name", [((390, 844), "phone"), ((1500, 1100), "desktop")])
def test_start_form_with_handicap_pair_order_and_breaker(browser, http, size, name):
    """At phone size (and desktop): one against a pair, one stroke each in turn, a mixed
    handicap to the pair; then two players, the second breaks, a points handicap. The server
    gets them (its status and the record's header); nothing off-screen, fields finger-sized."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from .conftest import screenshot
    drv = browser("ru", size=size)
    _open_setup(drv)
    Select(drv.find_element(By.ID, "m-variant")).select_by_value("two-player")
    assert not drv.find_element(By.ID, "m-p3").is_displayed()  # two players: no third name
    Select(drv.find_element(By.ID, "m-variant")).select_by_value("one-vs-pair")
    for k, who in ((1, "Аня"), (2, "Боря"), (3, "Вова")):
        _type(drv, f"m-p{k}", who)
    pair_order = drv.find_element(By.ID, "m-pair-order")
    assert pair_order.is_displayed() and pair_order.is_enabled()
    breaker = drv.find_element(By.ID, "m-breaker")
    assert not breaker.is_enabled() and "Аня" in breaker.text  # R12.2: the single starts
    assert not drv.find_element(By.ID, "m-lot").is_displayed()
    Select(pair_order).select_by_value("alternate")
    assert drv.find_element(By.ID, "m-hc-note").is_displayed()  # R12.2(1): 5 points at least
    Select(drv.find_element(By.ID, "m-hc-kind")).select_by_value("mixed")
    receiver = Select(drv.find_element(By.ID, "m-hc-receiver"))
    assert [o.text for o in receiver.options] == ["Аня", "Боря & Вова"]
    receiver.select_by_value("1")
    _type(drv, "m-hc-points", "6")
    drv.find_element(By.CSS_SELECTOR, '#m-hc-balls button[data-ball="1"]').click()
    drv.find_element(By.CSS_SELECTOR, '#m-hc-balls button[data-ball="2"]').click()
    assert _fits(drv, "match-setup") == []
    drv.execute_script("window.scrollTo(0, 0)")
    screenshot(drv, f"match-start-pair-top-{name}")
    drv.find_element(By.ID, "m-start").location_once_scrolled_into_view
    screenshot(drv, f"match-start-pair-{name}")
    start_match(drv)
    WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "match-play").is_displayed())
    st = http.get("api/match").json()
    assert st["session"]["variant"] == "one-vs-pair"
    assert st["session"]["pair_order"] == "alternate" and st["session"]["breaker"] == 0
    assert st["session"]["handicap"] == {"kind": "mixed", "receiver": 1, "points": 6,
                                         "balls": ["1", "2"]}
    assert st["scores"] == [0, 6 + 11 + 2] and st["next"] == "Аня"
    header = json.loads(http.get("api/match/record").text.splitlines()[0])
    assert header["session"] == st["session"]
    assert header["initial_state"]["pair"]["order"] == "alternate"
    terms = drv.find_element(By.ID, "m-terms").text
    assert "Фора: Боря & Вова +6" in terms and "разбивает Аня" in terms, terms
    assert _fits(drv, "match-play") == []
    drv.execute_script("window.scrollTo(0, 0)")
    screenshot(drv, f"match-play-pair-{name}")

    # a new match: two players, the second breaks, 15 points to the first
    drv.find_element(By.ID, "m-new-match").click()
    Select(drv.find_element(By.ID, "m-variant")).select_by_value("two-player")
    assert not drv.find_element(By.ID, "m-pair-order").is_displayed()
    assert not drv.find_element(By.ID, "m-p3").is_displayed()
    drv.find_element(By.ID, "m-lot").click()  # the lot: one of the two, said in the output
    assert "Жребий: разбивает" in drv.find_element(By.ID, "m-setup-out").text
    Select(drv.find_element(By.ID, "m-breaker")).select_by_visible_text("Боря")
    Select(drv.find_element(By.ID, "m-hc-kind")).select_by_value("points")
    assert not drv.find_element(By.ID, "m-hc-balls").is_displayed()
    Select(drv.find_element(By.ID, "m-hc-receiver")).select_by_visible_text("Аня")
    _type(drv, "m-hc-points", "15")
    assert _fits(drv, "match-setup") == []
    start_match(drv)
    WebDriverWait(drv, 10).until(lambda d: "Аня 15" in d.find_element(By.ID, "m-score").text)
    st = http.get("api/match").json()
    assert st["session"]["breaker"] == 1 and st["next"] == "Боря"
    assert st["session"]["pair_order"] is None
    assert st["session"]["handicap"] == {"kind": "points", "receiver": 0, "points": 15}
    header = json.loads(http.get("api/match/record").text.splitlines()[0])
    assert header["session"]["breaker"] == 1 and header["initial_state"]["to_move"] == 1


def test_start_form_refusal_is_shown(browser):
    """A handicap the engine refuses (at the target) is shown with its message; the form
    stays."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    drv = browser("en", size=(390, 844))
    _open_setup(drv)
    Select(drv.find_element(By.ID, "m-variant")).select_by_value("two-player")
    Select(drv.find_element(By.ID, "m-hc-kind")).select_by_value("points")
    _type(drv, "m-hc-points", "70")
    Select(drv.find_element(By.ID, "m-hc-kind")).select_by_value("mixed")
    drv.find_element(By.CSS_SELECTOR, '#m-hc-balls button[data-ball="15"]').click()
    start_match(drv, refused=True)
    WebDriverWait(drv, 10).until(
        lambda d: "target of 71" in d.find_element(By.ID, "m-setup-out").text)
    assert "refused" in drv.find_element(By.ID, "m-setup-out").get_attribute("class")
    assert _fits(drv, "match-setup") == []
    assert drv.find_element(By.ID, "match-setup").is_displayed()

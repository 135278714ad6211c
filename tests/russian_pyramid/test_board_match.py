"""The board's Match tab API (issue 11 item 3): the scorekeeping session behind
/api/match/*, writing the same record as ``pyramid score --session``."""
from __future__ import annotations


from engine import read_record, verify_record
from engine.provenance import current as current_provenance
from russian_pyramid.board.server import create_app
from russian_pyramid.cli import main
from tests.cli.clihelp import ROOT

EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples

from .boardclient import guarded_client
from .test_board_scorer import _devices


def _client(tmp_path, record=True):
    app = create_app(warm=False, match_record=str(tmp_path / "m.jsonl") if record else None)
    return guarded_client(app)


def test_match_tab_keeps_score_and_writes_the_record(tmp_path):
    with _client(tmp_path) as c:
        assert c.get("/api/match").json() == {"active": False}
        st = c.post("/api/match/start", json={"players": ["Иван", "Пётр"], "lang": "ru"}).json()
        assert st["active"] and st["scores"] == [0, 0] and st["next"] == "Иван"
        r = c.post("/api/match/line", json={"text": "7 FL"}).json()
        assert not r["refused"] and r["status"]["scores"] == [7, 0]
        assert "засчитан 7" in "\n".join(r["printed"])
        r = c.post("/api/match/line", json={"text": "7 NR"}).json()  # R5.4: not on the table
        assert r["refused"] and r["status"]["scores"] == [7, 0]
        r = c.post("/api/match/line", json={"text": "miss"}).json()
        assert r["status"]["scores"] == [2, 5]
        text = c.get("/api/match/record").text
    rec = read_record(tmp_path / "m.jsonl")
    verify_record(rec)
    assert rec.header["provenance"] == current_provenance().to_json()  # what made it
    assert [s.extra["entered"] for s in rec.strokes] == ["7 FL", "miss"]
    assert text == (tmp_path / "m.jsonl").read_text(encoding="utf-8")


def test_match_tab_replays_the_shipped_example_to_the_same_record(tmp_path):
    lines = (EXAMPLES / "session_game.txt").read_text(
        encoding="utf-8").splitlines()
    with _client(tmp_path, record=False) as c:
        c.post("/api/match/start", json={"players": ["Иван", "Пётр"], "lang": "ru"})
        for line in lines:
            if line != "quit":
                assert not c.post("/api/match/line", json={"text": line}).json()["refused"]
        st = c.get("/api/match").json()
        assert st["scores"] == [68, 72] and st["result"]["winner"] == 1
        text = c.get("/api/match/record").text
    mine = [ln for ln in text.splitlines()]
    shipped = (EXAMPLES / "session_game.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(mine) == len(shipped) and mine[1:-1] == shipped[1:-1]  # the date differs


def test_match_tab_refuses_bad_starts(tmp_path):
    with _client(tmp_path) as c:
        assert c.post("/api/match/start", json={"players": ["A"]}).status_code == 422
        assert c.post("/api/match/start", json={"players": ["A", "A"]}).status_code == 422
        assert c.post("/api/match/line", json={"text": "7 FL"}).status_code == 422


def test_the_page_has_the_match_tab():
    html = (ROOT / "russian_pyramid" / "board" / "static" / "index.html").read_text(encoding="utf-8")
    assert 'id="tab-match"' in html and "/static/match.js" in html


def test_match_tab_in_the_browser_buttons_make_the_line(browser):
    """Tablet-sized: the ball and pocket buttons build `7 FL`, Enter rules it (R5.1)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from .conftest import screenshot
    from .test_board_match_start import _open_setup, start_match
    drv = browser("ru", size=(1024, 1366))
    _open_setup(drv)  # the board's match is the session's: another test may have left one
    for k, name in ((1, "Аня"), (2, "Боря")):
        box = drv.find_element(By.ID, f"m-p{k}")
        box.clear()
        box.send_keys(name)
    start_match(drv)
    WebDriverWait(drv, 10).until(lambda d: d.find_element(By.ID, "match-play").is_displayed())
    drv.find_element(By.CSS_SELECTOR, '#m-balls button[data-ball="7"]').click()
    drv.find_element(By.CSS_SELECTOR, '#m-pockets button[data-pocket="FL"]').click()
    assert drv.find_element(By.ID, "m-text").get_attribute("value") == "7 ДЛ"  # no Latin code
    assert drv.find_element(By.CSS_SELECTOR, '#m-pockets button[data-pocket="FL"]').text == "ДЛ"
    drv.find_element(By.ID, "m-send").click()
    WebDriverWait(drv, 10).until(lambda d: "Аня 7" in d.find_element(By.ID, "m-score").text)
    assert "засчитан 7" in drv.find_element(By.ID, "m-out").text
    # issue 54, item 4: the modifier buttons write the page's words, not `+cue` and `x`
    for tok in ("+cue", "x", "first"):
        drv.find_element(By.CSS_SELECTOR, f'#panel-match [data-tok="{tok}"]').click()
    assert drv.find_element(By.ID, "m-text").get_attribute("value") == "+биток х первым"
    drv.find_element(By.ID, "m-clear").click()
    drv.find_element(By.CSS_SELECTOR, '#panel-match [data-line="miss"]').click()
    drv.find_element(By.ID, "m-confirm-yes").click()  # «Записать промах?» (issue 54)
    WebDriverWait(drv, 10).until(lambda d: "Боря 5" in d.find_element(By.ID, "m-score").text)  # R7.1a
    # issue 54, item 4: the button's `miss` is listed in the page's words, with who played it
    listed = [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#m-strokes li")]
    assert listed == ["Аня: 7 ДЛ (+7)", "Аня: промах — фол"]
    screenshot(drv, "match-tab")
    size = drv.find_element(By.CSS_SELECTOR, '#m-balls button[data-ball="7"]').size
    assert size["height"] >= 48 and size["width"] >= 48  # a finger, not a mouse


def test_the_board_started_again_on_its_record_goes_on_with_the_match(tmp_path):
    """Issue 51: a board killed mid-match and started again on the same ``--match-record``
    showed the start form, and a match started there wrote over the record.  It goes on with
    the match instead (its latest game's file, as ``pyramid score --resume``), the record
    untouched until a line is entered; nobody keeps the score until a device enters one."""
    rec = tmp_path / "m.jsonl"
    club, = _devices(create_app(warm=False, match_record=str(rec)), "10.0.0.2")
    club.post("/api/match/start", json={"players": ["Иван", "Пётр"], "games": 2})
    for line in ("7 FL", "correct 71 0 agreed", "new game", "3 NR", "miss"):  # Пётр breaks 2
        assert not club.post("/api/match/line", json={"text": line}).json()["refused"], line
    second = tmp_path / "m.game2.jsonl"
    written = rec.read_bytes(), second.read_bytes()
    tablet, phone = _devices(create_app(warm=False, match_record=str(rec)), "10.0.0.5",
                             "10.0.0.7")
    st = phone.get("/api/match").json()
    assert st["active"] and st["game"] == 2 and st["strokes"] == ["3 NR", "miss"]
    assert st["scores"] == [5, 3 - 5] and st["scorer"] is None and st["you_score"] is True
    assert (rec.read_bytes(), second.read_bytes()) == written
    assert not tablet.post("/api/match/line", json={"text": "5 FL"}).json()["refused"]
    assert phone.get("/api/match").json()["you_score"] is False  # the tablet keeps it now
    assert phone.post("/api/match/line", json={"text": "miss"}).status_code == 409
    assert [s.extra["entered"] for s in read_record(second).strokes] == ["3 NR", "miss", "5 FL"]
    assert [s.extra["entered"] for s in read_record(rec).strokes] == ["7 FL"]


def test_a_match_record_that_is_not_a_match_is_refused_and_left_alone(tmp_path, capsys):
    """``pyramid board --match-record FILE`` on a file that holds no match of a session: exit
    2 naming the flag and the file, before the board starts, the file as it was."""
    plain = (ROOT / "russian_pyramid" / "examples" / "session_game.jsonl").read_text(encoding="utf-8").replace(
        '"human": true', '"human": false')  # no longer a person's game (nor its seal)
    for text in ("not a record\n", plain):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(text, encoding="utf-8")
        assert main(["board", "--no-browser", "--port", "0", "--match-record", str(bad)]) == 2
        err = capsys.readouterr().err
        assert f"--match-record {bad}:" in err and "Traceback" not in err, err
        assert bad.read_text(encoding="utf-8") == text

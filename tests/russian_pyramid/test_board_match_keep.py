"""A match nothing can lose (issue 54 item 3), at the board's HTTP level: each test a sequence
after which every match entered is still there -- a new match started while one runs (kept,
listed, opened again), a reload mid-match (the names, the last ruling, the strokes with each
side's runs and fouls), the score handed to another device (accepted, refused, a silent
scorer), the last line undone (the record says so), and the board killed with ``kill -9`` and
started again (the match goes on from the data folder)."""
from __future__ import annotations

import os
import signal

import httpx
import pytest

from starlette.testclient import TestClient

from engine.record import parse_record
from engine.verify import verify_record
from russian_pyramid.app.match import SCORER_SILENT_S, MatchDesk, MatchStore, data_folder
from russian_pyramid.board.server import create_app
from russian_pyramid.errors import UserInputError

from .boardclient import PRINTED, board_address, board_process, client, script_headers, until_up
from .conftest import screenshot
from .test_board_lan import STOPPED_FIRST


def _devices(app, *addresses):
    h = script_headers(app.state.guard.token)
    return [TestClient(app, base_url="http://127.0.0.1", headers=h, client=(a, 50000))
            for a in addresses]


class Clock:
    """A clock the test moves (the scorer's silence, SCORER_SILENT_S)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_data_folder_is_xdg_data_home_s(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_folder() == tmp_path / "russian-pyramid"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert str(data_folder()).endswith(os.path.join(".local", "share", "russian-pyramid"))


def test_a_new_match_while_one_runs_keeps_the_old_one_listed_and_it_opens_again(tmp_path):
    """Without --match-record every match goes to the data folder; a second match started
    while the first runs leaves the first in its file, listed with its score; opened again,
    it goes on where it was; the names are remembered, the latest first."""
    app = create_app(warm=False, desk=MatchDesk(store=MatchStore(tmp_path / "data")))
    (club,) = _devices(app, "10.0.0.2")
    first = club.post("/api/match/start", json={"players": ["Иван", "Пётр"]}).json()
    club.post("/api/match/line", json={"text": "7 FL"})
    second = club.post("/api/match/start", json={"players": ["Сергей", "Олег"]}).json()
    assert first["id"] and second["id"] and first["id"] != second["id"]
    listed = club.get("/api/match/list").json()
    assert [m["id"] for m in listed["matches"]] == [second["id"], first["id"]]
    old = listed["matches"][1]
    assert old["people"] == ["Иван", "Пётр"] and old["scores"] == [7, 0] \
        and old["strokes"] == 1 and not old["current"] and listed["matches"][0]["current"]
    assert listed["players"] == ["Сергей", "Олег", "Иван", "Пётр"]
    assert (tmp_path / "data" / "matches" / f"{first['id']}.jsonl").is_file()
    back = club.post("/api/match/open", json={"id": first["id"]}).json()
    assert back["people"] == ["Иван", "Пётр"] and back["scores"] == [7, 0]
    assert back["id"] == first["id"] and back["you_score"] is True
    went_on = club.post("/api/match/line", json={"text": "miss"}).json()["status"]
    assert went_on["strokes"] == ["7 FL", "miss"] and went_on["scores"] == [2, 5]
    for bad in ({"id": "../../etc/passwd"}, {"id": "2020-01-01-000000"}, {"id": 5}, {}):
        r = club.post("/api/match/open", json=bad)
        assert r.status_code == 422 and r.json()["field"] == "id", r.text
    assert club.get("/api/match").json()["id"] == first["id"]  # a refusal changed nothing


def test_a_reload_mid_match_gives_the_names_the_last_ruling_and_the_strokes(tmp_path):
    """What a page reloaded (or a spectator) reads: the players (not the form's defaults),
    the last line's ruling, each stroke with its side, each side's fouls and runs."""
    app = create_app(warm=False, desk=MatchDesk(store=MatchStore(tmp_path / "data")))
    club, phone = _devices(app, "10.0.0.2", "10.0.0.7")
    club.post("/api/match/start", json={"players": ["Сергей", "Олег"], "lang": "ru"})
    for line in ("7 FL", "5 NR", "3 ML x", "miss", "undo", "miss"):
        club.post("/api/match/line", json={"text": line})
    for dev in (club, phone):
        st = dev.get("/api/match").json()
        assert st["people"] == ["Сергей", "Олег"]
        assert st["last"] and "Сергей +5" in st["last"][0], st["last"]  # the miss's ruling
        assert [(ln["side"], ln["text"], ln["foul"]) for ln in st["lines"]] == [
            (0, "7 FL", False), (0, "5 NR", False), (0, "3 ML x", False), (1, "miss", True)]
        assert st["lines"][0]["words"]["ru"] == "7 ДЛ"
        assert st["stats"] == [{"fouls": 0, "best_run": 12, "run": 0},
                               {"fouls": 1, "best_run": 0, "run": 0}]


def test_the_score_passes_only_when_the_scorer_accepts(tmp_path):
    """«Вести счёт здесь» asks the scorer: refused, the phone watches on (and may ask
    again); accepted, the phone keeps the score; only the scorer answers."""
    clock = Clock()
    app = create_app(warm=False, desk=MatchDesk(store=MatchStore(tmp_path / "data"),
                                                 clock=clock))
    club, phone, other = _devices(app, "10.0.0.2", "10.0.0.7", "10.0.0.9")
    club.post("/api/match/start", json={"players": ["Иван", "Пётр"]})
    asked = phone.post("/api/match/scorer").json()
    assert asked["scorer"] == "10.0.0.2" and asked["you_score"] is False
    assert asked["handover"] == {"asked_by": None, "asking": True, "refused": False}
    assert club.get("/api/match").json()["handover"]["asked_by"] == "10.0.0.7"
    assert phone.post("/api/match/line", json={"text": "7 FL"}).status_code == 409
    r = other.post("/api/match/handover", json={"accept": True})  # not the scorer's to answer
    assert r.status_code == 409
    refused = club.post("/api/match/handover", json={"accept": False}).json()
    assert refused["scorer"] == "10.0.0.2" and refused["handover"]["asked_by"] is None
    st = phone.get("/api/match").json()
    assert st["you_score"] is False and st["handover"] == {"asked_by": None, "asking": False,
                                                           "refused": True}
    r = club.post("/api/match/handover", json={"accept": True})
    assert r.status_code == 422 and "no device is asking" in r.json()["error"]
    for bad in ({}, {"accept": "yes"}, {"accept": True, "x": 1}):
        assert club.post("/api/match/handover", json=bad).status_code == 422
    phone.post("/api/match/scorer")
    taken = club.post("/api/match/handover", json={"accept": True}).json()
    assert taken["scorer"] == "10.0.0.7" and taken["you_score"] is False
    assert phone.post("/api/match/line", json={"text": "7 FL"}).status_code == 200
    assert club.post("/api/match/line", json={"text": "miss"}).status_code == 409


def test_a_silent_scorer_is_not_waited_for(tmp_path):
    """A scorer's page not heard from for SCORER_SILENT_S (its screen off, the phone gone):
    the score passes at once."""
    clock = Clock()
    app = create_app(warm=False, desk=MatchDesk(store=MatchStore(tmp_path / "data"),
                                                 clock=clock))
    club, phone = _devices(app, "10.0.0.2", "10.0.0.7")
    club.post("/api/match/start", json={"players": ["Иван", "Пётр"]})
    clock.now += SCORER_SILENT_S - 1
    assert phone.post("/api/match/scorer").json()["scorer"] == "10.0.0.2"
    clock.now += 2
    assert phone.post("/api/match/scorer").json()["scorer"] == "10.0.0.7"


def test_the_last_line_undone_stays_in_the_record_marked(tmp_path):
    app = create_app(warm=False, desk=MatchDesk(store=MatchStore(tmp_path / "data")))
    (club,) = _devices(app, "10.0.0.2")
    club.post("/api/match/start", json={"players": ["Иван", "Пётр"], "lang": "ru"})
    club.post("/api/match/line", json={"text": "7 ДЛ"})
    r = club.post("/api/match/line", json={"text": "отмена"}).json()
    assert not r["refused"] and r["status"]["scores"] == [0, 0] and r["status"]["lines"] == []
    rec = parse_record(club.get("/api/match/record").text)
    verify_record(rec)
    assert rec.result["before"] == [{"action": "undo", "line": "7 FL"}]
    listed = club.get("/api/match/list").json()["matches"][0]
    path = tmp_path / "data" / "matches" / f"{listed['id']}.jsonl"
    assert parse_record(path.read_text(encoding="utf-8")).result["before"] == rec.result["before"]


def test_a_board_killed_with_kill_9_goes_on_with_its_match_from_the_data_folder(tmp_path,
                                                                               monkeypatch):
    """``pyramid board`` without --match-record, killed with SIGKILL after a line: started
    again, it goes on with the same match, every line there; the players are remembered."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with board_process() as (proc, printed):
        url, token = board_address(PRINTED + printed)
        with client(url, token, timeout=30) as c:
            until_up(lambda: c.get("api/match"))
            started = c.post("api/match/start", json={"players": ["Иван", "Пётр"]}).json()
            for line in ("7 FL", "5 NR x"):
                assert not c.post("api/match/line", json={"text": line}).json()["refused"]
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    with board_process() as (proc, printed):
        url, token = board_address(PRINTED + printed)
        with client(url, token, timeout=30) as c:
            st = until_up(lambda: c.get("api/match")).json()
            assert st["active"] and st["id"] == started["id"] and st["scores"] == [7, 0]
            assert st["strokes"] == ["7 FL", "5 NR x"] and st["people"] == ["Иван", "Пётр"]
            assert c.post("api/match/line", json={"text": "miss"}).json()["status"]["scores"] \
                == [12, -5]  # Пётр's miss: his 5 points off (R7.1a, R7.2)
            assert c.get("api/match/list").json()["players"] == ["Иван", "Пётр"]


def test_without_a_data_folder_to_write_the_board_says_why(tmp_path):
    """The data folder cannot be made (a file in its place): the start is refused with the
    reason, not a match kept nowhere."""
    (tmp_path / "data").write_text("not a folder")
    app = create_app(warm=False, desk=MatchDesk(store=MatchStore(tmp_path / "data")))
    (club,) = _devices(app, "10.0.0.2")
    r = club.post("/api/match/start", json={"players": ["Иван", "Пётр"]})
    assert r.status_code == 507 and "the data folder" in r.json()["error"], r.text
    assert club.get("/api/match").json() == {"active": False}


# --- the page: one walk through the questions, the undo and a reload ----------------------------
WAIT_S = 30  # a 2-core machine running Chromium and the suite's workers


def _until(drv, what):
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(drv, WAIT_S).until(what)


def _tap(drv, element) -> None:
    """A thumb's tap: the control scrolled to the middle of the screen first, as a player
    scrolls it out from under the pinned table or the pinned typed line (issue 54 item 1)."""
    drv.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    element.click()


def _answer(drv, question: str, yes: bool) -> None:
    """The page's question (the Match tab's dialog) is ``question``: answered."""
    _until(drv, lambda d: d.find_element("id", "m-confirm").is_displayed())
    assert drv.find_element("id", "m-confirm-text").text == question
    _tap(drv, drv.find_element("id", "m-confirm-yes" if yes else "m-confirm-no"))
    _until(drv, lambda d: not d.find_element("id", "m-confirm").is_displayed())


def test_the_page_asks_before_what_a_tap_cannot_take_back_and_a_reload_comes_back(
        browser, tmp_path, monkeypatch):
    """On a phone (390x844, touch), in Russian: «промах» asks once (no: nothing entered;
    yes: entered); «отмена» names the stroke it takes back; a reload comes back to the Match
    tab with the names, the last ruling, the strokes and each side's fouls and runs; «Начать
    матч» while one runs asks (no: the match goes on; yes: the old one is kept, listed, and
    opens again)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with board_process() as (_proc, printed):
        url, token = board_address(PRINTED + printed)
        with client(url, token, timeout=30) as c:
            until_up(lambda: c.get("api/match"))
            drv = browser("ru", (390, 844), mobile=True)
            drv.allowed_console = STOPPED_FIRST  # the page's polls once this board is stopped
            drv.get(printed)
            _until(drv, lambda d: d.execute_script("return document.body.dataset.ready === '1'"))
            _tap(drv, drv.find_element("id", "tab-match"))
            for field, name in (("m-p1", "Сергей"), ("m-p2", "Олег")):
                drv.find_element("id", field).clear()
                drv.find_element("id", field).send_keys(name)
            _tap(drv, drv.find_element("id", "m-start"))  # no match runs: nothing to ask
            _until(drv, lambda d: d.find_element("id", "match-play").is_displayed())
            first = c.get("api/match").json()["id"]
            _tap(drv, drv.find_element("css selector", "#m-balls button[data-ball='7']"))
            _tap(drv, drv.find_element("css selector", "#m-pockets button[data-pocket='FL']"))
            _tap(drv, drv.find_element("id", "m-send"))
            _until(drv, lambda d: "Сергей 7" in d.find_element("id", "m-score").text)
            miss = drv.find_element("css selector", "[data-line='miss']")
            _tap(drv, miss)
            _answer(drv, "Записать промах?", yes=False)
            assert c.get("api/match").json()["strokes"] == ["7 FL"]  # nothing was sent
            _tap(drv, miss)
            _answer(drv, "Записать промах?", yes=True)
            _until(drv, lambda d: len(c.get("api/match").json()["strokes"]) == 2)
            _tap(drv, drv.find_element("css selector", "[data-line='undo']"))
            _answer(drv, "Отменить последний удар (промах)?", yes=True)
            _until(drv, lambda d: c.get("api/match").json()["strokes"] == ["7 FL"])
            assert parse_record(c.get("api/match/record").text).result["before"] == [
                {"action": "undo", "line": "miss"}]
            drv.refresh()
            _until(drv, lambda d: d.find_element("id", "panel-match").is_displayed())
            _until(drv, lambda d: "Отменено: промах." in d.find_element("id", "m-out").text)
            strokes = drv.find_elements("css selector", "#m-strokes li")
            assert [li.text for li in strokes] == ["Сергей: 7 ДЛ (+7)"]
            assert "Сергей: серия 7 (лучшая 7), фолов: 0" in drv.find_element("id", "m-stats").text
            screenshot(drv, "match-kept-after-reload-ru-390x844")
            # another device asks for the score: this page (the scorer) answers, no then yes
            phone = httpx.Client(base_url=url, headers=script_headers(token), timeout=30,
                                 transport=httpx.HTTPTransport(local_address="127.0.0.3"))
            with phone:
                for answer in ("m-handover-no", "m-handover-yes"):
                    assert phone.post("api/match/scorer").json()["handover"]["asking"]
                    _until(drv, lambda d: d.find_element("id", "m-handover").is_displayed())
                    assert drv.find_element("id", "m-handover-text").text \
                        == "Устройство 127.0.0.3 просит вести счёт."
                    if answer == "m-handover-no":
                        screenshot(drv, "match-handover-asked-ru-390x844")
                    _tap(drv, drv.find_element("id", answer))
                    _until(drv, lambda d: not d.find_element("id", "m-handover").is_displayed())
                    st = phone.get("api/match").json()
                    assert st["you_score"] is (answer == "m-handover-yes"), st
                    assert st["handover"]["refused"] is (answer == "m-handover-no")
                _until(drv, lambda d: d.find_element("id", "m-watch").is_displayed())
                assert not drv.find_element("id", "m-send").is_enabled()
                phone.post("api/match/line", json={"text": "5 NR x"})
                _until(drv, lambda d: "Сергей: 5 БП х" in d.find_element("id", "m-strokes").text)
                _tap(drv, drv.find_element("id", "m-take-over"))  # and back: the phone accepts
                _until(drv, lambda d: phone.get("api/match").json()["handover"]["asked_by"])
                phone.post("api/match/handover", json={"accept": True})
                _until(drv, lambda d: not d.find_element("id", "m-watch").is_displayed())
            _tap(drv, drv.find_element("id", "m-new-match"))
            assert drv.find_element("id", "m-p1").get_attribute("value") == "Сергей"
            _tap(drv, drv.find_element("id", "m-start"))
            _answer(drv, "Начать новый матч? Текущий сохранится.", yes=False)
            assert c.get("api/match").json()["id"] == first
            drv.find_element("id", "m-p2").clear()
            drv.find_element("id", "m-p2").send_keys("Пётр")
            _tap(drv, drv.find_element("id", "m-start"))
            _until(drv, lambda d: d.find_element("id", "m-confirm").is_displayed())
            screenshot(drv, "match-ask-new-match-ru-390x844")
            _answer(drv, "Начать новый матч? Текущий сохранится.", yes=True)
            _until(drv, lambda d: c.get("api/match").json()["id"] != first)
            _tap(drv, drv.find_element("id", "m-new-match"))
            kept = _until(drv, lambda d: d.find_element(
                "css selector", f"#m-list button[data-id='{first}']"))
            screenshot(drv, "match-kept-list-ru-390x844")
            kept.click()
            _answer(drv, "Открыть этот матч? Текущий сохранится.", yes=True)
            _until(drv, lambda d: "Сергей 7" in d.find_element("id", "m-score").text)
            assert c.get("api/match").json()["id"] == first


def test_a_damaged_record_in_the_data_folder_is_listed_not_lost(tmp_path, capsys):
    """The current match's record damaged by hand (and the players' file too): the board
    starts without a match, says why on its console, lists the file as damaged, leaves it as
    it is; the players' list is empty rather than refused."""
    store = MatchStore(tmp_path / "data")
    desk = MatchDesk(store=store)
    match_id = desk.start({"players": ["Иван", "Пётр"]}).match_id
    desk.line({"text": "7 FL"})
    path = store.folder / f"{match_id}.jsonl"
    path.write_text(path.read_text(encoding="utf-8").replace('"scores_after": [7, 0]',
                                                             '"scores_after": [9, 0]'))
    (store.root / "players.json").write_text("{not json")
    damaged = path.read_bytes()
    again = MatchDesk(store=store)
    assert again.session is None and match_id in capsys.readouterr().err
    (listed,) = again.listed().matches  # read for the list, verified only when opened
    assert listed.id == match_id and listed.people == ("Иван", "Пётр") and listed.strokes == 1
    with pytest.raises(UserInputError) as exc:
        again.open({"id": match_id})
    assert match_id in str(exc.value) and again.session is None
    assert again.listed().players == () and path.read_bytes() == damaged

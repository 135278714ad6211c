"""Suggestions device by device (issue 26, item 2; russian_pyramid/board/turns.py): the fewest turns
first, each device's own in order, a cap per device, a place that tells the truth, a client
that leaves taken out; and several devices at once against a real board."""
from __future__ import annotations

import asyncio
import json
import threading

import httpx
import pytest

from russian_pyramid.board.turns import MAX_WAITING_PER_DEVICE, QueueFull, Turns

from ..cli.clihelp import ROOT
from .boardclient import script_headers
from .test_board_lan import STOPPED_FIRST, _board, lan_board_up


async def _ask(turns: Turns, device: str, name: str, log: list, release: dict) -> None:
    async with turns.turn(device):
        log.append(name)
        gate = release.setdefault(name, asyncio.Event())
        await gate.wait()


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_device_with_many_requests_does_not_hold_the_others_back():
    async def scenario():
        turns, log, release = Turns(), [], {}
        tasks = [asyncio.create_task(_ask(turns, "phone-x", f"x{k}", log, release))
                 for k in range(1, 4)]
        await _settle()
        assert log == ["x1"]
        tasks.append(asyncio.create_task(_ask(turns, "phone-y", "y1", log, release)))
        tasks.append(asyncio.create_task(_ask(turns, "phone-z", "z1", log, release)))
        await _settle()
        p = turns.where("phone-y")
        assert (p.ahead, p.waiting, p.total, p.busy) == (1, 1, 4, True)
        assert turns.where("phone-z").ahead == 2  # y came first; both before x's second
        assert turns.where("phone-x").ahead == 3
        assert turns.where("phone-w").to_json() == {"ahead": 1, "waiting": 0, "total": 4,
                                                     "busy": True}
        for name in ("x1", "y1", "z1", "x2"):
            release.setdefault(name, asyncio.Event()).set()
            await _settle()
        assert log == ["x1", "y1", "z1", "x2", "x3"]
        release["x3"].set()
        await asyncio.gather(*tasks)
        assert turns.where("phone-x").to_json() == {"ahead": 0, "waiting": 0, "total": 0,
                                                     "busy": False}
    asyncio.run(scenario())


def test_at_most_a_few_waiting_per_device():
    async def scenario():
        turns, log, release = Turns(), [], {}
        tasks = [asyncio.create_task(_ask(turns, "p", f"p{k}", log, release))
                 for k in range(MAX_WAITING_PER_DEVICE + 1)]  # one running, the rest waiting
        await _settle()
        with pytest.raises(QueueFull, match="p has 4 suggestions waiting"):
            async with turns.turn("p"):
                pass
        async with asyncio.timeout(1):  # another device is still welcome
            other = asyncio.create_task(_ask(turns, "q", "q1", log, release))
            await _settle()
        for k in range(MAX_WAITING_PER_DEVICE + 1):
            release.setdefault(f"p{k}", asyncio.Event()).set()
        release.setdefault("q1", asyncio.Event()).set()
        await asyncio.gather(*tasks, other)
        assert log[:2] == ["p0", "q1"]
    asyncio.run(scenario())


def test_a_client_that_leaves_is_taken_out_of_the_queue():
    async def scenario():
        turns, log, release = Turns(), [], {}
        first = asyncio.create_task(_ask(turns, "a", "a1", log, release))
        gone = asyncio.create_task(_ask(turns, "b", "b1", log, release))
        after = asyncio.create_task(_ask(turns, "c", "c1", log, release))
        await _settle()
        gone.cancel()
        await _settle()
        assert turns.where("c").ahead == 1
        release.setdefault("a1", asyncio.Event()).set()
        await _settle()
        release.setdefault("c1", asyncio.Event()).set()
        await asyncio.gather(first, after)
        assert log == ["a1", "c1"]
    asyncio.run(scenario())


def test_several_devices_at_once_against_a_real_board():
    """Three devices (three source addresses on the loopback) at a --lan board: one sends
    three suggestions at once, two send one each just after; every one is answered, and each
    of the two is answered before the first device's third (the fewest turns first)."""
    doc = json.loads((ROOT / "russian_pyramid" / "board" / "static" / "positions" /
                      "open.json").read_text(encoding="utf-8"))
    with _board() as (url, _proc):
        base, token = lan_board_up(url)
        done, lock = [], threading.Lock()

        def ask(source: str, name: str) -> None:
            transport = httpx.HTTPTransport(local_address=source)
            with httpx.Client(transport=transport, headers=script_headers(token),
                              timeout=600) as c:
                r = c.post(base + "api/suggest?top=1&budget=300", json=doc)
                assert r.status_code == 200, r.text
            with lock:
                done.append(name)

        many = [threading.Thread(target=ask, args=("127.0.0.3", f"x{k}")) for k in range(3)]
        for t in many:
            t.start()
        deadline = 600
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3"),
                          headers=script_headers(token), timeout=10) as c:
            for _ in range(deadline * 10):  # until the three are in (one answered or queued)
                place = c.get(base + "api/queue").json()
                if place["waiting"] + int(place["busy"]) >= 3 or done:
                    break
                threading.Event().wait(0.1)
        assert not done, "the first answer came before the others were queued"
        few = [threading.Thread(target=ask, args=(src, name))
               for src, name in (("127.0.0.4", "y"), ("127.0.0.5", "z"))]
        for t in few:
            t.start()
        for t in many + few:
            t.join(deadline)
        assert sorted(done) == ["x0", "x1", "x2", "y", "z"]
        assert set(done[1:3]) == {"y", "z"}, done


def test_the_page_says_its_place_in_the_queue(browser):
    """Another device holds the AI (a 15 s search against the clock); the phone's Suggest
    says how many are ahead of it, then draws its answer."""
    doc = json.loads((ROOT / "russian_pyramid" / "board" / "static" / "positions" /
                      "open.json").read_text(encoding="utf-8"))
    with _board() as (url, _proc):
        base, token = lan_board_up(url)
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3"),
                             headers=script_headers(token), timeout=300)
        holder = threading.Thread(target=lambda: other.post(
            base + "api/suggest?top=1&time_budget=15", json=doc))
        holder.start()
        try:
            drv = browser("ru", (390, 844), mobile=True)
            drv.allowed_console = STOPPED_FIRST
            drv.get(url)
            from selenium.webdriver.support.ui import WebDriverWait
            WebDriverWait(drv, 60).until(lambda d: d.execute_script(
                "return document.body.dataset.ready === '1'"))
            while other.get(base + "api/queue").json()["busy"] is False:
                threading.Event().wait(0.1)
            drv.execute_script("document.getElementById('btn-suggest').click()")
            WebDriverWait(drv, 10).until(lambda d: "перед вами 1" in d.execute_script(
                "return document.querySelector('#progress .ptext').textContent"))
            from .conftest import screenshot
            screenshot(drv, "queue-ru-390x844")
            WebDriverWait(drv, 120).until(lambda d: d.execute_script(
                "return document.querySelectorAll('#suggestions li').length > 0"))
        finally:
            holder.join(120)
            other.close()

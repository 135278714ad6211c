"""The analysis board's latencies, measured on this machine.

    python -m benchmarks.board_latency [--repeat 5] [--smoke]

Starts ``pyramid board --port 0 --no-browser``, waits until its AI process is warm, then
times each API endpoint over real HTTP (median of ``--repeat``), the suggestion against its
time budget (1 s and 2 s), and -- when Debian's chromium is installed -- the page itself:
from a click on Suggest to the stroke drawn on the table (``boardState.lastSuggestMs``), at
the page's sample budgets 300 and 600 (its Search control; the page asks by samples, not by
time).  ``--smoke``: each once, the smaller budget only (:mod:`benchmarks.smoke`).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from . import smoke

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
OPEN = ROOT / "russian_pyramid" / "board" / "static" / "positions" / "open.json"
BUDGETS_S = (1, 2)  # the API's suggestion: time budgets timed
PAGE_SAMPLES = (300, 600)  # the page's suggestion: sample budgets of its Search control


def _timed(fn, repeat):
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = smoke.parse(ap, argv, repeat=1)
    budgets = BUDGETS_S[:1] if args.smoke else BUDGETS_S
    t_start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "board", "--port", "0",
                             "--no-browser"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().split(": ", 1)[1].strip()  # the page, with its token
        base, token = url.split("?token=", 1)
        # a new connection per request, as curl makes: httpx's kept-alive connection adds
        # ~40 ms of delayed-ACK waiting on loopback that is neither client's nor server's work
        c = httpx.Client(base_url=base, timeout=120, headers={"Authorization": f"token {token}"},
                         limits=httpx.Limits(max_keepalive_connections=0))
        while True:
            try:
                h = c.get("/api/health").json()
                if h["ai"] in ("warm", "failed") and h["server"] in ("warm",) or \
                        h["server"].startswith("failed"):
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        print(f"server up and AI warm after {time.perf_counter() - t_start:.1f} s "
              f"(AI warm-up {h['ai_warm_seconds']:.1f} s)")
        doc = json.loads(OPEN.read_text())
        shot = json.loads((EXAMPLES / "cut.json").read_text())
        rows = [
            ("GET /api/health", lambda: c.get("/api/health")),
            ("GET /api/table", lambda: c.get("/api/table")),
            ("POST /api/check (state)", lambda: c.post("/api/check", json=doc)),
            ("POST /api/check (overlap, 422)", lambda: c.post(
                "/api/check", json={"balls": {"cue": [1, 1], "7": [1, 1.01]}})),
            ("POST /api/simulate", lambda: c.post("/api/simulate", json=shot)),
            ("POST /api/simulate noise x5", lambda: c.post(
                "/api/simulate", params={"noise": "club", "runs": 5}, json=shot)),
        ]
        for name, fn in rows:
            print(f"{name:34s} {1000 * _timed(fn, args.repeat):8.1f} ms")
        for budget in budgets:
            t = _timed(lambda: c.post("/api/suggest", params={"time_budget": budget},
                                      json=doc).raise_for_status(), args.repeat)
            print(f"{'POST /api/suggest budget %d s' % budget:34s} {1000 * t:8.1f} ms")
        _browser(url, args.repeat, PAGE_SAMPLES[:1] if args.smoke else PAGE_SAMPLES)
    finally:
        proc.terminate()
        proc.wait(30)
    return 0


def _browser(url, repeat, budgets) -> None:
    if not Path("/usr/bin/chromium").exists():
        print("(no chromium: the page was not timed)")
        return
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    profile = tempfile.TemporaryDirectory(prefix="board-latency-", ignore_cleanup_errors=True)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={profile.name}", "--window-size=1500,1100"):
        opts.add_argument(flag)
    drv = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    try:
        drv.get(url)
        WebDriverWait(drv, 20).until(lambda d: d.execute_script(
            "return document.body.dataset.ready === '1'"))
        Select(drv.find_element(By.ID, "sel-position")).select_by_value("/static/positions/open.json")
        for budget in map(str, budgets):
            Select(drv.find_element(By.ID, "in-budget")).select_by_value(budget)
            times = []
            for _ in range(repeat):
                drv.execute_script("window.boardState.lastSuggestMs = null;")
                drv.find_element(By.ID, "btn-suggest").click()
                WebDriverWait(drv, 60).until(lambda d: d.execute_script(
                    "return window.boardState.lastSuggestMs"))
                times.append(drv.execute_script("return window.boardState.lastSuggestMs"))
            print(f"{'page: Suggest -> drawn, %s samples' % budget:34s} "
                  f"{statistics.median(times):8.1f} ms (max {max(times):.0f})")
    finally:
        drv.quit()
        profile.cleanup()


if __name__ == "__main__":
    raise SystemExit(main())

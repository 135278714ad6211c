"""The board's page as ES modules with no rules of its own (issue 53 items 5 and 6), read as
files: one module script in index.html, every module preloaded (so the service worker keeps
it offline), no file over 400 lines, explicit imports (no function looked up by
``typeof f === "function"``, nothing shared through ``window``), and no copy of a rule -- the
points come from the server's accounting, the advice's words from the server's advice."""
from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "russian_pyramid" / "board" / "static"
MODULES = tuple(sorted(p.name for p in STATIC.glob("*.js") if p.name != "sw.js"))
ENTRY, VIEWER_ENTRY = "main.js", "embedded.js"  # the board's; the review page's (review_page.py)
MAX_LINES = 400
IMPORT = re.compile(r'^import \{([^}]*)\} from "\./([a-z0-9-]+\.js)";$', re.M)


def _text(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def test_no_script_of_the_page_is_over_400_lines():
    long = {p.name: n for p in STATIC.glob("*.js")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_the_page_loads_one_module_and_preloads_the_rest():
    html = _text("index.html")
    assert re.findall(r"<script[^>]*>", html) == [f'<script type="module" src="/static/{ENTRY}">']
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/([a-z0-9-]+\.js)">', html))
    # sw.js keeps offline what the page names (src/href): every module the board imports
    assert preloaded == set(MODULES) - {ENTRY, VIEWER_ENTRY}


def test_modules_import_what_they_use_and_share_no_global():
    exported: dict[str, set[str]] = {}
    for name in MODULES:
        text = _text(name)
        exported[name] = set(re.findall(r"^export (?:async function|function|const|let) "
                                        r"([\w$]+)", text, re.M))
        assert '"use strict"' not in text, name  # a module is strict
        assert not re.search(r"typeof \w+ === \"function\"", text), name
        # the page's state is the store's (store.js); window.boardState and window.board
        # are for tests and users' scripts, written once and read by no module
        assert not re.search(r"window\.board(State)?\.", text), name
    for name in MODULES:
        for names, source in IMPORT.findall(_text(name)):
            assert source in exported, (name, source)
            for imported in (n.strip() for n in names.replace("\n", " ").split(",")):
                assert imported in exported[source], (name, imported, source)
    # every module is reached from the board's entry
    reached, todo = set(), [ENTRY]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(source for _, source in IMPORT.findall(_text(name)))
    assert reached == set(MODULES) - {VIEWER_ENTRY}


def test_the_page_holds_no_copy_of_a_rule():
    for name in MODULES:
        code = _text(name)
        for rule in ("TOTAL_POINTS", "LAST_BALL_BONUS", "ballValue", "ball_value", "tipWords",
                     "spin_"):
            assert rule not in code, (name, rule)
        # the game's 140 points (R1.2) nowhere; a size in pixels may be 140
        assert not [line for line in code.splitlines()
                    if re.search(r"\b140\b", line) and "_PX" not in line], name
        # no ball values table (ball 1 is worth 11, R1.2) and no spin thresholds of
        # ai/words.py (FOLLOW_MIN 0.3, DRAW_MAX -0.2, ...)
        assert not re.search(r"=== 1 \? 11", code), name
        assert not re.search(r"v >= 0\.3|v <= -0\.2", code), name

"""The shareable review (issue 27 item 5): one self-contained HTML page with a game's review
-- the table, the list of strokes, the graph -- that a player can send and open from a file
with no server and no network (``pyramid analyze --html FILE``).

A service of the application layer (the command writes it; the board need not run).  The
page is the board's own page (``static/index.html``) with its stylesheet and the
viewer's scripts inlined (the viewer is not written twice: ``i18n.js``, ``view.js``,
``board.js``, ``review.js`` and the two they call, ``answer.js`` and ``setup.js``), and the
data the board would fetch embedded as JSON in ``window.PYRAMID_REVIEW``: the table
(``GET /api/table``), both languages' words (``GET /api/words/{lang}``) and the review
document (:func:`russian_pyramid.app.review.review_document`, as ``POST /api/review`` answers it).
``board.js`` sees ``PYRAMID_REVIEW`` and boots the viewer alone (``review.js``
``initEmbedded``); the tabs of the set-up, the Match tab and the server's buttons are hidden.

The page carries its Content-Security-Policy as a meta element (a file has no headers; issue
51): its own inline scripts and style, named by their SHA-256, and nothing else -- no other
script, no inline handler, nothing fetched (:func:`content_policy`).
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from engine import words

from ..io import write_atomic
from .table import table_info

# the board's page and scripts, read as files: the page written here is the board's own
STATIC = Path(__file__).resolve().parents[1] / "board" / "static"
# the scripts of the viewer, in the page's order; the others (the Match tab, the connection,
# the offline badge) talk to the server and are left out
EMBEDDED_SCRIPTS = ("i18n.js", "view.js", "board.js", "review.js", "answer.js", "setup.js")
_SCRIPT = re.compile(r'<script src="/static/([a-z0-9]+\.js)"></script>\n?')
_SERVER_LINKS = re.compile(r'<link rel="(?:icon|manifest|apple-touch-icon)"[^>]*>\n?')
_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.S)
_CHARSET = '<meta charset="utf-8">\n'


def _inline_json(obj) -> str:
    """JSON safe inside a <script> element (no "</script>", no "<!--")."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _inline_script(name: str) -> str:
    text = (STATIC / name).read_text(encoding="utf-8")
    if "</script" in text.lower():
        raise ValueError(f"static/{name} holds '</script': it cannot be inlined")
    return f"<script>/* {name} */\n{text}</script>\n"


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def content_policy(page: str) -> str:
    """The Content-Security-Policy of ``page``: each of its inline scripts and styles by its
    SHA-256 (the browser hashes an element's text as written), images as the board shows
    them (``data:``, ``blob:``), nothing else -- a file opened from disk fetches nothing."""
    inline = _INLINE.findall(page)
    scripts = " ".join(_sha256(text) for kind, text in inline if kind == "script")
    styles = " ".join(_sha256(text) for kind, text in inline if kind == "style")
    return (f"default-src 'none'; script-src {scripts}; style-src {styles}; "
            "img-src data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'")


def review_page(review: dict) -> str:
    """The page of the review document ``review`` (its JSON), as text."""
    table = (review.get("header") or {}).get("table") or "pyramid-12ft"
    data = {"table": table_info(table), "review": review,
            "words": {lang: dict(words.catalog(lang)) for lang in words.LANGS}}
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    page = page.replace('<link rel="stylesheet" href="/static/board.css">',
                        f"<style>\n{css}</style>")
    page = _SERVER_LINKS.sub("", page)
    scripts = [m.group(1) for m in _SCRIPT.finditer(page)]
    missing = [s for s in EMBEDDED_SCRIPTS if s not in scripts]
    if missing:
        raise ValueError(f"static/index.html does not load {missing}")
    first = _SCRIPT.search(page).start()
    page = _SCRIPT.sub("", page)
    inlined = (f"<script>window.PYRAMID_REVIEW = {_inline_json(data)};</script>\n"
               + "".join(_inline_script(name) for name in scripts if name in EMBEDDED_SCRIPTS))
    page = page[:first] + inlined + page[first:]
    if _CHARSET not in page:
        raise ValueError(f"static/index.html does not begin its head with {_CHARSET.strip()}")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_policy(page)}">\n'
    return page.replace(_CHARSET, _CHARSET + meta, 1)


def write_review_page(path, review: dict) -> str:
    """The page of ``review`` written (atomically) at ``path``; returns the path."""
    write_atomic(path, review_page(review), "--html")
    return str(path)

"""The shareable review (issue 27 item 5): one self-contained HTML page with a game's review
-- the table, the list of strokes, the graph -- that a player can send and open from a file
with no server and no network (``pyramid analyze --html FILE``).

A service of the application layer (the command writes it; the board need not run).  The
page is the board's own page (``static/index.html``) with its stylesheet and the viewer's
modules inlined (the viewer is not written twice), and the data the board would fetch
embedded as JSON in ``window.PYRAMID_REVIEW``: the table (``GET /api/table``), both
languages' words (``GET /api/words/{lang}``) and the review document
(:func:`russian_pyramid.app.review.review_document`, as ``POST /api/review`` answers it).

The board's page is ES modules (``main.js`` imports the rest, issue 53 item 6); a file opened
from disk can fetch none, and an inline module cannot import another.  So the page written
here carries one inline module: ``embedded.js`` (which boots the viewer alone, ``review.js``'s
``initEmbedded``) and the modules it imports, found by following their ``import`` lines, each
once, the imported before the importer, with the ``import`` lines left out and ``export``
dropped -- one module scope holding the same code (:func:`viewer_module`; two modules'
top-level names must differ, which the browser checks as it parses).  No code is rewritten
otherwise.  The Match tab, the photo, the line of play and the connection are not imported by
the viewer and are left out; the tabs of the set-up and the server's buttons are hidden.

The page carries its Content-Security-Policy as a meta element (a file has no headers; issue
51): its own inline scripts and style, named by their SHA-256, and nothing else -- no other
script, no inline handler, nothing fetched (:func:`content_policy`).
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from pathlib import Path

from engine import words

from ..io import write_atomic
from .table import table_info

# the board's page and scripts, read as files: the page written here is the board's own
STATIC = Path(__file__).resolve().parents[1] / "board" / "static"
# the viewer's entry module; it and the modules it imports are inlined as one
VIEWER_ENTRY = "embedded.js"
_SCRIPT = re.compile(r'<script type="module" src="/static/([a-z0-9]+\.js)"></script>\n?')
_SERVER_LINKS = re.compile(r'<link rel="(?:icon|manifest|apple-touch-icon|modulepreload)"[^>]*>\n?'
                           r'|<!-- the modules main\.js imports[^>]*-->\n?')
_IMPORT = re.compile(r'^import \{[^}]*\} from "\./([a-z0-9-]+\.js)";\n', re.M)
_EXPORT = re.compile(r"^export ", re.M)
_INLINE = re.compile(r'<(script|style)(?: type="module")?>(.*?)</\1>', re.S)
_CHARSET = '<meta charset="utf-8">\n'


def _inline_json(obj) -> str:
    """JSON safe inside a <script> element (no "</script>", no "<!--")."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def viewer_modules(entry: str = VIEWER_ENTRY) -> list[str]:
    """``entry`` and every static module it imports, directly or not, each once, the imported
    before the importer (a module's own top-level code runs after what it imports)."""
    order: list[str] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in order or name in path:  # done, or an import cycle (functions only)
            return
        text = (STATIC / name).read_text(encoding="utf-8")
        for dep in _IMPORT.findall(text):
            visit(dep, path + (name,))
        order.append(name)

    visit(entry, ())
    return order


def viewer_module(entry: str = VIEWER_ENTRY) -> str:
    """The viewer's modules (:func:`viewer_modules`) as the text of one inline module: their
    ``import`` lines left out, ``export`` dropped, each under a comment naming its file."""
    parts = []
    for name in viewer_modules(entry):
        text = (STATIC / name).read_text(encoding="utf-8")
        if "</script" in text.lower():
            raise ValueError(f"static/{name} holds '</script': it cannot be inlined")
        parts.append(f"/* {name} */\n" + _EXPORT.sub("", _IMPORT.sub("", text)))
    return "".join(parts)


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


_TITLE = re.compile(r"<title>[^<]*</title>")


def review_page(review: dict, lang: str | None = None) -> str:
    """The page of the review document ``review`` (its JSON), as text; ``lang``: the language
    it opens in (None: the reader's, as the board picks it), its title the review's."""
    table = (review.get("header") or {}).get("table") or "pyramid-12ft"
    data = {"table": table_info(table).to_json(), "review": review,
            "words": {lang: dict(words.catalog(lang)) for lang in words.LANGS}}
    if lang is not None:
        data["lang"] = words.check_lang(lang)
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    said = lang or words.DEFAULT_LANG  # the page's title as i18n.js pageTitle says it
    title = html.escape(f'{words.word("board.review_title", said)} — {words.word("board.app_name", said)}')
    page = _TITLE.sub(lambda _: f"<title>{title}</title>", page, count=1)
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    page = page.replace('<link rel="stylesheet" href="/static/board.css">',
                        f"<style>\n{css}</style>")
    page = _SERVER_LINKS.sub("", page)
    entry = _SCRIPT.search(page)
    if entry is None:
        raise ValueError("static/index.html loads no module script")
    page = _SCRIPT.sub("", page)
    inlined = (f"<script>window.PYRAMID_REVIEW = {_inline_json(data)};</script>\n"
               f'<script type="module">{viewer_module()}</script>\n')
    page = page[:entry.start()] + inlined + page[entry.start():]
    if _CHARSET not in page:
        raise ValueError(f"static/index.html does not begin its head with {_CHARSET.strip()}")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{content_policy(page)}">\n'
    return page.replace(_CHARSET, _CHARSET + meta, 1)


def write_review_page(path, review: dict, lang: str | None = None) -> str:
    """The page of ``review`` (in ``lang``, :func:`review_page`) written (atomically) at
    ``path``; returns the path."""
    write_atomic(path, review_page(review, lang), "--html")
    return str(path)

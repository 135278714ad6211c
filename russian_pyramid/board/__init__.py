"""The analysis board: a local web page to set up a real position, ask the AI and see its
advice drawn on the table, play strokes out and step through game records.

* :mod:`russian_pyramid.board.api` -- the JSON API as plain functions over :mod:`russian_pyramid.app`;
* :mod:`russian_pyramid.board.worker` -- the one warm AI process the suggestions run in;
* :mod:`russian_pyramid.board.server` -- the ASGI app (Starlette) and ``serve`` (uvicorn);
* ``static/`` -- the page: HTML, SVG and plain JavaScript, no build step.

Started by ``pyramid board`` (:mod:`russian_pyramid.commands.board`); documented in docs/BOARD.md.
"""

"""The analysis board's server: a Starlette app on uvicorn, bound to 127.0.0.1.

Routes (docs/BOARD.md); the operations' (check, simulate, suggest, record, review, photo and
the match's) are made from the app layer's table of operations
(:mod:`russian_pyramid.app.operations`: :meth:`_Handlers.operation`), the others written here:

* ``GET /`` the page; ``GET /static/...`` its files and the shipped positions; ``GET /sw.js``
  (its service worker) and ``GET /manifest.webmanifest`` (installable on a phone);
* ``GET /api/health``; ``GET /api/table?name=``; ``GET /api/positions``;
* ``GET /api/connect`` (how a phone joins, who is connected), ``GET /api/qr.svg`` (``--lan``);
* ``GET /api/words/{lang}``: the language's message catalog (:mod:`engine.words`), as it is;
* ``POST /api/check``, ``POST /api/suggest`` (device by device, :mod:`russian_pyramid.board.turns`;
  ``GET /api/queue``: where this device's next one stands), ``POST /api/simulate``,
  ``POST /api/record``, ``POST /api/review`` (a record with its analysis laid over it);
* ``POST /api/photo``: a photo of the table (a JPEG or PNG body) -> the position in it
  (:func:`russian_pyramid.board.api.photo`; 413 too large, 415 not an image, 422 no table,
  501 when the ``[photo]`` extra is not installed);
* ``GET /api/match``, ``POST /api/match/start``, ``POST /api/match/line``,
  ``POST /api/match/scorer`` (this device keeps the score: one at a time, 409 for the others),
  ``GET /api/match/record`` (the Match tab, :mod:`russian_pyramid.board.match`; the start's handicap,
  pair order and breaker are checked by :func:`russian_pyramid.app.match_start.match_start` first).

Bad input is answered with HTTP 4xx and ``{"ok": false, "error": "..."}`` naming the field
and value (422 for a body that is JSON but not acceptable, 400 for one that is not JSON this
project accepts -- not JSON, nested too deep, NaN, a duplicate key --, 413 for one larger than
``russian_pyramid.app.limits.MAX_BODY_BYTES`` (a photo: ``russian_pyramid.photo.imaging.MAX_FILE_BYTES``),
refused before it is read in full, :mod:`russian_pyramid.board.body`; 400 too for a query
parameter the route does not take or not of its form, :mod:`russian_pyramid.board.query`); an
unexpected failure is a 500 with a one-line message, never a traceback (that goes to the
server's stderr).  A suggestion the AI process could not answer because it died is a 503 with
``Retry-After`` (the process is restarted, :mod:`russian_pyramid.board.worker`).

Slow clients are not waited for: a body that has not arrived in full within
:data:`BODY_TIMEOUT_S` (one shorter than its Content-Length, one trickled in) is a 408 and
the connection is closed; a request whose line and headers are not complete within
:data:`HEADER_TIMEOUT_S` is closed (:class:`HeaderTimeoutProtocol`), and an idle kept-alive
connection after :data:`KEEP_ALIVE_S`.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sys
import threading
import traceback
import webbrowser

import h11
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from uvicorn.protocols.http.h11_impl import H11Protocol

from engine import extras, words
from engine.errors import EngineError
from engine.files import OutputFileError
from engine.version import VERSION
from sim.table import DEFAULT_TABLE

from ..app.operations import Body, Operation, Runs, board_operations
from ..app.table import table_info
from ..errors import UserInputError, brief
from ..photo.imaging import EXTRA as PHOTO_EXTRA, cv2
from . import api
from .body import BODY_TIMEOUT_S, BadBody, SlowBody, TooLarge, json_body, read_body
from .guard import Guard, GuardMiddleware
from .lan import Visitors, page_language, qr_svg, web_manifest
from .turns import QueueFull, Turns
from .match import MatchDesk, MatchRecord, ScorerElsewhere
from .worker import STATIC, AIUnavailable, AIWorker

HEADER_TIMEOUT_S = 5.0  # a request's line and headers must arrive in full within this
KEEP_ALIVE_S = 5.0  # an idle kept-alive connection is closed after this


def _error(status: int, message: str, **detail) -> JSONResponse:
    """``{"ok": false, "error": message, **detail}`` (detail: the refusal as data, if any)."""
    return JSONResponse({"ok": False, "error": message, **detail}, status_code=status)


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol that closes a connection whose request line and headers are not
    complete within :data:`HEADER_TIMEOUT_S` of its first byte (or of the connection), so that
    half-sent requests cannot pile up (uvicorn's own keep-alive timer stops at the first
    byte of a request)."""

    header_timeout_s = HEADER_TIMEOUT_S

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._header_timer = None
        self._arm_header_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:  # still waiting for a request's headers
            self._arm_header_timer()
        else:
            self._disarm_header_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm_header_timer()  # the keep-alive timer watches the idle connection

    def connection_lost(self, exc) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)

    def _arm_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout_s,
                                                      self._header_timeout)

    def _disarm_header_timer(self) -> None:
        timer, self._header_timer = getattr(self, "_header_timer", None), None
        if timer is not None:
            timer.cancel()

    def _header_timeout(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def _warm_main_process() -> None:
    """Load the simulator's kernels in the server process too (checks and plays of strokes
    run here), with one stroke and one check; and OpenCV, for the photos."""
    doc = json.loads((STATIC / "positions" / "open.json").read_text(encoding="utf-8"))
    shot = {"table": doc["table"], "balls": doc["balls"],
            "strike": {"speed_mps": 2.0, "phi_deg": 0.0}}
    api.simulate(shot)
    api.check(doc)
    if extras.available(PHOTO_EXTRA):  # without it a photo is answered 501, naming the extra
        cv2()  # OpenCV imported (0.3 s) before the first photo (POST /api/photo)


class _Handlers:
    """The routes' handlers over the AI ``worker`` (suggestions), the Match tab's ``desk`` and
    the server process's warm-up ``status``; each answers JSON (bad input: the errors of
    :data:`EXCEPTION_HANDLERS`)."""

    def __init__(self, worker: AIWorker, desk: MatchDesk, status: dict,
                 address: str | None, visitors: Visitors) -> None:
        self.worker, self.desk, self.status = worker, desk, status
        self.address, self.visitors = address, visitors
        self.turns = Turns()
        self.photo_turn = asyncio.Lock()

    async def index(self, request: Request):
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def health(self, request: Request):
        worker = self.worker
        worker.refresh()  # a process that has just died is cold now, not at the next request
        return JSONResponse({"ok": True, "version": VERSION, "ai": worker.state,
                             "ai_warm_seconds": worker.warm_seconds, "ai_error": worker.error,
                             "ai_pid": worker.pid(), "ai_restarts": worker.restarts,
                             "server": self.status["main"]})

    async def service_worker(self, request: Request):
        # at the root, so that its scope is the whole board (static/sw.js)
        return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})

    async def manifest(self, request: Request):
        lang = page_language(request.headers.get("accept-language", ""))
        return JSONResponse(web_manifest(lang), media_type="application/manifest+json",
                            headers={"Cache-Control": "no-cache"})

    async def connect(self, request: Request):
        """How a phone joins (the address with its token, when the board is on the club's
        network) and who is connected."""
        return JSONResponse({"ok": True, "lan": self.address is not None,
                             "url": self.address, "visitors": self.visitors.listed(),
                             "you": request.client.host if request.client else None},
                            headers={"Cache-Control": "no-store"})

    async def qr(self, request: Request):
        if self.address is None:
            return _error(404, "the board is not on the club's network (pyramid board --lan)")
        return Response(qr_svg(self.address), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-store"})

    async def table(self, request: Request):
        name = request.query_params.get("name") or DEFAULT_TABLE
        return JSONResponse((await run_in_threadpool(table_info, name)).to_json())

    async def catalog(self, request: Request):
        lang = request.path_params["lang"]
        try:
            table = words.catalog(lang)
        except words.UnknownLanguageError as exc:
            return JSONResponse({"ok": False, "error": str(exc)}, status_code=404)
        return JSONResponse(dict(table), headers={"Cache-Control": "no-cache"})

    async def positions(self, request: Request):
        out = []
        for path in sorted((STATIC / "positions").glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            out.append({"name": path.stem, "url": f"/static/positions/{path.name}",
                        "comment": doc.get("_comment", "")})
        return JSONResponse({"positions": out})

    # --- the operations (russian_pyramid.app.operations): one handler each, by its kind ------
    def operation(self, op: Operation):
        """The handler of ``op``'s route: its body read as its kind says, its options parsed
        once (:meth:`from_params` of its options type: the query string's forms were checked
        by the guard, :mod:`russian_pyramid.board.query`), run as ``op.runs`` says, its
        typed answer as JSON.  The match's run on the board's desk (:meth:`_on_desk`)."""
        if op.runs is Runs.DESK:
            return self._on_desk(op)

        async def handle(request: Request):
            body = await _read(op, request)
            options = op.options.from_params(dict(request.query_params))
            return JSONResponse(await self._run(op, body, options, request))
        handle.__name__ = op.name
        return handle

    async def _run(self, op: Operation, body, options, request: Request) -> dict:
        if op.runs is Runs.AI:  # a search: the one AI process, device by device
            if op.check is not None:  # bad input never waits behind the AI; what it read
                # (a suggestion's GameState) crosses to the AI process pickled, not read again
                body = await run_in_threadpool(op.check, body)
            async with self.turns.turn(_device(request)):  # board/turns.py
                return await self.worker.run(api.answer_json, op.run, body, options)
        if op.runs is Runs.ONE_AT_A_TIME:  # a 50-megapixel photo is 150 MB decoded
            async with self.photo_turn:
                return await run_in_threadpool(api.answer_json, op.answer, body, options)
        return await run_in_threadpool(api.answer_json, op.answer, body, options)

    async def queue(self, request: Request):
        """Where this device's next suggestion stands in the AI's queue."""
        return JSONResponse(self.turns.where(_device(request)).to_json(),
                            headers={"Cache-Control": "no-store"})

    # --- the Match tab (russian_pyramid.board.match) -----------------------------------------------
    def _on_desk(self, op: Operation):
        """The handler of a match's operation: ``op.on_desk`` on the board's desk for the
        device that asks; its status says whether that device keeps the score (``you_score``;
        anyone, while a resumed match has no scorer yet) or watches, and the options the
        session was started with (``session``, as its record's header has them); the record
        is a file to download."""
        async def handle(request: Request):
            body = await _read(op, request)
            answer = await run_in_threadpool(op.on_desk, self.desk, _device(request), body)
            if isinstance(answer, MatchRecord):
                return PlainTextResponse(answer.text, media_type=answer.MEDIA_TYPE,
                                         headers={"Content-Disposition": "attachment; "
                                                  f'filename="{answer.FILENAME}"'})
            return JSONResponse(answer.to_json())
        handle.__name__ = op.name
        return handle


async def _read(op: Operation, request: Request):
    """``op``'s body as its kind says: JSON (400 when it is not JSON this project reads),
    UTF-8 text, an image's bytes (up to the photo reader's own limit; an empty one is no
    image, 415), or none."""
    if op.body is Body.JSON:
        return await json_body(request)
    if op.body is Body.TEXT:
        try:
            return (await read_body(request)).decode("utf-8")
        except UnicodeDecodeError:
            raise BadBody("the body is not UTF-8 text") from None
    if op.body is Body.IMAGE:
        raw = await read_body(request, api.MAX_PHOTO_BYTES)
        if not raw:
            raise UserInputError("photo: the body is empty: send the photo's JPEG or PNG file",
                                 reason="not-an-image")
        return raw
    return None


def _device(request: Request) -> str:
    """The device a request comes from: its address (every tab on one computer is one)."""
    return request.client.host if request.client else "?"


def _routes(h: _Handlers) -> list:
    """The board's routes (the module's docstring lists them) to ``h``'s handlers: its own,
    then one an operation (:mod:`russian_pyramid.app.operations`)."""
    return [
        Route("/", h.index),
        Route("/sw.js", h.service_worker),
        Route("/manifest.webmanifest", h.manifest),
        Route("/api/health", h.health),
        Route("/api/connect", h.connect),
        Route("/api/qr.svg", h.qr),
        Route("/api/table", h.table),
        Route("/api/positions", h.positions),
        Route("/api/words/{lang}", h.catalog),
        Route("/api/queue", h.queue),
    ] + [Route(op.path, h.operation(op), methods=[op.method])
         for op in board_operations()] + [
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


# --- errors: each kind of failure to its HTTP status -------------------------------------------
async def _user_error(request: Request, exc: UserInputError):
    # a photo that is no image (415) or too large (413): api.PHOTO_STATUS; else 422
    status = api.PHOTO_STATUS.get(exc.detail.get("reason"), 422)
    return _error(status, brief(exc), **exc.detail)


async def _missing_extra(request: Request, exc: extras.MissingExtra):
    # the server cannot do this here (the photo without the [photo] extra): not the input's
    # fault; the message says which extra to install
    return _error(501, brief(exc), extra=exc.extra)


async def _engine_error(request: Request, exc: EngineError):
    # the rules core's bad-input errors, should an endpoint let one through: still input
    return _error(422, brief(exc))


async def _bad_body(request: Request, exc: BadBody):
    return _error(400, brief(exc))


async def _too_large(request: Request, exc: TooLarge):
    return _error(413, str(exc))


async def _slow_body(request: Request, exc: SlowBody):
    return JSONResponse({"ok": False, "error": str(exc)}, status_code=408,
                        headers={"Connection": "close"})


async def _ai_unavailable(request: Request, exc: AIUnavailable):
    return JSONResponse({"ok": False, "error": str(exc), "retry_after_s": exc.retry_after},
                        status_code=503, headers={"Retry-After": str(exc.retry_after)})


async def _scorer_elsewhere(request: Request, exc: ScorerElsewhere):
    return _error(409, str(exc), scorer=exc.scorer)


async def _not_written(request: Request, exc: OutputFileError):
    # the data folder (or --match-record's) cannot be written: nothing kept, and said why
    return _error(507, brief(str(exc)))


async def _queue_full(request: Request, exc: QueueFull):
    return JSONResponse({"ok": False, "error": str(exc), "retry_after_s": exc.retry_after},
                        status_code=429, headers={"Retry-After": str(exc.retry_after)})


async def _http_error(request: Request, exc: HTTPException):
    return _error(exc.status_code, exc.detail or "")


async def _internal(request: Request, exc: Exception):
    print(f"pyramid board: {request.method} {request.url.path} failed:", file=sys.stderr)
    traceback.print_exception(exc, file=sys.stderr)
    return _error(500, brief(f"internal error ({type(exc).__name__}: {exc}); details are on "
                             "the server's console"))


EXCEPTION_HANDLERS = {UserInputError: _user_error, extras.MissingExtra: _missing_extra,
                      EngineError: _engine_error,
                      BadBody: _bad_body, TooLarge: _too_large, SlowBody: _slow_body,
                      AIUnavailable: _ai_unavailable, QueueFull: _queue_full,
                      ScorerElsewhere: _scorer_elsewhere, OutputFileError: _not_written,
                      HTTPException: _http_error,
                      Exception: _internal}


def _lifespan(worker: AIWorker, status: dict, warm: bool):
    """Start-up and shut-down: warm the AI worker, then this process (``status["main"]``), in
    the background when ``warm``; watch the worker (a dead AI process is restarted); stop it
    at the end."""
    async def warm_all() -> None:
        await worker.warm()
        status["main"] = "warming"
        try:
            await run_in_threadpool(_warm_main_process)
            status["main"] = "warm"
        except Exception as exc:  # pragma: no cover - reported by health
            status["main"] = f"failed: {exc}"

    @contextlib.asynccontextmanager
    async def lifespan(app):
        task = asyncio.create_task(warm_all()) if warm else None
        app.state.warm_task = task
        watcher = asyncio.create_task(worker.watch())
        try:
            yield
        finally:
            watcher.cancel()
            if task is not None and not task.done():
                task.cancel()
            worker.close()
    return lifespan


def create_app(worker: AIWorker | None = None, warm: bool = True,
               match_record: str | None = None, guard: Guard | None = None,
               address: str | None = None, desk: MatchDesk | None = None) -> Starlette:
    """The ASGI app.  ``worker`` runs the suggestions (one is made if None); with ``warm`` it
    is warmed in the background at start-up (``/api/health`` says when it is ready); the
    Match tab writes its record to ``match_record`` (None: to the data folder), going on with the
    match it holds (:class:`~russian_pyramid.board.match.MatchDesk`; ``desk``: one opened
    already).  Every request
    passes ``guard`` first (:mod:`russian_pyramid.board.guard`; None: a new one for 127.0.0.1, its
    token in ``app.state.guard``).  ``address``: the page's address with its token on the
    club's network (``--lan``: its QR code is ``/api/qr.svg``), None on 127.0.0.1 only."""
    worker = worker or AIWorker()
    guard = guard or Guard.new()
    status = {"main": "cold"}
    visitors = Visitors()
    handlers = _Handlers(worker, desk or MatchDesk(match_record), status, address, visitors)
    app = Starlette(routes=_routes(handlers), lifespan=_lifespan(worker, status, warm),
                    exception_handlers=EXCEPTION_HANDLERS,
                    middleware=[Middleware(GuardMiddleware, guard=guard, visitors=visitors)])
    app.state.worker, app.state.guard = worker, guard
    return app


def bind(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(sock: socket.socket, guard: Guard, open_browser: bool = True,
          log_level: str = "warning", match_record: str | None = None,
          address: str | None = None, tls: tuple[str, str] | None = None,
          desk: MatchDesk | None = None) -> None:
    """Run the board on ``sock`` behind ``guard`` until interrupted; open the page (with its
    token, on this machine) in a browser if asked.  ``address``: the page's address on the
    club's network (``--lan``); ``tls``: the certificate and key files (HTTPS); ``desk``: the
    Match tab's, opened already (else one on ``match_record``)."""
    port = sock.getsockname()[1]
    url = guard.url("127.0.0.1", port)
    certfile, keyfile = tls or (None, None)
    config = uvicorn.Config(create_app(match_record=match_record, guard=guard,
                                       address=address, desk=desk),
                            log_level=log_level,
                            lifespan="on", http=HeaderTimeoutProtocol,
                            timeout_keep_alive=KEEP_ALIVE_S,
                            ssl_certfile=certfile, ssl_keyfile=keyfile)
    server = uvicorn.Server(config)
    if open_browser:
        def _open():
            # once the server answers
            for _ in range(100):
                if server.started:
                    break
                threading.Event().wait(0.1)
            webbrowser.open(url)
        threading.Thread(target=_open, daemon=True).start()
    server.run(sockets=[sock])


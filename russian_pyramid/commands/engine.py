"""``pyramid engine``: a persistent engine process speaking JSON Lines on stdin and stdout, the
way chess programs speak UCI, so that a tool (a GUI, a script, another program) pays the
start-up and compile time once and then asks as often as it likes (docs/ENGINE.md).

One request a line, one answer a line, in order::

    {"id": 1, "cmd": "suggest", "body": {...a game state...}, "options": {"top": 3}}
    {"id": 1, "ok": true, "result": {...}}
    {"id": 2, "cmd": "simulate", "body": {"balls": ...}}
    {"id": 2, "ok": false, "error": "strike.speed_mps = -1 ..."}

Commands: ``suggest``, ``simulate``, ``score``, ``check``, ``record``, ``health``, ``quit``.
They run the same application layer as the analysis board (:mod:`russian_pyramid.app`) and ``pyramid
score``; a bad request gets an answer naming the field, never a crash.  The process ends on
``quit`` or at the end of its input (exit 0).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from typing import IO, Any, Callable, Mapping

from engine import jsonin
from engine.errors import excerpt

from ..app.common import first_run
from ..app.options import OptionKind, SimulateOptions, SuggestOptions
from ..app.position import check as check_document
from ..app.record_view import record_view
from ..app.simulate import simulate as simulate_shot
from ..app.suggest import suggest_answer
from ..errors import UserInputError
from ..io import read_lines
from .score import score as score_document

PROTOCOL_VERSION = 1
BODIES = {  # what each command's body is (docs/ENGINE.md): its JSON type, in words
    "suggest": (dict, "a JSON object: a game state"),
    "simulate": (dict, "a JSON object: a position with its strike"),
    "score": (dict, "a JSON object: a game state with its stroke"),
    "check": (dict, "a JSON object: a position or a game state"),
    "record": (str, "the record's JSON Lines as one string")}
REQUEST_FIELDS = ("id", "cmd", "body", "options")  # docs/ENGINE.md; any other is refused
MAX_ID_CHARS = 200  # an id is echoed in its answer whole: a string id at most this long

# the options each command reads, with how each value is typed: the app layer's typed options
# are the one source (russian_pyramid.app.options, ``PARAMS``), so the engine cannot refuse an
# option the command reads (``line`` once was) nor accept one it ignores (``topp`` once was);
# docs/ENGINE.md lists them (tests/cli/test_engine_options_typed.py compares)
COMMAND_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    "suggest": SuggestOptions.PARAMS,
    "simulate": SimulateOptions.PARAMS,
    "score": {}, "check": {}, "record": {},
}


def _shown(value) -> str:
    """A value as the request wrote it (JSON: ``true``, ``"3"``), cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else f"{text[:60]}... ({len(text)} characters)"


def check_options(options: dict, cmd: str) -> None:
    """Refuse an option ``cmd`` does not read (:data:`COMMAND_OPTIONS`) or of the wrong JSON
    type (its :class:`~russian_pyramid.app.options.OptionKind`), naming it; the ranges (and a
    name's list) are checked by the command
    (:meth:`russian_pyramid.app.options.SuggestOptions.from_params`, ...)."""
    known = COMMAND_OPTIONS[cmd]
    for key, value in options.items():
        if key not in known:
            name = key if len(key) <= 40 else f"{key[:40]}... ({len(key)} characters)"
            raise UserInputError(f"options.{name} is not an option of {cmd}; "
                                 + (f"its options: {', '.join(known)}" if known
                                    else "it takes none"))
        if value is None:
            continue
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        kind = known[key]
        if kind is OptionKind.INTEGER and not (number and isinstance(value, int)):
            raise UserInputError(f"options.{key} = {_shown(value)} must be a JSON integer")
        if kind is OptionKind.NUMBER and not number:
            raise UserInputError(f"options.{key} = {_shown(value)} must be a JSON number")
        if kind is OptionKind.NAME_OR_NUMBER and not (number or isinstance(value, str)):
            raise UserInputError(f"options.{key} = {_shown(value)} must be a name or a "
                                 f"JSON number")


def _suggest(body, options: dict) -> dict:
    check_document(body, True)  # bad input answers at once, before any search
    return suggest_answer(body, SuggestOptions.from_params(options)).to_json()


def _simulate(body, options: dict) -> dict:
    return simulate_shot(body, SimulateOptions.from_params(options)).to_json()


def _check(body, options: dict) -> dict:
    return check_document(body).to_json()


def _record(body, options: dict) -> dict:
    if not isinstance(body, str):
        raise UserInputError(f"body must be the record's JSON Lines as one string, got "
                             f"{type(body).__name__}")
    return record_view(body).to_json()


COMMANDS: dict[str, Callable[[Any, dict], Any]] = {
    "suggest": _suggest,
    "simulate": _simulate,
    "score": lambda body, options: score_document(body),
    "check": _check,
    "record": _record,
}


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "engine", help="a persistent engine: JSON Lines requests on stdin, answers on stdout",
        description="Reads one JSON request a line on stdin ({\"id\", \"cmd\", \"body\", "
                    "\"options\"}) and answers each on stdout, keeping compiled kernels and "
                    "caches warm between requests.  Commands: " + ", ".join(COMMANDS) +
                    ", health, quit.  Protocol: docs/ENGINE.md.")
    p.add_argument("--warm", action="store_true",
                   help="compile (or load) every kernel before the first answer, so that even "
                        "the first request answers fast")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.warm:
        first_run()
    serve(sys.stdin, sys.stdout)
    return 0


def _answer(out: IO[str], doc: dict) -> None:
    out.write(json.dumps(doc, allow_nan=False) + "\n")
    out.flush()


def handle(request, served: int, started: float) -> tuple[dict, bool]:
    """One request (already parsed) -> (answer, whether to stop)."""
    if not isinstance(request, dict):
        return {"id": None, "ok": False,
                "error": f"a request must be a JSON object, got {type(request).__name__}"}, False
    rid = request.get("id")
    if isinstance(rid, (dict, list)):
        return {"id": None, "ok": False, "error": "id must be a string, number or null"}, False
    if isinstance(rid, str) and len(rid) > MAX_ID_CHARS:
        return {"id": None, "ok": False, "error": f"id = {excerpt(rid)} is longer than "
                                                  f"{MAX_ID_CHARS} characters (MAX_ID_CHARS): "
                                                  f"it is echoed in the answer"}, False
    unknown = [k for k in request if k not in REQUEST_FIELDS]
    if unknown:  # {"opts": {...}} was ignored, the request answered with the defaults
        return {"id": rid, "ok": False,
                "error": f"{excerpt(unknown[0])} is not a field of a request; its fields: "
                         f"{', '.join(REQUEST_FIELDS)}"}, False
    cmd = request.get("cmd")
    if cmd == "quit":
        return {"id": rid, "ok": True, "result": {"bye": True}}, True
    if cmd == "health":
        return {"id": rid, "ok": True, "result": {
            "engine": "pyramid", "protocol": PROTOCOL_VERSION, "pid": os.getpid(),
            "requests": served, "uptime_s": round(time.monotonic() - started, 3)}}, False
    if not isinstance(cmd, str) or cmd not in COMMANDS:  # a list or an object is no name; a
        # 100 KB name is quoted cut (issue 51)
        known = ", ".join(list(COMMANDS) + ["health", "quit"])
        return {"id": rid, "ok": False,
                "error": f"cmd = {excerpt(cmd)} is not a command; known: {known}"}, False
    options = request.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):  # [] once passed as "no options"
        return {"id": rid, "ok": False, "error": f"options = {excerpt(options)} must be a JSON "
                                                 "object"}, False
    if "body" not in request:
        return {"id": rid, "ok": False, "error": f"body is missing: {cmd} needs one"}, False
    kind, what = BODIES[cmd]
    if isinstance(request["body"], bool) or not isinstance(request["body"], kind):
        return {"id": rid, "ok": False, "error": f"body = {excerpt(request['body'])} must be "
                                                 f"{what}"}, False
    t0 = time.perf_counter()
    try:
        check_options(options, cmd)
        result = COMMANDS[cmd](request["body"], options)
    except (UserInputError, ValueError) as exc:  # EngineError and SimInputError are ValueErrors
        return {"id": rid, "ok": False, "error": str(exc)}, False
    return {"id": rid, "ok": True, "result": result,
            "elapsed_s": round(time.perf_counter() - t0, 4)}, False


def serve(inp: IO[str], out: IO[str]) -> int:
    """Answer requests from ``inp`` on ``out`` until ``quit`` or the end of the input; returns
    the number of requests answered.  An internal failure of one request is answered as an
    error (its traceback on stderr) and the engine goes on.  A line longer than
    :data:`engine.jsonin.MAX_DOCUMENT_BYTES` characters is read no further than that, answered
    as an error, and ends the engine with :class:`UserInputError` (exit 2): there is no next
    line to find in ``< /dev/zero``."""
    started = time.monotonic()
    served = 0
    _answer(out, {"id": None, "ok": True, "result": {"engine": "pyramid",
                                                     "protocol": PROTOCOL_VERSION,
                                                     "ready": True}})
    lines = read_lines(inp, "request line")
    lineno = 0
    while True:
        try:
            line = next(lines, None)
        except UserInputError as exc:  # a line past the limit (< /dev/zero): no way on
            _answer(out, {"id": None, "ok": False, "error": str(exc)})
            raise UserInputError(f"stdin: {exc}; the engine stops") from None
        if line is None:
            break
        lineno += 1
        if not line.strip():
            continue
        try:
            request = jsonin.loads(line, source=f"request line {lineno}")
        except jsonin.JsonInputError as exc:
            _answer(out, {"id": None, "ok": False, "error": str(exc)})
            continue
        try:
            answer, stop = handle(request, served, started)
        except Exception as exc:  # a bug, not bad input: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            rid = request.get("id") if isinstance(request, dict) else None
            answer, stop = {"id": rid, "ok": False,
                            "error": f"internal error ({type(exc).__name__}: {exc})"}, False
        served += 1
        _answer(out, answer)
        if stop:
            break
    return served

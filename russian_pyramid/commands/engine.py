"""``pyramid engine``: a persistent engine process speaking JSON Lines on stdin and stdout, the
way chess programs speak UCI, so that a tool (a GUI, a script, another program) pays the
start-up and compile time once and then asks as often as it likes (docs/ENGINE.md).

One request a line, one answer a line, in order::

    {"id": 1, "cmd": "suggest", "body": {...a game state...}, "options": {"top": 3}}
    {"id": 1, "ok": true, "result": {...}}
    {"id": 2, "cmd": "simulate", "body": {"balls": ...}}
    {"id": 2, "ok": false, "error": "strike.speed_mps = -1 ..."}

Commands: the app layer's operations that the engine offers (:data:`COMMANDS`, from
:mod:`russian_pyramid.app.operations`: ``check``, ``simulate``, ``suggest``, ``score``,
``record``, ``review``), and ``health`` and ``quit``.  They run the same application layer as the analysis board (:mod:`russian_pyramid.app`) and ``pyramid
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
from typing import IO, Mapping

from engine import jsonin
from engine.errors import excerpt

from ..app.common import first_run
from ..app.operations import Body, Operation, engine_operations
from ..app.options import OptionKind, options_from_json
from ..errors import UserInputError
from ..io import read_lines

PROTOCOL_VERSION = 1
REQUEST_FIELDS = ("id", "cmd", "body", "options")  # docs/ENGINE.md; any other is refused
MAX_ID_CHARS = 200  # an id is echoed in its answer whole: a string id at most this long
OWN_COMMANDS = ("health", "quit")  # the protocol's own, beside the operations

# the commands, their options and their bodies, from the app layer's table of operations
# (russian_pyramid.app.operations): the engine takes every option its command reads and no
# other (``line`` was once refused, ``topp`` once ignored), each typed by its OptionKind;
# docs/ENGINE.md's table is generated from the same table (tests compare); as imported
# (a request reads the table afresh)
COMMANDS: dict[str, Operation] = {op.name: op for op in engine_operations()}
COMMAND_OPTIONS: dict[str, Mapping[str, OptionKind]] = {
    name: op.options.PARAMS for name, op in COMMANDS.items()}
_JSON_TYPE = {Body.JSON: dict, Body.TEXT: str}
BODIES = {name: (_JSON_TYPE[op.body], op.body_words()) for name, op in COMMANDS.items()}


def run_command(op: Operation, body, options: dict) -> dict:
    """One command: its options typed (once), its body read (once: at once, before any
    search, when the operation checks it), run, and its typed answer as JSON."""
    typed = options_from_json(op.options, options, op.name)
    return op.answer(body, typed).to_json()


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "engine", help="a persistent engine: JSON Lines requests on stdin, answers on stdout",
        description="Reads one JSON request a line on stdin ({\"id\", \"cmd\", \"body\", "
                    "\"options\"}) and answers each on stdout, keeping compiled kernels and "
                    "caches warm between requests.  Commands: " + ", ".join(COMMANDS) +
                    ", " + ", ".join(OWN_COMMANDS) + ".  Protocol: docs/ENGINE.md.")
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
    # the table as it is now (an operation registered late too)
    commands = {op.name: op for op in engine_operations()}
    if not isinstance(cmd, str) or cmd not in commands:  # a list or an object is no name; a
        # 100 KB name is quoted cut (issue 51)
        known = ", ".join(list(commands) + list(OWN_COMMANDS))
        return {"id": rid, "ok": False,
                "error": f"cmd = {excerpt(cmd)} is not a command; known: {known}"}, False
    options = request.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):  # [] once passed as "no options"
        return {"id": rid, "ok": False, "error": f"options = {excerpt(options)} must be a JSON "
                                                 "object"}, False
    if "body" not in request:
        return {"id": rid, "ok": False, "error": f"body is missing: {cmd} needs one"}, False
    op = commands[cmd]
    if isinstance(request["body"], bool) or not isinstance(request["body"], _JSON_TYPE[op.body]):
        return {"id": rid, "ok": False, "error": f"body = {excerpt(request['body'])} must be "
                                                 f"{op.body_words()}"}, False
    t0 = time.perf_counter()
    try:
        result = run_command(op, request["body"], options)
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

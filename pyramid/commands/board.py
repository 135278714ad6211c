"""``pyramid board``: the analysis board, a local web page (docs/BOARD.md).

Starts the server on 127.0.0.1, prints the address with its token (docs/BOARD.md,
"Security"), opens the browser there unless ``--no-browser``, and runs until Ctrl-C.  ``--port 0`` takes any free port (printed).
"""
from __future__ import annotations

import argparse
import sys

from ..errors import UserInputError
from ..io import check_output_path

DEFAULT_PORT = 8071


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "board", help="the analysis board: set up a position in a browser and ask the AI",
        description="Starts the analysis board, a local web page (127.0.0.1): set up a "
                    "position by dragging balls, ask the AI for strokes and see them drawn, "
                    "play them out, step through game records.  Russian and English.")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT}; 0 = any free port)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--match-record", metavar="FILE.jsonl", default=None,
                   help="the Match tab writes the match's game record here after every "
                        "stroke (games 2.. beside it), as pyramid score --session --record; "
                        "without it the record is kept in memory and downloaded from the page")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UserInputError(f"--port must be 0..65535, got {args.port}")
    # the server loads Starlette, uvicorn and matplotlib (a second): only for this command,
    # not for every other command the CLI starts (pyramid.cli imports every command module)
    from ..board.server import Guard, bind, serve
    if args.match_record is not None:
        check_output_path("--match-record", args.match_record)
    try:
        sock = bind(args.port)
    except OSError as exc:
        raise UserInputError(f"--port {args.port}: cannot listen on 127.0.0.1:{args.port} "
                             f"({exc.strerror}); try another port or --port 0") from None
    host, port = sock.getsockname()[:2]
    guard = Guard.new()
    print(f"pyramid board: {guard.url(host, port)}", flush=True)
    print("pyramid board: the AI is warming up in the background; Ctrl-C stops the board",
          file=sys.stderr, flush=True)
    serve(sock, guard, open_browser=not args.no_browser, match_record=args.match_record)
    return 0

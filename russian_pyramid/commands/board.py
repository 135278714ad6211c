"""``pyramid board``: the analysis board, a local web page (docs/BOARD.md).

Starts the server on 127.0.0.1, prints the address with its token (docs/BOARD.md,
"Security"), opens the browser there unless ``--no-browser``, and runs until Ctrl-C.
``--port 0`` takes any free port (printed).  ``--lan`` serves the club's network too: the
address printed is the machine's there, with its QR code for a phone to scan
(docs/BOARD.md, "On the club's network"); ``--certfile``/``--keyfile`` serve HTTPS.
"""
from __future__ import annotations

import argparse
import ipaddress
import ssl
import sys
from pathlib import Path

from engine import extras
from engine.errors import excerpt

from ..errors import UserInputError
from ..io import check_outputs

DEFAULT_PORT = 8071
LOCAL, EVERY_ADDRESS = "127.0.0.1", "0.0.0.0"


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
                        "without it (or once a match is in it) every match is kept in the data "
                        "folder, $XDG_DATA_HOME/russian-pyramid/matches/ (~/.local/share/...), "
                        "listed on the page")
    p.add_argument("--force", action="store_true", help="start a new match over an existing "
                   "--match-record (without it the board goes on with the match in the file, "
                   "and refuses a file that holds none)")
    p.add_argument("--lan", action="store_true",
                   help="serve the club's network too: phones join by the printed address "
                        "(with its token) or its QR code; restart the board to revoke it")
    p.add_argument("--lan-address", metavar="IP", default=None,
                   help="with --lan: the address to print (default: this machine's address "
                        "on its network)")
    p.add_argument("--certfile", metavar="CERT.pem", default=None,
                   help="serve HTTPS with this certificate (and --keyfile)")
    p.add_argument("--keyfile", metavar="KEY.pem", default=None,
                   help="the certificate's private key (with --certfile)")
    p.set_defaults(handler=run)


def _tls(args) -> tuple[str, str] | None:
    if (args.certfile is None) != (args.keyfile is None):
        raise UserInputError("--certfile and --keyfile go together: give both or neither")
    if args.certfile is None:
        return None
    for flag, path in (("--certfile", args.certfile), ("--keyfile", args.keyfile)):
        if not Path(path).is_file():
            raise UserInputError(f"{flag} {path}: no such file")
    _check_certificate(args.certfile, args.keyfile)
    return args.certfile, args.keyfile


class _KeyNeedsPassword(Exception):
    """The private key is encrypted (OpenSSL asked for its pass phrase)."""


def _ask_no_password():
    raise _KeyNeedsPassword


def _check_certificate(certfile: str, keyfile: str) -> None:
    """Load the certificate and its key as the server will, now: a file that is not PEM, a
    key that is not the certificate's, or a key with a pass phrase (the server cannot ask for
    it: it asked on the terminal, twice, or failed with a traceback without one) is bad input
    naming the flags (an ``ssl.SSLError`` traceback once the board had started)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile, password=_ask_no_password)
    except _KeyNeedsPassword:
        raise UserInputError(f"--keyfile {keyfile}: the key has a pass phrase, which the "
                             f"board does not ask for; give a key without one (openssl "
                             f"... -nodes)") from None
    except (ssl.SSLError, OSError) as exc:
        why = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or str(exc)
        raise UserInputError(f"--certfile {certfile} and --keyfile {keyfile}: not a PEM "
                             f"certificate and its private key ({why})") from None


def _lan_address(args, lan_address) -> str | None:
    if args.lan_address is not None and not args.lan:
        raise UserInputError("--lan-address is for --lan: give --lan too")
    if not args.lan:
        return None
    if args.lan_address is None:
        return lan_address()
    try:
        return str(ipaddress.ip_address(args.lan_address))
    except ValueError:
        raise UserInputError(f"--lan-address {excerpt(args.lan_address)} is not an IP "
                              "address") from None


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UserInputError(f"--port must be 0..65535, got {args.port}")
    check_outputs([("--match-record", args.match_record)],
                  [("--certfile", args.certfile), ("--keyfile", args.keyfile)])
    extras.require("board", "pyramid board")  # said in words when the extra is missing
    # the server loads Starlette, uvicorn and segno (the [board] extra): only for this
    # command, not for every other one the CLI starts (russian_pyramid.cli imports them all)
    from ..board import guard as guards, lan as lans, match, server
    tls, lan = _tls(args), _lan_address(args, lans.lan_address)
    # a match on the record goes on (a board killed, restarted); a file that is not a
    # session's record is refused before the board starts, and left as it is; --force starts
    # afresh, the file replaced when the first match starts
    try:
        desk = match.MatchDesk(args.match_record, resume=not args.force)
    except UserInputError as exc:
        raise UserInputError(f"{exc}; --force starts a new match there instead, replacing "
                             f"the file") from None
    if desk.session is not None:
        print(f"pyramid board: the Match tab goes on with the match in {desk.session.base} "
              f"(game {desk.session.game_no}, {len(desk.session.strokes)} stroke(s) entered)",
              file=sys.stderr)
    listen = EVERY_ADDRESS if lan else LOCAL
    try:
        sock = server.bind(args.port, listen)
    except OSError as exc:
        raise UserInputError(f"--port {args.port}: cannot listen on {listen}:{args.port} "
                             f"({exc.strerror}); try another port or --port 0") from None
    port = sock.getsockname()[1]
    hosts = guards.LOCAL_HOSTS | {lan} if lan else guards.LOCAL_HOSTS
    guard = guards.Guard.new(hosts, https=tls is not None)
    address = guard.url(lan, port) if lan else None
    print(f"pyramid board: {address or guard.url(LOCAL, port)}", flush=True)
    if lan:
        print(f"pyramid board: on this computer {guard.url(LOCAL, port)}\n"
              "pyramid board: a phone on the club's network scans this:", file=sys.stderr)
        print(lans.qr_terminal(address, ansi=sys.stderr.isatty()), file=sys.stderr)
    print("pyramid board: the AI is warming up in the background; Ctrl-C stops the board",
          file=sys.stderr, flush=True)
    server.serve(sock, guard, open_browser=not args.no_browser,
                 match_record=args.match_record, address=address, tls=tls, desk=desk)
    return 0


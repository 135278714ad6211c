"""``pyramid score STATE.json``: the scorekeeper.

STATE is a game state (docs/FORMATS.md) plus ``"stroke"``: the stroke as a person describes it
(call, call_fulfilled, first_contact, pocketed, off_table, fouls, final) or as an event log
(``"events"``).  Prints the adjudication and the new state; with ``--json`` exactly
``{"adjudication": {...}, "state": {...}, "result": null | {...}}``.

``"players"`` (optional) names the sides, as a session's record does (one name a side; in one
against a pair three names, the single then partners A and B, or two, the second for the
pair): the printed ruling then says the names instead of "player 0", and the ``--json``
output gains ``"players"``, each side's name (the pair as ``"A & B"``).

Two optional fields (extensions, docs/USAGE.md) change the state before the stroke:
``"handicap"`` (R13.1, at a game's start; R12.2(1)'s minimum checked) and
``"handicap_missed"`` (R13.2: agreed balls found not taken off: taken off now, swapped with
the receiver's shelf, or his target lowered).  What they did is the first of the
adjudication's notes.
"""
from __future__ import annotations

import argparse

from engine.errors import excerpt
from engine.kinds import CallMode, PairOrder, Variant
from engine.text import MAX_GAMES, MAX_TARGET

from ..app.match import SessionTerms, run_session
from ..app.score import score_stroke
from ..errors import UserInputError
from ..io import print_json, read_json
from ._common import chosen_input, input_or_example, int_between


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "score", help="adjudicate one stroke: points, fouls, respotting, turn, new state",
        description="The scorekeeper: reads a game state plus \"stroke\" and prints the "
                    "adjudication and the new game state (rule ids refer to docs/RULES.md).")
    input_or_example(p, "state", "STATE.json",
                     "game state with a \"stroke\" field (not with --session)", "score")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    g = p.add_argument_group("scorekeeping session (docs/SCOREKEEPING.md)")
    g.add_argument("--session", action="store_true",
                   help="keep score of a real match: one typed line per stroke on stdin")
    g.add_argument("--players", nargs="+", metavar="NAME",
                   help="the players' names (2, or 3 for the three-player variants; each one "
                        "line of printable text, at most 40 characters)")
    g.add_argument("--record", metavar="FILE.jsonl", help="write the game record after "
                   "every line (games 2.. of a match beside it: FILE.game2.jsonl, ...)")
    g.add_argument("--force", action="store_true", help="replace a --record file that exists "
                   "already (without it an existing record is refused)")
    g.add_argument("--resume", metavar="FILE.jsonl", help="continue the session of this "
                   "record (the latest game's file)")
    g.add_argument("--variant", choices=tuple(v.value for v in Variant),
                   default=None, help="default: two-player for 2 names, three-each for 3")
    g.add_argument("--call-mode", choices=tuple(m.value for m in CallMode),
                   default=None, help="default exact")
    g.add_argument("--target", type=int_between(1, MAX_TARGET), default=None,
                   help=f"points to win (default 71; 51 in three-each; at most {MAX_TARGET})")
    g.add_argument("--games", type=int_between(1, MAX_GAMES), default=None,
                   help=f"games in the match (R3.1; default 1, at most {MAX_GAMES})")
    g.add_argument("--breaker", metavar="NAME", default=None,
                   help="who breaks the first game (the lot of R3.1; default the first name)")
    g.add_argument("--handicap", metavar="JSON", help="handicap (R13) of every game, as for "
                   "pyramid play, e.g. '{\"kind\": \"points\", \"receiver\": 1, "
                   "\"points\": 10}'")
    g.add_argument("--pair-order", choices=tuple(o.value for o in reversed(PairOrder)),
                   default=None,
                   help="one against a pair: the turn order of R12.2")
    g.add_argument("--lang", choices=("ru", "en"), default=None, help="language of the "
                   "session's messages (default en)")
    g.add_argument("--date", metavar="YYYY-MM-DD", default=None,
                   help="the match's date in the record (default today)")
    p.set_defaults(handler=run)


def score(doc) -> dict:
    """The pure part: a parsed document in, the ``--json`` output out
    (:func:`russian_pyramid.app.score.score_stroke`)."""
    return score_stroke(doc).to_json()


def _score(doc) -> tuple[dict, dict]:
    """The ``--json`` output and the names the printed ruling says: the shooter's and the
    next player's (in one against a pair the partner at the table), ``{}`` without
    ``players``."""
    scored = score_stroke(doc)
    said = {} if scored.players is None else {"shooter": scored.shooter_name,
                                                "next": scored.next_name}
    return scored.to_json(), said


def _human(out: dict, said: dict | None = None) -> str:
    a, s = out["adjudication"], out["state"]
    names = out.get("players")
    said = said or {}
    side = (lambda i: f"player {i}") if names is None else (lambda i: names[i])
    lines = []
    who = said.get("shooter", side(a["shooter"]))
    if a["replay"]:
        lines.append(f"{who}: the stroke does not count and is played again.")
    elif a["successful"]:
        lines.append(f"{who}: successful stroke, counted {', '.join(a['counted'])}"
                     + (" (+10 last ball)" if a["last_ball_bonus"] else "") + ".")
    elif a["fouls"]:
        lines.append(f"{who}: foul ({', '.join(a['fouls'])}), penalty {a['penalty']} points.")
    else:
        lines.append(f"{who}: unsuccessful stroke, nothing counts.")
    lines.append("points this stroke: " + ", ".join(
        f"{side(i)} {p:+d}" for i, p in enumerate(a["points"])))
    for r in a["respotted"]:
        x, y = r["position"]
        lines.append(f"ball {r['ball']} respotted at ({x:.3f}, {y:.3f})")
    for note in a["notes"]:
        lines.append(f"  - {note}")
    lines.append("scores: " + " - ".join(str(v) for v in s["scores"]))
    if out["result"] is None:
        lines.append(f"next to play: {said.get('next', side(s['to_move']))}"
                     + (" (cue ball in hand)" if s["cue_in_hand"] else "")
                     + ("; the turn passes" if a["turn_passes"] else "; the player continues"))
    elif out["result"].get("draw"):
        lines.append("game over: draw")
    else:
        lines.append(f"game over: {side(out['result']['winner'])} wins")
    return "\n".join(lines)


# the options of a scorekeeping session (the argument group above); lang is both's
SESSION_ONLY = ("--players", "--record", "--force", "--variant", "--call-mode", "--target",
                "--games", "--breaker", "--handicap", "--pair-order", "--date")


def session_terms(args: argparse.Namespace) -> SessionTerms:
    """The session's options as the application layer takes them
    (:class:`russian_pyramid.app.match.SessionTerms`)."""
    return SessionTerms(
        players=None if args.players is None else tuple(args.players), variant=args.variant,
        call_mode=args.call_mode, games=args.games, target=args.target,
        handicap=args.handicap, pair_order=args.pair_order, breaker=args.breaker,
        date=args.date, lang=args.lang, record=args.record, force=args.force,
        resume=args.resume)


def run(args: argparse.Namespace) -> int:
    args.state = chosen_input(args, "state", "STATE.json")
    if args.session or args.resume is not None:
        if args.state is not None:
            given = "--resume: " if args.resume is not None else ""
            raise UserInputError(f"{given}--session reads strokes from stdin: no STATE.json "
                                 f"({excerpt(args.state)})")
        return run_session(session_terms(args))
    for flag in SESSION_ONLY:  # one stroke scored: a session's option would be ignored
        if getattr(args, flag.lstrip("-").replace("-", "_")) not in (None, False):
            raise UserInputError(f"{flag} is for --session only (one stroke scored from "
                                 "STATE.json has no players, record or match)")
    if args.state is None:
        raise UserInputError("give STATE.json (- for stdin), --example NAME or --session")
    doc = read_json(args.state)
    out, said = _score(doc)
    if args.json:
        print_json(out)
    else:
        print(_human(out, said))
    return 0

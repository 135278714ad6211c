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

from engine import GameState, adjudicate, stroke_from_json
from engine.errors import EngineError, excerpt
from engine.kinds import CallMode, PairOrder, Variant
from engine.handicap import (apply_handicap, handicap_from_json, missed_balls_from_json,
                             settle_missed_balls, start_handicap)

from engine.text import MAX_GAMES, MAX_TARGET

from ..app.match import SessionTerms, run_session
from ..errors import UserInputError
from ..io import print_json, read_json
from ._common import chosen_input, input_or_example, int_between


DOC_FIELDS = ("stroke", "handicap", "handicap_missed", "players")  # beside the state's own


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
    """The pure part: a parsed document in, the ``--json`` output out."""
    return _score(doc)[0]


def _score(doc) -> tuple[dict, dict]:
    """The ``--json`` output and the names the printed ruling says: the shooter's and the
    next player's (in one against a pair the partner at the table), ``{}`` without
    ``players``."""
    if not isinstance(doc, dict):
        raise UserInputError(f"the input must be a JSON object (a game state plus \"stroke\"), "
                             f"got {type(doc).__name__}")
    if "stroke" not in doc:
        raise UserInputError("field \"stroke\" is missing: give the stroke to adjudicate")
    try:
        state = GameState.from_json({k: v for k, v in doc.items() if k not in DOC_FIELDS},
                                    other_fields=DOC_FIELDS)
        people = _players(doc.get("players"), state)
        state, before = _before_the_stroke(state, doc)
        stroke = stroke_from_json(doc["stroke"], state)
        outcome = adjudicate(state, stroke)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    new_state = outcome.state
    result = None
    ended = new_state.outcome
    if ended is not None:  # the --json output's short form: who won (no rule id)
        result = {"draw": True} if ended.is_draw else {"winner": ended.winner}
        if ended.placings is not None:
            result["placings"] = list(ended.placings)
    adjudication = outcome.adjudication.to_json()
    adjudication["notes"] = before + adjudication["notes"]
    raw = doc["stroke"]
    if (isinstance(raw, dict) and raw.get("events") is None and "first_contact" not in raw
            and "R7.1a" in adjudication["fouls"]
            and any(b != "cue" for b in stroke.pocketed_balls)):
        # issue 11: a called and pocketed ball ruled a miss, silently, for a field left out
        adjudication["notes"].append(
            "warning: stroke.first_contact is not given, so the cue ball is taken to have "
            "touched no ball (R7.1a miss) although ball(s) "
            + ", ".join(b for b in stroke.pocketed_balls if b != "cue")
            + " fell; give first_contact (or keep score with pyramid score --session, where "
              "the first ball hit is the called one unless said otherwise)")
    out = {"adjudication": adjudication, "state": new_state.to_json(), "result": result}
    said = {}
    if people is not None:
        out["players"] = _side_names(people, new_state)
        said = {"shooter": _name(people, outcome.adjudication.shooter, state),
                "next": _name(people, new_state.to_move, new_state)}
    return out, said


def _players(raw, state: GameState) -> list[str] | None:
    """The ``players`` field: one name a side, or in one against a pair the single and both
    partners (three names); None when not given."""
    if raw is None:
        return None
    n = state.n_sides
    sizes = (2, 3) if state.variant == Variant.ONE_VS_PAIR else (n,)
    if (not isinstance(raw, list) or len(raw) not in sizes
            or not all(isinstance(p, str) and p.strip() for p in raw)):
        want = ("2 names (the single, the pair) or 3 (the single, partner A, partner B)"
                if state.variant == Variant.ONE_VS_PAIR else f"{n} names, one a side")
        raise UserInputError(f"players = {excerpt(raw)} must be a list of {want} for variant "
                             f"{state.variant}")
    if len(set(raw)) != len(raw):
        raise UserInputError(f"players = {excerpt(raw)}: two players have the same name")
    return [p.strip() for p in raw]


def _name(people: list[str] | None, side: int, state: GameState) -> str:
    """A side's name as the session says it: in one against a pair, the partner at the table
    (R12.2)."""
    if people is None:
        return f"player {side}"
    if state.variant == Variant.ONE_VS_PAIR and side == 1 and len(people) == 3:
        partner = state.pair.partner if state.pair is not None else 0
        return people[1 + partner]
    return people[side]


def _side_names(people: list[str], state: GameState) -> list[str]:
    if state.variant == Variant.ONE_VS_PAIR and len(people) == 3:
        return [people[0], f"{people[1]} & {people[2]}"]
    return list(people)


def _before_the_stroke(state: GameState, doc: dict) -> tuple[GameState, list[str]]:
    """The optional handicap fields, applied in order: the agreed handicap at the start of a
    game (R13.1; with single strokes in turn at least 5 points to the pair, R12.2(1)), then
    balls of a handicap found not taken off (R13.2)."""
    notes = []
    if doc.get("handicap") is not None:
        h = start_handicap(state, handicap_from_json(doc["handicap"]))
        state = apply_handicap(state, h)
        notes.append(f"R13.1: handicap {h.to_json()} applied before the first stroke; "
                     f"scores {list(state.scores)}")
    if doc.get("handicap_missed") is not None:
        receiver, balls = missed_balls_from_json(doc["handicap_missed"])
        state, how = settle_missed_balls(state, receiver, balls)
        said = {"taken-off": "taken off now", "swapped": "made up by swapping balls between "
                "the table and the receiver's shelf", "target": "not recoverable: the "
                "receiver plays to " + str(state.target_of(receiver))}[how]
        notes.append(f"R13.2: handicap balls {', '.join(balls)} found not taken off: {said}; "
                     f"scores {list(state.scores)}, receiver's shelf "
                     f"{list(state.shelves[receiver])}")
    return state, notes


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

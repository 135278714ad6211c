"""``pyramid analyze RECORD.jsonl``: every stroke of a game record against the AI's best choice.

For each stroke: what was played, the AI's best alternative, the loss in win probability and a
mark -- ``?`` a mistake, ``??`` a blunder -- like a chess engine's annotation; then a summary
per player.  How strokes are valued: :mod:`ai.games.analysis`.

A record is verified before it is analysed (:func:`engine.verify.verify_record`: header,
stroke chain, rulings, every stroke played simulated again, result line, integrity hash); one
that fails is refused with the line number (exit 2), and what could not be verified (a
person's record has no stroke to simulate) is said on stderr, as is a record made with other
versions of Python, numpy, numba, llvmlite or this package than the running ones (its
``header.provenance``, :mod:`engine.provenance`): a replay may differ; ``--lang`` says it in
English or Russian.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

from engine.provenance import NOTE_TEXT, comparison_json, difference_note, \
    header_version_differences

from ..errors import UserInputError
from ..io import check_output_path, print_json, read_text
from ..scorekeeping import game_path
from . import _common as C


def register(subparsers) -> None:
    from ai.games.analysis import BLUNDER, MISTAKE
    p = subparsers.add_parser(
        "analyze", help="mark each stroke of a game record against the AI's best choice",
        description="Re-evaluates every stroke of a game record (JSON Lines, as written by "
                    "pyramid play --record) with the AI: the stroke played, the AI's best "
                    "alternative, the loss in win probability, ? for a mistake, ?? for a "
                    "blunder, and a summary per player.")
    p.add_argument("record", metavar="RECORD.jsonl", help="game record, or - for stdin")
    p.add_argument("--agent", metavar="SPEC", default=None,
                   help="the analysing agent (default: the strongest registered, e.g. "
                        "mc:budget=200); an agent with analyse() gives ranked alternatives")
    p.add_argument("--skill", default="strong", help="execution noise assumed when valuing "
                   "strokes (default strong)")
    p.add_argument("--samples", type=C.positive_int, default=24,
                   help="noisy executions per stroke valued (default 24)")
    p.add_argument("--top", type=C.positive_int, default=3,
                   help="alternatives of the agent re-valued per stroke (default 3)")
    p.add_argument("--strokes", metavar="A-B", help="analyse only strokes A..B (from 1)")
    p.add_argument("--mistake", type=float, default=MISTAKE,
                   help=f"loss in P(win) marked ? (default {MISTAKE})")
    p.add_argument("--blunder", type=float, default=BLUNDER,
                   help=f"loss in P(win) marked ?? (default {BLUNDER})")
    p.add_argument("--seed", type=C.seed_int, default=0, help="seed of the analysis (default 0)")
    p.add_argument("--jobs", type=int, default=1,
                   help="strokes analysed in parallel (joblib n_jobs; -1: all cores; default "
                        "1).  The result does not depend on it: each stroke has its own seed")
    p.add_argument("--png", metavar="FILE", help="game sheet with the marks")
    p.add_argument("--lang", choices=tuple(NOTE_TEXT), default="en",
                   help="language of the note on a record made with other versions: en "
                        "(default) or ru")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


def versions_note(header, lang: str) -> str | None:
    """The note on a record made with other versions than the running ones, in ``lang``,
    with its label ("note: the record was made with numpy 2.3.1; ..."), or None."""
    note = difference_note(header_version_differences(header), lang)
    return None if note is None else f"{NOTE_TEXT[lang]['label']}: {note}"


def _range(text: str | None, n: int) -> range:
    """Strokes A..B (from 1) as indices, cut at the record's end; a range that holds none of
    the record's strokes is bad input (it once analysed nothing and exited 0)."""
    if text is None:
        return range(n)
    a, sep, b = text.partition("-")
    try:
        lo = int(a)
        hi = int(b) if sep else lo
    except ValueError:
        raise UserInputError(f"--strokes {text!r} must be A-B or A (stroke numbers)") from None
    if not (1 <= lo <= hi):
        raise UserInputError(f"--strokes {text!r}: need 1 <= A <= B")
    if lo > n:
        raise UserInputError(f"--strokes {text!r}: the record has only {n} stroke(s)")
    return range(lo - 1, min(hi, n))


def _name(players, p: int) -> str:
    letter = "ABC"[p] if 0 <= p < 3 else str(p)
    return f"{letter} ({players[p]})" if p < len(players) else f"player {letter}"


def _decision_json(d) -> dict | None:
    if d is None:
        return None
    out = d.to_json()
    return {k: out[k] for k in ("kind", "call", "strike", "placement", "foul", "p_win",
                                "instruction")}


def _played_text(s) -> str:
    if s.strike is None:
        return "tush"
    st = s.strike
    text = f"{C.fmt_call(s.call)}, {st['speed_mps']:.2f} m/s at {st['phi_deg']:.1f} deg"
    if s.placement is not None:
        text += f" from ({s.placement[0]:.2f}, {s.placement[1]:.2f})"
    return text


def _best_text(d) -> str:
    if d is None:
        return "(the stroke played was the best found)"
    if d.strike is None:
        return "tush"
    text = f"{d.kind} {C.fmt_call(d.call)}"
    if d.instruction:
        text += f": {d.instruction}"
    return text


_WORKER_CACHE: dict = {}


def _judge(k, state, call, strike, placement, *, spec, skill, samples, table, seed, top,
           mistake, blunder):
    """One stroke's verdict (runs in a worker with --jobs): the agent, simulator and valuer
    are built once per process.  An engine error comes back as its message."""
    from ai.games.analysis import StrokeValuer, judge_stroke
    from ai.registry import make_agent
    from engine.errors import EngineError
    from sim import shared_simulator
    key = (spec, skill, samples, table)
    if key not in _WORKER_CACHE:
        simulator = shared_simulator(table)
        _WORKER_CACHE.clear()
        _WORKER_CACHE[key] = (make_agent(spec, simulator), StrokeValuer(
            simulator, C.noise_model(skill, "--skill"), samples=samples))
    agent, valuer = _WORKER_CACHE[key]
    try:
        return judge_stroke(k, state, call, strike, placement, agent, valuer, seed, top=top,
                            mistake=mistake, blunder=blunder)
    except EngineError as exc:
        return str(exc)


def run(args: argparse.Namespace) -> int:
    from ai.games.records import strike_from_record, verified
    from ai.registry import default_agent_spec
    from engine.calls import Call
    from engine.errors import EngineError
    from engine.record import parse_record

    spec = C.agent_spec(args.agent or default_agent_spec(), "--agent")
    C.noise_model(args.skill, "--skill")  # checked now: bad input fails before the long part
    if args.jobs == 0:
        raise UserInputError("--jobs must not be 0 (use -1 for all cores)")
    if not (0 < args.mistake <= args.blunder <= 1):
        raise UserInputError("need 0 < --mistake <= --blunder <= 1")
    if args.png:  # checked now, not after the analysis
        check_output_path("--png", args.png)
    text = read_text(args.record)
    try:
        record = parse_record(text)  # split at "\n" only (engine.record.record_lines)
    except EngineError as exc:
        raise UserInputError(f"{args.record}: {exc}") from None
    if record.header.get("human") is True:  # a scorekeeping session's record: no positions
        return _human(args, record)
    versions = versions_note(record.header, args.lang)
    try:  # verified before it is trusted: a record that fails is refused with its line
        checked = verified(record)
    except EngineError as exc:  # other versions may be why a stroke came to rest elsewhere
        raise UserInputError(f"{args.record}: {exc}"
                             + ("" if versions is None else f" ({versions})")) from None
    except (KeyError, ValueError) as exc:
        raise UserInputError(f"{args.record}: header.table: {exc}") from None
    simulator, check, table = checked.simulator, checked.check, checked.simulator.table.name
    if not record.strokes:
        raise UserInputError(f"{args.record}: the record has no strokes to analyse")
    # check every stroke line before the long part
    items = []
    for k in _range(args.strokes, len(record.strokes)):
        s = record.strokes[k]
        try:
            call = None if s.call is None else Call.from_json(s.call)
            strike = None if s.strike is None else strike_from_record(s.strike)
            if strike is not None:
                strike.validate(simulator.physics)
        except (EngineError, ValueError, KeyError, TypeError) as exc:
            raise UserInputError(f"{args.record}: stroke {k + 1}: {exc}") from None
        items.append((k, s, call, strike))
    C.first_run()
    players = record.header.get("players") or []
    out_stream = sys.stderr if args.json else sys.stdout
    C.log(f"pyramid analyze: {args.record} verified: {check.strokes} stroke(s), "
          f"{check.positions_replayed} replayed exactly"
          + ("" if not check.hash_checked else ", integrity hash matches"))
    if not checked.same_physics:
        C.log("pyramid analyze: note: the record was played with other physics parameters "
              "than the defaults (header.physics): its strokes were simulated again, and are "
              "valued, with them")
    for note in check.notes():
        C.log(f"pyramid analyze: note: {note}")
    if versions is not None:
        C.log(f"pyramid analyze: {versions}")
    C.log(f"pyramid analyze: {len(items)} stroke(s) of {args.record} with {spec}, "
          f"{args.samples} samples each, {args.jobs} job(s)")
    rows = []
    t0 = time.monotonic()
    jobs = [(k, s.state_before, call, strike, s.placement) for k, s, call, strike in items]
    options = dict(spec=spec, skill=args.skill, samples=args.samples, table=table,
                   seed=args.seed, top=args.top, mistake=args.mistake, blunder=args.blunder)
    if args.jobs == 1:
        verdicts = (_judge(*job, **options) for job in jobs)
    else:
        import joblib
        # in stroke order as they finish, so the report streams
        verdicts = joblib.Parallel(n_jobs=args.jobs, return_as="generator", batch_size=1)(
            joblib.delayed(_judge)(*job, **options) for job in jobs)
    for (k, s, call, strike), v in zip(items, verdicts):
        if isinstance(v, str):  # the rules core refused the stroke's position
            raise UserInputError(f"{args.record}: stroke {k + 1}: {v}")
        row = {"stroke": k + 1, "player": s.player,
               "played": {"call": s.call, "strike": s.strike,
                          "placement": None if s.placement is None else list(s.placement),
                          "fouls": list(s.fouls),
                          "pocketed": s.outcome.get("pocketed", [])},
               "p_win_played": round(v.p_win_played, 4),
               "best": _decision_json(v.best), "p_win_best": round(v.p_win_best, 4),
               "loss": round(v.loss, 4), "mark": v.mark}
        rows.append(row)
        name = _name(players, s.player)
        print(f"{k + 1:4d}. {name}: {_played_text(s)}  P(win) {v.p_win_played:.2f}"
              f"{'  ' + v.mark if v.mark else ''}", file=out_stream)
        if v.best is not None:
            print(f"      best: {_best_text(v.best)}  P(win) {v.p_win_best:.2f}, "
                  f"loss {v.loss:.2f}", file=out_stream)
        out_stream.flush()
    summary = []
    for p in sorted({r["player"] for r in rows}):
        mine = [r for r in rows if r["player"] == p]
        summary.append({"player": p,
                        "name": _name(players, p),
                        "strokes": len(mine),
                        "mean_loss": round(sum(r["loss"] for r in mine) / len(mine), 4),
                        "mistakes": sum(r["mark"] == "?" for r in mine),
                        "blunders": sum(r["mark"] == "??" for r in mine),
                        "best_played": sum(r["best"] is None for r in mine)})
    print("summary:", file=out_stream)
    for m in summary:
        print(f"  {m['name']}: {m['strokes']} strokes, mean loss {m['mean_loss']:.3f}, "
              f"{m['mistakes']} mistake(s) ?, {m['blunders']} blunder(s) ??, "
              f"{m['best_played']} best", file=out_stream)
    png = []
    if args.png:
        png = _sheet(args.png, simulator, record, items, rows)
    doc = {"record": args.record, "agent": spec, "samples": args.samples,
           "thresholds": {"mistake": args.mistake, "blunder": args.blunder},
           "verification": dict(check.to_json(), provenance=comparison_json(record.header)),
           "strokes": rows, "summary": summary, "png": png,
           "elapsed_s": round(time.monotonic() - t0, 3)}
    if args.json:
        print_json(doc)
    return 0


def _sheet(path, simulator, record, items, rows) -> list[str]:
    from ai.games.records import balls_before, simulate_stroke
    from pyramid.diagrams import draw_game_sheet_png, sheet_paths
    from sim.trajectory import sample_paths
    frames = []
    players = record.header.get("players") or []
    for (k, s, call, strike), row in zip(items, rows):
        before = balls_before(s.state_before, s.placement)
        paths = final = None
        if strike is not None:
            res = simulate_stroke(simulator, s.state_before, strike, s.placement)
            if res.segments is not None and len(res.segments):
                paths = sample_paths(res.segments, simulator.params)
            final = res.final
        mark = row["mark"] or "ok"
        frames.append({"stroke": k + 1, "balls": before, "paths": paths, "final": final,
                       "player": _name(players, s.player),
                       "call": s.call,
                       "result": f"{mark}, P(win) {row['p_win_played']:.2f}, loss "
                                 f"{row['loss']:.2f}"})
    draw_game_sheet_png(path, simulator.table, frames, title="Analysis")
    return [str(p) for p in sheet_paths(path, len(frames))]


def _match_files(path: str) -> list[Path]:
    """The games of a session's match, from any one of its files: FILE, FILE.game2, ..."""
    p = Path(path)
    m = re.match(r"^(.*)\.game(\d+)$", p.stem)
    base = p.with_name((m.group(1) if m else p.stem) + p.suffix)
    out = []
    k = 1
    while True:
        f = game_path(base, k)
        if not os.path.isfile(f):  # a name too long for a game N: not one of the match
            break
        out.append(f)
        k += 1
    return out or [p]


def _human(args, record) -> int:
    """``pyramid analyze`` on a human game record (``pyramid score --session``): what can be
    said without positions (ai/games/human.py) for the game and the match it belongs to, and
    the score graph with ``--png``."""
    from ai.games.human import FOUL_WORDS, game_stats, match_stats
    from ai.games.records import verified
    from engine.errors import EngineError
    from engine.record import parse_record
    records = []
    files = [Path(args.record)] if args.record == "-" else _match_files(args.record)
    for f in files:
        try:
            rec = record if args.record == "-" or f == Path(args.record) else \
                parse_record(read_text(str(f)))
            check = verified(rec).check
        except EngineError as exc:
            raise UserInputError(f"{f}: {exc}") from None
        if rec.header.get("human") is not True:
            continue
        records.append((f, rec, check))
    out = sys.stderr if args.json else sys.stdout
    for f, rec, check in records:
        C.log(f"pyramid analyze: {f} verified: {check.strokes} stroke(s) of a human game "
              f"(header.human)" + (", integrity hash matches" if check.hash_checked else ""))
    C.log("pyramid analyze: note: a human game's positions were not verified (nominal: no "
          "stroke played to simulate); what follows is counted from the rulings, no stroke "
          "is valued")
    games = [game_stats(rec) for _, rec, _ in records]
    for g in games:
        res = g["result"] or {}
        what = ("draw" if res.get("draw") else f"{g['players'][res['winner']]} wins"
                if "winner" in res else "unfinished")
        print(f"game {g['game']}" + (f" ({g['date']})" if g.get("date") else "")
              + f": {' - '.join(map(str, g['scores'] or []))}, {what}"
              + (f" ({res['rule']})" if res.get("rule") else "") + f", {g['strokes']} strokes",
              file=out)
        if g["break"]:
            b = g["break"]
            print(f"  break: {b['by']}: {b['entered']}"
                  + (f" (counted {', '.join(b['counted'])})" if b["counted"] else "")
                  + (f" (foul {', '.join(b['fouls'])})" if b["fouls"] else ""), file=out)
        for name, p in g["per_player"].items():
            fouls = ", ".join(f"{FOUL_WORDS.get(k, k)} ({k}) {v}" for k, v in p["fouls"].items())
            print(f"  {name}: {p['pots']} ball(s) pocketed for {p['pot_points']} points in "
                  f"{p['visits']} visit(s) ({p['points_per_visit']:.2f} a visit), best run "
                  f"{p['best_run']} ({p['best_run_balls']} ball(s)), runs of 3+ balls "
                  f"{p['runs_3_balls_or_more']}; fouls {p['fouls_total']}"
                  + (f": {fouls}" if fouls else "")
                  + f"; deliberate {p['deliberate_fouls']}", file=out)
    match = match_stats(games)
    print(f"match: {match['games']} game(s)", file=out)
    for name, t in match["per_player"].items():
        print(f"  {name}: {t['wins']} win(s), {t['draws']} draw(s); {t['pots']} ball(s) "
              f"for {t['pot_points']} points, {t['points_per_visit']:.2f} a visit, best run "
              f"{t['best_run']}, fouls {t['fouls']} (deliberate {t['deliberate_fouls']})",
              file=out)
    png = []
    if args.png:
        from ..human_plot import draw_score_graph_png
        targets = [rec.header.get("target", 71) for _, rec, _ in records]
        draw_score_graph_png(args.png, games, targets)
        png = [str(args.png)]
        print(f"score graph: {args.png}", file=out)
    if args.json:
        print_json({"record": args.record, "human": True,
                    "files": [str(f) for f, _, _ in records],
                    "verification": [c.to_json() for _, _, c in records],
                    "games": games, "match": match, "png": png})
    return 0

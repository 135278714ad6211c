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

The analysis itself is :mod:`russian_pyramid.app.analyze`; this module turns the flags into its request
and prints what it returns.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from ai.games.analysis import (BLUNDER, INACCURACY, MISTAKE, SAMPLES_DEFAULT, STORY,
                               TOP_DEFAULT, analysis_agent_spec, player_name,
                               player_summaries)
from ai.games.human import FOUL_WORDS
from engine.provenance import NOTE_TEXT, comparison_json
from engine.story import story_of

from ..app.analyze import (AnalysisRequest, HumanAnalysis, PreparedAnalysis, draw_human_graph,
                           draw_sheet, draw_summary, human_analysis, judge_strokes,
                           prepare, read_game_record, stroke_span)
from ..app.review import review_document
from ..app.review_page import write_review_page
from ..app.limits import MAX_ANALYSIS_SAMPLES, MAX_ANALYSIS_TOP, MAX_JOBS
from ..errors import UserInputError
from ..io import check_outputs, print_json
from ._common import int_between
from .. import pictures
from ..progress import Bar
from . import _common as C


def _cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says it)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "analyze", help="mark each stroke of a game record against the AI's best choice",
        description="Re-evaluates every stroke of a game record (JSON Lines, as written by "
                    "pyramid play --record) with the AI: the stroke played, the AI's best "
                    "alternative, the loss in win probability, ? for a mistake, ?? for a "
                    "blunder, and a summary per player.")
    C.input_or_example(p, "record", "RECORD.jsonl", "game record", "analyze")
    p.add_argument("--agent", metavar="SPEC", default=None,
                   help="the analysing agent (default: the strongest registered, leaner for "
                        "analysis: mc:budget=60,placements=1,shots=3); an agent with "
                        "analyse() gives ranked alternatives")
    p.add_argument("--skill", default="strong", help="execution noise assumed when valuing "
                   "strokes (default strong)")
    p.add_argument("--samples", type=int_between(1, MAX_ANALYSIS_SAMPLES),
                   default=SAMPLES_DEFAULT,
                   help=f"noisy executions per stroke valued (default {SAMPLES_DEFAULT}, at "
                        f"most {MAX_ANALYSIS_SAMPLES})")
    p.add_argument("--top", type=int_between(1, MAX_ANALYSIS_TOP), default=TOP_DEFAULT,
                   help=f"alternatives of the agent re-valued per stroke (default {TOP_DEFAULT}"
                        f", at most {MAX_ANALYSIS_TOP})")
    p.add_argument("--strokes", metavar="A-B", help="analyse only strokes A..B (from 1)")
    p.add_argument("--mistake", type=float, default=MISTAKE,
                   help=f"loss in P(win) marked ? (default {MISTAKE})")
    p.add_argument("--blunder", type=float, default=BLUNDER,
                   help=f"loss in P(win) marked ?? (default {BLUNDER})")
    p.add_argument("--seed", type=C.seed_int, default=0, help="seed of the analysis (default 0)")
    p.add_argument("--jobs", type=C.jobs_int, default=min(_cores(), MAX_JOBS),
                   help="strokes analysed in parallel (joblib n_jobs; -1: all cores; 1: one "
                        "process; default: the cores there are).  The result does not depend "
                        "on it: each stroke has its own seed")
    p.add_argument("--search-all", action="store_true",
                   help="search every stroke, also those whose story holds the deciding "
                        "agent's estimates (by default those are used: \"source\": \"story\")")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar on stderr (it is drawn only on a terminal)")
    p.add_argument("--png", metavar="FILE", help="game sheet with the marks")
    p.add_argument("--html", metavar="FILE",
                   help="the review as one self-contained page to send: the table, the list "
                        "of strokes with their marks, the P(win) graph, the better strokes "
                        "drawn; opens from the file with no server or network")
    p.add_argument("--summary-png", metavar="FILE",
                   help="one-page summary: each side's P(win) over the game, the marks and "
                        "the per-player summary")
    p.add_argument("--lang", choices=tuple(NOTE_TEXT), default="en",
                   help="language of the note on a record made with other versions and of "
                        "the words on --summary-png: en (default) or ru")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


def _played_text(s) -> str:
    if s.strike is None:
        return "tush"
    st = s.strike
    text = f"{C.fmt_call(s.call)}, {st.speed_mps:.2f} m/s at {st.phi_deg:.1f} deg"
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


def _request(args: argparse.Namespace) -> AnalysisRequest:
    """The flags as an :class:`AnalysisRequest`, checked (bad input fails before the long
    part)."""
    spec = C.agent_spec(analysis_agent_spec(args.agent), "--agent")
    skill = C.noise_model(args.skill, "--skill")
    if not (0 < args.mistake <= args.blunder <= 1):
        raise UserInputError("need 0 < --mistake <= --blunder <= 1")
    if args.strokes is not None:
        stroke_span(args.strokes)  # its form now; against the record's length once read
    return AnalysisRequest(spec, skill, args.samples, args.top, args.mistake, args.blunder,
                           args.seed, args.jobs, stories=not args.search_all)


def run(args: argparse.Namespace) -> int:
    args.record = C.chosen_input(args, "record", "RECORD.jsonl")
    if args.record is None:
        raise UserInputError("give RECORD.jsonl (- for stdin) or --example NAME")
    request = _request(args)
    outputs = (("--png", args.png), ("--summary-png", args.summary_png), ("--html", args.html))
    for flag, path in outputs[:2]:
        if path:  # the review page (--html) draws in SVG, without matplotlib
            pictures.require(flag)
    inputs = [("RECORD.jsonl", args.record), ("--agent", C.agent_file(args.agent))]
    check_outputs(outputs, inputs)  # now, not after the analysis
    record = read_game_record(args.record)
    if record.header.get("human") is True:  # a scorekeeping session's record: no positions
        if args.strokes is not None:
            raise UserInputError(f"--strokes is for a computer game's record: {args.record} is "
                                 "a person's (header.human), summarised whole")
        analysis = human_analysis(args.record, record)
        check_outputs(outputs, [("RECORD.jsonl", f) for f in analysis.files])  # the match's
        code = _human(args, analysis)
        if args.html:  # the typed lines, the rulings and the score graph
            _write_html(args.html, record, None)
        return code
    prepared = prepare(args.record, record, args.strokes, args.lang)
    C.first_run()
    _log_verification(args, prepared, request)
    out = sys.stderr if args.json else sys.stdout
    t0 = time.monotonic()
    analysed = []
    bar = Bar(len(prepared.items), "strokes", enabled=not args.no_progress)
    try:
        for a in judge_strokes(prepared, request):
            analysed.append(a)
            s, v = a.item.stroke, a.verdict
            bar.clear()
            print(f"{a.item.index + 1:4d}. {player_name(prepared.players, s.player)}: "
                  f"{_played_text(s)}  P(win) {v.p_win_played:.2f}"
                  f"{'  ' + v.mark if v.mark else ''}"
                  f"{'  (its story)' if v.source == STORY else ''}", file=out)
            if v.best is not None:
                print(f"      best: {_best_text(v.best)}  P(win) {v.p_win_best:.2f}, "
                      f"loss {v.loss:.2f}", file=out)
            out.flush()
            bar.step()
    finally:  # an error's message on a line of its own
        bar.close()
    summary = player_summaries(((a.player, a.verdict) for a in analysed), prepared.players)
    print("summary:", file=out)
    for m in summary:
        print(f"  {m.name}: {m.strokes} strokes, mean loss {m.mean_loss:.3f}, "
              f"{m.inaccuracies} inaccuracy(ies) ?!, {m.mistakes} mistake(s) ?, "
              f"{m.blunders} blunder(s) ??, "
              f"{m.best_played} best", file=out)
    png = draw_sheet(args.png, prepared, analysed) if args.png else []
    if args.summary_png:
        png += draw_summary(args.summary_png, prepared, analysed, summary, args.lang,
                            request.spec, (request.mistake, request.blunder))
    check = prepared.checked.check
    doc = {"record": args.record, "agent": request.spec, "samples": request.samples,
           "thresholds": {"inaccuracy": INACCURACY, "mistake": request.mistake,
                          "blunder": request.blunder},
           "verification": dict(check.to_json(), provenance=comparison_json(record.header)),
           "strokes": [a.to_json() for a in analysed],
           "summary": [m.to_json() for m in summary], "png": png,
           "elapsed_s": round(time.monotonic() - t0, 3)}
    if args.html:
        doc["html"] = _write_html(args.html, record, doc)
        print(f"review page: {args.html}", file=out)
    if args.json:
        print_json(doc)
    return 0


def _write_html(path: str, record, analysis: dict | None) -> str:
    """The review page (:mod:`russian_pyramid.app.review_page`) of ``record`` with ``analysis``."""
    return write_review_page(path, review_document(record, analysis).to_json())


def _log_verification(args, prepared: PreparedAnalysis, request: AnalysisRequest) -> None:
    """What was verified, and the notes on it, on stderr."""
    check = prepared.checked.check
    C.log(f"pyramid analyze: {args.record} verified: {check.strokes} stroke(s), "
          f"{check.positions_replayed} replayed exactly"
          + ("" if not check.hash_checked else ", integrity hash matches"))
    if not prepared.checked.same_physics:
        C.log("pyramid analyze: note: the record was played with other physics parameters "
              "than the defaults (header.physics): its strokes were simulated again, and are "
              "valued, with them")
    for note in check.notes():
        C.log(f"pyramid analyze: note: {note}")
    if prepared.versions is not None:
        C.log(f"pyramid analyze: {prepared.versions}")
    told = sum(story_of(it.stroke.extra) is not None for it in prepared.items)
    C.log(f"pyramid analyze: {len(prepared.items)} stroke(s) of {args.record} with "
          f"{request.spec}, {request.samples} samples each, {request.jobs} job(s)"
          + (f"; {told} with a story (the deciding agent's estimates used where it has "
             f"them)" if told and request.stories else ""))


def _human(args, analysis: HumanAnalysis) -> int:
    """``pyramid analyze`` on a human game record (``pyramid score --session``): what can be
    said without positions (ai/games/human.py) for the game and the match it belongs to, and
    the score graph with ``--png``."""
    out = sys.stderr if args.json else sys.stdout
    for f, check in zip(analysis.files, analysis.checks):
        C.log(f"pyramid analyze: {f} verified: {check.strokes} stroke(s) of a human game "
              f"(header.human)" + (", integrity hash matches" if check.hash_checked else ""))
    C.log("pyramid analyze: note: a human game's positions were not verified (nominal: no "
          "stroke played to simulate); what follows is counted from the rulings, no stroke "
          "is valued")
    for g in analysis.games:
        _print_human_game(g, out)
    match = analysis.match
    print(f"match: {match['games']} game(s)", file=out)
    for name, t in match["per_player"].items():
        print(f"  {name}: {t['wins']} win(s), {t['draws']} draw(s); {t['pots']} ball(s) "
              f"for {t['pot_points']} points, {t['points_per_visit']:.2f} a visit, best run "
              f"{t['best_run']}, fouls {t['fouls']} (deliberate {t['deliberate_fouls']})",
              file=out)
    png = []
    if args.png:
        png = draw_human_graph(args.png, analysis)
        print(f"score graph: {args.png}", file=out)
    if args.json:
        print_json({"record": args.record, "human": True,
                    "files": [str(f) for f in analysis.files],
                    "verification": [c.to_json() for c in analysis.checks],
                    "games": analysis.games, "match": match, "png": png})
    return 0


def _print_human_game(g: dict, out) -> None:
    """One person's game: the score, the result, the break and each player's counts."""
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

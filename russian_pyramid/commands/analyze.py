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

from ai.games.analysis import (BLUNDER, INACCURACY, MISTAKE, SAMPLES_DEFAULT, TOP_DEFAULT,
                               analysis_agent_spec, player_summaries)
from ai.words import number_text
from engine.notation import render_line
from engine.provenance import NOTE_TEXT, comparison_json
from engine.story import story_of
from engine.words import DEFAULT_LANG, say, word

from ..app.analyze import (AnalysisRequest, HumanAnalysis, PreparedAnalysis, draw_human_graph,
                           draw_sheet, draw_summary, human_analysis, judge_strokes,
                           prepare, read_game_record, stroke_span)
from ..app.analysis_text import (INDENT, foul_text, rule_text, side_name, stroke_lines,
                                 summary_lines)
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
    p.add_argument("--lang", choices=tuple(NOTE_TEXT), default=None,
                   help="language of the lines printed (the strokes, the summary), of the "
                        "note on a record made with other versions, of the words on "
                        "--summary-png and of the --html page: en (default; the page: the "
                        "reader's) or ru; the logs on stderr stay English")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.set_defaults(handler=run)


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
    args.page_lang = args.lang  # the --html page's: None, the reader's
    args.lang = args.lang or DEFAULT_LANG
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
            _write_html(args.html, record, None, args.page_lang)
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
            who = side_name(prepared.players, s.player, args.lang)
            for line in stroke_lines(a.item.index + 1, who, s, v, args.lang):
                print(line, file=out)
            out.flush()
            bar.step()
    finally:  # an error's message on a line of its own
        bar.close()
    summary = player_summaries(((a.player, a.verdict) for a in analysed), prepared.players)
    for line in summary_lines(summary, prepared.players, args.lang):
        print(line, file=out)
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
        doc["html"] = _write_html(args.html, record, doc, args.page_lang)
        print(say("analysis.text.review_page", args.lang, path=args.html), file=out)
    if args.json:
        print_json(doc)
    return 0


def _write_html(path: str, record, analysis: dict | None, lang: str | None) -> str:
    """The review page (:mod:`russian_pyramid.app.review_page`) of ``record`` with
    ``analysis``, in ``lang`` (None: the reader's)."""
    return write_review_page(path, review_document(record, analysis).to_json(), lang)


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
    lines = [line for g in analysis.games for line in _human_game_lines(g, args.lang)]
    for line in lines + _human_match_lines(analysis.match, args.lang):
        print(line, file=out)
    png = []
    if args.png:
        png = draw_human_graph(args.png, analysis)
        print(say("analysis.text.score_graph", args.lang, path=args.png), file=out)
    if args.json:
        print_json({"record": args.record, "human": True,
                    "files": [str(f) for f in analysis.files],
                    "verification": [c.to_json() for c in analysis.checks],
                    "games": analysis.games, "match": analysis.match, "png": png})
    return 0


def _human_game_lines(g: dict, lang: str) -> list[str]:
    """One person's game (:func:`ai.games.human.game_stats`): the score, the result, the
    break and each player's counts."""
    res = g["result"] or {}
    if res.get("draw"):
        what = word("analysis.text.draw", lang)
    elif "winner" in res:
        what = say("analysis.text.wins", lang, who=g["players"][res["winner"]])
    else:
        what = word("analysis.text.unfinished", lang)
    out = [say("analysis.text.game", lang, k=g["game"],
               date=f" ({g['date']})" if g.get("date") else "",
               scores=" - ".join(map(str, g["scores"] or [])),
               what=what + rule_text(res.get("rule"), lang), strokes=g["strokes"])]
    if g["break"]:
        b = g["break"]
        entered = b["entered"]
        line = INDENT + say("analysis.text.break", lang, who=b["by"],
                            entered=render_line(entered, lang) if entered else "")
        if b["counted"]:
            line += " " + say("analysis.text.break_counted", lang, balls=", ".join(b["counted"]))
        if b["fouls"]:
            codes = b["fouls"] if lang == DEFAULT_LANG else [foul_text(f, lang) for f in b["fouls"]]
            line += " " + say("analysis.text.break_fouls", lang, fouls=", ".join(codes))
        out.append(line)
    for name, p in g["per_player"].items():
        fouls = ", ".join(say("analysis.text.foul_count", lang, foul=foul_text(k, lang), n=v)
                          for k, v in p["fouls"].items())
        out.append(INDENT + say(
            "analysis.text.player_game", lang, name=name, pots=p["pots"],
            points=p["pot_points"], visits=p["visits"], ppv=number_text(p["points_per_visit"], 2, lang),
            run=p["best_run"], run_balls=p["best_run_balls"],
            runs3=p["runs_3_balls_or_more"],
            fouls=say("analysis.text.fouls_listed", lang, n=p["fouls_total"], fouls=fouls)
            if fouls else say("analysis.text.fouls", lang, n=p["fouls_total"]),
            deliberate=p["deliberate_fouls"]))
    return out


def _human_match_lines(match: dict, lang: str) -> list[str]:
    """The match of a person's games (:func:`ai.games.human.match_stats`)."""
    out = [say("analysis.text.match", lang, games=match["games"])]
    for name, t in match["per_player"].items():
        out.append(INDENT + say(
            "analysis.text.player_match", lang, name=name, wins=t["wins"], draws=t["draws"],
            pots=t["pots"], points=t["pot_points"], ppv=number_text(t["points_per_visit"], 2, lang),
            run=t["best_run"], fouls=t["fouls"], deliberate=t["deliberate_fouls"]))
    return out

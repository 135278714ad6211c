"""Analysing a game record (``pyramid analyze``): every stroke against the AI's best choice, or,
for a person's record (``pyramid score --session``), what its rulings say without positions.

The operations take typed values and return them; the command parses argv, calls them and
prints what they return:

* :func:`read_game_record` -- the record (a file or ``-``), parsed;
* :func:`prepare` -- verified (:func:`ai.games.records.verified`) and every stroke to analyse
  checked, before the long part: a :class:`PreparedAnalysis`;
* :func:`judge_strokes` -- the verdicts (:class:`AnalysedStroke`), in stroke order as they
  are found, so that a report can stream; :func:`ai.games.analysis.player_summaries` sums them
  up per player;
* :func:`draw_sheet` -- the game sheet with the marks;
* :func:`human_analysis` -- a person's game and the match it belongs to
  (:mod:`ai.games.human`).

Bad input raises :class:`russian_pyramid.errors.UserInputError` naming the flag or the file.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from ai.games.analysis import (STORY, StrokeValuer, StrokeVerdict, judge_stroke,
                               player_name, story_verdict)
from ai.games.human import game_stats as human_game_stats
from ai.games.human import match_stats as human_match_stats
from ai.games.records import (VerifiedRecord, balls_before, simulate_stroke,
                              strike_from_record, verified)
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine.calls import Call
from engine.errors import EngineError, excerpt
from engine.provenance import NOTE_TEXT, difference_note, header_version_differences
from engine.record import GameRecord, StrokeRecord, parse_record
from engine.story import story_of
from engine.words import say
from sim import Strike, shared_simulator
from sim.trajectory import sample_paths

from .. import pictures
from ..errors import UserInputError
from ..analysis_plot import draw_summary_png
from ..human_plot import draw_score_graph_png
from ..io import read_text
from ..scorekeeping import game_path

HUMAN_TARGET = 71  # points a game is played to when a person's record does not say (header.target)


@dataclass(frozen=True)
class AnalysisRequest:
    """What to analyse a record with: the agent (a checked spec), the execution noise assumed
    when valuing strokes, noisy executions per stroke, alternatives re-valued per stroke, the
    thresholds of ? and ??, the seed, and the strokes analysed in parallel (joblib n_jobs)."""

    spec: str
    skill: NoiseModel
    samples: int
    top: int
    mistake: float
    blunder: float
    seed: int
    jobs: int = 1
    stories: bool = True


@dataclass(frozen=True)
class StrokeToJudge:
    """A stroke of the record, checked: its index (from 0), its line, and its call and strike
    as values (None for a tush)."""

    index: int
    stroke: StrokeRecord
    call: Call | None
    strike: Strike | None


@dataclass(frozen=True)
class PreparedAnalysis:
    """A verified record and the strokes to analyse, checked."""

    name: str  # the record as the user named it (a path or "-")
    record: GameRecord
    checked: VerifiedRecord
    items: tuple[StrokeToJudge, ...]
    versions: str | None  # the note on a record made with other versions, or None

    @property
    def players(self) -> list:
        return self.record.header.get("players") or []


@dataclass(frozen=True)
class AnalysedStroke:
    """A stroke and its verdict (:class:`ai.games.analysis.StrokeVerdict`)."""

    item: StrokeToJudge
    verdict: StrokeVerdict

    @property
    def player(self) -> int:
        return self.item.stroke.player

    def to_json(self) -> dict:
        s, v = self.item.stroke, self.verdict
        return {"stroke": self.item.index + 1, "player": s.player,
                "played": {"call": None if s.call is None else s.call.to_json(),
                           "strike": None if s.strike is None else s.strike.to_json(),
                           "placement": None if s.placement is None else list(s.placement),
                           "fouls": list(s.fouls),
                           "pocketed": s.outcome.to_json().get("pocketed", [])},
                "p_win_played": round(v.p_win_played, 4),
                "best": _decision_json(v.best), "p_win_best": round(v.p_win_best, 4),
                "loss": round(v.loss, 4), "mark": v.mark, "execution": v.execution,
                "source": v.source}


def _decision_json(d) -> dict | None:
    if d is None:
        return None
    out = d.to_json()
    return {k: out[k] for k in ("kind", "call", "strike", "placement", "foul", "p_win",
                                "instruction")}


def versions_note(header, lang: str) -> str | None:
    """The note on a record made with other versions than the running ones, in ``lang``,
    with its label ("note: the record was made with numpy 2.3.1; ..."), or None."""
    note = difference_note(header_version_differences(header), lang)
    return None if note is None else f"{NOTE_TEXT[lang]['label']}: {note}"


MAX_SPAN_CHARS = 41  # "A-B", each up to 20 digits: anything longer is no pair of stroke numbers


def stroke_span(text: str) -> tuple[int, int]:
    """``--strokes`` A-B or A (stroke numbers from 1, A <= B) as (A, B); anything else is bad
    input, refused before the record is read."""
    a, sep, b = text.partition("-")
    digits = a.isdigit() and (b.isdigit() if sep else True) and len(text) <= MAX_SPAN_CHARS
    if not digits:
        raise UserInputError(f"--strokes {excerpt(text)} must be A-B or A (stroke numbers)")
    lo, hi = int(a), int(b) if sep else int(a)
    if not (1 <= lo <= hi):
        raise UserInputError(f"--strokes {excerpt(text)}: need 1 <= A <= B")
    return lo, hi


def stroke_range(text: str | None, n: int) -> range:
    """Strokes A..B (from 1, ``--strokes``) as indices, cut at the record's end; a range that
    holds none of the record's strokes is bad input (it once analysed nothing and exited 0)."""
    if text is None:
        return range(n)
    lo, hi = stroke_span(text)
    if lo > n:
        raise UserInputError(f"--strokes {text!r}: the record has only {n} stroke(s)")
    return range(lo - 1, min(hi, n))


def read_game_record(name: str) -> GameRecord:
    """The record ``name`` (a path, or - for stdin) parsed; bad input names it."""
    text = read_text(name)
    try:
        return parse_record(text)  # split at "\n" only (engine.record.record_lines)
    except EngineError as exc:
        raise UserInputError(f"{name}: {exc}") from None


def prepare(name: str, record: GameRecord, strokes: str | None, lang: str
            ) -> PreparedAnalysis:
    """``record`` (read from ``name``) verified before it is trusted -- one that fails is
    refused with its line, and the note on other versions (in ``lang``) goes with the refusal
    -- and the strokes ``strokes`` ("A-B", "A" or None: all) checked one by one."""
    versions = versions_note(record.header, lang)
    try:
        checked = verified(record)
    except EngineError as exc:  # other versions may be why a stroke came to rest elsewhere
        raise UserInputError(f"{name}: {exc}"
                             + ("" if versions is None else f" ({versions})")) from None
    except (KeyError, ValueError) as exc:
        raise UserInputError(f"{name}: header.table: {exc}") from None
    if not record.strokes:
        raise UserInputError(f"{name}: the record has no strokes to analyse")
    items = []
    for k in stroke_range(strokes, len(record.strokes)):
        s = record.strokes[k]
        try:
            call = s.call
            strike = None if s.strike is None else strike_from_record(s.strike)
            if strike is not None:
                strike.validate(checked.simulator.physics)
        except (EngineError, ValueError, KeyError, TypeError) as exc:
            raise UserInputError(f"{name}: stroke {k + 1}: {exc}") from None
        items.append(StrokeToJudge(k, s, call, strike))
    return PreparedAnalysis(name, record, checked, tuple(items), versions)


_WORKER_CACHE: dict = {}


def _judge(k, state, call, strike, placement, *, spec, skill, samples, table, seed, top,
           mistake, blunder):
    """One stroke's verdict (runs in a worker with --jobs): the agent, simulator and valuer
    are built once per process.  An engine error comes back as its message."""
    key = (spec, skill, samples, table)
    if key not in _WORKER_CACHE:
        simulator = shared_simulator(table)
        _WORKER_CACHE.clear()
        _WORKER_CACHE[key] = (make_agent(spec, simulator),
                              StrokeValuer(simulator, skill, samples=samples))
    agent, valuer = _WORKER_CACHE[key]
    try:
        return judge_stroke(k, state, call, strike, placement, agent, valuer, seed, top=top,
                            mistake=mistake, blunder=blunder)
    except EngineError as exc:
        return str(exc)


def judge_strokes(prepared: PreparedAnalysis, request: AnalysisRequest
                  ) -> Iterator[AnalysedStroke]:
    """Each stroke of ``prepared`` judged, in stroke order as the verdicts come.  A stroke
    whose story holds the deciding agent's estimates is judged from them
    (:func:`ai.games.analysis.story_verdict`, with ``request.stories``); the others are
    searched and valued, in parallel with ``request.jobs`` != 1 (each stroke has its own seed,
    so the verdicts do not depend on it).  A stroke whose position the rules core refuses is
    bad input, naming it."""
    told = {}
    if request.stories:
        for it in prepared.items:
            v = story_verdict(it.index, it.stroke.player, story_of(it.stroke.extra),
                              request.mistake, request.blunder)
            if v is not None:
                told[it.index] = v
    searched = [it for it in prepared.items if it.index not in told]
    jobs = [(it.index, it.stroke.state_before, it.call, it.strike, it.stroke.placement)
            for it in searched]
    options = dict(spec=request.spec, skill=request.skill, samples=request.samples,
                   table=prepared.checked.simulator.table.name, seed=request.seed,
                   top=request.top, mistake=request.mistake, blunder=request.blunder)
    if request.jobs == 1 or len(jobs) < 2:  # no worker is worth starting for one stroke
        verdicts = (_judge(*job, **options) for job in jobs)
    else:  # in stroke order as they finish, so the report streams
        import joblib  # third-party, a tenth of a second: only when strokes go to workers
        verdicts = joblib.Parallel(n_jobs=request.jobs, return_as="generator", batch_size=1)(
            joblib.delayed(_judge)(*job, **options) for job in jobs)
    verdicts = iter(verdicts)
    for item in prepared.items:
        v = told.get(item.index)
        if v is None:
            v = next(verdicts)
        if isinstance(v, str):  # the rules core refused the stroke's position
            raise UserInputError(f"{prepared.name}: stroke {item.index + 1}: {v}")
        yield AnalysedStroke(item, v)


def draw_sheet(path, prepared: PreparedAnalysis, analysed: Sequence[AnalysedStroke]
               ) -> list[str]:
    """The game sheet of the analysed strokes with their marks at ``path`` (more pages beside
    it when long); returns the files written."""
    simulator = prepared.checked.simulator
    frames = []
    for a in analysed:
        s, strike = a.item.stroke, a.item.strike
        before = balls_before(s.state_before, s.placement)
        paths = final = None
        if strike is not None:
            res = simulate_stroke(simulator, s.state_before, strike, s.placement)
            if res.segments is not None and len(res.segments):
                paths = sample_paths(res.segments, simulator.params)
            final = res.final
        v = a.verdict
        frames.append({"stroke": a.item.index + 1, "balls": before, "paths": paths,
                       "final": final, "player": player_name(prepared.players, s.player),
                       "call": None if s.call is None else s.call.to_json(),
                       "result": f"{v.mark or 'ok'}, P(win) {round(v.p_win_played, 4):.2f}, "
                                 f"loss {round(v.loss, 4):.2f}"})
    drawing = pictures.diagrams()
    drawing.draw_game_sheet_png(path, simulator.table, frames, title="Analysis")
    return [str(p) for p in drawing.sheet_paths(path, len(frames))]


def draw_summary(path, prepared: PreparedAnalysis, analysed: Sequence[AnalysedStroke],
                 summaries, lang: str, spec: str, thresholds: tuple[float, float]
                 ) -> list[str]:
    """The one-page summary of the analysis at ``path`` (words in ``lang``): each side's
    P(win) over the game with the marks, and ``summaries`` (per player); returns the file."""
    strokes = [(a.item.index + 1, a.player, a.verdict.p_win_played, a.verdict.p_win_best,
                a.verdict.mark) for a in analysed]
    sides = max([len(prepared.players)] + [a.player + 1 for a in analysed])
    names = [player_name(prepared.players, p) for p in range(sides)]
    told = sum(a.verdict.source == STORY for a in analysed)
    subtitle = say("analysis.summary.by", lang, agent=spec)
    if told:
        subtitle += "; " + say("analysis.summary.story", lang, n=told)
    draw_summary_png(path, say("analysis.summary.title", lang, record=Path(prepared.name).name),
                     subtitle, strokes, names, summaries, thresholds, lang)
    return [str(path)]


def match_files(path: str) -> list[Path]:
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


@dataclass(frozen=True)
class HumanAnalysis:
    """A person's game and the other games of its match, verified: the files, their checks,
    each game's statistics and the match's (:mod:`ai.games.human`, JSON objects as
    docs/FORMATS.md describes), and the points each game was played to."""

    files: tuple[Path, ...]
    checks: tuple  # engine.verify.RecordCheck of each file
    games: list[dict]
    match: dict
    targets: tuple[int, ...]


def human_analysis(name: str, record: GameRecord) -> HumanAnalysis:
    """``record`` (read from ``name``) and the games of its match beside it, verified and
    counted from their rulings (nothing is valued: a person's record has no positions)."""
    kept = []
    files = [Path(name)] if name == "-" else match_files(name)
    for f in files:
        try:
            rec = record if name == "-" or f == Path(name) else parse_record(read_text(str(f)))
            check = verified(rec).check
        except EngineError as exc:
            raise UserInputError(f"{f}: {exc}") from None
        if rec.header.get("human") is not True:
            continue
        kept.append((f, rec, check))
    games = [human_game_stats(rec) for _, rec, _ in kept]
    return HumanAnalysis(tuple(f for f, _, _ in kept), tuple(c for _, _, c in kept), games,
                         human_match_stats(games),
                         tuple(rec.header.get("target", HUMAN_TARGET) for _, rec, _ in kept))


def draw_human_graph(path, analysis: HumanAnalysis) -> list[str]:
    """The score graph of a person's games at ``path``; returns the file written."""
    draw_score_graph_png(path, analysis.games, list(analysis.targets))
    return [str(path)]

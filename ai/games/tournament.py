"""Round-robin tournaments: game tasks, a crash-safe results file, the strength table.

Determinism: game ``g`` of pairing ``k`` is seeded from ``SeedSequence([seed, k, g])``; a game
task is a pure function of its fields, so results do not depend on the number of workers, the
order they finish in or the joblib backend.

The results file (one writer at a time, every line checked against its header) is
:mod:`ai.games.results_file`.

Process workers are started with :func:`watch_parent` (loky's ``initializer``): each ends
itself within :data:`PARENT_POLL_S` once the tournament that started it is gone, even when it
was killed with SIGKILL and could not stop them.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence

import numpy as np

from engine.record import record_text
from sim import DEFAULT_TABLE, shared_simulator

from ..agent import Agent
from ..conditions import GameConditions, tell_conditions
from ..noise import NoiseModel
from ..registry import labels, make_agent
from .ratings import bootstrap_ci, bradley_terry, fisher_ci
from .records import GameInterrupted, play_recorded_game
from .results_file import (FORMAT_VERSION, ResultsFile, ResultsFileError, append_line,
                           check_game_line, config_line)
from .series import Series
from .stats import GameResult
from .tournament_records import (HEADER_KEY, TournamentGame, check_game_number,
                                 check_replayable)


CONDITIONS_KEY = "conditions"  # a record header's field: what each side was told
PARENT_POLL_S = 0.5  # how often a worker looks whether its tournament is still there


def watch_parent(parent_pid: int) -> None:
    """In a worker process (its ``initializer``): a daemon thread that ends the process as soon
    as ``parent_pid`` is no longer its parent (the tournament died; the worker was adopted),
    and at once if that has already happened."""
    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_POLL_S)
        os._exit(1)
    threading.Thread(target=watch, name="watch-tournament", daemon=True).start()


@dataclass(frozen=True)
class GameTask:
    pair: int
    game: int
    specs: tuple[str, str]  # side 0, side 1 (agent i, agent j of the pairing)
    agents: tuple[int, int]  # indices into the tournament's agent list
    seed: int
    games: int  # games per pairing (for the R3.1 lot of an odd last game)
    variant: str = "two-player"
    call_mode: str = "exact"
    table: str = DEFAULT_TABLE
    skill: float = 1.0
    max_strokes: int = 500
    keep_record: bool = False  # hand back the game's sealed record (``--records``)
    time_per_game_s: float | None = None  # each agent's time for its decisions in a game
    # the execution noise of side 0 and side 1 when the agents' differ (``--skills``); None:
    # ``skill`` for both
    skills: tuple[float, float] | None = None

    @property
    def side_skills(self) -> tuple[float, float]:
        """The execution noise (magnitude) of each side's strokes."""
        return self.skills if self.skills is not None else (self.skill, self.skill)

    def conditions(self, side: int) -> GameConditions:
        """What the agent of ``side`` is told before the game (:mod:`ai.conditions`)."""
        return GameConditions(side, self.side_skills, self.time_per_game_s)

    @property
    def tournament_game(self) -> TournamentGame:
        return TournamentGame(self.seed, self.pair, self.game, self.games, self.agents)


@dataclass(frozen=True)
class PlayedTask:
    """A game task played: its results line and, when the task keeps it, the text of its
    sealed record (:func:`engine.record.record_text`; a failed game's record holds the strokes
    played, unfinished, or is None when no stroke was)."""

    line: dict
    record: str | None = None


def pairings(n_agents: int) -> list[tuple[int, int]]:
    return list(combinations(range(n_agents), 2))


def make_tasks(specs: Sequence[str], games: int, seed: int, keep_record: bool = False,
               skills: Sequence[float] | None = None, **config) -> list[GameTask]:
    """Every game of the round-robin, in the order of their numbers
    (:func:`ai.games.tournament_records.game_number`); ``skills``: each agent's execution
    noise, in the order of ``specs`` (None: ``config``'s ``skill`` for all)."""
    out = []
    for k, (i, j) in enumerate(pairings(len(specs))):
        pair = None if skills is None else (float(skills[i]), float(skills[j]))
        for g in range(games):
            out.append(GameTask(k, g, (specs[i], specs[j]), (i, j), seed, games,
                                keep_record=keep_record, skills=pair, **config))
    return out


def replay_task(header: dict, number: int, where: str, flag: str = "--game") -> GameTask:
    """Game ``number`` of the tournament of results header ``header`` (read from ``where``),
    to be played again from its seeds with its record kept; a header without what that needs,
    or a number out of range, is refused (:class:`ResultsFileError` naming the field)."""
    check_replayable(header, where)
    specs = header["agents"]
    check_game_number(number, len(specs), header["games"], flag, where)
    limit = header.get("time_per_game_s")
    return make_tasks(specs, header["games"], header["seed"], keep_record=True,
                      skills=header.get("skills"), call_mode=header["call_mode"],
                      table=header["table"], skill=float(header["skill"]),
                      max_strokes=header["max_strokes"],
                      **({} if limit is None else {"time_per_game_s": float(limit)}))[number]


def game_rng(seed: int, pair: int, game: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, pair, game]))


def run_task(task: GameTask) -> dict:
    """Play one game of the tournament; the returned line depends only on the task."""
    return play_task(task).line


def play_task(task: GameTask) -> PlayedTask:
    """Play one game of the tournament: its line (depending only on the task) and, with
    ``task.keep_record``, its record's text.

    A game the simulator or the rules core cannot finish (an exception) gives a line with
    ``"error"`` (the message), so it is not replayed forever on resume; such games are left
    out of the strength table and counted apart."""
    try:
        return _run_task(task)
    except Exception as exc:  # noqa: BLE001 -- reported in the results, never swallowed
        line = {"type": "game", "pair": task.pair, "game": task.game,
                "agents": list(task.agents), "specs": list(task.specs), "breaker": None,
                "result": None, "unfinished": True, "scores": None, "stats": None,
                "break_and_run": False, "n_strokes": None, "elapsed_s": None,
                "error": f"{type(exc).__name__}: {exc}"}
        kept = exc.record if isinstance(exc, GameInterrupted) else None
        return PlayedTask(line, record_text(kept) if task.keep_record and kept is not None
                          and kept.strokes else None)


class TimedAgent:
    """An agent whose decisions are timed (``seconds``, one per decision), so that strengths
    compared in a tournament can be read against the time each agent took to think."""

    def __init__(self, agent: Agent):
        self.agent = agent
        self.name = agent.name
        self.seconds: list[float] = []

    def decide(self, state, rng):
        t0 = time.perf_counter()
        decision = self.agent.decide(state, rng)
        self.seconds.append(time.perf_counter() - t0)
        return decision

    def __getattr__(self, name):  # anything else the loop or a record asks of the agent
        return getattr(self.agent, name)

    def summary(self) -> dict:
        """Decisions, total, median and 90th percentile seconds of this game's decisions."""
        t = np.asarray(self.seconds)
        if not len(t):
            return {"n": 0, "total": 0.0, "median": None, "p90": None}
        return {"n": int(len(t)), "total": round(float(t.sum()), 3),
                "median": round(float(np.median(t)), 4),
                "p90": round(float(np.percentile(t, 90)), 4)}


def _run_task(task: GameTask) -> PlayedTask:
    t0 = time.monotonic()
    rng = game_rng(task.seed, task.pair, task.game)
    series = Series(task.games, task.variant, task.call_mode, task.table)
    state = series.independent_game(task.game, rng)
    simulator = shared_simulator(task.table)
    agents = [TimedAgent(make_agent(s, simulator)) for s in task.specs]
    noise = [NoiseModel.for_skill(skill) for skill in task.side_skills]
    for side, agent in enumerate(agents):
        tell_conditions(agent, task.conditions(side))
    extra = {HEADER_KEY: task.tournament_game.to_json(),
             CONDITIONS_KEY: [task.conditions(side).to_json() for side in range(2)]}
    played = play_recorded_game(state, agents, task.specs, simulator, rng, noise,
                                seed=task.seed, max_strokes=task.max_strokes,
                                header_extra=extra)
    st = played.stats
    line = {"type": "game", "pair": task.pair, "game": task.game,
            "agents": list(task.agents), "specs": list(task.specs),
            "breaker": st.breaker, "result": st.result.to_json(),
            "unfinished": st.result.unfinished, "scores": list(st.scores),
            "stats": st.counts_json(), "break_and_run": st.break_and_run,
            "n_strokes": st.n_strokes, "elapsed_s": round(time.monotonic() - t0, 3),
            "decision_s": [a.summary() for a in agents]}
    if task.time_per_game_s is not None:  # the clock is reported, not enforced
        line["over_time"] = [a.summary()["total"] > task.time_per_game_s for a in agents]
    return PlayedTask(line, record_text(played.record) if task.keep_record else None)


# --- the strength table -----------------------------------------------------------------------
def score_of_side0(line: dict) -> float:
    """Side 0's score in a game line; an unfinished game (stroke cap) counts as a draw."""
    return GameResult.from_json(line.get("result"), bool(line.get("unfinished"))).score_of(0)


def strength_table(specs: Sequence[str], lines: Iterable[dict], bootstrap: int = 300,
                   ci: str = "fisher") -> dict:
    """``ci``: ``fisher`` (Wald intervals from the Fisher information) or ``bootstrap``
    (percentiles of ``bootstrap`` resamples of the games within each pairing)."""
    n = len(specs)
    lines = list(lines)
    seen: set[tuple[int, int]] = set()
    for k, o in enumerate(lines, start=1):
        # checked here too, so no line reaches the table without what it reads (a KeyError)
        check_game_line(o, specs, None, f"game line {k}")
        if (o["pair"], o["game"]) in seen:
            raise ResultsFileError(f"game line {k}: pair {o['pair']} game {o['game']} is "
                                   f"counted twice")
        seen.add((o["pair"], o["game"]))
    lines = sorted(lines, key=lambda o: (o["pair"], o["game"]))
    errors = [o for o in lines if o.get("error")]
    lines = [o for o in lines if not o.get("error")]
    games = []
    rows = [{"agent": s, "games": 0, "wins": 0, "draws": 0, "losses": 0, "unfinished": 0,
             "strokes": 0, "visits": 0, "points": 0, "attacks": 0, "pots": 0, "fouls": 0,
             "safeties": 0, "deliberate_fouls": 0, "breaks": 0, "break_and_runs": 0}
            for s in specs]
    think = [[0, 0.0, []] for _ in specs]  # decisions, seconds, per-game medians
    for o in lines:
        i, j = o["agents"]
        s = score_of_side0(o)
        games.append((i, j, s))
        for side, a in ((0, i), (1, j)):
            row = rows[a]
            row["games"] += 1
            mine = s if side == 0 else 1.0 - s
            if o.get("unfinished"):
                row["unfinished"] += 1
            if mine == 1.0:
                row["wins"] += 1
            elif mine == 0.0:
                row["losses"] += 1
            else:
                row["draws"] += 1
            for k in ("strokes", "visits", "points", "attacks", "pots", "fouls", "safeties",
                      "deliberate_fouls"):
                row[k] += o["stats"][k][side]
            timed = (o.get("decision_s") or [None, None])[side]
            if isinstance(timed, dict) and timed.get("n"):
                think[a][0] += timed["n"]
                think[a][1] += timed["total"]
                think[a][2].append(timed["median"])
            if o["breaker"] == side:
                row["breaks"] += 1
                row["break_and_runs"] += int(bool(o.get("break_and_run")))
    ratings = bradley_terry(n, games)
    if ci == "bootstrap":
        lo, hi = bootstrap_ci(n, games, reps=bootstrap)
    else:
        lo, hi = fisher_ci(n, games)
    for a, row in enumerate(rows):
        row["rating"] = round(float(ratings[a]), 1)
        row["rating_ci95"] = [round(float(lo[a]), 1), round(float(hi[a]), 1)]
        row["score_pct"] = _ratio(row["wins"] + 0.5 * row["draws"], row["games"], 100)
        row["points_per_visit"] = _ratio(row["points"], row["visits"])
        row["pot_rate"] = _ratio(row["pots"], row["attacks"])
        row["foul_rate"] = _ratio(row["fouls"], row["strokes"])
        row["break_and_run_rate"] = _ratio(row["break_and_runs"], row["breaks"])
        # time per decision: the mean, and the median of the games' medians (results files
        # written before decisions were timed have neither)
        row["decision_mean_s"] = _ratio(think[a][1], think[a][0])
        row["decision_median_s"] = (round(float(np.median(think[a][2])), 4) if think[a][2]
                                    else None)
    order = sorted(range(n), key=lambda a: -rows[a]["rating"])
    return {"agents": list(specs), "games": len(lines), "ci_method": ci,
            "table": [rows[a] for a in order],
            "errors": [{"pair": o["pair"], "game": o["game"], "error": o["error"]}
                       for o in errors]}


def _ratio(a, b, scale=1.0):
    return None if not b else round(scale * a / b, 4)


def format_table(table: dict) -> str:
    head = (f"{'#':>2} {'agent':<24} {'rating':>7} {'95% CI':>15} {'games':>5} "
            f"{'W-D-L':>11} {'pts/visit':>9} {'pot%':>6} {'foul%':>6} {'safe':>5} "
            f"{'dfoul':>5} {'B&R%':>5} {'s/dec':>6}")
    out = [head, "-" * len(head)]

    def pct(x):
        return "   -" if x is None else f"{100 * x:5.1f}"

    names = labels([r["agent"] for r in table["table"]])
    for k, r in enumerate(table["table"], start=1):
        lo, hi = r["rating_ci95"]
        ppv = "-" if r["points_per_visit"] is None else f"{r['points_per_visit']:.2f}"
        out.append(f"{k:>2} {names[k - 1]:<24} {r['rating']:>7.0f} "
                   f"{f'[{lo:.0f}, {hi:.0f}]':>15} {r['games']:>5} "
                   f"{r['wins']}-{r['draws']}-{r['losses']:<5}".ljust(72)
                   + f"{ppv:>9} {pct(r['pot_rate']):>6} {pct(r['foul_rate']):>6} "
                     f"{r['safeties']:>5} {r['deliberate_fouls']:>5} "
                     f"{pct(r['break_and_run_rate']):>5} "
                     + ("     -" if r.get("decision_median_s") is None
                        else f"{r['decision_median_s']:6.3f}"))
    return "\n".join(out)


__all__ = ["GameTask", "PlayedTask", "make_tasks", "replay_task", "run_task", "play_task", "ResultsFile", "append_line",
           "strength_table", "format_table", "config_line", "ResultsFileError",
           "FORMAT_VERSION"]

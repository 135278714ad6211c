"""What a human game record says without positions (issue 11, item 4): per player pots,
fouls by kind, deliberate fouls, breaks and runs, points per visit, the score over the game,
and a match summary over several games.

A human record (``pyramid score --session``, header ``"human": true``) has no strokes to
simulate and only nominal positions, so nothing here values a stroke; everything is counted
from the rulings the record carries (and :func:`engine.verify.verify_record` has checked).

Definitions (docs/SCOREKEEPING.md):

* a *visit* is a player's turn at the table: his strokes in a row until another plays;
* a *run* is the points a player pocketed in one visit (balls counted, with the last-ball
  +10); *points per visit* is his pocketed points over his visits; penalties are counted
  apart;
* a *deliberate foul* is one the record shows chosen: a tush (R7.1d), a foul the scorekeeper
  marked as leaving the balls unchanged (R9.2, ``=``), a partner's pass (R12.3) -- intent is
  not recorded otherwise, so other fouls are not counted as deliberate;
* the *break* is the first stroke of the game: who broke and what it did.
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from engine.kinds import NamedFact, Variant
from engine.record import GameRecord
from engine.queries import player_to_move
from engine.values import LAST_BALL_BONUS, ball_value
from engine.words import DEFAULT_LANG, say, words_under


def foul_words(lang: str) -> dict[str, str]:
    """The fouls a human record counts, by rule id (``"R7.1a"``), in ``lang``'s words
    (the catalog's ``stats.foul.<rule>``)."""
    return words_under("stats.foul.", lang)


FOUL_WORDS = foul_words(DEFAULT_LANG)  # in the language of files and logs (English)


def is_human(record: GameRecord) -> bool:
    return record.header.get("human") is True


def person_of(record: GameRecord, stroke) -> str:
    """The name of who played a stroke (in one against a pair, the partner at the table)."""
    people = record.header.get("people") or record.header.get("players") or []
    st = stroke.state_before
    k = stroke.player
    if st.variant == Variant.ONE_VS_PAIR and k == 1 and len(people) == 3:
        return people[player_to_move(st)]
    return people[k] if k < len(people) else say("stats.side", DEFAULT_LANG, k=k)


def _blank() -> dict:
    return {"strokes": 0, "visits": 0, "pots": 0, "pot_points": 0, "successful": 0,
            "fouls": Counter(), "penalties": 0, "deliberate_fouls": 0, "best_run": 0,
            "best_run_balls": 0, "runs_3_balls_or_more": 0, "last_ball": 0}


def _finish(p: dict) -> dict:
    out = dict(p)
    out["fouls"] = dict(sorted(p["fouls"].items()))
    out["fouls_total"] = sum(p["fouls"].values())
    out["points_per_visit"] = round(p["pot_points"] / p["visits"], 2) if p["visits"] else 0.0
    return out


def game_stats(record: GameRecord) -> dict:
    """One game's counts (see the module doc)."""
    header = record.header
    people = list(header.get("people") or header.get("players") or [])
    per = {name: _blank() for name in people}
    score_curve = [list(header["initial_state"]["scores"])]
    runs: list[dict] = []
    current = None  # (name, points, balls, first stroke)
    for k, s in enumerate(record.strokes):
        name = person_of(record, s)
        p = per.setdefault(name, _blank())
        p["strokes"] += 1
        if current is None or current["name"] != name:
            if current is not None:
                runs.append(current)
            current = {"name": name, "points": 0, "balls": 0, "from_stroke": k + 1}
            p["visits"] += 1
        counted = list(s.outcome.counted)
        pts = sum(ball_value(b) for b in counted)
        ruling = s.extra.get("ruling") or {}
        if ruling.get("last_ball_bonus"):
            pts += LAST_BALL_BONUS
            p["last_ball"] += 1
        if counted:
            p["successful"] += 1
        p["pots"] += len(counted)
        p["pot_points"] += pts
        current["points"] += pts
        current["balls"] += len(counted)
        for f in s.fouls:
            p["fouls"][f] += 1
        if s.fouls:
            p["penalties"] += max(0, -s.points[s.player]) if s.points else 0
            if (NamedFact.TUSH in s.facts or s.outcome.balls_unchanged is True
                    or NamedFact.PASS_TO_PARTNER in s.facts):
                p["deliberate_fouls"] += 1
        score_curve.append(list(s.scores_after))
    if current is not None:
        runs.append(current)
    for r in runs:
        p = per[r["name"]]
        if r["points"] > p["best_run"]:
            p["best_run"], p["best_run_balls"] = r["points"], r["balls"]
        if r["balls"] >= 3:
            p["runs_3_balls_or_more"] += 1
    brk = None
    if record.strokes:
        s0 = record.strokes[0]
        brk = {"by": person_of(record, s0), "entered": s0.extra.get("entered"),
               "counted": list(s0.outcome.counted), "fouls": list(s0.fouls)}
    res = record.result or {}
    # a correction (R14.1) between strokes shows in the curve at the next stroke
    return {"game": header.get("game", 1), "date": header.get("date"),
            "players": list(header.get("players") or []), "people": people,
            "variant": header.get("variant"), "strokes": len(record.strokes),
            "result": res.get("result"), "scores": res.get("scores"),
            "unfinished": bool(res.get("unfinished")) or res.get("result") is None,
            "break": brk, "best_runs": sorted(runs, key=lambda r: -r["points"])[:3],
            "per_player": {n: _finish(v) for n, v in per.items()},
            "score_curve": score_curve}


def match_stats(games: Sequence[dict]) -> dict:
    """Over several games' :func:`game_stats`: wins, draws and totals per player."""
    names: list[str] = []
    for g in games:
        for n in g["per_player"]:
            if n not in names:
                names.append(n)
    total = {n: {"games": 0, "wins": 0, "draws": 0, "pots": 0, "pot_points": 0, "visits": 0,
                 "fouls": 0, "deliberate_fouls": 0, "best_run": 0} for n in names}
    for g in games:
        res = g["result"] or {}
        for n, p in g["per_player"].items():
            t = total[n]
            t["games"] += 1
            for key in ("pots", "pot_points", "visits", "deliberate_fouls"):
                t[key] += p[key]
            t["fouls"] += p["fouls_total"]
            t["best_run"] = max(t["best_run"], p["best_run"])
            if res.get("draw"):
                t["draws"] += 1
        if "winner" in res:
            side = res["winner"]
            side_names = g["players"]
            if side < len(side_names):
                for n in names:  # a pair's side names both partners
                    if n == side_names[side] or n in side_names[side].split(" & "):
                        total[n]["wins"] += 1
    for t in total.values():
        t["points_per_visit"] = round(t["pot_points"] / t["visits"], 2) if t["visits"] else 0.0
    return {"games": len(games), "per_player": total,
            "results": [{"game": g["game"], "result": g["result"], "scores": g["scores"]}
                        for g in games]}


__all__ = ["FOUL_WORDS", "foul_words", "game_stats", "is_human", "match_stats", "person_of"]

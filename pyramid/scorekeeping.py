"""``pyramid score --session``: keep score of a real match, one typed line per stroke.

The notation is read by the rules core (:mod:`engine.notation`); this module is the loop:
it prints each ruling and the running score (in Russian or English), keeps the match (games,
R3.1's breakers, the last-ball replay R10.1), and writes the game record (JSON Lines, as
``pyramid play --record``) atomically after every line that changes anything, so a session
killed at any moment loses no entered stroke and resumes with ``--resume FILE``.

A human game's record: the header says ``"human": true``, ``"positions": "nominal"`` (no
ball positions are known: the balls are kept at nominal places, engine/notation.py), the
players' names, the date, the variant, the match; every stroke line carries ``"entered"``
(the typed line) and ``"ruling"`` (the adjudication), ``"strike": null``; actions between
strokes (the referee's warning R11.8, a correction R14.1, the corner cluster R11.10 with the
cue ball's nominal place) are kept in the ``"before"`` list of the next stroke line, or of the
result line.  Game k > 1 of a match is written beside the
first: ``match.jsonl``, ``match.game2.jsonl``, ...
"""
from __future__ import annotations

import datetime as _dt
import os
import re
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, TextIO

from engine import GameState, adjudicate, initial_state
from engine.errors import EngineError, excerpt
from engine.context import MatchContext
from engine.handicap import apply_handicap, handicap_from_json, start_handicap
from engine.notation import (HELP_EN, HELP_RU, RU_POCKET_NAMES, Command, NotationError,
                             StrokeEntry, nominal_cluster_placement, parse_line)
from engine.record import (GameRecord, make_header, read_record, record_digest, result_line,
                           stroke_record, write_record)
from engine.special import apply_action, next_game, start_last_ball_replay
from engine.state import ONE_VS_PAIR, THREE_EACH, TWO_PLAYER
from engine.text import (MAX_GAMES, MAX_SCORE, MAX_TARGET, check_date, check_int, check_names,
                         parse_int)
from engine.verify import recorded_facts, verify_record

from .commands._common import handicap as parse_handicap
from .errors import UserInputError
from .io import check_output_path, kept_elsewhere

RULE_RE = re.compile(r"R\d+(?:\.\d+)?(?:\(\d\))?[a-i]?")

TEXT = {
    "en": {
        "counts": "{who}: {balls} counted ({pts:+d}){bonus}",
        "bonus": ", +10 for the last ball",
        "foul": "{who}: foul {fouls}: {pen}",
        "nothing": "{who}: nothing counts, the turn passes",
        "nothing_cont": "{who}: nothing counts",
        "void": "{who}: the stroke does not count and is played again",
        "score": "Score: {scores}.",
        "next": "Next: {who}{hand}.",
        "hand": " (cue ball in hand)",
        "over_win": "Game over: {who} wins ({rule}).",
        "over_draw": "Game over: draw ({rule}).",
        "streak": "R9.2: foul strokes leaving the balls unchanged since the warning: "
                  "{counts} (3 each: draw)",
        "may_warn": "R11.8: every side fouled leaving the balls unchanged: the referee may "
                    "warn (`warning`)",
        "warned": "R11.8: warning given: three unchanged foul strokes in a row from each side "
                  "draw the game (R9.2).",
        "corrected": "R14.1: scores corrected: {scores}.",
        "cluster": "R11.10: all the balls at pocket {pocket}{balls}: the cue ball is put by "
                   "the pocket behind them; each side plays one stroke without a call "
                   "(`nocall ...`).",
        "cluster_balls": " ({balls})",
        "actions": {"warning": "warning", "correction": "correct", "cluster": "cluster"},
        "no_call_due": "Strokes without a call still due: {n} (R10.1, R11.10): `nocall ...`, "
                       "every ball that falls counts.",
        "refused": "Refused, nothing changed: {why}",
        "not_saved": "Not saved: {why}. The game is kept here and written again after the "
                     "next line.",
        "undone": "Undone: {what}.",
        "nothing_to_undo": "nothing to undo in this game",
        "new_game": "Game {k} of {n}: {who} breaks (R3.1).",
        "replay": "Last-ball replay (R10.1): ball {ball} on the third spot, {who} starts "
                  "from hand; each player's first stroke without a call.",
        "replay_game": "The drawn game is replayed whole (R10.1): {who} breaks.",
        "not_over": "the game is not over: finish it (or correct it, R14.1) first",
        "match_over": "the match of {n} game(s) is over",
        "lot": "the breaker of the last game of an odd match is drawn by lot (R3.1): say "
               "`new game NAME`",
        "match": "Match: {line}.",
        "refusals": "{n} line(s) refused.",
        "record": "Record: {path}",
        "unchanged_flag": " [balls unchanged]",
        "placed": "Reached the target and left (R12.1): {who}.",
    },
    "ru": {
        "counts": "{who}: засчитан {balls} ({pts:+d}){bonus}",
        "bonus": ", +10 за последний шар",
        "foul": "{who}: фол {fouls}: {pen}",
        "nothing": "{who}: ничего не засчитано, ход переходит",
        "nothing_cont": "{who}: ничего не засчитано",
        "void": "{who}: удар не считается и переигрывается",
        "score": "Счёт: {scores}.",
        "next": "Бьёт: {who}{hand}.",
        "hand": " (биток с руки)",
        "over_win": "Партия окончена: выиграл {who} ({rule}).",
        "over_draw": "Партия окончена: ничья ({rule}).",
        "streak": "R9.2: фолов подряд без изменения позиции после предупреждения: "
                  "{counts} (по 3 у каждого — ничья)",
        "may_warn": "R11.8: каждая сторона сфолила, не изменив позиции: судья может "
                    "предупредить («предупреждение»)",
        "warned": "R11.8: предупреждение сделано: по три фола подряд без изменения позиции "
                  "у каждой стороны — ничья (R9.2).",
        "corrected": "R14.1: счёт исправлен: {scores}.",
        "cluster": "R11.10: все шары у лузы {pocket}{balls}: биток ставится у лузы за шарами; "
                   "каждая сторона бьёт по разу без заказа («без-заказа ...»).",
        "cluster_balls": " ({balls})",
        "actions": {"warning": "предупреждение", "correction": "поправка",
                    "cluster": "скопление"},
        "no_call_due": "Ещё ударов без заказа: {n} (R10.1, R11.10): «без-заказа ...», "
                       "засчитывается каждый упавший шар.",
        "refused": "Не принято, ничего не изменилось: {why}",
        "not_saved": "Не сохранено: {why}. Партия не потеряна: запись повторится после "
                     "следующей строки.",
        "undone": "Отменено: {what}.",
        "nothing_to_undo": "в этой партии нечего отменять",
        "new_game": "Партия {k} из {n}: разбивает {who} (R3.1).",
        "replay": "Переигровка последнего шара (R10.1): шар {ball} на третьей точке, {who} "
                  "начинает с руки; первый удар каждого — без заказа.",
        "replay_game": "Ничья переигрывается целиком (R10.1): разбивает {who}.",
        "not_over": "партия не окончена: доиграйте её (или исправьте счёт, R14.1)",
        "match_over": "матч из {n} парт. окончен",
        "lot": "разбивающий последнюю партию нечётного матча определяется жребием (R3.1): "
               "«новая партия ИМЯ»",
        "match": "Матч: {line}.",
        "refusals": "Не принято строк: {n}.",
        "record": "Запись: {path}",
        "unchanged_flag": " [шары на местах]",
        "placed": "Набрали очки и вышли из игры (R12.1): {who}.",
    },
}


@dataclass
class Entered:
    """One stroke of the current game as entered."""
    text: str
    before: list  # actions between the previous stroke and this one
    state_before: GameState
    outcome: object  # engine.adjudicate.Outcome
    facts: object  # engine.stroke.StrokeFacts


@dataclass
class Settings:
    people: list[str]
    variant: str = TWO_PLAYER
    call_mode: str = "exact"
    target: int | None = None
    games: int = 1
    handicap: dict | None = None
    pair_order: str | None = None
    breaker: int = 0
    lang: str = "en"
    date: str = ""

    def to_json(self) -> dict:
        return {"people": self.people, "variant": self.variant, "call_mode": self.call_mode,
                "target": self.target, "games": self.games, "handicap": self.handicap,
                "pair_order": self.pair_order, "breaker": self.breaker, "date": self.date,
                "lang": self.lang}


def int_between(lo: int, hi: int):
    """An argparse ``type``: an integer typed in ``[lo, hi]`` (:func:`engine.text.parse_int`;
    argparse names the option in its message)."""
    import argparse

    def read(text: str) -> int:
        try:
            return parse_int(text, "value", lo, hi)
        except EngineError:
            raise argparse.ArgumentTypeError(f"must be an integer from {lo} to {hi}, got "
                                             f"{excerpt(text)}") from None
    read.__name__ = "integer"
    return read


def sides_of(people: list[str], variant: str) -> list[str]:
    """The record's players, one a side: in one against a pair side 1 is the pair."""
    if variant == ONE_VS_PAIR:
        return [people[0], f"{people[1]} & {people[2]}"]
    return list(people)


def breaker_side(people: list[str], variant: str, name: str) -> int:
    """``--breaker NAME``: the side of the player who breaks (the lot of R3.1).  A name is
    its side, not its place among the names: in one against a pair the single is side 0 and
    both partners side 1; and there the single starts (R12.2), so a partner is refused."""
    if name not in people:
        raise UserInputError(f"--breaker {name!r} is not one of --players")
    if variant == ONE_VS_PAIR:
        if name != people[0]:
            raise UserInputError(f"--breaker {name!r}: in one against a pair the single "
                                 f"player ({people[0]}) starts every game, not a partner "
                                 f"(R12.2)")
        return 0
    return people.index(name)


def game_path(base: Path, k: int) -> Path:
    return base if k == 1 else base.with_name(f"{base.stem}.game{k}{base.suffix}")


class Session:
    def __init__(self, settings: Settings, record: Path | None,
                 out: Callable[[str], None] = print):
        self.s = settings
        self.base = record
        self.out = out
        self.t = TEXT[settings.lang]
        self.refusals = 0
        self.results: list[dict] = []  # finished games of the match: {"game", "result", ...}
        self.game_no = 1
        self.replay_of: int | None = None
        self.initial = self._first_state()
        self.strokes: list[Entered] = []
        self.pending: list[dict] = []
        self.state = self.initial

    # --- states -------------------------------------------------------------------------
    def _with_handicap(self, state: GameState) -> GameState:
        h = None if self.s.handicap is None else handicap_from_json(self.s.handicap)
        h = start_handicap(state, h)
        return state if h is None else apply_handicap(state, h)

    def _first_state(self) -> GameState:
        st = initial_state(self.s.variant, self.s.call_mode, breaker=self.s.breaker,
                           match=MatchContext(games_to_play=self.s.games,
                                              first_breaker=self.s.breaker,
                                              breaker=self.s.breaker),
                           pair_order=self.s.pair_order or "while-scoring",
                           target=self.s.target)
        return self._with_handicap(st)

    def name(self, side: int, state: GameState | None = None) -> str:
        state = state or self.state
        if state.variant == ONE_VS_PAIR and side == 1:
            partner = state.pair.partner if state.pair is not None else 0
            return self.s.people[1 + partner]
        return self.s.people[side]

    def scores_text(self, state: GameState) -> str:
        if state.variant == ONE_VS_PAIR:
            names = [self.s.people[0], f"{self.s.people[1]} & {self.s.people[2]}"]
        else:
            names = self.s.people
        return " — ".join(f"{n} {v}" for n, v in zip(names, state.scores))

    # --- the record ---------------------------------------------------------------------
    def header(self) -> dict:
        return make_header(self.initial, sides_of(self.s.people, self.s.variant),
                           human=True, positions="nominal", date=self.s.date,
                           people=list(self.s.people), game=self.game_no,
                           games_to_play=self.s.games, match_so_far=list(self.results),
                           replay_of=self.replay_of,
                           session=self.s.to_json(), notation="docs/SCOREKEEPING.md")

    def record(self) -> GameRecord:
        strokes = []
        for e in self.strokes:
            adj = e.outcome.adjudication
            extra = {"entered": e.text, "ruling": adj.to_json()}
            if e.before:
                extra["before"] = list(e.before)
            strokes.append(stroke_record(e.state_before, e.facts, adj, e.outcome.state,
                                         extra=extra))
        res = result_line(self.state)
        res["unfinished"] = not self.state.game_over
        if self.pending:
            res["before"] = list(self.pending)
        return GameRecord(self.header(), strokes, res)

    def record_text(self) -> str:
        """The current game's record as written to the file (sealed with its sha256)."""
        rec = self.record()
        rec.result = {**rec.result, "sha256": record_digest(rec)}
        return "\n".join(rec.lines()) + "\n"

    def save(self) -> bool:
        """Write the game's record; a place that cannot be written (the folder removed, the
        disk full) is said, and the game stays in memory to be written after the next line
        (:meth:`close` keeps it elsewhere if it still cannot be)."""
        if self.base is None:
            return True
        try:
            write_record(game_path(self.base, self.game_no), self.record())
        except OSError as exc:
            self.out(self.t["not_saved"].format(why=exc))
            return False
        return True

    # --- lines ----------------------------------------------------------------------------
    def handle(self, text: str) -> bool:
        """One typed line; False when the session is to end (quit)."""
        try:
            item = parse_line(text, self.state)
            if item is None:
                return True
            if isinstance(item, Command):
                return self._command(item)
            self._stroke(item)
        except NotationError as exc:
            self.refusals += 1
            self.out(self.t["refused"].format(why=exc.message(self.s.lang)))
        except (EngineError, UserInputError) as exc:
            self.refusals += 1
            self.out(self.t["refused"].format(why=str(exc)))
        return True

    def _stroke(self, entry: StrokeEntry) -> None:
        before = self.state
        facts = entry.stroke_facts(before)
        outcome = adjudicate(before, facts)
        self.strokes.append(Entered(entry.text, self.pending, before, outcome, facts))
        self.pending = []
        self.state = outcome.state
        self.save()
        self.out(self.ruling(entry, outcome))

    def _recompute(self) -> None:
        state = self.initial
        for e in self.strokes:
            state = e.outcome.state
        for a in self.pending:
            state = apply_action(state, a)
        self.state = state

    def _command(self, cmd: Command) -> bool:
        t = self.t
        if cmd.name == "quit":
            return False
        if cmd.name == "help":
            self.out(HELP_RU if self.s.lang == "ru" else HELP_EN)
        elif cmd.name == "score":
            self.out(self.status())
        elif cmd.name == "undo":
            if self.pending:
                what = self.action_text(self.pending.pop())
            elif self.strokes:
                e = self.strokes.pop()
                self.pending = list(e.before)
                what = e.text
            else:
                raise NotationError("undo", t["nothing_to_undo"], TEXT["ru"]["nothing_to_undo"])
            self._recompute()
            self.save()
            self.out(t["undone"].format(what=what))
            self.out(self.status())
        elif cmd.name in ("warning", "correction"):
            action = {"action": cmd.name}
            if cmd.name == "correction":
                n = self.state.n_sides
                nums = []
                for a in cmd.args[:n]:
                    try:
                        nums.append(parse_int(a, "score", -MAX_SCORE, MAX_SCORE))
                    except EngineError:
                        raise NotationError(a, f"a correction gives {n} scores (integers from "
                                               f"{-MAX_SCORE} to {MAX_SCORE}), then the reason",
                                            f"поправка: {n} числа счёта (целые от {-MAX_SCORE} "
                                            f"до {MAX_SCORE}), затем причина", "R14.1") from None
                if len(nums) != n:
                    raise NotationError(" ".join(cmd.args) or "correct",
                                        f"a correction gives {n} scores, then the reason",
                                        f"поправка: {n} числа счёта, затем причина", "R14.1")
                action["scores"] = nums
                action["reason"] = " ".join(cmd.args[n:])
            new = apply_action(self.state, action)
            self.pending.append(action)
            self.state = new
            self.save()
            self.out(t["warned"] if cmd.name == "warning"
                     else t["corrected"].format(scores=self.scores_text(new)))
            self.out(self.status())
        elif cmd.name == "cluster":
            pocket, balls = cmd.args[0], list(cmd.args[1:])
            cue = nominal_cluster_placement(self.state, pocket)
            action = {"action": "cluster", "pocket": pocket, "balls": balls,
                      "cue": [cue[0], cue[1]]}
            new = apply_action(self.state, action)
            self.pending.append(action)
            self.state = new
            self.save()
            self.out(t["cluster"].format(
                pocket=RU_POCKET_NAMES[pocket] if self.s.lang == "ru" else pocket,
                balls=t["cluster_balls"].format(balls=" ".join(balls)) if balls else ""))
            self.out(self.status())
        elif cmd.name == "new-game":
            self._new_game(cmd.args)
        elif cmd.name == "replay" and cmd.args and cmd.args[0].lower() in ("game", "партию",
                                                                            "партия"):
            st = self.state
            if not (st.result or {}).get("draw"):
                raise NotationError("replay game", "only a drawn game is replayed",
                                    "переигрывается только ничья", "R10.1")
            breaker = (st.match.breaker + 1) % 2 if st.variant == TWO_PLAYER else st.match.breaker
            new = initial_state(st.variant, st.call_mode, breaker=breaker,
                                match=replace(st.match, breaker=breaker),
                                pair_order=self.s.pair_order or "while-scoring",
                                target=self.s.target)
            self._next_game(new, replay=True)
            self.out(t["replay_game"].format(who=self.name(new.to_move, new)))
            self.out(self.status())
        elif cmd.name == "replay":
            ball = cmd.args[0] if cmd.args else "1"
            new = start_last_ball_replay(self.state, ball)
            self._next_game(new, replay=True)
            self.out(t["replay"].format(ball=ball, who=self.name(new.to_move, new)))
            self.out(self.status())
        return True

    def _finish_game(self) -> None:
        r = dict(self.state.result)
        self.results.append({"game": self.game_no, "result": r,
                             "scores": list(self.state.scores)})

    def _next_game(self, new: GameState, replay: bool = False) -> None:
        if not self.state.game_over:
            raise NotationError("new game", self.t["not_over"], TEXT["ru"]["not_over"])
        self._finish_game()
        self.replay_of = self.game_no if replay else None
        self.game_no += 1
        # a last-ball replay has no handicap (R10.1: one ball, scores from 0); a whole game
        # replayed, or the next game, starts with the match's handicap (R13.1)
        self.initial = new if new.last_ball_replay else self._with_handicap(new)
        self.strokes, self.pending = [], []
        self.state = self.initial
        self.save()

    def _new_game(self, args) -> None:
        t = self.t
        st = self.state
        if not st.game_over:
            raise NotationError("new game", t["not_over"], TEXT["ru"]["not_over"])
        if st.match.games_played + 1 >= st.match.games_to_play:
            raise NotationError("new game", t["match_over"].format(n=st.match.games_to_play),
                                TEXT["ru"]["match_over"].format(n=st.match.games_to_play),
                                "R3.1")
        lot_name = args[0] if args else None

        def lot() -> int:
            if lot_name is None:
                raise NotationError("new game", t["lot"], TEXT["ru"]["lot"], "R3.1")
            if lot_name not in self.s.people[:2]:
                raise NotationError(lot_name, "is not a player of the match",
                                    "не игрок этого матча")
            return self.s.people.index(lot_name)

        if st.last_ball_replay:  # the replay decided the drawn game: the match goes on
            st = replace(st, last_ball_replay=False)
        new = next_game(st, lot, pair_order=self.s.pair_order or "while-scoring",
                        target=self.s.target)
        self._next_game(new)
        self.out(t["new_game"].format(k=new.match.games_played + 1, n=new.match.games_to_play,
                                      who=self.name(new.to_move, new)))
        self.out(self.status())

    # --- what is printed ----------------------------------------------------------------------
    def action_text(self, action: dict) -> str:
        """An action between strokes in the session's words, as it would be typed."""
        words = [self.t["actions"][action["action"]]]
        if action["action"] == "correction":
            words += [str(v) for v in action["scores"]] + ([action["reason"]]
                                                           if action.get("reason") else [])
        elif action["action"] == "cluster":
            pocket = action["pocket"]
            words += [RU_POCKET_NAMES[pocket] if self.s.lang == "ru" else pocket]
            words += list(action.get("balls", []))
        return " ".join(words)

    def status(self, state: GameState | None = None) -> str:
        st = state or self.state
        t = self.t
        lines = [t["score"].format(scores=self.scores_text(st))]
        if st.placings and st.result is None:
            lines.append(t["placed"].format(who=", ".join(
                f"{k + 1}. {self.name(p, st)}" for k, p in enumerate(st.placings))))
        if st.result is not None:
            r = st.result
            rule = r.get("rule") or "R9.1"
            if r.get("draw"):
                lines.append(t["over_draw"].format(rule=rule))
            else:
                lines.append(t["over_win"].format(who=self.name(r["winner"], st), rule=rule))
        else:
            lines.append(t["next"].format(who=self.name(st.to_move, st),
                                          hand=t["hand"] if st.cue_in_hand else ""))
            if st.no_call_strokes_left:
                lines.append(t["no_call_due"].format(n=st.no_call_strokes_left))
            if st.warning and any(st.unchanged_foul_streak):
                counts = ", ".join(f"{self.name(s, st)} {st.unchanged_foul_streak[s]}"
                                   for s in st.active_sides())
                lines.append(t["streak"].format(counts=counts))
            elif not st.warning and all(st.unchanged_foul_streak[s] >= 1
                                        for s in st.active_sides()):
                lines.append(t["may_warn"])
        return "\n".join(lines)

    def ruling(self, entry: StrokeEntry, outcome) -> str:
        adj = outcome.adjudication
        t = self.t
        who = self.name(adj.shooter, self.strokes[-1].state_before)
        rules = []
        for note in adj.notes:
            for r in RULE_RE.findall(note):
                if r not in rules:
                    rules.append(r)
        if adj.replay:
            head = t["void"].format(who=who)
        elif adj.successful and adj.counted:
            pts = adj.points[adj.shooter]
            head = t["counts"].format(who=who, balls=", ".join(adj.counted), pts=pts,
                                      bonus=t["bonus"] if adj.last_ball_bonus else "")
        elif adj.fouls:
            pen = ", ".join(f"{self.name(s, self.strokes[-1].state_before)} {p:+d}"
                            for s, p in enumerate(adj.points) if p)
            head = t["foul"].format(who=who, fouls=" ".join(adj.fouls), pen=pen or "0")
            if entry.unchanged:
                head += t["unchanged_flag"]
        else:
            head = t["nothing"].format(who=who) if adj.turn_passes \
                else t["nothing_cont"].format(who=who)
        for f in adj.fouls:
            if f not in rules:
                rules.append(f)
        if adj.successful and adj.counted and not entry.no_call \
                and not {"R5.1", "R5.2"} & set(rules):
            rules.insert(0, "R5.2" if outcome.state.call_mode == "ball-and-pocket" else "R5.1")
        lines = [f"{head}  [{', '.join(rules)}]" if rules else head]
        if self.s.lang == "en":
            lines += [f"  - {n}" for n in adj.notes]
        lines.append(self.status(outcome.state))
        return "\n".join(lines)

    def summary(self) -> str:
        res = self.results + ([{"game": self.game_no, "result": dict(self.state.result),
                                "scores": list(self.state.scores)}]
                              if self.state.game_over else [])
        parts = []
        for r in res:
            rr = r["result"]
            who = "=" if rr.get("draw") else self.name(rr["winner"])
            parts.append(f"{r['game']}: {who} {'-'.join(map(str, r['scores']))}")
        return self.t["match"].format(line="; ".join(parts) or "—")

    # --- resuming -------------------------------------------------------------------------
    @classmethod
    def resume(cls, path: Path, lang: str | None, out=print) -> "Session":
        try:
            rec = read_record(path)
            verify_record(rec)
        except EngineError as exc:
            raise UserInputError(f"--resume {path}: {exc}") from None
        h = rec.header
        if not h.get("human") or not isinstance(h.get("session"), dict):
            raise UserInputError(f"--resume {path}: not a scorekeeping session's record "
                                 f"(header.human is not true)")
        ss = h["session"]
        settings = Settings(people=list(ss["people"]), variant=ss["variant"],
                            call_mode=ss["call_mode"], target=ss.get("target"),
                            games=ss["games"], handicap=ss.get("handicap"),
                            pair_order=ss.get("pair_order"), breaker=ss.get("breaker", 0),
                            lang=lang or ss.get("lang", "en"), date=ss.get("date", ""))
        game = h.get("game", 1)
        base = path if game == 1 else path.with_name(
            path.name.replace(f".game{game}", ""))
        later = game_path(base, game + 1)
        if later.exists():
            raise UserInputError(f"--resume {path}: game {game + 1} of this match was started "
                                 f"after it ({later}): resume that file")
        self = cls(settings, base, out)
        self.game_no = game
        self.results = list(h.get("match_so_far", []))
        self.replay_of = h.get("replay_of")
        self.initial = GameState.from_json(h["initial_state"])
        state = self.initial
        for s in rec.strokes:
            before = list(s.extra.get("before") or [])
            for a in before:
                state = apply_action(state, a)
            facts = recorded_facts(s)
            outcome = adjudicate(s.state_before, facts)
            self.strokes.append(Entered(s.extra.get("entered", ""), before, s.state_before,
                                        outcome, facts))
            state = outcome.state
        self.pending = list(rec.result.get("before") or []) if rec.result else []
        self._recompute()
        return self


def run_session(args, stdin: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    lang = args.lang
    if args.resume:
        path = Path(args.resume)
        check_output_path("--resume", path)  # first: a name too long is refused, named
        if not os.path.isfile(path):
            raise UserInputError(f"--resume {args.resume}: no such file")
        session = Session.resume(path, lang)
    else:
        people = args.players
        if not people:
            raise UserInputError("--session needs --players NAME NAME [NAME]")
        try:  # engine.text: one line of printable text, at most 40 characters; a real date
            people = check_names(people, "--players")
            date = check_date(args.date, "--date") if args.date is not None \
                else _dt.date.today().isoformat()
            check_int(args.games, "--games", 1, MAX_GAMES)
            if args.target is not None:
                check_int(args.target, "--target", 1, MAX_TARGET)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        variant = args.variant or (TWO_PLAYER if len(people) == 2 else THREE_EACH)
        need = 2 if variant == TWO_PLAYER else 3
        if len(people) != need:
            raise UserInputError(f"--players: variant {variant} needs {need} names, got "
                                 f"{len(people)}")
        if args.record:
            check_output_path("--record", args.record)
            if args.games > 1:  # the last game's file has the longest name
                check_output_path("--record", game_path(Path(args.record), args.games))
        breaker = 0 if args.breaker is None else breaker_side(people, variant,
                                                              args.breaker.strip())
        handicap = None
        if args.handicap is not None:
            handicap = parse_handicap(args.handicap).to_json()
        settings = Settings(people=list(people), variant=variant, call_mode=args.call_mode,
                            target=args.target, games=args.games, handicap=handicap,
                            pair_order=args.pair_order, breaker=breaker,
                            lang=lang or "en",
                            date=date)
        try:
            session = Session(settings, Path(args.record) if args.record else None)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
        session.save()
    session.t = TEXT[session.s.lang]
    session.out(session.status())
    interactive = stdin.isatty()
    if interactive:
        try:  # line editing and history at the terminal, where the platform has it
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover
            pass
    while True:
        if interactive:
            try:
                line = input("> ")  # with readline's editing and history
            except EOFError:
                break
        else:
            line = stdin.readline()
            if not line:
                break
        if not session.handle(line):
            break
        sys.stdout.flush()
    session.out(session.summary())
    if session.base is not None:
        where = game_path(session.base, session.game_no)
        if not session.save():  # the last chance to write it: else kept elsewhere, said where
            raise kept_elsewhere(f"--record {where}: could not be written", where,
                                 session.record_text())
        session.out(session.t["record"].format(path=where))
    if session.refusals:
        session.out(session.t["refusals"].format(n=session.refusals))
    return 1 if session.refusals else 0

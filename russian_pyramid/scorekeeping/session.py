"""The scorekeeping session: a club's match kept stroke by stroke from typed lines.

Each line is read by the rules core (:func:`engine.notation.parse_line`): a stroke is
adjudicated (:func:`engine.adjudicate`), an action between strokes applied
(:func:`engine.special.apply_action`), and the match moves on by :mod:`engine.match` (the next
game and its breaker, R3.1; a drawn game replayed, R10.1).  After every line that changes
anything the game's record is written (:mod:`.record`); what is printed is :mod:`.render`'s.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine import GameState, adjudicate, initial_state
from engine.context import MatchContext
from engine.errors import EngineError
from engine.handicap import apply_handicap, handicap_from_json, start_handicap
from engine.match import (MatchError, check_game_over, check_match_goes_on, next_game,
                          replay_drawn_game)
from engine.notation import (GAME, HELP_EN, HELP_RU, Command, NotationError, StrokeEntry,
                             canonical_line, nominal_cluster_placement, parse_line,
                             render_line)
from engine.record import GameRecord, read_record, record_digest, write_record
from engine.special import apply_action, start_last_ball_replay
from engine.text import MAX_SCORE, parse_int
from engine.verify import recorded_facts, verify_record

from ..errors import UserInputError
from . import record as _record
from . import render
from .settings import Settings, game_path

# `replay game` (`переигровка партию`): the whole game (R10.1); the word `game` of the
# notation in every language (notation.word.game, as in `new game`)
REPLAY_GAME_WORDS = GAME


@dataclass
class Entered:
    """One stroke of the current game as entered."""
    text: str
    before: list  # actions between the previous stroke and this one
    state_before: GameState
    outcome: object  # engine.adjudicate.Outcome
    facts: object  # engine.stroke.StrokeFacts


def refusal(token: str, exc: MatchError) -> NotationError:
    """An engine's refusal of a match step as the session says a refused line."""
    return NotationError(token, exc.key, exc.rule, **exc.fields)


class Session:
    """One match being kept: its settings, the games finished, the current game's initial
    state, strokes and pending actions, and the state they lead to."""

    def __init__(self, settings: Settings, record: Path | None,
                 out: Callable[[str], None] = print):
        self.s = settings
        self.base = record
        self.out = out
        self.refusals = 0
        self.results: list[dict] = []  # finished games of the match: {"game", "result", ...}
        self.game_no = 1
        self.replay_of: int | None = None
        self.initial = self._first_state()
        self.strokes: list[Entered] = []
        self.pending: list[dict] = []
        self.state = self.initial

    def say(self, key: str, **fields) -> str:
        """The session's text ``score.<key>`` in its language."""
        return render.words(self.s.lang, key, **fields)

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
                           pair_order=self.s.pair_order_or_default, target=self.s.target)
        return self._with_handicap(st)

    def _recompute(self) -> None:
        state = self.initial
        for e in self.strokes:
            state = e.outcome.state
        for a in self.pending:
            state = apply_action(state, a)
        self.state = state

    # --- what is printed ----------------------------------------------------------------
    def name(self, side: int, state: GameState | None = None) -> str:
        return render.side_name(self.s.people, side, state or self.state)

    def scores_text(self, state: GameState) -> str:
        return render.scores_text(self.s.people, state)

    def action_text(self, action: dict) -> str:
        return render.action_text(action, self.s.lang)

    def status(self, state: GameState | None = None) -> str:
        return render.status_text(self.s.people, state or self.state, self.s.lang)

    def ruling(self, entry: StrokeEntry, outcome) -> str:
        return render.ruling_text(self.s.people, entry, outcome,
                                  self.strokes[-1].state_before, self.s.lang)

    def last_ruling(self) -> tuple[str, ...]:
        """What the game's last stroke printed (its ruling and the status after it), said
        again when the game is taken up anew (a board restarted, a stored match opened); the
        status alone before any stroke."""
        if not self.strokes:
            return (self.status(),)
        e = self.strokes[-1]
        try:
            entry = parse_line(e.text, e.state_before)
        except NotationError:
            entry = None
        if not isinstance(entry, StrokeEntry):  # not a stroke's line as the record keeps it
            return (self.status(),)
        return (render.ruling_text(self.s.people, entry, e.outcome, e.state_before,
                                   self.s.lang),)

    def summary(self) -> str:
        return render.summary_text(self.s.people, self.results + self._this_game(),
                                   self.state, self.s.lang)

    # --- the record ---------------------------------------------------------------------
    def header(self) -> dict:
        return _record.header(self)

    def record(self) -> GameRecord:
        return _record.game_record(self)

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
            self.out(self.say("not_saved", why=exc))
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
            self.out(self.say("refused", why=exc.message(self.s.lang)))
        except (EngineError, UserInputError) as exc:
            self.refusals += 1
            self.out(self.say("refused", why=str(exc)))
        return True

    def _stroke(self, entry: StrokeEntry) -> None:
        before = self.state
        facts = entry.stroke_facts(before)
        outcome = adjudicate(before, facts)
        self.strokes.append(Entered(canonical_line(entry.text), self.pending, before,
                                    outcome, facts))
        self.pending = []
        self.state = outcome.state
        self.save()
        self.out(self.ruling(entry, outcome))

    def _command(self, cmd: Command) -> bool:
        if cmd.name == "quit":
            return False
        if cmd.name == "help":
            self.out(HELP_RU if self.s.lang == "ru" else HELP_EN)
        elif cmd.name == "score":
            self.out(self.status())
        elif cmd.name == "undo":
            self._undo()
        elif cmd.name in ("warning", "correction"):
            self._referee(cmd)
        elif cmd.name == "cluster":
            self._cluster(cmd)
        elif cmd.name == "new-game":
            self._new_game(cmd.args)
        elif cmd.name == "replay" and cmd.args and cmd.args[0].lower() in REPLAY_GAME_WORDS:
            self._replay_game()
        elif cmd.name == "replay":
            self._replay_last_ball(cmd.args[0] if cmd.args else "1")
        return True

    # --- actions between strokes ----------------------------------------------------------
    def _act(self, action: dict) -> GameState:
        """Apply an action between strokes, keep it for the next line's record, save."""
        new = apply_action(self.state, action)
        self.pending.append(action)
        self.state = new
        self.save()
        return new

    def _undo(self) -> None:
        """The last line taken back (the last action between strokes, else the last stroke);
        the record says so (issue 54): an ``undo`` action (:data:`engine.special.ACTIONS`)
        naming the line stays where the line was, the state is the one before it."""
        acts = [k for k, a in enumerate(self.pending) if a.get("action") != "undo"]
        if acts:
            action = self.pending.pop(acts[-1])
            what, mark = self.action_text(action), {"action": "undo", "action_undone": action}
        elif self.strokes:
            e = self.strokes.pop()
            self.pending = list(e.before) + self.pending
            what, mark = render_line(e.text, self.s.lang), {"action": "undo", "line": e.text}
        else:
            raise NotationError("undo", "score.nothing_to_undo")
        self.pending.append(mark)
        self._recompute()
        self.save()
        self.out(self.say("undone", what=what))
        self.out(self.status())

    def _correction_scores(self, args) -> tuple[list[int], str]:
        """``correct A B [reason]``: one score a side (bounded integers), then the reason."""
        n = self.state.n_sides
        fields = {"n": n, "lo": -MAX_SCORE, "hi": MAX_SCORE}
        nums = []
        for a in args[:n]:
            try:
                nums.append(parse_int(a, "score", -MAX_SCORE, MAX_SCORE))
            except EngineError:
                raise NotationError(a, "score.correction_numbers", "R14.1", **fields) from None
        if len(nums) != n:
            raise NotationError(" ".join(args) or "correct", "score.correction_count", "R14.1",
                                n=n)
        return nums, " ".join(args[n:])

    def _referee(self, cmd: Command) -> None:
        """The referee's warning (R11.8) or correction of the scores (R14.1)."""
        action = {"action": cmd.name}
        if cmd.name == "correction":
            action["scores"], action["reason"] = self._correction_scores(cmd.args)
        new = self._act(action)
        self.out(self.say("warned") if cmd.name == "warning"
                 else self.say("corrected", scores=self.scores_text(new)))
        self.out(self.status())

    def _cluster(self, cmd: Command) -> None:
        """R11.10: the balls gathered at a corner pocket; the cue ball's nominal place."""
        pocket, balls = cmd.args[0], list(cmd.args[1:])
        cue = nominal_cluster_placement(self.state, pocket)
        self._act({"action": "cluster", "pocket": pocket, "balls": balls,
                   "cue": [cue[0], cue[1]]})
        self.out(self.say("cluster", pocket=render.pocket_word(pocket, self.s.lang),
                          balls=" " + self.say("cluster_balls", balls=" ".join(balls))
                          if balls else ""))
        self.out(self.status())

    # --- the match (engine.match) ---------------------------------------------------------
    def _this_game(self) -> list[dict]:
        """The current game as the match's list keeps it, once it is over."""
        if not self.state.game_over:
            return []
        return [{"game": self.game_no, "result": self.state.outcome.to_json(),
                 "scores": list(self.state.scores)}]

    def _next_game(self, new: GameState, replay: bool = False) -> None:
        try:
            check_game_over(self.state)
        except MatchError as exc:
            raise refusal(self.say("new_game_words"), exc) from None
        self.results += self._this_game()
        self.replay_of = self.game_no if replay else None
        self.game_no += 1
        # a last-ball replay has no handicap (R10.1: one ball, scores from 0); a whole game
        # replayed, or the next game, starts with the match's handicap (R13.1)
        self.initial = new if new.last_ball_replay else self._with_handicap(new)
        self.strokes, self.pending = [], []
        self.state = self.initial
        self.save()

    def _lot(self, name: str | None) -> Callable[[], int]:
        """The lot of R3.1 as the players say it: ``new game NAME``."""
        def lot() -> int:
            if name is None:
                raise NotationError(self.say("new_game_words"), "score.lot", "R3.1")
            if name not in self.s.people[:2]:
                raise NotationError(name, "score.lot_not_player")
            return self.s.people.index(name)
        return lot

    def _new_game(self, args) -> None:
        """R3.1: the next game of the match, its breaker by the engine's rule."""
        try:
            check_match_goes_on(self.state)
            new = next_game(self.state, self._lot(args[0] if args else None),
                            pair_order=self.s.pair_order_or_default, target=self.s.target)
        except MatchError as exc:
            raise refusal(self.say("new_game_words"), exc) from None
        self._next_game(new)
        self.out(self.say("new_game", k=new.match.games_played + 1, n=new.match.games_to_play,
                          who=self.name(new.to_move, new)))
        self.out(self.status())

    def _replay_game(self) -> None:
        """R10.1: the drawn game replayed whole."""
        try:
            new = replay_drawn_game(self.state, pair_order=self.s.pair_order_or_default,
                                    target=self.s.target)
        except MatchError as exc:
            raise refusal("replay game", exc) from None
        self._next_game(new, replay=True)
        self.out(self.say("replay_game", who=self.name(new.to_move, new)))
        self.out(self.status())

    def _replay_last_ball(self, ball: str) -> None:
        """R10.1: the drawn game replayed in its last ball only."""
        new = start_last_ball_replay(self.state, ball)
        self._next_game(new, replay=True)
        self.out(self.say("replay", ball=ball, who=self.name(new.to_move, new)))
        self.out(self.status())

    # --- resuming -------------------------------------------------------------------------
    @classmethod
    def resume(cls, path: Path, lang: str | None, out=print,
               flag: str = "--resume") -> "Session":
        """The session of a record written by one (its latest game's file), strokes and
        actions replayed by the engine (the record verified first); a refusal names ``flag``
        (``pyramid board --match-record`` resumes one too)."""
        try:
            rec = read_record(path)
            verify_record(rec)
        except EngineError as exc:
            raise UserInputError(f"{flag} {path}: {exc}") from None
        h = rec.header
        if not h.get("human") or not isinstance(h.get("session"), dict):
            raise UserInputError(f"{flag} {path}: not a scorekeeping session's record "
                                 f"(header.human is not true)")
        settings = Settings.from_json(h["session"], lang)
        initial = GameState.from_json(h["initial_state"])  # verified with the record
        game, done, replay_of = _record.resumed_match(h, initial.n_sides, f"--resume {path}")
        base = path if game == 1 else path.with_name(
            path.name.replace(f".game{game}", ""))
        later = game_path(base, game + 1)
        if later.exists():
            raise UserInputError(f"{flag} {path}: game {game + 1} of this match was started "
                                 f"after it ({later}): resume that file")
        self = cls(settings, base, out)
        self.game_no = game
        self.results = done
        self.replay_of = replay_of
        self.initial = initial
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


__all__ = ["Session", "Entered", "refusal"]

"""What a scorekeeping session prints, in its language: the ruling of a stroke, the status
(score, who is next, what is due), the match's line and an action as it would be typed.
Every word is the catalog's (``score.*``, :mod:`engine.words`); the rule ids are the
engine's (:func:`engine.rulings.rules_cited`, ``GameState.outcome``)."""
from __future__ import annotations

from engine.kinds import Variant
from engine.outcome import GameOutcome
from engine.notation import RU_POCKET_NAMES, StrokeEntry, render_line
from engine.rulings import rules_cited
from engine.state import GameState
from engine.words import MissingWordError, say, word

DEFAULT_END_RULE = "R9.1"  # a result given without its rule: the first to the target (R9.1)


def words(lang: str, key: str, **fields) -> str:
    """The session's text ``score.<key>`` in ``lang``."""
    return say(f"score.{key}", lang, **fields)


def side_name(people: list[str], side: int, state: GameState) -> str:
    """A side's name as said at the table: in one against a pair, the partner at the table
    for side 1 (R12.2)."""
    if state.variant == Variant.ONE_VS_PAIR and side == 1:
        partner = state.pair.partner if state.pair is not None else 0
        return people[1 + partner]
    return people[side]


def scores_text(people: list[str], state: GameState) -> str:
    """``A 12 — B 30``: each side's name and score (the pair as ``A & B``)."""
    if state.variant == Variant.ONE_VS_PAIR:
        names = [people[0], f"{people[1]} & {people[2]}"]
    else:
        names = people
    return " — ".join(f"{n} {v}" for n, v in zip(names, state.scores))


def pocket_word(pocket: str, lang: str) -> str:
    """A pocket as the session's language names it (ДЛ for FL in Russian)."""
    return RU_POCKET_NAMES[pocket] if lang == "ru" else pocket


def action_text(action: dict, lang: str) -> str:
    """An action between strokes in the session's words, as it would be typed."""
    parts = [words(lang, f"action.{action['action']}")]
    if action["action"] == "correction":
        parts += [str(v) for v in action["scores"]] + ([action["reason"]]
                                                       if action.get("reason") else [])
    elif action["action"] == "cluster":
        parts += [pocket_word(action["pocket"], lang)]
        parts += list(action.get("balls", []))
    elif action["action"] == "undo":  # the line taken back (issue 54)
        parts += [render_line(action["line"], lang) if "line" in action
                  else action_text(action["action_undone"], lang)]
    return " ".join(parts)


def _end_lines(people: list[str], st: GameState, lang: str) -> list[str]:
    """The game's end: who won (or a draw) and by which rule."""
    outcome = st.outcome
    rule = outcome.rule_or(DEFAULT_END_RULE)
    if outcome.is_draw:
        return [words(lang, "over_draw", rule=rule)]
    return [words(lang, "over_win", who=side_name(people, outcome.winner, st), rule=rule)]


def _play_lines(people: list[str], st: GameState, lang: str) -> list[str]:
    """A game going on: who is next, the strokes without a call due, the R9.2/R11.8 count."""
    lines = [words(lang, "next", who=side_name(people, st.to_move, st),
                   hand=" " + words(lang, "hand") if st.cue_in_hand else "")]
    if st.no_call_strokes_left:
        lines.append(words(lang, "no_call_due", n=st.no_call_strokes_left))
    if st.warning and any(st.unchanged_foul_streak):
        counts = ", ".join(f"{side_name(people, s, st)} {st.unchanged_foul_streak[s]}"
                           for s in st.active_sides())
        lines.append(words(lang, "streak", counts=counts))
    elif not st.warning and all(st.unchanged_foul_streak[s] >= 1 for s in st.active_sides()):
        lines.append(words(lang, "may_warn"))
    return lines


def status_text(people: list[str], st: GameState, lang: str) -> str:
    """The score and what comes next (or how the game ended)."""
    lines = [words(lang, "score", scores=scores_text(people, st))]
    if st.placings and st.result is None:
        lines.append(words(lang, "placed", who=", ".join(
            f"{k + 1}. {side_name(people, p, st)}" for k, p in enumerate(st.placings))))
    lines += _end_lines(people, st, lang) if st.game_over else _play_lines(people, st, lang)
    return "\n".join(lines)


def _ruling_head(people: list[str], entry: StrokeEntry, adj, before: GameState,
                 lang: str) -> str:
    """The ruling's first words: what counted, the foul and its penalty, or nothing."""
    who = side_name(people, adj.shooter, before)
    if adj.replay:
        return words(lang, "void", who=who)
    if adj.successful and adj.counted:
        return words(lang, "counts", who=who, balls=", ".join(adj.counted),
                     pts=adj.points[adj.shooter],
                     bonus=words(lang, "bonus") if adj.last_ball_bonus else "")
    if adj.fouls:
        pen = ", ".join(f"{side_name(people, s, before)} {p:+d}"
                        for s, p in enumerate(adj.points) if p)
        head = words(lang, "foul", who=who, fouls=", ".join(foul_words(f, lang)
                                                             for f in adj.fouls),
                     pen=pen or "0")
        return head + (" " + words(lang, "unchanged_flag") if entry.unchanged else "")
    return words(lang, "nothing" if adj.turn_passes else "nothing_cont", who=who)


def foul_words(rule: str, lang: str) -> str:
    """A foul in a player's words (the catalog's ``stats.foul.<rule id>``: «промах»,
    «свояк»); a foul without its words by its rule id.  The rule ids are the ruling's list."""
    try:
        return word(f"stats.foul.{rule}", lang)
    except MissingWordError:
        return rule


def _respotted(adj, lang: str) -> str:
    """"; 9 respotted" («выставлен 9»): the balls put back on the table, or ""."""
    balls = [b for b, _ in adj.respotted if b != "cue"]
    return "; " + words(lang, "respotted", balls=", ".join(balls)) if balls else ""


def ruling_text(people: list[str], entry: StrokeEntry, outcome, before: GameState,
                lang: str) -> str:
    """A stroke's ruling (an :class:`engine.adjudicate.Outcome`): the head with the rule
    ids it cites, the engine's notes (in English only: they are the engine's), the status."""
    adj = outcome.adjudication
    head = _ruling_head(people, entry, adj, before, lang) + _respotted(adj, lang)
    rules = rules_cited(adj, outcome.state.call_mode, called=not entry.no_call)
    lines = [f"{head}  [{', '.join(rules)}]" if rules else head]
    if lang == "en":
        lines += [f"  - {n}" for n in adj.notes]
    lines.append(status_text(people, outcome.state, lang))
    return "\n".join(lines)


def summary_text(people: list[str], results: list[dict], st: GameState, lang: str) -> str:
    """The match's line: each game's number, winner (``=`` for a draw) and scores."""
    parts = []
    for r in results:
        outcome = GameOutcome.from_json(r["result"])
        who = "=" if outcome.is_draw else side_name(people, outcome.winner, st)
        parts.append(f"{r['game']}: {who} {'-'.join(map(str, r['scores']))}")
    return words(lang, "match", line="; ".join(parts) or "—")


__all__ = ["words", "side_name", "scores_text", "pocket_word", "action_text", "status_text",
           "ruling_text", "summary_text"]

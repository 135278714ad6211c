"""``pyramid analyze``'s text output in the language asked for (``--lang``, issue 54 item 5):
every line the command prints on stdout (or, with ``--json``, on stderr) -- a stroke and its
verdict, the better stroke, the summary per player, a person's game and match (the command
words these from the same catalog and :func:`rule_text`, :func:`foul_text`) -- said from the
catalogs (``analysis.text.*``, :mod:`engine.words`), numbers as the language writes them, a
person's typed line in its words (:func:`engine.notation.render_line`).

The English lines are the ones the command has always printed, rule ids included (English is
the language of files and logs, which researchers read); a player's language says a foul and
a game's end in words, without the rule id (no rule id on a player's page, issue 54 item 5).
The logs on stderr (what was verified, the notes) stay in English, as every log does.
"""
from __future__ import annotations

from ai.describe import words_in
from ai.games.analysis import STORY, PlayerSummary, StrokeVerdict
from ai.games.human import foul_words
from ai.words import manner_words, number_text, pocket_words
from engine.words import DEFAULT_LANG, say, word

from .common import fmt_call

INDENT = "  "  # a line under a heading
BEST_INDENT = "      "  # the better stroke, under its stroke's line


def _n(x: float, digits: int, lang: str) -> str:
    return number_text(x, digits, lang)


def side_name(players, p: int, lang: str) -> str:
    """A record's side ``p`` as the analysis names it: its letter in ``lang`` with the record's
    name of it ("A (greedy)", «А (greedy)»), "player C" when the record does not name it (in
    English, :func:`ai.games.analysis.player_name`'s words)."""
    letters = word("analysis.text.sides", lang)
    letter = letters[p] if 0 <= p < len(letters) else str(p)
    if p < len(players):
        return f"{letter} ({players[p]})"
    return say("analysis.text.player", lang, letter=letter)


def call_text(call, lang: str) -> str:
    """A call in a few words (English: :func:`russian_pyramid.app.common.fmt_call`, as
    always; another language: the ball, the pocket and the manner in its words)."""
    if lang == DEFAULT_LANG or call is None:
        return fmt_call(call) if call is not None else word("analysis.text.no_call", lang)
    ball = call.ball if call.ball is not None else word("analysis.text.any_ball", lang)
    text = say("analysis.text.call", lang, ball=ball, pocket=pocket_words(call.pocket, lang))
    if call.manner and call.manner != "clean":
        text += f" ({manner_words(call.manner, lang)})"
    return text


def played_text(stroke, lang: str) -> str:
    """The stroke played (a record's stroke line): the call, the speed, the aim, the place
    from hand; a tush in a word."""
    if stroke.strike is None:
        return word("analysis.text.tush", lang)
    st = stroke.strike
    text = say("analysis.text.played", lang, call=call_text(stroke.call, lang),
               speed=_n(st.speed_mps, 2, lang), phi=_n(st.phi_deg, 1, lang))
    if stroke.placement is not None:
        text += " " + say("analysis.text.from_hand", lang, x=_n(stroke.placement[0], 2, lang),
                          y=_n(stroke.placement[1], 2, lang))
    return text


def best_text(d, lang: str) -> str:
    """The better stroke (an :class:`ai.agent.Decision`): its kind, call and instruction (in
    English the agent's own; in another language said again, :func:`ai.describe.words_in`)."""
    if d.strike is None:
        return word("analysis.text.tush", lang)
    text = f"{word('analysis.text.kind.' + str(d.kind), lang)} {call_text(d.call, lang)}"
    said = d.instruction if lang == DEFAULT_LANG else words_in(d, None, lang).instruction
    return text + (f": {said}" if said else "")


def stroke_lines(number: int, who: str, stroke, v: StrokeVerdict, lang: str) -> list[str]:
    """The lines of stroke ``number`` (from 1) played by ``who``: what was played with its
    P(win), its mark or the execution's loss, and the better stroke found."""
    line = f"{number:4d}. " + say("analysis.text.stroke", lang, who=who,
                                  played=played_text(stroke, lang),
                                  p=_n(v.p_win_played, 2, lang))
    if v.mark:
        line += f"  {v.mark}"
    if v.execution:
        line += "  " + word("analysis.text.execution", lang)
    if v.source == STORY:
        line += "  " + word("analysis.text.story", lang)
    lines = [line]
    if v.best is not None:
        lines.append(BEST_INDENT + say("analysis.text.best", lang, what=best_text(v.best, lang),
                                       p=_n(v.p_win_best, 2, lang), loss=_n(v.loss, 2, lang)))
        if v.execution:
            lines.append(BEST_INDENT + word("analysis.text.execution_why", lang))
    return lines


def summary_lines(summary: tuple[PlayerSummary, ...], players, lang: str) -> list[str]:
    """The summary per player under its heading (``players``: the record's names of the
    sides, :func:`side_name`)."""
    out = [word("analysis.text.summary", lang)]
    for m in summary:
        out.append(INDENT + say("analysis.text.summary_line", lang,
                                name=side_name(players, m.player, lang),
                                strokes=m.strokes, loss=_n(m.mean_loss, 3, lang),
                                inaccuracies=m.inaccuracies, mistakes=m.mistakes,
                                blunders=m.blunders, execution=m.execution,
                                best=m.best_played))
    return out


def rule_text(rule, lang: str) -> str:
    """`` (R9.1)`` in English (the language of files and logs); nothing in a player's."""
    return f" ({rule})" if rule and lang == DEFAULT_LANG else ""


def foul_text(code: str, lang: str) -> str:
    """A foul in words (and, in English, its rule id)."""
    return foul_words(lang).get(code, code) + rule_text(code, lang)

"""The scorekeeper's notation: one short typed line per stroke (docs/SCOREKEEPING.md).

A package of three concerns: :mod:`.lexicon` (the words, in every language, from the
catalog :mod:`engine.words`, keys ``notation.*``), :mod:`.grammar` (a line read word by word:
a tokenizer, one function per clause, the checks against the state) and :mod:`.entry` (the
values a line becomes, the refusal, the nominal places of the cue ball).

``parse_line(text, state)`` reads a line against the current state and returns either a
:class:`StrokeEntry` (a typed stroke) or a :class:`Command` (undo, score, new game, the
referee's warning R11.8 or correction R14.1, the corner cluster R11.10, the last-ball replay
R10.1, help, quit).
``StrokeEntry.facts(state)`` turns the entry into the :class:`StrokeFacts` the rules core
adjudicates.  A line that cannot be read, is ambiguous or impossible raises
:class:`NotationError` naming the token and why (in English and Russian); nothing changes.

Positions are not known in a human game.  The balls are kept at *nominal* places: the rack
of R2, respotted balls where R6 puts them, the cue ball where it was placed from hand
(:func:`nominal_placement`, a free point of the house), or by a corner pocket when the
players agree on R11.10 (:func:`nominal_cluster_placement`).  The rules that need positions are
then ruled on the common case, and the scorekeeper says otherwise in words:

* R9.2 / R11.8 (a foul stroke leaving the balls unchanged): never assumed; the line says
  ``=`` (``unchanged``, ``без-изменений``) when it did (``StrokeFacts.balls_unchanged``);
* R8.2 / R7.1(g) (from hand, a ball in the house struck directly): no ball is assumed to lie
  in the house; the line says ``foul g`` (``фол дом``) when it happened;
* R7.1(h) (played from the wrong place): likewise ``foul h``;
* R6 (respotting): balls are respotted at their nominal places; where they really stand does
  not change any score.

Words are accepted in English and in Russian (both lower and upper case); pockets as ids
(NL NR ML MR FL FR) or Russian letters (БЛ БП СЛ СП ДЛ ДП: ближняя, средняя, дальняя;
левая, правая, seen from the house).
"""
from .entry import (Command, NotationError, StrokeEntry, nominal_cluster_placement,
                    nominal_placement)
from .grammar import parse_line
from .render import canonical_line, line_in_every_language, render_line
from .lexicon import (COMMANDS, CUE_WORDS, FOUL_WORDS, GAME, HELP_EN, HELP_RU, MANNER_WORDS,
                      RU_POCKET_NAMES, RU_POCKETS)

__all__ = ["Command", "NotationError", "StrokeEntry", "nominal_cluster_placement",
           "nominal_placement", "parse_line", "canonical_line", "line_in_every_language",
           "render_line", "HELP_EN", "HELP_RU", "RU_POCKET_NAMES",
           "COMMANDS", "CUE_WORDS", "FOUL_WORDS", "GAME", "MANNER_WORDS", "RU_POCKETS"]

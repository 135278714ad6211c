"""The rules core of Small Russian Pyramid (71 points).

Knows geometry and events, never how they are computed: nothing here imports the
simulator's kernels or :mod:`sim.api`, so a real game described by a person is refereed the
same way as a simulated one.  Rule ids (R1.1 ... R14.1) refer to docs/RULES.md.

Public API (all values are immutable; JSON round-trips via ``to_json`` / ``from_json``):

* :func:`initial_state`, :class:`GameState`, :class:`MatchContext`
* :class:`Call`, :func:`stroke_from_json`, :func:`stroke_from_events`, :class:`StrokeFacts`
* :func:`adjudicate` (-> :class:`Outcome` with ``adjudication`` and ``state``),
  :func:`adjudicate_events`, :func:`adjudicate_sim_result`, :func:`evaluate`
* :func:`legal_calls` (:func:`callable_balls`), :func:`placement_region`,
  :func:`can_place_cue`, :func:`tush_available`, :func:`penalty_hands_game`,
  :func:`player_to_move` (the player at the table; ``Variant.side_of_player``)
* a match's progression (R3.1, R10.1): :func:`next_game`, :func:`breaker_of_game`,
  :func:`replay_drawn_game`, :func:`start_last_ball_replay` (:mod:`engine.match`)
* typed values: :class:`GameOutcome` and :class:`Termination` (``GameState.outcome``), the
  enums :class:`Variant`, :class:`CallMode`, :class:`PairOrder`, :class:`FoulLetter`,
  :class:`NamedFact` (:mod:`engine.kinds`, each member equal to its string)
* records: :func:`write_record`, :func:`read_record`, :func:`replay`, :func:`verify_record`
  (raises :class:`RecordRefused` naming the line of a damaged or tampered record)
"""
from .adjudicate import (Adjudication, Outcome, adjudicate, adjudicate_events,
                         adjudicate_sim_result, evaluate)
from .calls import Call
from .manner import (BatchSummary, call_fulfilled_by_events, fulfilled_mask, jaw_pockets,
                     manners_shown, summarise_batch)
from .errors import EngineError, IllegalInputError, MalformedInputError
from .kinds import CallMode, FoulLetter, NamedFact, PairOrder, Variant
from .match import (MatchError, breaker_of_game, match_is_over, needs_lot, replay_breaker,
                    replay_drawn_game)
from .outcome import GameOutcome, Termination
from .handicap import (BallsHandicap, MixedHandicap, PointsHandicap, apply_handicap,
                       settle_missed_balls)
from .queries import (callable_balls, can_place_cue, legal_calls, penalty_hands_game,
                      placement_region, player_to_move, tush_available, tush_stroke)
from .record import GameRecord, make_header, read_record, replay, stroke_record, write_record
from .special import (apply_corner_cluster, first_to_reach, give_warning, next_game,
                      start_last_ball_replay)
from .state import GameState, MatchContext, initial_state
from .stroke import StrokeFacts, stroke_from_events, stroke_from_json
from .verify import RecordCheck, RecordRefused, verify_record

__all__ = [n for n in dir() if not n.startswith("_")]

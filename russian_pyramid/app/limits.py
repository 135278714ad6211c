"""Every limit and default the adapters (the command line, the board, ``pyramid engine``) use,
each with its reason.  One value for every adapter unless said otherwise.

Why the advice budget differs from the agents' budgets (the agents' defaults are not changed
here: the golden games, tests/ai/test_golden.py, are played with them):

=====================================  =======  ================================================
budget (samples per decision)          value    where, and why
=====================================  =======  ================================================
advice (:data:`DEFAULT_BUDGET`)        600      ``pyramid suggest``, the board, ``pyramid
                                                engine``: one answer a person waits for (about
                                                0.4 s warm), ranked ``top`` deep
agent ``mc``                           300      :data:`ai.agents.mc.DEFAULT_BUDGET`
                                                (:mod:`ai.registry`): a whole game of decisions
                                                well under a minute on two cores
agent ``mc-fast`` / ``mc-strong``      120/3000 :data:`ai.registry.FACTORIES`: tournaments
                                                of many games / a stronger opponent
``mc-base`` (the frozen baseline)      300      :data:`ai.registry.MC_BASE`: pinned, the yard
                                                stick every change is measured against
``mc-2`` (the second baseline)         300      :data:`ai.registry.MC_2`: pinned with frozen
                                                weights, issue 29's opponent
search default                         400      :class:`ai.search.pipeline.SearchOptions`: the
                                                library's own default when no agent sets one
the break                              x3       :data:`ai.search.opening.BUDGET_FACTOR`: every
                                                budget above, tripled for the opening stroke
against the clock                      100 000  :data:`TIME_BUDGET_SAMPLES`: a ceiling only,
                                                the clock stops the search
=====================================  =======  ================================================
"""
from __future__ import annotations

from ai.games.match import MAX_STROKE_CAP
from ai.games.results_file import MAX_GAMES_PER_PAIRING, MAX_TOURNAMENT_GAMES
from ai.registry import MAX_SKILL

__all__ = [
    "DEFAULT_BUDGET", "MAX_BUDGET", "MAX_TIME_BUDGET_S", "MAX_BOARD_TIME_BUDGET_S",
    "MIN_TIME_BUDGET_S", "TIME_BUDGET_SAMPLES", "SEED_MAX", "POSITION_SEED_BYTES",
    "MAX_SKILL", "DEFAULT_SKILL", "DEFAULT_TOP", "MIN_TOP", "MAX_TOP", "DEFAULT_RUNS",
    "MAX_RUNS", "MAX_BODY_BYTES", "MAX_SIMULATED_S", "MAX_EVENTS", "MAX_ANSWER_BYTES",
    "POINT_BYTES", "FRAME_DT_S", "PATH_STEP_S", "DEFAULT_LINE", "MAX_LINE",
    "MAX_TOURNAMENT_GAMES", "MAX_GAMES_PER_PAIRING", "MAX_STROKE_CAP", "MAX_JOBS",
    "MAX_ANALYSIS_SAMPLES", "MAX_ANALYSIS_TOP", "MAX_TYPED_LINE_CHARS",
]

# --- the search behind one suggestion ---------------------------------------------------------
# samples of one suggestion unless told otherwise: pyramid suggest's, the board's and the
# engine's default (about 0.4 s warm on this project's machine, the break three times that)
DEFAULT_BUDGET = 600
# the same ceilings as an agent's options (ai.registry.MC_OPTIONS): far above any useful
# setting, and a typo of a few zeros does not start a search of days
MAX_BUDGET = 1_000_000  # samples
MAX_TIME_BUDGET_S = 3600.0  # ``pyramid suggest --time-budget``: a person at a terminal waits
# the board's and the engine's time budget: a request holds the one AI process (and an HTTP
# connection) for that long, every other suggestion waits behind it -- two minutes, not an hour
MAX_BOARD_TIME_BUDGET_S = 120.0
MIN_TIME_BUDGET_S = 0.1  # the board's least: below it the search proposes nothing to sample
TIME_BUDGET_SAMPLES = 100_000  # a time-budget search's samples unless given: the clock stops it
DEFAULT_SKILL = "strong"  # the noise both players are assumed to play with (ai.noise.SKILLS)
DEFAULT_TOP = 3  # suggestions answered
MIN_TOP, MAX_TOP = 1, 10  # the board's and the engine's bounds (each is searched and drawn)
# ``pyramid suggest --line N``: the line of play's strokes (ai.search.line), the suggestion's
# own first; each stroke more is a continuation search of a fifth of the budget (a line of 3
# costs about +46 % of the suggestion's time, docs/USAGE.md); 1 is off.  At most 5: further
# ahead the line follows one sampled position among many, and says little.
DEFAULT_LINE = 3
MAX_LINE = 5

# --- seeds ------------------------------------------------------------------------------------
SEED_MAX = 2 ** 64 - 1  # a request's seed, CLI and board alike: numpy's generators, records' seed
# a seed drawn from the position (russian_pyramid.app.suggest.position_seed) is 32-bit: the first
# four bytes of a SHA-256, 0 .. 2**32 - 1 -- kept so, the advice given so far stays the same
POSITION_SEED_BYTES = 4

# --- one POST /api/simulate (and pyramid engine's simulate) -----------------------------------
# each refused with a UserInputError (HTTP 422) naming it -- never cut short.  A safety net:
# physics within sim.params.PHYSICAL_RANGES keep a 12 m/s stroke under 50 s (49 s measured
# with the least frictions and restitutions of 1); a friction of 1e-9, once accepted, kept the
# balls rolling for hours and the answer's paths and frames would have cost seconds and tens
# of megabytes
DEFAULT_RUNS = 5  # noisy plays of one stroke unless told otherwise
MAX_RUNS = 20  # noisy plays of one stroke per request
MAX_SIMULATED_S = 120.0  # simulated time until the last ball stops: a 12 m/s stroke is < 45 s
MAX_EVENTS = 5000  # the simulator's event cap for one stroke (a break has a few hundred)
MAX_ANSWER_BYTES = 8 * 1024 * 1024  # the answer's JSON, estimated before paths are drawn
POINT_BYTES = 20  # an [x, y] of the paths or frames in the answer's JSON, at most
FRAME_DT_S = 1.0 / 50  # motion frames for animation: 50 a second
PATH_STEP_S = 0.02  # a drawn path's sample interval

# --- the board's HTTP ---------------------------------------------------------------------------
MAX_BODY_BYTES = 16 * 1024 * 1024  # a request body: a game record of a long match is < 2 MB

# --- counts of the long commands (issue 51 item 5) ----------------------------------------------
# Every count a user types has a ceiling, named in the refusal with the flag and the value: a
# typo of a few zeros is refused at once instead of taking gigabytes or never finishing
# (``tournament --games 1000000000000`` took 1.1 GB in 20 s before its first game).
# MAX_TOURNAMENT_GAMES, MAX_GAMES_PER_PAIRING: ``pyramid tournament --games`` and a results
# header's ``games`` (ai.games.results_file, where the reasons are); MAX_STROKE_CAP: ``play``
# and ``tournament --max-strokes`` and a header's ``max_strokes`` (ai.games.match).
# ``--jobs`` of tournament and analyze: each worker is a process of its own with its compiled
# kernels (some 300 MB); more workers than cores only wait, and 256 is above the cores of any
# machine this runs on (``--jobs 1000000000`` ended in a traceback from the process pool).
# Negative counts keep joblib's meaning (-1: all cores, -2: all but one), down to -MAX_JOBS.
MAX_JOBS = 256
# ``pyramid analyze --samples``: noisy executions per stroke valued (default 24).  A P(win)
# from n samples has a standard error of at most 0.5 / sqrt(n): at 10 000 it is within +-0.01
# (95 %), finer than any mark's threshold (ai.games.analysis.INACCURACY); more only costs time
# (``--samples 100000000`` never finished).
MAX_ANALYSIS_SAMPLES = 10_000
# ``pyramid analyze --top``: the analysing agent's alternatives valued beside the stroke
# played (default 3), each with --samples executions: the advice's bound (MAX_TOP) too
MAX_ANALYSIS_TOP = MAX_TOP
# one typed line of ``pyramid score --session`` (as the board's Match tab's line,
# russian_pyramid/board/match.py): a stroke is a few words; a longer line is refused and the
# session stops there, its record kept (``< /dev/zero`` has no newline: it took 6.5 GB in 20 s)
MAX_TYPED_LINE_CHARS = 200

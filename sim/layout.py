"""Integer codes shared by the compiled kernels and the Python side.

Numba treats module-level integers as compile-time constants, so kernels index the flat
parameter array and the log arrays by name at no cost.
"""
# Parameter array.
P_R = 0
P_M = 1
P_G = 2
P_MU_S = 3
P_MU_R = 4
P_MU_SP = 5
P_E_B = 6
P_MU_BA = 7
P_MU_BB = 8
P_MU_BC = 9
P_E_C = 10
P_MU_C = 11
P_H_C = 12
P_CUE_M = 13
P_CUE_ME = 14
P_E_TIP = 15
P_TOL = 16
P_VFIRE = 17
P_VELASTIC = 18
P_VREST = 19
P_E_J = 20
P_MU_J = 21
P_CUSHION_MODEL = 22  # the cushions' and jaws' impact model: a model_id of sim/cushion_models.py
P_EE_CUSHION = 23  # the rubber's energetic restitution at speed P_EE_VREF (Mathavan 2010)
P_EE_VREF = 24
P_EE_EXP = 25  # 1 - e grows as (v / P_EE_VREF) ** P_EE_EXP
P_POCKET_MODEL = 26  # what a ball does past the slate edge: a model_id of sim/pocket_models.py
N_PARAMS = 27

# Motion states (same values as sim.events.MotionState).
STATIONARY = 0
SPINNING = 1
SLIDING = 2
ROLLING = 3
POCKETED = 4
FLYING = 5  # past the slate edge, off the cloth: straight on, dropping (pocket model "flight")

# Event kinds (same values as sim.events.EventKind).
EV_STRIKE = 0
EV_BALL_BALL = 1
EV_BALL_CUSHION = 2
EV_BALL_JAW = 3
EV_POCKET = 4
EV_SLIDE_ROLL = 5
EV_ROLL_SPIN = 6
EV_ROLL_STOP = 7
EV_SPIN_STOP = 8
EV_SLIDE_STOP = 9
EV_LINE_CROSS = 10
# Columns of the event log.
EVC_T = 0
EVC_KIND = 1
EVC_A = 2
EVC_B = 3
EVC_OBJ = 4
EVC_X = 5
EVC_Y = 6
EV_COLS = 7
# Static (ball against table) event candidates, before they are told apart in the log.
ST_NONE = -1
ST_SEGMENT = 0
ST_CIRCLE = 1
ST_CAPTURE = 2
ST_WATCH = 3
ST_RETURN = 4  # a flying ball's centre comes back over the slate edge it left

# Columns of the motion-segment log: each row starts a new piece of one ball's motion.
SEG_T = 0
SEG_BALL = 1
SEG_STATE = 2
SEG_RX = 3
SEG_RY = 4
SEG_VX = 5
SEG_VY = 6
SEG_WX = 7
SEG_WY = 8
SEG_WZ = 9
SEG_COLS = 10

# Columns of the per-ball motion table inside the event loop.
B_RX = 0
B_RY = 1
B_VX = 2
B_VY = 3
B_WX = 4
B_WY = 5
B_WZ = 6
B_AX = 7
B_AY = 8
B_TREF = 9  # time the row was last set
B_TEND = 10  # time its state ends by itself
B_STATE = 11
B_BX0 = 12  # box around the path until the state ends (chord widened by its bow)
B_BX1 = 13
B_BY0 = 14
B_BY1 = 15
B_QX = 16  # where the path would end (the chord from the reference centre to here)
B_QY = 17
B_BOW = 18  # how far the path strays from that chord
B_TEDGE = 19  # a flying ball: when it left the slate edge
B_POCKET = 20  # a flying ball: the pocket whose slate edge it left
B_COLS = 21

# Columns of the per-ball prediction cache.
C_STATIC_T = 0  # next contact with the table (absolute time)
C_STATIC_KIND = 1
C_STATIC_OBJ = 2
C_ROW_T = 3  # earliest pair event with a higher-numbered ball
C_ROW_J = 4
C_COLS = 5

# Columns of the table's straight pieces (cushion noses and jaw faces).
S_X0 = 0
S_Y0 = 1
S_X1 = 2
S_Y1 = 3
S_NX = 4
S_NY = 5
S_JAW = 6
S_E_BACK = 7  # the pocket's back (sim.table.SEGMENT_POCKET_BACK): its restitution; else -1
S_COLS = 8

"""Closed-form table geometry for the AI: pockets and their windows, straight paths, clean
pots by the ghost ball with a pot probability under the execution noise, banks.  No
simulation: the pre-filter that decides which strokes are worth simulating, the greedy
agent's whole brain, and the one-stroke look-ahead of the position value.  ``kernels`` holds
the compiled versions the inner loops call."""
from .banks import BankRoute, bank_routes, bank_sequences, cushion_rebound_ratio, rebound_lines
from .paths import first_ball_on_line, mirror, on_bed_path, path_clear, seg_point_dist
from .pockets import (CORNER, JAW_RAMP_M, MAX_CORNER_APPROACH, MAX_CUT_RAD, MAX_MIDDLE_APPROACH,
                      THROAT_EXIT_COS, W_CORNER, W_MIDDLE, Pockets, in_throat_pocket,
                      jaw_clearance_m, jaw_factor, jaw_share, jaw_shares, pocket_window_m,
                      pockets_of)
from .shot_table import (MIN_CUT_COS, NEAR_POCKET_M, ShotTable, erf, pot_speed, shot_table,
                         sigma_phi)

__all__ = [n for n in dir() if not n.startswith("_")]

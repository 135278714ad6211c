"""The one decorator every compiled kernel uses.

``cache=True``: a second process loads machine code instead of compiling (about 0.8 s instead
of about 30 s).  ``error_model="numpy"``: divisions do not carry Python's zero-division checks;
the kernels guard their own divisions, and the smaller code compiles and runs faster.
"""
import math

from numba import njit

kernel = njit(cache=True, error_model="numpy")


@kernel
def norm2(x, y):
    """Length of (x, y): sqrt compiles to one instruction, where math.hypot calls libm's
    overflow-safe routine, several times slower; our values are far from overflow."""
    return math.sqrt(x * x + y * y)

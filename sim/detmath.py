"""Elementary functions that give the same bits on every x86-64 machine.

Why: billiards is chaotic, so one last-digit difference in a stroke's angle parts two games a
few strokes later.  The system's implementations are chosen by the CPU: glibc's libm picks an
FMA variant of sin, cos, atan2, exp, log and pow on CPUs with FMA and AVX2 (the Python ``math``
module and Numba's compiled ``math.*`` both call it), numpy dispatches its array exp, arccos,
power, tanh, ... to AVX-512 or AVX2 code at run time, and BLAS (``@``, ``np.dot``,
``np.linalg.norm``) to a kernel per CPU family.  Each gives other last digits on another CPU.

What: these functions use nothing but IEEE 754 addition, subtraction, multiplication, division
and square root (correctly rounded on every conforming CPU), ``floor``, ``ldexp``/``frexp`` and
``copysign`` (exact), compiled by Numba, which contracts no multiply-add into a fused one
without ``fastmath`` (``tests/sim/test_detmath.py`` checks both: no call to libm in the
machine code, and the same bits under other CPU settings).  The game's path (the simulator's
kernels, the rules' geometry, the AI's search and value) computes with these and with plain
arithmetic only.

How: argument reduction by Cody and Waite (1980) with pi/2 and ln 2 split into parts with
trailing zeros, so that k * part is exact; then Taylor series on the reduced argument, long
enough that the first term left out is below 1e-18 of the result.  Accuracy: within 2 units
in the last place of the correctly rounded value over the tested ranges (the tests compare
with the decimal module at 50 digits), against about 0.5-1 for glibc.  Speed: comparable to
libm inside compiled kernels (``benchmarks/detmath_bench.py``).

Every function here is a Numba kernel that Python may call too (about 0.3 us a call); the
``*_array`` versions take numpy arrays of any shape.

Constants: the digits of pi/2, ln 2 and atan(k/8) below were computed with Python's decimal
module at 80 digits (the test recomputes them), written as hexadecimal floats.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

_jit = njit(cache=True, error_model="numpy")

# pi/2 = PIO2_1 + PIO2_2 + PIO2_3 (+ < 1e-36): the first two of 33 significant bits, so that
# k * PIO2_1 and k * PIO2_2 are exact for |k| < 2**20
PIO2_1 = float.fromhex("0x1.921fb544p+0")
PIO2_2 = float.fromhex("0x1.0b4611a6p-34")
PIO2_3 = float.fromhex("0x1.3198a2e037073p-69")
# the reduction above is exact up to |x| = 2**19 * pi; beyond it x is first reduced modulo
# the float nearest 2 pi (exact but not the true period: such angles are not a billiard's)
REDUCE_MAX = 2.0 ** 19 * math.pi
TWO_PI_FLOAT = float.fromhex("0x1.921fb54442d18p+2")
TWO_OVER_PI = float.fromhex("0x1.45f306dc9c883p-1")
# pi and pi/2 as a float and the rest
PI_HI = float.fromhex("0x1.921fb54442d18p+1")
PI_LO = float.fromhex("0x1.1a62633145c07p-53")
PIO2_HI = float.fromhex("0x1.921fb54442d18p+0")
PIO2_LO = float.fromhex("0x1.1a62633145c07p-54")
# ln 2 = LN2_HI + LN2_LO: LN2_HI of 42 significant bits, so that k * LN2_HI is exact for
# |k| < 2**11 (every k of a finite exp)
LN2_HI = float.fromhex("0x1.62e42fefa38p-1")
LN2_LO = float.fromhex("0x1.ef35793c76730p-45")
INV_LN2 = float.fromhex("0x1.71547652b82fep+0")
EXP_MAX = 709.782712893384  # exp overflows above (ln of the largest float)
EXP_MIN = -745.1332191019412  # exp is 0 below (ln of half the smallest subnormal)
SQRT_HALF = float.fromhex("0x1.6a09e667f3bcdp-1")
# atan(k / 8), k = 0..8, as a float and the rest
ATAN_HI = np.array([float.fromhex(h) for h in (
    "0x0.0p+0", "0x1.fd5ba9aac2f6ep-4", "0x1.f5b75f92c80ddp-3", "0x1.6f61941e4def1p-2",
    "0x1.dac670561bb4fp-2", "0x1.1e00babdefeb4p-1", "0x1.4978fa3269ee1p-1",
    "0x1.700a7c5784634p-1", "0x1.921fb54442d18p-1")])
ATAN_LO = np.array([float.fromhex(h) for h in (
    "0x0.0p+0", "-0x1.cd37686760c17p-59", "0x1.8ab6e3cf7afbdp-57", "-0x1.c63aae6f6e918p-56",
    "0x1.a2b7f222f65e2p-56", "-0x1.928df287a668fp-58", "0x1.2419a87f2a458p-56",
    "-0x1.8c34d25aadef6p-56", "0x1.1a62633145c07p-55")])
TWO_OVER_SQRT_PI = float.fromhex("0x1.20dd750429b6dp+0")
INV_SQRT_PI = float.fromhex("0x1.20dd750429b6dp-1")

# Taylor coefficients, each the correctly rounded value of the exact rational (Python's int
# true division rounds correctly, on every machine)
SIN_C = tuple((-1) ** n / math.factorial(2 * n + 1) for n in range(1, 9))  # x^3 ... x^17
COS_C = tuple((-1) ** n / math.factorial(2 * n) for n in range(2, 10))  # x^4 ... x^18
EXP_C = tuple(1 / math.factorial(n) for n in range(2, 15))  # x^2 ... x^14
# log(1+f) = f - s (f - T),  s = f / (2 + f),  T = sum_{n>=1} 2 s^(2n) / (2n+1)
LOG_C = tuple(2 / (2 * n + 1) for n in range(1, 13))  # s^2 ... s^24
ATAN_C = tuple((-1) ** n / (2 * n + 1) for n in range(1, 10))  # u^3 ... u^19
ERF_SERIES_MAX = 2.5  # erf by its series below, by the continued fraction of erfc above
ERF_ONE = 6.0  # erf(x) rounds to 1 above
ERFC_CF_DEPTH = 60


@_jit
def _sin_kernel(r):
    z = r * r
    p = SIN_C[7]
    for i in range(6, -1, -1):
        p = SIN_C[i] + z * p
    return r + r * z * p


@_jit
def _cos_kernel(r):
    z = r * r
    p = COS_C[7]
    for i in range(6, -1, -1):
        p = COS_C[i] + z * p
    return (1.0 - 0.5 * z) + z * z * p


@_jit
def _reduce(x):
    """(k mod 4, r) with x = k pi/2 + r, |r| <= about pi/4."""
    if abs(x) > REDUCE_MAX:
        x = x % TWO_PI_FLOAT  # a float remainder is exact: the same bits everywhere
    k = math.floor(x * TWO_OVER_PI + 0.5)
    r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3
    return int(k) & 3, r


@_jit
def sin(x):
    if not math.isfinite(x):
        return math.nan
    if abs(x) < 0.7853981633974483:
        return _sin_kernel(x)
    q, r = _reduce(x)
    if q == 0:
        return _sin_kernel(r)
    if q == 1:
        return _cos_kernel(r)
    if q == 2:
        return -_sin_kernel(r)
    return -_cos_kernel(r)


@_jit
def cos(x):
    if not math.isfinite(x):
        return math.nan
    if abs(x) < 0.7853981633974483:
        return _cos_kernel(x)
    q, r = _reduce(x)
    if q == 0:
        return _cos_kernel(r)
    if q == 1:
        return -_sin_kernel(r)
    if q == 2:
        return -_cos_kernel(r)
    return _sin_kernel(r)


@_jit
def _atan_unit(t):
    """atan(t) for 0 <= t <= 1: atan(c) + atan(u), c = k/8 the nearest eighth,
    u = (t - c) / (1 + t c), |u| < 1/16."""
    k = int(math.floor(t * 8.0 + 0.5))
    c = k * 0.125
    u = (t - c) / (1.0 + t * c)
    z = u * u
    p = ATAN_C[8]
    for i in range(7, -1, -1):
        p = ATAN_C[i] + z * p
    return ATAN_HI[k] + (ATAN_LO[k] + (u + u * z * p))


@_jit
def atan(x):
    if math.isnan(x):
        return math.nan
    a = abs(x)
    if a <= 1.0:
        r = _atan_unit(a)
    elif math.isinf(a):
        r = PIO2_HI
    else:
        r = PIO2_HI - (_atan_unit(1.0 / a) - PIO2_LO)
    return math.copysign(r, x)


@_jit
def atan2(y, x):
    """The angle of (x, y) in [-pi, pi], with C's conventions for zeros and infinities."""
    if math.isnan(x) or math.isnan(y):
        return math.nan
    ax, ay = abs(x), abs(y)
    if ay == 0.0:
        r = 0.0 if math.copysign(1.0, x) > 0 else PI_HI
        return math.copysign(r, y)
    if ax == 0.0:
        return math.copysign(PIO2_HI, y)
    if math.isinf(ax) or math.isinf(ay):
        if math.isinf(ax) and math.isinf(ay):
            r = 0.7853981633974483 if x > 0 else 3 * 0.7853981633974483
        elif math.isinf(ax):
            r = 0.0 if x > 0 else PI_HI
        else:
            r = PIO2_HI
        return math.copysign(r, y)
    if ay <= ax:
        r = _atan_unit(ay / ax)
    else:
        r = PIO2_HI - (_atan_unit(ax / ay) - PIO2_LO)
    if x < 0.0:
        r = PI_HI - (r - PI_LO)
    return math.copysign(r, y)


@_jit
def asin(x):
    if not (-1.0 <= x <= 1.0):
        return math.nan
    return atan2(x, math.sqrt((1.0 - x) * (1.0 + x)))


@_jit
def acos(x):
    if not (-1.0 <= x <= 1.0):
        return math.nan
    return atan2(math.sqrt((1.0 - x) * (1.0 + x)), x)


@_jit
def exp(x):
    if math.isnan(x):
        return math.nan
    if x > EXP_MAX:
        return math.inf
    if x < EXP_MIN:
        return 0.0
    k = math.floor(x * INV_LN2 + 0.5)
    r = (x - k * LN2_HI) - k * LN2_LO
    p = EXP_C[12]
    for i in range(11, -1, -1):
        p = EXP_C[i] + r * p
    e = 1.0 + (r + r * r * p)
    return math.ldexp(e, int(k))


@_jit
def log(x):
    if math.isnan(x) or x < 0.0:
        return math.nan
    if x == 0.0:
        return -math.inf
    if math.isinf(x):
        return math.inf
    m, e = math.frexp(x)  # x = m 2^e, 0.5 <= m < 1
    if m < SQRT_HALF:
        m *= 2.0
        e -= 1
    f = m - 1.0  # exact (Sterbenz)
    s = f / (2.0 + f)
    z = s * s
    p = LOG_C[11]
    for i in range(10, -1, -1):
        p = LOG_C[i] + z * p
    t = z * p
    return e * LN2_HI + (e * LN2_LO + (f - s * (f - t)))


@_jit
def erf(x):
    if math.isnan(x):
        return math.nan
    a = abs(x)
    if a >= ERF_ONE:
        return math.copysign(1.0, x)
    if a < ERF_SERIES_MAX:
        # erf(a) = 2/sqrt(pi) exp(-a^2) sum_n 2^n a^(2n+1) / (1 3 5 ... (2n+1)): positive terms
        z = 2.0 * a * a
        term = a
        total = a
        n = 0
        while term > 1e-18 * total:
            n += 1
            term *= z / (2 * n + 1)
            total += term
        r = TWO_OVER_SQRT_PI * exp(-a * a) * total
    else:
        # erfc(a) = exp(-a^2) / sqrt(pi) / (a + (1/2) / (a + 1 / (a + (3/2) / (a + ...)))),
        # evaluated from a fixed depth
        k = a
        for n in range(ERFC_CF_DEPTH, 0, -1):
            k = a + (0.5 * n) / k
        r = 1.0 - INV_SQRT_PI * exp(-a * a) / k
    return math.copysign(r, x)


@_jit
def dot(u, v):
    """u . v of two 1-d arrays, summed in index order (numpy's dot and ``@`` call BLAS, whose
    kernel, and so the last digit, depends on the CPU)."""
    total = 0.0
    for i in range(u.size):
        total += u[i] * v[i]
    return total


@_jit
def hypot(x, y):
    """sqrt(x^2 + y^2) in plain arithmetic (libm's hypot guards against overflow with code
    that differs between versions; lengths on a table are far from it)."""
    return math.sqrt(x * x + y * y)


@_jit
def power(x, y):
    """x ** y for x > 0 (exp(y log x)): for the few fractional powers a model needs."""
    if x == 0.0:
        return 0.0 if y > 0 else math.inf
    return exp(y * log(x))


@_jit
def standard_normals_from_uniforms(u):
    """Standard normal draws, two from each pair of uniforms in [0, 1) (Box and Muller 1958):
    sqrt(-2 ln(1 - u1)) (cos, sin)(2 pi u2)."""
    n = u.size // 2
    out = np.empty(2 * n)
    for i in range(n):
        rad = math.sqrt(-2.0 * log(1.0 - u[2 * i]))
        ang = 2.0 * PI_HI * u[2 * i + 1]
        out[2 * i] = rad * cos(ang)
        out[2 * i + 1] = rad * sin(ang)
    return out


def standard_normal(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` standard normal draws from ``rng``, the same bits on every machine: numpy's own
    ``standard_normal`` calls libm's exp and log in its rare tail and wedge cases, which differ
    in the last digit between CPUs.  Uses ``2 * ceil(n / 2)`` uniforms of ``rng``."""
    u = rng.random(2 * ((n + 1) // 2))
    return standard_normals_from_uniforms(u)[:n]


@_jit
def _sin_into(x, out):
    for i in range(x.size):
        out[i] = sin(x[i])


@_jit
def _cos_into(x, out):
    for i in range(x.size):
        out[i] = cos(x[i])


@_jit
def _acos_into(x, out):
    for i in range(x.size):
        out[i] = acos(x[i])


@_jit
def _exp_into(x, out):
    for i in range(x.size):
        out[i] = exp(x[i])


@_jit
def _erf_into(x, out):
    for i in range(x.size):
        out[i] = erf(x[i])


@_jit
def _atan2_into(y, x, out):
    for i in range(x.size):
        out[i] = atan2(y[i], x[i])


@_jit
def _hypot_into(x, y, out):
    for i in range(x.size):
        out[i] = hypot(x[i], y[i])


@_jit
def _power_into(x, y, out):
    for i in range(x.size):
        out[i] = power(x[i], y[i])


def _apply1(kernel, x) -> np.ndarray:
    x = np.ascontiguousarray(x, dtype=np.float64)
    out = np.empty_like(x)
    kernel(x.reshape(-1), out.reshape(-1))
    return out


def _apply2(kernel, a, b) -> np.ndarray:
    a, b = np.broadcast_arrays(np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64))
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    out = np.empty_like(a)
    kernel(a.reshape(-1), b.reshape(-1), out.reshape(-1))
    return out


# Elementwise on arrays of any shape (a second argument broadcast against the first).
def sin_array(x) -> np.ndarray:
    return _apply1(_sin_into, x)


def cos_array(x) -> np.ndarray:
    return _apply1(_cos_into, x)


def acos_array(x) -> np.ndarray:
    return _apply1(_acos_into, x)


def exp_array(x) -> np.ndarray:
    return _apply1(_exp_into, x)


def erf_array(x) -> np.ndarray:
    return _apply1(_erf_into, x)


def atan2_array(y, x) -> np.ndarray:
    return _apply2(_atan2_into, y, x)


def hypot_array(x, y) -> np.ndarray:
    return _apply2(_hypot_into, x, y)


def power_array(x, y) -> np.ndarray:
    return _apply2(_power_into, x, y)


def dot2(u, v) -> float:
    """u . v of two 2-vectors in plain arithmetic (``u @ v`` and ``np.dot`` go to BLAS, whose
    kernel, and so the last digit, depends on the CPU)."""
    return float(u[0]) * float(v[0]) + float(u[1]) * float(v[1])


def length2(v) -> float:
    """|v| of a 2-vector, sqrt(x^2 + y^2) in plain arithmetic."""
    x, y = float(v[0]), float(v[1])
    return math.sqrt(x * x + y * y)

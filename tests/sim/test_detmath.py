"""sim.detmath: elementary functions from IEEE arithmetic alone, so the same bits on every
machine.  Checked here: the constants against the decimal module at 80 digits, the values
against the system's libm (itself within about 1 unit in the last place of the truth),
C's special values, the normal draws' moments, and that no compiled kernel of the game's path
calls libm (its machine code is read in a fresh process)."""
from __future__ import annotations

import math
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import pytest

from sim import detmath as dm



def _atan_decimal(x: Decimal) -> Decimal:
    """atan by its series after halving the argument three times (readable oracle)."""
    halvings = 3
    for _ in range(halvings):
        x = x / (1 + (1 + x * x).sqrt())
    total, power, k = Decimal(0), x, 0
    while abs(power) > Decimal(10) ** -75:
        total += (power if k % 2 == 0 else -power) / (2 * k + 1)
        power *= x * x
        k += 1
    return total * 2 ** halvings


def _float_and_rest(v: Decimal) -> tuple[float, float]:
    hi = float(v)
    return hi, float(v - Decimal(hi))


def test_constants_are_the_digits_of_pi_ln2_and_atan():
    getcontext().prec = 80
    pi = 4 * _atan_decimal(Decimal(1))
    # pi/2 in three parts: the first two of 33 bits (k * part exact for |k| < 2**20)
    parts = Fraction(dm.PIO2_1) + Fraction(dm.PIO2_2) + Fraction(dm.PIO2_3)
    assert abs(Fraction(pi / 2) - parts) < Fraction(1, 10 ** 35)
    for part in (dm.PIO2_1, dm.PIO2_2):
        assert (math.frexp(part)[0] * 2 ** 33).is_integer()
    assert (dm.PI_HI, dm.PI_LO) == _float_and_rest(pi)
    assert (dm.PIO2_HI, dm.PIO2_LO) == _float_and_rest(pi / 2)
    ln2 = Decimal(2).ln()
    assert abs(Fraction(ln2) - Fraction(dm.LN2_HI) - Fraction(dm.LN2_LO)) < Fraction(1, 10 ** 30)
    assert (math.frexp(dm.LN2_HI)[0] * 2 ** 42).is_integer()
    for k in range(9):
        assert (dm.ATAN_HI[k], dm.ATAN_LO[k]) == _float_and_rest(_atan_decimal(Decimal(k) / 8))
    assert dm.TWO_OVER_SQRT_PI == float(2 / pi.sqrt())


def _ulps(mine: np.ndarray, ref: np.ndarray) -> np.ndarray:
    return np.abs(mine - ref) / np.spacing(np.maximum(np.abs(ref), 1e-300))


RNG = np.random.default_rng(20261201)
CASES = [  # function, its libm twin, arguments, units in the last place allowed
    (dm.sin, math.sin, RNG.uniform(-40, 40, 3000), 2),
    (dm.cos, math.cos, RNG.uniform(-40, 40, 3000), 2),
    (dm.atan, math.atan, np.concatenate([RNG.uniform(-3, 3, 2000), RNG.standard_cauchy(500)]), 2),
    (dm.asin, math.asin, RNG.uniform(-1, 1, 3000), 3),
    (dm.acos, math.acos, RNG.uniform(-1, 1, 3000), 3),
    (dm.exp, math.exp, RNG.uniform(-700, 700, 3000), 2),
    (dm.log, math.log, np.exp(RNG.uniform(-700, 700, 3000)), 2),
    (dm.erf, math.erf, RNG.uniform(-7, 7, 3000), 16),
]


@pytest.mark.parametrize("mine, libm, xs, ulps", CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_values_agree_with_libm(mine, libm, xs, ulps):
    got = np.array([mine(float(x)) for x in xs])
    want = np.array([libm(float(x)) for x in xs])
    assert _ulps(got, want).max() <= ulps


def test_atan2_agrees_with_libm_and_c_conventions():
    y, x = RNG.uniform(-5, 5, 3000), RNG.uniform(-5, 5, 3000)
    got = dm.atan2_array(y, x)
    assert _ulps(got, np.array([math.atan2(a, b) for a, b in zip(y, x)])).max() <= 2
    for a, b in [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0),
                 (0.0, -1.0), (-0.0, -1.0), (math.inf, 1.0), (1.0, -math.inf),
                 (math.inf, -math.inf), (-math.inf, math.inf), (2.0, math.inf)]:
        want = math.atan2(a, b)
        assert dm.atan2(a, b) == want and math.copysign(1, dm.atan2(a, b)) == math.copysign(1, want)


def test_special_values():
    assert dm.acos(1.0) == 0.0 and dm.acos(-1.0) == math.pi and dm.asin(1.0) == math.pi / 2
    assert math.isnan(dm.acos(1.5)) and math.isnan(dm.log(-1.0)) and math.isnan(dm.sin(math.inf))
    assert dm.exp(0.0) == 1.0 and dm.exp(710.0) == math.inf and dm.exp(-746.0) == 0.0
    assert dm.log(1.0) == 0.0 and dm.log(0.0) == -math.inf and dm.log(math.e) == 1.0
    assert dm.erf(0.0) == 0.0 and dm.erf(9.0) == 1.0 and dm.erf(-9.0) == -1.0
    assert dm.sin(0.0) == 0.0 and dm.cos(0.0) == 1.0 and dm.atan(math.inf) == math.pi / 2
    assert dm.power(4.0, 0.5) == 2.0 and dm.power(0.0, 1.5) == 0.0
    # huge angles are reduced too (modulo the float 2 pi), the same on every machine
    assert abs(dm.sin(1e7)) <= 1.0 and abs(dm.cos(1e12)) <= 1.0


def test_arrays_are_the_scalar_functions_elementwise():
    x = RNG.uniform(-1, 1, (15, 6))
    assert np.array_equal(dm.acos_array(x), np.vectorize(dm.acos)(x))
    assert np.array_equal(dm.cos_array(x), np.vectorize(dm.cos)(x))
    assert np.array_equal(dm.exp_array(x), np.vectorize(dm.exp)(x))
    y = x[::-1]
    assert np.array_equal(dm.hypot_array(x, y), np.sqrt(x * x + y * y))


def test_dot_and_lengths_are_plain_arithmetic():
    u, v = RNG.uniform(-1, 1, 19), RNG.uniform(-1, 1, 19)
    total = 0.0
    for a, b in zip(u, v):
        total += float(a) * float(b)
    assert dm.dot(u, v) == total
    assert dm.dot2(u, v) == float(u[0]) * float(v[0]) + float(u[1]) * float(v[1])
    assert dm.length2((3.0, 4.0)) == 5.0


def test_standard_normals():
    """Box-Muller from the generator's uniforms: the same draws for the same seed, the right
    moments, and the readable formula's values."""
    a = dm.standard_normal(np.random.default_rng(5), 200_001)
    b = dm.standard_normal(np.random.default_rng(5), 200_001)
    assert np.array_equal(a, b) and a.shape == (200_001,)
    assert abs(a.mean()) < 0.01 and abs(a.std() - 1.0) < 0.01
    assert abs((np.abs(a) > 1.96).mean() - 0.05) < 0.003
    u = np.random.default_rng(5).random(4)
    r1, r2 = math.sqrt(-2 * math.log(1 - u[0])), math.sqrt(-2 * math.log(1 - u[2]))
    want = [r1 * math.cos(2 * math.pi * u[1]), r1 * math.sin(2 * math.pi * u[1]),
            r2 * math.cos(2 * math.pi * u[3])]
    assert np.allclose(dm.standard_normal(np.random.default_rng(5), 3), want, rtol=0, atol=1e-14)


# That no compiled kernel of the game calls libm is checked where every kernel is compiled
# afresh anyway: tests/sim/test_warmup.py.

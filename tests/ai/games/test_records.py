"""ai.games.records: finding the interrupt behind an exception (a signal inside Numba code)."""
from __future__ import annotations

from ai.games.records import interrupt_in


def _raised(make):
    try:
        make()
    except BaseException as exc:  # noqa: BLE001 - the test inspects whatever was raised
        return exc
    raise AssertionError("nothing raised")


def test_an_interrupt_is_found_directly_as_a_cause_or_as_a_context():
    ki = KeyboardInterrupt()
    assert interrupt_in(ki) is ki

    def wrapped():
        try:
            raise ki
        except KeyboardInterrupt as exc:
            raise SystemError("returned a result with an exception set") from exc
    assert interrupt_in(_raised(wrapped)) is ki

    def during_handling():
        try:
            raise ki
        except KeyboardInterrupt:
            raise RuntimeError("cleanup failed")
    assert interrupt_in(_raised(during_handling)) is ki


def test_a_plain_failure_is_not_an_interrupt_even_with_a_cycle():
    a, b = RuntimeError("a"), ValueError("b")
    a.__context__, b.__context__ = b, a
    assert interrupt_in(a) is None
    assert interrupt_in(RuntimeError("x")) is None

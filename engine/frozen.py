"""A mapping that cannot change and can be hashed: what a :class:`engine.state.GameState`
holds its balls in (issue 53: ``hash(GameState)`` works).

:class:`FrozenBalls` is a ``dict`` (so ``json.dumps``, ``dict(...)``, ``isinstance(x, dict)``
and equality with a plain dict behave as before) whose changing methods raise ``TypeError``;
its hash is the hash of its items.  ``copy()`` gives a plain, changeable ``dict``.
"""
from __future__ import annotations


def _refuse(self, *args, **kwargs):
    raise TypeError("a game state's balls cannot change: build a new dict "
                    "(dict(state.balls)) and a new state (dataclasses.replace)")


class FrozenBalls(dict):
    """``{ball id: (x, y)}`` that cannot change; hashed by its items."""

    __slots__ = ("_hash",)

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            h = hash(frozenset(self.items()))
            object.__setattr__(self, "_hash", h)
            return h

    __setitem__ = __delitem__ = _refuse
    pop = popitem = clear = update = setdefault = _refuse
    __ior__ = _refuse

    def copy(self) -> dict:
        return dict(self)

    def __reduce__(self):
        # pickled (a process pool's worker) as its items, rebuilt in one call
        return (FrozenBalls, (dict(self),))


__all__ = ["FrozenBalls"]

"""The ``undo`` action between strokes (issue 54): the last line taken back stays in a
human game's record, named, with no effect on the state; a malformed one is refused, naming
its field."""
from __future__ import annotations

import pytest

from engine import initial_state
from engine.errors import MalformedInputError
from engine.special import apply_action


def test_an_undo_leaves_the_state_as_it_is():
    st = initial_state("two-player", "exact")
    assert apply_action(st, {"action": "undo", "line": "7 FL"}) == st
    assert apply_action(st, {"action": "undo", "action_undone": {"action": "warning"}}) == st


@pytest.mark.parametrize("action, field", [
    ({"action": "undo"}, "undo"),
    ({"action": "undo", "line": "7 FL", "action_undone": {"action": "warning"}}, "undo"),
    ({"action": "undo", "line": "7 FL", "extra": 1}, "undo"),
    ({"action": "undo", "line": 7}, "undo.line"),
    ({"action": "undo", "line": "x" * 501}, "undo.line"),
    ({"action": "undo", "action_undone": {"action": "undo", "line": "7 FL"}},
     "undo.action_undone"),
])
def test_a_malformed_undo_is_refused_naming_its_field(action, field):
    with pytest.raises(MalformedInputError) as exc:
        apply_action(initial_state("two-player", "exact"), action)
    assert str(exc.value).startswith(field), str(exc.value)

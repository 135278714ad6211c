"""docs/API.md: every Python block runs, in order, in one namespace (issue 14, item 7)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

API_MD = Path(__file__).resolve().parents[1] / "docs" / "API.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_api_page_has_examples_for_each_layer():
    text = API_MD.read_text(encoding="utf-8")
    blocks = python_blocks(text)
    assert len(blocks) >= 4
    joined = "\n".join(blocks)
    for module in ("from sim import", "from engine import", "from ai.registry import",
                   "from ai.env import"):
        assert module in joined


def test_every_example_runs(capsys):
    pytest.importorskip("gymnasium")
    namespace: dict = {}
    for k, block in enumerate(python_blocks(API_MD.read_text(encoding="utf-8"))):
        try:
            exec(compile(block, f"docs/API.md block {k + 1}", "exec"), namespace)
        except Exception as exc:  # name the block that broke
            raise AssertionError(f"docs/API.md block {k + 1} failed: {exc!r}") from exc
    out = capsys.readouterr().out
    assert "strokes; score" in out and "scores (mine, theirs):" in out

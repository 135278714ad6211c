"""Write the docs' tables of operations again from the app layer's table
(:mod:`russian_pyramid.app.operations_doc`): ``python -m tests.russian_pyramid.operations_docs``
rewrites docs/ENGINE.md and docs/BOARD.md between their markers (tests/russian_pyramid/
test_operations.py checks they are what it writes)."""
from __future__ import annotations

from pathlib import Path

from russian_pyramid.app.operations_doc import Door, with_table

ROOT = Path(__file__).resolve().parents[2]
DOCS = {Door.ENGINE: ROOT / "docs" / "ENGINE.md", Door.BOARD: ROOT / "docs" / "BOARD.md"}


def written(door: Door) -> str:
    """``door``'s document as it should be: its table written again."""
    return with_table(DOCS[door].read_text(encoding="utf-8"), door)


def write() -> None:
    for door, path in DOCS.items():
        text = written(door)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    write()

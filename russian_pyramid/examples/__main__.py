"""``python -m russian_pyramid.examples [NAME] [--path]``: the shipped examples listed, one printed
(to copy and change: ``python -m russian_pyramid.examples open > mine.json``), or where it lies
(``--path``).  An unknown name exits 2 naming the ones there are."""
from __future__ import annotations

import argparse
import sys

from . import EXAMPLES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m russian_pyramid.examples",
        description="The example files shipped with pyramid: without NAME, the list; with it, "
                    "the file's text (or its place, with --path).")
    parser.add_argument("name", metavar="NAME", nargs="?", help="an example's name")
    parser.add_argument("--path", action="store_true", help="print where the file lies")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.name is None:
        width = max(len(n) for n in EXAMPLES)
        for e in EXAMPLES.values():
            print(f"{e.name:<{width}}  pyramid {e.command:<16} {e.file}: {e.what}")
        return 0
    example = EXAMPLES.get(args.name)
    if example is None:
        print(f"{parser.prog}: error: no example {args.name[:60]!r}; the examples: "
              f"{', '.join(EXAMPLES)}", file=sys.stderr)
        return 2
    if args.path:
        print(example.path)
    else:
        sys.stdout.write(example.path.read_text(encoding="utf-8"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The top layer's shape, checked (issue 24's measures): the board and the command line are
adapters over the application layer (:mod:`russian_pyramid.app`), not over each other; imports of the
project's own packages sit at the top of a module, where the dependency shows (at most
:data:`MAX_INNER_IMPORTS` inside functions, each saying why on its line or the line above);
units stay readable (:data:`MAX_MODULE_LINES`, :data:`MAX_FUNCTION_LINES`).

The compiled physics (``sim/physics/``) is exempt from the sizes: an event loop compiled as
one kernel reads better whole than cut to a length."""
import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sim", "engine", "ai", "russian_pyramid")
EXEMPT_FROM_SIZES = ("sim/physics/",)
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 120
MAX_INNER_IMPORTS = 3


def _files():
    for top in PACKAGES:
        yield from sorted((ROOT / top).rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _project_modules(node: ast.AST, path: Path) -> list[str]:
    """The project modules an import statement names (relative ones resolved)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            here = list(path.relative_to(ROOT).with_suffix("").parts)
            here = here[:-1] if here[-1] != "__init__" else here[:-1]
            base = here[:len(here) - node.level + 1]
            mod = ".".join(base + ([node.module] if node.module else []))
        else:
            mod = node.module or ""
        names = [mod] + [f"{mod}.{a.name}" for a in node.names]
    else:
        return []
    return [n for n in names if n.split(".")[0] in PACKAGES]


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        yield node, _project_modules(node, path)


def test_the_board_and_the_app_do_not_import_the_command_line():
    bad = []
    for path in _files():
        rel = _rel(path)
        if not (rel.startswith("russian_pyramid/board/") or rel.startswith("russian_pyramid/app/")):
            continue
        for node, mods in _imports(path):
            if any(m == "russian_pyramid.commands" or m.startswith("russian_pyramid.commands.") for m in mods):
                bad.append(f"{rel}:{node.lineno}")
    assert not bad, f"the board and the app layer import russian_pyramid.commands: {bad}"


def test_the_app_layer_does_not_import_its_adapters():
    bad = []
    for path in (ROOT / "russian_pyramid" / "app").rglob("*.py"):
        for node, mods in _imports(path):
            if any(m.startswith("russian_pyramid.board") for m in mods):
                bad.append(f"{_rel(path)}:{node.lineno}")
    assert not bad, f"russian_pyramid.app imports the board: {bad}"


# The parts of russian_pyramid in layers (issue 53 item 7): a module imports parts of its own
# level or below, never above.  0: what every part uses (errors, files, the shipped examples);
# 1: the parts behind the application layer -- the scorekeeping session, the photo reader,
# the drawings and plots, the progress bar; 2: the application layer; 3: the board (an
# adapter); 4: the command line (an adapter, which also starts the board); 5: the entry
# point.  Every part has a level: a new one must be placed here.
PART_LEVELS = {
    "errors": 0, "io": 0, "examples": 0,
    "scorekeeping": 1, "photo": 1, "drawing": 1, "diagrams": 1, "pictures": 1,
    "human_plot": 1, "analysis_plot": 1, "tournament_plot": 1, "progress": 1,
    "app": 2, "board": 3, "commands": 4, "cli": 5, "__main__": 5, "__init__": 5}
ADAPTERS = ("board", "commands")
# the one door to the command line: the entry point and the commands themselves
COMMAND_LINE_IMPORTERS = ("cli", "__main__", "commands")


def _part(module: str) -> str | None:
    """The part of russian_pyramid a dotted module belongs to (None outside it)."""
    parts = module.split(".")
    if parts[0] != "russian_pyramid":
        return None
    return parts[1] if len(parts) > 1 else "__init__"


def _file_part(path: Path) -> str:
    rel = path.relative_to(ROOT / "russian_pyramid").with_suffix("").parts
    return rel[0]


@functools.cache
def _part_imports() -> tuple[tuple[str, int, str, str], ...]:
    """(file, line, importing part, imported part) of every import between two parts of
    russian_pyramid, anywhere in a file (read once for the tests below)."""
    out = []
    for path in sorted((ROOT / "russian_pyramid").rglob("*.py")):
        mine = _file_part(path)
        for node, mods in _imports(path):
            for m in mods:
                theirs = _part(m)
                if theirs is not None and theirs != mine and theirs != "__init__":
                    out.append((_rel(path), node.lineno, mine, theirs))
    return tuple(out)


def test_every_part_of_the_application_package_has_a_level():
    parts = {_file_part(p) for p in (ROOT / "russian_pyramid").rglob("*.py")}
    assert parts <= set(PART_LEVELS), f"parts without a level: {sorted(parts - set(PART_LEVELS))}"


def test_no_part_of_the_application_package_imports_a_higher_one():
    bad = sorted({f"{rel}:{n} ({mine}, level {PART_LEVELS[mine]}) imports {theirs} (level "
                  f"{PART_LEVELS[theirs]})" for rel, n, mine, theirs in _part_imports()
                  if PART_LEVELS[theirs] > PART_LEVELS[mine]})
    assert not bad, "imports going up russian_pyramid's levels:\n" + "\n".join(bad)


def test_only_the_entry_point_imports_the_command_line():
    bad = sorted({f"{rel}:{n}" for rel, n, mine, theirs in _part_imports()
                  if theirs == "commands" and mine not in COMMAND_LINE_IMPORTERS})
    assert not bad, f"modules importing russian_pyramid.commands: {bad}"


def test_the_adapters_reach_the_match_through_the_application_layer():
    """The board and the command line keep score through russian_pyramid.app.match, never
    the scorekeeping session itself."""
    bad = sorted({f"{rel}:{n}" for rel, n, mine, theirs in _part_imports()
                  if mine in ADAPTERS and theirs == "scorekeeping"})
    assert not bad, f"adapters importing russian_pyramid.scorekeeping: {bad}"


def test_the_part_checks_see_the_imports():
    """The checks are not empty by mistake: known imports between parts are found."""
    found = {(mine, theirs) for _, _, mine, theirs in _part_imports()}
    assert {("commands", "app"), ("board", "app"), ("app", "scorekeeping"),
            ("cli", "commands"), ("app", "errors")} <= found


def _inner_imports():
    out = []
    for path in _files():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if _project_modules(node, path):
                    out.append((_rel(path), node.lineno, lines))
    return sorted({(r, n): ls for r, n, ls in out}.items())


def test_few_project_imports_hide_inside_functions_and_each_says_why():
    inner = _inner_imports()
    where = [f"{r}:{n}" for (r, n), _ in inner]
    assert len(inner) <= MAX_INNER_IMPORTS, f"{len(inner)} imports inside functions: {where}"
    silent = [f"{r}:{n}" for (r, n), lines in inner
              if "#" not in lines[n - 1] and not lines[n - 2].strip().startswith("#")]
    assert not silent, f"an import inside a function without a comment saying why: {silent}"


def _sized():
    for path in _files():
        rel = _rel(path)
        if not rel.startswith(EXEMPT_FROM_SIZES):
            yield path, rel


def test_no_module_is_over_the_limit():
    long = [(rel, n) for path, rel in _sized()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_no_function_is_over_the_limit():
    long = []
    for path, rel in _sized():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long.append((f"{rel}:{node.name}", n))
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"

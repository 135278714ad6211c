"""The architecture, checked: the layers sim < engine < ai < russian_pyramid (a module imports only
from its own layer or below, also inside functions, where an upward import would otherwise
hide), and no import cycles between modules (again counting imports inside functions, which
is how a cycle usually hides)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = {"sim": 0, "engine": 1, "ai": 2, "russian_pyramid": 3}


def modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the four packages."""
    out = {}
    for top in LAYERS:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, known: set[str]) -> list[tuple[int, str]]:
    """(line, dotted module) of every project module ``name`` imports, anywhere in the file.
    ``from a.b import c`` counts as an import of a.b, and of a.b.c when that is a module."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            # ``from . import x`` names the parent package only to reach x: not an edge
            if t in known and not name.startswith(t + "."):
                out.append((node.lineno, t))
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {m: {t for _, t in imports_of(m, p, known)} - {m} for m, p in mods.items()}


def test_no_import_goes_up_the_layers():
    mods = modules()
    known = set(mods)
    bad = []
    for m, path in mods.items():
        mine = LAYERS[m.split(".")[0]]
        for line, t in imports_of(m, path, known):
            if LAYERS[t.split(".")[0]] > mine:
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {t}")
    assert not bad, "imports that go up the layers:\n" + "\n".join(bad)


def test_no_import_cycles():
    g = graph()
    # Tarjan's strongly connected components
    index, low, on_stack, stack, cycles = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


def test_the_checks_see_the_code():
    """The graph is not empty by mistake: known imports are found."""
    g = graph()
    assert "engine.manner" in g["engine.stroke"]
    assert "ai.search.pipeline" in g["ai.search"]
    assert len(g) > 60

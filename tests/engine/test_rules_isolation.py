"""The rules core knows geometry and events, not how they are computed: no module in
engine/ imports the simulator's kernels or sim.api (it must referee a real game too)."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# data types and the event rows' column layout; never the kernels that compute them
# (sim.presets: the named tables, TableSpec values, and which of them a game may be played on)
ALLOWED_SIM = {"sim.table", "sim.presets", "sim.events", "sim.result", "sim.layout"}


def imported_modules(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_engine_imports_only_sim_data_types():
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 10
    for f in files:
        for mod in imported_modules(f):
            if mod == "sim" or mod.startswith("sim."):
                assert mod in ALLOWED_SIM, f"{f.name} imports {mod}"

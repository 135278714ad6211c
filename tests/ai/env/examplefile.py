"""An example script of ``examples/`` loaded as a module, for the tests of its functions."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def load_example(file_name: str, module_name: str) -> ModuleType:
    """``examples/file_name`` imported as ``module_name`` (registered in ``sys.modules``: its
    dataclasses look their module up), the examples' folder on ``sys.path`` while it loads
    (an example may import the file beside it, as when it runs or is named as an agent)."""
    spec = importlib.util.spec_from_file_location(module_name, EXAMPLES / file_name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    sys.path.insert(0, str(EXAMPLES))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(EXAMPLES))
    return module

"""The application layer's public functions return typed values (issue 53, done when): no
``dict``, ``Mapping`` or ``Any`` in the return annotation of a public function or method of
``russian_pyramid/app/``, and none missing; JSON is made at the edge, by ``to_json`` (and the
``*_json`` methods that give a value's JSON), in the board and the command line.  Parameters
are the input's edge (a query string's or a JSON object's options are a ``Mapping``): the ones
that still take a dict are listed, so that no new one is added unseen.

What is left is listed with its reason (:data:`RETURNS_LEFT`); the list only shrinks."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "russian_pyramid" / "app"
UNTYPED = re.compile(r"\b(dict|Dict|Mapping|MutableMapping|Any)\b")

# function -> why it still returns JSON pieces (none is left)
RETURNS_LEFT: dict[str, str] = {}  # empty: every public function returns a typed value
# function(parameter) that still take a dict or a Mapping
PARAMS_LEFT = {
    "analysis_doc.mapping(fields)", "options.Options.from_params(params)",
    "options.num_arg(params)", "options.skill_arg(params)", "options.lang_arg(params)",
    "options.SuggestOptions.from_params(params)", "options.SimulateOptions.from_params(params)",
    "options.NoOptions.from_params(params)", "options.PhotoOptions.from_params(params)",
    "options.check_json_kinds(options)", "options.check_json_kinds(params)",
    "options.options_from_json(options)", "position.check_shapes(obj)", "position.table_of(doc)",
    "position.accounting(doc)",
    "record_view.stroke_paths(strike_obj)", "review.difference(played)",
    "review.difference(best)", "review.review_document(analysis)",
    "review_page.review_page(review)", "review_page.write_review_page(review)",
    "tournament.TournamentListener.game_over(line)",
    "tournament.TournamentListener.record_not_written(line)",
    "tournament.tournament_report(results)", "tournament.tournament_report(extra)",
    "tournament.tournament_report(failed)",
}


def _is_json_method(name: str) -> bool:
    return name == "to_json" or name.endswith("_json")


def public_functions():
    """(``module.Class.function``, node) of every public function and method of the app."""
    for path in sorted(APP.rglob("*.py")):
        module = path.relative_to(APP).with_suffix("").as_posix().replace("/", ".")
        stack = [(module, n) for n in ast.parse(path.read_text(encoding="utf-8")).body]
        while stack:
            prefix, node = stack.pop()
            if node_name(node).startswith("_"):
                continue
            if isinstance(node, ast.ClassDef):
                stack += [(f"{prefix}.{node.name}", n) for n in node.body]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield f"{prefix}.{node.name}", node


def node_name(node) -> str:
    return getattr(node, "name", "")


def untyped_returns() -> dict[str, str]:
    out = {}
    for name, fn in public_functions():
        if _is_json_method(fn.name):
            continue
        shown = "missing" if fn.returns is None else ast.unparse(fn.returns)
        if fn.returns is None or UNTYPED.search(shown):
            out[name] = shown
    return out


def untyped_params() -> set[str]:
    out = set()
    for name, fn in public_functions():
        for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs:
            if a.annotation is not None and UNTYPED.search(ast.unparse(a.annotation)):
                out.add(f"{name}({a.arg})")
    return out


def test_the_app_returns_typed_values():
    found = untyped_returns()
    new = {k: v for k, v in found.items() if k not in RETURNS_LEFT}
    assert not new, f"public functions of russian_pyramid/app returning untyped values: {new}"
    gone = set(RETURNS_LEFT) - set(found)
    assert not gone, f"typed now: take them off RETURNS_LEFT: {gone}"


def test_no_new_parameter_takes_an_untyped_value():
    found = untyped_params()
    assert found <= PARAMS_LEFT, f"new untyped parameters: {found - PARAMS_LEFT}"
    assert PARAMS_LEFT <= found, f"typed now: take them off PARAMS_LEFT: {PARAMS_LEFT - found}"


def test_the_check_finds_what_it_looks_for(tmp_path, monkeypatch):
    """The scan itself: a dict, a Mapping, an Any or no annotation is found; to_json is not."""
    (tmp_path / "m.py").write_text(
        "from typing import Any, Mapping\n"
        "def a() -> dict: ...\ndef b() -> list[dict[str, Any]]: ...\n"
        "def c(x: Mapping) -> int: ...\ndef d(): ...\ndef _e() -> dict: ...\n"
        "class K:\n    def to_json(self) -> dict: ...\n    def f(self) -> 'Mapping': ...\n",
        encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "APP", tmp_path)
    assert set(untyped_returns()) == {"m.a", "m.b", "m.d", "m.K.f"}
    assert untyped_params() == {"m.c(x)"}

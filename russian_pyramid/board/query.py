"""The board's query strings (issue 51, item 7): each route takes its own parameters and no
other, each once, none empty, a number written as plain decimal digits.  The guard
(:mod:`russian_pyramid.board.guard`, step 6) asks :func:`query_refusal` of every request it lets
in and answers a refusal with HTTP 400 naming the parameter and quoting its value (cut,
:func:`engine.errors.excerpt`).

What a value of the right form means -- ``top`` in its range, ``lang`` a language, ``table``
a table -- is the route's own check (:mod:`russian_pyramid.app.options`, ...): HTTP 422, as
for a body that is JSON but not acceptable.

* :data:`ROUTE_PARAMS` -- each route's parameters and the form of their values;
* :func:`query_refusal` -- a request's query string checked against its route's.
"""
from __future__ import annotations

import re
from urllib.parse import parse_qsl

from engine.errors import excerpt

from ..app.operations import board_operations
from ..app.options import OptionKind

# the forms a value is written in; each parameter's value must be its form in full
INTEGER, NUMBER, NAME_OR_NUMBER, TEXT = "integer", "number", "name or number", "text"
FORMS = {INTEGER: re.compile(r"-?[0-9]+", re.ASCII),
         NUMBER: re.compile(r"-?[0-9]+(?:\.[0-9]+)?", re.ASCII),
         NAME_OR_NUMBER: re.compile(r"[a-z][a-z-]*|-?[0-9]+(?:\.[0-9]+)?", re.ASCII),
         TEXT: re.compile(r".+", re.S)}
SAID = {INTEGER: "an integer in plain digits (such as 3)",
        NUMBER: "a number in plain decimal digits (such as 0.5)",
        NAME_OR_NUMBER: "a name (such as club) or a number in plain decimal digits",
        TEXT: "some text"}
# every route may carry the run's token (the guard reads it: a script's ?token=)
TOKEN = {"token": TEXT}
# an option's kind (russian_pyramid.app.options) to the form of its value in a query string
FORM_OF = {OptionKind.INTEGER: INTEGER, OptionKind.NUMBER: NUMBER,
           OptionKind.NAME_OR_NUMBER: NAME_OR_NUMBER, OptionKind.NAME: TEXT,
           OptionKind.TEXT: TEXT}


def route_params() -> dict[str, dict[str, str]]:
    """Each route's parameters with their forms: the board's own (``/api/table``), then each
    operation's options (:mod:`russian_pyramid.app.operations`), those that take any."""
    out = {"/api/table": {"name": TEXT}}
    for op in board_operations():
        if op.options.PARAMS:
            out[op.path] = {name: FORM_OF[kind] for name, kind in op.options.PARAMS.items()}
    return out


ROUTE_PARAMS = route_params()  # as imported (query_refusal reads the table afresh)
MAX_PARAMS = 20  # more than any route takes, with its token, twice over
FIELD_CHARS = 100  # a refused parameter's name, as the answer's "field", cut to this


def query_refusal(path: str, query: str) -> tuple[str, str] | None:
    """None when the query string ``query`` (as it came, percent-encoded) has only the
    parameters of the route at ``path``, each once, each of its form; else ``(field,
    message)``, the message naming the parameter and quoting its value (cut)."""
    accepted = {**TOKEN, **route_params().get(path, {})}  # an operation registered late too
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=MAX_PARAMS)
    except ValueError:
        return "query", f"the query string has more than {MAX_PARAMS} parameters"
    seen: set[str] = set()
    for name, value in pairs:
        if name not in accepted:
            names = ", ".join(sorted(accepted))
            return name[:FIELD_CHARS], (f"unknown parameter {excerpt(name)} for "
                                        f"{path[:100]}; it takes {names}")
        if name in seen:
            return name, f"{name} is given more than once: give it once"
        seen.add(name)
        form = accepted[name]
        if value == "":
            return name, f"{name} is empty: give {SAID[form]}, or leave it out"
        if not FORMS[form].fullmatch(value):
            return name, f"{name} = {excerpt(value)} must be {SAID[form]}"
    return None

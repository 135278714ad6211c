"""Walking a JSON value for fuzz tests that damage one field at a time."""
from __future__ import annotations


def json_paths(obj, prefix=()):
    """Every ``(path, value)`` inside a JSON value, the value itself first (path ``()``);
    a path is the tuple of dict keys and list indices leading to the value."""
    yield prefix, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from json_paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from json_paths(v, prefix + (i,))

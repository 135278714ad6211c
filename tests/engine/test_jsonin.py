"""engine.jsonin, the one door through which a user's JSON enters: what it refuses (naming the
field, quoting an excerpt), and a Hypothesis fuzz: any text or bytes give a document or a
JsonInputError, never another exception; valid JSON round-trips."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import jsonin
from engine.errors import EngineError, MalformedInputError

MESSAGE_LIMIT = 400  # a refusal names the field and quotes an excerpt: a short line


def _refused(text, *words, source="input"):
    with pytest.raises(jsonin.JsonInputError) as info:
        jsonin.loads(text, source=source)
    message = str(info.value)
    for w in words:
        assert w in message, (w, message)
    assert len(message) < MESSAGE_LIMIT, len(message)
    return message


def test_the_error_is_bad_input_for_every_caller():
    """The command line maps EngineError to exit 2, the board to HTTP 4xx."""
    assert issubclass(jsonin.JsonInputError, MalformedInputError)
    assert issubclass(jsonin.JsonInputError, EngineError)
    assert issubclass(jsonin.JsonInputError, ValueError)


def test_valid_documents_are_read_as_json_reads_them():
    text = '{"balls": {"cue": [0.5, 0.3], "7": [1, 2]}, "seed": 18446744073709551615, ' \
           '"name": "[[[{{{", "x": null, "ok": true, "s": "\\"]"}'
    assert jsonin.loads(text) == json.loads(text)
    assert jsonin.loads(text.encode("utf-8")) == json.loads(text)
    assert jsonin.loads("[]") == [] and jsonin.loads(" 3 ") == 3


@pytest.mark.parametrize("text,words", [
    ('{"balls": {"cue": [NaN, 1]}}', ("balls.cue[0]", "NaN", "finite")),
    ('{"balls": {"cue": [1, Infinity]}}', ("balls.cue[1]", "Infinity")),
    ('{"balls": {"cue": [1, -Infinity]}}', ("balls.cue[1]", "-Infinity")),
    ('{"strike": {"speed_mps": 1e999}}', ("strike.speed_mps", "1e999", "finite")),
    ('{"strike": {"speed_mps": -1e400}}', ("strike.speed_mps", "finite")),
    ('{"seed": 123456789012345678901}', ("seed", "21 digits")),
    ('{"scores": [1, -1234567890123456789012]}', ("scores[1]", "22 digits")),
    ('{"balls": {"7": [1, 1], "7": [2, 2]}}', ("balls", "'7'", "twice")),
    ('{"a": 1, "a": 1}', ("the document", "'a'", "twice")),
    ('[{"x": [1, {"y": NaN}]}]', ("[0].x[1].y",)),
    ("NaN", ("the document",)),
])
def test_refused_values_name_their_field(text, words):
    _refused(text, *words)


def test_the_first_bad_value_in_document_order_is_named():
    _refused('{"a": [1, NaN], "b": Infinity}', "a[1]")


def test_a_number_of_thousands_of_digits_is_refused_without_a_python_error():
    """json.loads raises a bare ValueError past 4 300 digits (CPython's limit)."""
    _refused("[" + "9" * 5000 + "]", "[0]", "5000 digits")
    _refused('{"n": -' + "1" * 100_000 + "}", "n", "100000 digits")


@pytest.mark.parametrize("opener,closer", [("[", "]"), ('{"a":', "}")])
def test_deep_nesting_is_refused_before_the_decoder_recurses(opener, closer):
    deep = opener * 100_000 + "1" + closer * 100_000
    message = _refused(deep, "deeper than", str(jsonin.MAX_DEPTH), "line 1")
    assert "column" in message
    ok = opener * jsonin.MAX_DEPTH + "1" + closer * jsonin.MAX_DEPTH
    assert jsonin.loads(ok) is not None


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"note": "[" * 10_000 + '\\"{' * 1000})
    assert jsonin.loads(text)["note"].startswith("[[[")


def test_the_deep_place_is_given_by_line_and_column():
    text = "{\n" + '  "a": ' + "[" * 70 + "]" * 70 + "\n}"
    _refused(text, "line 2", "column")


@pytest.mark.parametrize("text,words", [
    ("", ("empty",)),
    ("   \n", ("empty",)),
    ("{", ("not valid JSON", "line 1")),
    ("{'a': 1}", ("not valid JSON",)),
    ('{"a": 1,}', ("not valid JSON",)),
    ("[1] [2]", ("not valid JSON",)),
    ("\ufeff{}", ("not valid JSON",)),
])
def test_malformed_text_is_refused_with_where(text, words):
    _refused(text, *words)


def test_bytes_must_be_utf8():
    _refused(b'{"a": "\xff"}', "UTF-8")
    assert jsonin.loads('{"a": "щ"}'.encode("utf-8")) == {"a": "щ"}


def test_size_limit_counts_before_parsing():
    with pytest.raises(jsonin.JsonInputError, match="at most 1000"):
        jsonin.loads(b"[" + b"1," * 600 + b"1]", source="the body", max_bytes=1000)
    with pytest.raises(jsonin.JsonInputError, match="at most 1000"):
        jsonin.loads("[" + "1," * 600 + "1]", max_bytes=1000)


def test_the_source_is_named():
    _refused("{", "'pos.json'", source="'pos.json'")
    _refused("[NaN]", "line 4", source="line 4")


def test_a_huge_bad_value_is_quoted_as_an_excerpt():
    """A 5 MB duplicate key or number: the message stays a line (a 50 MB input once gave 50 MB
    on stderr)."""
    key = "k" * 5_000_000
    message = _refused('{"%s": 1, "%s": 2}' % (key, key), "twice", "characters")
    assert "k" * 100 not in message
    _refused("[" + "7" * 5_000_000 + "]", "5000000 digits")


# --- Hypothesis ----------------------------------------------------------------------------

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(st.text())
def test_fuzz_any_text_gives_a_document_or_json_input_error(text):
    try:
        jsonin.loads(text)
    except jsonin.JsonInputError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT


@FUZZ
@given(st.binary())
def test_fuzz_any_bytes_give_a_document_or_json_input_error(data):
    try:
        jsonin.loads(data)
    except jsonin.JsonInputError:
        pass


# text that looks like JSON: brackets, quotes, escapes, numbers and the words JSON lacks
_JSONISH = st.lists(st.sampled_from(
    ['[', ']', '{', '}', '"', '\\', ':', ',', ' ', '\n', '1', '-', '.', 'e', '0', '9' * 30,
     'NaN', 'Infinity', 'true', 'null', '"a"', '"a":', '1e999', 'x', '\\u0000', '\ud800']),
    max_size=200).map("".join)


@FUZZ
@given(_JSONISH)
def test_fuzz_json_like_text_gives_a_document_or_json_input_error(text):
    try:
        doc = jsonin.loads(text)
    except jsonin.JsonInputError as exc:
        assert len(str(exc)) < MESSAGE_LIMIT
    else:
        assert doc == json.loads(text)  # what it accepts, it reads as JSON does


_INT_LIMIT = 10 ** jsonin.MAX_INT_DIGITS - 1
_SCALARS = (st.none() | st.booleans() | st.integers(-_INT_LIMIT, _INT_LIMIT)
            | st.floats(allow_nan=False, allow_infinity=False) | st.text())
_DOCUMENTS = st.recursive(
    _SCALARS, lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=8), inner, max_size=5), max_leaves=40)


def _same(a, b) -> bool:
    """Equal as JSON values (1 == 1.0 in Python; json keeps the type, so compare types)."""
    if isinstance(a, float) or isinstance(b, float):
        return type(a) is type(b) and (a == b or (math.isnan(a) and math.isnan(b)))
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(
            _same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


@FUZZ
@given(_DOCUMENTS, st.booleans())
def test_fuzz_valid_json_round_trips(doc, pretty):
    text = json.dumps(doc, indent=2 if pretty else None, ensure_ascii=not pretty)
    assert _same(jsonin.loads(text), doc)
    assert _same(jsonin.loads(text.encode("utf-8")), doc)

"""Running one case of the hostile corpus (:mod:`tests.hostile.corpus`) through its door and
saying what went wrong, if anything: the command line in this process (an exception escaping
:func:`russian_pyramid.cli.main` is the traceback a user would see), the board through a
guarded test client, the engine through its request handler."""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import sys
from pathlib import Path

from russian_pyramid.cli import main
from russian_pyramid.commands.engine import serve
from russian_pyramid.errors import UserInputError

from .corpus import PNG_SIGNATURE, Case, as_text, build_document, load_base, materialize

CASE_SECONDS = 60  # a refusal is immediate; a case still running after this was accepted
MAX_MESSAGE_CHARS = 3000  # a refusal is a line or two, whatever the size of the value
LONG_RUN = re.compile(r"(.)\1{299}")  # the corpus's long values are one character repeated


class TookTooLong(Exception):
    pass


@contextlib.contextmanager
def deadline(seconds: int):
    def _alarm(signum, frame):
        raise TookTooLong(f"still running after {seconds} s: the input was accepted")
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def write_inputs(case: Case, folder: Path) -> None:
    for name, spec in case.files.items():
        doc = build_document(spec) if ("raw" in spec or "patch" in spec) else load_base(
            spec["base"])
        data = as_text(doc)
        (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode(
            "utf-8", "surrogatepass"))


def snapshot(folder: Path) -> dict:
    """Every file under ``folder``: its size, mode and modification time."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root, name)
            st = p.lstat()
            out[str(p.relative_to(folder))] = (st.st_size, st.st_mode, st.st_mtime_ns)
    return out


def run_cli(case: Case, folder: Path) -> tuple[int, str, str]:
    """The case's command in this process, in ``folder`` (its inputs written there first, by
    :func:`write_inputs`): (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    old_cwd, old_stdin = os.getcwd(), sys.stdin
    os.chdir(folder)
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                deadline(CASE_SECONDS):
            code = main([str(materialize(a)) for a in case.argv])
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)
    return code, out.getvalue(), err.getvalue()


def refusal_problems(case: Case, code, message: str, refused: bool) -> list[str]:
    """What is wrong with how a case ended (empty: a clear refusal)."""
    problems = []
    if not refused:
        problems.append(f"not refused (exit/status {code})")
    if "Traceback" in message:
        problems.append("a traceback")
    if not message.strip():
        problems.append("no message")
    if len(message) > MAX_MESSAGE_CHARS:
        problems.append(f"a message of {len(message)} characters")
    if LONG_RUN.search(message):
        problems.append("a long value echoed whole")
    low = message.lower()
    for word in case.says:  # "a|b": either
        if not any(w.lower() in low for w in word.split("|")):
            problems.append(f"the message does not name {word!r}")
    return problems


def describe(case: Case, problems: list[str], message: str) -> str:
    return (f"{case.id} ({case.why}): " + "; ".join(problems)
            + f"\n  argv/path: {json.dumps(case.argv or case.path)[:300]}"
            + f"\n  message: {message[:600]!r}")


# --- the board --------------------------------------------------------------------------
def board_request(case: Case) -> tuple[str, str, dict, bytes | None, dict]:
    """(method, path, query, body bytes, extra headers) of a board case."""
    query = {k: materialize(v) for k, v in case.query.items()}
    body = None
    headers = {}
    if case.body is not None:
        spec = case.body
        doc = build_document(spec) if ("raw" in spec or "patch" in spec) else load_base(
            spec["base"])
        data = as_text(doc)
        body = data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")
    if "content_type" in case.files:
        headers["Content-Type"] = case.files["content_type"]
    elif case.target == "/api/photo":  # what a browser sends for the file it took
        headers["Content-Type"] = "image/png" if body and body.startswith(PNG_SIGNATURE) \
            else "image/jpeg"
    return case.method, case.path, query, body, headers


def board_problems(case: Case, response) -> tuple[list[str], str]:
    text = response.text
    refused = 400 <= response.status_code < 500
    return refusal_problems(case, response.status_code, text, refused), text


# --- the engine -------------------------------------------------------------------------
def engine_line(case: Case) -> str:
    """The request line of an engine case, its body built from its recipe."""
    request = case.request
    if "$whole" in request:
        return json.dumps(materialize(request["$whole"]), ensure_ascii=False)
    request = dict(request)
    spec = request["body"]
    if "raw_value" in spec:
        request["body"] = spec["raw_value"]
    else:
        doc = build_document(spec) if "patch" in spec else load_base(spec["base"])
        request["body"] = as_text(doc) if case.target == "record" else doc
    return json.dumps(request, ensure_ascii=False)


def run_engine(case: Case) -> tuple[dict | None, str]:
    """The engine's answer to the case's request line (None: it gave none), and stderr."""
    inp = io.StringIO(engine_line(case) + "\n")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), deadline(CASE_SECONDS):
        try:
            serve(inp, out)
        except UserInputError as exc:  # the engine stops on a line past its limit, saying so
            err.write(str(exc))
    answers = [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]
    return (answers[1] if len(answers) > 1 else None), err.getvalue()

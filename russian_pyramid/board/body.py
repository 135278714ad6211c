"""Reading a request's body for the board's server (:mod:`russian_pyramid.board.server`): refused with
413 as soon as it is known to be too large, 408 when it does not arrive in time, 400 when a
JSON body is not JSON this project accepts."""
from __future__ import annotations

import asyncio

from starlette.requests import Request

from engine.errors import excerpt

from ..app import limits
from ..errors import UserInputError
from . import api

BODY_TIMEOUT_S = 5.0  # a request body must arrive in full within this (127.0.0.1: at once)


class BadBody(Exception):
    """A body that is not JSON this project accepts (not JSON, too deep, NaN, a duplicate
    key): HTTP 400."""


class TooLarge(Exception):
    """A body larger than the route's limit (:data:`russian_pyramid.app.limits.MAX_BODY_BYTES`, a
    photo's :data:`russian_pyramid.photo.imaging.MAX_FILE_BYTES`): HTTP 413."""


class SlowBody(Exception):
    """A body not in full within :data:`BODY_TIMEOUT_S`: HTTP 408, the connection closed."""


async def read_body(request: Request, limit: int | None = None) -> bytes:
    """The request body, refused with 413 as soon as it is known to exceed ``limit`` bytes
    (None: :data:`russian_pyramid.app.limits.MAX_BODY_BYTES`, read at the call): at once from its
    Content-Length, or while it streams in (a running count; a chunked body has no length),
    never after reading it all."""
    limit = limits.MAX_BODY_BYTES if limit is None else limit
    declared = request.headers.get("content-length")
    if declared is not None:
        # at most 20 digits: int() of a hostile header must not itself cost time
        if not (declared.isascii() and declared.isdigit() and len(declared) <= 20):
            raise BadBody(f"Content-Length = {excerpt(declared)} is not a length in bytes")
        if int(declared) > limit:
            raise TooLarge(f"the body is {int(declared)} bytes: at most {limit} accepted")
    chunks, total = [], 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + BODY_TIMEOUT_S
    stream = request.stream().__aiter__()
    while True:
        try:
            chunk = await asyncio.wait_for(stream.__anext__(), max(0.0, deadline - loop.time()))
        except StopAsyncIteration:
            break
        except asyncio.TimeoutError:
            of = f" of {int(declared)}" if declared is not None else ""
            raise SlowBody(f"the body did not arrive within {BODY_TIMEOUT_S:g} s ({total}{of} "
                           f"bytes received); the connection is closed") from None
        total += len(chunk)
        if total > limit:
            raise TooLarge(f"the body is more than {limit} bytes: at most {limit} accepted")
        chunks.append(chunk)
    return b"".join(chunks)


async def json_body(request: Request):
    raw = await read_body(request)
    try:
        return api.parse_json_body(raw)
    except UserInputError as exc:
        raise BadBody(str(exc)) from None

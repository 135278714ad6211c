"""The board's guard: who may talk to it, as Jupyter Server protects itself (docs/BOARD.md,
"Security").  An ASGI middleware in front of every route:

1. **Host allow-list**: the ``Host`` header must name an address the board serves on
   (``127.0.0.1``, ``localhost``, ``[::1]``; on ``--lan`` also the machine's LAN address) with
   the board's own port (the one the request came in on; none: the scheme's default), else
   403 -- a DNS-rebinding page reaches the board under a foreign name and is refused here,
   and so is ``localhost:<another port>`` (another server's origin, issue 51).
2. **Origin**: a request that carries ``Origin`` must come from the board's own origin, and one
   a browser marks ``Sec-Fetch-Site: cross-site`` is refused, else 403.
3. **Token**: a secret drawn once per run (:data:`TOKEN_BYTES`) is asked of every request but
   the page's static shell (``/static/``, ``/sw.js``, ``/manifest.webmanifest``): as ``?token=`` in the address the board prints (the
   page is then redirected to itself without it and the token kept in a cookie),
   ``Authorization: token ...`` (scripts) or that cookie.  Without it: 401.
4. **XSRF**: a state-changing request authenticated by the cookie must also carry the
   ``X-XSRFToken`` header equal to the ``_xsrf`` cookie (the page's script reads it), else 403;
   a request carrying the token itself (header or query) needs none, as in Jupyter.
5. **Bodies**: a POST says what it sends: ``application/json`` (``/api/record``: a JSON Lines
   record, ``application/x-ndjson`` or ``application/json``; ``/api/photo``: ``image/jpeg`` or
   ``image/png``), else 415 -- ``text/plain`` is what a foreign page can send without the
   browser asking first (a CORS "simple" request; an image type is not one: it is asked first).
6. **Query**: the route's own query parameters only, each once, none empty, numbers in plain
   digits (:mod:`russian_pyramid.board.query`), else 400 naming the parameter.

Every answer, the refusals' too, carries :data:`SECURITY_HEADERS`: a Content-Security-Policy
that lets the page run only the board's own script files (no inline script, no inline
handler, no ``eval``), load images from itself and the page's photos (``data:``, ``blob:``),
talk to itself only, and be framed by no one (issue 51); and ``nosniff``, so that an answer
is never read as a type it does not say it is.

Refusals are answered before the app sees the request, as ``{"ok": false, "error": ...}``
(the page itself, refused for want of the token, gets a short page in both languages).
"""
from __future__ import annotations

import hmac
import json
import secrets
from dataclasses import dataclass
from html import escape
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, urlencode

from engine.words import LANGS, say

from .query import query_refusal

TOKEN_BYTES = 24  # 32 URL-safe characters (192 bits), as Jupyter's default token (24 bytes)
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
COOKIE_MAX_AGE_S = 30 * 24 * 3600  # a phone's home-screen page keeps it; a restart revokes it
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
OPEN_PREFIXES = ("/static/",)  # the page's shell: no secret in it (the positions are shipped)
OPEN_PATHS = frozenset({"/sw.js", "/manifest.webmanifest"})  # the shell's, at the root
JSON_TYPES = frozenset({"application/json"})
NO_TOKEN = "app.guard.no_token"  # the page without its token: where the address is
# the page's scripts and styles are its files (static/); photos are shown from blob: and data:
# addresses (photo.js); the service worker is /sw.js; nothing is fetched from elsewhere
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                           "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; "
                           "manifest-src 'self'; object-src 'none'; base-uri 'none'; "
                           "frame-ancestors 'none'; form-action 'none'")
SECURITY_HEADERS = ((b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"))  # the token is in the first address
BODY_TYPES = {"/api/record": frozenset({"application/x-ndjson", "application/json"}),
              "/api/photo": frozenset({"image/jpeg", "image/png"})}


@dataclass(frozen=True)
class Guard:
    """What the guard lets in: the run's ``token`` and ``xsrf`` secrets and the host names
    (``hosts``) the board answers to; ``https`` when it serves TLS (its cookies are then
    ``Secure``)."""
    token: str
    xsrf: str
    hosts: frozenset[str]
    https: bool = False

    @classmethod
    def new(cls, hosts=LOCAL_HOSTS, https: bool = False) -> "Guard":
        """A guard with fresh secrets (``secrets.token_urlsafe``) for ``hosts``."""
        return cls(token=secrets.token_urlsafe(TOKEN_BYTES),
                   xsrf=secrets.token_urlsafe(TOKEN_BYTES),
                   hosts=frozenset(h.lower() for h in hosts), https=https)

    def url(self, host: str, port: int) -> str:
        """The address to print and open: the page with its token."""
        shown = f"[{host}]" if ":" in host else host
        scheme = "https" if self.https else "http"
        return f"{scheme}://{shown}:{port}/?{urlencode({'token': self.token})}"

    def is_token(self, value: str | None) -> bool:
        return bool(value) and hmac.compare_digest(value.encode(), self.token.encode())


def cookie_names(port: int) -> tuple[str, str]:
    """The token's and the XSRF value's cookie names for a board on ``port`` (cookies are kept
    per host, not per port: two boards on one machine must not overwrite each other's)."""
    return f"pyramid-token-{port}", f"_xsrf-{port}"


def host_name(host_header: str) -> str:
    """``Host`` without its port, lower case (``[::1]:8071`` -> ``::1``)."""
    h = host_header.strip().lower()
    if h.startswith("["):
        return h[1:h.find("]")] if "]" in h else h
    return h.rsplit(":", 1)[0] if h.count(":") == 1 else h


def host_and_port(host_header: str) -> tuple[str, str | None] | None:
    """``Host`` read strictly: (its name in lower case, its port as written or None), or None
    when it is not ``name``, ``name:digits``, ``[v6]`` or ``[v6]:digits``."""
    h = host_header.lower()
    if h.startswith("["):
        name, bracket, rest = h[1:].partition("]")
    else:
        if h.count(":") > 1:  # an IPv6 address without its brackets
            return None
        name, bracket, rest = h.partition(":")
        rest = bracket + rest
    if not name or (rest and not (rest[:1] == ":" and rest[1:].isascii()
                                  and rest[1:].isdigit())):
        return None
    return name, rest[1:] or None


class GuardMiddleware:
    """The ASGI middleware of the module's six checks, in that order (the page's static shell:
    the first two and the sixth), and of the headers every answer carries."""

    def __init__(self, app, guard: Guard, visitors=None) -> None:
        """``visitors``: told of every request let in (``saw(address, user_agent)``)."""
        self.app, self.guard, self.visitors = app, guard, visitors

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_security_headers(send)
        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(send)
            return
        if self.visitors is not None and scope.get("client"):
            agent = dict(scope["headers"]).get(b"user-agent", b"").decode("latin-1")
            self.visitors.saw(scope["client"][0], agent)
        await self.app(scope, receive, send)

    def _refusal(self, scope):
        """None to let the request in, else a coroutine function answering the refusal."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope["headers"]}
        host = headers.get("host", "")
        # step 1: the Host allow-list, with the board's own port
        if not self._own_host(host, scope):
            port = scope["server"][1] if scope.get("server") else "?"
            return _json(403, f"Host = {host[:100]!r} is not an address this board serves "
                              f"({', '.join(sorted(self.guard.hosts))}, port {port})")
        # step 2: the Origin
        scheme = "https" if self.guard.https else "http"
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"{scheme}://{host.lower()}":
            return _json(403, f"Origin = {origin[:100]!r} is not this board's own "
                              f"({scheme}://{host})")
        if headers.get("sec-fetch-site") == "cross-site":
            return _json(403, "a request from another site (Sec-Fetch-Site = cross-site)")
        path, method = scope["path"], scope["method"]
        query_string = scope.get("query_string", b"").decode("latin-1")
        if path.startswith(OPEN_PREFIXES) or path in OPEN_PATHS:
            return _bad_query(path, query_string)
        # step 3: the token
        port = scope["server"][1] if scope.get("server") else 0
        token_cookie, xsrf_cookie = cookie_names(port)
        cookies = _cookies(headers.get("cookie", ""))
        query = dict(parse_qsl(query_string))
        auth = headers.get("authorization", "")
        by_header = auth[:6].lower() == "token " and self.guard.is_token(auth[6:].strip())
        by_query = self.guard.is_token(query.get("token"))
        by_cookie = self.guard.is_token(cookies.get(token_cookie))
        if not (by_header or by_query or by_cookie):
            if path == "/" and method == "GET":
                return _html(401, _no_token_page())
            return _json(401, "this board asks for its token: open the address it printed "
                              "(…/?token=...), or send 'Authorization: token ...'")
        # step 4: XSRF, for a state change on the cookie's word alone
        if method in STATE_CHANGING and not (by_header or by_query):
            sent = headers.get("x-xsrftoken", "")
            if not (sent and hmac.compare_digest(sent.encode(), self.guard.xsrf.encode())):
                return _json(403, "the X-XSRFToken header is missing or wrong (a page of this "
                                  "board sends it; reload the page)")
        # step 5: the body's type
        if method in STATE_CHANGING:
            ctype = headers.get("content-type", "").split(";", 1)[0].strip().lower()
            accepted = BODY_TYPES.get(path, JSON_TYPES)
            if ctype not in accepted:
                return _json(415, f"Content-Type = {ctype or 'none'!r}: this takes "
                                  f"{' or '.join(sorted(accepted))}")
        # step 6: the query string
        refused = _bad_query(path, query_string)
        if refused is not None:
            return refused
        if by_query and path == "/" and method == "GET":  # into a cookie, out of the address
            return _redirect("/", self._cookies(port))  # the page takes no other parameter
        return None

    def _own_host(self, host: str, scope) -> bool:
        """Whether ``host`` (the Host header) names an address of :attr:`Guard.hosts` with
        the port the request came in on (without one: that port is the scheme's default)."""
        read = host_and_port(host)
        if read is None or read[0] not in self.guard.hosts:
            return False
        own = scope["server"][1] if scope.get("server") else None
        if read[1] is None:
            return own == (443 if self.guard.https else 80)
        return read[1] == str(own)

    def _cookies(self, port: int) -> list[str]:
        token_cookie, xsrf_cookie = cookie_names(port)
        secure = "; Secure" if self.guard.https else ""
        common = f"Path=/; Max-Age={COOKIE_MAX_AGE_S}; SameSite=Strict{secure}"
        return [f"{token_cookie}={self.guard.token}; HttpOnly; {common}",
                f"{xsrf_cookie}={self.guard.xsrf}; {common}"]  # the page's script reads it


def _cookies(header: str) -> dict[str, str]:
    jar = SimpleCookie()
    try:
        jar.load(header)
    except Exception:  # a malformed Cookie header: as if none were sent
        return {}
    return {k: m.value for k, m in jar.items()}


def _with_security_headers(send):
    """``send`` with :data:`SECURITY_HEADERS` added to the answer's headers."""
    async def sending(message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message, headers=[*message.get("headers", ()), *SECURITY_HEADERS])
        await send(message)
    return sending


def _bad_query(path: str, query: str):
    refused = query_refusal(path, query)
    return None if refused is None else _json(400, refused[1], field=refused[0])


def _no_token_page() -> str:
    lines = "".join(f"<p lang='{lang}'>{escape(say(NO_TOKEN, lang))}</p>" for lang in LANGS)
    return ("<!doctype html><meta charset='utf-8'><meta name='viewport' "
            "content='width=device-width, initial-scale=1'><title>pyramid</title>" + lines)


def _json(status: int, message: str, **detail):
    body = json.dumps({"ok": False, "error": message, **detail}, ensure_ascii=False).encode()
    return _answer(status, body, b"application/json")


def _html(status: int, page: str):
    return _answer(status, page.encode(), b"text/html; charset=utf-8")


def _answer(status: int, body: bytes, ctype: bytes, extra=()):
    async def send_it(send) -> None:
        headers = [(b"content-type", ctype), (b"content-length", str(len(body)).encode()),
                   (b"cache-control", b"no-store"), *extra]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
    return send_it


def _redirect(location: str, cookies: list[str]):
    extra = [(b"location", location.encode("latin-1"))]
    extra += [(b"set-cookie", c.encode("latin-1")) for c in cookies]
    return _answer(302, b"", b"text/plain", extra)

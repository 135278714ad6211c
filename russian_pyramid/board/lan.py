"""The board on a club's network (``pyramid board --lan``): the machine's address there, the
QR code of the page's address (with its token) for a phone to scan -- in the terminal and on
the page --, and who is connected.

The QR code is made by segno (ISO/IEC 18004; error correction M: 15 % of the code may be
lost, as on a screen photographed at an angle); the terminal's is drawn from the same matrix
with half blocks, two modules a character, dark on light whatever the terminal's colours."""
from __future__ import annotations

import io
import socket
import time
from dataclasses import dataclass

import segno

from engine.words import DEFAULT_LANG, LANGS, say

from ..errors import UserInputError

QR_ERROR = "m"  # ISO/IEC 18004 level M: about 15 % of the code may be damaged or glared
QR_QUIET_MODULES = 4  # the light margin the standard asks for around the code
QR_SVG_SCALE = 8  # px per module on the page (version 5 + margin: 296 px)
PROBE_ADDRESS = ("10.255.255.255", 1)  # a private address: a UDP "connect" sends nothing
SEEN_WITHIN_S = 120.0  # a device that asked nothing for longer is no longer listed
MAX_VISITORS = 64  # the most devices remembered (a club, not the internet)
ANSI_DARK_ON_LIGHT = ("\x1b[30;47m", "\x1b[0m")
THEME_COLOUR = "#23402f"  # the page's header (board.css)
ICON_SIZES_PX = (192, 512)  # static/icon-*.png: the sizes Chromium asks of an installable app


class LanUnavailable(UserInputError):
    """No network address to serve a club's phones on."""


def lan_address() -> str:
    """This machine's IPv4 address on its network: the one a packet to a private address
    would leave from (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(PROBE_ADDRESS)
            address = s.getsockname()[0]
        except OSError as exc:
            raise LanUnavailable(f"--lan: this machine has no network address ({exc.strerror});"
                                 " connect it to the club's network or give --lan-address")
    if address.startswith("127.") or address == "0.0.0.0":
        raise LanUnavailable("--lan: this machine is on no network but its own (127.0.0.1); "
                             "connect it to the club's network or give --lan-address")
    return address


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` with its quiet zone: rows of modules, True for dark."""
    code = segno.make(text, error=QR_ERROR)
    rows = [[bool(m) for m in row] for row in code.matrix]
    n, q = len(rows), QR_QUIET_MODULES
    blank = [False] * (n + 2 * q)
    return [blank] * q + [[False] * q + r + [False] * q for r in rows] + [blank] * q


def qr_terminal(text: str, ansi: bool) -> str:
    """The QR code as text: each character two modules one above the other (a full block,
    an upper or a lower half block, a space), dark drawn as ink; ``ansi``: black on white
    whatever the terminal's own colours (a phone reads dark on light)."""
    m = qr_matrix(text)
    if len(m) % 2:
        m = m + [[False] * len(m[0])]
    glyph = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584",
             (False, False): " "}
    start, end = ANSI_DARK_ON_LIGHT if ansi else ("", "")
    return "\n".join(start + "".join(glyph[a, b] for a, b in zip(top, bottom)) + end
                     for top, bottom in zip(m[0::2], m[1::2]))


def qr_svg(text: str) -> str:
    """The QR code as an SVG page (dark on white, its quiet zone included)."""
    out = io.BytesIO()
    segno.make(text, error=QR_ERROR).save(out, kind="svg", scale=QR_SVG_SCALE,
                                          border=QR_QUIET_MODULES, light="#fff", dark="#000")
    return out.getvalue().decode("utf-8")


@dataclass(frozen=True)
class Visitor:
    """A device that has talked to the board: its address, its browser (the User-Agent, cut
    short), its requests and when it was last heard from."""
    address: str
    agent: str
    requests: int
    last_seen_s: float

    def to_json(self, now_s: float) -> dict:
        return {"address": self.address, "agent": self.agent, "requests": self.requests,
                "seen_s_ago": round(max(0.0, now_s - self.last_seen_s), 1)}


class Visitors:
    """Who is connected: one :class:`Visitor` per address, the most recent
    :data:`MAX_VISITORS`, listed while heard from within :data:`SEEN_WITHIN_S`."""

    def __init__(self, clock=time.monotonic) -> None:
        self._clock = clock
        self._seen: dict[str, Visitor] = {}

    def saw(self, address: str, agent: str) -> None:
        now = self._clock()
        old = self._seen.pop(address, None)
        self._seen[address] = Visitor(address, agent[:120], (old.requests if old else 0) + 1,
                                      now)
        while len(self._seen) > MAX_VISITORS:
            self._seen.pop(next(iter(self._seen)))

    def listed(self) -> list[dict]:
        now = self._clock()
        return [v.to_json(now) for v in reversed(self._seen.values())
                if now - v.last_seen_s <= SEEN_WITHIN_S]


def page_language(accept_language: str) -> str:
    """The first of the catalogs' languages an ``Accept-Language`` header names, in its
    order (``ru-RU,ru;q=0.9,en`` -> ``ru``), else the default; as the page's i18n.js picks
    (Ukrainian and Belarusian readers get Russian)."""
    for part in accept_language.split(","):
        tag = part.split(";", 1)[0].strip().lower()
        base = {"uk": "ru", "be": "ru"}.get(tag[:2], tag[:2])
        if base in LANGS:
            return base
    return DEFAULT_LANG


def web_manifest(lang: str) -> dict:
    """The board's web app manifest (W3C Web Application Manifest), in ``lang``'s words: the
    name on a phone's home screen, the page opened, the icons."""
    return {"name": say("app.manifest.name", lang),
            "short_name": say("app.manifest.short_name", lang),
            "description": say("app.manifest.description", lang), "lang": lang,
            "start_url": "/", "scope": "/", "display": "standalone",
            "background_color": THEME_COLOUR, "theme_color": THEME_COLOUR,
            "icons": [{"src": f"/static/icon-{n}.png", "sizes": f"{n}x{n}",
                       "type": "image/png", "purpose": "any"} for n in ICON_SIZES_PX]}

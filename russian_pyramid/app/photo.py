"""The photo of the table on the board (issue 31 item 2) and at the command line (``pyramid
photo``, issue 51): the position read from a photo
(:func:`russian_pyramid.photo.service.read_position`) and made one the simulator accepts
(:func:`russian_pyramid.photo.settle.settle`: the detector's few millimetres of error put touching
balls into each other and frozen balls into the cushion), so that advice can be asked on it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ..errors import UserInputError
from ..photo.service import PhotoPosition, parse_corners, read_position
from ..photo.settle import SettleError, settle
from ..photo.table_size import parse_ball_diameter, parse_table_size

SHOWN_MOVE_M = 5e-5  # a move under 0.05 mm is the rounding, not said


@dataclass(frozen=True)
class PhotoAnswer:
    """The detector's ``position``, the centres after settling (``balls``: id, x, y in m),
    how far each ball was moved (``moved_m``) and the seconds it all took."""
    position: PhotoPosition
    balls: tuple[tuple[str, float, float], ...]
    moved_m: tuple[tuple[str, float], ...]
    seconds: float

    def to_json(self) -> dict:
        """The position document (settled ``balls``) with ``confidence`` and ``photo`` (what
        the detector saw, its own centres in ``photo.balls``; ``photo.moved_mm``: the balls
        moved to settle, in mm), and ``seconds``, the whole request's work (docs/BOARD.md)."""
        doc = self.position.to_json()
        doc["balls"] = {bid: [x, y] for bid, x, y in self.balls}
        doc["photo"]["moved_mm"] = {bid: round(m * 1000, 1) for bid, m in self.moved_m
                                    if m >= SHOWN_MOVE_M}
        doc["seconds"] = round(self.seconds, 3)
        return doc


def photo_answer(data: bytes, table: str | None = None,
                 corners: str | None = None, refine: bool = False,
                 table_size: str | None = None, ball_diameter: str | None = None) -> PhotoAnswer:
    """The position in the photo ``data`` (a JPEG or PNG file's bytes) on ``table`` (a
    preset's name; None: the default), with ``corners`` (``X1,...,Y4``, the playing area's
    corners in the photo) if given, ``refine``: those are a finger's taps (the outline is
    looked for near them); ``table_size`` (``L,W``, metres) and ``ball_diameter``
    (``57.15mm``): another table's size than the preset's (as ``pyramid photo
    --table-size``, ``--ball-diameter``).  Bad input: UserInputError (``reason`` in its
    detail: ``not-an-image``, ``file-too-large``, ``image-too-large``, ``no-table``, ...)."""
    start = time.perf_counter()
    try:
        corners_px = parse_corners(corners) if corners else None
        size = parse_table_size(table_size) if table_size is not None else None
        ball = parse_ball_diameter(ball_diameter) if ball_diameter is not None else None
        position = read_position(bytes(data), table or "pyramid-12ft", corners_px,
                                 refine_corners=refine, table_size_m=size,
                                 ball_diameter_m=ball)
    except UserInputError as exc:  # the command line's words for its flags: "--corners: ..."
        message = str(exc)
        if message.startswith("--"):  # the flag's name as the board's parameter: table_size
            flag, _, rest = message[2:].partition(":")
            raise UserInputError(flag.replace("-", "_") + ":" + rest, **exc.detail) from None
        raise
    return settled(position, start)


def settled(position: PhotoPosition, start: float) -> PhotoAnswer:
    """The detector's ``position`` settled (:func:`russian_pyramid.photo.settle.settle`) into
    one the simulator accepts: what the board answers and ``pyramid photo`` prints; ``start``
    the :func:`time.perf_counter` at which the work began."""
    spec = position.spec()  # the preset at the size read (issue 57: any table)
    try:
        placed, moved = settle({b.id: (b.x_m, b.y_m) for b in position.balls}, spec)
    except SettleError as exc:
        raise UserInputError(f"the balls found do not fit on the table: {exc}",
                             reason="no-table") from None
    return PhotoAnswer(position=position,
                       balls=tuple((b.id, *placed[b.id]) for b in position.balls),
                       moved_m=tuple((b.id, moved[b.id]) for b in position.balls),
                       seconds=time.perf_counter() - start)

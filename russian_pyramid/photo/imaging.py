"""Reading a photo for :mod:`russian_pyramid.photo`, with the limits a user's file is held to.

OpenCV (``opencv-python-headless``, the ``[photo]`` extra of :mod:`engine.extras`) takes about
0.3 s to import and :mod:`russian_pyramid.cli` imports every command to build its parser, so it
is imported by :func:`cv2` on the first use, not at the top of a module (the way
:mod:`russian_pyramid.pictures` loads matplotlib); without the extra, :func:`cv2` says which
extra to install.
"""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np

from engine import extras

from ..errors import UserInputError
from ..io import read_bytes

# A phone's photo is 12-50 megapixels (a 200 Mpx sensor bins to 12 or 50 by default); more is
# refused before it is decoded (a small file can decode to gigabytes: a "decompression bomb").
EXTRA = "photo"  # the extra that provides OpenCV (engine.extras)
MAX_PIXELS = 60_000_000
MAX_FILE_BYTES = 64 * 1024 * 1024
# Fewer pixels than this either way and a 68 mm ball is under a pixel wide, 3.5 m of table
# seen whole: nothing to find (a 4000 x 1 image failed inside OpenCV's resize).
MIN_SIDE_PX = 100
# The detector works on a copy at most this wide (a 1280-2000 px image resolves a 68 mm ball
# at the far end of the table with 5+ pixels; more costs time, not accuracy: docs/PHOTO.md).
WORK_MAX_WIDTH_PX = 1600


def cv2() -> ModuleType:
    """OpenCV, imported on first use (about 0.3 s); :class:`engine.extras.MissingExtra` naming
    the ``[photo]`` extra when it is not installed (exit status 2; the board answers 501)."""
    extras.require(EXTRA, "reading a photo")
    import cv2 as module  # third-party and slow to import: only when a photo is read
    return module


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) read from a PNG's or JPEG's header without decoding it; None if the
    bytes are neither."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] != b"\xff\xd8":
        return None
    for marker, i, _ in _jpeg_segments(data):
        if i + 9 >= len(data):
            return None
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
    return None


def _jpeg_segments(data: bytes):
    """(marker, index, length) of each marker segment of a JPEG after its start, in order:
    ``index`` where its 0xFF is, ``length`` its length field; fill bytes and the markers that
    stand alone are skipped; it stops where fewer than 4 bytes are left."""
    i = 2
    while i + 4 <= len(data):
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7 or marker == 0xFF:
            i += 1 if marker == 0xFF else 2
            continue
        length = int.from_bytes(data[i + 2:i + 4], "big")
        yield marker, i, length
        i += 2 + length


# The lens a photo was taken with, from its EXIF data (issue 57 item 4: a table running out of
# the photo is read with it).  FocalLengthIn35mmFilm: tag 0xA405 of the Exif IFD, which IFD0's
# tag 0x8769 points to (the Exif standard, CIPA DC-008-2019, 4.6.5); 0 there means unknown.
# Phones' cameras range from 13 mm equivalent (ultra-wide) to 120 mm (telephoto); a value
# outside LENS_RANGE_MM is no lens a photo of a table was taken with, and is ignored.
EXIF_IFD_POINTER, FOCAL_35MM_TAG = 0x8769, 0xA405
LENS_RANGE_MM = (8.0, 300.0)


def lens_35mm_mm(data: bytes) -> float | None:
    """The 35 mm equivalent focal length a JPEG's EXIF data give (mm), or None: no JPEG, no
    EXIF, no such tag, or a value out of :data:`LENS_RANGE_MM`.  Malformed data give None,
    never an error (the photo is read with the lens assumed)."""
    if data[:2] != b"\xff\xd8":
        return None
    for marker, i, length in _jpeg_segments(data):
        if marker in (0xDA, 0xD9) or length < 2:  # the image data start: no EXIF after
            return None
        body = data[i + 4:i + 2 + length]
        if marker == 0xE1 and body[:6] == b"Exif\x00\x00":
            return _focal_35mm(body[6:])
    return None


def _focal_35mm(tiff: bytes) -> float | None:
    """FocalLengthIn35mmFilm from an EXIF block's TIFF structure (None where it is not)."""
    order = {b"II": "little", b"MM": "big"}.get(tiff[:2])
    if order is None or len(tiff) < 8:
        return None

    def number(at: int, size: int) -> int | None:
        return int.from_bytes(tiff[at:at + size], order) if at + size <= len(tiff) else None

    def entry(ifd: int | None, tag: int) -> int | None:
        """Where the value of ``tag`` is in the IFD at ``ifd`` (a value of 4 bytes or less
        is in the entry itself), or None."""
        count = None if ifd is None else number(ifd, 2)
        for k in range(count or 0):
            at = ifd + 2 + 12 * k
            if number(at, 2) == tag:
                return at + 8
        return None

    exif_at = entry(number(4, 4), EXIF_IFD_POINTER)
    value_at = entry(None if exif_at is None else number(exif_at, 4), FOCAL_35MM_TAG)
    mm = None if value_at is None else number(value_at, 2)
    return float(mm) if mm and LENS_RANGE_MM[0] <= mm <= LENS_RANGE_MM[1] else None


def decode(data: bytes, what: str = "photo") -> np.ndarray:
    """The photo's pixels (BGR) from a PNG or JPEG file's bytes; refuses anything else, a file
    over :data:`MAX_FILE_BYTES` and an image over :data:`MAX_PIXELS` with a
    :class:`UserInputError` naming the limit."""
    if len(data) > MAX_FILE_BYTES:
        raise UserInputError(f"{what}: {len(data)} bytes, more than the "
                             f"{MAX_FILE_BYTES // (1024 * 1024)} MiB a photo may have",
                             reason="file-too-large")
    size = image_size(data)
    if size is None:
        raise UserInputError(f"{what}: not a JPEG or PNG image", reason="not-an-image")
    if size[0] * size[1] > MAX_PIXELS or min(size) <= 0:
        raise UserInputError(f"{what}: {size[0]} x {size[1]} pixels, more than the "
                             f"{MAX_PIXELS // 1_000_000} megapixels a photo may have",
                             reason="image-too-large")
    if min(size) < MIN_SIDE_PX:  # a 4000 x 1 image once failed inside OpenCV's resize
        raise UserInputError(f"{what}: {size[0]} x {size[1]} pixels: a photo of the table "
                             f"needs at least {MIN_SIDE_PX} pixels each way",
                             reason="image-too-small")
    cv = cv2()
    img = cv.imdecode(np.frombuffer(data, np.uint8), cv.IMREAD_COLOR)
    if img is None:
        raise UserInputError(f"{what}: the image could not be decoded", reason="not-an-image")
    return img


def read_photo_bytes(path: str | Path) -> bytes:
    """The bytes of the photo file at ``path`` (a regular file only, read no further than
    :data:`MAX_FILE_BYTES`, through the one reader :func:`russian_pyramid.io.read_bytes`)."""
    if str(path) == "-":
        raise UserInputError("IMAGE: give the photo's file (a JPEG or PNG), not stdin",
                             reason="unreadable")
    return read_bytes(str(path), "IMAGE", limit=MAX_FILE_BYTES + 1)


def read_photo(path: str | Path) -> np.ndarray:
    """The photo at ``path`` decoded (:func:`read_photo_bytes`, :func:`decode`)."""
    return decode(read_photo_bytes(path), what=str(path))

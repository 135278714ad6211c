"""Whether the table runs out of the photo (issue 57 item 4, framing).

A table framed whole is surrounded by its rail: its cloth's region never reaches the frame's
edge.  A photo whose cloth does (two corners out of the frame, the near end cut off) gives no
outline of four sides, and the detector may take the frame's edge for one (the position then
wrong, stretched along the view line): the answer says so (``photo.table_runs_out``) and the
command warns.  Reading such a photo from its visible rails is not done (docs/PHOTO.md).
"""
from __future__ import annotations

import numpy as np

from .imaging import cv2

BORDER_PX = 2.0  # an outline's point this near the frame's edge lies on it
# At least this part of the cloth's outline on the frame's edge: the table runs out of the
# photo.  Tables framed whole (the 16 test renders, found): none of their outline there.
BORDER_SHARE = 0.03


def runs_out(region: np.ndarray) -> bool:
    """Whether the cloth's region (uint8 0/1, the photo's size or a scaled copy's) runs out
    of the photo: at least :data:`BORDER_SHARE` of its outline on the frame's edge."""
    cv = cv2()
    contours, _ = cv.findContours(region.astype(np.uint8), cv.RETR_EXTERNAL,
                                  cv.CHAIN_APPROX_NONE)
    if not contours:
        return False
    pts = max(contours, key=cv.contourArea).reshape(-1, 2).astype(float)
    h, w = region.shape[:2]
    edge = ((pts[:, 0] < BORDER_PX) | (pts[:, 1] < BORDER_PX)
            | (pts[:, 0] > w - 1 - BORDER_PX) | (pts[:, 1] > h - 1 - BORDER_PX))
    return float(edge.mean()) >= BORDER_SHARE

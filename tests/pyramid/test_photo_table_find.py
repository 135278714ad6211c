"""pyramid.photo.table_find: the table's quadrilateral from the cloth's region."""
import numpy as np

from pyramid.photo.imaging import cv2
from pyramid.photo.table_find import _quads_from_lines, _side_lines


def test_the_straight_sides_close_the_quadrilateral_a_blob_over_a_corner_hides():
    """A cloth's region (a quadrilateral seen in perspective) with a lamp shade's blob of
    the same hue over one corner: the region's straight runs still give the four sides, and
    one of the quadrilaterals they close is the cloth's, to a pixel."""
    cv = cv2()
    quad = np.array([(200, 700), (1000, 690), (820, 260), (380, 250)], float)
    region = np.zeros((960, 1280), np.uint8)
    cv.fillConvexPoly(region, quad.astype(np.int32), 1)
    cv.circle(region, (820, 240), 90, 1, -1)  # the shade, over the far right corner
    lines = _side_lines(region)
    assert len(lines) >= 4
    assert np.array_equal(_side_lines(region)[0][0], lines[0][0])  # seeded: the same lines
    errors = [np.abs(q[:, None, :] - quad[None, :, :]).sum(axis=2).min(axis=1).max()
              for q in _quads_from_lines(lines, region.shape)]
    assert min(errors) < 2.0

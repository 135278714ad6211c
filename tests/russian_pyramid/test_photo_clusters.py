"""russian_pyramid.photo.clusters: the balls of a cluster searched on the table only."""
import json
from pathlib import Path

import numpy as np

from benchmarks.photo_report import load_case
from russian_pyramid.photo.clusters import cluster_centres
from russian_pyramid.photo.imaging import cv2
from russian_pyramid.photo.table_find import view_from_corners
from sim.presets import table_by_name

DATA = Path(__file__).parent / "photo_data"


def test_a_blob_reaching_to_the_horizon_is_searched_on_the_table_only():
    """A blob across the horizon of the balls' plane (the wall behind the table, where a
    wrong table's blobs can reach: seed 9013, case_004, before the table finder's
    rectangle check) maps to points kilometres off, or behind the camera; its grid of
    candidate centres once took 2.87 EiB.  It is now bounded by the table: whatever is found
    lies on it."""
    cv = cv2()
    case = load_case(json.loads((DATA / "independent_007.json").read_text()))
    bgr = cv.imread(str(DATA / "independent_007.jpg"))
    spec = table_by_name(case.table)
    view = view_from_corners(bgr, spec, np.array(case.corners_px))
    blob = np.zeros(bgr.shape[:2], np.uint8)
    blob[340:380] = 1  # a strip across the horizon of the balls' plane, seen from 1.7 m
    vs, us = np.nonzero(blob)
    far = view.camera.to_height(np.c_[us, vs].astype(float), spec.ball_radius_m)
    assert np.abs(far).max() > 1000  # metres: the strip does reach the horizon
    found = cluster_centres(cv.cvtColor(bgr, cv.COLOR_BGR2GRAY), blob, view, spec)
    for u, v, r in found:
        x, y = view.camera.to_height(np.array([[u, v]]), spec.ball_radius_m)[0]
        assert 0 <= x <= spec.length_m and 0 <= y <= spec.width_m

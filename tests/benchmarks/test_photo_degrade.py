"""benchmarks.photo_degrade (issue 31 item 4): the renders made blurred, noisy and compressed."""
import json

import cv2
import numpy as np
import pytest

from benchmarks.photo_degrade import degrade, degrade_pixels, main, rolled


def _grey(level, size=(240, 320)):
    return np.full(size + (3,), level, np.uint8)


def test_the_noise_is_centred_and_grows_as_the_square_root_of_the_light():
    rng = np.random.default_rng(3)
    dark = degrade_pixels(_grey(32), rng, 0.0, 8.0, 1.0).astype(float)
    mid = degrade_pixels(_grey(128), rng, 0.0, 8.0, 1.0).astype(float)
    assert abs(mid.mean() - 128) < 0.5 and abs(dark.mean() - 32) < 0.5
    assert mid.std() == pytest.approx(8.0, rel=0.1)  # --noise is sigma at mid grey
    assert dark.std() == pytest.approx(8.0 * np.sqrt(32 / 128), rel=0.15)


def test_the_grain_makes_blotches_and_the_blur_spreads_an_edge():
    def green(grain_px):
        pixels = degrade_pixels(_grey(128), np.random.default_rng(1), 0.0, 8.0, grain_px)
        return pixels[..., 1].astype(float)
    coarse, fine = green(4.0), green(1.0)

    def neighbour_corr(a):
        a = a - a.mean()
        return float((a[:, 1:] * a[:, :-1]).mean() / a.var())
    assert neighbour_corr(coarse) > 0.6 > 0.2 > neighbour_corr(fine)
    edge = _grey(0)
    edge[:, 160:] = 255
    row = degrade_pixels(edge, np.random.default_rng(1), 2.0, 0.0, 1.0)[120, :, 1].astype(float)
    assert 0 < row[158] < 128 < row[161] < 255  # no longer a step
    assert row[:150].max() < 8 and row[170:].min() > 247


def test_the_jpeg_keeps_the_picture():
    img = _grey(100)
    img[:, 160:] = 200
    back = cv2.imdecode(np.frombuffer(degrade(img, np.random.default_rng(0), 0.0, 0.0, 1.0, 90),
                                      np.uint8), cv2.IMREAD_COLOR).astype(float)
    assert np.abs(back[:, :150] - 100).max() < 4 and np.abs(back[:, 170:] - 200).max() < 4


def test_the_command_is_seeded_and_copies_the_truth(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    rng = np.random.default_rng(0)
    cv2.imwrite(str(src / "case_000.jpg"), rng.integers(0, 255, (96, 128, 3), dtype=np.uint8))
    (src / "case_000.json").write_text(json.dumps({"balls": {"cue": [1.0, 0.5]}}))
    for out in ("a", "b"):
        assert main([str(src), str(tmp_path / out), "--seed", "5"]) == 0
    a, b = ((tmp_path / out / "case_000.jpg").read_bytes() for out in ("a", "b"))
    assert a == b
    truth = json.loads((tmp_path / "a" / "case_000.json").read_text())
    assert truth == {"balls": {"cue": [1.0, 0.5]}}
    main([str(src), str(tmp_path / "c"), "--seed", "6"])
    assert (tmp_path / "c" / "case_000.jpg").read_bytes() != a


@pytest.mark.parametrize("flags", [["--quality", "0"], ["--grain-px", "0.5"], ["--noise", "-1"],
                                   ["--roll-deg", "120"]])
def test_bad_flags_are_refused_naming_them(tmp_path, flags, capsys):
    with pytest.raises(SystemExit) as exc:
        main([str(tmp_path), str(tmp_path / "o")] + flags)
    assert exc.value.code == 2 and flags[0] in capsys.readouterr().err


def test_a_roll_turns_the_photo_and_its_corners_together():
    img = _grey(0)
    img[60:64, 200:204] = 255  # a bright mark, its centre at (201.5, 61.5)
    truth = {"corners_px": [[201.5, 61.5], [10.0, 20.0], [300.0, 200.0], [159.5, 119.5]],
             "balls": {"cue": [1.0, 0.5]}}
    out, moved = rolled(img, truth, 90.0)
    (u, v), centre = moved["corners_px"][0], moved["corners_px"][3]
    assert centre == [159.5, 119.5]  # the photo's centre stays
    # a quarter turn counter-clockwise as seen: right of the centre goes above it
    assert (u, v) == pytest.approx((159.5 + (61.5 - 119.5), 119.5 - (201.5 - 159.5)), abs=0.01)
    ys, xs = np.nonzero(out[..., 0] > 128)
    assert abs(xs.mean() - u) < 0.6 and abs(ys.mean() - v) < 0.6
    assert moved["balls"] == truth["balls"] and truth["corners_px"][0] == [201.5, 61.5]

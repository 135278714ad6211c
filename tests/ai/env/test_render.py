"""ai.env.render: rgb_array frames of the table (issue 30, item 1)."""
from __future__ import annotations

import time

import numpy as np
import pytest

from ai.env import ENV_ID, PyramidEnv
from ai.env.render import CLOTH_RGB, CUE_RGB, IVORY_RGB, PIXELS_PER_M, RAIL_M, background, draw
from sim import shared_simulator

gymnasium = pytest.importorskip("gymnasium")


def _pixel(spec, x, y):
    return (int(round((spec.width_m + RAIL_M - y) * PIXELS_PER_M - 0.5)),
            int(round((x + RAIL_M) * PIXELS_PER_M - 0.5)))


def test_render_gives_an_rgb_uint8_image_of_the_position():
    env = gymnasium.make(ENV_ID, render_mode="rgb_array", opponent="random")
    env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    spec = env.unwrapped.simulator.table
    state = env.unwrapped.state
    for ball, (x, y) in state.balls.items():  # each ball's centre in its colour
        assert tuple(image[_pixel(spec, x, y)]) == (CUE_RGB if ball == "cue" else IVORY_RGB)
    assert tuple(image[_pixel(spec, 1.0, 0.3)]) == CLOTH_RGB  # empty cloth
    assert image.shape[1] > image.shape[0]  # the table lies along the frame


def test_frames_follow_the_game_and_do_not_share_memory():
    env = PyramidEnv(opponent="random", render_mode="rgb_array")
    env.action_space.seed(0)
    env.reset(seed=0)
    first = env.render()
    env.step(env.action_space.sample())
    second = env.render()
    assert not np.array_equal(first, second)  # the break moved the balls
    assert not background(env.simulator.table).flags.writeable


def test_no_render_mode_renders_nothing_and_an_unknown_one_is_refused():
    assert PyramidEnv(opponent="random").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        PyramidEnv(opponent="random", render_mode="human")


def test_the_checker_passes_with_its_render_check():
    from gymnasium.utils.env_checker import check_env
    env = gymnasium.make(ENV_ID, render_mode="rgb_array", opponent="random")
    check_env(env.unwrapped, skip_render_check=False)


def test_a_frame_costs_a_few_milliseconds():
    spec = shared_simulator().table
    balls = {"cue": (1.0, 0.9), "7": (2.5, 0.5)}
    draw(spec, balls)  # the background, once per table
    t0 = time.perf_counter()
    for _ in range(20):
        draw(spec, balls)
    assert (time.perf_counter() - t0) / 20 < 0.05  # measured 1.4 ms on the 2-core machine


def test_the_even_odd_test_knows_inside_from_outside():
    from ai.env.render import inside
    triangle = np.array([[0.0, 0.0], [2.0, 0.0], [0.0, 2.0]])
    xs = np.array([0.5, 1.5, 0.1, -0.1, 1.0])
    ys = np.array([0.5, 1.5, 1.8, 0.5, 0.9])
    assert list(inside(triangle, xs, ys)) == [True, False, True, False, True]

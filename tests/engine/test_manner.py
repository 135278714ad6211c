"""The compiled manner classification (engine.manner, R5.1) agrees with its readable twin
(tests/engine/manner_oracle.py) on golden logs and on every sample of a batch of simulated
strokes through a cluster: first contact, cue ball pocketed, the house line crossed first,
and for each called ball its manner tags, the balls it used, its pocket and its path (the
caroms, the chain and the kisses, each in order)."""
import math

import numpy as np
import pytest

from engine.manner import (TAG_BITS, ball_bits, decode_balls, encode_balls, jaw_pockets,
                           manners_shown, summarise_batch, tag_bits)
from sim import Simulator, Strike
from sim.events import BALL_IDS

from manner_oracle import manners_shown_readable
from rules_helpers import cushion, hit, jaw, pocket, strike


@pytest.fixture(scope="module")
def sim():
    return Simulator()


def test_R5_1_compiled_and_readable_agree_on_hand_built_logs():
    """R5.1 edge cases: a jaw of another pocket without falling still tags a bank, a jaw event
    that names no pocket counts as another pocket's, nothing after the fall counts."""
    logs = [
        [strike(), hit(0.5, "cue", "7"), jaw(0.8, "7", "ML", "FL-ML")],  # no fall
        [strike(), hit(0.5, "cue", "7"), jaw(0.8, "7", None, "FL-ML"), pocket(1.2, "7", "FL")],
        [strike(), hit(0.5, "cue", "7"), pocket(1.0, "7", "FL"), hit(1.1, "cue", "3"),
         cushion(1.2, "cue", "FR-FL")],
        [strike(), cushion(0.2, "cue", "NR-MR"), hit(0.3, "cue", "12"), hit(0.6, "12", "7"),
         hit(0.7, "7", "4"), pocket(1.2, "7", "FL")],
        # carom off 6 onto 11, the 11 onto the 7 (the seed's own example, R5.1)
        [strike(), hit(0.2, "cue", "6"), hit(0.4, "cue", "11"), hit(0.6, "11", "7"),
         pocket(1.0, "7", "ML")],
        # the cue ball glances off 6 and 9 onto 5; 5 -> 2 -> 7; the 7 kisses 3, 6, 3, banks
        [strike(), hit(0.1, "cue", "6"), hit(0.2, "cue", "9"), hit(0.25, "cue", "6"),
         hit(0.3, "cue", "5"), hit(0.4, "5", "2"), hit(0.5, "2", "7"), hit(0.6, "7", "3"),
         hit(0.7, "7", "6"), hit(0.75, "7", "3"), cushion(0.8, "7", "FR-FL"),
         pocket(1.2, "7", "FL")],
        # the cue ball touches 5 after 12 set it moving: a chain 12 -> 5 -> 7, no carom
        [strike(), hit(0.1, "cue", "12"), hit(0.2, "12", "5"), hit(0.3, "cue", "5"),
         hit(0.4, "5", "7"), pocket(1.0, "7", "FL")],
    ]
    for events in logs:
        assert manners_shown(events, "7") == manners_shown_readable(events, "7")


def test_R5_1_compiled_summary_matches_the_readable_twin_on_simulated_strokes(sim):
    rng = np.random.default_rng(11)
    # a cluster (kisses, combinations, caroms) plus balls near pockets and cushions
    balls = {"cue": (0.6, 0.9), "1": (1.8, 0.9), "2": (1.868, 0.9), "3": (1.834, 0.96),
             "4": (2.6, 1.5), "5": (3.3, 0.3), "6": (1.0, 0.2), "7": (2.9, 0.9)}
    pos = np.zeros((16, 2))
    on = np.zeros(16, dtype=bool)
    for b, p in balls.items():
        pos[BALL_IDS.index(b)] = p
        on[BALL_IDS.index(b)] = True
    strikes = [Strike(float(rng.uniform(0.5, 7)), float(rng.uniform(-math.pi, math.pi)), 0, 0,
                      float(rng.uniform(-0.5, 0.5))) for _ in range(400)]
    # a watch line across the table (the house line) so that "crossed" is exercised
    batch = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(strikes),
                                 watch_line=(0.9, 0.0, 1.0, 0.0))
    results = sim.results_from_batch(batch, on)
    jaws = jaw_pockets(sim.geometry)
    seen = set()
    seen_paths = set()
    for called in ("1", "2", "3", "5", "7"):
        s = summarise_batch(batch.events, batch.offsets, BALL_IDS.index(called), jaws)
        for j, r in enumerate(results):
            first = r.first_contact
            assert s.first[j] == (-1 if first is None else BALL_IDS.index(first))
            assert s.cue_pocketed[j] == any(p.ball == "cue" for p in r.pocketed)
            crossed = False
            for ev in r.events:
                if ev.is_ball_ball and ev.involves("cue"):
                    break
                crossed |= ev.kind.label == "line-cross"
            assert s.crossed_first[j] == crossed
            want = manners_shown_readable(r.events, called)
            assert s.tags[j] == tag_bits(want.tags), (called, j, want)
            assert s.via[j] == ball_bits(want.via), (called, j, want)
            fell = -1 if want.pocket is None else ["NL", "NR", "ML", "MR", "FL", "FR"].index(
                want.pocket)
            assert s.fell[j] == fell
            assert (decode_balls(s.caroms[j]), decode_balls(s.chain[j]),
                    decode_balls(s.kisses[j])) == (want.caroms, want.chain, want.kisses), \
                (called, j, want)
            seen |= want.tags
            seen_paths.add((len(want.caroms), len(want.chain), len(want.kisses)))
    # the sample set really exercised the manners (else the comparison proves little)
    assert set(TAG_BITS) <= seen, seen
    # ... and paths: a carom onto a chain (the seed's shape), chains and kisses of two or more
    assert any(c and ch for c, ch, _ in seen_paths), seen_paths
    assert any(ch >= 2 for _, ch, _ in seen_paths), seen_paths
    assert any(k >= 2 for _, _, k in seen_paths), seen_paths


def test_R5_1_ball_lists_pack_in_order():
    """R5.1 path: an ordered list of balls packs into one integer and back, order kept."""
    for balls in [(), ("6",), ("11", "6"), ("15", "1", "14", "2", "13", "3", "12", "4", "11",
                                            "5", "10", "6", "9", "7", "8")]:
        assert decode_balls(encode_balls(balls)) == balls
    assert encode_balls(("6", "11")) != encode_balls(("11", "6"))

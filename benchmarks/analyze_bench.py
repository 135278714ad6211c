"""``pyramid analyze`` CPU per stroke (issue 27 item 2: at most 0.25 s a stroke for a record
without stored estimates).

``python -m benchmarks.analyze_bench [--seed N] [--repeats R] [--strokes A-B] [--smoke]`` plays a
seeded greedy-vs-greedy game (``pyramid play --agent-a greedy --agent-b greedy --seed N --record``),
then analyses every stroke of it in this one process (one core, no worker) the way ``pyramid
analyze`` does (:func:`ai.games.analysis.judge_stroke`, seed 0), once with the current
defaults and once with the old ones (``--agent mc``, the default agent with its full search,
every sample simulated and adjudicated one by one), and prints for each the CPU seconds per
stroke (``time.process_time``; the median over ``--repeats`` repeats, after one warm-up
stroke that loads the compiled kernels), the ratio to the 0.25 s target and to the old
settings measured in the same process, and how many marks the two agree on.  Parallel runs
(``--jobs``) spend the same CPU per stroke plus each worker's start.  ``--smoke``: a game of
:data:`SMOKE_MAX_STROKES` strokes, its second analysed once (:mod:`benchmarks.smoke`).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ai.games.analysis import (SAMPLES_DEFAULT, TOP_DEFAULT, StrokeValuer,
                               analysis_agent_spec, judge_stroke)
from ai.noise import NoiseModel
from ai.registry import default_agent_spec, make_agent
from russian_pyramid.app.analyze import prepare, read_game_record

from . import smoke

TARGET_S_PER_STROKE = 0.25  # issue 27 item 2
SMOKE_MAX_STROKES = 4  # --smoke: the game stops here (a record of an unfinished game)
SEED = 0  # the analysis's seed (pyramid analyze --seed default)


def make_record(seed: int, folder: Path, max_strokes: int | None = None) -> Path:
    path = folder / f"greedy-{seed}.jsonl"
    cut = [] if max_strokes is None else ["--max-strokes", str(max_strokes)]
    subprocess.run([sys.executable, "-m", "russian_pyramid", "play", "--agent-a", "greedy",
                    "--agent-b", "greedy", "--seed", str(seed), "--record", str(path),
                    "--quiet", *cut], check=True, stdout=subprocess.DEVNULL)
    return path


def analyse(prepared, spec: str, batched: bool, samples: int, top: int) -> tuple[float, list]:
    """CPU seconds per stroke and the verdicts of every stroke of ``prepared``."""
    sim = prepared.checked.simulator
    agent = make_agent(spec, sim)
    valuer = StrokeValuer(sim, NoiseModel.for_skill("strong"), samples=samples, batched=batched)
    t0 = time.process_time()
    verdicts = [judge_stroke(it.index, it.stroke.state_before, it.call, it.strike,
                             it.stroke.placement, agent, valuer, SEED, top=top)
                for it in prepared.items]
    return (time.process_time() - t0) / len(verdicts), verdicts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1, help="seed of the greedy-vs-greedy game")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--strokes", default=None, help="analyse only strokes A-B (from 1)")
    args = smoke.parse(ap, argv, repeats=1, strokes="2-2")
    with tempfile.TemporaryDirectory() as tmp:
        path = make_record(args.seed, Path(tmp), SMOKE_MAX_STROKES if args.smoke else None)
        prepared = prepare(str(path), read_game_record(str(path)), args.strokes, "en")
    n = len(prepared.items)
    settings = {
        "now": (analysis_agent_spec(), True),
        "old": (default_agent_spec(), False),
    }
    warm = prepare(prepared.name, prepared.record, "2", "en")
    for spec, batched in settings.values():  # compiled kernels and caches loaded
        analyse(warm, spec, batched, SAMPLES_DEFAULT, TOP_DEFAULT)
    cpu = {k: [] for k in settings}
    marks = {}
    for _ in range(args.repeats):
        for key, (spec, batched) in settings.items():
            per, verdicts = analyse(prepared, spec, batched, SAMPLES_DEFAULT, TOP_DEFAULT)
            cpu[key].append(per)
            marks[key] = [v.mark for v in verdicts]
    med = {k: statistics.median(v) for k, v in cpu.items()}
    agree = sum(a == b for a, b in zip(marks["now"], marks["old"]))
    print(f"greedy-vs-greedy record, seed {args.seed}: {n} strokes analysed; "
          f"{args.repeats} repeats, one process")
    for key, (spec, batched) in settings.items():
        print(f"  {key}: {spec}, {SAMPLES_DEFAULT} samples, top {TOP_DEFAULT}, "
              f"{'batched' if batched else 'one by one'}: {med[key]:.3f} s CPU/stroke "
              f"(runs {', '.join(f'{x:.3f}' for x in cpu[key])}); "
              f"{med[key] / TARGET_S_PER_STROKE:.2f}x the {TARGET_S_PER_STROKE} s target")
    print(f"  now / old: {med['now'] / med['old']:.2f}; marks equal on {agree}/{n} strokes "
          f"(now: {marks['now'].count('?')} ?, {marks['now'].count('??')} ??; old: "
          f"{marks['old'].count('?')} ?, {marks['old'].count('??')} ??)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

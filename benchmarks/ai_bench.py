"""AI benchmarks: pot rates, decision times, self-play strength, safety / foul frequencies.

``python -m benchmarks.ai_bench [--positions N] [--games N] [--jobs J] [--skip-oracle]
[--skip-games] [--skip-pots] [--smoke]`` prints tables (``--smoke``: one position, two games of
a few strokes, a small oracle; :mod:`benchmarks.smoke`).

* Pot rate: a fixed seeded suite of positions (3-7 object balls scattered, cue ball on the
  table, open attacking chances); each agent decides once per position and the decision is
  executed ``--trials`` times under execution noise of magnitude 0.5 and 1.0 (the agent
  believes the same magnitude).  "pot" = the stroke was successful (call fulfilled, no foul).
  The oracle is the MC agent with 20x the default sample budget.
* Decision time: median and 90th percentile over the suite's decisions (one process, one core).
* Self-play: games between pairs of agents (alternating breaks, seeded), win rate of the first
  with a 95% Wilson interval; draws count half.  Counts of safeties and deliberate fouls.
"""
from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace

import numpy as np

from ai.games.match import MAX_STROKES_PER_GAME, execute, play_game
from ai.games.ratings import wilson
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import initial_state
from engine.state import GameState
from sim import shared_simulator

from . import smoke

ORACLE = "mc:budget=6000,shots=8,placements=3"  # 20 x the default sample budget
SMOKE_ORACLE = "mc:budget=60,shots=8,placements=3"
SMOKE_SIZES = {"positions": 1, "trials": 1, "games": 2, "jobs": 1, "pairs": "mc-fast~greedy"}
SMOKE_MAX_STROKES = 4  # a smoke game stops here (unfinished)


def suite(n: int, seed: int = 2024) -> list[GameState]:
    rng = np.random.default_rng(seed)
    out = []
    st0 = initial_state()
    spec = st0.spec
    R = spec.ball_radius_m
    while len(out) < n:
        k = int(rng.integers(3, 8))
        ids = ["cue"] + [str(b) for b in rng.choice(np.arange(1, 16), k, replace=False)]
        balls = {}
        ok = True
        for b in ids:
            for _ in range(100):
                p = (float(rng.uniform(0.15, spec.length_m - 0.15)),
                     float(rng.uniform(0.15, spec.width_m - 0.15)))
                if all(math.dist(p, q) > 2 * R + 0.01 for q in balls.values()):
                    balls[b] = p
                    break
            else:
                ok = False
        if not ok:
            continue
        out.append(replace(st0, balls=balls, cue_in_hand=False, break_pending=False,
                           scores=(int(rng.integers(0, 50)), int(rng.integers(0, 50)))))
    return out


def pot_rates(agents: dict, positions: list, magnitudes=(0.5, 1.0), trials: int = 4, seed=0):
    sim = shared_simulator()
    rows = []
    chosen: dict = {}
    for mag in magnitudes:
        for name, spec in agents.items():
            agent = make_agent(spec if spec == "random"
                               else f"{spec}{',' if ':' in spec else ':'}skill={mag}", sim)
            pots, n, times = 0, 0, []
            for i, st in enumerate(positions):
                rng = np.random.default_rng(seed + i)
                t = time.perf_counter()
                d = agent.decide(st, rng)
                times.append(time.perf_counter() - t)
                chosen[(mag, name, i)] = (d.kind, None if d.call is None else
                                          (d.call.ball, d.call.pocket, d.call.manner))
                for k in range(trials):
                    rep = execute(st, d, sim, np.random.default_rng(10_000 + 100 * i + k),
                                  NoiseModel(magnitude=mag))
                    pots += bool(rep.outcome.adjudication.successful)
                    n += 1
            rows.append((mag, name, pots / n, n, float(np.median(times)),
                         float(np.percentile(times, 90))))
            print(f"  noise {mag}: {name:10s} pot rate {pots / n:.3f} ({n} strokes), decision "
                  f"median {np.median(times):.3f}s p90 {np.percentile(times, 90):.3f}s",
                  flush=True)
    if "oracle" in agents:
        print("  agreement with the oracle's choice (same kind and call):")
        for mag in magnitudes:
            for name in agents:
                if name == "oracle":
                    continue
                same = sum(chosen[(mag, name, i)] == chosen[(mag, "oracle", i)]
                           for i in range(len(positions)))
                print(f"    noise {mag}: {name:10s} {same}/{len(positions)}")
    return rows


def _one_game(a: str, b: str, seed: int, a_first: bool, max_strokes: int):
    try:
        return _one_game_inner(a, b, seed, a_first, max_strokes)
    except Exception as exc:  # a simulator/rules failure: reported, the game is left out
        return ("error", f"{type(exc).__name__}: {exc}"[:300])


class _GainProbe:
    """Wraps an agent; after each safety or deliberate foul it chose, records what that choice
    gained over the best attack of the same analysis (P(win), by the agent's own estimates).
    Agents without an analysis (greedy, random) record nothing."""

    def __init__(self, agent):
        self.agent = agent
        self.name = agent.name
        self.gains: list[tuple[str, float]] = []

    def decide(self, state, rng):
        d = self.agent.decide(state, rng)
        last = getattr(self.agent, "last", None)
        if last is not None and d.kind != "attack" and d.p_win is not None:
            attacks = [e.estimate.p_win for e in last.ranked
                       if e.proposal.kind == "attack" and e.estimate.samples > 0]
            if attacks:
                self.gains.append((d.kind, float(d.p_win) - max(attacks)))
        return d


def _one_game_inner(a: str, b: str, seed: int, a_first: bool, max_strokes: int):
    sim = shared_simulator()
    probe = _GainProbe(make_agent(a, sim))
    agents = [probe, make_agent(b, sim)] if a_first else [make_agent(b, sim), probe]
    st = initial_state(auto_warning=True, breaker=0)
    t = time.perf_counter()
    log = play_game(st, agents, sim, np.random.default_rng(seed), [NoiseModel(), NoiseModel()],
                    max_strokes=max_strokes)
    side_a = 0 if a_first else 1
    res = log.final.result  # a GameOutcome, None if the game was not over
    drawn = (res is not None and res.draw) or log.unfinished
    score = 0.5 if drawn else float(res is not None and res.winner == side_a)
    kinds = {"safety": 0, "deliberate-foul": 0, "attack": 0}
    a_strokes = 0
    forecasts = []  # (the agent's P(win) estimate, the game's outcome for it)
    for r in log.reports:
        if r.state_before.to_move == side_a:
            a_strokes += 1
            kinds[r.decision.kind] = kinds.get(r.decision.kind, 0) + 1
            if r.decision.p_win is not None:
                forecasts.append((float(r.decision.p_win), score))
    return (score, kinds, a_strokes, len(log.reports), time.perf_counter() - t, log.unfinished,
            forecasts, probe.gains)


def self_play(pairs, games: int, jobs: int, seed: int = 500,
              max_strokes: int = MAX_STROKES_PER_GAME):
    rows = []
    for a, b in pairs:
        t = time.time()
        res = []
        errors = 0
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            futs = {ex.submit(_one_game, a, b, seed + g, g % 2 == 0, max_strokes): g
                    for g in range(games)}
            for f in as_completed(futs):
                r = f.result()
                if r[0] == "error":
                    errors += 1
                    print(f"    game {futs[f]}: ERROR {r[1]}", flush=True)
                    continue
                res.append(r)
                print(f"    game {futs[f]}: {a} scored {r[0]} ({r[3]} strokes, {r[4]:.0f}s)",
                      flush=True)
        if errors:
            print(f"  {errors} game(s) failed and are left out", flush=True)
        score = sum(r[0] for r in res)
        p, lo, hi = wilson(score, len(res))
        kinds = {}
        for r in res:
            for k, v in r[1].items():
                kinds[k] = kinds.get(k, 0) + v
        strokes = sum(r[2] for r in res)
        unfinished = sum(r[5] for r in res)
        rows.append((a, b, len(res), score, p, lo, hi, kinds, strokes, unfinished))
        fc = np.array([f for r in res for f in r[6]]).reshape(-1, 2)
        if len(fc):
            brier = float(np.mean((fc[:, 0] - fc[:, 1]) ** 2))
            print(f"  {a}'s P(win) forecasts: {len(fc)} decisions, Brier {brier:.3f}; by decile "
                  "(predicted -> observed, n):", flush=True)
            for lo_ in np.linspace(0, 0.9, 10):
                m = (fc[:, 0] >= lo_) & (fc[:, 0] < lo_ + 0.1 + (1e-9 if lo_ >= 0.9 else 0))
                if m.sum():
                    print(f"    {fc[m, 0].mean():.2f} -> {fc[m, 1].mean():.2f} (n={int(m.sum())})")
        gains = [g for r in res for g in r[7]]
        for kind in ("safety", "deliberate-foul"):
            gk = np.array([g for k_, g in gains if k_ == kind])
            if len(gk):
                print(f"  {a}'s {kind} choices: {len(gk)}, P(win) gained over its best attack: "
                      f"mean {gk.mean():+.3f}, median {np.median(gk):+.3f} (its own estimates)",
                      flush=True)
        print(f"  {a} vs {b}: {score:g}/{len(res)} = {p:.2f} [95% CI {lo:.2f}, {hi:.2f}]; "
              f"{a}: {strokes} strokes, safeties {kinds.get('safety', 0)}, deliberate fouls "
              f"{kinds.get('deliberate-foul', 0)}; unfinished {unfinished}; "
              f"{time.time() - t:.0f}s", flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="AI benchmarks")
    ap.add_argument("--positions", type=int, default=16)
    ap.add_argument("--trials", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairs", default="mc-greedy,greedy-random,mc-random",
                    help="comma-separated A-B pairs (A~B when a name has a dash)")
    ap.add_argument("--skip-oracle", action="store_true")
    ap.add_argument("--skip-games", action="store_true")
    ap.add_argument("--skip-pots", action="store_true")
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    if not args.skip_pots:
        agents = {"random": "random", "greedy": "greedy", "mc-fast": "mc-fast", "mc": "mc"}
        if not args.skip_oracle:
            agents["oracle"] = SMOKE_ORACLE if args.smoke else ORACLE
        print(f"pot rates on {args.positions} seeded positions x {args.trials} executions:")
        rows = pot_rates(agents, suite(args.positions), trials=args.trials)
        print("\n| noise | agent | pot rate | strokes | decision median (s) | p90 (s) |")
        print("|---|---|---|---|---|---|")
        for mag, name, rate, n, med, p90 in rows:
            print(f"| {mag} | {name} | {rate:.3f} | {n} | {med:.3f} | {p90:.3f} |")
    if not args.skip_games:
        # "a-b", or "a~b" when a name has a dash in it (mc-strong~mc)
        pairs = [tuple(p.split("~")) if "~" in p else tuple(p.split("-", 1))
                 for p in args.pairs.split(",")]
        print(f"\nself-play, {args.games} games per pair, {args.jobs} processes:")
        rows = self_play(pairs, args.games, args.jobs,
                         **({"max_strokes": SMOKE_MAX_STROKES} if args.smoke else {}))
        print("\n| pair | games | score | win rate | 95% CI | safeties/strokes | fouls/strokes |")
        print("|---|---|---|---|---|---|---|")
        for a, b, n, score, p, lo, hi, kinds, strokes, unf in rows:
            print(f"| {a} vs {b} | {n} | {score:g} | {p:.2f} | [{lo:.2f}, {hi:.2f}] | "
                  f"{kinds.get('safety', 0)}/{strokes} | {kinds.get('deliberate-foul', 0)}/{strokes} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

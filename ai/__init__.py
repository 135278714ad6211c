"""The AI player: see ai/README.md for the map.

    agent, noise, describe, registry   the protocol, execution noise, instructions, agents by name
    geometry/   closed-form table geometry (and its compiled kernels)
    value/      what a position is worth: P(win), foul loops
    search/     deciding a stroke: candidate sources, refinement, sampling
    agents/     random, greedy, mc
    games/      the game loop, matches, records, tournaments, ratings, analysis
    calibrate/  offline fits of the value model and the pocket windows
"""

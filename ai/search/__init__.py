"""Deciding a stroke: a pipeline of candidate sources and a sampler.

    context    the decision's fixed inputs and the simulator runs   (Context)
    placement  spots from hand
    proposal   Proposal (immutable), the CandidateSource protocol
    shots/     geometric pots, one module per manner of R5.1
    attack     Attacks: pots for every legal call, refined
    refine     aim at the middle of the window of directions that pot (simulated scans)
    position   speed/spin variants of the leading pots, chosen by the leave (mc:position)
    safety     Safeties: strokes screened by the position they leave; pots found by accident
    fouls      DeliberateFouls: tush, own ball, deliberate miss
    opening    Opening: the dedicated break search
    referee    batches to rulings through the rules core
    allocate   sampling statistics and successive halving
    pipeline   analyse(): the whole decision
    line       the line of play: the best stroke followed one or two strokes deeper (advice)
"""
from .context import Context
from .pipeline import Analysis, Estimate, Evaluated, SearchOptions, analyse, sources
from .proposal import CandidateSource, Proposal

__all__ = ["Analysis", "CandidateSource", "Context", "Estimate", "Evaluated", "Proposal",
           "SearchOptions", "analyse", "sources"]

"""A player's observation (R1.6); it lives in the engine, beside
`determinize`, and is named here too for the bots."""

from avatar_tui.engine.observation import HIDDEN, Observation, observation, setup_without_secrets

__all__ = ["HIDDEN", "Observation", "observation", "setup_without_secrets"]

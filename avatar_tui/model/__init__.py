"""The pydantic game model: cards, effects, game state and actions."""

"""The rules engine: pure Python on the pydantic game model, no UI imports."""

"""rice_paddy: work in progress (not registered yet)."""

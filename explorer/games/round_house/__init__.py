"""round_house: work in progress (not registered yet)."""

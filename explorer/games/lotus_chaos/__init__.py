"""lotus_chaos: work in progress (not registered yet)."""

"""Bots that play any registered game through the engine contract."""

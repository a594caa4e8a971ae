"""Typed errors shared by every game."""


class IllegalAction(ValueError):
    """An action the rules forbid. `rule` is the ledger id of the broken rule."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.explanation = message
        super().__init__(f"[{rule}] {message}")


class NotationError(ValueError):
    """Text that is not a well-formed action in the game's notation."""


class PositionError(ValueError):
    """A saved or hand-written position that does not validate."""


class DataError(ValueError):
    """A component or ledger file that does not validate."""

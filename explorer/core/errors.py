"""Typed errors shared by every game, and `clip` for echoing user input in their messages."""


class IllegalAction(ValueError):
    """An action the rules forbid. `rule` is the ledger id of the broken rule."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.explanation = message = clip(message, 1000)  # it may quote the action, whatever its length
        super().__init__(f"[{rule}] {message}")


class NotationError(ValueError):
    """Text that is not a well-formed action in the game's notation."""


class PositionError(ValueError):
    """A saved or hand-written position that does not validate."""


class DataError(ValueError):
    """A component or ledger file that does not validate."""


def clip(text, limit: int = 80) -> str:
    """`text` (any value: str() of it) cut to at most `limit` characters, marked with '…' when cut.
    Use it wherever an error message echoes input, so a 10 MB name cannot make a 10 MB message."""
    if not isinstance(text, str):
        try:
            text = str(text) if not isinstance(text, (int, float)) or abs(text) < 10 ** 60 else "a huge number"
        except (ValueError, RecursionError, TypeError):  # ints over 4,300 digits, deep containers
            text = f"a {type(text).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def brief(value, limit: int = 60) -> str:
    """repr() of `value`, clipped: for messages that quote what they got."""
    if isinstance(value, str):
        return repr(clip(value, limit))
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 60:
        return "a huge integer"
    try:
        text = repr(value) if not isinstance(value, (dict, list, tuple)) or len(value) < 50 else None
    except (ValueError, RecursionError):
        text = None
    return clip(text, limit) if text is not None else f"a {type(value).__name__} of {len(value)} items"

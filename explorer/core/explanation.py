"""What an action does, in a sentence, with the rules ledger ids it relies on (State.explain)."""
from __future__ import annotations

import re

_ID = re.compile(r"[a-z_]+(?:\.[a-z0-9_-]+)+")


class Explanation(str):
    """The sentence (it is a str) and `.rules`, the ledger ids it cites, in order, each once.

    >>> said = Explanation("Red draws from their deck [lotus.draw.refill]", ("lotus.draw.refill",))
    >>> said.rules, said.endswith("]")
    (('lotus.draw.refill',), True)
    """

    def __new__(cls, text: str, rules=()):
        self = super().__new__(cls, text)
        self.rules = tuple(dict.fromkeys(rules))
        return self

    def __reduce__(self):
        return (Explanation, (str(self), self.rules))


def cited(text: str, game: str) -> tuple[str, ...]:
    """The ids of `game`'s ledger that `text` names (in brackets or parentheses, as the games write them)."""
    from .data import ledger
    ids = ledger(game)
    return tuple(i for i in dict.fromkeys(_ID.findall(text)) if i in ids)

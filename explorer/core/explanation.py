"""What an action does, in a sentence, with the rules ledger ids it relies on (State.explain).

The games build the ids as data where they choose the rule, and `citing` writes them after the sentence,
so `.rules` is never read back out of the text."""
from __future__ import annotations


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


def citing(sentence: str, *rules: str, style: str = "[]") -> Explanation:
    """`sentence` with the ids of `rules` after it: in brackets (style "[]"), or in parentheses and a full stop
    (style "()"), as each game writes them; `.rules` holds the ids.

    >>> said = citing("Use no specialist this turn", "round_house.specialist.use", style="()")
    >>> str(said), said.rules
    ('Use no specialist this turn (round_house.specialist.use).', ('round_house.specialist.use',))
    """
    ids = ", ".join(rules)
    return Explanation(f"{sentence} [{ids}]" if style == "[]" else f"{sentence} ({ids}).", rules)

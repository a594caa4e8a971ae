"""Round House action notation: the token grammar and what a malformed token should have looked like."""
from __future__ import annotations

import re

from ...core.errors import NotationError, clip

_R = r"(?:h|[oi]\d{1,2})"
NOTATION = re.compile(
    r"^(?:skip|done|end|do|do:[a-z0-9]+|use:S\d\d(?:\.\d)?|\d>" + _R + r"|temple:\d|fam:\d|line:[a-j]\d{1,2}"
    r"|good:[fct]|car:\d|(?:inv|perm):[oi]\d{1,2}|pir:P\d\d|spec:S\d\d|amu:A\d\d|ex:(?:rec|car|inv|gold)"
    r"|take:[oi]\d{1,2}:[fctg]|bm[+-][fctg]|copy:(?:h|[oi]\d{1,2}(?::[a-z0-9]+)?)|sell:[oi]\d{1,2}\.\d(?::[fctg])?"
    r"|ord:(?:O\d\d|A\d\d|deck|no)|disc:S\d\d|order:O\d\d|dup:[fctg])$")

# what each kind of token looks like, for notation errors (the package docstring says what each does)
FORMS = {
    ">": "N>room: leader N (1 or 2) to a room o1..o10, i1..i6 or h (the hall), e.g. 1>o5",
    "use": "use:Snn (use:S06.1 / use:S06.2 for one side of an either/or card), e.g. use:S03",
    "temple": "temple:N, e.g. temple:2", "fam": "fam:N (a town), e.g. fam:1",
    "line": "line:<row a-d><column 1-5>, e.g. line:b3", "do": "do, or do:<choice> such as do:gold or do:2",
    "good": "good:f, good:c or good:t (fruit, celadon, tea)", "car": "car:N (paid moves), e.g. car:1",
    "inv": "inv:<room>, e.g. inv:o3", "perm": "perm:<room>, e.g. perm:o3", "pir": "pir:Pnn, e.g. pir:P04",
    "spec": "spec:Snn, e.g. spec:S12", "amu": "amu:Ann, e.g. amu:A07", "ex": "ex:rec, ex:car, ex:inv or ex:gold",
    "take": "take:<room>:<good>, e.g. take:o3:f", "bm": "bm+<good> to buy or bm-<good> to sell, e.g. bm+t",
    "copy": "copy:<room> or copy:<room>:<choice>, e.g. copy:o5:gold",
    "sell": "sell:<room>.<space> or sell:<room>.<space>:<good>, e.g. sell:o3.2",
    "ord": "ord:Onn, ord:Ann, ord:deck or ord:no, e.g. ord:O07", "disc": "disc:Snn, e.g. disc:S01",
    "order": "order:Onn, e.g. order:O06", "dup": "dup:<good>, e.g. dup:t",
}
EXPECTED = ("expected one token: 1>o5 (move a leader), use:S03, skip, temple:2, fam:1, line:b3, do, do:gold, good:t, "
            "car:1, inv:o3, perm:o3, pir:P04, spec:S12, amu:A07, ex:rec, take:o3:f, bm+t, bm-f, copy:o5:gold, "
            "sell:o3.2, ord:O07, ord:deck, ord:no, disc:S01, order:O06, dup:t, done or end")


def notation_error(text: str) -> NotationError:
    """What was wrong with `text` and what a token of that kind looks like."""
    shown = repr(clip(text, 40))
    m = re.match(r"(?:\d>|([a-z]+))", text)
    kind = ">" if m and not m.group(1) else (m.group(1) if m else None)
    if kind == "bm" or (kind or "").startswith("bm"):
        kind = "bm"
    if kind in FORMS:
        return NotationError(f"{shown} is not Round House notation: write {FORMS[kind]}")
    return NotationError(f"{shown} is not Round House notation; {EXPECTED}")

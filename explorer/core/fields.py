"""Shared plumbing for reading positions (load, set-up, edit, sample): one error format and the checks every
game repeats, so a user sees the same kind of sentence whichever game refuses their input.

    >>> f = Fields("lotus setup")
    >>> f.integer(3, "turn", 1, 99)
    3
    >>> f.integer(True, "turn", 1, 99)
    Traceback (most recent call last):
    ...
    explorer.core.errors.PositionError: lotus setup, field turn: expected a whole number 1..99, got True
    >>> f.seat("Blue", "seats.Blue", ["red", "blue", "yellow"])
    1
    >>> f.per_seat({"red": 2, "2": 5}, "tokens", ["red", "blue", "yellow"])
    {0: 2, 2: 5}

Shapes and ranges go through pydantic where it fits (`integer` is a strict, bounded int); what pydantic
says is rewritten into this module's sentence, which names the field, what was expected and what came,
clipped (`errors.clip`, `errors.brief`), so a 10 MB value never makes a 10 MB message.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Annotated, NoReturn

from pydantic import Field, TypeAdapter, ValidationError

from .errors import PositionError, brief, clip

MISSING = object()


@functools.lru_cache(maxsize=256)
def _bounded(lo, hi) -> TypeAdapter:
    return TypeAdapter(Annotated[int, Field(strict=True, ge=lo, le=hi)])


def _span(lo, hi) -> str:
    return f" {lo}..{hi}" if lo is not None and hi is not None else f" of at least {lo}" if lo is not None \
        else f" of at most {hi}" if hi is not None else ""


def norm(text) -> str:
    """A name as the seat grammar compares it: lower case, without spaces, '-', '_' or '&'."""
    return "".join(ch for ch in str(text).lower() if ch not in " _-&")


class Fields:
    """Field errors and checks for one kind of input, named by `where` ("lotus setup", "round_house edit")."""

    def __init__(self, where: str):
        self.where = where

    def fail(self, field, msg: str, got=MISSING) -> NoReturn:
        """PositionError "<where>, field <field>: <msg>[, got <value>]", clipped; `.field` keeps the field."""
        field = clip(str(field), 60) if field is not None else None
        text = clip(str(msg) + ("" if got is MISSING else f", got {brief(got)}"), 300)
        err = PositionError(f"{self.where}, field {field}: {text}" if field else f"{self.where}: {text}")
        err.field = field
        raise err from None  # the user's input is the cause, not whatever exception was being handled

    # ---- shapes -------------------------------------------------------------------------------------
    def integer(self, v, field, lo: int | None = None, hi: int | None = None) -> int:
        """`v` if it is an int (not a bool) within lo..hi (either bound may be None)."""
        try:
            return _bounded(lo, hi).validate_python(v)
        except ValidationError:
            self.fail(field, f"expected a whole number{_span(lo, hi)}", v)

    def listed(self, v, field) -> list:
        if not isinstance(v, list | tuple):
            self.fail(field, "expected a list", v)
        return list(v)

    def mapping(self, v, field) -> dict:
        if not isinstance(v, Mapping):
            self.fail(field, "expected an object", v)
        return dict(v)

    def only(self, v: Mapping, known: Sequence[str], field=None) -> None:
        """Refuse a key of `v` that is not in `known`, naming the keys there are."""
        for k in v:
            if k not in known:
                where = f"{field}.{clip(str(k), 30)}" if field else clip(str(k), 30)
                self.fail(where, "unknown; expected one of " + ", ".join(known))

    # ---- seats --------------------------------------------------------------------------------------
    def seat(self, ref, field, names: Sequence[str], aliases: Mapping[str, int] | None = None, also: str = "") -> int:
        """The one seat-reference grammar: a seat number 0..n-1 (an int or its digits) or the seat's colour
        from `names` (any case; spaces, '-', '_' ignored), or a game's own word for it in `aliases`
        (normalised key -> seat, e.g. Lotus's colour letters and insect names, the chaos game's "player 3"),
        which `also` names in the error."""
        n = len(names)
        if isinstance(ref, str) and ref.strip().isdigit() and len(ref.strip()) < 3:
            ref = int(ref.strip())
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < n:
            return ref
        if isinstance(ref, str):
            key = norm(ref)
            for i, name in enumerate(names):
                if key == norm(name):
                    return i
            if aliases and key in aliases and aliases[key] < n:
                return aliases[key]
        self.fail(field, f"expected a seat 0..{n - 1}{', ' + also if also else ''} or a colour ({', '.join(names)})",
                  ref)

    def per_seat(self, v, field, names: Sequence[str], aliases=None) -> dict[int, object]:
        """Per-seat values: a list (seat 0 first, at most one per seat) or an object keyed by seat
        references (`seat`); {seat: value}."""
        if isinstance(v, list | tuple):
            if len(v) > len(names):
                self.fail(field, f"expected at most {len(names)} values, one per seat", v)
            return dict(enumerate(v))
        if not isinstance(v, Mapping):
            self.fail(field, "expected a list (one value per seat) or an object {seat: value}", v)
        out: dict[int, object] = {}
        for k, x in v.items():
            i = self.seat(k, f"{field}.{clip(str(k), 20)}", names, aliases)
            if i in out:
                self.fail(f"{field}.{clip(str(k), 20)}", "the seat is given twice (by number and by colour?)")
            out[i] = x
        return out

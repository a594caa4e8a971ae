"""Components -> a frozen Config shared by every state of one game (cards, programs, board, options)."""
from __future__ import annotations

import functools
import re

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from ...core.data import config_cache, validated_components
from ...core.errors import NotationError
from . import language as L
from .board import board

OBJECTIVES = ("north", "centre", "south", "purple", "green", "blue")
_TOWARDS_CORNER = re.compile(r"\btowards the (NE|NW|SE|SW)\b")


class _Objective(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str
    text: str


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    number: int
    printed: str
    action: str
    trade: bool = False


class Components(BaseModel):
    model_config = ConfigDict(extra="forbid")
    board_radius: int
    colours: list[str]
    numbers: list[int]
    blank_cards: int
    card_limit: int
    objectives: list[_Objective]
    action_cards: list[_Card]
    written_menu: list[str]

    @field_validator("board_radius")
    @classmethod
    def _radius(cls, v):
        if not 2 <= v <= 8:
            raise ValueError("expected a board radius of 2..8")
        return v

    @field_validator("colours")
    @classmethod
    def _colours(cls, v):
        if sorted(v) != sorted(L.COLOURS):
            raise ValueError(f"expected the six token colours {', '.join(L.COLOURS)}")
        return v

    @field_validator("numbers")
    @classmethod
    def _numbers(cls, v):
        if sorted(v) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("expected the number identifiers 1..6")
        return v

    @field_validator("objectives")
    @classmethod
    def _objectives(cls, v):
        if [o.key for o in v] != list(OBJECTIVES):
            raise ValueError(f"expected the six objectives {', '.join(OBJECTIVES)} in that order")
        return v

    @model_validator(mode="after")
    def _cards(self):
        if not 1 <= self.card_limit <= 8:
            raise ValueError("card_limit: expected 1..8")
        if not 0 <= self.blank_cards <= 60:
            raise ValueError("blank_cards: expected 0..60")
        nums = [c.number for c in self.action_cards]
        if nums != list(range(1, len(nums) + 1)):
            raise ValueError("action_cards: expected cards numbered 1, 2, 3 ... in order")
        if len(nums) < 6 * self.card_limit + 2:
            raise ValueError("action_cards: need more cards than six full play areas plus the two revealed")
        for c in self.action_cards:
            try:
                L.parse(c.action)
            except NotationError as exc:
                raise ValueError(f"action_cards: card {c.number}: {exc}") from None
        for t in self.written_menu:
            try:
                L.parse(t)
            except NotationError as exc:
                raise ValueError(f"written_menu: {t!r}: {exc}") from None
        return self


@functools.lru_cache(maxsize=16)
def components(path: str | None) -> Components:
    return validated_components("lotus_chaos", Components, path)


class Config:
    """Everything fixed for one game. Cards 0..P-1 are the printed ones (named by their number),
    P..P+B-1 the blank cards (named b1, b2 ...)."""

    def __init__(self, players: int, options: dict, data: str | None):
        comp = components(data)
        self.comp, self.data, self.players = comp, data, players
        self.options = dict(options)
        self.key = (players, tuple(sorted(self.options.items())), data)
        self.radius = options["radius"] or comp.board_radius  # lotus_chaos.board.radius
        self.board = board(self.radius)
        self.limit = comp.card_limit
        self.colours = tuple(comp.colours)
        self.numbers = tuple(comp.numbers)
        self.objectives = tuple(o.key for o in comp.objectives)
        self.objective_text = tuple(o.text for o in comp.objectives)
        self.nprinted = len(comp.action_cards)
        self.nblank = comp.blank_cards
        self.ncards = self.nprinted + self.nblank
        self.NAME = tuple([str(c.number) for c in comp.action_cards] + [f"b{i + 1}" for i in range(self.nblank)])
        self.by_name = {n: i for i, n in enumerate(self.NAME)}
        self.PRINTED = tuple(c.printed for c in comp.action_cards)
        trade = options["trade_pick"]
        corner = options["diagonal"] == "corner"
        programs = []
        for c in comp.action_cards:
            p = L.parse(c.action)
            if c.trade and trade == "give":  # lotus_chaos.swap.trade-pick: "take" unless the option says give
                p = tuple(("swap", ("give",)) + cl[2:] if cl[0] == "swap" else cl for cl in p)
            if corner and _TOWARDS_CORNER.search(c.printed):  # lotus_chaos.movement.diagonal
                p = tuple(("move", cl[1], ("corner",) + cl[2][1:], cl[3]) if cl[0] == "move" and cl[2][0] == "dir"
                          else cl for cl in p)
            programs.append(p)
        self.PROGRAM = tuple(programs)
        self.TEXT = tuple(L.render(p) for p in programs)  # each printed card's program in the card language
        self.menu = tuple(L.render(L.parse(t)) for t in comp.written_menu)
        self.house = options["house_rules"]
        self.tiebreak = options["tiebreak"]
        self.exact = options["objective_count"] == "exactly"
        self.shared_win = options["simultaneous"] == "share"
        self.accuse_all = options["accusations"] == "any"
        self.table_vote = options["objections"] == "table"
        self.complete_hands = options["whole_hands"] == "complete"


config = config_cache(Config)  # config(players, options, data=None) -> Config

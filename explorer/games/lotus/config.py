"""Lotus components -> a frozen Config: card tables, options and the action universe.

Cards are small ints; per-card facts live in tuples indexed by card id (TYPE, SYM, OWNER, NAME).
Flower types are indexed 0..4 (3..7 petals). A card's *kind* in a hand is type*3 + symbols
(symbols 0 = wildflower, 1 or 2 = the owner's guardian symbols).
"""
from __future__ import annotations

import functools

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from ...core.data import config_cache, validated_components

POWERS = ("elder", "path", "fortune", "growth")
ELDER, PATH, FORTUNE, GROWTH = 1, 2, 4, 8
POWER_BIT = {"elder": ELDER, "path": PATH, "fortune": FORTUNE, "growth": GROWTH}
EDITION_POWERS = {"four": POWERS, "three": ("elder", "path", "growth")}
DIFFICULTY = {"easy": 3, "medium": 2, "hard": 1, "enlightened": 0}
SYM_LETTER = "wsd"  # symbols 0, 1, 2
CHOOSE, ACT, DRAW_PHASE, REWARD, OVER = range(5)  # phases of play
PHASES = ("choose_powers", "actions", "draw", "reward", "over")
SUPPLY, NOT_OWNED = -1, -2  # guardian positions besides a flower type 0..4


class _Flower(BaseModel):
    model_config = ConfigDict(extra="forbid")
    petals: int
    name: str


class _Color(BaseModel):
    model_config = ConfigDict(extra="forbid")
    letter: str
    color: str
    name: str


class Components(BaseModel):
    """The values the engine needs, validated (errors name the field)."""
    model_config = ConfigDict(extra="forbid")
    flower_types: list[_Flower]
    cards_per_deck: int
    single_symbol_cards: int
    double_symbol_cards: int
    single_by_type: dict[str, int]
    double_by_type: dict[str, int]
    wildflowers: int
    wild_by_type: dict[str, int]
    removed_per_type: dict[str, int]
    colors: list[_Color]
    insects_per_player: int
    scoring_tokens: int
    power_tokens_per_type: int
    hand_size: int
    display_size: int
    winter_lotus_cards: int
    token_points: int

    @field_validator("flower_types")
    @classmethod
    def _five(cls, v):
        if [f.petals for f in v] != [3, 4, 5, 6, 7]:
            raise ValueError("expected the five flower types with 3, 4, 5, 6 and 7 petals, in that order")
        return v

    @field_validator("colors")
    @classmethod
    def _colors(cls, v):
        if len(v) != 4 or len({c.letter for c in v}) != 4 or any(
                len(c.letter) != 1 or c.letter not in "RBYGOPKC" for c in v):
            raise ValueError("expected four colours with distinct one-letter codes (R, B, Y, G ...)")
        return v

    @field_validator("insects_per_player")
    @classmethod
    def _two_insects(cls, v):
        if v != 2:
            raise ValueError("the engine models exactly 2 insect Guardians per player, as the rulebook gives")
        return v

    @field_validator("hand_size")
    @classmethod
    def _hand(cls, v):
        if not 1 <= v <= 4:
            raise ValueError("expected 1..4 (the engine's tables hold hands of up to 5 with Enlightened Path)")
        return v

    @model_validator(mode="after")
    def _sums(self):
        types = {"3", "4", "5", "6", "7"}
        for name in ("single_by_type", "double_by_type", "wild_by_type"):
            d = getattr(self, name)
            if set(d) != types or any(n < 0 for n in d.values()):
                raise ValueError(f"{name}: expected a count >= 0 for each of the keys 3, 4, 5, 6, 7")
        if sum(self.single_by_type.values()) != self.single_symbol_cards:
            raise ValueError("single_by_type must add up to single_symbol_cards")
        if sum(self.double_by_type.values()) != self.double_symbol_cards:
            raise ValueError("double_by_type must add up to double_symbol_cards")
        if self.single_symbol_cards + self.double_symbol_cards != self.cards_per_deck:
            raise ValueError("single + double symbol cards must equal cards_per_deck")
        if sum(self.wild_by_type.values()) != self.wildflowers:
            raise ValueError("wild_by_type must add up to wildflowers")
        most = max(self.removed_per_type.values(), default=0)
        if any(n < most for n in self.single_by_type.values()):
            raise ValueError("every type needs at least as many single-symbol cards as removed_per_type removes")
        return self


@functools.lru_cache(maxsize=16)
def components(path: str | None) -> Components:
    return validated_components("lotus", Components, path)


class Config:
    """Everything fixed for one game: players, options, card tables. Shared by all its states."""

    def __init__(self, players: int, options: dict, data: str | None):
        comp = components(data)
        self.comp = comp
        self.data = data
        self.players = players
        self.options = dict(options)
        self.key = (players, tuple(sorted(self.options.items())), data)  # identity for ==/hash of states
        self.solo = players == 1
        self.seats = max(players, 1)
        self.edition = options["edition"]
        self.powers = EDITION_POWERS[self.edition]
        self.power_mask = sum(POWER_BIT[p] for p in self.powers)
        self.family = options["family"]
        self.longer = options["longer_play"]
        self.solo_power_count = DIFFICULTY[options["difficulty"]]
        self.exchange_wild = options["exchange_wildflowers"]
        self.zero_control = options["zero_influence_control"]
        self.token_limit = comp.scoring_tokens if options["scoring_tokens"] == "limited" else None
        self.hand_size = comp.hand_size
        self.display_size = comp.display_size
        self.winter_max = comp.winter_lotus_cards
        self.token_points = comp.token_points
        self.insects = comp.insects_per_player
        self.power_supply = comp.power_tokens_per_type
        self.petals = tuple(f.petals for f in comp.flower_types)
        self.flower_names = tuple(f.name for f in comp.flower_types)
        self.colors = tuple(c.color for c in comp.colors[: self.seats])
        self.color_names = tuple(c.name for c in comp.colors[: self.seats])
        self.letters = tuple(c.letter for c in comp.colors[: self.seats])
        self.letter_seat = {c.letter.lower(): i for i, c in enumerate(comp.colors[: self.seats])}

        ctype, csym, cowner, names = [], [], [], []
        decks, aside = [[] for _ in range(self.seats)], []
        removed = comp.removed_per_type.get(str(players), 0)
        for seat in range(self.seats):
            for t, petals in enumerate(self.petals):
                for sym, count in ((1, comp.single_by_type[str(petals)]), (2, comp.double_by_type[str(petals)])):
                    for i in range(count):
                        cid = len(ctype)
                        ctype.append(t), csym.append(sym), cowner.append(seat)
                        names.append(f"{self.letters[seat]}{petals}{SYM_LETTER[sym]}{i + 1}")
                        # the last `removed` single-symbol cards of each type are set aside
                        (aside if sym == 1 and i >= count - removed else decks[seat]).append(cid)
        wild = []
        for t, petals in enumerate(self.petals):
            for i in range(comp.wild_by_type[str(petals)]):
                cid = len(ctype)
                ctype.append(t), csym.append(0), cowner.append(-1)
                names.append(f"W{petals}w{i + 1}")
                wild.append(cid)
        self.TYPE, self.SYM, self.OWNER, self.NAME = tuple(ctype), tuple(csym), tuple(cowner), tuple(names)
        self.KIND = tuple(t * 3 + s for t, s in zip(ctype, csym))
        self.ncards = len(ctype)
        self.by_name = {n: i for i, n in enumerate(names)}
        self.start_decks = tuple(tuple(d) for d in decks)
        self.aside = tuple(aside)
        self.start_wild = tuple(wild)
        from .actions import pluck  # the Fortune Teller action that takes each card (solo: wildflowers only)
        self.PLUCK = tuple(
            pluck(t, "", 0) if o < 0 else None if self.solo else pluck(t, self.letters[o].lower(), sym)
            for t, sym, o in zip(ctype, csym, cowner))



config = config_cache(Config)  # config(players, options, data=None) -> Config

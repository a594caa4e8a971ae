"""The fields of a Round House state and the copy `apply` makes: it shares every list with the state it
came from until an effect changes one (RoundHouseState._mut copies it first)."""
from __future__ import annotations

FIELDS = ("cfg", "seed", "rng", "money", "points", "goods", "board", "res", "leaders", "specs", "amulets",
          "spec_amulets", "taken", "gone", "hand", "done", "towns", "chairs", "elders", "slots", "kinds",
          "out_tiles", "counting",
          "supply", "bank", "caravan", "grid", "end_amulet", "amu_up", "amu_deck", "pir_up", "pir_deck",
          "pir_disc", "spec_up", "spec_deck", "spec_disc", "ord_up", "ord_deck", "temples", "marker", "seat",
          "phase", "turn", "room", "left", "tasks", "prio", "used", "spec_used", "fam_town", "end_seat",
          "final")
# the lists a state holds: lists of lists (copied two levels deep before a change) and flat lists
NESTED = frozenset(("goods", "leaders", "specs", "amulets", "spec_amulets", "taken", "hand", "done", "towns",
                     "chairs", "elders", "slots"))
FLAT = frozenset(("money", "points", "board", "res", "gone", "supply", "grid", "amu_up",
                   "amu_deck", "pir_up", "pir_deck", "pir_disc", "spec_up", "spec_deck", "spec_disc", "ord_up",
                   "ord_deck", "temples", "tasks", "prio", "used"))


def share_state(self):
    """A new state with every field of `self`, lists included (the new state owns none of them yet: _mut).
    Chair and order entries are replaced, never edited; room kinds and the spare tiles never change."""
    s = object.__new__(type(self))
    s.cfg = self.cfg
    s.seed = self.seed
    s.rng = self.rng
    s.money = self.money
    s.points = self.points
    s.goods = self.goods
    s.board = self.board
    s.res = self.res
    s.leaders = self.leaders
    s.specs = self.specs
    s.amulets = self.amulets
    s.spec_amulets = self.spec_amulets
    s.taken = self.taken
    s.gone = self.gone
    s.hand = self.hand
    s.done = self.done
    s.towns = self.towns
    s.chairs = self.chairs
    s.elders = self.elders
    s.slots = self.slots
    s.kinds = self.kinds
    s.out_tiles = self.out_tiles
    s.counting = self.counting
    s.supply = self.supply
    s.bank = self.bank
    s.caravan = self.caravan
    s.grid = self.grid
    s.end_amulet = self.end_amulet
    s.amu_up = self.amu_up
    s.amu_deck = self.amu_deck
    s.pir_up = self.pir_up
    s.pir_deck = self.pir_deck
    s.pir_disc = self.pir_disc
    s.spec_up = self.spec_up
    s.spec_deck = self.spec_deck
    s.spec_disc = self.spec_disc
    s.ord_up = self.ord_up
    s.ord_deck = self.ord_deck
    s.temples = self.temples
    s.marker = self.marker
    s.seat = self.seat
    s.phase = self.phase
    s.turn = self.turn
    s.room = self.room
    s.left = self.left
    s.tasks = self.tasks
    s.prio = self.prio
    s.used = self.used
    s.spec_used = self.spec_used
    s.fam_town = self.fam_town
    s.end_seat = self.end_seat
    s.final = None if self.final is None else dict(self.final)
    s._legal = None
    s._own = set()
    return s

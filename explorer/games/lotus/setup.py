"""Lotus positions from what a picture shows: `explorer.setup("lotus", partial, players=3)`.

`partial` is a dict in the position format below, giving only what the picture shows; set-up fills in the
rest from `seed` and loads the result through the ordinary loader (`from_json`), so every check of a saved
position applies. Shorthands accepted on top of the saved format:

- **Cards by what the picture shows.** An exact id (`"B6s2"`: colour letter R/B/Y/G, petals 3-7, `s` one
  guardian symbol or `d` two, number; wildflowers `"W6w1"`) or the same without the number (`"B6s"`, `"R6d"`,
  `"W6"`): set-up picks the lowest-numbered card of that kind that is in the game and not placed elsewhere
  (ids depend on the player count, since 3 and 4 players set single-symbol cards aside). Words work too:
  `"blue 6 single"`, `"red lily double"`, `"wild iris"`. On a flower the petals may be left out
  (`"blue single"`, `"R d"`, `"wild"`); in a seat's hand or deck the colour may be left out (`"6s"`).
- **Flowers by name** as well as petal count: `{"Lily": [...]}` is `{"6": [...]}`; `"cherry blossom"` works.
  Guardian places likewise: `"supply"`, `6`, `"6"` or `"Lily"`.
- **Seats by colour.** Every per-seat field (`hands`, `decks`, `deck_tops`, `piles`, `guardians`, `tokens`,
  `powers`) may be a list (seat 0 first; a shorter list leaves the later seats to set-up) or a dict keyed by
  seat number, colour letter, colour or name: `{"hands": {"Blue": ["5s", "W5", "3s", "4s"]}}`;
  `turn.seat` also takes a colour. A seat's `guardians` may be just the list of its insects' places
  (`["Lily"]`: one on the Lily, the other in the supply); `powers` may be a string (`"elder+growth"`).
- **Players, options and seed** may come in the partial (`"players": 4`) or as arguments; if both, they must
  agree. Solo (players=1): `powers` alone implies the difficulty (one power is "hard").

What set-up fills in (each listed in words by `explain=True`): each seat's deck is its cards placed nowhere
else, shuffled (under any `deck_tops`; added under a deck given whole); a hand left out is dealt from the top of
its deck, up to the seat's hand limit (one fewer for a seat in its draw step); the display is filled from the
wildflower deck, which holds the wildflowers placed nowhere else; guardians not placed are in their supply, an
Elder Guardian placed on a flower brings its power; piles, tokens and powers default to none; the turn is
"seat 0 (or `turn.seat`) about to take the first of two actions". A solo game with nothing placed starts at the
choice of powers (or, with `solo_powers` given, right after the deal, with one wildflower in the garden per card
in hand). A contradiction (a card in two places, a seventh card on a six-petal flower, a third insect, a colour
not in the game) raises PositionError naming the field.
"""
from __future__ import annotations

from ...core import rng
from ...core.errors import brief, clip
from ...core.fields import Fields
from ...core.registry import canonical_name, position_options
from .config import DIFFICULTY, POWER_BIT, POWERS, config
from .position import FORMAT_VERSION, check_options
from .shorthand import card, describe_kind, flower_type, seat
from .state import LotusState

DOC_EXAMPLE = {
    "players": 3,
    "flowers": {"Lily": ["R6d", "B6s", "wild"]},
    "guardians": {"Red": ["Lily"], "Blue": ["Lily"], "Yellow": {"elder": "Lily"}},
    "hands": {"Yellow": ["6s", "6s", "W6", "3s"]},
    "turn": {"seat": "Yellow"},
}
DOC_EXAMPLE_ARGS = {"seed": 1}

PER_SEAT = ("hands", "decks", "deck_tops", "piles", "guardians", "tokens", "powers")
CARD_LISTS = ("hands", "decks", "deck_tops", "piles")
KNOWN = {"game", "version", "players", "seed", "options", "data", "flowers", "display", "wild_deck", "out",
         "turn", "winter", "completed", "outcome", *PER_SEAT}


_fail = Fields("lotus setup").fail


def complete(partial: dict, players: int | None, seed: int, options: dict):
    """(state, filled): `partial` completed into a full position and loaded; `filled` says what was added."""
    from . import SPEC

    p = dict(partial)
    Fields("lotus setup").only(p, sorted(KNOWN))
    filled: list[str] = []
    if canonical_name(str(p.get("game", "lotus"))) != "lotus":
        _fail("game", f"expected 'lotus', got {brief(p.get('game'))}")
    players = _agree("players", p.get("players"), players)
    opts = p.get("options") or {}
    if not isinstance(opts, dict):
        _fail("options", "expected an object of option values")
    opts = dict(opts)
    for k, v in options.items():
        opts[k] = _agree(f"options.{k}", opts.get(k), v)
    if players is None:
        solo = any(k in opts for k in ("difficulty", "solo_powers", "longer_play"))
        players = 1 if solo else 4 if opts.get("family") else SPEC.default_players
        filled.append(f"players: {players}" + (" (the default)" if players == SPEC.default_players else ""))
    if not isinstance(players, int) or isinstance(players, bool) or players not in SPEC.players:
        _fail("players", f"expected one of {list(SPEC.players)}, got {brief(players)}")
    seed = p.get("seed", seed)
    if players == 1 and "difficulty" not in opts and p.get("powers") is not None:
        _solo_difficulty(p, opts, filled)
    header = _Header(p, players, seed, opts)
    full_opts = position_options(SPEC, header, FORMAT_VERSION)
    try:
        check_options(players, full_opts)
    except ValueError as exc:
        _fail("options", str(exc))
    cfg = config(players, full_opts, p.get("data"))
    pos = _Builder(cfg, p, seed, filled).build()
    pos.update(game="lotus", version=FORMAT_VERSION, players=players, seed=seed, options=opts, data=p.get("data"))
    return LotusState.from_json(pos), filled


class _Header:
    def __init__(self, p, players, seed, opts):
        self.game, self.version, self.players, self.seed = "lotus", FORMAT_VERSION, players, seed
        self.data, self.options = p.get("data"), opts


def _agree(field, given, arg):
    if given is not None and arg is not None and given != arg:
        _fail(field, f"the partial position says {brief(given)} but the argument says {brief(arg)}")
    return given if given is not None else arg


def _solo_difficulty(p, opts, filled):
    powers = p["powers"]
    if not isinstance(powers, (list, dict)):
        return  # refused with its field when the seats are read
    first = powers.get(0, powers.get("0")) if isinstance(powers, dict) else (powers[:1] or [None])[0]
    if first is None and isinstance(powers, dict) and powers:
        first = next(iter(powers.values()))
    names = _power_names("powers.0", first)
    level = {n: k for k, n in DIFFICULTY.items()}.get(len(names))
    if level is not None:
        opts["difficulty"] = level
        filled.append(f"difficulty: {level} ({len(names)} power(s) in play)")


def _power_names(field, v):
    if v is None:
        return []
    if isinstance(v, str):
        v = [x.strip() for x in v.split("+") if x.strip()]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        _fail(field, "expected a list of powers or a string like 'elder+growth'")
    return [x.strip().lower() for x in v]


class _Builder:
    """One partial position becomes a full position dict (what `to_json` writes)."""

    def __init__(self, cfg, p, seed, filled):
        self.cfg, self.p, self.filled = cfg, p, filled
        self.r = rng.seed_state(seed)
        self.seed = seed
        self.used: dict[int, str] = {}
        self.n = cfg.seats

    # ---- per-seat fields and names --------------------------------------------------------------
    def per_seat(self, field):
        v = self.p.get(field)
        out = [None] * self.n
        if v is None:
            return out
        if isinstance(v, dict):
            for k, x in v.items():
                try:
                    i = seat(self.cfg, k)
                except ValueError as exc:
                    _fail(f"{field}.{clip(str(k), 30)}", str(exc))
                out[i] = x
            return out
        if not isinstance(v, list):
            _fail(field, "expected a list (one entry per seat) or an object keyed by seat or colour")
        if len(v) > self.n:
            _fail(field, f"expected at most one entry per seat ({self.n}), got {len(v)}")
        return list(v) + [None] * (self.n - len(v))

    def who(self, i):
        return self.cfg.color_names[i].split()[0]

    # ---- cards -----------------------------------------------------------------------------------
    def card_lists(self):
        """[(field, list, owner, ftype)] for every card list in the partial, in order."""
        cfg, lists = self.cfg, []
        for f in CARD_LISTS:
            for i, v in enumerate(self.seats[f]):
                if v is not None:
                    lists.append((f"{f}.{i}", v, i if f != "piles" else None, None))
        for key, v in self.flowers.items():
            lists.append((f"flowers.{key}", v, None, cfg.petals.index(int(key))))
        for f in ("display", "wild_deck", "out"):
            if self.p.get(f) is not None:
                lists.append((f, self.p[f], -1 if f != "out" else None, None))
        return lists

    def resolve(self):
        """Every card text becomes an exact id; ids first, then each kind takes its lowest free card."""
        cfg = self.cfg
        parsed = {}
        for field, names, owner, ftype in self.card_lists():
            if not isinstance(names, list):
                _fail(field, "expected a list of cards")
            for j, text in enumerate(names):
                try:
                    parsed[(field, j)] = card(cfg, text, owner, ftype)
                except ValueError as exc:
                    _fail(f"{field}.{j}", f"{brief(text)}: {exc}")
                exact = parsed[(field, j)][0]
                if exact is not None:
                    c = cfg.by_name[exact]
                    if c in self.used:
                        _fail(f"{field}.{j}", f"{exact} is already in {self.used[c]}")
                    self.used[c] = field
        out: dict[str, list] = {}
        short: dict[str, list] = {}
        for (field, j), (exact, kind) in parsed.items():
            if exact is None:
                c = self.free(kind, field, j)
                self.used[c] = field
                short.setdefault(field, []).append(f"{brief(self.raw(field, j))} is {cfg.NAME[c]}")
                exact = cfg.NAME[c]
            out.setdefault(field, []).append(exact)
        for field, said in short.items():
            self.filled.append(f"{self.label(field)}: {', '.join(said)} (the first free card of each kind)")
        return out

    def label(self, field):
        """`hands.2` -> "Yellow's hand", `flowers.6` -> "the Lily"."""
        head, _, rest = field.partition(".")
        if head == "flowers":
            return f"the {self.cfg.flower_names[self.cfg.petals.index(int(rest))]}"
        if rest:
            return f"{self.who(int(rest))}'s {head.removesuffix('s').replace('_', ' ')}"
        return f"the {head.replace('wild_deck', 'wildflower deck')}"

    def raw(self, field, j):
        for f, names, *_ in self.card_lists():
            if f == field:
                return names[j]

    def free(self, kind, field, j):
        cfg = self.cfg
        col, t, sym = kind
        aside = set(cfg.aside)
        for c in range(cfg.ncards):
            if cfg.OWNER[c] == col and cfg.TYPE[c] == t and cfg.SYM[c] == sym and c not in aside and c not in self.used:
                return c
        total = sum(1 for c in range(cfg.ncards) if cfg.OWNER[c] == col and cfg.TYPE[c] == t and cfg.SYM[c] == sym
                    and c not in aside)
        _fail(f"{field}.{j}", f"no free {describe_kind(cfg, kind)} is left: a {cfg.players}-player game has "
              f"{total}, all placed elsewhere")

    # ---- the whole position ------------------------------------------------------------------------
    def build(self) -> dict:
        cfg, p = self.cfg, self.p
        self.seats = {f: self.per_seat(f) for f in PER_SEAT}
        self.flowers = self.read_flowers()
        self.powers = [_power_names(f"powers.{i}", v) for i, v in enumerate(self.seats["powers"])]
        for i, h in enumerate(self.seats["hands"]):  # a fifth card in hand shows the Enlightened Path
            if self.seats["powers"][i] is None and isinstance(h, list) and len(h) == cfg.hand_size + 1:
                self.powers[i] = ["path"]
                self.filled.append(f"{self.who(i)}'s powers: five cards in hand bring the path power")
        self.guardians = [self.read_guardians(i, g) for i, g in enumerate(self.seats["guardians"])]
        self.turn = self.read_turn()
        self.solo_powers()
        names = self.resolve()
        pos = {"flowers": {k: names.get(f"flowers.{k}", []) for k in self.flowers}}
        hands = [names.get(f"hands.{i}", []) if v is not None else None for i, v in enumerate(self.seats["hands"])]
        self.check_hands(hands)
        pos["piles"] = [names.get(f"piles.{i}", []) for i in range(self.n)]
        pos["out"] = names.get("out", [])
        if p.get("completed") is not None:  # flower types (petal counts or names)
            done = Fields("lotus setup").listed(p["completed"], "completed")
            pos["completed"] = [cfg.petals[self.flower(f"completed.{j}", x)] for j, x in enumerate(done)]
        self.fill_decks(pos, hands, names)
        self.fill_wild(pos, names)
        pos["guardians"] = self.guardians
        pos["powers"] = self.powers
        pos["tokens"] = self.read_tokens()
        pos["turn"] = self.turn
        for k in ("winter", "outcome"):
            if p.get(k) is not None:
                pos[k] = p[k]
        if self.turn["phase"] == "over" and pos.get("outcome") is None:
            if cfg.solo:
                _fail("outcome", "a finished solo game needs its outcome: 'victory' or 'defeat: ...'")
            pos["outcome"] = "over"
        if p.get("guardians") is None:
            self.filled.append("guardians: every insect guardian is in its owner's supply")
        if not any(self.seats[f][i] is not None for f in ("piles", "tokens", "powers") for i in range(self.n)):
            self.filled.append("scoring piles, scoring tokens and special powers: none yet")
        return pos

    def flower(self, field, key):
        try:
            return flower_type(self.cfg, key)
        except ValueError as exc:
            _fail(field, f"{brief(key)}: {exc}")

    def read_flowers(self):
        v = self.p.get("flowers") or {}
        if not isinstance(v, dict):
            _fail("flowers", "expected an object: flower (petal count or name) -> list of cards")
        out = {}
        for key, cards in v.items():
            t = self.flower(f"flowers.{clip(str(key), 20)}", key)
            k = str(self.cfg.petals[t])
            if k in out:
                _fail(f"flowers.{clip(str(key), 20)}", f"the {self.cfg.flower_names[t]} is given twice "
                      "(only one flower of a type grows at a time)")
            out[k] = cards
        return out

    def read_guardians(self, i, g):
        cfg = self.cfg
        field = f"guardians.{i}"
        if g is None:
            g = {}
        elif isinstance(g, list):
            g = {"insects": g}
        if not isinstance(g, dict) or set(g) - {"insects", "elder"}:
            _fail(field, "expected {'insects': [place, place], 'elder': place or null} or a list of insect places")
        insects = g.get("insects") or []
        if not isinstance(insects, list) or len(insects) > cfg.insects:
            _fail(f"{field}.insects", f"expected at most {cfg.insects} places (each seat has {cfg.insects} insects)")
        places = [self.place(f"{field}.insects.{j}", x) for j, x in enumerate(insects)]
        places += ["supply"] * (cfg.insects - len(places))
        elder = g.get("elder")
        out = {"insects": places, "elder": None}
        if elder is not None:
            out["elder"] = self.place(f"{field}.elder", elder)
            if self.seats["powers"][i] is None and "elder" not in self.powers[i]:
                self.powers[i] = self.powers[i] + ["elder"]
                self.filled.append(f"{self.who(i)}'s powers: the Elder Guardian on a flower brings the elder power")
        if "elder" in self.powers[i] and out["elder"] is None:
            out["elder"] = "supply"
            self.filled.append(f"{self.who(i)}'s Elder Guardian: in the supply")
        if not insects and elder is None and g == {}:
            return out
        if len(insects) < cfg.insects:
            self.filled.append(f"{self.who(i)}'s guardians: {cfg.insects - len(insects)} insect(s) in the supply")
        return out

    def place(self, field, v):
        if isinstance(v, str) and v.strip().lower() == "supply":
            return "supply"
        return self.cfg.petals[self.flower(field, v)]

    def read_turn(self):
        cfg = self.cfg
        t = self.p.get("turn") or {}
        if not isinstance(t, dict):
            _fail("turn", "expected an object (seat, phase, actions_left ...)")
        t = dict(t)
        if "seat" in t:
            try:
                t["seat"] = seat(cfg, t["seat"])
            except ValueError as exc:
                _fail("turn.seat", str(exc))
        phase = t.get("phase") or ("over" if self.p.get("outcome") is not None else None)
        if phase is None and cfg.solo and self.choosing():
            phase = "choose_powers"
        t["phase"] = phase or "actions"
        if not isinstance(t["phase"], str):
            _fail("turn.phase", f"expected a phase name, got {brief(t['phase'])}")
        left = {"draw": 0, "reward": 1}.get(t["phase"], 2)
        t.setdefault("actions_left", left)
        t.setdefault("seat", 0)
        if t["phase"] == "reward":
            t.setdefault("pending", [t["seat"]])
        i = t["seat"] if isinstance(t["seat"], int) and 0 <= t["seat"] < self.n else None
        hand = self.seats["hands"][i] if i is not None else None
        if t["phase"] == "draw" and self.seats["powers"][i] is None and isinstance(hand, list) \
                and len(hand) == cfg.hand_size and "path" not in self.powers[i]:
            self.powers[i] = self.powers[i] + ["path"]  # drawing with a full hand: the Enlightened Path
            self.filled.append(f"{self.who(i)}'s powers: drawing with {cfg.hand_size} cards in hand needs the path")
        if "phase" not in (self.p.get("turn") or {}):
            s = t["seat"] if isinstance(t["seat"], int) and 0 <= t["seat"] < self.n else 0
            what = {"actions": f"{t['actions_left']} action(s) left", "choose_powers": "choosing the solo powers",
                    "over": "the game is over"}.get(t["phase"], t["phase"])
            self.filled.append(f"turn: {self.who(s)} to act, {what}")
        return t

    def choosing(self):
        """Solo, powers still to choose, no hand and an empty garden: the game's own first decision."""
        p, cfg = self.p, self.cfg
        return (cfg.options["solo_powers"] == "choose" and len(self.powers[0]) < cfg.solo_power_count
                and not self.seats["hands"][0] and not any(p.get(f) for f in ("flowers", "piles", "completed",
                                                                                "winter")))

    def solo_powers(self):
        cfg = self.cfg
        if not cfg.solo or self.turn["phase"] == "choose_powers":
            return
        want = cfg.solo_power_count
        opt = cfg.options["solo_powers"]
        named = [x for x in opt.split("+") if x] if opt != "choose" else None
        have = self.powers[0]
        if self.seats["powers"][0] is not None:
            if named is not None and sorted(have) != sorted(named):
                _fail("powers.0", f"the solo_powers option says {opt!r}")
            if len(have) != want:
                _fail("powers.0", f"the {cfg.options['difficulty']} difficulty takes {want} power(s), got {len(have)}")
            return
        if named is not None and not set(have) <= set(named):
            _fail("guardians.0.elder", f"an Elder Guardian needs the elder power; solo_powers is {opt!r}")
        if len(have) > want:
            _fail("guardians.0.elder", f"the elder power is one more than the {want} power(s) of "
                  f"the {cfg.options['difficulty']} difficulty")
        if named is None:
            self.r, pick = rng.shuffled(self.r, [x for x in cfg.powers if x not in have])
            named = sorted(have + pick[:want - len(have)], key=POWERS.index)
            if want:
                self.filled.append(f"solo powers: {', '.join(named)} ({cfg.options['difficulty']} takes "
                                   f"{want}; chosen from the seed)")
        self.powers[0] = named
        if "elder" in named and self.guardians[0]["elder"] is None:
            self.guardians[0]["elder"] = "supply"

    def check_hands(self, hands):
        for i, h in enumerate(hands):
            limit = self.limit(i)
            if h is not None and len(h) > limit:
                _fail(f"hands.{i}", f"{len(h)} cards; {self.who(i)}'s hand holds at most {limit}"
                      + ("" if "path" in self.powers[i] else " (5 with Enlightened Path)"))

    def limit(self, i):
        return self.cfg.hand_size + ("path" in self.powers[i])

    def fill_decks(self, pos, hands, names):
        cfg = self.cfg
        decks, out_hands = [], []
        for i in range(self.n):
            mine = [c for c in cfg.start_decks[i] if c not in self.used]
            self.r, mine = rng.shuffled(self.r, mine)
            rest = [cfg.NAME[c] for c in mine]
            self.used.update({c: f"decks.{i}" for c in mine})
            given = names.get(f"decks.{i}", []) if self.seats["decks"][i] is not None else None
            tops = names.get(f"deck_tops.{i}", [])
            if given is not None and tops:
                _fail(f"deck_tops.{i}", "give either the whole deck or the cards on its top, not both")
            who = self.who(i)
            if given is not None:
                deck = rest + given
                if rest:
                    self.filled.append(f"{who}'s deck: {len(rest)} card(s) placed nowhere else go under it")
            else:
                deck = rest + tops
                self.filled.append(f"{who}'s deck: the {len(rest)} {who} card(s) placed nowhere else, shuffled"
                                   + (f", under {', '.join(tops)}" if tops else ""))
            h = hands[i]
            if h is None:
                k = 0 if self.turn["phase"] == "choose_powers" else self.limit(i)
                if self.turn["phase"] == "draw" and self.turn.get("seat") == i:
                    k -= 1
                k = min(k, len(deck))
                h, deck = deck[len(deck) - k:], deck[:len(deck) - k]
                if k:
                        self.filled.append(f"{who}'s hand: dealt {k} card(s) from the top of {who}'s deck")
            decks.append(deck)
            out_hands.append(h)
        pos["decks"], pos["hands"] = decks, out_hands
        if not cfg.solo and self.turn.get("final_turns_left") is None and any(not d for d in decks) \
                and self.turn["phase"] != "over":
            self.turn["final_turns_left"] = cfg.players - 1
            self.filled.append("the last round: a deck is empty, so each player has one more turn")

    def fill_wild(self, pos, names):
        cfg, p = self.cfg, self.p
        free = [c for c in cfg.start_wild if c not in self.used]
        self.r, free = rng.shuffled(self.r, free)  # the loader's order: decks, then wildflowers
        rest = [cfg.NAME[c] for c in free]
        given = names.get("wild_deck", []) if p.get("wild_deck") is not None else None
        wild = rest + (given or [])
        if given is not None and rest:
            self.filled.append(f"the wildflower deck: {len(rest)} wildflower(s) placed nowhere else go under it")
        elif given is None:
            self.filled.append(f"the wildflower deck: the {len(rest)} wildflower(s) placed nowhere else, shuffled")
        display = names.get("display", []) if p.get("display") is not None else None
        if display is None:
            display = []
            if not cfg.solo and self.turn["phase"] != "over":
                k = min(cfg.display_size, len(wild))
                display, wild = wild[len(wild) - k:], wild[:len(wild) - k]
                self.filled.append(f"the wildflower display: {k} card(s) from the top of the wildflower deck")
        if cfg.solo and p.get("flowers") is None and p.get("hands") is None and self.turn["phase"] == "actions":
            wild = self.solo_garden(pos, wild)
        pos["display"], pos["wild_deck"] = display, wild

    def solo_garden(self, pos, wild):
        """lotus.solo.setup: one wildflower from the deck into the garden per card in hand."""
        cfg = self.cfg
        want, taken, keep = len(pos["hands"][0]), [], []
        count = [0] * 5
        done = set() if cfg.longer else set(pos.get("completed", ()))
        for name in reversed(wild):
            t = cfg.TYPE[cfg.by_name[name]]
            if len(taken) < want and count[t] + 1 < cfg.petals[t] and cfg.petals[t] not in done:
                count[t] += 1
                taken.append(name)
            else:
                keep.append(name)
        for name in taken:
            pos["flowers"].setdefault(str(cfg.petals[cfg.TYPE[cfg.by_name[name]]]), []).append(name)
        self.filled.append(f"the garden: {len(taken)} wildflower(s) from the top of the wildflower deck, "
                           "one per card in hand (solo set-up)")
        return list(reversed(keep))

    def read_tokens(self):
        cfg = self.cfg
        out = []
        for i, v in enumerate(self.seats["tokens"]):
            v = 0 if v is None else v
            out.append(Fields("lotus setup").integer(v, f"tokens.{i}", 0))
        if cfg.token_limit is not None and sum(out) > cfg.token_limit:
            _fail("tokens", f"{sum(out)} scoring tokens handed out; the game has {cfg.token_limit}")
        for pw in cfg.powers:
            if sum(pw in x for x in self.powers) > cfg.power_supply:
                _fail("powers", f"more {pw} tokens handed out than the {cfg.power_supply} the game has")
        for i, x in enumerate(self.powers):
            bad = [n for n in x if n not in POWER_BIT or n not in cfg.powers]
            if bad:
                _fail(f"powers.{i}", f"unknown power {brief(bad[0])}; this edition has {', '.join(cfg.powers)}")
        return out

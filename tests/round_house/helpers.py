"""Building Round House test positions by editing a fresh game's JSON (conservation kept)."""
import explorer
from explorer.games import round_house  # noqa: F401  (registers the game)
from explorer.games.round_house import RoundHouseState

GOOD = {"fruit": 0, "cel": 1, "tea": 2, "gold": 3}


def fresh(players=3, seed=0):
    return explorer.load("round_house", players=players, seed=seed)


def edit(state, fn):
    d = state.to_json()
    fn(d)
    return RoundHouseState.from_json(d)


def give(d, seat, good, n):
    """Move n goods between the supply and a seat (negative n takes them back)."""
    k = GOOD[good]
    d["seats"][seat]["goods"][k] += n
    d["supply"][k] -= n


def money(d, seat, n):
    d["bank"] -= n - d["seats"][seat]["money"]
    d["seats"][seat]["money"] = n


def room(d, rid, kind):
    """Put tile `kind` on space `rid` (swapping with wherever it was, or the box)."""
    from explorer.games.round_house.config import config
    cfg = config(d["players"], {}, None)
    i = cfg.room_index[rid]
    old = d["rooms"][i]
    if old == kind:
        return
    if kind in d["rooms"]:
        j = d["rooms"].index(kind)
        d["rooms"][j], d["rooms"][i] = old, kind
        d["slots"][i], d["slots"][j] = d["slots"][j], d["slots"][i]
    else:
        d["out_tiles"].remove(kind)
        d["out_tiles"].append(old)
        d["rooms"][i] = kind
        _return_slots(d, i)
        d["slots"][i] = [-1, -1, -1] if kind in ("retail", "wholesale", "market") else []
        if kind == "warehouse":
            d["slots"][i] = [0, 1, 2]
            for k in range(3):
                d["supply"][k] -= 1


def _return_slots(d, i):
    for k in d["slots"][i]:
        if k >= 0:
            d["supply"][k] += 1


def at(d, seat, *leaders):
    d["seats"][seat]["leaders"] = list(leaders)


def phase(d, seat, ph, room=None, left=0):
    d.update(seat=seat, phase=ph, room=room, left=left, tasks=[], prio=[], used=[], specialist_used=False,
             family_town=None)


def to_move(state, seat=0):
    return edit(state, lambda d: phase(d, seat, "move"))


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
        state.check_invariants()
    return state


def workers_to_town(d, seat, town, n):
    d["seats"][seat]["resource"] -= n
    d["towns"][town][seat] += n

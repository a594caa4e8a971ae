"""The chaos game in words: what changed between two positions, and a move as each seat may read it.

Every decision in this game is made in the open; only objective cards are secret, and a view shows
one only to whoever may see it, so the sentences below read only the viewer's view.
"""
from __future__ import annotations

from ...compare import listing, plural, view_of, winners
from .actions import ACCUSE


def name(card: str, state) -> str:
    """A card as a player names it: its number and what it says, 'card 19 ("high color wheel tokens move 1
    towards centre")'; an unwritten blank card is 'a blank card'. KeyError for an id it does not name."""
    from .language import render
    c = state.cfg.by_name[card]
    if c >= state.cfg.nprinted and state.texts[c - state.cfg.nprinted] is None:
        return "a blank card"
    return f'card {card} ("{render(state.program(c))}")'


def cards(ids, state) -> str:
    """'card 3 ("…") and card 19 ("…")'."""
    return listing(name(i, state) for i in ids)


def describe_changes(a, b, viewer) -> list[str]:
    """Sentences for what changed from `a` to `b` in `viewer`'s view, e.g. 'Red 4 moved from the
    NE corner (3, -3) to (2, -2) plain', 'Blue 6 is out of the game', 'Red 4 gained card 12 ("odd grayscale
    tokens move 1 E")'."""
    va, vb = view_of(a, viewer), view_of(b, viewer)
    where = {(q, r): (zone, corner) for q, r, zone, corner in vb["zones"]}
    out: list[str] = []
    for sa, sb in zip(va["seats"], vb["seats"]):
        out += _seat(sa, sb, where, viewer, b)
    for acc in vb["accusations"][len(va["accusations"]):]:
        by, at = vb["seats"][acc["accuser"]]["name"], vb["seats"][acc["accused"]]["name"]
        verdict = "right [lotus_chaos.accuse.correct]" if acc["correct"] else "wrong [lotus_chaos.accuse.wrong]"
        out.append(f"{by} accused {at} of the {acc['named']} objective: {verdict}")
    out += _passes(va, vb)
    out += _cards_shown(va, vb, b)
    out += winners(vb, va)
    if not vb["result"]:
        active = vb["seats"][vb["active"]]["name"]
        if (va["round"], va["turn"]["number"]) != (vb["round"], vb["turn"]["number"]):
            out.append(f"round {vb['round']}, turn {vb['turn']['number']}: {active}'s turn [lotus_chaos.turn.order]")
        elif va["phase"] != vb["phase"]:
            out.append(f"{active}'s turn: {vb['phase']}")
    return out


def _seat(sa, sb, where, viewer, b) -> list[str]:
    """One seat's token, cards and objective."""
    who, out = sb["name"], []
    if sa["hex"] != sb["hex"] and sb["hex"] is not None:
        if sa["hex"] is None:
            out.append(f"{who} placed their token on {_hex(where, sb['hex'])} [lotus_chaos.setup.corners]")
        else:
            out.append(f"{who} moved from {_hex(where, sa['hex'])} to {_hex(where, sb['hex'])}")
    if sa["alive"] and not sb["alive"]:
        out.append(f"{who} is out of the game")
    ca = [c["id"] for c in sa["cards"]]
    cb = [c["id"] for c in sb["cards"]]
    gained = [c for c in cb if c not in ca]
    lost = [c for c in ca if c not in cb]
    if gained:
        out.append(f"{who} gained {cards(gained, b)}")
    if lost:
        out.append(f"{who} lost {cards(lost, b)}")
    if sb["objective"] and not sa["objective"]:
        key = sb["objective"]["key"]
        if viewer is not None and viewer >= 0 and sb["alive"] and viewer != sb["seat"]:
            out.append(f"you were shown {who}'s objective: {key} [lotus_chaos.accuse.wrong]")
        else:
            rule = "lotus_chaos.objective.show" if sb["alive"] else "lotus_chaos.accuse.reveal"
            out.append(f"{who}'s objective is shown: {key} [{rule}]")
    return out


def _cards_shown(va, vb, b) -> list[str]:
    """Cards revealed, discarded, written or refused."""
    out = []
    shown = [c["id"] for c in vb["revealed"] if c["id"] not in {x["id"] for x in va["revealed"]}]
    if shown:
        out.append(f"{cards(shown, b)} revealed from the deck [lotus_chaos.draw.reveal]")
    dropped = [c for c in vb["discard"] if c not in va["discard"]]
    if dropped:
        out.append(f"{cards(dropped, b)} discarded")
    if vb["blanks_left"] < va["blanks_left"]:
        out.append(f"{plural(va['blanks_left'] - vb['blanks_left'], 'blank card')} written "
                   f"({vb['blanks_left']} left) [lotus_chaos.draw.blank]")
    if vb["notice"] and vb["notice"] != va["notice"]:
        out.append(f"a written card was rejected: {vb['notice']['message']} [{vb['notice']['rule']}]")
    return out


def _hex(where, h) -> str:
    zone, corner = where.get(tuple(h), ("plain", None))
    if corner:
        return f"the {corner} corner ({h[0]}, {h[1]})"
    if zone == "red":
        return f"the red centre ({h[0]}, {h[1]})"
    return f"({h[0]}, {h[1]}) {zone}"


def _passes(va, vb) -> list[str]:
    """'Red 1 and Blue 2 made no accusation': the seats that left the accusation window of `va`'s turn
    without accusing and are still in the game (none when the window's turn cannot be followed)."""
    if va["phase"] != "accusations":
        return []
    same = vb["phase"] == "accusations" and vb["turn"]["number"] == va["turn"]["number"]
    if not same and vb["result"] and len(vb["accusations"]) > len(va["accusations"]):
        return []  # an accusation ended the game: the others were never asked
    waiting = set(vb["turn"]["window"]) if same else set()
    accused = {a["accuser"] for a in vb["accusations"][len(va["accusations"]):]}
    seats = [i for i in va["turn"]["window"] if i not in waiting and i not in accused and vb["seats"][i]["alive"]]
    if not seats:
        return []
    verb = "made no accusation"
    return [f"{listing(vb['seats'][i]['name'] for i in seats)} {verb} [lotus_chaos.accuse.window]"]


def narrate(state, action, viewer) -> str:
    """Every decision is public: explain() reads the same in every view. An accusation is read with
    its verdict, public once it resolves (who leaves the board); the accused's objective stays secret
    after a wrong one."""
    act = state.parse_action(action)
    if act.kind != ACCUSE:
        return state.explain(act)
    after = state.apply(act)  # a new state: `state` is left as it was
    acc = after.view(-1)["accusations"][-1]
    seats = after.view(-1)["seats"]
    by, at = seats[acc["accuser"]]["name"], seats[acc["accused"]]["name"]
    out = at if acc["correct"] else by
    verdict, rule = ("right", "correct") if acc["correct"] else ("wrong", "wrong")
    return (f"{by} accuses {at} of having the {acc['named']} objective: {verdict}, {out} is out "
            f"[lotus_chaos.accuse.{rule}]")

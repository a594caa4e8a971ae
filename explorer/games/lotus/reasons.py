"""Lotus's notes on a move for explorer.analysis: which flowers it completes, and which it leaves one card
short for whom (a flower one short is finished by the next seat who has a card of its type)."""
from __future__ import annotations


def _names(view, seats) -> str:
    names = [view["seats"][i]["name"].split()[0] for i in seats]
    return " and ".join(names) if names else "nobody"


def notes(before: dict, after: dict, seat: int, names) -> list[str]:
    """Plain sentences about the flowers a move changes, from the mover's views before and after it."""
    out = []
    was = {f["name"]: f for f in before.get("flowers") or []}
    now = {f["name"]: f for f in after.get("flowers") or []}
    for name, f in was.items():
        if name not in now and f["placed"] < f["petals"]:
            who = _names(before, f.get("leaders") or [])
            out.append(f"completes the {name}: {f['petals']} petals, {who} in control [lotus.complete.control]")
    for name, f in now.items():
        old = was.get(name)
        short = f["petals"] - f["placed"]
        if short == 1 and (old is None or old["placed"] != f["placed"] or old.get("leaders") != f.get("leaders")):
            leaders = f.get("leaders") or []
            if leaders and seat not in leaders:
                verb = "leads" if len(leaders) == 1 else "lead"
                out.append(f"leaves the {name} one short for {_names(after, leaders)}, who {verb} it")
            elif leaders:
                out.append(f"leaves the {name} one short with {_names(after, leaders)} in the lead")
    return out

"""A static SVG of a Round House view: the two rings of rooms, passages and one-way stairs, leaders,
investments on chairs, the towns and the caravan, the ancestral hall and the worship grid."""
from __future__ import annotations

from html import escape

HEX = {"red": "#d1495b", "blue": "#3a6ea5", "yellow": "#e3b505", "green": "#4f9d55", "purple": "#7a5195"}
GOOD_HEX = {"fruit": "#d1495b", "cel": "#4f9d55", "tea": "#3a6ea5", "gold": "#e3b505"}


def _color(view, p):
    return HEX.get(view["seats"][p]["color"], "#888")


def _arrow(x1, y1, x2, y2, color, dash=""):
    d = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="2"{d} '
            f'marker-end="url(#rh-arrow)"/>')


def _shorten(a, b, by=26):
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    return (round(x1 + dx * by / n, 1), round(y1 + dy * by / n, 1), round(x2 - dx * by / n, 1),
            round(y2 - dy * by / n, 1))


def svg(view: dict) -> str:
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="1140" height="700" viewBox="0 0 1140 700" '
           'font-family="sans-serif" font-size="10">',
           '<defs><marker id="rh-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#5577aa"/></marker></defs>',
           '<rect width="1140" height="700" fill="#fbf7ee"/>',
           '<circle cx="330" cy="330" r="290" fill="#efe3c8" stroke="#a88" stroke-width="2"/>',
           '<circle cx="330" cy="330" r="190" fill="#f6ecd6" stroke="#a88"/>',
           '<circle cx="330" cy="330" r="80" fill="#e6dcc0" stroke="#a88"/>']
    xy = {r["id"]: r["xy"] for r in view["rooms"]}
    xy["h"] = view["hall"]["xy"]
    stairs = {tuple(s) for s in view["stairs"]}
    for r in view["rooms"] + [dict(view["hall"], id="h")]:
        for e in r["exits"]:
            stair = (r["id"], e) in stairs
            out.append(_arrow(*_shorten(xy[r["id"]], xy[e]), "#aa5533" if stair else "#5577aa",
                              "4 3" if stair else ""))
    hx, hy = xy["h"]
    out.append(f'<rect x="{hx - 34}" y="{hy - 22}" width="68" height="44" rx="6" fill="#c9302c" stroke="#611"/>'
               f'<text x="{hx}" y="{hy - 8}" text-anchor="middle" fill="#fff" font-weight="bold">Ancestral hall</text>')
    for i, p in enumerate(view["hall"]["leaders"]):
        out.append(f'<circle cx="{hx - 24 + 10 * i}" cy="{hy + 10}" r="5" fill="{_color(view, p)}" stroke="#fff"/>')
    for r in view["rooms"]:
        x, y = r["xy"]
        big = r["space"] == "tile_large"
        w, h = (70, 46) if big else (62, 42)
        out.append(f'<g class="rh-room" data-id="{r["id"]}"><title>{escape(r["id"] + ": " + r["title"])}</title>'
                   f'<rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" rx="5" fill="#fffaf0" '
                   f'stroke="{"#7a5c2e" if r["space"].startswith("tile") else "#999"}" stroke-width="1.5"/>'
                   f'<text x="{x}" y="{y - h / 2 + 11}" text-anchor="middle" font-weight="bold">{escape(r["id"])}'
                   f'</text><text x="{x}" y="{y - h / 2 + 22}" text-anchor="middle">{escape(r["title"])}</text>')
        for k in range(r["capacity"]):
            cx, cy = x - w / 2 + 6 + 10 * k, y + h / 2 - 9
            ch = r["chairs"][k] if k < len(r["chairs"]) else None
            if ch is None:
                out.append(f'<rect x="{cx}" y="{cy}" width="7" height="7" fill="none" stroke="#aaa"/>')
            else:
                col = _color(view, ch["seat"])
                fill = col if ch["permanent"] else "#fff"
                out.append(f'<rect x="{cx}" y="{cy}" width="7" height="7" fill="{fill}" stroke="{col}" '
                           f'stroke-width="2"/>')
        for k, g in enumerate(r["goods"]):
            cx = x + w / 2 - 26 + 8 * k
            fill = GOOD_HEX[g] if g else "none"
            out.append(f'<rect x="{cx}" y="{y + h / 2 - 9}" width="6" height="6" fill="{fill}" stroke="#777"/>')
        if r["leader"] is not None:
            out.append(f'<circle cx="{x + w / 2 - 6}" cy="{y - h / 2 + 6}" r="7" fill="{_color(view, r["leader"])}" '
                       f'stroke="#222"/>')
        out.append("</g>")
    for t in view["towns"]:
        x, y = t["xy"]
        out.append(f'<circle cx="{x}" cy="{y}" r="30" fill="#e8f0e0" stroke="{"#b8860b" if t["caravan"] else "#889"}" '
                   f'stroke-width="{4 if t["caravan"] else 1}"/><text x="{x}" y="{y - 12}" text-anchor="middle">'
                   f'{escape(t["name"])}</text>')
        k = 0
        for p, n in enumerate(t["workers"]):
            if n:
                out.append(f'<circle cx="{x - 14 + 14 * (k % 3)}" cy="{y + 4 + 12 * (k // 3)}" r="5" '
                           f'fill="{_color(view, p)}"/><text x="{x - 14 + 14 * (k % 3)}" y="{y + 7 + 12 * (k // 3)}" '
                           f'text-anchor="middle" fill="#fff" font-size="8">{n}</text>')
                k += 1
        if t["caravan"]:
            out.append(f'<text x="{x}" y="{y + 42}" text-anchor="middle" fill="#b8860b">caravan</text>')
    gx, gy = view["grid_origin"]
    c = view["cell"]
    g = view["grid"]
    out.append(f'<text x="{gx}" y="{gy - 12}" font-weight="bold">Worship grid (round {view["marker"]}/'
               f'{view["length"]})</text>')
    for i, pts in enumerate(g["points"]):
        r, col = divmod(i, g["cols"])
        x, y = gx + col * c, gy + r * c
        out.append(f'<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="#fff" stroke="#999"/>'
                   f'<text x="{x + c / 2}" y="{y + c / 2 + 4}" text-anchor="middle" fill="#999">{pts}</text>')
        for k, p in enumerate(g["elders"][i]):
            out.append(f'<circle cx="{x + 8 + 9 * (k % 4)}" cy="{y + 8 + 9 * (k // 4)}" r="4" '
                       f'fill="{_color(view, p)}"/>')
    am = {a["edge"]: a["amulet"] for a in g["amulets"]}
    nh = (g["rows"] + 1) * g["cols"]
    for e, code in enumerate(g["edges"]):
        if not code:
            continue
        if e < nh:
            r, col = divmod(e, g["cols"])
            x, y = gx + col * c + c / 2, gy + r * c
        else:
            r, col = divmod(e - nh, g["cols"] + 1)
            x, y = gx + col * c, gy + r * c + c / 2
        label = code.replace("A", "") or ""
        if e in am:
            label = (label + "+" if label else "") + (am[e]["kind"][:3] if am[e] else "·")
        out.append(f'<text x="{x}" y="{y + 3}" text-anchor="middle" font-size="7" fill="#7a3" '
                   f'stroke="#fbf7ee" stroke-width="2" paint-order="stroke">{escape(label)}</text>')
    y = gy + g["rows"] * c + 30
    for s in view["seats"]:
        hand = f'{s["hand_size"]} order(s)'
        goods = " ".join(f"{k[0]}{v}" for k, v in s["goods"].items())
        out.append(f'<circle cx="{gx + 6}" cy="{y - 4}" r="6" fill="{_color(view, s["seat"])}"/>'
                   f'<text x="{gx + 16}" y="{y}">{escape(s["name"])}: {s["points"]} pts · {s["money"]} money · '
                   f'{escape(goods)} · board {s["board"]} · res {s["resource"]} · {hand} · '
                   f'{len(s["completed"])} done · {len(s["amulets"]) + len(s["specialist_amulets"])} amulets</text>')
        y += 18
    y += 6
    up = ", ".join(x["id"] for x in view["specialist_supply"])
    out.append(f'<text x="{gx}" y="{y}">Specialists: {escape(up)} · pirates: '
               f'{escape(", ".join(p["id"] + " " + p["reward"] for p in view["pirate_supply"]))}</text>')
    out.append(f'<text x="{gx}" y="{y + 16}">Orders: {escape(", ".join(o["id"] for o in view["order_supply"]))} · '
               f'amulets: {escape(", ".join(a["kind"] for a in view["amulet_supply"]))} · counting house '
               f'{view["counting_house"]}</text>')
    temples = " ".join(("✓" if t["flipped"] else t["reward"]) for t in view["temples"])
    out.append(f'<text x="{gx}" y="{y + 32}">Small temples: {escape(temples)}</text>')
    if view.get("result"):
        out.append(f'<text x="{gx}" y="{y + 52}" font-weight="bold">Final: {view["result"]["seats"]}, winner(s) '
                   f'{view["result"]["winners"]}</text>')
    else:
        out.append(f'<text x="{gx}" y="{y + 52}" font-weight="bold">{escape(view["turn_label"])}</text>')
    out.append("</svg>")
    return "".join(out)

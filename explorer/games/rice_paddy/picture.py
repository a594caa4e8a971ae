"""A static SVG of a Rice Paddy position (``state.svg(seat)``), drawn from ``view(seat)`` only.

Every player's field side by side: hexes, walls (grey) and gates (black, dashed) on hex sides, rocks,
water discs, magic water, weeds, pests, fertiliser, planted/grown tiles, paddy sizes and the reservoir;
above them a panel with the round, the rain card, the turn order and every reservoir.
"""
from __future__ import annotations

import math
from html import escape

from ...core import hexgrid
from ...core.colour import ink, readable, seat_colour

SIZE = 30
FIELD_FILL, PADDY_FILL, PLANTED_FILL, GROWN_FILL = "#efe6cf", "#dcecc8", "#9fd18b", "#e8c547"
# text on hexes reads on every fill a hex can have (the planted green is the darkest)
LABEL_INK = readable("#8a7d5c", PLANTED_FILL)
SIZE_INK = readable("#2d5a1e", PLANTED_FILL)
CHAR = 6.6  # 11 px sans-serif averages under this many px a character
BAR = 18  # a field's name bar


def _bounds(view):
    pts = [hexgrid.to_pixel((h["q"], h["r"]), SIZE) for h in view["board"]["hexes"]]
    pts.append(hexgrid.to_pixel(tuple(view["board"]["reservoir"]), SIZE))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs) - SIZE, min(ys) - SIZE, max(xs) + SIZE, max(ys) + SIZE


def _field(view, seat, ox, oy) -> list[str]:
    board = view["board"]
    pos = {h["label"]: (h["q"], h["r"]) for h in board["hexes"]}
    paddy_of = {c: p for p in seat["paddies"] for c in p["hexes"]}

    def px(h):
        x, y = hexgrid.to_pixel(h, SIZE)
        return x + ox, y + oy

    out = []
    res = tuple(board["reservoir"])
    pts = " ".join(f"{x + ox:.1f},{y + oy:.1f}" for x, y in hexgrid.polygon(res, SIZE * 0.92))
    rx, ry = px(res)
    out.append(f'<g class="reservoir"><polygon points="{pts}" fill="#bfdcf5" stroke="#3a6ea5"/>'
               f'<text x="{rx:.1f}" y="{ry + 4:.1f}" text-anchor="middle" font-size="12">'
               f'R {seat["reservoir"]}</text></g>')
    for label, h in pos.items():
        out += _hex(seat, label, h, paddy_of.get(label), px, ox, oy)
    outline = [_line("outline", a, b, ox, oy, 'stroke="#2e9e57" stroke-width="1.2"')
               for p in seat["paddies"] for a, b in _sides(pos, p["hexes"])]
    for p in seat["paddies"]:
        out += _tokens(p, px(pos[p["hexes"][0]]))
    walls, gates = set(seat["walls"]), set(seat["gates"])
    for name in board["edges"]:
        a, b = pos[name[0]], pos[name[1]]
        if name in walls:
            out.append(_line("wall", a, b, ox, oy, 'stroke="#666" stroke-width="4" stroke-linecap="round"', name))
        elif name in gates:
            out.append(_line("gate", a, b, ox, oy, 'stroke="#111" stroke-width="4" stroke-dasharray="4 3"', name))
    # the board's outer sides are walls
    inside = set(pos.values()) | {res}
    for h in pos.values():
        for d in hexgrid.NAMES:
            nb = hexgrid.neighbor(h, d)
            if nb not in inside:
                out.append(_line(None, h, nb, ox, oy, 'stroke="#444" stroke-width="3"'))
    return out + outline


def _line(cls, a, b, ox, oy, style, edge=None) -> str:
    """The side between hexes a and b."""
    (x1, y1), (x2, y2) = hexgrid.edge_points(a, b, SIZE)
    head = "<line" + (f' class="{cls}"' if cls else "") + (f' data-edge="{edge}"' if edge else "")
    return f'{head} x1="{x1 + ox:.1f}" y1="{y1 + oy:.1f}" x2="{x2 + ox:.1f}" y2="{y2 + oy:.1f}" {style}/>'


def _sides(pos, hexes):
    """The outer sides of a paddy: (its hex, the neighbour outside it)."""
    mine = {pos[c] for c in hexes}
    return [(pos[c], nb) for c in hexes for d in hexgrid.NAMES if (nb := hexgrid.neighbor(pos[c], d)) not in mine]


def _hex(seat, label, h, paddy, px, ox, oy) -> list[str]:
    """One hex: its ground (open field, paddy, planted or grown), label, water, magic water and rock."""
    fill = FIELD_FILL
    if paddy is not None:
        fill = {"planted": PLANTED_FILL, "grown": GROWN_FILL}.get(paddy["crop"], PADDY_FILL)
    pts = " ".join(f"{x + ox:.1f},{y + oy:.1f}" for x, y in hexgrid.polygon(h, SIZE))
    cx, cy = px(h)
    out = [f'<g class="hex" data-hex="{label}"><polygon points="{pts}" fill="{fill}" stroke="#c9bb98" '
           f'stroke-width="0.8"/><text x="{cx - SIZE * 0.55:.1f}" y="{cy - SIZE * 0.42:.1f}" font-size="11" '
           f'fill="{LABEL_INK}">{label}</text>']
    if label in seat["water"]:
        out.append(f'<circle class="disc" cx="{cx:.1f}" cy="{cy:.1f}" r="{SIZE * 0.36:.1f}" fill="#3a8fd6" '
                   f'stroke="#1f5f99"/>')
    if label in seat["magic"]:
        out.append(f'<circle class="magic" cx="{cx:.1f}" cy="{cy:.1f}" r="{SIZE * 0.36:.1f}" fill="#b48be0" '
                   f'stroke="#6b3fa0" stroke-width="2"/>')
    if label in seat["rocks"]:
        out.append(f'<ellipse class="rock" cx="{cx + SIZE * 0.28:.1f}" cy="{cy + SIZE * 0.42:.1f}" rx="9" ry="6" '
                   f'fill="#8d8d8d" '
                   f'stroke="#555"/>')
    return out + ["</g>"]


def _tokens(p, at) -> list[str]:
    """A paddy's size, weeds, pests and fertiliser, on its first hex (centre `at`)."""
    cx, cy = at
    out = [f'<text class="size" x="{cx + SIZE * 0.55:.1f}" y="{cy - SIZE * 0.42:.1f}" font-size="11" '
           f'font-weight="600" text-anchor="end" fill="{SIZE_INK}">{p["size"]}</text>']
    for k in range(p["weeds"]):
        x = cx - SIZE * 0.5 + 8 * k
        out.append(f'<path class="weed" d="M{x:.1f},{cy + SIZE * 0.76:.1f} l4,-9 l4,9 z" fill="#3c9a3c"/>')
    for k in range(p["pests"]):
        out.append(f'<circle class="pest" cx="{cx - SIZE * 0.42 + 7 * k:.1f}" cy="{cy + SIZE * 0.46:.1f}" r="3" '
                   f'fill="#111"/>')
    if p["fertilised"]:
        out.append(f'<rect class="fert" x="{cx + SIZE * 0.42:.1f}" y="{cy - 4:.1f}" width="8" height="8" '
                   f'fill="#f1c40f" stroke="#9a7d0a"/>')
    return out


def svg(view: dict) -> str:
    seats = view["seats"]
    x0, y0, x1, y1 = _bounds(view)
    fw, fh = x1 - x0 + 16, y1 - y0 + BAR + 8
    per_row = 2 if len(seats) == 4 else max(len(seats), 1)  # four fields in two rows, not one wide one
    rain = view.get("rain")
    rain_text = (f'rain: {rain["discs"]} discs' + (f', +{rain["weeds"]} weed' if rain["weeds"] else "")
                 + (f', +{rain["pests"]} pest' if rain["pests"] else "")
                 + (f' ({rain["target"]})' if rain["target"] else "")) if rain else "rain: -"
    order = " → ".join(seats[i]["name"] for i in view["order"]) or "-"
    head = [f'{view["label"]} · {rain_text} · order {order}',
            "reservoirs: " + ", ".join(f'{s["name"]} {s["reservoir"]}' for s in seats)
            + f' · supply water {view["supply"]["water"]}']
    width = max(int(fw * per_row) + 8, 420, *(int(12 + 7.2 * len(t)) for t in head))
    top = 40
    height = int(top + fh * math.ceil(len(seats) / per_row) + 8)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rice-paddy-board" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f'<text x="6" y="15" font-size="12" fill="#333">{escape(head[0])}</text>',
           f'<text x="6" y="31" font-size="11" fill="#555">{escape(head[1])}</text>']
    for i, s in enumerate(seats):
        fx, fy = 8 + fw * (i % per_row), top + fh * (i // per_row)
        ox, oy = fx - x0, fy + BAR + 4 - y0
        color = seat_colour(s["color"])
        turn = " ◀" if view.get("current_player") == i else ""
        out.append(f'<g class="field" data-seat="{i}">')
        out.append(f'<rect x="{fx:.1f}" y="{fy:.1f}" width="{fw - 8:.1f}" height="{BAR}" rx="3" fill="{color}"/>')
        out.append(f'<text x="{fx + 5:.1f}" y="{fy + 13:.1f}" font-size="11" fill="{ink(color)}" font-weight="600">'
                   f'{escape(s["name"])} · rice {s["rice"]} · W{s["workers"]} L{s["livestock"]}{turn}</text>')
        out += _field(view, s, ox, oy)
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)

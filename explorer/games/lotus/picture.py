"""A static SVG of a Lotus position (``state.svg(seat)``, shown by ``_repr_svg_``/``_repr_html_``).

Drawn from ``view(seat)`` only, so a seat's picture never shows another seat's hand.
"""
from __future__ import annotations

import math
from html import escape

from ...core.colour import seat_colour

WILD = "#f3efe2"
CELL = 130
ROW = 14  # one influence bar and its 11 px number


def _fill(view, owner) -> str:
    if owner is None:
        return WILD
    return seat_colour(view["seats"][owner]["color"])


def _flower(view, f, x, y) -> list[str]:
    cx, cy = x + CELL / 2, y + 52
    out = [f'<g class="flower"><title>{escape(f["name"])}: {f["placed"]}/{f["petals"]} petals</title>']
    for k in range(f["petals"]):
        a = 360 * k / f["petals"]
        card = f["cards"][k] if k < len(f["cards"]) else None
        if card is None:
            style = 'fill="none" stroke="#999" stroke-dasharray="3 3"'
        else:
            style = f'fill="{_fill(view, card["owner"])}" stroke="#444"'
        out.append(f'<ellipse cx="0" cy="-25" rx="10" ry="20" {style} '
                   f'transform="translate({cx:.1f},{cy:.1f}) rotate({a:.1f})"/>')
    out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="13" fill="#fffbe6" stroke="#b8a160"/>')
    out.append(f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle" font-size="11">'
               f'{f["placed"]}/{f["petals"]}</text>')
    out.append(f'<text x="{cx:.1f}" y="{y + 108}" text-anchor="middle" font-size="11" font-weight="600">'
               f'{escape(f["name"])}</text>')
    for i, g in enumerate(f["guardians"]):
        gx, gy = cx + 18 + 9 * i, cy + 20
        out.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="{6 if g["elder"] else 4}" '
                   f'fill="{_fill(view, g["seat"])}" stroke="#222"/>')
    top = max([3, *f["influence"]])
    for i, v in enumerate(f["influence"]):
        by = y + 114 + ROW * i
        lead = i in (f.get("leaders") or [])
        out.append(f'<rect x="{x + 10}" y="{by + 2}" width="{(CELL - 34) * v / top:.1f}" height="8" '
                   f'fill="{_fill(view, i)}" stroke="{"#111" if lead else "none"}"/>')
        out.append(f'<text x="{x + CELL - 20}" y="{by + 10}" font-size="11">{v}</text>')
    out.append("</g>")
    return out


def svg(view: dict) -> str:
    flowers = view.get("flowers") or []
    seats = view.get("seats") or []
    cols = max(1, min(len(flowers), 6))
    rows = math.ceil(len(flowers) / cols) if flowers else 0
    fh = 120 + ROW * len(seats)
    lines = []
    for i, s in enumerate(seats):
        hand = s["hand"]
        bits = (f'hand {" ".join(str(c["petals"]) + ("w" if c["owner"] is None else "•" * c["symbols"]) for c in hand)}'
                if hand is not None else f'hand {s["hand_size"]} (hidden)')
        turn = " ◀ to act" if view.get("current_player") == i else ""
        lines.append((s["name"], f' · score {s["score"]} · {bits} · deck {s["deck_size"]} · tokens {s["tokens"]}'
                                 f'{turn}'))
    # 11 px sans-serif averages under 6.6 px a character: wide enough for the longest seat line
    width = max(cols * CELL, 520, *(int(30 + 6.6 * len(a + b)) for a, b in lines))
    top = 20 + rows * fh
    height = top + 22 * len(seats) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="lotus-board" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f'<text x="4" y="14" font-size="12" fill="#555">turn {view.get("turn")} · {view.get("phase")}'
           f'{" · " + str(len(flowers)) + " growing flower(s)" if flowers else " · the garden is empty"}</text>']
    for i, f in enumerate(flowers):
        out += _flower(view, f, (i % cols) * CELL, 20 + (i // cols) * fh)
    for i, (name, rest) in enumerate(lines):
        y = top + 22 * i
        out.append(f'<rect x="4" y="{y + 4}" width="12" height="12" rx="6" fill="{_fill(view, i)}"/>')
        out.append(f'<text x="22" y="{y + 14}" font-size="11"><tspan font-weight="600">{escape(name)}</tspan>'
                   f'{escape(rest)}</text>')
    out.append("</svg>")
    return "".join(out)

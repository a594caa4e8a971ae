"""A static SVG of a position (``state.svg(seat)``), drawn from ``view(seat)`` only."""
from __future__ import annotations

import textwrap
from html import escape

from ...core import hexgrid as hx
from ...core.colour import ink, seat_colour

ZONE_FILL = {"plain": "#f4f1e8", "red": "#d1495b", "purple": "#9b6fc0", "blue": "#5b8fd0", "green": "#6fb46f"}
SIZE = 34
TOKEN_R = 9
OUT_INK = "#6b6b6b"  # a seat that is out: greyed, still readable on white
CHAR = 6.6  # 11 px sans-serif averages under this many px a character


def _token_offsets(n: int) -> list[tuple[float, float]]:
    """Where n tokens sit around a hex's centre: one row of up to three, below the corner label, else two rows."""
    step = 2 * TOKEN_R + 1
    per_row = n if n <= 3 else (n + 1) // 2
    rows = [list(range(n))] if n <= 3 else [list(range(per_row)), list(range(per_row, n))]
    ys = [4.0] if len(rows) == 1 else [-1.0, -1.0 + step]
    out = []
    for row, y in zip(rows, ys):
        for k, _ in enumerate(row):
            out.append(((k - (len(row) - 1) / 2) * step, y))
    return out


def _board(view, highlight, ox, oy) -> list[str]:
    """The hexes (an objective's own outlined when `highlight` names it), corner names and tokens."""
    out, seats = [], view["seats"]
    marked = set()
    for st in seats:
        if highlight and st["objective"] and st["objective"]["key"] == highlight:
            marked = {tuple(h) for h in st["objective"]["zones"]}
    for q, rr, zone, corner in view["zones"]:
        pts = " ".join(f"{x + ox:.1f},{y + oy:.1f}" for x, y in hx.polygon((q, rr), SIZE))
        stroke = 'stroke="#111" stroke-width="3"' if (q, rr) in marked else 'stroke="#777" stroke-width="1"'
        out.append(f'<polygon points="{pts}" fill="{ZONE_FILL[zone]}" {stroke}><title>{q},{rr} {zone}'
                   f'{" " + corner if corner else ""}</title></polygon>')
        if corner:
            cx, cy = hx.to_pixel((q, rr), SIZE)
            out.append(f'<text x="{cx + ox:.1f}" y="{cy + oy - SIZE * 0.45:.1f}" font-size="11" text-anchor="middle" '
                       f'fill="{ink(ZONE_FILL[zone])}">{corner}</text>')
    by_hex: dict = {}
    for st in seats:
        if st["hex"] is not None:
            by_hex.setdefault(tuple(st["hex"]), []).append(st)
    for h, group in by_hex.items():
        cx, cy = hx.to_pixel(h, SIZE)
        for st, (dx, dy) in zip(group, _token_offsets(len(group))):
            x, y = cx + ox + dx, cy + oy + dy
            fill = seat_colour(st["color"])
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN_R}" fill="{fill}" stroke="#111"/>'
                       f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" fill="{ink(fill)}">'
                       f'{st["number"]}</text>')
    return out


def svg(view: dict, highlight: str | None = None) -> str:
    """The board; `highlight` an objective key whose hexes get a thick outline."""
    r = view["radius"]
    w = SIZE * (3 * r + 2) + 2
    hgt = SIZE * 1.7320508 * (2 * r + 1) + 4
    ox, oy = w / 2, hgt / 2
    seats = view["seats"]
    lines = []
    for i, st in enumerate(seats):
        cards = " ".join(c["id"] for c in st["cards"]) or "–"
        obj = f' · {st["objective"]["key"]}' if st["objective"] else ""
        mark = " ◀" if view["current_player"] == i else ""
        lines.append(f'{st["name"]}{"" if st["alive"] else " (out)"} · cards {cards}{obj}{mark}')
    notice = textwrap.wrap("rejected: " + view["notice"]["message"], 44) if view.get("notice") else []
    side = max(300, *(int(30 + CHAR * len(t)) for t in lines + notice))
    lines_h = 24 + 18 * len(seats) + 16 * len(notice) + 40
    height = max(hgt, lines_h)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="lotus-chaos-board" width="{w + side:.0f}" '
           f'height="{height:.0f}" viewBox="0 0 {w + side:.0f} {height:.0f}" font-family="sans-serif">']
    out += _board(view, highlight, ox, oy)
    x0 = w + 6
    out.append(f'<text x="{x0}" y="16" font-size="12" fill="#333">{escape(view["phase"])} · round '
               f'{view["round"]}</text>')
    for i, st in enumerate(seats):
        y = 36 + 18 * i
        fill = seat_colour(st["color"]) if st["alive"] else "#ccc"
        out.append(f'<circle cx="{x0 + 6}" cy="{y - 4}" r="6" fill="{fill}" stroke="#111"/>'
                   f'<text x="{x0 + 16}" y="{y}" font-size="11" fill="{"#333" if st["alive"] else OUT_INK}">'
                   f'{escape(lines[i])}</text>')
    y = 36 + 18 * len(seats) + 8
    for k, line in enumerate(notice):
        out.append(f'<text x="{x0}" y="{y + 16 * k}" font-size="11" fill="#a00">{escape(line)}</text>')
    if view.get("result"):
        out.append(f'<text x="{x0}" y="{y + 16 * len(notice) + 16}" font-size="11" font-weight="600">'
                   f'{escape(view["result"]["outcome"] or "")}</text>')
    out.append("</svg>")
    return "".join(out)

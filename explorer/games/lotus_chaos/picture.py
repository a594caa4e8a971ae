"""A static SVG of a position (``state.svg(seat)``), drawn from ``view(seat)`` only."""
from __future__ import annotations

from html import escape

from ...core import hexgrid as hx

ZONE_FILL = {"plain": "#f4f1e8", "red": "#d1495b", "purple": "#9b6fc0", "blue": "#5b8fd0", "green": "#6fb46f"}
TOKEN = {"red": "#d1495b", "blue": "#3a6ea5", "yellow": "#e3b505", "grey": "#9a9a9a", "white": "#f4f4f4",
         "black": "#333333"}
SIZE = 26


def svg(view: dict, highlight: str | None = None) -> str:
    """The board; `highlight` an objective key whose hexes get a thick outline."""
    r = view["radius"]
    w = SIZE * (3 * r + 2) + 2
    hgt = SIZE * 1.7320508 * (2 * r + 1) + 4
    ox, oy = w / 2, hgt / 2
    seats = view["seats"]
    side = 300
    lines_h = 24 + 18 * len(seats) + 40
    height = max(hgt, lines_h)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="lotus-chaos-board" width="{w + side:.0f}" '
           f'height="{height:.0f}" viewBox="0 0 {w + side:.0f} {height:.0f}" font-family="sans-serif">']
    marked = set()
    if highlight:
        for st in seats:
            if st["objective"] and st["objective"]["key"] == highlight:
                marked = {tuple(h) for h in st["objective"]["zones"]}
    for q, rr, zone, corner in view["zones"]:
        pts = " ".join(f"{x + ox:.1f},{y + oy:.1f}" for x, y in hx.polygon((q, rr), SIZE))
        stroke = 'stroke="#111" stroke-width="3"' if (q, rr) in marked else 'stroke="#777" stroke-width="1"'
        out.append(f'<polygon points="{pts}" fill="{ZONE_FILL[zone]}" {stroke}><title>{q},{rr} {zone}'
                   f'{" " + corner if corner else ""}</title></polygon>')
        if corner:
            cx, cy = hx.to_pixel((q, rr), SIZE)
            out.append(f'<text x="{cx + ox:.1f}" y="{cy + oy - SIZE * 0.55:.1f}" font-size="9" text-anchor="middle" '
                       f'fill="#fff">{corner}</text>')
    by_hex: dict = {}
    for st in seats:
        if st["hex"] is not None:
            by_hex.setdefault(tuple(st["hex"]), []).append(st)
    for h, group in by_hex.items():
        cx, cy = hx.to_pixel(h, SIZE)
        n = len(group)
        for k, st in enumerate(group):
            dx = (k - (n - 1) / 2) * 11 if n > 1 else 0
            dy = 5 if n > 3 and k % 2 else 0
            x, y = cx + ox + dx * (0.7 if n > 3 else 1), cy + oy + dy
            fill = TOKEN.get(st["color"], "#888")
            ink = "#000" if st["color"] in ("white", "yellow", "grey") else "#fff"
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{fill}" stroke="#111"/>'
                       f'<text x="{x:.1f}" y="{y + 3.5:.1f}" font-size="10" text-anchor="middle" fill="{ink}">'
                       f'{st["number"]}</text>')
    x0 = w + 6
    out.append(f'<text x="{x0}" y="16" font-size="12" fill="#333">{escape(view["phase"])} · round '
               f'{view["round"]}</text>')
    for i, st in enumerate(seats):
        y = 36 + 18 * i
        fill = TOKEN.get(st["color"], "#888") if st["alive"] else "#ccc"
        cards = " ".join(c["id"] for c in st["cards"]) or "–"
        obj = f' · {st["objective"]["key"]}' if st["objective"] else ""
        mark = " ◀" if view["current_player"] == i else ""
        out.append(f'<circle cx="{x0 + 6}" cy="{y - 4}" r="6" fill="{fill}" stroke="#111"/>'
                   f'<text x="{x0 + 16}" y="{y}" font-size="11" fill="{"#333" if st["alive"] else "#aaa"}">'
                   f'{escape(st["name"])}{"" if st["alive"] else " (out)"} · cards {escape(cards)}'
                   f'{escape(obj)}{escape(mark)}</text>')
    if view.get("notice"):
        out.append(f'<text x="{x0}" y="{36 + 18 * len(seats) + 8}" font-size="10" fill="#a00">rejected: '
                   f'{escape(view["notice"]["message"][:60])}</text>')
    if view.get("result"):
        out.append(f'<text x="{x0}" y="{36 + 18 * len(seats) + 24}" font-size="11" font-weight="600">'
                   f'{escape(view["result"]["outcome"] or "")}</text>')
    out.append("</svg>")
    return "".join(out)

"""A static SVG of a Round House view: the two rings of rooms, passages and one-way stairs, leaders,
investments on chairs, the towns and the caravan, the ancestral hall, the worship grid with its marker track
and a key to its rewards, and under them every seat and the supplies.

Laid out like the widget board (widgets/boards/round_house.js) so that it reads at its natural size: no text
under 11 px, every text in an ink that reads on what is under it (tests/test_pictures.py)."""
from __future__ import annotations

import re
import textwrap
from html import escape

from ...core.colour import ink, readable, seat_colour

GOOD_HEX = {"fruit": "#d1495b", "cel": "#4f9d55", "tea": "#3a6ea5", "gold": "#e3b505"}
GOOD_WORD = {"fruit": "fruit", "cel": "celadon", "tea": "tea", "gold": "gold"}
# the grid's short reward labels in plain words (codes of data/round_house/components.toml); amulet kinds show
# as their first three letters
TOKEN_WORD = {"good": "a good of your choice (not gold)", "rec": "recruit a worker", "car": "caravan dispatch",
              "gold": "1 gold", "fruit": "1 fruit", "cel": "1 celadon", "tea": "1 tea", "inv": "invest a worker",
              "pir": "pirate tile", "spec": "a specialist", "amu": "an amulet", "·": "amulet space, taken"}
W, H = 940, 672  # the board, as wide as a notebook's output; the seats and supplies go under it
BACK = "#fbf7ee"
OUTLINE = "#222"
HALL = "#b02a26"
GRID = (672, 64, 50)  # x, y, cell: the worship grid, right of the building
MARKER = (672, 312, 26)  # x, y, box: the worship marker's track under the grid (wraps to fit)
KEY_X, KEY_DY, KEY_CHARS = 662, 15, 42  # the key under the track: 11 px lines, about 6 px a letter
LINE, LINE_CHARS = 16, 138  # the lines under the board: 11 px, wrapped to the board's width
EDGE_INK = "#2b6310"
CARAVAN_INK = readable("#b8860b", "#e8f0e0")


def _color(view, p):
    return seat_colour(view["seats"][p]["color"])


def _arrow(x1, y1, x2, y2, color, dash=""):
    d = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="2"{d} '
            f'marker-end="url(#rh-arrow)"/>')


def _shorten(a, b, by=27):
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    return (round(x1 + dx * by / n, 1), round(y1 + dy * by / n, 1), round(x2 - dx * by / n, 1),
            round(y2 - dy * by / n, 1))


def _text(x, y, s, **attrs) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items() if v is not None)
    return f'<text x="{x}" y="{y}"{extra}>{escape(str(s))}</text>'


def _room(view, r, leaders) -> list[str]:
    x, y = r["xy"]
    big = r["space"] == "tile_large"
    w, h = (112, 50) if big else (104, 48)
    left, top = x - w / 2, y - h / 2
    out = [f'<g class="rh-room" data-id="{r["id"]}"><title>{escape(r["id"] + ": " + r["title"])}</title>'
           f'<rect x="{left}" y="{top}" width="{w}" height="{h}" rx="5" fill="#fffaf0" '
           f'stroke="{"#7a5c2e" if r["space"].startswith("tile") else "#999"}" stroke-width="1.5"/>',
           _text(left + 5, top + 13, r["id"], font_weight="bold", font_size=11),
           _text(x, top + 27, r["title"], text_anchor="middle", font_size=11)]
    for k in range(r["capacity"]):
        cx, cy = left + 6 + 11 * k, y + h / 2 - 11
        ch = r["chairs"][k] if k < len(r["chairs"]) else None
        if ch is None:
            out.append(f'<rect x="{cx}" y="{cy}" width="8" height="8" fill="none" stroke="#888"/>')
        else:
            col = _color(view, ch["seat"])
            out.append(f'<rect x="{cx}" y="{cy}" width="8" height="8" fill="{col if ch["permanent"] else "#fff"}" '
                       f'stroke="{OUTLINE if ch["permanent"] else col}" stroke-width="{1 if ch["permanent"] else 2.5}">'
                       f'<title>{escape(view["seats"][ch["seat"]]["name"])}: '
                       f'{"permanent investment" if ch["permanent"] else "investment (once)"}</title></rect>')
    for k, g in enumerate(r["goods"]):
        out.append(f'<rect x="{x + w / 2 - 34 + 10 * k}" y="{y + h / 2 - 11}" width="8" height="8" '
                   f'fill="{GOOD_HEX[g] if g else "none"}" stroke="#555"><title>{g or "empty"}</title></rect>')
    # leaders in this room stand side by side along its top edge, from the right
    for k, p in enumerate(leaders):
        out.append(f'<circle cx="{x + w / 2 - 16 * k}" cy="{top}" r="7" fill="{_color(view, p)}" stroke="{OUTLINE}" '
                   f'stroke-width="1.5"><title>{escape(view["seats"][p]["name"])} leader</title></circle>')
    out.append("</g>")
    return out


def _towns(view) -> list[str]:
    out = []
    for t in view["towns"]:
        x, y = t["xy"]
        out.append(f'<circle cx="{x}" cy="{y}" r="34" fill="#e8f0e0" stroke="{"#b8860b" if t["caravan"] else "#889"}" '
                   f'stroke-width="{4 if t["caravan"] else 1}"/>' + _text(x, y - 12, t["name"], text_anchor="middle"))
        k = 0
        for p, n in enumerate(t["workers"]):
            if n:
                col = _color(view, p)
                cx, cy = x - 17 + 17 * (k % 3), y + 6 + 16 * (k // 3)
                out.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="{col}" stroke="{OUTLINE}"><title>'
                           f'{escape(view["seats"][p]["name"])}: {n} worker(s)</title></circle>'
                           + _text(cx, cy + 4, n, text_anchor="middle", fill=ink(col), font_size=11,
                                   font_weight="bold"))
                k += 1
        if t["caravan"]:
            out.append(_text(x, y + 48, "caravan", text_anchor="middle", fill=CARAVAN_INK, font_weight="bold"))
    return out


def _amulet_kinds(view) -> dict:
    """Every amulet kind the view names, by its three-letter label."""
    out = {}
    every = [a["amulet"] for a in view["grid"]["amulets"]] + list(view["amulet_supply"])
    every += [a for s in view["seats"] for a in s["amulets"]] + [view.get("end_amulet")]
    for a in every:
        if isinstance(a, dict) and a.get("kind"):
            out[a["kind"][:3]] = a["kind"]
    return out


def _word(part: str, kinds: dict) -> str:
    """"m2" -> "2 money", "2good" -> "2 × a good ...", "jad" -> "jade amulet"."""
    n, tok = re.match(r"^(\d*)(.*)$", part).groups()
    if re.fullmatch(r"m\d+", tok):
        word = f"{tok[1:]} money"
    elif re.fullmatch(r"p\d+", tok):
        word = f'{tok[1:]} point{"" if tok == "p1" else "s"}'
    else:
        word = TOKEN_WORD.get(tok) or (f"{kinds[tok]} amulet" if tok in kinds else tok)
    return f"{n} × {word}" if n else word


def _grid(view) -> tuple[list[str], set]:
    gx, gy, c = GRID
    g = view["grid"]
    kinds = _amulet_kinds(view)
    out = [_text(gx - 12, gy - 30, f'Worship grid (round {view["marker"]}/{view["length"]})', font_weight="bold",
                 font_size=13)]
    for i, pts in enumerate(g["points"]):
        r, col = divmod(i, g["cols"])
        x, y = gx + col * c, gy + r * c
        out.append(f'<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="#fff" stroke="#999">'
                   f'<title>{escape(g["cells"][i])}: {pts} points</title></rect>'
                   + _text(x + c / 2, y + c / 2 - 1, pts, text_anchor="middle", fill="#555"))
        for k, p in enumerate(g["elders"][i]):
            out.append(f'<circle cx="{x + 11 + 9 * (k % 4)}" cy="{y + c - 15 - 9 * (k // 4)}" r="4" '
                       f'fill="{_color(view, p)}" stroke="{OUTLINE}"><title>{escape(view["seats"][p]["name"])}: '
                       f'elder</title></circle>')
    am = {a["edge"]: a["amulet"] for a in g["amulets"]}
    nh = (g["rows"] + 1) * g["cols"]
    shown = set()
    for e, code in enumerate(g["edges"]):
        if not code:
            continue
        if e < nh:
            r, col = divmod(e, g["cols"])
            x, y = gx + col * c + c / 2, gy + r * c
        else:
            r, col = divmod(e - nh, g["cols"] + 1)
            x, y = gx + col * c, gy + r * c + c / 2
        label = code.replace("A", "")
        if e in am:
            label = (label + "+" if label else "") + (am[e]["kind"][:3] if am[e] else "·")
        words = " + ".join(_word(p, kinds) for p in label.split("+"))
        out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="11" fill="{EDGE_INK}" stroke="#fff" '
                   f'stroke-width="3" paint-order="stroke">{escape(label)}<title>worship reward: '
                   f'{escape(words)}</title></text>')
        shown.update(label.split("+"))
    return out, shown


def _marker(view) -> tuple[list[str], float]:
    """Rounds 0..length in rows that fit the board, the marker on the current one; and the y under them."""
    x, top, box = MARKER
    fit = (W - 4 - x) // box
    rows = -(-(view["length"] + 1) // fit)
    per = -(-(view["length"] + 1) // rows)
    out = [_text(x - 12, top - 10, "Worship marker", font_weight="bold", font_size=13)]
    for k in range(view["length"] + 1):
        bx, y, here = x + (k % per) * box, top + (k // per) * box, k == view["marker"]
        out.append(f'<rect x="{bx}" y="{y}" width="{box - 2}" height="{box - 2}" fill="#fff" stroke="#999">'
                   f'<title>round {k} of {view["length"]}</title></rect>')
        if here:
            out.append(f'<circle cx="{bx + box / 2 - 1}" cy="{y + box / 2 - 1}" r="10" fill="none" stroke="#b8860b" '
                       f'stroke-width="3"/>')
        out.append(_text(bx + box / 2 - 1, y + box / 2 + 3, k, text_anchor="middle", font_size=11,
                         fill="#222" if here else "#555", font_weight="bold" if here else None))
    return out, top + rows * box


def _key(view, shown, top) -> list[str]:
    """"m1 = 1 money · rec = recruit a worker · ...", wrapped in lines under the marker track."""
    kinds = _amulet_kinds(view)
    money = sorted(p for p in shown if re.fullmatch(r"[mp]\d+", p))
    rest = sorted((p for p in shown if p and not re.fullmatch(r"[mp]\d+", p)), key=lambda p: (p in kinds, p))
    lines: list[str] = []
    for item in (f"{p} = {_word(p, kinds)}" for p in money + rest):
        if lines and len(lines[-1]) + 3 + len(item) <= KEY_CHARS:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    out = [_text(KEY_X, top, "Key to the grid's rewards", font_weight="bold", font_size=12)]
    out += [_text(KEY_X, top + KEY_DY * (i + 1), line, font_size=11, fill="#222") for i, line in enumerate(lines)]
    return out


def _lines(view) -> list[tuple[str, str | None]]:
    """The text under the board: (line, seat colour or None), each seat's line wrapped to the board's width."""
    out = []
    for s in view["seats"]:
        goods = ", ".join(f"{k} {v}" for k, v in s["goods"].items())
        turn = " ◀ to act" if view.get("current_player") == s["seat"] else ""
        text = (f'{s["name"]}: {s["points"]} pts · {s["money"]} money · goods {goods} · board {s["board"]} · '
                f'resource {s["resource"]} · {s["hand_size"]} order(s) in hand · {len(s["completed"])} done · '
                f'{len(s["amulets"]) + len(s["specialist_amulets"])} amulets{turn}')
        for k, part in enumerate(textwrap.wrap(text, LINE_CHARS - 4)):
            out.append((part, _color(view, s["seat"]) if k == 0 else ""))
    up = ", ".join(x["id"] for x in view["specialist_supply"])
    pirates = ", ".join(p["id"] + " " + p["reward"] for p in view["pirate_supply"])
    orders = ", ".join(o["id"] for o in view["order_supply"])
    amulets = ", ".join(a["kind"] for a in view["amulet_supply"])
    temples = " ".join(("✓" if t["flipped"] else t["reward"]) for t in view["temples"])
    for text in (f"Specialists: {up} · pirates: {pirates}",
                 f'Orders: {orders} · amulets: {amulets} · counting house {view["counting_house"]}',
                 f"Small temples: {temples}"):
        out += [(part, None) for part in textwrap.wrap(text, LINE_CHARS)]
    return out


def svg(view: dict) -> str:
    lines = _lines(view)
    if view.get("result"):
        res = view["result"]
        names = ", ".join(view["seats"][w]["name"] for w in res["winners"])
        last = f'Final: {", ".join(map(str, res["seats"]))} points · winner(s) {names}'
    else:
        last = view["turn_label"]
    height = H + LINE * len(lines) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rh-picture" width="{W}" height="{height}" '
           f'viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="12">',
           '<defs><marker id="rh-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#5577aa"/></marker></defs>',
           f'<rect width="{W}" height="{height}" fill="{BACK}"/>',
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
    leaders: dict = {}
    for s in view["seats"]:
        for where in s["leaders"]:
            leaders.setdefault(where, []).append(s["seat"])
    hx, hy = xy["h"]
    out.append(f'<rect x="{hx - 50}" y="{hy - 24}" width="100" height="48" rx="6" fill="{HALL}" stroke="#611"/>'
               + _text(hx, hy - 8, "Ancestral hall", text_anchor="middle", fill=ink(HALL), font_weight="bold"))
    for k, p in enumerate(leaders.get("h", [])):
        out.append(f'<circle cx="{hx - 42 + 16 * k}" cy="{hy + 12}" r="7" fill="{_color(view, p)}" '
                   f'stroke="{OUTLINE}" stroke-width="1.5"><title>{escape(view["seats"][p]["name"])} leader</title>'
                   f'</circle>')
    for r in view["rooms"]:
        out += _room(view, r, leaders.get(r["id"], []))
    out += _towns(view)
    grid, shown = _grid(view)
    marker, under = _marker(view)
    out += grid + marker + _key(view, shown, under + 22)
    y = H + 6
    for text, colour in lines:
        y += LINE
        if colour:
            out.append(f'<circle cx="12" cy="{y - 4}" r="6" fill="{colour}" stroke="{OUTLINE}"/>')
        out.append(_text(24, y, text, font_size=11, fill="#222"))
    out.append(_text(10, y + 24, last, font_weight="bold"))
    out.append("</svg>")
    return "".join(out)

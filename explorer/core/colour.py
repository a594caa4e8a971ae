"""WCAG colour contrast, for pictures and plots that put text on coloured fills.

    contrast("#ffffff", "#3a6ea5")   # 5.3: white reads on that blue (WCAG AA asks 4.5 for text)
    ink("#e3b505")                   # "#000000": black or white, whichever reads better on the fill
    readable("#b8860b", "#fbf7ee")   # the same hue darkened until it reads on the background
"""
from __future__ import annotations

AA = 4.5  # WCAG 2 level AA, normal text

# A seat's colour by the name its game gives it, for every picture, plot and board: the front end gets this
# very table (explorer.core.data.front_end writes it as SEAT_COLOURS before widgets/common.js).
SEAT_COLOURS = {
    "red": "#d1495b", "blue": "#3a6ea5", "yellow": "#e3b505", "green": "#4f9d55", "purple": "#7a5195",
    "orange": "#ef8a17", "black": "#333333", "white": "#f4f4f4", "grey": "#9a9a9a", "gray": "#9a9a9a",
    "pink": "#e377c2", "brown": "#8c564b",
}


def seat_colour(name: str, default: str = "#888") -> str:
    """The fill for a seat coloured `name` ("red"), or `default` for a name the table does not have."""
    return SEAT_COLOURS.get(name, default)


def _rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return tuple(int(c[i:i + 2], 16) / 255 for i in (0, 2, 4))


def _hex(rgb) -> str:
    return "#" + "".join(f"{round(min(max(v, 0.0), 1.0) * 255):02x}" for v in rgb)


def luminance(colour: str) -> float:
    """WCAG relative luminance of "#rrggbb" (or "#rgb")."""
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in _rgb(colour)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    x, y = luminance(a), luminance(b)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)


def ink(fill: str) -> str:
    """Black or white, whichever contrasts more with `fill`: always at least 4.58:1 (WCAG AA)."""
    lum = luminance(fill)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


def readable(colour: str, background: str, ratio: float = AA) -> str:
    """`colour` itself if it reads on `background` (contrast >= ratio), else the same hue mixed towards
    black (or white, on a dark background) just enough that it does."""
    if contrast(colour, background) >= ratio:
        return colour
    towards = (0.0, 0.0, 0.0) if luminance(background) > 0.18 else (1.0, 1.0, 1.0)
    rgb = _rgb(colour)
    for step in range(1, 101):
        t = step / 100
        mixed = _hex([v + (w - v) * t for v, w in zip(rgb, towards)])
        if contrast(mixed, background) >= ratio:
            return mixed
    return ink(background)

"""Publishing a study: a notebook, or ONE self-contained HTML page that steps with no kernel.

>>> import explorer
>>> from explorer.study import Study
>>> study = Study("A first look")
>>> ch = study.chapter("Opening", explorer.load("lotus_chaos", seed=1))
>>> _ = ch.timeline.play(ch.timeline.root.state.legal_actions()[0])
>>> page = study.to_html("first-look.html")            # open it from disk: no server, no network
>>> nb = study.to_notebook("first-look.ipynb")

The page holds the explorer's own board modules (widgets/common.js, widgets/boards/*.js, widgets/marks.js), its
CSS, the page's player (widgets/page.js), and every node's view, move text, narration, comment and marks, as
JSON. Views are stored once per node, with repeated parts shared (`pack`). Each exercise carries its accepted
answers and the verdict for every legal move, worked out here (the page judges nothing itself).

``to_html(path, seat=n)`` embeds only seat n's views: moves read as that seat may read them, marks on places it
cannot see are dropped, comments lose the ids it cannot see, and only its own find-the-move exercises stay.
"""
from __future__ import annotations

import json
from pathlib import Path

from .annotations import GLYPHS, PALETTE, hidden_ids, redact_text
from .compare import turn_counter
from .core import widgets_root
from .core.data import front_end
from .core.seats import viewer as _viewer
from .reader import Eyes, Reader, exercise
from .reader import marks as reader_marks

SHARE = 48  # a list or dict whose JSON is longer than this is stored once and referred to


def pack(values: list) -> tuple[list, list]:
    """(packed values, pool): each list or dict longer than SHARE characters of JSON is put in `pool`
    once and replaced by {"$": index}; `pool` entries are packed the same way (see page.js `unpack`)."""
    pool: list = []
    index: dict[str, int] = {}

    def walk(v):
        if isinstance(v, dict):
            out = {k: walk(x) for k, x in v.items()}
        elif isinstance(v, list):
            out = [walk(x) for x in v]
        else:
            return v
        text = json.dumps(out, sort_keys=True, separators=(",", ":"))
        if len(text) <= SHARE:
            return out
        if text not in index:
            index[text] = len(pool)
            pool.append(out)
        return {"$": index[text]}

    return [walk(v) for v in values], pool


def _seat_names(state) -> list[str]:
    return state.seat_names()


def chapter_data(chapter, viewer) -> tuple[dict, list]:
    """One chapter as `viewer` reads it (views not yet packed), and its views in node order; what each node
    shows is decided by explorer.reader, as in the explorer."""
    tl = chapter.timeline
    names = _seat_names(tl.root.state)
    reader = Reader(names)
    nodes, views = [], []
    for node in tl:
        state = node.state
        eyes = Eyes.of(state, viewer)
        line = reader.entry(node, eyes)
        item = {"id": node.id, "parent": None if node.parent is None else node.parent.id, "ply": node.ply,
                "children": [c.id for c in node.children], "comment": line["comment"],
                "to_move": state.current_player, "counter": turn_counter(state, names)}
        if node.parent is not None:
            item["text"], item["label"], item["actor"] = line["text"], line["label"], node.actor
        if node.marks:
            item["marks"] = reader_marks(node, eyes)
        got = exercise(chapter, node, eyes, verdicts=True)
        if got is not None:
            item["exercise"] = got
        nodes.append(item)
        views.append(eyes.view)
    game = tl.root.state.game_name
    from .core import spec
    start = Eyes.of(tl.root.state, viewer)  # the chapter's own words, as read at its start
    return {"title": start.words(chapter.title), "intro": start.words(chapter.intro),
            "game": game, "game_title": spec(game).title,
            "seat_names": names, "nodes": nodes, "viewer": viewer, "viewer_label": _who(viewer, names)}, views


def _who(viewer, names) -> str:
    if viewer is None:
        return "everything"
    if viewer == -1:
        return "a spectator"
    return names[viewer] if viewer < len(names) else f"seat {viewer + 1}"


def page_data(study, seat=None) -> dict:
    """Everything the page shows. `seat` None: each chapter as its own viewer reads it (Chapter.viewer, by
    default everything); a seat (or "spectator"): every chapter as that seat sees it."""
    viewer = _viewer(seat)
    chapters, views = [], []
    for ch in study.chapters:
        data, vs = chapter_data(ch, ch.viewer if viewer is None else viewer)
        base = len(views)
        for i, node in enumerate(data["nodes"]):
            node["view"] = base + i
        views.extend(vs)
        chapters.append(data)
    packed, pool = pack(views)
    unseen = frozenset().union(*(hidden_ids(ch.timeline.root.state, ch.viewer if viewer is None else viewer)
                                 for ch in study.chapters))
    from .core.data import rule_notes
    rules = {}
    for game in dict.fromkeys(c["game"] for c in chapters):  # each rule id hovered or clicked on the page
        rules.update(rule_notes(game))
    return {"format": "explorer-study-page", "rules": rules, "title": redact_text(study.title, unseen),
            "intro": redact_text(study.intro, unseen),
            "palette": PALETTE, "glyphs": GLYPHS, "viewer": viewer, "chapters": chapters,
            "views": packed, "pool": pool}


def _script_json(data) -> str:
    """JSON safe inside <script>: no '</' can close the element, no '<!--' can open a comment."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _script_hash(code: str) -> str:
    """The CSP source that allows exactly this inline script: 'sha256-<base64 of its UTF-8 bytes>'."""
    import base64
    import hashlib
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


def page_html(study, seat=None) -> str:
    """The page: its CSP runs only the page's own module (by hash), so no injected script or handler runs;
    the data block is JSON, never executed."""
    from html import escape
    root = widgets_root()
    css = (root / "explorer.css").read_text(encoding="utf-8") + (root / "page.css").read_text(encoding="utf-8")
    data = page_data(study, seat)
    code = front_end("marks.js", "page.js").replace("</script", "<\\/script")
    code = code.replace("\r\n", "\n").replace("\r", "\n")  # as the HTML parser reads it, so the hash matches
    return ("<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; script-src {_script_hash(code)}; "
            "style-src 'unsafe-inline'; img-src data:\">"
            f"<title>{escape(study.title)}</title><style>{css}</style></head>\n<body>"
            "<main id=rx-study class=rx-page><noscript>This study page needs JavaScript.</noscript></main>\n"
            f"<script type=application/json id=rx-study-data>{_script_json(data)}</script>\n"
            f"<script type=module>{code}</script>\n</body></html>\n")


def _warn(study) -> None:
    import warnings
    for problem in study.problems():
        warnings.warn(problem, UserWarning, stacklevel=3)


def to_html(study, path, seat=None) -> Path:
    path = Path(path)
    if path.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"a study page is HTML: give a path ending in .html, not {path.name!r}")
    _warn(study)
    path.write_text(page_html(study, seat), encoding="utf-8")
    return path


_ENTITY = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_ESCAPE = set("\\`*_[]()!#|~@")  # links, images, emphasis, code, headings, tables, e-mail autolinks


def markdown_text(text: str) -> str:
    """User text as Markdown that shows it as written and can load nothing: no image, link, autolink or
    HTML. & < > become entities; markup characters, the ':' of '://' and the '.' of 'www.' are escaped."""
    out = []
    for i, c in enumerate(text):
        if c in _ENTITY:
            out.append(_ENTITY[c])
        elif (c in _ESCAPE or (c == ":" and text.startswith("//", i + 1))
              or (c == "." and text[i - 3:i].lower() == "www")):
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def to_notebook(study, path) -> Path:
    """A notebook: the study as JSON text in the first cell (a string literal, never code), then per
    chapter a section with its intro, an explorer opened at its start, and a cell per exercise."""
    from .ipynb import code_cell as new_code_cell
    from .ipynb import markdown_cell as new_markdown_cell
    from .ipynb import notebook, write
    path = Path(path)
    if path.suffix != ".ipynb":
        raise ValueError(f"a notebook path ends in .ipynb, not {path.name!r}")

    _warn(study)
    md = markdown_text
    text = json.dumps(study.to_json(), separators=(",", ":"), sort_keys=True)
    n = len(study.chapters)
    cells = [new_markdown_cell(f"# {md(study.title)}\n\n{md(study.intro)}\n\n"
                               f"{n} chapter{'s' if n != 1 else ''}. Each opens an explorer at the chapter's start: "
                               "step "
                               "with ▶, read the comments and the marks on the board; at an exercise, play your "
                               "answer in the explorer (the moves after it stay hidden until you find it or ask "
                               "for the answer). Written by `explorer.study`."),
             new_code_cell("# The study as saved (Study.save): text, never run as code. Click to show it.\n"
                           f"from explorer.study import Study\n\nstudy = Study.from_json({text!r})\nstudy",
                           {"jupyter": {"source_hidden": True}})]
    for i, ch in enumerate(study.chapters):
        cells.append(new_markdown_cell(f"## {i + 1}. {md(ch.title)}\n\n{md(ch.intro)}"))
        order = {n.id: k for k, n in enumerate(ch.timeline)}  # as the reader meets them: main line first
        asked = sorted(ch.exercises.values(), key=lambda e: order[e.node])
        if not asked or asked[0].node != ch.timeline.root.id:  # else the first exercise's cell opens the start
            cells.append(new_code_cell(f"study.explorer({i})"))
        for ex in asked:
            node = ch.timeline.nodes[ex.node]
            kind = "Find the move" if ex.kind == "move" else "Question"
            where = "at the start" if node.parent is None else f"after move {node.ply}"
            choices = "".join(f"\n- {md(c)}" for c in ex.choices)
            hint = f"\n\n<details><summary>hint</summary>\n\n{md(ex.hint)}\n\n</details>" if ex.hint else ""
            cells.append(new_markdown_cell(f"**{kind}** ({where}): {md(ex.prompt)}{choices}{hint}"))
            cells.append(new_code_cell(f"study.explorer({i}, at={ex.node})"))
    return write(notebook(cells), path)  # validated by nbformat when it is installed


__all__ = ["markdown_text", "page_data", "page_html", "pack", "to_html", "to_notebook"]

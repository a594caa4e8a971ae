"""What an explorer's page shows a viewer: its synced traits, built from its session (explorer.session) by
explorer.reader, the one place that decides what a viewer is shown of a node.

>>> import explorer
>>> from explorer.insight import Insight
>>> from explorer.moves import Moves
>>> from explorer.session import Session
>>> from explorer.timeline import Timeline
>>> s = Session(Timeline(explorer.load("lotus", players=3, seed=7)), None, Moves(), Insight())
>>> shown = synced(s, 1, lock_seat=False, height=None, title="Lotus")
>>> shown["legal"], shown["meta"]["hint"]           # Blue waits: Red's moves would show Red's hand
([], 'waiting for Red Ladybug to act')

What is synced is bounded: the log and the variation tree are windows around the current node (`PAGE`
plies a page, three pages), and a node's variations are listed `ALTS` at most, `ALT_MOVES` moves each, so a
10,000-node timeline is never shipped whole.
"""
from __future__ import annotations

from .compare import turn_counter
from .moves import BOT_NAMES
from .reader import Eyes
from .reader import legal as reader_legal

PAGE = 30     # the synced log/tree is a window of 3 pages of plies around the current node, moving a
              # page at a time, so stepping inside it resends nothing but the current-node marker
ALTS = 8      # variations listed per node
ALT_MOVES = 4  # moves shown of each variation


def window(node, lesson) -> tuple[list, list, bool]:
    """The line's nodes with plies in [lo, lo + 3 * PAGE): `node` and its ancestors, then the main
    continuation (not past an unsolved exercise); and whether the continuation goes on past the window."""
    lo = max(1, ((node.ply - 1) // PAGE) * PAGE + 1 - PAGE)
    hi = lo + 3 * PAGE - 1
    back = []
    n = node
    while n.parent is not None and n.ply >= lo:
        back.append(n)
        n = n.parent
    back.reverse()
    ahead = []
    n = node
    while n.children and n.ply < hi and not lesson.unsolved(n):
        n = n.children[0]
        ahead.append(n)
    return back, ahead, n.children != [] and not lesson.unsolved(n)


def alts(n, viewer, reader) -> list[dict]:
    """The other moves at `n`'s parent (main line first), each with its first few moves."""
    out = []
    for i, alt in enumerate(n.parent.children):
        if alt is n:
            continue
        if len(out) == ALTS:
            out.append({"more": len(n.parent.children) - 1 - ALTS})
            break
        moves, m = [], alt
        while m is not None and len(moves) < ALT_MOVES:
            moves.append({"id": m.id, "ply": m.ply, "text": reader.move(m, viewer)[0]})
            m = m.children[0] if m.children else None
        out.append({"id": alt.id, "main": i == 0, "moves": moves, "longer": m is not None, "variation": i + 1})
    return out


def _hint(state, viewer, can_act, lock_seat, names, editing) -> str:
    if editing:
        return "editing the position: Done starts a new line from it, Cancel leaves it"
    if state.is_terminal:
        return "the game is over"
    if viewer == -1:  # advice only where the reader can follow it
        return "spectators see no moves" + ("" if lock_seat else ": view as the seat to act")
    if not can_act:
        return f"waiting for {names[state.current_player]} to act"
    return ""


def synced(s, viewer, lock_seat: bool, height, title: str) -> dict:
    """Every synced trait but `seat` and `error`, for `viewer` of session `s` (a preview or an analysis of
    another node or viewer is dropped from `s`)."""
    tl, reader, names = s.tl, s.reader, s.names
    node = tl.current
    editor = s.edits.editor
    state = node.state if editor is None else editor.state  # the position being edited is seen whole
    eyes = Eyes.of(state, viewer)  # what this viewer is shown of the position: explorer.reader decides
    can_act = editor is None and eyes.may_act()
    back, ahead, cut = window(node, s.lesson)
    log = [reader.entry(n, eyes) for n in back + ahead]
    tree = [{"id": n.id, "ply": n.ply, "text": e["text"], "comment": e["comment"], "glyph": e["glyph"],
             "main": n.parent.children[0] is n, "alts": alts(n, viewer, reader) if len(n.parent.children) > 1 else []}
            for e, n in zip(log, back + ahead)]
    stopped = s.lesson.unsolved(node)  # an unsolved exercise: its moves are not shown yet
    here = [] if stopped else [{"id": c.id, "text": reader.move(c, viewer)[0], "main": i == 0,
                                "label": reader.label(c, eyes)} for i, c in enumerate(node.children[:ALTS])]
    last = ahead[-1] if ahead else node
    terminal = state.is_terminal
    mark = s.comparison.marked(tl)
    meta = {
        "game": eyes.view.get("game", getattr(state, "game_name", "")), "players": s.players,
        "seat_names": names, "lock_seat": bool(lock_seat), "height": height,
        "node": node.id, "ply": node.ply, "last_ply": last.ply, "more_ahead": cut,
        "line_end": s.tip().ply if cut else last.ply,  # where the main line from here ends
        "earlier": bool(back) and back[0].parent is not tl.root,
        "at_start": node.parent is None, "at_end": not node.children or stopped, "to_move": state.current_player,
        "terminal": terminal, "can_act": can_act, "can_playout": viewer is None and not terminal and editor is None,
        "hint": _hint(state, viewer, can_act, lock_seat, names, editor is not None),
        "counter": turn_counter(state, names), "nodes": len(tl),
        "bots": list(BOT_NAMES), "bot": s.moves.bot_name, "eval_bar": s.insight.bar,
        "comment": eyes.words(node.comment), "children": here, "editing": editor is not None,
        "exercise": stopped,  # an unsolved exercise here: no bot, random move or play-out may answer it
        "author": s.lesson.author,  # Explorer(chapter): the chapter's writer may set exercises by clicking
        "writer": not s.lesson.reader,  # may comment here (a lesson's reader reads its comments)
        "mark": mark.id if mark is not None else None, "mark_ply": mark.ply if mark is not None else None,
    }
    s.drop_stale(node, viewer, can_act)
    return {
        "title": Eyes.of(tl.root.state, viewer).words(eyes.words(title)),
        "view": eyes.view,
        "edit_state": editor.synced(names) if editor is not None else {},
        "legal": reader_legal(eyes) if can_act else [],
        "log": log, "tree": tree, "meta": meta,
        "lesson": s.lesson.synced(node, eyes),
        "study": s.desk.synced(node, eyes) if s.desk is not None else {},
        "evaluation": s.insight.evaluation(node, viewer) if editor is None else {},
        "review_panel": s.insight.synced_review(viewer),
        "preview": s.preview, "analysis": s.insight.table, "diff": s.comparison.diff,
    }


__all__ = ["ALTS", "ALT_MOVES", "PAGE", "alts", "synced", "window"]

"""Analysis a reader can read: each seat's chance to win, the top moves and why, and a whole game reviewed.

>>> import explorer
>>> from explorer import analysis
>>> s = explorer.load("lotus", players=3, seed=7)
>>> ev = analysis.evaluate(s, viewer=0, iterations=40)          # what Red can know, and nothing more
>>> len(ev.win), round(sum(ev.win), 6)
(3, 1.0)
>>> top = analysis.reasons(s, 0, iterations=40)                  # Red's best moves, each with its reasons
>>> top[0].move in {str(a) for a in s.legal_actions()}
True

Every figure comes from one search (`explorer.bots.search.SearchBot.think`) at a stated budget
(`iterations`, reproducible for a seed), read from one seat's information only:

- ``viewer=None`` (everything) evaluates with the information of the seat to move (it may use everything;
  it uses no more than that seat knows), a seat ``k`` with what seat ``k`` sees, and the spectator ``-1``
  with the public view alone (the hidden parts are first re-drawn from the public view).
- the reasons for a move are the game's own words for what it does (``compare.changes`` on a position
  re-drawn from the mover's view, so a drawn card is never the real one), the game's notes on it
  (``explorer/games/<game>/reasons.py``), the heuristic's pricing (its rank among the moves), the search's
  principal line in words, and the rule ids that decide it.

`review(timeline)` evaluates every move of the main line for the seat that played it and marks the moves that
lost chances (GLYPH_THRESHOLDS); `mistakes_chapter(review)` turns them into find-the-move exercises.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from .bots.base import derive, hooks, value_function
from .core.registry import spec

# Budgets in CPU seconds, turned into iterations per game by the search's measured one-second budget
# (`ITERATIONS` in explorer/games/<game>/evaluate.py), so figures are reproducible for a seed:
ANALYSE_SECONDS = 1.0   # Analyse and `evaluate`/`reasons` unless told
BAR_SECONDS = 0.25      # the eval bar, at every position shown
REVIEW_SECONDS = 0.3    # per move in a review: a 200-ply game in about a minute (README, Analysis); a game
# whose search costs unevenly over a game sets `REVIEW_ITERATIONS` in its evaluate.py instead
# Glyphs by the chance to win the move lost for its mover (best move's estimate minus the played move's,
# on 0..1), like lichess's inaccuracy / mistake / blunder (0.1 / 0.2 / 0.3 on its -1..1 scale). A loss is
# marked only if it is also more than twice its standard error (the estimates are noisy).
GLYPH_THRESHOLDS = (("??", 0.15), ("?", 0.10), ("?!", 0.05))
NOISE = 2.0
VARIATION_MOVES = 6  # moves of the better line stored as a variation


# -- the search -------------------------------------------------------------------------------------------

def review_budget(game: str) -> int:
    """The iterations a review spends per move by default (a 200-ply game in about a minute of CPU)."""
    from .bots.search import evaluation
    return getattr(evaluation(game), "REVIEW_ITERATIONS", None) or budget(game, REVIEW_SECONDS)


def budget(game: str, seconds: float = ANALYSE_SECONDS) -> int:
    """The search iterations that take about `seconds` of CPU in `game` on the machine the search was measured on."""
    from .bots.search import evaluation
    return max(4, round(getattr(evaluation(game), "ITERATIONS", 200) * seconds))


def _bot(game: str, iterations: int, seed: int):
    from .bots.search import SearchBot
    return SearchBot(game, iterations=iterations, seed=seed, workers=1)


def budget_label(iterations: int) -> str:
    return f"search, {iterations} iterations"


def _public(state, seed: int):
    """A full position re-drawn from the public view alone (what a spectator may know)."""
    fv = spec(state.game_name).from_view
    if fv is None:
        return state
    return fv(state.view(-1), seed)


def think(state, viewer=None, iterations: int | None = None, seed: int = 0, moves=None):
    """The search's Thought on `state` from `viewer`'s information (None: the seat to move's; -1: public).
    `moves`: actions to weigh besides the search's own candidates (a move played, for a review)."""
    if state.is_terminal:
        raise ValueError("the game is over: there is nothing to think about")
    if viewer == -1:
        state = _public(state, derive(seed, 1))
        viewer = state.current_player
    seat = state.current_player if viewer is None else viewer
    iterations = budget(state.game_name) if iterations is None else iterations
    return _bot(state.game_name, iterations, derive(seed, 2)).think(state, seat=seat, moves=moves)


# -- an evaluation --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Evaluation:
    """Each seat's chance to win (0..1), expected margin (its score minus the best other) and the standard
    error of the chance, as `viewer` may know them; `bot` names the search and its budget."""

    viewer: int | None
    names: tuple[str, ...]
    win: tuple[float, ...]
    margin: tuple[float, ...]
    stderr: tuple[float, ...]
    bot: str
    final: bool = False  # the game is over: the figures are its result

    def __str__(self):
        parts = [f"{n} {w:.0%} ± {e:.1%} (margin {m:+.1f})" for n, w, m, e in
                 zip(self.names, self.win, self.margin, self.stderr)]
        return "; ".join(parts) + f" [{self.bot}]"

    def to_json(self) -> dict:
        return {"viewer": self.viewer, "bot": self.bot, "final": self.final,
                "seats": [{"name": n, "win": round(w, 4), "margin": round(m, 2), "stderr": round(e, 4)}
                          for n, w, m, e in zip(self.names, self.win, self.margin, self.stderr)]}


def seat_names(state) -> list[str]:
    seats = state.view(-1).get("seats")
    if isinstance(seats, list):
        return [(s.get("name") if isinstance(s, dict) else None) or f"Seat {i + 1}" for i, s in enumerate(seats)]
    return [f"Seat {i + 1}" for i in range(len(state.scores()["seats"]))]


def seat_colours(state) -> list[str]:
    """Each seat's colour as the boards draw it (widgets/common.js COLORS; darker yellow and grey on white)."""
    seats = state.view(-1).get("seats") or []
    return [COLOURS.get(s.get("color"), "#555555") if isinstance(s, dict) else "#555555" for s in seats]


def _margins(state) -> list[float]:
    seats = state.scores()["seats"]
    return [float(v - max((x for j, x in enumerate(seats) if j != i), default=0)) for i, v in enumerate(seats)]


def evaluate(state, viewer=None, iterations: int | None = None, seed: int = 0, thought=None) -> Evaluation:
    """Each seat's chance to win and expected margin at `state`, from `viewer`'s information (see the module)."""
    names = tuple(seat_names(state))
    if state.is_terminal:
        values = value_function(state.game_name)(state)
        return Evaluation(viewer, names, tuple(float(v) for v in values), tuple(_margins(state)),
                          tuple(0.0 for _ in values), "the result", final=True)
    if thought is None:
        iterations = budget(state.game_name) if iterations is None else iterations
    th = thought if thought is not None else think(state, viewer, iterations, seed)
    win = [max(0.0, float(w)) for w in th.win]
    total = sum(win) or 1.0
    # the budget: a search may stop before it when its candidates play out alike (the game's ALIKE)
    return Evaluation(viewer, names, tuple(w / total for w in win), tuple(float(m) for m in th.margin),
                      tuple(float(e) for e in th.stderr), budget_label(th.iterations if thought else iterations))


# -- the top moves and why ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveReasons:
    """One move the search weighed: its win chance for the mover, and why, in the game's words."""

    move: str
    words: str                 # the move as the game says it
    win: float                 # the mover's chance to win after it
    margin: float
    stderr: float
    reasons: tuple[str, ...]   # what it does and what the heuristic makes of it
    line: tuple[str, ...]      # the principal line after it, in notation
    line_words: tuple[str, ...]
    rules: tuple[str, ...]     # rule ids that decide it
    visits: int = 0

    def to_json(self) -> dict:
        return {"move": self.move, "words": self.words, "win": round(self.win, 4), "margin": round(self.margin, 2),
                "stderr": round(self.stderr, 4), "reasons": list(self.reasons), "line": list(self.line),
                "line_words": list(self.line_words), "rules": list(self.rules)}

    def __str__(self):
        why = "; ".join(self.reasons)
        return f"{self.move} ({self.win:.0%} to win): {why}"


_CITE = re.compile(r"\s*\[([a-z_]+\.[a-z0-9_.-]+(?:,\s*[a-z_]+\.[a-z0-9_.-]+)*)\]")


_TURN = re.compile(r" to act\b|^round \d+:")  # whose turn it is next: not a reason


def _uncite(text: str, rules: list[str]) -> str:
    """`text` without its [rule] citations, which go into `rules`."""
    for m in _CITE.finditer(text):
        rules.extend(r.strip() for r in m.group(1).split(","))
    return _CITE.sub("", text).strip()


def _pricing(state, seat, actions) -> dict[str, tuple[float, int]]:
    """The heuristic's rating of each action and its rank (1 = its first choice), from the seat's view."""
    mod = hooks(state.game_name)
    if mod is None or not hasattr(mod, "rate"):
        return {}
    try:
        rated = [float(v) for v in mod.rate(state.view(seat), actions)]
    except Exception:  # a rating is a bonus: it never breaks an analysis
        return {}
    order = sorted(set(rated), reverse=True)
    return {str(a): (v, order.index(v) + 1) for a, v in zip(actions, rated)}


def _notes(game: str):
    from .core.registry import spec
    return getattr(spec(game).part("reasons"), "notes", None)


def _line_words(state, line, unseen) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from .annotations import redact_text
    from .study import move_in_words
    texts, said = [], []
    for a in line:
        if state.is_terminal:
            break
        try:
            act = state.parse_action(str(a))
        except ValueError:
            break
        texts.append(str(act))
        said.append(redact_text(move_in_words(state, act) or str(act), unseen))
        state = state.apply(act)
    return tuple(texts), tuple(said)


def reasons(state, seat=None, thought=None, top: int = 5, iterations: int | None = None,
            seed: int = 0) -> list[MoveReasons]:
    """The `top` moves of the seat to move, best first, each with its win chance and its reasons in words.
    `seat` is whose information they come from: the seat to move (default) — its moves are its own to list."""
    from .annotations import hidden_ids, redact_text
    from .compare import changes
    from .study import move_in_words, rules_of
    mover = state.current_player
    if mover is None:
        raise ValueError("the game is over: nobody is to move")
    seat = mover if seat is None else seat
    if seat != mover:
        raise PermissionError("the top moves list the mover's possible moves: only the mover's information may "
                              "list them")
    th = thought if thought is not None else think(state, seat, iterations, seed)
    game = state.game_name
    names = seat_names(state)
    unseen = hidden_ids(state, seat)
    world = _redrawn(state, seat, derive(seed, 3))  # re-drawn from the mover's view
    legal = world.legal_actions()
    prices = _pricing(state, seat, state.legal_actions())
    notes = _notes(game)
    best = th.moves[0].win[mover] if th.moves else 0.0
    out = []
    for st in th.moves[:top]:
        text = str(st.action)
        rules = list(rules_of(state, st.action))
        why = []
        try:
            act = world.parse_action(text)
        except ValueError:
            act = None
        if act is not None and act in legal:
            after = world.apply(act)
            for line in changes(world, after, -1)["sentences"]:
                line = _uncite(line, rules)
                if line and not _TURN.search(line) and "nothing a player would mention" not in line:
                    why.append(redact_text(line, unseen))
            if notes is not None:
                try:
                    why.extend(redact_text(n, unseen) for n in notes(world.view(seat), after.view(seat), seat, names))
                except Exception:
                    pass
        price = prices.get(text)
        if price is not None:
            v, rank = price
            why.append("the heuristic's first choice" if rank == 1 else
                       f"the heuristic's {_ordinal(rank)} choice (it prices it {v:g})")
        loss = best - st.win[mover]
        if out and loss > 0.005:
            why.append(f"{loss:.0%} less chance to win than {out[0].move}")
        line, line_words = _line_words(after, st.line, unseen) if st.line and act is not None else ((), ())
        out.append(MoveReasons(text, move_in_words(state, st.action) or text, float(st.win[mover]),
                               float(st.margin[mover]), float(st.stderr), tuple(dict.fromkeys(why)), line, line_words,
                               tuple(dict.fromkeys(r for r in rules if r)), int(st.visits)))
    return out


def _redrawn(state, seat, seed):
    """A full position re-drawn from `seat`'s view (the state itself in a game without hidden parts)."""
    fv = spec(state.game_name).from_view
    return state if fv is None else fv(state.view(seat), seed)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# -- a whole game reviewed ------------------------------------------------------------------------------

def glyph_for(loss: float, stderr: float = 0.0) -> str:
    """The glyph a move gets for losing `loss` chance to win (0..1) with that standard error: '??', '?',
    '?!' or '' (GLYPH_THRESHOLDS; a loss within NOISE standard errors of nothing is not marked)."""
    if loss <= NOISE * stderr:
        return ""
    for glyph, least in GLYPH_THRESHOLDS:
        if loss >= least:
            return glyph
    return ""


@dataclass(frozen=True)
class PlyReview:
    """One move of the main line as its reviewer judged it."""

    node: int           # the node the move leads to
    ply: int
    seat: int           # who played it
    move: str
    win: float          # the mover's chance to win after the move played
    best: str           # the search's best move there
    best_win: float
    loss: float         # best_win - win (0 when the move played is the best)
    glyph: str
    forced: bool = False  # the only legal move
    comment: str = ""     # what the review says of the move (marked moves)
    better: str = ""      # what it says of the better move, in words
    line: tuple = ()      # the better move and its line, in notation (the variation to store)
    variation: int | None = None  # the node of the better line stored in the timeline (`write`)

    def to_json(self) -> dict:
        return {"node": self.node, "ply": self.ply, "seat": self.seat, "move": self.move,
                "win": round(self.win, 4), "best": self.best, "best_win": round(self.best_win, 4),
                "loss": round(self.loss, 4), "glyph": self.glyph, "forced": self.forced}


@dataclass
class Review:
    """A main line reviewed: one PlyReview per move, and each seat's chance to win before each ply
    (`series[ply][seat]`, as the reviewer saw it: the mover's own information, or the viewer's)."""

    viewer: int | None
    names: list[str]
    bot: str
    plies: list[PlyReview] = field(default_factory=list)
    series: list[list[float]] = field(default_factory=list)
    total: int = 0
    complete: bool = False
    seconds: float = 0.0
    colours: list[str] = field(default_factory=list)  # each seat's colour, for the chart

    def mistakes(self, seat=None, least: str = "?") -> list[PlyReview]:
        """The moves marked `least` or worse ('?!' < '?' < '??'), of `seat` (default: everyone's)."""
        rank = {"?!": 1, "?": 2, "??": 3}
        return [p for p in self.plies if p.glyph and rank[p.glyph] >= rank[least] and seat in (None, p.seat)]

    def to_json(self) -> dict:
        return {"viewer": self.viewer, "names": self.names, "bot": self.bot, "complete": self.complete,
                "done": len(self.plies), "total": self.total, "plies": [p.to_json() for p in self.plies],
                "series": [[round(v, 4) for v in row] for row in self.series]}

    def __str__(self):
        marked = [p for p in self.plies if p.glyph]
        said = ", ".join(f"{p.ply}. {p.move}{p.glyph}" for p in marked[:12])
        state = "" if self.complete else f" (stopped after {len(self.plies)} of {self.total} moves)"
        return f"review [{self.bot}]{state}: {len(marked)} move(s) marked" + (f": {said}" if said else "")

    def chart_svg(self, colours=None, width: int = 560, height: int = 160) -> str:
        """The advantage chart: each seat's chance to win over the plies, as an SVG string."""
        return advantage_svg(self.series, self.names, colours or self.colours, width, height)


COLOURS = {"red": "#d1495b", "blue": "#3a6ea5", "yellow": "#b58e00", "green": "#4f9d55", "purple": "#7a5195",
           "orange": "#ef8a17", "black": "#333333", "grey": "#7a7a7a", "gray": "#7a7a7a", "pink": "#c2559f",
           "brown": "#8c564b", "white": "#999999"}


def advantage_svg(series, names, colours=None, width: int = 560, height: int = 160) -> str:
    """Lines of each seat's chance to win (0..100%) over the plies; 50% dashed; labelled for a screen reader."""
    import html
    n = len(names)
    colours = list(colours or [])
    colours += ["#555555"] * (n - len(colours))
    left, right, top, bottom = 34, 8, 8, 22
    w, h = width - left - right, height - top - bottom
    plies = max(1, len(series) - 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="rx-advantage" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="each seat\'s chance to win over the plies">',
           f'<title>chance to win over the plies: {html.escape(", ".join(names))}</title>']
    for pct in (0, 50, 100):
        y = top + h * (1 - pct / 100)
        dash = ' stroke-dasharray="4 3"' if pct == 50 else ""
        out.append(f'<line x1="{left}" x2="{left + w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#bbb"{dash}/>')
        out.append(f'<text x="{left - 4}" y="{y + 4:.1f}" font-size="11" text-anchor="end" fill="#333">{pct}%</text>')
    out.append(f'<text x="{left}" y="{height - 6}" font-size="11" fill="#333">ply 0</text>')
    out.append(f'<text x="{left + w}" y="{height - 6}" font-size="11" text-anchor="end" fill="#333">'
               f'ply {len(series) - 1}</text>')
    for i in range(n):
        pts = " ".join(f"{left + w * k / plies:.1f},{top + h * (1 - row[i]):.1f}" for k, row in enumerate(series)
                       if i < len(row))
        out.append(f'<polyline fill="none" stroke="{html.escape(colours[i])}" stroke-width="2" points="{pts}">'
                   f'<title>{html.escape(names[i])}</title></polyline>')
    out.append("</svg>")
    return "".join(out)


def _progress(total: int, progress):
    """A callable (done) -> None: tqdm's bar where tqdm is installed, a plain line otherwise, or `progress`."""
    if callable(progress):
        return (lambda done: progress(done, total)), (lambda: None)
    if not progress:
        return (lambda done: None), (lambda: None)
    try:
        from tqdm.auto import tqdm
    except ImportError:
        step = max(1, total // 10)

        def plain(done):
            if done % step == 0 or done == total:
                print(f"review: {done}/{total} moves", flush=True)
        return plain, (lambda: None)
    bar = tqdm(total=total, desc="review", unit="move")

    def tick(done):
        bar.update(done - bar.n)
    return tick, bar.close


def _cancelled(cancel) -> bool:
    if cancel is None:
        return False
    is_set = getattr(cancel, "is_set", None)
    return bool(is_set() if is_set is not None else cancel())


def review(timeline, viewer=None, iterations: int | None = None, seed: int = 0, *, progress=True, cancel=None,
           annotate: bool = True) -> Review:
    """Evaluate every move of `timeline`'s main line for the seat that played it and mark those that lost
    chances (glyphs by GLYPH_THRESHOLDS); with `annotate`, write the glyphs into the timeline and store the
    better move and its line as a variation with a comment in plain words.

    `viewer`: whose review it is. None (everything) judges each move with its mover's information; a seat
    judges its own moves with its own and the others' with what it sees of them (no variations there: their
    options are hidden from it); -1 (spectator) uses the public view alone. `iterations` per move; the same
    `seed` gives the same review (default budget: REVIEW_SECONDS of the search's CPU a move). `progress`: a
    bar (True), nothing (False) or a callable (done, total).
    `cancel`: a threading.Event or a callable; when set (or on Ctrl-C) the review returns what it has."""
    import time
    t0 = time.perf_counter()
    line = timeline.mainline()
    moves = [n for n in line[1:]]
    root = timeline.root.state
    if iterations is None:
        iterations = review_budget(root.game_name)
    names = seat_names(root)
    out = Review(viewer, names, budget_label(iterations), total=len(moves), colours=seat_colours(root))
    tick, close = _progress(len(moves), progress)
    try:
        for k, node in enumerate(moves):
            if _cancelled(cancel):
                break
            got = _review_move(node, viewer, iterations, derive(seed, node.ply), names)
            out.plies.append(got[0])
            out.series.append(got[1])
            tick(k + 1)
        else:
            out.complete = True
            end = moves[-1].state if moves else root
            out.series.append(list(evaluate(end, viewer).win) if end.is_terminal else
                              list(evaluate(end, viewer, iterations, derive(seed, 0)).win))
    except KeyboardInterrupt:
        pass
    finally:
        close()
    out.seconds = time.perf_counter() - t0
    return write(timeline, out) if annotate else out


def _review_move(node, viewer, iterations, seed, names):
    """(PlyReview, each seat's chance before the move) for the move into `node`, as `viewer` may judge it."""
    before = node.before
    mover = node.actor
    forced = len(before.legal_actions()) == 1
    judge = mover if viewer is None else viewer
    own = judge == mover  # the mover's own options are the judge's to weigh: the move played among them
    th = think(before, judge, iterations, seed, moves=[before.parse_action(node.action)] if own else None)
    stats = {str(s.action): s for s in th.moves}
    played = stats.get(node.action)
    best = th.moves[0] if th.moves else None
    if played is None:  # the search did not weigh it: judge the position it led to
        win, se = evaluate(node.state, judge, iterations, seed).win[mover], 0.0
    else:
        win, se = float(played.win[mover]), float(played.stderr)
    best_win = float(best.win[mover]) if best is not None else win
    best_text = str(best.action) if best is not None else node.action
    if best_text == node.action or forced:
        loss, glyph = 0.0, ""
    else:
        loss = max(0.0, best_win - win)
        glyph = glyph_for(loss, math.hypot(se, float(best.stderr)))
    got = PlyReview(node.id, node.ply, mover, node.action, win, best_text, best_win, loss, glyph, forced)
    if glyph:
        got = _said(got, names, viewer, before, th, best)
    return got, [float(w) for w in th.win]


def _said(p: PlyReview, names, viewer, before, th, best) -> PlyReview:
    """`p` with its comments in plain words, and the better line when the reviewer sees the mover's options."""
    from dataclasses import replace

    from .annotations import GLYPHS
    who = names[p.seat]
    own = viewer is None or viewer == p.seat
    said = f"{GLYPHS[p.glyph].capitalize()}: {who} had {p.best_win:.0%} to win"
    said += f" with {p.best}" if own else " with the best move"
    said += f"; after {p.move if own else 'the move played'}, {p.win:.0%}."
    if not own:
        return replace(p, comment=said)
    try:
        why = reasons(before, p.seat, thought=_Only(th, best), top=1)[0]
        text = f"Better: {why.words} ({p.best_win:.0%} to win, against {p.win:.0%} after {p.move})"
        if why.reasons:
            text += ": " + "; ".join(why.reasons[:3])
        text += "."
        if why.line_words:
            text += " Then: " + "; ".join(why.line_words[:3]) + "."
        line = why.line
    except Exception:  # the words are a bonus: the variation stands without them
        text, line = f"Better: {p.best} ({p.best_win:.0%} to win, against {p.win:.0%}).", ()
    return replace(p, comment=said, better=text, line=(p.best, *line[:VARIATION_MOVES - 1]))


def write(timeline, rev: Review) -> Review:
    """Write `rev` into `timeline`: each marked move's glyph and comment, and the better move with its line
    as a variation (its first node's comment says why). Returns `rev` with the variations' node ids."""
    from dataclasses import replace

    from .core.limits import MAX_COMMENT
    here = timeline.current
    viewer = rev.viewer if rev.viewer != -1 else None
    out = []
    for p in rev.plies:
        node = timeline.nodes.get(p.node)
        if not p.glyph or node is None:
            out.append(p)
            continue
        timeline.annotate(node, glyph=p.glyph)
        timeline.comment(node, p.comment[:MAX_COMMENT], viewer=viewer)
        first = None
        if p.line:
            timeline.goto(node.parent)
            for a in p.line:
                try:
                    n = timeline.play(a)
                except ValueError:
                    break
                first = first or n
            if first is not None:
                timeline.comment(first, p.better[:MAX_COMMENT], viewer=viewer)
        out.append(replace(p, variation=None if first is None else first.id))
    rev.plies = out
    timeline.goto(here if here.id in timeline.nodes else timeline.root)
    return rev


@dataclass(frozen=True)
class _Only:
    """A Thought narrowed to one move (for its reasons)."""

    thought: object
    move: object

    @property
    def moves(self):
        return (self.move,)

    def __getattr__(self, name):
        return getattr(self.thought, name)


# -- learn from your mistakes ---------------------------------------------------------------------------

def mistakes_chapter(timeline, rev: Review, title: str = "Learn from your mistakes", seat=None, least: str = "?",
                     limit: int = 6):
    """A study chapter on a copy of the reviewed `timeline` whose exercises are the positions before its
    marked moves (`least` or worse; of `seat`, default every seat): find the better move. The chapter is read
    as `seat` (everything when None). At most `limit` exercises, the biggest losses first."""
    from .study import Chapter
    from .timeline import Timeline
    copy = Timeline.from_json(timeline.to_json())
    chapter = Chapter(title, copy, viewer=seat,
                      intro=f"Positions where a move lost chances to win, found by a review ({rev.bot}). "
                            "Find the better move.")
    picked = sorted((p for p in rev.mistakes(seat, least) if p.variation is not None),
                    key=lambda p: -p.loss)[:limit]
    for p in sorted(picked, key=lambda p: p.ply):
        node = copy.nodes[p.node]
        who = rev.names[p.seat]
        chapter.exercise(node.parent, [p.best], prompt=f"{who} to play: find the move that keeps the most "
                         "chances to win.",
                         hint=f"{p.move} was played here; it left {p.win:.0%} to win.",
                         explanation=copy.nodes[p.variation].comment[:4000] if p.variation in copy.nodes else "",
                         replies={p.move: f"That is the move played: it left {who} {p.win:.0%} to win, "
                                          f"{p.loss:.0%} less than the best."})
    return chapter


__all__ = ["ANALYSE_SECONDS", "BAR_SECONDS", "GLYPH_THRESHOLDS", "REVIEW_SECONDS", "budget", "review_budget",
           "Evaluation",
           "MoveReasons", "PlyReview", "Review",
           "advantage_svg",
           "evaluate", "glyph_for", "mistakes_chapter", "reasons", "review", "think"]


# -- a line drawn on the board ---------------------------------------------------------------------------

def _located(desc: str, names, own: str) -> str | None:
    """The place a piece's description puts it in: the place name said last in it (not the piece's own)."""
    text = desc.replace("'s ", " ")
    best, at = None, -1
    for name in names:
        if name == own or len(name) < 2:
            continue
        for m in re.finditer(rf"(?<![\w,-]){re.escape(name)}(?![\w,-])", text):
            if m.start() > at or (m.start() == at and len(name) > len(best)):
                best, at = name, m.start()
    return best


def line_marks(state, seat, line, viewer=None, moves: int = 3) -> dict:
    """Arrows (and highlights) for the first `moves` moves of `line` (move texts) from `state`, played on a
    position re-drawn from `seat`'s view: a piece that moves gets an arrow from where it was to where it goes
    (green for the first move, blue after), drawn only between places of `state` as `viewer` sees them."""
    from .annotations import MAX_MARKS, places
    table = places(state, viewer)
    world = _redrawn(state, seat, derive(0, 4))
    arrows, lights = [], []
    for k, text in enumerate(line[:moves]):
        if world.is_terminal:
            break
        try:
            after = world.apply(world.parse_action(text))
        except ValueError:
            break
        colour = "green" if k == 0 else "blue"
        p0, p1 = places(world, seat), places(after, seat)
        for piece, desc in p1.items():
            old = p0.get(piece)
            if old is None:  # a piece that comes onto the board: where it lands
                b = _located(desc, list(p1), piece)
                if b in table:
                    lights.append((b, colour))
                continue
            if old == desc:
                continue
            a, b = _located(old, list(p0), piece), _located(desc, list(p1), piece)
            if a and b and a != b and a in table and b in table:
                arrows.append((a, b, colour))
            elif a and b and a != b and piece in table and b in table:
                arrows.append((piece, b, colour))
            elif piece in table:
                lights.append((piece, colour))
        world = after
    out = {}
    if arrows:
        out["arrows"] = [list(a) for a in dict.fromkeys(arrows)][:MAX_MARKS]
    if lights:
        out["highlights"] = [list(h) for h in dict.fromkeys(lights)][:MAX_MARKS]
    return out

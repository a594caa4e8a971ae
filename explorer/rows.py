"""Tables as plain rows, for where pandas cannot be installed (the JupyterLite site: Pyodide has no numpy).

`explorer.simulate`, `win_rates`, `load_results` and `Bot.analyse` return a pandas DataFrame when pandas
imports, and a `Rows` otherwise: a list of dicts (one per row, every row with the same keys, in the
DataFrame's column order) that Jupyter shows as a table. `rows["score"]` is a column as a list; `records`
turns either kind into a list of dicts.

>>> t = Rows([{"bot": "random", "score": 3}, {"bot": "mcts", "score": 7}])
>>> t.columns, t["score"], len(t), t[1]["bot"]
(['bot', 'score'], [3, 7], 2, 'mcts')
"""
from __future__ import annotations

import functools
import math
from collections import namedtuple
from html import escape


@functools.cache
def have_pandas() -> bool:
    """Whether pandas imports here (the results are then DataFrames, as in any normal kernel)."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


class Rows(list):
    """A table as a list of dicts with the same keys (`columns`, in order). Indexing with a column name gives
    that column as a list; anything else indexes the rows."""

    def __init__(self, rows=(), columns=None):
        rows = [dict(r) for r in rows]
        if columns is None:
            columns = list(dict.fromkeys(k for r in rows for k in r))
        super().__init__({c: r.get(c) for c in columns} for r in rows)
        self.columns = list(columns)

    def __getitem__(self, key):
        if isinstance(key, str):
            if key not in self.columns:
                raise KeyError(f"no column {key!r}; the columns are: {', '.join(self.columns)}")
            return [r[key] for r in self]
        got = super().__getitem__(key)
        return Rows(got, self.columns) if isinstance(key, slice) else got

    def group(self, by, **aggregates) -> Rows:
        """One row per distinct value of column `by` (or tuple of values of a list of columns), in the order
        first seen, with a column per aggregate: a function of that group's rows (a Rows).

        >>> t = Rows([{"bot": "a", "score": 3}, {"bot": "b", "score": 5}, {"bot": "a", "score": 7}])
        >>> list(t.group("bot", games=len, best=lambda g: max(g["score"])))
        [{'bot': 'a', 'games': 2, 'best': 7}, {'bot': 'b', 'games': 1, 'best': 5}]
        """
        names = [by] if isinstance(by, str) else list(by)
        for name in names:
            if name not in self.columns:
                raise KeyError(f"no column {name!r}; the columns are: {', '.join(self.columns)}")
        groups: dict = {}
        for r in self:
            groups.setdefault(tuple(r[n] for n in names), []).append(r)
        return Rows(({**dict(zip(names, key)), **{col: f(Rows(rows, self.columns)) for col, f in aggregates.items()}}
                     for key, rows in groups.items()), [*names, *aggregates])

    def where(self, keep) -> Rows:
        """The rows for which `keep(row)` is true (same columns)."""
        return Rows((r for r in self if keep(r)), self.columns)

    @property
    def empty(self) -> bool:
        return not self

    def itertuples(self):
        """The rows as named tuples (fields: the columns)."""
        row = namedtuple("Row", self.columns, rename=True)
        return (row(*(r[c] for c in self.columns)) for r in self)

    def __repr__(self) -> str:
        """The table as aligned text (what nbval compares, as it compared a DataFrame's text): numbers right,
        the rest left, at most 60 rows (the first and last 30 beyond that).

        >>> print(repr(Rows([{"bot": "random", "share": 1 / 3}, {"bot": "search", "share": 0.5}])))
        bot     share
        random  0.333
        search    0.5
        """
        rows = list(self) if len(self) <= 60 else [*self[:30], None, *self[-30:]]
        cells = [[str(c) for c in self.columns]] + [["…"] * len(self.columns) if r is None else
                                                    [_cell(r[c]) for c in self.columns] for r in rows]
        right = [any(isinstance(r[c], (int, float)) and not isinstance(r[c], bool) for r in self)
                 for c in self.columns]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.columns))]
        return "\n".join("  ".join(v.rjust(w) if rj else v.ljust(w) for v, w, rj in zip(row, widths, right)).rstrip()
                         for row in cells) or "Rows(0 rows)"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(str(c))}</th>" for c in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{escape(_cell(r[c]))}</td>" for c in self.columns) + "</tr>"
                       for r in self)
        return (f'<table class="rx-rows"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
                f"<p>{len(self)} rows × {len(self.columns)} columns</p>")


def _cell(v) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "–"
    if isinstance(v, float):  # three decimals at most, as the notebooks set pandas to show
        text = f"{v:.3f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(v)


def records(table) -> list[dict]:
    """A DataFrame, a Rows or any list of dicts as a list of dicts (one per row)."""
    if hasattr(table, "to_dict"):
        return table.to_dict("records")
    return [dict(r) for r in table]


__all__ = ["Rows", "have_pandas", "records"]

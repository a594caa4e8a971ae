"""explorer.rows.Rows: grouping and filtering plain rows (what the notebooks use where pandas is absent); the
SVG grouped bars those notebooks draw with."""
import pytest

from explorer.rows import Rows


def test_group_by_columns_keeps_first_seen_order_and_aggregates_each_group():
    t = Rows([{"bot": "b", "seat": 0, "score": 5}, {"bot": "a", "seat": 1, "score": 3},
              {"bot": "b", "seat": 0, "score": 9}, {"bot": "a", "seat": 0, "score": 1}])
    g = t.group(["bot", "seat"], games=len, total=lambda r: sum(r["score"]))
    assert g.columns == ["bot", "seat", "games", "total"]
    assert list(g) == [{"bot": "b", "seat": 0, "games": 2, "total": 14},
                       {"bot": "a", "seat": 1, "games": 1, "total": 3},
                       {"bot": "a", "seat": 0, "games": 1, "total": 1}]


def test_group_of_no_rows_is_empty_with_its_columns_and_unknown_column_raises():
    empty = Rows([], ["bot", "score"]).group("bot", games=len)
    assert len(empty) == 0 and empty.columns == ["bot", "games"]
    with pytest.raises(KeyError, match="no column 'seat'"):
        Rows([{"bot": "a"}]).group("seat", games=len)


def test_where_keeps_matching_rows_and_the_columns():
    t = Rows([{"bot": "a", "score": 3}, {"bot": "b", "score": 5}])
    assert t.where(lambda r: r["score"] > 4)["bot"] == ["b"]
    assert t.where(lambda r: False).columns == ["bot", "score"]


def test_grouped_bars_draw_dashed_lines_named_in_the_legend_and_reach_them():
    from explorer import charts
    c = charts.grouped_bars(["1", "2"], [{"name": "gain", "color": "#3a6ea5", "values": [3, 4]}], title="t",
                            x_label="size", y_label="rice", lines=[(3, "price"), (8, "price")])
    assert c.svg.count('class="reference"') == 2 and c.svg.count(">price<") == 1
    assert "price: 8" in c.svg  # the highest line is inside the chart, with its hover text

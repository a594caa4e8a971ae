"""The explorer widget is split by concern (issue 22): objects it holds (explorer.session, front, screen, panel,
moves, insight, lesson, editor, race, reader), none reaching into another's private attributes, and an
`Explorer` class that fits a screen or two."""
import ast
import inspect
from pathlib import Path

import explorer

PARTS = ("widgets", "session", "front", "screen", "panel", "moves", "insight", "lesson", "editor", "race", "reader",
         "writer", "compare", "annotations")
ALLOWED = {"_repr_mimebundle_",  # IPython's display protocol
           "_model"}  # jupyter_bokeh's BokehModel figure, which the panel closes (panel._close)


def test_no_part_reaches_into_another_objects_private_attributes():
    root = Path(explorer.__file__).parent
    found = []
    for name in PARTS:
        for n in ast.walk(ast.parse((root / f"{name}.py").read_text())):
            own = isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in ("self", "cls")
            if (isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__")
                    and n.attr not in ALLOWED and not own):
                found.append(f"{name}.py:{n.lineno} {ast.unparse(n)}")
    assert found == []


def test_the_explorer_class_fits_a_screen_or_two():
    from explorer.widgets import Explorer
    lines, _ = inspect.getsourcelines(Explorer)
    assert len(lines) <= 250, "move the new work into one of the objects the widget holds (see PARTS)"

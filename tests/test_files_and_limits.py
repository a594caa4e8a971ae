"""Files and limits (issue 21, points 6-11): saved files are read only when regular and small, validation stops
at the first errors, user text is bounded at load, set-up opens only files the user names, the study page runs
only its own script, the study notebook loads nothing, and deep or huge input gives short documented errors.
The memory bounds of hostile files are fuzzed in tests/test_hostile_fuzz.py."""
from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import threading

import nbformat
import pytest

import explorer
from explorer import IllegalAction, PositionError
from explorer.core import data as core_data
from explorer.core.limits import MAX_COMMENT, MAX_FILE_BYTES
from explorer.editor import Editor
from explorer.publish import page_html
from explorer.study import Study
from explorer.timeline import Timeline
from tests.hostile_helpers import opened

GAMES = ("lotus", "lotus_chaos", "rice_paddy", "round_house")


@pytest.fixture
def new_session(monkeypatch):
    monkeypatch.setattr(core_data, "_ALLOWED", {})
    monkeypatch.setattr(core_data, "_LABELS", {})


def saved_timeline() -> dict:
    tl = Timeline(explorer.load("lotus", seed=1))
    tl.play(tl.current.state.legal_actions()[0])
    return json.loads(json.dumps(tl.to_json()))


def deep(n: int) -> list:
    x: list = []
    for _ in range(n):
        x = [x]
    return x


# ---- point 6: validation stops at the first errors, and sizes are bounded -----------------------------------

def test_a_million_empty_nodes_give_the_first_error_only():
    data = saved_timeline()
    data["nodes"] = [{}] * 1_000_000
    with pytest.raises(PositionError) as err:
        Timeline.from_json(data)
    assert str(err.value) == ("nodes.0.id: required field is missing; nodes.0.parent: required field is missing; "
                              "nodes.0.action: required field is missing")


@pytest.mark.parametrize("where", ["top", "node", "chapter", "exercise"])
def test_objects_with_a_million_fields_are_refused_whole(where):
    many = {f"k{i}": 0 for i in range(1_000_000)}
    tl = saved_timeline()
    if where in ("top", "node"):
        if where == "top":
            tl.update(many)
        else:
            tl["nodes"][1].update(many)
        with pytest.raises(PositionError) as err:
            Timeline.from_json(tl)
    else:
        ch = {"title": "c", "timeline": tl, "exercises": [{"node": 0, "kind": "move", "prompt": "p", "answers": []}]}
        (ch if where == "chapter" else ch["exercises"][0]).update(many)
        with pytest.raises(PositionError) as err:
            Study.from_json({"format": "explorer-study", "version": 1, "title": "t", "chapters": [ch]})
    assert re.search(r"(1,000,00\d|999,999)", str(err.value)) and len(str(err.value)) < 400, str(err.value)


def test_a_study_with_a_million_bad_answers_gives_one_error():
    ex = {"node": 0, "kind": "move", "prompt": "p", "answers": [0] * 1_000_000}
    data = {"format": "explorer-study", "version": 1, "title": "t",
            "chapters": [{"title": "c", "timeline": saved_timeline(), "exercises": [ex]}]}
    with pytest.raises(PositionError) as err:
        Study.from_json(data)
    assert str(err.value).startswith("chapters.0.exercises.0.answers") and "more errors" not in str(err.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_a_million_values_is_refused_before_validation(game):
    js = explorer.load(game, seed=1).to_json()
    js["extra"] = [{}] * 1_000_000
    with pytest.raises(PositionError, match="at most 20,000 values"):
        explorer.from_json(js)
    with pytest.raises(PositionError, match="at most 500,000 objects and lists"):
        explorer.from_json(json.dumps(js))  # as text, counted before it is parsed
    js["extra"] = [{}] * 400_000
    with pytest.raises(PositionError, match="at most 20,000 values"):
        explorer.from_json(json.dumps(js))


def test_json_text_over_the_limit_is_refused_unread():
    text = " " * (MAX_FILE_BYTES + 1)
    for load in (explorer.from_json, Timeline.from_json, Study.from_json):
        with pytest.raises(PositionError, match="at most 5,000,000 characters"):
            load(text)


# ---- point 7: user text is bounded at load as at input -----------------------------------------------------

def test_a_comment_longer_than_the_comment_box_is_refused_at_load(tmp_path):
    data = saved_timeline()
    data["nodes"][1]["comment"] = "c" * MAX_COMMENT
    assert Timeline.from_json(data).nodes[1].comment == "c" * MAX_COMMENT
    data["nodes"][1]["comment"] = "c" * (MAX_COMMENT + 1)
    with pytest.raises(PositionError, match=r"^nodes\.1\.comment: expected at most 2,000 characters"):
        Timeline.from_json(data)
    study = {"format": "explorer-study", "version": 1, "title": "t", "chapters": [{"title": "c", "timeline": data}]}
    path = tmp_path / "s.study.json"
    path.write_text(json.dumps(study))
    with pytest.raises(PositionError, match=r"^chapters\.0\.timeline\.nodes\.1\.comment: expected at most 2,000"):
        Study.load(path)


# ---- point 8: set-up opens only files the user names ---------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_setup_opens_no_local_file_named_in_the_position(game, tmp_path, new_session):
    mine = tmp_path / "mine.toml"
    mine.write_bytes((core_data.data_root() / game / "components.toml").read_bytes())
    messages = []
    for path in ("/etc/passwd", "/no/such/file.toml", str(mine)):
        with opened() as files:
            with pytest.raises(PositionError) as err:
                explorer.setup(game, {"data": path})
        assert not [f for f in files if "etc" in f or "no/such" in f or "mine" in f], files
        messages.append(re.sub(r"got '[^']*'", "got PATH", str(err.value)))
        assert "components" in messages[-1] and "TOML" not in messages[-1]
    assert len(set(messages)) == 1  # the same words whether the file exists, is TOML or not
    assert not core_data._ALLOWED  # and nothing is allowed for later
    explorer.load(game, data=str(mine))  # named by the user: then a position may use it
    assert explorer.setup(game, {"data": str(mine)}).cfg.data.startswith(core_data.LABEL_PREFIX)


# ---- point 9: only regular files, bounded ----------------------------------------------------------------------

@pytest.mark.parametrize("load", [Timeline.load, Study.load])
@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_not_read(load, path):
    with pytest.raises(PositionError, match="expected a regular file"):
        load(path)


@pytest.mark.parametrize("load", [Timeline.load, Study.load])
def test_a_pipe_is_not_waited_on(load, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(_raised(load, fifo)), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # let the reader go, then fail
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
        pytest.fail("loading a pipe waited for a writer")
    assert isinstance(got[0], PositionError) and "expected a regular file" in str(got[0])


def _raised(load, path):
    try:
        load(path)
    except Exception as exc:  # noqa: BLE001  (the test checks what it is)
        return exc
    return None


@pytest.mark.parametrize("load", [Timeline.load, Study.load])
def test_a_file_over_the_limit_is_refused_unread(load, tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing written
    with pytest.raises(PositionError, match="expected at most 5,000,000 bytes"):
        load(path)


# ---- point 10: the page runs only its own script; the notebook loads nothing ------------------------------------

HOSTILE = ("![x](https://example.com/i.png) [y](https://example.com/a) <img src=https://example.com/j.png> "
           "https://example.com/bare www.example.com me@example.com ![z][r]\n\n[r]: https://example.com/k.png\n"
           "<script>alert(1)</script> `code` *em* # head | cell |")


def test_the_page_csp_allows_only_the_page_module_by_hash():
    study = Study("s")
    study.chapter("c", explorer.load("lotus", seed=1))
    page = page_html(study)
    csp = re.search(r'Content-Security-Policy content="([^"]*)"', page).group(1)
    script_src = re.search(r"script-src ([^;]*);", csp).group(1).split()
    code = page.split("<script type=module>", 1)[1].rsplit("</script>", 1)[0]
    digest = base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode()
    assert script_src == [f"'sha256-{digest}'"] and "unsafe" not in script_src[0]
    assert "default-src 'none'" in csp
    inline = re.findall(r"<script(?![^>]*application/json)[^>]*>", page)
    assert inline == ["<script type=module>"]  # every executed script is the hashed one


def test_the_notebook_writes_user_text_that_loads_nothing(tmp_path):
    mistune = pytest.importorskip("mistune")
    study = Study(HOSTILE[:200], intro=HOSTILE)
    ch = study.chapter(HOSTILE[:200], explorer.load("lotus", seed=1), intro=HOSTILE)
    ch.question(0, HOSTILE, ["![a](https://example.com/c.png)", "[b](https://example.com)"], 0, hint=HOSTILE)
    nb = nbformat.read(study.to_notebook(tmp_path / "s.ipynb"), as_version=4)
    render = mistune.create_markdown(escape=False, plugins=["url", "table", "strikethrough"])
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        out = render(cell.source)
        assert not re.search(r"<(img|a|script|iframe|link)\b|<[^>]*\b(src|href)=", out), out
        shown = html.unescape(re.sub(r"<[^>]+>", "", out))
        assert "![x](https://example.com/i.png)" in shown and "<img src=https://example.com/j.png>" in shown


# ---- point 11: deep and huge input, short documented errors ----------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_deep_lists_in_setup_and_the_editor_are_documented_errors(game):
    for partial in (deep(100_000), {"hands": deep(100_000)}, {"data": deep(100_000)}, {"seed": deep(3_000)}):
        with pytest.raises(PositionError) as err:
            explorer.setup(game, partial)
        assert len(str(err.value)) < 1000
    ed = Editor(explorer.load(game, seed=1))
    for op in (deep(100_000), {"op": deep(100_000)}, {"op": "put", "piece": deep(100_000), "to": deep(100_000)}):
        with pytest.raises(ValueError) as err:
            ed.apply(op)
        assert len(str(err.value)) < 1000


def test_a_huge_illegal_action_gives_a_short_message():
    s = explorer.load("lotus", seed=1)
    with pytest.raises(IllegalAction) as err:
        s.apply(s.parse_action("4s" * 500_000))
    assert len(str(err.value)) < 1100 and err.value.rule == "lotus.play.from-hand"


def test_a_position_text_longer_than_2000_characters_is_refused():
    js = explorer.load("lotus_chaos", seed=1, house_rules=True).to_json()
    js["notice"] = {"rule": "lotus_chaos.write.group-members", "message": "y" * 2_000}
    assert explorer.from_json(js).view(0)["notice"]["message"] == "y" * 2_000
    js["notice"]["message"] = "y" * 10_000_000  # would go to every seat's view
    with pytest.raises(PositionError, match="field notice.message: expected a text of at most 2,000 characters, "
                                            "got 10,000,000"):
        explorer.from_json(js)


def test_a_comment_from_code_is_bounded_as_at_input_and_load():
    """Issue 21.7: Timeline.comment takes what the comment box and a saved file take, no more."""
    import explorer
    from explorer.core.limits import MAX_COMMENT
    from explorer.timeline import Timeline
    tl = Timeline(explorer.load("lotus", players=3, seed=7))
    tl.comment(tl.root, "x" * MAX_COMMENT)
    with pytest.raises(ValueError, match="at most 2,000 characters"):
        tl.comment(tl.root, "x" * (MAX_COMMENT + 1))
    assert tl.root.comment == "x" * MAX_COMMENT

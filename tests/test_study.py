"""Studies (explorer.study), marks (explorer.annotations), lessons in the explorer and publishing (explorer.publish)."""
from __future__ import annotations

import json

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import Explorer, PositionError
from explorer.annotations import places
from explorer.publish import pack, page_data, page_html
from explorer.study import Study
from explorer.timeline import Timeline


def demo() -> Study:
    """Two chapters (chaos and 3-player Lotus), marks, a variation, a move exercise and a question."""
    study = Study("Demo", intro="For the tests.")
    ch = study.chapter("Chaos opening", explorer.load("lotus_chaos", seed=1))
    tl = ch.timeline
    for _ in range(8):
        tl.play(tl.current.state.legal_actions()[0])
    tl.annotate(arrows=[("N", "centre"), ("SE", "0,1", "red")], highlights=["NE", ("S", "blue")], glyph="!?")
    tl.comment(tl.current, "Red heads for the centre.")
    tl.back()
    tl.back()
    ch.exercise(tl.current, answers=[tl.current.children[0].action], hint="Keep the high card.",
                explanation="The 40 keeps Red's options open.")
    tl.play(tl.current.state.legal_actions()[-1])  # a variation
    ch.question(tl.root, "Who places a token first?", ["Red", "Blue"], "Red", explanation="Red 4 starts.")
    lo = study.chapter("Lotus", explorer.load("lotus", players=3, seed=7))
    lo.timeline.play("7s")
    lo.timeline.annotate(arrows=[("Red hand", "Lotus")], highlights=["Red supply"], glyph="!")
    while lo.timeline.current.state.current_player != 1:
        lo.timeline.play(lo.timeline.current.state.legal_actions()[0])
    blue = lo.timeline.current  # Blue (seat 1) to move
    lo.exercise(blue, answers=[str(blue.state.legal_actions()[0])], explanation="Blue's turn: any card.")
    lo.timeline.play(blue.state.legal_actions()[0])
    return study


@pytest.fixture(scope="module")
def study() -> Study:
    return demo()


def unpack(value, pool):
    if isinstance(value, list):
        return [unpack(v, pool) for v in value]
    if isinstance(value, dict):
        if set(value) == {"$"}:
            return unpack(pool[value["$"]], pool)
        return {k: unpack(v, pool) for k, v in value.items()}
    return value


# -- saving and loading

def test_round_trip_through_json_and_a_file(study, tmp_path):
    data = study.to_json()
    again = Study.from_json(json.dumps(data))
    assert again.to_json() == data
    path = study.save(tmp_path / "s.study.json")
    loaded = Study.load(path)
    assert loaded.to_json() == data
    assert loaded.chapters[0].timeline.nodes[8].marks.glyph == "!?"
    assert loaded.chapters[0].check(6, loaded.chapters[0].exercises[6].answers[0]).result == "right"


def _broken(study, path, value):
    data = study.to_json()
    *parts, last = path
    target = data
    for p in parts:
        target = target[p]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize("path, value, expected", [
    (("format",), "explorer-timeline", "format: expected 'explorer-study'"),
    (("version",), 0, "version: this build reads version 1 studies, got 0"),
    (("title",), "x" * 500, "title: string should have at most 200 characters"),
    (("chapters", 0, "colour"), "red", "chapters.0.colour: unknown field"),
    (("chapters", 0, "exercises", 0, "node"), 999, "chapters.0.exercises.0.node: no node has id 999"),
    (("chapters", 0, "exercises", 0, "answers"), ["fly away"], "chapters.0.exercises.0.answers.0:"),
    (("chapters", 0, "exercises", 0, "kind"), "riddle", "chapters.0.exercises.0.kind: input should be 'move' or"),
    (("chapters", 0, "timeline", "nodes", 8, "arrows"), [["N", "Atlantis", "green"]],
     "chapters.0.timeline.nodes.8.arrows.0: unknown place 'Atlantis' (or one this view does not show); "
     "places here: centre"),
    (("chapters", 0, "timeline", "nodes", 8, "highlights"), [["N", "purple"]],
     "chapters.0.timeline.nodes.8.highlights.0: colour must be one of green, red, blue, yellow"),
    (("chapters", 0, "timeline", "nodes", 8, "glyph"), "!!!", "glyph: a glyph is one of"),
    (("chapters",), KeyError, "chapters: required field is missing"),
])
def test_a_broken_study_is_refused_naming_the_field(study, path, value, expected):
    with pytest.raises(PositionError) as err:
        Study.from_json(_broken(study, path, value))
    assert expected.lower() in str(err.value).lower(), str(err.value)
    assert len(str(err.value)) < 2500


@pytest.mark.parametrize("text", ["", "nope", "[1, 2]", "[" * 100_000, '{"format": "explorer-study", "version": "1"}'])
def test_text_that_is_not_a_study(text):
    with pytest.raises(PositionError):
        Study.from_json(text)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(PositionError, match="cannot read the study file"):
        Study.load(tmp_path / "none.json")


_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**6), st.text(max_size=12),
                    st.lists(st.text(max_size=5), max_size=3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_studies_raise_only_position_errors(study, data):
    """Any field of a valid study replaced by junk: PositionError or a valid study, nothing else."""
    doc = study.to_json()
    spots = []

    def walk(v, path):
        spots.append(path)
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, path + (k,))
        elif isinstance(v, list):
            for i, x in enumerate(v[:4]):
                walk(x, path + (i,))
    walk(doc, ())
    path = data.draw(st.sampled_from(spots[1:]))
    junk = data.draw(_LEAVES)
    target = doc
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = junk
    try:
        Study.from_json(doc)
    except PositionError as exc:
        assert len(str(exc)) < 2500
    except RecursionError:  # pragma: no cover - a failure worth seeing
        raise


# -- marks

def test_an_unknown_place_is_refused_with_the_valid_ones():
    tl = Timeline(explorer.load("lotus_chaos", seed=1))
    with pytest.raises(ValueError) as err:
        tl.annotate(arrows=[("N", "Middle")])
    assert "unknown place 'Middle'" in str(err.value) and "centre" in str(err.value) and "NE" in str(err.value)
    assert not tl.root.marks
    tl.annotate(highlights=[" ne "], glyph="!!")  # names ignore case and spaces at the ends
    assert tl.root.marks.highlights == (("NE", "green"),) and tl.root.marks.glyph == "!!"


def test_a_seat_can_only_mark_and_comment_what_it_sees():
    s = explorer.load("lotus", players=3, seed=7)
    blue_card = sorted(s.private_ids(1))[0]
    tl = Timeline(s)
    with pytest.raises(ValueError, match="unknown place"):
        tl.annotate(highlights=[blue_card], viewer=0)
    with pytest.raises(ValueError, match=f"names {blue_card.lower()}, which this view does not show"):
        tl.comment(tl.root, f"Blue holds {blue_card.lower()}", viewer=0)  # in any case
    tl.comment(tl.root, f"Blue holds {blue_card}")  # the omniscient author may
    tl.annotate(highlights=[blue_card, "Red hand"])
    ex = Explorer(tl, seat=0)
    assert ex.lesson["marks"]["highlights"] == [["Red hand", "green"]]  # Blue's card is not sent to Red
    assert blue_card not in json.dumps([ex.lesson, ex.meta, ex.log, ex.tree])
    assert ex.meta["comment"] == "Blue holds (hidden)"


def test_every_game_has_places_for_every_viewer():
    for game, kw in [("lotus", {"players": 3}), ("lotus_chaos", {}), ("rice_paddy", {}), ("round_house", {})]:
        s = explorer.load(game, seed=3, **kw)
        for viewer in (None, -1, 0, 1):
            table = places(s, viewer)
            assert table and all(isinstance(v, str) and v for v in table.values()), (game, viewer)


# -- lessons in the explorer

def test_a_lesson_judges_answers_and_hides_what_follows(study):
    ex = study.explorer(0)
    assert ex.lesson["exercise"]["kind"] == "question" and ex.meta["at_end"] and not ex.log
    ex._on_msg(ex, {"type": "forward"}, [])
    assert "find the move yourself" in ex.error and ex.node.ply == 0
    ex._on_msg(ex, {"type": "answer", "choice": 1}, [])
    assert ex.lesson["feedback"]["result"] == "wrong"
    ex._on_msg(ex, {"type": "answer", "choice": 0}, [])
    assert ex.lesson["feedback"]["result"] == "right" and "Red 4 starts" in ex.lesson["feedback"]["message"]
    for _ in range(6):
        ex._on_msg(ex, {"type": "forward"}, [])
    assert ex.node.id == 6 and ex.lesson["exercise"]["kind"] == "move"
    answer = study.chapters[0].exercises[6].answers[0]
    assert answer not in json.dumps([ex.log, ex.tree, ex.meta["children"]])  # the answer is not shown
    ex._on_msg(ex, {"type": "random"}, [])
    assert ex.node.id == 6 and "exercise" in ex.error
    wrong = next(str(a) for a in ex.state.legal_actions() if str(a) != answer)
    ex._on_msg(ex, {"type": "act", "text": wrong}, [])
    fb = ex.lesson["feedback"]
    assert ex.node.id == 6 and fb["result"] == "wrong" and "Keep the high card" in fb["message"]
    ex._on_msg(ex, {"type": "act", "text": "fly away"}, [])
    assert ex.lesson["feedback"]["result"] == "illegal" and ex.node.id == 6
    ex._on_msg(ex, {"type": "act", "text": answer}, [])
    fb = ex.lesson["feedback"]
    assert fb["result"] == "right" and ex.node.id == 7 and "lotus_chaos." in fb["message"], fb
    assert ex.error == ""


def test_a_seat_does_not_get_another_seats_exercise(study):
    node = next(iter(study.chapters[1].exercises))
    ex = study.explorer(1, seat=0, at=node)  # Blue to move: its find-the-move would show Blue's hand
    assert "exercise" not in ex.lesson
    ex.set_seat(1)
    assert ex.lesson["exercise"]["kind"] == "move"


def test_the_annotate_tool_toggles_marks_and_survives_junk():
    ex = Explorer("lotus_chaos", seed=1)
    send = lambda op: ex._on_msg(ex, {"type": "annotate", "op": op}, [])  # noqa: E731
    send({"op": "arrow", "from": "N", "to": "centre", "colour": "red"})
    send({"op": "highlight", "place": "NE", "colour": "blue"})
    send({"op": "glyph", "glyph": "?!"})
    assert ex.lesson["marks"] == {"arrows": [["N", "centre", "red"]], "highlights": [["NE", "blue"]], "glyph": "?!"}
    send({"op": "arrow", "from": "N", "to": "centre", "colour": "red"})  # the same again: off
    send({"op": "glyph", "glyph": "?!"})
    assert ex.lesson["marks"] == {"highlights": [["NE", "blue"]]}
    for junk in [None, {"op": "arrow"}, {"op": "arrow", "from": "N", "to": "N"}, {"op": "glyph", "glyph": "!!!"},
                 {"op": "highlight", "place": {"x": 1}}, {"op": "explode"}, {"op": "highlight", "place": "NE",
                                                                          "colour": "chartreuse"}]:
        send(junk)
        assert ex.error and len(ex.error) <= 500, junk
    assert ex.lesson["marks"] == {"highlights": [["NE", "blue"]]}
    send({"op": "clear"})
    assert ex.lesson["marks"] == {}
    send({"op": "highlight", "place": "NE", "colour": "blue"})  # a click names a mark as marks() reads names
    send({"op": "highlight", "place": " ne", "colour": "Blue"})
    assert ex.lesson["marks"] == {}


# -- publishing

def test_the_page_holds_every_view_once_and_shares_repeated_parts(study):
    data = page_data(study)
    views = unpack(data["views"], data["pool"])
    nodes = [n for c in data["chapters"] for n in c["nodes"]]
    assert len(views) == len(nodes) == sum(len(c.timeline) for c in study.chapters)
    for ch, c in zip(study.chapters, data["chapters"]):
        for n in c["nodes"]:
            assert views[n["view"]] == ch.timeline.nodes[n["id"]].state.view(None)
    packed, pool = pack([{"a": list(range(40))}, {"b": list(range(40))}])
    assert len(pool) == 1 and packed[0]["a"] == packed[1]["b"] == {"$": 0}


def test_a_seat_page_holds_nothing_hidden_from_that_seat(study):
    """Every view in Red's page is Red's view; no move text, narration, comment or mark names a card that
    another seat holds hidden at that point (a card Blue has since played is public, and may be named)."""
    html = page_html(study, seat=0)
    data = json.loads(html.split("id=rx-study-data>", 1)[1].split("</script>", 1)[0])
    views = unpack(data["views"], data["pool"])
    checked = 0
    for ch, c in zip(study.chapters, data["chapters"]):
        for item in c["nodes"]:
            node = ch.timeline.nodes[item["id"]]
            assert views[item["view"]] == node.state.view(0)
            players = len(node.state.view(None).get("seats") or [])
            states = [node.state] if node.parent is None else [node.parent.state, node.state]
            secret = set().union(*(s.private_ids(o) for s in states for o in range(1, players)))
            secret -= set(json.dumps(node.state.view(0)).split('"'))
            words = json.dumps({k: v for k, v in item.items() if k != "view"})
            assert not [i for i in secret if i in words], (item["id"], secret)
            checked += bool(secret)
    assert checked  # hands were hidden somewhere
    data = json.loads(html.split("id=rx-study-data>", 1)[1].split("</script>", 1)[0])
    assert data["viewer"] == 0 and [c["viewer_label"] for c in data["chapters"]] == ["Red 4", "Red Ladybug"]
    lotus = data["chapters"][1]["nodes"]
    assert not any("exercise" in n for n in lotus)  # Blue's find-the-move is not in Red's page
    assert page_html(study).count('"kind":"move"') == 2


def test_the_page_is_self_contained(study, tmp_path):
    path = study.to_html(tmp_path / "s.html")
    html = path.read_text(encoding="utf-8")
    rest = html.replace("http://www.w3.org/2000/svg", "")  # the SVG namespace, a name and never fetched
    assert "http://" not in rest and "https://" not in rest and "default-src 'none'" in html
    assert html.count("<script") == 2 and "</script" not in html.split("<script type=module>", 1)[1][:-30]
    with pytest.raises(ValueError, match="ending in .html"):
        study.to_html(tmp_path / "s.txt")


def test_user_text_cannot_break_out_of_the_page(tmp_path):
    study = Study("</script><script>alert(1)</script>", intro="<!-- x")
    ch = study.chapter("<img src=x onerror=alert(1)>", explorer.load("lotus_chaos", seed=1))
    ch.timeline.comment(ch.timeline.root, "</script><b>")
    html = page_html(study)
    assert "</script><script>alert" not in html and "<img src=x" not in html and "<!-- x" not in html
    data = json.loads(html.split("id=rx-study-data>", 1)[1].split("</script>", 1)[0])
    assert data["title"] == study.title and data["chapters"][0]["nodes"][0]["comment"] == "</script><b>"


def test_the_notebook_has_a_section_and_an_explorer_per_chapter(study, tmp_path):
    path = study.to_notebook(tmp_path / "s.ipynb")
    nb = nbformat.read(path, as_version=4)
    heads = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## ")]
    assert heads == ["## 1. Chaos opening", "## 2. Lotus"]
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    node = next(iter(study.chapters[1].exercises))
    assert code[1:] == ["study.explorer(0, at=0)", "study.explorer(0, at=6)",  # the start's exercise opens it
                        "study.explorer(1)", f"study.explorer(1, at={node})"]
    assert nb.cells[1].metadata["jupyter"]["source_hidden"]  # the long JSON line stays folded
    scope: dict = {}
    for src in code:  # kernel-less: the study loads and every explorer opens
        exec(compile(src, "cell", "exec"), scope)
    assert scope["study"].to_json() == study.to_json()


def test_marks_and_comments_on_hidden_cards_reach_no_seat_that_cannot_see_them():
    """The author (omniscient) marks and names Blue's cards; Red's explorer, lesson and page hold none of them."""
    from test_widget_privacy import everything_synced
    s = explorer.load("lotus", players=3, seed=7)
    blue = sorted(s.private_ids(1))
    study = Study("Hands")
    ch = study.chapter("Blue's hand", s)
    ch.timeline.annotate(arrows=[(blue[0], "garden")], highlights=blue[1:] + ["Red hand"], glyph="!")
    ch.timeline.comment(ch.timeline.root, f"Blue holds {' '.join(blue)}")
    ch.question(0, f"Is {blue[0]} a good card?", ["yes", "no"], 0, hint=f"{blue[1]} too",
                explanation=f"{blue[0]} is Blue's.")
    ex = study.explorer(0, seat=0)
    ex._on_msg(ex, {"type": "answer", "choice": 1}, [])
    synced = everything_synced(ex)
    assert "Red hand" in synced and ex.lesson["exercise"]["kind"] == "question"
    assert not [c for c in blue if c in synced], [c for c in blue if c in synced]
    html = page_html(study, seat=0)
    assert not [c for c in blue if c in html]
    assert all(c in page_html(study) for c in blue)  # the omniscient page has them


def test_a_chapter_is_read_with_its_own_eyes(tmp_path):
    """A chapter about hidden information is read as one seat: its explorer is locked to that seat and its page
    shows that seat's views, unless the page is exported for another seat."""
    s = explorer.load("lotus_chaos", seed=1)
    study = Study("Eyes")
    ch = study.chapter("As Blue 6", s, viewer=1)
    assert ch.viewer == 1 and Study.from_json(study.to_json()).chapters[0].viewer == 1
    ex = study.explorer(0)
    assert ex.viewer == 1 and ex.lock_seat
    objectives = {o for o in s.private_ids(0)}
    data = page_data(study)
    assert data["chapters"][0]["viewer_label"] == "Blue 6"
    assert not [o for o in objectives if o in json.dumps(data)]
    assert page_data(study, seat=None)["chapters"][0]["viewer"] == 1
    with pytest.raises(ValueError, match="seats 0..5, not 6"):
        study.chapter("nobody", s, viewer=6)
    bad = study.to_json()
    bad["chapters"][0]["viewer"] = 9
    with pytest.raises(PositionError, match="chapters.0.viewer: this game has seats"):
        Study.from_json(bad)


def test_what_a_writer_probably_did_not_mean_is_said(tmp_path):
    study = Study("Slips")
    ch = study.chapter("Lotus", explorer.load("lotus", players=3, seed=7))
    ch.exercise(0, answers=["7s"])
    ch.timeline.play("4s")  # the main line goes on with another move
    assert study.problems() and "goes on with 4s, not an answer (7s)" in study.problems()[0]
    with pytest.warns(UserWarning, match="goes on with 4s"):
        study.to_html(tmp_path / "s.html")
    with pytest.raises(ValueError, match="prompt: a question needs its text"):
        ch.question(0, " ", ["a", "b"], 0)


def test_the_writer_sets_an_exercise_by_clicking_and_is_never_held_up():
    study = Study("By clicking")
    ch = study.chapter("Lotus", explorer.load("lotus", players=3, seed=7))
    ex = Explorer(ch)  # the chapter's own timeline: its writer
    ex.play("7s")
    ex.comment("Start the Lotus: seven petals, the most points.")
    ex.back()
    ex._on_msg(ex, {"type": "exercise"}, [])
    assert ch.exercises[0].answers == ["7s"] and ch.exercises[0].explanation.startswith("Start the Lotus")
    assert ex.meta["author"] and not ex.meta["at_end"]  # the writer steps past it freely
    ex._on_msg(ex, {"type": "forward"}, [])
    assert ex.node.ply == 1 and not ex.error
    ex._on_msg(ex, {"type": "exercise"}, [])  # at a leaf: nothing to make the answer
    assert "play the answer first" in ex.error
    ex.back()
    ex._on_msg(ex, {"type": "exercise"}, [])  # again: no longer an exercise
    assert not ch.exercises
    reader = study.explorer(0)
    reader._on_msg(reader, {"type": "exercise"}, [])
    assert "Explorer(study.chapters[i])" in reader.error and not reader.meta["author"]


def test_a_wrong_moves_verdict_says_the_move_in_words():
    """Issue 25.9: a verdict names the move as a player would ('take the woman vendor'), not only by its
    notation and ids; an illegal move's verdict carries the rule's words (Lotus names the cards missing)."""
    import re
    rh = explorer.load("round_house", players=3, seed=1)
    st_ = Study("words")
    ch = st_.chapter("leaders", rh)
    moves = [str(a) for a in rh.legal_actions()]
    ch.exercise(ch.timeline.root, answers=[moves[0]])
    v = ch.check(ch.timeline.root, moves[1], bot=False)
    assert v.result == "wrong" and v.message.startswith(f"{moves[1]} (move leader 1 clockwise to "), v.message
    lotus = explorer.load("lotus", players=3, seed=1)
    lc = st_.chapter("cards", lotus)
    lc.exercise(lc.timeline.root, answers=[str(lotus.legal_actions()[0])])
    wrong = str(lotus.legal_actions()[1])
    v = lc.check(lc.timeline.root, wrong, bot=False)
    assert "Red Ladybug plays a red " in v.message and not re.search(r"\b[RBYW]\d[sdw]\d\b", v.message), v.message
    bad = lc.check(lc.timeline.root, "3dd", bot=False)
    assert bad.result == "illegal" and "you do not hold two red 3-petal double-symbol cards" in bad.message

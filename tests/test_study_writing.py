"""Writing a study by clicking (issue 25.1): nothing a writer does in a chapter's explorer is lost. Every
writer action goes through front-end messages, then the saved study file is read back. Each failed before:
Edit -> Done detached the explorer from its chapter."""
from __future__ import annotations

import explorer
from explorer.study import Study
from explorer.widgets import Explorer
from tests.test_widget_privacy import send


def post(w, **message):
    w._on_msg(w, message, [])


def lily(state) -> list[str]:
    return [c["id"] for f in state.view(None)["flowers"] if f["name"] == "Lily" for c in f["cards"]]


def _edited_lily(w):
    send(w, "edit")
    send(w, "edit_op", op={"op": "put", "piece": "B6s", "to": "flower:Lily"})
    assert w.edit_state["problems"] == [], w.edit_state
    send(w, "edit_done")
    assert w.error == "", w.error


def test_an_edited_start_stays_the_chapters(tmp_path):
    """The issue's case: a chapter just made, its position edited, a move played."""
    study = Study("S")
    ch = study.chapter("c", explorer.load("lotus", players=3, seed=7))
    w = Explorer(ch)
    _edited_lily(w)
    send(w, "act", text="4s")
    assert w.error == ""
    assert w.timeline is ch.timeline and len(ch.timeline) == 2 and len(study.chapters) == 1
    assert lily(ch.timeline.root.state) == ["B6s1"]
    send(w, "back")
    send(w, "exercise")  # the Exercise button works on the chapter's own timeline
    assert w.error == "" and 0 in ch.exercises
    assert study.problems() == []
    page = study.to_html(tmp_path / "s.html")
    assert '"text":"4s"' in page.read_text(encoding="utf-8")


def test_editing_a_written_chapter_adds_a_chapter_after_it():
    study = Study("S")
    first = study.chapter("Opening", explorer.load("lotus", players=3, seed=7), viewer=0)
    first.timeline.play("4s")
    first.timeline.comment(first.timeline.root, "kept")
    study.chapter("Later", explorer.load("lotus", players=3, seed=8))
    w = Explorer(first)
    _edited_lily(w)
    assert [c.title for c in study.chapters] == ["Opening", "Opening (edited)", "Later"]
    new = study.chapters[1]
    assert w.timeline is new.timeline and new.viewer == 0
    assert len(first.timeline) == 2 and first.timeline.root.comment == "kept"  # nothing lost
    send(w, "act", text="5s")  # the edit was of the position after 4s, where the explorer stood
    assert w.error == "" and len(new.timeline) == 2


def test_a_chapter_outside_any_study_refuses_done_and_keeps_the_edit():
    from explorer.study import Chapter
    from explorer.timeline import Timeline
    tl = Timeline(explorer.load("lotus", players=3, seed=7))
    tl.play("4s")
    ch = Chapter("alone", tl)
    w = Explorer(ch)
    send(w, "edit")
    send(w, "edit_op", op={"op": "put", "piece": "B6s", "to": "flower:Lily"})
    send(w, "edit_done")
    assert "in no study" in w.error and w.editing and w.timeline is tl  # still editing: Cancel or fix
    send(w, "edit_cancel")
    assert not w.editing


def test_every_writer_action_by_clicking_is_in_the_saved_study(tmp_path):
    study = Study("Written by clicking")
    ch = study.chapter("One", explorer.load("lotus", players=3, seed=7))
    w = Explorer(ch)
    _edited_lily(w)
    for move in ("4s", "5s"):
        send(w, "act", text=move)
        assert w.error == ""
    send(w, "back")
    send(w, "act", text="6s")  # a variation at ply 2
    variation = w.node
    send(w, "annotate", op={"op": "arrow", "from": "R4s1", "to": "Lily"})
    send(w, "annotate", op={"op": "highlight", "place": "Lily", "colour": "red"})
    send(w, "annotate", op={"op": "glyph", "glyph": "!?"})
    send(w, "comment", text="the six instead")
    assert w.error == "", w.error
    send(w, "promote", id=variation.id)
    send(w, "goto", id=ch.timeline.root.children[0].id)
    send(w, "exercise")
    assert w.error == ""
    doomed = ch.timeline.root.children[0].children[1]  # the old main line, now a variation
    send(w, "delete", id=doomed.id)
    send(w, "seat", seat=1)
    send(w, "seat", seat=None)
    assert w.error == ""
    path = study.save(tmp_path / "s.study.json")
    back = Study.load(path).chapters[0]
    tl = back.timeline
    assert lily(tl.root.state) == ["B6s1"]
    first = tl.root.children[0]
    assert first.action == "4s" and len(first.children) == 1
    node = first.children[0]
    assert node.action == "6s" and node.comment == "the six instead" and node.marks.glyph == "!?"
    assert node.marks.arrows and node.marks.highlights == (("Lily", "red"),)
    assert list(back.exercises) == [first.id] and list(back.exercises[first.id].answers) == ["6s"]


def test_a_reader_reads_the_intro_and_comments_and_cannot_edit_them():
    """Issue 25.6: the chapter's intro (at its start) and each comment are sent as text for the note under
    the board; a reader's explorer has no comment box (`writer` false) and a comment message is refused."""
    study = Study("S")
    ch = study.chapter("c", explorer.load("lotus", players=3, seed=7), intro="Red opens.")
    node = ch.timeline.play("4s")
    ch.timeline.comment(node, "a quiet start")
    reader = study.explorer(0)
    assert reader.lesson["intro"] == "Red opens." and reader.meta["writer"] is False
    send(reader, "forward")
    assert "intro" not in reader.lesson and reader.meta["comment"] == "a quiet start"
    send(reader, "comment", text="scribble")
    assert "author's" in reader.error and ch.timeline.nodes[node.id].comment == "a quiet start"
    assert reader.timeline.nodes[node.id].comment == "a quiet start"
    author = Explorer(ch)
    assert author.meta["writer"] is True
    send(author, "comment", text="still quiet")
    assert author.error == "" and node.comment == "still quiet"


def test_a_lesson_shows_the_score_race_only_where_it_says_something():
    """Issue 25.11: a chapter whose line scores nothing gets no chart; it appears once the line's values
    differ (here: the author plays on until a flower is completed)."""
    import random
    study = Study("S")
    ch = study.chapter("c", explorer.load("lotus", players=3, seed=7))
    ch.timeline.play("4s")
    lesson = study.explorer(0)
    assert lesson.panel.children == (lesson,)
    author = Explorer(ch)
    assert author.panel.children == (author,)
    rnd = random.Random(3)
    for _ in range(200):
        if len(author.panel.children) == 2:
            break
        author.play(rnd.choice(author.state.legal_actions()))
    assert len(author.panel.children) == 2 and author.panel.children[1] is author._panel.race.plot
    plain = Explorer(explorer.load("lotus", players=3, seed=7))
    assert len(plain.panel.children) == 2  # a plain explorer's race fills as one plays


def test_a_lesson_gives_advice_the_reader_can_follow():
    """Issue 25.7: no "view as the seat to act" where the seat is locked; "Show the answer" plays it; every
    wrong legal move's verdict says what the heuristic bot makes of it, never for some and not others."""
    study = Study("S")
    ch = study.chapter("c", explorer.load("lotus", players=3, seed=7), viewer="spectator")
    ch.timeline.play("4s")
    assert study.explorer(0).meta["hint"] == "spectators see no moves"
    assert Explorer(explorer.load("lotus", players=3, seed=7), seat=-1).meta["hint"].endswith("view as the seat to act")
    study = Study("S")
    ch = study.chapter("c", explorer.load("lotus", players=3, seed=7))
    answer = ch.timeline.play("4s")
    ch.exercise(0, answers=["4s"])
    reader = study.explorer(0)
    reader.answer(show=True)
    assert reader.node.id == answer.id and reader.lesson["feedback"]["result"] == "shown"
    wrong = [str(a) for a in ch.timeline.root.state.legal_actions() if str(a) != "4s"]
    said = [ch.check(0, w).message for w in wrong]
    assert all("heuristic bot" in m for m in said), [m for m in said if "heuristic bot" not in m]


def test_chapters_exercises_save_and_publish_by_clicking(tmp_path, monkeypatch):
    """Issue 25.3 and 25.4: a writer adds, renames, reorders and deletes chapters, sets an intro and the reader's
    seat, writes a find-the-move (two answers, hint, a reply to one wrong move, explanation) and a question,
    then saves and publishes next to the notebook: all by front-end messages."""
    monkeypatch.chdir(tmp_path)
    study = Study("Openings by clicking")
    ch = study.chapter("First", explorer.load("lotus", players=3, seed=7))
    w = Explorer(ch)
    post(w, type="exercise_set", kind="move", prompt="Which card?", hint="a high one", answers=["7s", "6s"],
         replies={"4s": "Too small: the 4 helps Blue."}, explanation="A big card starts a big flower.")
    assert w.error == "", w.error
    ex = ch.exercises[0]
    assert ex.answers == ["7s", "6s"] and ex.replies == {"4s": "Too small: the 4 helps Blue."}
    assert w.study["exercise"]["answers"] == ["7s", "6s"]
    assert "Too small" in ch.check(0, "4s").message and "heuristic bot" in ch.check(0, "5s").message
    post(w, type="exercise_set", kind="move", answers=[])
    assert "pick at least one move" in w.error and ch.exercises[0].answers == ["7s", "6s"]  # nothing lost
    send(w, "act", text="7s")
    post(w, type="exercise_set", kind="question", prompt="Who acts next?", choices=["Red", "Blue"], right=[0])
    assert w.error == "" and ch.exercises[w.node.id].kind == "question"
    send(w, "chapter_rename", title="The first card")
    send(w, "chapter_intro", intro="Red opens the garden.")
    send(w, "chapter_seat", seat=0)
    assert (ch.title, ch.intro, ch.viewer) == ("The first card", "Red opens the garden.", 0)
    send(w, "chapter_add", **{"from": "here", "title": "After the seven"})
    second = study.chapters[1]
    assert w.timeline is second.timeline and second.timeline.root.state == ch.timeline.nodes[1].state
    assert w.study["index"] == 1 and [c["title"] for c in w.study["chapters"]] == ["The first card", "After the seven"]
    send(w, "chapter_add", **{"from": "example", "example": "exchange_two_cards", "title": "An exchange"})
    assert w.error == "" and study.chapters[2].title == "An exchange"
    send(w, "chapter_move", by=-1)
    assert [c.title for c in study.chapters] == ["The first card", "An exchange", "After the seven"]
    send(w, "chapter_delete")
    assert "confirm" in w.error and len(study.chapters) == 3
    send(w, "chapter_delete", confirm=True)
    assert [c.title for c in study.chapters] == ["The first card", "After the seven"]
    send(w, "chapter_go", index=0)
    assert w.timeline is ch.timeline and w.study["index"] == 0
    send(w, "study_save")
    send(w, "study_publish")
    assert w.error == "", w.error
    saved, page = tmp_path / "openings-by-clicking.study.json", tmp_path / "openings-by-clicking.html"
    assert w.study["saved"] == str(saved) and w.study["published"] == str(page)
    back = Study.load(saved)
    assert [c.title for c in back.chapters] == ["The first card", "After the seven"]
    first = back.chapters[0]
    assert first.intro == "Red opens the garden." and first.viewer == 0
    assert first.exercises[0].replies == {"4s": "Too small: the 4 helps Blue."}
    assert "Too small: the 4 helps Blue." in page.read_text(encoding="utf-8")


def test_only_a_chapters_writer_gets_the_writers_tools():
    study = Study("S")
    study.chapter("c", explorer.load("lotus", players=3, seed=7))
    reader = study.explorer(0)
    send(reader, "chapter_add", title="x")
    assert "chapter's own explorer" in reader.error and len(study.chapters) == 1 and reader.study == {}
    plain = Explorer(explorer.load("lotus", players=3, seed=7))
    send(plain, "study_save")
    assert "chapter's own explorer" in plain.error


def test_an_invalid_edit_is_no_trap():
    """Issue 25.2: a red 3-petal card put on the Lily is listed (the board shows the last valid position) and
    can be taken back alone; the message names the Lily, not a JSON path; Undo and Redo step through edits, and
    through marks made by clicking."""
    w = Explorer(explorer.load("lotus", players=3, seed=7))
    send(w, "edit")
    send(w, "edit_op", op={"op": "put", "piece": "B6s", "to": "flower:Lily"})
    send(w, "edit_op", op={"op": "put", "piece": "R3s", "to": "flower:Lily"})
    state = w.edit_state
    assert state["problems"] == ["the Lily: R3s1 is not a 6-petal card"], state["problems"]
    assert len(state["pending"]) == 1 and "3-petal" in state["pending"][0] and "Lily" in state["pending"][0]
    send(w, "edit_done")
    assert "not valid yet" in w.error and w.editing
    send(w, "edit_drop", index=0)
    assert w.error == "" and w.edit_state["problems"] == [] and w.edit_state["pending"] == []
    assert lily(w._session.edits.editor.state) == ["B6s1"]  # the valid edit before it stays
    send(w, "edit_undo")
    assert w.edit_state["problems"] and w.edit_state["can_redo"]
    send(w, "edit_undo")
    send(w, "edit_undo")
    assert lily(w._session.edits.editor.state) == [] and not w.edit_state["can_undo"]
    send(w, "edit_redo")
    assert lily(w._session.edits.editor.state) == ["B6s1"]
    send(w, "edit_done")
    assert w.error == "" and lily(w.state) == ["B6s1"]
    send(w, "annotate", op={"op": "highlight", "place": "Lily"})
    send(w, "annotate", op={"op": "glyph", "glyph": "!"})
    send(w, "annotate_undo")
    assert w.node.marks.glyph == "" and w.node.marks.highlights
    send(w, "annotate_undo")
    assert not w.node.marks
    send(w, "annotate_redo")
    assert w.node.marks.highlights and not w.node.marks.glyph
    send(w, "annotate_redo")
    send(w, "annotate_redo")
    assert "nothing to redo" in w.error


def test_editor_messages_name_places_not_json_paths():
    import re

    from explorer.editor import Editor
    bad = {"lotus": [{"op": "put", "piece": "R3s", "to": "flower:Lily"}],
           "lotus_chaos": [{"op": "put", "piece": c, "to": "area:Red"} for c in "123456"],
           "round_house": [{"op": "put", "piece": "leader:red", "to": "room:o3"}] * 2}
    for game, ops in bad.items():
        ed = Editor(explorer.load(game, seed=1, **({"players": 3} if game == "lotus" else {})))
        for op in ops:
            ed.apply(op)
        assert ed.problems, game
        for said in ed.problems:
            assert not re.search(r"\b[a-z_]+(\.\d+|\[\d+\])", said), (game, said)


def test_what_a_new_user_tripped_on():
    """From the try-out: a reader's Edit -> Done replaced the lesson's line (now refused); a second accepted answer
    left the reader on a side line (the lesson goes on along its own); an empty chapter is a problem."""
    study = Study("S")
    ch = study.chapter("c", explorer.load("lotus", players=3, seed=7))
    main = ch.timeline.play("6s")
    ch.timeline.play("d") if "d" in [str(a) for a in main.state.legal_actions()] else None
    ch.exercise(0, answers=["6s", "7s"])
    reader = study.explorer(0)
    send(reader, "edit")
    assert "read, not edited" in reader.error and not reader.editing
    reader.answer("7s")
    assert reader.node.id == main.id and "goes on with 6s" in reader.lesson["feedback"]["message"]
    assert reader.meta["at_end"] is False or len(ch.timeline) == 2
    study.chapter("empty", explorer.load("lotus", players=3, seed=8))
    assert any("is empty" in p for p in study.problems())

"""The Round House study (explorer/studies/round_house.py): its shape, its exercises against the engine, the
facts its comments state, save and load, and the lesson in the explorer."""
import importlib

import pytest

import explorer
from explorer.study import Study


@pytest.fixture(scope="module")
def study():
    return importlib.import_module("explorer.studies.round_house").build()


def _answer_node(ch, node_id):
    return ch.timeline.nodes[node_id]


def test_shape(study):
    assert len(study.chapters) >= 3
    exercises = [ex for ch in study.chapters for ex in ch.exercises.values()]
    assert len(exercises) >= 3 and sum(ex.kind == "question" for ex in exercises) >= 1
    arrowed = [n for ch in study.chapters for n in ch.timeline.nodes.values() if n.marks.arrows]
    assert len(arrowed) >= 3
    assert "assumed" in study.intro.lower() and "1, 2, 3, 5, 7" in study.intro  # the assumed grid, named


def test_every_answer_is_right_and_another_choice_is_wrong(study):
    for ch in study.chapters:
        for node_id, ex in ch.exercises.items():
            state = ch.timeline.nodes[node_id].state
            for a in ex.answers:
                assert ch.check(node_id, a).result == "right", (ch.title, a)
            if ex.kind == "move":
                other = next(str(a) for a in state.legal_actions() if str(a) not in ex.answers)
                assert ch.check(node_id, other).result == "wrong", (ch.title, other)
                # the answer continues the main line, so the lesson goes on after it
                assert ch.timeline.nodes[node_id].children[0].action in ex.answers
            else:
                other = next(c for c in ex.choices if c not in ex.answers)
                assert ch.check(node_id, other).result == "wrong"


def test_the_road_chapter_states_what_the_engine_does(study):
    ch = study.chapters[0]
    root = ch.timeline.root.state
    assert [a for a in map(str, root.legal_actions()) if a.endswith(">h")] == ["2>h"]
    fam_node = next(n for n in ch.timeline.nodes.values() if n.action == "fam:2")
    ends = {str(a)[5:] for a in fam_node.state.legal_actions()}
    ex = ch.exercises[fam_node.id]
    assert ex.answers == ["b2"] and "b2" not in ends and set(ex.choices) - {"b2"} <= ends
    assert fam_node.state.marker == root.marker + 1


def test_the_stepping_stone_chapter_states_what_the_engine_does(study):
    ch = study.chapters[1]
    ex = ch.exercises[0]
    fam_node = next(n for n in ch.timeline.nodes.values() if n.action == "fam:1")
    ends = {str(a)[5:] for a in fam_node.state.legal_actions()}
    assert ex.answers == ["a2"] and "a2" not in ends and set(ex.choices) - {"a2"} <= ends
    line = fam_node.children[0]
    assert line.action == "line:b5" and line.state.scores()["seats"][4] == 12
    assert "b5" not in {str(a)[5:] for a in _five_alone().legal_actions()}


def _five_alone():
    """The rulebook's example without Purple's elder: five workers alone cannot reach b5."""
    d = explorer.example("round_house", "worship with an elder as a stepping stone").to_json()
    d["elders"][1] = []
    d["seats"][4]["resource"] += 1
    d["marker"] = 0
    s = explorer.from_json(d)
    return s.apply("1>h").apply("fam:1")


def test_the_last_chapter_states_what_the_engine_does(study):
    ch = study.chapters[2]
    tl = ch.timeline
    root = tl.root.state
    great_hall = next(n for n in tl.root.children if n.action == "2>i4")
    assert great_hall.state.current_player == 1  # nothing to do there with 1 money: Blue is to move
    car = next(n for n in tl.nodes.values() if n.action == "car:1")
    assert car.state.towns[1][0] == root.towns[1][0] + 1 and car.state.money[0] == 0
    fam = next(n for n in tl.nodes.values() if n.action == "fam:2")
    s = fam.state
    assert s.marker == s.cfg.length == 8 and s.end_seat == 0 and s.end_amulet is None
    end = tl.end()
    assert end.state.is_terminal and end.state.marker == 8 and end.state.winners() == [0]


def test_save_load_round_trip_and_determinism(study, tmp_path):
    path = study.save(tmp_path / "round_house.study.json")
    assert Study.load(path).to_json() == study.to_json()
    again = importlib.import_module("explorer.studies.round_house").build()
    assert again.to_json() == study.to_json()


def test_the_lesson_waits_for_the_answer(study):
    ex = study.explorer(0)
    answer = study.chapters[0].exercises[0].answers[0]
    assert ex.lesson["exercise"]["kind"] == "move"
    ex._on_msg(ex, {"type": "forward"}, [])
    assert "find the move yourself" in ex.error and ex.node.ply == 0
    ex._on_msg(ex, {"type": "act", "text": answer}, [])
    assert ex.node.action == answer and ex.error == ""
    if "exercise" in ex.lesson:  # another exercise right after: it starts without the last verdict
        assert "feedback" not in ex.lesson
        ex._on_msg(ex, {"type": "back"}, [])
    fb = ex.lesson["feedback"]
    assert fb["result"] == "right", fb


def test_the_last_chapter_plays_the_heuristic_bots_choices():
    """Blue and Yellow play what the heuristic bot chooses (explorer/studies/round_house.py: BETWEEN with one bot
    seeded 3, LAST_TURNS with one bot seeded 5), so the chapter's words about them stay true of the bot."""
    from explorer import bots
    from explorer.studies import round_house as module

    s = explorer.setup("round_house", module.LAST, seed=0)
    for a in ["2>i5", "do", "car:1", "good:t"]:
        s = s.apply(a)
    bot, between = bots.make("heuristic", seed=3), []
    while s.current_player != 0:
        between.append(str(bot.choose(s)))
        s = s.apply(between[-1])
    assert between == module.BETWEEN
    for a in ["2>h", "fam:2", "line:c2", "car:0"]:
        s = s.apply(a)
    bot, last = bots.make("heuristic", seed=5), []
    while not s.is_terminal:
        last.append(str(bot.choose(s)))
        s = s.apply(last[-1])
    assert last == module.LAST_TURNS

"""The chaos game's study (explorer/studies/lotus_chaos.py): its shape, its exercises, save and load,
determinism, seat-safe prompts, the rule ids and assumed values it names, and a lesson in the explorer."""
from __future__ import annotations

import importlib
import re

import pytest

import explorer
from explorer.annotations import hidden_ids, mentions
from explorer.core import ledger
from explorer.study import Study


def build() -> Study:
    return importlib.import_module("explorer.studies.lotus_chaos").build()


@pytest.fixture(scope="module")
def study() -> Study:
    return build()


def exercises(study):
    return [(i, ch, ex) for i, ch in enumerate(study.chapters) for ex in ch.exercises.values()]


def test_chapters_exercises_and_arrows(study):
    assert len(study.chapters) >= 3
    kinds = [ex.kind for _, _, ex in exercises(study)]
    assert len(kinds) >= 3 and kinds.count("question") >= 1 and kinds.count("move") >= 3
    arrows = [n for ch in study.chapters for n in ch.timeline if n.marks.arrows]
    assert len(arrows) >= 3
    for _, _ch, ex in exercises(study):
        assert ex.explanation and ex.hint, ex.prompt


def test_every_answer_is_right_and_another_move_is_wrong(study):
    for _, ch, ex in exercises(study):
        node = ch.timeline.nodes[ex.node]
        if ex.kind == "question":
            assert ch.check(node, ex.answers[0]).result == "right"
            other = next(c for c in ex.choices if c not in ex.answers)
            assert ch.check(node, other).result == "wrong"
            continue
        for answer in ex.answers:
            assert ch.check(node, answer).result == "right"
        other = next(str(a) for a in node.state.legal_actions() if str(a) not in ex.answers)
        verdict = ch.check(node, other, bot=False)
        assert verdict.result == "wrong" and other in verdict.message
        assert ch.check(node, "accuse 9 north").result == "illegal"


def test_the_answer_is_the_main_line(study):
    for _, ch, ex in exercises(study):
        node = ch.timeline.nodes[ex.node]
        assert node.children, f"{ch.title}: the lesson goes on after the exercise"
        if ex.kind == "move":
            assert node.children[0].action == ex.answers[0]


def test_save_and_load_round_trip(study, tmp_path):
    path = study.save(tmp_path / "chaos.study.json")
    again = Study.load(path)
    assert again.to_json() == study.to_json()


def test_build_is_deterministic(study):
    assert build().to_json() == study.to_json()


def test_prompts_name_no_card_hidden_from_the_seat_to_act(study):
    """Prompts, hints and choices read by the seat that must answer name nothing that seat cannot see."""
    for _, ch, ex in exercises(study):
        state = ch.timeline.nodes[ex.node].state
        hidden = hidden_ids(state, state.current_player)
        assert hidden  # other seats' objectives are secret here
        for text in [ex.prompt, ex.hint, *ex.choices]:
            assert mentions(text, hidden) == [], text


def test_every_rule_id_named_is_in_the_ledger(study):
    ids = set(ledger("lotus_chaos"))
    texts = [study.intro] + [ch.intro for ch in study.chapters]
    texts += [n.comment for ch in study.chapters for n in ch.timeline]
    texts += [ex.explanation for _, _, ex in exercises(study)]
    named = {m for t in texts for m in re.findall(r"lotus_chaos\.[a-z0-9_.-]*[a-z0-9]", t)}
    assert len(named) >= 15 and named <= ids, sorted(named - ids)


def test_the_intro_names_the_assumed_values(study):
    for item in explorer.provenance("lotus_chaos"):
        assert item["name"] in study.intro
    assert "board_radius 3" in study.intro


def test_a_lesson_waits_for_the_move_then_takes_the_answer(study):
    for i, ch, ex in exercises(study):
        if ex.kind != "move":
            continue
        node = ch.timeline.nodes[ex.node]
        lesson = study.explorer(i, at=ex.node)
        assert lesson.lesson["exercise"]["prompt"] == ex.prompt
        lesson._on_msg(lesson, {"type": "forward"}, [])
        assert lesson.timeline.current.id == ex.node and "exercise" in lesson.error
        lesson._on_msg(lesson, {"type": "act", "text": ex.answers[0]}, [])
        assert lesson.error == ""
        assert lesson.lesson["feedback"]["result"] == "right"
        assert lesson.timeline.current.id == node.children[0].id


def test_a_lesson_question_takes_a_choice(study):
    i, ch, ex = next(x for x in exercises(study) if x[2].kind == "question")
    lesson = study.explorer(i, at=ex.node)
    lesson._on_msg(lesson, {"type": "forward"}, [])
    assert "exercise" in lesson.error
    wrong = next(k for k, c in enumerate(ex.choices) if c not in ex.answers)
    lesson._on_msg(lesson, {"type": "answer", "choice": wrong}, [])
    assert lesson.lesson["feedback"]["result"] == "wrong"
    lesson._on_msg(lesson, {"type": "answer", "choice": ex.choices.index(ex.answers[0])}, [])
    assert lesson.lesson["feedback"]["result"] == "right"
    lesson._on_msg(lesson, {"type": "forward"}, [])
    assert lesson.error == "" and lesson.timeline.current.id == ch.timeline.nodes[ex.node].children[0].id


def test_the_proof_chapter_is_sound(study):
    """Chapter 3's claim, checked on the engine: Blue 2 and Grey 4 share N at a round-3 check and nobody
    wins, and from Red 1's seat the accusation it asks for is the only one the evidence makes certain."""
    ch = study.chapters[2]
    step = ch.timeline.root.children[0]
    s = step.state
    assert s.round >= 2 and not s.is_terminal and s.pos[1] == s.pos[3] == s.cfg.board.corners["N"]
    red = next(ex for ex in ch.exercises.values() if ex.kind == "move")
    state = ch.timeline.nodes[red.node].state
    assert state.current_player == 0
    after = state.apply(red.answers[0])
    assert after.accusations[-1][3] is True  # correct

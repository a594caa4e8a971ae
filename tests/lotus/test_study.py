"""The Lotus study (explorer/studies/lotus.py): its shape, its answers, saving, determinism and the lesson."""
from __future__ import annotations

import json

import pytest

from explorer.studies import lotus as module
from explorer.study import Study


@pytest.fixture(scope="module")
def study():
    return module.build()


def test_the_study_has_chapters_exercises_and_arrows(study):
    assert len(study.chapters) >= 3
    exercises = [e for c in study.chapters for e in c.exercises.values()]
    assert len(exercises) >= 3
    assert sum(e.kind == "question" for e in exercises) >= 1 and sum(e.kind == "move" for e in exercises) >= 3
    arrows = [n for c in study.chapters for n in c.timeline if n.marks.arrows]
    assert len(arrows) >= 3
    assert "assumed" in study.intro and "4, 5, 5, 6, 6" in study.intro  # the assumed card counts, named


def test_every_answer_is_right_and_another_move_is_wrong(study):
    for ch in study.chapters:
        for node, ex in ch.exercises.items():
            for a in ex.answers:
                assert ch.check(node, a).result == "right", (ch.title, node, a)
            if ex.kind == "question":
                other = next(c for c in ex.choices if c not in ex.answers)
                assert ch.check(node, other).result == "wrong"
                continue
            state = ch.timeline.nodes[node].state
            other = next(str(m) for m in state.legal_actions() if str(m) not in ex.answers)
            assert ch.check(node, other, bot=False).result == "wrong", (ch.title, node, other)
            # the lesson goes on along the main line once it is solved: the answer continues it, or (a chapter of
            # mistakes) the move played in the game does, and the exercise replies to it in words
            played = ch.timeline.nodes[node].children[0].action
            assert played in ex.answers or played in ex.replies, (ch.title, node, played)


def test_save_and_load_give_the_same_study(study, tmp_path):
    path = study.save(tmp_path / "lotus.study.json")
    again = Study.load(path)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(study.to_json(), sort_keys=True)


# (the build is deterministic: tests/test_studies_current.py rebuilds it and compares the committed files)


def test_the_last_turn_answers_are_the_best_lines_to_the_end(study):
    ch = study.chapters[2]
    reward = ch.timeline.root.children[0]
    assert reward.state.current_player == 0 and [str(a) for a in reward.state.legal_actions()][0] == "+t"
    finish = {str(a): module.best_finish(reward.state.apply(a), 0)[0] for a in reward.state.legal_actions()}
    assert max(finish, key=lambda a: finish[a][0]) == "+t"
    assert finish["+t"][0] - max(v[0] for a, v in finish.items() if a != "+t") == 5  # the token, exactly
    after = reward.children[0].state
    ends = {str(a): module.best_finish(after.apply(a), 0)[0][0] for a in after.legal_actions()}
    assert max(ends, key=ends.get) == module.LAST_PLAY and list(ends.values()).count(max(ends.values())) == 1
    last = reward.children[0].children[0]
    assert last.state.is_terminal and last.state.winners() == [0]


def test_growth_finishes_the_lotus_the_same_turn(study):
    ch = study.chapters[1]
    reward = ch.timeline.root.children[0]
    growth, token = reward.children
    assert (growth.action, token.action) == ("+growth", "+t")
    lotus = growth.children[0].state
    assert lotus.current_player == 1 and len(lotus.piles[1]) == 10  # 3 Iris cards + 7 Lotus cards
    assert "7ssd" not in [str(a) for a in token.state.legal_actions()]  # without the power: two cards at most


def test_a_lesson_stops_at_an_exercise_until_it_is_solved(study):
    ch = study.chapters[1]
    node = next(n for n, e in ch.exercises.items() if e.kind == "move")
    ex = study.explorer(1, at=node)
    assert ex.lesson["exercise"]["kind"] == "move"
    ex._on_msg(ex, {"type": "forward"}, [])
    assert "find the move yourself" in ex.error and ex.node.id == node
    ex._on_msg(ex, {"type": "act", "text": "+t"}, [])
    assert ex.lesson["feedback"]["result"] == "wrong" and ex.node.id == node
    answer = ch.exercises[node].answers[0]
    ex._on_msg(ex, {"type": "act", "text": answer}, [])
    after = ch.timeline.nodes[node].children[0].id
    assert ex.node.id == after
    if after in ch.exercises:  # the next exercise starts clean: the verdict stays with its own exercise
        assert "feedback" not in ex.lesson and not ex.lesson["exercise"]["solved"]
        ex._on_msg(ex, {"type": "back"}, [])
    fb = ex.lesson["feedback"]
    assert fb["result"] == "right", fb
    assert ch.exercises[node].explanation[:60] in fb["message"]


def test_a_question_is_answered_by_its_number(study):
    ex = study.explorer(2)
    assert ex.lesson["exercise"]["kind"] == "question"
    ex._on_msg(ex, {"type": "answer", "choice": 1}, [])
    assert ex.lesson["feedback"]["result"] == "wrong"
    ex._on_msg(ex, {"type": "answer", "choice": 0}, [])
    assert ex.lesson["feedback"]["result"] == "right"


def test_another_seat_does_not_get_blues_exercise(study):
    node = next(iter(study.chapters[1].exercises))
    assert "exercise" not in study.explorer(1, seat=0, at=node).lesson
    assert study.explorer(1, seat=1, at=node).lesson["exercise"]["kind"] == "move"

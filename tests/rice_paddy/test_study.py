"""The Rice Paddy study (explorer/studies/rice_paddy.py): its shape, its answers, and its claims checked
against the engine."""
from __future__ import annotations

import importlib
import json
import re

import pytest

from explorer.annotations import hidden_ids, mentions
from explorer.core import ledger
from explorer.games.rice_paddy.fields import OPEN, fields
from explorer.study import Study

module = importlib.import_module("explorer.studies.rice_paddy")


@pytest.fixture(scope="module")
def study():
    return module.build()


def test_it_has_chapters_exercises_questions_and_arrows(study):
    exercises = [e for c in study.chapters for e in c.exercises.values()]
    arrows = [n for c in study.chapters for n in c.timeline if n.marks.arrows]
    assert len(study.chapters) >= 3 and len(exercises) >= 3 and len(arrows) >= 3
    assert any(e.kind == "question" for e in exercises) and sum(e.kind == "move" for e in exercises) >= 3
    assert all(e.explanation and e.hint for e in exercises)


def test_every_answer_is_right_and_another_move_or_choice_is_wrong(study):
    for ch in study.chapters:
        for node_id, ex in ch.exercises.items():
            for answer in ex.answers:
                assert ch.check(node_id, answer).result == "right", (ch.title, answer)
            if ex.kind == "move":
                state = ch.timeline.nodes[node_id].state
                other = next(str(a) for a in state.legal_actions() if str(a) not in ex.answers)
                assert ch.check(node_id, other, bot=False).result == "wrong", (ch.title, other)
                # the lesson goes on along the main line once it is solved: the answer continues it, or (a chapter of
                # mistakes) the move played in the game does, and the exercise replies to it in words
                played = ch.timeline.nodes[node_id].children[0].action
                assert played in ex.answers or played in ex.replies, (ch.title, node_id, played)
            else:
                other = next(c for c in ex.choices if c not in ex.answers)
                assert ch.check(node_id, other).result == "wrong"


def test_save_and_load_give_the_same_study(study, tmp_path):
    path = study.save(tmp_path / "rice.study.json")
    assert Study.load(path).to_json() == study.to_json()


# (the build is deterministic: tests/test_studies_current.py rebuilds it and compares the committed files)


def test_every_rule_it_cites_is_in_the_ledger(study):
    text = json.dumps(study.to_json()["chapters"]) + study.intro
    cited = set(re.findall(r"rice_paddy\.[a-z0-9_.-]*[a-z0-9]", text))
    assert len(cited) > 15 and cited <= set(ledger("rice_paddy")), cited - set(ledger("rice_paddy"))


def test_nothing_shown_names_a_hidden_card(study):
    for ch in study.chapters:
        for node in ch.timeline:
            words = node.comment + " ".join(
                [e.prompt, e.hint, *e.choices] if (e := ch.exercises.get(node.id)) else [])
            for seat in (-1, 0, 1):
                assert not mentions(words, hidden_ids(node.state, seat)), (ch.title, node.id, seat)


def test_a_lesson_holds_at_an_exercise_until_it_is_solved(study):
    ex = study.explorer(0)
    ex._on_msg(ex, {"type": "forward"}, [])
    assert "find the move yourself" in ex.error and ex.node.ply == 0
    ex._on_msg(ex, {"type": "act", "text": "start ad"}, [])
    assert ex.lesson["feedback"]["result"] == "wrong" and ex.node.ply == 0
    ex._on_msg(ex, {"type": "act", "text": "start ab"}, [])
    assert ex.node.ply == 1 and "feedback" not in ex.lesson  # Blue's exercise now, with no verdict of Red's
    ex._on_msg(ex, {"type": "back"}, [])
    fb = ex.lesson["feedback"]  # Red's verdict stays with Red's exercise
    assert fb["result"] == "right" and "rice_paddy.build.edge" in fb["message"] and ex.node.ply == 0
    ex._on_msg(ex, {"type": "forward"}, [])
    ex._on_msg(ex, {"type": "forward"}, [])
    assert "find the move yourself" in ex.error and ex.node.ply == 1
    ex._on_msg(ex, {"type": "act", "text": "start ac"}, [])
    assert ex.lesson["feedback"]["result"] == "right" and ex.node.ply == 2 and ex.error == ""


def test_a_question_in_the_lesson(study):
    ch = study.chapters[2]
    ex = study.explorer(2)
    right = ch.exercises[0].choices.index(ch.exercises[0].answers[0])
    ex._on_msg(ex, {"type": "answer", "choice": (right + 1) % 4}, [])
    assert ex.lesson["feedback"]["result"] == "wrong"
    ex._on_msg(ex, {"type": "answer", "choice": right}, [])
    assert ex.lesson["feedback"]["result"] == "right"
    ex._on_msg(ex, {"type": "forward"}, [])
    assert ex.node.action == "move df de"


# -- what the study claims, checked against the engine

def test_wall_bd_seals_the_chain_and_gate_bd_does_not(study):
    tl = study.chapters[1].timeline
    node = next(n for n in tl if n.action == "wall bd")
    s = node.state
    cfg, p = s.cfg, s.players[0]
    sides = [k for k, (i, j) in enumerate(cfg.edges) if {cfg.labels[i], cfg.labels[j]} & {"a", "b"}]
    assert all(p.edges[k] != OPEN for k in sides)
    assert not [g for g, _ in s.gate_moves(0) if cfg.edge_name[g] == "ab"]
    for k in range(cfg.E):  # no piece anywhere lengthens the chain a, b
        for piece in (1, 2):
            if p.edges[k] == OPEN:
                assert len(fields(cfg, p.edges[:k] + (piece,) + p.edges[k + 1:]).chain) == 2
    good = next(n for n in tl if n.action == "gate bd").state
    gp = good.players[0]
    k = cfg.edge_index
    closed = gp.edges
    for e in ("cd", "de", "df"):
        closed = closed[:k[e]] + ((2 if e == "df" else 1),) + closed[k[e] + 1:]
    assert [cfg.labels[r] for r in fields(cfg, closed).chain] == ["a", "b", "d"]


def test_what_the_heuristic_bot_picks_in_the_study(study):
    """The comments quote the bot: it plans the five-hex paddy bcdef instead of closing b, and it avoids the
    drain trap, keeping all of Red's water as the exercise does."""
    from explorer.bots import make
    bad = study.chapters[1].timeline.nodes[12]
    assert bad.action == "wall bd"
    assert "picks gate eg: value 9.0, against 0.0 for gate bd and 27 other moves" in bad.comment
    s = bad.before
    bot = make("heuristic", seed=0)
    for _ in range(2):  # Red's two free pieces
        s = s.apply(bot.choose(s))
    cfg = s.cfg
    assert sorted(cfg.edge_name[k] for k, e in enumerate(s.players[0].edges) if e == 2) == ["ab", "eg"]
    assert s.players[0].edges[cfg.edge_index["eh"]] == 1  # a wall: eg, eh and fh will close bcdef and ghij
    drain = next(n for n in study.chapters[4].timeline if n.action == "drain b")
    assert "picks flow R f: value 1.0, against 0.0 for drain b" in drain.comment
    s = drain.before
    moves = []
    while s.step == "drain" and s.current_player == 0:
        moves.append(bot.choose(s))
        s = s.apply(moves[-1])
    assert moves == ["flow R f", "flow b h", "done"]
    red = s.view(None)["seats"][0]
    assert red["water"] == "adfh" and red["reservoir"] == 0


def test_the_first_round_goes_as_the_question_says(study):
    ch = study.chapters[1]
    assert ch.exercises[13].answers == ["a and b"]
    end = ch.timeline.mainline()[-1].state
    red, blue = end.view(None)["seats"]
    assert (red["water"], red["reservoir"]) == ("ab", 0) and blue["water"] == "ac"
    crops = {p["hexes"]: p["crop"] for p in red["paddies"]}
    assert crops == {"a": "grown", "b": "planted"}


def test_the_flood_sends_the_second_disc_through_blue_to_the_supply(study):
    tl = study.chapters[3].timeline
    before, after = tl.root.state, tl.mainline()[-1].state
    assert after.step == "achieve" and after.view(None)["seats"][0]["water"] == "ad"
    assert [p.reservoir for p in after.players] == [0, 0] and after.water == before.water + 1


def _round_end(state):
    while state.step == "drain":
        state = state.apply("done")
    return state


def test_draining_in_the_right_order_keeps_all_the_water(study):
    tl = study.chapters[4].timeline
    start = tl.root.state
    best = tl.mainline()[-1].state
    red = best.view(None)["seats"][0]
    assert red["water"] == "adfh" and red["rice"] == 3 and best.water == start.water
    assert {p["hexes"]: p["crop"] for p in red["paddies"]}["fh"] == "planted"
    for first in ("drain b", "flow b f"):
        worse = _round_end(next(n for n in tl.root.children if n.action == first).state)
        red = worse.view(None)["seats"][0]
        assert {p["hexes"]: p["crop"] for p in red["paddies"]}["fh"] is None and worse.water == start.water + 1
    alt = next(n for n in tl.root.children if n.action == "flow R h").children[0].state
    assert alt.view(None)["seats"][0]["water"] == "adfh"


def test_the_gate_question_has_one_legal_choice(study):
    ch = study.chapters[2]
    ex = ch.exercises[0]
    state = ch.timeline.root.state
    legal = {str(a) for a in state.legal_actions()}
    assert [c for c in ex.choices if c in legal] == ex.answers

"""Spirit cards usable at any time (rice_paddy.spirit.anytime): the rulebook's 精靈卡 section says some effects
work in the spirit step and some at any time. The sample cards have no such card, so these tests load a user's
components file in which some sample cards are any-time cards (helpers.anytime_components)."""
import pytest

import explorer
from explorer.games.rice_paddy.examples import finish, in_order
from explorer.games.rice_paddy.words import describe_changes

from .helpers import CHAIN, anytime_components, edit, field, game, set_played, until


def anytime_game(**opts):
    return game(2, seed=1, data=anytime_components(), **opts)


def at(step: str, rnd: int, played: dict, fn=None):
    """Seat 0 first in turn order at `step` of round `rnd`, with these played cards."""
    s = until(anytime_game(), step, rnd)

    def setup(js):
        set_played(js, played)
        in_order(js, 0, 1)
        field(js, 0, **CHAIN, water="ad", crop={})
        if fn:
            fn(js)
    return edit(s, setup)


def test_the_sample_cards_have_no_any_time_card():
    # rice_paddy.spirit.sample: the default game is unchanged; only a user's file brings any-time cards
    s = game(2, seed=1)
    assert not s.cfg.anytime and all(c.kind in ("active", "passive") for c in s.cfg.spirit.values())
    t = anytime_game()
    assert t.cfg.spirit[2].kind == "anytime" and t.cfg.spirit[20].once and 2 in t.cfg.anytime


def test_offered_on_the_owners_decisions_in_any_step_and_applied():
    # rice_paddy.spirit.anytime: card 2 (1 water) in the allocation step, seat 0 to act
    s = at("alloc", 2, {0: [2, 3], 1: [4, 6]})
    assert s.step == "alloc" and s.current_player == 0
    acts = s.legal_actions()
    assert "invoke 2" in acts and "done" in acts and not any(a.startswith("invoke 3") for a in acts)
    assert s.parse_action("invoke 2") == "invoke 2"
    before = s.to_json()
    t = s.apply("invoke 2")
    assert s.to_json() == before  # apply never mutates
    assert t.players[0].reservoir == s.players[0].reservoir + 1 and t.water == s.water - 1
    assert (t.step, t.queue, t.current_player) == (s.step, s.queue, 0)  # the decision at hand stays pending
    assert "invoke 2" not in t.legal_actions()  # once a round
    assert t.to_json()["seats"][0]["spent"] == [2]
    assert explorer.from_json(t.to_json()) == t
    with pytest.raises(explorer.IllegalAction) as err:
        t.apply("invoke 2")
    assert err.value.rule == "rice_paddy.spirit.anytime" and "this round" in str(err.value)

    # the other seat's decision: seat 0's card is not offered, and seat 1 cannot use it
    u = t.apply("done")
    assert u.current_player == 1 and not any(a.startswith("invoke") for a in u.legal_actions())
    before = u.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        u.apply("invoke 2")
    assert err.value.rule == "rice_paddy.spirit.anytime" and u.to_json() == before

    # ready again next round, in another step
    nxt = finish(until(u, "achieve", 3), "market")
    assert nxt.round == 3 and nxt.to_json()["seats"][0]["spent"] == []


@pytest.mark.parametrize("step", ["draft", "play", "spirits", "build", "rocks", "drain", "achieve", "market"])
def test_offered_in_each_decision_step(step):
    # rice_paddy.spirit.anytime: card 22 (3 rice) wherever seat 0 decides, the step's own actions kept
    def setup(js):
        if step == "spirits":
            js["queue"] = [[0, 3], [1, 4]]
        if step == "rocks":  # reached from the build step: nobody removes rocks in this game's round 2
            js["step"], js["queue"] = "rocks", [0, 1]
            js["seats"][0]["rock_left"] = 1
            field(js, 0, rocks="e")
        if step == "build":
            js["seats"][0]["build_left"] = 1
    rnd = 4 if step == "draft" else 2
    played = {0: [22, 3], 1: [4, 6]}  # one card a round played before this step (the loaders check it)
    if step == "draft":
        played = {0: [22, 3, 5], 1: [4, 6, 7]}
    elif step == "play":
        played = {0: [22], 1: [4]}
    s = at("build" if step == "rocks" else step, rnd, played, setup)
    assert s.step == step and s.current_player == 0
    acts = s.legal_actions()
    assert acts[-1] == "invoke 22" and len(acts) > 1
    t = s.apply("invoke 22")
    assert t.players[0].rice == s.players[0].rice + 3 and (t.step, t.current_player) == (step, 0)
    assert "invoke 22" not in t.legal_actions() and set(acts) - {"invoke 22"} <= set(t.legal_actions())


def test_targets_and_the_spirit_step_queue():
    # card 15 removes one rock: one action per rock; any-time cards are not queued in the spirit step
    s = at("spirits", 2, {0: [15, 3], 1: [4, 6]},
           lambda js: field(js, 0, rocks="eg") or js.update(queue=[[0, 3], [1, 4]]))
    fresh = s.scratch()
    fresh._enter("spirits")  # the queue a spirit step starts with: active cards only
    assert (0, 3) in fresh.queue and all(c != 15 for _seat, c in fresh.queue)
    assert {"invoke 15 e", "invoke 15 g"} <= set(s.legal_actions())
    t = s.apply("invoke 15 g")
    g = t.cfg.index["g"]
    assert not t.players[0].rocks >> g & 1 and t.rocks == s.rocks + 1 and t.players[0].removed == 1
    before = s.to_json()
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("invoke 15 a")  # no rock on a: not usable in full
    assert err.value.rule == "rice_paddy.spirit.optional" and s.to_json() == before
    with pytest.raises(explorer.IllegalAction) as err:
        s.apply("invoke 4")  # an active card
    assert err.value.rule == "rice_paddy.spirit.anytime"
    with pytest.raises(explorer.NotationError):
        s.apply("invoke x")


def test_a_once_any_time_card_is_used_once_a_game():
    # rice_paddy.spirit.once with rice_paddy.spirit.anytime: card 20 (magic water, once)
    s = at("alloc", 2, {0: [20, 3], 1: [4, 6]})
    assert "invoke 20 b" in s.legal_actions()
    t = s.apply("invoke 20 b")
    assert t.players[0].magic >> t.cfg.index["b"] & 1 and t.magic == s.magic - 1
    later = edit(until(t, "alloc", 3), lambda js: in_order(js, 0, 1))
    assert later.to_json()["seats"][0]["spent"] == [20]
    assert not any(a.startswith("invoke 20") for a in later.legal_actions())
    assert later.current_player == 0
    with pytest.raises(explorer.IllegalAction) as err:
        later.apply("invoke 20 c")
    assert err.value.rule == "rice_paddy.spirit.once"


def test_spent_any_time_cards_load_from_json():
    # a position may list an any-time card as used (this round); an active card without 'once' may not be
    s = at("alloc", 2, {0: [2, 3], 1: [4, 6]})
    js = s.to_json()
    js["seats"][0]["spent"] = [2]
    t = explorer.from_json(js)
    assert "invoke 2" not in t.legal_actions()
    js["seats"][0]["spent"] = [3]
    with pytest.raises(explorer.PositionError, match="spent"):
        explorer.from_json(js)


def test_explain_describe_view_and_words():
    s = at("alloc", 2, {0: [2, 3], 1: [4, 6]})
    assert "rice_paddy.spirit.anytime" in s.explain("invoke 2") and "once a round" in s.explain("invoke 2")
    assert "any-time cards ready [2]" in s.describe()
    card = next(c for c in s.view(1)["seats"][0]["played"] if c["n"] == 2)
    assert card["kind"] == "anytime"
    t = s.apply("invoke 2")
    assert "any-time cards ready" not in t.describe().split("\n")[3]
    said = describe_changes(s, t, 1)
    assert any("used any-time spirit card 2: water 1 [rice_paddy.spirit.anytime]" in x for x in said), said
    assert s.redact("invoke 2", 1) == "invoke 2"  # public
    nxt = until(t, "play", 3)
    assert any("card 2 is ready again" in x for x in describe_changes(t, nxt, 1))


def test_the_ledger_states_the_interpretation():
    rule = explorer.ledger("rice_paddy")["rice_paddy.spirit.anytime"]
    assert rule.kind == "interpretation" and rule.source == "002_bb030e3577f242d1.txt" and rule.section == "精靈卡"


def test_bots_play_any_time_cards():
    # the heuristic uses a card when it helps and never leaves the game stuck; MCTS handles the action too
    s = anytime_game(setup=False)
    bot = explorer.bots.make("heuristic", seed=1)
    used = 0
    while not s.is_terminal:
        a = bot.choose(s)
        used += a.startswith("invoke")
        s = s.apply(a)
    assert used > 0
    s = at("alloc", 2, {0: [22, 3], 1: [4, 6]})
    assert "invoke 22" in s.legal_actions()
    assert explorer.bots.make("heuristic", seed=1).choose(s) == "invoke 22"
    assert explorer.bots.make("mcts", seed=1, iterations=30).choose(s) in s.legal_actions()

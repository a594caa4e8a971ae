"""Rice Paddy simulation columns (heuristic.result_columns) and the farm records (study) behind the strategy notebook
(apply_recorded, play_recorded, crops, one_paddy_game, FarmerBot), checked against real seeded games."""
from __future__ import annotations

import pytest

import explorer
from explorer.bots import derive, make
from explorer.games.rice_paddy import heuristic as H
from explorer.games.rice_paddy import study as S
from explorer.games.rice_paddy.config import components
from explorer.games.rice_paddy.steps import ROWS
from explorer.simulate import simulate

SEED = 11
N = 3
BOTS = ["heuristic", "random", "random"]


@pytest.fixture(scope="module")
def played():
    """simulate()'s table and the same games replayed with play_recorded: (df, [(final, events), ...])."""
    df = simulate("rice_paddy", BOTS, n_games=N, seed=SEED, rotate=True, progress=False)
    games = [S.play_recorded(BOTS, derive(SEED, i), players=3, rotate=i) for i in range(N)]
    return df, games


def _regions(js_seat, comp):
    """Paddies of a seat from its JSON walls and gates, by a flood fill of our own: {rep label: labels}."""
    board = comp.board
    pos = {h.label: (h.q, h.r) for h in board.hexes}
    closed = {frozenset(e) for e in js_seat["field"]["walls"] + js_seat["field"]["gates"]}
    near = {a: [b for b in pos if b != a and frozenset(a + b) not in closed and
                (pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]) in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))]
            for a in pos}
    seen, out = set(), {}
    for h in [x.label for x in board.hexes]:
        if h in seen:
            continue
        todo, reg = [h], set()
        while todo:
            x = todo.pop()
            if x not in reg:
                reg.add(x)
                todo += near[x]
        seen |= reg
        if len(reg) <= comp.max_paddy_size:
            out[h] = "".join(sorted(reg, key=[x.label for x in board.hexes].index))
    return out


def test_replays_are_the_simulated_games(played):
    df, games = played
    assert len(df) == 3 * N
    for i, (final, _) in enumerate(games):
        rows = df[df.game_id == i].sort_values("seat")
        assert final.is_terminal
        assert list(rows.score) == final.scores()["seats"]
        assert rows.length.nunique() == 1 and rows.length.iloc[0] > 100
        assert list(rows.winner) == [s in final.winners() for s in range(3)]


def test_columns_agree_with_the_final_state(played):
    df, games = played
    comp = components(None)
    ach = {a.id: a.rice for a in comp.achievements}
    setup = {c.id: c for c in comp.setup_cards}
    for i, (final, _) in enumerate(games):
        js = final.to_json()
        rows = df[df.game_id == i].sort_values("seat").to_dict("records")
        assert H.result_columns(final) == [{k: r[k] for k in H.result_columns(final)[0]} for r in rows]
        for r, s in zip(rows, js["seats"]):
            assert r["rice"] == r["score"] == s["rice"]
            assert (r["workers"], r["livestock"]) == (s["workers"], s["livestock"])
            assert r["achievements"] == len(s["achievements"])
            assert r["achievement_rice"] == sum(ach[a] for a in s["achievements"])
            assert r["setup_rice"] == setup[s["setup_card"]].rice
            assert r["rocks_left"] == len(s["field"]["rocks"])
            assert r["rocks_left"] + r["rocks_removed"] == len(setup[s["setup_card"]].rocks)
            assert r["spirits"].split("+") == [str(c) for c in s["played"]] and len(s["played"]) == 6
            paddies = _regions(s, comp)
            assert r["paddies"] == len(paddies)
            assert r["paddy_hexes"] == sum(len(m) for m in paddies.values())
            assert r["largest_paddy"] == max(map(len, paddies.values()), default=0)
            assert 1 <= r["chain"] <= r["paddies"] or (r["chain"] == 0 and "a" not in paddies)
            crop = s["field"]["crop"]
            assert r["grown_left"] == sum(len(paddies[h]) for h, c in crop.items() if c == "grown")
            assert r["planted_left"] == sum(len(paddies[h]) for h, c in crop.items() if c == "planted")


def test_the_rice_ledger_adds_up():
    """Every seat's rice over a whole game: set-up card + harvests (from the records) + achievements + spirit
    rice - market purchases + the final spirit bonus (end_bonus) is its final rice, action by action."""
    comp = components(None)
    for seed in (3, 4):
        s = explorer.load("rice_paddy", players=3, seed=seed)
        bots = [make(b, seed=derive(seed, i)) for i, b in enumerate(["heuristic", "random", "heuristic"])]
        harvested = [0, 0, 0]
        rice = [p.rice for p in s.players]
        assert rice == [next(c.rice for c in comp.setup_cards if c.id == p.setup) for p in s.players]
        while not s.is_terminal:
            a = bots[s.current_player].choose(s)
            seat, item = s.current_player, s.queue[0]
            price = s.price(seat, a.split()[1]) if a.startswith("buy") else 0
            t, events = S.apply_recorded(s, a)
            expect = list(rice)
            for e in events:
                if e["step"] == "harvest":
                    expect[e["seat"]] += e["rice"]
                    harvested[e["seat"]] += e["rice"]
            word, *rest = a.split()
            if word == "ach":
                expect[seat] += comp.achievements[[x.id for x in comp.achievements].index(int(rest[0]))].rice
            elif word == "use" and s.cfg.spirit[int(rest[0])].effect == "rice":
                expect[item[0]] += s.cfg.spirit[int(rest[0])].amount
            elif word == "buy":
                expect[seat] -= price
            if t.is_terminal:
                for j, col in enumerate(H.result_columns(t)):
                    expect[j] += col["end_bonus"]
            assert [p.rice for p in t.players] == expect, (seed, a)
            rice, s = expect, t
        assert any(harvested), "no harvest in a whole game: the records would be vacuous"


def test_recorded_apply_is_apply(played):
    _, games = played
    final, events = games[0]
    s = explorer.load("rice_paddy", players=3, seed=derive(SEED, 0))
    bots = [make(b).spawn(derive(derive(SEED, 0), i)) for i, b in enumerate(BOTS)]
    n = 0
    while not s.is_terminal:
        a = bots[s.current_player].choose(s)
        t, _ = S.apply_recorded(s, a)
        plain = s.apply(a)
        assert t == plain and t.to_json() == plain.to_json() and t.legal_actions() == plain.legal_actions()
        assert type(t) is type(plain)
        s, n = t, n + 1
    assert s == final
    assert {e["step"] for e in events} >= {"plant", "harvest"}


def test_crops_follow_the_rules(played):
    _, games = played
    comp = components(None)
    table = (comp.harvest_table.normal, comp.harvest_table.final)
    n_harvests = 0
    for final, events in games:
        rows = S.crops(events)
        harvests = [e for e in events if e["step"] == "harvest" and e["harvested"]]
        assert len([r for r in rows if r["outcome"] == "harvested"]) == len(harvests)
        starts = [r for r in rows if r["by"] == "start"]
        assert sorted(r["seat"] for r in starts) == [0, 1, 2] and all(r["paddy"] == "a" for r in starts)
        for r in rows:
            assert r["workers"] == r["plant_workers"] + r["weed_workers"] + r["harvest_workers"]
            if r["by"] == "workers":
                assert r["plant_workers"] >= r["size"]  # rice_paddy.plant.cost
            else:
                assert r["plant_workers"] == 0
            if r["outcome"] == "harvested":
                n_harvests += 1
                assert 1 <= r["hexes"] <= r["size"] and r["harvest_workers"] >= 2 * r["hexes"]
                # a crop grows in the round after its planting; round 6's second grow and a spirit card's
                # planting (in the spirit step, before that round's grow) make it grow in the same round
                grows = r["planted_round"] if r["planted_round"] == 6 or r["by"] == "spirit" else r["planted_round"] + 1
                assert r["harvest_round"] >= grows + 1
                row = ROWS.index(r["row"])
                t = table[r["harvest_round"] == 7][row]
                assert r["table_rice"] == t[r["hexes"] + r["fertilised"] - 1]
                assert r["rice"] == r["table_rice"] + r["bonus"]
                assert r["unfertilised_rice"] == t[r["hexes"] - 1] + r["bonus"]
        for step, col, used in (("weeds", "weed_workers", "workers"), ("pests", "livestock", "livestock")):
            on_crops = sum(e[used] for e in events if e["step"] == step and e["crop"])
            assert sum(r[col] for r in rows) == on_crops
        left = {(r["seat"], r["paddy"]) for r in rows if r["outcome"] == "left"}
        on_field = {(i, "".join(final.cfg.labels[h] for h in final.F(i).members[rep]))
                    for i, p in enumerate(final.players) for rep in final.F(i).paddies if p.crop[rep]}
        assert left == on_field
    assert n_harvests > 0


@pytest.mark.parametrize("fertilise", [False, True])
def test_one_paddy_games(fertilise):
    rows, finals = [], []
    for i in range(3):
        sizes = tuple(1 + (i + j) % 5 for j in range(3))
        start = S.one_paddy_game(derive(5, i), sizes)
        start.check_invariants()
        assert explorer.from_json(start.to_json()) == start
        for seat, k in enumerate(sizes):
            F = start.F(seat)
            assert len(F.members[F.chain[0]]) == k and start.players[seat].crop == (0,) * 10
        final, events = S.play_recorded(S.FarmerBot(fertilise=fertilise), derive(5, i), state=start)
        again, _ = S.play_recorded(S.FarmerBot(fertilise=fertilise), derive(5, i), state=start)
        assert again == final  # seeded: the same game twice
        finals.append(final)
        rows += [dict(r, size_seat=sizes[r["seat"]]) for r in S.crops(events)]
        weeding = sum(e["workers"] for e in events if e["step"] == "weeds" and e["crop"])
        assert sum(r["weed_workers"] for r in S.crops(events)) == weeding
        assert not any(e["step"] == "plant" and e["by"] == "start" for e in events)
    harvested = [r for r in rows if r["outcome"] == "harvested"]
    assert harvested and all(r["size"] == r["size_seat"] for r in rows)
    assert {r["size"] for r in harvested} == {1, 2, 3, 4, 5}
    assert all(r["plant_workers"] in (0, r["size"]) for r in rows)  # the farmer staffs a paddy exactly
    fert = [r for r in harvested if r["fertilised"]]
    if fertilise:
        assert fert and all(r["rice"] > r["unfertilised_rice"] for r in fert)
    else:
        assert not fert and not any(r["livestock"] and r["fertilised"] for r in rows)
    for i, final in enumerate(finals):  # it never builds: every field is still the designed one
        for seat, s in enumerate(final.to_json()["seats"]):
            k = 1 + (i + seat) % 5
            assert sorted(s["field"]["walls"]) == sorted(S.ONE_PADDY[k][1]) and s["field"]["gates"] == []


def test_columns_of_a_hand_made_field():
    """The example field CHAIN: a -> d -> {f, h} joined by gates, b alone, {c, e, g, i, j} closed, no rocks."""
    from explorer.games.rice_paddy.examples import CHAIN, edit, field, until

    s = until(explorer.load("rice_paddy", players=2, seed=1), "alloc")
    s = edit(s, lambda js: (field(js, 0, **CHAIN, crop={"a": "grown", "f": "planted", "c": "grown"}),
                            field(js, 1, walls=["ab", "ac", "ad"], gates=[], rocks="", crop={}, water="")))
    mine, other = H.result_columns(s)
    assert (mine["paddies"], mine["paddy_hexes"], mine["largest_paddy"], mine["chain"]) == (5, 10, 5, 3)
    assert (mine["grown_left"], mine["planted_left"], mine["rocks_left"]) == (1 + 5, 2, 0)
    assert (other["paddies"], other["paddy_hexes"], other["largest_paddy"], other["chain"]) == (1, 1, 1, 1)
    assert (other["grown_left"], other["planted_left"]) == (0, 0)


def test_one_paddy_game_rejects_bad_sizes():
    with pytest.raises(ValueError):
        S.one_paddy_game(1, (0, 2, 3))
    with pytest.raises(ValueError):
        S.one_paddy_game(1, (6,))

"""The simulation columns of explorer/games/round_house/heuristic.py (`result_columns`), the record of the
specialists each seat took that they read (`taken`), and the heuristic's `prefer` parameter."""
from collections import Counter

import pytest

import explorer
from explorer import bots
from explorer.bots import derive
from explorer.games.round_house import heuristic
from explorer.simulate import simulate

from .helpers import at, edit, fresh, phase, play

BOTS = ["heuristic", "random", {"name": "heuristic", "prefer": "S12"}]


def _ids(text):
    return text.split("+") if text else []


@pytest.fixture(scope="module")
def games():
    """Three seeded games through explorer.simulate, with the final state each row was read from."""
    finals = []
    real = heuristic.result_columns
    mp = pytest.MonkeyPatch()
    mp.setattr(heuristic, "result_columns", lambda s: finals.append(s) or real(s))
    try:
        df = simulate("round_house", BOTS, n_games=3, seed=11, progress=False)
    finally:
        mp.undo()
    assert len(finals) == 3 and len(df) == 9
    return df, finals


def test_columns_are_read_from_the_final_state(games):
    df, finals = games
    for gid, s in enumerate(finals):
        assert s.is_terminal
        rows = df[df.game_id == gid].sort_values("seat")
        assert list(rows.score) == s.points
        for p, row in enumerate(rows.itertuples()):
            taken = _ids(row.specialists)
            assert taken == sorted(set(s.taken[p])) and row.specialist_takes == len(s.taken[p])
            assert _ids(row.specialists_held) == sorted(s.specs[p])
            assert _ids(row.specialist_amulets) == sorted(s.spec_amulets[p])
            # whatever a seat holds at the end, it took during the game
            assert set(s.specs[p]) | set(s.spec_amulets[p]) <= set(taken)
            assert row.specialist_takes >= len(taken) >= len(s.specs[p]) + len(s.spec_amulets[p])
            assert row.orders == len(s.done[p]) and row.order_points == s.final[str(p)]["orders"]
            assert row.amulets == len(s.amulets[p]) and row.amulet_points == s.final[str(p)]["amulets"]
            assert row.elders == sum(cell.count(p) for cell in s.elders)
            assert row.chairs == s.chairs_of(p) and row.money == s.money[p]
        # every card out of the supply and deck was taken by someone: held, used up or discarded
        took = {x for p in range(s.cfg.players) for x in s.taken[p]}
        assert set(s.spec_disc) <= took


def test_the_games_took_used_and_discarded_specialists(games):
    """The sample is not trivial: some specialist was taken and is no longer held (used or discarded)."""
    df, _ = games
    assert df.specialist_takes.sum() > 0
    gone = [set(_ids(r.specialists)) - set(_ids(r.specialists_held)) - set(_ids(r.specialist_amulets))
            for r in df.itertuples()]
    assert any(gone)


def test_every_take_is_recorded_in_order():
    """Play two games action by action: the record is exactly the `spec:` actions each seat played, a used
    one-shot card stays in it, and the simulate columns agree."""
    used_oneshot = False
    for seed in (3, 4):
        s = explorer.load("round_house", players=3, seed=seed)
        seated = [bots.make(b if isinstance(b, str) else b["name"], seed=derive(seed, i),
                            **({} if isinstance(b, str) else {"prefer": b["prefer"]})) for i, b in enumerate(BOTS)]
        takes = [[] for _ in range(3)]
        used = [[] for _ in range(3)]
        while not s.is_terminal:
            p = s.current_player
            a = str(seated[p].choose(s))
            if a.startswith("spec:"):
                takes[p].append(a[5:])
            if a.startswith("use:"):
                used[p].append(a[4:].split(".")[0])
            s = s.apply(a)
        assert s.taken == takes
        cols = heuristic.result_columns(s)
        for p in range(3):
            for sid in used[p]:
                assert sid in _ids(cols[p]["specialists"])
                if s.cfg.spec_kind[sid] == "oneshot" and sid not in s.specs[p]:
                    used_oneshot = True
                    assert sid not in _ids(cols[p]["specialists_held"])
    assert used_oneshot


def test_record_round_trips_and_defaults_to_the_held_cards():
    s = fresh(3, 2)
    for _ in range(400):
        if s.is_terminal:
            break
        s = s.apply(s.legal_actions()[len(s.legal_actions()) // 2])
        if any(s.taken):
            break
    assert any(s.taken)
    d = s.to_json()
    back = explorer.from_json(d)
    assert back == s and back.to_json() == d and back.taken == s.taken
    # a position written without the record (an older file, a hand-written one): the held cards count as taken
    for seat in d["seats"]:
        del seat["taken"]
    old = explorer.from_json(d)
    assert old.taken == [p + a for p, a in zip(s.specs, s.spec_amulets)]
    # an edited position that gives a seat a card keeps the record consistent
    t = edit(fresh(3), lambda d: (d["specialist_supply"].remove(d["specialist_supply"][0]),
                                  d["seats"][1]["specialists"].append(fresh(3).spec_up[0])))
    assert t.taken[1] == [fresh(3).spec_up[0]]
    with pytest.raises(explorer.PositionError, match="taken"):
        edit(fresh(3), lambda d: d["seats"][0].update(taken=["S99"]))


def _in_specialist_room():
    """Seat 0 stands in the specialist room o7 with one execution left."""
    def f(d):
        at(d, 0, "o7", "h")
        phase(d, 0, "room", room="o7", left=1)
    return edit(fresh(3), f)


def test_prefer_takes_and_keeps_the_card():
    s = play(_in_specialist_room(), "do")
    plain = dict(zip(s.legal_actions(), heuristic.rate(s.view(0), s.legal_actions())))
    want = min((a for a in plain if a.startswith("spec:")), key=plain.get)[5:]  # the card the plain bot likes least
    assert max(plain, key=plain.get) != f"spec:{want}"
    rated = heuristic.rate(s.view(0), s.legal_actions(), prefer=want)
    assert s.legal_actions()[rated.index(max(rated))] == f"spec:{want}"
    assert bots.make("heuristic", seed=1, prefer=want).choose(s) == f"spec:{want}"
    with pytest.raises(ValueError, match="prefer"):
        heuristic.rate(s.view(0), s.legal_actions(), prefer="Clerk")


def test_prefer_never_discards_the_card():
    """Over the limit of three the plain bot drops the card it values least; told to prefer that very card,
    the bot keeps it and drops another."""
    cards = ["S12", "S13", "S17"]

    def f(d):
        pool = [x for x in d["specialist_supply"] + d["specialist_deck"] if x not in cards]
        d["seats"][0]["specialists"] = list(cards)
        d["specialist_supply"], d["specialist_deck"] = pool[:3], pool[3:]
    s = edit(_in_specialist_room(), f)
    s = play(s, "do", f"spec:{s.spec_up[0]}")
    assert list(s.legal_actions()) == [f"disc:{x}" for x in cards]
    plain = bots.make("heuristic", seed=1).choose(s)
    kept = bots.make("heuristic", seed=1, prefer=plain[5:]).choose(s)
    assert kept != plain and kept.startswith("disc:")


def test_prefer_moves_towards_a_face_up_card():
    s = edit(fresh(3), lambda d: (at(d, 0, "o6", "h"), phase(d, 0, "move")))
    want = s.spec_up[0]
    kinds = {r["id"]: r["kind"] for r in s.view(0)["rooms"]}
    seek = [a for a in s.legal_actions() if kinds.get(a.split(">")[1]) in ("specialist", "meeting_hall")]
    assert seek  # o7, the specialist room, is one step on
    a = bots.make("heuristic", seed=1, prefer=want).choose(s)
    assert a in seek
    gone = [x for x in fresh(3).cfg.spec_ids if x not in s.spec_up][0]  # not face up: no pull
    rated = heuristic.rate(s.view(0), s.legal_actions(), prefer=gone)
    assert rated == heuristic.rate(s.view(0), s.legal_actions())


def test_seeking_bot_takes_its_card_more_often():
    """Same deals, the seeking seat against the plain heuristic in that seat: more games with the card, counted
    over four cards (two amulet-type, a passive and a one-shot), since one card comes face up in few games."""
    cards = ["S01", "S05", "S09", "S14"]
    plain = simulate("round_house", ["heuristic"] * 3, n_games=12, seed=5, progress=False)
    plain = plain[plain.seat == 0]
    seeking = without = 0
    for sid in cards:
        df = simulate("round_house", [{"name": "heuristic", "prefer": sid}, "heuristic", "heuristic"], n_games=12,
                      seed=5, progress=False)
        assert Counter(df.bot)[f"heuristic(prefer={sid})"] == 12
        seeking += sum(sid in _ids(x) for x in df[df.seat == 0].specialists)
        without += sum(sid in _ids(x) for x in plain.specialists)
    assert seeking >= 2 * without and seeking >= without + 4


def test_heuristic_rates_worship_by_what_it_earns():
    """The heuristic rates a move into the ancestral hall by the best worship it allows: a small temple's
    reward, or a family worship (round_house.worship.score: the best end of the line, plus 1 per invested
    worker, plus the rewards on the cell's sides, less what the workers were worth in their town). With every
    temple flipped and no worker in a town the rooms come first; with four workers in a town the hall does; it
    worships with the town that scores most and ends the line where it scores most."""
    def at_o9(workers, flipped=False):
        def f(d):
            at(d, 0, "o9", "h")
            phase(d, 0, "move")
            for town, n in workers.items():
                d["seats"][0]["resource"] -= n
                d["towns"][town][0] += n
            if flipped:
                d["temples"] = [True] * len(d["temples"])
        return edit(fresh(3), f)

    def rated(s):
        return dict(zip(s.legal_actions(), heuristic.rate(s.view(0), s.legal_actions())))

    temples = at_o9({})
    r = rated(temples)
    assert r["1>h"] == max(rated(play(temples, "1>h")).values())  # the hall: its best worship, here a temple
    none = rated(at_o9({}, flipped=True))
    assert none["1>h"] < none["1>o10"]
    four = at_o9({0: 1, 2: 4}, flipped=True)
    r = rated(four)
    assert heuristic.family_points(four.view(0), 0, 2) == 5 and r["1>h"] > max(v for a, v in r.items() if a != "1>h")
    assert bots.make("heuristic", seed=1).choose(four) == "1>h"
    w = play(four, "1>h")
    r = rated(w)
    assert max(r, key=r.get) == "fam:3" and r["fam:3"] > r["fam:1"] > r["fam:2"]
    # the line's end: a4 and c2 differ in one side, a good on a4 and 1 point on c2 (c2 scores 6 at once, a4 5);
    # the good is worth more than the point while the order in hand (O05, two teas) needs goods, less without it
    line = play(w, "fam:3")
    gains = {a: play(line, a).points[0] - line.points[0] for a in line.legal_actions()}
    assert line.hand[0] == ["O05"] and gains["line:c2"] == gains["line:a4"] + 1 == max(gains.values())
    r = rated(line)
    assert max(r, key=r.get) == "line:a4"
    empty = edit(line, lambda d: d["seats"][0].update(hand=[]))
    r = rated(empty)
    assert max(r, key=r.get) == "line:c2"

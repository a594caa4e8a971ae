"""Every pictured situation of the Round House rulebook (004_00010dfb1d46ff35.txt) as a named position.

The rulebook is a text-only review: its pictures are described, not printed, and the building (rooms, stairs,
worship grid, orders) is assumed (README "What is assumed", ``explorer.provenance("round_house")``). Each
example rebuilds what the text says the picture shows on that assumed building, with ``explorer.setup``.

    >>> import explorer
    >>> s = explorer.examples("round_house")["six reachable rooms"]
    >>> sorted(s.reachable(0))
    ['i3', 'i4', 'o2', 'o3', 'o4', 'o5']
"""
from __future__ import annotations

from ...core.setup import Example, setup

BOOK = "004_00010dfb1d46ff35.txt"
ASSUMED = ("Rebuilt on the assumed building (README 'What is assumed', explorer.provenance('round_house')): "
           "the rulebook's picture is not printed, so room ids and rewards are ours.")


def _at(partial: dict, players: int = 3):
    return lambda: setup("round_house", partial, players=players, seed=0)


SET_UP = {}
SIX_ROOMS = {"seats": {"red": {"leaders": ["o1"]}, "blue": {"leaders": ["i2"]}}}
WRONG_WAY = {"seats": {"red": {"leaders": ["i2"]}}}
STEPPING_STONE = {"seat": "purple", "seats": {"purple": {"leaders": ["o10"]}},
                  "towns": {"southeast": {"purple": 5}}, "elders": {"a2": ["purple"]}}
ORDER = {"phase": "orders", "seats": {"red": {"hand": ["O06"], "goods": {"fruit": 1, "celadon": 1, "tea": 1,
                                                                          "gold": 1}}}}
INVESTMENT = {"chairs": {"o1": ["red"]}}

EXAMPLES: dict[str, Example] = {
    "set-up": Example(
        f"{BOOK}, 遊戲設置: the pictures of the finished set-up, the central board with its supplies and the personal "
        "boards. Five players (so one leader each, money 3, 3, 4, 5, 6): room tiles drawn into the spaces of their "
        "size with two small ones back in the box, six amulets on the hall's reward spaces and one on the end "
        "space, three face-up amulets, pirate tiles, specialists and orders, one starting order each, 3 money on "
        "the counting house, the caravan in the south-east town; each seat has 1 gold and 5 workers in its "
        "resource area, 9 on its board and its leader in the ancestral hall. " + ASSUMED,
        _at(SET_UP, 5), (), "遊戲設置"),
    "six reachable rooms": Example(
        f"{BOOK}, 2.移動領袖 ('範例:紅色領袖這回可以選擇移動到這6個房間'): Red's leader in o1 can reach exactly six "
        "rooms with 1-3 clockwise steps: o2, o3, o4 along the outer ring, and i3, i4 by the o2 stair, passing "
        "over i2 where Blue's leader stands without counting it (and o5 by the i3 stair). " + ASSUMED,
        _at(SIX_ROOMS), (), "2.移動領袖"),
    "wrong-way move": Example(
        f"{BOOK}, 2.移動領袖 ('像這樣就違反規則了'): a leader may not go back or climb a stair against its arrow. "
        "Red's leader stands in i2, just below the o2 -> i2 stair: 1>o2 (up the stair against its arrow) and 1>i1 "
        "(backwards) are refused naming round_house.move.clockwise; it may go on to i3, i4, i5, o5 or o6. "
        + ASSUMED, _at(WRONG_WAY), (), "2.移動領袖"),
    "worship with an elder as a stepping stone": Example(
        f"{BOOK}, 祭拜行動 ('範例:紫色玩家這次有5個夥計...'): Purple (five players) has 5 workers in the south-east "
        "town and an elder of its own on a2 from an earlier worship. Its leader enters the ancestral hall "
        "(1>h), worships at the family temple with that town (fam:1), and the line passes over its own elder "
        "for free, so the fifth worker can end on b5, which 5 workers alone cannot reach (line:b5): b5 becomes "
        "an elder and scores its 9 points plus the sides' rewards. " + ASSUMED,
        _at(STEPPING_STONE, 5), ("1>h", "fam:1", "line:b5"), "祭拜行動"),
    "order example": Example(
        f"{BOOK}, 4.完成訂單 ('範例:要完成這張訂單要棄掉4色貨物各一個...'): Red holds the pictured order (here O06) "
        "and one good of each of the four kinds in its order phase; completing it (order:O06) pays the four "
        "goods, scores 8 points at the end of the game, and from the next turn gives one more good of the same "
        "kind whenever Red gains goods. " + ASSUMED,
        _at(ORDER), ("order:O06",), "4.完成訂單"),
    "investment doubles the room": Example(
        f"{BOOK}, 效果介紹, 3.投資 ('範例:紅色玩家走到這個房間,可以獲得2次獎勵...'): Red has invested a worker on a "
        "chair of the goods room o1 and moves a leader there (1>o1): the room acts twice, two goods other than "
        "gold and two caravan dispatches; the normal investment's worker comes back as the second execution "
        "starts. " + ASSUMED,
        _at(INVESTMENT), ("1>o1", "do", "good:f", "car:0", "do", "good:t", "car:0"), "效果介紹"),
}

__all__ = ["EXAMPLES"]

"""The write-your-own action language: parsing, canonical text, every rule boundary, hostile input."""
import pytest

import explorer
from explorer.games.lotus_chaos import language as L

from .helpers import cards_of, legal, pos


def table(alive=(0, 1, 2, 3, 4, 5), groups=()):
    """The default table: seat i is colour i (red blue yellow grey white black) with number i + 1."""
    return L.Table(alive, (1, 2, 3, 4, 5, 6), ("red", "blue", "yellow", "grey", "white", "black"), groups)


def verdict(text, **kw):
    return L.check(L.parse(text), table(**kw))


@pytest.mark.parametrize("text", [
    "even color wheel tokens move 2 N", "all tokens move 1 towards centre", "odd tokens move 1 away from centre",
    "grayscale tokens move 1 away from centre except centre", "low tokens move 3 towards token 6",
    "[tall hats: 2 5] tokens move 1 towards white", "all tokens move path N NE SE", "high tokens jump 2 SW",
    "odd tokens jump to centre", "even tokens jump to NE corner", "all tokens jump to 1,-2",
    "odd tokens move 1 N then even tokens move 1 S", "blind swap 1 with a color wheel player",
    "take swap 2 with each odd grayscale player", "give swap hands with player on left", "blind swap 1 with deck",
    "blind swap 1 blank with a player", "all players pass hands right", "take swap 1 printed with player on right",
])
def test_canonical_text_round_trips(text):
    prog = L.parse(text)
    assert L.parse(L.render(prog)) == prog
    assert L.render(L.parse(L.render(prog))) == L.render(prog)


def test_spellings_and_filler_words_are_tolerated():
    assert L.parse("Grayscale tokens move 1 hex away from the center except for tokens currently in the center hex") \
        == L.parse("grayscale tokens move 1 away from centre except centre")
    assert L.parse("Odd Colour Wheel tokens move 2 hexes towards the NE") == L.parse("odd color wheel tokens move 2 NE")
    assert L.parse("Greyscale tokens move 1 space north") == L.parse("grayscale tokens move 1 n")
    assert L.parse("Blindly swap an Action card with a Color Wheel player") == \
        L.parse("blind swap 1 with a color wheel player")


def test_rulebook_example_all_odd_color_wheel_players_and_gray():
    """lotus_chaos.write.move-combination: the rulebook's own example sentence, word for word; 'gray' anywhere
    (also ending the card, or before a full stop) is the grey token"""
    example = "All Odd Color Wheel players move 1 space north"
    assert L.parse(example) == L.parse("odd color wheel tokens move 1 N")
    assert L.parse(example + ".") == L.parse(example)
    assert verdict(example) is None  # Red 1 and Yellow 3
    assert L.parse("all tokens move 1 towards gray") == L.parse("all tokens move 1 towards grey") \
        == (("move", None, ("colour", "grey", 1), False),)
    assert L.parse("All tokens move 2 towards Gray.") == L.parse("all tokens move 2 towards grey")
    assert L.parse("all grayscale players move 1 towards gray token") == \
        (("move", ("grayscale",), ("colour", "grey", 1), False),)
    assert L.parse("all players pass hands left") == (("pass", "left"),)  # 'all players' still passes


@pytest.mark.parametrize("text", [
    "", "   ", "fly to the moon", "odd tokens move", "odd tokens move 999 N", "move 1 N", "import os",
    "__import__('os').system('ls')", "odd tokens move 1 N then", "[unclosed tokens move 1 N",
    "[x: a b] tokens move 1 N", "swap", "blind swap with deck", "odd " * 60 + "tokens move 1 N",
    "(" * 200, "[" * 100 + "]" * 100, "x" * 100_000, "odd tokens move 1 N " + "then odd tokens move 1 N " * 20,
    "odd tokens move 1 N\u200b", "odd tokens move 1 \u2192", "\u00e9ven tokens move 1 N", "odd tokens move \u00b2 N",
    "[h\u00e4ts: 1 2] tokens move 1 N", "odd tokens wobble 1 N", "odd tokens move 1 N quickly", "\x00",
    "((((odd)))) tokens move 1 N", "odd or or even tokens move 1 N", "odd or even or low tokens move 1 N",
])
def test_garbage_and_hostile_text_is_a_clear_notation_error(text):
    with pytest.raises(explorer.NotationError) as err:
        L.parse(text)
    msg = str(err.value)
    assert len(msg) < 400 and ("card" in msg or "group" in msg)


def test_length_cap_comes_before_parsing(monkeypatch):
    """10 000 characters never reach the parser; the grammar is LALR(1) (one pass, no backtracking) and has no
    nesting rule, so no text within the cap can make it slow"""
    def boom():
        raise AssertionError("the parser was reached")
    monkeypatch.setattr(L, "_parser", boom)
    for text in ("odd " * 2500, "(" * 10_000, "\u00e9" * 10_000):
        with pytest.raises(explorer.NotationError, match="at most 240"):
            L.parse(text)
    with pytest.raises(explorer.NotationError, match="too long"):
        explorer.games.lotus_chaos.action('write "' + "odd " * 2500 + '"')
    monkeypatch.undo()
    assert L._parser().options.parser == "lalr"


def test_non_string_text():
    with pytest.raises(explorer.NotationError):
        L.parse(None)


# ---- movement boundaries (each with an accepted and a rejected card) ------------------------------------

def test_move_boundary_1_sole_member():
    """lotus_chaos.write.move-sole"""
    assert verdict("odd tokens move 1 N") is None
    rule, msg = verdict("odd tokens move 1 N", alive=(0, 1, 3, 5))  # only Red 1 is left of the Odd players
    assert rule == "lotus_chaos.write.move-sole" and "Red 1" in msg
    rule, msg = verdict("[tall: 4] tokens move 1 N")
    assert rule == "lotus_chaos.write.move-sole" and "sole member" in msg


def test_move_boundary_2_identifiable_property():
    """lotus_chaos.write.move-identifiable"""
    assert verdict("[red shirts: 2 4] tokens move 1 N") is None
    assert verdict("[The Steve Group: 2 4] tokens move 1 N") is None  # the rulebook's good example
    # the rulebook's bad examples, and other lists of players
    for text in ("[Dave and Jim: 1 2] tokens move 1 N", "[Sue, Bill and Mary: 1 2 3] tokens move 1 N",
                 "[seats 1 and 2: 1 2] tokens move 1 N", "[dave & jim: 1 2] tokens move 1 N",
                 "[dave, jim: 1 2] tokens move 1 N", "[dave or jim: 1 2] tokens move 1 N"):
        rule, msg = verdict(text)
        assert rule == "lotus_chaos.write.move-identifiable" and "lists players" in msg, text
    assert L.parse("[Sue, Bill and Mary: 1, 2, 3] tokens move 1 N")[0][1][0] == \
        ("custom", "sue, bill and mary", (1, 2, 3))  # the name is kept as written, commas and filler words too
    assert L.parse("[the friends of the hat: 1 2] tokens move 1 N")[0][1][0][1] == "the friends of the hat"
    # one card may not create one name twice with different members; it may refer to its own new group
    rule, msg = verdict("[a: 1 2] tokens move 1 S then [a: 3 4] tokens move 1 N")
    assert rule == "lotus_chaos.write.move-identifiable" and "twice" in msg
    assert verdict("[hats: 1 2] tokens move 1 S then [hats: 1 2] tokens move 1 N") is None
    assert verdict("[hats: 1 2] tokens move 1 S then [hats] tokens move 1 N then odd tokens move 1 S") is None
    assert verdict("[hats: 1 2] tokens move 1 S then [hats] tokens move 1 N then odd tokens move 1 S then "
                   "even tokens move 1 N")[0] == "lotus_chaos.write.move-combination"  # hats, odd, even
    for text in ("[red and blue: 1 2] tokens move 1 N", "[1 and 3: 1 3] tokens move 1 N",
                 "[odd: 1 3] tokens move 1 N"):
        assert verdict(text)[0] == "lotus_chaos.write.move-identifiable", text
    assert verdict("[hats: 2 9] tokens move 1 N")[0] == "lotus_chaos.write.group-members"  # nobody holds 9
    assert verdict("[nobody knows] tokens move 1 N")[0] == "lotus_chaos.write.move-identifiable"
    assert verdict("[hats: 2 4] tokens move 1 N", groups={"hats": (1, 5)})[0] == "lotus_chaos.write.move-identifiable"
    assert verdict("[hats] tokens move 1 N", groups={"hats": (1, 3)}) is None


def test_move_boundary_3_two_groups_no_isolation():
    """lotus_chaos.write.move-combination: the rulebook's example 'All Odd Color Wheel players move 1 space north'"""
    assert verdict("All Odd Color Wheel players move 1 space north") is None  # Red 1 and Yellow 3
    rule, msg = verdict("odd grayscale tokens move 1 N")
    assert rule == "lotus_chaos.write.move-combination"
    assert msg == "isolates a single player: only White 5 is Odd and Grayscale"
    assert verdict("odd even tokens move 1 N")[0] == "lotus_chaos.write.move-combination"
    rule, msg = verdict("odd low high tokens move 1 N")
    assert rule == "lotus_chaos.write.move-combination" and "3 groups" in msg
    assert verdict("odd tokens move 1 N then low tokens move 1 S") is None
    assert verdict("odd tokens move 1 N then low tokens move 1 S then high tokens move 1 N")[0] == \
        "lotus_chaos.write.move-combination"


def test_move_boundary_4_two_players_left():
    """lotus_chaos.write.move-two-left"""
    assert verdict("all tokens move 1 N", alive=(0, 3)) is None
    assert verdict("odd tokens move 1 N", alive=(0, 3))[0] == "lotus_chaos.write.move-two-left"
    assert verdict("low tokens move 1 N", alive=(0, 1)) is None  # both remaining players are Low


def test_move_boundary_5_tokens_stay_on_the_board():
    """lotus_chaos.write.move-on-board"""
    assert verdict("all tokens move 9 N") is None  # clamped at the edge
    for text in ("odd tokens move 2 off the board", "remove even tokens", "all tokens jump to 7,0",
                 "all tokens move 1 towards token 9"):
        assert verdict(text)[0] == "lotus_chaos.write.move-on-board", text
    assert verdict("all tokens move 1 towards token 2", alive=(0, 2, 3))[0] == "lotus_chaos.write.move-on-board"
    assert verdict("all tokens move 1 towards blue", alive=(0, 2, 3))[0] == "lotus_chaos.write.move-on-board"


def test_movement_moves_one_hex_or_more():
    """lotus_chaos.write.move-count: a move of no hex is refused, like a swap of no card"""
    assert verdict("odd tokens move 1 N") is None and verdict("odd tokens jump 1 N") is None
    for text in ("odd tokens move 0 N", "odd tokens jump 0 N", "all tokens move 0 towards centre",
                 "all tokens move 0 away from centre", "all tokens move 0 towards token 2",
                 "odd tokens move 1 N then even tokens move 0 S"):
        rule, msg = verdict(text)
        assert rule == "lotus_chaos.write.move-count" and "no hex" in msg, text
    assert verdict("blind swap 0 with player on left")[0] == "lotus_chaos.write.swap-count"


def test_movement_or_swap_not_both():
    """lotus_chaos.write.kind"""
    assert verdict("odd tokens move 1 N then blind swap 1 with deck")[0] == "lotus_chaos.write.kind"


# ---- swap boundaries ------------------------------------------------------------------------------------

def test_swap_boundary_1_existing_groups_and_generalisations():
    """lotus_chaos.write.swap-groups"""
    assert verdict("blind swap 1 with player on left") is None
    assert verdict("blind swap 1 with a odd grayscale player") is None  # singling out by groups is fine in swaps
    for text in ("blind swap 1 with player 3", "blind swap 1 with red player", "blind swap 1 with a [hats: 1 2] player",
                 "blind swap 1 with a [hats] player", "blind swap 1 with a odd low high player"):
        assert verdict(text)[0] == "lotus_chaos.write.swap-groups", text
    assert verdict("blind swap 1 with a [hats] player", groups={"hats": (1, 2)}) is None
    # at most two groups on the whole card, as for movement
    assert verdict("blind swap 1 with a odd player then blind swap 1 with a low player") is None
    assert verdict("blind swap 1 with a odd player then blind swap 1 with a odd low player") is None
    rule, msg = verdict("blind swap 1 with a odd player then blind swap 1 with a low player then "
                        "blind swap 1 with a high player")
    assert rule == "lotus_chaos.write.swap-groups" and "3 groups" in msg
    assert verdict("blind swap 1 with a [hats] player then blind swap 1 with each odd low player",
                   groups={"hats": (1, 2)})[0] == "lotus_chaos.write.swap-groups"


def test_swap_boundaries_2_3_4_modes():
    """lotus_chaos.write.swap-blind, lotus_chaos.write.swap-take, lotus_chaos.write.swap-give"""
    for mode in ("blind", "take", "give"):
        prog = L.parse(f"{mode} swap 1 with player on left")
        assert prog[0][1] == (mode,) and L.check(prog, table()) is None


def test_a_swap_naming_no_mode_is_blind():
    """lotus_chaos.write.swap-default-blind: and its canonical text says so"""
    prog = L.parse("swap 1 with player on left")
    assert prog == L.parse("blind swap 1 with player on left") and prog[0][1] == ("blind",)
    assert L.render(prog) == "blind swap 1 with player on left"
    assert verdict("swap 2 with deck") is None
    rule, msg = verdict("take swap 1 with player on left then swap 1 with player on right")
    assert rule == "lotus_chaos.write.swap-uniform" and "blind and take" in msg
    s = pos(phase="draw", revealed=["3", "4"])
    t = s.apply('write "swap 1 with player on left"')
    assert t.notice is None and t.to_json()["blanks"]["b1"] == "blind swap 1 with player on left"


def test_swap_boundary_5_count():
    """lotus_chaos.write.swap-count"""
    assert verdict("blind swap hands with player on left") is None
    assert verdict("blind swap 0 with player on left")[0] == "lotus_chaos.write.swap-count"


def test_swap_boundary_6_one_for_one():
    """lotus_chaos.write.swap-ratio"""
    assert verdict("blind swap 2 for 2 with player on left") is None
    rule, msg = verdict("blind swap 2 for 1 with player on left")
    assert rule == "lotus_chaos.write.swap-ratio" and "2 for 1" in msg


def test_swap_boundary_7_card_limit():
    """lotus_chaos.write.swap-limit"""
    assert verdict("blind swap 5 with player on left") is None
    assert verdict("blind swap 6 with player on left")[0] == "lotus_chaos.write.swap-limit"


def test_swap_boundary_8_blank_text_stays():
    """lotus_chaos.write.swap-blank-text"""
    assert verdict("blind swap 1 blank with a player") is None
    assert verdict("blind swap 1 blank with a player erasing blank cards")[0] == "lotus_chaos.write.swap-blank-text"


def test_swap_boundary_9_uniform_mode():
    """lotus_chaos.write.swap-uniform"""
    rule, msg = verdict("blind take swap 1 with player on left")
    assert rule == "lotus_chaos.write.swap-uniform" and "blind and take" in msg
    # across the whole card: one swap choosing and another blind is refused too
    rule, msg = verdict("take swap 1 with player on left then blind swap 1 with player on right")
    assert rule == "lotus_chaos.write.swap-uniform" and "blind and take" in msg
    assert verdict("give swap 1 with player on left then take swap 1 with player on right")[0] == \
        "lotus_chaos.write.swap-uniform"
    assert verdict("take swap 1 with player on left then take swap 1 with player on right") is None


def test_swap_boundary_10_deck_is_blind():
    """lotus_chaos.write.swap-deck-blind"""
    assert verdict("blind swap 2 with deck") is None
    assert verdict("take swap 1 with deck")[0] == "lotus_chaos.write.swap-deck-blind"


def test_swap_boundary_11_no_blank_with_the_deck():
    """lotus_chaos.write.swap-deck-blank"""
    assert verdict("blind swap 1 printed with deck") is None
    assert verdict("blind swap 1 blank with deck")[0] == "lotus_chaos.write.swap-deck-blank"


def test_swap_boundary_12_blank_for_printed_among_players():
    """lotus_chaos.write.swap-blank-trade: a blank card traded for a printed one, and back"""
    s = pos(cards={0: ["b1", 12], 1: [30]}, blanks={"b1": "give swap 1 with player on left"},
            objectives=None)
    t = s.apply("play b1")                       # Red 1 chooses what to give: its... only b1 and 12
    assert t.current_player == 0 and legal(t) == {"give b1", "give 12"}
    t = t.apply("give b1")                       # Blue 2 has only card 30: forced
    assert sorted(cards_of(t, 0)) == ["12", "30"] and cards_of(t, 1) == ["b1"]
    assert t.to_json()["blanks"] == {"b1": "give swap 1 with player on left"}  # text kept (boundary 8)


# ---- writing a card in play ---------------------------------------------------------------------------------

def test_write_accepted_card_goes_to_the_play_area():
    """lotus_chaos.draw.blank, lotus_chaos.write.accept, lotus_chaos.groups.created"""
    s = pos(phase="draw", revealed=["3", "4"])
    t = s.apply('write "[tall hats: 2 5] tokens move 1 towards centre"')
    assert cards_of(t, 0) == ["b1"]
    assert t.to_json()["blanks"]["b1"] == "[tall hats: 2 5] tokens move 1 towards centre"
    assert t.to_json()["discard"] == ["3", "4"] and t.to_json()["revealed"] == []
    assert t.to_json()["groups"] == [{"name": "tall hats", "members": [1, 4]}]
    assert t.notice is None and t.current_player == 0 and "play b1" in legal(t)
    # the new group can now be used by a swap
    u = explorer.from_json({**t.to_json(), "turn": {**t.to_json()["turn"], "phase": "draw"}, "revealed": ["5", "6"],
                            "discard": ["3", "4"], "deck": None})
    v = u.apply('write "blind swap 1 with a [tall hats] player"')
    assert v.notice is None and "b2" in cards_of(v, 0)


def test_write_rejected_card_returns_the_blank_and_gives_no_card():
    """lotus_chaos.write.reject"""
    s = pos(phase="draw", revealed=["3", "4"])
    explanation = s.explain('write "odd grayscale tokens move 1 N"')
    assert "only White 5 is Odd and Grayscale" in explanation and "lotus_chaos.write.move-combination" in explanation
    t = s.apply('write "odd grayscale tokens move 1 N"')
    assert cards_of(t, 0) == [] and t.to_json()["blanks"] == {}
    assert t.to_json()["discard"] == ["3", "4"]  # both revealed cards are discarded anyway
    assert t.notice == ("lotus_chaos.write.move-combination",
                        "isolates a single player: only White 5 is Odd and Grayscale")
    assert t.phase == 2 and "Rejected card" in t.describe()
    assert t.view(3)["notice"]["rule"] == "lotus_chaos.write.move-combination"


def test_write_garbage_leaves_the_state_untouched():
    s = pos(phase="draw", revealed=["3", "4"])
    before = s.to_json()
    for text in ('write "fly away"', "write odd tokens move 1 N", 'write "' + "x" * 500 + '"', 'write ""'):
        with pytest.raises(explorer.NotationError):
            s.apply(text)
    assert s.to_json() == before


def test_write_free_text_is_legal_but_not_listed_and_menu_round_trips():
    s = pos(phase="draw", revealed=["3", "4"])
    writes = [a for a in s.legal_actions() if str(a).startswith("write")]
    assert len(writes) == len(s.cfg.menu) >= 5
    for a in writes:
        assert s.parse_action(str(a)) == a
    a = s.parse_action('write "Odd Color Wheel tokens move 2 hexes north"')
    assert str(a) == 'write "odd color wheel tokens move 2 N"'
    assert s.parse_action(str(a)) == a


def test_no_blank_left():
    """lotus_chaos.draw.blank: with every blank card in play, writing is not possible"""
    blanks = {f"b{i}": "all tokens move 1 N" for i in range(1, 31)}
    cards = {seat: [f"b{5 * seat + k}" for k in range(1, 6)] for seat in range(6)}
    s = pos(phase="draw", revealed=["3", "4"], cards=cards, blanks=blanks)
    assert not any(str(a).startswith("write") for a in s.legal_actions())
    from .helpers import assert_illegal
    assert_illegal(s, 'write "all tokens move 1 S"', "lotus_chaos.draw.blank")


def test_house_rules_let_the_table_overrule_social_boundaries_only():
    """lotus_chaos.write.house-rules"""
    s = pos(phase="draw", revealed=["3", "4"], options={"house_rules": True})
    t = s.apply('write "odd grayscale tokens move 1 N"')
    assert t.notice is None and cards_of(t, 0) == ["b1"]
    t = s.apply('write "blind swap 1 with player 4"')
    assert t.notice is None
    t = s.apply('write "remove odd tokens"')  # the engine could not carry this out
    assert t.notice[0] == "lotus_chaos.write.move-on-board" and cards_of(t, 0) == []
    # an overrulable problem in one clause does not hide one the engine cannot carry out in another
    t = s.apply('write "blind swap 1 with player 3 then blind swap 2 for 1 with deck"')
    assert t.notice[0] == "lotus_chaos.write.swap-ratio" and cards_of(t, 0) == []


def test_groups_combine_as_both_or_either():
    """lotus_chaos.groups.union: 'odd color wheel' is in both groups (the rulebook's way), 'odd or grayscale' in
    either (the engine's extension); each names two groups for boundary 3, and the union works for swaps too"""
    assert L.render(L.parse("Odd or Grayscale tokens move 1 hex north")) == "odd or grayscale tokens move 1 N"
    t = table()
    assert t.select(L.parse("odd color wheel tokens move 1 N")[0][1]) == (0, 2)
    assert t.select(L.parse("odd or grayscale tokens move 1 N")[0][1]) == (0, 2, 3, 4, 5)
    assert verdict("odd or grayscale tokens move 1 N") is None
    rule, msg = verdict("odd or grayscale low tokens move 1 N")
    assert rule == "lotus_chaos.write.move-combination" and "3 groups" in msg
    assert verdict("[hats: 4] or odd tokens move 1 N")[0] == "lotus_chaos.write.move-sole"  # each group needs two
    assert verdict("blind swap 1 with a low or high player") is None
    assert verdict("blind swap 1 with a low or high odd player")[0] == "lotus_chaos.write.swap-groups"
    s = pos(cards={0: ["b1"]}, blanks={"b1": "odd or grayscale tokens move 1 S"}, hexes={0: [0, -1]})
    t2 = s.apply("play b1")
    moved = {i for i in range(6) if t2.pos[i] != s.pos[i]}
    assert moved == {0, 5} and t2.pos[1] == s.pos[1]  # Yellow 3, Grey 4, White 5 sit on the south edge already
    assert t2.pos[0] == (0, 0)


def test_written_swaps_are_made_by_the_cards_holder_or_by_named_groups():
    """lotus_chaos.write.swap-players: a swap names the holder's partners, or (lotus_chaos.swap.others) the
    existing groups whose members each make it; passing within a group and a swap between two players named
    outright are outside the language (a clear error)"""
    for text in ("odd players pass hands left", "blind swap 1 between grey player and white player",
                 "each player 3 swap 1 with player on left", "each swap 1 with player on left"):
        with pytest.raises(explorer.NotationError):
            L.parse(text)
    assert L.parse("all players pass hands left") == (("pass", "left"),)
    assert L.parse("odd players swap 1 with player on left") == \
        (("each", ("odd",), ("swap", ("blind",), 1, None, ("left",), False)),)

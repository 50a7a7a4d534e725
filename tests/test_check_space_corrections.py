"""Personal Space: four verdicts corrected ("Personal Space at the table", part 4).

For each rule, a sheet that keeps it and one that breaks it, with the exact message:
a Trade right after a Neighbor action is with that neighbor; the pockets count different
items (several of one item share a pocket); a Neighbor action that comes late after an
emerge is one mistake (`neighbor.next`); on the tower the Internet group is one square.
"""

from __future__ import annotations

from pathlib import Path

from sheetsmith.check import check_text

# typed without a planet: the corrections hold on such sheets too
TUESDAY = (Path(__file__).resolve().parent / "sheets" / "space-ann-unmapped.toml").read_text()


def edit(*pairs: tuple[str, str], text: str = TUESDAY) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def violations(text: str):
    return check_text(text.encode(), "day.toml").players[0].violations


def found(text: str) -> list[tuple[str, str, str]]:
    return [(v.rule, v.where, v.message) for v in violations(text)]


def valid(text: str) -> bool:
    return check_text(text.encode(), "day.toml").valid


# -- a Trade right after a Neighbor action is with that neighbor --------------------------

TRADE = 'code = "TR"\nneighbor = "marga"'


def test_a_trade_with_the_neighbor_just_met_or_unnamed_is_kept():
    assert valid(TUESDAY)  # log 5 meets Marga, log 6 trades with her
    assert valid(edit((TRADE, 'code = "TR"')))  # the neighbor left unnamed: the one just met


def test_a_trade_with_another_neighbor_than_the_one_just_met():
    assert found(edit((TRADE, 'code = "TR"\nneighbor = "bo"'))) == [
        (
            "trade.after-neighbor",
            "log 6 (TR)",
            "a Trade right after a Neighbor action is with that neighbor: "
            "log 5 (N) is with Marga, not Bo",
        )
    ]


def repeated(second: str) -> str:
    """Marga emerges at the end of log 1, log 2 meets her, logs 3 and 4 trade (the base
    trade repeated)."""
    trackers = "speed = 3, energy = 3, mood = 4, money = 0"
    return "\n".join(
        [
            'game = "personal-space"',
            'day = "sunday"',
            f"start = {{ {trackers} }}",
            f"end = {{ {trackers} }}",
            'grid = """',
            "M1 M1 N2 TR3 TR4 .",
            *[". . . . . ."] * 5,
            '"""',
            "[[log]]",
            'code = "M"',
            'path = "R"',
            'emerge = { neighbor = "marga", space = [0, 1], roll = 6 }',
            "[[log]]",
            'code = "N"',
            'neighbor = "marga"',
            "[[log]]",
            'code = "TR"',
            'neighbor = "marga"',
            "[[log]]",
            'code = "TR"',
            f'neighbor = "{second}"',
        ]
    )


def test_a_repeated_trade_stays_with_the_same_neighbor():
    assert valid(repeated("marga")), found(repeated("marga"))
    assert found(repeated("pip")) == [
        (
            "trade.after-neighbor",
            "log 4 (TR)",
            "a Trade right after a Neighbor action is with that neighbor: "
            "log 2 (N) is with Marga, not Pip",
        )
    ]


# -- several of one item share one pocket -------------------------------------------------

POCKETS = 'pockets = ["fruit", "coral"]'


def test_several_of_one_item_share_a_pocket():
    assert valid(edit((POCKETS, 'pockets = ["fish", "fish", "coral", "wood"]')))
    # the same item in another case or as its plural
    assert valid(edit((POCKETS, 'pockets = ["worm", "Worms", "coral", "wood", "wood"]')))


def test_more_different_items_than_pockets():
    assert found(edit((POCKETS, 'pockets = ["fish", "fish", "coral", "wood", "rock"]'))) == [
        (
            "pockets.limit",
            "pockets",
            "4 different items (fish x2, coral, wood, rock), but there are 3 pockets, "
            "one item in each (as many of it as you like)",
        )
    ]


# -- a Neighbor action that comes late after an emerge is one mistake ---------------------

NEIGHBOR = '[[log]]   # 5\ncode = "N"\nneighbor = "marga"\nanswer = "friends"'
TRADED = '[[log]]   # 6: her base trade, 2 fruit for 1 coral\ncode = "TR"\nneighbor = "marga"'


def late(neighbor: str) -> str:
    """Marga emerges at log 4, a Hobby comes next, the Neighbor action at log 6."""
    return edit(
        (NEIGHBOR, '[[log]]   # 5\ncode = "H"'),
        (TRADED, f'[[log]]   # 6\ncode = "N"\nneighbor = "{neighbor}"\nanswer = "friends"'),
        ("N5 ", "H5 "),
        ("TR6 ", "N6  "),
    )


def test_a_neighbor_met_next_after_emerging_is_kept():
    assert valid(TUESDAY)
    assert valid(edit((TRADED, '[[log]]   # 6\ncode = "H"'), ("TR6 ", "H6  ")))


def test_a_neighbor_met_late_is_one_mistake():
    assert found(late("marga")) == [
        (
            "neighbor.next",
            "log 5 (H)",
            "Marga emerged at the end of log 4: the next action must be Neighbor (N), not H; "
            "Marga is met late, at log 6",
        )
    ]


def test_meeting_another_neighbor_late_is_still_two_mistakes():
    assert [rule for rule, _, _ in found(late("bo"))] == ["neighbor.next", "neighbor.emerge"]


# -- on the tower the Internet group is one square ----------------------------------------

TO_TOWER = ('path = "R R R"\nrun = 1', 'path = "R R R"\nrun = 1\nto = "tower"')
ONE_I = ("I8   M4", ".    M4")  # (5,5) emptied: the I group is (5,4) alone


def _emerging_last(rows: list[str], logged: int) -> str:
    """Six rows of H squares then a move that ends where Bo emerges, with no entry after."""
    grid = "\n".join(rows)
    log = '[[log]]\ncode = "H"\n\n' * logged
    return (
        'game = "personal-space"\nplayer = "Dee"\nday = "sunday"\njob = ""\n'
        'start = { speed = 3, energy = 3, mood = 4, money = 5, at = "home" }\n'
        "end = { speed = 3, energy = 3, mood = 4, money = 5 }\n"
        f'grid = """\n{grid}\n"""\n\n{log}'
        '[[log]]\ncode = "M"\npath = "R"\n'
        'emerge = { neighbor = "bo", space = [0, 1], roll = 5 }\n'
    )


def test_a_neighbor_emerging_when_the_grid_is_full_needs_no_neighbor_action():
    # interpretation: the day has no next action when no square is left for it
    rows = [" ".join([f"H{n}"] * 6) for n in range(1, 6)] + ["H6 H6 H6 H6 M7 M7"]
    assert valid(_emerging_last(rows, 6))


def test_a_neighbor_emerging_with_squares_left_must_be_met_next():
    rows = [" ".join([f"H{n}"] * 6) for n in range(1, 5)] + ["H5 H5 H5 H5 M6 M6", ". " * 6]
    assert [rule for rule, _, _ in found(_emerging_last(rows, 5))] == ["neighbor.next"]


def _show(paid: int, used: bool) -> str:
    """A Sunday at the theater: a show ($2 on Sundays) paid `paid`, after a Use or not."""
    first = "U1 SH2 RV3" if used else "SH1 RV2 ."
    log = '[[log]]\ncode = "U"\nnote = "the show ticket"\n\n' if used else ""
    log += f'[[log]]\ncode = "SH"\nmoney = {-paid}\n\n[[log]]\ncode = "RV"\n'
    return (
        'game = "personal-space"\nplayer = "Dee"\nday = "sunday"\njob = ""\n'
        'start = { speed = 3, energy = 3, mood = 4, money = 5, at = "theater" }\n'
        f"end = {{ speed = 3, energy = 3, mood = 4, money = {5 - paid} }}\n"
        f'grid = """\n{first} . . .\n' + ". . . . . .\n" * 5 + '"""\n\n' + log
    )


def test_a_show_after_a_use_may_be_free_with_the_show_ticket():
    # interpretation: a Use does not name its item, so the one before a show may be the ticket
    assert valid(_show(0, used=True)) and valid(_show(2, used=True))
    (wrong,) = found(_show(1, used=True))
    assert wrong[0] == "show.price" and "or nothing with a show ticket, got $1" in wrong[2]


def test_a_free_show_without_a_use_before_it_breaks_its_price():
    assert [rule for rule, _, _ in found(_show(0, used=False))] == ["show.price"]
    assert valid(_show(2, used=False))


def test_on_the_tower_the_internet_group_is_one_square_whatever_the_distance():
    for distance in ("distance = 0", "distance = 1", "distance = 3"):
        assert valid(edit(TO_TOWER, ONE_I, ("distance = 1", distance))), distance


def test_on_the_tower_a_group_of_several_squares():
    assert found(edit(TO_TOWER)) == [
        (
            "internet.squares",
            "log 8 (I), squares (5,5) (5,4)",
            "on the tower (log 7 went there) the group of I's is 1 square, whatever distance "
            "is typed, found 2",
        )
    ]


def test_away_from_the_tower_the_group_is_the_distance_plus_one():
    assert valid(TUESDAY)  # one space away: 2 squares
    assert found(edit(ONE_I)) == [
        (
            "internet.squares",
            "log 8 (I), squares (5,4)",
            "1 space from the tower: a connected group of 2 I squares (your space and the "
            "tower included), found 1",
        )
    ]


def _at_the_top(start: str, end: str, bottom_row: str, log: str) -> str:
    empty = ".  .  .  .  .  .\n" * 5
    return (
        'game = "personal-space"\nplayer = "Dee"\nday = "sunday"\njob = ""\n'
        f'start = {{ {start}, money = 5, at = "home" }}\nend = {{ {end}, money = 5 }}\n'
        f'grid = """\n{empty}{bottom_row}\n"""\n\n{log}'
    )


def test_eating_with_full_energy_or_training_at_top_speed_gains_nothing_and_is_allowed():
    full = "speed = 3, energy = 6, mood = 4"
    assert valid(_at_the_top(full, full, ".  " * 6, '[[log]]\ncode = "E"\n'))
    trained = _at_the_top(
        "speed = 6, energy = 3, mood = 4",
        "speed = 6, energy = 2, mood = 4",  # the Energy is spent, the Speed stays at 6
        "M1_  M1  M1  .  .  .",
        '[[log]]\ncode = "M"\npath = "R R"\n',
    )
    assert valid(trained)


def test_training_without_the_energy_to_pay_is_still_reported():
    spent = _at_the_top(
        "speed = 3, energy = 0, mood = 4",
        "speed = 4, energy = 0, mood = 4",
        "M1_  M1  M1  .  .  .",
        '[[log]]\ncode = "M"\npath = "R R"\n',
    )
    assert [rule for rule, _, _ in found(spent)] == ["move.train"]


def _explore_near_full(top_row: str) -> str:
    """H1 fills five rows; the top row holds the move's squares (M2) and what `top_row` says;
    the move explores (1,1), a full square (its reverse is itself)."""
    rows = top_row + "\n" + "H1  H1  H1  H1  H1  H1\n" * 5
    return (
        'game = "personal-space"\nplayer = "Dee"\nday = "sunday"\njob = ""\n'
        'start = { speed = 3, energy = 3, mood = 4, money = 5, at = "home" }\n'
        "end = { speed = 3, energy = 3, mood = 4, money = 5 }\n"
        f'grid = """\n{rows}"""\n\n[[log]]\ncode = "H"\n\n'
        '[[log]]\ncode = "M"\npath = "R R"\nexplore = [[1, 1]]\n'
    )


def test_a_miss_on_a_full_grid_owes_no_x():
    # interpretation: "add an X to any space" needs an empty square; none is left
    assert valid(_explore_near_full("H1  H1  H1  M2  M2  M2"))


def test_a_miss_with_one_empty_square_left_puts_its_x_there():
    assert valid(_explore_near_full("H1  H1  X2  M2  M2  M2"))
    assert [r for r, _, _ in found(_explore_near_full("H1  H1  .   M2  M2  M2"))] == [
        "explore.square"
    ]


def _earning(log: str, grid_top: str, gained: int) -> str:
    rows = grid_top + "\n" + ".  " * 6 + "\n" + (".  " * 6 + "\n") * 3 + "M1 M1 .  .  .  ."
    return (
        'game = "personal-space"\nplayer = "Dee"\nday = "sunday"\njob = ""\n'
        'start = { speed = 3, energy = 3, mood = 4, money = 5, at = "home" }\n'
        f"end = {{ speed = 3, energy = 3, mood = 4, money = {5 + gained} }}\n"
        f'grid = """\n{rows}\n"""\n\n{log}'
    )


def test_the_lottery_pays_one_dollar_on_a_move_that_found_something():
    found = '[[log]]\ncode = "M"\npath = "R"\nexplore = [[1, 1]]\nmoney = 1\n'
    assert valid(_earning(found, ".  " * 6, 1))
    two = found.replace("money = 1", "money = 2")
    assert [r for r, _, _ in found_rules(_earning(two, ".  " * 6, 2))] == ["money.earned"]
    missed = found.replace("[[1, 1]]", "[[4, 6]]")  # no find: an XP square at (4,6)
    top = ".  .  .  XP1 .  ."
    assert [r for r, _, _ in found_rules(_earning(missed, top, 1))] == ["money.earned"]


def test_an_action_that_earns_nothing_cannot_gain_money():
    log = '[[log]]\ncode = "M"\npath = "R"\n\n[[log]]\ncode = "E"\nmoney = 3\n'
    (rule, where, message) = found_rules(_earning(log, ".  " * 6, 3))[0]
    assert (rule, where) == ("money.earned", "log 2 (E)") and "Eat earns no money" in message


found_rules = found


def test_after_a_flight_you_stand_at_the_rocket_launcher():
    # no planet named: the places are read from the log; a flight leaves the pond behind
    rows = ".  .  .  .  .  .\n" * 5 + "M1  M1  RL2  R3  .  ."
    log = '[[log]]\ncode = "M"\npath = "R"\nto = "pond"\n\n[[log]]\ncode = "RL"\n\n'
    text = (
        _at_the_top(
            "speed = 3, energy = 3, mood = 4", "speed = 3, energy = 3, mood = 4", "", ""
        ).split('grid = """')[0]
        + f'grid = """\n{rows}\n"""\n\n{log}[[log]]\ncode = "R"\n'
    )
    ((rule, _, message),) = found(text)
    assert rule == "resource.place" and "you are at the Rocket Launcher" in message
    assert valid(
        text.replace("RL2  R3", "R2  RL3").replace(
            'code = "RL"\n\n[[log]]\ncode = "R"', 'code = "R"\n\n[[log]]\ncode = "RL"'
        )
    )


def test_an_eat_gives_at_most_what_the_most_filling_item_gives():
    day = _at_the_top(
        "speed = 3, energy = 2, mood = 4", "speed = 3, energy = 4, mood = 4", ".  " * 6, ""
    )
    assert valid(day + '[[log]]\ncode = "E"\nenergy = 2\n')  # a Moon Pie
    too_much = day.replace("energy = 4, mood = 4, money", "energy = 6, mood = 4, money")
    assert [r for r, _, _ in found(too_much + '[[log]]\ncode = "E"\nenergy = 4\n')] == [
        "eat.energy"
    ]


def test_a_second_suggest_without_internet_is_one_report():
    text = (
        'game = "personal-space"\nplayer = "Dee"\nday = "sunday"\njob = ""\n'
        'start = { speed = 3, energy = 3, mood = 4, money = 5, at = "home" }\n'
        "end = { speed = 3, energy = 3, mood = 4, money = 5 }\n"
        'grid = """\nSG1 SG2 .  .  .  .\n' + ".  " * 6 + "\n" + (".  " * 6 + "\n") * 4 + '"""\n\n'
        '[[log]]\ncode = "SG"\n\n[[log]]\ncode = "SG"\n'
    )
    assert [(r, w) for r, w, _ in found(text)] == [
        ("suggest.internet", "log 1 (SG)"),
        ("suggest.once", "log 2 (SG)"),
    ]


def test_an_eat_typed_energy_0_gives_none():
    # left out, an Eat gives +1; typed 0 (Energy already full, say), it gives none
    kept = _at_the_top(
        "speed = 3, energy = 3, mood = 4", "speed = 3, energy = 3, mood = 4", ".  " * 6, ""
    )
    assert valid(kept + '[[log]]\ncode = "E"\nenergy = 0\n')
    assert [r for r, _, _ in found(kept + '[[log]]\ncode = "E"\n')] == ["tracker.end"]

"""One mistake, one report: a single slip typed into a whole valid Planet 78 game is reported
once, at the turn where it was made, and the replay carries on from the table's game.

Each kind of slip a group makes typing its log (a player's name, a turn left out, two turns
swapped, an action typed twice, a coordinate) is put into whole games at several points:
the example game (examples/planet-78/won.toml) and games of `planet_bot` with other seeds,
player counts and difficulties.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from planet_bot import play, to_toml
from sheetsmith.check import check_text
from sheetsmith.check.verdict import PlayerResult
from sheetsmith.games.planet.land import Settings

ROOT = Path(__file__).resolve().parent.parent
WON = ROOT / "examples" / "planet-78" / "won.toml"
ROLES = (("Ann", "engineer"), ("Ben", "pathfinder"), ("Cy", "medic"), ("Di", "trader"))
GAMES = ("won.toml", "3 players, lost", "4 players, harder", "2 players, seed 3", "1 player")
POINTS = (2, 20, 60)
MOVE = re.compile(r'"move ([A-I])([1-9])"')


@cache
def game(name: str) -> str:
    """A whole valid game's log."""
    if name == "won.toml":
        return WON.read_text()
    hard = Settings(pollution=4, season_length=3, lives=1, piles=3)
    seed, players, variance = {
        "3 players, lost": (7, ROLES[:3], None),
        "4 players, harder": (2, ROLES, hard),
        "2 players, seed 3": (3, ROLES[:2], None),
        "1 player": (1, ROLES[:1], Settings(pollution=6, season_length=3, lives=2, piles=4)),
    }[name]
    return to_toml(play(seed, players, variance))


@cache
def checked(text: str) -> PlayerResult:
    (table,) = check_text(text.encode(), "game.toml").players
    return table


def split(text: str) -> tuple[str, list[str]]:
    head, *turns = text.split("\n[[turns]]")
    return head, turns


def join(head: str, turns: list[str]) -> str:
    return "\n[[turns]]".join([head, *turns])


def player(turn: str) -> str:
    found = re.search(r'player = "(\w+)"', turn)
    assert found is not None
    return found[1]


def first(turns: list[str], k: int, fits: Callable[[str], bool]) -> int:
    """The first turn from `k` (1-based) that `fits`."""
    return next(n for n in range(k, len(turns) - 2) if fits(turns[n - 1]))


# Each slip: (the log with it, the turns it must be reported at). -------------------------


def wrong_name(text: str, k: int) -> tuple[str, list[int]]:
    """Turn k typed under the name of the player who plays after."""
    head, turns = split(text)
    names = re.findall(r'name = "(\w+)"', head)
    typed = player(turns[k - 1])
    other = names[(names.index(typed) + 1) % len(names)]
    turns[k - 1] = turns[k - 1].replace(f'player = "{typed}"', f'player = "{other}"')
    return join(head, turns), [k]


def only_moves(turn: str) -> bool:
    """A turn of moves or a pass, without draws: what leaving it out loses can be recovered
    (a pile, a Need or a card played changes the game for everyone, and cannot)."""
    words = re.findall(r'"(\w+)[ "]', turn.split("do = ", 1)[-1])
    return "draw = " not in turn and set(words) <= {"move", "pass"}


def left_out(text: str, k: int) -> tuple[str, list[int]]:
    """A turn of moves left out, from turn k on: the next turn shows the gap."""
    head, turns = split(text)
    k = first(turns, k, only_moves)
    del turns[k - 1]
    return join(head, turns), [k]


def swapped(text: str, k: int) -> tuple[str, list[int]]:
    head, turns = split(text)
    turns[k - 1], turns[k] = turns[k], turns[k - 1]
    return join(head, turns), [k, k + 1]


def typed_twice(text: str, k: int) -> tuple[str, list[int]]:
    """The first move from turn k on, typed twice."""
    head, turns = split(text)
    k = first(turns, k, lambda turn: MOVE.search(turn) is not None)
    found = MOVE.search(turns[k - 1])
    assert found is not None
    turns[k - 1] = turns[k - 1][: found.end()] + ", " + found[0] + turns[k - 1][found.end() :]
    return join(head, turns), [k]


def wrong_coordinate(text: str, k: int) -> tuple[str, list[int]]:
    """The first move from turn k on, its letter typed 4 columns off (never a tile next to
    the player, so the move itself shows the slip)."""
    head, turns = split(text)
    k = first(turns, k, lambda turn: MOVE.search(turn) is not None)
    found = MOVE.search(turns[k - 1])
    assert found is not None
    column = ord(found[1]) - ord("A")
    letter = chr(ord("A") + (column + 4 if column < 4 else column - 4))
    typo = f'"move {letter}{found[2]}"'
    turns[k - 1] = turns[k - 1][: found.start()] + typo + turns[k - 1][found.end() :]
    return join(head, turns), [k]


SLIPS = {
    "a wrong player name": wrong_name,
    "a turn left out": left_out,
    "two turns swapped": swapped,
    "a move typed twice": typed_twice,
    "a wrong coordinate": wrong_coordinate,
}
ORDER = {"a wrong player name", "a turn left out", "two turns swapped"}
CASES = [
    (name, slip, point)
    for name in GAMES
    for slip in SLIPS
    for point in POINTS
    if not (name == "1 player" and slip in ORDER)  # one player's turns have no order
]


@pytest.mark.parametrize(("name", "slip", "point"), CASES)
def test_one_slip_is_one_report_at_its_turn(name, slip, point):
    clean = game(name)
    assert checked(clean).violations == ()
    text, at = SLIPS[slip](clean, point)
    found = checked(text).violations
    assert len(found) == len(at), found
    assert [v.where.split(" (")[0] for v in found] == [f"turn {n}" for n in at], found


@pytest.mark.parametrize(
    ("name", "slip", "point"), [case for case in CASES if case[1] != "a turn left out"]
)
def test_after_the_slip_the_replay_is_the_tables_game(name, slip, point):
    """Read as the table played it, the game ends as the valid log's does: same result, same
    shared state, every player on the same tile with the same resources, cards and lives."""
    clean = checked(game(name))
    mistaken = checked(SLIPS[slip](game(name), point)[0])
    assert mistaken.extra["result"] == clean.extra["result"]
    assert dict(mistaken.score) == dict(clean.score)
    assert mistaken.extra["states"] == clean.extra["states"]


def test_a_turn_left_out_leaves_what_the_player_held_unseen():
    text, (k,) = left_out(game("won.toml"), 20)
    table = checked(text)
    assert table.violations[0].message.endswith("turn left out of the log")
    (lost,) = (s for s in table.extra["states"] if "unseen" in s)
    assert lost["name"] == player(split(game("won.toml"))[1][k - 1])


# The readings, one by one -----------------------------------------------------------------


def first_turns(*turns: str) -> str:
    """won.toml with its first turns replaced by `turns` (a `do = [...]` each)."""
    head, rest = split(game("won.toml"))
    for n, do in enumerate(turns):
        rest[n] = re.sub(r"do = \[.*\]", f"do = [{do}]", rest[n])
    return join(head, rest)


def test_a_mistyped_name_names_both_players_and_gives_the_turn_to_the_expected():
    (violation,) = checked(wrong_name(game("won.toml"), 2)[0]).violations
    assert violation.rule == "turn.order" and violation.where == "turn 2 (Ann)"
    assert violation.message == (
        "it is Ben's turn, and Ann, who plays after Ben, plays turn 3: read as Ben's turn "
        "with the name mistyped"
    )


def test_two_swapped_turns_are_two_wrong_turns_replayed_in_the_tables_order():
    found = checked(swapped(game("won.toml"), 20)[0]).violations
    assert [(v.rule, v.where) for v in found] == [
        ("turn.order", "turn 20 (Ann)"),
        ("turn.order", "turn 21 (Ben)"),
    ]
    assert "read as turns 20 and 21 typed in swapped order" in found[0].message


def test_an_extra_move_is_reported_where_it_was_typed():
    # The example: Ann's C5 was never made; her next move (turn 5: D4) is from C4.
    (violation,) = checked(first_turns('"move C4", "move C5"')).violations
    assert violation.where == "turn 1 (Ann), action 2: move C5"
    assert "read as a move not made" in violation.message


def test_a_wrong_coordinate_is_read_from_the_next_moves():
    # Turn 5 is D4 E4 E5 from C4; E4 typed as A4 is no move from D4, and E5 goes on from E4.
    text = game("won.toml").replace(
        'do = ["move D4", "move E4", "move E5"]', 'do = ["move D4", "move A4", "move E5"]', 1
    )
    (violation,) = checked(text).violations
    assert violation.rule == "move.adjacent"
    assert violation.where == "turn 5 (Ann), action 2: move A4"
    assert "read as E4 mistyped" in violation.message
    assert checked(text).extra["states"] == checked(game("won.toml")).extra["states"]


def test_a_move_against_the_rules_leaves_the_player_where_the_log_says():
    from test_check_planet import game_log, replayed

    # Ann (no pathfinder) steps diagonally to C5, then goes on from there: the table moved.
    text = game_log([("Ann", ["move C5"]), ("Ben", ["pass"]), ("Ann", ["move B5"])])
    (violation,) = checked(text).violations
    assert violation.rule == "move.adjacent" and violation.where.startswith("turn 1 (Ann)")
    assert "read as" not in violation.message
    assert replayed(text).players[0].at == (1, 4)  # B5


def test_what_the_table_evidently_did_still_counts():
    from test_check_planet import game_log, replayed

    def after(*turns: tuple[str, list[str]]):
        text = game_log(list(turns))
        return [v.rule for v in checked(text).violations], replayed(text)

    # Ann starts on D4 (a spawn: nothing to collect) and deposits food she does not hold.
    rules, g = after(("Ann", ["move E4", "move E5", "deposit food"]))
    assert rules == ["deposit.pile"] and g.piles["food"] == 1 and g.players[0].held["food"] == 0
    # the same deposit typed twice: the second, with none left, was never made
    twice = ("Ann", ["deposit food", "deposit food"])
    rules, g = after(("Ann", ["move E4", "move E5"]), ("Ben", ["pass"]), twice)
    assert rules == ["deposit.pile", "deposit.pile"] and g.piles["food"] == 1
    rules, g = after(("Ann", ["buy wood air-filter", "card air-filter"]))
    assert rules == ["buy.cost"] and g.pollution == g.settings.pollution - 1  # bought, played
    moves = ["move C4", "move B4", "move A4", "move A5"]  # 4 moves: Second Wind's 2 points
    rules, g = after(("Ann", ["card second-wind", *moves]))
    assert rules == ["card.hand"] and g.players[0].at == (0, 4)
    rules, g = after(("Ann", ["move C4"]), ("Ben", ["pass"]), ("Ann", ["trade Ben food 2"]))
    assert rules == ["trade.tile"] and g.players[1].held["food"] == 2  # given all the same
    rules, g = after(("Ann", ["move C4"]), ("Ben", ["pass"]), ("Ann", ["move C4", "move B4"]))
    assert rules == ["move.adjacent"] and g.players[0].at == (1, 3)  # typed twice: to B4
    rules, g = after(("Ann", ["move A1"]))  # off the land: nobody goes there
    assert rules == ["move.blocked"] and g.players[0].at == (3, 3)

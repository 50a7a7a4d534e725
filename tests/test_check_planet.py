"""Planet 78 game logs: a valid game replayed, and per rule a log that breaks only it.

The land is seed 7's (see `sheetsmith render planet-78 --seed 7 --component setup`): Ann
(engineer) starts on spawn 1 at D4, Ben (pathfinder, moves diagonally) on spawn 2 at F4.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheetsmith.check import blank_sheet, check_text
from sheetsmith.cli import app
from sheetsmith.definition import load
from sheetsmith.errors import SheetError
from sheetsmith.games.planet.checker import RULES
from sheetsmith.games.planet.log import parse_sheet
from sheetsmith.games.planet.replay import replay
from sheetsmith.toml.document import parse_toml_bytes
from sheetsmith.toml.node import Context

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "planet-78"
FIRST = (EXAMPLES / "first-rounds.toml").read_text()
runner = CliRunner()
GAME = load("planet-78")


def rules_broken(text: str) -> list[str]:
    report = check_text(text.encode(), "log.toml")
    return [v.rule for p in report.players for v in p.violations]


def edit(*pairs: tuple[str, str], text: str = FIRST) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def game_log(
    turns: list[tuple[str, list[str]] | tuple[str, list[str], list[str]]],
    variance: str = "",
    roles: tuple[str, str] = ("engineer", "pathfinder"),
) -> str:
    lines = [
        'game = "planet-78"',
        "seed = 7",
        f"variance = {{ {variance} }}" if variance else "",
        f'[[players]]\nname = "Ann"\nrole = "{roles[0]}"',
        f'[[players]]\nname = "Ben"\nrole = "{roles[1]}"',
    ]
    for turn in turns:
        player, actions = turn[0], turn[1]
        draws = turn[2] if len(turn) > 2 else []
        lines.append(
            f'[[turns]]\nplayer = "{player}"\ndraw = {json.dumps(draws)}\n'
            f"do = {json.dumps(actions)}"
        )
    return "\n".join(lines) + "\n"


def replayed(text: str):
    doc = parse_toml_bytes(text.encode(), "log.toml")
    ctx = Context(doc)
    log = parse_sheet(ctx.root(), GAME, "log.toml")
    assert not ctx.problems, ctx.problems
    return replay(GAME, log)


def test_the_example_replays_valid_and_unfinished():
    report = check_text(FIRST.encode(), "first.toml")
    (table,) = report.players
    assert report.valid and table.extra["result"] == "unfinished"
    assert table.extra["season"] == "Summer"
    assert dict(table.score)["pollution"] == 5 and dict(table.score)["needs"] == 1
    g = replayed(FIRST)
    ann, ben = g.players
    assert dict(ann.held) == {"food": 1, "wood": 1}  # spring doubled her farm; summer did not
    assert dict(ben.held) == {"water": 2, "metal": 1} and ben.luxury  # summer water gave nothing


def test_the_deal_is_the_setup_sheets():
    from sheetsmith.games.planet.land import deal

    assert deal(GAME, 7).tiles == replayed(FIRST).dealt.tiles


# Ann walks to the House Need (A5 on seed 7) and picks it up in her second turn.
HOUSE = [
    ("Ann", ["move C4", "move B4", "move A4"]),
    ("Ben", ["pass"]),
    ("Ann", ["move A5", "need", "move A6"]),
    ("Ben", ["pass"]),
]


def ability_log(role: str, ability: str, *after: str) -> str:
    """Ann, playing `role`, collects 2 food on C4 in spring, buys and plays Second Wind, and
    uses her ability with the 4 points left."""
    return game_log(
        [
            ("Ann", ["move C4"]),
            ("Ben", ["pass"]),
            ("Ann", ["buy food second-wind", "card second-wind", ability, *after]),
        ],
        roles=(role, "warden" if role == "pathfinder" else "pathfinder"),
    )


BROKEN = {
    "turn.order": edit(
        (
            'player = "Ann"\ndo = ["move C4", "pass"]\n\n'
            "[[turns]]   # 2: Ben starts on spawn 2 (F4)"
            '\nplayer = "Ben"\ndo = ["move G4", "move G3"]',
            'player = "Ben"\ndo = ["move G4", "move G3"]\n\n[[turns]]\nplayer = "Ann"'
            '\ndo = ["move C4", "pass"]',
        )
    ),
    "points.spent": edit(
        ('do = ["move C4", "pass"]', 'do = ["move C4", "move C3", "move C4", "move C3", "move C4"]')
    ),
    "ability.points": edit(('do = ["move C4", "pass"]', 'do = ["move C4", "ability"]')),
    "draw.unspent": edit(('do = ["move C4", "pass"]', 'do = ["move C4", "draw air-filter"]')),
    "card.hand": edit(('do = ["move A8", "pass"]', 'do = ["move A8", "card air-filter"]')),
    "card.deck": edit(('"buy food second-wind", "card second-wind"', '"buy food smog"')),
    "buy.cost": edit(
        (
            '"buy food second-wind", "card second-wind", "move B4", "move B5", "move B6"',
            '"buy wood second-wind", "move B4", "move B5", "move B6"',
        )
    ),
    "move.adjacent": game_log([("Ann", ["move C5"]), ("Ben", ["move G3", "move F3"])]),
    "trade.tile": edit(('do = ["move A8", "pass"]', 'do = ["move A8", "trade Ben wood 1"]')),
    "resource.missing": game_log([("Ann", ["move E4"]), ("Ben", ["move E4", "trade Ann wood 1"])]),
    "deposit.place": edit(('do = ["move A8", "pass"]', 'do = ["move A8", "deposit food"]')),
    "deposit.pile": edit(('"move E4", "move E5"]', '"move E4", "move E5", "deposit water"]')),
    "need.place": edit(('do = ["move A8", "pass"]', 'do = ["need"]')),
    "take.luxury": edit(('do = ["move A8", "pass"]', 'do = ["move A8", "take food"]')),
    "draws.due": edit(('draw = ["smog"]\n', "")),
    "spawn.house": game_log([*HOUSE, ("Ann", ["spawn 2 E4"])]),
    "ability.use": ability_log("trader", "ability food water metal"),
    "turn.ended": edit(('do = ["move C4", "pass"]', 'do = ["pass", "move C4"]')),
    "revive.target": ability_log("medic", "ability Ben"),
    "ability.last": game_log(
        [
            ("Ann", ["draw second-wind"]),
            ("Ben", ["pass"]),
            ("Ann", ["card second-wind", "ability", "move C4"]),
        ]
    ),
    "card.per-turn": game_log(
        [
            ("Ann", ["move C4"]),
            ("Ben", ["pass"]),
            ("Ann", ["buy food second-wind", "card second-wind", "pass"]),
            ("Ben", ["pass"]),
            ("Ann", ["draw air-filter"]),
            ("Ben", ["pass"]),
            ("Ann", ["buy food second-wind", "card second-wind", "card air-filter"]),
        ]
    ),
    "move.blocked": edit(
        ('do = ["need", "move E2"', 'do = ["need", "move E2"'),
        ("seed = 7\n", "seed = 7\nvariance = { pollution = 6 }\n"),
    ),
}
BROKEN["move.blocked"] = BROKEN["move.blocked"].replace(
    'draw = ["smog"]\ndo = ["move A8", "pass"]', 'draw = ["smog"]\ndo = ["move A8", "pass"]'
)


@pytest.mark.parametrize("rule", sorted(BROKEN))
def test_a_log_that_breaks_only_one_rule(rule):
    broken = rules_broken(BROKEN[rule])
    assert broken and set(broken) == {rule}, broken


def death_game(lives: int = 2) -> list:
    """Ann walks onto a forest (G4) and waits; smog pushes pollution past 6, so the year's
    end brings a disaster: the wildfire."""
    turns: list = [("Ann", ["move E4", "move F4", "move G4"]), ("Ben", ["pass"])]
    draws = {2: ["smog"], 4: ["strike"], 6: ["strike"], 8: ["smog", "wildfire"]}
    for r in range(1, 9):
        turns.append(("Ann", [] if r == 8 else ["pass"], draws.get(r, [])))
        turns.append(("Ben", ["pass"]))
    return turns


def test_a_disaster_kills_and_the_player_respawns_after_two_turns():
    text = game_log(death_game(), "pollution = 6, season_length = 2")
    assert rules_broken(text) == []
    g = replayed(text)
    ann = g.players[0]
    assert ann.lives == 1 and not ann.alive  # died at the start of round 9's turn
    more = game_log([*death_game(), ("Ann", [])], "pollution = 6, season_length = 2")
    assert rules_broken(more) == []
    back = [*death_game(), ("Ann", []), ("Ben", ["pass"]), ("Ann", ["move E4"], ["fatigue"])]
    text = game_log(back, "pollution = 6, season_length = 2")
    assert rules_broken(text) == []
    assert replayed(text).players[0].alive


def test_a_dead_player_cannot_act():
    turns = death_game()
    turns[-2] = ("Ann", ["move F4"], ["smog", "wildfire"])
    assert rules_broken(game_log(turns, "pollution = 6, season_length = 2")) == ["turn.dead"]


def test_the_last_life_loses_the_game_and_later_turns_are_refused():
    text = game_log(
        [*death_game(), ("Ben", ["pass"])], "pollution = 6, season_length = 2, lives = 1"
    )
    report = check_text(text.encode(), "log.toml")
    (table,) = report.players
    assert table.extra["result"] == "lost" and "no life left" in table.extra["why"]
    assert [v.rule for v in table.violations] == ["game.over"]


def test_a_missed_disaster_draw():
    turns = death_game()
    turns[-2] = ("Ann", ["pass"], ["smog"])
    broken = rules_broken(game_log(turns, "pollution = 6, season_length = 2"))
    assert broken == ["draws.due"]


def test_cards_drawn_together_may_be_typed_in_any_order():
    # the year's end owes a negative buff and a disaster: the rules give the two no order
    turns = death_game()
    turns[-2] = ("Ann", [], ["wildfire", "smog"])
    assert rules_broken(game_log(turns, "pollution = 6, season_length = 2")) == []
    turns[-2] = ("Ann", [], ["wildfire", "wildfire"])  # but not other cards
    assert rules_broken(game_log(turns, "pollution = 6, season_length = 2")) == ["draws.due"]


def _draw_reports(turns: list) -> list[str]:
    text = game_log(turns, "pollution = 6, season_length = 2")
    (table,) = check_text(text.encode(), "log.toml").players
    return [f"{v.where}: {v.message}" for v in table.violations if v.rule == "draws.due"]


def _moved_draw(to: int) -> list:
    """death_game with round 2's Smog (due at Ann's turn, index 4) typed at turn `to`."""
    turns = death_game()
    turns[4] = ("Ann", ["pass"])
    who, do = turns[to][:2]
    turns[to] = (who, do, ["smog"])
    return turns


@pytest.mark.parametrize("to", [5, 6])  # the next turn, the next round
def test_a_draw_typed_late_is_one_mistake_where_it_was_due(to):
    (report,) = _draw_reports(_moved_draw(to))
    assert report.startswith("turn 5 (Ann): cards drawn: none;")
    assert report.endswith(f"; drawn late, at turn {to + 1} ({'Ben' if to == 5 else 'Ann'})")


def test_a_draw_typed_early_is_one_mistake_where_it_was_typed():
    (report,) = _draw_reports(_moved_draw(3))
    assert report.startswith("turn 4 (Ben): cards drawn: Smog (negative);")
    assert report.endswith("; they were due at turn 5 (Ann): drawn early")


def test_a_card_of_another_pile_typed_after_a_missed_draw_is_two_mistakes():
    turns = _moved_draw(5)
    turns[5] = ("Ben", ["pass"], ["wildfire"])  # a disaster, where a negative buff was owed
    reports = _draw_reports(turns)
    # (the wildfire changes the game: later draws may be off too)
    assert [r.split(":")[0] for r in reports[:2]] == ["turn 5 (Ann)", "turn 6 (Ben)"]
    assert not any("drawn late" in r for r in reports)


def test_a_disaster_is_due_on_the_pollution_before_the_year_ends_smog():
    # interpretation: pollution 6 at the year's end, its Smog makes 7: no disaster yet
    turns = death_game()
    turns[-2] = ("Ann", [], ["smog"])
    assert rules_broken(game_log(turns, "pollution = 5, season_length = 2")) == []
    turns[-2] = ("Ann", [], ["smog", "wildfire"])
    assert rules_broken(game_log(turns, "pollution = 5, season_length = 2")) == ["draws.due"]


def _buy_and_play(cards_held: int) -> str:
    turns: list = []
    for _ in range(cards_held):
        turns += [("Ann", ["draw air-filter"]), ("Ben", ["pass"])]
    turns += [("Ann", ["move C4"]), ("Ben", ["pass"])]  # a farm: 2 food when the turn starts
    turns += [("Ann", ["buy food second-wind", "card second-wind", "move B4"]), ("Ben", ["pass"])]
    return game_log(turns)


def test_a_full_hand_cannot_buy_a_card_even_to_play_it_at_once():
    # interpretation: the limit of 2 cards holds at every moment
    assert rules_broken(_buy_and_play(1)) == []
    assert rules_broken(_buy_and_play(2)) == ["card.hand"]


def test_a_tile_gives_what_its_season_gives_when_the_turn_starts():
    # interpretation: one collection a turn, at its start. Ann ends Spring's last round on a
    # farm (C4); her next turn is in Summer, when a farm gives 1 food: too little to buy
    turns: list = [("Ann", ["pass"]), ("Ben", ["pass"])] * 4
    turns += [("Ann", ["move C4"]), ("Ben", ["pass"])]
    turns += [("Ann", ["buy food second-wind", "card second-wind"], ["smog"]), ("Ben", ["pass"])]
    assert rules_broken(game_log(turns)) == ["buy.cost"]


def test_carry_limit_and_discards():
    g = replayed(FIRST)
    ann, ben = g.players
    from sheetsmith.games.planet.log import Action, Turn
    from sheetsmith.games.planet.turn import _play_turn

    ann.at = ben.at
    ann.held.clear()
    ann.held["wood"] = 5
    ben.held["wood"] = 1
    turn = Turn(99, "Ben", (), (Action("trade", ("Ann", "wood", "1"), "trade Ann wood 1"),))
    _play_turn(g, turn, ben)
    assert [v.rule for v in g.out] == ["carry.limit"]
    g.out.clear()
    ann.discard = 2
    turn = Turn(100, "Ann", (), (Action("move", ("E4",), "move E4"),))
    _play_turn(g, turn, ann)
    assert [v.rule for v in g.out] == ["discard.due"]
    g.out.clear()
    ann.discard = 2
    turn = Turn(101, "Ann", (), (Action("discard", ("wood", "2"), "discard wood 2"),))
    _play_turn(g, turn, ann)
    assert g.out == [] and ann.held["wood"] == 3
    turn = Turn(102, "Ann", (), (Action("discard", ("wood", "1"), "discard wood 1"),))
    _play_turn(g, turn, ann)  # no card asks for it: the rules give no way to drop resources
    assert [v.rule for v in g.out] == ["discard.due"] and "the cards ask Ann for 0" in g.out[
        0
    ].message


def test_the_house_need_swaps_the_pickers_spawn_and_one_other():
    turns = [*HOUSE, ("Ann", ["spawn 1 B5", "spawn 2 G5", "pass"])]
    assert rules_broken(game_log(turns)) == []
    g = replayed(game_log(turns))
    assert g.spawns[1] == (1, 4) and g.spawns[2] == (6, 4)  # B5, G5
    assert g.tiles[(1, 4)].kind == "spawn" and g.tiles[(3, 3)].kind == "city"  # D4 took B5's
    assert g.tiles[(5, 3)].kind == "forest"  # F4 took G5's forest
    assert g.dealt.tiles[(1, 4)].kind == "city"  # the seed's deal is untouched


def test_a_dead_player_respawns_on_the_swapped_spawn():
    from sheetsmith.games.planet.log import Turn
    from sheetsmith.games.planet.turn import _play_turn

    g = replayed(game_log([*HOUSE, ("Ann", ["spawn 1 B5"])]))
    ann = g.players[0]
    ann.dead_turns = 0
    for n in range(GAME.rules.revive_turns):
        _play_turn(g, Turn(90 + n, "Ann", (), ()), ann)
    assert ann.alive and ann.at == (1, 4)


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (("Ben", ["spawn 2 G5"]), "Ben did not pick up the House Need"),
        (("Ann", ["spawn 3 B5"]), "spawn 3 is nobody's"),
        (("Ann", ["spawn 1 B5", "spawn 1 C4"]), "spawn 1 was already swapped"),
        (("Ann", ["spawn 1 E4"]), "a spawn swaps with a resource tile; E4 is not one"),
        (("Ann", ["spawn 1 E9"]), "E9 is not one"),  # a Need tile
    ],
)
def test_spawn_swaps_break_the_house_rule(turn, message):
    if turn[0] == "Ben":
        text = game_log([*HOUSE, ("Ann", ["pass"]), turn])
    else:
        text = game_log([*HOUSE, turn])
    report = check_text(text.encode(), "log.toml")
    (table,) = report.players
    assert [v.rule for v in table.violations] == ["spawn.house"]
    assert message in table.violations[0].message


def test_the_house_swaps_one_other_spawn_only():
    three = game_log([*HOUSE[:2], ("Cy", ["pass"]), HOUSE[2], HOUSE[3], ("Cy", ["pass"])])
    three = three.replace("[[turns]]", '[[players]]\nname = "Cy"\nrole = "medic"\n[[turns]]', 1)
    keep = three + '[[turns]]\nplayer = "Ann"\ndo = ["spawn 2 G5", "spawn 1 B5"]\n'
    assert rules_broken(keep) == []
    both = three + '[[turns]]\nplayer = "Ann"\ndo = ["spawn 2 G5", "spawn 3 G6"]\n'
    report = check_text(both.encode(), "log.toml")
    (violation,) = report.players[0].violations
    assert violation.rule == "spawn.house" and "own spawn (1) and 1 other" in violation.message


def test_each_role_ability_does_what_its_card_says():
    def ann(role: str, ability: str):
        text = ability_log(role, ability)
        assert rules_broken(text) == [], (role, ability)
        return replayed(text)

    g = ann("pathfinder", "ability C3 B2 B1 A2")  # diagonals too, and 4 tiles
    assert g.players[0].at == (0, 1)
    assert ann("engineer", "ability").pollution == GAME.pollution.start - 1
    assert ann("farmer", "ability").players[0].held["food"] == 4  # twice more, spring doubles
    assert +ann("trader", "ability water wood").players[0].held == {"water": 1, "wood": 1}
    assert ann("pilot", "ability").players[0].at == GAME.land.center
    assert +ann("scholar", "ability air-filter backpack").players[0].hand == {
        "air-filter": 1,
        "backpack": 1,
    }
    g = ann("warden", "ability")
    assert (g.clock, g.hold) == (1, -GAME.roles[-1].amount)  # round 2, then 3 rounds held


@pytest.mark.parametrize(
    ("role", "ability", "message"),
    [
        ("pathfinder", "ability", "name the tiles moved through"),
        ("pathfinder", "ability C3 B2 B1 A2 A3", "moves up to 4 tiles, 5 given"),
        ("pathfinder", "ability C3 up", "'up' is not a space"),
        ("trader", "ability gold", "takes up to 2 resources"),
        ("scholar", "ability smog", "draws up to 2 positive buffs"),
        ("scholar", "ability air-filter backpack second-wind", "draws up to 2 positive buffs"),
        ("engineer", "ability now", "takes nothing after the word ability"),
    ],
)
def test_an_ability_given_what_it_does_not_take(role, ability, message):
    (table,) = check_text(ability_log(role, ability).encode(), "log.toml").players
    assert [v.rule for v in table.violations] == ["ability.use"]
    assert message in table.violations[0].message


def test_revive_names_a_dead_player():
    (table,) = check_text(ability_log("medic", "ability").encode(), "log.toml").players
    assert [v.rule for v in table.violations] == ["revive.target"]
    assert "name the dead player" in table.violations[0].message
    with pytest.raises(SheetError) as err:  # a name that is nobody's is refused, not judged
        check_text(ability_log("medic", "ability Zed").encode(), "log.toml")
    assert "'ability Zed': unknown player 'Zed' (did you mean \"Ben\"?)" in str(err.value)
    g = replayed(ability_log("medic", "ability Ben"))  # Ben is alive: nothing happens
    assert g.players[1].alive


def test_a_medic_revives_a_dead_player_at_once():
    from sheetsmith.games.planet.log import Action, Turn
    from sheetsmith.games.planet.turn import _play_turn

    g = replayed(ability_log("medic", "move C3"))
    ann, ben = g.players
    ben.dead_turns = 0
    ann.next_points = 1
    turn = Turn(9, "Ann", (), (Action("ability", ("Ben",), "ability Ben", 1),))
    _play_turn(g, turn, ann)
    assert g.out == [] and ben.alive and ben.lives == GAME.rules.lives


@pytest.mark.parametrize(
    ("actions", "rule", "message"),
    [
        (["pass", "move C4"], "turn.ended", "pass ended Ann's turn"),
        (["draw air-filter", "move C4"], "turn.ended", "taking Air Filter for the whole turn"),
        (["draw air-filter", "draw backpack"], "turn.ended", "for the whole turn ended"),
        (["pass", "move C4", "move C3"], "turn.ended", "pass ended"),  # reported once
        (["move E4", "move E5"], "move.blocked", None),  # over the bridge: fine
        (["move C4", "trade Ann wood 1"], "trade.tile", "Ann trades with another player"),
    ],
)
def test_what_ends_a_turn_and_whom_a_trade_is_with(actions, rule, message):
    (table,) = check_text(game_log([("Ann", actions)]).encode(), "log.toml").players
    if message is None:
        assert table.violations == ()
        return
    assert [v.rule for v in table.violations] == [rule]
    assert message in table.violations[0].message


def test_the_space_center_is_reached_over_a_bridge_only():
    # Ben, a pathfinder, stands on spawn 2 (F4), diagonal to the center (E5).
    text = game_log([("Ann", ["pass"]), ("Ben", ["move E5"])])
    (table,) = check_text(text.encode(), "log.toml").players
    assert [v.rule for v in table.violations] == ["move.blocked"]
    assert "over a bridge only" in table.violations[0].message
    assert rules_broken(game_log([("Ann", ["pass"]), ("Ben", ["move E4", "move E5"])])) == []
    leaving = [("Ann", ["pass"]), ("Ben", ["move F5", "move E5", "move D4"])]
    assert rules_broken(game_log(leaving)) == ["move.blocked"]


def test_a_move_off_the_land_leaves_the_player_where_they_were():
    off = game_log([("Ann", ["move C4"]), ("Ben", ["pass"]), ("Ann", ["move A1"])])
    (table,) = check_text(off.encode(), "log.toml").players
    assert [(v.rule, v.message) for v in table.violations] == [
        ("move.blocked", "A1 is off the land")
    ]
    assert replayed(off).players[0].at == (2, 3)  # still on C4


def test_a_dead_player_may_log_a_pass():
    turns = death_game()
    assert (
        rules_broken(game_log([*turns, ("Ann", ["pass"])], "pollution = 6, season_length = 2"))
        == []
    )


def revive_game(*ben: str) -> str:
    """Ben takes a Revive and a Second Wind for two whole turns; Ann dies in round 8 (see
    `death_game`) and Ben's next turn is `ben`."""
    turns = death_game()
    turns[3] = ("Ben", ["draw revive"])
    turns[5] = ("Ben", ["draw second-wind"])
    turns[-1] = ("Ben", list(ben))
    return game_log(turns, "pollution = 6, season_length = 2")


def test_revive_costs_no_point_but_is_the_turns_one_card():
    kept = revive_game("card revive Ann", "move E4", "move E5", "move E6")  # 3 points left
    assert rules_broken(kept) == []
    assert replayed(kept).players[0].alive
    for broken in (
        revive_game("card revive Ann", "card second-wind"),
        revive_game("card second-wind", "card revive Ann"),
    ):
        (table,) = check_text(broken.encode(), "log.toml").players
        assert [v.rule for v in table.violations] == ["card.per-turn"]
        assert table.violations[0].where.startswith("turn 18 (Ben), action 2")
        assert "Revive included" in table.violations[0].message
    # played as logged all the same: Ann is back, and the Second Wind's points are there
    turn = ("card revive Ann", "card second-wind", "move E4", "move E5", "move E6", "move E7")
    assert rules_broken(revive_game(*turn)) == ["card.per-turn"]


def test_a_positive_buff_typed_as_a_draw_is_reported_and_does_nothing():
    text = game_log([("Ann", ["move C4", "move C3", "move C2", "move C1"], ["second-wind"])])
    broken = rules_broken(text)
    assert broken == ["draws.due", "points.spent"], "the card gave no points"


def test_a_long_night_at_the_change_of_season_keeps_the_new_season_longer():
    # Season length 2: round 3 is summer's first; the long night holds it 2 more rounds.
    turns: list = [("Ann", ["pass"]), ("Ben", ["pass"])] * 2
    turns += [("Ann", ["pass"], ["long-night"]), ("Ben", ["pass"])]
    g = replayed(game_log(turns, "season_length = 2"))
    assert GAME.seasons[g.season_index()].name == "Summer" and g.hold == 2
    more = turns + [("Ann", ["pass"]), ("Ben", ["pass"])] * 3
    g = replayed(game_log(more, "season_length = 2"))
    assert GAME.seasons[g.season_index()].name == "Summer"  # rounds 3-6: held 2, then 2 more
    due = game_log([*more, ("Ann", ["pass"], ["smog"])], "season_length = 2")
    assert rules_broken(due) == []  # autumn comes at round 7 with its draw
    assert GAME.seasons[replayed(due).season_index()].name == "Autumn"


def test_messages_for_needs_and_luxury_say_what_happened():
    text = edit(('do = ["take water", "move E4", "move E5"]', 'do = ["take water", "take food"]'))
    (table,) = check_text(text.encode(), "log.toml").players
    assert "Ben already took one this turn" in table.violations[0].message
    again = edit(('do = ["need", "move E2"', 'do = ["need", "need", "move E2"'))
    (table,) = check_text(again.encode(), "log.toml").players
    (need,) = (v for v in table.violations if v.rule == "need.place")
    assert need.message == "the Need on E1 was picked up on turn 6"


def test_a_turn_left_out_is_one_mistake_not_one_a_turn_after_it():
    turns = [("Ann", ["pass"]), ("Ben", ["pass"]), ("Ann", ["pass"])]  # Ben's second is missing
    turns += [("Ann", ["pass"]), ("Ben", ["pass"])] * 3
    (table,) = check_text(game_log(turns).encode(), "log.toml").players
    assert [(v.rule, v.where) for v in table.violations] == [("turn.order", "turn 4 (Ann)")]
    swapped = [("Ben", ["pass"]), ("Ann", ["pass"]), ("Ann", ["pass"]), ("Ben", ["pass"])]
    assert rules_broken(game_log(swapped)) == ["turn.order", "turn.order"]


def test_won_when_needs_piles_and_everyone_are_home():
    g = replayed(FIRST)
    from sheetsmith.games.planet.replay import _won

    assert not _won(g)
    g.needs_taken = {n.id: 0 for n in GAME.needs}
    for resource in GAME.resources:
        g.piles[resource] = g.settings.piles
    assert not _won(g)
    for p in g.players:
        p.at = GAME.land.center
    assert _won(g)


def test_seasons_shape_collecting_and_moving():
    g = replayed(FIRST)
    g.clock = 3 * g.season_length  # winter
    city = next(s for s, t in g.dealt.tiles.items() if t.kind == "city")
    assert g.closed(city) and "city" in g.dead_terrains()
    g.clock = 0  # spring: farms double
    ann = g.players[0]
    ann.held.clear()
    ann.at = next(s for s, t in g.dealt.tiles.items() if t.kind == "farm")
    from sheetsmith.games.planet.carrying import _collect

    assert _collect(g, ann) == 2
    g.needs_taken["food"] = 0  # farms wither for a year
    assert _collect(g, ann) == 0


def test_every_rule_is_tested_and_documented():
    own = {"turn.dead", "game.over", "carry.limit", "discard.due"}
    assert set(BROKEN) | own == set(RULES)
    doc = (ROOT / "docs" / "planet-78-log.md").read_text()
    for rule in RULES:
        assert f"`{rule}`" in doc, rule


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            ('do = ["move C4", "pass"]', 'do = ["mvoe C4"]'),
            "unknown action 'mvoe' (did you mean \"move\"?)",
        ),
        (('do = ["move C4", "pass"]', 'do = ["move 3D"]'), "expected one space such as D3"),
        (('role = "engineer"', 'role = "pathfinder"'), "role 'pathfinder' is taken"),
        (('draw = ["smog"]', 'draw = ["smgo"]'), 'did you mean "smog"'),
        (("seed = 7", 'seed = "seven"'), "log.toml:4: seed: expected an integer"),
        (("seed = 7", "seed = -1"), "seed: expected an integer 0..9223372036854775807"),
        (("seed = 7", 'seed = 7\nvariance = "hard"'), "variance: expected a table"),
        (('name = "Ann"', 'name = "Mary Ann"'), "a name is one word"),
        (('do = ["move C4", "pass"]', 'do = ["move Z99"]'), "Z99 is off the land (A1 to I9)"),
        (('do = ["move A8", "pass"]', 'do = ["trade Ben wood 10"]'), "a count from 1 to 5"),
        (
            ('"buy food second-wind"', '"buy fod second-wind"'),
            "unknown resource 'fod' (did you mean \"food\"?)",
        ),
        (('do = ["move C4", "pass"]', f'do = ["{"move " * 30}"]'), "is 150 characters"),
        (
            ('player = "Ann"\ndo = ["move C4"', 'player = "Anne"\ndo = ["move C4"'),
            "unknown player 'Anne'",
        ),
    ],
)
def test_refusals_name_the_line_and_key(change, expected):
    with pytest.raises(SheetError) as err:
        check_text(edit(change).encode(), "log.toml")
    assert expected in str(err.value)


def test_blank_log_checks_and_cli():
    assert rules_broken(blank_sheet("planet-78")) == []
    result = runner.invoke(app, ["check", str(EXAMPLES / "first-rounds.toml"), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    (table,) = data["players"]
    assert table["result"] == "unfinished" and data["winners"] == []
    assert {"file", "player", "valid", "violations", "score"} <= set(table)
    assert runner.invoke(app, ["check", str(EXAMPLES / "mistakes.toml")]).exit_code == 1


def test_the_docs_show_real_output(monkeypatch):
    doc = (ROOT / "docs" / "planet-78-log.md").read_text()
    monkeypatch.chdir(EXAMPLES)
    shown = 0
    for block in re.findall(r"```console\n(.*?)```", doc, re.S):
        for command, output in re.findall(
            r"^\$ sheetsmith (check [\w.-]+\.toml)\n(?!\$)(.+?)(?=^\$ |\Z)", block, re.S | re.M
        ):
            result = runner.invoke(app, command.split())
            assert (result.stdout + result.stderr).rstrip() == output.rstrip(), command
            shown += 1
    assert shown >= 2


def test_the_readmes_planet_examples_show_real_output(monkeypatch):
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Planet 78") :]
    section = section[: section.index("\n## ", 1)]
    monkeypatch.chdir(EXAMPLES)
    shown = 0
    for block in re.findall(r"```console\n(.*?)```", section, re.S):
        for command, output in re.findall(
            r"^\$ sheetsmith (check [\w.-]+\.toml)\n(.+?)(?=^\$ |\Z)", block, re.S | re.M
        ):
            result = runner.invoke(app, command.split())
            real = (result.stdout + result.stderr).rstrip()
            parts = [p.strip("\n") for p in re.split(r"^\.\.\.$", output.rstrip(), flags=re.M)]
            if len(parts) == 1:
                assert real == parts[0], command
            at = 0
            for part in filter(None, parts):  # "..." stands for lines left out
                assert part in real[at:], (command, part)
                at = real.index(part, at) + len(part)
            shown += 1
    assert shown == 2


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VERBS = st.sampled_from(
    [
        "move D3",
        "move C4",
        "move E5",
        "need",
        "ability",
        "ability E3 E2",
        "buy food second-wind",
        "card second-wind",
        "card revive Ann",
        "draw smog",
        "trade Ben wood 2",
        "deposit water",
        "take metal",
        "discard food 1",
        "spawn 2 B7",
        "pass",
        "move A1",
        "move I9",
    ]
)


@FUZZ
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Ann", "Ben"]),
            st.lists(VERBS, max_size=5),
            st.lists(st.sampled_from(["smog", "wildfire", "revive", "strike"]), max_size=2),
        ),
        max_size=30,
    ),
    st.sampled_from(["", "pollution = 6, season_length = 2", "lives = 1, piles = 4"]),
)
def test_random_games_are_replayed_or_refused(turns, variance):
    text = game_log(turns, variance)
    report = check_text(text.encode(), "fuzz.toml")
    for table in report.players:
        assert table.extra["result"] in ("won", "lost", "unfinished")
        assert all(v.rule in RULES for v in table.violations)


@FUZZ
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3000), st.sampled_from([*list('"=[]{},\n#ABCDE0123 '), "move", "draw"])
        ),
        min_size=1,
        max_size=6,
    )
)
def test_mangled_logs_never_raise_anything_else(edits):
    text = FIRST
    for at, chars in edits:
        at %= len(text) + 1
        text = text[:at] + chars + text[at + 1 :]
    try:
        check_text(text.encode(), "fuzz.toml")
    except SheetError as exc:
        assert exc.problems


def test_every_example_in_the_action_help_is_a_valid_action():
    from sheetsmith.games.planet.actions import VERBS
    from sheetsmith.games.planet.phrases import Words, read_args

    for verb, help_text in VERBS.items():
        for example in re.findall(r"e\.g\. ([^,;)]+)", help_text):
            words = example.split()
            assert words[0] == verb, (verb, example)
            assert read_args(verb, tuple(words[1:]), Words(GAME, ("Ann", "Ben")))[1] == "", example


def test_each_roles_printed_ability_example_is_taken_by_the_checker():
    from sheetsmith.games.planet.actions import ability_example

    for role in GAME.roles:
        example = ability_example(role, GAME)
        assert "ability.use" not in rules_broken(ability_log(role.id, example)), example
    assert "ability Ben" in blank_sheet("planet-78")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        # str.isdigit() takes a superscript one, int() does not
        (('do = ["move A8", "pass"]', 'do = ["trade Ben wood ¹"]'), "expected a player"),
        (('do = ["move A8", "pass"]', 'do = ["spawn ² B7"]'), "expected a spawn number"),
        (
            ("seed = 7", "seed = 0x" + "f" * 3600),
            "seed: expected an integer 0..9223372036854775807, got an integer of over 75 digits",
        ),
        (("seed = 7", "seed = " + "9" * 5000), "not valid TOML: a number with thousands of digits"),
    ],
)
def test_inputs_found_by_fuzzing_are_refused_cleanly(change, expected):
    with pytest.raises(SheetError) as err:
        check_text(edit(change).encode(), "log.toml")
    assert expected in str(err.value)


def test_pathological_lines_and_names_are_refused():
    # Both once took minutes: a header pattern that backtracked on a long line of spaces,
    # and difflib's "did you mean" on a 20,000-character name.
    for text in (
        'game = "planet-78"\nseed = 7\nunknown = 1\nzz = [\n[' + " " * 20_000 + "\n",
        'game = "planet-78"\nseed = 7\n[[players]]\nname = "'
        + "乫" * 20_000
        + '"\nrole = "pilt"\n',
    ):
        with pytest.raises(SheetError):
            check_text(text.encode(), "log.toml")


def test_a_mistake_in_a_multi_line_array_names_its_own_line():
    text = edit(
        (
            'do = ["move C4", "pass"]',
            'do = [\n  "move C4",  # a "quoted" [note]\n  "jump C3",\n]',
        )
    )
    with pytest.raises(SheetError) as err:
        check_text(text.encode(), "log.toml")
    line = text.splitlines().index('  "jump C3",') + 1
    assert f"log.toml:{line}: turn 1, action 2: unknown action 'jump'" in str(err.value)


SHEETS = Path(__file__).resolve().parent / "sheets"


@pytest.mark.parametrize(
    ("name", "wanted"),
    [
        # a card's discard may come anywhere in the turn
        ("ds2-dust-storm-late", []),
        # a card's "next turn" that falls on a dead turn is used up there
        ("d4-fatigue-dead", []),
        # disasters, once begun above 6, stop only below 6
        ("dz1-disaster-at-6", []),
        ("dz2-no-disaster-at-6", ["draws.due"]),
        # leaving a city entered against winter is not a mistake of its own
        ("w1-winter-city-through", ["move.blocked", "move.blocked"]),
    ],
)
def test_audited_games_read_as_the_rules_say(name, wanted):
    text = (SHEETS / f"planet-{name}.toml").read_text(encoding="utf-8")
    assert rules_broken(text) == wanted
    if name == "w1-winter-city-through":
        (table,) = check_text(text.encode(), "log.toml").players
        assert all("cannot be entered" in v.message for v in table.violations)

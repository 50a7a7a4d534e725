"""Whole Planet 78 games, from the first turn to a win or a loss, checked from their logs.

The games are played by `planet_bot` (a simple co-operative table) and written as the TOML a
group would type; each log is then checked from scratch, as `sheetsmith check` reads it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from planet_bot import play, to_toml
from sheetsmith.check import check_text
from sheetsmith.cli import app
from sheetsmith.errors import SheetError
from sheetsmith.games.planet.land import Settings

ROOT = Path(__file__).resolve().parent.parent
WON = ROOT / "examples" / "planet-78" / "won.toml"
ROLES = (("Ann", "engineer"), ("Ben", "pathfinder"), ("Cy", "medic"), ("Di", "trader"))
runner = CliRunner()


def test_the_whole_game_example_is_won_by_the_table():
    result = runner.invoke(app, ["check", str(WON), "--json"])
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout)
    (table,) = data["players"]
    assert table["valid"] and table["result"] == "won"
    assert data["winners"] == ["Ann", "Ben"]
    assert table["score"]["piles"] == table["score"]["piles_needed"] == 10
    assert table["score"]["needs"] == 4


def test_the_example_is_the_bots_game_on_seed_7():
    assert WON.read_text() == to_toml(play(7)), (
        "regenerate: python tests/planet_bot.py 7 > examples/planet-78/won.toml"
    )


@pytest.mark.parametrize(
    ("players", "variance", "seed", "result"),
    [
        (2, None, 3, "won"),
        (4, Settings(pollution=4, season_length=3, lives=1, piles=3), 2, "won"),
        (1, Settings(pollution=6, season_length=3, lives=2, piles=4), 1, "won"),
        (3, None, 7, "lost"),
        (1, Settings(pollution=4, season_length=3, lives=1, piles=3), 5, "lost"),
    ],
)
def test_a_whole_game_replays_from_its_log(players, variance, seed, result):
    bot = play(seed, ROLES[:players], variance)
    report = check_text(to_toml(bot).encode(), "game.toml")
    (table,) = report.players
    assert table.violations == ()
    assert table.extra["result"] == bot.g.result == result
    assert dict(table.score)["pollution"] == bot.g.pollution
    assert dict(table.score)["piles"] == sum(bot.g.piles.values())
    assert report.winners == (tuple(n for n, _ in ROLES[:players]) if result == "won" else ())


def without(text: str, action: str, occurrence: int = -1) -> str:
    """The log with one action left out (the last one typed, by default)."""
    spots = [m.start() for m in re.finditer(re.escape(f'"{action}"'), text)]
    at = spots[occurrence]
    rest = text[at + len(action) + 2 :]
    rest = rest[2:] if rest.startswith(", ") else rest
    head = text[:at]
    if rest.startswith("]") and head.endswith(", "):
        head = head[:-2]
    return head + rest


@pytest.mark.parametrize("action", ["deposit wood", "deposit water", "need"])
def test_a_game_missing_a_pile_or_a_need_is_not_won(action):
    text = without(WON.read_text(), action, 0)
    (table,) = check_text(text.encode(), "won.toml").players
    assert table.extra["result"] != "won"


def test_a_game_cut_short_is_unfinished_and_follows_the_rules():
    text = WON.read_text()
    cut = text[: text.rindex("[[turns]]")]
    report = check_text(cut.encode(), "won.toml")
    (table,) = report.players
    assert report.valid and table.extra["result"] == "unfinished" and report.winners == ()


def test_a_mistake_deep_in_a_whole_game_is_named_with_its_turn():
    text = WON.read_text()
    turn = text.index("[[turns]]   # 61:")
    move = re.compile(r'"move [A-I][1-9]"').search(text, turn)
    assert move is not None
    mistaken = text[: move.start()] + '"move A1"' + text[move.end() :]
    (table,) = check_text(mistaken.encode(), "won.toml").players
    first = table.violations[0]
    assert first.rule in {"move.adjacent", "move.blocked"}
    assert first.where.startswith("turn 6")


def test_several_logs_are_summed_up_one_game_a_row(monkeypatch):
    monkeypatch.chdir(WON.parent)
    result = runner.invoke(app, ["check", "first-rounds.toml", "won.toml", "mistakes.toml"])
    assert result.exit_code == 1
    out = result.stdout
    assert re.search(r"^game +file +result +rules broken$", out, re.M)
    assert re.search(r"^Ann and Ben +mistakes\.toml +unfinished +3$", out, re.M)
    assert out.rstrip().endswith("Won: The bots, seed 7 (won.toml)")
    assert " day " not in out


ACTIONS = st.sampled_from(
    [
        "move E5",
        "move A1",
        "move I9",
        "need",
        "pass",
        "deposit wood",
        "draw revive",
        "card backpack",
        "card revive Ben",
        "buy food air-filter",
        "trade Ben food 5",
        "discard water 2",
        "take metal",
        "spawn 2 B7",
        "ability E4 E5",
        "ability",
    ]
)
MUTATION = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 111)),
    st.tuples(st.just("repeat"), st.integers(0, 111)),
    st.tuples(st.just("swap"), st.integers(0, 111), st.integers(0, 111)),
    st.tuples(st.just("replace"), st.integers(0, 111), ACTIONS),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(MUTATION, min_size=1, max_size=5))
def test_a_whole_game_mangled_at_random_is_judged_never_crashes(mutations):
    head, *turns = WON.read_text().split("[[turns]]")
    for m in mutations:
        k = m[1] % len(turns)
        if m[0] == "delete" and len(turns) > 1:
            del turns[k]
        elif m[0] == "repeat":
            turns.insert(k, turns[k])
        elif m[0] == "swap":
            j = m[2] % len(turns)
            turns[k], turns[j] = turns[j], turns[k]
        elif m[0] == "replace":
            turns[k] = re.sub(r'do = \[".*?"', f'do = ["{m[2]}"', turns[k], count=1)
    text = "[[turns]]".join([head, *turns])
    try:
        report = check_text(text.encode(), "won.toml")
    except SheetError as err:  # a refusal names its file
        assert "won.toml" in str(err)
        return
    (table,) = report.players
    assert table.extra["result"] in {"won", "lost", "unfinished"}
    assert report.valid == (table.violations == ())

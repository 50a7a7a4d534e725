"""The bundled Personal Space definition: complete, consistent, and located errors."""

from __future__ import annotations

import pytest

from sheetsmith.definition import definition_path, load, load_bytes
from sheetsmith.errors import DefinitionError, OptionError
from sheetsmith.games.space.links import targets, urls
from sheetsmith.site.urls import MAX_URL_BYTES, base_url

TEXT = (definition_path("personal-space")).read_text(encoding="utf-8")
RULE_ACTIONS = [
    "Adopt",
    "Birthday Wish",
    "Buy",
    "Donate",
    "Eat",
    "Exercise",
    "Explore",
    "Feed",
    "Hobby",
    "Internet",
    "Jukebox",
    "Move",
    "Neighbor",
    "Rearrange",
    "Resource Production",
    "Review",
    "Rocket Launcher",
    "Run",
    "Show",
    "Suggest",
    "Train",
    "Trade",
    "Transfer",
    "Use",
    "Volunteer",
    "Work",
    "Zoo",
]


@pytest.fixture(scope="module")
def game():
    return load("personal-space")


def test_every_action_of_the_rules_once(game):
    assert [a.name for a in game.actions] == RULE_ACTIONS
    assert len(game.actions) == 27


def test_letter_codes_keep_the_ones_the_rules_name_and_are_unique(game):
    codes = {a.id: a.code for a in game.actions}
    assert codes["move"] == "M" and codes["work"] == "W" and codes["resource"] == "R"
    assert codes["neighbor"] == "N" and codes["trade"] == "TR" and codes["internet"] == "I"
    assert codes["show"] == "SH" and codes["review"] == "RV" and codes["rearrange"] == "RA"
    assert codes["use"] == "U" and codes["zoo"] == "Z"
    assert len(set(codes.values())) == len(codes)


def test_jobs_use_both_time_cost_shapes_and_valid_days(game):
    assert len(game.jobs) >= 3
    assert {j.time_shape for j in game.jobs} == {"connected", "line"}
    for job in game.jobs:
        assert set(job.work_days) <= set(game.sheet.days)
        assert 0 <= job.yellow_start <= job.track and 0 <= job.purple_start <= job.track
        assert job.actions and all(1 <= len(a.dice) <= 3 for a in job.actions)
    assert any(a.label == "4+3" and a.name == "Lucky Day" for j in game.jobs for a in j.actions)


def test_neighbors_differ_in_range_and_trade(game):
    assert len(game.neighbors) >= 6
    assert len({n.range for n in game.neighbors}) == len(game.neighbors)
    assert len({(n.trade_gives, n.trade_wants) for n in game.neighbors}) == len(game.neighbors)
    assert {n.reach for n in game.neighbors} >= {1, 2}
    for neighbor in game.neighbors:
        assert neighbor.trade_wants == neighbor.favorite
        assert neighbor.friends and neighbor.not_friends
    kinds = {g.kind for n in game.neighbors for g in n.friends + n.not_friends}
    assert kinds == {"hello", "item", "trade", "request", "task"}
    assert max(len(g.steps) for n in game.neighbors for g in n.friends) == 4


def test_prices_from_the_rules(game):
    assert [game.prices.show[d] for d in game.sheet.days] == [2, 2, 2, 2, 2, 3, 3]
    assert (game.prices.zoo, game.prices.zoo_with_feed, game.prices.jukebox, game.prices.adopt) == (
        2,
        3,
        1,
        10,
    )
    assert game.sheet.mood.bad_at_most == 3 and game.sheet.pockets == 3


def test_generators(game):
    assert len(game.hole.rewards) == game.hole.levels == 6
    assert [b.name for b in game.pond.bets] == ["Even", "Odd", "1-2", "3-4", "5-6", "Same"]
    assert game.tree.column_rewards == ("fruit",) * 4 + ("wood",) * 2


def test_errors_are_all_reported_with_lines():
    broken = (
        TEXT.replace('code = "RV"', 'code = "R"')
        .replace(
            '"Come back to Juniper\'s house and clear the last cube.",',
            '"Come back to Juniper\'s house and clear the last cube.", "And a fifth.",',
        )
        .replace('favorite = "rock"', 'favorite = "rocks"')
        .replace('{ step = "Gain", text', '{ step = "Gain", txt')
    )
    with pytest.raises(DefinitionError) as err:
        load_bytes(broken.encode(), "ps.toml")
    text = str(err.value)
    assert "letter code 'R' is also resource's" in text
    assert "a task has 1 to 4 steps" in text
    assert "favorite: expected one of" in text and 'did you mean "rock"' in text
    assert "generators.tree.how_to 3, txt" in text and 'did you mean "text"' in text
    assert all(str(p).startswith("ps.toml:") for p in err.value.problems)


def test_targets_are_stable_paths(game):
    paths = [t.path for t in targets(game)]
    assert paths[:2] == ["neighbors/marga.html", "neighbors/bo.html"]
    assert paths[-3:] == ["locations/theater.html", "locations/zoo.html", "locations/jukebox.html"]
    assert len(set(paths)) == len(paths)


@pytest.mark.parametrize(
    "bad",
    [
        "ftp://x.org/",
        "x.org",
        "javascript:alert(1)",
        "http://",
        "https://x.org/?a=1",
        "https://x .org/",
    ],
)
def test_base_url_must_be_http(bad):
    with pytest.raises(OptionError) as err:
        base_url(bad)
    assert "--base-url" in str(err.value)


def test_base_url_too_long_for_a_scannable_code(game):
    with pytest.raises(OptionError) as err:
        urls(game, "https://example.org/" + "a" * MAX_URL_BYTES)
    assert "bytes" in str(err.value)
    found = urls(game, "https://ps.example.org/club")
    assert all(u.startswith("https://ps.example.org/club/") for u in found.values())


@pytest.mark.parametrize("bad", ["javascript:alert(1)//", "ftp://x.org/", "https://x .org/"])
def test_a_definitions_own_base_url_is_refused_at_its_line(bad):
    """Said as the definition's problem, where it is, not as an option nobody gave."""
    text = TEXT.replace('base_url = "', f'base_url = "{bad}" #', 1)
    with pytest.raises(DefinitionError) as caught:
        load_bytes(text.encode(), "mine.toml")
    (problem,) = caught.value.problems
    assert problem.key == "site.base_url" and problem.file == "mine.toml"
    assert text.splitlines()[problem.line - 1].startswith("base_url =")
    assert "--base-url" not in problem.message

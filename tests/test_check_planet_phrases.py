"""Planet 78 actions as typed: names, resources and cards inside an action, read leniently
where they can mean one thing only, refused with the nearest choice where they cannot; checked
through the command line, as a group meets them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetsmith.check import check_text
from sheetsmith.cli import app
from sheetsmith.errors import SheetError
from test_check_planet import edit

runner = CliRunner()


def cli_check(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "log.toml"
    path.write_text(text)
    result = runner.invoke(app, ["check", str(path)])
    return result.exit_code, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (
            "trade Zed food 1",
            "unknown player 'Zed' (did you mean \"Ben\"?); the players are Ann, Ben",
        ),
        ("trade Bn food 1", "unknown player 'Bn' (did you mean \"Ben\"?)"),
        ("card revive Zed", "'card revive Zed': unknown player 'Zed' (did you mean \"Ben\"?)"),
        ("deposit Fod", 'did you mean "food"'),
        ("trade Ben Fod 1", "unknown resource 'Fod' (did you mean \"food\"?)"),
        ("buy FOD air-filter", "unknown resource 'FOD' (did you mean \"food\"?)"),
        ("buy food air filtr", "unknown card 'air filtr' (did you mean \"air-filter\"?)"),
    ],
)
def test_a_name_resource_or_card_that_is_none_is_refused_with_the_nearest(
    tmp_path, action, expected
):
    code, out = cli_check(tmp_path, edit(('do = ["move A8", "pass"]', f'do = ["{action}"]')))
    assert code == 2, out
    assert expected in out


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("trade ben food 1", "trade Ben food 1"),
        ("trade BEN Food 1", "trade Ben food 1"),
        ("deposit Food", "deposit food"),
        ("buy food air filter", "buy food air-filter"),
        ("buy Food AIR FILTER", "buy food air-filter"),
        ("draw air filter", "draw air-filter"),
        ("draw Air_Filter", "draw air-filter"),
    ],
)
def test_names_resources_and_cards_in_any_case_or_spacing_are_accepted(tmp_path, typed, canonical):
    def verdict(action: str) -> tuple[int, str]:
        code, out = cli_check(tmp_path, edit(('do = ["move A8", "pass"]', f'do = ["{action}"]')))
        return code, out.replace(action, "ACTION")

    assert verdict(typed) == verdict(canonical)
    assert verdict(canonical)[0] in (0, 1)  # read, then judged


def test_in_a_card_action_a_space_may_stand_for_the_hyphen():
    # the most words that name a card: `card second wind` is Second Wind, and in
    # `card revive Ben` "revive Ben" names no card, so Ben is the player revived
    spaced = check_text(edit(('"card second-wind"', '"card second wind"')).encode(), "log.toml")
    hyphen = check_text(edit(('"card second-wind"', '"card second-wind"')).encode(), "log.toml")
    assert spaced.as_json()["players"] == hyphen.as_json()["players"]
    with pytest.raises(SheetError) as err:
        check_text(edit(('"card second-wind"', '"card second wand"')).encode(), "log.toml")
    assert "unknown card" in str(err.value) and 'did you mean "second-wind"' in str(err.value)

"""Scoring and rules of typed My Corner of the Sky sheets, checked by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetsmith.check import blank_sheet, check_documents, check_text
from sheetsmith.definition import load
from sheetsmith.games.sky.checker import filled_squares, largest_region
from sheetsmith.toml.document import parse_toml_bytes
from skysheets import STARS, full, sheet, square

SHEETS = Path(__file__).parent / "sheets"


def one(text: str, name: str = "sheet.toml"):
    report = check_text(text.encode(), name)
    assert len(report.players) == 1
    return report.players[0]


def rules_of(result) -> list[str]:
    return [v.rule for v in result.violations]


def table(*texts: str):
    return check_documents(
        [parse_toml_bytes(t.encode(), f"p{i}.toml") for i, t in enumerate(texts, start=1)]
    )


# --- the spec's own example -------------------------------------------------------------


def test_spec_example_scores_exactly():
    report = table((SHEETS / "spec-example.toml").read_text())
    assert report.as_json() == {
        "game": "my-corner-of-the-sky",
        "players": [
            {
                "file": "p1.toml",
                "player": "Maddy",
                # version 2: MENTOR's □1 box is filled, and the map completes no square
                "valid": False,
                "violations": [
                    {
                        "rule": "squares-overspent",
                        "where": "square boxes",
                        "message": "the □ boxes filled (supporters.mentor) need 1 completed"
                        " squares, but the map has 0",
                    }
                ],
                "score": {
                    "largest_region": 0,
                    "stars": 10,
                    "articles": 8,
                    "publisher": 0,
                    "headhunter": 0,
                    "multiplayer": 0,
                    "total": 18,
                },
                "rank": "Ptolomy",
            }
        ],
        "winners": ["Maddy"],
    }


def test_blank_sheet_is_valid_and_scores_zero():
    result = one(blank_sheet("my-corner-of-the-sky"), "blank.toml")
    assert result.valid
    assert result.player == "blank"  # empty player: the file name
    assert result.total == 0
    assert result.rank == "Messier"


def test_only_game_is_required():
    result = one('game = "my-corner-of-the-sky"\n', "alone.toml")
    assert result.valid and result.total == 0 and result.player == "alone"


# --- the star map ------------------------------------------------------------------------


def test_square_needs_all_four_corners():
    corners = square(2, 2)
    assert filled_squares(frozenset(corners), 11) == {(2, 2)}
    for missing in corners:
        assert filled_squares(frozenset(corners - {missing}), 11) == set()


def test_region_counts_diagonal_neighbours():
    # Two squares touching only at a corner are one region of 2 (8-neighbourhood).
    points = square(0, 0) | square(1, 1)
    assert one(sheet(points)).score["largest_region"] == 2


def test_region_is_the_largest_group_not_the_sum():
    # A 2x2 block of squares (4) and, apart, a single square (1).
    block = square(0, 0) | square(1, 0) | square(0, 1) | square(1, 1)
    apart = square(6, 6)
    assert largest_region(filled_squares(frozenset(block | apart), 11)) == 4
    assert one(sheet(block | apart)).score["largest_region"] == 4


def test_full_map_is_one_region_of_100():
    points = {(x, y) for x in range(11) for y in range(11)}
    result = one(sheet(points))
    assert result.score["largest_region"] == 100
    assert result.score["stars"] == 10


def test_stars_count_filled_star_points_only():
    result = one(sheet([*STARS[:3], (2, 2), (5, 5)]))
    assert result.score["stars"] == 3


def test_typed_row_order_is_top_row_first():
    # The first typed row is y = 10: (9, 10) is a star there; the last row is y = 0.
    text = (
        'game = "my-corner-of-the-sky"\nstar_map = """\n'
        + "\n".join([". . . . . . . . . x ."] + [". " * 10 + "."] * 9 + [". x . . . . . . . . ."])
        + '\n"""\n'
    )
    assert one(text).score["stars"] == 2


# --- worked examples from the rules --------------------------------------------------------


def test_maddy_spends_on_positioning_ii_week_2_and_friday():
    # Lowest die 2 + Monday's two filled ◇ + one △ = 5 experience: 3 on POSITIONING II,
    # 1 on week 2's ◇1, 1 on Friday's ◇1. Nothing is complete yet: a valid sheet, no points.
    result = one(
        sheet(
            abilities={"positioning-ii": "x ."},
            articles={"week-2": ("x . .", "")},
            schedule={"monday": "x x . .", "friday": "x . . ."},
        )
    )
    assert result.valid
    assert result.total == 0


def test_emily_circles_six_for_a_complete_week_2():
    result = one(sheet(articles={"week-2": (full(3), "6")}))
    assert result.valid
    assert result.score["articles"] == 6


def test_dave_spends_his_star_and_two_squares():
    # One star point and two completed squares: the star on OPTIMIZING's ☆, the squares on
    # OPTIMIZING's □1 and week 4's □1.
    points = square(0, 2) | square(0, 3) | {(1, 4)}  # (0, 3) is a star point
    assert (0, 3) in STARS
    result = one(
        sheet(
            points,
            abilities={"optimizing": ". x x"},
            articles={"week-4": ("x . . . .", "")},
        )
    )
    assert result.score["stars"] == 1
    assert result.score["largest_region"] == 2
    assert result.valid


# --- articles --------------------------------------------------------------------------------


def test_point_reward_scores_no_article_points():
    result = one(sheet(articles={"week-1": (full(2), "point")}))
    assert result.valid and result.score["articles"] == 0


def test_reward_without_article_kept_and_broken():
    assert one(sheet([*STARS[:1], *square(0, 0)], articles={"week-3": (full(4), "5")})).valid
    broken = one(sheet(square(0, 0), articles={"week-3": ("x x x .", "5")}))
    assert rules_of(broken) == ["reward-without-article"]
    assert broken.violations[0].where == "articles.week-3.reward"
    assert broken.score["articles"] == 0


def test_point_reward_without_article_is_broken_too():
    broken = one(sheet(articles={"week-1": ("x .", "point")}))
    assert rules_of(broken) == ["reward-without-article"]


def test_wrong_reward_kept_and_broken():
    assert one(sheet(articles={"week-2": (full(3), "6")})).valid
    broken = one(sheet(articles={"week-2": (full(3), "8")}))
    assert rules_of(broken) == ["wrong-reward"]
    assert broken.violations[0].where == "articles.week-2.reward"
    assert broken.score["articles"] == 0


def test_wrong_reward_on_incomplete_article_breaks_both_rules():
    broken = one(sheet(articles={"week-1": ("x .", "3")}))
    assert sorted(rules_of(broken)) == ["reward-without-article", "wrong-reward"]


def test_reward_may_be_typed_as_a_toml_integer():
    text = 'game = "my-corner-of-the-sky"\n[articles]\nweek-1 = { cost = "xx", reward = 8 }\n'
    assert one(text).score["articles"] == 8


@pytest.mark.parametrize("typed", ['"-8"', "-8", '"10000"', "100000", '"0"', "0"])
def test_any_whole_number_other_than_the_printed_one_is_a_wrong_reward(typed):
    # the contract: a number other than the printed reward is `wrong-reward`, not a refusal
    text = (
        f'game = "my-corner-of-the-sky"\n[articles]\nweek-1 = {{ cost = "xx", reward = {typed} }}\n'
    )
    broken = one(text)
    assert rules_of(broken) == ["wrong-reward"] and broken.score["articles"] == 0


@pytest.mark.parametrize("typed", ['"+8"', '" 8 "', "8"])
def test_the_printed_reward_may_carry_a_sign_or_spaces(typed):
    text = (
        f'game = "my-corner-of-the-sky"\n[articles]\nweek-1 = {{ cost = "xx", reward = {typed} }}\n'
    )
    assert one(text).score["articles"] == 8 and not rules_of(one(text))


def test_all_articles_sum_their_rewards():
    arts = {a.id: (full(len(a.cost)), str(a.reward)) for a in load("my-corner-of-the-sky").articles}
    assert one(sheet(articles=arts)).score["articles"] == 8 + 6 + 5 + 4 + 3


# --- stars overspent -------------------------------------------------------------------------


def test_stars_overspent_kept_with_enough_stars():
    result = one(sheet(STARS[:2], abilities={"plotting-iv": ". x"}, schedule={"sunday": ". . . x"}))
    assert result.valid


def test_stars_overspent_broken():
    result = one(sheet(STARS[:1], abilities={"plotting-iv": ". x"}, schedule={"sunday": ". . . x"}))
    assert rules_of(result) == ["stars-overspent"]
    assert "abilities.plotting-iv" in result.violations[0].message
    assert "schedule.sunday" in result.violations[0].message
    assert "but only 1 star point on the map" in result.violations[0].message


def test_stars_overspent_allowed_with_optimizing():
    result = one(sheet(STARS[:1], abilities={"optimizing": "x x x", "plotting-iv": ". x"}))
    assert result.valid


def test_stars_in_every_table_count():
    result = one(
        sheet(
            STARS[:3],
            supporters={"mathematician": ". x x"},
            articles={"week-3": (". . . x", "")},
        )
    )
    assert result.valid
    result = one(
        sheet(
            STARS[:2],
            supporters={"mathematician": ". x x"},
            articles={"week-3": (". . . x", "")},
        )
    )
    assert rules_of(result) == ["stars-overspent"]


# --- supporters that score ------------------------------------------------------------------


def test_publisher_scores_articles_and_full_days():
    result = one(
        sheet(
            supporters={"publisher": full(4)},
            articles={"week-1": (full(2), "point"), "week-2": ("x x .", "")},
            schedule={"monday": full(4), "tuesday": "x x x ."},
        )
    )
    assert result.score["publisher"] == 1 + 3


def test_publisher_not_acquired_scores_nothing():
    result = one(
        sheet(
            supporters={"publisher": "x x x ."},
            articles={"week-1": (full(2), "8")},
            schedule={"monday": full(4)},
        )
    )
    assert result.score["publisher"] == 0


def test_headhunter_counts_itself_but_not_the_starting_abilities():
    result = one(
        sheet(
            abilities={"positioning-ii": full(2), "recording": full(2)},
            supporters={"headhunter": full(6), "mentor": full(2), "promoter": "x x x x ."},
        )
    )
    assert result.score["headhunter"] == 4


def test_headhunter_not_acquired_scores_nothing():
    result = one(
        sheet(abilities={"positioning-ii": full(2)}, supporters={"headhunter": "x x x x x ."})
    )
    assert result.score["headhunter"] == 0


@pytest.mark.parametrize(
    ("total", "rank"),
    [
        (0, "Messier"),
        (9, "Messier"),
        (10, "Ptolomy"),
        (19, "Ptolomy"),
        (20, "Brahe"),
        (25, "Copernicus"),
        (30, "Herschel"),
        (35, "Kepler"),
        (40, "Hubble"),
        (45, "Hipparchus"),
        (49, "Hipparchus"),
        (50, "Galileo"),
        (120, "Galileo"),
    ],
)
def test_ranks(total, rank):
    assert load("my-corner-of-the-sky").rank_for(total) == rank


def test_rank_follows_the_total():
    points = {(x, y) for x in range(11) for y in range(11)}
    assert one(sheet(points)).rank == "Galileo"  # 100 + 10


# --- several sheets: one game ----------------------------------------------------------------


def test_multiplayer_bonus_for_what_only_one_player_has():
    a = sheet(
        player="Ann",
        articles={"week-1": (full(2), "8")},
        abilities={"recording": full(2)},
        supporters={"researcher-1": full(5)},
    )
    b = sheet(
        player="Ben", articles={"week-1": (full(2), "point")}, supporters={"researcher-2": full(5)}
    )
    report = table(a, b)
    ann, ben = report.players
    # week-1 both have; recording and researcher-1 only Ann; researcher-2 only Ben.
    assert ann.score["multiplayer"] == 2
    assert ben.score["multiplayer"] == 1
    assert ann.total == 8 + 2
    assert report.winners == ("Ann",)


def test_single_sheet_gets_no_multiplayer_bonus():
    result = one(sheet(abilities={"recording": full(2)}))
    assert result.score["multiplayer"] == 0


def test_starting_abilities_never_give_a_bonus():
    report = table(sheet(player="Ann"), sheet(player="Ben"))
    assert [p.score["multiplayer"] for p in report.players] == [0, 0]


def test_tie_broken_by_stars():
    # Ann: one square (1) + no stars = 1 ... Ben: one star = 1. Same total, Ben has more stars.
    ann = sheet(square(4, 4), player="Ann")
    ben = sheet([STARS[0]], player="Ben")
    report = table(ann, ben)
    assert [p.total for p in report.players] == [1, 1]
    assert report.winners == ("Ben",)


def test_full_tie_is_shared():
    report = table(
        sheet([STARS[0]], player="Ann"), sheet([STARS[1]], player="Ben"), sheet(player="Cy")
    )
    assert report.winners == ("Ann", "Ben")


def test_sheets_of_a_table_must_share_the_game(tmp_path):
    from sheetsmith.check import blank_sheet
    from sheetsmith.errors import SheetError

    with pytest.raises(SheetError) as err:
        table(sheet(), blank_sheet("personal-space"))
    assert "p2.toml" in str(err.value) and "must be of one game" in str(err.value)


@pytest.mark.parametrize("typed", ['""', '" "', '"   "'])
def test_a_starting_ability_typed_with_no_boxes_is_accepted(typed):
    text = f'game = "my-corner-of-the-sky"\n[abilities]\nplotting-i = {typed}\n'
    assert one(text).violations == ()


@pytest.mark.parametrize("typed", ['"x"', '". x"', '"\\t"'])
def test_a_starting_ability_typed_with_a_box_is_refused(typed):
    from sheetsmith.errors import SheetError

    text = f'game = "my-corner-of-the-sky"\n[abilities]\npositioning-i = {typed}\n'
    with pytest.raises(SheetError) as err:
        check_text(text.encode(), "sheet.toml")
    assert "held from the start" in str(err.value)

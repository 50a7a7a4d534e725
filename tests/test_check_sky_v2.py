"""Contract version 2: `squares-overspent`, and the ☆ and □ boxes of articles left out once
RECORDING or PROMOTER is acquired (each fills an article's leftmost empty box, any kind).
Each case kept and broken; RECORDING, PROMOTER and OPTIMIZING alone and together."""

from __future__ import annotations

from sheetsmith.check import check_text
from skysheets import STARS, full, sheet, square


def rules(text: str) -> list[str]:
    (player,) = check_text(text.encode()).players
    return [v.rule for v in player.violations]


def squares(count: int) -> set[tuple[int, int]]:
    """`count` completed squares, none touching another (each is its own region)."""
    return {point for i in range(count) for point in square(3 * i, 5)}


RECORDING = {"recording": "x x"}  # □1 ◇4: needs one square itself
PROMOTER = {"promoter": full(5)}  # ◇1 ◇1 □1 □1 □1: needs three
OPTIMIZING = {"optimizing": "x x x"}  # ◇1 ☆ □1: its ☆ and □1 need nothing once acquired


# -- squares-overspent ----------------------------------------------------------------------


def test_a_square_box_needs_a_completed_square():
    assert rules(sheet(squares(1), supporters={"mentor": "x x"})) == []
    assert rules(sheet(supporters={"mentor": "x x"})) == ["squares-overspent"]


def test_a_two_square_box_needs_two():
    publisher = {"publisher": full(4)}  # □1 □1 ◇3 □2: 4 squares
    assert rules(sheet(squares(4), supporters=publisher)) == []
    assert rules(sheet(squares(3), supporters=publisher)) == ["squares-overspent"]


def test_every_completed_square_counts_not_only_the_largest_region():
    text = sheet(squares(2), supporters={"mentor": "x x", "coordinator": "x . . . ."})
    (player,) = check_text(text.encode()).players
    assert player.score["largest_region"] == 1 and player.valid


def test_partly_filled_costs_count_box_by_box():
    assert rules(sheet(squares(1), abilities={"positioning-iv": "x x . . . ."})) == [
        "squares-overspent"
    ]
    assert rules(sheet(squares(2), abilities={"positioning-iv": "x x . . . ."})) == []


def test_article_square_boxes_count_without_recording_or_promoter():
    week_5 = {"week-5": ("x x x x x x x", "")}  # □1 ◇1 ◇6 □1 □1 □1 ◇2: four squares
    assert rules(sheet(squares(4), articles=week_5)) == []
    assert rules(sheet(squares(3), articles=week_5)) == ["squares-overspent"]


def test_the_message_names_the_boxes_and_both_counts():
    (player,) = check_text(sheet(supporters={"mentor": "x x"}).encode()).players
    (violation,) = player.violations
    assert violation.where == "square boxes"
    assert "supporters.mentor" in violation.message and "need 1" in violation.message
    assert "has 0" in violation.message


# -- RECORDING ------------------------------------------------------------------------------


def test_recording_leaves_article_boxes_out_of_both_counts():
    week_4 = {"week-4": (full(5), "4")}  # □1 ◇1 ◇5 ☆ □1
    assert rules(sheet(squares(1), abilities=RECORDING, articles=week_4)) == []
    partial = {"recording": "x ."}  # not acquired: week 4's ☆ and two □1 count
    assert rules(sheet(squares(1), abilities=partial, articles=week_4)) == [
        "stars-overspent",
        "squares-overspent",
    ]


def test_recording_still_pays_for_its_own_square():
    assert rules(sheet(abilities=RECORDING)) == ["squares-overspent"]


def test_recording_does_not_cover_ability_or_schedule_stars():
    text = sheet(squares(1), abilities={**RECORDING, "plotting-iv": "x x"})
    assert rules(text) == ["stars-overspent"]
    assert rules(sheet(squares(1), abilities=RECORDING, schedule={"monday": "x x x x"})) == [
        "stars-overspent"
    ]


# -- PROMOTER -------------------------------------------------------------------------------


def test_promoter_leaves_article_boxes_out_of_both_counts():
    week_3 = {"week-3": (full(4), "5")}  # □1 ◇1 ◇5 ☆
    assert rules(sheet(squares(3), supporters=PROMOTER, articles=week_3)) == []
    # not acquired: its two filled □1 and week 3's □1 need three squares, and week 3's ☆ a star
    assert rules(sheet(squares(2), supporters={"promoter": "x x x x ."}, articles=week_3)) == [
        "stars-overspent",
        "squares-overspent",
    ]


def test_promoter_still_pays_for_its_own_squares():
    assert rules(sheet(squares(2), supporters=PROMOTER)) == ["squares-overspent"]


# -- OPTIMIZING -----------------------------------------------------------------------------


def test_optimizing_makes_one_square_boxes_free_and_lifts_the_star_limit():
    text = sheet(abilities=OPTIMIZING, supporters={"mentor": "x x", "mathematician": "x x x"})
    assert rules(text) == []


def test_optimizing_does_not_pay_a_two_square_box():
    publisher = {"publisher": full(4)}  # □1 □1 free; □2 needs 2
    assert rules(sheet(squares(2), abilities=OPTIMIZING, supporters=publisher)) == []
    assert rules(sheet(squares(1), abilities=OPTIMIZING, supporters=publisher)) == [
        "squares-overspent"
    ]


def test_optimizing_not_acquired_changes_nothing():
    text = sheet(abilities={"optimizing": "x x ."}, supporters={"mentor": "x x"})
    assert rules(text) == ["stars-overspent", "squares-overspent"]


# -- together -------------------------------------------------------------------------------


def test_recording_and_promoter_together():
    week_5 = {"week-5": (full(7), "3"), "week-4": (full(5), "4")}
    assert rules(sheet(squares(4), abilities=RECORDING, supporters=PROMOTER, articles=week_5)) == []
    assert rules(sheet(squares(3), abilities=RECORDING, supporters=PROMOTER)) == [
        "squares-overspent"
    ]


def test_optimizing_with_recording_and_promoter():
    headhunter = {"headhunter": full(6)}  # ◇7 □1 ◇2 ◇2 ◇2 □2: with OPTIMIZING, 2 squares
    articles = {"week-5": (full(7), "3")}
    abilities = {**OPTIMIZING, **RECORDING}
    supporters = {**PROMOTER, **headhunter}
    assert (
        rules(sheet(squares(2), abilities=abilities, supporters=supporters, articles=articles))
        == []
    )
    assert rules(
        sheet(squares(1), abilities=abilities, supporters=supporters, articles=articles)
    ) == ["squares-overspent"]


def test_stars_overspent_is_unchanged_where_version_2_says_nothing():
    stars = {"mathematician": "x x x"}  # ◇4 ☆ ☆
    assert rules(sheet(STARS[:2], supporters=stars)) == []
    assert rules(sheet(STARS[:1], supporters=stars)) == ["stars-overspent"]

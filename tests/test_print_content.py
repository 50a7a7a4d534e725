"""What the printed components tell a player, read off their layouts: the Log line on every
Personal Space action card, job tracks that hold the game's 10 mm cubes, the season jump on
Planet 78's Need tiles, and the Move card worded the way `check` reads Speed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from printcheck import rendered_pages, squash
from sheetsmith.definition import load, load_bytes
from sheetsmith.games.planet.tiles import SEASON_JUMP, special_fronts, tile_size
from sheetsmith.games.space.actions import action_front
from sheetsmith.games.space.job_tracks import hour_rects, space_rects
from sheetsmith.games.space.jobs import job_front
from sheetsmith.games.space.postcard import START_LINE, job_layout, shared_start
from sheetsmith.print.primitives import MM, Group, Item, Rect, Stamp, Text, TextBox
from sheetsmith.print.text import fit

SPACE = load("personal-space")
PLANET = load("planet-78")
CUBE_ROOM = 10.5 * MM  # a 10 mm cube, and a little play


def leaves(items) -> Iterator[Item]:
    for item in items:
        if isinstance(item, Group | Stamp):
            yield from leaves(item.items)
        else:
            yield item


def words(items) -> str:
    """The text a player reads on a layout, lines joined by spaces."""
    found = []
    for item in leaves(items):
        if isinstance(item, Text):
            found.append(item.text)
        elif isinstance(item, TextBox):
            found.append(" ".join(fit(item).lines))
    return squash(" ".join(found))


def component_words(game_id: str, component: str, paper: str = "letter") -> str:
    pages = rendered_pages(paper)[(game_id, component)]
    return " ".join(words(page.items) for page in pages)


# -- (a) the Log line on every action card ---------------------------------------------------


def test_every_action_has_the_log_line_the_rules_give_it():
    for action in SPACE.actions:
        assert action.log, action.id
        during_a_move = action.timing.lower().startswith("during")
        # Explore and Train: "Add to your Move entry"; Run: "Part of your Move entry"
        assert ("Move's entry" in action.log) == during_a_move, action.id
    hobby = SPACE.action("hobby")
    assert "each action" in hobby.log  # "Multiple entries if different actions are required"


def test_every_action_card_prints_its_log_line():
    for action in SPACE.actions:
        text = words(action_front(action))
        assert "LOG" in text, action.id
        assert squash(action.log[:1].upper() + action.log[1:]) in text, action.id
        for item in leaves(action_front(action)):
            if isinstance(item, TextBox):
                assert fit(item).fits, (action.id, item.text)
    printed = component_words("personal-space", "actions")
    assert printed.count("LOG ") >= len(SPACE.actions)
    assert printed.count("A new entry.") == sum(a.log == "a new entry" for a in SPACE.actions)


def test_an_action_without_a_log_line_still_prints(tmp_path):
    """`log` is optional in a definition: the card then has no log band."""
    from sheetsmith.definition import definition_path

    text = definition_path("personal-space").read_text(encoding="utf-8")
    text = text.replace('log = "a new entry"\n', "", 1)
    game = load_bytes(text.encode(), "game.toml")
    (bare,) = [a for a in game.actions if not a.log]
    assert "LOG" not in words(action_front(bare))


# -- (b) job tracks that hold the cubes ------------------------------------------------------


def inner(rect: Rect) -> tuple[float, float]:
    """The room inside a space's outline."""
    return rect.width - rect.line_width, rect.height - rect.line_width


def drawn_rects(items) -> list[Rect]:
    return [i for i in leaves(items) if isinstance(i, Rect)]


def same_place(a: Rect, b: Rect) -> bool:
    return all(
        abs(p - q) < 1e-6
        for p, q in zip((a.x, a.y, a.width, a.height), (b.x, b.y, b.width, b.height), strict=True)
    )


@pytest.mark.parametrize("job", SPACE.jobs, ids=lambda j: j.id)
def test_every_track_space_holds_a_10_mm_cube(job):
    lay = job_layout(job, SPACE)
    drawn = drawn_rects(job_front(job, SPACE))
    placed = space_rects(job, lay.track)
    assert sorted(s.value for s, _ in placed) == list(range(job.track + 1))
    for space, outline in placed:
        # what is drawn there: the outline, or a start space's thicker coloured one
        there = [r for r in drawn if same_place(r, outline)]
        assert there, (job.id, space.value)
        width, height = inner(max(there, key=lambda r: r.line_width))
        assert min(width, height) >= CUBE_ROOM, (job.id, space.value, width / MM, height / MM)
    for outline in hour_rects(job, lay.hours):
        assert any(same_place(r, outline) for r in drawn)
        assert min(inner(outline)) >= CUBE_ROOM, (job.id, "hours")
    # the track's spaces do not overlap
    boxes = [r for _, r in placed]
    for k, a in enumerate(boxes):
        for b in boxes[k + 1 :]:
            assert a.x1 <= b.x or b.x1 <= a.x or a.y1 <= b.y or b.y1 <= a.y


@pytest.mark.parametrize("job", SPACE.jobs, ids=lambda j: j.id)
def test_where_both_cubes_start_together_their_space_holds_both(job):
    lay = job_layout(job, SPACE)
    drawn = drawn_rects(job_front(job, SPACE))
    for space, outline in space_rects(job, lay.track):
        both = space.value == job.yellow_start == job.purple_start
        width, height = (outline.width - START_LINE, outline.height - START_LINE)
        if both:
            assert width >= 2 * CUBE_ROOM and height >= CUBE_ROOM, (job.id, width / MM)
            # the two halves, one for each cube's colour, each room for a cube
            halves = [
                r
                for r in drawn
                if r.fill is not None
                and r.stroke is None
                and outline.x <= r.x
                and r.x1 <= outline.x1 + 1e-6
                and abs(r.y - outline.y) < 1
            ]
            assert len(halves) == 2
            assert all(min(h.width, h.height) >= CUBE_ROOM for h in halves)
        else:
            assert width < 2 * CUBE_ROOM  # one cube a space elsewhere


def test_a_bundled_job_starts_both_cubes_together():
    """The shared start space is exercised by the bundled jobs (the Librarian: 0 and 0)."""
    assert any(shared_start(job) for job in SPACE.jobs)
    assert any(not shared_start(job) for job in SPACE.jobs)


def test_job_text_still_says_where_the_cubes_start():
    printed = component_words("personal-space", "jobs")
    for job in SPACE.jobs:
        assert f"yellow cube on job track {job.yellow_start}" in printed
        assert f"purple cube on job track {job.purple_start}" in printed
        assert f"Pay: ${job.pay_per_step} for each space yellow reached." in printed


# -- (c) the season jump on the Need tiles ---------------------------------------------------


def test_need_tiles_say_the_season_jumps():
    fronts = dict(special_fronts(PLANET, tile_size(PLANET)))
    for need in PLANET.needs:
        text = words(fronts[f"need-{need.id}"])
        assert f"Need: {need.name}".upper() in text
        assert f"the season jumps {SEASON_JUMP} rounds ahead" in text, need.id
        assert f"pollution +{PLANET.pollution.per_need}" in text
    printed = component_words("planet-78", "special-tiles")
    assert printed.count(f"season jumps {SEASON_JUMP} rounds") == len(PLANET.needs)


def test_the_season_jump_is_what_check_applies():
    """Picking up a Need moves the checker's season clock on by the rounds the tile says."""
    from test_check_planet import HOUSE, game_log, replayed

    picked = replayed(game_log(HOUSE))
    without = [(who, [a for a in acts if a != "need"]) for who, acts in HOUSE]
    assert picked.clock - replayed(game_log(without)).clock == SEASON_JUMP


# -- (d) the Move card and Speed -------------------------------------------------------------


def test_the_move_card_reads_speed_as_check_does():
    """docs/personal-space-sheet.md, Interpretations: Speed S allows S steps, drawn as S+1
    squares (S+1 steps the day after Exercise); running adds steps past the drawn shape, 1
    Speed each; TRAIN's underlined Ms give Speed once the move is done."""
    text = words(action_front(SPACE.action("move")))
    assert "Move up to Speed steps" in text
    assert "N steps: N+1 squares" in text
    assert "Speed +1 the day after Exercise" in text
    assert "Run: each step past the drawn shape lowers Speed by 1" in text
    assert "Train: each underlined M is -1 Energy, +1 Speed after the move" in text
    assert "Limit: Speed +1 spaces" not in text  # the old wording, which mixed the two
    exercise = words(action_front(SPACE.action("exercise")))
    assert "Speed +1 steps (Speed +2 squares)" in exercise
    printed = component_words("personal-space", "actions", "a4")
    assert "Move up to Speed steps" in printed

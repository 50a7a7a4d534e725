"""The shortcuts taken for speed (issue 17) give what the longer way gave: each is held here
to the computation it stands in for."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetsmith.check import check_text
from sheetsmith.check.polyomino import at_origin, normalise, rotations, same_shape, turns
from sheetsmith.definition import load
from sheetsmith.errors import SheetError
from sheetsmith.games.planet import whereabouts
from sheetsmith.games.space import numbering
from sheetsmith.games.space.model import Spot
from sheetsmith.toml import prescan

SPACE_DAYS = [
    *Path("examples/personal-space").glob("*.toml"),
    *Path("tests/sheets").glob("space-*.toml"),
]
cells = st.sets(st.tuples(st.integers(-4, 4), st.integers(-4, 4)), max_size=7)


@settings(max_examples=300, deadline=None)
@given(cells, cells)
def test_turns_compare_as_rotations_do(a: set[tuple[int, int]], b: set[tuple[int, int]]):
    expected = normalise(b) in rotations(a)
    assert (at_origin(b) in turns(a)) == expected == same_shape(a, b)


def _outcome(raw: bytes, name: str) -> object:
    try:
        return check_text(raw, name)
    except SheetError as refused:
        return [str(p) for p in refused.problems]


@pytest.mark.parametrize("day", SPACE_DAYS, ids=lambda p: p.name)
def test_a_day_in_step_with_its_grid_is_numbered_as_the_search_numbers_it(
    monkeypatch: pytest.MonkeyPatch, day: Path
):
    raw = day.read_bytes()
    fast = _outcome(raw, day.name)
    monkeypatch.setattr(numbering, "_in_step", lambda *args: False)  # always the search
    assert _outcome(raw, day.name) == fast


def _bfs(space_map: object, a: Spot, goal: Spot | None, limit: int | None) -> dict[Spot, int]:
    """The breadth-first search the maps did before their distances were kept."""
    seen = {a: 0}
    frontier = [a]
    while frontier and goal not in seen:
        if limit is not None and seen[frontier[0]] >= limit:
            break
        nxt = []
        for spot in frontier:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                s = spot.step(dx, dy)
                if s not in seen and space_map.enterable(s):  # type: ignore[attr-defined]
                    seen[s] = seen[spot] + 1
                    nxt.append(s)
        frontier = nxt
    return seen


def test_kept_distances_are_the_searched_ones():
    game = load("personal-space")
    for space_map in (*game.planets, *game.moons):
        spots = [Spot(c, r) for c in range(0, 10) for r in range(0, 10)]
        for a in spots:
            for steps in range(5):
                want = tuple(s for s, n in _bfs(space_map, a, None, steps).items() if n <= steps)
                assert space_map.within(a, steps) == want
            for b in spots:
                assert space_map.distance(a, b) == _bfs(space_map, a, b, None).get(b)
            assert space_map.at("tower") == next(
                (t.at for t in space_map.things if t.what == "tower"), None
            )


def test_a_move_taken_as_logged_reads_its_next_sign_as_upcoming_does(
    monkeypatch: pytest.MonkeyPatch,
):
    asked: list[object] = []
    first = whereabouts._next_sign

    def both(g, player, turn):  # type: ignore[no-untyped-def]
        sign = first(g, player, turn)
        signs = whereabouts.upcoming(g, player, turn)
        assert sign == (signs[0] if signs else None)
        asked.append(sign)
        return sign

    monkeypatch.setattr(whereabouts, "_next_sign", both)
    for log in Path("examples/planet-78").glob("*.toml"):
        check_text(log.read_bytes(), log.name)
    assert len(asked) > 100


part = st.sampled_from(["a", "b-c", '"q.q"', "'l'", "1"])
dot = st.sampled_from([".", " . ", "\t.", ". "])
parts = st.one_of(st.lists(part, min_size=1, max_size=4), st.lists(part, min_size=28, max_size=40))
key = st.tuples(parts, dot).map(lambda k: k[1].join(k[0]))  # short, or near the limit
line = st.one_of(key.map(lambda k: f"{k} = 1"), st.sampled_from(["", "# . . .", 's = "a.b"']))


@settings(max_examples=500, deadline=None)
@given(st.lists(line, max_size=4).map("\n".join))
def test_the_quick_looks_before_the_key_scan_clear_only_texts_it_clears(text: str):
    found = prescan._key_scan().match(text)
    scanned = found is not None and found.group("long") is not None
    assert (prescan.too_long_key(text, "x") is not None) == scanned

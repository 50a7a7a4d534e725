"""What a checker works out from a game's definition once, not once per sheet or per rule."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
KEPT = 16  # at once: a process checks one or two games; tests load many variants in turn


def per_game(build: Callable[[Any], T]) -> Callable[[Any], T]:
    """`build(game)`, worked out once per game object (or any part of its model, a map say).
    Looked up by identity: a game model is a deep NamedTuple that costs more to hash than
    most builds; the game is kept beside its result, so its id cannot be taken by another
    while it is cached."""
    found: dict[int, tuple[Any, T]] = {}

    @functools.wraps(build)
    def cached(game: Any) -> T:
        hit = found.get(id(game))
        if hit is None or hit[0] is not game:
            if len(found) >= KEPT:
                del found[next(iter(found))]  # the oldest
            hit = found[id(game)] = (game, build(game))
        return hit[1]

    return cached

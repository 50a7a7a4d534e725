"""Personal Space with a big deck of neighbors, for tests and benchmarks of large renders."""

from __future__ import annotations

from typing import Any

from sheetsmith.definition import load


def many_neighbors(count: int) -> Any:
    """Personal Space with `count` neighbors: the bundled ones cycled under new ids, so each
    card has its own URL and QR code."""
    game = load("personal-space")
    base = game.neighbors
    neighbors = tuple(
        base[k % len(base)]._replace(id=f"{base[k % len(base)].id}-{k:03d}") for k in range(count)
    )
    return game._replace(neighbors=neighbors)

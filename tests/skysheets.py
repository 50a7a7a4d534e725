"""Build typed My Corner of the Sky sheets for tests, as a player would type them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

SIZE = 11
STARS = [(9, 10), (0, 9), (4, 9), (1, 8), (8, 7), (0, 3), (6, 3), (3, 2), (10, 1), (1, 0)]


def star_map(points: Iterable[tuple[int, int]]) -> str:
    filled = set(points)
    rows = []
    for y in range(SIZE - 1, -1, -1):
        rows.append(" ".join("x" if (x, y) in filled else "." for x in range(SIZE)))
    return "\n".join(rows)


def square(x: int, y: int) -> set[tuple[int, int]]:
    """The four corner points of the square whose lower-left corner is (x, y)."""
    return {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}


def sheet(
    points: Iterable[tuple[int, int]] = (),
    *,
    player: str | None = None,
    abilities: Mapping[str, str] | None = None,
    supporters: Mapping[str, str] | None = None,
    articles: Mapping[str, tuple[str, str]] | None = None,
    schedule: Mapping[str, str] | None = None,
) -> str:
    lines = ['game = "my-corner-of-the-sky"']
    if player is not None:
        lines.append(f'player = "{player}"')
    lines.append(f'star_map = """\n{star_map(points)}\n"""')
    for table, values in (
        ("abilities", abilities),
        ("supporters", supporters),
        ("schedule", schedule),
    ):
        if values:
            lines.append(f"[{table}]")
            lines += [f'{key} = "{value}"' for key, value in values.items()]
    if articles:
        lines.append("[articles]")
        lines += [
            f'{key} = {{ cost = "{cost}", reward = "{reward}" }}'
            for key, (cost, reward) in articles.items()
        ]
    return "\n".join(lines) + "\n"


def full(n: int) -> str:
    return " ".join("x" * n)

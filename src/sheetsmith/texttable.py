"""Plain aligned text tables for the terminal (no rich: it would slow `check` start-up)."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Sequence

MIN_WRAPPED = 16  # a column narrower than this reads worse wrapped than overflowing


def terminal_width() -> int | None:
    """The width to fit on standard output, or None when it is not a terminal (a file or
    a pipe keeps one row a line, for grep and friends)."""
    return (
        shutil.get_terminal_size().columns
        if sys.stdout is not None and sys.stdout.isatty()
        else None
    )


def _wrap(cell: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(cell, width, break_on_hyphens=False) or [""]


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    right: Sequence[int] = (),
    width: int | None = None,
) -> str:
    """Columns aligned under their headers; columns listed in `right` align right. Given a
    `width`, the widest left-aligned column wraps so that each line fits in it."""
    cells = [[str(c) for c in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    total = sum(widths) + 2 * (len(widths) - 1)
    body = cells[1:]
    if width is not None and total > width:
        left = [i for i in range(len(widths)) if i not in right]
        wide = max(left, key=lambda i: widths[i]) if left else None
        room = widths[wide] - (total - width) if wide is not None else 0
        if wide is not None and room >= MIN_WRAPPED:
            widths[wide] = room
            body = []
            for row in cells[1:]:
                pieces = _wrap(row[wide], room)
                body.append([*row[:wide], pieces[0], *row[wide + 1 :]])
                body += [["" if i != wide else p for i in range(len(row))] for p in pieces[1:]]

    def line(row: list[str]) -> str:
        parts = [
            cell.rjust(w) if i in right else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("─" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(row) for row in body)])

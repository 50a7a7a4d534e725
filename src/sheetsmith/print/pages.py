"""Pages laid out when they are drawn: a deck's sheets as a sequence that makes each page
when asked and keeps none.

A deck of thousands of cards held as pages before the write cost about 40 KB a card (every
QR code's blocks, every placed text); made one at a time, the PDF writer draws a page and
lets it go, so memory stays flat in the deck's size. Each page is made from its index
alone, so any page can be made anywhere, in any order (and by another process), and still
be the same page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from sheetsmith.print.primitives import Page


class LazyPages(Sequence[Page]):
    """`count` pages, page `i` being `make(i)`, made afresh on every access."""

    __slots__ = ("_count", "_make")

    def __init__(self, count: int, make: Callable[[int], Page]) -> None:
        self._count = count
        self._make = make

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Page: ...
    @overload
    def __getitem__(self, index: slice) -> list[Page]: ...
    def __getitem__(self, index: int | slice) -> Page | list[Page]:
        if isinstance(index, slice):
            return [self._make(i) for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(f"page {index} of {self._count}")
        return self._make(index)

    def __iter__(self) -> Iterator[Page]:
        for index in range(self._count):
            yield self._make(index)

    def __repr__(self) -> str:
        return f"LazyPages({self._count} pages)"

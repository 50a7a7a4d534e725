"""Why a photo cannot be read, each said plainly with what to do (exit 2, never a wrong
sheet without a word). Light: the CLI catches these without loading OpenCV."""

from __future__ import annotations

from collections.abc import Sequence

from sheetsmith.errors import Problem, SheetsmithError


class PhotoError(SheetsmithError):
    """A photo that cannot be read as a sheetsmith page."""

    def __init__(self, message: str | Sequence[Problem], file: str | None = None) -> None:
        problems = [Problem(message, file=file)] if isinstance(message, str) else list(message)
        super().__init__(problems)

    def located(self, file: str) -> PhotoError:
        """The same error, naming the photo it is about (the API reads pixels, not files)."""
        first = self.problems[0]
        return self if first.file else type(self)(first.message, file)


class UnreadableFile(PhotoError):
    """Not a file, not an image, or a format sheetsmith does not read."""


class NoPage(PhotoError):
    """No registration marker at all: not a photo of a printed sheetsmith page."""


class CutOff(PhotoError):
    """Some but not all four corner markers are in the photo."""


class Blurred(PhotoError):
    """The page is found but too blurred to tell marks apart."""


class TooSmall(PhotoError):
    """A photo too small to hold a readable page (shrunk by an app that shared it)."""


class BadLight(PhotoError):
    """Too dark, or so bright that pencil washes out."""


class Unclear(PhotoError):
    """The page is read, but with so many of its marks in doubt that the rest cannot be
    trusted either."""


class UnknownPage(PhotoError):
    """The page code is unreadable, not sheetsmith's, of an unknown game, or of another
    version of the game's definition."""


class MixedPages(PhotoError):
    """Photos that do not make one sheet: two games, or one page twice."""

"""What a game package exports, as `GAME` in its top module: all sheetsmith's core knows of a
game. The parts are named as "module:function" (or a module) and imported only when used, so
`check` never loads a game's print code, and listing games loads nothing but this.

A third-party game is a package with such a `GAME`, named in the `sheetsmith.games`
entry-point group of its distribution:

    [project.entry-points."sheetsmith.games"]
    tiny = "tiny_game"

`docs/architecture.md` walks through the smallest one, `tests/plugin/tiny_game`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple


def resolve(reference: str) -> Any:
    """The object a "module:attribute" (or "module") reference names, imported now."""
    module, _, attribute = reference.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


class GamePackage(NamedTuple):
    """One game: its bundled definition and where its parts live. (A NamedTuple, not a
    dataclass: it is built on every `check`, and a dataclass costs that start-up more.)"""

    # The ruleset a definition names (`[game] ruleset`); also the id of the bundled game.
    id: str
    # The bundled definition (`game.toml`).
    definition: Path
    # "module:function" taking a definition's root `Node` to the game's frozen model.
    model: str
    # Component name -> "module:function(game, out: Output, options) -> RenderedFile", in the
    # order `render` writes them.
    components: Mapping[str, str]
    # Game-specific render option (as typed: "--copies") -> the components that read it.
    option_users: Mapping[str, tuple[str, ...]] = MappingProxyType({})
    # A module with parse_sheet(root, game, file) -> sheet and check_table(game, sheets) ->
    # (player results, winners): the typed sheet and its checker. None: nothing to check.
    checker: str | None = None
    # "module:function(game) -> str": the blank typed sheet, with comments, to fill in.
    blank_sheet: str | None = None
    # "module:function(game) -> dict": the JSON Schema body of the typed sheet.
    sheet_schema: str | None = None
    # What a player calls the typed file, where it is not "a typed sheet for <id>".
    typed_file: str = ""
    # "module:function(game, base_url) -> list of site pages": the pages its QR codes open.
    site: str | None = None
    # "module:function(game, paper) -> tuple[ReadablePage, ...]": the pages players write
    # on, with their registration markers and every mark's place (sheetsmith.photo.marks).
    readable: str | None = None
    # "module:function(game, readings) -> str": the typed sheet (TOML, uncertain marks
    # flagged in comments) from {page: {mark key: Reading}} read off photos.
    from_marks: str | None = None
    # Whether that sheet is whole: False where the page holds handwriting (letters, sums)
    # the player types into it, so `check` on photos sends them to `read` first.
    checks_from_photos: bool = True

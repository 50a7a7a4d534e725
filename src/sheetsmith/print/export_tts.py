"""Tabletop Simulator exports (`render --format tts`): the fronts on deck sheets of up to
10 x 7 cells (at most 69 cards, at most 4096 px a side), the back or back sheets, and the
saved-object JSON that TTS loads."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheetsmith.output import Output
from sheetsmith.print.primitives import INCH, Rect
from sheetsmith.render_options import RenderedFile

if TYPE_CHECKING:
    from PIL import Image

from sheetsmith.print.export_cards import PNG_DPI, Face, Pictures, cut_card, progress_for

TTS_SIDE = 4096  # px: the largest texture TTS advises
TTS_COLUMNS, TTS_ROWS = 10, 7  # the largest grid TTS cuts a deck sheet into
# TTS shows a sheet's last cell for a card hidden in another player's hand; `BackIsHidden`
# shows the back instead, and 69 cards a sheet keep that cell free either way
TTS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1
TTS_PLAIN_BACK = (236, 236, 236)  # a deck printed one-sided still needs a back in TTS
# Two backs "look the same" when no channel of any pixel differs by more than this: the
# same drawing rendered at two places on a sheet differs only by float rounding.
SAME_BACK_TOLERANCE = 8


def tts_folder(game_id: str, component: str) -> str:
    return f"{game_id}/tts/{component}"


# -- Tabletop Simulator ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SheetGrid:
    """One deck sheet: `count` cards on `columns` x `rows` cells of `cell` pixels."""

    count: int
    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return (self.columns * self.cell[0], self.rows * self.cell[1])


def tts_grids(cards: int, trim: Rect) -> list[SheetGrid]:
    """The sheets for a deck of `cards`: up to 69 cards each, on a compact grid that keeps
    the last cell free (TTS's hidden-card cell), at most 10 x 7 and at least 2 x 2 (no
    sheet of a single row or column, a shape some deck tools refuse); cells as large as
    4096 px a side allows for the fullest sheet, never larger than the card at 300 dpi,
    in the card's proportions."""
    counts = [min(TTS_PER_SHEET, cards - first) for first in range(0, cards, TTS_PER_SHEET)]
    shapes = []
    for n in counts:
        high = max(2, -(-(n + 1) // TTS_COLUMNS))
        shapes.append((max(2, -(-(n + 1) // high)), high))
    columns = max(c for c, _ in shapes)
    rows = max(r for _, r in shapes)
    scale = PNG_DPI / INCH
    native_w, native_h = round(trim.width * scale), round(trim.height * scale)
    width = min(native_w, TTS_SIDE // columns)
    height = round(width * trim.height / trim.width)
    if height * rows > TTS_SIDE or height > native_h:
        height = min(native_h, TTS_SIDE // rows)
        width = round(height * trim.width / trim.height)
    cell = (max(width, 1), max(height, 1))
    return [SheetGrid(n, c, r, cell) for n, (c, r) in zip(counts, shapes, strict=True)]


def _sheets(
    pdf_faces: Sequence[tuple[Path, list[Face]]],
    order: dict[int, int],
    grids: Sequence[SheetGrid],
    hidden: Image.Image | None = None,
) -> Iterator[tuple[int, Image.Image]]:
    """Deck sheets filled as the cards come (page order), each handed out as soon as its
    last card is in: a 500-card deck never holds more than a sheet or two in memory.
    `hidden` goes in each sheet's last cell, which TTS shows for a card hidden in another
    player's hand unless the deck's "back is hidden" is set."""
    from PIL import Image as PILImage

    open_sheets: dict[int, tuple[Image.Image, int]] = {}
    cell_w, cell_h = grids[0].cell

    def new_sheet(grid: SheetGrid) -> Image.Image:
        sheet = PILImage.new("RGB", grid.size, (255, 255, 255))
        if hidden is not None:
            sheet.paste(hidden, ((grid.columns - 1) * cell_w, (grid.rows - 1) * cell_h))
        return sheet

    for pdf, found in pdf_faces:
        known = [f for f in found if f.index in order]  # a back without a front has no cell
        for face, image in cut_card(pdf, known, lambda _f: (cell_w, cell_h), 0.0):
            place = order[face.index]
            number, slot = divmod(place, TTS_PER_SHEET)
            grid = grids[number]
            sheet, left = open_sheets.get(number) or (new_sheet(grid), grid.count)
            column, row = slot % grid.columns, slot // grid.columns
            sheet.paste(image, (column * cell_w, row * cell_h))
            left -= 1
            if left:
                open_sheets[number] = (sheet, left)
            else:
                open_sheets.pop(number, None)
                yield number, sheet
    for number in sorted(open_sheets):  # cells no card came for (a back missing) stay blank
        yield number, open_sheets[number][0]


def _same(a: Image.Image, b: Image.Image) -> bool:
    from PIL import ImageChops

    if a.size != b.size:
        return False
    extrema = ImageChops.difference(a, b).getextrema()
    return max(high for _, high in extrema) <= SAME_BACK_TOLERANCE  # type: ignore[misc]


def _one_back(
    pdf_backs: Sequence[tuple[Path, list[Face]]], cell: tuple[int, int]
) -> Image.Image | None:
    """The back every card shares, or None if they differ (or there are none)."""
    first = None
    for pdf, found in pdf_backs:
        for _, image in cut_card(pdf, found, lambda _f: cell, 0.0):
            if first is None:
                first = image
            elif not _same(first, image):
                return None
    return first


def export_tts(
    output: Output,
    game_id: str,
    title: str,
    component: str,
    decks: Sequence[tuple[Path, list[Face]]],
) -> RenderedFile:
    from PIL import Image as PILImage

    folder = tts_folder(game_id, component)
    fronts = [(pdf, [f for f in found if f.side == "front"]) for pdf, found in decks]
    backs = [(pdf, [f for f in found if f.side == "back"]) for pdf, found in decks]
    indices = sorted({f.index for _, found in fronts for f in found})
    order = {index: place for place, index in enumerate(indices)}
    first = next(f for _, found in fronts for f in found)
    grids = tts_grids(len(indices), first.content)
    cell = grids[0].cell
    tick = progress_for(f"{folder}/", len(grids))
    # the back first: a shared one also fills the faces' hidden-card cell
    has_backs = any(found for _, found in backs)
    shared = _one_back(backs, cell) if has_backs else PILImage.new("RGB", cell, TTS_PLAIN_BACK)
    face_names = [f"{folder}/{component}-faces-{n + 1}.png" for n in range(len(grids))]
    with Pictures(output, depth=2) as pictures:  # a sheet is up to 50 MB of pixels
        for done, (number, sheet) in enumerate(_sheets(fronts, order, grids, shared)):
            pictures.add(face_names[number], sheet)
            tick(done)
        if shared is not None:
            back_names = [f"{folder}/{component}-back.png"]
            pictures.add(back_names[0], shared)
        else:
            # each card its own back: a back sheet like the faces (a second pass over the
            # back pages, only for such decks)
            back_names = [f"{folder}/{component}-backs-{n + 1}.png" for n in range(len(grids))]
            for number, sheet in _sheets(backs, order, grids):
                pictures.add(back_names[number], sheet)
    written = pictures.written
    tick(len(grids))
    rel = f"{folder}/{component}.json"
    url = _file_url(output)
    document = tts_deck(
        nickname=f"{title}: {component}",
        card_label=component,
        faces=[url(name) for name in face_names],
        backs=[url(name) for name in back_names],
        grids=grids,
        unique_back=shared is None,
        sideways=first.content.width > first.content.height,
        seed=f"{game_id}/{component}",
    )
    data = (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    output.write_bytes(rel, data)
    written.append(rel)
    output.prune(written, ".png", f"{folder}/{component}-*.png")
    paths = tuple(output.path(r) for r in sorted(written))
    return RenderedFile(
        game_id, component, len(indices), len(written) - 1, output.path(rel), "tts", paths
    )


def _file_url(output: Output) -> Callable[[str], str]:
    return lambda rel: output.path(rel).resolve().as_uri()


def _guid(seed: str) -> str:
    """A stable 6-hex-digit object id, as TTS writes them (it makes new ones on a clash)."""
    return hashlib.sha256(seed.encode()).hexdigest()[:6]


_FACE_DOWN = {
    "posX": 0.0,
    "posY": 1.0,
    "posZ": 0.0,
    "rotX": 0.0,
    "rotY": 180.0,
    "rotZ": 180.0,
    "scaleX": 1.0,
    "scaleY": 1.0,
    "scaleZ": 1.0,
}


def tts_deck(
    *,
    nickname: str,
    card_label: str,
    faces: Sequence[str],
    backs: Sequence[str],
    grids: Sequence[SheetGrid],
    unique_back: bool,
    sideways: bool,
    seed: str,
) -> dict[str, object]:
    """A TTS saved object holding one custom deck: sheet n is `CustomDeck` key n (from 1),
    card k of it has `CardID` n * 100 + k (TTS's convention), in deck order."""
    custom: dict[str, dict[str, object]] = {}
    cards: list[dict[str, object]] = []
    for number, grid in enumerate(grids, start=1):
        entry = {
            "FaceURL": faces[number - 1],
            "BackURL": backs[number - 1] if unique_back else backs[0],
            "NumWidth": grid.columns,
            "NumHeight": grid.rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,  # a rectangle with rounded corners: a card
        }
        custom[str(number)] = entry
        for slot in range(grid.count):
            card_id = number * 100 + slot
            cards.append(
                {
                    "Name": "Card",
                    "Transform": _FACE_DOWN,
                    "Nickname": f"{card_label} {len(cards) + 1:03d}",
                    "Description": "",
                    "CardID": card_id,
                    "SidewaysCard": sideways,
                    "Hands": True,
                    "CustomDeck": {str(number): entry},
                    "GUID": _guid(f"{seed}/{card_id}"),
                }
            )
    if len(cards) == 1:  # one card is no deck in TTS: the card itself
        objects = [cards[0] | {"Nickname": nickname}]
    else:
        deck = {
            "Name": "DeckCustom",
            "Transform": _FACE_DOWN,
            "Nickname": nickname,
            "Description": "",
            "Locked": False,
            "Grid": True,
            "Snap": True,
            "Hands": False,
            "SidewaysCard": sideways,
            "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
            "GUID": _guid(seed),
        }
        objects = [deck]
    return {
        "SaveName": "",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }

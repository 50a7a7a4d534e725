"""Exports of decks (`render --format png|tts`): each card and tile as a picture, cut from
the PDF already drawn, never drawn a second time.

Every card or tile sheet records where each card lies on it (`Page.cards`: its index in
the deck, its side, its trim and the bleed the sheet gives it). After a component's PDF
is written, PDFium renders each card's own region of its page (`print.raster.regions`),
so every card is rasterized at the same sub-pixel phase and cut to an exact size.

**png** (print-on-demand): `<game>/png/<component>/<component>-001-front.png`, `-001-back.png`
and so on, numbered from 1 in deck order, at 300 dpi with 1/8 in bleed on every side:
trim + 1/4 in each way, rounded to whole pixels (a poker card is 825 x 1125 px, as The
Game Crafter takes it; a 6 x 4 in postcard 1875 x 1275; a 1.5 in tile 525 x 525). A deck
printed one-sided has fronts only. What the bleed holds:

- where the sheet gives the card its own bleed, the card's art as printed;
- where the sheet does not (cards on shared cut lines abut trim to trim; a shorter bleed;
  a crop mark or other sheet furniture crossing it), the card's outermost row or column
  of pixels repeated outwards: cards made for shared cut lines keep plain edges, so this
  is what their bleed would have held.

Backs are cut from the back sheets, where each back lies behind its front (a mirrored
position, its drawing upright); a back a gutterfold prints upside down is turned upright.

**tts** (Tabletop Simulator): in `<game>/tts/<component>/`, the fronts on deck sheets
`<component>-faces-1.png`, ... (a grid of up to 10 x 7 cells, at most 69 cards a sheet, at
most 4096 px a side; each card is its trim, scaled to fit), the back as one picture
`<component>-back.png` when every back looks the same (a deck printed one-sided gets a
plain one), else back sheets `<component>-backs-1.png`, ... laid out like the faces, and
`<component>.json`: a saved object (a `DeckCustom` with its cards) that TTS loads from
its Saved Objects folder. The JSON names the pictures by `file:///` URLs of where they were
written; replace them with the addresses they get once uploaded (Steam Cloud, any web host)
for other players to see them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheetsmith.output import Output
from sheetsmith.print.primitives import Page
from sheetsmith.render_options import RenderedFile

if TYPE_CHECKING:
    pass

from sheetsmith.print.export_cards import (
    PNG_BLEED,
    PNG_DPI,
    Face,
    Pictures,
    cut_card,
    faces,
    png_size,
    progress_for,
)
from sheetsmith.print.export_tts import export_tts, tts_folder

# Components that place cards but are no deck: the duplex alignment test is a printer test.
NOT_EXPORTED = frozenset({("personal-space", "alignment")})


def png_folder(game_id: str, component: str) -> str:
    return f"{game_id}/png/{component}"


def planned(game_id: str, component: str, formats: Iterable[str]) -> list[str]:
    """What an export of `component` may write, for `Output.check` before any work: the
    picture names depend on how many cards the layout makes, so those are patterns."""
    rels = []
    if "png" in formats:
        rels.append(f"{png_folder(game_id, component)}/{component}-*.png")
    if "tts" in formats:
        folder = tts_folder(game_id, component)
        rels += [f"{folder}/{component}.json", f"{folder}/{component}-*.png"]
    return rels


def exported(ruleset: str, component: str) -> bool:
    return (ruleset, component) not in NOT_EXPORTED


# -- the exports ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Written:
    """A component's PDFs, as `render_game` saw them written: what the exports cut from."""

    path: Path
    pages: tuple[Page, ...]


def export(
    output: Output,
    game_id: str,
    title: str,
    component: str,
    documents: Sequence[Written],
    formats: Iterable[str],
) -> list[RenderedFile]:
    """Write the exports `formats` asks for of the cards in `documents`: one summary row
    per format, none for a component that places no cards."""
    formats = tuple(formats)
    decks = [(doc.path, faces(doc.pages)) for doc in documents]
    decks = [(path, found) for path, found in decks if found]
    if not decks:
        return []
    rows = []
    if "png" in formats:
        rows.append(_export_png(output, game_id, component, decks))
    if "tts" in formats:
        rows.append(export_tts(output, game_id, title, component, decks))
    return rows


def _number_width(decks: Sequence[tuple[Path, list[Face]]]) -> int:
    last = max(f.index for _, found in decks for f in found) + 1
    return max(3, len(str(last)))


def _export_png(
    output: Output, game_id: str, component: str, decks: Sequence[tuple[Path, list[Face]]]
) -> RenderedFile:
    folder = png_folder(game_id, component)
    digits = _number_width(decks)
    total = sum(len(found) for _, found in decks)
    tick = progress_for(f"{folder}/", total)
    with Pictures(output) as pictures:
        for pdf, found in decks:
            cut = cut_card(pdf, found, lambda f: png_size(f.content), PNG_BLEED)
            for face, image in cut:
                rel = f"{folder}/{component}-{face.index + 1:0{digits}d}-{face.side}.png"
                pictures.add(rel, image, PNG_DPI)
                tick(len(pictures.written))
    written = pictures.written
    tick(total)  # the last few were written on the way out: the bar gives way
    # a smaller deck than last time: the pictures of cards it no longer has would be
    # uploaded with the rest, so they go (only ours, and only if nobody changed them)
    output.prune(written, ".png", f"{folder}/{component}-*.png")
    cards = len({f.index for _, found in decks for f in found})
    paths = tuple(output.path(rel) for rel in sorted(written))
    return RenderedFile(game_id, component, cards, len(written), output.path(folder), "png", paths)

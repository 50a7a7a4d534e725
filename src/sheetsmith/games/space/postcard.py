"""Personal Space: the job postcard's size, its bands top to bottom, the sizes they share."""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.model import Job, SpaceGame
from sheetsmith.print.imposition import POSTCARD, CardSize
from sheetsmith.print.layout import Frame
from sheetsmith.print.text import block_height, wrap

CARD = POSTCARD
BAND_H = 34.0  # the title band across the top, into the bleed
LABEL = 7.5  # small section labels
SPACE_H = 24.0  # a track space: a cube sits in it


@dataclass(frozen=True, slots=True)
class JobLayout:
    """Bands of the postcard, top to bottom, inside the safe zone."""

    band: Frame  # title band (to the top bleed)
    cost: Frame  # time cost and setup
    track: Frame  # job track with the pay line
    hours: Frame  # hour track and workflow
    actions: Frame  # dice actions and workflow
    how_to: Frame


def job_layout(job: Job, game: SpaceGame, card: CardSize = CARD) -> JobLayout:
    safe = card.safe_rect
    inner = Frame(safe.x, safe.y, safe.width, safe.height)
    band = Frame(
        -card.bleed, card.height - BAND_H, card.width + 2 * card.bleed, BAND_H + card.bleed
    )
    rest = Frame(inner.x, inner.y, inner.width, card.height - BAND_H - 7 - inner.y)
    how_h = block_height(len(wrap(game.job_how_to, 7.0, inner.width)), 7.0) + 2
    how_to, rest = rest.take_bottom(how_h, gap=6)
    cost, rest = rest.take_top(22, gap=4)
    track, rest = rest.take_top(LABEL + 4 + SPACE_H + 13, gap=5)
    hours, rest = rest.take_top(30, gap=7)
    return JobLayout(band, cost, track, hours, rest, how_to)

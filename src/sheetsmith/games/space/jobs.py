"""Personal Space: job postcards (6x4 in, landscape), two to a sheet with crop marks.

One postcard holds a whole shift: the work days, the time cost drawn on the daily grid
(with a small example shape), the setup, the job track with the cubes' starting spaces
in their colours, the hour track, the job's dice actions drawn as die faces, the two
workflow abilities, the pay, and the how-to in small print. Every track space holds a
10 mm cube (see `postcard`). Cards are drawn in their own coordinates (origin at the
bottom-left trim corner).
"""

from __future__ import annotations

import re

from sheetsmith.games.space.board_parts import (
    NIGHT,
    YELLOW,
    dice_row,
    dice_row_width,
)
from sheetsmith.games.space.cards import back_face, write_deck
from sheetsmith.games.space.job_tracks import hour_track, job_track, setup
from sheetsmith.games.space.model import Job, SpaceGame
from sheetsmith.games.space.postcard import CARD, HOW_TO, HOW_TO_LEADING, LABEL, job_layout
from sheetsmith.output import Output
from sheetsmith.print.decks import deck_pages
from sheetsmith.print.fonts import text_width
from sheetsmith.print.imposition import CardSize
from sheetsmith.print.ink import front_drawer
from sheetsmith.print.layout import Frame, centred_label, fit_size, rule
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import (
    DARK,
    GREY,
    LIGHT,
    PALE,
    WHITE,
    Item,
    Rect,
    Stamp,
    Text,
    TextBox,
)
from sheetsmith.print.text import ascent, block_height, cap_height, wrap
from sheetsmith.render_options import RenderedFile, RenderOptions

BODY = 8.0
DIE = 12.0
DIE_GAP = 8.0
CELL = 10.5  # a square of the time-cost diagram


def job_front(job: Job, game: SpaceGame, card: CardSize = CARD) -> list[Item]:
    lay = job_layout(job, game, card)
    bleed = card.bleed_rect
    items: list[Item] = [Rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=None, fill=WHITE)]
    items += title_band(job, game, lay.band, card)
    items += cost_and_setup(job, lay.cost)
    items += setup(job, lay.setup)
    items += job_track(job, lay.track)
    items += hour_track(job, lay.hours)
    items += actions_and_workflow(job, game, lay.actions)
    how = lay.how_to
    if how.y < lay.actions.y:  # a band along the bottom, under a rule
        items.append(rule(how.x, how.right, how.top + 3, 0.5, LIGHT))
    items.append(
        TextBox(
            how.x,
            how.y,
            how.width,
            how.height,
            game.job_how_to,
            size=HOW_TO,
            min_size=HOW_TO,
            colour=DARK,
            valign="middle" if how.y >= lay.actions.y else "top",
            leading=HOW_TO_LEADING,
        )
    )
    return items


def title_band(job: Job, game: SpaceGame, band: Frame, card: CardSize) -> list[Item]:
    """The job's name in a dark band; the week on its right, the work days lit."""
    safe = card.safe_rect
    items: list[Item] = [band.rect(stroke=None, fill=NIGHT)]
    # the middle of the band as trimmed, low enough that a 15 pt name stays in the safe zone
    cy = min((band.y + card.height) / 2, safe.y1 - ascent(15, True) + cap_height(15) / 2)
    pill_w, pill_h, gap = 26.0, 15.0, 3.0
    days = game.sheet.days
    week_w = len(days) * pill_w + (len(days) - 1) * gap
    x = safe.x1 - week_w
    label = "WORK DAYS"
    label_w = text_width(label, 7, bold=True)
    items.append(centred_label(x - 6, cy, label, 7, bold=True, anchor="end", colour=YELLOW))
    name_w = x - 6 - label_w - 10 - safe.x
    size = fit_size(job.name, name_w, 15, 10, bold=True)
    items.append(centred_label(safe.x, cy, job.name, size, bold=True, colour=WHITE, anchor="start"))
    for day in days:
        works = day in job.work_days
        items.append(
            Rect(
                x,
                cy - pill_h / 2,
                pill_w,
                pill_h,
                radius=3,
                stroke=YELLOW if works else GREY,
                fill=YELLOW if works else NIGHT,
                line_width=0.8,
            )
        )
        items.append(
            centred_label(
                x + pill_w / 2,
                cy,
                day[:2].capitalize(),
                7.5,
                bold=works,
                colour=NIGHT if works else LIGHT,
            )
        )
        x += pill_w + gap
    return items


def cost_shape(squares: int, shape: str) -> list[tuple[int, int]]:
    """An example of the time cost as grid cells (column, row): a line, or an L that
    turns up after half its squares (connected)."""
    if shape == "line" or squares <= 2:
        return [(i, 0) for i in range(squares)]
    return [(i, 0) for i in range(squares - 1)] + [(squares - 2, 1)]


def cost_text(job: Job) -> str:
    noun = "square" if job.squares == 1 else "squares"
    if job.time_shape == "line":
        return f"{job.squares} {noun} in one row or column"
    return f"{job.squares} {noun}, connected"


def cost_and_setup(job: Job, frame: Frame) -> list[Item]:
    """TIME COST: a small example shape (its squares marked W) and its wording, with
    "write W in each" under it (the setup sits right of it, see `job_tracks.setup`)."""
    items: list[Item] = []
    cy = frame.cy
    items.append(centred_label(frame.x, cy, "TIME COST", LABEL, bold=True, anchor="start"))
    x = frame.x + text_width("TIME COST", LABEL, bold=True) + 6
    cells = cost_shape(job.squares, job.time_shape)
    rows = max(r for _, r in cells) + 1
    cols = max(c for c, _ in cells) + 1
    y0 = cy - rows * CELL / 2
    for c, r in cells:
        items.append(Rect(x + c * CELL, y0 + r * CELL, CELL, CELL, fill=PALE, line_width=0.6))
        items.append(
            centred_label(
                x + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL, "W", 7, bold=True, colour=DARK
            )
        )
    x += cols * CELL + 5
    text = cost_text(job)
    items.append(centred_label(x, cy + 4.5, text, BODY, bold=True, anchor="start"))
    items.append(centred_label(x, cy - 6, "write W in each", 7, anchor="start", colour=DARK))
    return items


WORKFLOW_W = 0.36  # of the width


def actions_and_workflow(job: Job, game: SpaceGame, frame: Frame) -> list[Item]:
    """The job's dice actions on the left; the workflow abilities on the right."""
    right_w = frame.width * WORKFLOW_W
    left, right = frame.take_left(frame.width - right_w - 12, gap=12)
    items: list[Item] = [
        Text(left.x, left.top - LABEL * 0.93, "DICE ACTIONS", LABEL, bold=True),
        Text(
            left.x + text_width("DICE ACTIONS", LABEL, bold=True) + 6,
            left.top - LABEL * 0.93,
            "spend the dice shown",
            7,
            colour=DARK,
        ),
    ]
    dice_w = dice_row_width(max(len(a.dice) for a in job.actions), DIE, DIE_GAP)
    top = left.top - LABEL - 4
    text_x = left.x + dice_w + 6
    starts = [text_x + text_width(f"{a.name}:", BODY, bold=True) + 4 for a in job.actions]
    # each row as tall as its die or its wrapped effect, the room left shared out evenly
    need = [
        max(DIE + 1.5, _effect_height(a.effect, left.right - ex) + 2)
        for a, ex in zip(job.actions, starts, strict=True)
    ]
    extra = max(0.0, (top - left.y - sum(need)) / max(1, len(need)))
    y = top
    for action, ex, height in zip(job.actions, starts, need, strict=True):
        pitch = max(height, min(19.0, height + extra))
        cy = y - pitch / 2
        items += dice_row(left.x, cy, DIE, action.dice, DIE_GAP)
        name = f"{action.name}:"
        items.append(centred_label(text_x, cy, name, BODY, bold=True, anchor="start"))
        items.append(
            TextBox(
                ex,
                y - pitch,
                left.right - ex,
                pitch,
                action.effect,
                size=fit_size(action.effect, left.right - ex, BODY, 7.0),
                min_size=7.0,
                valign="middle",
                leading=1.1,
            )
        )
        y -= pitch
    items += workflow(game, right)
    return items


def _effect_height(effect: str, width: float) -> float:
    """An effect's height: one line if it fits shrunk to 7 pt, else wrapped at 7 pt."""
    size = fit_size(effect, width, BODY, 7.0)
    return block_height(len(wrap(effect, size, width)), size, 1.1)


def set_aside_count(text: str) -> int:
    """How many dice a workflow ability sets aside, from its wording ("Set aside 2 dice")."""
    found = re.search(r"set aside (\d+)", text, re.IGNORECASE)
    return int(found.group(1)) if found else 0


def workflow(game: SpaceGame, frame: Frame) -> list[Item]:
    items: list[Item] = [
        Text(frame.x, frame.top - LABEL * 0.93, "WORKFLOW", LABEL, bold=True),
        Text(
            frame.x + text_width("WORKFLOW", LABEL, bold=True) + 6,
            frame.top - LABEL * 0.93,
            "at any job",
            7,
            colour=DARK,
        ),
    ]
    top = frame.top - LABEL - 6
    box_h = (top - frame.y - 4 * (len(game.workflow) - 1)) / max(1, len(game.workflow))
    for i, text in enumerate(game.workflow):
        y1 = top - i * (box_h + 4)
        items.append(
            Rect(
                frame.x,
                y1 - box_h,
                frame.width,
                box_h,
                radius=3,
                stroke=LIGHT,
                fill=PALE,
                line_width=0.6,
            )
        )
        n = set_aside_count(text)
        x = frame.x + 4
        for _ in range(n):
            items.append(
                Rect(
                    x,
                    y1 - box_h / 2 - 5,
                    10,
                    10,
                    radius=2,
                    stroke=DARK,
                    fill=WHITE,
                    line_width=0.7,
                    dash=(1.5, 1.2),
                )
            )
            x += 12
        items.append(
            TextBox(
                frame.x + 4 + (n * 12 + 2 if n else 0),
                y1 - box_h + 3,
                frame.width - 8 - (n * 12 + 2 if n else 0),
                box_h - 6,
                text,
                size=BODY,
                min_size=7.0,
                leading=1.15,
                valign="middle",
            )
        )
    return items


def job_back(game: SpaceGame, ink: str = "full") -> Stamp:
    """The shared Personal Space back, postcard size, in the look `ink` names, stored once
    in the PDF."""
    title = game.back_title or game.info.title
    return Stamp("job-back", back_face(title, game.back_tagline, CARD, ink))


def render_jobs(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    """Two postcards to a sheet with crop marks, each sheet followed by its backs
    (mirrored for a long-edge flip, moved by `--back-offset`), in the `--ink` look."""
    back = (job_back(game, options.ink),)
    pages = deck_pages(
        list(game.jobs),
        front_drawer(lambda job: job_front(job, game), options.ink),
        lambda _job: back,
        CARD,
        paper_named(options.paper),
        options.back_offset,
    )
    return write_deck(game, "jobs", "job postcards", pages, len(game.jobs), out_dir, options)

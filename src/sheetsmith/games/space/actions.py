"""Personal Space: one action reference card (poker size) per action, nine to a sheet.

A card shows the action's name, its letter code big in a box (as it is written into the
daily grid), when it is taken, the shape it takes on the grid, what it does, what it
costs, and at the bottom what goes in the log (the rules give every action its Log line:
a new entry, or a line in the Move's entry). Texts shrink to fit, never below 6.5 pt, and
stay inside the safe zone.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheetsmith.games.space.cards import (
    ACCENT,
    CARD,
    FRAME_INSET,
    HEADER,
    HEADER_COLOURS,
    NIGHT,
    TINT,
    deck,
    small_caps,
    stamped_frame,
    write_deck,
)
from sheetsmith.games.space.model import Action, SpaceGame
from sheetsmith.output import Output
from sheetsmith.print.imposition import CardSize
from sheetsmith.print.layout import Frame, centred_label, fit_size
from sheetsmith.print.primitives import (
    DARK,
    Colour,
    Item,
    Rect,
    Text,
    TextBox,
)
from sheetsmith.print.text import block_height, wrap
from sheetsmith.render_options import RenderedFile, RenderOptions

PAD = 5.0  # inside the frame, beyond the safe zone
CODE_BOX = 56.0  # about a daily-grid square
LABEL = 6.5
MIN_TEXT = 6.5
BODY = 9.5


@dataclass(frozen=True, slots=True)
class ActionCardLayout:
    code: Frame  # the letter-code box
    side: Frame  # timing and cost beside it
    grid: Frame  # grid shape label and text
    result: Frame  # result label and text
    log: Frame  # the log band at the bottom (no height when the action has no log line)


def card_layout(action: Action, card: CardSize = CARD) -> ActionCardLayout:
    safe = card.safe_rect
    inner = Frame(safe.x + PAD - 2, safe.y + PAD - 2, safe.width - 2 * PAD + 4, 0.0)
    top = card.height - FRAME_INSET - HEADER - 6
    inner = Frame(inner.x, inner.y, inner.width, top - inner.y)
    head, rest = inner.take_top(CODE_BOX, gap=8)
    code, side = head.take_left(CODE_BOX, gap=8)
    if action.log:
        log, rest = rest.take_bottom(_log_height(action, rest.width), gap=6)
    else:
        log = Frame(rest.x, rest.y, rest.width, 0.0)
    grid_h = _grid_height(action, rest.width)
    grid, result = rest.take_top(grid_h, gap=7)
    return ActionCardLayout(code, side, grid, result, log)


def _text_height(text: str, width: float, size: float) -> float:
    return block_height(len(wrap(text, size, width)), size, 1.15)


def _grid_height(action: Action, width: float) -> float:
    return LABEL + 4 + _text_height(action.grid, width, BODY) + 1


LOG_LABEL_W = 24.0  # "LOG" in the band, then its text
LOG_SIZE = 8.0


def _log_text(action: Action) -> str:
    return action.log[:1].upper() + action.log[1:] + ("" if action.log.endswith(".") else ".")


def _log_height(action: Action, width: float) -> float:
    """The band: the log line's text (wrapped) with 3.5 pt above and below."""
    text_w = width - LOG_LABEL_W - 6
    return max(17.0, _text_height(_log_text(action), text_w, LOG_SIZE) + 7)


def log_band(action: Action, frame: Frame) -> list[Item]:
    """LOG, and what the player writes in the log for this action, on a pale band."""
    f = frame
    return [
        Rect(f.x, f.y, f.width, f.height, radius=3, stroke=None, fill=TINT),
        centred_label(f.x + 5, f.cy, "LOG", LABEL, bold=True, anchor="start", colour=NIGHT),
        TextBox(
            f.x + LOG_LABEL_W,
            f.y + 2,
            f.width - LOG_LABEL_W - 6,
            f.height - 4,
            _log_text(action),
            size=LOG_SIZE,
            min_size=MIN_TEXT,
            valign="middle",
            leading=1.15,
        ),
    ]


SUBACTION_COLOUR = HEADER_COLOURS[2]  # teal: taken during a move, not on its own


def action_kind(action: Action) -> tuple[str, Colour]:
    """What the header calls the card, and its colour: actions blue, moves' sub-actions teal."""
    if action.timing.lower().startswith("during"):
        return "sub-action", SUBACTION_COLOUR
    return "action", ACCENT


def label(frame: Frame, text: str) -> Text:
    return small_caps(frame.x, frame.top - LABEL * 0.93, text, size=LABEL)


def action_front(action: Action, card: CardSize = CARD) -> list[Item]:
    lay = card_layout(action, card)
    kind, colour = action_kind(action)
    # ground, frame line and band: one stamp per kind's colour, stored once in the PDF
    items: list[Item] = stamped_frame(action.name, kind, colour, card)
    # the code, as it is written in a grid square
    c = lay.code
    items.append(Rect(c.x, c.y, c.width, c.height, radius=2, line_width=1.6))
    size = fit_size(action.code, c.width - 10, 26, 12, bold=True)
    items.append(centred_label(c.cx, c.cy + 1, action.code, size, bold=True))
    if not any(ch.isalnum() for ch in action.code):
        items.append(Text(c.cx, c.y + 4, "no code", 6.5, anchor="middle", colour=DARK))
    # timing and cost beside it
    s = lay.side
    cost_h = 20.0 if action.cost else 0.0
    timing_h = s.height - cost_h - (4 if cost_h else 0)
    items.append(label(s, "timing"))
    items.append(
        TextBox(
            s.x,
            s.top - timing_h,
            s.width,
            timing_h - LABEL - 3,
            action.timing.capitalize(),
            size=8.5,
            min_size=MIN_TEXT,
            leading=1.15,
        )
    )
    if action.cost:
        items.append(Rect(s.x, s.y, s.width, cost_h, radius=3, stroke=None, fill=TINT))
        items.append(
            centred_label(
                s.x + 5, s.y + cost_h / 2, "COST", LABEL, bold=True, anchor="start", colour=NIGHT
            )
        )
        items.append(
            centred_label(
                s.right - 6, s.y + cost_h / 2, f"${action.cost}", 10, bold=True, anchor="end"
            )
        )
    # grid shape and result
    g = lay.grid
    items.append(label(g, "grid shape"))
    items.append(
        TextBox(
            g.x,
            g.y,
            g.width,
            g.height - LABEL - 4,
            action.grid[:1].upper() + action.grid[1:],
            size=BODY,
            min_size=MIN_TEXT,
            leading=1.15,
        )
    )
    r = lay.result
    items.append(label(r, "result"))
    items.append(
        TextBox(
            r.x,
            r.y,
            r.width,
            r.height - LABEL - 4,
            action.result,
            size=BODY,
            min_size=MIN_TEXT,
            leading=1.15,
        )
    )
    if action.log:
        items += log_band(action, lay.log)
    return items


def render_actions(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    """Fronts nine to a sheet (shared cut lines), each sheet followed by its backs."""
    pages = deck(game, list(game.actions), action_front, options)
    return write_deck(game, "actions", "action cards", pages, len(game.actions), out_dir, options)

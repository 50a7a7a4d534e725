"""Personal Space location cards: the theater, the zoo and the jukebox, each with its price
and a QR code (at least 20 mm wide) opening its page: today's show, an exhibit, the song."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from sheetsmith.games.space.cards import (
    CARD,
    FRAME_INSET,
    HEADER,
    INK,
    MUTED,
    NIGHT,
    TINT,
    deck,
    frame_items,
    header,
    header_colour,
    small_caps,
    target_urls,
    write_deck,
)
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.neighbors import card_qr
from sheetsmith.output import Output
from sheetsmith.print.layout import centred_label, fit_size
from sheetsmith.print.primitives import Item, Rect, Stamp, Text, TextBox
from sheetsmith.render_options import RenderedFile, RenderOptions

QR_BOX = 100.0  # the white square with its quiet zone: ~28 mm of code
SAFE = CARD.safe_rect
PANEL_TOP = CARD.height - FRAME_INSET - HEADER - 6
PANEL_H = 44.0
CAPTION_Y = 155.0
QR_Y = 50.0  # bottom of the QR code's white square
LABEL = 6.0  # small-caps labels: the smallest size printed on a card
DAY_NAMES = {
    "sunday": "Sun",
    "monday": "Mon",
    "tuesday": "Tue",
    "wednesday": "Wed",
    "thursday": "Thu",
    "friday": "Fri",
    "saturday": "Sat",
}


class LocationCard(NamedTuple):
    id: str  # "theater", "zoo" or "jukebox": the QR target
    name: str
    kind: str  # printed small in the header
    caption: str  # above the code: what scanning does
    panel: Callable[[float, float, float, float], list[Item]]  # prices, in a box
    rule: str
    url: str
    path: str
    index: int


def _code(game: SpaceGame, action_id: str, fallback: str) -> str:
    return next((a.code for a in game.actions if a.id == action_id), fallback)


def money(amount: int) -> str:
    return f"${amount}"


def day_prices(game: SpaceGame) -> Callable[[float, float, float, float], list[Item]]:
    """The show's price for each day of the week, one column a day."""

    def panel(x: float, y: float, width: float, height: float) -> list[Item]:
        days = game.sheet.days
        items: list[Item] = [
            small_caps(x + width / 2, y + height - 9, "show price by day", NIGHT, "middle", LABEL)
        ]
        column = (width - 8) / len(days)
        for k, day in enumerate(days):
            cx = x + 4 + column * (k + 0.5)
            label = DAY_NAMES.get(day, day[:3].title())
            items.append(small_caps(cx, y + 21, label, MUTED, "middle", LABEL))
            price = money(game.prices.show[day])
            items.append(centred_label(cx, y + 10, price, 10.0, bold=True, colour=INK))
        return items

    return panel


def price_boxes(
    title: str, prices: list[tuple[str, int]]
) -> Callable[[float, float, float, float], list[Item]]:
    """One or two labelled prices, side by side under a title."""

    def panel(x: float, y: float, width: float, height: float) -> list[Item]:
        items: list[Item] = [
            small_caps(x + width / 2, y + height - 9, title, NIGHT, "middle", LABEL)
        ]
        column = width / len(prices)
        for k, (label, amount) in enumerate(prices):
            cx = x + column * (k + 0.5)
            items.append(centred_label(cx, y + 20, money(amount), 14.0, bold=True, colour=INK))
            items.append(small_caps(cx, y + 5, label, MUTED, "middle", LABEL))
        return items

    return panel


def location_cards(game: SpaceGame, options: RenderOptions) -> list[LocationCard]:
    links = target_urls(game, options)
    loc, prices = game.locations, game.prices
    show, zoo, juke = (
        _code(game, "show", "SH"),
        _code(game, "zoo", "Z"),
        _code(game, "jukebox", "J"),
    )
    specs = [
        (
            "theater",
            loc.theater_name,
            "theater",
            "scan for today's show",
            day_prices(game),
            f"Show ({show}), 1 square: pay the day's price and log it, then scan to see"
            " today's show. Rate it before you leave; a Review may follow.",
        ),
        (
            "zoo",
            loc.zoo_name,
            "zoo",
            "scan to visit an exhibit",
            price_boxes(
                "entry: one exhibit",
                [("entry", prices.zoo), ("with feed bucket", prices.zoo_with_feed)],
            ),
            f"Zoo ({zoo}), 1 square: pay the entry, scan and choose an exhibit. For a"
            " second exhibit, take another Zoo action and pay again.",
        ),
        (
            "jukebox",
            loc.jukebox_name,
            "jukebox",
            "scan to change the song",
            price_boxes("one song", [("a song", prices.jukebox)]),
            f"Jukebox ({juke}), 1 square: pay {money(prices.jukebox)}, scan and choose"
            " the song. It plays until someone changes it.",
        ),
    ]
    return [
        LocationCard(
            ident,
            name,
            kind,
            caption,
            panel,
            rule,
            *links["location", ident],
            k + 1,
        )
        for k, (ident, name, kind, caption, panel, rule) in enumerate(specs)
    ]


def location_front(card: LocationCard) -> list[Item]:
    items: list[Item] = [Stamp("location-front", tuple(frame_items(CARD)))]
    items += header(card.name, card.kind, header_colour(card.index))
    px, pw = SAFE.x + 2, SAFE.width - 4
    py = PANEL_TOP - PANEL_H
    items.append(Rect(px, py, pw, PANEL_H, radius=5, stroke=None, fill=TINT))
    items += card.panel(px, py, pw, PANEL_H)
    items.append(small_caps(CARD.width / 2, CAPTION_Y, card.caption, NIGHT, "middle", 6.5))
    code = card_qr(card.url, CARD.width / 2, QR_Y + QR_BOX / 2, QR_BOX)
    items += code.items
    size = fit_size(card.path, QR_BOX + 20, 6.5, LABEL)
    items.append(Text(CARD.width / 2, QR_Y - 4, card.path, size, anchor="middle", colour=MUTED))
    items.append(
        TextBox(
            SAFE.x + 2,
            SAFE.y + 1,
            SAFE.width - 4,
            QR_Y - 12 - SAFE.y,
            card.rule,
            size=6.5,
            min_size=LABEL,
            align="center",
            valign="middle",
            colour=INK,
        )
    )
    return items


def render_locations(game: SpaceGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    cards = location_cards(game, options)
    pages = deck(game, cards, location_front, options)
    return write_deck(game, "locations", "location cards", pages, len(cards), out_dir, options)

"""Planet 78 cards: the action deck (three piles, each with its own back), the role cards
and the player aid. The decks are the definition's example set and say so on every card."""

from __future__ import annotations

from typing import Any

from sheetsmith.games.planet.actions import ability_example
from sheetsmith.games.planet.model import Card, PlanetGame, Role
from sheetsmith.games.planet.parts import GREY, INK, KIND_COLOURS, KIND_NAMES, WHITE, write_file
from sheetsmith.games.space.cards import back_face, card_frame, stamped_frame
from sheetsmith.output import Output
from sheetsmith.print.decks import deck_pages
from sheetsmith.print.imposition import POKER, POSTCARD, CardSize
from sheetsmith.print.ink import front_drawer, legible_on
from sheetsmith.print.layout import centred_label
from sheetsmith.print.paper import paper as paper_named
from sheetsmith.print.primitives import Item, Rect, Stamp, Text, TextBox
from sheetsmith.render_options import RenderedFile, RenderOptions

EXAMPLE = "example card: not from the rule book"  # the rules list no card texts
CARD_BODY = 10.0


def _body(size: CardSize, top: float, text: str, font: float = CARD_BODY) -> Item:
    s = size.safe + 4
    return TextBox(
        s,
        s + 16,
        size.width - 2 * s,
        top - s - 16,
        text,
        size=font,
        min_size=6.5,
        valign="top",
        colour=INK,
    )


def _footer(size: CardSize, y: float, height: float, text: str, font: float, **style: Any) -> Item:
    """A line of small print across the card's safe area, wrapped if it is long."""
    width = size.width - 2 * size.safe - 8
    return TextBox(size.safe + 4, y, width, height, text, size=font, min_size=6, **style)


def card_front(card: Card) -> list[Item]:
    size = POKER
    items = card_frame(card.name, KIND_NAMES[card.kind], KIND_COLOURS[card.kind], size)
    top = size.height - 50
    items.append(_body(size, top, card.text, 11.0))
    cost = "Playing it: free" if card.effect == "revive" else "Playing it: 1 action point"
    if card.kind == "negative":
        cost = "Drawn at each change of season"
    elif card.kind == "disaster":
        cost = "Drawn each year while pollution is above 6"
    items.append(_footer(size, size.safe + 16, 16, cost, 7.5, align="center", colour=INK))
    items.append(Text(size.width / 2, size.safe + 9, EXAMPLE, 6, anchor="middle", colour=GREY))
    return items


def role_front(role: Role, game: PlanetGame) -> list[Item]:
    size = POKER
    items = stamped_frame(role.name, "Role", KIND_COLOURS["role"], size)  # shared, stored once
    top = size.height - 50
    moves = (
        "Moves up, down, left, right and diagonally."
        if role.diagonal
        else ("Moves up, down, left and right.")
    )
    items.append(Text(size.safe + 4, top, "ABILITY", 7, bold=True, colour=GREY))
    items.append(_body(size, top - 6, f"{role.ability}", 10.5))
    log = f"Typed in a game log: {ability_example(role, game)}"  # for `sheetsmith check`
    items.append(_footer(size, size.safe + 64, 18, log, 6.5, colour=GREY))
    rule = f"Costs {game.costs.ability} action points and ends your turn. {moves}"
    items.append(_footer(size, size.safe + 30, 34, rule, 7.5, colour=INK))
    items.append(Text(size.width / 2, size.safe + 9, EXAMPLE, 6, anchor="middle", colour=GREY))
    return items


def _back(game: PlanetGame, kind: str, ink: str = "full") -> tuple[Item, ...]:
    """The shared night sky with a band in the kind's colour across the top, so the three
    piles (bought, drawn each season, drawn each year) stay apart face down. With
    `--ink saver` the band is an outline in the kind's colour on the outline sky; plain
    backs name the pile in small type (the back's tagline) and nothing else."""
    size = POKER
    face = back_face(game.info.title, KIND_NAMES[kind], size, ink)
    if ink == "plain":
        return (Stamp(f"planet-back-{kind}", face),)
    colour = KIND_COLOURS[kind]
    # saver: paper, not ink, under an outline in the kind's colour (it covers the frame line
    # as the full band does); full: the band filled with the kind's colour
    fill, stroke, width = (WHITE, colour, 1.4) if ink == "saver" else (colour, WHITE, 1.0)
    text = legible_on(WHITE, colour) if ink == "saver" else WHITE
    band = (
        Rect(
            size.safe,
            size.height - size.safe - 24,
            size.width - 2 * size.safe,
            20,
            radius=5,
            fill=fill,
            stroke=stroke,
            line_width=width,
        ),
        centred_label(
            size.width / 2,
            size.height - size.safe - 14,
            KIND_NAMES[kind].upper(),
            11,
            bold=True,
            colour=text,
        ),
    )
    return (Stamp(f"planet-back-{kind}", (*face, *band)),)


def render_action_cards(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    cards = [card for card in game.cards for _ in range(card.count)]
    front = front_drawer(card_front, options.ink)
    fronts = {c.id: (Stamp(f"planet-card-{c.id}", tuple(front(c))),) for c in game.cards}
    backs = {kind: _back(game, kind, options.ink) for kind in KIND_NAMES}
    pages = deck_pages(
        cards,
        lambda c: fronts[c.id],
        lambda c: backs[c.kind],
        POKER,
        paper_named(options.paper),
        back_offset_mm=options.back_offset,
        gutter="shared",
    )
    return write_file(
        game,
        "action-cards",
        "action cards (example deck)",
        pages,
        len(cards),
        out_dir,
        options,
        duplex=True,
    )


def render_role_cards(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    back = _back(game, "role", options.ink)
    pages = deck_pages(
        list(game.roles),
        front_drawer(lambda r: role_front(r, game), options.ink),
        lambda _r: back,
        POKER,
        paper_named(options.paper),
        back_offset_mm=options.back_offset,
        gutter="shared",
    )
    return write_file(
        game,
        "role-cards",
        "role cards (example set)",
        pages,
        len(game.roles),
        out_dir,
        options,
        duplex=True,
    )


# -- player aid ----------------------------------------------------------------------------


def aid_lines(game: PlanetGame) -> list[tuple[str, str]]:
    c, r, p = game.costs, game.rules, game.pollution
    return [
        (
            "Your turn",
            f"First collect the tile you stand on. Then spend {r.actions_per_turn} "
            "action points, in any order, or pass.",
        ),
        (
            "Move",
            f"{c.move} a tile, up/down/left/right (diagonal only for roles that may). "
            "You collect only where your turn starts.",
        ),
        (
            "Action card",
            f"Buy one for {r.card_cost_same_kind} resources of one kind. Play one a "
            f"turn for {c.card} point (Revive: free). Hold {r.hand_limit}. Spend "
            "nothing all turn: take 1 card instead.",
        ),
        (
            "Need",
            f"{c.need} points on its tile, then one free move. Pollution +{p.per_need}, "
            "the season moves on 2 rounds.",
        ),
        ("Ability", f"{c.ability} points at once (you need {c.ability} left); ends your turn."),
        ("Trade", f"{c.trade} point per resource given to a player on your tile."),
        (
            "Deposit",
            f"{c.deposit} point per pile of {game.center.pile} of one kind, at the "
            f"{game.center.name}.",
        ),
        (
            "Limits",
            f"Carry {r.carry_limit} resources. {r.lives} lives; a dead player can be "
            f"revived for {r.revive_turns} turns, else respawns.",
        ),
        (
            "Win",
            f"All 4 Needs, {game.center.piles} piles of each resource, everyone at the "
            f"{game.center.name}.",
        ),
        ("Lose", f"Pollution above {p.max}, or a player loses every life."),
    ]


def aid_front(game: PlanetGame) -> list[Item]:
    size = POSTCARD
    items = card_frame(f"{game.info.title}: player aid", "", KIND_COLOURS["role"], size)
    lines = aid_lines(game)
    top = size.height - 44
    pitch = (top - size.safe - 6) / len(lines)
    for k, (label, text) in enumerate(lines):
        y = top - k * pitch
        items.append(Text(size.safe + 6, y - 8, label, 8.5, bold=True, colour=INK))
        items.append(
            TextBox(
                size.safe + 78,
                y - pitch + 2,
                size.width - 2 * size.safe - 86,
                pitch - 2,
                text,
                size=8.5,
                min_size=6.5,
                colour=INK,
                leading=1.1,
            )
        )
    return items


def render_player_aid(game: PlanetGame, out_dir: Output, options: RenderOptions) -> RenderedFile:
    front = tuple(aid_front(game))
    count = len(game.land.spawns)
    pages = deck_pages([front] * count, lambda f: f, None, POSTCARD, paper_named(options.paper))
    return write_file(game, "player-aid", "player aid", pages, count, out_dir, options)

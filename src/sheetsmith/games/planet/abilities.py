"""Cards in hand and roles' abilities: the hand limit, Revive, each role's ability."""

from __future__ import annotations

from sheetsmith.games.planet.actions import ability_example
from sheetsmith.games.planet.carrying import _collect, _take
from sheetsmith.games.planet.log import Action, Turn
from sheetsmith.games.planet.model import parse_space
from sheetsmith.games.planet.movement import _step
from sheetsmith.games.planet.seasons import _pollute, _season
from sheetsmith.games.planet.state import _Game, _Player


def _hand_limit(g: _Game, turn: Turn, action: Action, player: _Player) -> None:
    limit = (
        g.game.rules.hand_limit
        + player.hand_bonus
        + sum(need.hand for need in g.game.needs if need.id in g.needs_taken)
    )
    held = player.hand.total()
    if held > limit:
        g.fail(
            "card.hand",
            turn,
            action,
            f"{player.name} would hold {held} cards; the limit is {limit}",
        )


def _revive(g: _Game, turn: Turn, action: Action, args: tuple[str, ...]) -> None:
    target = g.by_name.get(args[0]) if args else None
    if target is None or target.alive:
        named = f"{args[0]} is not dead" if target is not None else "name the dead player"
        g.fail("revive.target", turn, action, f"Revive brings back a dead player: {named}")
        return
    target.dead_turns = None


def _ability(g: _Game, turn: Turn, action: Action, player: _Player) -> None:
    role = player.role
    args = action.args
    amount = abs(role.amount)
    example = ability_example(role, g.game)

    def misuse(problem: str) -> None:
        g.fail("ability.use", turn, action, f"{role.name}: {problem}")

    if role.effect == "moves":
        if not args:
            misuse(f"name the tiles moved through, up to {amount}, e.g. {example}")
        elif len(args) > amount:
            misuse(f"moves up to {amount} tiles, {len(args)} given")
        for arg in args[:amount]:
            target = parse_space(arg)
            if target is None:
                misuse(f"{arg!r} is not a space such as E3")
                break
            if not _step(g, turn, action, player, target, True, True):
                break
    elif role.effect == "take":
        resources = [a for a in args if a in g.game.resources]
        if not args or len(resources) < len(args) or len(args) > amount:
            misuse(
                f"takes up to {amount} resources ({', '.join(g.game.resources)}), e.g. {example}"
            )
        for resource in resources[:amount]:
            _take(g, turn, action, player, resource, 1)
    elif role.effect == "cards":
        positive = {c.id for c in g.game.cards if c.kind == "positive"}
        cards = [a for a in args if a in positive]
        if not args or len(cards) < len(args) or len(args) > amount:
            misuse(f"draws up to {amount} positive buffs, named: e.g. {example}")
        player.hand.update(cards[:amount])
        _hand_limit(g, turn, action, player)
    elif role.effect == "revive":
        _revive(g, turn, action, args)
    else:
        if args:
            misuse("this ability takes nothing after the word ability")
        if role.effect == "pollution":
            _pollute(g, role.amount, turn)
        elif role.effect == "collect":
            _collect(g, player, role.amount)
        elif role.effect == "teleport":
            player.at = g.game.land.center
        elif role.effect == "season":
            _season(g, role.amount)

"""Planet 78: replay a typed game log on the land its seed dealt, naming every broken rule.

The game is replayed turn by turn: collecting, action points, movement, cards, Needs,
trades, deposits, the pollution and season tracks, deaths and revivals. Each violation says
the turn, the player and the action. The result (won, lost or unfinished) and the state at
the end are reported with it. Rule ids are listed in `RULES`; readings chosen where the rules
are open are in the definition's `[notes]` and docs/planet-78-log.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from sheetsmith.check.verdict import PlayerResult, Violation
from sheetsmith.games.planet.blank import blank_sheet
from sheetsmith.games.planet.land import NEED, Dealt, Tile, deal
from sheetsmith.games.planet.log import (
    Action,
    GameLog,
    Turn,
    ability_example,
    is_count,
    parse_sheet,
)
from sheetsmith.games.planet.model import Card, PlanetGame, Space, parse_space, space_name

__all__ = ["RULES", "blank_sheet", "check_table", "parse_sheet", "replay"]

RULES = {
    "turn.order": "a turn out of the players' order",
    "turn.dead": "a dead player acts",
    "game.over": "turns logged after the game was won or lost",
    "points.spent": "more action points spent than the turn has",
    "ability.points": "an ability used with fewer than 4 action points left",
    "ability.last": "an action after an ability (it ends the turn)",
    "turn.ended": "an action after pass, or after a card taken for the whole turn",
    "ability.use": "an ability given what it does not take (more moves, resources or cards "
    "than it allows, a card that is not a positive buff)",
    "revive.target": "a Revive (card or Medic) that names no dead player",
    "draw.unspent": "a card taken for the turn's points after some were spent",
    "card.per-turn": "more than one action card played in a turn (Revive excepted)",
    "card.hand": "a card played that is not in the player's hand, or more cards than the limit",
    "card.deck": "a card drawn from the wrong pile",
    "buy.cost": "a card bought without 2 resources of that kind",
    "move.adjacent": "a move to a tile that is not next to the player (diagonals: some roles)",
    "move.blocked": "a move off the land, onto a closed or flooded tile, or off a snowed-in city",
    "carry.limit": "a player would hold more resources than the carry limit",
    "trade.tile": "a trade with a player who is not on the same tile, or is dead",
    "resource.missing": "giving, depositing or discarding resources the player does not hold",
    "deposit.place": "a deposit away from the space center",
    "deposit.pile": "a deposit of fewer than a pile, or past the piles the shuttle needs",
    "need.place": "a Need picked up where there is none left",
    "take.luxury": "a free take without the Luxury Need, or twice in a turn",
    "spawn.house": "a spawn tile swapped without the House Need, past its swaps, or not with a "
    "resource tile",
    "draws.due": "the cards drawn at a turn's start are not what the seasons call for",
    "discard.due": "a card made a player put resources back and the turn does not, or more are "
    "put back than a card asked for",
}


class _Player:
    def __init__(self, name: str, role: Any, number: int, spawn: Space, lives: int) -> None:
        self.name = name
        self.role = role
        self.number = number  # of the spawn tile the player started on
        self.at = spawn
        self.lives = lives
        self.dead_turns: int | None = None  # None: alive
        self.held: Counter[str] = Counter()
        self.hand: Counter[str] = Counter()  # card id -> copies held (a list was quadratic)
        self.hand_bonus = 0
        self.skip_collect = False
        self.next_points = 0
        self.discard = 0
        self.luxury = False
        self.house = False  # may swap their own spawn tile (the House Need)
        self.other_swaps = 0  # and this many other players'
        self.swapped: set[int] = set()  # spawn numbers already swapped

    @property
    def alive(self) -> bool:
        return self.dead_turns is None

    @property
    def carried(self) -> int:
        return sum(self.held.values())


class _Game:
    """The table's state while a log is replayed."""

    def __init__(self, game: PlanetGame, log: GameLog) -> None:
        self.game = game
        self.log = log
        self.dealt: Dealt = deal(game, log.seed)
        # The House Need swaps tiles, so the replay keeps its own copy of the land.
        self.tiles: dict[Space, Tile] = dict(self.dealt.tiles)
        self.settings = log.settings
        self.pollution = log.settings.pollution
        self.clock = 0  # rounds of season time; needs and cards move it
        self.round = 0
        self.piles: Counter[str] = Counter()
        self.needs_taken: dict[str, int] = {}  # need id -> clock when taken
        self.needs_turn: dict[str, int] = {}  # need id -> the turn it was taken on
        self.hold = 0  # rounds the season clock stands still (a season made longer)
        self.next_seat = 0  # whose turn comes next, by place in the players' order
        self.spawns = {n + 1: s for n, s in enumerate(game.land.spawns)}
        roles = {r.id: r for r in game.roles}
        self.players = [
            _Player(p.name, roles[p.role], n + 1, self.spawns[n + 1], log.settings.lives)
            for n, p in enumerate(log.players)
        ]
        self.by_name = {p.name: p for p in self.players}
        self.seen_season = 0
        self.result = "unfinished"
        self.why = ""
        self.out: list[Violation] = []

    # -- time ------------------------------------------------------------------------------

    @property
    def season_length(self) -> int:
        return self.settings.season_length

    def season_index(self) -> int:
        return (max(self.clock, 0) // self.season_length) % len(self.game.seasons)

    def year(self) -> int:
        return max(self.clock, 0) // (self.season_length * len(self.game.seasons))

    def year_units(self, years: int) -> int:
        return years * self.season_length * len(self.game.seasons)

    def dead_terrains(self) -> set[str]:
        season = self.game.seasons[self.season_index()]
        dead = set(season.dead)
        for need in self.game.needs:
            taken = self.needs_taken.get(need.id)
            if taken is not None and self.clock < taken + self.year_units(need.years):
                dead |= set(need.dead)
        return dead

    def flooded(self, space: Space) -> bool:
        tile = self.tiles.get(space)
        if tile is None or tile.special or self.pollution < self.game.pollution.flood_at:
            return False
        x, y = space
        return any(
            (t := self.tiles.get(n)) is not None and t.kind == "water"
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        )

    def bridged(self, a: Space, b: Space) -> bool:
        """False for a step between the space center and anything but a bridge."""
        center = self.game.land.center
        return center not in (a, b) or bool({a, b} & set(self.game.land.bridges))

    def closed(self, space: Space) -> bool:
        tile = self.tiles.get(space)
        season = self.game.seasons[self.season_index()]
        return tile is not None and tile.kind in season.closed

    # -- reporting ---------------------------------------------------------------------------

    def fail(self, rule: str, turn: Turn, action: Action | None, message: str) -> None:
        where = f"turn {turn.number} ({turn.player})"
        if action is not None:
            where += f", action {action.index}: {action.text}"
        self.out.append(Violation(rule, where, message))


def _collect(g: _Game, player: _Player, times: int = 1) -> int:
    tile = g.tiles.get(player.at)
    if tile is None or tile.special or g.flooded(player.at) or tile.kind in g.dead_terrains():
        return 0
    terrain = g.game.terrain(tile.kind)
    season = g.game.seasons[g.season_index()]
    amount = times * (2 if tile.kind in season.double else 1)
    room = g.game.rules.carry_limit - player.carried
    got = max(0, min(amount, room))
    player.held[terrain.resource] += got
    return got


def _due_draws(g: _Game, mark: bool = True) -> list[str]:
    """Piles to draw from now: a negative buff per change of season, a disaster per year
    while pollution is above the mark. `mark=False` only looks."""
    kinds = []
    season_count = max(g.clock, 0) // g.season_length
    seen = g.seen_season
    while seen < season_count:
        seen += 1
        kinds.append("negative")
        year_ends = seen % len(g.game.seasons) == 0
        if year_ends and g.pollution > g.game.pollution.disaster_above:
            kinds.append("disaster")
    if mark:
        g.seen_season = seen
    return kinds


def _apply_drawn(g: _Game, card: Card, turn: Turn) -> None:
    if card.effect == "pollution":
        _pollute(g, card.amount, turn)
    elif card.effect == "season":
        _season(g, card.amount)
    elif card.effect == "skip":
        for p in g.players:
            p.skip_collect = True
    elif card.effect == "actions":
        for p in g.players:
            p.next_points += card.amount
    elif card.effect == "lose-life":
        for p in g.players:
            tile = g.tiles.get(p.at)
            if p.alive and tile is not None and tile.kind == card.terrain:
                _die(g, p, turn, f"{card.name}: {p.name} was on a {card.terrain} tile")
    elif card.effect == "discard":
        for p in g.players:
            p.discard = min(card.amount, p.carried)


def _season(g: _Game, amount: int) -> None:
    """Move the season on `amount` rounds; a negative amount makes the current season last
    that many rounds longer (the marker stands still), never sends it back to the last one."""
    if amount >= 0:
        g.clock += amount
    else:
        g.hold -= amount


def _die(g: _Game, player: _Player, turn: Turn, why: str) -> None:
    player.lives -= 1
    player.dead_turns = 0
    if player.lives <= 0 and g.result == "unfinished":
        g.result, g.why = "lost", f"{why}, and has no life left (turn {turn.number})"


def _pollute(g: _Game, amount: int, turn: Turn) -> None:
    p = g.game.pollution
    g.pollution = max(p.min, g.pollution + amount)
    if g.pollution > p.max and g.result == "unfinished":
        g.result, g.why = "lost", f"pollution reached {g.pollution} (turn {turn.number})"


def _start_turn(g: _Game, turn: Turn, player: _Player) -> None:
    due = _due_draws(g)
    decks = {c.id: c for c in g.game.cards}
    drawn = [decks[c] for c in turn.draws]
    if [c.kind for c in drawn] != due:
        shown = ", ".join(f"{c.name} ({c.kind})" for c in drawn) or "none"
        want = ", ".join(due) or "none"
        g.fail(
            "draws.due",
            turn,
            None,
            f"cards drawn: {shown}; this turn starts with the draws: {want} (a negative buff "
            f"per change of season, a disaster each year while pollution is above "
            f"{g.game.pollution.disaster_above})",
        )
    for card in drawn:
        if card.kind != "positive":  # a positive buff is never drawn: it does nothing here
            _apply_drawn(g, card, turn)
    if player.alive and not player.skip_collect:
        _collect(g, player)
    player.skip_collect = False


def _points(g: _Game, player: _Player) -> int:
    bonus = 0
    for need in g.game.needs:
        taken = g.needs_taken.get(need.id)
        if need.actions and taken is not None and g.clock < taken + g.year_units(need.action_years):
            bonus += need.actions
    points = g.game.rules.actions_per_turn + bonus + player.next_points
    player.next_points = 0
    return points


def _step(
    g: _Game,
    turn: Turn,
    action: Action,
    player: _Player,
    target: Space,
    diagonal: bool,
    ignore_blocks: bool = False,
) -> bool:
    # A refused move is still where the log says the player went: the rest of the log is
    # checked from there, so one mistake is reported once, not in every later turn.
    ok = True
    dx, dy = abs(target[0] - player.at[0]), abs(target[1] - player.at[1])
    if target not in g.tiles:
        g.fail("move.blocked", turn, action, f"{space_name(target)} is off the land")
        return False  # the table cannot be there: the player stays put
    if (dx, dy) not in ((1, 0), (0, 1)) and not (diagonal and (dx, dy) == (1, 1)):
        how = "next to it, diagonals included" if diagonal else "up, down, left or right of it"
        g.fail(
            "move.adjacent",
            turn,
            action,
            f"{player.name} is on {space_name(player.at)}: a move goes one tile {how}",
        )
        ok = False
    elif not g.bridged(player.at, target):
        g.fail("move.blocked", turn, action, "the space center is reached over a bridge only")
        ok = False
    elif not ignore_blocks:
        season = g.game.seasons[g.season_index()].name
        if g.closed(player.at):
            g.fail(
                "move.blocked",
                turn,
                action,
                f"{season}: nobody on a city moves ({player.name} is on {space_name(player.at)})",
            )
            ok = False
        elif g.closed(target):
            g.fail("move.blocked", turn, action, f"{season}: cities cannot be entered")
            ok = False
        elif g.flooded(target):
            g.fail(
                "move.blocked",
                turn,
                action,
                f"{space_name(target)} is flooded (pollution {g.pollution}, next to water)",
            )
            ok = False
    player.at = target
    return ok


def _take(g: _Game, turn: Turn, action: Action, player: _Player, resource: str, n: int) -> None:
    if player.carried + n > g.game.rules.carry_limit:
        g.fail(
            "carry.limit",
            turn,
            action,
            f"{player.name} holds {player.carried}; the limit is {g.game.rules.carry_limit}",
        )
        n = max(0, g.game.rules.carry_limit - player.carried)
    player.held[resource] += n


def _give(g: _Game, turn: Turn, action: Action, player: _Player, resource: str, n: int) -> bool:
    if player.held[resource] < n:
        g.fail(
            "resource.missing",
            turn,
            action,
            f"{player.name} holds {player.held[resource]} {resource}, not {n}",
        )
        return False
    player.held[resource] -= n
    return True


def _count_arg(args: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
    if args and is_count(args[-1]):
        return args[:-1], int(args[-1])
    return args, 1


def _play_turn(g: _Game, turn: Turn, player: _Player) -> None:
    rules, costs = g.game.rules, g.game.costs
    if not player.alive:
        if [a.verb for a in turn.actions] not in ([], ["pass"]):
            g.fail(
                "turn.dead",
                turn,
                turn.actions[0],
                f"{player.name} is dead: they miss their turns until revived or respawned",
            )
        player.dead_turns = (player.dead_turns or 0) + 1
        if player.dead_turns >= rules.revive_turns:
            player.dead_turns = None
            player.at = g.spawns[player.number]
        return
    points = _points(g, player)
    spent = 0
    free_move = False
    cards_played = 0
    ability_used = False
    took = False
    overrun = False
    owed = player.discard
    decks = {c.id: c for c in g.game.cards}
    ended = ""  # what ended the turn early: pass, or a card taken for the whole turn
    for action in turn.actions:
        verb, args = action.verb, action.args
        if ability_used:
            g.fail("ability.last", turn, action, "an ability ends the turn: nothing more happens")
            continue
        if ended:  # reported once, then replayed as logged like any refused action
            g.fail("turn.ended", turn, action, f"{ended} ended {player.name}'s turn")
            ended = ""
            overrun = True  # the points spent after it are part of the same mistake
        cost = 0
        if owed and verb != "discard":
            g.fail(
                "discard.due", turn, action, f"{player.name} must first put back {owed} resource(s)"
            )
            owed = 0
        if verb == "move":
            target = parse_space(args[0])
            assert target is not None
            cost = 0 if free_move else costs.move
            free_move = False
            _step(g, turn, action, player, target, player.role.diagonal)
        elif verb == "buy":
            resource, card_id = args
            card = decks[card_id]
            if card.kind != "positive":
                g.fail(
                    "card.deck",
                    turn,
                    action,
                    f"{card.name} is a {card.kind} card: only positive buffs are bought",
                )
            if _give(g, turn, action, player, resource, rules.card_cost_same_kind):
                player.hand[card_id] += 1
            else:
                g.out[-1] = g.out[-1]._replace(rule="buy.cost")
            _hand_limit(g, turn, action, player)
        elif verb == "draw":
            if spent and not overrun:
                g.fail(
                    "draw.unspent",
                    turn,
                    action,
                    f"{spent} action point(s) already spent: the free card needs all of them",
                )
            card = decks[args[0]]
            ended = f"taking {card.name} for the whole turn"
            if card.kind != "positive":
                g.fail("card.deck", turn, action, f"{card.name} is not a positive buff")
            player.hand[args[0]] += 1
            _hand_limit(g, turn, action, player)
            cost = max(points - spent, 0)
        elif verb == "card":
            card = decks[args[0]]
            if player.hand[args[0]] <= 0:
                g.fail("card.hand", turn, action, f"{player.name} holds no {card.name}")
            else:  # reported, then played as logged
                player.hand[args[0]] -= 1
            if card.effect != "revive":
                cards_played += 1
                cost = costs.card
                if cards_played > 1:
                    g.fail("card.per-turn", turn, action, "one action card a turn (Revive aside)")
            if card.effect == "actions":
                points += card.amount
            elif card.effect == "pollution":
                _pollute(g, card.amount, turn)
            elif card.effect == "collect":
                _collect(g, player, card.amount)
            elif card.effect == "hand":
                player.hand_bonus += card.amount
            elif card.effect == "revive":
                _revive(g, turn, action, args[1:])
        elif verb == "need":
            tile = g.tiles.get(player.at)
            cost = costs.need
            if tile is None or tile.kind != NEED:
                g.fail(
                    "need.place", turn, action, f"{space_name(player.at)} holds no Need to pick up"
                )
            elif tile.label in g.needs_taken:
                g.fail(
                    "need.place",
                    turn,
                    action,
                    f"the Need on {space_name(player.at)} was picked up on turn "
                    f"{g.needs_turn[tile.label]}",
                )
            else:
                _pick_need(g, turn, player, tile.label)
                free_move = True
        elif verb == "ability":
            cost = costs.ability
            if points - spent < costs.ability:
                g.fail(
                    "ability.points",
                    turn,
                    action,
                    f"{points - spent} point(s) left; an ability needs {costs.ability}",
                )
                continue  # it cannot be used: nothing happens
            _ability(g, turn, action, player)
            ability_used = True
        elif verb == "trade":
            (name, resource), n = _count_arg(args)
            other = g.by_name.get(name)
            cost = costs.trade * n
            if other is player:
                g.fail("trade.tile", turn, action, f"{player.name} trades with another player")
            elif other is None or other.at != player.at or not other.alive:
                g.fail(
                    "trade.tile",
                    turn,
                    action,
                    f"{name} is not on {player.name}'s tile ({space_name(player.at)})",
                )
            elif _give(g, turn, action, player, resource, n):
                _take(g, turn, action, other, resource, n)
        elif verb == "deposit":
            cost = costs.deposit
            resource = args[0]
            pile = g.game.center.pile
            if g.tiles.get(player.at, None) is None or player.at != g.game.land.center:
                g.fail(
                    "deposit.place",
                    turn,
                    action,
                    f"{player.name} is on {space_name(player.at)}, not the space center",
                )
            elif g.piles[resource] >= g.settings.piles:
                g.fail(
                    "deposit.pile",
                    turn,
                    action,
                    f"the shuttle already has its {g.settings.piles} piles of {resource}",
                )
            elif player.held[resource] < pile:
                g.fail(
                    "deposit.pile",
                    turn,
                    action,
                    f"a pile is {pile} {resource}; {player.name} holds {player.held[resource]}",
                )
            else:
                player.held[resource] -= pile
                g.piles[resource] += 1
        elif verb == "take":
            if not player.luxury or took:
                why = (
                    f"{player.name} already took one this turn"
                    if player.luxury
                    else f"{player.name} did not pick up the Luxury Need"
                )
                g.fail("take.luxury", turn, action, f"a free take is once a turn: {why}")
            else:
                _take(g, turn, action, player, args[0], 1)
            took = True
        elif verb == "discard":
            (resource,), n = _count_arg(args)
            if n > owed:
                # The rules give no way to drop resources: only a card puts them back.
                g.fail(
                    "discard.due",
                    turn,
                    action,
                    f"{n} put back; the cards ask {player.name} for {owed}",
                )
            if _give(g, turn, action, player, resource, n):
                owed = max(owed - n, 0)
        elif verb == "spawn":
            _swap_spawn(g, turn, action, player, int(args[0]), parse_space(args[1]))
        elif verb == "pass":
            ended = "pass"
        spent += cost
        if spent > points and not overrun:
            g.fail(
                "points.spent", turn, action, f"{spent} action points spent, the turn has {points}"
            )
            overrun = True  # once a turn
    if owed:
        g.fail("discard.due", turn, None, f"{player.name} still owes {owed} resource(s) back")
    player.discard = 0


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


def _swap_spawn(
    g: _Game, turn: Turn, action: Action, player: _Player, number: int, space: Space | None
) -> None:
    """The House Need: the picker swaps their own spawn tile and one other player's, each with
    a resource tile, which takes the spawn tile's place."""
    tile = g.tiles.get(space) if space is not None else None
    own = number == player.number
    problem = ""
    if not player.house:
        problem = f"{player.name} did not pick up the House Need: only its picker swaps spawns"
    elif not 1 <= number <= len(g.players):
        owned = f"1 to {len(g.players)}" if len(g.players) > 1 else "1"
        problem = f"spawn {number} is nobody's: the players' spawns are {owned}"
    elif number in player.swapped:
        problem = f"spawn {number} was already swapped"
    elif not own and len(player.swapped - {player.number}) >= player.other_swaps:
        problem = (
            f"{player.name} swaps their own spawn ({player.number}) and "
            f"{player.other_swaps} other player's"
        )
    elif space is None or tile is None or tile.special:
        where = space_name(space) if space is not None else "that space"
        problem = f"a spawn swaps with a resource tile; {where} is not one"
    if problem:
        g.fail("spawn.house", turn, action, problem)
        return
    assert space is not None and tile is not None
    old = g.spawns[number]
    g.tiles[old], g.tiles[space] = tile, g.tiles[old]
    g.spawns[number] = space
    player.swapped.add(number)


def _pick_need(g: _Game, turn: Turn, player: _Player, need_id: str) -> None:
    need = next(n for n in g.game.needs if n.id == need_id)
    g.needs_taken[need_id] = g.clock
    g.needs_turn[need_id] = turn.number
    _pollute(g, g.game.pollution.per_need, turn)
    g.clock += 2  # the season moves on 2 rounds
    if need.take:
        player.luxury = True
    if need.move_spawns:
        player.house = True
        player.other_swaps += need.move_spawns - 1


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


def _won(g: _Game) -> bool:
    return (
        len(g.needs_taken) == len(g.game.needs)
        and all(g.piles[r] >= g.settings.piles for r in g.game.resources)
        and all(p.alive and p.at == g.game.land.center for p in g.players)
    )


def _open_turn(g: _Game, index: int, turn: Turn) -> _Player | None:
    """The turn order and the season clock; the player whose turn it is, if known."""
    order = [p.name for p in g.log.players]
    expected = order[g.next_seat % len(order)]
    if turn.player != expected:
        g.fail("turn.order", turn, None, f"it is {expected}'s turn (players play in order)")
    # The order goes on from whoever did play, so two swapped turns are one mistake.
    seat = order.index(turn.player) if turn.player in order else g.next_seat
    g.next_seat = seat + 1
    if index and index % len(order) == 0:
        g.round += 1
        if g.hold:
            g.hold -= 1
        else:
            g.clock += 1
    return g.by_name.get(turn.player)


def _close_turn(g: _Game, turn: Turn) -> None:
    if g.result == "unfinished" and _won(g):
        g.result, g.why = "won", f"everyone took off at turn {turn.number}"


def replay(game: PlanetGame, log: GameLog) -> _Game:
    g = _Game(game, log)
    for index, turn in enumerate(log.turns):
        if g.result != "unfinished":
            g.fail("game.over", turn, None, f"the game was already {g.result}: {g.why}")
            break
        player = _open_turn(g, index, turn)
        if player is None:
            continue
        _start_turn(g, turn, player)
        _play_turn(g, turn, player)
        _close_turn(g, turn)
    return g


def _summary(g: _Game) -> dict[str, int]:
    return {
        "turns": len(g.log.turns),
        "pollution": g.pollution,
        "year": g.year() + 1,
        "needs": len(g.needs_taken),
        "piles": sum(g.piles.values()),
        "piles_needed": g.settings.piles * len(g.game.resources),
        "lives_left": sum(p.lives for p in g.players),
    }


def check_table(
    game: PlanetGame, logs: Sequence[GameLog]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Each log is one game; the table wins together or not at all."""
    results = []
    winners: list[str] = []
    for log in logs:
        g = replay(game, log)
        season = game.seasons[g.season_index()].name
        results.append(
            PlayerResult(
                file=log.file,
                player=log.table,
                violations=tuple(g.out),
                score=MappingProxyType(_summary(g)),
                extra=MappingProxyType(
                    {
                        "result": g.result,
                        "why": g.why,
                        "season": season,
                        "players": [p.name for p in log.players],
                    }
                ),
            )
        )
        if g.result == "won" and not g.out:
            winners += [p.name for p in log.players]
    return tuple(results), tuple(winners)

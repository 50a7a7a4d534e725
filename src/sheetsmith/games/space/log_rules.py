"""Personal Space: the rules of the log in order: where you are, who emerges, what follows what."""

from __future__ import annotations

from sheetsmith.check.verdict import Violation
from sheetsmith.games.space.grid_rules import explore, resources
from sheetsmith.games.space.model import SpaceGame
from sheetsmith.games.space.sheet import Entry
from sheetsmith.games.space.tracker_rules import Trackers, end_of_day, move
from sheetsmith.games.space.typed_day import Day, entry_where

TRADE_AFTER = ("neighbor", "trade")  # a base trade may be repeated in one go


# -- the day in order ------------------------------------------------------------------


def _price(rule: str, entry: Entry, allowed: tuple[int, ...], what: str) -> list[Violation]:
    if -entry.money in allowed:
        return []
    shown = " or ".join(f"${a}" for a in allowed)
    paid = f"${-entry.money}" if entry.money <= 0 else f"+${entry.money}"
    return [
        Violation(
            rule, entry_where(entry), f"{what} costs {shown} (money = -{allowed[0]}), got {paid}"
        )
    ]


def sequence(day: Day) -> list[Violation]:
    """Rules that depend on what came before: places, neighbors, money and trackers."""
    game, sheet = day.game, day.sheet
    state = Trackers(day)
    out: list[Violation] = []
    at = sheet.start_at
    place_at: dict[int, str] = {}
    met: dict[str, int] = {}
    emerged: tuple[str, int] | None = None  # neighbor id and the move entry it emerged at
    internet_seen = False
    suggests: list[Entry] = []
    log = sheet.log
    for index, entry in enumerate(log):
        before = log[index - 1] if index else None
        place_at[entry.number] = at
        if emerged and entry.action != "neighbor":
            name = _neighbor_name(game, emerged[0])
            out.append(
                Violation(
                    "neighbor.next",
                    entry_where(entry),
                    f"{name} emerged at the end of log {emerged[1]}: the next action must be "
                    f"Neighbor ({day.codes['neighbor']}), not {entry.code}",
                )
            )
        if entry.action == "move":
            out += move(day, entry, state)
            out += explore(day, entry)
            at = entry.to
            emerged = _emerge(day, entry, met, out)
        elif entry.action == "neighbor":
            out += _neighbor(day, entry, before, emerged, met, state)
            emerged = None
        else:
            emerged = None
        after = f"but log {before.number} is {before.code}" if before else "but it is first"
        if entry.action == "trade" and (before is None or before.action not in TRADE_AFTER):
            out.append(
                Violation(
                    "trade.after-neighbor",
                    entry_where(entry),
                    "a Trade follows a Neighbor action (their offer or base trade), " + after,
                )
            )
        if entry.action == "review" and (before is None or before.action != "show"):
            out.append(
                Violation(
                    "review.after-show",
                    entry_where(entry),
                    "a Review immediately follows a Show, " + after,
                )
            )
        if entry.action == "internet":
            internet_seen = True
        if entry.action == "suggest":
            if not internet_seen:
                out.append(
                    Violation(
                        "suggest.internet",
                        entry_where(entry),
                        f"Suggest needs an Internet ({day.codes['internet']}) action earlier "
                        "in the day",
                    )
                )
            suggests.append(entry)
        if entry.action in ("rearrange", "transfer") and at != "home":
            out.append(
                Violation(
                    "home.only",
                    entry_where(entry),
                    f"{day.action[entry.action].name} happens at home; you are at "
                    f"{'the ' + at if at else 'somewhere else'} here",
                )
            )
        if entry.action == "show":
            price = game.prices.show.get(sheet.day, 0)
            out += _price("show.price", entry, (price,), f"a show on {sheet.day.capitalize()}")
        elif entry.action == "zoo":
            out += _price(
                "zoo.price", entry, (game.prices.zoo, game.prices.zoo_with_feed), "the zoo"
            )
        elif entry.action == "jukebox":
            out += _price("jukebox.price", entry, (game.prices.jukebox,), "a song")
        elif entry.action == "adopt":
            out += _price("adopt.price", entry, (game.prices.adopt,), "adopting an animal")
        # money and trackers after the entry
        state.money += entry.money
        if state.money < 0:
            out.append(
                Violation(
                    "money.negative",
                    entry_where(entry),
                    f"money would be -${-state.money}: you cannot spend what you do not have",
                )
            )
        eat = 1 if entry.action == "eat" and not entry.energy else 0
        state.speed += entry.speed
        state.energy += entry.energy + eat
        state.mood += entry.mood
        out += state.range_check(entry)
    if emerged:
        out.append(
            Violation(
                "neighbor.next",
                f"log {emerged[1]}",
                f"{_neighbor_name(game, emerged[0])} emerged at the end of the day's last move: "
                "a Neighbor action must follow",
            )
        )
    for entry in suggests[1:]:
        out.append(
            Violation(
                "suggest.once",
                entry_where(entry),
                f"Suggest is once a day; log {suggests[0].number} was already Suggest",
            )
        )
    out += end_of_day(day, state)
    out += resources(day, [e for e in log if e.action == "resource"], place_at)
    return out


def _neighbor_name(game: SpaceGame, neighbor_id: str) -> str:
    return next((n.name for n in game.neighbors if n.id == neighbor_id), neighbor_id)


def _emerge(
    day: Day, entry: Entry, met: dict[str, int], out: list[Violation]
) -> tuple[str, int] | None:
    """Who emerges at the end of this move, if anyone."""
    emerge = entry.emerge
    if emerge is None:
        return None
    neighbor = next(n for n in day.game.neighbors if n.id == emerge.neighbor)
    needs = {(s.dx, s.dy): s.roll for s in neighbor.range}
    dx, dy = emerge.space
    if (dx, dy) not in needs:
        spaces = ", ".join(f"[{x}, {y}]" for x, y in needs)
        out.append(
            Violation(
                "neighbor.emerge",
                entry_where(entry),
                f"[{dx}, {dy}] is not in {neighbor.name}'s range ({spaces}): nobody rolls there",
            )
        )
        return None
    if emerge.roll != needs[dx, dy] or emerge.neighbor in met:
        return None
    return emerge.neighbor, entry.number


def _neighbor(
    day: Day,
    entry: Entry,
    before: Entry | None,
    emerged: tuple[str, int] | None,
    met: dict[str, int],
    state: Trackers,
) -> list[Violation]:
    out = []
    name = _neighbor_name(day.game, entry.neighbor)
    if entry.neighbor in met:
        out.append(
            Violation(
                "neighbor.once",
                entry_where(entry),
                f"{name} was met in log {met[entry.neighbor]} (orange cube on their card): "
                "a neighbor emerges once a day",
            )
        )
    elif emerged is None or emerged[0] != entry.neighbor:
        why = "no move came just before"
        if before is not None and before.action == "move":
            e = before.emerge
            if e is None or e.neighbor != entry.neighbor:
                why = f"log {before.number} did not roll for {name}"
            else:
                space = next(
                    (
                        s.roll
                        for n in day.game.neighbors
                        if n.id == e.neighbor
                        for s in n.range
                        if (s.dx, s.dy) == e.space
                    ),
                    None,
                )
                why = (
                    f"log {before.number} rolled {e.roll} where {name} needs {space}"
                    if space is not None
                    else f"log {before.number} stopped outside {name}'s range"
                )
        elif before is not None:
            why = f"log {before.number} is {before.code}, not a move"
        out.append(
            Violation(
                "neighbor.emerge",
                entry_where(entry),
                f"{name} emerges only at the end of a move, on the roll their card shows: {why}",
            )
        )
    met.setdefault(entry.neighbor, entry.number)
    bad = day.game.sheet.mood.bad_at_most
    if entry.answer == "friends" and bad is not None and state.mood <= bad:
        out.append(
            Violation(
                "neighbor.mood",
                entry_where(entry),
                f"Mood {state.mood} is a bad mood ({bad} or less): the answer must be "
                "'not friends / bad mood'",
            )
        )
    return out

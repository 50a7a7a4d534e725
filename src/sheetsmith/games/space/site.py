"""The pages Personal Space's QR codes open, and the organiser's index: each page's template
and what it shows, for `sheetsmith.site.build_site`."""

from __future__ import annotations

from typing import Any

from sheetsmith.games.space import links
from sheetsmith.site import PlannedPage
from sheetsmith.site.urls import Target, base_url

# Words for a greeting's kind, shown above its text.
KIND_LABELS = {
    "hello": "Hello",
    "item": "A gift",
    "trade": "A trade offer",
    "request": "A request",
    "task": "A task",
}
# The two answers to "Are you friends?", as a neighbor page's ?answer= spells them.
ANSWERS = {"friends": "Friends", "not-friends": "Not friends / bad mood"}
# JavaScript's Date.getDay(): 0 is Sunday.
WEEKDAYS = ("sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")


def pages(game: Any, base: str) -> list[PlannedPage]:
    """The index and one page per QR target, under the checked base URL `base`."""
    found = links.targets(game)
    page_urls = links.urls(game, base)
    root = base_url(base)
    planned = [PlannedPage("index.html", root, _index(game, found, root))]
    for target in found:
        context = _neighbor(game, target) if target.kind == "neighbor" else _location(game, target)
        planned.append(PlannedPage(target.path, page_urls[target], context))
    return planned


def _game_title(game: Any) -> str:
    return getattr(getattr(game, "info", None), "title", "") or "sheetsmith"


def _code(game: Any, action_id: str, default: str) -> str:
    """An action's letter code as the definition spells it (TR, Z, ...)."""
    for action in getattr(game, "actions", ()):
        if action.id == action_id:
            return action.code
    return default


def _index(game: Any, found: tuple[Target, ...], base: str) -> dict[str, Any]:
    neighbors = {n.id: n for n in getattr(game, "neighbors", ())}
    return {
        "template": "site/index.html",
        "game_title": _game_title(game),
        "page_title": f"{_game_title(game)}: QR pages",
        "base": base,
        "neighbors": [(t, neighbors[t.id]) for t in found if t.kind == "neighbor"],
        "locations": [t for t in found if t.kind == "location"],
        "trade_code": _code(game, "trade", "TR"),
    }


def _greeting(greeting: Any, index: int) -> dict[str, Any]:
    return {
        "index": index,
        "kind": greeting.kind,
        "text": greeting.text,
        "item": greeting.item,
        "gives": greeting.gives,
        "wants": greeting.wants,
        "steps": list(greeting.steps),
    }


def _neighbor(game: Any, target: Target) -> dict[str, Any]:
    neighbor = next(n for n in game.neighbors if n.id == target.id)
    answers = {
        "friends": [_greeting(g, i) for i, g in enumerate(neighbor.friends)],
        "not-friends": [_greeting(g, i) for i, g in enumerate(neighbor.not_friends)],
    }
    return {
        "template": "site/neighbor.html",
        "game_title": _game_title(game),
        "page_title": neighbor.name,
        "neighbor": neighbor,
        "answers": answers,
        "labels": KIND_LABELS,
        "bad_mood": game.sheet.mood.bad_at_most,
        "pockets": game.sheet.pockets,
        "trade_code": _code(game, "trade", "TR"),
        "neighbor_code": _code(game, "neighbor", "N"),
        "names": ANSWERS,
        "data": {"answers": answers, "labels": KIND_LABELS, "names": ANSWERS},
    }


def _weekday_names(days: tuple[str, ...]) -> list[str]:
    """The definition's day for each of JavaScript's getDay() values (0: Sunday).

    Days spelled as English weekday names match by name, in whatever order they are listed;
    any other spelling is taken to start on Sunday, as the rules' week does.
    """
    if {d.lower() for d in days} == set(WEEKDAYS):
        by_name = {d.lower(): d for d in days}
        return [by_name[w] for w in WEEKDAYS]
    return list(days)


def _location(game: Any, target: Target) -> dict[str, Any]:
    places = game.locations
    common = {"game_title": _game_title(game), "page_title": target.title}
    if target.id == "theater":
        days = game.sheet.days
        shows = {
            d: [{"title": s.title, "blurb": s.blurb} for s in places.shows if s.day == d]
            for d in days
        }
        prices = dict(game.prices.show)
        return {
            **common,
            "template": "site/theater.html",
            "name": places.theater_name,
            "days": days,
            "shows": shows,
            "prices": prices,
            "show_code": _code(game, "show", "SH"),
            "review_code": _code(game, "review", "RV"),
            "data": {
                "days": list(days),
                "weekday": _weekday_names(days),
                "shows": shows,
                "prices": prices,
                "storage": f"sheetsmith:{game.info.id}:theater:",
            },
        }
    if target.id == "zoo":
        exhibits = [{"name": e.name, "animals": list(e.animals)} for e in places.exhibits]
        return {
            **common,
            "template": "site/zoo.html",
            "name": places.zoo_name,
            "exhibits": exhibits,
            "fee": game.prices.zoo,
            "fee_with_feed": game.prices.zoo_with_feed,
            "adopt": game.prices.adopt,
            "zoo_code": _code(game, "zoo", "Z"),
            "adopt_code": _code(game, "adopt", "AD"),
            "data": {"exhibits": exhibits},
        }
    if target.id == "jukebox":
        return {
            **common,
            "template": "site/jukebox.html",
            "name": places.jukebox_name,
            "songs": list(places.songs),
            "price": game.prices.jukebox,
            "jukebox_code": _code(game, "jukebox", "J"),
            "data": {"songs": list(places.songs)},
        }
    raise AssertionError(f"no page template for location {target.id!r}")

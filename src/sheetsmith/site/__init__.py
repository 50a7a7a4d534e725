"""The static site that printed QR codes open: one page per `links.targets(game)`, plus an
index for the organiser.

Every page stands alone: inline CSS and JS, the data for its random draws embedded as JSON,
relative links only, no fonts or assets from elsewhere. Host the folder anywhere static (or
open it from disk); once a page has loaded it works offline. The same game and base URL give
byte-identical files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from sheetsmith import links
from sheetsmith.errors import OptionError
from sheetsmith.output import Output
from sheetsmith.site.env import environment

__all__ = ["SitePage", "build_site"]

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


class SitePage(NamedTuple):
    url: str  # where a browser (or a QR code) finds it
    path: Path  # the file written


def build_site(
    game: Any, base_url: str | None, out_dir: Path | Output, *, force: bool = False
) -> list[SitePage]:
    """Write the index and every QR target page of `game` under `out_dir`.

    `base_url` None means the definition's own. Raises `OptionError` for a game with no QR
    targets, or a base URL that is not http(s) or makes a URL too long to scan, and
    `OutputError` for a page that may not be written (someone else's file: see `Output`).
    A rebuild removes the pages an earlier build wrote and this one does not (a neighbor
    dropped from the definition), so the folder can be uploaded as it is; only pages the
    output manifest lists, unchanged since, are ever removed.
    """
    output = out_dir if isinstance(out_dir, Output) else Output(out_dir, force=force)
    found = links.targets(game)
    if not found:
        title = getattr(getattr(game, "info", None), "title", "this game")
        raise OptionError(f"{title} has no pages to build: it prints no QR codes")
    base_arg = base_url if base_url is not None else getattr(game, "base_url", "")
    page_urls = links.urls(game, base_arg)
    base = links.base_url(base_arg)

    planned = [("index.html", base, _index(game, found, base))]
    for target in found:
        context = _neighbor(game, target) if target.kind == "neighbor" else _location(game, target)
        planned.append((target.path, page_urls[target], context))
    output.check(rel for rel, _, _ in planned)
    pages = [_write(output, rel, url, context) for rel, url, context in planned]
    output.prune(keep=[rel for rel, _, _ in planned], suffix=".html")
    return pages


def _write(output: Output, rel: str, url: str, context: dict[str, Any]) -> SitePage:
    """Render `context["template"]` to `rel`; links in it are relative to the site root."""
    template = environment().get_template(context.pop("template"))
    html = template.render(root="../" * rel.count("/"), **context)
    return SitePage(url, output.write_bytes(rel, html.encode("utf-8")))


def _game_title(game: Any) -> str:
    return getattr(getattr(game, "info", None), "title", "") or "sheetsmith"


def _code(game: Any, action_id: str, default: str) -> str:
    """An action's letter code as the definition spells it (TR, Z, ...)."""
    for action in getattr(game, "actions", ()):
        if action.id == action_id:
            return action.code
    return default


def _index(game: Any, found: tuple[links.Target, ...], base: str) -> dict[str, Any]:
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


def _neighbor(game: Any, target: links.Target) -> dict[str, Any]:
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


def _location(game: Any, target: links.Target) -> dict[str, Any]:
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

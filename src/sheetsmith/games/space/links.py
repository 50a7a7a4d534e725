"""The pages Personal Space's QR codes open: one per neighbor, one per location."""

from __future__ import annotations

from sheetsmith.site import urls as site_urls
from sheetsmith.site.urls import Target


def targets(game: object) -> tuple[Target, ...]:
    """Every page a printed QR code of `game` opens (neighbors, then locations)."""
    found: list[Target] = []
    for neighbor in getattr(game, "neighbors", ()):
        found.append(
            Target("neighbor", neighbor.id, neighbor.name, f"neighbors/{neighbor.id}.html")
        )
    locations = getattr(game, "locations", None)
    if locations is not None:
        found += [
            Target("location", "theater", locations.theater_name, "locations/theater.html"),
            Target("location", "zoo", locations.zoo_name, "locations/zoo.html"),
            Target("location", "jukebox", locations.jukebox_name, "locations/jukebox.html"),
        ]
    return tuple(found)


def urls(game: object, base: str, option: str = "--base-url") -> dict[Target, str]:
    """The URL of every page the game's codes open (see `sheetsmith.site.urls.urls`)."""
    return site_urls.urls(targets(game), base, option)

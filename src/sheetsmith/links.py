"""Where QR codes point: a stable path per target under a base URL the organiser chooses.

Both the printed cards (render) and the static site (site) take their paths from here,
so every code that is printed has a page that is built.
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlsplit

from sheetsmith.errors import OptionError

# A QR code printed 20 mm wide still scans from a phone up to version 6 (41 modules,
# ~0.4 mm each with its quiet zone); at error level M that holds 106 bytes.
MAX_URL_BYTES = 106


class Target(NamedTuple):
    kind: str  # "neighbor" or "location"
    id: str
    title: str
    path: str  # relative to the site root, e.g. "neighbors/marga.html"


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


def base_url(url: str, option: str = "--base-url") -> str:
    """`url` checked and normalised to end with "/", or an `OptionError` saying why not."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise OptionError(f"{option}: expected an http:// or https:// URL, got {url!r}")
    if not parts.netloc or any(c.isspace() for c in url):
        raise OptionError(f"{option}: {url!r} has no host name (or contains spaces)")
    if parts.query or parts.fragment:
        raise OptionError(f"{option}: {url!r} must not carry a ?query or #fragment")
    return url if url.endswith("/") else url + "/"


def url_for(base: str, target: Target) -> str:
    return base + target.path


def urls(game: object, base: str, option: str = "--base-url") -> dict[Target, str]:
    """The URL of every target, refusing a base URL too long for a code that still scans."""
    base = base_url(base, option)
    found = {target: url_for(base, target) for target in targets(game)}
    too_long = [u for u in found.values() if len(u.encode()) > MAX_URL_BYTES]
    if too_long:
        longest = max(too_long, key=len)
        raise OptionError(
            f"{option}: {longest!r} is {len(longest.encode())} bytes; a QR code printed "
            f"20 mm wide scans reliably up to {MAX_URL_BYTES} bytes. Use a shorter base URL."
        )
    return found

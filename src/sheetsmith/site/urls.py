"""Where QR codes point: a stable path per target under a base URL the organiser chooses,
and the checks that keep a printed code scannable. A game lists its targets (see
`sheetsmith.games.space.links`); its cards and its site both take their URLs from there, so
every code that is printed has a page that is built.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple
from urllib.parse import urlsplit

from sheetsmith.errors import OptionError

# A QR code printed 20 mm wide still scans from a phone up to version 6 (41 modules,
# ~0.4 mm each with its quiet zone); at error level M that holds 106 bytes.
MAX_URL_BYTES = 106
# Longer than any URL a browser takes: refused before it is parsed, let alone echoed.
MAX_BASE_URL_CHARS = 2048
SHOWN_CHARS = 80  # of a refused URL, in a message
# RFC 3986: unreserved and reserved characters, and %XX escapes. The quote ' is a reserved
# sub-delimiter, but it would close a quoted HTML attribute on the site and no base URL
# needs it, so it is refused with the characters RFC 3986 forbids (" < > \ space ...).
_URL_CHARACTER = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=]|%[0-9A-Fa-f]{2}")


class Target(NamedTuple):
    kind: str  # what the page is, e.g. "neighbor" or "location"
    id: str
    title: str
    path: str  # relative to the site root, e.g. "neighbors/marga.html"


def shown(url: str) -> str:
    """`url` quoted for a message, cut to SHOWN_CHARS with "…": a URL can be any length."""
    return repr(url if len(url) <= SHOWN_CHARS else url[: SHOWN_CHARS - 1] + "…")


def _bad_character(url: str) -> str | None:
    """The first character of `url` that a URL cannot hold as is, or None."""
    at = 0
    while at < len(url):
        found = _URL_CHARACTER.match(url, at)
        if found is None:
            return url[at]
        at = found.end()
    return None


def base_url(url: str, option: str = "--base-url") -> str:
    """`url` checked and normalised to end with "/", or an `OptionError` saying why not."""
    why = base_url_problem(url)
    if why is not None:
        raise OptionError(f"{option}: {why}")
    url = url.strip()
    return url if url.endswith("/") else url + "/"


def base_url_problem(url: str) -> str | None:
    """Why `url` cannot be a base URL for printed codes, or None if it can."""
    if len(url) > MAX_BASE_URL_CHARS:
        return (
            f"{shown(url)} is {len(url):,} characters; expected at most "
            f"{MAX_BASE_URL_CHARS:,} (and a printed code holds {MAX_URL_BYTES} bytes)"
        )
    url = url.strip()
    bad = _bad_character(url)
    if bad == "%":
        return f"{shown(url)} has a % that is not a %XX escape"
    if bad is not None:
        what = "a space" if bad == " " else repr(bad)
        hint = (
            f"write it as %{ord(bad):02X}"
            if bad.isascii()
            else "percent-encode its UTF-8 bytes, or write a host name in punycode (xn--...)"
        )
        return f"{shown(url)} contains {what}, which a URL cannot hold; {hint}"
    try:
        parts = urlsplit(url)
    except ValueError:  # an unbalanced [ or ] around an IPv6 host
        return f"{shown(url)} is not a valid URL"
    if parts.scheme not in ("http", "https"):
        return f"expected an http:// or https:// URL, got {shown(url)}"
    if not parts.netloc:
        return f"{shown(url)} has no host name"
    if parts.query or parts.fragment:
        return f"{shown(url)} must not carry a ?query or #fragment"
    return None


def url_for(base: str, target: Target) -> str:
    return base + target.path


def urls(targets: Sequence[Target], base: str, option: str = "--base-url") -> dict[Target, str]:
    """The URL of every target, refusing a base URL too long for a code that still scans."""
    base = base_url(base, option)
    found = {target: url_for(base, target) for target in targets}
    too_long = [u for u in found.values() if len(u.encode()) > MAX_URL_BYTES]
    if too_long:
        longest = max(too_long, key=len)
        raise OptionError(
            f"{option}: {shown(longest)} is {len(longest.encode())} bytes; a QR code printed "
            f"20 mm wide scans reliably up to {MAX_URL_BYTES} bytes. Use a shorter base URL."
        )
    return found

"""Serve a game's site from this computer, so the QR codes on cards printed with the same base
URL open their pages on the phones at the table (on the same Wi-Fi), with no hosting.

The standard library's threading HTTP server is enough: a table is a handful of phones, and
the pages are static files that work offline once loaded.
"""

from __future__ import annotations

import errno
import functools
import http.server
import socket
from pathlib import Path
from typing import Any

from sheetsmith.errors import OptionError

# Hosts that are placeholders, never a real site (RFC 2606 and RFC 6761 names).
_PLACEHOLDER_SUFFIXES = (".example", ".invalid", ".test", ".localhost")
_PLACEHOLDER_DOMAINS = ("example.com", "example.net", "example.org")


def is_placeholder(url: str) -> bool:
    """Whether `url`'s host is a reserved example name no phone can reach."""
    from urllib.parse import urlsplit

    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    return host.endswith(_PLACEHOLDER_SUFFIXES) or any(
        host == d or host.endswith("." + d) for d in _PLACEHOLDER_DOMAINS
    )


def lan_address() -> str:
    """This computer's address on the local network as its own name resolves it, or
    127.0.0.1 when it has none (the site then opens on this computer only)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    addresses = [info[4][0] for info in infos]
    usable = [a for a in addresses if not a.startswith("127.")]
    return str(usable[0] if usable else "127.0.0.1")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, with no log line per request: the terminal shows the address and the QR
    code to scan, and the phones' requests would push them off the screen."""

    def log_message(self, format: str, *args: Any) -> None:
        return


def open_server(folder: Path, host: str, port: int) -> http.server.ThreadingHTTPServer:
    """A server of `folder` bound to `host:port` (port 0: any free one), or `OptionError`."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    try:
        return http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise OptionError(
                f"--port: {port} is already in use on {host};"
                f" choose another, e.g. --port {port + 1}"
            ) from None
        if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(
            exc, socket.gaierror
        ):
            raise OptionError(
                f"--host: {host!r} is not an address of this computer ({exc.strerror or exc})"
            ) from None
        raise OptionError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def terminal_qr(url: str) -> str:
    """`url` as a QR code drawn with block characters, for a phone to scan off the screen."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    code.make(fit=True)
    text = io.StringIO()
    code.print_ascii(out=text, invert=True)
    return text.getvalue()

"""The `sheetsmith` command line (see `app`); `main` is the console script."""

from __future__ import annotations

import sys

from sheetsmith.cli import games, photos, prints, serve, sheets  # noqa: F401  (each registers its commands)
from sheetsmith.cli.app import app
from sheetsmith.console import echo

__all__ = ["app", "main"]


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        echo("interrupted", err=True)
        sys.exit(130)

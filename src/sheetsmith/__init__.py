"""sheetsmith: print-and-play game sheets from TOML definitions, and a checker for them."""

__version__ = "0.1.0"

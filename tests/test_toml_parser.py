"""sheetsmith parses TOML with tomli (the standard library's tomllib, compiled): it must read
every file exactly as tomllib does, and refuse every broken one with tomllib's words, which
the hints (toml/hints.py) rewrite for players."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
BUNDLED = sorted(
    [*(ROOT / "src" / "sheetsmith" / "games").rglob("*.toml"), *(ROOT / "examples").rglob("*.toml")]
)
TEXTS = [path.read_text(encoding="utf-8") for path in BUNDLED]


def _read(parser: Any, text: str) -> tuple[str, str]:
    """What a parser makes of a text: its data (repr, so nan equals nan) or its refusal."""
    try:
        return "read", repr(parser.loads(text))
    except parser.TOMLDecodeError as exc:
        return "refused", str(exc)
    except (ValueError, RecursionError) as exc:
        return "failed", type(exc).__name__


def test_it_reads_toml_1_0_as_tomllib_does():
    # 2.4 and later read TOML 1.1 (newlines in inline tables, \e): a file another tool
    # refuses would be read here, and the other way round
    major, minor = (int(part) for part in tomli.__version__.split(".")[:2])
    assert (major, minor) < (2, 4)
    assert _read(tomli, "a = {b = 1,\n}")[0] == _read(tomllib, "a = {b = 1,\n}")[0] == "refused"


def test_every_bundled_file_reads_the_same():
    assert len(BUNDLED) >= 10  # every game's definition and the examples
    for path, text in zip(BUNDLED, TEXTS, strict=True):
        assert _read(tomli, text) == _read(tomllib, text), path


_EDITS = st.lists(
    st.tuples(
        st.floats(0, 1, exclude_max=True),  # where in the text
        st.sampled_from(["insert", "delete", "replace"]),
        st.sampled_from(list("ab=[]{}\"'.,#\n 1-_:T\\e+")),
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(TEXTS), _EDITS)
def test_a_broken_file_is_refused_in_the_same_words(text: str, edits: list) -> None:
    chars = list(text)
    for where, how, char in edits:
        at = int(where * len(chars))
        if how == "insert" or not chars:
            chars.insert(at, char)
        elif how == "delete":
            del chars[at]
        else:
            chars[at] = char
    typed = "".join(chars)
    assert _read(tomli, typed) == _read(tomllib, typed)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab=[]{}\"'.,#\n 1-_:T\\e+\t")), max_size=60))
def test_any_short_text_reads_the_same(text: str) -> None:
    assert _read(tomli, text) == _read(tomllib, text)

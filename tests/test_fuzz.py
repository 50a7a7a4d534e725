"""Bad input of any kind is refused with a message, never a traceback (hypothesis)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetsmith.check import blank_sheet, check_text
from sheetsmith.check.verdict import CheckReport
from sheetsmith.definition import definition_path, load_bytes
from sheetsmith.errors import DefinitionError, SheetError
from skysheets import sheet

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BLANK = blank_sheet("my-corner-of-the-sky")
EXAMPLE = (Path(__file__).parent / "sheets" / "spec-example.toml").read_text()
DEFINITIONS = [
    (definition_path(name)).read_text(encoding="utf-8")
    for name in ("my-corner-of-the-sky", "personal-space")
]


def checked(raw: bytes) -> None:
    try:
        report = check_text(raw, "fuzz.toml")
    except SheetError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.file == "fuzz.toml"
            assert problem.message
    else:
        assert isinstance(report, CheckReport)
        assert report.players[0].score["total"] >= 0


def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
    for position, kind, char in edits:
        at = position % (len(text) + 1)
        if kind == 0:
            text = text[:at] + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + char + text[at:]
        else:
            text = text[:at] + char + text[at + 1 :]
    return text


EDITS = st.lists(
    st.tuples(
        st.integers(0, 20000),
        st.integers(0, 2),
        st.sampled_from([*list("x.X o\"'=[]{}\n#,-1234567890 \t\\"), "☆", "\x00"]),
    ),
    min_size=1,
    max_size=8,
)


@SETTINGS
@given(st.binary(max_size=2000))
def test_random_bytes(raw):
    checked(raw)


@SETTINGS
@given(st.sampled_from([BLANK, EXAMPLE]), EDITS)
def test_mangled_sheets(text, edits):
    checked(mutate(text, edits).encode("utf-8"))


SHEET_KEYS = [
    "game",
    "player",
    "star_map",
    "abilities",
    "supporters",
    "articles",
    "schedule",
    "positioning-ii",
    "mentor",
    "week-1",
    "monday",
    "cost",
    "reward",
]
SCALARS = st.one_of(
    st.text(alphabet="xX. o\n", max_size=140),
    st.integers(-5, 10**20),
    st.booleans(),
    st.floats(allow_nan=True),
    st.just("my-corner-of-the-sky"),
    st.just("point"),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(SHEET_KEYS), inner, max_size=4)
    ),
    max_leaves=12,
)


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(str(value), repr(value))
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f'"{k}" = {toml_value(v)}' for k, v in value.items()) + "}"


@SETTINGS
@given(st.dictionaries(st.sampled_from(SHEET_KEYS), VALUES, max_size=7))
def test_wrong_types_in_the_right_places(data):
    data.setdefault("game", "my-corner-of-the-sky")
    text = "\n".join(f'"{k}" = {toml_value(v)}' for k, v in data.items())
    checked(text.encode())


@SETTINGS
@given(
    st.sets(st.tuples(st.integers(0, 10), st.integers(0, 10))),
    st.sampled_from(["", "point", "8", "6", "0", "99"]),
)
def test_any_valid_shaped_sheet_scores(points, reward):
    text = sheet(points, articles={"week-1": ("x x", reward)})
    report = check_text(text.encode(), "ok.toml")
    assert report.players[0].score["stars"] <= 10
    assert report.players[0].score["largest_region"] <= 100


def test_huge_file_is_refused():
    try:
        check_text(b"#" * 3_000_000, "huge.toml")
    except SheetError as exc:
        assert "bytes" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a 3 MB sheet was read")


@SETTINGS
@given(st.sampled_from(DEFINITIONS), EDITS)
def test_mangled_definitions(definition, edits):
    text = mutate(definition, edits)
    try:
        load_bytes(text.encode("utf-8"), "game.toml")
    except DefinitionError as exc:
        assert all(p.file == "game.toml" for p in exc.problems)

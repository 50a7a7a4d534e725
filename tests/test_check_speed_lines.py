"""Line numbers are looked up only when a problem is reported (issue 17): a valid sheet's
check never scans the file for its keys' lines, and a problem still names its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetsmith.check import check_text
from sheetsmith.errors import SheetError
from sheetsmith.toml import document

EXAMPLES = Path("examples")
# Sheets that are read without a problem: valid ones, and ones that break a rule (a rule
# broken is a verdict, not a problem with the file, and has no line).
READ = [
    "my-corner-of-the-sky/ann.toml",
    "my-corner-of-the-sky/ben.toml",
    "personal-space/ann.toml",
    "personal-space/ben.toml",
    "personal-space/cai.toml",
    "planet-78/first-rounds.toml",
    "planet-78/mistakes.toml",
    "planet-78/won.toml",
]


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each call of the line finder, counted, its answer unchanged."""
    calls: list[int] = []
    finder = document.lines_keys

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return finder(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(document, "lines_keys", counted)
    return calls


@pytest.mark.parametrize("name", READ)
def test_a_sheet_read_without_a_problem_never_looks_up_a_line(name: str, lookups: list[int]):
    report = check_text((EXAMPLES / name).read_bytes(), name)
    assert report.players
    assert lookups == []


def _problems(text: str, name: str = "day.toml") -> list[str]:
    with pytest.raises(SheetError) as caught:
        check_text(text.encode(), name)
    return [str(p) for p in caught.value.problems]


def test_a_grid_row_problem_still_names_its_line(lookups: list[int]):
    text = (EXAMPLES / "personal-space/ann.toml").read_text()
    row = "W3   W3   W3   .    .    EX12"
    line = text.split("\n").index(row) + 1
    problems = _problems(text.replace(row, "W3   W3   W3   .    .    Q12"))
    assert problems == [
        f"day.toml:{line}: grid: row 3 (line 4 of the grid), column 6: unknown letter code 'Q'"
    ]
    assert lookups == [1]  # looked up then, once for the file


def test_every_row_problem_of_a_file_shares_one_lookup(lookups: list[int]):
    text = (EXAMPLES / "personal-space/ann.toml").read_text()
    rows = ["M9   M9   M9   M9   TF10 EX12", ".    .    .    M9   EX12 EX12"]
    lines = [text.split("\n").index(row) + 1 for row in rows]
    text = text.replace(rows[0], "M9   M9   M9   M9   TF10").replace(
        rows[1], "??   .    .    M9   EX12 EX12"
    )
    problems = _problems(text)
    assert [p.split(":")[1] for p in problems] == [str(lines[0]), str(lines[1])]
    assert "expected 6 squares, got 5" in problems[0] and "holds ink" in problems[1]
    assert lookups == [1]


def test_the_star_map_names_the_lines_it_always_did():
    problems = _problems((EXAMPLES / "my-corner-of-the-sky/typo.toml").read_text(), "typo.toml")
    assert problems[:2] == [
        "typo.toml:8: star_map: row 4: expected 11 points, got 10",
        "typo.toml:12: star_map: row 8: unexpected character 'o': use x for a filled point, "
        ". for an empty one",
    ]

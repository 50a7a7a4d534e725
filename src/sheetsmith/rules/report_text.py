"""The human-readable `check` report: a score table per sheet, every violation located."""

from __future__ import annotations

from sheetsmith.rules.verdict import CheckReport, PlayerResult
from sheetsmith.texttable import table

LABELS = {
    "largest_region": "Largest region of squares",
    "stars": "Filled stars",
    "articles": "Article rewards",
    "publisher": "PUBLISHER",
    "headhunter": "HEADHUNTER",
    "multiplayer": "Multiplayer bonus",
    "total": "TOTAL",
}


def _player(result: PlayerResult) -> str:
    verdict = (
        "follows the rules"
        if result.valid
        else (f"breaks {len(result.violations)} rule{'s' if len(result.violations) != 1 else ''}")
    )
    lines = [f"{result.player} ({result.file}): {verdict}", ""]
    rows = [(LABELS.get(key, key.replace("_", " ")), value) for key, value in result.score.items()]
    lines.append(table(("score", "points"), rows, right=(1,)))
    if result.rank:
        lines.append(f"Rank: {result.rank}")
    if result.violations:
        lines += ["", "Rules broken:"]
        lines += [f"  ✗ {v.rule} ({v.where}): {v.message}" for v in result.violations]
    return "\n".join(lines)


def render_report(report: CheckReport) -> str:
    parts = [
        f"{report.title}: {len(report.players)} sheet{'s' if len(report.players) != 1 else ''}"
    ]
    parts += [_player(p) for p in report.players]
    if len(report.players) > 1:
        ordered = sorted(report.players, key=lambda p: (-p.total, -p.tiebreak, p.player))
        rows = [
            (p.player, p.total, p.tiebreak, p.rank or "", "yes" if p.valid else "no")
            for p in ordered
        ]
        parts.append(table(("player", "total", "stars", "rank", "valid"), rows, right=(1, 2)))
    if report.winners and len(report.players) > 1:
        label = "Winner" if len(report.winners) == 1 else "Shared victory"
        parts.append(f"{label}: {', '.join(report.winners)}")
    return "\n\n".join(parts)

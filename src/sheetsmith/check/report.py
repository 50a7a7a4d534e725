"""The human-readable `check` report: a score table per sheet, every violation located."""

from __future__ import annotations

from sheetsmith.check.verdict import CheckReport, PlayerResult
from sheetsmith.texttable import table

LABELS = {
    "largest_region": "Largest region of squares",
    "stars": "Filled stars",
    "articles": "Article rewards",
    "publisher": "PUBLISHER",
    "headhunter": "HEADHUNTER",
    "multiplayer": "Multiplayer bonus",
    "total": "TOTAL",
    "squares_used": "squares used",
    "spaces_moved": "spaces moved (runs included)",
    "money_earned": "money earned ($)",
    "money_spent": "money spent ($)",
}


def _player(result: PlayerResult) -> str:
    verdict = (
        "follows the rules"
        if result.valid
        else (f"breaks {len(result.violations)} rule{'s' if len(result.violations) != 1 else ''}")
    )
    day = f", {result.extra['day'].capitalize()}" if "day" in result.extra else ""
    lines = [f"{result.player} ({result.file}{day}): {verdict}", ""]
    rows = [(LABELS.get(key, key.replace("_", " ")), value) for key, value in result.score.items()]
    # a game without points (a journaling day) reports a summary, not a score
    heading = ("score", "points") if "total" in result.score else ("the day", "count")
    if "result" in result.extra:  # a co-operative game log: the game's outcome and state
        heading = ("at the end", "value")
        why = f": {result.extra['why']}" if result.extra.get("why") else ""
        lines.insert(1, f"Result: {result.extra['result']}{why} (season: {result.extra['season']})")
    lines.append(table(heading, rows, right=(1,)))
    if result.extra.get("states"):  # a Planet 78 log: each player too, to compare with the table
        lines += ["", _states(result.extra["states"])]
    if result.rank:
        lines.append(f"Rank: {result.rank}")
    if result.violations:
        lines += ["", "Rules broken:"]
        lines += [f"  ✗ {v.rule} ({v.where}): {v.message}" for v in result.violations]
    return "\n".join(lines)


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(f"{what} {n}" for what, n in counts.items()) or "-"


def _states(states: list[dict]) -> str:
    """Each player of a game log at the end: tile, resources, cards, lives."""
    rows = []
    for state in states:
        held = _counted(state["resources"])
        if state.get("unseen"):  # a turn of theirs was left out of the log
            held += f" (unseen: up to {_counted(state['unseen'])})"
        lives = f"{state['lives']}" + ("" if state["alive"] else " (dead)")
        rows.append((state["name"], state["tile"], held, _counted(state["cards"]), lives))
    return table(("player", "tile", "resources", "cards", "lives"), rows, right=(4,))


def _names(report: CheckReport) -> dict[int, str]:
    """Each sheet's player (by index), with its file beside a name two sheets share, so two
    Anns stay two players in the table and among the winners."""
    names = [p.player for p in report.players]
    return {
        i: f"{p.player} ({p.file})" if names.count(p.player) > 1 else p.player
        for i, p in enumerate(report.players)
    }


def _winning(report: CheckReport) -> list[int]:
    """The indexes of the winning sheets. `winners` holds names only, so where a loser shares
    a winner's name, the sheets with the best (total, tiebreak), as winners are chosen, won."""
    named = [i for i, p in enumerate(report.players) if p.player in report.winners]
    if not named:
        return []
    best = max((report.players[i].total, report.players[i].tiebreak) for i in named)
    return [i for i in named if (report.players[i].total, report.players[i].tiebreak) == best]


def render_report(report: CheckReport) -> str:
    games = all("result" in p.extra for p in report.players)  # game logs, not sheets
    count = len(report.players)
    parts = [f"{report.title}: {count} {'game log' if games else 'sheet'}{'s' * (count != 1)}"]
    parts += [_player(p) for p in report.players]
    scored = all("total" in p.score for p in report.players)
    if len(report.players) > 1 and games:  # co-operative game logs, one game each
        rows = [(p.player, p.file, p.extra["result"], len(p.violations)) for p in report.players]
        parts.append(table(("game", "file", "result", "rules broken"), rows, right=(3,)))
    elif len(report.players) > 1 and not scored:
        rows = [
            (p.player, str(p.extra.get("day", "")).capitalize(), p.file, len(p.violations))
            for p in report.players
        ]
        parts.append(table(("player", "day", "file", "rules broken"), rows, right=(3,)))
    elif len(report.players) > 1:
        names = _names(report)
        ordered = sorted(
            enumerate(report.players), key=lambda ip: (-ip[1].total, -ip[1].tiebreak, names[ip[0]])
        )
        rows = [
            (names[i], p.total, p.tiebreak, p.rank or "", "yes" if p.valid else "no")
            for i, p in ordered
        ]
        parts.append(table(("player", "total", "stars", "rank", "valid"), rows, right=(1, 2)))
    if games and len(report.players) > 1:
        won = [
            f"{p.player} ({p.file})"
            for p in report.players
            if p.valid and p.extra["result"] == "won"
        ]
        if won:
            parts.append(f"Won: {', '.join(won)}")
    elif report.winners and len(report.players) > 1:
        names, won = _names(report), _winning(report)
        label = "Winner" if len(won) == 1 else "Shared victory"
        parts.append(f"{label}: {', '.join(names[i] for i in won)}")
    return "\n\n".join(parts)

"""What a checker says about sheets: violations, scores, winners. Shared by every game.

The JSON shape is the contract in `shared/spec/`: game, players (file, player, valid,
violations with rule/where/message, score, rank) and winners.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple


class Violation(NamedTuple):
    rule: str
    where: str
    message: str

    def as_json(self) -> dict[str, str]:
        return {"rule": self.rule, "where": self.where, "message": self.message}


class PlayerResult(NamedTuple):
    file: str
    player: str
    violations: tuple[Violation, ...]
    score: Mapping[str, int]  # ordered: the breakdown, "total" last
    rank: str | None = None
    tiebreak: int = 0  # compared when totals are equal (stars, for My Corner of the Sky)
    extra: Mapping[str, Any] = MappingProxyType({})

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def total(self) -> int:
        return self.score.get("total", 0)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "file": self.file,
            "player": self.player,
            "valid": self.valid,
            "violations": [v.as_json() for v in self.violations],
            "score": dict(self.score),
        }
        if self.rank is not None:
            out["rank"] = self.rank
        out.update(self.extra)
        return out


class CheckReport(NamedTuple):
    game: str
    title: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    notes: tuple[str, ...] = ()  # for the player, beside the report (standard error)

    @property
    def valid(self) -> bool:
        return all(p.valid for p in self.players)

    @property
    def exit_code(self) -> int:
        return 0 if self.valid else 1

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [p.as_json() for p in self.players],
            "winners": list(self.winners),
        }


def winners(players: tuple[PlayerResult, ...]) -> tuple[str, ...]:
    """Highest total; ties go to the higher tiebreak; a remaining tie is shared."""
    if not players:
        return ()
    best = max((p.total, p.tiebreak) for p in players)
    return tuple(p.player for p in players if (p.total, p.tiebreak) == best)

"""My Corner of the Sky: score finished sheets and name every broken rule.

Rule ids (all four are fixed by the contract in `shared/spec/`):

- `reward-without-article`: an article has a reward but not all its cost boxes are filled.
- `wrong-reward`: an article's reward is a number other than its printed reward.
- `stars-overspent`: more ☆ boxes filled than star points filled, without OPTIMIZING
  (article boxes left out when RECORDING or PROMOTER is acquired).
- `squares-overspent`: the □ boxes filled need more completed squares than the map has
  (□N needs N; article boxes left out as above; a □1 box needs none with OPTIMIZING).

Contract version 2 (`shared/spec/my-corner-of-the-sky-sheet.md`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sheetsmith.check.per_game import per_game
from sheetsmith.check.verdict import PlayerResult, Violation, winners
from sheetsmith.games.sky.model import BoxKind, SkyGame
from sheetsmith.games.sky.sheet import SkySheet, blank_sheet, parse_sheet

__all__ = ["RULES", "blank_sheet", "check_table", "filled_squares", "largest_region", "parse_sheet"]

RULES = {
    "reward-without-article": "an article has a reward but not all of its cost boxes are filled",
    "wrong-reward": "an article's reward is a number other than its printed reward",
    "stars-overspent": "more ☆ boxes are filled than star points, and OPTIMIZING is not acquired",
    "squares-overspent": "the □ boxes filled need more completed squares than the map has",
}

# The contract names these: OPTIMIZING lets stars be spent past the map's and fills a □1 box
# for free; RECORDING and PROMOTER each fill the leftmost empty box of an article, any kind.
OPTIMIZING = "optimizing"
ARTICLE_FILLERS = frozenset({"recording", "promoter"})


def filled_squares(points: frozenset[tuple[int, int]], size: int) -> set[tuple[int, int]]:
    """Squares (by lower-left corner) whose four corner points are all filled."""
    return {
        (x, y)
        for (x, y) in points
        if x < size - 1
        and y < size - 1
        and (x + 1, y) in points
        and (x, y + 1) in points
        and (x + 1, y + 1) in points
    }


def largest_region(squares: set[tuple[int, int]]) -> int:
    """Size of the largest group of squares touching by an edge or a corner."""
    unseen = set(squares)
    best = 0
    while unseen:
        stack = [unseen.pop()]
        size = 0
        while stack:
            x, y = stack.pop()
            size += 1
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    neighbour = (x + dx, y + dy)
                    if neighbour in unseen:
                        unseen.remove(neighbour)
                        stack.append(neighbour)
        best = max(best, size)
    return best


def acquired(sheet: SkySheet, game: SkyGame) -> set[str]:
    """Ids of the abilities and supporters bought (all boxes filled); start ones excluded."""
    marks = {**sheet.abilities, **sheet.supporters}
    return {u.id for u in game.upgrades if not u.start and all(marks[u.id])}


def completed(sheet: SkySheet) -> set[str]:
    return {article_id for article_id, entry in sheet.articles.items() if all(entry.cost)}


def _slots(game: SkyGame, kind: str) -> tuple[tuple[str, str, int, int], ...]:
    """Every box of one kind as (table, id, box index, value), in printed order."""
    # Kept per game by identity: a cache keyed by the game hashed the whole model each time.
    kinds = _slots_by_kind(game)
    if kind not in kinds:
        kinds[kind] = _slots_of(game, kind)
    return kinds[kind]


@per_game
def _slots_by_kind(game: SkyGame) -> dict[str, tuple[tuple[str, str, int, int], ...]]:
    return {}


def _slots_of(game: SkyGame, kind: str) -> tuple[tuple[str, str, int, int], ...]:
    slots = [
        (upgrade.group, upgrade.id, i, box.value)
        for upgrade in game.upgrades
        for i, box in enumerate(upgrade.cost)
        if box.kind == kind
    ]
    slots += [
        ("articles", article.id, i, box.value)
        for article in game.articles
        for i, box in enumerate(article.cost)
        if box.kind == kind
    ]
    slots += [
        ("schedule", day, i, box.value)
        for day in game.schedule.days
        for i, box in enumerate(game.schedule.boxes)
        if box.kind == kind
    ]
    return tuple(slots)


def _marks(sheet: SkySheet) -> dict[str, Mapping[str, tuple[bool, ...]]]:
    """Every box of the sheet, by table and id."""
    return {
        "abilities": sheet.abilities,
        "supporters": sheet.supporters,
        "articles": {key: entry.cost for key, entry in sheet.articles.items()},
        "schedule": sheet.schedule,
    }


def _filled(
    marks: dict[str, Mapping[str, tuple[bool, ...]]], game: SkyGame, kind: str, bought: set[str]
) -> list[tuple[str, int]]:
    """Where each filled box of `kind` is (`table.id`) and what it costs. Article boxes are
    left out when RECORDING or PROMOTER is acquired: either can have filled any of them."""
    skip_articles = bool(ARTICLE_FILLERS & bought)
    return [
        (f"{table}.{key}", value)
        for table, key, i, value in _slots(game, kind)
        if marks[table][key][i] and not (table == "articles" and skip_articles)
    ]


def _violations(
    sheet: SkySheet, game: SkyGame, stars: int, squares: int, bought: set[str]
) -> list[Violation]:
    found = []
    for article in game.articles:
        entry = sheet.articles[article.id]
        where = f"articles.{article.id}.reward"
        if entry.reward is None:
            continue
        shown = "a point" if entry.reward == "point" else str(entry.reward)
        if not all(entry.cost):
            filled = sum(entry.cost)
            found.append(
                Violation(
                    "reward-without-article",
                    where,
                    f"reward {shown} circled for week {article.week}, but only {filled} of its "
                    f"{len(entry.cost)} cost boxes are filled",
                )
            )
        if isinstance(entry.reward, int) and entry.reward != article.reward:
            found.append(
                Violation(
                    "wrong-reward",
                    where,
                    f"week {article.week}'s article pays {article.reward} (or a point), "
                    f"not {entry.reward}",
                )
            )
    marks = _marks(sheet)
    star_boxes = [where for where, _ in _filled(marks, game, BoxKind.STAR, bought)]
    if len(star_boxes) > stars and OPTIMIZING not in bought:
        places = ", ".join(dict.fromkeys(star_boxes))
        found.append(
            Violation(
                "stars-overspent",
                "star boxes",
                f"{len(star_boxes)} ☆ boxes filled ({places}) but only {stars} star"
                f" point{'' if stars == 1 else 's'} on the map, and OPTIMIZING is not acquired",
            )
        )
    square_boxes = _filled(marks, game, BoxKind.SQUARES, bought)
    # with OPTIMIZING a □1 box can be filled for free
    free = OPTIMIZING in bought
    needed = sum(value for _, value in square_boxes if not (free and value == 1))
    if needed > squares:
        places = ", ".join(dict.fromkeys(where for where, _ in square_boxes))
        found.append(
            Violation(
                "squares-overspent",
                "square boxes",
                f"the □ boxes filled ({places}) need {needed} completed squares, but the map has "
                f"{squares}" + (" (□1 boxes cost none with OPTIMIZING)" if free else ""),
            )
        )
    return found


def _score(sheet: SkySheet, game: SkyGame) -> tuple[dict[str, int], int, int, set[str], set[str]]:
    """(score so far, stars, completed squares, completed articles, acquired upgrades)."""
    squares = filled_squares(sheet.points, game.star_map.size)
    stars = len(sheet.points & game.star_map.stars)
    done = completed(sheet)
    bought = acquired(sheet, game)
    articles = sum(
        a.reward for a in game.articles if a.id in done and sheet.articles[a.id].reward == a.reward
    )
    full_days = sum(all(marks) for marks in sheet.schedule.values())
    publisher = len(done) + 3 * full_days if "publisher" in bought else 0
    headhunter = len(bought) if "headhunter" in bought else 0
    score = {
        "largest_region": largest_region(squares),
        "stars": stars,
        "articles": articles,
        "publisher": publisher,
        "headhunter": headhunter,
        "multiplayer": 0,
    }
    return score, stars, len(squares), done, bought


def check_table(
    game: SkyGame, sheets: Iterable[SkySheet]
) -> tuple[tuple[PlayerResult, ...], tuple[str, ...]]:
    """Score sheets as one game: each alone, then the multiplayer bonus, then the winners."""
    sheets = tuple(sheets)
    scored = []
    for sheet in sheets:
        score, stars, squares, done, bought = _score(sheet, game)
        owned = {("articles", a) for a in done} | {("upgrades", u) for u in bought}
        scored.append((sheet, score, stars, squares, bought, owned))
    if len(sheets) > 1:
        # An article, ability or supporter that exactly one player has is worth 1 to them.
        holders: dict[tuple[str, str], int] = {}
        for *_, owned in scored:
            for item in owned:
                holders[item] = holders.get(item, 0) + 1
        for _, score, _, _, _, owned in scored:
            score["multiplayer"] = sum(1 for item in owned if holders[item] == 1)
    results = []
    for sheet, score, stars, squares, bought, _ in scored:
        score["total"] = sum(score.values())
        results.append(
            PlayerResult(
                file=sheet.file,
                player=sheet.player,
                violations=tuple(_violations(sheet, game, stars, squares, bought)),
                score=score,
                rank=game.rank_for(score["total"]),
                tiebreak=stars,
            )
        )
    players = tuple(results)
    return players, winners(players)

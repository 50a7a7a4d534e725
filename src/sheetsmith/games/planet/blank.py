"""The blank typed Planet 78 game log that `sheetsmith new-sheet planet-78` prints."""

from __future__ import annotations

import textwrap

from sheetsmith.check.schema import schema_directive
from sheetsmith.games.planet.actions import VERBS, ability_example
from sheetsmith.games.planet.model import PlanetGame


def _comment(text: str) -> list[str]:
    return textwrap.wrap(text, 92, initial_indent="# ", subsequent_indent="# ")


def blank_sheet(game: PlanetGame) -> str:
    roles = ", ".join(r.id for r in game.roles)
    v = game.variance
    verbs = [f"#   {verb:<8} {what}" for verb, what in VERBS.items()]
    abilities = [f"#   {r.id:<11} {ability_example(r, game)}" for r in game.roles]
    return "\n".join(
        [
            *schema_directive(game.info.id),
            f'game = "{game.info.id}"',
            'table = ""   # a name for this game; left empty, the file name is used',
            "seed = 1     # the seed the land was dealt with: sheetsmith render planet-78 --seed N",
            "",
            "# Difficulty, if you changed it (delete a key to keep the default).",
            f"variance = {{ pollution = {game.pollution.start}, season_length = "
            f"{game.rules.season_length}, lives = {game.rules.lives}, "
            f"piles = {game.center.piles} }}",
            f"# pollution {v.pollution.min}-{v.pollution.max}, season_length "
            f"{v.season_length.min}-{v.season_length.max}, lives {v.lives.min}-{v.lives.max}, "
            f"piles {v.piles.min}-{v.piles.max}",
            "",
            *_comment(
                f"The players in turn order; player 1 starts on spawn 1, and so on. Roles: {roles}."
            ),
            "[[players]]",
            'name = "Ann"',
            f'role = "{game.roles[0].id}"',
            "",
            *_comment(
                "Then every turn in order: the player, the cards drawn at its start (a negative "
                "buff at each change of season, a disaster each year while pollution is above "
                f"{game.pollution.disaster_above}), and its actions. Collecting the tile you "
                "start on is automatic. Actions:"
            ),
            *verbs,
            "# Each role's ability, as typed:",
            *abilities,
            "#",
            "# [[turns]]",
            '# player = "Ann"',
            "# draw = []",
            '# do = ["move D3", "move C3", "buy food second-wind"]',
            "",
        ]
    )

"""The games: one package each (its definition, model, components, typed sheet and checker),
found by `registry` among the bundled ones and the `sheetsmith.games` entry points."""

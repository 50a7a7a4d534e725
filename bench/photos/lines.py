"""The reader's lines as command-line options, so a benchmark measures a candidate beside
the lines carried, in the same run (`photo_accuracy.py`, `train_judge.py measure`)."""

from __future__ import annotations

import argparse
import importlib

# option, module of sheetsmith.photo, constant, type, what the line is
LINES = (
    (
        "--settle",
        "judge",
        "SETTLE",
        float,
        "the networks' probability from which a reading is sure",
    ),
    ("--steady-logit", "judge", "STEADY_LOGIT", float, "the logit every look must hold"),
    ("--clipped-logit", "judge", "CLIPPED_LOGIT", float, "the same, on paper clipped to white"),
    ("--leaned-logit", "judge", "LEANED_LOGIT", float, "the same, where the reader leaned filled"),
    (
        "--overturned-leaned-logit",
        "judge",
        "OVERTURNED_LEANED_LOGIT",
        float,
        "the same, where the networks read paper there",
    ),
    (
        "--doubted-empty-logit",
        "judge",
        "DOUBTED_EMPTY_LOGIT",
        float,
        "the same, where the reader doubted a ring or a square but leaned empty",
    ),
    (
        "--lost-strokes",
        "burnt",
        "LOST_STROKES",
        float,
        "strokes lighter than this flag empty readings on paper clipped past LOST_SHARE",
    ),
    (
        "--overturn-share",
        "burnt",
        "OVERTURN_SHARE",
        float,
        "clipped share from which the networks' filled against a sure empty is flagged",
    ),
    (
        "--standout-margin",
        "standout",
        "STANDOUT_MARGIN",
        float,
        "mean logit above its group's median from which the top of a group with none"
        " circled is flagged",
    ),
    (
        "--standout-logit",
        "standout",
        "STANDOUT_LOGIT",
        float,
        "the least mean logit at which the top of a group with none circled is flagged",
    ),
    (
        "--faint-strokes",
        "faint",
        "FAINT_STROKES",
        float,
        "strokes lighter than this let the empty reading of each kind that stands out most"
        " be flagged",
    ),
    (
        "--faint-z",
        "faint",
        "FAINT_Z",
        float,
        "how far (in median absolute deviations) that reading must stand above its kind",
    ),
    (
        "--faint-blurred",
        "faint",
        "FAINT_BLURRED",
        float,
        "the blur (print model's sigma, px) from which that line stands at FAINT_BLURRED_Z",
    ),
    (
        "--faint-blurred-z",
        "faint",
        "FAINT_BLURRED_Z",
        float,
        "the line on photos that blurred",
    ),
    (
        "--faint-logit",
        "faint",
        "FAINT_LOGIT",
        float,
        "the least mean logit at which it is flagged",
    ),
    ("--most-doubts", "read", "MOST_DOUBTS", int, "marks in doubt from which a page is refused"),
    (
        "--light-small",
        "read",
        "LIGHT_SMALL",
        float,
        "photo pixels per point under which a page whose pencil shows light is refused",
    ),
    (
        "--nowhere-small",
        "read",
        "NOWHERE_SMALL",
        float,
        "photo pixels per point under which a page whose pencil shows nowhere is refused",
    ),
    (
        "--faint-small-strokes",
        "read",
        "FAINT_SMALL_STROKES",
        float,
        "pencil lighter than this is refused as shown nowhere (under NOWHERE_SMALL)",
    ),
    (
        "--smooth-detail",
        "shadow",
        "SMOOTH_DETAIL",
        float,
        "detail under which a filled reading's darkness is smooth, a shadow's",
    ),
    (
        "--smooth-light",
        "shadow",
        "SMOOTH_LIGHT",
        float,
        "share of the page's strokes under which smooth darkness is flagged",
    ),
    (
        "--ghost-light",
        "ghost",
        "GHOST_LIGHT",
        float,
        "share of the page's strokes under which a filled reading is flagged",
    ),
)


def add_options(parser: argparse.ArgumentParser) -> None:
    for option, module, name, kind, what in LINES:
        parser.add_argument(
            option, type=kind, help=f"another {module}.{name} ({what}): a candidate, same run"
        )


def apply(args: argparse.Namespace) -> None:
    """Set the lines the options give, before anything is read."""
    for option, module, name, _, _ in LINES:
        value = getattr(args, option.removeprefix("--").replace("-", "_"))
        if value is not None:
            setattr(importlib.import_module(f"sheetsmith.photo.{module}"), name, value)

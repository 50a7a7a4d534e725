"""A group of rings with none read circled: a player circles one value of a group (a day,
a tracker's value, a reward), so where none reads circled but the networks rate one far
above the rest, that one is asked about (`judge.verdicts` flags it)."""

from __future__ import annotations

from collections import Counter

import numpy as np

from sheetsmith.photo.marks import Mark

# Where no value of a group of STANDOUT_GROUP or more reads circled, but the networks
# rate one at least STANDOUT_MARGIN (mean logit) above the group's median and no lower
# than STANDOUT_LOGIT, that one is flagged (`standout`): a light ring on overexposed paper,
# every look reading paper at logit -10 to -12 where its neighbours read -20 (held-out
# 116381's Saturday). On 5,530 held-out photos it flags 0.02 marks a photo
# (bench/README.md, "A group with nothing circled")
STANDOUT_GROUP = 3
STANDOUT_MARGIN = 8.0
STANDOUT_LOGIT = -14.0


def groups(marks: list[Mark]) -> np.ndarray:
    """Each mark's group of circled values (an index; -1 for none): rings whose keys share
    what comes before the colon (`day:monday`, `day:tuesday`...), STANDOUT_GROUP or more."""
    names = [m.key.split(":")[0] if m.kind == "circle" else "" for m in marks]
    sizes = Counter(names)
    order = {name: i for i, name in enumerate(dict.fromkeys(names))}
    return np.array([order[n] if n and sizes[n] >= STANDOUT_GROUP else -1 for n in names], np.int64)


def standout(every: np.ndarray, filled: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Which empty readings stand out in a group with none filled: the group's highest mean
    logit (`every`: each network's), STANDOUT_MARGIN or more above the group's median and
    at least STANDOUT_LOGIT."""
    mean = every.mean(axis=0)
    out = np.zeros(len(filled), bool)
    for index in np.unique(group[group >= 0]):
        members = np.flatnonzero(group == index)
        if filled[members].any():
            continue
        top = members[int(np.argmax(mean[members]))]
        gap = mean[top] - float(np.median(mean[members]))
        out[top] = mean[top] >= STANDOUT_LOGIT and gap >= STANDOUT_MARGIN
    return out

"""The rectified photo with what was read drawn over it, for a player to check at a glance:
filled marks in blue, empty ones in a thin orange outline, uncertain ones in thick magenta
with a question mark (shaded where read filled), and a legend at the top (colours a
colour-blind player tells apart)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from sheetsmith.photo.geometry import SCALE
from sheetsmith.photo.read import PageRead

# BGR
FILLED = (178, 114, 0)  # blue
EMPTY = (0, 159, 230)  # orange
UNCERTAIN = (200, 0, 220)  # magenta


def annotate(read: PageRead) -> np.ndarray:
    """The annotated picture (BGR)."""
    picture = read.rectified.copy()
    height = read.page.height
    overlay = picture.copy()
    for mark, reading in read.marks():
        box = mark.box
        x0, y0 = round(box.x * SCALE), round((height - box.y1) * SCALE)
        x1, y1 = round(box.x1 * SCALE), round((height - box.y) * SCALE)
        pad = 3
        if reading.uncertain:
            if reading.filled:  # what was guessed shows too: the player confirms or flips it
                cv2.rectangle(overlay, (x0 - pad, y0 - pad), (x1 + pad, y1 + pad), UNCERTAIN, -1)
            cv2.rectangle(picture, (x0 - pad, y0 - pad), (x1 + pad, y1 + pad), UNCERTAIN, 3)
            cv2.putText(
                picture,
                "?",
                (x1 + pad + 1, y0 + 6),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.6,
                UNCERTAIN,
                2,
                cv2.LINE_AA,
            )
        elif reading.filled:
            cv2.rectangle(overlay, (x0 - pad, y0 - pad), (x1 + pad, y1 + pad), FILLED, -1)
            cv2.rectangle(picture, (x0 - pad, y0 - pad), (x1 + pad, y1 + pad), FILLED, 2)
        else:
            cv2.rectangle(picture, (x0 - 1, y0 - 1), (x1 + 1, y1 + 1), EMPTY, 1)
    picture = cv2.addWeighted(overlay, 0.3, picture, 0.7, 0) if overlay is not None else picture
    return _legend(picture, read)


def _legend(picture: np.ndarray, read: PageRead) -> np.ndarray:
    band = np.full((70, picture.shape[1], 3), 255, np.uint8)
    x = 10
    legend = (
        (FILLED, "filled", True),
        (EMPTY, "empty", False),
        (UNCERTAIN, "look: read filled", True),
        (UNCERTAIN, "look: read empty", False),
    )
    for colour, label, shaded in legend:
        if shaded:
            tint = np.full((20, 20, 3), colour, np.uint8)
            band[12:32, x : x + 20] = cv2.addWeighted(tint, 0.3, band[12:32, x : x + 20], 0.7, 0)
        cv2.rectangle(band, (x, 12), (x + 20, 32), colour, 2 if shaded else 3)
        cv2.putText(
            band, label, (x + 28, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1, cv2.LINE_AA
        )
        (width, _), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, 0.6, 1)
        x += 28 + width + 24
    cv2.putText(
        band, caption(read), (10, 58), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (60, 60, 60), 1, cv2.LINE_AA
    )
    return np.vstack([band, picture])


def caption(read: PageRead) -> str:
    """The picture's second line: the page, its doubts, and the photos read for it."""
    unsure = sum(1 for _, r in read.marks() if r.uncertain)
    text = f"{read.page.game} / {read.page.title or read.page.page}: {unsure} uncertain"
    if read.parts:  # what several photos read together, drawn on the clearest of them
        drawn = next((p for p in read.parts if p.rectified is read.rectified), read.parts[0])
        others = [Path(str(p.file)).name for p in read.parts if p is not drawn]
        text += f"; photo {Path(str(drawn.file)).name}, read with {', '.join(others)}"
    return text


def png_bytes(picture: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", picture)
    assert ok
    return data.tobytes()

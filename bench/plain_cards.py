"""The baseline of `bench/scale.py`: neighbor cards as a plain reportlab + qrcode script
would draw them, with none of sheetsmith's machinery.

Each card: a frame, the name, two lines of trade text, a range line, a caption and its QR
code (qrcode's own `make`, every dark module a filled rectangle, as its reportlab
examples draw them); nine to a Letter sheet, each front sheet followed by a back sheet of
plain backs (a frame and the title). Run alone: `python bench/plain_cards.py N OUT.pdf`.
"""

from __future__ import annotations

import sys

import qrcode
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas

CARD_W, CARD_H = 2.5 * 72, 3.5 * 72
MARGIN_X, MARGIN_Y = (letter[0] - 3 * CARD_W) / 2, (letter[1] - 3 * CARD_H) / 2


def _slots() -> list[tuple[float, float]]:
    return [(MARGIN_X + c * CARD_W, MARGIN_Y + r * CARD_H) for r in range(3) for c in range(3)]


def _front(canvas: Canvas, x: float, y: float, k: int) -> None:
    canvas.setStrokeColorRGB(0.2, 0.2, 0.3)
    canvas.roundRect(x + 9, y + 9, CARD_W - 18, CARD_H - 18, 6)
    canvas.setFont("Helvetica-Bold", 12)
    canvas.drawString(x + 16, y + CARD_H - 30, f"Neighbor {k}")
    canvas.setFont("Helvetica", 8)
    canvas.drawString(x + 16, y + CARD_H - 48, "Favourite: wood")
    canvas.drawString(x + 16, y + CARD_H - 60, "Gives 1 rock for 2 coral")
    canvas.drawString(x + 16, y + 40, "End a Move in range: roll a die.")
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(f"https://example.org/space/neighbors/n-{k:05d}.html")
    code.make(fit=True)
    matrix = code.get_matrix()
    module = 64 / len(matrix)
    qx, qy = x + CARD_W - 16 - 64, y + 70
    canvas.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                canvas.rect(qx + c * module, qy + 64 - (r + 1) * module, module, module, 0, 1)
    canvas.setFont("Helvetica", 6)
    canvas.drawCentredString(qx + 32, qy - 8, "scan to visit")


def _back(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColorRGB(0.2, 0.2, 0.3)
    canvas.roundRect(x + 9, y + 9, CARD_W - 18, CARD_H - 18, 6)
    canvas.setFont("Helvetica-Bold", 14)
    canvas.drawCentredString(x + CARD_W / 2, y + CARD_H / 2, "Personal Space")


def plain_deck(count: int, path: str) -> None:
    canvas = Canvas(path, pagesize=letter, invariant=1, pageCompression=1)
    slots = _slots()
    for first in range(0, count, 9):
        used = slots[: min(9, count - first)]
        for k, (x, y) in enumerate(used):
            _front(canvas, x, y, first + k)
        canvas.showPage()
        for x, y in used:
            _back(canvas, letter[0] - x - CARD_W, y)
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    plain_deck(int(sys.argv[1]), sys.argv[2])

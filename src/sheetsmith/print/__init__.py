"""Print: paper, primitives, text and fonts, imposition, QR codes, and the one module that
imports reportlab (`pdf`). Layout functions return geometry as data; `pdf` draws it."""

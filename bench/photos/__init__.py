"""Synthetic phone photos of filled-in sheetsmith pages, with their ground truth (see synth)."""

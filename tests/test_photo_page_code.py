"""Naming the page a photo shows from its page code, when the decoder cannot read the code
and the code's modules are matched against the known pages' codes: the right page is
named, and a page printed from another version of the game is never taken for this one
(its layout may differ: read against this one, it would give a wrong sheet)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from sheetsmith.photo import page_code
from sheetsmith.photo.errors import UnknownPage
from sheetsmith.photo.geometry import PageSource
from sheetsmith.photo.locate import locate
from sheetsmith.photo.marks import parse_payload
from sheetsmith.photo.read import GAMES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from photos import synth

# a game page on Letter, an upgrades page on A4, a daily sheet on Letter
SEEDS = (0, 3, 4)


class OtherVersion:
    """The bundled games' pages as if this sheetsmith printed another version of each: a
    photo of today's pages is of a version it does not know."""

    def candidates(self):
        for page in GAMES.candidates():
            last = "0" if page.version[-1] != "0" else "1"
            yield dataclasses.replace(page, version=page.version[:-1] + last)

    def page(self, payload: str) -> PageSource:
        parsed = parse_payload(payload)
        assert parsed is not None
        for page in self.candidates():
            if page.payload == payload:  # printed as today's, but under another version
                today = dataclasses.replace(page, version=page.version[:-1])
                source = next(
                    GAMES.page(known.payload)
                    for known in GAMES.candidates()
                    if known.payload.startswith(today.payload)
                )
                return PageSource(page, source.pdf, source.index)
        raise UnknownPage(f"printed from version {parsed[3]} of {parsed[0]}")

    def sheet(self, game, readings):
        raise NotImplementedError


@pytest.fixture
def no_decoder(monkeypatch):
    """The decoder reads nothing (a code too small or soft for it): matching must decide."""
    monkeypatch.setattr(page_code, "decode", lambda detector, picture: "")


def image(seed: int) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(synth.photo_for_seed(seed).jpeg, np.uint8), cv2.IMREAD_COLOR)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_page_is_named_by_its_code_modules_when_no_decoder_reads_it(seed, no_decoder):
    assert locate(image(seed), GAMES).source.page == synth.photo_for_seed(seed).page


@pytest.mark.parametrize("seed", SEEDS)
def test_a_page_of_another_version_is_never_taken_for_this_one(seed, no_decoder):
    with pytest.raises(UnknownPage, match="cannot be read, nor matched to a page this sheetsmith"):
        locate(image(seed), OtherVersion())


@pytest.mark.parametrize("seed", (0, 4))  # codes the decoder reads
def test_a_page_of_another_version_is_named_when_its_code_is_decoded(seed):
    printed = synth.photo_for_seed(seed).page
    with pytest.raises(UnknownPage, match=f"printed from version {printed.version} of"):
        locate(image(seed), OtherVersion())


def test_the_worst_block_decides():
    """Two codes of one page that differ in their version's last character differ only in
    their last Reed-Solomon block (where the encoder picks the same mask for both):
    matched over all blocks at once they would look alike."""
    fooled = 0
    for page in GAMES.candidates():
        last = "0" if page.version[-1] != "0" else "1"
        other = dataclasses.replace(page, version=page.version[:-1] + last).payload
        bits, checks = page_code._code_bits(page.payload)
        values = page_code._code_bits(other)[0].astype(np.float32)  # a sharp photo of it
        assert len(checks) == 2
        assert page_code._likeness(values, (bits, checks)) < page_code.MATCH, page.payload
        assert page_code._likeness(bits.astype(np.float32), (bits, checks)) > 0.99
        both = checks[0] | checks[1]
        fooled += page_code._correlation(values[both], bits[both]) >= page_code.MATCH
    assert fooled

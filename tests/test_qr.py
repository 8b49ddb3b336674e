"""The QR codes drawn for share codes are the ones qrcode itself would draw: the mask
is chosen by companion's faster scoring, and must be the same choice."""

from __future__ import annotations

import random
import re

import pytest
import qrcode
from hypothesis import given, settings
from hypothesis import strategies as st
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
from qrcode.util import lost_point, mask_func

from companion.sheets.qr import bits, masks, matrix, penalty, svg

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
CORRECTION = {"L": ERROR_CORRECT_L, "M": ERROR_CORRECT_M}


def drawn_by_qrcode(text: str, level: str) -> list[str]:
    code = qrcode.QRCode(error_correction=CORRECTION[level], border=0)
    code.add_data(text)
    code.make(fit=True)
    return ["".join("1" if dark else "0" for dark in row) for row in code.get_matrix()]


# Lengths that reach small and large versions, those with version information (7+)
# and the largest at each level.
@pytest.mark.parametrize("length", [1, 30, 120, 260, 700, 1500, 3391])
@pytest.mark.parametrize("level", ["L", "M"])
def test_the_code_is_the_one_qrcode_draws(length: int, level: str) -> None:
    text = "".join(random.Random(length).choice(ALPHANUMERIC) for _ in range(length))
    assert list(matrix(text, level).rows) == drawn_by_qrcode(text, level)


@settings(max_examples=40, deadline=None)
@given(st.text(ALPHANUMERIC, min_size=1, max_size=300), st.sampled_from(["L", "M"]))
def test_any_short_code_is_the_one_qrcode_draws(text: str, level: str) -> None:
    assert list(matrix(text, level).rows) == drawn_by_qrcode(text, level)


@pytest.mark.parametrize("size", [21, 57, 177])
def test_each_mask_is_tiled_as_qrcode_draws_it(size: int) -> None:
    for pattern, tiled in enumerate(masks(size)):
        flips = mask_func(pattern)
        assert tiled == bits([flips(row, col) for col in range(size)] for row in range(size))


@pytest.mark.parametrize("length", [10, 200, 900])
def test_each_mask_is_scored_as_qrcode_does(length: int) -> None:
    code = qrcode.QRCode(border=0)
    code.add_data("A1." * length)
    code.make(fit=True)
    for mask in range(8):
        code.makeImpl(True, mask)  # as qrcode scores a mask: information left light
        assert penalty(bits(code.modules), len(code.modules)) == lost_point(code.modules)


@pytest.mark.parametrize("quiet", [0, 4])
def test_the_svg_path_draws_every_dark_module_once(quiet: int) -> None:
    qr = matrix("CMP2.A1.B2.C3" * 9, "M")
    picture = svg(qr, 40.0, quiet=quiet)
    total = qr.size + 2 * quiet
    assert f'viewBox="0 0 {total} {total}" width="40mm" height="40mm"' in picture
    path = re.search(r' d="((?:M\d+ \d+h(\d+)v1h-\2z)*)"', picture)  # rectangles, one row high
    assert path is not None
    drawn = [["0"] * qr.size for _ in range(qr.size)]
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)", path[1]):
        row, start = int(y) - quiet, int(x) - quiet
        assert drawn[row][start - 1:start] != ["1"]  # a run is one rectangle
        drawn[row][start:start + int(width)] = ["1"] * int(width)
    assert tuple("".join(row) for row in drawn) == qr.rows

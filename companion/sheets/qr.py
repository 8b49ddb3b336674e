"""QR codes of share codes: for a terminal (half blocks or ASCII) and for paper (SVG).

``qrcode`` is imported only here, only when a code is drawn. A share code is
capitals, digits and dots, so the QR code uses its compact alphanumeric mode.
The mask is chosen here, by the standard's penalty as qrcode scores it.
"""

from __future__ import annotations

import itertools
from typing import Any

from companion.errors import BadInput
from companion.values import Value

QUIET = 2
"""Light modules around a terminal code (the standard asks for 4; scanners read 2)."""

# Alphanumeric capacity of versions 1-40 at error correction L (the most text).
MAX_ALNUM_L = 4296
MAX_ALNUM_M = 3391


class Matrix(Value):
    """The modules of a QR code, True for dark, without a quiet zone."""

    version: int
    rows: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        return len(self.rows)

    def columns(self, quiet: int = QUIET) -> int:
        """Terminal columns needed: one per module, plus the quiet zone on both sides."""
        return self.size + 2 * quiet


def matrix(text: str, level: str = "L") -> Matrix:
    """The smallest QR code holding ``text``; BadInput when no version (1-40) can."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
    from qrcode.exceptions import DataOverflowError

    correction = ERROR_CORRECT_L if level == "L" else ERROR_CORRECT_M
    # Drawn with mask 0, scored under all eight masks from that one drawing, then
    # drawn with the best: qrcode would draw and score each of the eight itself, for
    # the same choice in twice the time.
    code = qrcode.QRCode(error_correction=correction, border=0, mask_pattern=0)
    code.add_data(text)
    try:
        code.make(fit=True)
    except (DataOverflowError, ValueError):
        most = MAX_ALNUM_L if level == "L" else MAX_ALNUM_M
        raise BadInput(f"the code is too long for a QR code ({len(text)} characters, "
                       f"at most {most})") from None
    drawn = code.get_matrix()
    scores = [penalty(rows, len(drawn)) for rows in masked(drawn, code.version)]
    best = scores.index(min(scores))  # the first of the lowest, as qrcode chooses
    if best:
        code.mask_pattern = best
        code.make(fit=False)
    rows = tuple(tuple(bool(m) for m in row) for row in code.get_matrix())
    return Matrix(version=int(code.version), rows=rows)


def _layout(version: int) -> tuple[list[int], list[int]]:
    """Per row, a bit per column: the modules no mask touches (finder, timing and
    alignment patterns, format and version information), and among them those
    that are light while masks are scored (the information, and the dark module).
    qrcode places them on an empty code, as it does before the data."""
    from qrcode.main import QRCode

    code: QRCode[Any] = QRCode(version=version)
    size = code.modules_count = 4 * version + 17
    code.modules = [[None] * size for _ in range(size)]

    def placed() -> list[int]:
        return [int("".join(["0" if module is None else "1" for module in reversed(row)]), 2)
                for row in code.modules]

    code.setup_type_info(True, 0)
    if version >= 7:
        code.setup_type_number(True)
    light = placed()
    for row, col in ((0, 0), (size - 7, 0), (0, size - 7)):
        code.setup_position_probe_pattern(row, col)
    code.setup_position_adjust_pattern()  # where no finder is, as qrcode's order has it
    code.setup_timing_pattern()
    return placed(), light


FINDER_LIKE = ("10111010000", "00001011101")  # neither overlaps itself: str.count finds all


def penalty(rows: list[int], size: int) -> int:
    """The QR standard's score of a masked code (lower is better): runs of five or
    more alike, 2x2 blocks alike, finder-like stretches, and the share of dark."""
    lines = [format(row, f"0{size}b") for row in rows]
    columns = ["".join(column) for column in zip(*lines, strict=True)]
    text = "\n".join(lines + columns)
    score = 40 * sum(text.count(stretch) for stretch in FINDER_LIKE)
    full, fives = (1 << size) - 1, (1 << size - 4) - 1
    for line in rows + [int(column, 2) for column in columns]:
        alike = ~(line ^ line >> 1)
        starts = alike & alike >> 1 & alike >> 2 & alike >> 3 & fives  # five alike from here
        # A run of n >= 5 alike scores n - 2: its n - 4 starts, and 2.
        score += starts.bit_count() + 2 * (starts & ~(starts << 1)).bit_count()
    for top, bottom in itertools.pairwise(rows):
        alike = ~(top ^ bottom)
        score += 3 * (alike & alike >> 1 & ~(top ^ top >> 1) & full >> 1).bit_count()
    dark = sum(row.bit_count() for row in rows)
    return score + int(abs(float(dark) / size**2 * 100 - 50) / 5) * 10


def masked(drawn: list[list[bool]], version: int) -> list[list[int]]:
    """The code ``drawn`` with mask 0, under each of the eight masks as qrcode scores
    them (format and version information light): per row, a bit per column."""
    from qrcode.util import mask_func

    size = len(drawn)
    fixed, light = _layout(version)
    full = (1 << size) - 1
    tile = ((1 << 6 * (size // 6 + 1)) - 1) // 63  # each mask repeats every 6 columns

    def flips(pattern: int) -> list[int]:
        flipped = mask_func(pattern)
        return [sum(1 << col for col in range(6) if flipped(row, col)) * tile & full
                for row in range(size)]

    drawn_rows = [int("".join("1" if dark else "0" for dark in reversed(row)), 2)
                  for row in drawn]
    unmasked = [(row & ~shade) ^ (flip & ~fix) for row, shade, flip, fix in zip(
        drawn_rows, light, flips(0), fixed, strict=True)]
    return [[row ^ (flip & ~fix) for row, flip, fix in zip(
        unmasked, flips(pattern), fixed, strict=True)] for pattern in range(8)]


def _padded(qr: Matrix, quiet: int) -> list[list[bool]]:
    side, blank = [False] * quiet, [False] * (qr.size + 2 * quiet)
    return [*[blank] * quiet, *(side + list(row) + side for row in qr.rows), *[blank] * quiet]


def half_block_lines(qr: Matrix, *, invert: bool = False, quiet: int = QUIET) -> list[str]:
    """Two module rows per text line. Blocks are drawn in the text colour: by default
    the light modules (a dark screen); ``invert`` draws the dark ones (a light screen)."""
    rows = _padded(qr, quiet)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyphs = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584",
              (False, False): " "}
    return ["".join(glyphs[(t == invert, b == invert)] for t, b in zip(top, bottom, strict=True))
            for top, bottom in zip(rows[::2], rows[1::2], strict=True)]


def ascii_lines(qr: Matrix, *, invert: bool = False, quiet: int = QUIET) -> list[str]:
    """One module row per line, '#' where the half-block form draws a block."""
    return ["".join("#" if dark == invert else " " for dark in row)
            for row in _padded(qr, quiet)]


def svg(qr: Matrix, size_mm: float, *, quiet: int = 4, title: str = "QR code") -> str:
    """An inline SVG drawing of the code, dark modules as one path, crisp at any scale."""
    total = qr.size + 2 * quiet
    parts = []
    for y, row in enumerate(qr.rows):
        x = quiet
        for dark, run in itertools.groupby(row):
            width = len(list(run))
            if dark:
                parts.append(f"M{x} {y + quiet}h{width}v1h-{width}z")
            x += width
    return (f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total} {total}" '
            f'width="{size_mm:.0f}mm" height="{size_mm:.0f}mm" shape-rendering="crispEdges" '
            f'role="img" aria-label="{title}"><rect width="{total}" height="{total}" '
            f'fill="#fff"/><path fill="#000" d="{"".join(parts)}"/></svg>')

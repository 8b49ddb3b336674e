"""QR codes of share codes: for a terminal (half blocks or ASCII) and for paper (SVG).

``qrcode`` is imported only here, only when a code is drawn. A share code is
capitals, digits and dots, so the QR code uses its compact alphanumeric mode.
The mask is chosen here, by the standard's penalty as qrcode scores it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import accumulate, pairwise, product, repeat, zip_longest
from operator import is_not
from typing import Any

from companion.errors import BadInput
from companion.values import Value

QUIET = 2
"""Light modules around a terminal code (the standard asks for 4; scanners read 2)."""

# Alphanumeric capacity of versions 1-40 at error correction L (the most text).
MAX_ALNUM_L = 4296
MAX_ALNUM_M = 3391
ZERO_ONE = bytes.maketrans(b"\0\1", b"01")  # modules (bools) as digits int() reads
FINDER_LIKE = ("10111010000", "00001011101")  # 1:1:3:1:1, four light before or after
TILE = tuple(zip(*product(range(12), range(6)), strict=True))  # rows and columns of 12 x 6


class Matrix(Value):
    """The modules of a QR code, without a quiet zone: a text per row, "1" for dark."""

    version: int
    rows: tuple[str, ...]

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

    correction = ERROR_CORRECT_L if level == "L" else ERROR_CORRECT_M
    code = qrcode.QRCode(error_correction=correction, border=0)
    code.add_data(text)  # split into qrcode's chunks (modes)
    version, data = fitted(code.data_list, correction)
    if not version:
        most = MAX_ALNUM_L if level == "L" else MAX_ALNUM_M
        raise BadInput(f"the code is too long for a QR code ({len(text)} characters, "
                       f"at most {most})")
    # qrcode's steps, with the data placed once (mask 0) and scored under all eight masks
    # from its bits: qrcode would place and score each mask, then place the best again.
    code.version = version
    size = code.modules_count = 4 * version + 17
    code.modules = [[None] * size for _ in range(size)]
    for row, col in ((0, 0), (size - 7, 0), (0, size - 7)):
        code.setup_position_probe_pattern(row, col)
    code.setup_position_adjust_pattern()
    code.setup_timing_pattern()
    code.setup_type_info(True, 0)  # information light while masks are scored, as qrcode has it
    if version >= 7:
        code.setup_type_number(True)
    free = ~bits(map(is_not, row, repeat(None)) for row in code.modules)  # left for data
    code.map_data(codewords(data, version, correction), 0)
    flips = [tiled & free for tiled in masks(size)]
    unmasked = bits(code.modules) ^ flips[0]
    scores = [penalty(unmasked ^ flip, size) for flip in flips]
    best = scores.index(min(scores))  # the first of the lowest, as qrcode chooses
    code.setup_type_info(False, best)  # the information names the mask
    if version >= 7:
        code.setup_type_number(False)
    drawn = format(bits(code.modules) ^ flips[0] ^ flips[best], f"0{size * size}b")
    return Matrix(version=version,
                  rows=tuple(drawn[at:at + size] for at in range(0, size * size, size)))


def fitted(chunks: list[Any], correction: int) -> tuple[int, str]:
    """The smallest version holding the chunks, and their bits in it (what qrcode's
    ``best_fit`` and ``create_data`` write, as text); version 0 when none can."""
    from bisect import bisect_left

    from qrcode import util

    version = 1
    while True:
        sizes = util.mode_sizes_for_version(version)
        data = "".join(chunk_bits(chunk, sizes[chunk.mode]) for chunk in chunks)
        fits = bisect_left(util.BIT_LIMIT_TABLE[correction], len(data), version)
        if fits > 40:
            return 0, data
        if util.mode_sizes_for_version(fits) is sizes:  # the lengths' widths hold
            return fits, data
        version = fits


def chunk_bits(chunk: Any, width: int) -> str:
    """One chunk: its mode, its length in ``width`` bits, then its data in its mode."""
    from qrcode import util

    data: bytes = chunk.data
    out = [f"{chunk.mode:04b}{len(data):0{width}b}"]
    if chunk.mode == util.MODE_ALPHA_NUM:
        values = [util.ALPHA_NUM.index(byte) for byte in data]
        out += [f"{45 * a + b:011b}" for a, b in zip(values[::2], values[1::2], strict=False)]
        out += [f"{values[-1]:06b}"] if len(values) % 2 else []
    elif chunk.mode == util.MODE_NUMBER:
        out += [format(int(data[at:at + 3]), f"0{util.NUMBER_LENGTH[len(data[at:at + 3])]}b")
                for at in range(0, len(data), 3)]
    else:
        out += [f"{byte:08b}" for byte in data]
    return "".join(out)


def codewords(data: str, version: int, correction: int) -> list[int]:
    """The data bits ended, padded to the version's capacity, cut into blocks with their
    Reed-Solomon error correction, interleaved: the bytes qrcode places."""
    from qrcode.base import rs_blocks

    blocks = rs_blocks(version, correction)
    limit = 8 * sum(block.data_count for block in blocks)
    data += "0" * min(limit - len(data), 4)
    data += "0" * (-len(data) % 8)
    pad = (limit - len(data)) // 8
    stream = [*int(data, 2).to_bytes(len(data) // 8, "big"), *([0xEC, 0x11] * pad)[:pad]]
    starts = [0, *accumulate(block.data_count for block in blocks)]
    chunks = [stream[start:end] for start, end in pairwise(starts)]
    checks = reed_solomon(chunks, [block.total_count - block.data_count for block in blocks])
    return [byte for part in (chunks, checks) for row in zip_longest(*part) for byte in row
            if byte is not None]


def reed_solomon(chunks: list[list[int]], counts: list[int]) -> list[list[int]]:
    """Each chunk's error correction bytes (``counts``, a chunk each): the remainder of
    its division by the generator polynomial in GF(256), as one number, a byte a term."""
    from qrcode.base import EXP_TABLE, LOG_TABLE
    from qrcode.LUT import rsPoly_LUT

    powers = bytes(EXP_TABLE[:255]) * 2  # twice round: a slice of 255 never wraps
    times = {}  # the generator times each byte, by the byte's logarithm
    for count in set(counts):
        columns = [powers[LOG_TABLE[term]:LOG_TABLE[term] + 255]  # a column a term
                   for term in rsPoly_LUT[count][1:]]
        times[count] = [int.from_bytes(bytes(row), "big") for row in zip(*columns, strict=True)]
    out = []
    for chunk, count in zip(chunks, counts, strict=True):
        top, whole, rest = 8 * count - 8, (1 << 8 * count) - 1, 0
        for byte in chunk:
            factor = byte ^ rest >> top
            rest = rest << 8 & whole
            if factor:
                rest ^= times[count][LOG_TABLE[factor]]
        out.append(list(rest.to_bytes(count, "big")))
    return out


def bits(modules: Iterable[Iterable[Any]]) -> int:
    """Modules (true for dark) row after row as one number, a bit each, the first highest:
    a rule of the penalty is then counted along every row or column at once."""
    return int(b"".join(map(bytes, modules)).translate(ZERO_ONE), 2)


def masks(size: int) -> list[int]:
    """The eight masks of a code ``size`` modules wide, as ``bits``: the modules each flips
    where data is."""
    from qrcode.util import mask_func

    tiled = []
    for pattern in range(8):
        # Each mask repeats every 12 rows and 6 columns: 72 of its modules draw it all.
        tile = bytes(map(mask_func(pattern), *TILE)).translate(ZERO_ONE)
        rows = b"".join((tile[at:at + 6] * (size // 6 + 1))[:size] for at in range(0, 72, 6))
        tiled.append(int((rows * (size // 12 + 1))[:size * size], 2))
    return tiled


def penalty(modules: int, size: int) -> int:
    """The QR standard's score of a masked code (lower is better), as ``bits`` gives it:
    runs of five or more alike, 2x2 blocks alike, finder-like stretches, and the share
    of dark. Each rule looks along the rows (a step of one bit) and the columns (a step
    of a row's bits)."""
    rows = ((1 << size * size) - 1) // ((1 << size) - 1)  # the last bit of each row

    def fits(length: int, step: int) -> int:
        """The modules from which ``length`` modules, ``step`` bits apart, are in the code."""
        if step == 1:
            return ((1 << size - length + 1) - 1) * rows
        return (1 << size * (size - length + 1)) - 1

    score = 0
    alike = {}
    for step in (1, size):
        same = alike[step] = ~(modules ^ modules >> step)  # a module as the next one
        starts = same & same >> step & same >> 2 * step & same >> 3 * step & fits(5, step)
        # A run of n >= 5 alike scores n - 2: its n - 4 starts, and 2.
        score += starts.bit_count() + 2 * (starts & ~(starts << step)).bit_count()
        shifted = [modules >> at * step for at in range(11)]
        for stretch in FINDER_LIKE:
            found = fits(11, step)
            for bit, module in zip(stretch, shifted, strict=True):
                found &= module if bit == "1" else ~module
            score += 40 * found.bit_count()
    blocks = alike[1] & alike[size] & alike[size] >> 1 & fits(2, 1) & fits(2, size)
    dark = modules.bit_count()
    return score + 3 * blocks.bit_count() + int(abs(float(dark) / size**2 * 100 - 50) / 5) * 10


def _padded(qr: Matrix, quiet: int) -> list[str]:
    side, blank = "0" * quiet, "0" * (qr.size + 2 * quiet)
    return [*[blank] * quiet, *(side + row + side for row in qr.rows), *[blank] * quiet]


def half_block_lines(qr: Matrix, *, invert: bool = False, quiet: int = QUIET) -> list[str]:
    """Two module rows per text line. Blocks are drawn in the text colour: by default
    the light modules (a dark screen); ``invert`` draws the dark ones (a light screen)."""
    rows = _padded(qr, quiet)
    if len(rows) % 2:
        rows.append("0" * len(rows[0]))
    ink = str.maketrans("10", "10" if invert else "01")
    rows = [row.translate(ink) for row in rows]
    glyphs = {"11": "\u2588", "10": "\u2580", "01": "\u2584", "00": " "}
    return ["".join(glyphs[t + b] for t, b in zip(top, bottom, strict=True))
            for top, bottom in zip(rows[::2], rows[1::2], strict=True)]


def ascii_lines(qr: Matrix, *, invert: bool = False, quiet: int = QUIET) -> list[str]:
    """One module row per line, '#' where the half-block form draws a block."""
    ink = str.maketrans("10", "# " if invert else " #")
    return [row.translate(ink) for row in _padded(qr, quiet)]


def svg(qr: Matrix, size_mm: float, *, quiet: int = 4, title: str = "QR code") -> str:
    """An inline SVG drawing of the code, dark modules as one path, crisp at any scale."""
    total = qr.size + 2 * quiet
    # A rectangle per run of dark modules. Each x, y and width is written once, not once
    # a run: writing numbers took most of the time.
    places = range(quiet, quiet + qr.size)
    heads = [f"M{x} " for x in places]
    tails = [f"h{width}v1h-{width}z" for width in range(qr.size + 1)]
    parts: list[str] = []
    for y, row in zip(map(str, places), qr.rows, strict=True):
        for start, end in map(re.Match.span, re.finditer("1+", row)):
            parts += (heads[start], y, tails[end - start])
    return (f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total} {total}" '
            f'width="{size_mm:.0f}mm" height="{size_mm:.0f}mm" shape-rendering="crispEdges" '
            f'role="img" aria-label="{title}"><rect width="{total}" height="{total}" '
            f'fill="#fff"/><path fill="#000" d="{"".join(parts)}"/></svg>')

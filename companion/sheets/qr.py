"""QR codes of share codes: for a terminal (half blocks or ASCII) and for paper (SVG).

``qrcode`` is imported only here, only when a code is drawn. A share code is
capitals, digits and dots, so the QR code uses its compact alphanumeric mode.
"""

from __future__ import annotations

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
    code = qrcode.QRCode(error_correction=correction, border=0)
    code.add_data(text)
    try:
        code.make(fit=True)
    except (DataOverflowError, ValueError):
        most = MAX_ALNUM_L if level == "L" else MAX_ALNUM_M
        raise BadInput(f"the code is too long for a QR code ({len(text)} characters, "
                       f"at most {most})") from None
    rows = tuple(tuple(bool(m) for m in row) for row in code.get_matrix())
    return Matrix(version=int(code.version), rows=rows)


def _padded(qr: Matrix, quiet: int) -> list[list[bool]]:
    blank = [False] * (qr.size + 2 * quiet)
    rows = [list(blank) for _ in range(quiet)]
    rows += [[False] * quiet + list(row) + [False] * quiet for row in qr.rows]
    rows += [list(blank) for _ in range(quiet)]
    return rows


def half_block_lines(qr: Matrix, *, invert: bool = False, quiet: int = QUIET) -> list[str]:
    """Two module rows per text line. Blocks are drawn in the text colour: by default
    the light modules (a dark screen); ``invert`` draws the dark ones (a light screen)."""
    rows = _padded(qr, quiet)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyphs = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584",
              (False, False): " "}
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        lines.append("".join(glyphs[(t == invert, b == invert)] for t, b in zip(
            top, bottom, strict=True)))
    return lines


def ascii_lines(qr: Matrix, *, invert: bool = False, quiet: int = QUIET) -> list[str]:
    """One module row per line, '#' where the half-block form draws a block."""
    return ["".join("#" if dark == invert else " " for dark in row)
            for row in _padded(qr, quiet)]


def svg(qr: Matrix, size_mm: float, *, quiet: int = 4, title: str = "QR code") -> str:
    """An inline SVG drawing of the code, dark modules as one path, crisp at any scale."""
    total = qr.size + 2 * quiet
    parts = []
    for y, row in enumerate(qr.rows):
        x = 0
        while x < qr.size:
            if row[x]:
                start = x
                while x < qr.size and row[x]:
                    x += 1
                parts.append(f"M{start + quiet} {y + quiet}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total} {total}" '
            f'width="{size_mm:.0f}mm" height="{size_mm:.0f}mm" shape-rendering="crispEdges" '
            f'role="img" aria-label="{title}"><rect width="{total}" height="{total}" '
            f'fill="#fff"/><path fill="#000" d="{"".join(parts)}"/></svg>')

"""Sheets as one self-contained HTML page: inline CSS, inline SVG, no network.

The page prints on one sheet of A4 or Letter (``@page`` sets the paper) in two
columns: the game on the left, the reference or hero table and the QR code
of the share code on the right. On a phone's screen the columns stack.

A chart is drawn as steps (a value holds until an action changes it), with a
dashed line and a label where a level, round or floor begins. Black, greys and
dash patterns only: it prints on any printer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.errors import BadInput
from companion.sheets import (
    PAPERS,
    Block,
    Chart,
    Checks,
    Fields,
    Para,
    Sheet,
    Table,
    Track,
    Writing,
)
from companion.sheets.qr import matrix, svg

WIDE, HIGH = 420.0, 118.0
LEFT, RIGHT, TOP, BOTTOM = 24.0, 412.0, 12.0, 92.0
# Each series' colour and dashes (an attribute of its lines).
STYLES = (("#000", ""), ("#000", ' stroke-dasharray="5 3"'), ("#000", ' stroke-dasharray="1.5 2"'),
          ("#777", ""))
TITLES = {"life": "Life after each action", "gold": "Running gold after each action",
          "equipment": "Equipment left (life) after each action"}

CSS = """
@page { size: %(paper)s; margin: 9mm; }
* { box-sizing: border-box; }
html { font: %(font)s/1.22 "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif;
       color: #000; background: #fff; -webkit-print-color-adjust: exact;
       print-color-adjust: exact; }
body { margin: 0; overflow-wrap: break-word; }
.sheet { max-width: 190mm; margin: 0 auto; }
@media screen { .sheet { padding: 4mm; } }
header { border-bottom: 0.6mm solid #000; margin-bottom: 2mm; padding-bottom: 1mm; }
h1 { font-size: 1.7em; margin: 0; }
h1 small { font-size: 0.6em; font-weight: normal; }
header p { margin: 0.5mm 0 0; }
.cols { display: grid; grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr); gap: 4mm;
        align-items: start; }
@media screen and (max-width: 640px) { .cols { grid-template-columns: 1fr; } }
section { margin: 0 0 2.2mm; }
h2 { font-size: 1.1em; margin: 0 0 0.8mm; break-after: avoid; border-bottom: 0.25mm solid #000;
     text-transform: uppercase; letter-spacing: 0.03em; }
p { margin: 0 0 1mm; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4mm 2mm; margin: 0 0 1mm; }
dt { font-weight: bold; }
dd { margin: 0; min-height: 1.2em; }
dd.blank { border-bottom: 0.2mm solid #555; }
table { border-collapse: collapse; width: 100%%; margin: 0 0 1mm; }
th, td { border: 0.2mm solid #444; padding: 0.3mm 0.9mm; text-align: left;
         vertical-align: top; }
th { background: #e4e4e4; }
td.n, th.n { text-align: right; white-space: nowrap; }
tr.foot td { font-weight: bold; border-top: 0.5mm solid #000; }
table.writing td { height: 6.4mm; }
table.fixed { table-layout: fixed; }
section.wide table.writing td { height: %(row)s; font-size: 1.15em; }
.dense table.writing td { height: 4.6mm; }
.track { display: flex; flex-wrap: wrap; gap: 0.5mm; margin: 0.5mm 0 1mm; }
.track span { width: 4.6mm; height: 4.6mm; border: 0.25mm solid #000; font-size: 0.62em;
              display: flex; align-items: flex-end; justify-content: flex-end;
              padding: 0 0.3mm; color: #666; }
.track span.on { background: #777; color: #fff; }
.track span.five { margin-right: 1mm; }
ul.checks { list-style: none; padding: 0; margin: 0 0 1mm; columns: 2; column-gap: 3mm; }
ul.checks li { break-inside: avoid; }
.box { display: inline-block; width: 2.8mm; height: 2.8mm; border: 0.25mm solid #000;
       margin-right: 1mm; vertical-align: -0.4mm; text-align: center; line-height: 2.6mm;
       font-size: 0.8em; }
.write { display: flex; gap: 1.5mm; margin: 0 0 1.4mm; }
.write span.line { flex: 1; border-bottom: 0.2mm solid #555; min-height: 1.2em; }
figure.share { margin: 1mm 0 0; text-align: center; break-inside: avoid; }
figure.share svg { display: block; margin: 0 auto 0.8mm; }
figure.share figcaption { font-size: 0.85em; }
.note { font-size: 0.85em; color: #333; }
figure.chart { margin: 0 0 1mm; break-inside: avoid; }
figure.chart svg { display: block; width: 100%%; height: auto; max-height: 34mm; }
.dense figure.chart svg { max-height: 17mm; }
footer { margin-top: 1mm; font-size: 0.75em; color: #555; }
"""


def render_html(sheet: Sheet, paper: str = "a4") -> str:
    """``paper``: one of ``PAPERS`` (the command line checks it)."""
    font = "7.4pt" if sheet.dense else "8.4pt"
    # Rows to write in across the page: as tall as the paper allows (Letter is shorter).
    row = "11mm" if paper == "a4" else "9mm"
    style = CSS % {"paper": PAPERS[paper], "font": font, "row": row}
    code = sheet.share_code  # its checksum made once
    # Each section in its place: across the page, or in the main or the side column.
    at = {"wide": "", "main": "", "side": ""}
    for section in sheet.sections:
        tag = '<section class="wide">' if section.wide else "<section>"
        at["wide" if section.wide else "side" if section.side else "main"] += (
            f"{tag}<h2>{escape(section.title)}</h2>{''.join(map(_block, section.blocks))}"
            "</section>\n")
    meta = f'<meta name="companion-share-code" content="{escape(code)}">' if code else ""
    lines = "".join(f"<p>{escape(line)}</p>" for line in sheet.lines)
    title = f"{sheet.title}: {sheet.heading}"
    classes = "sheet dense" if sheet.dense else "sheet"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{meta}<title>{escape(title)}</title><style>{style}</style></head>\n"
        f'<body><main class="{classes}"><header><h1>{escape(sheet.title)} '
        f"<small>{escape(sheet.heading)}</small></h1>{lines}</header>\n"
        f"{at['wide']}"
        f'<div class="cols"><div class="main">{at["main"]}</div>\n'
        f'<aside class="side">{at["side"]}{_share(code, sheet.share_note)}</aside></div>\n'
        "<footer>Printed by companion, the card game scorekeeper.</footer>"
        "</main></body></html>\n"
    )


def escape(text: str) -> str:
    """What html.escape does, without importing html (html.entities is slow to load), and
    as it does it: a replace scans in C, where a translation looks up every character."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def _share(code: str | None, note: str | None) -> str:
    if code:
        try:
            qr = matrix(code, "M")
        except BadInput as error:
            return (f'<section><h2>Share code</h2><p class="note">{escape(str(error))}: '
                    "use 'companion share -o FILE' to carry it.</p></section>")
        size = min(62.0, max(30.0, (qr.size + 8) * 0.5))
        picture = svg(qr, size, title="share code of this game")
        return (f'<figure class="share">{picture}<figcaption>Scan this code, then '
                "<code>companion import CODE</code> brings the game back.</figcaption>"
                "</figure>")
    return f'<p class="note">{escape(note)}</p>' if note else ""


def _block(block: Block) -> str:
    if isinstance(block, Fields):
        cells = "".join(
            f"<dt>{escape(label)}</dt>"
            + (f"<dd>{escape(value)}</dd>" if value else '<dd class="blank"></dd>')
            for label, value in block.pairs)
        return f"<dl>{cells}</dl>"
    if isinstance(block, Track):
        head = escape(block.label) + (f" <b>{block.marked}/{block.total}</b>"
                                      if block.marked else "")
        if block.note:
            head += f' <span class="note">({escape(block.note)})</span>'
        boxes = "".join(
            f'<span class="{"on" if n <= block.marked else ""}'
            f'{" five" if n % 5 == 0 else ""}">{n}</span>'
            for n in range(1, block.total + 1))
        return f'<p>{head}</p><div class="track">{boxes}</div>'
    if isinstance(block, Checks):
        items = "".join(f'<li><span class="box">{"&#10003;" if ticked else ""}</span>'
                        f"{escape(label)}</li>" for label, ticked in block.items)
        return f'<ul class="checks">{items}</ul>'
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Writing):
        return "".join(f'<div class="write"><span>{escape(label)}</span>'
                       '<span class="line"></span></div>' for label in block.labels)
    if isinstance(block, Chart):
        return svg_chart(block)
    assert isinstance(block, Para)
    return f"<p>{escape(block.text)}</p>"


def _table(table: Table) -> str:
    def cell(tag: str, index: int, text: str) -> str:
        cls = ' class="n"' if index in table.numeric else ""
        return f"<{tag}{cls}>{escape(text)}</{tag}>"

    head = ""
    if table.groups:
        lead = table.lead
        head += "<tr>" + (f'<th colspan="{lead}"></th>' if lead else "")
        head += "".join(f'<th colspan="{span}">{escape(label)}</th>'
                        for label, span in table.groups) + "</tr>"
    runs = max(1, table.split)
    head += "<tr>" + "".join(cell("th", i, h) for i, h in enumerate(table.headers)) * runs
    head += "</tr>"
    per_run = -(-len(table.rows) // runs)
    body = ""
    for number in range(per_run):
        cells = ""
        for run in range(runs):
            index = run * per_run + number
            row = table.rows[index] if index < len(table.rows) else ("",) * len(table.headers)
            cells += "".join(cell("td", i, c) for i, c in enumerate(row))
        body += f"<tr>{cells}</tr>"
    if table.foot:
        body += ('<tr class="foot">'
                 + "".join(cell("td", i, c) for i, c in enumerate(table.foot)) + "</tr>")
    classes = " ".join(c for c, on in (("writing", table.writing), ("fixed", bool(table.widths)))
                       if on)
    cls = f' class="{classes}"' if classes else ""
    note = f'<p class="note">{escape(table.note)}</p>' if table.note else ""
    cols = ""
    if table.widths:
        whole = sum(table.widths) * runs
        cols = "<colgroup>" + "".join(f'<col style="width: {100 * w / whole:.2f}%">'
                                      for w in table.widths * runs) + "</colgroup>"
    return f"<table{cls}>{cols}<thead>{head}</thead><tbody>{body}</tbody></table>{note}"


def svg_chart(chart: Chart) -> str:
    points = max((len(values) for _, values in chart.series), default=1) - 1
    top, low = max(chart.top, 1), min([0, *chart.values])
    span = max(top - low, 1)

    def x(point: int) -> float:
        return LEFT + (RIGHT - LEFT) * point / max(points, 1)

    def y(value: int) -> float:
        return BOTTOM - (BOTTOM - TOP) * (value - low) / span

    parts = [f'<line x1="{LEFT}" y1="{y(low):.1f}" x2="{RIGHT}" y2="{y(low):.1f}" '
             'stroke="#000" stroke-width="0.6"/>',
             f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{BOTTOM}" stroke="#000" '
             'stroke-width="0.6"/>']
    if low < 0:
        parts.append(f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{RIGHT}" y2="{y(0):.1f}" '
                     'stroke="#888" stroke-width="0.4"/>')
    for value in sorted({low, 0, top}):
        parts.append(f'<text x="{LEFT - 2}" y="{y(value) + 2.5:.1f}" text-anchor="end">'
                     f"{value}</text>")
    parts.append(f'<text x="{LEFT}" y="{BOTTOM + 9}">0</text>')
    parts.append(f'<text x="{RIGHT}" y="{BOTTOM + 9}" text-anchor="end">{points} actions'
                 "</text>")
    parts += _marks(chart.marks, x)
    xs = [f"{x(point):.1f}" for point in range(points + 1)]  # each series' x, written once
    legend = []  # a key per series, when there are several
    for index, (label, values) in enumerate(chart.series):
        colour, dashes = STYLES[index % len(STYLES)]
        at = LEFT + (RIGHT - LEFT) / len(chart.series) * index
        legend += [f'<line x1="{at:.1f}" y1="{HIGH - 6}" x2="{at + 14:.1f}" y2="{HIGH - 6}" '
                   f'stroke="{colour}" stroke-width="1.3"{dashes}/>',
                   f'<text x="{at + 17:.1f}" y="{HIGH - 3.5}">{escape(label)}</text>']
        nudge = (index - (len(chart.series) - 1) / 2) * 0.9  # equal lines stay apart
        parts += [f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="1.3"{dashes}/>'
                  for path in _steps(values, xs, y, nudge)]
        last = next(((n, v) for n, v in reversed(list(enumerate(values))) if v is not None),
                    None)
        if last is not None and chart.measure != "gold" and last[1] <= 0:
            cx, cy = x(last[0]), y(last[1]) + nudge
            parts.append(f'<path d="M{cx - 3:.1f} {cy - 3:.1f}l6 6m0 -6l-6 6" '
                         f'stroke="{colour}" stroke-width="1.2"/>')
    parts += legend if len(chart.series) > 1 else []
    title = TITLES.get(chart.measure, "Over the game")
    return (f'<figure class="chart"><svg viewBox="0 0 {WIDE:g} {HIGH:g}" role="img" '
            f'aria-label="{escape(title)}" font-size="8" '
            'font-family="DejaVu Sans, Arial, sans-serif">'
            f"<title>{escape(title)}</title>{''.join(parts)}</svg></figure>")


def _steps(values: Sequence[int | None], xs: Sequence[str], fy: Callable[[int], float],
           nudge: float) -> list[str]:
    """Step paths, one per stretch without gaps."""
    ys = {value: f"{fy(value) + nudge:.1f}" for value in set(values) if value is not None}
    stretches: list[list[tuple[str, str]]] = [[]]
    for x, value in zip(xs, values, strict=False):  # xs: as many as the longest series
        if value is None:
            stretches.append([])
        else:
            stretches[-1].append((x, ys[value]))
    paths = [f"M{first[0]} {first[1]}" + "".join(f"H{x}V{y}" for x, y in rest)
             for first, *rest in filter(None, stretches)]
    if len(stretches[-1]) == 1:  # the last stretch a single point: a short tick
        paths[-1] += "h2"
    return paths


def _marks(marks: Sequence[tuple[int, str]], fx: Callable[[int], float]) -> list[str]:
    parts = []
    last_label = -1e9
    for point, label in marks:
        at = fx(point)
        parts.append(f'<line x1="{at:.1f}" y1="{TOP - 1}" x2="{at:.1f}" y2="{BOTTOM}" '
                     'stroke="#999" stroke-width="0.5" stroke-dasharray="2 2"/>')
        if at - last_label >= 14:  # labels never overlap; the lines are all drawn
            parts.append(f'<text x="{at:.1f}" y="{TOP - 3}" text-anchor="middle">'
                         f"{escape(label)}</text>")
            last_label = at
    return parts

"""The chart of a game on its sheet: inline SVG on paper, sparklines in text.

Life (Hebrac, each Half Deck hero, Elbereth's equipment) or running gold per
player (Tricky) after each action, drawn as steps (a value holds until an
action changes it), with a dashed line and a label where a level, round or
floor begins. Black, greys and dash patterns only: it prints on any printer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.history import History
from companion.sheets.model import Chart, Section
from companion.spark import labelled

WIDE, HIGH = 420.0, 118.0
LEFT, RIGHT, TOP, BOTTOM = 24.0, 412.0, 12.0, 92.0
STYLES = (("#000", ""), ("#000", "5 3"), ("#000", "1.5 2"), ("#777", ""))
TITLES = {"life": "Life after each action", "gold": "Running gold after each action",
          "equipment": "Equipment left (life) after each action"}


def escape(text: str) -> str:
    """``html.escape``, imported when a chart is drawn as SVG (not for text)."""
    from html import escape as html_escape

    return html_escape(text)


def chart_of(history: History) -> Chart:
    return Chart(history.measure,
                 tuple((s.label, tuple(s.values)) for s in history.series),
                 tuple(history.marks))


def chart_lines(chart: Chart, width: int = 40) -> list[str]:
    """Text: one sparkline per series, labels padded alike."""
    label_width = max((len(label) for label, _ in chart.series), default=0)
    top = _top(chart)
    return [labelled(label, values, width, dead_at_zero=chart.measure != "gold",
                     label_width=label_width, top=top) for label, values in chart.series]


def _top(chart: Chart) -> int:
    return max((v for _, values in chart.series for v in values if v is not None), default=1)


def _low(chart: Chart) -> int:
    return min([0] + [v for _, values in chart.series for v in values if v is not None])


def svg_chart(chart: Chart) -> str:
    points = max((len(values) for _, values in chart.series), default=1) - 1
    top, low = max(_top(chart), 1), _low(chart)
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
    for index, (_, values) in enumerate(chart.series):
        colour, dash = STYLES[index % len(STYLES)]
        nudge = (index - (len(chart.series) - 1) / 2) * 0.9  # equal lines stay apart
        for path in _steps(values, x, y, nudge):
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(f'<path d="{path}" fill="none" stroke="{colour}" '
                         f'stroke-width="1.3"{dashes}/>')
        last = next(((n, v) for n, v in reversed(list(enumerate(values))) if v is not None),
                    None)
        if last is not None and chart.measure != "gold" and last[1] <= 0:
            cx, cy = x(last[0]), y(last[1]) + nudge
            parts.append(f'<path d="M{cx - 3:.1f} {cy - 3:.1f}l6 6m0 -6l-6 6" '
                         f'stroke="{colour}" stroke-width="1.2"/>')
    parts += _legend(chart)
    title = TITLES.get(chart.measure, "Over the game")
    return (f'<figure class="chart"><svg viewBox="0 0 {WIDE:g} {HIGH:g}" role="img" '
            f'aria-label="{escape(title)}" font-size="8" '
            'font-family="DejaVu Sans, Arial, sans-serif">'
            f"<title>{escape(title)}</title>{''.join(parts)}</svg></figure>")


def _steps(values: Sequence[int | None], fx: Callable[[int], float],
           fy: Callable[[int], float], nudge: float) -> list[str]:
    """Step paths, one per stretch without gaps."""
    paths: list[str] = []
    current = ""
    for point, value in enumerate(values):
        if value is None:
            if current:
                paths.append(current)
            current = ""
            continue
        py = fy(value) + nudge
        if not current:
            current = f"M{fx(point):.1f} {py:.1f}"
        else:
            current += f"H{fx(point):.1f}V{py:.1f}"
    if current:
        if " " in current and "H" not in current:  # a single point: a short tick
            current += "h2"
        paths.append(current)
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


def _legend(chart: Chart) -> list[str]:
    if len(chart.series) < 2:
        return []
    parts = []
    room = (RIGHT - LEFT) / len(chart.series)
    for index, (label, _) in enumerate(chart.series):
        colour, dash = STYLES[index % len(STYLES)]
        at = LEFT + room * index
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line x1="{at:.1f}" y1="{HIGH - 6}" x2="{at + 14:.1f}" '
                     f'y2="{HIGH - 6}" stroke="{colour}" stroke-width="1.3"{dashes}/>')
        parts.append(f'<text x="{at + 17:.1f}" y="{HIGH - 3.5}">{escape(label)}</text>')
    return parts


def game_history(kind: str, settings: dict[str, object], actions: Sequence[str],
                 history: History | None = None) -> History:
    """The game's history: ``history`` when the caller has traced the game already."""
    if history is not None:
        return history
    from companion.history import trace

    return trace(kind, settings, actions)


def chart_section(history: History, *, side: bool = False) -> Section:
    titles = {"life": "Life over the game", "gold": "Gold over the game",
              "equipment": "Equipment over the game"}
    return Section(titles[history.measure], (chart_of(history),), side=side)

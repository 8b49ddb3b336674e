"""The chart of a game on its sheet: its section, and sparklines in text (the SVG of
paper is drawn by ``companion.sheets.html``).

Life (Hebrac, each Half Deck hero, Elbereth's equipment) or running gold per
player (Tricky) after each action.
"""

from __future__ import annotations

from companion.history import History
from companion.sheets.model import Chart, Section
from companion.spark import labelled


def chart_lines(chart: Chart, width: int = 40) -> list[str]:
    """Text: one sparkline per series, labels padded alike."""
    label_width = max((len(label) for label, _ in chart.series), default=0)
    return [labelled(label, values, width, dead_at_zero=chart.measure != "gold",
                     label_width=label_width, top=chart.top) for label, values in chart.series]


def chart_section(history: History, *, side: bool = False) -> Section:
    titles = {"life": "Life over the game", "gold": "Gold over the game",
              "equipment": "Equipment over the game"}
    chart = Chart(history.measure, tuple((s.label, tuple(s.values)) for s in history.series),
                  tuple(history.marks))
    return Section(titles[history.measure], (chart,), side=side)

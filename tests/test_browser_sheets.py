"""The HTML sheets in a real browser: headless Chromium prints each to PDF.

Every sheet must print on exactly one page of A4 and of Letter, and the QR
code on the printed page must read back as the game's share code. Outside CI
the tests skip (before printing) when Chromium, Playwright or poppler's pdftoppm
is missing; in CI (CI=true) they fail instead, so the check can never silently
vanish.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import share
from companion.game import replay
from companion.history import trace
from companion.sheets import Sheet
from companion.sheets.games import blank_sheet, game_sheet
from companion.sheets.html import render_html
from companion.values import Value
from tests.test_share import EXAMPLES

CHROMIUM = "/usr/bin/chromium"
PAPERS = ("a4", "letter")
PAGE_POINTS = {"a4": (595, 842), "letter": (612, 792)}
BLANKS: list[tuple[str, Any]] = [("hebrac", None), ("tricky", ["Ann", "Bo", "Cy", "Di"]),
                                 ("tricky", 2), ("tricky", 4), ("tricky", None), ("halfdeck", 4),
                                 ("elbereth", None)]


def need(condition: bool, what: str) -> None:
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing in CI: .ci/run installs it")
    pytest.skip(f"{what} is not installed")


class Printed(Value):
    name: str
    paper: str
    pdf: Path
    code: str | None


def needs(available: bool, what: str) -> pytest.MarkDecorator:
    """Skip a test whose tool is missing before the sheets are printed for it (outside CI
    only: in CI the test runs and ``need`` fails it)."""
    return pytest.mark.skipif(not available and os.environ.get("CI") != "true",
                              reason=f"{what} is not installed")


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


POPPLER = needs(all(shutil.which(tool) for tool in ("pdftoppm", "pdftotext")),
                "poppler-utils (pdftoppm, pdftotext)")
PYPDF = needs(_has("pypdf"), "pypdf")
ZXING = needs(_has("zxingcpp"), "zxing-cpp")


def print_all(jobs: list[tuple[Path, Printed]]) -> None:
    """Print every sheet from one Chromium (a launch costs far more than a page), as the
    browser's own print dialog would: the paper is the one the page's ``@page`` asks for."""
    from tests.test_serve_browser import chromium

    for browser in chromium():
        page = browser.new_page()
        for html, job in jobs:
            page.goto(html.as_uri())
            page.pdf(path=str(job.pdf), prefer_css_page_size=True)


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, str], Printed]]:
    need(Path(CHROMIUM).exists(), "Chromium (/usr/bin/chromium)")
    need(_has("playwright"), "Playwright (pip install playwright)")  # before the sheets
    folder = tmp_path_factory.mktemp("printed")
    jobs: list[tuple[Path, Printed]] = []
    for data in EXAMPLES:
        engine = replay(data["kind"], data["settings"], data["actions"])
        code = share.encode(data["kind"], data["name"], data["settings"], data["actions"],
                            data.get("notes", []))
        for paper in PAPERS:
            sheet = game_sheet(data["kind"], data["name"], data["settings"], data["actions"],
                               engine.status(), trace(data["kind"], data["settings"],
                                                      data["actions"]), data.get("notes", []))
            html = folder / f"{data['name']}-{paper}.html"
            html.write_text(render_html(sheet, paper), "utf-8")
            jobs.append((html, Printed(data["name"], paper, html.with_suffix(".pdf"), code)))
    for kind, players in BLANKS:
        name = blank_name(kind, players)
        for paper in PAPERS:
            html = folder / f"{name}-{paper}.html"
            html.write_text(render_html(blank_sheet(kind, players), paper), "utf-8")
            jobs.append((html, Printed(name, paper, html.with_suffix(".pdf"), None)))
    for name, sheet in stress_sheets():
        for paper in PAPERS:
            html = folder / f"{name}-{paper}.html"
            html.write_text(render_html(sheet, paper), "utf-8")
            jobs.append((html, Printed(name, paper, html.with_suffix(".pdf"), None)))
    print_all(jobs)
    yield {(job.name, job.paper): job for _, job in jobs}


def stress_sheets() -> list[tuple[str, Sheet]]:
    """The biggest sheets a game can make: they must still print on one page."""
    from companion.game import load_kind
    from companion.history import trace
    from companion.resources import tables
    from companion.sheets.games import halfdeck_sheet, hebrac_sheet

    notes = ["a long note " * 40] * 12 + ["x" * 900]
    data = next(d for d in EXAMPLES if d["kind"] == "halfdeck")
    engine = replay(data["kind"], data["settings"], data["actions"])
    status = engine.status()
    status["cards"] = {f"a card with a long name {n}": {
        "kind": "trap", "strength": 7, "loot": 2, "effect": "lose the gear of one hero " * 4}
        for n in range(52)}
    status["hands"] = {"1": [f"card {n}" for n in range(26)]}
    big_halfdeck = halfdeck_sheet("big", data["settings"], status, notes,
                                  trace(data["kind"], data["settings"], data["actions"]))

    data = next(d for d in EXAMPLES if d["kind"] == "hebrac")
    engine = replay(data["kind"], data["settings"], data["actions"])
    status = engine.status()
    status["inventory"] = [f"{rank}{suit}" for rank in range(2, 11) for suit in "HSCD"]
    status["spells_cast"] = list(tables("hebrac")["spells"]) * 3
    big_hebrac = hebrac_sheet("big", data["settings"], status, notes,
                              trace(data["kind"], data["settings"], data["actions"]))

    module = load_kind("tricky")
    settings = module.normalize_settings({"players": ["Annabelle", "Bo", "Cyrille", "Di"],
                                          "rounds_per_player": 10, "set": "all"})
    tricky = module.new_engine(settings)
    heroes = ["thief", "barbarian --trump red", "wizard", "witch", "dwarven-hunter",
              "troubadour --trump blue", "sorcerer", "knight --trump 5", "ninja", "nymph"]
    actions = []
    for number in range(40):
        for action in (f"round {heroes[number % 10]}" + (" --active Bo" if not number else ""),
                       "result --tricks 3 --potions 1 --spells 1 --goblins 1 --orcs 1 --ogres 1"):
            actions.append(tricky.apply(action).action)
    big_tricky = game_sheet("tricky", "big", settings, actions, tricky.status(),
                           trace("tricky", settings, actions), notes)
    return [("stress-halfdeck", big_halfdeck), ("stress-hebrac", big_hebrac),
            ("stress-tricky", big_tricky)]


def blank_name(kind: str, players: Any) -> str:
    return f"blank-{kind}-" + (f"{len(players)}-names" if isinstance(players, list)
                               else str(players))


NAMES = [d["name"] for d in EXAMPLES] + ["stress-halfdeck", "stress-hebrac", "stress-tricky"] + [
    blank_name(kind, players) for kind, players in BLANKS]


@PYPDF
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", NAMES)
def test_every_sheet_prints_on_one_page(printed: dict[tuple[str, str], Printed], name: str,
                                        paper: str) -> None:
    need(_has("pypdf"), "pypdf")
    from pypdf import PdfReader

    job = printed[(name, paper)]
    reader = PdfReader(job.pdf)
    assert len(reader.pages) == 1, f"{name} on {paper} prints on {len(reader.pages)} pages"
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == PAGE_POINTS[paper]


@POPPLER
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", [d["name"] for d in EXAMPLES])
def test_the_printed_sheet_carries_the_chart(printed: dict[tuple[str, str], Printed], name: str,
                                             paper: str) -> None:
    """The chart's axis says how many actions it spans: its text is on the printed page
    (read by poppler's pdftotext: pypdf takes seconds a page)."""
    need(shutil.which("pdftotext") is not None, "pdftotext (poppler-utils)")
    data = next(d for d in EXAMPLES if d["name"] == name)
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(printed[(name, paper)].pdf),
                           "-"], check=True, capture_output=True, text=True, timeout=120).stdout
    assert f"{len(data['actions'])} actions" in text


@POPPLER
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("players", [2, 4, None])
def test_the_blank_tricky_sheet_fills_the_page(printed: dict[tuple[str, str], Printed],
                                               players: int | None, paper: str) -> None:
    """Ink (the footer) reaches the last seventh of the printable height: no empty bottom
    quarter as before."""
    need(shutil.which("pdftoppm") is not None, "pdftoppm (poppler-utils)")
    image = rasterise(printed[(blank_name("tricky", players), paper)].pdf, dpi=40)
    height, width = image.shape
    inked = [row for row in range(height) if any(image[row, col] < 128 for col in range(width))]
    margin = round(9 / 25.4 * 40)  # @page margin: 9 mm
    assert inked[-1] >= margin + 6 / 7 * (height - 2 * margin), (inked[-1], height)


@POPPLER
@ZXING
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", [d["name"] for d in EXAMPLES])
def test_the_printed_qr_code_brings_the_game_back(
        printed: dict[tuple[str, str], Printed], name: str, paper: str) -> None:
    need(shutil.which("pdftoppm") is not None, "pdftoppm (poppler-utils)")
    need(_has("zxingcpp"), "zxing-cpp")
    import zxingcpp

    job = printed[(name, paper)]
    # 150 dpi, a quarter of the pixels of 300: a code that reads back here is big enough
    # for a phone's camera, and 300 would only be slower to read.
    image = rasterise(job.pdf, dpi=150)
    # Looked for as a QR code only: trying every other format took 30 times as long.
    found = [b.text for b in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
             if b.format == zxingcpp.BarcodeFormat.QRCode]
    assert found == [job.code]
    assert job.code is not None and share.decode(found[0]).record.name == name


def rasterise(pdf: Path, dpi: int) -> memoryview:
    """The first page as 8-bit grey pixels (pdftoppm's PGM), shaped (height, width)."""
    out = pdf.with_name(f"{pdf.stem}-{dpi}")
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                    str(pdf), str(out)], check=True, capture_output=True, timeout=120)
    data = out.with_suffix(".pgm").read_bytes()
    fields: list[bytes] = []
    position = 0
    while len(fields) < 4:  # magic, width, height, maxval; comments start with '#'
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    assert fields[0] == b"P5" and fields[3] == b"255"
    width, height = int(fields[1]), int(fields[2])
    pixels = data[position + 1:position + 1 + width * height]
    return memoryview(pixels).cast("B", (height, width))


def test_the_html_needs_no_network() -> None:
    data = EXAMPLES[0]
    engine = replay(data["kind"], data["settings"], data["actions"])
    html = render_html(game_sheet(data["kind"], data["name"], data["settings"], data["actions"],
                                  engine.status(),
                                  trace(data["kind"], data["settings"], data["actions"])))
    lowered = html.lower()
    for fetch in ("<script", "<link", "src=", "url(", "@import", "https:"):
        assert fetch not in lowered
    assert lowered.count("http:") == 1  # the SVG namespace, never fetched

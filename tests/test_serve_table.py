"""The live table at a real table: in Debian's Chromium at 390x844 and 844x390, light and
dark (Playwright, 127.0.0.1 only). A Hebrac game and a Tricky trick entered by taps
alone, whose turn at a glance, Undo that asks first and tells every page, the end
screen of a 4-player Tricky game within the width, and every text at a contrast of at
least 4.5:1."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.store import Store
from tests.serve_helpers import Server, companion, example, save_game, wait_until
from tests.test_serve_browser import LIVE_MS, chromium

SIZES = [(390, 844), (844, 390)]
SCHEMES = ["light", "dark"]


class Phone:
    """One phone: a context of its own at ``size`` in ``scheme``, on ``link``."""

    def __init__(self, browser: Any, link: str, size: tuple[int, int] = (390, 844),
                 scheme: str = "light") -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                           color_scheme=scheme)
        self.page = self.context.new_page()
        self.page.goto(link, timeout=20_000)
        self.until("document.querySelector('#conn').className === 'conn live'", 10_000)
        self.taps = 0

    def until(self, expression: str, timeout: int = LIVE_MS) -> float:
        return wait_until(lambda: bool(self.page.evaluate(expression)), timeout / 1000,
                          step=0.01)

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.taps += 1

    def key(self, row: str, text: str) -> None:
        """Tap the button ``text`` in the pad's rows matching ``row``."""
        self.tap(f"#pad {row} button:text-is(\"{text}\")")

    def actions(self) -> int:
        return int(self.page.evaluate("document.body.dataset.actions"))

    def answer(self, timeout: int = 20_000) -> list[str]:
        self.until("document.querySelector('#answer').textContent.split('\\n').length > 1"
                   " && !document.querySelector('#act button').disabled", timeout)
        return str(self.page.inner_text("#answer")).split("\n")[1:]

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


Shown = Callable[..., Server]


@pytest.fixture(scope="module")
def shown(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shown]:
    """``shown(example, actions, *serve_args)``: a server of that example's first
    ``actions`` actions saved as ``g``, shared by the tests that only look at it (a
    server's start costs more than the looking)."""
    servers: dict[tuple[Any, ...], Server] = {}

    def server(name: str, actions: int | None, *args: str) -> Server:
        key = (name, actions, args)
        if key not in servers:
            home = tmp_path_factory.mktemp("shown") / "home"
            save_game(home, example(name), "g", actions)
            servers[key] = Server(home, *args)
        return servers[key]

    yield server
    for running in servers.values():
        running.stop()


def tap_line(phone: Phone, line: str, cards: dict[str, tuple[str, str]]) -> None:
    """Enter ``line`` by taps alone: its verb, then each word as a name, a number, or a
    card's two parts (``cards``: word -> parts); then Do. The line sent is ``line``."""
    verb, *words = line.split()
    phone.key(".verbs", verb)
    chosen = ""
    for word in words:
        names = phone.page.eval_on_selector_all(
            "#picks .keys:not(.cardpart) button", "bs => bs.map(b => b.textContent)")
        if word in names and word not in cards:
            phone.key("#picks .keys:not(.cardpart)", word)
            continue
        first, second = cards[word]
        if first != chosen:
            phone.key("#picks .first", first)
            chosen = first
        phone.key("#picks .second", second)
    assert phone.page.input_value("#line").strip() == line
    phone.tap("#act button[type=submit]")


def hebrac_card(word: str) -> tuple[str, str]:
    return word[:-1], word[-1]


@pytest.fixture
def tricky_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    return home


def test_a_whole_hebrac_game_by_taps_alone(browser: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    data = example("hebrac-win")
    save_game(home, data, "g", 0)
    copy = tmp_path / "copy"
    save_game(copy, data, "g", 0)
    with Server(home, "--players-act") as server:
        phone = Phone(browser, server.act)
        try:
            keystrokes = 0
            for number, line in enumerate(data["actions"], 1):
                words = line.split()[1:]
                cards = {w: hebrac_card(w) for w in words if not (w[0] in "ABCD" and
                                                                 w[1:].isdigit())}
                tap_line(phone, line, cards)
                expected = companion(copy, "--plain", "hebrac", *line.split())
                assert phone.answer() == expected.stdout.splitlines(), line
                phone.until(f"document.body.dataset.actions === '{number}'")
                keystrokes += len(line) + 1
            assert Store(home).read("g").actions == data["actions"]
            phone.until("document.querySelector('#turn').textContent === 'Game over'")
            assert phone.taps < keystrokes, (phone.taps, keystrokes)
        finally:
            phone.close()
        server.stop()


# Each size once and each scheme once (a server and two phones a case): the end screen
# and the contrast tests below take every pairing.
@pytest.mark.parametrize(("size", "scheme"), list(zip(SIZES, SCHEMES, strict=True)))
def test_a_tricky_trick_by_taps_and_whose_turn_at_a_glance(
        browser: Any, tricky_home: Path, size: tuple[int, int], scheme: str) -> None:
    with Server(tricky_home, "--players-act") as server:
        phone = Phone(browser, server.player("Bo"), size, scheme)
        watching = Phone(browser, server.view, size, scheme)
        try:
            for page in (phone, watching):
                assert page.page.inner_text("#turn") == (
                    "Bo leads trick 2 \u00b7 Bo is active (Nymph)")
            assert phone.page.eval_on_selector_all(
                "#pad .verbs button.now", "bs => bs.map(b => b.textContent)") == ["trick"]
            line = "trick R7 R6 R0 R2"  # the example's next trick
            cards = {w: (w[0], w[1:]) for w in line.split()[1:]}
            copy = tricky_home.parent / "copy"
            save_game(copy, example("tricky-4p"), "t", 10)
            expected = companion(copy, "--plain", "tricky", *line.split())
            tap_line(phone, line, cards)
            assert phone.answer() == expected.stdout.splitlines()
            assert phone.taps == 1 + 1 + 4 + 1  # the verb, the colour, four values, Do
            assert phone.taps < len("t r7 r6 r0 r2") + 1  # the shell's keys, Enter too
            watching.until("document.body.dataset.actions === '11'")
            watching.until("document.querySelector('#news').textContent.startsWith("
                           f"'Bo: {line}')")
            assert f"Bo: {line}" in watching.page.inner_text("#rulings")
            for page in (phone, watching):
                assert page.page.evaluate("document.documentElement.scrollWidth") <= size[0]
        finally:
            phone.close()
            watching.close()
        server.stop()


def test_undo_asks_first_and_every_page_says_who_undid_what(browser: Any,
                                                            tricky_home: Path) -> None:
    with Server(tricky_home, "--players-act") as server:
        phone = Phone(browser, server.player("Cy"))
        watching = Phone(browser, server.view)
        try:
            phone.tap("#undo")
            assert "Undo trick" in phone.page.inner_text("#undo")
            assert "Tap again" in phone.page.inner_text("#undo")
            phone.page.wait_for_timeout(300)
            assert len(Store(tricky_home).read("t").actions) == 10  # asked, not done
            phone.tap("#undo")
            assert phone.answer()[0].startswith("Undone: ")
            undone = phone.answer()[0][len("Undone: "):]
            watching.until("document.body.dataset.actions === '9'")
            watching.until(f"document.querySelector('#news').textContent.startsWith("
                           f"'Cy undid: {undone}')")
            # A first tap left alone is forgotten: nothing is undone by a later single tap.
            phone.tap("#undo")
            phone.page.wait_for_timeout(5300)
            assert phone.page.inner_text("#undo") == "Undo"
            phone.tap("#undo")
            phone.page.wait_for_timeout(300)
            assert len(Store(tricky_home).read("t").actions) == 9
        finally:
            phone.close()
            watching.close()
        server.stop()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("size", SIZES)
def test_the_end_screen_of_a_4_player_game_fits_and_names_the_winner(
        browser: Any, shown: Shown, size: tuple[int, int], scheme: str) -> None:
    server = shown("tricky-4p", None)
    assert Store(server.home).read("g").actions
    phone = Phone(browser, server.view, size, scheme)
    try:
        page = phone.page
        assert page.is_visible("#end") and page.inner_text("#turn") == "Game over"
        assert "\u2605 Cy" in page.inner_text("#end .winner-name")
        rows = page.eval_on_selector_all(
            "#end .standings tr[data-player]",
            "rs => rs.map(r => [r.dataset.player, r.className, r.cells[0].textContent])")
        assert rows[0] == ["Cy", "first", "1"]
        assert [r[0] for r in rows[1:]] == ["Di", "Ann", "Bo"]
        assert "win" in (page.get_attribute("#end .over", "class") or "")
        assert page.evaluate("document.querySelectorAll('.tag').length") == \
            page.evaluate("[...document.querySelectorAll('.tag')].filter("
                          "t => t.textContent === 'wins').length")  # no 'active next'
        width = size[0]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        right = page.evaluate("Math.max(...[...document.querySelectorAll("
                              "'.rounds th, .rounds td, .standings td')].map("
                              "c => c.getBoundingClientRect().right))")
        assert right <= width
    finally:
        phone.close()


def test_a_lost_game_is_not_shown_as_a_success(browser: Any, shown: Shown) -> None:
    phone = Phone(browser, shown("hebrac-death", None, "--players-act").view)
    try:
        over = phone.page.get_attribute("#end .over", "class") or ""
        assert "loss" in over and "win" not in over.split()
        assert "lost" in phone.page.inner_text("#end .over")
    finally:
        phone.close()


CONTRAST = """() => {
  function rgb(text) {
    const m = text.match(/[\\d.]+/g).map(Number);
    return m.length > 3 ? m : [...m, 1];
  }
  function lum(c) {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  function back(node) {  // the first ancestor's background that is painted
    for (let n = node; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return rgb(getComputedStyle(document.body).backgroundColor);
  }
  const found = [];
  for (const node of document.querySelectorAll('body *')) {
    if (!node.getClientRects().length) continue;  // not shown
    const own = [...node.childNodes].some(c => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(node);
    const svg = node.namespaceURI.endsWith('svg') && style.fill !== 'none';
    const fg = rgb(svg ? style.fill : style.color);
    const a = lum(fg), b = lum(back(node));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) {
      found.push([node.tagName + '.' + node.className, node.textContent.slice(0, 30),
                  Math.round(ratio * 100) / 100]);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("game", [("tricky-4p", 10), ("tricky-4p", None),
                                  ("hebrac-spells", 8), ("hebrac-death", None),
                                  ("halfdeck-coop", 8), ("elbereth-bosses", 6)])
def test_every_text_has_a_contrast_of_at_least_4_5(browser: Any, shown: Shown,
                                                   scheme: str, game: tuple[str, int | None]
                                                   ) -> None:
    server = shown(*game, "--players-act")  # the verb tapped only opens the pad
    phone = Phone(browser, server.act, scheme=scheme)
    try:
        phone.page.evaluate("document.querySelector('#text-box').open = true")
        if phone.page.is_visible("#pad .verbs button"):
            phone.page.click("#pad .verbs button")
        assert phone.page.evaluate(CONTRAST) == []
    finally:
        phone.close()


MAP_COLUMNS = """() => [...document.querySelectorAll('.map tr:first-child th')].map(
  c => Math.round(c.getBoundingClientRect().width))"""

MARKERS_INSIDE = """() => {
  const items = [...document.querySelectorAll('#rulings li')];
  items[0].value = 1000;  // the widest number a long game reaches
  return items.map(li => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(li).font;
    probe.style.position = 'absolute';
    probe.textContent = li.value + '. ';
    document.body.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return li.getBoundingClientRect().left - width;
  });
}"""


@pytest.mark.parametrize("size", SIZES)
def test_map_columns_keep_their_width_and_ruling_numbers_stay_inside(
        browser: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    home = tmp_path / "home"
    data = example("hebrac-win")
    save_game(home, data, "g", 2)
    with Server(home) as server:
        phone = Phone(browser, server.view, size)
        try:
            before = phone.page.evaluate(MAP_COLUMNS)
            assert len(set(before[1:])) == 1  # every chamber column as wide as the others
            for number, line in enumerate(data["actions"][2:6], 3):
                assert companion(home, "hebrac", *line.split()).returncode == 0
                phone.until(f"document.body.dataset.actions === '{number}'")
                assert phone.page.evaluate(MAP_COLUMNS) == before, line
            assert min(phone.page.evaluate(MARKERS_INSIDE)) >= 0
        finally:
            phone.close()
        server.stop()

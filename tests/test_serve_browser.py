"""The live table in the real Chromium (Debian's /usr/bin/chromium, driven by Playwright).

Pages on 127.0.0.1 follow what the command line, the shell's commands and other pages
save, within a second; they recover when the server restarts; hostile text stays
text; two pages acting at once lose nothing. Outside CI the tests skip when Chromium
or Playwright is missing; in CI they fail instead (as ``tests/test_browser_sheets.py``).
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.store import Store
from tests.serve_helpers import Server, companion, example, save_game, wait_until
from tests.test_browser_sheets import CHROMIUM, need

LIVE_MS = 1000  # an action saved shows on every page within a second


def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright (skipped, or failed in CI, when missing)."""
    need(Path(CHROMIUM).exists(), "Chromium (/usr/bin/chromium)")
    need(importlib.util.find_spec("playwright") is not None, "Playwright (pip install playwright)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, timeout=60_000,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--disable-background-networking"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


class Page:
    """One phone: a browser context of its own (its own connections) and its page."""

    def __init__(self, browser: Any, link: str) -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844})
        self.page = self.context.new_page()
        self.dialogs: list[str] = []
        self.console: list[str] = []
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message),
                                               dialog.dismiss()))
        self.page.on("console", lambda message: self.console.append(message.text))
        self.response = self.page.goto(link, timeout=20_000)
        self.live()

    def actions(self) -> int:
        return int(self.page.evaluate("document.body.dataset.actions"))

    def until(self, expression: str, timeout: int = LIVE_MS) -> float:
        """Seconds until ``expression`` is true in the page (at most ``timeout`` ms).
        Asked from here every 10 ms: the page's policy forbids what Playwright's own
        waiting evaluates inside it."""
        return wait_until(lambda: bool(self.page.evaluate(expression)), timeout / 1000,
                          step=0.01)

    def shows(self, actions: int, timeout: int = LIVE_MS) -> None:
        """Wait until the page shows a game of ``actions`` actions."""
        self.until(f"document.body.dataset.actions === '{actions}'", timeout)

    def live(self, timeout: int = 10_000) -> None:
        self.until("document.querySelector('#conn').className === 'conn live'", timeout)

    def text(self, selector: str) -> str:
        return str(self.page.inner_text(selector))

    def type(self, line: str) -> None:
        self.page.fill("#line", line)
        self.page.press("#line", "Enter")

    def answer(self, timeout: int = 20_000) -> list[str]:
        self.until("document.querySelector('#answer').textContent.split('\\n').length > 1"
                   " && !document.querySelector('#act button').disabled", timeout)
        return self.text("#answer").split("\n")[1:]

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def tricky_home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    return home


def gold(page: Page) -> dict[str, str]:
    found = page.page.eval_on_selector_all(
        ".player", "boxes => boxes.map(b => [b.dataset.player, b.querySelector('.gold')"
                   ".textContent])")
    return dict(found)


def test_every_page_follows_every_save_within_a_second(browser: Any, tricky_home: Path,
                                                       tmp_path: Path) -> None:
    with Server(tricky_home, "--players-act") as server:
        watching, playing = Page(browser, server.view), Page(browser, server.act)
        try:
            assert watching.text("#title") == "t" and watching.actions() == 10
            status = json.loads(companion(tricky_home, "tricky", "status", "--json").stdout)
            assert gold(watching) == {p: str(g) for p, g in status["scores"].items()}
            assert watching.page.is_hidden("#act") and playing.page.is_visible("#act")
            # A one-shot command, then its undo.
            assert companion(tricky_home, "tricky", "trick", "R7", "R6", "R0", "R2").returncode == 0
            for page in (watching, playing):
                page.shows(11)
            assert "trick R7 R6 R0 R2" in watching.text("#rulings")
            assert companion(tricky_home, "tricky", "undo").returncode == 0
            for page in (watching, playing):
                page.shows(10)
            # From a page: the shell's own answer, and the other page follows.
            copy = tmp_path / "copy"
            save_game(copy, example("tricky-4p"), "t", 10)
            refused = companion(copy, "tricky", "trick", "R7", "R7", "R7", "R7")
            expected = companion(copy, "--plain", "tricky", "trick", "R7", "R6", "R0", "R2")
            playing.type("t R7 R6 R0 R2")
            assert playing.answer() == expected.stdout.splitlines()
            watching.shows(11)
            playing.page.click("#undo")  # asks first
            playing.page.click("#undo")
            assert playing.answer()[0] == "Undone: trick R7 R6 R0 R2"
            watching.shows(10)
            # Refused: the same error line, nothing changes.
            playing.type("t R7 R7 R7 R7")
            assert playing.answer() == refused.stderr.splitlines()
            assert "bad" in (playing.page.get_attribute("#answer", "class") or "")
            # An import makes another game current: the pages stay on the game served.
            elbereth = Path(__file__).parent.parent / "examples" / "elbereth-win.toml"
            assert companion(tricky_home, "import", str(elbereth)).returncode == 0
            assert companion(tricky_home, "tricky", "note", "still t", "--game",
                             "t").returncode == 0
            for page in (watching, playing):
                page.until("[...document.querySelectorAll('#notes li')].some("
                           "i => i.textContent === 'still t')")
                assert page.text("#title") == "t"
            assert not watching.dialogs and not [c for c in watching.console if "Refused" in c]
        finally:
            watching.close()
            playing.close()
        server.stop()


def test_hostile_text_is_shown_as_text(browser: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    save_game(home, example("tricky-4p"), "t", 10)
    hostile = ['<img src=x onerror="window.pwned=1;alert(1)">',
               "\"quotes' & </script><script>window.pwned=2</script>",
               "<svg onload=alert(3)> \u05d0\u05d1\u05d9 \u0645\u0631\u062d\u0628\u0627 ltr"]
    for note in hostile:
        assert companion(home, "tricky", "note", note).returncode == 0
    assert companion(home, "tricky", "new", "Ann", "\u05d0\u05d1\u05d9", "--name",
                     "rtl").returncode == 0
    assert companion(home, "games", "use", "t").returncode == 0
    with Server(home, "--players-act") as server:
        page = Page(browser, server.act)
        try:
            notes = page.page.eval_on_selector_all("#notes li", "items => items.map("
                                                   "i => i.textContent)")
            assert notes[-3:] == hostile
            assert page.page.evaluate("document.querySelectorAll('img, #notes svg, "
                                      "main script').length") == 0
            assert page.page.evaluate("window.pwned") is None and not page.dialogs
            # A direction mark typed on the page is refused as the shell refuses it.
            page.type("note \u202eevil")
            refused = companion(home, "tricky", "note", "\u202eevil")
            assert page.answer() == refused.stderr.splitlines() and refused.returncode == 2
        finally:
            page.close()
        server.stop()
    with Server(home, "--game", "rtl") as server:
        page = Page(browser, server.view)
        try:
            assert page.text("#title") == "rtl" and "\u05d0\u05d1\u05d9" in gold(page)
        finally:
            page.close()
        server.stop()


def test_a_wrong_secret_gets_the_plain_404(browser: Any, tricky_home: Path) -> None:
    with Server(tricky_home) as server:
        base, secret = server.view.rsplit("/", 1)
        context = browser.new_context()
        try:
            page = context.new_page()
            other = secret[:-1] + ("B" if secret.endswith("A") else "A")
            for link in (base + "/" + other, base + "/", base + "/x/events"):
                response = page.goto(link)
                assert response.status == 404 and page.inner_text("body") == "Not Found"
        finally:
            context.close()
        server.stop()


def test_a_page_says_it_is_reconnecting_and_recovers_after_a_restart(
        browser: Any, tricky_home: Path) -> None:
    server = Server(tricky_home)
    page = Page(browser, server.view)
    try:
        assert server.stop()[0] == 0
        page.until("document.querySelector('#conn').textContent === 'reconnecting...'", 5000)
        assert page.page.is_visible("#stale") and "may have changed" in page.text("#stale")
        assert companion(tricky_home, "tricky", "trick", "R7", "R6", "R0", "R2").returncode == 0
        assert page.actions() == 10  # still the old state, and it says so
        with Server(tricky_home, port=server.port) as again:
            page.shows(11, timeout=10_000)
            page.live(5000)
            assert page.page.is_hidden("#stale")
            assert companion(tricky_home, "tricky", "undo").returncode == 0
            page.shows(10)
            again.stop()
    finally:
        page.close()
        server.stop()


def test_two_pages_acting_at_once_lose_nothing(browser: Any, tricky_home: Path) -> None:
    with Server(tricky_home, "--players-act") as server:
        pages = [Page(browser, server.act) for _ in range(2)]
        try:
            notes = ["from the first phone", "from the second phone"]
            for page, note in zip(pages, notes, strict=True):
                page.page.fill("#line", f"note '{note}'")
            for page in pages:  # both sent before either answers
                page.page.dispatch_event("#act", "submit")
            for page in pages:
                assert page.answer() == ["Noted."]
            saved = Store(tricky_home).read("t").notes
            assert set(notes) <= set(saved)
            for page in pages:
                wait_until(lambda page=page: set(notes) <= set(page.page.eval_on_selector_all(
                    "#notes li", "items => items.map(i => i.textContent)")), 2.0)
        finally:
            for page in pages:
                page.close()
        server.stop()


def test_the_page_loads_nothing_and_breaks_no_policy(browser: Any, tricky_home: Path) -> None:
    with Server(tricky_home) as server:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            page = context.new_page()
            asked: list[str] = []
            problems: list[str] = []
            page.on("request", lambda req: asked.append(req.url))
            page.on("console", lambda message: problems.append(message.text)
                    if message.type in ("error", "warning") else None)
            page.goto(server.view)
            wait_until(lambda: page.evaluate("document.querySelector('#conn').className")
                       == "conn live", 10)
            time.sleep(0.3)
            assert all(url.startswith(server.view) or url.endswith("/favicon.ico")
                       for url in asked), asked
            assert not [p for p in problems if "Content Security Policy" in p], problems
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390  # a phone held upright: nothing wider than the screen
        finally:
            context.close()
        server.stop()

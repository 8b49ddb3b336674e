"""companion serve: the live table, a web page of the game for every phone at the table.
Starlette and uvicorn are imported on this path only (``companion.serve``); in the
shell it serves beside the prompt until ``serve stop``.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from typer import Option

from companion.cli.main import fail
from companion.cli.options import whole
from companion.cli.output import blocks_allowed, echo, echo_lines, is_terminal
from companion.cli.share import fitted, say
from companion.current import read_pointer
from companion.errors import BadInput, GameNotFound
from companion.kinds import kind_info
from companion.serve.links import DEFAULT_PORT, check_host, game_links, links, player_secret, url

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.serve.app import Serving

# The server running beside the shell's prompt, if any (one per process).
_beside: Serving | None = None
_in_shell = False


def serve(
    games: Annotated[list[str] | None, Option(
        "--game", "-g", help="Serve this saved game, else the current one (repeat it "
                             "for several, one link each). A game started later is not "
                             "shown.", metavar="NAME")] = None,
    host: Annotated[str | None, Option(
        "--host", help="The address to listen on (default: this device's address on "
                       "the local network).", metavar="ADDRESS")] = None,
    port: Annotated[int, Option("--port", help="The port to listen on (0: any free one).",
            parser=whole("--port"))]
    = DEFAULT_PORT,
    players_act: Annotated[bool, Option(
        "--players-act", help="Players may act from their phones too (their links: "
                              "--act-links).")]
    = False,
    new_links: Annotated[bool, Option(
        "--new-links", help="New secret links: the old ones stop working.")] = False,
    act_links: Annotated[bool, Option(
        "--act-links", help="Only print the links that act (the host's, then each "
                            "player's), one screen each; serve nothing.")] = False,
) -> None:
    """Show the game live: on every phone at the table (a web page on the local network)."""
    from companion.serve.links import lan_address  # looked up now: tests stand in for it
    from companion.store import Store, check_name

    if host is None and not act_links and not (is_terminal(sys.stdin)
                                               and is_terminal(sys.stdout)):
        raise BadInput("not run from a terminal: name the address to listen on with --host "
                       "(127.0.0.1 for this device only)")
    if not 0 <= port <= 65535:
        raise BadInput(f"--port takes 0 to 65535, not {port}")
    address = check_host(host) if host is not None else _default_host(lan_address())
    store = Store()
    shown = list(dict.fromkeys(games or ()))
    for name in shown:
        check_name(name)
    if not shown:
        current = read_pointer(store.home)
        if current is None or not store.exists(current):
            raise GameNotFound("no current game: start one (e.g. 'companion tricky new Ann "
                               "Bo'), or pass --game NAME")
        shown = [current]
    # An unknown or unreadable game fails here, before anything runs.
    kinds = [store.kind(name) for name in shown]
    found = links(store.home, renew=new_links)
    # One game keeps the table's own links; several have one pair each.
    each = [found] if len(shown) == 1 else [game_links(found, name) for name in shown]
    if act_links:
        for number, (name, its) in enumerate(zip(shown, each, strict=True)):
            if number:
                echo("")
            _act_screens(store.home, name, address, port, its.act)
        return
    from companion.serve.app import Serving, Table, listen

    sock = listen(address, port)
    try:
        # The games it was started for, pinned: a game started later moves no phone.
        serving = Serving([Table(store.home, name, its, players_act)
                           for name, its in zip(shown, each, strict=True)], sock)
        # What is served, its QR code and link (with the ending, within one 30-line screen
        # at 40 columns for one game); the act links never: --act-links prints them apart.
        for number, (name, kind, its) in enumerate(zip(shown, kinds, each, strict=True)):
            if number:
                echo("")
            say(f"Serving {name} ({kind_info(kind).title}).", "  ")
            _show_link(url(address, serving.port, its.view), "Scan to watch, or open this link:")
        _ending(address, serving.port, players_act, host is not None)
    except BaseException:
        sock.close()
        raise
    if _in_shell:
        global _beside
        serving.start()
        _beside = serving
        return
    with contextlib.suppress(KeyboardInterrupt):
        serving.run()
    echo("Stopped serving; the games are as saved.")


def _ending(address: str, port: int, players_act: bool, named: bool) -> None:
    """Who may act and how it stops."""
    if players_act:
        asked = f" --host {address}" if named else ""
        say(f"Players may act: 'companion serve --act-links{asked} --port {port}' shows "
            "their links.", "  ")
    where = "this device only" if address.startswith("127.") or address == "::1" else \
        "the local network"
    say(f"Listening on {address} port {port} ({where}). " +
        ("'serve stop' stops it." if _in_shell else "Ctrl-C stops it."), "  ")
    sys.stdout.flush()


def _act_screens(home: Path, shown: str, address: str, port: int, act: str) -> None:
    """The act links, one screen each: the host's, then each player's (a page opened
    with a player's link names the player in the log)."""
    from companion.serve.state import build, players

    names = players(build(home, shown))
    say(f"Act links of {shown}; the server must run with --players-act. Keep them "
        "from anyone not playing.", "  ")
    echo("")
    _show_link(url(address, port, act), "The host acts with:")
    for name in names:
        echo("")
        _show_link(url(address, port, player_secret(act, name)), f"{name} acts with:")
    sys.stdout.flush()


def _default_host(found: str) -> str:
    try:
        return check_host(found)
    except BadInput:
        raise BadInput(f"this device's address {found} is reached from the internet, not a "
                       "local network: join the table's Wi-Fi or hotspot, or pass --host") from None


def _show_link(link: str, intro: str) -> None:
    """The QR code of ``link`` within the screen's width, then the link on a line of its
    own, whole (a terminal narrower than it wraps it; a copy is still the link)."""
    from companion.sheets.qr import ascii_lines, half_block_lines

    qr, quiet = fitted(link)
    say(intro, "  ")
    if quiet is not None:
        draw = half_block_lines if blocks_allowed() else ascii_lines
        echo_lines(draw(qr, quiet=quiet))
    else:
        say(f"(the QR code needs {qr.columns(1)} columns: type the link)", "  ")
    echo(link)


# -- in the shell -----------------------------------------------------------------------
def in_shell(words: list[str], run: Callable[[list[str]], int]) -> int:
    """The shell's ``serve`` line: start the server beside the prompt (the same command
    and options as ``companion serve``, run by the shell's ``run``), or ``serve stop``."""
    global _in_shell
    if words and words[0].lower() == "stop":
        if len(words) > 1:
            return fail("'serve stop' takes nothing more", 2)
        echo("Stopped serving." if stop_beside() else "Not serving: 'serve' starts it.")
        return 0
    if _beside is not None and _beside.alive() and "--act-links" not in words:
        echo("Already serving: 'serve stop' stops it first.")
        return 0
    if _beside is not None and _beside.failure is not None:
        echo(f"(the last server stopped: {type(_beside.failure).__name__})")
    _in_shell = True
    try:
        return run(["serve", *words])
    finally:
        _in_shell = False


def stop_beside() -> bool:
    """Stop the server running beside the shell; whether there was one."""
    global _beside
    running, _beside = _beside, None
    if running is None or not running.alive():
        return False
    running.stop()
    return True

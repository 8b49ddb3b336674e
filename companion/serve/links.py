"""The table's secret links and the address it listens on.

A link is ``http://ADDRESS:PORT/SECRET``: the secret (128 random bits,
``secrets.token_urlsafe(16)``) is the only way in, so a page that scanned
the QR code keeps working when the server is restarted: the two secrets
(view, act) are kept in the data folder (``serve-links``, a private file of
this user, read only while it stays one) until ``--new-links``.
"""

from __future__ import annotations

import base64
import hmac
import ipaddress
import re
import secrets
import socket
from pathlib import Path

from companion import safefile
from companion.errors import BadInput, DataProblem
from companion.values import Value

LINKS_FILE = "serve-links"
SECRET_BYTES = 16  # 128 bits
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,86}")
_MAX_FILE = 512
# Any address off this machine's own networks: connect() on a UDP socket only asks the
# routing table which address would be used (nothing is sent). TEST-NET-1 is never routed.
_PROBE = ("192.0.2.1", 9)
DEFAULT_PORT = 8765


class Links(Value):
    view: str
    act: str


def links(home: Path, *, renew: bool = False) -> Links:
    """The secrets kept in ``home``: made on first use, and anew with ``renew`` (the old
    links stop working)."""
    path = home / LINKS_FILE
    found = None if renew else _read(path)
    if found is not None:
        return found
    fresh = Links(secrets.token_urlsafe(SECRET_BYTES), secrets.token_urlsafe(SECRET_BYTES))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # a private file from the start: never a moment readable by others
        safefile.replace(path, f"view {fresh.view}\nact {fresh.act}\n".encode("ascii"),
                         suffix="links", mode=0o600)
    except OSError as error:
        raise DataProblem(f"cannot keep the table's links in {path}: "
                          f"{error.strerror or error}") from None
    return fresh


def _read(path: Path) -> Links | None:
    """The kept links, or None when missing or not to be trusted (not a private regular
    file of this user, or not what ``links`` writes): then new ones are made."""
    try:
        data = safefile.read_bytes(path, _MAX_FILE, private=True)
        words = dict(line.split(" ", 1) for line in data.decode("ascii").splitlines())
    except (FileNotFoundError, DataProblem, UnicodeDecodeError, ValueError):
        return None
    view, act = words.get("view", ""), words.get("act", "")
    if not (_TOKEN.fullmatch(view) and _TOKEN.fullmatch(act)) or view == act:
        return None
    return Links(view, act)


def player_secret(act: str, player: str) -> str:
    """A player's own act secret: derived from the act secret and the name (so it needs
    no file of its own, ends with ``--new-links`` and tells nothing of the others)."""
    return _derived(act, b"player\0" + player.encode("utf-8"))


def game_links(found: Links, game: str) -> Links:
    """The links of one of several games served at once: derived as a player's are, from
    the table's two secrets and the game's name."""
    what = b"game\0" + game.encode("utf-8")
    return Links(_derived(found.view, what), _derived(found.act, what))


def _derived(secret: str, what: bytes) -> str:
    digest = hmac.new(secret.encode("ascii"), what, "sha256").digest()[:SECRET_BYTES]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def same(typed: str, secret: str) -> bool:
    """Whether the path's word is ``secret``, compared in constant time."""
    return hmac.compare_digest(typed.encode("utf-8", "surrogateescape"),
                               secret.encode("ascii"))


# -- the address ------------------------------------------------------------------------
def lan_address() -> str:
    """This device's address on the local network (the one its default route uses),
    found without sending anything; 127.0.0.1 when there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found = str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    return found if found and found != "0.0.0.0" else "127.0.0.1"


def check_host(host: str) -> str:
    """``host`` as an address to listen on: an IP address of this device on a local
    network (private, link-local, shared or loopback), never every address at once nor
    one the internet routes."""
    try:
        address = ipaddress.ip_address(host.strip().strip("[]"))
    except ValueError:
        raise BadInput(f"--host takes an IP address like 192.168.1.20 or 127.0.0.1, not "
                       f"{host[:60]!r}") from None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # ::ffff:a.b.c.d listens on a.b.c.d: judged as that
    if address.is_unspecified or address.is_multicast:
        raise BadInput(f"{address} is not one address: the table listens on one address "
                       "of the local network (see 'ip addr', or leave out --host)")
    if address.is_global:
        raise BadInput(f"{address} is reached from the internet: the table listens on the "
                       "local network only (a Wi-Fi or hotspot address, or 127.0.0.1)")
    return str(address)


def url(host: str, port: int, secret: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{secret}"

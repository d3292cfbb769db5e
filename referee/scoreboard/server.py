"""Running the scoreboard: a socket bound where asked, uvicorn serving the app on it, in the
foreground (``referee serve``) or in a thread beside the table prompt (``referee table --share``).

Where it listens decides who can open the page, and :func:`announcement` says so: on this machine
only (127.0.0.1, the default), the link is for this machine's browser and no QR code is printed (a
phone could not open it); on every network of the machine (``--host 0.0.0.0``), the link and QR code
carry the machine's address on its network, and everyone there who has the link sees the page.

Against a hostile network it relies on uvicorn's own limits: at most :func:`connection_limits`
connections at once, taken from the kernel's queue a few at a time (both from the open-file limit,
so a flood of connections is refused before the process runs out of files, and the phones already
connected keep their updates); a connection that
has not sent its request's headers within :data:`HEADER_SECONDS` of connecting (or of its last
answer) is closed; idle keep-alive connections close after :data:`KEEP_ALIVE_SECONDS`; headers over
:data:`MAX_HEADER_BYTES` are refused; no ``server`` header.
"""

from __future__ import annotations

import io
import ipaddress
import resource
import socket
import threading
from dataclasses import dataclass
from typing import Any, Final

from referee.errors import InputError
from referee.scoreboard.app import Board, create_app
from referee.scoreboard.token import secret_key, session_token
from referee.store import chain

#: a table's phones, with room to spare: more connections at once are refused
MAX_CONNECTIONS: Final = 256
#: files the process keeps for itself (the database, its journal, pipes) below the open-file limit
RESERVED_FILES: Final = 64
HEADER_SECONDS: Final = 10
KEEP_ALIVE_SECONDS: Final = 5
MAX_HEADER_BYTES: Final = 8192
#: an address outside this machine, only for asking the kernel which of the machine's addresses a
#: route out would leave from: connecting a UDP socket sends nothing (udp(7)), and nothing is sent on it
_ROUTE_PROBE: Final = ("192.0.2.1", 9)


def connection_limits() -> tuple[int, int]:
    """``(connections, backlog)``: how many connections the server holds at once, and how many it
    takes from the kernel's queue in one go (asyncio accepts up to ``backlog`` before a connection
    over the limit is closed, a few rounds of them at a time): :data:`MAX_CONNECTIONS` and 64, or
    fewer when the open-file limit leaves fewer files beside :data:`RESERVED_FILES`."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS, 64
    backlog = max(8, min(64, soft // 16))
    return max(8, min(MAX_CONNECTIONS, soft - RESERVED_FILES - 4 * backlog)), backlog


def _protocol() -> type:
    """uvicorn's h11 protocol, refusing connections over its ``limit_concurrency`` as they come and
    closing a connection whose request does not come within :data:`HEADER_SECONDS`."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Protocol(H11Protocol):  # type: ignore[misc]
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._deadline: Any = None
            if self.limit_concurrency is not None and len(self.connections) >= self.limit_concurrency:
                transport.abort()  # refused: the open files are kept for the phones already here
                return
            self._await_request()

        def _await_request(self) -> None:
            self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow, self.cycle)

        def _too_slow(self, cycle: Any) -> None:
            if self.cycle is cycle and not self.transport.is_closing():  # no request begun since
                self.transport.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._deadline is not None:
                self._deadline.cancel()
            if not self.transport.is_closing():
                self._await_request()

        def connection_lost(self, exc: Exception | None) -> None:
            if getattr(self, "_deadline", None) is not None:
                self._deadline.cancel()
            super().connection_lost(exc)

    return Protocol


@dataclass
class Scoreboard:
    """A bound scoreboard, ready to serve: its socket, its app, the URLs that reach it, and whether a
    phone on the network can open the first of them."""

    sock: socket.socket
    app: Any
    urls: tuple[str, ...]
    host: str
    for_phones: bool
    server: Any = None

    def serve(self) -> None:
        """Serve until stopped (Ctrl-C in the foreground; :meth:`stop` from another thread)."""
        import uvicorn  # uvicorn loads only for referee serve

        cap, backlog = connection_limits()
        config = uvicorn.Config(self.app, log_level="error", access_log=False, lifespan="on",
                                timeout_graceful_shutdown=1, http=_protocol(), server_header=False,
                                limit_concurrency=cap + 1, backlog=backlog, timeout_keep_alive=KEEP_ALIVE_SECONDS,
                                h11_max_incomplete_event_size=MAX_HEADER_BYTES)
        self.server = uvicorn.Server(config)
        self.server.run(sockets=[self.sock])

    def start_in_thread(self) -> threading.Thread:
        thread = threading.Thread(target=self.serve, name="scoreboard", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's address on its network (the one a route out leaves from), or None when it has
    none but loopback.  Nothing is sent: a UDP socket is connected (which only picks the route) and
    asked its own address, which is then checked to be one of this machine's by binding to it."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, family=socket.AF_INET)]
    except OSError:
        pass
    for address in found:
        if _is_loopback(address) or ipaddress.ip_address(address).is_unspecified:
            continue
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as mine:
                mine.bind((address, 0))  # only an address of this machine binds
        except OSError:
            continue
        return address
    return None


def _url(address: str, port: int, session_id: int | str, token: str) -> str:
    """The page's link: ``session_id`` a session's number, or ``"season"`` for a season's page."""
    where = f"s/{session_id}" if isinstance(session_id, int) else session_id
    return f"http://{address if ':' not in address else f'[{address}]'}:{port}/{where}/{token}/"


def bind(store: Any, session_id: int, host: str = "127.0.0.1", port: int = 8765) -> Scoreboard:
    """Bind the scoreboard of session ``session_id`` (which must exist) to ``host:port``."""
    session = store.session(session_id)  # a session that does not exist: the store's own one-line error
    key = secret_key()  # before binding: a refused key file leaves no socket behind
    token = session_token(session_id, chain.genesis_hash(session), key)
    sock = _listen(host, port)
    urls, for_phones = reach(host, sock.getsockname()[1], session_id, token)
    return Scoreboard(sock, create_app(Board(store, session_id, token)), urls, host, for_phones)


def bind_season(store: Any, season: Any, host: str = "127.0.0.1", port: int = 8765) -> Scoreboard:
    """Bind the read-only page of ``season`` (a named season of the store) to ``host:port``: its
    league table and each player's page, behind a read token as a session's page is."""
    from referee.scoreboard.season import create_season_app
    from referee.scoreboard.token import season_token
    from referee.store.tables import name_key

    token = season_token(name_key(season.name), season.created_at.isoformat(), secret_key())
    sock = _listen(host, port)
    urls, for_phones = reach(host, sock.getsockname()[1], "season", token)
    return Scoreboard(sock, create_season_app(store, season.name, token), urls, host, for_phones)


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` for the scoreboard; InputError when it cannot."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {err.strerror or err}",
                         hint="pick another --port (0: any free one), or --host an address of this machine") from None
    sock.listen(connection_limits()[1])
    sock.setblocking(False)
    return sock


def reach(host: str, port: int, session_id: int | str, token: str) -> tuple[tuple[str, ...], bool]:
    """The links to a page served on ``host:port`` (the one a phone can open first), and whether a
    phone on the network can open the first: listening on every network, the machine's address there
    (:func:`lan_address`) and then this machine's own."""
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        addresses = [a for a in (lan, "::1" if host == "::" else "127.0.0.1") if a]
        return tuple(_url(a, port, session_id, token) for a in addresses), lan is not None
    return (_url(host, port, session_id, token),), not _is_loopback(host)


def announcement(board: Scoreboard, qr: bool = True) -> list[str]:
    """What ``serve`` and ``table --share`` print: where the page can be opened, and by whom (a QR
    code only of a link a phone can open)."""
    if board.for_phones:
        lines = ["Open on a phone on this machine's network:", f"  {board.urls[0]}"]
        if qr:
            lines.append(qr_text(board.urls[0]))
        lines += [f"  {url}   (on this machine)" for url in board.urls[1:]]
        if board.host in ("0.0.0.0", "::", ""):
            lines.append("Listening on every network of this machine: everyone on the network who has the link "
                         "sees the page.")
        else:
            lines.append(f"Listening on {board.host}: everyone on its network who has the link sees the page.")
        return lines
    if board.host in ("0.0.0.0", "::", ""):
        why = ("This machine has no network address but its own (127.0.0.1): no phone can open the page. "
               "Join the table's Wi-Fi, then start again.")
    else:
        why = (f"Listening on this machine only ({board.host}): a phone cannot open this link. For the players' "
               f"phones: --host 0.0.0.0 (everyone on the network who has the link sees the page).")
    return ["Open in this machine's browser:", *(f"  {url}" for url in board.urls), why]


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with block characters, for a phone's camera."""
    import segno  # segno loads only for referee serve's QR code

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


__all__ = ["Scoreboard", "announcement", "bind", "bind_season", "reach", "connection_limits", "lan_address", "qr_text"]

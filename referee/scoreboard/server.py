"""Running the scoreboard: a socket bound where asked, uvicorn serving the app on it, in the
foreground (``referee serve``) or in a thread beside the table prompt (``referee table --share``)."""

from __future__ import annotations

import io
import socket
import threading
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError
from referee.scoreboard.app import Board, create_app
from referee.scoreboard.token import secret_key, session_token


@dataclass
class Scoreboard:
    """A bound scoreboard, ready to serve: its socket, its app and the URLs that reach it."""

    sock: socket.socket
    app: Any
    urls: tuple[str, ...]
    server: Any = None

    def serve(self) -> None:
        """Serve until stopped (Ctrl-C in the foreground; :meth:`stop` from another thread)."""
        import uvicorn  # uvicorn loads only for referee serve

        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="on",
                                timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.server.run(sockets=[self.sock])

    def start_in_thread(self) -> threading.Thread:
        thread = threading.Thread(target=self.serve, name="scoreboard", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True


def _addresses(host: str) -> list[str]:
    """The addresses a page can be reached at: ``host`` itself, or the machine's own for a wildcard."""
    if host not in ("0.0.0.0", "::", ""):
        return [host]
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, family=socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found or ["127.0.0.1"]


def bind(store: Any, session_id: int, host: str = "127.0.0.1", port: int = 8765) -> Scoreboard:
    """Bind the scoreboard of session ``session_id`` (which must exist) to ``host:port``."""
    store.session(session_id)  # a session that does not exist: the store's own one-line error
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port}: {err.strerror or err}",
                         hint="pick another --port (0: any free one), or --host an address of this machine") from None
    sock.listen(128)
    sock.setblocking(False)
    bound = sock.getsockname()[1]
    key = secret_key()
    token = session_token(session_id, key)
    urls = tuple(f"http://{a if ':' not in a else f'[{a}]'}:{bound}/s/{session_id}/{token}/" for a in _addresses(host))
    return Scoreboard(sock, create_app(Board(store, session_id, key)), urls)


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with block characters, for a phone's camera."""
    import segno  # segno loads only for referee serve's QR code

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


__all__ = ["Scoreboard", "bind", "qr_text"]

"""Real ``referee`` processes against a real database, and the ways a test makes them race or lose
their reply deterministically: a lock held from a second connection until every process waits on it
(:func:`waiting_for_lock`), and a proxy that cuts a connection after passing one message on to the
server, so that the server does what it was asked and the client never hears (:class:`CuttingProxy`)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

REFEREE = Path(sys.executable).parent / "referee"


def start(*args: str) -> subprocess.Popen[str]:
    """``referee ARGS…`` started, its output captured (REFEREE_DB from outside never used)."""
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"} | {"COLUMNS": "200"}
    return subprocess.Popen([str(REFEREE), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, stdin=subprocess.DEVNULL)


def finish(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Its exit code, standard output and standard error once it ends."""
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err


def run(*args: str) -> tuple[int, str, str]:
    return finish(start(*args))


def libpq(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg takes it."""
    return url.replace("postgresql+psycopg://", "postgresql://")


def waiting_for_lock(watch: object, count: int) -> list[int]:
    """The backends of this database waiting on a lock, once there are ``count`` of them (``watch``:
    a psycopg connection in autocommit)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        pids = [r[0] for r in watch.execute(  # type: ignore[attr-defined]
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' "
            "AND pid <> pg_backend_pid()")]
        if len(pids) == count:
            return pids
        time.sleep(0.05)
    raise AssertionError(f"{count} recorders never reached the append")


def appends_events(data: bytes, sent: list[bytes]) -> bool:
    """The statement that appends events (the one-round-trip append runs in autocommit)."""
    return b"INSERT INTO events" in data


def commits_appended_events(data: bytes, sent: list[bytes]) -> bool:
    """The COMMIT of a transaction that appended events: the server stores them, the reply is lost."""
    return b"COMMIT" in data and any(b"INSERT INTO events" in earlier for earlier in sent)


class CuttingProxy:
    """A TCP proxy in front of a PostgreSQL server that, when told (``cut_next``), passes the next
    message ``cut_at(data, sent before on that connection)`` picks on to the server and then cuts the
    connection without passing its answer back: the network gone after the server did it, before the
    client heard so."""

    def __init__(self, host: str, port: int, cut_at: Callable[[bytes, list[bytes]], bool] = appends_events) -> None:
        self.upstream = (host, port)
        self.cut_at = cut_at
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.cut_next = threading.Event()
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, url: str) -> str:
        """``url`` (of the server behind it) through this proxy."""
        from urllib.parse import urlsplit

        return url.replace(f":{urlsplit(url).port}/", f":{self.port}/")

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            cut = threading.Event()
            threading.Thread(target=self._pump, args=(client, server, cut, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, cut, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, cut: threading.Event, to_server: bool) -> None:
        sent: list[bytes] = []
        try:
            while data := source.recv(65536):
                if cut.is_set() and not to_server:
                    continue  # the server's answer, never passed on
                if to_server and self.cut_next.is_set() and self.cut_at(data, sent):
                    self.cut_next.clear()
                    cut.set()
                    sink.sendall(data)
                    time.sleep(0.5)  # the server does it (and commits)
                    self.cuts += 1
                    for end in (source, sink):
                        end.close()
                    return
                if to_server:
                    sent.append(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.close()
                except OSError:
                    pass

    def close(self) -> None:
        self.listener.close()

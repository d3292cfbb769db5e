"""A scripted recorder for the durability and race tests: it appends events to one hand of a
session in a loop and acknowledges each append on stdout once ``append_event`` has returned (the
event is committed by then).

    python recorder.py URL SESSION HAND NAME [--count N] [--expect] [--wait]
        appends N bets (0: until killed); ``--expect`` passes the last seq it saw, so an append
        that raced another is refused (a ``stale`` line) and entered again; ``--wait`` prints
        ``ready`` once connected and starts on a line from stdin (so two recorders start together).
    python recorder.py URL SESSION HAND NAME --serve
        a fork server for the SIGKILL test: on each ``go`` line from stdin it forks a child that
        prints ``pid PID`` and records until killed; then it prints ``reaped PID``.  Forking from a
        process that has imported everything and compiled its statements (one warm-up append, also
        acknowledged) keeps each of many kills cheap; each child drops the inherited connections
        (``engine.dispose(close=False)``, as SQLAlchemy advises after a fork) and connects anew.

Lines: ``ack SEQ[,SEQ…] TEXT`` (committed: a single event, or a batch of three all-or-none),
``stale NAME AMOUNT`` (refused: the log moved on), ``pid N``, ``reaped N``.
"""

from __future__ import annotations

import argparse
import os
import sys

from referee.engine.events import Bet
from referee.store.store import StaleLogError, Store, open_store


def say(line: str) -> None:
    """One line on stdout in one ``write``: a line to a pipe that short is written whole or not at all,
    so a child killed mid-line cannot leave half of one for the server's ``reaped`` to run on into.
    (``print`` writes the text and its newline apart when stdout is unbuffered, PYTHONUNBUFFERED=1.)"""
    os.write(sys.stdout.fileno(), f"{line}\n".encode())


def record(store: Store, session: int, hand: int, name: str, count: int, expect: bool) -> None:
    seen = store.last_seq(session) if expect else None
    n = 0
    while count == 0 or n < count:
        n += 1
        try:
            if n % 4 == 0:  # now and then a batch of three, which must be all or nothing
                items = [(Bet(name, n * 10 + i), f"{name}: bets {n * 10 + i} (batch {os.getpid()}-{n} {i}/3)") for i in (1, 2, 3)]
                rows = store.append_events(session, hand, items, expected_seq=seen)
            else:
                rows = [store.append_event(session, hand, Bet(name, n), text=f"{name}: bets {n}", expected_seq=seen)]
        except StaleLogError:
            say(f"stale {name} {n}")
            n -= 1
            seen = store.last_seq(session)
            continue
        if expect:
            seen = rows[-1].seq
        say(f"ack {','.join(str(r.seq) for r in rows)} {rows[0].text}")


def serve(store: Store, session: int, hand: int, name: str) -> None:
    record(store, session, hand, name, 1, False)  # warm-up: statements compiled before any fork
    for line in sys.stdin:
        if line.strip() != "go":
            continue
        pid = os.fork()
        if pid == 0:  # the child records until it is killed
            say(f"pid {os.getpid()}")
            try:
                store.engine.dispose(close=False)  # the parent's connections are not ours to use
                record(store, session, hand, name, 0, False)
            except BaseException as err:  # noqa: BLE001 - say why, for the test's log
                print(f"recorder child {os.getpid()} stopped: {err!r}", file=sys.stderr, flush=True)
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        say(f"reaped {pid} {status}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("session", type=int)
    parser.add_argument("hand", type=int)
    parser.add_argument("name")
    parser.add_argument("--count", type=int, default=0)
    parser.add_argument("--expect", action="store_true")
    parser.add_argument("--serve", action="store_true")
    parser.add_argument("--wait", action="store_true")
    args = parser.parse_args()
    with open_store(args.url, migrate=False) as store:
        if args.serve:
            serve(store, args.session, args.hand, args.name)
        else:
            if args.wait:
                store.last_seq(args.session)
                say("ready")
                sys.stdin.readline()
            record(store, args.session, args.hand, args.name, args.count, args.expect)


if __name__ == "__main__":
    main()

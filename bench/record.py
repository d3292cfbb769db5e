"""The cost of recording one action durably: ``Store.append_event`` next to the floor, a bare
insert-and-commit of a similar row on the same database, measured in the same run (median, p99).

    .venv/bin/python bench/record.py [--events 500]

SQLite: a fresh file in a temporary folder, WAL, the same ``synchronous`` setting the store's
connections get, against a bare ``sqlite3`` connection inserting a row of the same shape (a JSON
payload, two sha256 hashes) into a table with the same unique key, ``BEGIN IMMEDIATE`` … ``COMMIT``.

PostgreSQL, when there is a server: the one named by ``REFEREE_TEST_PG`` (a fresh database is made
on it and dropped), else a throwaway server started the way the tests start one (as the
``postgres`` user when run as root; tests/conftest.py) but with durable commits (the tests' server
runs without fsync).  The bare
floor is a psycopg connection inserting the same row and committing.

The table-prompt half (latency at ``referee table``) and the ``referee act`` cold start come
with the table mode.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 20


def figures(samples: list[float]) -> str:
    ms = sorted(x * 1000 for x in samples)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return f"{statistics.median(ms):7.3f} ms median  {p99:7.3f} ms p99"


def timed(n: int, one: Callable[[int], object]) -> list[float]:
    for i in range(WARM_UP):
        one(-1 - i)
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        one(i)
        out.append(time.perf_counter() - t0)
    return out


def row(i: int, prev: str) -> tuple[int, int, str, str, str, str, str, str]:
    """A row shaped like a stored event (seq, hand, kind, payload, text, created_at, prev, hash)."""
    payload = json.dumps({"player": "Ann", "amount": i % 7 + 1}, sort_keys=True)
    digest = hashlib.sha256((prev + payload).encode()).hexdigest()
    return (i + 1000, 1, "Bet", payload, f"Ann: bets {i % 7 + 1}", time.strftime("%Y-%m-%d %H:%M:%S"), prev, digest)


def store_appends(url: str, n: int) -> list[float]:
    from referee.engine.events import Bet
    from referee.store import SeatSpec, open_store

    with open_store(url) as store:
        session = store.new_session(table_name="Bench", rulebook="jackpots", chip_value_cents=25,
                                    seats=[SeatSpec(f"P{k}") for k in range(1, 7)])
        assert session.id is not None
        store.start_hand(session.id)
        samples = timed(n, lambda i: store.append_event(session.id, 1, Bet(f"P{i % 6 + 1}", i % 5 + 1),
                                                        text=f"P{i % 6 + 1}: bets {i % 5 + 1}"))
        assert store.verify_chain(session.id).ok
        return samples


BARE_TABLE = ("CREATE TABLE bare_events (id {pk}, session_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
              "hand_number INTEGER, kind VARCHAR(40) NOT NULL, payload {json} NOT NULL, text VARCHAR, "
              "created_at {time} NOT NULL, prev_hash VARCHAR(64) NOT NULL, hash VARCHAR(64) NOT NULL, "
              "UNIQUE (session_id, seq))")


def sqlite_floor(path: Path, n: int) -> tuple[list[float], str]:
    import sqlite3

    conn = sqlite3.connect(path, isolation_level=None)
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    conn.execute(BARE_TABLE.format(pk="INTEGER PRIMARY KEY", json="JSON", time="DATETIME"))
    prev = ["0" * 64]

    def one(i: int) -> None:
        values = row(i, prev[0])
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO bare_events (session_id, seq, hand_number, kind, payload, text, created_at, "
                     "prev_hash, hash) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)", values)
        conn.execute("COMMIT")
        prev[0] = values[-1]

    samples = timed(n, one)
    synchronous = conn.execute("PRAGMA synchronous").fetchone()[0]
    conn.close()
    return samples, f"journal {mode}, synchronous {synchronous}"


def sqlite_synchronous(url: str) -> int:
    from sqlalchemy import text

    from referee.store import open_store

    with open_store(url) as store, store.engine.connect() as conn:
        return int(conn.execute(text("PRAGMA synchronous")).scalar_one())


def postgres_floor(url: str, n: int) -> list[float]:
    import psycopg

    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn:
        conn.execute(BARE_TABLE.format(pk="SERIAL PRIMARY KEY", json="JSONB", time="TIMESTAMPTZ"))
        conn.commit()
        prev = ["0" * 64]

        def one(i: int) -> None:
            values = row(i, prev[0])
            conn.execute("INSERT INTO bare_events (session_id, seq, hand_number, kind, payload, text, created_at, "
                         "prev_hash, hash) VALUES (1, %s, %s, %s, %s, %s, %s, %s, %s)", values)
            conn.commit()
            prev[0] = values[-1]

        return timed(n, one)


@contextmanager
def postgres_server() -> Iterator[tuple[object, str] | None]:
    """(server, how it was found) for REFEREE_TEST_PG or a throwaway server; None if there is none."""
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        import conftest
    except ImportError as err:  # pytest is a test extra
        print(f"PostgreSQL: skipped ({err}: install the test extras)")
        yield None
        return
    given = os.environ.get(conftest.PG_ENV, "").strip()
    if given:
        yield conftest.PgServer.from_url(given), f"{conftest.PG_ENV}"
        return
    if os.geteuid() != 0:
        print("PostgreSQL: skipped (set REFEREE_TEST_PG=postgresql://user@host:port/postgres, or run as root "
              "to start a throwaway server)")
        yield None
        return
    try:
        server, stop = conftest._start_server_as_postgres_user(durable=True)
    except Exception as err:  # noqa: BLE001 - no server binaries
        print(f"PostgreSQL: skipped (no server could be started: {' '.join(str(err).split())[:200]})")
        yield None
        return
    try:
        yield server, "a throwaway server started as the tests start one, with durable commits"
    finally:
        stop()


@contextmanager
def fresh_database(server: object) -> Iterator[str]:
    import psycopg

    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    admin_url = server.url(server.maintenance_db)  # type: ignore[attr-defined]
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.url(name)  # type: ignore[attr-defined]
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500, help="appends measured per database (default 500)")
    args = parser.parse_args()
    n = args.events

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'store.sqlite3'}"
        ours = store_appends(url, n)
        floor, how = sqlite_floor(Path(tmp) / "bare.sqlite3", n)
        print(f"SQLite, {n} appends each ({how}; the store's connections: synchronous {sqlite_synchronous(url)})")
        print(f"  Store.append_event        {figures(ours)}")
        print(f"  bare insert + commit      {figures(floor)}")
        print(f"  difference                {statistics.median(ours) * 1000 - statistics.median(floor) * 1000:7.3f} ms "
              "median")

    with postgres_server() as found:
        if found is None:
            return
        server, how = found
        with fresh_database(server) as db:
            import psycopg

            with psycopg.connect(db) as conn:
                settings = ", ".join(f"{s} {conn.execute(f'SHOW {s}').fetchone()[0]}"  # type: ignore[index]
                                     for s in ("fsync", "synchronous_commit"))
            ours = store_appends(db, n)
            floor = postgres_floor(db, n)
        print(f"PostgreSQL, {n} appends each ({how}; {settings})")
        print(f"  Store.append_event        {figures(ours)}")
        print(f"  bare insert + commit      {figures(floor)}")
        print(f"  difference                {statistics.median(ours) * 1000 - statistics.median(floor) * 1000:7.3f} ms "
              "median")


if __name__ == "__main__":
    main()

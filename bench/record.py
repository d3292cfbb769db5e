"""The cost of recording one action durably: ``Store.append_event`` and a line at the table prompt
next to the floor, a bare insert-and-commit of a similar row on the same database, measured in the
same run, interleaved so that the machine's drift hits them alike (median, p99); and the cold start
of a one-shot ``referee act``.

    .venv/bin/python bench/record.py [--events 500] [--runs 20] [--cold-only]

Targets (issue 10, item 8): a line at the table prompt within 2 ms of the floor at the median and
10 ms at p99; ``referee act`` at most 1.3x a bare typer app that imports SQLAlchemy's ORM (what the store's
write path maps its rows with).

SQLite: a fresh file in a temporary folder, WAL, the same ``synchronous`` setting the store's
connections get, against a bare ``sqlite3`` connection inserting a row of the same shape (a JSON
payload, two sha256 hashes) into a table with the same unique key, ``BEGIN IMMEDIATE`` … ``COMMIT``.

PostgreSQL, when there is a server: the one named by ``REFEREE_TEST_PG`` (a fresh database is made
on it and dropped), else a throwaway server started the way the tests start one (as the
``postgres`` user when run as root; tests/conftest.py) but with durable commits (the tests' server
runs without fsync).  The bare
floor is a psycopg connection inserting the same row and committing.

The table prompt: a scripted Jackpots night typed line by line (short forms and the hand
format's words, as tests/helpers/table_recorder.py types them, legal lines only) through the table
mode's own handler (:func:`referee.cli.table_prompt.handle`), timed from the line handed over to
the status line the prompt redraws: reading, judging, the durable append, the push into the hand's
state and the new status.  Choosing the next line is not timed.

The cold start: wall time of ``referee act SESSION LINE`` (a legal line, chosen before each run, in
a session that already holds a night of hands) against a bare typer app that imports SQLAlchemy's ORM and
has a command of the same shape, runs interleaved.  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 20


def figures(samples: list[float]) -> str:
    ms = sorted(x * 1000 for x in samples)
    return f"{statistics.median(ms):7.3f} ms median  {ms[min(len(ms) - 1, int(len(ms) * 0.99))]:7.3f} ms p99"


def p99(samples: list[float]) -> float:
    return sorted(samples)[min(len(samples) - 1, int(len(samples) * 0.99))]


def gap(ours: list[float], floor: list[float]) -> str:
    """How far ``ours`` is above ``floor``, at the median and at p99, in ms."""
    median = (statistics.median(ours) - statistics.median(floor)) * 1000
    return f"{median:7.3f} ms median  {(p99(ours) - p99(floor)) * 1000:7.3f} ms p99"


def row(i: int, prev: str) -> tuple[int, int, str, str, str, str, str, str]:
    """A row shaped like a stored event (seq, hand, kind, payload, text, created_at, prev, hash)."""
    payload = json.dumps({"player": "Ann", "amount": i % 7 + 1}, sort_keys=True)
    digest = hashlib.sha256((prev + payload).encode()).hexdigest()
    return (i + 1000, 1, "Bet", payload, f"Ann: bets {i % 7 + 1}", time.strftime("%Y-%m-%d %H:%M:%S"), prev, digest)


BARE_TABLE = ("CREATE TABLE bare_events (id {pk}, session_id INTEGER NOT NULL, seq INTEGER NOT NULL, "
              "hand_number INTEGER, kind VARCHAR(40) NOT NULL, payload {json} NOT NULL, text VARCHAR, "
              "created_at {time} NOT NULL, prev_hash VARCHAR(64) NOT NULL, hash VARCHAR(64) NOT NULL, "
              "UNIQUE (session_id, seq))")
INSERT = ("INSERT INTO bare_events (session_id, seq, hand_number, kind, payload, text, created_at, prev_hash, hash) "
          "VALUES (1, {p}, {p}, {p}, {p}, {p}, {p}, {p}, {p})")


class SQLiteFloor:
    """A bare sqlite3 connection (WAL): ``BEGIN IMMEDIATE``, insert one row, ``COMMIT``."""

    def __init__(self, path: Path) -> None:
        import sqlite3

        self.conn = sqlite3.connect(path, isolation_level=None)
        self.mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        self.conn.execute(BARE_TABLE.format(pk="INTEGER PRIMARY KEY", json="JSON", time="DATETIME"))
        self.prev = "0" * 64

    def __call__(self, i: int) -> bool:
        values = row(i, self.prev)
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute(INSERT.format(p="?"), values)
        self.conn.execute("COMMIT")
        self.prev = values[-1]
        return True

    def how(self) -> str:
        return f"journal {self.mode}, synchronous {self.conn.execute('PRAGMA synchronous').fetchone()[0]}"


class PostgresFloor:
    """A bare psycopg connection: insert one row, commit."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.conn = psycopg.connect(url)
        self.conn.execute(BARE_TABLE.format(pk="SERIAL PRIMARY KEY", json="JSONB", time="TIMESTAMPTZ"))
        self.conn.commit()
        self.prev = "0" * 64

    def __call__(self, i: int) -> bool:
        values = row(i, self.prev)
        self.conn.execute(INSERT.format(p="%s"), values)
        self.conn.commit()
        self.prev = values[-1]
        return True

    def how(self) -> str:
        return ", ".join(f"{s} {self.conn.execute(f'SHOW {s}').fetchone()[0]}"  # type: ignore[index]
                         for s in ("fsync", "synchronous_commit"))


class StoreAppends:
    """``Store.append_event``: one bet appended to a hand, committed."""

    def __init__(self, url: str) -> None:
        from referee.store.store import open_store
        from referee.store.transaction import SeatSpec

        self.store = open_store(url)
        with self.store.transaction() as tx:
            session = tx.new_session(table_name="Bench", rulebook="jackpots", chip_value_cents=25,
                                             seats=[SeatSpec(f"P{k}") for k in range(1, 7)])
        assert session.id is not None
        self.sid = session.id
        with self.store.transaction() as tx:
            tx.start_hand(self.sid)

    def __call__(self, i: int) -> bool:
        from referee.engine.events import Bet

        k, chips = i % 6 + 1, i % 5 + 1
        self.store.append_event(self.sid, 1, Bet(f"P{k}", chips), text=f"P{k}: bets {chips}")
        return True

    def close(self) -> None:
        assert self.store.verify_chain(self.sid).ok
        self.store.close()


def legal_lines(table: Any, rng: random.Random) -> Iterator[str]:
    """What a scorekeeper types at ``table``: a legal action of the player to act, in a short form
    half the time (``p3 r 2``), else the hand format's words; ``new hand`` once a hand is over."""
    from referee.handfile.writer import EventWriter

    while True:
        prompt = table.prompt()
        if prompt is None or prompt.to_act is None:
            yield "new hand"
            continue
        words = EventWriter(table.game).line(rng.choice(prompt.events()))
        if rng.random() < 0.5:
            name, _, action = words.partition(": ")
            verb, _, rest = action.partition(" ")
            short = {"folds": "f", "calls": "c", "raises": "r", "bets": "b", "checks": "x"}.get(verb, verb)
            words = f"{name.lower()} {short} {rest}".strip()
        yield words


def table_line(table: Any, line: str) -> Any:
    """One line at the table prompt: handled (forced when the rules want a hand finished first), and the
    status line the prompt redraws."""
    from referee.cli.table_prompt import handle
    from referee.recording.live_table import Refused

    entry = handle(table, line)
    if isinstance(entry, Refused) and entry.forceable:
        entry = handle(table, "!")
    table.status().toolbar()
    return entry


class TableLines:
    """A line at the table prompt, from the line handed over to the redrawn status (see the docstring)."""

    def __init__(self, url: str, hands: int = 0) -> None:
        from referee.recording.live_table import LiveTable
        from referee.store.store import open_store
        from referee.store.transaction import SeatSpec

        self.store = open_store(url)
        with self.store.transaction() as tx:
            session = tx.new_session(table_name="Bench", rulebook="jackpots", chip_value_cents=25,
                                             seats=[SeatSpec(f"P{k}", 10**6) for k in range(1, 7)])
        assert session.id is not None
        self.sid = session.id
        self.table = LiveTable(self.store, self.sid)
        self.lines = legal_lines(self.table, random.Random(20261203))
        while self.table.started < hands or self.table.over() is None and hands:
            table_line(self.table, next(self.lines))

    def __call__(self, i: int) -> float | None:
        """Seconds for the next line, or None when it stored no action (a new hand begun)."""
        from referee.recording.live_table import Stored

        line = next(self.lines)
        t0 = time.perf_counter()
        entry = table_line(self.table, line)
        took = time.perf_counter() - t0
        return took if isinstance(entry, Stored) and entry.action is not None else None

    def close(self) -> None:
        assert self.store.verify_chain(self.sid).ok
        self.store.close()


def interleaved(n: int, **samplers: Callable[[int], Any]) -> dict[str, list[float]]:
    """``n`` samples of each, taken in turn (a sampler that returns a float timed itself; None: not a
    sample)."""
    out: dict[str, list[float]] = {name: [] for name in samplers}
    for i in range(WARM_UP):
        for one in samplers.values():
            one(-1 - i)
    i = 0
    while any(len(samples) < n for samples in out.values()):
        for name, one in samplers.items():
            if len(out[name]) >= n:
                continue
            t0 = time.perf_counter()
            got = one(i)
            took = time.perf_counter() - t0
            if isinstance(got, float):
                out[name].append(got)
            elif got is True:
                out[name].append(took)
        i += 1
    return out


def report(title: str, samples: dict[str, list[float]]) -> None:
    print(title)
    print(f"  Store.append_event        {figures(samples['append'])}")
    print(f"  a line at the table       {figures(samples['table'])}")
    print(f"  bare insert + commit      {figures(samples['floor'])}")
    print(f"  table line - floor        {gap(samples['table'], samples['floor'])}   "
          "(target: median <= 2 ms, p99 <= 10 ms)")


def sqlite_synchronous(url: str) -> int:
    from sqlalchemy import text

    from referee.store.store import open_store

    with open_store(url) as store, store.engine.connect() as conn:
        return int(conn.execute(text("PRAGMA synchronous")).scalar_one())


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


BARE_ACT = """\
import typer
import sqlalchemy.orm
app = typer.Typer()
@app.command()
def act(session: int, lines: list[str], force: bool = typer.Option(False, "--force"),
        db: str = typer.Option("", "--db")) -> None:
    print(session, lines)
app()
"""


def cold_starts(url: str, runs: int, tmp: Path, hands: int = 20) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) seconds of ``referee act`` and of the bare app, interleaved, after two warm-up runs
    each (the OS caches, the bytecode caches)."""
    from referee.recording.live_table import LiveTable

    lines = TableLines(url, hands)
    sid = lines.sid
    lines.close()
    bare = tmp / "bare_act.py"
    bare.write_text(BARE_ACT)
    referee = str(Path(sys.executable).parent / "referee")
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_DB", "PYTHONDONTWRITEBYTECODE")}

    def run(cmd: list[str]) -> tuple[float, float]:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime

    out: dict[str, list[tuple[float, float]]] = {"act": [], "bare": []}
    from referee.store.store import open_store

    with open_store(url) as store:
        for i in range(runs + 2):
            table = LiveTable(store, sid)
            line = next(legal_lines(table, random.Random(i)))
            force = ["--force"] if line == "new hand" and table.over() is None else []
            took = run([referee, "act", str(sid), line, *force, "--db", url])
            floor = run([sys.executable, str(bare), str(sid), line, "--db", url])
            if i >= 2:
                out["act"].append(took)
                out["bare"].append(floor)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500, help="samples of each per database (default 500)")
    parser.add_argument("--runs", type=int, default=20, help="cold starts of referee act (default 20)")
    parser.add_argument("--cold-only", action="store_true", help="only the cold start of referee act")
    args = parser.parse_args()
    n = args.events

    with tempfile.TemporaryDirectory() as tmp:
        if not args.cold_only:
            url = f"sqlite:///{Path(tmp) / 'store.sqlite3'}"
            append, table, floor = StoreAppends(url), TableLines(url), SQLiteFloor(Path(tmp) / "bare.sqlite3")
            samples = interleaved(n, append=append, table=table, floor=floor)
            append.close(), table.close()
            report(f"SQLite, {n} of each ({floor.how()}; the store's connections: synchronous "
                   f"{sqlite_synchronous(url)})", samples)

        cold = cold_starts(f"sqlite:///{Path(tmp) / 'cold.sqlite3'}", args.runs, Path(tmp))
        print(f"Cold start, {args.runs} runs each (SQLite; the session holds 20 hands; wall time, and CPU time)")
        for name, label in (("act", "referee act SESSION LINE"), ("bare", "bare typer + sqlalchemy.orm")):
            wall, cpu = [w for w, _ in cold[name]], [c for _, c in cold[name]]
            print(f"  {label:25} median {statistics.median(wall) * 1000:7.1f} ms  (min {min(wall) * 1000:6.1f})"
                  f"   CPU median {statistics.median(cpu) * 1000:7.1f} ms")
        ratio = statistics.median(w for w, _ in cold["act"]) / statistics.median(w for w, _ in cold["bare"])
        cpu_ratio = statistics.median(c for _, c in cold["act"]) / statistics.median(c for _, c in cold["bare"])
        print(f"  ratio                     {ratio:.2f}x wall, {cpu_ratio:.2f}x CPU   (target <= 1.30x)")

    if args.cold_only:
        return
    with postgres_server() as found:
        if found is None:
            return
        server, how = found
        with fresh_database(server) as db:
            append, table, pg_floor = StoreAppends(db), TableLines(db), PostgresFloor(db)
            samples = interleaved(n, append=append, table=table, floor=pg_floor)
            append.close(), table.close()
            report(f"PostgreSQL, {n} of each ({how}; {pg_floor.how()})", samples)
            pg_floor.conn.close()


if __name__ == "__main__":
    main()

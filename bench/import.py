"""How fast ``referee import`` takes a night: hands a second, on SQLite and PostgreSQL.

    .venv/bin/python bench/import.py [--hands 1000,10000] [--pg URL] [--repeat 3] [--no-pg]

Target: ``referee import FILE`` end to end -- the real command in a process of its own, start-up
included, into a fresh SQLite file -- takes at least 2,000 hands a second of its CPU time (user +
system: the steadier figure on a shared machine), for the largest night of ``--hands``; the best of
``--repeat`` runs counts.  Exits 1 when missed.

Then, as figures: a hand file of N straight-draw hands (bench/handfile.py's night: 15 events a hand) is imported as
``referee import FILE`` imports it, in-process (no interpreter start): read and parsed
(``read_night``), then :func:`referee.recording.imports.import_hand_file` — replayed whole first, written in
one transaction, read back, fingerprinted, checked against the store's copies, committed.  Then the
session is exported as JSON (``referee export ID --json``) and that log imported into the same
database (:func:`referee.recording.imports.import_log_document`: its chain verified, recorded, read back
inside the transaction, replayed from there).  Each import goes into a database that already holds
the earlier ones (``--again``), so a rate that falls as the database grows shows; ``--repeat`` times
each figure that many times (the hand file's first import is the one without ``--again``).

Printed per database and N: seconds and hands a second for each step.

PostgreSQL: the server of ``--pg URL`` (a maintenance database such as
``postgresql://postgres@127.0.0.1:5432/postgres``: a fresh database is made on it and dropped), else
``REFEREE_TEST_PG``, else a throwaway server started as the tests start one, with durable commits
(bench/record.py).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from handfile import HAND, HEADER  # noqa: E402  (bench/handfile.py: the night it times)
from record import fresh_database, postgres_server  # noqa: E402
from target import check, child_env, exit_code, load  # noqa: E402

TARGET = 2000  # hands a second of the command's CPU time, at least


def hand_file(folder: Path, hands: int) -> Path:
    path = folder / f"night-{hands}.txt"
    path.write_text(HEADER + HAND * hands, encoding="utf-8")
    return path


class Clock:
    """Wall and CPU (this process: the server's work on PostgreSQL is not in it) seconds of a step."""

    def __enter__(self) -> Clock:
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall, self.cpu = time.perf_counter() - self.wall, time.process_time() - self.cpu

    def rate(self, hands: int) -> str:
        return f"{self.wall:6.2f} s wall {hands / self.wall:7,.0f} hands/s, CPU {self.cpu:5.2f} s {hands / self.cpu:7,.0f}/s"


def bench_database(url: str, label: str, path: Path, hands: int, repeat: int) -> None:
    from referee.handfile import read_night
    from referee.handfile.replay import replay_night_file
    from referee.recording.imports import import_hand_file, import_log_document
    from referee.recording.session_log import log_document
    from referee.store.store import open_store

    print(f"{label}, {hands:,} hands ({hands * 15:,} events):")
    with open_store(url) as store:
        for attempt in range(repeat):
            with Clock() as parse:
                night = read_night(path)
            with Clock() as replay:  # the check the import makes first, timed alone
                replay_night_file(night)
            with Clock() as imported:
                done = import_hand_file(store, night, table_name="Bench", chip_value_cents=100, again=attempt > 0)
            whole = parse.wall + imported.wall
            print(f"  hand file #{attempt + 1}: parse {parse.rate(hands)}; replay alone {replay.rate(hands)}")
            print(f"    import_hand_file {imported.rate(hands)} (replay, write, read back, fingerprint, commit)")
            print(f"    parse + import {whole:6.2f} s = {hands / whole:7,.0f} hands/s (CPU "
                  f"{hands / (parse.cpu + imported.cpu):7,.0f}/s); the store's part alone (import less its "
                  f"replay) {hands / max(imported.wall - replay.wall, 1e-9):7,.0f} hands/s")
        document = json.loads(json.dumps(log_document(store.log_snapshot(done.session_id),
                                                      store.verify_chain(done.session_id))))
        for attempt in range(repeat):
            with Clock() as logged:
                import_log_document(store, document, source="bench.json", again=True)
            print(f"  session log #{attempt + 1}: {logged.rate(hands)} (chain checked, write, read back, replay)")


def command_rate(folder: Path, path: Path, hands: int, repeat: int) -> tuple[float, float]:
    """(hands a second of CPU, of wall time) of ``referee import FILE`` into a fresh SQLite file, the
    best of ``repeat`` runs after an untimed one (so the bytecode caches are warm, as installed)."""
    best_cpu = best_wall = float("inf")
    for attempt in range(repeat + 1):
        url = f"sqlite:///{folder / f'command-{hands}-{attempt}.sqlite3'}"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee", "import", str(path), "--db", url],
                       check=True, capture_output=True, env=child_env())
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if attempt:
            best_wall = min(best_wall, wall)
            best_cpu = min(best_cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return hands / best_cpu, hands / best_wall


@contextmanager
def pg_database(given: str | None) -> Iterator[str | None]:
    if given:  # bench/record.py takes the server named by REFEREE_TEST_PG
        os.environ["REFEREE_TEST_PG"] = given
    with postgres_server() as found:
        if found is None:
            yield None
            return
        server, _how = found
        with fresh_database(server) as url:
            yield url


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", default="1000,10000", help="comma-separated night sizes")
    parser.add_argument("--pg", metavar="URL", help="a PostgreSQL maintenance database URL (a fresh database is made)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-pg", action="store_true", help="SQLite only")
    args = parser.parse_args()
    sizes = [int(n) for n in args.hands.split(",")]
    print(f"Python {sys.version.split()[0]}, load average {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = {n: hand_file(folder, n) for n in sizes}
        largest = max(sizes)
        by_cpu, by_wall = command_rate(folder, files[largest], largest, args.repeat)
        print(f"referee import, {largest:,} hands, SQLite, a process of its own: {by_cpu:7,.0f} hands/s of CPU, "
              f"{by_wall:7,.0f} hands/s of wall time")
        met = [check("referee import end to end, SQLite, by CPU", by_cpu, at_least=TARGET, unit=" hands/s", digits=0)]
        for n in sizes:
            bench_database(f"sqlite:///{folder / f'bench-{n}.sqlite3'}", "SQLite", files[n], n, args.repeat)
        if not args.no_pg:
            for n in sizes:
                with pg_database(args.pg) as url:
                    if url is None:
                        break
                    bench_database(url, "PostgreSQL", files[n], n, args.repeat)
    print(f"load average: {load()}")
    return exit_code(met)


if __name__ == "__main__":
    raise SystemExit(main())

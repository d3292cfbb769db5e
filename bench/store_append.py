"""How long the store takes: first open (migrations), a later open, and appending one event
(durable, hash-chained) — the wait between a scorekeeper's action and the next prompt.

    .venv/bin/python bench/store_append.py [--events 300] [--db URL]
    .venv/bin/python bench/store_append.py --syncs [--events 300]

Without ``--db`` it measures a fresh SQLite file in a temporary folder; with ``--db`` it uses that
database (give a fresh, empty one, e.g. ``postgresql://postgres@127.0.0.1:5432/referee_bench``).

``--syncs`` counts the file syncs (``fsync``, ``fdatasync``) one append costs on SQLite, with
``strace -f -c``: a run appending ``--events`` events minus a run appending none, per event.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SYNC_CALLS = ("fsync", "fdatasync")


def syncs(events: int, folder: Path) -> int:
    """The sync calls of this script appending ``events`` events to a new SQLite file, by strace."""
    out = folder / f"strace-{events}.txt"
    url = f"sqlite:///{folder / f'syncs-{events}.sqlite3'}"
    subprocess.run(["strace", "-f", "-c", "-e", "trace=" + ",".join(SYNC_CALLS), "-o", str(out), sys.executable,
                    __file__, "--events", str(events), "--db", url], check=True, stdout=subprocess.DEVNULL)
    total = 0
    for line in out.read_text().splitlines():
        fields = line.split()
        if fields and fields[-1] in SYNC_CALLS:
            total += int(fields[3])  # % time, seconds, usecs/call, calls, [errors,] syscall
    return total


def count_syncs(events: int) -> None:
    if shutil.which("strace") is None:
        print("syncs: strace is not installed (apt-get install strace)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base, loaded = syncs(0, Path(tmp)), syncs(events, Path(tmp))
    print(f"file syncs          {base} for opening the file, the session and the chain check; {loaded} with "
          f"{events} appends: {(loaded - base) / events:.2f} per append ({', '.join(SYNC_CALLS)}, strace -f -c)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300, help="events to append (default 300)")
    parser.add_argument("--db", help="database URL (default: a new SQLite file)")
    parser.add_argument("--syncs", action="store_true", help="count the file syncs per append on SQLite (strace)")
    args = parser.parse_args()
    if args.syncs:
        count_syncs(args.events)
        return

    from referee.engine.events import Bet
    from referee.store.store import open_store
    from referee.store.transaction import SeatSpec
    from referee.store.db import mask_url

    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        started = time.perf_counter()
        store = open_store(url)
        first_open = time.perf_counter() - started
        store.close()
        started = time.perf_counter()
        store = open_store(url)
        later_open = time.perf_counter() - started
        with store:
            with store.transaction() as tx:
                session = tx.new_session(table_name="Bench", rulebook="jackpots", chip_value_cents=25,
                                            seats=[SeatSpec(f"P{n}") for n in range(1, 7)])
            assert session.id is not None
            with store.transaction() as tx:
                tx.start_hand(session.id)
            latencies = []
            for n in range(args.events):
                t0 = time.perf_counter()
                store.append_event(session.id, 1, Bet(f"P{n % 6 + 1}", n % 5 + 1))
                latencies.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            report = store.verify_chain(session.id)
            verify = time.perf_counter() - t0
            assert report.ok and report.events == args.events + 7  # after the opening: 6 sit-downs, the dealer
        if not latencies:
            return
        ms = sorted(x * 1000 for x in latencies)
        print(f"database            {mask_url(url) if args.db else 'new SQLite file (WAL)'}")
        print(f"first open          {first_open * 1000:8.1f} ms  (creates the schema)")
        print(f"later open          {later_open * 1000:8.1f} ms  (schema check only)")
        print(f"append one event    {statistics.median(ms):8.2f} ms median, {ms[int(len(ms) * 0.95) - 1]:.2f} ms p95, "
              f"{ms[-1]:.2f} ms max over {len(ms)} events")
        print(f"verify the chain    {verify * 1000:8.1f} ms for {args.events} events")


if __name__ == "__main__":
    main()

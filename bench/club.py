"""A club night on one PostgreSQL server: how many actions a second it records, and how long a line
waits, with many tables recording at once.

    .venv/bin/python bench/club.py [--tables 8] [--shared 2] [--lines 1150]

``--tables`` recorder processes each at a table of its own, and ``--shared`` more at one further
table (they race for it), each typing ``--lines`` lines through the table mode's own line handler
(tests/helpers/club_recorder.py: the table built from the store, lines chosen as
tests/helpers/table_recorder.py chooses them, an illegal one now and then forced, undo, new hand).
All start at once.  Prints the actions stored, the wall time, actions a second, the latency of a
line from typing to acknowledgement (p50, p99, max), the races lost at the shared table, and checks
what tests/test_club_load.py checks: every acknowledged action stored once, no seq twice or missing,
every chain verifies.

The server: the one named by ``REFEREE_TEST_PG`` (a fresh database is made on it and dropped), else
a throwaway server with durable commits (fsync on), started as bench/record.py starts one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from record import fresh_database, postgres_server  # bench/record.py, this script's own folder

ROOT = Path(__file__).resolve().parent.parent
CLUB_RECORDER = ROOT / "tests" / "helpers" / "club_recorder.py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="recorders at tables of their own (default 8)")
    parser.add_argument("--shared", type=int, default=2, help="recorders at one more table, together (default 2)")
    parser.add_argument("--lines", type=int, default=1150, help="lines each recorder types (default 1150)")
    args = parser.parse_args()

    from referee.store.store import open_store
    from referee.store.transaction import SeatSpec

    with postgres_server() as found:
        if found is None:
            return
        server, how = found
        with fresh_database(server) as url:
            with open_store(url) as store:
                with store.transaction() as tx:
                    tables = [tx.new_session(table_name=f"Table {n}", rulebook="jackpots", chip_value_cents=1,
                                                seats=[SeatSpec(p, 10**6) for p in ("Ann", "Bob", "Cy", "Dee")]).id or 0
                              for n in range(1, args.tables + (2 if args.shared else 1))]
                with store.engine.connect() as conn:
                    from sqlalchemy import text

                    settings = ", ".join(f"{s} {conn.execute(text(f'SHOW {s}')).scalar()}"
                                         for s in ("fsync", "synchronous_commit"))
            shared = tables[-1] if args.shared else None
            who = tables[:args.tables] + [shared] * args.shared  # type: ignore[list-item]
            procs = [subprocess.Popen([sys.executable, str(CLUB_RECORDER), url, str(sid), str(args.lines)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                      text=True) for sid in who]
            for proc in procs:
                assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
            started = time.perf_counter()
            for proc in procs:
                assert proc.stdin is not None
                proc.stdin.write("go\n")
                proc.stdin.flush()
            outputs = [proc.communicate()[0].splitlines() for proc in procs]
            wall = time.perf_counter() - started

            acked: dict[int, list[tuple[int, str]]] = {}
            latencies: list[float] = []
            lost = 0
            for sid, out in zip(who, outputs):
                for line in out:
                    if line.startswith("ack "):
                        _, seq, micros, said = line.split(" ", 3)
                        acked.setdefault(sid, []).append((int(seq), said))
                        latencies.append(int(micros) / 1000)
                    elif line.startswith("lost "):
                        lost += 1
            problems = []
            with open_store(url) as store:
                for sid in sorted(set(who)):
                    rows = store.events(sid)
                    if [r.seq for r in rows] != list(range(1, len(rows) + 1)):
                        problems.append(f"session {sid}: seq duplicated or missing")
                    if not store.verify_chain(sid).ok:
                        problems.append(f"session {sid}: chain does not verify")
                    texts = {r.seq: r.text for r in rows}
                    mine = acked.get(sid, [])
                    if len({s for s, _ in mine}) != len(mine) or any(texts.get(s) != t for s, t in mine):
                        problems.append(f"session {sid}: an acknowledged action is missing or stored twice")
                    if sorted(s for s, _ in mine) != [r.seq for r in rows if r.hand_number is not None]:
                        problems.append(f"session {sid}: a stored action nobody was told of")
    ms = sorted(latencies)
    actions = len(ms)
    print(f"server              {how} ({settings})")
    print(f"recorders           {len(who)}: {args.tables} at tables of their own, {args.shared} at one shared table; "
          f"{args.lines} lines each")
    print(f"actions stored      {actions:,} in {wall:.1f} s: {actions / wall:,.0f} actions/s")
    print(f"latency of a line   p50 {statistics.median(ms):.2f} ms, p99 {ms[min(actions - 1, int(actions * 0.99))]:.2f} ms, "
          f"max {ms[-1]:.2f} ms (typed to acknowledged: read, judged, stored durably)")
    print(f"races lost          {lost} at the shared table (each refused to the recorder that lost it)")
    print("checks              " + ("every acknowledged action stored once, no seq twice or missing, every chain "
                                    "verifies" if not problems else "; ".join(problems)))
    print(f"machine             {os.cpu_count()} cores, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()

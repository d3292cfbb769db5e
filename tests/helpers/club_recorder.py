"""One scorekeeper of a club night, for the load test and bench/club.py: it builds the table from the
store (as ``referee table`` and ``referee act`` start), prints ``ready``, waits for ``go`` on stdin
(so that every recorder of the club starts at once), then types ``LINES`` lines through the table
mode's own line handler (:func:`referee.cli.table_prompt.handle`), as tests/helpers/table_recorder.py
chooses them.

    python club_recorder.py URL SESSION LINES

What it prints, one line each (``say``: one write):

* ``ack SEQ MICROSECONDS TEXT``: an action stored (committed) at event SEQ, and how long the line took
  from typing to the acknowledgement;
* ``lost REASON``: a line refused because another recorder wrote first (the table reloads itself from
  the log, and the next line is chosen from what the log holds now);
* ``done LINES ACKED LOST``, then it exits 0; 75 (EX_TEMPFAIL, as ``referee act``) when it lost a
  race, so that the process that lost it is told so by its exit code too.
"""

from __future__ import annotations

import random
import sys
import time

from recorder import say  # tests/helpers, this script's own directory
from table_recorder import next_line

from referee.cli.table_prompt import handle
from referee.errors import EXIT_RETRY
from referee.recording.live_table import LiveTable, Refused, Stored
from referee.store.store import open_store


def main() -> None:
    url, session, lines = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with open_store(url, migrate=False) as store:
        table = LiveTable(store, session)
        rng = random.Random(f"{session}-{lines}-{id(table)}")
        say("ready")
        if sys.stdin.readline().strip() != "go":
            return
        acked = lost = 0
        for _ in range(lines):
            started = time.perf_counter()
            entry = handle(table, next_line(table, rng))
            if isinstance(entry, Refused) and entry.forceable:
                entry = handle(table, "!")
            took = round((time.perf_counter() - started) * 1e6)
            if isinstance(entry, Stored) and entry.action is not None:
                acked += 1
                say(f"ack {entry.seq} {took} {entry.text}")
            elif isinstance(entry, Refused) and entry.stale:
                lost += 1
                say(f"lost {entry.reason}")
            elif isinstance(entry, Refused):
                print(f"refused {entry.reason}", file=sys.stderr, flush=True)
        say(f"done {lines} {acked} {lost}")
    sys.exit(EXIT_RETRY if lost else 0)


if __name__ == "__main__":
    main()

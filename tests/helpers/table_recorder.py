"""A scripted scorekeeper at the table mode, for the SIGKILL test: it builds the table from the store
(as ``referee table`` starts), then types lines one after another through the table mode's own
line handler (:func:`referee.cli.table_prompt.handle`) and acknowledges each stored line on stdout
(``ack SEQ TEXT``) once the handler has returned, as the table prints its ``✓`` line.

    python table_recorder.py URL SESSION --serve

A fork server: on each ``go`` line from stdin it forks a child that prints ``pid PID`` and records
until killed; then it prints ``reaped PID``.  The lines are what a scorekeeper types: legal actions
in short forms or the hand format's words, now and then an illegal one forced with ``!``, an
``undo``, and ``new hand`` when a hand is over (forced when it waits for cards nobody will show).
"""

from __future__ import annotations

import os
import random
import sys

from recorder import say  # tests/helpers, this script's own directory

from referee.cli.table_prompt import handle
from referee.handfile.writer import EventWriter
from referee.recording.live_table import LiveTable, Refused, Stored
from referee.store.store import Store, open_store


def next_line(table: LiveTable, rng: random.Random) -> str:
    """What the scorekeeper types next."""
    prompt = table.prompt()
    if prompt is None or prompt.to_act is None:
        return "new hand"
    roll = rng.random()
    if roll < 0.05 and table.state is not None and len(table.state.log) > 1:
        return "undo"
    if roll < 0.10:
        others = [n for n in table.names if n != prompt.to_act]
        return f"{others[0].lower()} x"  # out of turn: refused, then forced
    event = rng.choice(prompt.events())
    words = EventWriter(table.game).line(event)
    if rng.random() < 0.5:  # a short form: 'bob r 4' for 'Bob: raises 4'
        name, _, action = words.partition(": ")
        verb, _, rest = action.partition(" ")
        words = f"{name.lower()} {verb[:1] if verb in ('folds', 'calls', 'raises', 'bets') else verb} {rest}".strip()
    return words


def record(store: Store, session: int) -> None:
    table = LiveTable(store, session)
    rng = random.Random(os.getpid())
    while True:
        entry = handle(table, next_line(table, rng))
        if isinstance(entry, Refused) and entry.forceable:
            entry = handle(table, "!")
        if isinstance(entry, Stored) and entry.action is not None:
            say(f"ack {entry.seq} {entry.text}")
        elif isinstance(entry, Refused):
            print(f"refused {entry.reason}", file=sys.stderr, flush=True)


def serve(store: Store, session: int) -> None:
    LiveTable(store, session)  # warm-up: everything imported, statements compiled, before any fork
    for line in sys.stdin:
        if line.strip() != "go":
            continue
        pid = os.fork()
        if pid == 0:  # the child records until it is killed
            say(f"pid {os.getpid()}")
            try:
                store.engine.dispose(close=False)  # the parent's connections are not ours to use
                record(store, session)
            except BaseException as err:  # noqa: BLE001 - say why, for the test's log
                print(f"table child {os.getpid()} stopped: {err!r}", file=sys.stderr, flush=True)
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        say(f"reaped {pid} {status}")


def main() -> None:
    url, session = sys.argv[1], int(sys.argv[2])
    with open_store(url, migrate=False) as store:
        serve(store, session)


if __name__ == "__main__":
    main()

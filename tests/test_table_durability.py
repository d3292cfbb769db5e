"""Durability at the table prompt: a scripted scorekeeper types at the table mode
(tests/helpers/table_recorder.py: the table built from the store, each line through the table mode's
own handler) and is killed with SIGKILL at random moments, again and again, each time starting anew
from the store.  Afterwards every acknowledged line is in the log as acknowledged, nothing
unacknowledged is half-written (every row reads, the night replays, a table rebuilds from it) and
the hash chain holds.  On SQLite (WAL) and PostgreSQL."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from test_store_durability import UNBUFFERED, Lines, child_of, read_line, read_until

from referee.handfile.replay import replay_night_file
from referee.recording.live_table import LiveTable
from referee.recording.session_log import night_from_session
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

TABLE_RECORDER = Path(__file__).resolve().parent / "helpers" / "table_recorder.py"
KILLS = 50


def test_every_acknowledged_line_at_the_table_survives_sigkill(db_url: str) -> None:
    with open_store(db_url) as store:
        with store.transaction() as tx:
            sid = tx.new_session(table_name="Kill", rulebook="jackpots", chip_value_cents=1,
                                    seats=[SeatSpec(n, 10**6) for n in ("Ann", "Bob", "Cy", "Dee")]).id
        assert sid is not None
    server = subprocess.Popen([sys.executable, str(TABLE_RECORDER), db_url, str(sid)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                              env=UNBUFFERED)
    assert server.stdin is not None and server.stdout is not None
    out = Lines(server.stdout)
    acked: dict[int, str] = {}
    rng = random.Random(20261202)

    def take(line: str) -> None:
        m = re.fullmatch(r"ack (\d+) (.*)\n", line)
        if m:
            acked[int(m[1])] = m[2]

    def hands_logged() -> int:
        with open_store(db_url) as store:
            return len({r.hand_number for r in store.events(sid) if r.hand_number is not None})

    # At least KILLS kills, and on until the log spans several hands: how far a child gets before its
    # kill depends on the machine's load, so the number of kills, not the clock, bounds the test
    # (a stalled recorder still fails read_line's timeout).
    kills = 0
    try:
        while kills < KILLS or (kills < 4 * KILLS and (len(acked) <= KILLS or hands_logged() <= 5)):
            kills += 1
            server.stdin.write("go\n")
            server.stdin.flush()
            pid = child_of(server.pid, read_until(out, "pid ", take))
            first = read_line(out)  # built from the store and typing: kill it at a random moment
            if first.startswith("reaped "):
                continue
            take(first)
            time.sleep(rng.uniform(0, 0.03))
            os.kill(pid, signal.SIGKILL)
            read_until(out, "reaped ", take)
    finally:
        server.stdin.close()
        server.wait(timeout=30)

    with open_store(db_url) as store:
        assert store.verify_chain(sid).ok
        rows = {r.seq: r for r in store.events(sid)}
        for number in {r.hand_number for r in rows.values() if r.hand_number is not None}:
            store.hand_events(sid, number)  # every row decodes
        assert [seq for seq in acked if seq not in rows] == []
        assert all(rows[seq].text == text for seq, text in acked.items())
        unacknowledged = [r for r in rows.values() if r.hand_number is not None and r.seq not in acked]
        assert len(unacknowledged) <= kills  # at most the line in flight at each kill
        night = night_from_session(store, sid)
        replay_night_file(night)  # the log is a night that replays
        table = LiveTable(store, sid)  # and a table starts from it
        assert table.seen == max(rows)
    assert len(acked) > KILLS and len(night.hands) > 5

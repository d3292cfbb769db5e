"""Durable appends: an append acknowledged to the recorder is committed.  A scripted recorder
(tests/helpers/recorder.py) is killed with SIGKILL at random moments, again and again; afterwards
every acknowledged event is in the log as acknowledged, a batch is there whole or not at all,
nothing is half-written, and the hash chain holds.  On SQLite (WAL) and PostgreSQL."""

from __future__ import annotations

import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.engine.events import Bet
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

RECORDER = Path(__file__).resolve().parent / "helpers" / "recorder.py"
KILLS = 60
# The recorder runs unbuffered, as under PYTHONUNBUFFERED=1 (CI sets it): the hardest case for a
# line cut short by a kill, which its one-write lines must survive.
UNBUFFERED = {**os.environ, "PYTHONUNBUFFERED": "1"}


class Lines:
    """A child's output pipe read line by line: ``select`` on the pipe itself with a buffer of our own
    (a buffered reader's read-ahead would hold lines that ``select`` then cannot see)."""

    def __init__(self, stream: Any) -> None:
        self.fd = stream.fileno()
        self.buffer = b""
        self.recent: deque[str] = deque(maxlen=4)  # the last lines read, for a failure message

    def readline(self, timeout: float) -> str:
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            assert ready, f"the recorder's server said nothing for {timeout:.0f} s; last lines {list(self.recent)}, then {self.buffer[-200:]!r}"
            chunk = os.read(self.fd, 65536)
            if not chunk:  # the server ended
                line, self.buffer = self.buffer, b""
                return line.decode()
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        self.recent.append(line.decode())
        return line.decode() + "\n"


def read_line(stream: Lines, timeout: float = 60.0) -> str:
    """The server's next line; a server that says nothing for ``timeout`` seconds fails the test
    (rather than hanging the suite)."""
    return stream.readline(timeout)


def read_until(stream: Lines, prefix: str, take: Callable[[str], None]) -> str:
    """Read lines, handing each other one to ``take``, up to the first that starts with ``prefix``."""
    while True:
        line = read_line(stream)
        assert line, "the recorder's server died"
        if line.startswith(prefix):
            return line
        take(line)


def child_of(parent: int, line: str) -> int:
    """The pid a ``pid N`` line names, checked to be the server's own child before anything kills it."""
    m = re.fullmatch(r"pid (\d+)\n", line)
    assert m, line
    pid = int(m[1])
    stat = Path(f"/proc/{pid}/stat").read_text()
    assert int(stat.rsplit(")", 1)[1].split()[1]) == parent, f"{pid} is not the recorder's child"
    return pid


def process_state(pid: int) -> str:
    """A process's state and where the kernel has it waiting (for a failure message)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return "gone"
    state = re.search(r"State:\s*(.*)", status)
    return f"{state[1] if state else '?'} waiting in {wchan or '?'}"


def test_every_acknowledged_append_survives_sigkill(db_url: str) -> None:
    with open_store(db_url) as store:
        with store.transaction() as tx:  # the bound in all
            sid = tx.new_session(table_name="Kill", rulebook="straight_draw", chip_value_cents=1,
                                 seats=[SeatSpec("Ann", 5 * 10**8), SeatSpec("Bob", 5 * 10**8)]).id
        assert sid is not None
        with store.transaction() as tx:
            tx.start_hand(sid)
        store.append_event(sid, 1, Bet("Bob", 1), text="Bob: bets 1")
    server = subprocess.Popen([sys.executable, str(RECORDER), db_url, str(sid), "1", "Ann", "--serve"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                              env=UNBUFFERED)  # the installed referee
    assert server.stdin is not None and server.stdout is not None
    out = Lines(server.stdout)
    acked: dict[int, str] = {}
    rng = random.Random(20261201)

    def take(line: str) -> None:
        m = re.fullmatch(r"ack ([\d,]+) (.*)\n", line)
        if m:  # a batch acknowledges its three seqs with the first one's text: the others follow it
            seqs = [int(s) for s in m[1].split(",")]
            acked[seqs[0]] = m[2]
            for seq in seqs[1:]:
                acked[seq] = ""

    try:
        for _ in range(KILLS):
            server.stdin.write("go\n")
            server.stdin.flush()
            pid = child_of(server.pid, read_until(out, "pid ", take))
            first = read_line(out)  # connected and recording: now kill it at a random moment
            if first.startswith("reaped "):  # the child ended by itself (its error is on stderr): next one
                continue
            take(first)
            time.sleep(rng.uniform(0, 0.02))
            os.kill(pid, signal.SIGKILL)
            try:
                read_until(out, "reaped ", take)
            except AssertionError as err:  # say what the server and its child were doing
                raise AssertionError(f"{err}; server {process_state(server.pid)}; child {pid} {process_state(pid)}") from None
    finally:
        server.stdin.close()
        server.wait(timeout=30)

    with open_store(db_url) as store:
        report = store.verify_chain(sid)
        assert report.ok, report.problem
        rows = {r.seq: r for r in store.events(sid, 1)}
        store.hand_events(sid, 1)  # every row decodes: nothing half-written
        missing = [seq for seq in acked if seq not in rows]
        assert missing == []
        assert all(rows[seq].text == text for seq, text in acked.items() if text)
        batches: dict[str, int] = {}
        for row in rows.values():
            m = re.search(r"\(batch (\d+-\d+) \d/3\)", row.text or "")
            if m:
                batches[m[1]] = batches.get(m[1], 0) + 1
        assert set(batches.values()) <= {3}  # never a part of a batch
        unacknowledged = [seq for seq in rows if seq not in acked and rows[seq].text != "Bob: bets 1"]
        assert len(unacknowledged) <= 3 * KILLS  # at most the append in flight at each kill
        assert len(acked) > KILLS

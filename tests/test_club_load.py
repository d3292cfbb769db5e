"""A club night on one PostgreSQL server: ten scorekeepers record at once, eight at tables of their
own and two at the same table, through the table mode's own line handler
(tests/helpers/club_recorder.py, each a process of its own), over ten thousand actions in all.

The issue: "at least 8 recorder processes against one real server, each on its own table and two on
the same one, at least 10,000 actions: every acknowledged action present exactly once, every chain
verifies, no sequence number duplicated, the lost races reported to the recorder that lost them."
bench/club.py gives the same night's figures (actions a second, p50 and p99 latency)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from referee.store.store import open_store
from referee.store.transaction import SeatSpec

CLUB_RECORDER = Path(__file__).resolve().parent / "helpers" / "club_recorder.py"
#: the recorders run at a lower priority: the tests beside them (on the other xdist workers) keep
#: their share of the cores, and nothing here is timed
NICE = ["nice", "-n", "10"] if shutil.which("nice") else []
OWN_TABLES, LINES = 8, 1150  # and two recorders at one more table: 10 x 1,150 lines, over 10,000 actions
MIN_ACTIONS = 10_000


def open_tables(url: str, count: int) -> list[int]:
    with open_store(url) as store:
        with store.transaction() as tx:
            return [tx.new_session(table_name=f"Table {n}", rulebook="jackpots", chip_value_cents=1,
                                      seats=[SeatSpec(name, 10**6) for name in ("Ann", "Bob", "Cy", "Dee")]).id or 0
                    for n in range(1, count + 1)]


def run_club(url: str, tables: list[int], lines: int) -> list[tuple[int, int, list[str]]]:
    """Start one recorder per table in ``tables`` (a table named twice gets two), let them all go at
    once; (session, exit code, output lines) for each."""
    procs = [subprocess.Popen([*NICE, sys.executable, str(CLUB_RECORDER), url, str(sid), str(lines)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for sid in tables]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n", proc.stderr.read() if proc.stderr else ""
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    done = []
    for sid, proc in zip(tables, procs):
        out, err = proc.communicate(timeout=600)
        assert proc.returncode in (0, 75), err
        done.append((sid, proc.returncode, out.splitlines()))
    return done


@pytest.mark.load
@pytest.mark.postgres
def test_ten_recorders_at_nine_tables_of_one_server_lose_nothing(pg_url: str) -> None:
    *own, shared = open_tables(pg_url, OWN_TABLES + 1)
    results = run_club(pg_url, [*own, shared, shared], LINES)

    acked: dict[int, list[tuple[int, str]]] = {}
    lost_by: list[int] = []
    for sid, code, out in results:
        acks = [line.split(" ", 3) for line in out if line.startswith("ack ")]
        acked.setdefault(sid, []).extend((int(seq), text) for _, seq, _, text in acks)
        lost = [line for line in out if line.startswith("lost ")]
        assert out[-1] == f"done {LINES} {len(acks)} {len(lost)}"
        assert code == (75 if lost else 0)  # a recorder that lost a race is told so by its exit code too
        lost_by.append(len(lost))
        if sid != shared:
            assert lost == []  # nobody else writes at a table of its own
    assert sum(len(a) for a in acked.values()) >= MIN_ACTIONS

    with open_store(pg_url) as store:
        for sid in [*own, shared]:
            rows = store.events(sid)
            assert [r.seq for r in rows] == list(range(1, len(rows) + 1))  # no seq twice, none missing
            report = store.verify_chain(sid)
            assert report.ok, report
            by_seq = {r.seq: r for r in rows}
            seqs = Counter(seq for seq, _ in acked[sid])
            assert [seq for seq, n in seqs.items() if n > 1] == []  # one acknowledgement per stored row
            assert [(seq, text) for seq, text in acked[sid] if seq not in by_seq or by_seq[seq].text != text] == []
            actions = [r.seq for r in rows if r.hand_number is not None]
            assert sorted(seqs) == actions  # every stored action was acknowledged to one recorder, once
    # the two recorders at one table raced; whoever lost a race heard it (its ``lost`` lines, exit 75),
    # and nothing of a lost line is in the log (every stored action is one acknowledged above)
    assert sum(lost_by) >= 1

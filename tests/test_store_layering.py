"""The store imports nothing above it (DESIGN.md: "the store (which imports nothing above it) ... No
import cycles"): recording a night into it, checking its night events, refusing a stale append with
what was stored since, reading it back and verifying its chain load neither the session log, the
ledger, the report, the live table nor the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ABOVE = ("referee.recording.session_log", "referee.ledger.ledger", "referee.report", "referee.recording.live_table", "referee.cli",
         "referee.recording.night_file", "referee.handfile.replay")

SCRIPT = """
import json, sys
from referee.engine.events import AddChips, Bet, LedgerSetting, Leave, SitDown, TransferPaid
from referee.errors import InputError
from referee.store import SeatSpec, StaleLogError, open_store

with open_store(sys.argv[1]) as store:
    with store.transaction() as tx:
        sid = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                             seats=[SeatSpec("Ann", 20), SeatSpec("Bob", 20)], dealer="Ann").id
    store.start_hand(sid)
    store.append_event(sid, 1, Bet("Ann", 1))
    seen = store.last_seq(sid)
    store.append_events(sid, None, [AddChips("Bob", 10), SitDown("Cy", 30, "Bob"), LedgerSetting("currency", "GBP")])
    refused = []
    try:
        store.append_event(sid, None, Leave("Dee"))  # not seated: the table state refuses it
    except InputError as err:
        refused.append(err.message)
    try:
        store.append_event(sid, None, AddChips("Ann", 5), expected_seq=seen)  # stale: told what came since
    except StaleLogError as err:
        refused.append(str(err))
    assert len(refused) == 2 and "not at the table" in refused[0] and "Cy sits down" in refused[1], refused
    store.close_session(sid, {"Ann": 19, "Bob": 31, "Cy": 30})
    store.append_event(sid, None, TransferPaid("Ann", "Bob", 25))
    snapshot = store.snapshot(sid)
    assert store.verify_chain(sid).ok and len(snapshot.events) > 5
print(json.dumps(sorted(sys.modules)))
"""


def test_the_store_records_and_checks_a_night_without_loading_anything_above_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'layers.sqlite3'}"
    proc = subprocess.run([sys.executable, "-c", SCRIPT, url], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    loaded = json.loads(proc.stdout)
    assert [m for m in loaded if m.startswith(ABOVE)] == []

"""Tamper evidence across export and import, through the real CLI: ``export --json`` carries every
event's hash and the chain head; ``import`` verifies them and refuses a file with one bet edited, one
event deleted or its last events cut off, naming the first event that does not match; ``--as-new``
takes it as a new, unverified night, and the report (text and PDF) and ``db verify`` say so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.handfile import read_night
from referee.recording.night_file import record_night
from referee.store.store import open_store

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "straight-draw-corrections.txt"
REFEREE = Path(sys.executable).parent / "referee"
REFUSED_HINT = ("Hint: nothing was imported. The file is not the session as it was exported: export it again from "
                "the original, or take it as a new, unverified night with --as-new")


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


@pytest.fixture
def exported(tmp_path: Path) -> dict[str, Any]:
    """Session 1 of another store (the straight draw night, closed), exported with --json."""
    source = f"sqlite:///{tmp_path / 'home.db'}"
    with open_store(source) as store:
        sid = record_night(store, read_night(EXAMPLE), table_name="Home", chip_value_cents=100)
        with store.transaction() as tx:
            tx.close_session(sid, {"Oleg": 50, "Ivan": 60, "Masha": 40})
    result = invoke("export", "1", "--json", "--db", source)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def write(tmp_path: Path, document: dict[str, Any], name: str) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document, indent=2))
    return path


def event(document: dict[str, Any], seq: int) -> dict[str, Any]:
    return next(e for e in document["events"] if e["seq"] == seq)


def test_the_json_export_carries_each_events_hash_and_the_chain_head(exported: dict[str, Any]) -> None:
    events = exported["events"]
    assert all(len(e["hash"]) == 64 and len(e["prev_hash"]) == 64 for e in events)
    assert all(later["prev_hash"] == earlier["hash"] for earlier, later in zip(events, events[1:]))
    assert exported["chain"] == {"ok": True, "events": len(events), "head": events[-1]["hash"], "problem": None}


def test_an_intact_export_imports_verified(exported: dict[str, Any], sqlite_url: str, tmp_path: Path) -> None:
    result = invoke("import", str(write(tmp_path, exported, "home.json")), "--db", sqlite_url)
    assert result.exit_code == 0, result.output
    head = exported["chain"]["head"]
    assert f"Hash chain verified: {len(exported['events'])} events, head {head[:16]} as exported." in result.output
    verified = invoke("db", "verify", "--db", sqlite_url)
    assert verified.exit_code == 0
    assert ", imported from a verified export" in verified.output and "All 1 session verified." in verified.output


def test_one_bet_edited_is_refused_naming_the_event(exported: dict[str, Any], sqlite_url: str,
                                                   tmp_path: Path) -> None:
    bet = event(exported, 8)
    assert (bet["kind"], bet["text"]) == ("Bet", "Ivan: bets 1")
    bet["payload"]["amount"] = 2  # "he bet two, not one"
    path = write(tmp_path, exported, "edited.json")
    result = invoke("import", str(path), "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"Error: {path}: the hash chain does not match: event 8 (hand 2, action 1: 'Ivan: bets 1', stored as "
        "'Ivan: bets 2'): its content does not match its hash (the row was edited)", REFUSED_HINT]
    assert invoke("session", "list", "--db", sqlite_url).output.startswith("No sessions yet")


def test_an_edit_with_its_hash_recomputed_is_still_caught(exported: dict[str, Any], sqlite_url: str,
                                                         tmp_path: Path) -> None:
    """Whoever edits a bet and recomputes its hash breaks the link to the next event instead."""
    from datetime import datetime

    from referee.store.chain import event_hash

    bet = event(exported, 8)
    bet["payload"]["amount"] = 2
    bet["hash"] = event_hash(bet["prev_hash"], session_id=exported["session"]["id"], seq=8, hand_number=bet["hand"],
                             kind=bet["kind"], payload=bet["payload"], text=bet["text"],
                             created_at=datetime.fromisoformat(bet["created_at"]))
    result = invoke("import", str(write(tmp_path, exported, "rehashed.json")), "--db", sqlite_url)
    assert result.exit_code == 2
    assert "event 9 (hand 2, action 2: 'Masha: raises 5'): it does not follow the previous event" in result.output


def test_one_event_deleted_is_refused_naming_where(exported: dict[str, Any], sqlite_url: str, tmp_path: Path) -> None:
    exported["events"] = [e for e in exported["events"] if e["seq"] != 11]
    path = write(tmp_path, exported, "deleted.json")
    result = invoke("import", str(path), "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (
        f"Error: {path}: the hash chain does not match: event 12 (hand 2, action 4: 'Oleg: calls'): expected "
        "sequence number 11 (an event is missing)")
    assert invoke("session", "list", "--db", sqlite_url).output.startswith("No sessions yet")


def test_events_cut_off_at_the_end_are_refused(exported: dict[str, Any], sqlite_url: str, tmp_path: Path) -> None:
    total = len(exported["events"])
    exported["events"] = exported["events"][:-3]  # the cash-outs gone
    path = write(tmp_path, exported, "cut.json")
    result = invoke("import", str(path), "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == (
        f"Error: {path}: the hash chain does not match: the export recorded {total} events and the file holds "
        f"{total - 3}: 3 events after event {total - 3} were removed")
    # and with the count edited too, the head still tells
    exported["chain"]["events"] = total - 3
    again = invoke("import", str(write(tmp_path, exported, "cut2.json")), "--db", sqlite_url)
    assert again.exit_code == 2 and "not at the head the export recorded" in again.output


def test_an_edited_header_is_refused(exported: dict[str, Any], sqlite_url: str, tmp_path: Path) -> None:
    exported["session"]["chip_value_cents"] = 1000  # the chips were worth ten times more, says the file
    result = invoke("import", str(write(tmp_path, exported, "header.json")), "--db", sqlite_url)
    assert result.exit_code == 2
    assert "event 1 (between hands: 'Oleg sits down with 50'): the session header was changed after recording" \
        in result.output


def test_as_new_takes_an_edited_file_as_an_unverified_night_and_says_so(exported: dict[str, Any], db_url: str,
                                                                       tmp_path: Path) -> None:
    event(exported, 8)["payload"]["amount"] = 2
    path = write(tmp_path, exported, "edited.json")
    result = invoke("import", str(path), "--db", db_url, "--as-new")
    assert result.exit_code == 0, result.output
    assert ("Taken as a new night, NOT verified against its export (--as-new): its report and `referee db verify` "
            "say so.") in result.output
    sid = result.output.split(" as session ")[1].split(":")[0]
    with open_store(db_url) as store:
        assert store.session(int(sid)).origin == "log-unverified"
    # db verify: imported unverified, not verified
    verify = invoke("db", "verify", "--db", db_url)
    assert verify.exit_code == 0
    assert f"session {sid}: {len(exported['events'])} events, chain intact since its import (head " in verify.output
    assert "IMPORTED UNVERIFIED with --as-new: its log before the import is not proven" in verify.output
    assert "All 1 session verified" not in verify.output
    assert verify.output.splitlines()[-1] == ("0 of 1 session verified; 1 imported unverified (their log before "
                                              "the import is not proven).")
    # the report says so, in the terminal and in the PDF
    report = invoke("report", sid, "--db", db_url)
    assert report.exit_code == 0, report.output
    assert ("Imported unverified: taken with --as-new from a session log whose hash chain did not match its export; "
            "the log is proven only since its import") in report.output
    pdf = tmp_path / "night.pdf"
    assert invoke("report", sid, "--db", db_url, "--pdf", str(pdf)).exit_code == 0
    from pypdf import PdfReader

    words = " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())
    assert "IMPORTED UNVERIFIED: taken with --as-new from a session log whose hash chain did not match its export" \
        in words
    assert "hash chain verified" not in words


def test_passing_an_unverified_import_off_as_verified_breaks_its_chain(exported: dict[str, Any], sqlite_url: str,
                                                                      tmp_path: Path) -> None:
    """How a night came into the store is part of its genesis hash: editing the mark is caught."""
    event(exported, 8)["payload"]["amount"] = 2
    assert invoke("import", str(write(tmp_path, exported, "e.json")), "--db", sqlite_url, "--as-new").exit_code == 0
    with open_store(sqlite_url) as store, store.engine.begin() as conn:
        conn.execute(text("UPDATE sessions SET origin = 'log-verified' WHERE id = 1"))
    verify = invoke("db", "verify", "--db", sqlite_url)
    assert verify.exit_code == 1
    assert "session 1: CHAIN BROKEN at event 1 " in verify.output and "the session header was changed" in verify.output


def test_as_new_is_for_a_session_log(sqlite_url: str) -> None:
    result = invoke("import", str(EXAMPLE), "--db", sqlite_url, "--as-new")
    assert result.exit_code == 2
    assert result.output.startswith("Error: --as-new: --as-new is for a session log (JSON): a hand file carries no "
                                    "hash chain")


def test_the_check_runs_in_a_real_process(exported: dict[str, Any], sqlite_url: str, tmp_path: Path) -> None:
    exported["events"] = [e for e in exported["events"] if e["seq"] != 10]
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    proc = subprocess.run([str(REFEREE), "import", str(write(tmp_path, exported, "d.json")), "--db", sqlite_url],
                          capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert "expected sequence number 10 (an event is missing)" in proc.stderr

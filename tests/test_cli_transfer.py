"""``referee import`` and ``referee export``: a night from a hand file into a new session and back,
exactly; the session log as JSON and back; generated nights of every game the hand format holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from helpers.cli import run
from helpers.nights import nights
from typer.testing import CliRunner

from referee.cli import app
from referee.engine.events import CashOut, Check, Leave, MoveSeat
from referee.handfile import Night, parse_night, read_night, write_night
from referee.recording.night_file import record_log_document, record_night
from referee.recording.session_log import hand_file_text, log_document, night_from_session, session_log
from referee.store.store import open_store

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "jackpots-friday.txt"


def what_was_recorded(document: dict[str, Any]) -> tuple[Any, ...]:
    """A session log without what belongs to one recording of it (ids, times, hashes)."""
    header = {k: v for k, v in document["session"].items() if k not in ("id", "started_at", "ended_at", "origin")}
    events = [(e["seq"], e["hand"], e["action"], e["kind"], e["payload"], e["text"]) for e in document["events"]]
    return header, events


def test_import_then_export_gives_the_canonical_file_back(db_url: str, tmp_path: Path) -> None:
    imported = runner.invoke(app, ["import", str(EXAMPLE), "--db", db_url, "--chip-value", "25c"])
    assert imported.exit_code == 0, imported.output
    with open_store(db_url) as store:
        assert store.session(1).table_name == "jackpots-friday" and store.session(1).chip_value_cents == 25
        fingerprint = store.session(1).fingerprint
    assert fingerprint is not None
    assert imported.output.splitlines() == [
        f"Imported {EXAMPLE} as session 1: 3 hands, 42 events (fingerprint {fingerprint[:16]}).",
        "Replay it with: referee replay --session 1"]
    exported = runner.invoke(app, ["export", "1", "--db", db_url])
    assert exported.exit_code == 0, exported.output
    assert exported.output == write_night(read_night(EXAMPLE))
    out = tmp_path / "night.txt"
    proc = run("export", "1", "--db", db_url, "--output", str(out))
    assert proc.returncode == 0 and proc.stdout == "" and out.read_text() == exported.output
    # and the session replays from the database alone, as the file does
    from_store = runner.invoke(app, ["replay", "--session", "1", "--db", db_url], env={"COLUMNS": "120"})
    from_file = runner.invoke(app, ["replay", str(EXAMPLE)], env={"COLUMNS": "120"})
    assert from_store.exit_code == 0, from_store.output
    assert from_store.output.splitlines()[0] == "Night: session 1 · 3 hands"
    assert "Final stacks: Ann 113, Bob 92, Cy 89, Dee 108, Eve 78" in from_store.output
    assert from_store.output.splitlines()[-2:] == from_file.output.splitlines()[-2:]
    as_json = run("replay", "--session", "1", "--json", "--db", db_url)
    assert as_json.returncode == 0 and json.loads(as_json.stdout)["final_stacks"] == {"Ann": 113, "Bob": 92, "Cy": 89, "Dee": 108, "Eve": 78}


def test_the_session_log_as_json_imports_as_the_same_log(db_url: str, tmp_path: Path) -> None:
    with open_store(db_url) as store:
        sid = record_night(store, read_night(EXAMPLE), table_name="Friday", chip_value_cents=25)
        store.close_session(sid, {"Ann": 113, "Bob": 92, "Cy": 89, "Dee": 108, "Eve": 78})
    dumped = run("export", str(sid), "--json", "--db", db_url)
    assert dumped.returncode == 0, dumped.stderr
    document = json.loads(dumped.stdout)
    assert document["format"] == "referee-session-log" and document["chain"]["ok"]
    assert [e["kind"] for e in document["events"][-6:]] == ["CashOut"] * 5 + ["Closed"]
    path = tmp_path / "friday.json"
    path.write_text(dumped.stdout)
    # the night is in this store already (session 1): taken again on purpose
    refused = run("import", str(path), "--db", db_url)
    assert refused.returncode == 2 and "this night is already in the store as session 1" in refused.stderr
    imported = run("import", str(path), "--db", db_url, "--again")
    assert imported.returncode == 0, imported.stderr
    assert "Hash chain verified: 48 events" in imported.stdout
    copy = imported.stdout.split(" as session ")[1].split(":")[0]  # PostgreSQL spent an id on the refusal
    again = json.loads(run("export", copy, "--json", "--db", db_url).stdout)
    assert what_was_recorded(again) == what_was_recorded(document)
    assert again["session"]["status"] == "closed"
    # the hand file of a closed night says the cash-outs and the close in comments
    text = run("export", copy, "--db", db_url)
    assert text.returncode == 0
    assert "\n# not in the hand format: Eve cashes out 78\n# not in the hand format: closed at " in text.stdout
    assert text.stderr.startswith("Note: the hand format has no words for 6 of the night's facts")
    assert parse_night(text.stdout) == read_night(EXAMPLE)


def test_a_seat_move_cannot_be_written_as_a_hand_file(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        sid = record_night(store, read_night(EXAMPLE), table_name="Friday", chip_value_cents=25)
        store.append_event(sid, None, MoveSeat("Eve", after="Ann"))
    result = runner.invoke(app, ["export", str(sid), "--db", sqlite_url])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"Error: session {sid} has a seat move (Eve moves after Ann, after the last hand), "
        "which the hand format cannot hold",
        f"Hint: `referee export {sid} --json` keeps the whole log",
    ]


def test_bad_imports_are_one_error_and_write_nothing(sqlite_url: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(EXAMPLE.read_text().replace("Dee: calls\nAnn: raises 2", "Dee: calls\nAnn: raises lots"))
    not_a_log = tmp_path / "other.json"
    not_a_log.write_text('{"hello": 1}')
    for path, error in ((bad, f"Error: {bad}:12: bad raise 'lots'"), (not_a_log, f"Error: {not_a_log}: not a referee session log"),
                        (tmp_path / "missing.txt", "Error: no such hand file")):
        result = runner.invoke(app, ["import", str(path), "--db", sqlite_url])
        assert result.exit_code == 2 and result.output.startswith(error), result.output
    with open_store(sqlite_url) as store:
        assert store.sessions() == []


def test_import_reports_every_bad_line_at_once_and_writes_nothing(sqlite_url: str, tmp_path: Path) -> None:
    """A scorekeeper with three typos fixes them in one go, as with ``referee replay``."""
    bad = tmp_path / "typos.txt"
    bad.write_text(EXAMPLE.read_text().replace("Dee: calls\nAnn: raises 2", "Dee: cals\nAnn: raises lots")
                   .replace("Bob: calls", "Bobb: calls", 1), encoding="utf-8")
    result = runner.invoke(app, ["import", str(bad), "--db", sqlite_url])
    assert result.exit_code == 2 and result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 3, result.stderr
    assert all(line.startswith(f"Error: {bad}:") for line in errors)
    assert any(f"{bad}:12: bad raise 'lots'" in line for line in errors)
    assert result.stderr.splitlines()[-1] == "3 bad lines: nothing was imported; fix them and run it again"
    assert "Traceback" not in result.output
    with open_store(sqlite_url) as store:
        assert store.sessions() == []


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(night=nights())
def test_generated_nights_round_trip_through_the_store(db_url: str, night: Night) -> None:
    """Every game the hand format holds: file -> session -> file is the same text; the session's log
    -> JSON -> new session gives the same log."""
    text = write_night(night)
    with open_store(db_url) as store:
        sid = record_night(store, parse_night(text), table_name="Generated", chip_value_cents=10)
        assert night_from_session(store, sid) == night
        assert hand_file_text(session_log(store, sid)) == (text, [])
        document = log_document(store.log_snapshot(sid), store.verify_chain(sid))
        copy = record_log_document(store, json.loads(json.dumps(document)))
        assert what_was_recorded(log_document(store.log_snapshot(copy), store.verify_chain(copy))) == \
            what_was_recorded(document)
        assert night_from_session(store, copy) == night
        assert store.verify_chain(copy).ok


def test_a_session_with_seat_moves_and_cash_outs_replays(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        sid = record_night(store, read_night(EXAMPLE), table_name="Friday", chip_value_cents=25)
        store.append_event(sid, None, MoveSeat("Eve", after="Ann"))
        store.append_event(sid, None, CashOut("Bob", 92))
        store.append_event(sid, None, Leave("Bob"))
        store.start_hand(sid)
        store.append_event(sid, 4, Check("Cy"))
    text = runner.invoke(app, ["replay", "--session", str(sid), "--db", sqlite_url], env={"COLUMNS": "120"})
    assert text.exit_code == 0, text.output
    assert "  Eve moves after Ann" in text.output and "  Bob cashes out 92" in text.output
    as_json = runner.invoke(app, ["replay", "--session", str(sid), "--db", sqlite_url, "--json"])
    assert as_json.exit_code == 0, as_json.output
    hand4 = json.loads(as_json.output)["hands"][3]
    assert hand4["seats"][:2] == ["Ann", "Eve"] and hand4["changes"] == [
        {"kind": "move_seat", "player": "Eve", "after": "Ann"}, {"kind": "cash_out", "player": "Bob", "chips": 92},
        {"kind": "leave", "player": "Bob"}]  # JSON v2 has every night event
    for args in (["replay"], ["replay", str(EXAMPLE), "--session", "1"]):
        wrong = runner.invoke(app, [*args, "--db", sqlite_url])
        assert wrong.exit_code == 2 and wrong.output.splitlines()[1] == (
            "Hint: referee replay night.txt, or referee replay --session ID")

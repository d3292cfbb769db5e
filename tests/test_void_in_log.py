"""Every fact that counts is in the log: a void and its undoing are events of the night's log, the
session's row is checked against the log by ``referee db verify`` (an edit to any of its columns, or
to a seat, is named), and a void night exported carries its void and imports as void."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner, Result

from helpers.nights import DISPUTED
from helpers.old_nights import downgraded
from referee.cli import app
from referee.recording.night_file import record_night
from referee.store.migrate import alembic_config
from referee.store.store import open_store

runner = CliRunner()


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def closed_night(url: str, table: str = "Kitchen") -> int:
    with open_store(url) as store:
        sid = record_night(store, DISPUTED, table_name=table, chip_value_cents=25)
        store.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})
    return sid


def kinds(url: str, sid: int) -> list[str]:
    with open_store(url) as store:
        return [row.kind for row in store.events(sid)]


def counted(url: str) -> str:
    done = cli("standings", "--db", url)
    assert done.exit_code == 0, done.output
    return done.output


def test_a_void_and_its_undoing_are_events_of_the_log_and_the_night_counts_again(db_url: str) -> None:
    sid = closed_night(db_url)
    assert "Ann" in counted(db_url)
    voided = cli("session", "void", str(sid), "--why", "typed up twice", "--db", db_url)
    assert voided.exit_code == 0, voided.output
    assert kinds(db_url, sid)[-1] == "Voided"
    assert "Not counted: session 1, void (typed up twice)" in " ".join(counted(db_url).split())
    unvoided = cli("session", "unvoid", str(sid), "--why", "it was the other copy", "--db", db_url)
    assert unvoided.exit_code == 0, unvoided.output
    assert unvoided.output == "Session 1 (Kitchen) is no longer void: it counts again (closed).\n"
    assert kinds(db_url, sid)[-2:] == ["Voided", "Unvoided"]
    assert "Ann" in counted(db_url) and "void" not in counted(db_url)
    with open_store(db_url) as store:
        assert store.verify_chain(sid).ok and store.audit_session(sid) == []
        game = store.session(sid)
        assert game.void_reason is None and game.voided_at is None
    verified = cli("db", "verify", "--db", db_url)
    assert verified.exit_code == 0 and verified.output.endswith("All 1 session verified.\n"), verified.output


def test_unvoid_of_a_night_that_is_not_void_is_refused_and_a_rerun_is_recorded_once(sqlite_url: str) -> None:
    sid = closed_night(sqlite_url)
    refused = cli("session", "unvoid", str(sid), "--why", "no", "--db", sqlite_url)
    assert refused.exit_code == 2
    assert refused.output.splitlines() == [f"Error: session {sid} is closed: an unvoid is refused",
                                           "Hint: it is not void: there is no void to undo; see it with: referee session show "
                                           f"{sid} (or referee export {sid})"]
    assert cli("session", "void", str(sid), "--why", "twice", "--db", sqlite_url).exit_code == 0
    assert cli("session", "unvoid", str(sid), "--why", "once", "--db", sqlite_url).exit_code == 0
    rerun = cli("session", "unvoid", str(sid), "--why", "once", "--db", sqlite_url)
    assert rerun.exit_code == 0 and rerun.output.startswith(f"Already recorded: void undone: once (session {sid}, event ")
    assert kinds(sqlite_url, sid).count("Unvoided") == 1


#: edits of the session's row (and a seat) that the log does not say, each as SQL; {zed}: a player of
#: the store who did not play
EDITS = {
    "void set": "UPDATE sessions SET void_reason = 'counted nowhere', voided_at = started_at",
    "head": "UPDATE sessions SET last_seq = last_seq - 1",
    "head hash": "UPDATE sessions SET last_hash = prev_hash_of_last",
    "status": "UPDATE sessions SET status = 'closed', ended_at = NULL",
    "seat given to another": "UPDATE seats SET player_id = {zed} WHERE name = 'Ann'",
    "seat renamed": "UPDATE seats SET name = 'Zed', name_key = 'zed', player_id = {zed} WHERE name = 'Ann'",
    "table": "UPDATE sessions SET table_name = 'Garage'",
    "rulebook": "UPDATE sessions SET rulebook = 'draw'",
    "chip value": "UPDATE sessions SET chip_value_cents = 100",
    "options": "UPDATE sessions SET options = '{{\"ante\": 5}}'",
    "origin": "UPDATE sessions SET origin = 'hand-file'",
    "log version": "UPDATE sessions SET log_version = 1",
}


@pytest.mark.parametrize("edit", list(EDITS))
def test_an_edit_to_a_session_column_or_seat_is_named_by_db_verify(sqlite_url: str, edit: str) -> None:
    with open_store(sqlite_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)  # open: Ann, Bob, Cy due
        other = closed_night(sqlite_url, "Hall")
        zed = store.add_player("Zed").id
        last = store.events(sid)[-1]
    assert cli("db", "verify", "--db", sqlite_url).exit_code == 0
    sql = EDITS[edit].format(zed=zed).replace("prev_hash_of_last", f"'{last.prev_hash}'")
    with open_store(sqlite_url) as store, store.engine.begin() as conn:
        conn.execute(text(sql + (" WHERE id = :s" if "WHERE" not in sql else " AND session_id = :s")), {"s": sid})
    verified = cli("db", "verify", "--db", sqlite_url)
    assert verified.exit_code == 1, verified.output
    said = verified.output.splitlines()
    assert said[0].startswith(f"session {sid}: CHAIN BROKEN") or said[0].startswith(f"session {sid}: ROW EDITED:"), said
    assert said[1].startswith(f"session {other}: ") and "intact" in said[1]


def test_a_void_column_cleared_by_hand_is_named_and_so_is_a_moved_void_time(db_url: str) -> None:
    sid = closed_night(db_url)
    assert cli("session", "void", str(sid), "--why", "typed up twice", "--db", db_url).exit_code == 0
    for sql, says in [
        ("UPDATE sessions SET void_reason = NULL, voided_at = NULL", "it is marked not void, its log says void "
                                                                     "('typed up twice', event "),
        ("UPDATE sessions SET voided_at = started_at", "it is marked void ('typed up twice'), its log says void"),
    ]:
        with open_store(db_url) as store:
            with store.engine.begin() as conn:
                before = conn.execute(text("SELECT void_reason, voided_at FROM sessions")).one()
                conn.execute(text(sql))
            verified = cli("db", "verify", "--db", db_url)
            assert verified.exit_code == 1 and says in verified.output, verified.output
            with store.engine.begin() as conn:
                conn.execute(text("UPDATE sessions SET void_reason = :r, voided_at = :t"),
                             {"r": before[0], "t": before[1]})
    assert cli("db", "verify", "--db", db_url).exit_code == 0


def test_a_void_night_exported_carries_its_void_and_imports_as_void(sqlite_url: str, tmp_path: Path) -> None:
    sid = closed_night(sqlite_url)
    assert cli("session", "void", str(sid), "--why", "typed up twice", "--db", sqlite_url).exit_code == 0
    exported = tmp_path / "night.json"
    assert cli("export", str(sid), "--json", "-o", str(exported), "--db", sqlite_url).exit_code == 0
    assert json.loads(exported.read_text())["events"][-1]["kind"] == "Voided"
    elsewhere = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    imported = cli("import", str(exported), "--db", elsewhere)
    assert imported.exit_code == 0, imported.output
    with open_store(elsewhere) as store:
        [game] = store.sessions()
        assert game.void_reason == "typed up twice" and game.status == "closed"
        assert store.audit_session(game.id) == []  # type: ignore[arg-type]
    assert "Not counted: session 1, void (typed up twice)" in " ".join(counted(elsewhere).split())


def test_a_night_voided_before_voids_were_logged_gets_its_void_event_on_upgrade(sqlite_url: str) -> None:
    with open_store(sqlite_url) as old:
        sid = record_night(old, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        downgraded(old, "0007")
        closed_night_at_0007(old, sid)
    with open_store(sqlite_url) as store:  # the first use migrates
        assert [row.kind for row in store.events(sid)][-1] == "Voided"
        assert store.verify_chain(sid).ok and store.audit_session(sid) == []
        assert store.session(sid).void_reason == "imported twice"


def closed_night_at_0007(store: object, sid: int) -> None:
    """Night ``sid`` voided as the release before voids were logged voided it: the columns only."""
    from referee.store.store import Store

    assert isinstance(store, Store)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE sessions SET void_reason = 'imported twice', voided_at = started_at WHERE id = :s"),
                     {"s": sid})

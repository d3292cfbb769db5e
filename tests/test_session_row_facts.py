"""Every column of a session's row that counts is the log's or carries the store's signature, and
`referee db verify` names an edit to any of them: a close always leaves a ``Closed`` event (a close
after a reopen too), so a night set back to open by hand is seen; ``created_at``, ``buy_in_default``
and ``fingerprint``, which no event holds, are signed.  Stores closed before a close was an event get
their ``Closed`` event, and their rows their signature, on upgrade."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text
from typer.testing import CliRunner, Result

from helpers.cli import run
from helpers.nights import DISPUTED
from helpers.old_nights import downgraded
from helpers.tamper import past_the_triggers
from referee.cli import app
from referee.recording.night_file import record_night
from referee.store.store import Store, open_store

runner = CliRunner()

#: an edit of each column of the sessions table, as SQL both databases take (``id`` is the row's own
#: name: the seats, hands and events point at it)
EDITS = {
    "table_name": "UPDATE sessions SET table_name = 'Garage'",
    "started_at": "UPDATE sessions SET started_at = ended_at",
    "ended_at": "UPDATE sessions SET ended_at = started_at",
    "rulebook": "UPDATE sessions SET rulebook = 'draw'",
    "options": "UPDATE sessions SET options = '{\"ante\": 5}'",
    "chip_value_cents": "UPDATE sessions SET chip_value_cents = 100",
    "status": "UPDATE sessions SET status = 'open'",
    "created_at": "UPDATE sessions SET created_at = started_at",
    "log_version": "UPDATE sessions SET log_version = 1",
    "buy_in_default": "UPDATE sessions SET buy_in_default = 50",
    "fingerprint": f"UPDATE sessions SET fingerprint = '{'b' * 64}'",
    "origin": "UPDATE sessions SET origin = 'hand-file'",
    "void_reason": "UPDATE sessions SET void_reason = 'counted nowhere'",
    "voided_at": "UPDATE sessions SET voided_at = started_at",
    "last_seq": "UPDATE sessions SET last_seq = last_seq - 1",
    "last_hash": f"UPDATE sessions SET last_hash = '{'0' * 64}'",
    "digest": "UPDATE sessions SET digest = NULL",
}


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def reopened_and_closed(store: Store, table: str) -> int:
    """A night closed, reopened to correct it and closed again (nothing left to cash out: the second
    close appends no cash-out), with an import's fingerprint."""
    sid = record_night(store, DISPUTED, table_name=table, chip_value_cents=25)
    store.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})
    store.reopen_session(sid, "Bob's count was checked again")
    store.close_session(sid)
    with store.transaction() as tx:
        tx.set_fingerprint(sid, "a" * 64)
    return sid


def test_every_column_of_the_sessions_table_has_its_edit() -> None:
    from referee.store.models import GameSession

    columns = {column.name for column in GameSession.__table__.columns}  # type: ignore[attr-defined]
    assert columns - {"id"} == set(EDITS)


def test_a_close_after_a_reopen_is_an_event_and_the_log_says_the_night_is_closed(db_url: str) -> None:
    with open_store(db_url) as store:
        sid = reopened_and_closed(store, "Kitchen")
        kinds = [row.kind for row in store.events(sid)]
        assert kinds[-3:] == ["Closed", "Reopened", "Closed"]
        game = store.session(sid)
        assert game.status == "closed" and store.audit_session(sid) == [] and store.unsigned_rows() == []
        assert store.events(sid)[-1].payload == {"at": game.ended_at.isoformat(timespec="microseconds")}  # type: ignore[union-attr]
    verified = cli("db", "verify", "--db", db_url)
    assert verified.exit_code == 0 and verified.output.endswith("All 1 session verified.\n"), verified.output


@pytest.mark.parametrize("column", list(EDITS))
def test_an_edit_to_any_column_of_a_session_row_is_named_by_db_verify(db_url: str, column: str) -> None:
    with open_store(db_url) as store:
        sid = reopened_and_closed(store, "Kitchen")
        other = reopened_and_closed(store, "Hall")
        assert cli("db", "verify", "--db", db_url).exit_code == 0
        with past_the_triggers(store) as conn:
            conn.execute(text(EDITS[column] + " WHERE id = :s"), {"s": sid})
    verified = cli("db", "verify", "--db", db_url)
    assert verified.exit_code == 1, verified.output
    said = verified.output.splitlines()
    assert said[0].startswith((f"session {sid}: CHAIN BROKEN", f"session {sid}: ROW EDITED:")), said
    assert said[1].startswith(f"session {other}: ") and "intact" in said[1], said


def test_the_status_set_back_to_open_is_named_with_what_the_log_says(db_url: str) -> None:
    with open_store(db_url) as store:
        sid = reopened_and_closed(store, "Kitchen")
        last = store.events(sid)[-1].seq
        with past_the_triggers(store) as conn:
            conn.execute(text("UPDATE sessions SET status = 'open' WHERE id = :s"), {"s": sid})
    verified = cli("db", "verify", "--db", db_url)
    assert f"session {sid}: ROW EDITED: it is marked open, its log says closed (event {last}: closed)" \
        in verified.output


def test_a_night_closed_before_a_close_was_an_event_gets_its_close_and_its_signature_on_upgrade(db_url: str) -> None:
    with open_store(db_url) as store:
        sid = reopened_and_closed(store, "Kitchen")
        head = store.verify_chain(sid)
        ended = store.session(sid).ended_at
        downgraded(store, "0008")
        # the second close as the release before wrote it: no event
        with past_the_triggers(store) as conn:
            last = conn.execute(text("SELECT seq, prev_hash FROM events WHERE session_id = :s ORDER BY seq DESC"),
                                {"s": sid}).first()
            conn.execute(text("DELETE FROM events WHERE session_id = :s AND seq = :q"), {"s": sid, "q": last.seq})
            conn.execute(text("UPDATE sessions SET last_seq = :q, last_hash = :h WHERE id = :s"),
                         {"q": last.seq - 1, "h": last.prev_hash, "s": sid})
            assert "digest" not in {c["name"] for c in inspect(conn).get_columns("sessions")}
    upgraded = run("db", "upgrade", "--db", db_url)  # a process of its own: nothing of the store loaded before
    assert upgraded.returncode == 0 and "schema 0008 -> " in upgraded.stdout, upgraded.stderr
    with open_store(db_url) as store:
        rows = store.events(sid)
        assert [row.kind for row in rows][-2:] == ["Reopened", "Closed"] and rows[-1].seq == head.events
        assert store.verify_chain(sid).ok and store.audit_session(sid) == [] and store.unsigned_rows() == []
        assert store.session(sid).ended_at == ended and store.session(sid).status == "closed"

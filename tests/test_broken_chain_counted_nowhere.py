"""A night whose log's hash chain does not verify is counted nowhere: the standings leave it out and
name it with the command that explains (`referee db verify`), settle refuses it in one line, and the
report says its chain is broken.  Its figures are replayed from the log as it is now (nothing kept
from before the edit is read), so the edit shows."""

from __future__ import annotations

from sqlalchemy import text
from typer.testing import CliRunner, Result

from helpers.nights import DISPUTED
from helpers.tamper import past_the_triggers
from referee.cli import app
from referee.recording.night_file import record_night
from referee.store.store import open_store

runner = CliRunner()


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def test_a_night_edited_after_recording_is_named_and_counted_nowhere(db_url: str) -> None:
    with open_store(db_url) as store:
        edited = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        store.close_session(edited, {"Ann": 17, "Bob": 30, "Cy": 23})
        kept = record_night(store, DISPUTED, table_name="Hall", chip_value_cents=25)
        store.close_session(kept, {"Ann": 17, "Bob": 30, "Cy": 23})
        day = f"{store.session(edited).started_at:%Y-%m-%d}"
        # Ann's count raised by 100 chips in the log, past the triggers; the kept figures dropped, as a
        # new referee version would find them
        with past_the_triggers(store) as conn:
            conn.execute(text("UPDATE events SET payload = :p WHERE session_id = :s AND kind = 'CashOut' "
                              "AND payload LIKE '%Ann%'" if store.dialect == "sqlite" else
                              "UPDATE events SET payload = CAST(:p AS jsonb) WHERE session_id = :s "
                              "AND kind = 'CashOut' AND payload->>'player' = 'Ann'"),
                         {"p": '{"player": "Ann", "chips": 117}', "s": edited})
            conn.execute(text("DELETE FROM night_results"))
    standings = cli("standings", "--db", db_url)
    assert standings.exit_code == 0, standings.output
    assert f"Not counted: session {edited}, its log was changed after recording" in " ".join(standings.stdout.split())
    [warning] = standings.stderr.splitlines()
    assert warning.startswith(f"Warning: not counted: session {edited} (Kitchen, {day}): its log was changed after "
                              "recording (at event ")
    assert warning.endswith(f"`referee db verify --session {edited}` says what no longer fits; restore the store "
                            "from a backup, or void the night")
    settled = cli("settle", str(edited), "--db", db_url)
    assert settled.exit_code == 2
    first, hint = settled.output.splitlines()
    assert first.startswith(f"Error: session {edited} (Kitchen, {day}): its log was changed after recording (at event ")
    assert hint == (f"Hint: `referee db verify --session {edited}` says what no longer fits; restore the store from a "
                    "backup, or void the night")
    report = cli("report", str(edited), "--db", db_url)
    assert f"The log's hash chain is broken: `referee db verify --session {edited}` says what no longer fits" \
        in " ".join(report.stdout.split())
    assert report.stderr.startswith(f"Warning: session {edited}: its log was changed after recording")
    assert cli("settle", str(kept), "--db", db_url).exit_code == 0


def test_the_players_page_of_a_night_edited_after_recording_is_not_served(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        with past_the_triggers(store) as conn:
            conn.execute(text("UPDATE events SET text = 'Cy: folds' WHERE session_id = :s AND seq = 5"), {"s": sid})
    refused = cli("serve", str(sid), "--no-qr", "--port", "0", "--db", sqlite_url)
    assert refused.exit_code == 2
    first, hint = refused.output.splitlines()
    assert first.startswith(f"Error: session {sid}: its log was changed after recording (at event 5 ")
    assert hint.startswith(f"Hint: `referee db verify --session {sid}` says what no longer fits")


def test_the_players_page_shows_no_night_whose_log_read_does_not_hold_its_chain(sqlite_url: str) -> None:
    from referee.scoreboard.feed import NightFeed

    with open_store(sqlite_url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        feed = NightFeed(store, sid)
        _, view = feed.read()
        assert view is not None and "unavailable" not in view
        # a row appended by hand after the page read the log: it follows the last hash, its own is made up
        with store.engine.begin() as conn:
            last = conn.execute(text("SELECT seq, hash, hand_number FROM events WHERE session_id = :s "
                                     "ORDER BY seq DESC LIMIT 1"), {"s": sid}).one()
            conn.execute(text("INSERT INTO events (session_id, seq, hand_number, kind, payload, text, created_at, "
                              "prev_hash, hash) VALUES (:s, :q, :h, 'Fold', '{\"player\": \"Cy\"}', 'Cy: folds', "
                              "'2026-12-05 10:00:00.000000', :p, :x)"),
                         {"s": sid, "q": last.seq + 1, "h": last.hand_number, "p": last.hash, "x": "0" * 64})
        _, view = feed.read()
        assert view is not None and view["unavailable"] == "the night cannot be shown right now"
        assert NightFeed(store, sid).read()[1]["unavailable"]  # nor when the log is read whole

"""Migration 0006 (kept replay results, ``night_results``) takes an older database along: a store at
schema 0005 holding a closed night upgrades on first use, its chain verifies as before, and its
standings are answered, kept, and then read from what was kept."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text
from typer.testing import CliRunner

from helpers.old_nights import downgraded
from referee.cli import app
from referee.handfile import read_night
from referee.ledger.standings import standings
from referee.recording.night_file import record_night
from referee.store.store import open_store
from referee.store.migrate import alembic_config, current_revision, head_revision, upgrade

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "straight-draw-corrections.txt"


def test_a_database_at_0005_upgrades_and_its_nights_are_kept_on_first_read(db_url: str) -> None:
    from alembic import command

    with open_store(db_url) as old:
        # recording a night never touches the kept results: a 0005 referee wrote it just so
        sid = record_night(old, read_night(EXAMPLE), table_name="Kitchen", chip_value_cents=100)
        old.close_session(sid, {"Oleg": 50, "Ivan": 60, "Masha": 40})
        head = old.verify_chain(sid).head
        with old.engine.begin() as conn:
            conn.execute(text("DELETE FROM night_results"))
        downgraded(old, "0005")
        with old.engine.connect() as conn:
            assert current_revision(conn) == "0005" and "night_results" not in inspect(conn).get_table_names()
    with open_store(db_url) as store:  # the first use migrates
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision()
            assert "night_results" in inspect(conn).get_table_names()
        report = store.verify_chain(sid)
        assert report.ok and report.head == head
        assert standings(store).replayed == (sid,)
        assert standings(store).replayed == ()
    result = runner.invoke(app, ["standings", "--db", db_url])
    assert result.exit_code == 0 and "1 night ·" in result.output and "Ivan" in result.output


def test_the_migration_goes_back_down_to_0005(sqlite_url: str) -> None:
    from alembic import command

    with open_store(sqlite_url) as store:
        sid = record_night(store, read_night(EXAMPLE), table_name="Kitchen", chip_value_cents=100)
        store.close_session(sid, {"Oleg": 50, "Ivan": 60, "Masha": 40})
        standings(store)
        with store.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), "0005")
        with store.engine.connect() as conn:
            assert "night_results" not in inspect(conn).get_table_names()
        upgrade(store.engine)  # up again: this referee reads the schema it writes
        assert store.verify_chain(sid).ok

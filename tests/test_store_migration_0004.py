"""Migration 0004 (an import's fingerprint and origin, a void mark) takes an older database along:
a store at schema 0003 with a recorded night upgrades on first use, its chain verifies as before, and
its nights count, can be voided and imported beside."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import MetaData, inspect
from typer.testing import CliRunner

from referee.cli import app
from referee.handfile import read_night
from referee.recording.night_file import record_night
from referee.store.store import open_store
from referee.store.migrate import alembic_config, current_revision, head_revision

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "straight-draw-corrections.txt"
NEW_COLUMNS = {"fingerprint", "origin", "void_reason", "voided_at"}


def database_at_0003(url: str, night_from: str) -> None:
    """A database as referee left it at schema 0003, holding the night of store ``night_from`` (its
    rows copied column by column: the columns 0003 had, as a 0003 referee wrote them)."""
    from alembic import command

    with open_store(url, migrate=False) as old, old.engine.connect() as conn:
        with conn.begin():
            command.upgrade(alembic_config(conn), "0003")
        with open_store(night_from) as source, source.engine.connect() as reading, conn.begin():
            tables = MetaData()
            tables.reflect(conn)
            assert NEW_COLUMNS.isdisjoint(c.name for c in tables.tables["sessions"].columns)
            for name in ("players", "player_aliases", "sessions", "seats", "hands", "events"):
                table = tables.tables[name]
                rows = [{c.name: row._mapping[c.name] for c in table.columns}
                        for row in reading.execute(table.select())]
                if rows:
                    conn.execute(table.insert(), rows)


def test_a_database_at_0003_upgrades_and_keeps_its_night(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    with open_store(source) as store:
        sid = record_night(store, read_night(EXAMPLE), table_name="Kitchen", chip_value_cents=100)
        with store.transaction() as tx:
            tx.close_session(sid, {"Oleg": 50, "Ivan": 60, "Masha": 40})
        head = store.verify_chain(sid).head
    url = f"sqlite:///{tmp_path / 'old.db'}"
    database_at_0003(url, source)
    with open_store(url) as store:  # the first use migrates
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision()  # 0004 and every migration after it
            assert NEW_COLUMNS <= {c["name"] for c in inspect(conn).get_columns("sessions")}
        game = store.session(sid)
        assert (game.fingerprint, game.origin, game.void_reason, game.voided_at) == (None, None, None, None)
        report = store.verify_chain(sid)
        assert report.ok and report.head == head  # the genesis of a night recorded before is unchanged
    standings = runner.invoke(app, ["standings", "--db", url])
    assert standings.exit_code == 0 and "1 night ·" in standings.output and "Ivan" in standings.output
    # a night recorded before the fingerprints is still recognised when its export comes back
    path = tmp_path / "kitchen.json"
    path.write_text(runner.invoke(app, ["export", str(sid), "--json", "--db", url]).stdout)
    back = runner.invoke(app, ["import", str(path), "--db", url])
    assert back.exit_code == 2 and f"already in the store as session {sid} (table Kitchen" in back.output
    voided = runner.invoke(app, ["session", "void", str(sid), "--why", "typed up twice", "--db", url])
    assert voided.exit_code == 0, voided.output
    assert runner.invoke(app, ["import", str(path), "--db", url]).exit_code == 0  # a void night is no copy
    verify = runner.invoke(app, ["db", "verify", "--db", url])
    assert verify.exit_code == 0 and "All 2 sessions verified." in verify.output

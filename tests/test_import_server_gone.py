"""A database server that goes away in the middle of an import: the import says so in one error line
and its hint (exit 75, nothing imported), with no line of psycopg's own before it (closing its
pipeline on the lost connection fails again: that is no second error to print)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from helpers.processes import finish, libpq, start
from helpers.season import template_text
from referee.store.store import open_store


@pytest.mark.postgres
def test_a_server_going_away_mid_import_is_one_error_line(pg_url: str, tmp_path: Path) -> None:
    night = tmp_path / "long.txt"
    night.write_text(template_text(4000, 1, ("Ann", "Bob", "Cy")))
    assert finish(start("db", "upgrade", "--db", pg_url))[0] == 0
    with psycopg.connect(libpq(pg_url), autocommit=True) as watch:
        proc = start("import", str(night), "--db", pg_url)
        ended = False
        while proc.poll() is None and not ended:  # its connection ended while it writes the events
            for (pid,) in watch.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
                    "AND query LIKE 'INSERT INTO events%'").fetchall():
                watch.execute("SELECT pg_terminate_backend(%s)", (pid,))
                ended = True
            time.sleep(0.005)
        code, out, err = finish(proc)
    assert ended, (code, out, err)
    assert code == 75, err
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith("Error: ") and "the database server went away" in lines[0], err
    assert lines[1].startswith("Hint: ")
    with open_store(pg_url) as store:
        assert store.sessions() == []


#: a program that opens the store and, in the pipeline psycopg's executemany runs (an import's bulk
#: insert), loses its connection to the server: the error is caught (the CLI says it in one line)
PIPELINE_LOST = """
import sys
import psycopg
from referee.store.store import open_store

with open_store(sys.argv[1]) as store, store.engine.connect() as conn:
    raw = conn.connection.driver_connection
    pid = raw.execute("SELECT pg_backend_pid()").fetchone()[0]
    try:
        with raw.cursor() as cursor:
            # the backend ends itself while thousands of statements are still being sent
            cursor.executemany("SELECT pg_terminate_backend(%s) FROM (SELECT pg_sleep(0.2)) AS s", [(pid,)] * 20000)
    except psycopg.Error as err:
        print("lost" if isinstance(err, psycopg.OperationalError) else err)
    conn.invalidate()  # the connection is gone: not handed back to the pool
"""


@pytest.mark.postgres
def test_a_connection_lost_inside_psycopgs_pipeline_prints_no_warning_of_its_own(pg_url: str) -> None:
    done = subprocess.run([sys.executable, "-c", PIPELINE_LOST, pg_url], capture_output=True,
                          text=True, timeout=120)
    assert done.stdout == "lost\n", (done.stdout, done.stderr)
    assert done.stderr == "", done.stderr

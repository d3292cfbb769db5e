"""`referee demo`, the README's main job: record the built-in night into the store and replay it
from the log — on the embedded default (SQLite in the user data folder) and on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.store import open_store

runner = CliRunner()


def test_demo_records_and_replays(db_url: str) -> None:
    result = runner.invoke(app, ["demo", "--db", db_url], terminal_width=120)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Recorded as session 1" in out and "3 hands" in out
    assert "Replay of the stored log matches the replay of the file; hash chain verified." in out
    assert "Final stacks: Ann 113, Bob 92, Cy 89, Dee 108, Eve 78" in out
    store = open_store(db_url)
    try:
        assert [h.number for h in store.hands(1)] == [1, 2, 3]
        assert store.verify_chain(1).ok
        assert len(store.events(1)) == 41  # 35 actions; 4 sit-downs and the dealer to open; Eve sits down
        assert [r.kind for r in store.events(1) if r.hand_number is None] == ["SitDown"] * 4 + ["SetDealer", "SitDown"]
        assert {s.name for s in store.seats(1)} == {"Ann", "Bob", "Cy", "Dee", "Eve"}
        assert store.hand(1, 1).result is not None
    finally:
        store.close()
    again = runner.invoke(app, ["demo", "--db", db_url], terminal_width=120)
    assert again.exit_code == 0 and "Recorded as session 2" in again.output


def test_demo_on_the_default_database_in_a_real_process(tmp_path: Path) -> None:
    """The README's first command: no --db, no REFEREE_DB: SQLite in the user data folder."""
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["HOME"] = str(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "referee", "demo"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert "hash chain verified" in proc.stdout
    assert (tmp_path / "data" / "referee" / "referee.sqlite3").is_file()


def test_demo_bad_chip_value_writes_nothing(sqlite_url: str) -> None:
    result = runner.invoke(app, ["demo", "--db", sqlite_url, "--chip-value", "abc"])
    assert result.exit_code == 2
    assert "Error:" in result.output and "Traceback" not in result.output
    assert not Path(sqlite_url.removeprefix("sqlite:///")).exists()


def test_demo_unreachable_server_is_one_line(tmp_path: Path) -> None:
    url = "postgresql://scorer:s3cret@127.0.0.1:1/referee"
    proc = subprocess.run(
        [sys.executable, "-m", "referee", "demo", "--db", url], capture_output=True, text=True, cwd=tmp_path
    )
    assert proc.returncode == 2
    assert "s3cret" not in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("Error:")
    assert "127.0.0.1:1" in proc.stderr


def test_readme_opens_with_the_two_commands() -> None:
    """The README starts with the main job (this demo) and the whole test suite."""
    lines = (Path(__file__).parents[1] / "README.md").read_text().splitlines()
    commands = [line for line in lines[:6] if line.startswith("python3 -m venv")]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/referee demo",
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/pytest",
    ]

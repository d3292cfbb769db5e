"""`referee demo`, the README's main job: record the built-in night into the store and replay it
from the log — on the embedded default (SQLite in the user data folder) and on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()


def test_demo_records_replays_settles_and_reports(db_url: str, tmp_path: Path) -> None:
    pdf = tmp_path / "night.pdf"
    result = runner.invoke(app, ["demo", "--db", db_url, "--pdf", str(pdf)], terminal_width=120)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Recorded as session 1" in out and "9 hands" in out
    assert "Replay of the stored log matches the replay of the file; hash chain verified." in out
    assert f"The PDF report of the night: {pdf.resolve()}" in out
    assert "Cy opened without openers" in out  # the Jackpots false open
    assert "Bob buys La Viuda: twice a chip's price, into the fund" in out
    assert "Chips: 174 bought + 1 put on by games − 5 taken off by games = 170 cashed out: holds" in out
    assert pdf.read_bytes().startswith(b"%PDF-")
    store = open_store(db_url)
    try:
        assert [h.number for h in store.hands(1)] == list(range(1, 10))
        assert store.verify_chain(1).ok and store.session(1).status == "closed"
        kinds = [r.kind for r in store.events(1) if r.hand_number is None]
        assert kinds[:4] == ["SitDown"] * 3 + ["SetDealer"]
        assert kinds.count("LedgerSetting") == 2 and kinds.count("CashOut") == 5 and kinds[-1] == "TransferPaid"
        assert kinds.count("Ruling") == 1  # the dispute of hand 7, ruled from the log before the night closed
    finally:
        store.close()
    again = runner.invoke(app, ["demo", "--db", db_url, "--pdf", str(pdf)], terminal_width=120)
    assert again.exit_code == 0 and "Recorded as session 2" in again.output


def test_demo_on_its_own_database_in_a_real_process(tmp_path: Path) -> None:
    """The README's first command: no --db: the demo's own SQLite file in the user data folder (never
    REFEREE_DB, never the user's real database), and the PDF beside it."""
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["HOME"] = str(tmp_path)
    env["REFEREE_DB"] = f"sqlite:///{tmp_path / 'real.sqlite3'}"
    proc = subprocess.run(
        [sys.executable, "-m", "referee", "demo"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert "hash chain verified" in proc.stdout
    folder = tmp_path / "data" / "referee"
    assert (folder / "referee-demo.sqlite3").is_file() and not (folder / "referee.sqlite3").exists()
    assert not (tmp_path / "real.sqlite3").exists()
    assert f"The PDF report of the night: {folder / 'referee-demo-night.pdf'}" in proc.stdout
    assert (folder / "referee-demo-night.pdf").read_bytes().startswith(b"%PDF-")


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

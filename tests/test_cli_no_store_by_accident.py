"""No store by accident: a SQLite path that does not exist is created only by the commands that start
something (``session new``, ``import``, ``import-ledger``, ``demo``, ``db upgrade``); every other
command refuses it in one line, exit 2, naming a file of a nearby name when there is one (the host
typed ``nights.sqlite`` for ``nights.sqlite3``), and leaves no file behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli import app

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"
ROOT = Path(__file__).resolve().parent.parent
NIGHT = ROOT / "examples" / "straight-draw-corrections.txt"
HINT = ("Hint: check the path; only the commands that start something create a store (referee session new, "
        "referee import, referee import-ledger, referee demo, referee db upgrade)")

#: every command that reads or adds to a store that must exist already, with its other arguments
READING = {
    "session list": ["session", "list"],
    "session show": ["session", "show", "1"],
    "session close": ["session", "close", "1", "-c", "Ann:50"],
    "session reopen": ["session", "reopen", "1", "--why", "recount"],
    "session amend": ["session", "amend", "1", "--rebuy", "Ann:20", "--why", "forgot"],
    "session delete": ["session", "delete", "1"],
    "session void": ["session", "void", "1", "--why", "test"],
    "act": ["act", "1", "new hand"],
    "replay --session": ["replay", "--session", "1"],
    "dispute": ["dispute", "1", "--hand", "1", "--action", "1", "was it right?"],
    "export": ["export", "1"],
    "settle": ["settle", "1"],
    "report": ["report", "1"],
    "standings": ["standings"],
    "table": ["table", "1"],
    "serve": ["serve", "1"],
    "db info": ["db", "info"],
    "db verify": ["db", "verify"],
}


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200", "REFEREE_DB": None})


@pytest.mark.parametrize("command", list(READING))
def test_a_command_that_only_uses_a_store_refuses_a_missing_one(command: str, tmp_path: Path) -> None:
    missing = tmp_path / "nights.sqlite3"
    result = invoke(*READING[command], "--db", f"sqlite:///{missing}")
    assert result.exit_code == 2, result.output
    assert result.output.splitlines() == [f"Error: no store at {missing}: no such file in {tmp_path}", HINT]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["session list", "report", "db verify"])
def test_a_nearby_name_is_suggested(command: str, tmp_path: Path) -> None:
    kept = tmp_path / "nights.sqlite3"
    assert invoke("import", str(NIGHT), "--db", f"sqlite:///{kept}").exit_code == 0
    typo = tmp_path / "nights.sqlite"
    result = invoke(*READING[command], "--db", f"sqlite:///{typo}")
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == f"Error: no store at {typo}; did you mean --db sqlite:///{kept}?"
    assert not typo.exists()


def test_a_store_named_in_referee_db_is_suggested_there_too(tmp_path: Path) -> None:
    kept = tmp_path / "Nights.sqlite3"
    assert invoke("import", str(NIGHT), "--db", f"sqlite:///{kept}").exit_code == 0
    typo = tmp_path / "nights.sqlite"
    result = runner.invoke(app, ["standings"], env={"REFEREE_DB": f"sqlite:///{typo}"})
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == f"Error: no store at {typo}; did you mean REFEREE_DB=sqlite:///{kept}?"


def test_the_default_store_is_not_made_by_a_command_that_reads(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = runner.invoke(app, ["session", "list"], env={"REFEREE_DB": None, "XDG_DATA_HOME": str(data)})
    default = data / "referee" / "referee.sqlite3"
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"Error: no store at {default} (the default store): nothing has been recorded here yet",
        "Hint: `referee session new …` or `referee import FILE` starts it; or name another store with --db URL or "
        "REFEREE_DB",
    ]
    assert not default.exists()


@pytest.mark.parametrize("command", [
    ["session", "new", "--table", "Home", "--game", "straight_draw", "-p", "Ann:50", "-p", "Bob:50"],
    ["import", str(NIGHT)],
    ["import-ledger", str(ROOT / "tests" / "pokernow" / "cents.csv")],
    ["demo", "--pdf", "night.pdf"],
    ["db", "upgrade"],
], ids=["session new", "import", "import-ledger", "demo", "db upgrade"])
def test_the_commands_that_start_something_create_the_store(command: list[str], tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    new = tmp_path / "new.sqlite3"
    result = invoke(*command, "--db", f"sqlite:///{new}")
    assert result.exit_code == 0, result.output
    assert new.is_file()


def test_a_mistyped_store_in_a_real_process(tmp_path: Path) -> None:
    kept = tmp_path / "nights.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    made = subprocess.run([str(REFEREE), "import", str(NIGHT), "--db", f"sqlite:///{kept}"], capture_output=True,
                          text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert made.returncode == 0, made.stderr
    typo = tmp_path / "nights.sqlite"
    proc = subprocess.run([str(REFEREE), "session", "list", "--db", f"sqlite:///{typo}"], capture_output=True,
                          text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines()[0] == f"Error: no store at {typo}; did you mean --db sqlite:///{kept}?"
    assert "Traceback" not in proc.stderr and not typo.exists()

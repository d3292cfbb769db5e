"""Commands that only read a night (standings, settle without paying, the report, a replay of a
stored session, help) read the store through its tables (SQLAlchemy Core) and never load the ORM:
importing it costs more than the standings themselves.  Each is run as a user runs it, in a real
process, and ``python -X importtime`` says what it loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers.cli import ok

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "straight-draw-corrections.txt"
ORM = ("sqlalchemy.orm", "sqlmodel")


def loaded_modules(*args: str) -> set[str]:
    """The modules ``referee ARGS`` imported (it must succeed)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "referee", *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines() if line.startswith("import time:")}


@pytest.fixture(scope="module")
def closed_night(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A store holding one closed night (imported from a hand file, counted out as its log says)."""
    url = f"sqlite:///{tmp_path_factory.mktemp('reads') / 'night.sqlite3'}"
    ok("import", str(EXAMPLE), "--db", url, "--table", "Kitchen")
    ok("session", "close", "1", "--cash-out", "Oleg:44", "--cash-out", "Ivan:64", "--cash-out", "Masha:42",
       "--db", url)
    return url


@pytest.mark.parametrize("command", [["standings"], ["settle", "1"], ["report", "1"], ["replay", "--session", "1"]],
                         ids=" ".join)
def test_a_command_that_only_reads_loads_no_orm(closed_night: str, command: list[str]) -> None:
    ok(*command, "--db", closed_night)  # kept figures are made on the first read: this one reads them
    loaded = loaded_modules(*command, "--db", closed_night)
    assert "referee.store.tables" in loaded  # it did read the store
    assert sorted(m for m in loaded if m.startswith(ORM)) == []


def test_help_loads_no_database_library() -> None:
    loaded = loaded_modules("--help")
    assert sorted(m for m in loaded if m.startswith(("sqlalchemy", "sqlmodel", "referee.store.tables"))) == []


def test_a_command_that_writes_does_load_the_orm(tmp_path: Path) -> None:
    """The check above can fail: a write (an import) goes through the ORM's transaction."""
    loaded = loaded_modules("import", str(EXAMPLE), "--db", f"sqlite:///{tmp_path / 'w.sqlite3'}", "--table", "K")
    assert "sqlalchemy.orm" in loaded

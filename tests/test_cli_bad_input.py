"""Bad input as a new user types it: one mistake is one error line, saying what and where, that quotes
at most a short excerpt of what was typed; exit code 2 and no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    return subprocess.run([str(REFEREE), *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=300)


def new_session(db: str) -> None:
    done = runner.invoke(app, ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:40", "-p", "Bob:40",
                               "--db", db])
    assert done.exit_code == 0, done.output


# ------------------------------------------------------------------ echoes


def test_a_huge_token_in_a_hand_file_is_quoted_as_a_short_excerpt(tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    token = "x" * 5_000_000
    night.write_text(f"rulebook: jackpots\nseats: Ann 40, Bob 40\ndealer: Bob\nhand 1\nAnn: bets {token}\n")
    proc = run("replay", str(night))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr) < 400, len(proc.stderr)
    assert f"night.txt:5: bad bet '{'x' * 40}…' (5,000,000 characters)" in proc.stderr, proc.stderr


def test_a_long_act_line_is_quoted_once_as_a_short_excerpt(sqlite_url: str) -> None:
    new_session(sqlite_url)
    assert runner.invoke(app, ["act", "1", "new hand", "--db", sqlite_url]).exit_code == 0
    for line, quoted in ((f"Ann: bets {'y' * 10_000}", f"bad bet '{'y' * 40}…' (10,000 characters)"),
                         ("z" * 10_000, f"cannot read '{'z' * 40}…' (10,000 characters)")):
        proc = run("act", "1", line, "--db", sqlite_url)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert len(proc.stderr) < 400, proc.stderr
        assert proc.stderr.count("…' (10,000 characters)") == 1, proc.stderr  # the bad input is quoted once
        assert quoted in proc.stderr, proc.stderr
        assert f"a line of {len(line):,} characters" in proc.stderr


def test_a_long_argument_in_a_usage_error_is_cut_short() -> None:
    result = runner.invoke(app, ["q" * 10_000])  # an unknown command, quoted by click
    assert result.exit_code == 2
    assert len(result.output) < 600 and "characters)" in result.output, result.output

"""The CLI as a new user finds it: what he typed is printed as typed (never read as rich markup or
an emoji code), an empty ``--db`` is an error, a command that is not built yet says so and exits 2.
Each through typer's CliRunner and through a real ``referee`` process."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import run
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()
TABLE = "[bold]Kitchen[/bold] :thumbs_up:"


def test_a_table_name_is_printed_as_typed(db_url: str) -> None:
    created = runner.invoke(app, ["session", "new", "--db", db_url, "--table", TABLE, "--game", "jackpots", "-p", "Ann:10", "-p", "Bob:10"])
    assert created.exit_code == 0, created.output
    assert f"table {TABLE!r}" in created.output
    for output in (runner.invoke(app, ["session", "list", "--db", db_url], env={"COLUMNS": "200"}).output,
                   run("session", "list", "--db", db_url).stdout):
        assert TABLE in output, output
        assert "👍" not in output


def test_a_mistyped_buy_in_is_quoted_literally(sqlite_url: str) -> None:
    """`--player Ann:abc` once printed 'Ann🔤': ':abc:' is an emoji code to rich."""
    args = ["session", "new", "--db", sqlite_url, "--table", "T", "--rulebook", "jackpots", "-p", "Ann:abc:", "-p", "Bob:10"]
    for exit_code, output in ((r.exit_code, r.output) for r in [runner.invoke(app, args)]):
        assert exit_code == 2
        assert output.splitlines()[0] == "Error: --player Ann:abc:: bad buy-in 'abc:' for 'Ann'"
    proc = run(*args)
    assert proc.returncode == 2 and "🔤" not in proc.stderr
    assert proc.stderr.splitlines()[0] == "Error: --player Ann:abc:: bad buy-in 'abc:' for 'Ann'"
    one = run("session", "new", "--db", sqlite_url, "--table", "T", "--rulebook", "jackpots", "-p", "Ann:abc", "-p", "Bob:10")
    assert one.stderr.splitlines()[0] == "Error: --player Ann:abc: bad buy-in 'abc' for 'Ann'"


def test_markup_in_an_error_is_printed_as_typed(sqlite_url: str) -> None:
    proc = run("session", "new", "--db", sqlite_url, "--table", "T", "--rulebook", "[red]x[/red]", "-p", "A:10", "-p", "B:10")
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[0] == "Error: rulebook file not found: [red]x[/red]"


def test_reasons_in_a_replay_are_printed_as_typed(tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    night.write_text("rulebook: jackpots\nseats: Ann 100, Bob 100\ndealer: Ann\n\nhand 1\n"
                     "misdeal: [bold]card up[/bold] :smile:\n\nhand 2\nBob: bets 2\nvoid: [red]oops[/red] :smile:\n"
                     "Bob: checks\nAnn: checks\n")
    proc = run("replay", str(night))
    assert proc.returncode == 0, proc.stderr
    assert "[bold]card up[/bold] :smile:" in proc.stdout and "[red]oops[/red] :smile:" in proc.stdout
    assert "😄" not in proc.stdout


@pytest.mark.parametrize("args", [["session", "list", "--db", ""], ["--db", "", "session", "list"],
                                  ["db", "info", "--db", " "]])
def test_an_empty_db_is_an_error_not_the_default_database(args: list[str], tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    for exit_code, out in [(r.exit_code, r.output) for r in [runner.invoke(app, args, env=env)]] + [
            (p.returncode, p.stderr + p.stdout) for p in [run(*args, env=env)]]:
        assert exit_code == 2, out
        assert out.splitlines() == [
            "Error: --db names no database: the URL is empty",
            "Hint: give a URL, e.g. --db sqlite:///path/to/referee.sqlite3, or leave --db out for the default database",
        ]
    assert not (tmp_path / "data" / "referee").exists()  # the default database was not touched

"""People of the night in ``referee import-ledger``: ``--name NICK=NAME`` for a nickname the ledger
does not hold is refused naming the nicknames it holds (nothing is imported), and a nickname seated
as a player already in the store (PokerNow's ``ann`` and the home game's ``Ann``) is said."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()
HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"
#: ann won 5.00 from glenn_h online; Cy broke even
LEDGER = "\n".join([
    HEADER,
    '"ann",a1,2026-03-20T20:00:00.000Z,2026-03-20T23:00:00.000Z,2000,2500,0,500',
    '"glenn_h",g7,2026-03-20T20:00:00.000Z,2026-03-20T23:00:00.000Z,2000,1500,0,-500',
    '"Cy",c3,2026-03-20T20:05:00.000Z,2026-03-20T23:00:00.000Z,1000,1000,0,0',
]) + "\n"


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "online.csv"
    path.write_text(LEDGER)
    return path


def test_a_name_for_a_nickname_the_ledger_does_not_hold_is_refused_naming_those_it_holds(
        sqlite_url: str, tmp_path: Path) -> None:
    result = invoke("import-ledger", str(ledger(tmp_path)), "--name", "glen=Glenn", "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: --name: no player of online.csv is called 'glen' (--name glen=Glenn)",
        "Hint: the ledger's nicknames: 'ann', 'Cy', 'glenn_h'; name one of them",
    ]
    with open_store(sqlite_url) as store:
        assert store.sessions() == [] and store.players() == []


def test_a_name_for_a_nickname_it_holds_seats_him_so(sqlite_url: str, tmp_path: Path) -> None:
    result = invoke("import-ledger", str(ledger(tmp_path)), "--name", "GLENN_H=Glenn", "--db", sqlite_url)
    assert result.exit_code == 0, result.output
    assert "  'glenn_h' sits as Glenn" in result.output.splitlines()


def test_a_nickname_seated_as_a_home_player_is_said(sqlite_url: str, tmp_path: Path) -> None:
    home = invoke("session", "new", "--table", "Home", "--game", "straight_draw", "-p", "Ann:50", "-p", "Bob:50",
                  "--dealer", "Ann", "--db", sqlite_url)
    assert home.exit_code == 0, home.output
    result = invoke("import-ledger", str(ledger(tmp_path)), "--db", sqlite_url)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert ("  ann is Ann, a player already in the store: their results count as one (to seat them apart: "
            '--name "ann=NAME")') in lines
    assert not any(line.lstrip().startswith(("Cy", "glenn_h")) for line in lines)  # new players: nothing to say

"""``referee session new | list | show`` on SQLite and PostgreSQL, through typer's CliRunner and a
real ``referee`` subprocess; bad input is one ``Error:`` line with a hint, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.cli import run
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.cli.session import format_cents, parse_chip_value
from referee.resources import rulebooks_dir
from referee.errors import InputError
from referee.store.store import open_store

runner = CliRunner()

NIGHT = ["--table", "Friday game", "--rulebook", "jackpots", "--option", "draw.limit_pre=3",
         "--chip-value", "0.25", "--player", "Alice:100", "--player", "Bob:50", "--player", "Carol", "--buy-in", "20"]


def invoke(db_url: str, *args: str) -> Result:
    return runner.invoke(app, ["session", *args, "--db", db_url], terminal_width=200, env={"COLUMNS": "200"})


def test_new_seats_the_players_and_keeps_the_rulebook(db_url: str) -> None:
    result = invoke(db_url, "new", *NIGHT)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Session 1 started: table 'Friday game', rulebook jackpots (draw.limit_pre=3), chip 0.25",
        "Seats (buy-in in chips): Alice 100, Bob 50, Carol 20; Alice deals first",
    ]
    with open_store(db_url) as store:
        session = store.session(1)
        assert (session.table_name, session.rulebook, session.chip_value_cents) == ("Friday game", "jackpots", 25)
        assert session.options == {"draw.limit_pre": 3}  # validated, stored as the option's int
        assert [(s.number, s.name, s.buy_in) for s in store.seats(1)] == [(1, "Alice", 100), (2, "Bob", 50), (3, "Carol", 20)]
        assert session.buy_in_default == 20
        # the log opens the night: a sit-down per player in seat order, the first dealer, then the text of
        # the rulebook it plays under
        *opening, rulebook = store.events(1)
        assert [(r.seq, r.hand_number, r.kind, r.payload) for r in opening] == [
            (1, None, "SitDown", {"player": "Alice", "stack": 100, "after": None, "paid_cents": None}),
            (2, None, "SitDown", {"player": "Bob", "stack": 50, "after": None, "paid_cents": None}),
            (3, None, "SitDown", {"player": "Carol", "stack": 20, "after": None, "paid_cents": None}),
            (4, None, "SetDealer", {"player": "Alice"}),
        ]
        shipped = [[name, (rulebooks_dir() / f"{name}.toml").read_text(encoding="utf-8")]
                   for name in ("jackpots", "straight_draw")]  # the rulebook, then the one it extends
        assert (rulebook.seq, rulebook.kind, rulebook.payload["rulebook"], rulebook.payload["files"]) == (
            5, "RulebookText", "jackpots", shipped)


def test_show_prints_the_session(db_url: str) -> None:
    assert invoke(db_url, "new", *NIGHT).exit_code == 0
    with open_store(db_url) as store:
        with store.transaction() as tx:
            tx.add_alias("Alice", "Ally")
    assert invoke(db_url, "new", "--table", "Saturday", "--game", "five card stud", "--dealer", "dave",
                  "-p", "ally:40", "-p", "Dave:40=35.00").exit_code == 0
    result = invoke(db_url, "show", "2")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Session 2: Saturday"
    assert lines[1].startswith("  started     ") and lines[1].endswith(" UTC")
    assert lines[2:] == [
        "  status      open",
        "  rulebook    five_card_stud",
        "  chip value  1.00",
        "  hands       0, events 4, chain intact",
        "  seats (clockwise)",
        "    1. ally (player Alice): bought 40 chips for 40.00",
        "    2. Dave: bought 40 chips for 35.00",
        "  between hands",
        "       1  opening: ally sits down with 40",
        "       2  opening: Dave sits down with 40, paying 35.00",
        "       3  opening: dealer: Dave",
        "       4  before any hand: rulebook five_card_stud recorded (1 file, referee 0.1.0)",
    ]


def test_show_json(db_url: str) -> None:
    assert invoke(db_url, "new", *NIGHT).exit_code == 0
    result = invoke(db_url, "show", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["chip_value_cents"] == 25 and data["options"] == {"draw.limit_pre": 3}
    assert [(s["name"], s["buy_in"]) for s in data["seats"]] == [("Alice", 100), ("Bob", 50), ("Carol", 20)]
    assert data["chain"]["ok"] is True and data["started_at"].endswith("+00:00")


def test_list(db_url: str) -> None:
    open_store(db_url).close()  # a new, empty store
    assert "No sessions yet" in invoke(db_url, "list").output
    assert invoke(db_url, "new", *NIGHT).exit_code == 0
    assert invoke(db_url, "new", "--table", "Saturday", "--rulebook", "three_card_brag", "-p", "A:10", "-p", "B:10").exit_code == 0
    result = invoke(db_url, "list")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()]
    assert rows[0] == ["id", "started", "(UTC)", "table", "rulebook", "seats", "hands", "events", "status"]
    assert rows[2][0] == "1" and rows[2][4:] == ["game", "jackpots*", "3", "0", "5", "open"]
    assert rows[3][0] == "2" and rows[3][3:] == ["Saturday", "three_card_brag", "2", "0", "4", "open"]


def test_house_rulebook_file_is_stored_by_its_path(db_url: str, tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rulebook]\nname = "house"\nextends = "straight_draw"\n[options]\n"draw.limit_pre" = 3\n')
    result = invoke(db_url, "new", "--table", "Home", "--rulebook", str(house), "-p", "A:10", "-p", "B:10")
    assert result.exit_code == 0, result.output
    with open_store(db_url) as store:
        assert store.session(1).rulebook == str(house.resolve())


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--rulebook", "jackpot"], "Error: no shipped rulebook named 'jackpot'"),
        (["--option", "draw.limit_pre=lots"], "Error: --option"),
        (["--option", "no.such_option=1"], "Error: --option"),
        (["--option", "draw.limit_pre"], "Error: --option: bad option 'draw.limit_pre'"),
        (["--chip-value", "0.255"], "Error: --chip-value: chip value '0.255' has a fraction of a cent"),
        (["--chip-value", "a quarter"], "Error: --chip-value: bad chip value 'a quarter'"),
        (["--player", "Dave:lots"], "Error: --player Dave:lots: bad buy-in 'lots' for 'Dave'"),
        (["--player", "alice:10"], "Error: --player: 'alice' is named twice ('Alice:1' and 'alice:10')"),
    ],
)
def test_bad_input_is_one_error_line_and_writes_nothing(sqlite_url: str, args: list[str], error: str) -> None:
    """(SQLite only: these are refused before the database is written; the store tests cover both.)"""
    db_url = sqlite_url
    base = ["--table", "T", "--rulebook", "jackpots", "-p", "Alice:1", "-p", "Bob:1"]
    result = invoke(db_url, "new", *base, *args)
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(error), lines
    assert lines[1].startswith("Hint: ")
    assert "Traceback" not in result.output
    with open_store(db_url) as store:
        assert store.sessions() == []


def test_a_session_needs_two_players(sqlite_url: str) -> None:
    result = invoke(sqlite_url, "new", "--table", "T", "--rulebook", "jackpots", "-p", "Alice")
    assert result.exit_code == 2
    assert result.output.startswith("Error: --player: a session needs at least two players")


def test_show_unknown_session(sqlite_url: str) -> None:
    open_store(sqlite_url).close()  # a new, empty store
    result = invoke(sqlite_url, "show", "7")
    assert result.exit_code == 2
    assert result.output.splitlines() == ["Error: no session 7", "Hint: `referee session list` shows the sessions"]


@pytest.mark.parametrize(("text", "cents"), [("0.25", 25), ("25c", 25), ("25C", 25), ("2", 200), ("1.5", 150),
                                             (" 0.10 ", 10), ("12.50", 1250), ("0.01", 1), ("1c", 1)])
def test_chip_value_is_read_as_integer_cents(text: str, cents: int) -> None:
    assert parse_chip_value(text) == cents


@pytest.mark.parametrize("text", ["", "abc", "0", "0c", "-1", "-25c", "0.255", "NaN", "Infinity", "c", "1e-3", "2.5c"])
def test_bad_chip_values(text: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_chip_value(text)
    assert caught.value.where == "--chip-value" and caught.value.hint


def test_cents_are_shown_as_money() -> None:
    assert [format_cents(c) for c in (25, 1250, 1, 100, 0, -75)] == ["0.25", "12.50", "0.01", "1.00", "0.00", "-0.75"]


# ------------------------------------------------------------------ a real referee process


def test_subprocess_new_then_list(db_url: str) -> None:
    created = run("--db", db_url, "session", "new", *NIGHT)
    assert created.returncode == 0, created.stderr
    assert created.stdout.startswith("Session 1 started: table 'Friday game'")
    listed = run("session", "list", env={"REFEREE_DB": db_url, "COLUMNS": "200"})
    assert listed.returncode == 0, listed.stderr
    assert "jackpots*" in listed.stdout and "Friday game" in listed.stdout


def test_subprocess_wrong_url_is_one_line_with_the_password_masked() -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"postgresql://scorekeeper:hunter2@127.0.0.1:{port}/referee"
    proc = run("--db", url, "session", "new", *NIGHT)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 2, proc.stderr
    assert lines[0].startswith(f"Error: cannot use database postgresql://scorekeeper:***@127.0.0.1:{port}/referee: ")
    assert "Connection refused" in lines[0]
    assert lines[1] == "Hint: is the server running? check host and port"
    assert "hunter2" not in proc.stderr and "Traceback" not in proc.stderr


def test_subprocess_missing_directory(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/nowhere/referee.sqlite3"
    proc = run("session", "list", env={"REFEREE_DB": url})
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[0] == f"Error: cannot open database {url}: the folder {tmp_path}/nowhere does not exist"
    assert proc.stderr.splitlines()[1].startswith("Hint: create the folder first")
    assert not (tmp_path / "nowhere").exists()


# ------------------------------------------------------------------ closing and deleting


def test_close_takes_every_cash_out_or_nothing(db_url: str) -> None:
    assert invoke(db_url, "new", *NIGHT).exit_code == 0
    short = invoke(db_url, "close", "1", "--cash-out", "alice:100", "-c", "Bob:50")
    assert short.exit_code == 2
    assert short.output.splitlines() == ["Error: session 1: Carol has not cashed out",
                                         "Hint: give every player's counted chips: --cash-out Carol:CHIPS"]
    for bad, error in ((["-c", "Alice"], "Error: --cash-out: bad cash-out 'Alice'"),
                       (["-c", "Alice:1", "-c", "alice:2"], "Error: --cash-out: alice is cashed out twice"),
                       (["-c", "Zed:5"], "Error: --cash-out: 'Zed' did not play tonight: nothing to cash out")):
        result = invoke(db_url, "close", "1", *bad)
        assert result.exit_code == 2 and result.output.startswith(error), result.output
    with open_store(db_url) as store:
        assert store.session(1).status == "open" and store.last_seq(1) == 5  # nothing written
    # no hand was played: the log gives each player what he bought
    closed = invoke(db_url, "close", "1", "-c", "alice:100", "-c", "Bob:50", "-c", "Carol:20")
    assert closed.exit_code == 0, closed.output
    assert closed.output.splitlines() == ["Counting out session 1:",
                                          "  player  the log says  counted",
                                          "  Alice            100      100",
                                          "  Bob               50       50",
                                          "  Carol             20       20",
                                          "Session 1 closed: Alice 100, Bob 50, Carol 20",
                                          "Chips: 170 bought, 170 cashed out (they balance)",
                                          "The log gives 170: every count agrees with the log"]
    shown = invoke(db_url, "show", "1").output
    assert "    1. Alice: bought 100 chips for 25.00, cashed out 100" in shown
    assert "       8  before any hand: Carol cashes out 20" in shown
    again = invoke(db_url, "close", "1")
    assert again.exit_code == 2 and again.output.startswith("Error: session 1 is closed")


def test_delete_only_a_session_without_hands(db_url: str) -> None:
    assert invoke(db_url, "new", *NIGHT).exit_code == 0
    assert invoke(db_url, "new", "--table", "Oops", "--game", "jackpots", "-p", "Alice:10", "-p", "Bob:10").exit_code == 0
    with open_store(db_url) as store:
        with store.transaction() as tx:
            tx.start_hand(1)
    kept = invoke(db_url, "delete", "1")
    assert kept.exit_code == 2
    assert kept.output.splitlines() == [
        "Error: session 1 has 1 hand recorded: a played night is kept, never deleted",
        "Hint: close it instead: referee session close 1 --cash-out NAME:CHIPS …",
    ]
    gone = run("session", "delete", "2", "--db", db_url)
    assert gone.returncode == 0 and gone.stdout == "Session 2 (Oops) deleted.\n"
    assert [line.split()[0] for line in invoke(db_url, "list").output.splitlines()[2:-1]] == ["1"]
    missing = run("session", "delete", "2", "--db", db_url)
    assert missing.returncode == 2 and missing.stderr.splitlines()[0] == "Error: no session 2"

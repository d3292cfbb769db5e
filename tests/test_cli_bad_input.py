"""Bad input as a new user types it: one mistake is one error line, saying what and where, that quotes
at most a short excerpt of what was typed; exit code 2 and no traceback."""

from __future__ import annotations

from pathlib import Path

from helpers.cli import run
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


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


# ------------------------------------------------------------------ one bound on chips and money


def sessions_in(db: str) -> int:
    from referee.store.store import open_store

    with open_store(db) as store:
        return len(store.sessions())


def test_a_buy_in_beyond_the_bound_is_refused_alike_on_every_database(db_url: str, tmp_path: Path) -> None:
    """SQLite took -p Ann:3000000000 that PostgreSQL refused as 'integer out of range', and
    Cy:99999999999999999999999 was an OverflowError traceback on SQLite."""
    new_session(db_url)
    for chips, shown in (("3000000000", "3,000,000,000"), ("99999999999999999999999", "'99999999999999999999999'")):
        argv = ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:40", "-p", f"Cy:{chips}", "--db", db_url]
        for code, err in ((r.exit_code, r.output) for r in [runner.invoke(app, argv)]):
            assert code == 2, err
            assert err.startswith(f"Error: --player Cy:{chips}: buy-in {shown} is more than 1,000,000,000"), err
        proc = run(*argv)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.startswith(f"Error: --player Cy:{chips}: buy-in {shown} is more than 1,000,000,000")
    night = tmp_path / "night.txt"
    night.write_text("rulebook: jackpots\nseats: Ann 40, Cy 99999999999999999999999\ndealer: Ann\nhand 1\n"
                     "Ann: bets 2\nCy: folds\n")
    proc = run("import", str(night), "--db", db_url)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.splitlines()[0] == (f"Error: {night}:2: stack for Cy '99999999999999999999999' is more than "
                                           "1,000,000,000"), proc.stderr
    assert len(proc.stderr.splitlines()) == 2  # and its hint: one mistake, one error
    assert sessions_in(db_url) == 1  # nothing written


def test_a_table_whose_chips_in_all_pass_the_bound_is_refused_before_it_is_numbered(db_url: str) -> None:
    argv = ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:600000000", "-p", "Bob:600000000",
            "--chip-value", "1c", "--db", db_url]
    result = runner.invoke(app, argv)
    assert result.exit_code == 2
    assert result.output.startswith("Error: the chips bought at the table in all 1,200,000,000 is more than 1,000,000,000")
    # what the chips cost counts too: 20,000,000 chips at 1.00 are 2,000,000,000 cents
    result = runner.invoke(app, ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:20000000",
                                 "-p", "Bob:1", "--db", db_url])
    assert result.exit_code == 2
    assert "the money paid for chips in all (cents) 2,000,000,100 is more than 1,000,000,000" in result.output
    new_session(db_url)
    assert sessions_in(db_url) == 1
    from referee.store.store import open_store

    with open_store(db_url) as store:
        assert store.session(1).id == 1  # the refused sessions took no number


def test_chips_added_beyond_the_bound_are_refused_alike_on_every_database(db_url: str) -> None:
    """`Ann adds 99999999999999999999` was accepted on both databases, and the report cut the figure."""
    new_session(db_url)
    for line, error in (("Ann adds 99999999999999999999",
                         "amount Ann adds '99999999999999999999' is more than 1,000,000,000"),
                        ("Ann adds 999999950", "the chips bought at the table in all 1,000,000,030 is more than 1,000,000,000")):
        proc = run("act", "1", line, "--db", db_url)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert error in proc.stderr.splitlines()[0], proc.stderr
    assert runner.invoke(app, ["act", "1", "new hand", "Ann: bets 1000000001", "--db", db_url]).exit_code == 2
    from referee.store.store import open_store

    with open_store(db_url) as store:
        assert [r.kind for r in store.events(1)] == ["SitDown", "SitDown", "SetDealer", "RulebookText"]  # nothing added or bet


def test_the_largest_figures_the_bound_allows_are_printed_whole_in_the_report(sqlite_url: str) -> None:
    done = runner.invoke(app, ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Annabelle_Longname:999999000",
                               "-p", "Bob:1000", "--chip-value", "1c", "--db", sqlite_url])
    assert done.exit_code == 0, done.output
    for columns in ("80", "60"):
        report = runner.invoke(app, ["report", "1", "--db", sqlite_url], env={"COLUMNS": columns})
        assert report.exit_code == 0, report.output
        assert "…" not in report.output, report.output  # a cell may fold onto a second line, never lose characters
        assert report.output.count("999999000") >= 2, report.output


# ------------------------------------------------------------------ one mistake, one error


def test_a_seat_with_a_bad_stack_is_one_error_not_also_an_unknown_player(tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    night.write_text("rulebook: jackpots\nseats: Ann -5, Bob 40, Cy 40\ndealer: Cy\nhand 1\nAnn: dealt 9c 9h Kd 6s 3c\n"
                     "Ann: bets 2\nBob: folds\nCy: folds\nhand 2\nEve sits down with -3\nEve: bets 2\n")
    for proc in (run("replay", str(night)), run("import", str(night), "--db", f"sqlite:///{tmp_path / 'r.db'}")):
        assert proc.returncode == 2, proc.stderr
        errors = [line for line in proc.stderr.splitlines() if line.startswith("Error:")]
        assert errors == [f"Error: {night}:2: bad stack for Ann '-5' — hint: chips are whole numbers, like 2",
                          f"Error: {night}:10: bad stack for Eve '-3' — hint: chips are whole numbers, like 2"], proc.stderr
        assert "unknown player" not in proc.stderr


def test_a_negative_number_where_a_session_goes_is_named_as_such(sqlite_url: str) -> None:
    for argv in (["session", "show", "-1"], ["report", "-1"], ["export", "-3"]):
        proc = run(*argv, "--db", sqlite_url)
        assert proc.returncode == 2, proc.stderr
        number = argv[-1]
        assert proc.stderr.splitlines()[0] == (f"Error: referee {' '.join(argv[:-1])}: no session, hand or action is "
                                               f"numbered {number}: they are numbered 1, 2, 3…"), proc.stderr
        assert "No such option" not in proc.stderr


def test_a_player_that_is_no_name_is_read_as_typed(sqlite_url: str) -> None:
    """`-p :smile:` read as "bad buy-in '' for ':smile'"."""
    for typed in (":smile:", ":smile:100", "Mary Ann:5"):
        argv = ["session", "new", "--table", "T", "--game", "jackpots", "-p", typed, "-p", "Bob:40", "--db", sqlite_url]
        proc = run(*argv)
        assert proc.returncode == 2 and "🙂" not in proc.stderr and "😄" not in proc.stderr
        assert proc.stderr.splitlines()[0] == f"Error: --player {typed}: {typed!r} does not begin with a player's name"
        assert "Hint: a name is one word before any ':'" in proc.stderr
    assert sessions_in(sqlite_url) == 0


def test_players_given_without_chips_are_refused_unless_a_buy_in_is_given(sqlite_url: str) -> None:
    """`session new … -p Ann -p Bob` seated both with 0 chips without a word."""
    argv = ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann", "-p", "Bob", "--db", sqlite_url]
    result = runner.invoke(app, argv)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: --player Ann: no chips given for Ann",
        "Hint: give the chips each player buys, e.g. --player Ann:100, or --buy-in 100 for every player given without them"]
    assert sessions_in(sqlite_url) == 0
    done = runner.invoke(app, [*argv, "--buy-in", "50"])
    assert done.exit_code == 0, done.output
    assert "Seats (buy-in in chips): Ann 50, Bob 50; Ann deals first" in done.output
    none = runner.invoke(app, ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:30", "-p", "Bob:0",
                               "--db", sqlite_url])  # a player seated with no chips could not play (docs/store.md)
    assert none.exit_code == 2 and none.output.splitlines()[0] == (
        "Error: --player Bob:0: Bob would sit down with no chips: a player seated with no chips could not play")
    assert sessions_in(sqlite_url) == 1

"""``referee standings`` across nights (aliases merged, a range or a season, CSV) and
``referee import-ledger`` of a PokerNow ledger CSV into the store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from typer.testing import CliRunner, Result

from referee.cli import app
from referee.engine.events import LedgerSetting
from referee.handfile import parse_night
from referee.recording.night_file import record_night
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

runner = CliRunner()
POKERNOW = Path(__file__).parent / "pokernow"
NIGHT = "rulebook: jackpots\nseats: {a} 20, {b} 20\ndealer: {a}\n\nhand 1\n{b}: bets 2\n{a}: folds\n{b}: shows openers Jh Jd\n"


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=120, env={"COLUMNS": "120"})


def night(url: str, a: str, b: str, day: str, cash: tuple[int, int], currency: str | None = None,
          close: bool = True) -> int:
    with open_store(url) as store:
        # the start day is what the standings choose by: recorded as if that night (part of its chain)
        sid = record_night(store, parse_night(NIGHT.format(a=a, b=b)), table_name="Kitchen", chip_value_cents=100,
                           started_at=datetime.fromisoformat(day + "T20:00+00:00"))
        if currency:
            store.append_event(sid, None, LedgerSetting("currency", currency))
        if close:
            with store.transaction() as tx:
                tx.close_session(sid, {a: cash[0], b: cash[1]}, ended_at=datetime.fromisoformat(day + "T23:00+00:00"))
    return sid


def test_standings_merge_aliases_and_rank(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            tx.add_player("Robert")
            tx.add_alias("Robert", "Bobby")
    night(sqlite_url, "Ann", "Robert", "2026-01-09", (21, 19))  # Ann +1 (the antes), Robert −1
    night(sqlite_url, "Ann", "Bobby", "2026-02-06", (15, 25))
    night(sqlite_url, "Cy", "Ann", "2025-12-31", (30, 10))  # last season
    result = invoke("standings", "--season", "2026", "--db", sqlite_url)
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()]
    assert "Standings · season 2026 · 2 nights · EUR" in result.output
    assert ["1", "Robert", "2", "1", "2", "+€4.00", "+€5.00", "−€1.00", "Bobby"] in rows
    assert ["2", "Ann", "2", "1", "2", "−€4.00", "+€1.00", "−€5.00"] in rows
    everything = invoke("standings", "--from", "2025-12-01", "--db", sqlite_url).output
    assert "3 nights" in everything and "Cy" in everything


def test_standings_csv_and_what_is_not_counted(sqlite_url: str, tmp_path: Path) -> None:
    night(sqlite_url, "Ann", "Bob", "2026-03-01", (21, 19))
    night(sqlite_url, "Ann", "Bob", "2026-03-02", (21, 19), currency="GBP")
    night(sqlite_url, "Ann", "Bob", "2026-03-03", (0, 0), close=False)
    target = tmp_path / "standings.csv"
    result = invoke("standings", "--db", sqlite_url, "--csv", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_text().splitlines() == [
        "rank,player,nights,hands,won_nights,net,net_cents,best_night,worst_night,currency,names",
        "1,Ann,1,1,1,1.00,100,1.00,1.00,EUR,Ann",
        "2,Bob,1,1,0,-1.00,-100,-1.00,-1.00,EUR,Bob",
    ]
    shown = invoke("standings", "--db", sqlite_url).output
    assert "Not counted: session 2, kept in GBP, not EUR" in shown
    assert "Not counted: session 3, still open (its results are provisional)" in shown
    assert "2 nights · GBP" not in invoke("standings", "--db", sqlite_url, "--currency", "gbp").output


def test_standings_bad_input_is_one_line(sqlite_url: str) -> None:
    open_store(sqlite_url).close()  # a store, empty: the input is what is wrong
    for args, message in ((["--season", "26"], "Error: --season: bad season '26'"),
                          (["--from", "2026-13-01"], "Error: --from: bad date '2026-13-01'"),
                          (["--from", "2026-03-02", "--to", "2026-03-01"], "Error: --from: the range starts"),
                          (["--season", "2026", "--to", "2026-03-01"], "Error: --season: --season and --from/--to"),
                          (["--currency", "ZZZ"], "Error: --currency: unknown currency 'ZZZ'")):
        result = invoke("standings", *args, "--db", sqlite_url)
        assert result.exit_code == 2 and result.output.startswith(message), (args, result.output)


def test_import_a_pokernow_ledger_into_the_store(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:  # Olek is a player already
            tx.new_session(table_name="Old", rulebook="jackpots", chip_value_cents=100,
                           seats=[SeatSpec("Marta", 1), SeatSpec("Olek", 1)])
    result = invoke("import-ledger", str(POKERNOW / "cents.csv"), "--db", sqlite_url, "--currency", "EUR",
                    "--name", "olek=Olek", "--table", "Online")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == ("Imported cents.csv as session 2: 4 players, buy-ins €140.00 "
                                             "(amounts read as cents: median buy-in 2000 is at least 1000)")
    assert "  'Dag, Jr.' sits as Dag_Jr" in result.output
    with open_store(sqlite_url) as store:
        game = store.session(2)
        assert (game.table_name, game.status, game.chip_value_cents) == ("Online", "closed", 1)
        assert game.started_at == datetime(2026, 3, 14, 20, 30, tzinfo=UTC)
    report = invoke("report", "2", "--db", sqlite_url).output
    assert "Chips: 14000 bought = 14000 cashed out: holds" in report
    table = [line.split() for line in report.splitlines()]
    assert ["1", "Ines", "4000", "6650", "+€26.50"] in table and ["4", "Olek", "4000", "1200", "−€28.00"] in table


def test_a_pokernow_ledger_that_does_not_balance_is_refused_with_its_row(sqlite_url: str) -> None:
    for name, message in (("unbalanced.csv", "Error: unbalanced.csv: the nets of rows"),
                          ("bad-row.csv", "Error: bad-row.csv:")):
        result = invoke("import-ledger", str(POKERNOW / name), "--db", sqlite_url)
        assert result.exit_code == 2 and result.output.startswith(message), result.output
    assert invoke("import-ledger", "/no/such.csv", "--db", sqlite_url).output.startswith(
        "Error: /no/such.csv: cannot read the ledger: No such file or directory")
    assert "no store at" in invoke("session", "list", "--db", sqlite_url).output  # nothing written, not even a store

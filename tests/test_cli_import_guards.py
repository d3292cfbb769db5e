"""Imports that cannot poison the store, through the real CLI: a night that does not replay is never
stored, the same night (or PokerNow ledger) twice is recognised by its fingerprint, a stored night
that no longer replays never breaks the others, and PokerNow ledgers keep their own times."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from helpers.old_nights import CARD_HELD_TWICE, store_unreplayable_night
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "straight-draw-corrections.txt"
POKERNOW = Path(__file__).parent / "pokernow"
HEADER = "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net"


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=120, env={"COLUMNS": "120"})


def sessions(url: str) -> list[int]:
    with open_store(url) as store:
        return [g.id for g in store.sessions() if g.id is not None]


# ------------------------------------------------------------------ a night that does not replay


def test_a_hand_file_with_a_card_held_by_two_players_is_refused_as_replay_refuses_it(sqlite_url: str,
                                                                                    tmp_path: Path) -> None:
    night = tmp_path / "held-twice.txt"
    night.write_text(CARD_HELD_TWICE)
    replayed = invoke("replay", str(night))
    imported = invoke("import", str(night), "--db", sqlite_url)
    assert replayed.exit_code == imported.exit_code == 2
    first = f"Error: {night}:13: hand 1, action 8: Ann shows Ac but Bob holds it"
    assert replayed.output.splitlines()[0] == imported.output.splitlines()[0] == first
    assert imported.output.splitlines()[1].endswith("nothing was imported")
    assert "Traceback" not in imported.output
    assert sessions(sqlite_url) == []


def test_a_session_log_whose_night_does_not_replay_is_never_stored(sqlite_url: str, tmp_path: Path) -> None:
    """An older referee's export of such a night: its chain is intact, the night still does not replay."""
    source = f"sqlite:///{tmp_path / 'old.db'}"
    with open_store(source) as store:
        store_unreplayable_night(store)
    exported = invoke("export", "1", "--json", "--db", source)
    assert exported.exit_code == 0, exported.output
    path = tmp_path / "old.json"
    path.write_text(exported.stdout)
    imported = invoke("import", str(path), "--db", sqlite_url)
    assert imported.exit_code == 2
    assert imported.output.splitlines()[0] == (f"Error: {path}: the night does not replay: hand 1, action 8: "
                                               "Ann shows Ac but Bob holds it")
    assert "nothing was imported" in imported.output
    assert sessions(sqlite_url) == []


# ------------------------------------------------------------------ the same night twice


def test_the_same_hand_file_imported_twice_is_refused_naming_the_session(sqlite_url: str, tmp_path: Path) -> None:
    first = invoke("import", str(EXAMPLE), "--db", sqlite_url, "--table", "Kitchen")
    assert first.exit_code == 0, first.output
    again = invoke("import", str(EXAMPLE), "--db", sqlite_url)
    assert again.exit_code == 2
    day = f"{datetime.now(UTC):%Y-%m-%d}"
    assert again.output.splitlines() == [
        f"Error: {EXAMPLE}: this night is already in the store as session 1 (table Kitchen, {day}): "
        "nothing was imported",
        "Hint: `referee report 1` shows it; to import it again anyway (a second copy that counts twice in the "
        "standings), add --again",
    ]
    # a copy with a comment added and another table name is the same night
    copy = tmp_path / "copy.txt"
    copy.write_text("# typed up again from the notebook\n" + EXAMPLE.read_text())
    assert invoke("import", str(copy), "--db", sqlite_url).exit_code == 2
    assert sessions(sqlite_url) == [1]
    # and a night that differs by one bet is another night
    other = tmp_path / "other.txt"
    other.write_text(EXAMPLE.read_text().replace("Masha: bets 5", "Masha: bets 4"))
    assert invoke("import", str(other), "--db", sqlite_url).exit_code == 0
    # --again takes it on purpose, and says it is a second copy
    forced = runner.invoke(app, ["import", str(EXAMPLE), "--db", sqlite_url, "--again"])
    assert forced.exit_code == 0, forced.output
    assert "Warning: a second copy (--again) of session 1: the standings count it again" in forced.stderr
    with open_store(sqlite_url) as store:
        one, _, three = store.sessions()
        assert one.fingerprint == three.fingerprint and len(one.fingerprint or "") == 64


def test_the_json_export_of_an_imported_night_is_the_same_night(sqlite_url: str, tmp_path: Path) -> None:
    assert invoke("import", str(EXAMPLE), "--db", sqlite_url).exit_code == 0
    path = tmp_path / "night.json"
    path.write_text(invoke("export", "1", "--json", "--db", sqlite_url).stdout)
    again = invoke("import", str(path), "--db", sqlite_url)
    assert again.exit_code == 2
    assert again.output.startswith(f"Error: {path}: this night is already in the store as session 1 ")
    assert sessions(sqlite_url) == [1]


def test_a_night_recorded_here_exported_and_imported_back_is_recognised(sqlite_url: str, tmp_path: Path) -> None:
    """The session a log was exported from has no fingerprint (it was recorded at the table): it is
    still recognised, by the fingerprint of its own log."""
    from referee.handfile import read_night
    from referee.recording.night_file import record_night

    with open_store(sqlite_url) as store:
        record_night(store, read_night(EXAMPLE), table_name="Live", chip_value_cents=100)
        assert store.session(1).fingerprint is None
    path = tmp_path / "live.json"
    path.write_text(invoke("export", "1", "--json", "--db", sqlite_url).stdout)
    refused = invoke("import", str(path), "--db", sqlite_url)
    assert refused.exit_code == 2 and "already in the store as session 1 (table Live" in refused.output
    assert invoke("import", str(path), "--db", sqlite_url, "--again").exit_code == 0


def test_the_same_pokernow_ledger_imported_twice_is_refused(sqlite_url: str, tmp_path: Path) -> None:
    assert invoke("import-ledger", str(POKERNOW / "cents.csv"), "--db", sqlite_url).exit_code == 0
    twice = invoke("import-ledger", str(POKERNOW / "cents.csv"), "--db", sqlite_url, "--table", "Again")
    assert twice.exit_code == 2
    assert twice.output.splitlines()[0] == ("Error: cents.csv: this ledger is already in the store as session 1 "
                                            "(table PokerNow, 2026-03-14): nothing was imported")
    # the same download with its rows in another order is the same ledger
    lines = (POKERNOW / "cents.csv").read_text().splitlines()
    shuffled = tmp_path / "Poker Now Ledger (2).csv"
    shuffled.write_text("\n".join([lines[0], *reversed(lines[1:])]) + "\n")
    assert invoke("import-ledger", str(shuffled), "--db", sqlite_url).exit_code == 2
    assert sessions(sqlite_url) == [1]
    assert invoke("import-ledger", str(shuffled), "--db", sqlite_url, "--again").exit_code == 0
    standings = invoke("standings", "--db", sqlite_url, "--currency", "USD")
    assert "2 nights" in standings.output  # taken twice on purpose: counted twice


# ------------------------------------------------------------------ a stored night that does not replay


def test_a_night_that_does_not_replay_never_breaks_the_other_nights(db_url: str) -> None:
    from referee.handfile import read_night
    from referee.recording.night_file import record_night

    with open_store(db_url) as store:
        good = record_night(store, read_night(EXAMPLE), table_name="Good", chip_value_cents=100)
        store.close_session(good, {"Oleg": 50, "Ivan": 60, "Masha": 40})
        bad = store_unreplayable_night(store)
    day = f"{datetime.now(UTC):%Y-%m-%d}"
    standings = runner.invoke(app, ["standings", "--db", db_url], terminal_width=120, env={"COLUMNS": "120"})
    assert standings.exit_code == 0, standings.output
    assert "Standings · the first night to the last · 1 night" in standings.stdout
    assert "Ivan" in standings.stdout and "Ann" not in standings.stdout
    assert f"Not counted: session {bad}, its log does not replay" in standings.stdout
    assert standings.stderr.splitlines() == [
        f"Warning: not counted: session {bad} (Old, {day}): its log does not replay (hand 1, action 8: Ann shows Ac "
        f"but Bob holds it); `referee session void {bad} --why \"...\"` keeps it out of every count (its log is "
        "kept); or void it and import the night again from a corrected file"]
    as_csv = runner.invoke(app, ["standings", "--db", db_url, "--csv", "-"])
    assert as_csv.exit_code == 0 and "Ivan" in as_csv.stdout and "Warning: not counted" in as_csv.stderr
    # the night itself: one line naming it and the fix, no traceback
    for command in (["report", str(bad)], ["settle", str(bad)], ["settle", str(bad), "--set", "currency=GBP"]):
        result = invoke(*command, "--db", db_url)
        assert result.exit_code == 2, (command, result.output)
        assert result.output.splitlines() == [
            f"Error: session {bad} (Old, {day}): its log does not replay (hand 1, action 8: Ann shows Ac but Bob "
            "holds it)",
            f"Hint: `referee session void {bad} --why \"...\"` keeps it out of every count (its log is kept); or "
            "void it and import the night again from a corrected file"], command
    listed = invoke("session", "list", "--db", db_url)
    assert listed.exit_code == 0 and " Old " in listed.output
    # voiding works on it: kept, counted nowhere, and the standings are quiet again
    voided = invoke("session", "void", str(bad), "--why", "an older referee let a card be held twice", "--db", db_url)
    assert voided.exit_code == 0, voided.output
    assert voided.output == (f"Session {bad} (Old) is void: an older referee let a card be held twice. "
                             "It is kept and counts nowhere.\n")
    quiet = runner.invoke(app, ["standings", "--db", db_url], terminal_width=120, env={"COLUMNS": "120"})
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert f"Not counted: session {bad}, void (an older referee let a card be held twice)" in quiet.stdout
    assert [line.split()[-1] for line in invoke("session", "list", "--db", db_url).output.splitlines()[2:4]] == \
        ["closed", "void"]
    shown = invoke("session", "show", str(bad), "--db", db_url)
    assert shown.exit_code == 0 and "  void        an older referee let a card be held twice (" in shown.output
    assert json.loads(invoke("session", "show", str(bad), "--json", "--db", db_url).stdout)["void"] == \
        "an older referee let a card be held twice"
    report = invoke("report", str(bad), "--db", db_url)
    assert report.exit_code == 2 and report.output.startswith(f"Error: session {bad} is void (an older referee")
    assert invoke("session", "void", str(bad), "--why", "again", "--db", db_url).output.startswith(
        f"Error: session {bad} is already void")
    with open_store(db_url) as store:
        # its log (its rulebook too) is kept as it was, and says it is void (two events more: its close, its void)
        assert len(store.events(bad)) == 16 and store.events(bad)[-1].kind == "Voided" and store.verify_chain(bad).ok


def test_a_void_needs_its_reason(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        store_unreplayable_night(store)
    result = invoke("session", "void", "1", "--why", "  ", "--db", sqlite_url)
    assert result.exit_code == 2 and result.output.startswith("Error: a void needs its reason")
    assert invoke("session", "void", "7", "--why", "x", "--db", sqlite_url).output.startswith("Error: no session 7")


# ------------------------------------------------------------------ PokerNow ledgers


def ledger_file(tmp_path: Path, *rows: str, name: str = "ledger.csv") -> str:
    path = tmp_path / name
    path.write_text("\n".join([HEADER, *rows]) + "\n")
    return str(path)


def test_a_pokernow_ledger_of_one_player_is_refused(sqlite_url: str, tmp_path: Path) -> None:
    path = ledger_file(tmp_path, '"Solo",s1,2023-05-01T20:00:00Z,2023-05-01T23:00:00Z,100,100,0,0')
    result = invoke("import-ledger", path, "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == ("Error: ledger.csv: the ledger has one player ('Solo', row 2): "
                                             "a night needs two or more")
    assert sessions(sqlite_url) == []
    assert invoke("standings", "--db", sqlite_url).exit_code == 0


def test_a_2023_pokernow_game_starts_and_ends_in_2023(sqlite_url: str, tmp_path: Path) -> None:
    path = ledger_file(tmp_path, '"Ann",a,2023-05-01T20:00:00.000Z,2023-05-01T23:10:00.000Z,100,125,0,25',
                       '"Bob",b,2023-05-01T20:05:00.000Z,,100,,75,-25')
    result = invoke("import-ledger", path, "--db", sqlite_url)
    assert result.exit_code == 0, result.output
    assert "  played 2023-05-01 20:00 to 2023-05-01 23:10 UTC (the ledger's own times)" in result.output
    with open_store(sqlite_url) as store:
        game = store.session(1)
        assert (game.started_at, game.ended_at) == (datetime(2023, 5, 1, 20, 0, tzinfo=UTC),
                                                    datetime(2023, 5, 1, 23, 10, tzinfo=UTC))
    assert "Monday 01 May 2023, 20:00\u201323:10 UTC" in invoke("report", "1", "--db", sqlite_url).output
    assert "1 night" in invoke("standings", "--season", "2023", "--db", sqlite_url).output


def test_missing_invalid_or_reversed_pokernow_times_are_refused_with_their_row(sqlite_url: str,
                                                                              tmp_path: Path) -> None:
    bob = '"Bob",b,2023-05-01T20:00:00Z,2023-05-01T23:00:00Z,100,50,0,-50'
    for ann, error in (
        ('"Ann",a,,2023-05-01T23:00:00Z,100,150,0,50', "Error: ledger.csv:2: no session_start_at: when the player sat down is not said"),
        ('"Ann",a,01/05/2023 8pm,,100,,150,50', "Error: ledger.csv:2: session_start_at '01/05/2023 8pm' is not a time"),
        ('"Ann",a,2023-05-01T20:00:00Z,soon,100,150,0,50', "Error: ledger.csv:2: session_end_at 'soon' is not a time"),
        ('"Ann",a,2023-05-01T20:00:00Z,2023-05-01T19:00:00Z,100,150,0,50',
         "Error: ledger.csv:2: session_end_at 2023-05-01T19:00:00Z is before session_start_at 2023-05-01T20:00:00Z"),
    ):
        result = invoke("import-ledger", ledger_file(tmp_path, ann, bob), "--db", sqlite_url)
        assert result.exit_code == 2 and result.output.splitlines()[0] == error, result.output
    assert sessions(sqlite_url) == []


def test_an_unbalanced_pokernow_ledger_names_a_hand_in_play_as_the_usual_cause(sqlite_url: str) -> None:
    result = invoke("import-ledger", str(POKERNOW / "unbalanced.csv"), "--db", sqlite_url)
    assert result.exit_code == 2
    assert result.output.splitlines()[1] == (
        "Hint: a complete PokerNow ledger always balances: the usual cause is a hand still in play when it was "
        "downloaded (the chips in the pot are in nobody's stack); download it again between hands, once every "
        "player has a row")


def test_an_exported_log_keeps_its_own_times(sqlite_url: str, tmp_path: Path) -> None:
    """A night imported from its JSON export started (and closed) when it did, not at the import."""
    source = f"sqlite:///{tmp_path / 'then.db'}"
    assert invoke("import-ledger", str(POKERNOW / "dollars.csv"), "--db", source).exit_code == 0
    path = tmp_path / "then.json"
    path.write_text(invoke("export", "1", "--json", "--db", source).stdout)
    assert json.loads(path.read_text())["session"]["started_at"].startswith("2026-04-02T00:00:00")
    assert invoke("import", str(path), "--db", sqlite_url).exit_code == 0
    with open_store(sqlite_url) as store:
        game = store.session(1)
        assert (game.started_at, game.ended_at) == (datetime(2026, 4, 2, 0, 0, tzinfo=UTC),
                                                    datetime(2026, 4, 2, 2, 40, tzinfo=UTC))


def test_a_one_player_ledger_stored_by_an_older_referee_does_not_break_the_standings(sqlite_url: str) -> None:
    """What the old import-ledger wrote for a one-player ledger: a closed night of one seat."""
    from referee.engine.events import LedgerSetting
    from referee.store.store import SeatSpec

    assert invoke("import-ledger", str(POKERNOW / "dollars.csv"), "--db", sqlite_url).exit_code == 0
    with open_store(sqlite_url) as store, store.transaction() as tx:
        game = tx.new_session(table_name="PokerNow", rulebook="straight_draw", chip_value_cents=1,
                              seats=[SeatSpec("Solo", 100)])
        assert game.id is not None
        tx.append_events(game.id, None, [LedgerSetting("currency", "USD")])
        tx.close_session(game.id, [("Solo", 100)])
    result = runner.invoke(app, ["standings", "--db", sqlite_url], terminal_width=120, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "1 night · USD" in result.stdout and "Tam" in result.stdout
    assert result.stderr.startswith("Warning: not counted: session 2 (PokerNow, ")
    assert "its log does not replay (a hand needs at least two players (got 1))" in result.stderr

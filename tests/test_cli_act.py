"""``referee act SESSION LINE…`` as a script or a second terminal uses it: the same words as the hand
format and the table mode, exit 2 with the reason for an illegal action unless --force, a race with
another recorder reported in plain words, and ``referee --help`` never loading the table's libraries."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers.cli import run
from typer.testing import CliRunner

from referee.cli import app
from referee.handfile.replay import replay_night_file
from referee.recording.session_log import night_from_session
from referee.store.store import open_store
from referee.store.transaction import SeatSpec

runner = CliRunner()


def new_session(url: str, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee")) -> int:
    with open_store(url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="[b]Kitchen[/b]", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec(n, 100) for n in names])
        assert session.id is not None
        return session.id


def test_act_records_each_line_in_the_hand_formats_words(db_url: str) -> None:
    sid = new_session(db_url)
    done = run("act", str(sid), "new hand", "bob open 2", "cy raises to 4", "Dee: folds", "ann c", "--db", db_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "hand 1 begins: Ann deals",
        "hand 1, action 1: Bob: bets 2",
        "hand 1, action 2: Cy: raises to 4",
        "hand 1, action 3: Dee: folds",
        "hand 1, action 4: Ann: calls",
        "hand 1 · Jackpots · dealer Ann · pot 14 · Bob to act: fold, call 2, raise 1–2",
    ]
    with open_store(db_url) as store:
        assert [r.text for r in store.events(sid, 1)] == ["Bob: bets 2", "Cy: raises to 4", "Dee: folds",
                                                           "Ann: calls"]


def test_an_illegal_action_exits_2_with_the_reason_unless_forced(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    assert run("act", str(sid), "new hand", "bob open 2", "--db", sqlite_url).returncode == 0
    refused = run("act", str(sid), "cy x", "--db", sqlite_url)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        f"Error: session {sid}, hand 1 after action 1: 'cy x': Cy cannot check: 2 to call; legal: fold, call 2, raise 1–2 (draw.4.2)",
        "Hint: add --force to log it as it happened",
    ]
    forced = run("act", str(sid), "cy x", "--force", "--db", sqlite_url)
    assert forced.returncode == 0, forced.stderr
    assert "hand 1, action 2: Cy: checks\n  flagged: Cy cannot check: 2 to call" in forced.stdout
    with open_store(sqlite_url) as store:
        replay = replay_night_file(night_from_session(store, sid))
    assert [f.rule for f in replay[0].replay.illegal] == ["draw.4.2"]


def test_a_line_that_cannot_be_read_is_one_error_line(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    for args, first in [
        (["new hand", "bob rasie 4"], f"Error: session {sid}, hand 1, before its first action: 'bob rasie 4': "
                                      "'rasie' is not a verb of Jackpots"),
        (["zed [b]folds[/b]"], f"Error: session {sid}, hand 1, before its first action: 'zed [b]folds[/b]': "
                               "cannot read 'zed [b]folds[/b]'"),
        (["bob x", "--force", "cy knock"], f"Error: session {sid}, hand 1 after action 1: 'cy knock': "
                                           "'knock' is not a verb of Jackpots"),
        (["zed folds"], f"Error: session {sid}, hand 1 after action 1: 'zed folds': unknown player 'zed'"),
    ]:
        done = run("act", str(sid), *args, "--db", sqlite_url)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr.splitlines()[0] == first, done.stderr
    assert run("act", "99", "bob x", "--db", sqlite_url).stderr.startswith("Error: no session 99")


def test_the_stored_lines_before_a_refused_one_stay(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    done = run("act", str(sid), "new hand", "bob open 2", "cy x", "cy f", "--db", sqlite_url)
    assert done.returncode == 2
    assert done.stdout.splitlines() == ["hand 1 begins: Ann deals", "hand 1, action 1: Bob: bets 2"]
    with open_store(sqlite_url) as store:
        assert [r.text for r in store.events(sid, 1)] == ["Bob: bets 2"]


def test_two_terminals_on_one_session(db_url: str) -> None:
    """A second terminal's act and the table's next line: the table is told what it missed."""
    from referee.recording.live_table import LiveTable, Refused

    sid = new_session(db_url)
    with open_store(db_url) as store:
        table = LiveTable(store, sid)
        assert run("act", str(sid), "new hand", "--db", db_url).returncode == 0
        begun = table.enter("new hand")  # the other terminal began it first
        assert isinstance(begun, Refused) and begun.stale
        assert begun.reason == (f"another recorder began hand 1 first; yours was not begun (hand 1 of session {sid} "
                                "has no actions yet)")  # what happened, not only what the store found
        assert run("act", str(sid), "bob open 2", "--db", db_url).returncode == 0
        raced = table.enter("bob x")
        assert isinstance(raced, Refused) and raced.stale
        assert raced.reason == ("hand 1 changed since you loaded it: Bob: bets 2 (action 1); your 'Bob: checks' was "
                                "not stored — enter it again")


def test_help_and_cli_import_stay_light() -> None:
    code = ("import sys, json, referee.cli; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules} & "
            "{'prompt_toolkit', 'sqlalchemy', 'sqlmodel'}) + sorted(m for m in sys.modules if m.startswith("
            "('referee.engine', 'referee.recording.live_table', 'referee.store'))))) ")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(loaded.stdout) == []
    for command in ("table", "act"):
        helped = runner.invoke(app, [command, "--help"], terminal_width=120)
        assert helped.exit_code == 0 and "Usage:" in helped.output


def test_opening_an_up_to_date_database_loads_no_alembic(sqlite_url: str) -> None:
    """The schema check on every open is one plain query (referee.store.migrate.HEAD_REVISION), which
    must name the newest shipped migration."""
    from referee.store.migrate import HEAD_REVISION, head_revision

    assert HEAD_REVISION == head_revision()
    with open_store(sqlite_url):
        pass  # created and migrated
    code = (f"import sys; from referee.store.store import open_store; open_store({sqlite_url!r}).close(); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'alembic'}))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"


def test_act_imports_only_what_one_line_needs(sqlite_url: str) -> None:
    """A one-shot ``referee act`` is started for every line a script records: it loads the store, the
    engine and the one game the night plays -- not the report, the ledger, the disputes, rich, the
    table prompt or the other games: each of those costs its import at every line."""
    sid = new_session(sqlite_url)
    code = ("import atexit, json, sys\n"
            "atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
            "from referee.cli import main\n"
            f"sys.argv = ['referee', 'act', '{sid}', 'new hand', 'bob open 2', '--db', {sqlite_url!r}]\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "referee.engine.games.jackpots" in loaded and "referee.recording.live_table" in loaded
    heavy = {m for m in loaded if m.split(".")[0] in {"rich", "weasyprint", "jinja2", "alembic", "psycopg",
                                                       "prompt_toolkit", "pokerkit", "treys"}}
    unneeded = {m for m in loaded if m.startswith(("referee.report", "referee.ledger", "referee.dispute",
                                                   "referee.dispute.whatif", "referee.handfile.rulings"))}
    unneeded |= {m for m in loaded if m.startswith("referee.cli.")} - {"referee.cli.app", "referee.cli.act",
                                                                        "referee.cli.db"}
    games = {m for m in loaded if m.startswith("referee.engine.games.")} - {
        "referee.engine.games.jackpots", "referee.engine.games.straight_draw", "referee.engine.games.common"}
    assert not heavy and not unneeded and not games, (heavy, unneeded, games)


def test_a_stop_the_bus_deal_logged_by_its_result_at_act(sqlite_url: str) -> None:
    """docs/hand-format.md: "`Cy: was lowest` (`Cy: lowest`) ... Cy's was the lowest: Cy pays the penalty"
    (stopbus.penalty = 5_chips_to_pot): the short form `cy lowest` at act is that line."""
    with open_store(sqlite_url) as store:
        with store.transaction() as tx:
            sid = tx.new_session(table_name="Bus", rulebook="stop_the_bus", chip_value_cents=25,
                                    seats=[SeatSpec(n, 20) for n in ("Ann", "Bob", "Cy")]).id
    done = run("act", str(sid), "new hand", "cy lowest", "--db", sqlite_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1] == "hand 1, action 1: Cy was lowest"
    with open_store(sqlite_url) as store:
        (hand,) = replay_night_file(night_from_session(store, sid)).hands
    assert hand.replay.outcome.stacks == {"Ann": 20, "Bob": 20, "Cy": 15}

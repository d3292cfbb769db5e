"""Kept figures are believed only as far as they are checked: an event edited in the table with its
hash left as it was (the log's head unchanged, so the kept figures still fit it) is found by every
command about one night (settle refuses it, report warns, naming it and `referee db verify --session N`),
and by `standings --verify`; plain `standings` says it checked only the heads.  Kept figures are keyed by
the code that decides them: computed by other code they are replayed (a progress bar on a terminal),
by this code they are not, whatever referee's version says."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pexpect
from sqlalchemy import text
from typer.testing import CliRunner, Result

from helpers.nights import DISPUTED
from helpers.tamper import past_the_triggers
from referee.cli import app
from referee.ledger.kept import FORMAT, encode, figures_for
from referee.ledger.standings import standings
from referee.recording.night_file import record_night
from referee.store.kept import FIGURES, Result as KeptRow, code_digest, deciding_code
from referee.store.store import open_store

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"
PACKAGE = Path(__file__).resolve().parent.parent / "referee"
RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"


def cli(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def closed_night(store: object, table: str) -> int:
    sid = record_night(store, DISPUTED, table_name=table, chip_value_cents=25)  # type: ignore[arg-type]
    store.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})  # type: ignore[attr-defined]
    return sid


def test_an_event_edited_mid_log_is_found_though_the_nights_figures_are_kept(db_url: str) -> None:
    with open_store(db_url) as store:
        sid = closed_night(store, "Kitchen")
        other = closed_night(store, "Hall")
        assert cli("settle", str(sid), "--db", db_url).exit_code == 0  # its figures kept, at its head
        assert cli("standings", "--db", db_url).exit_code == 0
        # Bob's first action rewritten in place, hashes untouched: the head, and so the kept row, still fit
        with past_the_triggers(store) as conn:
            conn.execute(text("UPDATE events SET text = 'Bob: folds' WHERE session_id = :s AND seq = "
                              "(SELECT MIN(seq) FROM events WHERE session_id = :s AND hand_number = 1)"), {"s": sid})
        with store.engine.connect() as conn:
            kept = conn.execute(text("SELECT count(*) FROM night_results WHERE kind = 'figures'")).scalar_one()
        assert kept == 2
    settled = cli("settle", str(sid), "--db", db_url)
    assert settled.exit_code == 2
    first, hint = settled.output.splitlines()
    assert first.startswith(f"Error: session {sid} (Kitchen, ") and "its log was changed after recording (at event" in first
    assert hint.startswith(f"Hint: `referee db verify --session {sid}` says what no longer fits")
    report = cli("report", str(sid), "--db", db_url)
    assert report.stderr.startswith(f"Warning: session {sid}: its log was changed after recording")
    assert f"`referee db verify --session {sid}`" in report.stderr
    plain = cli("standings", "--db", db_url)
    assert plain.exit_code == 0 and plain.stderr == ""
    assert "Each night's kept figures were checked against the head of its log; `referee standings --verify` also " \
           "recomputes every event's hash" in " ".join(plain.stdout.split())
    checked = cli("standings", "--verify", "--db", db_url)
    assert checked.exit_code == 0
    assert "· 1 night ·" in checked.stdout and "checked against the head" not in checked.stdout
    [warning] = checked.stderr.splitlines()
    assert warning.startswith(f"Warning: not counted: session {sid} (Kitchen, ")
    assert cli("settle", str(other), "--db", db_url).exit_code == 0


def test_figures_kept_by_other_code_are_replayed_and_those_kept_by_this_code_are_not(db_url: str) -> None:
    with open_store(db_url) as store:
        first, second = closed_night(store, "Kitchen"), closed_night(store, "Hall")
        assert sorted(standings(store).replayed) == [first, second]
        assert standings(store).replayed == ()
        # the first night's figures kept, signed, by a referee whose deciding code was another
        game = store.session(first)
        figures = figures_for(store, game)
        chain = store.verify_chain(first)
        store.keep_results([KeptRow(first, FIGURES, chain.events, chain.head, FORMAT, "0" * 40,
                                    encode(figures, game.status))])
        assert store.unverified_kept() == []  # a row as referee keeps it, not a forged one
        assert standings(store).replayed == (first,)
        assert standings(store).replayed == ()


def copy_of_the_package(tmp_path: Path) -> Path:
    copy = tmp_path / "referee"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_the_deciding_code_changes_with_the_rules_and_not_with_the_version_or_the_commands(tmp_path: Path) -> None:
    package = copy_of_the_package(tmp_path)
    rulebooks = tmp_path / "rulebooks"
    shutil.copytree(RULEBOOKS, rulebooks)
    assert code_digest(package, rulebooks) == deciding_code()  # this checkout's own
    # an upgrade that changes the version, a command and the docs of the store keeps every kept result
    init = package / "__init__.py"
    init.write_text(init.read_text() + "\n__version__ = '99.0'\n")
    (package / "cli" / "standings.py").write_text((package / "cli" / "standings.py").read_text() + "\n# reworded\n")
    assert code_digest(package, rulebooks) == deciding_code()
    # one that changes the engine, the ledger or a shipped rulebook recomputes them
    for changed in (package / "engine" / "pots.py", package / "ledger" / "settlement.py",
                    rulebooks / "jackpots.toml"):
        before = changed.read_text()
        changed.write_text(before + "\n# changed\n")
        assert code_digest(package, rulebooks) != deciding_code(), changed
        changed.write_text(before)
    assert code_digest(package, rulebooks) == deciding_code()


def test_standings_show_progress_while_replaying_on_a_terminal_and_nothing_otherwise(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with open_store(url) as store:
        closed_night(store, "Kitchen")
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    child = pexpect.spawn(str(REFEREE), ["standings", "--db", url], env=env, dimensions=(40, 120), timeout=120)
    child.expect(pexpect.EOF)
    child.close()
    shown = child.before.decode()
    assert child.exitstatus == 0, shown
    assert "Replaying 1 night (kept figures out of date)" in shown
    # kept now: no progress; and none when standard error is not a terminal
    child = pexpect.spawn(str(REFEREE), ["standings", "--db", url], env=env, dimensions=(40, 120), timeout=120)
    child.expect(pexpect.EOF)
    assert "Replaying" not in child.before.decode()
    with open_store(url) as store, store.engine.begin() as conn:
        conn.execute(text("DELETE FROM night_results"))
    piped = cli("standings", "--db", url)
    assert piped.exit_code == 0 and piped.stderr == "" and "Replaying" not in piped.stdout

"""One night, one identity, through the real CLI: a night recorded at the table, its text export and
its JSON export are the same night, so importing a copy of a stored night is refused naming the
stored session (``--again`` takes a second copy on purpose); an edited export taken ``--as-new`` is
still a copy of the stored night; ``db verify`` calls the chain of an intact copy intact; and a night
stored with the fingerprint an earlier referee computed is recognised all the same."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from typer.testing import Result

from helpers.cli import invoke, ok
from referee.store.chain import canonical_json
from referee.store.store import open_store


#: a night of straight draw recorded line by line at the table, as a scorekeeper types it
TABLE_LINES = ("new hand", "bob bets 1", "cy calls", "ann folds", "bob draws 0", "cy draws 2", "bob checks",
               "cy checks", "bob shows AcAdAh2c2d", "cy shows KcKdKh3c3d", "Ann adds 20", "new hand",
               "cy bets 2", "ann folds", "bob folds")




def record_at_the_table(url: str) -> None:
    """Session 1: Ann, Bob and Cy sit down with 50 chips each; two hands (the ante is one chip), Ann
    adds 20 between them; counted out as the log gives them (Ann 67, Bob 51, Cy 52) and the one
    transfer paid: facts the hand format has no words for."""
    ok("session", "new", "--table", "Kitchen", "--game", "straight_draw", "-p", "Ann:50", "-p", "Bob:50",
       "-p", "Cy:50", "--dealer", "Ann", "--db", url)
    ok("act", "1", *TABLE_LINES, "--db", url)
    ok("session", "close", "1", "-c", "Ann:67", "-c", "Bob:51", "-c", "Cy:52", "--db", url)
    ok("settle", "1", "--paid", "1", "--db", url)


def sessions(url: str) -> list[int]:
    with open_store(url) as store:
        return [g.id for g in store.sessions() if g.id is not None]


def export(url: str, tmp_path: Path, *, as_json: bool) -> Path:
    path = tmp_path / ("n1.json" if as_json else "n1.txt")
    path.write_text(ok("export", "1", *(["--json"] if as_json else []), "--db", url).stdout)
    return path


def refused_as_session_1(result: Result, path: Path) -> None:
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"Error: {path}: this night is already in the store as session 1 (table "
                                    "Kitchen, "), result.output
    assert "nothing was imported" in result.output and "add --again" in result.output


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_the_export_of_a_night_recorded_at_the_table_imports_as_the_stored_night(
        sqlite_url: str, tmp_path: Path, as_json: bool) -> None:
    """`export 1 > n1.txt; import n1.txt`: the text loses the counts and the payment (comments), the
    JSON keeps them; either way it is session 1's night, and nothing is imported."""
    record_at_the_table(sqlite_url)
    path = export(sqlite_url, tmp_path, as_json=as_json)
    refused_as_session_1(invoke("import", str(path), "--db", sqlite_url), path)
    assert sessions(sqlite_url) == [1]


def test_a_text_copy_taken_again_makes_its_json_export_a_copy_of_both(sqlite_url: str, tmp_path: Path) -> None:
    record_at_the_table(sqlite_url)
    text_copy = export(sqlite_url, tmp_path, as_json=False)
    taken = ok("import", str(text_copy), "--db", sqlite_url, "--again")
    assert "Warning: a second copy (--again) of session 1: the standings count it again" in taken.output
    json_copy = export(sqlite_url, tmp_path, as_json=True)
    refused = invoke("import", str(json_copy), "--db", sqlite_url)
    assert refused.exit_code == 2
    assert "already in the store as session 1 (table Kitchen, " in refused.output and "(and 1 more)" in refused.output


def edited(path: Path, tmp_path: Path) -> Path:
    """The JSON export with Cy's bet of 2 in hand 2 made a bet of 3: another hand, a broken chain."""
    document: dict[str, Any] = json.loads(path.read_text())
    bet = next(e for e in document["events"] if e["hand"] == 2 and e["kind"] == "Bet")
    assert (bet["payload"]["player"], bet["payload"]["amount"]) == ("Cy", 2)
    bet["payload"]["amount"] = 3
    out = tmp_path / "edited.json"
    out.write_text(json.dumps(document))
    return out


def test_as_new_of_a_night_in_the_store_is_refused_unless_again_and_verify_calls_it_intact(
        sqlite_url: str, tmp_path: Path) -> None:
    record_at_the_table(sqlite_url)
    path = edited(export(sqlite_url, tmp_path, as_json=True), tmp_path)
    refused = invoke("import", str(path), "--db", sqlite_url, "--as-new")
    assert refused.exit_code == 2
    assert refused.output.splitlines()[0].startswith(f"Error: {path}: this night is session 1 (table Kitchen, ")
    assert "edited: the same table, start time and rules, other hands: nothing was imported" in refused.output
    assert sessions(sqlite_url) == [1]
    taken = ok("import", str(path), "--db", sqlite_url, "--as-new", "--again")
    assert "Taken as a new night, NOT verified against its export (--as-new)" in taken.output
    assert "Warning: a second copy (--again) of session 1: the standings count it again" in taken.output
    verify = ok("db", "verify", "--db", sqlite_url)
    lines = verify.output.splitlines()
    assert lines[1].startswith("session 2: ") and "chain intact since its import (head " in lines[1]
    assert "did not match" not in verify.output and "BROKEN" not in verify.output


def test_as_new_of_an_intact_export_is_verified_and_still_a_copy(sqlite_url: str, tmp_path: Path) -> None:
    record_at_the_table(sqlite_url)
    path = export(sqlite_url, tmp_path, as_json=True)
    refused_as_session_1(invoke("import", str(path), "--db", sqlite_url, "--as-new"), path)
    taken = ok("import", str(path), "--db", sqlite_url, "--as-new", "--again")
    assert "as exported (--as-new was not needed: the file is the session as exported)." in taken.output
    verify = ok("db", "verify", "--db", sqlite_url)
    assert "session 2: " in verify.output and "chain intact (head " in verify.output
    assert verify.output.splitlines()[-1] == "All 2 sessions verified."


def test_an_edited_copy_is_recognised_beside_an_earlier_import_of_the_same_export(
        sqlite_url: str, tmp_path: Path) -> None:
    """Exported from the home store, imported into the club's; an edited copy of the same export is
    the same night of the same table, whatever store it was first recorded in."""
    home = f"sqlite:///{tmp_path / 'home.sqlite3'}"
    record_at_the_table(home)
    path = export(home, tmp_path, as_json=True)
    ok("import", str(path), "--db", sqlite_url)
    refused = invoke("import", str(edited(path, tmp_path)), "--db", sqlite_url, "--as-new")
    assert refused.exit_code == 2 and "this night is session 1 (table Kitchen, " in refused.output
    assert sessions(sqlite_url) == [1]


def _earlier_fingerprint(url: str, session_id: int) -> str:
    """The fingerprint an earlier referee stored with an import: a sha256 over the rulebook, its
    options and the log's raw events (hand, kind, fields), counts and payments included."""
    with open_store(url) as store:
        game = store.session(session_id)
        rows = store.events(session_id)
    content = {"rulebook": game.rulebook, "options": game.options,
               "events": [[row.hand_number, row.kind, row.payload] for row in rows]}
    return hashlib.sha256(f"referee-night:{canonical_json(content)}".encode()).hexdigest()


def test_a_night_stored_with_an_earlier_fingerprint_is_still_recognised(db_url: str, tmp_path: Path) -> None:
    """Stores of an earlier referee keep the fingerprints it computed: no migration rewrites them,
    because a night is recognised by the fingerprint of its own log, computed now."""
    home = f"sqlite:///{tmp_path / 'home.sqlite3'}"
    record_at_the_table(home)
    json_copy = export(home, tmp_path, as_json=True)
    text_copy = export(home, tmp_path, as_json=False)
    ok("import", str(json_copy), "--db", db_url)
    earlier = _earlier_fingerprint(db_url, 1)
    with open_store(db_url) as store, store.engine.begin() as conn:
        conn.execute(text("UPDATE sessions SET fingerprint = :f WHERE id = 1"), {"f": earlier})
    for path in (text_copy, json_copy):
        refused_as_session_1(invoke("import", str(path), "--db", db_url), path)
    assert sessions(db_url) == [1]


def test_a_hand_begun_with_no_action_yet_is_no_hand_of_the_night(sqlite_url: str, tmp_path: Path) -> None:
    """Ann adds 20 after hand 1 and hand 2 is begun, nothing logged in it yet: the text export has one
    hand (and Ann's chips as a comment); it is still session 1's night."""
    ok("session", "new", "--table", "Kitchen", "--game", "straight_draw", "-p", "Ann:50", "-p", "Bob:50",
       "--dealer", "Ann", "--db", sqlite_url)
    ok("act", "1", "new hand", "bob folds", "Ann adds 20", "new hand", "--db", sqlite_url)
    path = export(sqlite_url, tmp_path, as_json=False)
    assert "hand 2" not in path.read_text()
    refused_as_session_1(invoke("import", str(path), "--db", sqlite_url), path)
    assert sessions(sqlite_url) == [1]


def test_the_json_export_of_an_imported_ledger_is_the_stored_ledger(sqlite_url: str, tmp_path: Path) -> None:
    ledger = Path(__file__).parent / "pokernow" / "cents.csv"
    ok("import-ledger", str(ledger), "--db", sqlite_url)
    path = tmp_path / "ledger.json"
    path.write_text(ok("export", "1", "--json", "--db", sqlite_url).stdout)
    refused = invoke("import", str(path), "--db", sqlite_url)
    assert refused.exit_code == 2
    assert refused.output.startswith(f"Error: {path}: this night is already in the store as session 1 (table PokerNow")
    assert sessions(sqlite_url) == [1]

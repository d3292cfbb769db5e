"""A kept result is believed only when it carries the store's own digest: an edit in the
``night_results`` table (a balance, a document from another night, a head from elsewhere, a garbled
table state) is never served, it is replayed and replaced, and ``referee db verify`` names it.

The edits are made as someone with the database but not the store's key would make them: straight
SQL on the table, leaving every other column as it was.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from sqlalchemy import text
from typer.testing import CliRunner

from helpers.nights import DISPUTED, DISPUTED_IN_PLAY
from referee.cli import app
from referee.recording.live_table import LiveTable
from referee.recording.night_file import record_night
from referee.store.store import Store, open_store

runner = CliRunner()

def cli(*args: str) -> Any:
    return runner.invoke(app, list(args), terminal_width=160, env={"COLUMNS": "160"})


def two_closed_nights(store: Store) -> tuple[int, int]:
    """Two closed nights of DISPUTED at different tables, their figures kept (one read each)."""
    first = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
    store.close_session(first, {"Ann": 17, "Bob": 30, "Cy": 23})
    second = record_night(store, DISPUTED, table_name="Hall", chip_value_cents=100)
    store.close_session(second, {"Ann": 10, "Bob": 40, "Cy": 20})
    return first, second


def row(store: Store, sid: int, kind: str = "figures") -> dict[str, Any]:
    with store.engine.connect() as conn:
        found = conn.execute(text("SELECT * FROM night_results WHERE session_id = :s AND kind = :k"),
                             {"s": sid, "k": kind}).first()
    assert found is not None, (sid, kind)
    values = dict(found._mapping)
    if isinstance(values["document"], str):
        values["document"] = json.loads(values["document"])
    return values


def write(store: Store, sid: int, kind: str, **columns: Any) -> None:
    sets = ", ".join(f"{name} = :{name}" for name in columns)
    values = {name: json.dumps(v) if name == "document" else v for name, v in columns.items()}
    with store.engine.begin() as conn:
        conn.execute(text(f"UPDATE night_results SET {sets} WHERE session_id = :s AND kind = :k"),
                     {"s": sid, "k": kind, **values})


def settled(url: str, sid: int) -> str:
    done = cli("settle", str(sid), "--db", url)
    assert done.exit_code == 0, done.output
    return done.output


def verified(url: str) -> list[str]:
    done = cli("db", "verify", "--db", url)
    assert done.exit_code == 0, done.output
    return done.output.splitlines()


def test_a_balance_edited_in_the_kept_figures_is_never_shown_and_db_verify_replaces_it(db_url: str) -> None:
    """``UPDATE night_results SET document = json_set(…balance_cents…)``: Ann +€999.99 in the kept
    row; settle and the standings give her the replayed figure, db verify names the row."""
    with open_store(db_url) as store:
        sid, _ = two_closed_nights(store)
        truth = settled(db_url, sid)
        standings = cli("standings", "--db", db_url).output
        forged = row(store, sid)
        document = forged["document"]
        ann = next(line for line in document["ledger"]["players"] if line["name"] == "Ann")
        ann["balance_cents"] = 99999
        write(store, sid, "figures", document=document)
        assert "999.99" not in settled(db_url, sid) and settled(db_url, sid) == truth
        assert cli("standings", "--db", db_url).output == standings
        write(store, sid, "figures", document=document)  # forged again: db verify finds it
        lines = verified(db_url)
        assert (f"session {sid}: its kept figures (ledger and hands) did not verify (edited outside referee): "
                "replaced from the log") in lines
        assert row(store, sid)["document"] != document
        assert store.unverified_kept() == []
        assert not any("did not verify" in line for line in verified(db_url))  # once replaced, it verifies


def test_a_document_swapped_from_another_night_or_a_foreign_head_is_replaced(db_url: str) -> None:
    """The other night's document under this night's head; the other night's whole row (its seq,
    head, document and digest) under this night's number; this night's row with another head: none
    is served, each is named by db verify and replaced."""
    with open_store(db_url) as store:
        first, second = two_closed_nights(store)
        truth = settled(db_url, first)
        settled(db_url, second)
        mine, theirs = row(store, first), row(store, second)
        edits: list[dict[str, Any]] = [
            {"document": theirs["document"]},
            {name: theirs[name] for name in ("seq", "head", "document", "digest")},
            {"head": theirs["head"]},
        ]
        for edit in edits:
            write(store, first, "figures", **edit)
            assert settled(db_url, first) == truth, edit
            write(store, first, "figures", **edit)
            assert [line for line in verified(db_url) if "did not verify" in line] == [
                f"session {first}: its kept figures (ledger and hands) did not verify (edited outside referee): "
                "replaced from the log"], edit
            assert row(store, first)["document"] == mine["document"]


def test_a_garbled_kept_table_state_never_refuses_a_legal_bet(db_url: str) -> None:
    """The kept night thread says Bob has 1 chip behind (he has 20): ``act "bob r 2"`` is still taken,
    and db verify names the thread it replaced."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED_IN_PLAY, table_name="Kitchen", chip_value_cents=25)
        LiveTable(store, sid)  # the table opened once: the thread after hands 1 and 2 is kept
        kept = row(store, sid, "thread")
        assert kept["document"]["stacks"]["Bob"] == 20
        kept["document"]["stacks"]["Bob"] = 1
        write(store, sid, "thread", document=kept["document"])
        done = subprocess.run([sys.executable, "-m", "referee", "act", str(sid), "bob r 2", "--db", db_url],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("hand 3, action 2: Bob: raises 2")
        write(store, sid, "thread", document=kept["document"])
        assert [line for line in verified(db_url) if "did not verify" in line] == [
            f"session {sid}: its kept table state (the night thread) did not verify (edited outside referee): "
            "replaced from the log"]
        assert row(store, sid, "thread")["document"]["stacks"]["Bob"] == 20


def test_a_kept_row_from_a_store_with_another_key_is_replayed(db_url: str, tmp_path: Any,
                                                              monkeypatch: Any) -> None:
    """A row signed with another key (the database copied without its key, or a forger's key) is
    not this store's: replaced, and named by db verify."""
    with open_store(db_url) as store:
        sid, _ = two_closed_nights(store)
        truth = settled(db_url, sid)
    monkeypatch.setenv("REFEREE_STORE_KEY", str(tmp_path / "other.key"))
    with open_store(db_url) as store:
        done = cli("db", "verify", "--db", db_url)
        assert done.exit_code == 1, done.output  # the sessions' rows are not signed with this key either
        lines = done.output.splitlines()
        assert f"session {sid}: its kept figures (ledger and hands) did not verify (edited outside referee): " \
               "replaced from the log" in lines
        assert f"No session row carries this store's signature: the key here ({tmp_path / 'other.key'}) is not the " \
               "one the store was written with (copy that key file here, or name it with REFEREE_STORE_KEY), or " \
               "every row was edited" in " ".join(done.output.split())
        assert not any("ROW EDITED" in line for line in lines)
        assert settled(db_url, sid) == truth and store.unverified_kept() == []

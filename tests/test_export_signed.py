"""Exports that prove where they came from: ``export --json`` carries the store's signature of its
chain's head, so the store that wrote a file verifies it fully on import -- an edit whose later
hashes were recomputed (the chain then holds) is refused -- and a file from another store is taken
as "verified chain, unsigned origin"; the import, ``db verify`` and the report say which."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from helpers.nights import DISPUTED
from referee.cli import app
from referee.recording.night_file import record_night
from referee.store.chain import event_hash
from referee.store.store import open_store

runner = CliRunner()


def invoke(*args: str) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200"})


def home_night(url: str) -> dict[str, Any]:
    """A closed night of the store at ``url``, exported with --json."""
    with open_store(url) as store:
        sid = record_night(store, DISPUTED, table_name="Kitchen", chip_value_cents=25)
        with store.transaction() as tx:
            tx.close_session(sid, {"Ann": 17, "Bob": 30, "Cy": 23})
    done = invoke("export", str(sid), "--json", "--db", url)
    assert done.exit_code == 0, done.output
    return dict(json.loads(done.stdout))


def forged(document: dict[str, Any]) -> dict[str, Any]:
    """Ann's count raised from 17 to 117 chips, and every hash from her cash-out on recomputed, the
    chain's head with them: a file whose chain verifies."""
    doc = json.loads(json.dumps(document))
    events = doc["events"]
    at = next(n for n, e in enumerate(events) if e["kind"] == "CashOut" and e["payload"]["player"] == "Ann")
    events[at]["payload"]["chips"] = 117
    for n in range(at, len(events)):
        e = events[n]
        e["prev_hash"] = events[n - 1]["hash"]
        e["hash"] = event_hash(e["prev_hash"], session_id=doc["session"]["id"], seq=e["seq"], hand_number=e["hand"],
                               kind=e["kind"], payload=e["payload"], text=e["text"],
                               created_at=datetime.fromisoformat(e["created_at"]))
    doc["chain"]["head"] = events[-1]["hash"]
    return doc


def write(tmp_path: Path, document: dict[str, Any], name: str) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document, indent=2))
    return str(path)


def test_an_export_carries_the_signature_of_the_store_that_wrote_it(sqlite_url: str) -> None:
    document = home_night(sqlite_url)
    signature = document["signature"]
    assert set(signature) == {"store", "head"} and len(signature["store"]) == 16 and len(signature["head"]) == 64


def test_an_edit_with_its_hashes_recomputed_is_refused_by_the_store_that_wrote_it(
        db_url: str, tmp_path: Path) -> None:
    document = home_night(db_url)
    assert invoke("session", "void", "1", "--why", "restored from its export", "--db", db_url).exit_code == 0
    refused = invoke("import", write(tmp_path, forged(document), "forged.json"), "--db", db_url)
    assert refused.exit_code == 2, refused.output
    first, hint = refused.output.splitlines()
    assert first.endswith("forged.json: the file says this store exported it, but its signature does not match its "
                          "hash chain: it was changed after export (its hashes recomputed to hide the edit)")
    assert hint.startswith("Hint: nothing was imported.")
    with open_store(db_url) as store:
        assert len(store.sessions()) == 1
    # the file as exported: signed by this store, its origin proven
    restored = invoke("import", write(tmp_path, document, "home.json"), "--db", db_url)
    assert restored.exit_code == 0, restored.output
    assert "Signed by this store: the file is its own export, unchanged (its origin proven)." in restored.output
    verified = invoke("db", "verify", "--db", db_url)
    assert "session 2: " in verified.output and ", imported from this store's own signed export" in verified.output
    report = invoke("report", "2", "--db", db_url)
    assert "Imported from this store's own export, signed by it: its chain verified, its origin proven" in report.output


def test_another_stores_export_is_a_verified_chain_of_unsigned_origin(sqlite_url: str, tmp_path: Path) -> None:
    home = f"sqlite:///{tmp_path / 'home.sqlite3'}"
    document = home_night(home)
    for name, doc in (("home.json", document), ("forged.json", forged(document))):
        done = invoke("import", write(tmp_path, doc, name), "--db", sqlite_url, "--again")
        assert done.exit_code == 0, done.output
        assert ("Origin unsigned: the file was not exported by this store (or its signature was removed); its chain "
                "proves its events agree with each other, not who wrote them.") in done.output
    report = invoke("report", "1", "--db", sqlite_url)
    assert ("Imported from another store's export: its chain verified, its origin unsigned (the file alone cannot "
            "show who wrote it)") in " ".join(report.output.split())
    verified = invoke("db", "verify", "--db", sqlite_url)
    assert verified.output.count(", imported from a verified export (its origin unsigned)") == 2

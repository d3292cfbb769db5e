"""Every writing command is safe to run again, and a payment is recorded by what it is, once.

The night of the payments: Ann +€50, Bob −€20, Cy −€30 (the list: 1. Cy pays Ann €30.00, 2. Bob pays
Ann €20.00).  Through the real CLI: in-process for the wording, real ``referee`` processes for the
races (two at once, held at the session's lock from a second connection until both wait there, then
let go together) and for the lost reply (a proxy passes the COMMIT on to PostgreSQL and cuts the
connection before its answer comes back: the server stored the fact, the command exits 75, and the
user runs it again)."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest
from typer.testing import CliRunner, Result

from helpers.processes import CuttingProxy, commits_appended_events, finish, libpq, run, start, waiting_for_lock
from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()
NIGHT = Path(__file__).resolve().parent.parent / "examples" / "straight-draw-corrections.txt"


def cli(url: str, *args: str) -> Result:
    return runner.invoke(app, [*args, "--db", url], terminal_width=120, env={"COLUMNS": "120"})


def lines(result: Result) -> list[str]:
    return [" ".join(line.split()) for line in result.output.splitlines() if line.strip()]


def three(url: str) -> None:
    """Session 1, closed: Ann +€50, Bob −€20, Cy −€30 (counts confirmed by Ann)."""
    assert cli(url, "session", "new", "--table", "T", "--game", "jackpots",
               "-p", "Ann:100", "-p", "Bob:100", "-p", "Cy:100").exit_code == 0
    closed = cli(url, "session", "close", "1", "-c", "Ann:150", "-c", "Bob:80", "-c", "Cy:70", "--accept", "--by", "Ann")
    assert closed.exit_code == 0, closed.output


def one_bet(url: str) -> None:
    """Session 1, open: hand 1 holds one action, Bob's bet of 2."""
    assert cli(url, "session", "new", "--table", "T", "--game", "jackpots",
               "-p", "Ann:100", "-p", "Bob:100", "-p", "Cy:100").exit_code == 0
    played = cli(url, "act", "1", "new hand", "bob open 2")
    assert played.exit_code == 0, played.output


def kinds(url: str, *wanted: str) -> list[tuple[str, dict[str, object]]]:
    with open_store(url) as store:
        return [(r.kind, r.payload) for r in store.events(1) if r.kind in wanted]


def payments(url: str) -> list[tuple[object, ...]]:
    return [(p["payer"], p["payee"], p["cents"]) for _, p in kinds(url, "TransferPaid")]


# ---------------------------------------------------------------- payments by what they are


def test_a_transfer_named_twice_in_one_command_is_refused_and_nothing_is_recorded(db_url: str) -> None:
    """Today: two payments of Cy's €30, and Cy, the biggest loser, ends up owed money."""
    three(db_url)
    twice = cli(db_url, "settle", "1", "--paid", "1", "--paid", "1")
    assert twice.exit_code == 2, twice.output
    assert lines(twice)[0] == "Error: --paid 1: Cy paid Ann €30.00 is named twice in one command (--paid 1 and --paid 1)"
    assert payments(db_url) == []


def test_settle_paid_run_again_says_already_recorded_and_never_pays_the_transfer_moved_into_its_place(
        db_url: str) -> None:
    """Today the second `settle 1 --paid 1` marks Bob's €20 paid: the list was renumbered."""
    three(db_url)
    first = cli(db_url, "settle", "1", "--paid", "1")
    assert first.exit_code == 0, first.output
    assert lines(first)[0] == "Recorded: Cy paid Ann €30.00"
    seq = len(kinds(db_url, "SitDown", "SetDealer", "RulebookText", "CashOut", "CountConfirmed", "Closed",
                     "TransferPaid"))
    again = cli(db_url, "settle", "1", "--paid", "1")
    assert again.exit_code == 0, again.output
    assert lines(again)[0] == f"Already recorded: Cy paid Ann €30.00 (session 1, event {seq})"
    assert "1 Bob Ann €20.00" in lines(again)  # Bob still owes Ann
    assert payments(db_url) == [("Cy", "Ann", 3000)]


def test_a_payment_is_named_by_what_it_is_and_each_is_recorded_once(sqlite_url: str) -> None:
    three(sqlite_url)
    [key] = re.findall(r"· list (\w+)", cli(sqlite_url, "settle", "1").output)
    paid = cli(sqlite_url, "settle", "1", "--paid", f"1@{key}")
    assert lines(paid)[0] == "Recorded: Cy paid Ann €30.00"
    [now] = re.findall(r"· list (\w+)", paid.output)

    # a number names the list it was printed with: that list is gone, and a bare number no longer says which
    stale = cli(sqlite_url, "settle", "1", "--paid", f"2@{key}")
    assert stale.exit_code == 2
    assert lines(stale) == [
        f"Error: --paid 2@{key}: list '{key}' is not the list now: it changed since it was printed",
        f"Hint: the list now is {now}: 1. Bob pays Ann €20.00 (--paid 1@{now}, or who paid whom: --paid Bob:Ann:€20.00)"]
    bare = cli(sqlite_url, "settle", "1", "--paid", "2")
    assert bare.exit_code == 2 and lines(bare)[0] == (
        "Error: --paid 2: the list has changed since payments were recorded: name the list you read by the key "
        "printed with it")

    # the same payment twice, a pair that owes nothing, more than is owed: refused, naming what is recorded
    for args, error in (
        (["Cy:Ann:30"], "Error: --paid Cy:Ann:30: Cy paid Ann €30.00 is already recorded"),
        (["Bob:Cy:20"], "Error: --paid Bob:Cy:20: Bob paid Cy €20.00: Cy is owed nothing now (balance −€30.00) "
                        "(Cy paid Ann €30.00 recorded)"),
        (["Cy:Ann:5"], "Error: --paid Cy:Ann:5: Cy paid Ann €5.00: Cy owes nothing now (balance −€30.00) "
                       "(Cy paid Ann €30.00 recorded)"),
        (["Bob:Ann:25"], "Error: --paid Bob:Ann:25: Bob paid Ann €25.00 is more than Bob owes now (€20.00)"),
    ):
        refused = cli(sqlite_url, "settle", "1", *(a for text in args for a in ("--paid", text)))
        assert refused.exit_code == 2, (args, refused.output)
        assert lines(refused)[0] == error
    assert payments(sqlite_url) == [("Cy", "Ann", 3000)]

    # part payments, exact to the cent; a real second payment of the same amount says so
    part = cli(sqlite_url, "settle", "1", "--paid", "Bob:Ann:7.33")
    assert "Note: Bob paid Ann €7.33 of €20.00: €12.67 left to pay" in lines(part)
    same = cli(sqlite_url, "settle", "1", "--paid", "Bob:Ann:7.33")  # the command again, right after itself
    assert same.exit_code == 0 and lines(same)[0].startswith("Already recorded: Bob paid Ann €7.33 (session 1, event ")
    worded = cli(sqlite_url, "settle", "1", "--paid", "bob:ann:7.33")  # the same payment, asked in other words
    assert worded.exit_code == 2 and lines(worded) == [
        "Error: --paid bob:ann:7.33: Bob paid Ann €7.33 is already recorded",
        "Hint: a real second payment of the same amount: referee settle 1 --paid Bob:Ann:€7.33 --again"]
    second = cli(sqlite_url, "settle", "1", "--paid", "Bob:Ann:7.33", "--again")
    assert second.exit_code == 0 and lines(second)[0] == "Recorded: Bob paid Ann €7.33"
    rest = cli(sqlite_url, "settle", "1", "--paid", "Bob:Ann:5.34")
    assert "Everybody is square once the payments below are counted." in lines(rest)
    assert payments(sqlite_url) == [("Cy", "Ann", 3000), ("Bob", "Ann", 733), ("Bob", "Ann", 733), ("Bob", "Ann", 534)]


def test_a_setting_recorded_run_again_is_recorded_once(sqlite_url: str) -> None:
    three(sqlite_url)
    first = cli(sqlite_url, "settle", "1", "--set", "currency=GBP")
    assert lines(first)[0] == "Recorded: ledger currency = GBP"
    again = cli(sqlite_url, "settle", "1", "--set", "currency=GBP")
    assert again.exit_code == 0 and lines(again)[0].startswith("Already recorded: ledger currency = GBP (session 1, event ")
    assert [p for _, p in kinds(sqlite_url, "LedgerSetting") if p["name"] == "currency"] == [
        {"name": "currency", "value": "GBP"}]


# ---------------------------------------------------------------- a reply lost at COMMIT


def adds_twenty(url: str) -> tuple[list[str], Callable[[str], list[object]], str]:
    assert cli(url, "session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:100", "-p", "Bob:100").exit_code == 0
    return (["act", "1", "Ann adds 20"], lambda u: [p for _, p in kinds(u, "AddChips") if p["player"] == "Ann"],
            "Already recorded: Ann adds 20 (session 1, event 5)")  # after two sit-downs, the dealer, the rulebook


def pays_cy(url: str) -> tuple[list[str], Callable[[str], list[object]], str]:
    three(url)
    seq = len(kinds(url, "SitDown", "SetDealer", "RulebookText", "CashOut", "CountConfirmed", "Closed")) + 1
    return ["settle", "1", "--paid", "1"], payments, f"Already recorded: Cy paid Ann €30.00 (session 1, event {seq})"


def voids_bet(url: str) -> tuple[list[str], Callable[[str], list[object]], str]:
    one_bet(url)
    return (["session", "amend", "1", "--void", "1:1", "--why", "misheard"],
            lambda u: [p for _, p in kinds(u, "Void")],
            "Already recorded: void 1: misheard; amended: hand 1, action 1 void (Bob: bets 2), because misheard")


def rebuys(url: str) -> tuple[list[str], Callable[[str], list[object]], str]:
    one_bet(url)
    return (["session", "amend", "1", "--rebuy", "Bob:20", "--why", "missed"],
            lambda u: [p for _, p in kinds(u, "AddChips")],
            "Already recorded: Bob adds 20; amended: Bob's missed rebuy of 20 chips added, because missed")


@pytest.mark.postgres
@pytest.mark.parametrize("command", [pays_cy, voids_bet, rebuys, adds_twenty],
                         ids=["settle --paid", "amend --void", "amend --rebuy", "act adds"])
def test_a_command_whose_reply_was_lost_at_commit_is_stored_once_when_run_again(
        pg_url: str, command: Callable[[str], tuple[list[str], Callable[[str], list[object]], str]]) -> None:
    args, facts, already = command(pg_url)
    parts = urlsplit(pg_url)
    proxy = CuttingProxy(parts.hostname or "127.0.0.1", parts.port or 5432, commits_appended_events)
    try:
        proxy.cut_next.set()
        code, out, err = run(*args, "--db", proxy.url(pg_url))
        assert proxy.cuts == 1 and code == 75, (code, out, err)  # "run it again": the server had stored it
        assert len(facts(pg_url)) == 1
        code, out, err = run(*args, "--db", proxy.url(pg_url))
    finally:
        proxy.close()
    assert code == 0, err
    assert already in " ".join(out.split()), out
    assert len(facts(pg_url)) == 1


@pytest.mark.postgres
@pytest.mark.parametrize("command, meanwhile", [
    (pays_cy, ["settle", "1", "--set", "locale=en_IE"]),
    (adds_twenty, ["act", "1", "Bob adds 10"]),
], ids=["settle --paid", "act adds"])
def test_a_command_run_again_with_the_event_its_lost_run_printed_finds_its_fact_after_more_was_recorded(
        pg_url: str, command: Callable[[str], tuple[list[str], Callable[[str], list[object]], str]],
        meanwhile: list[str]) -> None:
    """The reply is lost, another command records something, then the first is run again: the event it
    printed with exit 75 (where the log stood when it asked) is its key."""
    args, facts, already = command(pg_url)
    parts = urlsplit(pg_url)
    proxy = CuttingProxy(parts.hostname or "127.0.0.1", parts.port or 5432, commits_appended_events)
    try:
        proxy.cut_next.set()
        code, out, err = run(*args, "--db", proxy.url(pg_url))
    finally:
        proxy.close()
    assert code == 75, (out, err)
    [at] = re.findall(r"--asked-at (\d+)", " ".join(err.split()))
    assert cli(pg_url, *meanwhile).exit_code == 0
    code, out, err = run(*args, "--asked-at", at, "--db", pg_url)
    assert code == 0, err
    assert already.split(" (session")[0] in " ".join(out.split()), out
    assert len(facts(pg_url)) == 1


def closes(url: str) -> tuple[list[str], Callable[[str], list[object]], str]:
    assert cli(url, "session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:100", "-p", "Bob:100").exit_code == 0
    return (["session", "close", "1", "-c", "Ann:100", "-c", "Bob:100"], lambda u: [p for _, p in kinds(u, "CashOut")],
            "Already recorded: Ann cashes out 100")


def reopens(url: str) -> tuple[list[str], Callable[[str], list[object]], str]:
    three(url)
    return (["session", "reopen", "1", "--why", "Bob's count"], lambda u: [p for _, p in kinds(u, "Reopened")],
            "Already recorded: reopened")


@pytest.mark.postgres
@pytest.mark.parametrize("command, meanwhile", [
    (closes, ["settle", "1", "--set", "locale=en_IE"]),
    (reopens, ["session", "amend", "1", "--count", "Cy:71", "--why", "miscounted"]),
    (rebuys, ["session", "amend", "1", "--void", "1:1", "--why", "misheard"]),
], ids=["session close", "session reopen", "session amend"])
def test_a_session_correction_run_again_with_the_event_its_lost_run_printed_finds_its_fact_after_more_was_recorded(
        pg_url: str, command: Callable[[str], tuple[list[str], Callable[[str], list[object]], str]],
        meanwhile: list[str]) -> None:
    """Close, reopen and amend: the reply to the COMMIT is lost, the exit-75 hint names the event where
    the log stood when the command asked, another command records something, and the first run again
    with ``--asked-at`` that event says "Already recorded" and stores nothing twice."""
    args, facts, already = command(pg_url)
    parts = urlsplit(pg_url)
    proxy = CuttingProxy(parts.hostname or "127.0.0.1", parts.port or 5432, commits_appended_events)
    try:
        proxy.cut_next.set()
        code, out, err = run(*args, "--db", proxy.url(pg_url))
    finally:
        proxy.close()
    assert code == 75, (out, err)
    stored = len(facts(pg_url))
    [at] = re.findall(r"--asked-at (\d+)", " ".join(err.split()))
    done = cli(pg_url, *meanwhile)
    assert done.exit_code == 0, done.output
    code, out, err = run(*args, "--asked-at", at, "--db", pg_url)
    assert code == 0, err
    assert already in " ".join(out.split()), out
    assert len(facts(pg_url)) == stored


def commits_a_void(data: bytes, sent: list[bytes]) -> bool:
    """The COMMIT of the transaction that marks a session void (no event of its log)."""
    return b"COMMIT" in data and any(b"UPDATE sessions" in earlier for earlier in sent)


@pytest.mark.postgres
def test_a_void_whose_reply_was_lost_run_again_with_asked_at_says_already_recorded(pg_url: str) -> None:
    """``session void`` takes ``--asked-at`` as close, amend and reopen do (one retry line for them
    all); a void is found again by its reason."""
    assert cli(pg_url, "session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:100", "-p", "Bob:100").exit_code == 0
    parts = urlsplit(pg_url)
    proxy = CuttingProxy(parts.hostname or "127.0.0.1", parts.port or 5432, commits_a_void)
    try:
        proxy.cut_next.set()
        code, out, err = run("session", "void", "1", "--why", "started twice", "--db", proxy.url(pg_url))
    finally:
        proxy.close()
    assert code == 75, (out, err)
    assert "run it again as it is" in " ".join(err.split()), err
    code, out, err = run("session", "void", "1", "--why", "started twice", "--asked-at", "4", "--db", pg_url)
    assert code == 0, err
    assert "Already recorded: void: started twice (session 1" in " ".join(out.split()), out


# ---------------------------------------------------------------- two at once


@contextmanager
def session_locked(url: str, processes: int) -> Iterator[None]:
    """Session 1's lock held from a second connection until ``processes`` commands wait for it, then
    let go: they go on together.  PostgreSQL: its row, FOR UPDATE; SQLite: the database's write lock
    (a write transaction), until each process sleeps in SQLite's busy wait."""
    if url.startswith("sqlite"):
        holder = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None, timeout=30)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    with psycopg.connect(libpq(url), autocommit=True) as watch, psycopg.connect(libpq(url)) as holder:
        holder.execute("SELECT id FROM sessions WHERE id = 1 FOR UPDATE")
        yield
        waiting_for_lock(watch, processes)
        holder.rollback()


def sleeping_on_sqlite(pids: list[int]) -> None:
    """Every process sleeps in SQLite's busy handler (waiting for the write lock), read twice in a row."""
    deadline, settled = time.monotonic() + 60, 0
    while settled < 2:
        assert time.monotonic() < deadline, "the commands never waited for the lock"
        try:
            states = [Path(f"/proc/{pid}/wchan").read_text() for pid in pids]
        except OSError:
            states = ["0"]
        if "0" in states:  # a kernel that does not say where a process sleeps: give them time instead
            time.sleep(5)
            return
        settled = settled + 1 if all("nanosleep" in s for s in states) else 0
        time.sleep(0.2)


@pytest.mark.parametrize("command", [pays_cy, voids_bet], ids=["settle --paid 1", "amend --void 1:1"])
def test_the_same_command_twice_at_once_stores_its_fact_once(
        db_url: str, command: Callable[[str], tuple[list[str], Callable[[str], list[object]], str]]) -> None:
    """Today: two payments of transfer 1 (10 of 10 on PostgreSQL), two voids of action 1:1."""
    args, facts, already = command(db_url)
    with session_locked(db_url, 2):
        both = [start(*args, "--db", db_url) for _ in range(2)]
        if db_url.startswith("sqlite"):
            sleeping_on_sqlite([p.pid for p in both])
    results = [finish(p) for p in both]
    assert [code for code, _, _ in results] == [0, 0], results
    said = sorted(" ".join(out.split()) for _, out, _ in results)
    assert already in said[0] and "Already recorded" not in said[1], said
    assert len(facts(db_url)) == 1


@pytest.mark.postgres
def test_two_imports_of_one_night_at_once_import_it_once(pg_url: str) -> None:
    """Both import processes have recorded the night and checked that the store does not hold it yet;
    the test holds the table of request identities (SHARE) until both wait to claim the night, then
    lets go: one keeps it, the other is refused as an import of a copy one after the other is (exit 2,
    the same words: the night is already in the store as the winner's session).  Today: both import."""
    assert cli(pg_url, "session", "new", "--table", "Old", "--game", "straight_draw",
               "-p", "Oleg:50", "-p", "Ivan:50", "-p", "Masha:50").exit_code == 0  # the players exist
    with psycopg.connect(libpq(pg_url), autocommit=True) as watch, psycopg.connect(libpq(pg_url)) as holder:
        holder.execute("LOCK TABLE requests IN SHARE MODE")
        both = [start("import", str(NIGHT), "--table", "Kitchen", "--db", pg_url) for _ in range(2)]
        waiting_for_lock(watch, 2)
        holder.rollback()
    results = sorted(finish(p) for p in both)
    assert [code for code, _, _ in results] == [0, 2], results
    with open_store(pg_url) as store:
        kept = [g.id for g in store.sessions() if g.fingerprint is not None]
    assert len(kept) == 1
    assert f"Imported {NIGHT} as session {kept[0]}:" in results[0][1]
    code, _, later = run("import", str(NIGHT), "--table", "Kitchen", "--db", pg_url)  # a copy, one after the other
    assert code == 2
    assert results[1][2] == later, (results[1][2], later)
    assert f"this night is already in the store as session {kept[0]} (table Kitchen, " in " ".join(later.split())

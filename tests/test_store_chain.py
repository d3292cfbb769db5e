"""The hash chain: 'a hash chain over a session's events lets anyone prove later that the log was
not edited'.  Edits are simulated the way a tamperer would make them: with SQL, after dropping the
append-only trigger."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from referee.cards import parse_cards
from referee.engine.events import Bet, Call, Deal, Fold, Raise
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec
from referee.store.chain import canonical_json, event_hash, genesis_hash, row_hash


OPENED = 5  # two SitDowns, the first dealer, the rulebook's text and hand 1's dealer come before its actions


@pytest.fixture
def night(db_url: str) -> Iterator[tuple[Store, int]]:
    """A session with one hand of five events (seq 6 to 10)."""
    with open_store(db_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec("Alice", 100), SeatSpec("Bob", 100)])
        assert session.id is not None
        with store.transaction() as tx:
            tx.start_hand(session.id, dealer="Bob")
        for event in (Deal("Alice", tuple(parse_cards("As Ad ?? ?? ??"))), Bet("Alice", 2), Raise("Bob", 2),
                      Call("Alice"), Fold("Bob")):
            store.append_event(session.id, 1, event, text=f"{type(event).__name__.lower()}")
        yield store, session.id


def tamper(store: Store, statement: str) -> None:
    """Run ``statement`` with the append-only protection removed (what a tamperer would do)."""
    with store.engine.begin() as conn:
        if store.dialect == "postgresql":
            conn.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
        else:
            conn.execute(text("DROP TRIGGER events_no_update"))
            conn.execute(text("DROP TRIGGER events_no_delete"))
        conn.execute(text(statement))


def test_an_untouched_log_verifies(night: tuple[Store, int]) -> None:
    store, sid = night
    report = store.verify_chain(sid)
    assert report.ok and report.events == OPENED + 5 and report.problem is None
    assert report.head == store.events(sid)[-1].hash


def test_the_chain_links_every_row_to_the_one_before(night: tuple[Store, int]) -> None:
    store, sid = night
    rows = store.events(sid)
    assert rows[0].prev_hash == genesis_hash(store.session(sid))
    assert all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:]))
    assert all(row_hash(r) == r.hash and len(r.hash) == 64 for r in rows)


def test_hash_covers_every_field() -> None:
    from datetime import UTC, datetime

    base = {"session_id": 1, "seq": 1, "hand_number": 1, "kind": "Bet", "payload": {"player": "A", "amount": 2},
            "text": None, "created_at": datetime(2026, 1, 1, tzinfo=UTC)}
    reference = event_hash("0" * 64, **base)  # type: ignore[arg-type]
    variants = [{"session_id": 2}, {"seq": 2}, {"hand_number": 2}, {"kind": "Raise"},
                {"payload": {"player": "A", "amount": 3}}, {"text": "a bets 2"},
                {"created_at": datetime(2026, 1, 1, 0, 0, 1, tzinfo=UTC)}]
    for change in variants:
        assert event_hash("0" * 64, **(base | change)) != reference, change  # type: ignore[arg-type]
    assert event_hash("1" * 64, **base) != reference  # type: ignore[arg-type]


def test_an_edited_payload_is_found(night: tuple[Store, int]) -> None:
    store, sid = night
    amount = "'{\"player\": \"Alice\", \"amount\": 20}'"
    tamper(store, f"UPDATE events SET payload = {amount} WHERE seq = 7")
    report = store.verify_chain(sid)
    assert not report.ok and (report.bad_seq, report.hand, report.action, report.says) == (7, 1, 2, "bet")
    assert report.problem == ("event 7 (hand 1, action 2: 'bet', stored as 'Alice: bets 20'): "
                              "its content does not match its hash (the row was edited)")


def test_an_edited_row_with_a_recomputed_hash_breaks_the_next_link(night: tuple[Store, int]) -> None:
    """A tamperer who also recomputes the edited row's hash is caught by the row after it."""
    store, sid = night
    row = store.events(sid)[OPENED + 2]
    forged = event_hash(row.prev_hash, session_id=sid, seq=8, hand_number=1, kind="Call",
                        payload={"player": "Bob"}, text=row.text, created_at=row.created_at)
    tamper(store, f"UPDATE events SET kind = 'Call', payload = '{{\"player\": \"Bob\"}}', hash = '{forged}' WHERE seq = 8")
    report = store.verify_chain(sid)
    assert report.bad_seq == 9
    assert "does not follow the previous event" in (report.problem or "")


def test_a_deleted_row_is_found(night: tuple[Store, int]) -> None:
    store, sid = night
    tamper(store, "DELETE FROM events WHERE seq = 9")
    report = store.verify_chain(sid)
    assert report.bad_seq == 10 and "expected sequence number 9 (an event is missing)" in (report.problem or "")


def test_a_deleted_last_row_changes_the_head(night: tuple[Store, int]) -> None:
    """Dropping the newest event leaves a valid shorter chain: the head hash, kept elsewhere, shows it."""
    store, sid = night
    head_before = store.verify_chain(sid).head
    tamper(store, "DELETE FROM events WHERE seq = 10")
    after = store.verify_chain(sid)
    assert after.ok and after.events == OPENED + 4 and after.head != head_before


def test_a_changed_session_header_is_found(night: tuple[Store, int]) -> None:
    store, sid = night
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE sessions SET chip_value_cents = 100 WHERE id = :sid"), {"sid": sid})
    report = store.verify_chain(sid)
    assert report.bad_seq == 1 and "the session header was changed" in (report.problem or "")


def test_every_session_is_verified(night: tuple[Store, int]) -> None:
    store, sid = night
    with store.transaction() as tx:
        other = tx.new_session(table_name="Saturday", rulebook="five_card_stud", chip_value_cents=10)
    reports = store.verify_all()
    assert [(r.session_id, r.ok, r.events) for r in reports] == [(sid, True, OPENED + 5), (other.id, True, 1)]


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.text(),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                           max_leaves=8)


@settings(max_examples=int(os.environ.get("REFEREE_CHAIN_EXAMPLES", "60")), deadline=None)
@given(payload=st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4), line=st.none() | st.text(),
       hand=st.none() | st.integers(1, 10**6), seq=st.integers(1, 10**9), kind=st.text(max_size=12),
       moment=st.datetimes(timezones=st.just(UTC)))
def test_an_events_hash_is_sha256_of_its_record_as_canonical_json(payload: dict[str, object], line: str | None,
                                                                  hand: int | None, seq: int, kind: str,
                                                                  moment: datetime) -> None:
    """The chain's definition, byte for byte: ``sha256(prev_hash + canonical record)``, the record's
    compact key-sorted JSON, whether the payload's JSON is made here or given (an append encodes it
    once, for the hash and the row)."""
    record = {"session": 7, "seq": seq, "hand": hand, "kind": kind, "payload": payload, "text": line,
              "created_at": moment.isoformat(timespec="microseconds")}
    wanted = hashlib.sha256(("f" * 64 + json.dumps(record, sort_keys=True, separators=(",", ":"),
                                                   ensure_ascii=False)).encode()).hexdigest()
    fields = {"session_id": 7, "seq": seq, "hand_number": hand, "kind": kind, "text": line, "created_at": moment}
    assert event_hash("f" * 64, payload=payload, **fields) == wanted
    assert event_hash("f" * 64, payload_json=canonical_json(payload), **fields) == wanted

"""The hash chain over a session's events: proof that the log was not edited afterwards.

The chain starts from the session's *genesis* hash, a sha256 over the session's fixed header (id,
table, start time, rulebook, options, chip value, and for sessions whose log holds the whole night
the log version), so changing the rules of a recorded night also breaks it.  Each event's ``hash`` is ``sha256(prev_hash + canonical record)``, where the canonical
record is compact, key-sorted JSON of everything the row says (session, seq, hand, kind, payload,
text, created_at) and ``prev_hash`` is the previous event's hash (the genesis hash for seq 1).
:func:`verify_chain` recomputes it all and reports the first row that does not fit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from referee.store.models import LOG_LEGACY, EventRow, GameSession


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: one text for one value, whatever the backend returned."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _time_text(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def genesis_hash(session: GameSession) -> str:
    """The chain's starting point for ``session``: a hash over its fixed header."""
    header = {
        "session": session.id,
        "table": session.table_name,
        "started_at": _time_text(session.started_at),
        "rulebook": session.rulebook,
        "options": session.options,
        "chip_value_cents": session.chip_value_cents,
    }
    if session.log_version != LOG_LEGACY:  # legacy sessions keep the genesis they were recorded with
        header["log_version"] = session.log_version
    return _sha256("referee-session:" + canonical_json(header))


def event_hash(
    prev_hash: str,
    *,
    session_id: int,
    seq: int,
    hand_number: int | None,
    kind: str,
    payload: dict[str, Any],
    text: str | None,
    created_at: datetime,
) -> str:
    """``sha256(prev_hash + canonical record)`` for one event row."""
    record = {
        "session": session_id,
        "seq": seq,
        "hand": hand_number,
        "kind": kind,
        "payload": payload,
        "text": text,
        "created_at": _time_text(created_at),
    }
    return _sha256(prev_hash + canonical_json(record))


def row_hash(row: EventRow) -> str:
    """The hash ``row`` should carry given its own ``prev_hash``."""
    return event_hash(
        row.prev_hash,
        session_id=row.session_id,
        seq=row.seq,
        hand_number=row.hand_number,
        kind=row.kind,
        payload=row.payload,
        text=row.text,
        created_at=row.created_at,
    )


@dataclass(frozen=True)
class ChainReport:
    """The outcome of checking one session's chain.  ``problem`` is None when the chain holds; else
    it names the first event that does not fit: ``bad_seq``, its ``hand`` (None between hands), its
    ``action`` within that hand and what it says."""

    session_id: int
    events: int
    head: str
    problem: str | None = None
    bad_seq: int | None = None
    hand: int | None = None
    action: int | None = None
    says: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _event_says(row: EventRow) -> str:
    try:
        from referee.handfile.words import event_words
        from referee.store.codec import decode_event

        return event_words(decode_event(row.kind, row.payload))
    except Exception:  # noqa: BLE001 - a damaged row is still shown, as stored
        return f"{row.kind} {canonical_json(row.payload)}"


def what_it_says(row: EventRow) -> str:
    """The row in the scorekeeper's words: its text, else its event written out (else raw JSON)."""
    return row.text or _event_says(row)


def _reported(row: EventRow) -> str:
    """What a suspect row says, quoted: its text, and its event too when that reads otherwise."""
    says = repr(what_it_says(row))
    event = _event_says(row)
    return says if not row.text or event == row.text else f"{says}, stored as {event!r}"


def verify_chain(session: GameSession, rows: Iterable[EventRow]) -> ChainReport:
    """Check ``rows`` (the session's events, in ``seq`` order) against ``session``'s chain.

    Finds a missing or repeated sequence number, a row whose ``prev_hash`` is not its predecessor's
    hash (a row removed or reordered), and a row whose content no longer matches its ``hash`` (edited).
    """
    assert session.id is not None
    expected_prev = genesis_hash(session)
    count = 0
    actions: dict[int, int] = {}
    for expected_seq, row in enumerate(rows, 1):
        count = expected_seq
        action = None
        if row.hand_number is not None:
            action = actions[row.hand_number] = actions.get(row.hand_number, 0) + 1
        problem = None
        if row.seq != expected_seq:
            problem = f"expected sequence number {expected_seq} (an event is missing)"
        elif row.prev_hash != expected_prev:
            problem = ("the session header was changed after recording" if expected_seq == 1
                       else "it does not follow the previous event (one was removed, replaced or reordered)")
        elif row_hash(row) != row.hash:
            problem = "its content does not match its hash (the row was edited)"
        if problem is not None:
            place = "between hands" if row.hand_number is None else f"hand {row.hand_number}, action {action}"
            return ChainReport(session.id, count, expected_prev, f"event {row.seq} ({place}: {_reported(row)}): {problem}",
                               row.seq, row.hand_number, action, what_it_says(row))
        expected_prev = row.hash
    return ChainReport(session.id, count, expected_prev)


def stored_since(rows: Sequence[EventRow], actions_before: Mapping[int, int]) -> list[str]:
    """What each of ``rows`` says, with its action number in its hand (``actions_before``: how many
    events each hand held before the first of them): for telling a recorder what he missed."""
    counts = dict(actions_before)
    out = []
    for row in rows:
        says = what_it_says(row)
        if row.hand_number is None:
            out.append(says)
        else:
            counts[row.hand_number] = counts.get(row.hand_number, 0) + 1
            out.append(f"{says} (action {counts[row.hand_number]})")
    return out

"""Fingerprints of imported nights: the same night imported twice is recognised.

A fingerprint is a sha256 over what a night *holds*, not over the file it came in: for a night of
hands (a hand file, or a session log exported as JSON) the rulebook, its options and every event of
the log in order (hand, kind, fields), as recorded; for a PokerNow ledger, its rows.  Times, hashes,
line numbers, comments, the scorekeeper's wording, the table's name and the chip value are left out,
so that a hand file and the JSON export of the session it made, or one file with a comment added,
are the same night.  :func:`night_fingerprint` reads the rows of the store's events table.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from referee.store.chain import canonical_json
from referee.store.models import EventRecord, GameSession


def fingerprint(kind: str, content: Any) -> str:
    """The sha256 of ``content`` (JSON) as a night of ``kind``."""
    return hashlib.sha256(f"referee-{kind}:{canonical_json(content)}".encode()).hexdigest()


def night_fingerprint(session: GameSession, rows: Iterable[EventRecord]) -> str:
    """The fingerprint of a recorded night: its rulebook and options and its events in order."""
    return fingerprint("night", {
        "rulebook": session.rulebook,
        "options": session.options,
        "events": [[row.hand_number, row.kind, row.payload] for row in rows],
    })


__all__ = ["fingerprint", "night_fingerprint"]

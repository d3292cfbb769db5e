"""Fingerprints: the sha256 of what an imported night or ledger *holds*, not of the file it came in.

:func:`fingerprint` hashes a content as a night of some kind.  A night of hands is fingerprinted by
:func:`referee.recording.session_log.night_fingerprint` (the night as the hand format says it); a
PokerNow ledger by its rows (:func:`referee.ledger.pokernow.ledger_fingerprint`).  The store keeps
an import's fingerprint with its session (``sessions.fingerprint``), as the import printed it.
"""

from __future__ import annotations

import hashlib
from typing import Any

from referee.store.chain import canonical_json


def fingerprint(kind: str, content: Any) -> str:
    """The sha256 of ``content`` (JSON) as a night of ``kind``."""
    return hashlib.sha256(f"referee-{kind}:{canonical_json(content)}".encode()).hexdigest()


__all__ = ["fingerprint"]

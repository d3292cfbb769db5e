"""The store: where sessions, hands and their append-only event log are kept (SQLite or PostgreSQL).

``from referee.store import open_store`` is the way in (see :mod:`referee.store.store`).  The names
below are loaded on first use, so importing this package costs nothing until the store is needed.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "open_store": "referee.store.store",
    "Store": "referee.store.store",
    "SeatSpec": "referee.store.store",
    "SessionSummary": "referee.store.store",
    "ConflictError": "referee.store.store",
    "StaleLogError": "referee.store.store",
    "ChainReport": "referee.store.chain",
    "encode_event": "referee.store.codec",
    "decode_event": "referee.store.codec",
    "resolve_url": "referee.store.db",
    "mask_url": "referee.store.db",
    "Player": "referee.store.models",
    "PlayerAlias": "referee.store.models",
    "GameSession": "referee.store.models",
    "SeatRecord": "referee.store.models",
    "HandRecord": "referee.store.models",
    "EventRecord": "referee.store.models",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'referee.store' has no attribute {name!r}")
    return getattr(import_module(module), name)

"""Each player's payment details (the ``payment_details`` table, migration 0009): read and written here.

They belong to the player, found by his name or any alias, and are no part of a night's log.  What
is written was checked before (:mod:`referee.ledger.paying`): the store only keeps it.  A player
with no field left has no row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from sqlmodel import select

from referee.errors import InputError
from referee.store.models import PaymentDetails, Player
from referee.store.types import utcnow

if TYPE_CHECKING:
    from referee.store.store import Store

#: the fields a player may give, in the order they are shown
FIELDS = ("iban", "bic", "name_latin", "paypal", "revolut", "swish", "upi", "note")


def _player(store: Store, db: object, name: str) -> Player:
    found = store._find_player(db, name)  # type: ignore[arg-type]
    if found is None:
        raise InputError(f"no player named {name!r}", hint="players are added when they first sit down")
    return found


def details_of(store: Store, name: str) -> tuple[Player, dict[str, str]]:
    """The player named (or aliased) ``name`` and his details (field → value; only those given)."""
    with store._read() as db:
        player = _player(store, db, name)
        row = db.get(PaymentDetails, player.id)
        return player, _fields(row)


def details_by_player(store: Store, player_ids: Iterable[int]) -> dict[int, dict[str, str]]:
    """The details of each of ``player_ids`` who gave any."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    with store._read() as db:
        rows = db.exec(select(PaymentDetails).where(PaymentDetails.player_id.in_(ids)))  # type: ignore[attr-defined]
        return {row.player_id: _fields(row) for row in rows}


def write_details(store: Store, name: str, changes: Mapping[str, str | None]) -> tuple[Player, dict[str, str]]:
    """Set (a value) or remove (None) each field of ``changes`` for the player named (or aliased)
    ``name``, in one transaction; his details after."""
    unknown = set(changes) - set(FIELDS)
    if unknown:
        raise InputError(f"no payment detail is called {sorted(unknown)[0]!r}", hint="one of " + ", ".join(FIELDS))
    with store.transaction() as tx:
        player = _player(store, tx.db, name)
        row = tx.db.get(PaymentDetails, player.id)
        now = _fields(row) | {k: v for k, v in changes.items() if v is not None}
        now = {k: v for k, v in now.items() if changes.get(k, v) is not None}
        if not now:
            if row is not None:
                tx.db.delete(row)
            return player, {}
        if row is None:
            assert player.id is not None
            row = PaymentDetails(player_id=player.id)
        for field in FIELDS:
            setattr(row, field, now.get(field))
        row.updated_at = utcnow()
        tx.db.add(row)
        tx.db.flush()
        return player, _fields(row)


def _fields(row: PaymentDetails | None) -> dict[str, str]:
    if row is None:
        return {}
    return {field: value for field in FIELDS if (value := getattr(row, field)) is not None}


__all__ = ["FIELDS", "details_by_player", "details_of", "write_details"]

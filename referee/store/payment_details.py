"""Each player's payment details (the ``payment_details`` table, migration 0009): read and written here.

They belong to the player, found by his name or any alias, and are no part of a night's log.  What
is written was checked before (:mod:`referee.ledger.paying`): the store only keeps it.  A player
with no field left has no row.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from sqlalchemy import select

from referee.errors import InputError
from referee.i18n import _
from referee.store.tables import payment_details
from referee.store.types import utcnow

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from referee.store.models import Player
    from referee.store.store import Store

#: the fields a player may give, in the order they are shown
FIELDS = ("iban", "bic", "name_latin", "paypal", "revolut", "swish", "upi", "note")


def _player(db: Session, name: str) -> Player:
    from referee.store.transaction import find_player  # the write path: the ORM loads only here

    found = find_player(db, name)
    if found is None:
        raise InputError(_("no player named {name!r}").format(name=name), hint=_("players are added when they first sit down"))
    return found


def details_of(store: Store, name: str) -> tuple[Player, dict[str, str]]:
    """The player named (or aliased) ``name`` and his details (field → value; only those given)."""
    player = store.player(name)
    with store.guard(), store.engine.connect() as conn:
        row = conn.execute(select(payment_details).where(payment_details.c.player_id == player.id)).first()
        return player, _fields(row)


def details_by_player(store: Store, player_ids: Iterable[int]) -> dict[int, dict[str, str]]:
    """The details of each of ``player_ids`` who gave any."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    with store.guard(), store.engine.connect() as conn:
        rows = conn.execute(select(payment_details).where(payment_details.c.player_id.in_(ids)))
        return {row.player_id: _fields(row) for row in rows}


def write_details(store: Store, name: str, changes: Mapping[str, str | None]) -> tuple[Player, dict[str, str]]:
    """Set (a value) or remove (None) each field of ``changes`` for the player named (or aliased)
    ``name``, in one transaction; his details after."""
    unknown = set(changes) - set(FIELDS)
    if unknown:
        raise InputError(_("no payment detail is called {name!r}").format(name=sorted(unknown)[0]),
                         hint=_("one of {values}").format(values=", ".join(FIELDS)))
    from referee.store.models import PaymentDetails  # the write path: the ORM loads only here

    with store.transaction() as tx:
        player = _player(tx.db, name)
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


def _fields(row: object) -> dict[str, str]:
    if row is None:
        return {}
    return {field: value for field in FIELDS if (value := getattr(row, field)) is not None}


__all__ = ["FIELDS", "details_by_player", "details_of", "write_details"]

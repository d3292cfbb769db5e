"""Payments against the running tab across nights: kept in ``tab_payments``, read and appended here.

Like the log, the table is only appended to.  Each payment carries the identity of the command that
recorded it (:class:`~referee.store.requests.Request`): its ``key`` is what the command asked and
where the payments stood when it asked (the last payment's id, ``asked_at``).  So a command run again
after its reply was lost finds that the last payment is its own and says "already recorded"
(:class:`TabAlreadyRecorded`); with ``--asked-at N`` it finds it whatever was recorded since; a twin
racing it is refused by the unique key and finds the winner's.  What a payment may be is checked by
:mod:`referee.ledger.tab` before it is appended, at the head it read (``expected_head``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, text

from referee.errors import AlreadyRecorded
from referee.i18n import _
from referee.store.db import ConflictError
from referee.store.tables import tab_payments as _TABLE
from referee.store.types import utcnow

if TYPE_CHECKING:
    from referee.store.requests import Request
    from referee.store.store import Store



@dataclass(frozen=True)
class TabPayment:
    """``payer`` paid ``payee`` ``cents`` in ``currency`` against the tab (payment number ``id``)."""

    id: int
    payer: str
    payee: str
    cents: int
    currency: str
    created_at: datetime
    #: the identity of the command that recorded it, and the last payment's id when it asked
    key: str
    asked_at: int


class TabAlreadyRecorded(AlreadyRecorded):
    """The payment a command asks for is recorded already (an earlier run whose reply was lost, or a
    twin): nothing new is stored, and the CLI says so (exit 0)."""

    def __init__(self, payment: TabPayment, said: str) -> None:
        self.payment = payment
        super().__init__(0, (said,), payment.id, payment.id)

    def __str__(self) -> str:
        return _("already recorded: {payment} (tab payment {number})").format(payment=self.said[0],
                                                                              number=self.payment.id)


def tab_key(head: int, asks: str) -> str:
    """The key of a request that asked when the tab's last payment was ``head`` (0: none yet)."""
    return hashlib.sha256(f"tab\n{head}\n{asks}".encode()).hexdigest()


def _payment(row: object) -> TabPayment:
    r: Any = row
    return TabPayment(r.id, r.payer, r.payee, r.cents, r.currency, r.created_at, r.key, r.asked_at)


def tab_payments(store: Store) -> tuple[TabPayment, ...]:
    """Every payment against the tab, in the order recorded."""
    with store.guard(), store.engine.connect() as conn:
        return tuple(_payment(row) for row in conn.execute(select(_TABLE).order_by(_TABLE.c.id)))


def own_payment(payments: Sequence[TabPayment], request: Request) -> TabPayment | None:
    """The payment ``request`` recorded, if it is stored: asked at ``request.at`` (whatever was
    recorded since), else the last one, when it asked the same at the head before it."""
    if request.at is not None:
        key = tab_key(request.at, request.asks)
        return next((p for p in payments if p.key == key), None)
    if request.again or not payments:
        return None
    last = payments[-1]
    return last if last.key == tab_key(last.asked_at, request.asks) else None


def head_of(payments: tuple[TabPayment, ...]) -> int:
    """Where the payments stand: the last one's id (0 for none)."""
    return payments[-1].id if payments else 0


def append_tab_payment(store: Store, payer: str, payee: str, cents: int, currency: str, *, request: Request,
                       expected_head: int, words: Callable[[TabPayment], str]) -> TabPayment:
    """Append the payment, checked by the caller against the payments up to ``expected_head``.
    TabAlreadyRecorded when ``request`` is stored already (``words(payment)`` says it); ConflictError
    (exit 75, nothing stored) when another payment was recorded since the check read them."""
    try:
        with store.transaction() as tx:
            if store.dialect == "postgresql":  # one writer of the tab at a time (SQLite: BEGIN IMMEDIATE)
                tx.db.execute(text("LOCK TABLE tab_payments IN EXCLUSIVE MODE"))
            payments = tuple(_payment(row) for row in tx.db.execute(select(_TABLE).order_by(_TABLE.c.id)))
            head = head_of(payments)
            found = own_payment(payments, request)
            if found is not None:
                raise TabAlreadyRecorded(found, words(found))
            if head != expected_head:
                err = ConflictError("another payment was recorded against the tab while this one was checked",
                                    where="referee tab pay", hint="run it again: it is checked against the tab now")
                err.asked_at = expected_head
                raise err
            key = tab_key(head, request.asks)
            tx.db.execute(insert(_TABLE), {"payer": payer, "payee": payee, "cents": cents, "currency": currency,
                                           "asked_at": head, "key": key, "created_at": utcnow()})
            row = tx.db.execute(select(_TABLE).where(_TABLE.c.key == key)).one()
            return _payment(row)
    except ConflictError as err:
        if err.asked_at is None:  # the unique key refused it: a twin stored the same request first
            with store.guard(), store.engine.connect() as conn:
                found = conn.execute(select(_TABLE).where(
                    _TABLE.c.key == tab_key(expected_head, request.asks))).first()
            if found is not None:
                raise TabAlreadyRecorded(_payment(found), words(_payment(found))) from None
        raise


__all__ = ["TabAlreadyRecorded", "TabPayment", "append_tab_payment", "head_of", "own_payment", "tab_key",
           "tab_payments"]

"""Payments by what they are, once: the rules a payment is checked by before it is recorded.

A payment is who paid whom how much (a :class:`~referee.ledger.settlement.Transfer`), never a
position in a list that changes.  A list of transfers still to make is named by its key
(:func:`list_key`, printed with it): ``--paid 2@7f3a9c`` is transfer 2 of that list, and refused when
the list now is another one (a payment or a correction recorded since it was printed), so a number
never lands on a transfer that moved into its place.

:func:`check_payments` refuses, naming what is recorded already:

* the same transfer named twice in one command (``--paid 1 --paid 1``);
* a payment equal to one already recorded (payer, payee and amount), unless the command says it is
  a real second payment (``again``);
* a payer who owes nothing now, a payee who is owed nothing now (a pair that owes nothing), and
  more than the payer owes or the payee is owed, once the recorded payments are counted (the banker,
  who holds the money in between, excepted).

Amounts are integer cents: a part payment leaves the rest exact to the cent.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence

from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.ledger.settlement import Settlement, Transfer
from referee.money import parse_money

if TYPE_CHECKING:
    from referee.ledger.ledger import SessionLedger

#: how many hex digits of the list's digest name it (enough to tell the lists of one night apart)
LIST_KEY_LENGTH = 6


def list_key(settlement: Settlement) -> str:
    """The short key of a list of transfers still to make: the same list always has the same key."""
    text = json.dumps([[t.payer, t.payee, t.cents] for t in settlement.transfers], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:LIST_KEY_LENGTH]


def paid_words(t: Transfer, money: Callable[[int], str]) -> str:
    """``Cy paid Ann €30.00``."""
    return f"{t.payer} paid {t.payee} {money(t.cents)}"


def check_payments(current: Settlement, payments: Sequence[tuple[str, Transfer]], *, again: bool,
                   money: Callable[[int], str], session_id: int) -> None:
    """Refuse (InputError, at the ``--paid`` that names it) any of ``payments`` the rules above refuse,
    against ``current`` (the settlement with the payments recorded so far) and the ones before it."""
    left = dict(current.balances)
    for t in current.paid:
        _pay(left, t)
    recorded = {(t.payer, t.payee, t.cents) for t in current.paid}
    named: dict[tuple[str, str, int], str] = {}
    for said, t in payments:
        what = (t.payer, t.payee, t.cents)
        words = paid_words(t, money)
        if what in named and not again:
            raise InputError(f"{words} is named twice in one command ({named[what]} and {said})", where=said,
                             hint="name each payment once; a real second payment of the same amount: add --again")
        if what in recorded and not again:
            raise InputError(f"{words} is already recorded", where=said,
                             hint=f"a real second payment of the same amount: referee settle {session_id} "
                                  f"--paid {t.payer}:{t.payee}:{money(t.cents)} --again")
        if t.payer != current.banker:
            _check_side(current, left, t.payer, -left.get(t.payer, 0), t, said, money, "owes")
        if t.payee != current.banker:
            _check_side(current, left, t.payee, left.get(t.payee, 0), t, said, money, "is owed")
        named[what] = said
        _pay(left, t)


def _pay(left: dict[str, int], t: Transfer) -> None:
    left[t.payer] = left.get(t.payer, 0) + t.cents
    left[t.payee] = left.get(t.payee, 0) - t.cents


def _check_side(current: Settlement, left: dict[str, int], name: str, due: int, t: Transfer, said: str,
                money: Callable[[int], str], verb: str) -> None:
    """``name`` (the payer: ``owes``; the payee: ``is owed``) must have ``due`` cents left, at least the payment."""
    if due >= t.cents:
        return
    theirs = [paid_words(p, money) for p in current.paid if name in (p.payer, p.payee)]
    recorded = f" ({'; '.join(theirs)} recorded)" if theirs else ""
    balance = dict(current.balances).get(name, 0)
    sign = "+" if balance > 0 else "−" if balance < 0 else ""
    if due <= 0:
        message = f"{paid_words(t, money)}: {name} {verb} nothing now (balance {sign}{money(abs(balance))}){recorded}"
    else:
        message = f"{paid_words(t, money)} is more than {name} {verb} now ({money(due)}){recorded}"
    hint = ("the transfers still to make: " + "; ".join(f"{x.payer} pays {x.payee} {money(x.cents)}"
                                                         for x in current.transfers)
            if current.transfers else "everybody is square: nothing is left to pay")
    raise InputError(message, where=said, hint=hint)


def resolve_payment(text: str, current: Settlement, ledger: SessionLedger) -> Transfer:
    """The payment ``text`` names, against the list ``current`` (the settlement now): ``--paid 2@7f3a9c`` (transfer 2 of the list printed with that key, in full), ``--paid 2`` (of
    the list as it is, while no payment is recorded) or ``--paid Bob:Ann[:12.50]``."""
    where = f"--paid {text}"
    key = list_key(current)
    hint = (f"give a transfer's number in the list (--paid 2@{key}) or PAYER:PAYEE[:AMOUNT] "
            "(--paid Bob:Ann:12.50)")
    raw = text.strip()
    number_text, at, named = raw.partition("@")
    if number_text.isascii() and number_text.isdigit():
        number = int(number_text)
        if at and named.strip().lower() != key:
            raise InputError(f"list {named.strip()!r} is not the list now: it changed since it was printed",
                             where=where, hint=list_now(current, ledger))
        if not at and current.paid:
            raise InputError("the list has changed since payments were recorded: name the list you read by "
                             "the key printed with it", where=where, hint=list_now(current, ledger))
        if not 1 <= number <= len(current.transfers):
            raise InputError(f"there is no transfer {number}: the list has {len(current.transfers)}",
                             where=where, hint=hint)
        return current.transfers[number - 1]
    parts = raw.split(":")
    if len(parts) not in (2, 3) or not all(p.strip() for p in parts):
        raise InputError(f"bad payment {text!r}", where=where, hint=hint)
    people = {name.casefold(): name for name, _ in current.balances}
    if current.banker:
        people.setdefault(current.banker.casefold(), current.banker)
    names = []
    for typed in parts[:2]:
        name = people.get(typed.strip().casefold())
        if name is None:
            raise InputError(f"{typed.strip()!r} has no balance in session {ledger.session_id}", where=where,
                             hint="people: " + ", ".join(sorted(people.values(), key=str.casefold)))
        names.append(name)
    if len(parts) == 3:
        cents = parse_money(parts[2], currency=ledger.settings.currency, locale=ledger.settings.money_locale, where=where)
        if cents <= 0:
            raise InputError("a payment is more than nothing", where=where, hint=hint)
    else:
        planned = [t for t in current.transfers if (t.payer, t.payee) == (names[0], names[1])]
        if not planned:
            raise InputError(f"{names[0]} pays {names[1]} nothing in the list: give the amount paid",
                             where=where, hint=f"--paid {names[0]}:{names[1]}:AMOUNT")
        cents = planned[0].cents
    return Transfer(names[0], names[1], cents)



def list_now(current: Settlement, ledger: SessionLedger) -> str:
    """The list as it is now, with its key, and how to pay from it."""
    if not current.transfers:
        return "everybody is square now: nothing is left to pay"
    key = list_key(current)
    first = current.transfers[0]
    return (f"the list now is {key}: " + "; ".join(f"{n}. {t.payer} pays {t.payee} {ledger.money(t.cents)}"
                                                 for n, t in enumerate(current.transfers, 1))
            + f" (--paid 1@{key}, or who paid whom: --paid {first.payer}:{first.payee}:{ledger.money(first.cents)})")

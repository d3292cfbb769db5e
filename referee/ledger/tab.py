"""The running tab across nights: what was not paid at the end of a night is still owed at the next.

**Debts.**  Each closed night's transfers still to make (its settlement as it stands, with the
payments recorded in the night: ``referee settle``) are debts on the tab, between the people they
are: a seat name or an alias is its player; a banker who is nobody's seat keeps his name.  A night
still open, void, or whose log no longer replays adds nothing, and is named.  A tab is money owed,
not money won: the standings never read it.

**Currencies stay apart.**  A night's debts are in the night's currency; each currency is a tab of
its own, with its own lines and clearing transfers, and amounts of two currencies are never added.

**The book** (:class:`Book`, one per currency).  Debts go onto it oldest night first (the day it
started, then the lower session number; a night's transfers in its list's order), then
the payments against the tab in the order they were recorded.  The book keeps everybody either
owing or owed, never both, so that each line is what its player owes or is owed in total:

1. a debt from A to B is first set off against what B owes A, oldest debt first: two nights' debts
   between the same people net out;
2. what is left of it, when A is owed by others (C owes A), passes on to them, oldest first: C now
   owes B (the debt keeps where both parts came from);
3. what is still left, when B owes others (B owes D), passes on the same way: A now owes D;
4. anything left is a debt from A to B.

A debt passed on keeps how old each side of it is (the debtor's own debt, the creditor's own
credit), so a player's line says since when he owes or is owed: the day of the oldest night whose
debt or credit of his is still open.

A payment against the tab (A paid B) is a debt the other way round (B owes A what he was paid), so
it clears the debts between that pair first, oldest first (1), then B's oldest credits and A's
oldest debts (2, 3): paid to the one who is owed, it clears what the payer owes, whoever the
nights' transfers named.  A payment is refused when it is more than the payer owes on the tab or the
payee is owed on it (in that currency); the payments are then never more than the tab holds, and
paying the clearing transfers leaves every line at zero.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from referee.i18n import _
from referee.i18n.said import said_later
from referee.errors import InputError, RefereeError
from referee.ledger.settlement import Settlement, Transfer, name_order, settle
from referee.money import format_money, format_signed

if TYPE_CHECKING:
    from referee.ledger.kept import NightFigures
    from referee.store.models import GameSession
    from referee.store.requests import Request
    from referee.store.store import Store
    from referee.store.tab_payments import TabPayment


@dataclass(frozen=True)
class Origin:
    """Where a debt came from: transfer ``number`` of night ``session_id``'s list still to make
    (``payer`` pays ``payee`` ``cents``), or, with no session, payment ``number`` against the tab."""

    session_id: int | None
    table: str
    day: date
    number: int
    payer: str
    payee: str
    cents: int

    def words(self, money: Callable[[int], str]) -> str:
        if self.session_id is None:
            return _("tab payment {number} ({day}): {payer} paid {payee} {amount}").format(
                number=self.number, day=self.day, payer=self.payer, payee=self.payee, amount=money(self.cents))
        return _("session {session} ({table}, {day}) transfer {number}: {payer} pays {payee} {amount}").format(
            session=self.session_id, table=self.table, day=self.day, number=self.number, payer=self.payer,
            payee=self.payee, amount=money(self.cents))


@dataclass(frozen=True)
class Debt:
    """``debtor`` owes ``creditor`` ``cents``, made of what ``origins`` left open; ``debtor_from`` is
    the origin of the debtor's side of it (how old his debt is), ``creditor_from`` the creditor's."""

    debtor: str
    creditor: str
    cents: int
    origins: tuple[Origin, ...]
    debtor_from: Origin
    creditor_from: Origin

    @property
    def through(self) -> tuple[str, ...]:
        """Whom it was passed on through: the people its origins name besides its two (name order)."""
        names = {n for o in self.origins for n in (o.payer, o.payee)} - {self.debtor, self.creditor}
        return tuple(sorted(names, key=name_order))


@dataclass(frozen=True)
class NightDebts:
    """One night's transfers still to make, named by the people they are, in the night's currency."""

    session_id: int
    table: str
    started_at: datetime
    currency: str
    locale: str
    transfers: tuple[Transfer, ...]


def _age(origin: Origin) -> tuple[int, date, int, int]:
    """Oldest first: nights by their day and number, each night's transfers in its order; payments after."""
    return (origin.session_id is None, origin.day, origin.session_id or 0, origin.number)


def _joined(first: tuple[Origin, ...], second: tuple[Origin, ...]) -> tuple[Origin, ...]:
    """The origins of a debt passed on: both parts', oldest first."""
    return tuple(sorted({*first, *second}, key=_age))


@dataclass
class Book:
    """One currency's open debts, everybody owing or owed, never both (the rules in the module's text).
    Each debt keeps the age of both its sides: passed on, the debtor's side stays his own debt's and
    the creditor's side the creditor's own."""

    items: list[Debt] = field(default_factory=list)

    def add(self, debtor: str, creditor: str, cents: int, origins: tuple[Origin, ...],
            debtor_from: Origin, creditor_from: Origin) -> None:
        """Put a debt on the book: set off, passed on, or kept (rules 1 to 4)."""
        if debtor == creditor or cents <= 0:
            return
        left = cents
        for k in self._oldest(lambda d: d.debtor == creditor and d.creditor == debtor, debtors=True):  # 1
            left -= self._take(k, left)
            if not left:
                return
        for k in self._oldest(lambda d: d.creditor == debtor, debtors=False):  # 2: C owes A, A owes B
            item, take = self.items[k], self._take(k, left)
            left -= take
            self.add(item.debtor, creditor, take, _joined(item.origins, origins), item.debtor_from, creditor_from)
            if not left:
                return
        for k in self._oldest(lambda d: d.debtor == creditor, debtors=True):  # 3: A owes B, B owes D
            item, take = self.items[k], self._take(k, left)
            left -= take
            self.add(debtor, item.creditor, take, _joined(origins, item.origins), debtor_from, item.creditor_from)
            if not left:
                return
        self.items.append(Debt(debtor, creditor, left, origins, debtor_from, creditor_from))

    def _take(self, k: int, most: int) -> int:
        """Take up to ``most`` cents off debt ``k``; how many were taken."""
        take = min(most, self.items[k].cents)
        self.items[k] = replace(self.items[k], cents=self.items[k].cents - take)
        return take

    def _oldest(self, which: Callable[[Debt], bool], *, debtors: bool) -> list[int]:
        """The open debts ``which`` takes, oldest first by their debtors' side (``debtors``) or creditors'."""
        found = [k for k, d in enumerate(self.items) if d.cents > 0 and which(d)]
        return sorted(found, key=lambda k: _age(self.items[k].debtor_from if debtors else self.items[k].creditor_from))

    def debts(self) -> tuple[Debt, ...]:
        """The open debts, oldest first."""
        return tuple(sorted((d for d in self.items if d.cents > 0),
                            key=lambda d: (_age(min(d.debtor_from, d.creditor_from, key=_age)), _age(d.debtor_from))))


def books(nights: Iterable[NightDebts], payments: Iterable[TabPayment]) -> dict[str, Book]:
    """Each currency's book: the nights' debts, oldest night first, then the payments in order."""
    out: dict[str, Book] = {}
    for night in sorted(nights, key=lambda n: (n.started_at.date(), n.session_id)):
        book = out.setdefault(night.currency, Book())
        day = night.started_at.date()
        for number, t in enumerate(night.transfers, 1):
            origin = Origin(night.session_id, night.table, day, number, t.payer, t.payee, t.cents)
            book.add(t.payer, t.payee, t.cents, (origin,), origin, origin)
        book.items = [d for d in book.items if d.cents > 0]  # the settled ones, in order: not searched again
    for p in payments:
        origin = Origin(None, "", p.created_at.date(), p.id, p.payer, p.payee, p.cents)
        out.setdefault(p.currency, Book()).add(p.payee, p.payer, p.cents, (origin,), origin, origin)
    return out


@dataclass(frozen=True)
class TabLine:
    """What ``player`` owes (−) or is owed (+) on the tab in total, and since which night."""

    player: str
    cents: int
    since: date


@dataclass(frozen=True)
class CurrencyTab:
    """The tab in one currency: its open debts, each player's line and the transfers that clear it."""

    currency: str
    locale: str
    debts: tuple[Debt, ...]
    lines: tuple[TabLine, ...]
    clearing: Settlement

    def money(self, cents: int) -> str:
        return format_money(cents, self.currency, self.locale)

    def signed(self, cents: int) -> str:
        return format_signed(cents, self.currency, self.locale)

    def owes(self, name: str) -> int:
        """What ``name`` owes on this tab (0 if he owes nothing)."""
        return max(0, -next((line.cents for line in self.lines if line.player == name), 0))

    def owed(self, name: str) -> int:
        """What ``name`` is owed on this tab (0 if he is owed nothing)."""
        return max(0, next((line.cents for line in self.lines if line.player == name), 0))


def by_pair(debts: Sequence[Debt]) -> tuple[Debt, ...]:
    """The debts one person owes another taken together: one debt of their sum, made of all their
    origins, each side as old as its oldest (in the order of the first of them)."""
    pairs: dict[tuple[str, str], Debt] = {}
    for d in debts:
        was = pairs.get((d.debtor, d.creditor))
        pairs[d.debtor, d.creditor] = d if was is None else replace(
            was, cents=was.cents + d.cents, origins=_joined(was.origins, d.origins),
            debtor_from=min(was.debtor_from, d.debtor_from, key=_age),
            creditor_from=min(was.creditor_from, d.creditor_from, key=_age))
    return tuple(pairs.values())


def currency_tab(currency: str, locale: str, debts: Sequence[Debt]) -> CurrencyTab:
    """The lines and the fewest clearing transfers of ``debts`` (the settlement's solver: exact up to
    its limit); the debts between each pair taken together."""
    debts = by_pair(debts)
    totals: dict[str, int] = {}
    since: dict[str, date] = {}
    for d in debts:
        totals[d.debtor] = totals.get(d.debtor, 0) - d.cents
        totals[d.creditor] = totals.get(d.creditor, 0) + d.cents
        for name, side in ((d.debtor, d.debtor_from), (d.creditor, d.creditor_from)):
            since[name] = min(since.get(name, side.day), side.day)
    lines = tuple(TabLine(name, cents, since[name])
                  for name, cents in sorted(totals.items(), key=lambda kv: (kv[1], name_order(kv[0]))) if cents)
    clearing = settle({line.player: line.cents for line in lines},
                      money=lambda c: format_money(c, currency, locale))
    return CurrencyTab(currency, locale, tuple(debts), lines, clearing)


def tab_of(nights: Sequence[NightDebts], payments: Sequence[TabPayment],
           chosen: set[int] | None = None) -> tuple[CurrencyTab, ...]:
    """The tab, one part per currency (by code).  ``chosen``: only the debts that came from those
    nights (every payment still counted); None: all of them."""
    locales = {n.currency: n.locale for n in sorted(nights, key=lambda n: (n.started_at, n.session_id))}
    out = []
    for currency, book in sorted(books(nights, payments).items()):
        debts = [d for d in book.debts()
                 if chosen is None or any(o.session_id in chosen for o in d.origins)]
        if debts:
            out.append(currency_tab(currency, locales.get(currency, "en_GB"), debts))
    return tuple(out)


@dataclass(frozen=True)
class Tab:
    """The tab of a store: a part per currency, the nights it holds, the payments against it, and
    the nights left out (``skipped``: why; ``broken``: a warning naming the fix)."""

    parts: tuple[CurrencyTab, ...]
    nights: tuple[int, ...]
    payments: tuple[TabPayment, ...]
    skipped: tuple[tuple[int, str], ...] = ()
    broken: tuple[tuple[int, str], ...] = ()

    @property
    def head(self) -> int:
        """Where the payments stood when the tab was read (the last one's id, 0 for none)."""
        from referee.store.tab_payments import head_of

        return head_of(self.payments)

    def part(self, currency: str) -> CurrencyTab | None:
        return next((p for p in self.parts if p.currency == currency), None)


def in_view(game: GameSession, start: date | None, end: date | None, table: str | None) -> bool:
    """Whether night ``game`` is one a ``--from``/``--to``/``--table`` view chose."""
    day = game.started_at.date()
    if (start and day < start) or (end and day > end):
        return False
    return not table or game.table_name.casefold() == table.casefold()


def read_tab(store: Store, *, start: date | None = None, end: date | None = None, table: str | None = None,
             besides: int | None = None, known: Mapping[int, NightFigures] | None = None) -> Tab:
    """The tab of every closed night of the store, with every payment against it; with ``start``,
    ``end`` or ``table``, the debts that came from those nights.  ``besides``: a night left out (the
    one a message is about, shown apart).  ``known``: figures the caller has read already (a season's
    nights), not read again."""
    from referee.ledger.kept import night_figures
    from referee.ledger.standings import unreplayable
    from referee.store.chain import BrokenChainError
    from referee.store.tab_payments import tab_payments

    if start and end and start > end:
        raise InputError(f"the range starts ({start}) after it ends ({end})", where="--from",
                         hint="give the earlier day with --from and the later with --to")
    skipped: list[tuple[int, str]] = []
    broken: list[tuple[int, str]] = []
    counted = []
    viewed = set()
    for game in store.sessions():
        assert game.id is not None
        if game.id == besides:
            continue
        if in_view(game, start, end, table):
            viewed.add(game.id)
        if game.void_reason is not None:
            continue
        if game.status != "closed":
            skipped.append((game.id, said_later("still open: its debts join the tab when it closes")))
        else:
            counted.append(game)
    nights = []
    known = known or {}
    # kept figures where they fit the log; the others replayed
    figures = {**known, **night_figures(store, [game for game in counted if game.id not in known])}
    for game in counted:
        found = figures[game.id]  # type: ignore[index]
        if isinstance(found, BrokenChainError):
            broken.append((game.id, f"{found.where}: {found.message}; {found.hint}"))  # type: ignore[arg-type]
        elif isinstance(found, RefereeError):
            bad = unreplayable(game, found)
            broken.append((game.id, f"{bad.where}: {bad.message}; {bad.hint}"))  # type: ignore[arg-type]
        else:
            nights.append(night_debts(found.ledger, game.started_at))
    payments = tab_payments(store)
    chosen = viewed if (start or end or table) else None
    shown = tuple(n.session_id for n in nights if chosen is None or n.session_id in chosen)
    return Tab(tab_of(nights, payments, chosen), shown, payments,
               tuple(s for s in skipped if chosen is None or s[0] in chosen),
               tuple(b for b in broken if chosen is None or b[0] in chosen))


def night_debts(ledger: object, started_at: datetime) -> NightDebts:
    """A night's transfers still to make, named by the people they are (a seat name's player)."""
    from referee.ledger.ledger import SessionLedger

    assert isinstance(ledger, SessionLedger) and ledger.session_id is not None
    person = {line.name: line.player for line in ledger.players}
    transfers = tuple(Transfer(person.get(t.payer, t.payer), person.get(t.payee, t.payee), t.cents)
                      for t in ledger.settle().transfers)
    return NightDebts(ledger.session_id, ledger.table, started_at, ledger.settings.currency,
                      ledger.settings.money_locale, transfers)


# ---------------------------------------------------------------- paying against it


def paid_words(payer: str, payee: str, cents: int, money: Callable[[int], str]) -> str:
    """``Cy paid Ann €30.00 against the tab``."""
    return _("{payer} paid {payee} {amount} against the tab").format(payer=payer, payee=payee, amount=money(cents))


def check_tab_payment(tab: Tab, payer: str, payee: str, amount: str,
                      currency: str | None) -> tuple[CurrencyTab, Transfer]:
    """The payment ``payer`` paid ``payee`` ``amount`` (in ``currency``, or the one tab they share)
    as the tab names them, refused in one line when it is not one the tab can take: a name nobody on
    the tab has, himself, a currency the pair has no debt in, more than the payer owes or the payee is
    owed (the module's rule)."""
    from referee.money import parse_money

    where = "referee tab pay"
    if not tab.parts:
        raise InputError("the tab is empty: nobody owes anything across the nights", where=where,
                         hint="`referee tab` shows it; a night's own payments: referee settle N --paid …")
    if currency is not None:
        currency = currency.strip().upper()
        part = tab.part(currency)
        if part is None:
            raise InputError(f"nothing is owed on the tab in {currency}", where="--currency",
                             hint="the tab holds " + ", ".join(p.currency for p in tab.parts))
        parts = [part]
    else:
        parts = list(tab.parts)
    names = [_named(parts, payer, "payer"), _named(parts, payee, "payee")]
    if names[0] == names[1]:
        raise InputError(f"{names[0]} pays himself", where=where, hint="a payment is between two people")
    shared = [p for p in parts if p.owes(names[0]) and p.owed(names[1])]
    if not shared:
        part = parts[0] if len(parts) == 1 else None
        if part is not None and not part.owes(names[0]):
            raise InputError(f"{names[0]} owes nothing on the tab in {part.currency}", where=where,
                             hint=_clearing_hint(part))
        if part is not None:
            raise InputError(f"{names[1]} is owed nothing on the tab in {part.currency}", where=where,
                             hint=_clearing_hint(part))
        raise InputError(f"{names[0]} owes {names[1]} nothing on the tab in any currency", where=where,
                         hint="; ".join(_clearing_hint(p) for p in parts))
    if len(shared) > 1:
        raise InputError(f"{names[0]} owes and {names[1]} is owed in {' and '.join(p.currency for p in shared)}",
                         where=where, hint="say which with --currency " + shared[0].currency)
    part = shared[0]
    cents = parse_money(amount, currency=part.currency, locale=part.locale, where="AMOUNT")
    if cents <= 0:
        raise InputError("a payment is more than nothing", where=where, hint="give the amount paid, like 12.50")
    most = min(part.owes(names[0]), part.owed(names[1]))
    if cents > most:
        who = (f"{names[0]} owes on it ({part.money(part.owes(names[0]))})" if part.owes(names[0]) == most
               else f"{names[1]} is owed on it ({part.money(part.owed(names[1]))})")
        raise InputError(f"{paid_words(names[0], names[1], cents, part.money)} is more than {who}", where=where,
                         hint=f"pay at most {part.money(most)}; " + _clearing_hint(part))
    return part, Transfer(names[0], names[1], cents)


def _named(parts: Sequence[CurrencyTab], typed: str, what: str) -> str:
    people = {line.player.casefold(): line.player for p in parts for line in p.lines}
    found = people.get(" ".join(typed.split()).casefold())
    if found is None:
        raise InputError(f"the {what} {typed!r} has nothing open on the tab", where="referee tab pay",
                         hint="on the tab: " + ", ".join(sorted(people.values(), key=name_order)))
    return found


def _clearing_hint(part: CurrencyTab) -> str:
    if not part.clearing.transfers:
        return _("nobody owes anything in {currency}").format(currency=part.currency)
    return _("what clears the tab in {currency}: {transfers}").format(currency=part.currency, transfers="; ".join(
        _("{payer} pays {payee} {amount}").format(payer=t.payer, payee=t.payee, amount=part.money(t.cents))
        for t in part.clearing.transfers))


def record_tab_payment(store: Store, payer: str, payee: str, amount: str, currency: str | None, *,
                       request: Request) -> tuple[CurrencyTab, TabPayment]:
    """Check the payment against the tab as it stands (:func:`check_tab_payment`), then record it at
    the payments' head that check read; the currency's tab it was checked against and the payment.
    A name may be any alias of the player the tab names."""
    from referee.store.tab_payments import append_tab_payment

    def person(name: str) -> str:
        found = store.find_player(name)
        return found.name if found is not None else name

    tab = read_tab(store)
    try:
        part, t = check_tab_payment(tab, person(payer), person(payee), amount, currency)
    except InputError:
        _asked_before(store, tab, request)  # run again after it went through: say so, not "more than owed"
        raise
    payment = append_tab_payment(store, t.payer, t.payee, t.cents, part.currency, request=request,
                                 expected_head=tab.head, words=lambda p: _payment_words(tab, p))
    return part, payment


def _payment_words(tab: Tab, p: TabPayment) -> str:
    part = tab.part(p.currency)
    locale = part.locale if part is not None else "en_GB"
    return paid_words(p.payer, p.payee, p.cents, lambda c: format_money(c, p.currency, locale))


def _asked_before(store: Store, tab: Tab, request: Request) -> None:
    """TabAlreadyRecorded when the payments end with what ``request`` asks (or hold what it asked at
    ``request.at``): refused now, it would only be refused for its own effect."""
    from referee.store.tab_payments import TabAlreadyRecorded, own_payment

    found = own_payment(tab.payments, request)
    if found is not None:
        raise TabAlreadyRecorded(found, _payment_words(tab, found))


__all__ = ["Book", "CurrencyTab", "Debt", "NightDebts", "Origin", "Tab", "TabLine", "books", "by_pair",
           "check_tab_payment", "currency_tab", "in_view", "night_debts", "paid_words", "read_tab",
           "record_tab_payment", "tab_of"]

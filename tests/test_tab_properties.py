"""The running tab across nights, for any nights and payments: what users rely on when they read it.

Nights are drawn as their transfers still to make (the settlement of random balances, in a currency
of their own), payments as ones the tab takes (checked as ``referee tab pay`` checks them).  How many
examples: ``REFEREE_TAB_EXAMPLES`` (a short pass by default).
"""

from __future__ import annotations

import os
from collections import Counter
from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import InputError
from referee.ledger.settlement import Transfer, settle
from referee.ledger.tab import NightDebts, Tab, check_tab_payment, tab_of
from referee.store.tab_payments import TabPayment
from tests.helpers.settlement import fewest_possible

EXAMPLES = int(os.environ.get("REFEREE_TAB_EXAMPLES", "40") or 40)
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
START = datetime(2026, 1, 2, 20, tzinfo=UTC)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def a_night(draw: st.DrawFn, number: int) -> NightDebts:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
    values = draw(st.lists(st.integers(-3000, 3000), min_size=len(names), max_size=len(names)))
    values[-1] -= sum(values)
    plan = settle(dict(zip(names, values, strict=True))).transfers
    paid_in_the_night = draw(st.integers(0, len(plan)))  # some paid at the table: the rest is left open
    started = START + timedelta(days=draw(st.integers(0, 60)))
    return NightDebts(number, "Kitchen", started, draw(st.sampled_from(["EUR", "EUR", "GBP"])), "en_GB",
                      plan[paid_in_the_night:])


@st.composite
def a_history(draw: st.DrawFn) -> tuple[list[NightDebts], list[TabPayment]]:
    """Nights, and payments against their tab, each one the tab took when it was made."""
    nights = [draw(a_night(number)) for number in range(1, draw(st.integers(1, 5)) + 1)]
    payments: list[TabPayment] = []
    for _ in range(draw(st.integers(0, 6))):
        tab = Tab(tab_of(nights, payments), (), tuple(payments))
        if not tab.parts:
            break
        part = draw(st.sampled_from(tab.parts))
        payer = draw(st.sampled_from([line.player for line in part.lines if line.cents < 0]))
        payee = draw(st.sampled_from([line.player for line in part.lines if line.cents > 0]))
        cents = draw(st.integers(1, min(part.owes(payer), part.owed(payee))))
        payments.append(payment(len(payments) + 1, payer, payee, cents, part.currency))
    return nights, payments


def payment(number: int, payer: str, payee: str, cents: int, currency: str) -> TabPayment:
    return TabPayment(number, payer, payee, cents, currency, START + timedelta(days=90), f"key{number}", number - 1)


def expected_totals(nights: list[NightDebts], payments: list[TabPayment]) -> dict[tuple[str, str], int]:
    """Each player's tab per currency, added up by hand: the nights' transfers, less the payments."""
    totals: Counter[tuple[str, str]] = Counter()
    for night in nights:
        for t in night.transfers:
            totals[night.currency, t.payer] -= t.cents
            totals[night.currency, t.payee] += t.cents
    for p in payments:
        totals[p.currency, p.payer] += p.cents
        totals[p.currency, p.payee] -= p.cents
    return {key: cents for key, cents in totals.items() if cents}


def shown_totals(nights: list[NightDebts], payments: list[TabPayment]) -> dict[tuple[str, str], int]:
    return {(part.currency, line.player): line.cents for part in tab_of(nights, payments) for line in part.lines}


@SETTINGS
@given(a_history())
def test_each_players_tab_is_every_nights_settlement_less_the_payments(history: tuple) -> None:
    nights, payments = history
    assert shown_totals(nights, payments) == expected_totals(nights, payments)


@SETTINGS
@given(a_history())
def test_each_line_adds_up_its_open_debts_and_nobody_both_owes_and_is_owed(history: tuple) -> None:
    nights, payments = history
    for part in tab_of(nights, payments):
        debtors = {d.debtor for d in part.debts}
        assert not debtors & {d.creditor for d in part.debts}
        assert all(d.cents > 0 and d.debtor != d.creditor and d.origins for d in part.debts)
        for line in part.lines:
            assert line.cents == (sum(d.cents for d in part.debts if d.creditor == line.player)
                                  - sum(d.cents for d in part.debts if d.debtor == line.player))


@SETTINGS
@given(a_history())
def test_the_clearing_transfers_are_the_fewest_possible(history: tuple) -> None:
    nights, payments = history
    for part in tab_of(nights, payments):
        balances = {line.player: line.cents for line in part.lines}
        assert len(part.clearing.transfers) == fewest_possible(balances)


@SETTINGS
@given(a_history())
def test_paying_every_clearing_transfer_leaves_every_tab_at_zero(history: tuple) -> None:
    nights, payments = history
    for part in tab_of(nights, payments):
        for t in part.clearing.transfers:  # each one taken by the tab's own check, then recorded
            tab = Tab(tab_of(nights, payments), (), tuple(payments))
            checked_part, checked = check_tab_payment(tab, t.payer, t.payee, f"{t.cents / 100:.2f}", part.currency)
            assert checked == t and checked_part.currency == part.currency
            payments = [*payments, payment(len(payments) + 1, t.payer, t.payee, t.cents, part.currency)]
    assert tab_of(nights, payments) == ()


@SETTINGS
@given(a_history())
def test_currencies_are_never_mixed(history: tuple) -> None:
    nights, payments = history
    currency_of = {night.session_id: night.currency for night in nights}
    for part in tab_of(nights, payments):
        for d in part.debts:
            assert {currency_of[o.session_id] for o in d.origins if o.session_id is not None} <= {part.currency}
    for currency in {night.currency for night in nights}:  # a currency's tab is its nights' alone
        alone = [night for night in nights if night.currency == currency]
        mine = [p for p in payments if p.currency == currency]
        assert {k: v for k, v in shown_totals(nights, payments).items() if k[0] == currency} == \
            shown_totals(alone, mine)


def test_two_nights_debts_between_the_same_people_net_out() -> None:
    # Friday Ann lost €12.00 to Bob; the next Friday Bob lost €5.00 to Ann: Ann owes Bob €7.00, once
    friday = NightDebts(1, "Kitchen", START, "EUR", "en_GB", (Transfer("Ann", "Bob", 1200),))
    next_friday = NightDebts(2, "Kitchen", START + timedelta(days=7), "EUR", "en_GB", (Transfer("Bob", "Ann", 500),))
    (part,) = tab_of([friday, next_friday], [])
    assert [(d.debtor, d.creditor, d.cents) for d in part.debts] == [("Ann", "Bob", 700)]
    assert part.clearing.transfers == (Transfer("Ann", "Bob", 700),)


def test_a_payment_clears_the_oldest_debt_between_the_pair_first() -> None:
    # Cy owes Ann €10.00 from the first night and €6.00 from the second; he pays her €12.00:
    # the first night's debt is cleared, €4.00 of the second's is left, and it is owed since the second
    first = NightDebts(1, "Kitchen", START, "EUR", "en_GB", (Transfer("Cy", "Ann", 1000),))
    second = NightDebts(2, "Kitchen", START + timedelta(days=7), "EUR", "en_GB", (Transfer("Cy", "Ann", 600),))
    (part,) = tab_of([first, second], [payment(1, "Cy", "Ann", 1200, "EUR")])
    assert [(d.cents, [o.session_id for o in d.origins]) for d in part.debts] == [(400, [2])]
    assert [(line.player, line.cents, str(line.since)) for line in part.lines] == [
        ("Cy", -400, "2026-01-09"), ("Ann", 400, "2026-01-09")]


def test_a_payment_more_than_the_payer_owes_is_refused() -> None:
    night = NightDebts(1, "Kitchen", START, "EUR", "en_GB", (Transfer("Cy", "Ann", 1000),))
    tab = Tab(tab_of([night], []), (1,), ())
    try:
        check_tab_payment(tab, "cy", "ann", "10.01", None)
    except InputError as err:
        assert str(err) == "referee tab pay: Cy paid Ann €10.01 against the tab is more than Cy owes on it (€10.00)"
    else:
        raise AssertionError("a payment of more than is owed was taken")

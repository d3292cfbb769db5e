"""Who pays whom at the end of the night, in integer cents, with the fewest transfers.

Balances are cents: positive is owed money, negative owes; they sum to zero.

**Methods.**  ``exact`` finds the fewest transfers: n people split into the most zero-sum groups
(:mod:`referee.ledger.zero_sum`) need n − groups transfers.  Equal and opposite balances are paired off
first (always part of a best split).  ``greedy`` has the largest debtor pay the largest creditor
until everyone is square (at most n − 1 transfers, often more than exact).  ``auto`` is exact when
at most :data:`EXACT_LIMIT` non-zero balances are left after the pairing off, greedy above; exact
above that limit is refused (its time doubles with every player; ``docs/operations.md`` gives the
measured figures).  With preferred or forbidden pairs nothing is paired off first and the limit
counts every non-zero balance.

**Deterministic order** (the same balances always give the same list, whatever the dict order):

* names are ordered case-insensitively, then exactly (``ann`` < ``Bob`` < ``bob``);
* equal and opposite balances pair off in that order (the first debtor of an amount with the first
  creditor of it);
* the split into groups is the canonical one of :func:`referee.ledger.zero_sum.most_zero_sum_groups`: the
  group holding the first remaining name is as small as possible, then the earliest in name order;
* within a group the largest remaining debtor pays the largest remaining creditor, ties in name
  order, until the group is square; groups are listed in name order of their first member.

**Banker mode** (``banker=NAME``): every loser pays the bank, then the bank pays every winner, each
in name order; the banker's own balance is what the bank keeps or makes up, so it needs no transfer.
The banker need not have a balance.  Preferred pairs mean nothing here; a forbidden pair with the
banker is an :class:`UnsettleableError`.

**Pairs.**  A forbidden pair never transacts, either way.  Among the plans with the fewest transfers,
the one with the most preferred pairs wins.  What is guaranteed: the fewest transfers possible under
the forbidden pairs (exact method), with a group split chosen for the most preferred pairs; within
a group of at most :data:`SEARCH_LIMIT` people every plan is searched (every plan in which each
transfer goes from someone who still owes to someone still owed, and pays off one of them), so the
preferred pairs are the most possible; a larger group takes the first plan of that search in the
preferred-first, largest-first order, or a flow over the allowed pairs if that search finds none
within its budget (a note says so).  ``greedy`` with pairs is that first plan for everyone at
once.  With pairs, a group's transfers come in the order that search makes them: preferred pairs
first, then the largest debtor with the largest creditor it may pay.
When the forbidden pairs leave no plan at all, :class:`UnsettleableError` names who cannot be
settled and why (a set of debtors who together owe more than everyone they may pay is owed).
Pairs have no speed target: the search grows with the players and the forbidden pairs
(``docs/operations.md`` gives the measured figures).

**Paid transfers.**  The plan is a function of the balances alone.  Recorded payments (in the order
they were made) are then taken off it one by one; what stays stable:

* a payment equal to a planned transfer removes exactly that transfer, nothing else changes;
* a smaller payment between the same two people only lowers that transfer;
* any other payment (between two people the plan does not pair, or more than planned) re-plans only
  the transfers it disturbs: those connected to its payer or payee in what is left of the plan (in
  banker mode, just the payer's and payee's transfers with the bank).  The new transfers take the
  place of the first of the old ones, every other transfer is unchanged, and a note says so.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from referee.errors import InputError
from referee.i18n.said import said_later
from referee.money import format_cents
from referee.ledger.pair_flow import Shortfall, flow_plan, shortfall
from referee.ledger.plain_debts import proportional_debts
from referee.ledger.zero_sum import most_zero_sum_groups, partition_groups

#: ``auto`` settles exactly up to this many non-zero balances (after pairing off opposites)
EXACT_LIMIT = 20
#: groups of at most this many people have every plan searched for preferred pairs
SEARCH_LIMIT = 7
#: positions the plan search may visit: searching every plan of a small group, and looking for a
#: first plan of a larger one (past that, a flow over the allowed pairs)
SEARCH_BUDGET = 50_000
FIRST_PLAN_BUDGET = 2_000

Method = Literal["auto", "exact", "greedy"]
Money = Callable[[int], str]
_MINUS = "\u2212"


def name_order(name: str) -> tuple[str, str]:
    """The order of names everywhere in a settlement: case-insensitive, then exact."""
    return name.casefold(), name


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``cents``."""

    payer: str
    payee: str
    cents: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {format_cents(self.cents)}"


@dataclass(frozen=True)
class Clearing:
    """One line of ``--explain``: a transfer and the balances before and after it."""

    transfer: Transfer
    payer_before: int
    payer_after: int
    payee_before: int
    payee_after: int
    text: str


@dataclass(frozen=True)
class Settlement:
    """The transfers still to make, how they were found, and what was already paid."""

    #: the night's balances, in name order (zero balances included)
    balances: tuple[tuple[str, int], ...]
    #: the transfers still to make, in the order to make them
    transfers: tuple[Transfer, ...]
    #: ``exact``, ``greedy`` or ``banker``
    method: str
    #: the people settling among themselves: the connected parts of the remaining transfers
    groups: tuple[tuple[str, ...], ...] = ()
    banker: str | None = None
    #: the payments recorded so far, in the order made
    paid: tuple[Transfer, ...] = ()
    #: what the settlement had to do that a reader should know: re-plans, part payments
    notes: tuple[str, ...] = ()

    def remaining(self) -> dict[str, int]:
        """Each person's balance once the recorded payments are taken off (what the list settles)."""
        left = dict.fromkeys((name for name, _ in self.balances), 0)
        for t in self.transfers:
            left[t.payer] = left.get(t.payer, 0) - t.cents
            left[t.payee] = left.get(t.payee, 0) + t.cents
        return left

    def explain(self, money: Money = format_cents) -> tuple[Clearing, ...]:
        """For each transfer in order, which balances it clears and what is left of the others."""
        start = self.remaining()
        now = dict(start)
        out = []
        for t in self.transfers:
            payer_before, payee_before = now[t.payer], now[t.payee]
            now[t.payer] += t.cents
            now[t.payee] -= t.cents
            parts = [
                _clears(t.payer, payer_before, now[t.payer], start[t.payer], money, self.banker),
                _clears(t.payee, payee_before, now[t.payee], start[t.payee], money, self.banker),
            ]
            text = f"{t.payer} pays {t.payee} {money(t.cents)}: {'; '.join(parts)}"
            out.append(Clearing(t, payer_before, now[t.payer], payee_before, now[t.payee], text))
        return tuple(out)

    def plain_debts(self) -> tuple[Transfer, ...]:
        """The unsimplified debts: every loser pays every winner pro rata (:mod:`referee.ledger.plain_debts`)."""
        return tuple(Transfer(*debt) for debt in proportional_debts(self.balances))


class UnsettleableError(InputError):
    """The forbidden pairs (or a forbidden pair with the banker) leave some people no way to settle."""

    players: tuple[str, ...] = ()


def settle(
    balances: Mapping[str, int],
    *,
    method: Method = "auto",
    banker: str | None = None,
    preferred: Iterable[tuple[str, str]] = (),
    forbidden: Iterable[tuple[str, str]] = (),
    paid: Iterable[Transfer] = (),
    money: Money = format_cents,
) -> Settlement:
    """Who pays whom: the plan for ``balances``, less the transfers already ``paid`` (in order made).
    ``money`` writes the amounts in the notes (the session's currency and locale)."""
    table = _read_balances(balances)
    if method not in ("auto", "exact", "greedy"):
        raise InputError(f"unknown settlement method {method!r}", hint="use auto, exact or greedy")
    if banker is not None and (not isinstance(banker, str) or not banker.strip()):
        raise InputError(f"bad banker name {banker!r}", hint="name the person or bank everybody settles with")
    people = set(table) | ({banker} if banker else set())
    planner = _Planner(
        method=method,
        banker=banker,
        preferred=_read_pairs(preferred, people, "preferred"),
        forbidden=_read_pairs(forbidden, people, "forbidden"),
    )
    if planner.preferred & planner.forbidden:
        both = min(planner.preferred & planner.forbidden, key=lambda p: sorted(map(name_order, p)))
        raise InputError(f"the pair {_pair_text(both)} is both preferred and forbidden",
                         hint="drop it from one of the two lists")
    transfers = planner.plan(table)
    payments = tuple(paid)
    transfers, notes = _record_payments(transfers, payments, people, planner, money)
    return Settlement(
        balances=tuple((name, table[name]) for name in sorted(table, key=name_order)),
        transfers=tuple(transfers),
        method="banker" if banker else planner.used,
        groups=_components(transfers),
        banker=banker,
        paid=payments,
        notes=(*notes, *planner.notes),
    )


# ---------------------------------------------------------------- reading the input


def _read_balances(balances: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(balances, Mapping):
        raise InputError("balances must map each name to cents", hint="pass a dict like {'Ann': -1250, 'Bob': 1250}")
    table: dict[str, int] = {}
    for name, cents in balances.items():
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"bad player name {name!r} in the balances", hint="every balance needs a name")
        if isinstance(cents, bool) or not isinstance(cents, int):
            raise InputError(f"the balance of {name} is {cents!r}, not a whole number of cents",
                             hint="give balances in integer cents: 12.50 is 1250")
        table[name] = cents
    total = sum(table.values())
    if total:
        raise InputError(
            f"the balances do not sum to zero: they total {_signed(total, format_cents)} ({total} cents)",
            hint="the winners' total must equal the losers'; check the cash-outs, or book the difference to "
            "someone (what the night is short or over) before settling",
        )
    return table


def _read_pairs(pairs: Iterable[tuple[str, str]], people: set[str], what: str) -> frozenset[frozenset[str]]:
    out = set()
    for pair in pairs:
        names = () if isinstance(pair, str) else tuple(pair)
        if len(names) != 2 or names[0] == names[1]:
            raise InputError(f"bad {what} pair {pair!r}", hint="a pair is two different names, like ('Ann', 'Bob')")
        for name in names:
            if name not in people:
                raise InputError(f"{what} pair {_pair_text(frozenset(names))} names {name!r}, who has no balance",
                                 hint="check the spelling against the players of the night")
        out.add(frozenset(names))
    return frozenset(out)


def _pair_text(pair: frozenset[str]) -> str:
    return "\u2013".join(sorted(pair, key=name_order))


# ---------------------------------------------------------------- planning


@dataclass
class _Planner:
    """Turns balances into transfers under one set of options (also used again to re-plan)."""

    method: Method
    banker: str | None
    preferred: frozenset[frozenset[str]]
    forbidden: frozenset[frozenset[str]]
    used: str = field(default="exact", init=False)
    notes: list[str] = field(default_factory=list, init=False)
    _plans: dict[tuple[tuple[str, int], ...], tuple[list[Transfer], int]] = field(
        default_factory=dict, init=False, repr=False)

    def allows(self, a: str, b: str) -> bool:
        return frozenset((a, b)) not in self.forbidden

    def prefers(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.preferred

    def plan(self, balances: Mapping[str, int], *, first: bool = True) -> list[Transfer]:
        owing = {name: b for name, b in balances.items() if b}
        if self.banker is not None:
            return self._through_bank(owing)
        names = sorted(owing, key=name_order)
        if not self.preferred and not self.forbidden:
            return self._plain(names, owing, first)
        return self._with_pairs(names, owing, first)

    def _exact(self, count: int, first: bool) -> bool:
        if self.method == "greedy":
            exact = False
        elif self.method == "exact":
            if count > EXACT_LIMIT:
                raise InputError(
                    f"exact settlement is limited to {EXACT_LIMIT} non-zero balances left to split; "
                    f"this night has {count}",
                    hint="use the greedy or auto method",
                )
            exact = True
        else:
            exact = count <= EXACT_LIMIT
        if first:
            self.used = "exact" if exact else "greedy"
        return exact

    def _plain(self, names: list[str], owing: dict[str, int], first: bool) -> list[Transfer]:
        pairs, rest = _pair_opposites(names, owing)
        if not self._exact(len(rest), first):
            return _largest_first(owing)
        values = [owing[name] for name in rest]
        groups = pairs + [[rest[i] for i in group] for group in most_zero_sum_groups(values)]
        groups.sort(key=lambda g: name_order(min(g, key=name_order)))
        return [t for group in groups for t in _largest_first({name: owing[name] for name in group})]

    def _with_pairs(self, names: list[str], owing: dict[str, int], first: bool) -> list[Transfer]:
        short = self._shortfall(names, owing)
        if short is not None:
            raise self._unsettleable(short, owing)
        if not self._exact(len(names), first):
            return self._group_plan(tuple(names), owing)[0]
        values = [owing[name] for name in names]

        def members(mask: int) -> tuple[str, ...]:
            return tuple(names[i] for i in range(len(names)) if mask >> i & 1)

        feasible = (lambda mask: self._shortfall(members(mask), owing) is None) if self.forbidden else (
            lambda mask: True)
        score = (lambda mask: self._group_plan(members(mask), owing)[1]) if self.preferred else None
        groups = partition_groups(values, feasible, score)
        assert groups is not None  # the whole set is feasible, so some partition is
        return [t for group in groups for t in self._group_plan(tuple(names[i] for i in group), owing)[0]]

    def _group_plan(self, members: tuple[str, ...], owing: Mapping[str, int]) -> tuple[list[Transfer], int]:
        """A plan for one group and how many preferred pairs it uses (memoised per group)."""
        key = tuple((name, owing[name]) for name in members)
        if key not in self._plans:
            self._plans[key] = self._search_group(members, owing)
        return self._plans[key]

    def _search_group(self, members: tuple[str, ...], owing: Mapping[str, int]) -> tuple[list[Transfer], int]:
        search = _PlanSearch(members, [owing[name] for name in members], self.allows, self.prefers)
        preferable = any(self.prefers(a, b) for a in members for b in members if owing[a] < 0 < owing[b])
        if preferable and len(members) <= SEARCH_LIMIT:  # else the first plan found is as good as any
            found = search.run(exhaustive=True, budget=SEARCH_BUDGET)
            if found is not None:
                return found
        found = search.run(exhaustive=False, budget=FIRST_PLAN_BUDGET)
        if found is None:
            debtors = [(n, -owing[n]) for n in members if owing[n] < 0]
            creditors = [(n, owing[n]) for n in members if owing[n] > 0]
            plan = flow_plan(debtors, creditors, self.allows, self.prefers)
            assert not isinstance(plan, Shortfall)
            found = [Transfer(*t) for t in plan], sum(self.prefers(a, b) for a, b, _ in plan)
            self._note(said_later("a group of {count} was settled over the allowed pairs by a flow: "
                            "no plan search finished within its budget", count=len(members)))
        elif preferable and len(members) > SEARCH_LIMIT:
            self._note(said_later("a group of {count} is too large to search every plan: preferred pairs are "
                            "used where the largest-first order allows", count=len(members)))
        return found

    def _note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def _shortfall(self, names: Sequence[str], owing: Mapping[str, int]) -> Shortfall | None:
        debtors = [(n, -owing[n]) for n in names if owing[n] < 0]
        creditors = [(n, owing[n]) for n in names if owing[n] > 0]
        if all(self.allows(d, c) for d, _ in debtors for c, _ in creditors):
            return None  # no forbidden pair among them
        return shortfall(debtors, creditors, self.allows)

    def _unsettleable(self, short: Shortfall, owing: Mapping[str, int]) -> UnsettleableError:
        blocked = sorted(
            (frozenset((d, c)) for d in short.debtors for c, b in owing.items() if b > 0 and not self.allows(d, c)),
            key=lambda p: sorted(map(name_order, p)),
        )
        who = _and(short.debtors)
        owe = "together they owe" if len(short.debtors) > 1 else f"{who} owes"
        if short.creditors:
            owed = "who is owed" if len(short.creditors) == 1 else "who are owed"
            may = f"may pay only {_and(short.creditors)}, {owed} {format_cents(short.payable)}"
        else:
            may = "may pay nobody who is owed money"
        err = UnsettleableError(
            f"cannot settle {who}: {owe} {format_cents(short.owed)} but {may} "
            f"(forbidden: {', '.join(map(_pair_text, blocked))})",
            hint="allow one of those pairs, or settle through a banker",
        )
        err.players = short.debtors
        return err

    def _through_bank(self, owing: dict[str, int]) -> list[Transfer]:
        bank = self.banker
        assert bank is not None
        people = sorted((name for name in owing if name != bank), key=name_order)
        for name in people:
            if not self.allows(name, bank):
                err = UnsettleableError(
                    f"cannot settle {name} through the bank: the pair {_pair_text(frozenset((name, bank)))} "
                    "is forbidden",
                    hint="allow that pair, or settle without a banker",
                )
                err.players = (name,)
                raise err
        pay_in = [Transfer(name, bank, -owing[name]) for name in people if owing[name] < 0]
        pay_out = [Transfer(bank, name, owing[name]) for name in people if owing[name] > 0]
        return pay_in + pay_out


def _pair_opposites(names: list[str], owing: dict[str, int]) -> tuple[list[list[str]], list[str]]:
    """Equal and opposite balances paired in name order, and the names left over."""
    debtors: dict[int, list[str]] = {}
    for name in names:
        if owing[name] < 0:
            debtors.setdefault(-owing[name], []).append(name)
    pairs: list[list[str]] = []
    paired: set[str] = set()
    for name in names:
        if owing[name] > 0 and debtors.get(owing[name]):
            debtor = debtors[owing[name]].pop(0)
            pairs.append([debtor, name])
            paired.update((debtor, name))
    return pairs, [name for name in names if name not in paired]


def _largest_first(owing: Mapping[str, int]) -> list[Transfer]:
    """The largest remaining debtor pays the largest remaining creditor (ties in name order)."""
    debtors = [(b, name_order(n), n) for n, b in owing.items() if b < 0]
    creditors = [(-b, name_order(n), n) for n, b in owing.items() if b > 0]
    heapq.heapify(debtors)
    heapq.heapify(creditors)
    out = []
    while debtors and creditors:
        owe, d_key, debtor = heapq.heappop(debtors)
        due, c_key, creditor = heapq.heappop(creditors)
        pay = min(-owe, -due)
        out.append(Transfer(debtor, creditor, pay))
        if -owe > pay:
            heapq.heappush(debtors, (owe + pay, d_key, debtor))
        if -due > pay:
            heapq.heappush(creditors, (due + pay, c_key, creditor))
    return out


class _Budget(Exception):
    pass


class _PlanSearch:
    """Every way to settle a group by steps that each pay off a debtor or a creditor in full.

    A step is a debtor paying an allowed creditor the smaller of what one owes and the other is owed.
    Every plan of the fewest transfers for a group is such a sequence (take a transfer to someone who
    appears in no other one; it pays them off; repeat), so searching the sequences searches the
    plans.  Choices are tried preferred pairs first, then largest debtor with largest creditor.
    """

    def __init__(self, members: tuple[str, ...], balances: list[int],
                 allows: Callable[[str, str], bool], prefers: Callable[[str, str], bool]) -> None:
        self.members = members
        self.start = tuple(balances)
        n = len(members)
        self.ok = [[allows(members[i], members[j]) for j in range(n)] for i in range(n)]
        self.pref = [[prefers(members[i], members[j]) for j in range(n)] for i in range(n)]
        self.keys = [name_order(m) for m in members]

    def run(self, *, exhaustive: bool, budget: int) -> tuple[list[Transfer], int] | None:
        memo: dict[tuple[int, ...], tuple[int, int, tuple[tuple[int, int, int], ...]] | None] = {}
        visits = [0]

        def best(state: tuple[int, ...]) -> tuple[int, int, tuple[tuple[int, int, int], ...]] | None:
            if not any(state):
                return 0, 0, ()
            if state in memo:
                return memo[state]
            visits[0] += 1
            if visits[0] > budget:
                raise _Budget
            found = None
            for i, j in self._choices(state):
                pay = min(-state[i], state[j])
                nxt = list(state)
                nxt[i] += pay
                nxt[j] -= pay
                rest = best(tuple(nxt))
                if rest is None:
                    continue
                option = (rest[0] - 1, rest[1] + self.pref[i][j], ((i, j, pay), *rest[2]))
                if found is None or option[:2] > found[:2]:
                    found = option
                if not exhaustive:
                    break
            memo[state] = found
            return found

        try:
            result = best(self.start)
        except _Budget:
            return None
        if result is None:
            return None
        return [Transfer(self.members[i], self.members[j], pay) for i, j, pay in result[2]], result[1]

    def _choices(self, state: tuple[int, ...]) -> list[tuple[int, int]]:
        debtors = [i for i, b in enumerate(state) if b < 0]
        creditors = [j for j, b in enumerate(state) if b > 0]
        pairs = [(i, j) for i in debtors for j in creditors if self.ok[i][j]]
        pairs.sort(key=lambda p: (not self.pref[p[0]][p[1]], state[p[0]], self.keys[p[0]], -state[p[1]],
                                  self.keys[p[1]]))
        return pairs


# ---------------------------------------------------------------- payments


def _record_payments(
    plan: list[Transfer], payments: Sequence[Transfer], people: set[str], planner: _Planner,
    money: Money = format_cents,
) -> tuple[list[Transfer], list[str]]:
    plan = list(plan)
    notes: list[str] = []
    for number, paid in enumerate(payments, 1):
        _check_payment(paid, people, number)
        at = next((k for k, t in enumerate(plan) if (t.payer, t.payee) == (paid.payer, paid.payee)), None)
        planned = plan[at].cents if at is not None else 0
        if paid.cents == planned:
            del plan[at]  # type: ignore[arg-type]
            continue
        if paid.cents < planned:
            assert at is not None
            plan[at] = replace(plan[at], cents=planned - paid.cents)
            notes.append(said_later("{payer} paid {payee} {amount} of {planned}: {left} left to pay", payer=paid.payer,
                              payee=paid.payee, amount=money(paid.cents), planned=money(planned),
                              left=money(planned - paid.cents)))
            continue
        if at is not None:
            del plan[at]
        plan, touched = _replan(plan, paid.payer, paid.payee, paid.cents - planned, at, planner)
        values = {"payer": paid.payer, "payee": paid.payee, "amount": money(paid.cents),
                  "players": ", ".join(sorted(touched, key=name_order))}
        notes.append(said_later("{payer} paid {payee} {amount}, more than planned: re-planned {players}; every other "
                          "transfer is unchanged", **values) if planned else
                     said_later("{payer} paid {payee} {amount}, not a planned transfer: re-planned {players}; every other "
                          "transfer is unchanged", **values))
    return plan, notes


def _check_payment(paid: Transfer, people: set[str], number: int) -> None:
    where = f"payment {number}"
    if not isinstance(paid, Transfer):
        raise InputError(f"{paid!r} is not a Transfer", where=where,
                         hint="record payments as Transfer(payer, payee, cents)")
    for name in (paid.payer, paid.payee):
        if name not in people:
            raise InputError(f"{name!r} has no balance in this settlement", where=where,
                             hint="check the spelling against the players of the night")
    if paid.payer == paid.payee:
        raise InputError(f"{paid.payer} pays themselves", where=where, hint="a payment is between two people")
    if isinstance(paid.cents, bool) or not isinstance(paid.cents, int) or paid.cents <= 0:
        raise InputError(f"payment of {paid.cents!r} cents", where=where,
                         hint="a payment is a positive number of cents")


def _replan(
    plan: list[Transfer], payer: str, payee: str, cents: int, at: int | None, planner: _Planner
) -> tuple[list[Transfer], set[str]]:
    """Re-plan what a payment outside the plan disturbs; the rest of ``plan`` stays as it is."""
    if planner.banker is not None:
        touched_people = {payer, payee, planner.banker}
        touched = [k for k, t in enumerate(plan) if {t.payer, t.payee} <= touched_people]
    else:
        touched_people = {payer, payee}
        for group in _components(plan):
            if payer in group or payee in group:
                touched_people.update(group)
        touched = [k for k, t in enumerate(plan) if t.payer in touched_people]
    left = dict.fromkeys(touched_people, 0)
    for k in touched:
        left[plan[k].payer] -= plan[k].cents
        left[plan[k].payee] += plan[k].cents
    left[payer] += cents
    left[payee] -= cents
    fresh = planner.plan(left, first=False)
    place = touched[0] if touched else (at if at is not None else len(plan))
    gone = set(touched)
    kept = [t for k, t in enumerate(plan) if k not in gone]
    return kept[:place] + fresh + kept[place:], touched_people


# ---------------------------------------------------------------- helpers


def _components(transfers: Iterable[Transfer]) -> tuple[tuple[str, ...], ...]:
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for t in transfers:
        parent[root(t.payer)] = root(t.payee)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    ordered = [tuple(sorted(g, key=name_order)) for g in groups.values()]
    return tuple(sorted(ordered, key=lambda g: name_order(g[0])))


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _signed(cents: int, money: Money) -> str:
    if cents < 0:
        return _MINUS + money(-cents)
    return "+" + money(cents) if cents else money(0)


def _clears(name: str, before: int, after: int, start: int, money: Money, banker: str | None) -> str:
    """How one side of a transfer stands after it: cleared, still owing, still owed."""
    if after == 0:
        if name == banker:
            return f"{name} is square"
        rest = "" if before == start else "the rest of "
        return f"clears {rest}{name}'s {_signed(start, money)}"
    if name == banker:
        return f"{name} holds {money(-after)} to pay out" if after < 0 else f"{name} is owed {money(after)}"
    return f"{name} still owes {money(-after)}" if after < 0 else f"{name} still owed {money(after)}"

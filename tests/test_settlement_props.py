"""Properties of settlement, for any night: what users rely on when they check the list."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.ledger.settlement import Settlement, Transfer, UnsettleableError, settle

from tests.helpers.settlement import fewest_possible

POOL = ["Ann", "ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max", "Ned",
        "Oz", "Pia", "Quin", "Ray", "Sue"]


@st.composite
def nights(draw: st.DrawFn, max_players: int = 16) -> dict[str, int]:
    """Balances summing to zero: large amounts (rarely a zero-sum part) or small ones (many)."""
    names = draw(st.lists(st.sampled_from(POOL), max_size=max_players, unique=True))
    most = draw(st.sampled_from([3, 12, 50_000]))
    values = draw(st.lists(st.integers(-most, most), min_size=len(names), max_size=len(names)))
    if values:
        values[-1] -= sum(values)
    return dict(zip(names, values, strict=True))


def after(balances: dict[str, int], transfers: tuple[Transfer, ...] | list[Transfer]) -> dict[str, int]:
    left = Counter(balances)
    for t in transfers:
        left[t.payer] += t.cents
        left[t.payee] -= t.cents
    return {name: cents for name, cents in left.items() if cents}


def nonzero(balances: dict[str, int]) -> int:
    return sum(1 for cents in balances.values() if cents)


def check_plan(balances: dict[str, int], s: Settlement) -> None:
    assert after(balances, s.transfers) == {}
    assert all(t.cents > 0 and t.payer != t.payee for t in s.transfers)
    assert len(s.transfers) <= max(nonzero(balances) - 1, 0)


@given(nights(), st.sampled_from(["auto", "exact", "greedy"]))
@settings(max_examples=200, deadline=None)
def test_transfers_zero_every_balance_in_at_most_n_minus_one(balances: dict[str, int], method: str) -> None:
    check_plan(balances, settle(balances, method=method))  # type: ignore[arg-type]


@given(nights())
@settings(max_examples=200, deadline=None)
def test_exact_never_needs_more_than_greedy(balances: dict[str, int]) -> None:
    assert len(settle(balances, method="exact").transfers) <= len(settle(balances, method="greedy").transfers)


@given(nights(max_players=9))
@settings(max_examples=200, deadline=None)
def test_exact_is_the_fewest_possible(balances: dict[str, int]) -> None:
    assert len(settle(balances, method="exact").transfers) == fewest_possible(balances)


@given(nights(), st.data())
@settings(max_examples=150, deadline=None)
def test_same_input_in_any_order_gives_the_same_list(balances: dict[str, int], data: st.DataObject) -> None:
    shuffled = dict(data.draw(st.permutations(list(balances.items()))))
    assert settle(shuffled).transfers == settle(balances).transfers
    assert settle(shuffled) == settle(balances)


@given(nights(), st.data())
@settings(max_examples=150, deadline=None)
def test_marking_some_paid_never_changes_the_others(balances: dict[str, int], data: st.DataObject) -> None:
    plan = settle(balances).transfers
    order = data.draw(st.permutations(range(len(plan))))
    paid = [plan[k] for k in order[: data.draw(st.integers(0, len(plan)))]]
    s = settle(balances, paid=paid)
    assert s.transfers == tuple(t for k, t in enumerate(plan) if k not in set(order[: len(paid)]))
    assert s.notes == ()


@given(nights(max_players=12), st.data())
@settings(max_examples=150, deadline=None)
def test_a_payment_outside_the_plan_keeps_the_untouched_groups(balances: dict[str, int], data: st.DataObject) -> None:
    assume(len(balances) >= 2)
    payer, payee = data.draw(st.permutations(list(balances)))[:2]
    cents = data.draw(st.integers(1, 5000))
    plan = settle(balances)
    s = settle(balances, paid=[Transfer(payer, payee, cents)])
    # what is left settles what is still owed once the payment is counted
    assert after(balances, [Transfer(payer, payee, cents), *s.transfers]) == {}
    untouched = [g for g in plan.groups if payer not in g and payee not in g]
    for group in untouched:
        kept = [t for t in plan.transfers if t.payer in group]
        assert [t for t in s.transfers if t.payer in group] == kept


@given(nights(), st.data())
@settings(max_examples=150, deadline=None)
def test_banker_mode_settles_everything_through_the_bank(balances: dict[str, int], data: st.DataObject) -> None:
    bank = data.draw(st.sampled_from([*balances, "The bank"]))
    s = settle(balances, banker=bank)
    assert all(bank in (t.payer, t.payee) for t in s.transfers)
    assert after(balances, s.transfers) == ({} if bank in balances else {})
    assert len(s.transfers) == sum(1 for name, cents in balances.items() if cents and name != bank)


@st.composite
def nights_with_pairs(draw: st.DrawFn, max_players: int = 8) -> tuple[dict[str, int], list[tuple[str, str]]]:
    balances = draw(nights(max_players=max_players))
    pairs = list(combinations(sorted(balances), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs) // 2)) if pairs else []
    return balances, chosen


@given(nights_with_pairs(), st.sampled_from(["exact", "greedy"]))
@settings(max_examples=200, deadline=None)
def test_forbidden_pairs_never_appear(case: tuple[dict[str, int], list[tuple[str, str]]], method: str) -> None:
    balances, forbidden = case
    banned = frozenset(frozenset(p) for p in forbidden)
    try:
        s = settle(balances, method=method, forbidden=forbidden)  # type: ignore[arg-type]
    except UnsettleableError as err:
        assert fewest_possible(balances, banned) is None
        assert err.players and "forbidden" in str(err)
        return
    check_plan(balances, s)
    assert not any(frozenset((t.payer, t.payee)) in banned for t in s.transfers)
    if method == "exact":
        assert len(s.transfers) == fewest_possible(balances, banned)


@given(nights_with_pairs(max_players=10))
@settings(max_examples=150, deadline=None)
def test_preferred_pairs_never_cost_a_transfer(case: tuple[dict[str, int], list[tuple[str, str]]]) -> None:
    balances, preferred = case
    s = settle(balances, preferred=preferred)
    check_plan(balances, s)
    assert len(s.transfers) == len(settle(balances).transfers)


@given(nights_with_pairs(max_players=6))
@settings(max_examples=150, deadline=None)
def test_preferred_pairs_are_the_most_a_shortest_plan_can_use(
    case: tuple[dict[str, int], list[tuple[str, str]]],
) -> None:
    balances, preferred = case
    liked = frozenset(frozenset(p) for p in preferred)
    s = settle(balances, preferred=preferred)
    used = sum(frozenset((t.payer, t.payee)) in liked for t in s.transfers)
    assert used == most_preferred(balances, liked, len(s.transfers))


def most_preferred(balances: dict[str, int], liked: frozenset[frozenset[str]], length: int) -> int:
    """The most preferred pairs any plan of ``length`` debtor-to-creditor transfers can use: brute force.

    A shortest plan is a forest on the people it settles; try every set of ``length`` pairs, each a
    debtor and a creditor, as its shape, and keep those whose amounts come out positive.
    """
    people = [n for n, b in balances.items() if b]
    edges = [(d, c) for d in people for c in people if balances[d] < 0 < balances[c]]
    best = -1
    for shape in combinations(edges, length):
        amounts = _tree_amounts(balances, people, shape)
        if amounts is not None and all(a > 0 for a in amounts.values()):
            best = max(best, sum(frozenset(e) in liked for e in shape))
    return best


def _tree_amounts(balances: dict[str, int], people: list[str], shape: tuple[tuple[str, str], ...]
                  ) -> dict[tuple[str, str], int] | None:
    """The amounts on a forest's edges that settle everyone (peel leaves), or None if not a forest."""
    left = {p: balances[p] for p in people}
    edges = set(shape)
    amounts: dict[tuple[str, str], int] = {}
    while edges:
        degree = Counter(x for e in edges for x in e)
        leaf_edge = next((e for e in sorted(edges) if degree[e[0]] == 1 or degree[e[1]] == 1), None)
        if leaf_edge is None:
            return None  # a cycle
        d, c = leaf_edge
        amount = -left[d] if degree[d] == 1 else left[c]
        amounts[leaf_edge] = amount
        left[d] += amount
        left[c] -= amount
        edges.remove(leaf_edge)
    return amounts if not any(left.values()) else None

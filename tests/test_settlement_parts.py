"""The parts settlement rests on: the most zero-sum groups, flows over allowed pairs, plain debts."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ledger.pair_flow import Shortfall, flow_plan
from referee.ledger.plain_debts import proportional_debts
from referee.ledger.zero_sum import most_zero_sum_groups, partition_groups, subset_sums


def zero_sum_values(min_size: int = 0, max_size: int = 9, most: int = 12) -> st.SearchStrategy[list[int]]:
    """Non-zero values summing to zero; small ones, so that many subsets sum to zero."""

    def close(values: list[int]) -> list[int]:
        rest = -sum(values)
        return [*values, rest] if rest else values

    nonzero = st.integers(-most, most).filter(bool)
    return st.lists(nonzero, min_size=min_size, max_size=max_size).map(close).filter(
        lambda v: len(v) != 1)


def brute_most_groups(values: list[int]) -> int:
    """The most zero-sum groups, by trying every group that holds the lowest remaining index."""
    n = len(values)
    sums = subset_sums(values)

    @cache
    def most(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        sub, best = mask, -1
        while sub:
            if sub & low and sums[sub] == 0:
                rest = most(mask ^ sub)
                if rest >= 0:
                    best = max(best, rest + 1)
            sub = (sub - 1) & mask
        return best

    return most((1 << n) - 1)


# ---------------------------------------------------------------- zero-sum groups


def test_groups_hand_worked() -> None:
    # 5 = 3 + 2 and 4 = 4: two groups; {5, -3, -2} holds index 0
    assert most_zero_sum_groups([5, -3, -2, 4, -4]) == [[0, 1, 2], [3, 4]]
    # eight +1 and eight -1: each +1 with the first -1 still free
    assert most_zero_sum_groups([1] * 8 + [-1] * 8) == [[i, i + 8] for i in range(8)]
    # no proper zero-sum part: one group
    assert most_zero_sum_groups([7, -3, -2, -2]) == [[0, 1, 2, 3]]
    assert most_zero_sum_groups([]) == []


def test_canonical_choice_among_equal_splits() -> None:
    # index 0 (+2) can go with 1 (-2) or with 3 (-2): the smallest group, then the earliest indices
    assert most_zero_sum_groups([2, -2, 3, -2, -1]) == [[0, 1], [2, 3, 4]]
    # two groups of two either way: index 0 with the earlier of its two partners
    assert most_zero_sum_groups([2, -2, -2, 2]) == [[0, 1], [2, 3]]


@given(zero_sum_values())
@settings(max_examples=300)
def test_groups_are_the_most_possible(values: list[int]) -> None:
    groups = most_zero_sum_groups(values)
    assert sorted(i for g in groups for i in g) == list(range(len(values)))
    assert all(sum(values[i] for i in g) == 0 for g in groups)
    assert len(groups) == max(brute_most_groups(values), 0)


@given(zero_sum_values(max_size=8))
@settings(max_examples=150)
def test_partition_groups_with_every_group_allowed_agrees(values: list[int]) -> None:
    groups = partition_groups(values, lambda mask: True, lambda mask: 0)
    assert groups == most_zero_sum_groups(values)


def test_partition_groups_respects_allowed_and_score() -> None:
    values = [5, -5, 5, -5]
    # {0,1},{2,3} is the canonical split; a score on {0,3} picks the other one
    assert partition_groups(values, lambda m: True, lambda m: 0) == [[0, 1], [2, 3]]
    assert partition_groups(values, lambda m: True, lambda m: m == 0b1001) == [[0, 3], [1, 2]]
    # forbid both pairs holding index 0: only the whole set is left
    assert partition_groups(values, lambda m: m not in (0b0011, 0b1001), lambda m: 0) == [[0, 1, 2, 3]]
    assert partition_groups(values, lambda m: False, lambda m: 0) is None


# ---------------------------------------------------------------- flows over allowed pairs


def test_flow_routes_around_a_forbidden_pair() -> None:
    plan = flow_plan([("A", 5), ("B", 5)], [("C", 5), ("D", 5)], lambda a, b: {a, b} != {"A", "C"})
    assert plan == [("A", "D", 5), ("B", "C", 5)]


def test_flow_keeps_preferred_pairs() -> None:
    plan = flow_plan([("A", 7), ("B", 3)], [("C", 4), ("D", 6)], lambda a, b: True,
                     lambda a, b: (a, b) == ("B", "C"))
    assert plan == [("A", "C", 1), ("A", "D", 6), ("B", "C", 3)]


def test_flow_names_the_shortfall() -> None:
    short = flow_plan([("A", 5), ("B", 5)], [("C", 5), ("D", 5)], lambda a, b: b != "C")
    assert short == Shortfall(debtors=("A", "B"), owed=10, creditors=("D",), payable=5)


@st.composite
def networks(draw: st.DrawFn) -> tuple[list[tuple[str, int]], list[tuple[str, int]], set[tuple[str, str]]]:
    debts = draw(st.lists(st.integers(1, 30), min_size=1, max_size=6))
    credits = draw(st.lists(st.integers(1, 30), min_size=1, max_size=6))
    gap = sum(debts) - sum(credits)
    if gap > 0:
        credits.append(gap)
    elif gap < 0:
        debts.append(-gap)
    debtors = [(f"d{i}", v) for i, v in enumerate(debts)]
    creditors = [(f"c{j}", v) for j, v in enumerate(credits)]
    pairs = [(d, c) for d, _ in debtors for c, _ in creditors]
    forbidden = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs)))
    return debtors, creditors, forbidden


@given(networks())
@settings(max_examples=300)
def test_flow_plan_is_a_forest_or_a_true_shortfall(
    net: tuple[list[tuple[str, int]], list[tuple[str, int]], set[tuple[str, str]]],
) -> None:
    debtors, creditors, forbidden = net
    plan = flow_plan(debtors, creditors, lambda a, b: (a, b) not in forbidden)
    if isinstance(plan, Shortfall):
        # Hall's condition fails: those debtors may pay only those creditors, who are owed less
        allowed_to = {c for d in plan.debtors for c, _ in creditors if (d, c) not in forbidden}
        assert allowed_to <= set(plan.creditors)
        assert plan.owed > plan.payable
        return
    left = dict(debtors) | dict(creditors)
    for payer, payee, cents in plan:
        assert (payer, payee) not in forbidden and cents > 0
        left[payer] -= cents
        left[payee] -= cents
    assert not any(left.values())
    assert len(plan) <= len(left) - 1


# ---------------------------------------------------------------- plain debts


def test_plain_debts_pro_rata() -> None:
    # winners 9.00 and 6.00 of 15.00: each loser pays them 60 % and 40 %
    debts = proportional_debts([("Ann", -1000), ("Bob", -500), ("Cy", 900), ("Dee", 600)])
    assert debts == [("Ann", "Cy", 600), ("Ann", "Dee", 400), ("Bob", "Cy", 300), ("Bob", "Dee", 200)]


def test_plain_debts_leftover_cents_by_largest_remainder_in_name_order() -> None:
    # each share is half a cent: Ann's cent goes to Cy (first), Bob's to Dee (Cy is whole)
    assert proportional_debts([("Ann", -1), ("Bob", -1), ("Cy", 1), ("Dee", 1)]) == [
        ("Ann", "Cy", 1), ("Bob", "Dee", 1)]


def test_plain_debts_move_a_cent_when_the_largest_remainders_crowd_out_someone() -> None:
    # Ann's and Bob's 0.75-cent shares to Cy and Fay take every cent Cy and Fay have left, so Dee's
    # last cent (remainders 0.5 to Cy and Fay, 0 to Eve) has nowhere to go: Ann's cent to Cy moves to
    # Eve, and Dee's goes to Cy
    debts = proportional_debts([("Ann", -2), ("Bob", -2), ("Cy", 3), ("Dee", -4), ("Eve", 2), ("Fay", 3)])
    assert debts == [
        ("Ann", "Eve", 1), ("Ann", "Fay", 1),
        ("Bob", "Cy", 1), ("Bob", "Fay", 1),
        ("Dee", "Cy", 2), ("Dee", "Eve", 1), ("Dee", "Fay", 1),
    ]


@given(zero_sum_values(max_size=10, most=100_000))
@settings(max_examples=300)
def test_plain_debts_totals_exact_and_shares_within_a_cent(values: list[int]) -> None:
    balances = [(f"p{i:02d}", v) for i, v in enumerate(values)]
    won = sum(v for v in values if v > 0)
    got = dict.fromkeys(dict(balances), 0)
    for loser, winner, cents in proportional_debts(balances):
        exact = Fraction(-dict(balances)[loser] * dict(balances)[winner], won)
        assert abs(cents - exact) < 1
        got[loser] -= cents
        got[winner] += cents
    assert got == dict(balances)

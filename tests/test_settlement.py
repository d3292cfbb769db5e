"""Settlement by hand-worked examples: the lists, their order, banker mode, pairs, payments, errors."""

from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.ledger.settlement import EXACT_LIMIT, Settlement, Transfer, UnsettleableError, name_order, settle

T = Transfer
NIGHT = {"Ann": -1000, "Bob": -500, "Cy": 900, "Dee": 600}


def test_one_winner() -> None:
    s = settle({"Ann": -1250, "Bob": 1750, "Cy": -500})
    assert s.transfers == (T("Ann", "Bob", 1250), T("Cy", "Bob", 500))
    assert s.method == "exact"
    assert s.groups == (("Ann", "Bob", "Cy"),)
    assert [c.text for c in s.explain()] == [
        "Ann pays Bob 12.50: clears Ann's \u221212.50; Bob still owed 5.00",
        "Cy pays Bob 5.00: clears Cy's \u22125.00; clears the rest of Bob's +17.50",
    ]


def test_largest_debtor_pays_largest_creditor_within_a_group() -> None:
    assert settle(NIGHT).transfers == (T("Ann", "Cy", 900), T("Bob", "Dee", 500), T("Ann", "Dee", 100))


def test_exact_finds_the_split_greedy_misses() -> None:
    night = {"A": -400, "B": -300, "C": 300, "D": 200, "E": 200}
    exact = settle(night, method="exact")
    greedy = settle(night, method="greedy")
    # B's 3.00 and C's 3.00 settle apart; A settles with D and E
    assert exact.transfers == (T("A", "D", 200), T("A", "E", 200), T("B", "C", 300))
    assert exact.groups == (("A", "D", "E"), ("B", "C"))
    assert greedy.transfers == (T("A", "C", 300), T("B", "D", 200), T("A", "E", 100), T("B", "E", 100))
    assert greedy.method == "greedy"


def test_groups_in_name_order_of_their_first_member() -> None:
    night = {"Ann": -1000, "Bob": -500, "Cy": 900, "Dee": 600, "Eve": -600, "Fay": 600}
    s = settle(night)
    # Eve's -6.00 pairs with the first +6.00 in name order (Dee); the rest is one group
    assert s.transfers == (T("Ann", "Cy", 900), T("Bob", "Fay", 500), T("Ann", "Fay", 100), T("Eve", "Dee", 600))
    assert s.groups == (("Ann", "Bob", "Cy", "Fay"), ("Dee", "Eve"))


def test_names_ordered_case_insensitively_then_exactly() -> None:
    assert sorted(["bob", "Cy", "Bob", "ann"], key=name_order) == ["ann", "Bob", "bob", "Cy"]
    s = settle({"bob": -500, "Ann": 500, "Cy": -500, "Dee": 500})
    assert s.transfers == (T("bob", "Ann", 500), T("Cy", "Dee", 500))


def test_same_list_whatever_the_dict_order() -> None:
    night = {"Ann": -1000, "Bob": -500, "Cy": 900, "Dee": 600, "Eve": -600, "Fay": 600}
    backwards = dict(reversed(list(night.items())))
    assert settle(backwards).transfers == settle(night).transfers


def test_zero_balances_need_nothing() -> None:
    s = settle({"Ann": 0, "Bob": 0})
    assert s.transfers == () and s.groups == () and s.plain_debts() == ()
    assert settle({}).transfers == ()


def test_auto_turns_greedy_above_the_limit_and_exact_refuses() -> None:
    night = {f"p{i:02d}": (i + 1) * 100 for i in range(EXACT_LIMIT)}
    night["bank"] = -sum(night.values())
    assert settle(night).method == "greedy"
    assert len(settle(night).transfers) == EXACT_LIMIT
    with pytest.raises(InputError, match=f"exact settlement is limited to {EXACT_LIMIT} non-zero balances left to "
                       f"split; this night has {EXACT_LIMIT + 1}"):
        settle(night, method="exact")


def test_opposites_pair_off_before_the_limit_counts() -> None:
    night = {f"w{i:02d}": 100 + i for i in range(15)} | {f"l{i:02d}": -(100 + i) for i in range(15)}
    s = settle(night)  # 30 balances, every one with an opposite
    assert s.method == "exact" and len(s.transfers) == 15


# ---------------------------------------------------------------- banker


def test_banker_who_played() -> None:
    s = settle(NIGHT, banker="Cy")
    assert s.method == "banker"
    assert s.transfers == (T("Ann", "Cy", 1000), T("Bob", "Cy", 500), T("Cy", "Dee", 600))
    assert [c.text for c in s.explain()] == [
        "Ann pays Cy 10.00: clears Ann's \u221210.00; Cy holds 1.00 to pay out",
        "Bob pays Cy 5.00: clears Bob's \u22125.00; Cy holds 6.00 to pay out",
        "Cy pays Dee 6.00: Cy is square; clears Dee's +6.00",
    ]


def test_banker_who_did_not_play() -> None:
    s = settle(NIGHT, banker="House")
    assert s.transfers == (T("Ann", "House", 1000), T("Bob", "House", 500), T("House", "Cy", 900),
                           T("House", "Dee", 600))


def test_banker_with_a_forbidden_pair() -> None:
    with pytest.raises(UnsettleableError, match="cannot settle Bob through the bank: the pair Bob\u2013Cy is "
                       "forbidden"):
        settle(NIGHT, banker="Cy", forbidden=[("Cy", "Bob")])


# ---------------------------------------------------------------- pairs


def test_preferred_pair_chooses_the_split() -> None:
    night = {"A": -500, "B": -500, "C": 500, "D": 500}
    assert settle(night).transfers == (T("A", "C", 500), T("B", "D", 500))
    assert settle(night, preferred=[("D", "A")]).transfers == (T("A", "D", 500), T("B", "C", 500))


def test_preferred_pair_within_a_group() -> None:
    s = settle(NIGHT, preferred=[("Bob", "Cy")])
    assert s.transfers == (T("Bob", "Cy", 500), T("Ann", "Dee", 600), T("Ann", "Cy", 400))


def test_forbidden_pair_is_routed_around() -> None:
    # the plain plan has Bob pay Dee; forbidden, Bob pays Cy and Ann makes up Dee
    s = settle(NIGHT, forbidden=[("Bob", "Dee")])
    assert s.transfers == (T("Ann", "Dee", 600), T("Bob", "Cy", 500), T("Ann", "Cy", 400))


def test_forbidden_pair_that_forces_a_bigger_group() -> None:
    night = {"A": -500, "B": -300, "C": 500, "D": 300, "E": 200, "F": -200}
    assert settle(night).transfers == (T("A", "C", 500), T("B", "D", 300), T("F", "E", 200))
    # A may not pay C: A pays D and E, and B and F pay C; one transfer more, the fewest possible
    s = settle(night, forbidden=[("A", "C")])
    assert s.transfers == (T("A", "D", 300), T("A", "E", 200), T("B", "C", 300), T("F", "C", 200))
    assert s.groups == (("A", "D", "E"), ("B", "C", "F"))


def test_unsettleable_names_who_and_why() -> None:
    with pytest.raises(UnsettleableError) as err:
        settle(NIGHT, forbidden=[("Ann", "Cy")])
    assert str(err.value) == "cannot settle Ann: Ann owes 10.00 but may pay only Dee, who is owed 6.00 " \
        "(forbidden: Ann\u2013Cy)"
    assert err.value.players == ("Ann",)
    assert err.value.hint == "allow one of those pairs, or settle through a banker"
    with pytest.raises(UnsettleableError, match="cannot settle Ann and Bob: together they owe 15.00 but may pay "
                       "nobody who is owed money"):
        settle(NIGHT, forbidden=[("Ann", "Cy"), ("Ann", "Dee"), ("Bob", "Cy"), ("Bob", "Dee")])


# ---------------------------------------------------------------- payments


def test_paid_transfers_are_taken_off_the_plan() -> None:
    s = settle(NIGHT, paid=[T("Bob", "Dee", 500)])
    assert s.transfers == (T("Ann", "Cy", 900), T("Ann", "Dee", 100))
    assert s.paid == (T("Bob", "Dee", 500),) and s.notes == ()
    assert s.remaining() == {"Ann": -1000, "Bob": 0, "Cy": 900, "Dee": 100}


def test_part_payment_lowers_only_its_transfer() -> None:
    s = settle(NIGHT, paid=[T("Ann", "Cy", 400)])
    assert s.transfers == (T("Ann", "Cy", 500), T("Bob", "Dee", 500), T("Ann", "Dee", 100))
    assert s.notes == ("Ann paid Cy 4.00 of 9.00: 5.00 left to pay",)
    assert s.explain()[0].text == "Ann pays Cy 5.00: Ann still owes 1.00; clears Cy's +5.00"


def test_payment_outside_the_plan_replans_only_what_it_touches() -> None:
    night = {"Ann": -1000, "Bob": -500, "Cy": 900, "Dee": 600, "Eve": -700, "Fay": 700, "Gus": -300, "Hal": 300}
    before = settle(night)
    assert before.transfers == (T("Ann", "Cy", 900), T("Bob", "Dee", 500), T("Ann", "Dee", 100),
                                T("Eve", "Fay", 700), T("Gus", "Hal", 300))
    after = settle(night, paid=[T("Ann", "Fay", 300)])
    # Ann's group and Fay's group are re-planned together; Gus pays Hal as before
    assert after.transfers[-1] == T("Gus", "Hal", 300)
    assert after.notes == ("Ann paid Fay 3.00, not a planned transfer: re-planned Ann, Bob, Cy, Dee, Eve, Fay; "
                           "every other transfer is unchanged",)
    assert after.remaining() == {"Ann": -700, "Bob": -500, "Cy": 900, "Dee": 600, "Eve": -700, "Fay": 400,
                                 "Gus": -300, "Hal": 300}


def test_paying_more_than_planned() -> None:
    s = settle(NIGHT, paid=[T("Ann", "Cy", 1000)])
    # Cy got 1.00 too much and passes it on to Dee
    assert s.transfers == (T("Bob", "Dee", 500), T("Cy", "Dee", 100))
    assert s.notes == ("Ann paid Cy 10.00, more than planned: re-planned Ann, Bob, Cy, Dee; every other transfer "
                       "is unchanged",)


def test_payment_outside_the_plan_in_banker_mode() -> None:
    s = settle(NIGHT, banker="Bank", paid=[T("Ann", "Cy", 400)])
    assert s.transfers == (T("Ann", "Bank", 600), T("Bank", "Cy", 500), T("Bob", "Bank", 500), T("Bank", "Dee", 600))


def test_payments_in_order_paying_the_replanned_list() -> None:
    first = settle(NIGHT, paid=[T("Ann", "Cy", 1000)])
    then = settle(NIGHT, paid=[T("Ann", "Cy", 1000), T("Cy", "Dee", 100)])
    assert then.transfers == tuple(t for t in first.transfers if t != T("Cy", "Dee", 100))


@pytest.mark.parametrize(
    ("payment", "message"),
    [
        (T("Zed", "Ann", 100), "payment 1: 'Zed' has no balance in this settlement"),
        (T("Ann", "Ann", 100), "payment 1: Ann pays themselves"),
        (T("Ann", "Cy", 0), "payment 1: payment of 0 cents"),
        (("Ann", "Cy", 100), "payment 1: ('Ann', 'Cy', 100) is not a Transfer"),
    ],
)
def test_bad_payments(payment: object, message: str) -> None:
    with pytest.raises(InputError) as err:
        settle(NIGHT, paid=[payment])  # type: ignore[list-item]
    assert str(err.value) == message


# ---------------------------------------------------------------- plain debts and the result type


def test_plain_debts_beside_the_list() -> None:
    s = settle(NIGHT)
    assert s.plain_debts() == (T("Ann", "Cy", 600), T("Ann", "Dee", 400), T("Bob", "Cy", 300), T("Bob", "Dee", 200))
    assert len(s.transfers) == 3


def test_settlement_is_a_frozen_value() -> None:
    s = settle(NIGHT)
    assert isinstance(s, Settlement) and s == settle(NIGHT)
    with pytest.raises(AttributeError):
        s.method = "greedy"  # type: ignore[misc]
    assert s.balances == (("Ann", -1000), ("Bob", -500), ("Cy", 900), ("Dee", 600))
    assert str(s.transfers[0]) == "Ann pays Cy 9.00"


def test_explain_with_a_money_formatter() -> None:
    from referee.money import format_money

    lines = settle(NIGHT).explain(lambda cents: format_money(cents, "EUR", "de_DE"))
    assert lines[0].text == "Ann pays Cy 9,00\u00a0€: Ann still owes 1,00\u00a0€; clears Cy's +9,00\u00a0€"
    assert (lines[0].payer_before, lines[0].payer_after, lines[0].payee_before, lines[0].payee_after) == (
        -1000, -100, 900, 0)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("balances", "options", "message"),
    [
        ({"Ann": -1000, "Bob": 1300}, {}, r"the balances do not sum to zero: they total \+3\.00 \(300 cents\)"),
        ({"Ann": -1300, "Bob": 1000}, {}, "they total \u22123.00"),
        ({"Ann": -12.5, "Bob": 12.5}, {}, "the balance of Ann is -12.5, not a whole number of cents"),
        ({"Ann": True, "Bob": -1}, {}, "not a whole number of cents"),
        ({"": -1, "Bob": 1}, {}, "bad player name ''"),
        (NIGHT, {"method": "fast"}, "unknown settlement method 'fast'"),
        (NIGHT, {"banker": " "}, "bad banker name"),
        (NIGHT, {"forbidden": [("Ann", "Zed")]}, "forbidden pair Ann\u2013Zed names 'Zed', who has no balance"),
        (NIGHT, {"preferred": [("Ann", "Ann")]}, "bad preferred pair"),
        (NIGHT, {"preferred": ["AB"]}, "bad preferred pair 'AB'"),
        (NIGHT, {"preferred": [("Ann", "Cy")], "forbidden": [("Cy", "Ann")]},
         "the pair Ann\u2013Cy is both preferred and forbidden"),
    ],
)
def test_bad_input_is_one_line_with_a_hint(balances: dict[str, int], options: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message) as err:
        settle(balances, **options)  # type: ignore[arg-type]
    assert "\n" not in str(err.value) and err.value.hint


def test_unbalanced_hint() -> None:
    with pytest.raises(InputError) as err:
        settle({"Ann": -1000, "Bob": 1300})
    # the hint names the fix in the words of referee/report/words.py: the night is short (or over)
    assert err.value.hint is not None and "book the difference to someone (what the night is short or over)" \
        in err.value.hint

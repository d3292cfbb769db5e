"""Properties of the hand orders (hypothesis): total and consistent, and a wild card never hurts.

"Never hurts" holds exactly when natural does not beat wild (``natural_beats_wild=False``): then a
wild card may play as the card it replaced, so the hand can only get better.  With the option on,
the identical hand made with a wild is lower *by design* (seed-001), so there the property is
stated on the poker hand alone — category and ranks, ignoring the natural-beats-wild step.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import JOKER_1, Card, card, standard_deck
from referee.ranking.brag import BragRules, BragValue, evaluate_brag
from referee.ranking.poker import HandValue, WildRules, evaluate

DECK = standard_deck()
#: Natural cards when aces are the wild rank.
NO_ACES = [c for c in DECK if c.rank != 14]
NO_DEUCES = [c for c in DECK if c.rank != 2]

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
three_cards = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)
wild_rules = st.builds(
    WildRules,
    jokers=st.just(True),
    rank=st.sampled_from([None, 14]),
    may_duplicate=st.booleans(),
    natural_beats_wild=st.booleans(),
    five_of_a_kind=st.booleans(),
)


def _check_total_order(a: object, b: object, c: object) -> None:
    """Exactly one of <, ==, > between each pair; antisymmetric; transitive; == agrees with hash."""
    for x, y in ((a, b), (b, c), (a, c)):
        assert [x < y, x == y, x > y].count(True) == 1
        assert (x <= y) == (x < y or x == y) and (x >= y) == (x > y or x == y)
        assert (x < y) == (y > x) and (x == y) == (y == x)
        if x == y:
            assert hash(x) == hash(y)
    if a <= b and b <= c:  # type: ignore[operator]
        assert a <= c  # type: ignore[operator]
    if a < b and b < c:  # type: ignore[operator]
        assert a < c  # type: ignore[operator]
    assert sorted([a, b, c]) == sorted([c, b, a])  # type: ignore[type-var]


@given(five_cards, five_cards, five_cards)
def test_poker_order_is_total_and_consistent(a: list[Card], b: list[Card], c: list[Card]) -> None:
    """One total order for "best hand wins" and "lowest hand pays"."""
    _check_total_order(evaluate(a), evaluate(b), evaluate(c))


@given(five_cards, five_cards, five_cards, wild_rules, st.sampled_from(["none", "laviuda"]))
def test_wild_poker_order_is_total_and_consistent(
    a: list[Card], b: list[Card], c: list[Card], rules: WildRules, tiebreak: str
) -> None:
    """The same with wild cards (aces wild or not) and La Viuda's tie-break."""
    values = [evaluate(h, wild=rules, tiebreak=tiebreak) for h in (a, b, c)]  # type: ignore[arg-type]
    _check_total_order(*values)


@given(three_cards, three_cards, three_cards, st.sampled_from(["none", "deuces", "braggers_AD_JC_9D"]))
def test_brag_order_is_total_and_consistent(a: list[Card], b: list[Card], c: list[Card], wild: str) -> None:
    """Brag's order is total, with or without wild cards."""
    rules = BragRules(wild=wild)
    _check_total_order(*(evaluate_brag(h, rules) for h in (a, b, c)))


def _poker_hand(value: HandValue) -> tuple:
    """Category and ranks: the poker hand itself, without the natural-beats-wild step."""
    return value.category, value.ranks


@given(
    st.lists(st.sampled_from(NO_ACES), min_size=5, max_size=5, unique=True),
    st.integers(0, 4),
    st.sampled_from([JOKER_1, card("As")]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
@settings(max_examples=300)
def test_a_wild_card_never_lowers_a_poker_hand(
    hand: list[Card], at: int, wild: Card, may_duplicate: bool, five_kind: bool, wheel: bool
) -> None:
    """Replacing any card by a wild (a joker, or an ace when aces are wild) never lowers the hand:
    with natural_beats_wild=False on the whole order; with it, on the poker hand (category, ranks)."""
    replaced = hand[:at] + [wild] + hand[at + 1 :]
    plain = WildRules(rank=14, may_duplicate=may_duplicate, five_of_a_kind=five_kind)
    assert evaluate(replaced, wild=plain, wheel=wheel) >= evaluate(hand, wild=plain, wheel=wheel)
    strict = WildRules(rank=14, may_duplicate=may_duplicate, five_of_a_kind=five_kind, natural_beats_wild=True)
    with_wild = evaluate(replaced, wild=strict, wheel=wheel)
    natural = evaluate(hand, wild=strict, wheel=wheel)
    assert _poker_hand(with_wild) >= _poker_hand(natural)
    if _poker_hand(with_wild) == _poker_hand(natural):
        assert with_wild < natural  # natural beats wild, by design


@given(
    st.lists(st.sampled_from(NO_DEUCES), min_size=3, max_size=3, unique=True),
    st.integers(0, 2),
    st.sampled_from([card(t) for t in ("2c", "2d", "2h", "2s")]),
    st.sampled_from([3, 7, 9, None]),
)
def test_a_wild_card_never_lowers_a_brag_hand(hand: list[Card], at: int, deuce: Card, top: int | None) -> None:
    """Deuces wild: replacing a card by a deuce never lowers the hand (natural_beats_wild=no); with
    natural beats wild, never lowers the combination itself (category and values)."""
    replaced = hand[:at] + [deuce] + hand[at + 1 :]
    plain = BragRules(top_prial=top, wild="deuces", natural_beats_wild=False)
    assert evaluate_brag(replaced, plain) >= evaluate_brag(hand, plain)
    strict = BragRules(top_prial=top, wild="deuces", natural_beats_wild=True)
    with_wild: BragValue = evaluate_brag(replaced, strict)
    natural: BragValue = evaluate_brag(hand, strict)
    assert (with_wild.category, with_wild.values) >= (natural.category, natural.values)


@given(five_cards)
def test_natural_hand_same_with_or_without_wild_rules(hand: list[Card]) -> None:
    """A hand with no wild card in it has the same value whether or not wild rules are given."""
    if any(c.rank == 14 for c in hand):
        return
    assert evaluate(hand, wild=WildRules(rank=14)) == evaluate(hand)
    assert evaluate(hand, wild=WildRules(rank=14)).cards == evaluate(hand).cards == tuple(hand)

"""Five-card poker ranking: categories, names, wheel, wild cards (La Viuda), tie-break, stud, openers.

Each rule test quotes the situation it covers (RULES.md or the seed).  The wild-card solver is
checked against a brute-force reference that tries every card for every wild; the natural order
against treys on every one of the 7,462 hand classes and on 100,000 random hands.
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement, product

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from referee.cards import JOKER_1, JOKER_2, UNKNOWN, Card, card, cards, deck_with_jokers, standard_deck
from referee.errors import CardError, InputError, RulebookError
from referee.ranking.poker import Category, HandValue, WildRules, best_hand, evaluate, opens, showing_value

LAVIUDA = WildRules(jokers=True, rank=14)  # first deal: one chip in the pool, aces wild


def ev(text: str, **options: object) -> HandValue:
    return evaluate(cards(text), **options)  # type: ignore[arg-type]


# ---------------------------------------------------------------- a reference evaluator


def reference(ranks: list[int], suits: list[str], *, wheel: bool = True, five_kind: bool = True) -> tuple | None:
    """Category and significant ranks of five (rank, suit) cards, written plainly for the tests.

    Duplicated cards are allowed (a wild may repeat a card); a flush needs five different ranks.
    None when the cards make five of a kind but five of a kind is not a hand.
    """
    counts = {r: ranks.count(r) for r in set(ranks)}
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    distinct = len(counts) == 5
    flush = distinct and len(set(suits)) == 1
    desc = sorted(ranks, reverse=True)
    top = 0
    if distinct and desc[0] - desc[4] == 4:
        top = desc[0]
    elif distinct and wheel and desc == [14, 5, 4, 3, 2]:
        top = 5
    if pattern == [5]:
        return (Category.FIVE_OF_A_KIND, (desc[0],)) if five_kind else None
    if top and flush:
        return Category.STRAIGHT_FLUSH, (top,)
    if pattern == [4, 1]:
        return Category.FOUR_OF_A_KIND, tuple(order)
    if pattern == [3, 2]:
        return Category.FULL_HOUSE, tuple(order)
    if flush:
        return Category.FLUSH, tuple(desc)
    if top:
        return Category.STRAIGHT, (top,)
    if pattern == [3, 1, 1]:
        return Category.THREE_OF_A_KIND, tuple(order)
    if pattern == [2, 2, 1]:
        return Category.TWO_PAIR, tuple(order)
    if pattern == [2, 1, 1, 1]:
        return Category.PAIR, tuple(order)
    return Category.HIGH_CARD, tuple(desc)


def brute_force(hand: list[Card], rules: WildRules, *, wheel: bool = True) -> tuple:
    """Best (category, ranks) by trying every card of the pack for every wild card."""
    wild = [c for c in hand if rules.is_wild(c)]
    naturals = [c for c in hand if not rules.is_wild(c)]
    best = None
    for play in combinations_with_replacement(standard_deck(), len(wild)):
        five = naturals + list(play)
        if not rules.may_duplicate and len(set(five)) < 5:
            continue
        value = reference([c.rank for c in five], [c.suit for c in five], wheel=wheel,
                          five_kind=rules.five_of_a_kind)
        if value is not None and (best is None or value > best):
            best = value
    assert best is not None
    return best


def summary(value: HandValue) -> tuple:
    return value.category, value.ranks


# ---------------------------------------------------------------- categories and names


def test_every_category_in_order() -> None:
    """RULES §0: "Five-card ranking = standard high poker (seed-002 'standard combinations')" —
    high card < pair < two pair < three of a kind < straight < flush < full house < four of a kind
    < straight flush, and with wild cards five of a kind above them all."""
    ladder = [
        ev("Ah Qd 9c 7s 4h"),
        ev("2h 2d 5c 7s 9h"),
        ev("3h 3d 2c 2s 4h"),
        ev("2h 2d 2c 7s 9h"),
        ev("5h 4d 3c 2s Ah"),
        ev("2h 4h 5h 7h 9h"),
        ev("2h 2d 2c 3s 3h"),
        ev("2h 2d 2c 2s 3h"),
        ev("5h 4h 3h 2h Ah"),
        evaluate(cards("Jk1 Jk2 2h 2d 2c"), wild=WildRules()),
    ]
    assert [v.category for v in ladder] == list(Category)
    assert ladder == sorted(ladder)
    assert all(a < b for a, b in zip(ladder, ladder[1:]))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Js Jh 5c 5d Ks", "two pair, jacks and fives"),
        ("As Ks Qs Js Ts", "royal flush"),
        ("9d 8d 7d 6d 5d", "straight flush, nine high"),
        ("Kc Kd Kh Ks 2c", "four of a kind, kings"),
        ("Kc Kd Kh 7s 7d", "full house, kings full of sevens"),
        ("Ah Kh 9h 7h 5h", "flush, ace-king-nine-seven-five"),
        ("5s 4h 3c 2d As", "straight, five high"),
        ("6c 6d 6h Ks 2d", "three of a kind, sixes"),
        ("Qc Qd 9h 7s 2d", "pair of queens"),
        ("Ah Qd 9c 7s 4h", "high card, ace-queen-nine-seven-four"),
    ],
)
def test_names_in_plain_english(text: str, name: str) -> None:
    """Names say the hand as players do: "two pair, jacks and fives"."""
    assert ev(text).name == name


def test_five_of_a_kind_name() -> None:
    """RULES §5 rule 2: "jokers are always wild" — four aces and a joker are five aces."""
    value = evaluate(cards("As Ah Ad Ac Jk1"), wild=WildRules())
    assert value.name == "five of a kind, aces"
    assert value.uses_wild


def test_ties_and_kickers() -> None:
    """Standard high poker: equal hands tie (suits never rank), kickers decide otherwise."""
    assert ev("Js Jh 5c 5d Ks") == ev("Jc Jd 5h 5s Kh")
    assert hash(ev("Js Jh 5c 5d Ks")) == hash(ev("Jc Jd 5h 5s Kh"))
    assert ev("Js Jh 5c 5d Ks") > ev("Jc Jd 5h 5s Qh")
    assert ev("Js Jh 5c 5d 2s") > ev("Tc Td 9h 9s Ah")
    assert ev("Ah Kd 9c 7s 4h") > ev("Ad Kc 9h 7d 3s")
    assert ev("Kh Kd Kc 2s 2h") > ev("Qh Qd Qc As Ah")


def test_wheel_allowed() -> None:
    """RULES §0: "common.wheel = allowed | forbidden — A-2-3-4-5 straight in 5-card games": allowed,
    it is the lowest straight."""
    wheel = ev("5s 4h 3c 2d As")
    assert wheel.category is Category.STRAIGHT
    assert wheel < ev("6s 5h 4c 3d 2s")
    assert wheel > ev("Ah Ad Ac 7s 2h")


def test_wheel_forbidden() -> None:
    """RULES §0: "common.wheel = … forbidden": A-2-3-4-5 is then ace high, not a straight."""
    value = ev("5s 4h 3c 2d As", wheel=False)
    assert value.category is Category.HIGH_CARD
    assert value.name == "high card, ace-five-four-three-two"
    assert ev("5h 4h 3h 2h Ah", wheel=False).category is Category.FLUSH
    assert ev("9s 8h 7c 6d 5s", wheel=False).category is Category.STRAIGHT


def test_no_wrap_around_straight() -> None:
    """Standard ranking: Q-K-A-2-3 is not a straight."""
    assert ev("Qs Kh Ac 2d 3s").category is Category.HIGH_CARD


# ---------------------------------------------------------------- wild cards (La Viuda)


def test_jokers_are_wild_and_aces_on_the_first_deal() -> None:
    """RULES §5 rule 2: "jokers are always wild. In addition the rank named by the number of chips
    in the pool is wild: 1 → Aces (so the first deal has Aces wild)"."""
    value = evaluate(cards("Jk1 As Kd Kc 7h"), wild=LAVIUDA)
    assert value.name == "four of a kind, kings"
    assert value.used == tuple(cards("Jk1 As Kd Kc 7h"))
    assert [c.rank for c in value.cards].count(13) == 4


def test_wild_rank_changes_with_the_pool() -> None:
    """RULES §5 rule 4: "the worst hand pays 1 chip to the pool (pool 1 → 2, so twos are wild next deal)"."""
    hand = cards("2s 2h Kd Kc 7h")
    assert evaluate(hand, wild=WildRules(rank=14)).name == "two pair, kings and twos"
    assert evaluate(hand, wild=WildRules(rank=2)).name == "four of a kind, kings"


def test_joker_without_wild_rules_is_an_error() -> None:
    """RULES §4 rule 6: Whisky Poker has "no wild cards" — a joker in such a hand is a misread card."""
    with pytest.raises(CardError, match="joker"):
        ev("Jk1 As Kd Kc 7h")
    with pytest.raises(CardError, match="joker"):
        evaluate(cards("Jk1 As Kd Kc 7h"), wild=WildRules(jokers=False, rank=2))


def test_wild_may_duplicate_gives_five_of_a_kind() -> None:
    """RULES §5 option `laviuda.wild_use = any_card`: a wild may stand for any card, even one
    already held — four kings and a joker are five kings."""
    value = evaluate(cards("Jk1 Kh Kd Kc Ks"), wild=WildRules(may_duplicate=True))
    assert value.name == "five of a kind, kings"


def test_wild_no_duplicate_card_in_hand() -> None:
    """RULES §5 option `laviuda.wild_use = no_duplicate_card_in_hand` — widow-app: "a wild may be
    any rank/suit not already in the hand (rules out duplicates)": four kings and a joker are
    four kings with an ace."""
    rules = WildRules(may_duplicate=False)
    value = evaluate(cards("Jk1 Kh Kd Kc Ks"), wild=rules)
    assert value.category is Category.FOUR_OF_A_KIND
    assert value.ranks == (13, 14)
    assert len(set(value.cards)) == 5
    # All five wild: the best hand without a repeated card is a royal flush.
    assert evaluate(cards("Jk1 Jk2 As Ah Ad"), wild=WildRules(rank=14, may_duplicate=False)).name == "royal flush"


def test_five_of_a_kind_can_be_switched_off() -> None:
    """RULES §10 item 9: "wild-card semantics (five of a kind? …) … are unstated" — without five
    of a kind, four aces and a joker are four aces with a king."""
    value = evaluate(cards("Jk1 As Ah Ad Ac"), wild=WildRules(five_of_a_kind=False))
    assert (value.category, value.ranks) == (Category.FOUR_OF_A_KIND, (14, 13))


def test_wild_in_a_flush_is_the_highest_missing_card() -> None:
    """Standard practice (the "double-ace flush" is a rare house rule): A-wild-9-5-2 of one suit
    plays as A-K-9-5-2 and loses to A-K-Q-10-8."""
    wild_flush = evaluate(cards("Ah Jk1 9h 5h 2h"), wild=WildRules())
    assert wild_flush.name == "flush, ace-king-nine-five-two"
    assert wild_flush < evaluate(cards("Ad Kd Qd Td 8d"), wild=WildRules())
    assert card("Kh") in wild_flush.cards


def test_wild_completes_straights_and_straight_flushes() -> None:
    """A wild counts as the card it represents, the best one: 7-6-5-4 and a joker is an eight-high
    straight (of one suit, a straight flush); A-2-3-4 and a joker is the wheel (only with
    `common.wheel = allowed`); 2-3-4-5 and a joker is six high, not the wheel."""
    rules = WildRules()
    assert evaluate(cards("Jk1 7s 6s 5h 4s"), wild=rules).name == "straight, eight high"
    assert evaluate(cards("Jk1 7s 6s 5s 4s"), wild=rules).name == "straight flush, eight high"
    assert evaluate(cards("Jk1 As 2h 3c 4d"), wild=rules).name == "straight, five high"
    assert evaluate(cards("Jk1 2h 3c 4d 5s"), wild=rules).name == "straight, six high"
    assert evaluate(cards("Jk1 As 2h 3c 4d"), wild=rules, wheel=False).name == "pair of aces"


def test_natural_beats_wild_option() -> None:
    """RULES §5 option `laviuda.natural_beats_wild = no | yes` — "yes would import the Brag rule of
    seed-001": "a pair with a wild card loses to the same pair of natural cards even if its odd
    card is higher"."""
    wild_pair = cards("Jk1 Kh Qd 7c 2s")  # kings with Q-7-2
    natural_pair = cards("Kc Ks 9h 5d 3c")  # kings with 9-5-3
    yes = WildRules(natural_beats_wild=True)
    no = WildRules(natural_beats_wild=False)
    assert evaluate(natural_pair, wild=yes) > evaluate(wild_pair, wild=yes)
    assert evaluate(natural_pair, wild=no) < evaluate(wild_pair, wild=no)
    # A better combination still wins: wild trips beat natural two pair.
    assert evaluate(cards("Jk1 Kh Kd 7c 2s"), wild=yes) > evaluate(cards("Ac As Qh Qd 3c"), wild=yes)
    # Equal natural hands stay equal.
    assert evaluate(natural_pair, wild=yes) == evaluate(cards("Kd Kh 9c 5s 3d"), wild=yes)


@pytest.mark.parametrize("seed", range(4))
def test_one_wild_matches_brute_force(seed: int) -> None:
    """The direct solver agrees with trying all 52 cards for the wild, for every rule set."""
    rng = random.Random(seed)
    deck = standard_deck()
    for rules in (WildRules(), WildRules(may_duplicate=False), WildRules(five_of_a_kind=False)):
        for _ in range(60):
            hand = [JOKER_1, *rng.sample(deck, 4)]
            for wheel in (True, False):
                value = evaluate(hand, wild=rules, wheel=wheel)
                assert summary(value) == brute_force(hand, rules, wheel=wheel), hand


def test_two_and_three_wilds_match_brute_force() -> None:
    """Two and three wild cards (jokers and wild aces) agree with trying every card for each."""
    rng = random.Random(7)
    naturals = [c for c in standard_deck() if c.rank != 14]
    wilds = [JOKER_1, JOKER_2, card("As"), card("Ah")]
    for rules in (WildRules(rank=14), WildRules(rank=14, may_duplicate=False)):
        for k, count in ((2, 30), (3, 3)):
            for _ in range(count):
                hand = rng.sample(wilds, k) + rng.sample(naturals, 5 - k)
                assert summary(evaluate(hand, wild=rules)) == brute_force(hand, rules), hand


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_wilds_play_as_real_cards(k: int) -> None:
    """`.cards` shows each wild as the card it plays as: the played cards, ranked with nothing wild,
    make exactly the hand's value, and repeat a card only for five of a kind."""
    rng = random.Random(k)
    pool = [c for c in deck_with_jokers() if c.rank != 14]
    wilds = [JOKER_1, JOKER_2, card("As"), card("Ah"), card("Ad"), card("Ac")]
    for rules in (WildRules(rank=14), WildRules(rank=14, may_duplicate=False)):
        for _ in range(40):
            hand = rng.sample(wilds, k) + rng.sample([c for c in pool if not c.is_joker], 5 - k)
            value = evaluate(hand, wild=rules)
            played = value.cards
            assert value.used == tuple(hand)
            assert [p for p, h in zip(played, hand) if not rules.is_wild(h)] == [
                h for h in hand if not rules.is_wild(h)
            ]
            assert not any(c.is_joker for c in played)
            expected = reference([c.rank for c in played], [c.suit for c in played])
            assert expected == summary(value), (hand, played)
            if value.category is not Category.FIVE_OF_A_KIND:
                assert len(set(played)) == 5


# ---------------------------------------------------------------- La Viuda tie-break


def test_laviuda_tie_break_by_highest_card_then_suit() -> None:
    """RULES §5 rule 8: "Tie for worst (e.g. two × 7-7-4-4-K): … compare the highest card in each
    hand ignoring wild cards; the lower one loses; equal ranks are ordered by suit hearts >
    diamonds > clubs > spades"."""
    rules = WildRules(rank=2)
    hearts_king = evaluate(cards("7h 7d 4s 4c Kh"), wild=rules, tiebreak="laviuda")
    spades_king = evaluate(cards("7s 7c 4h 4d Ks"), wild=rules, tiebreak="laviuda")
    assert spades_king < hearts_king
    assert min(hearts_king, spades_king) is spades_king
    order = [evaluate(cards(f"7h 7d 4s 4c K{s}"), wild=rules, tiebreak="laviuda") for s in "hdcs"]
    assert order == sorted(order, reverse=True)
    assert len(set(order)) == 4


def test_laviuda_tie_break_compares_rank_before_suit() -> None:
    """RULES §10 item 9: "tie-break says 'highest card' and a suit order but not whether ranks
    compare first (we do rank, then suit)" — an ace of spades beats a king of hearts."""
    rules = WildRules(rank=2)
    ace_spades = evaluate(cards("As Ks 9c 7d 4h"), wild=rules, tiebreak="laviuda")
    ace_hearts = evaluate(cards("Ah Kh 9d 7c 4s"), wild=rules, tiebreak="laviuda")
    assert ace_hearts > ace_spades
    king_high = evaluate(cards("Kh Qh 9d 7c 4s"), wild=rules, tiebreak="laviuda")
    assert king_high < ace_spades


def test_laviuda_tie_break_ignores_wild_cards() -> None:
    """RULES §5 rule 8: "the highest card in each hand ignoring wild cards" — a joker or a card of
    the wild rank does not count, even when it plays high."""
    rules = WildRules(rank=2)
    # Both are king-high straights; the first uses the wild two as the ten.
    with_wild = evaluate(cards("Kh Qd Jc 2s 9s"), wild=rules, tiebreak="laviuda")
    natural = evaluate(cards("Kd Qc Js Th 9h"), wild=rules, tiebreak="laviuda")
    assert with_wild.name == natural.name == "straight, king high"
    assert with_wild > natural  # K♥ beats K♦; the wild two is ignored
    # A joker playing an ace is not "the highest card": the queen of hearts counts.
    joker_hand = evaluate(cards("Jk1 Qh Qd 5c 3s"), wild=rules, tiebreak="laviuda")
    other = evaluate(cards("Qs Qc Ah 5d 3h"), wild=rules, tiebreak="laviuda")
    assert joker_hand.category is Category.THREE_OF_A_KIND and other.category is Category.PAIR
    assert joker_hand > other


def test_tie_break_is_none_by_default() -> None:
    """Without the La Viuda tie-break, equal poker hands are equal (`laviuda.tie_lowest = all_tied_pay`)."""
    rules = WildRules(rank=2)
    assert evaluate(cards("7h 7d 4s 4c Kh"), wild=rules) == evaluate(cards("7s 7c 4h 4d Ks"), wild=rules)
    with pytest.raises(InputError, match="tie-break"):
        evaluate(cards("7h 7d 4s 4c Kh"), tiebreak="suits")  # type: ignore[arg-type]


# ---------------------------------------------------------------- bad input


def test_bad_hands_are_refused_with_clear_errors() -> None:
    """Every bad hand is a RefereeError saying what is wrong."""
    with pytest.raises(InputError, match="five cards, not 4"):
        ev("As Kd Qc Jh")
    with pytest.raises(InputError, match="five cards, not 6"):
        ev("As Kd Qc Jh Th 9s")
    with pytest.raises(CardError, match="twice: As"):
        ev("As Kd Qc As Th")
    with pytest.raises(CardError, match="twice: Ks"):
        ev("Ks Kd 2c Ks 3h")  # a pair of the same card
    with pytest.raises(CardError, match="twice: 9h"):
        ev("9h 7h 5h 3h 9h")  # "flush" with a card twice
    with pytest.raises(CardError, match="card 3 is '\\?\\?'"):
        evaluate([card("As"), card("Kd"), UNKNOWN, card("Jh"), card("Th")])
    with pytest.raises(InputError, match="not a card"):
        evaluate(["As", "Kd", "Qc", "Jh", "Th"])  # type: ignore[list-item]
    with pytest.raises(RulebookError, match="wild rank"):
        WildRules(rank=1)
    with pytest.raises(InputError):
        best_hand(cards("As Kd Qc Jh"))


# ---------------------------------------------------------------- best of more than five


def test_best_five_of_seven() -> None:
    """Best five of more than five cards: the flush is found among seven."""
    value = best_hand(cards("2h 7h Kd Kc 9h Jh 3h"))
    assert value.name == "flush, jack-nine-seven-three-two"
    assert set(value.cards) <= set(cards("2h 7h Kd Kc 9h Jh 3h"))
    assert best_hand(cards("As Kd Qc Jh 9s")) == ev("As Kd Qc Jh 9s")


def test_best_hand_with_a_wild_among_seven() -> None:
    """Best five of seven with a joker: the joker joins the aces; `.used` shows the physical five."""
    value = best_hand(cards("Ah Ad 7c 4s 2d Jk1 9c"), wild=WildRules())
    assert value.name == "three of a kind, aces"
    assert value.uses_wild
    assert JOKER_1 in value.used and JOKER_1 not in value.cards
    assert set(value.used) <= set(cards("Ah Ad 7c 4s 2d Jk1 9c"))


# ---------------------------------------------------------------- five-card stud showing hands


def test_stud_showing_hands() -> None:
    """RULES §3 option `stud.later_rounds = best_showing_combination` — "pairs/trips/two pair/quads
    count; no straights/flushes on < 5 cards"."""
    four_suited = showing_value(cards("9h 8h 7h 6h"))
    assert four_suited.category is Category.HIGH_CARD
    assert showing_value(cards("2c 2d 3s 4h")) > four_suited
    assert showing_value(cards("2c 2d 3s 3h")) > showing_value(cards("Ac Ad Ks Qh"))
    assert showing_value(cards("5c 5d 5s 2h")) > showing_value(cards("Ac Ad Ks Kh"))
    assert showing_value(cards("5c 5d 5s 5h")).name == "four of a kind, fives"
    assert showing_value(cards("Ah")) > showing_value(cards("Kh"))
    assert showing_value(cards("Ah")) == showing_value(cards("As"))
    assert showing_value(cards("Kh Kd")).name == "pair of kings"
    assert showing_value(cards("Ah 9d")) > showing_value(cards("Ah 8d"))
    assert showing_value(cards("9h 8h 7h 6h 5h")).category is Category.STRAIGHT_FLUSH
    with pytest.raises(InputError):
        showing_value([])
    with pytest.raises(CardError, match="joker"):
        showing_value(cards("Jk1 As"))


# ---------------------------------------------------------------- Jackpots openers


@pytest.mark.parametrize(
    ("text", "minimum", "expected"),
    [
        ("Jh Jd", "JJ", True),
        ("Th Td", "JJ", False),
        ("Jh Jd 7c 4s 2d", "JJ", True),
        ("Th Td 7c 4s 2d", "JJ", False),
        ("3h 3d 2c 2s", "JJ", True),
        ("4h 4d 4c", "JJ", True),
        ("9h 8d 7c 6s 5d", "JJ", True),
        ("2h 7h 9h Jh Kh", "JJ", True),
        ("Ah Kd Qc Js 9d", "JJ", False),
        ("Qh Qd", "QQ", True),
        ("Jh Jd", "QQ", False),
        ("Kh Kd 5c", "KK", True),
        ("Qh Qd 5c", "KK", False),
        ("Ah Ad", "AA", True),
        ("Kh Kd", "aa", False),
    ],
)
def test_openers(text: str, minimum: str, expected: bool) -> None:
    """RULES §2 rule 1: "Nobody may make the first bet without a pair of jacks or better (JJ, QQ, KK,
    AA, two pair, trips, …)"; option `jackpots.min_open = JJ | progressive_QQ_KK_AA`."""
    assert opens(cards(text), minimum) is expected


def test_openers_bad_input() -> None:
    """A minimum must be a pair; openers are 2 to 5 seen cards."""
    with pytest.raises(RulebookError, match="pair like 'JJ'"):
        opens(cards("Jh Jd"), "J")
    with pytest.raises(InputError, match="2 to 5"):
        opens(cards("Jh"))
    with pytest.raises(CardError, match="'\\?\\?'"):
        opens([card("Jh"), UNKNOWN])


# ---------------------------------------------------------------- agreement with treys


def _treys_rank(hand: list[Card], evaluator: Evaluator) -> int:
    return evaluator.evaluate([TreysCard.new(c.text) for c in hand], [])


def _check_same_order(hands: list[list[Card]]) -> None:
    evaluator = Evaluator()
    treys_of_key: dict[int, int] = {}
    for hand in hands:
        key = evaluate(hand).key
        rank = _treys_rank(hand, evaluator)
        assert treys_of_key.setdefault(key, rank) == rank, hand  # equal for us → equal for treys
    keys = sorted(treys_of_key)
    ranks = [treys_of_key[k] for k in keys]
    assert len(set(ranks)) == len(ranks)  # different for us → different for treys
    assert ranks == sorted(ranks, reverse=True)  # treys: lower is better


def test_every_hand_class_agrees_with_treys() -> None:
    """One hand of each of the 7,462 distinct five-card hands, ordered exactly as treys orders them."""
    suits = "cdhs"
    hands: list[list[Card]] = []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        counts = {r: ranks.count(r) for r in ranks}
        if max(counts.values()) == 5:
            continue
        hand = [card("23456789TJQKA"[r - 2] + suits[i]) for r in counts for i in range(counts[r])]
        if len(counts) == 5:  # also the flush of the same ranks
            hands.append([card("23456789TJQKA"[r - 2] + "h") for r in ranks])
            hand[0] = card(hand[0].text[0] + "s")
            hand[1] = card(hand[1].text[0] + "d")
        hands.append(hand)
    assert len(hands) == 7462
    _check_same_order(hands)


@pytest.mark.slow
def test_random_hands_agree_with_treys() -> None:
    """On 100,000 random natural hands (fixed seed) the order agrees with treys."""
    rng = random.Random(20240)
    deck = standard_deck()
    _check_same_order([rng.sample(deck, 5) for _ in range(100_000)])


def test_every_rank_pattern_of_the_solver_is_covered() -> None:
    """All 2–5-wild structures evaluate (the solver never falls through), for every rule set."""
    deck = [c for c in standard_deck() if c.rank != 14]
    rng = random.Random(3)
    for may_duplicate, five_kind, wheel in product((True, False), repeat=3):
        rules = WildRules(rank=14, may_duplicate=may_duplicate, five_of_a_kind=five_kind)
        for k in range(1, 6):
            for naturals in combinations(rng.sample(deck, 8), 5 - k):
                wild = [JOKER_1, JOKER_2, card("As"), card("Ah"), card("Ad")][:k]
                value = evaluate([*wild, *naturals], wild=rules, wheel=wheel)
                assert value.uses_wild

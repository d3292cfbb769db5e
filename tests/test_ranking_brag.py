"""Three-card Brag ranking (seed-001; RULES §6–§9): categories, A-2-3, special prials, wild cards.

Each rule test quotes the situation it covers.  Wild hands are checked against a brute force that
tries every card of the pack for every wild card.
"""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from referee.cards import JOKER_1, UNKNOWN, Card, card, cards, standard_deck
from referee.errors import CardError, InputError, RulebookError
from referee.ranking.brag import WILD_SETS, BragCategory, BragRules, BragValue, best_brag, evaluate_brag


def bv(text: str, rules: BragRules = BragRules()) -> BragValue:
    return evaluate_brag(cards(text), rules)


def test_categories_high_to_low() -> None:
    """RULES §6 rule 2: "Hand ranks, high → low: prial (three of a rank) > running flush > run >
    flush > pair > high card"."""
    ladder = [bv("Ah Qd 9c"), bv("2h 2d 5c"), bv("2h 5h 9h"), bv("2h 3d 4c"), bv("2h 3h 4h"), bv("2h 2d 2c")]
    assert [v.category for v in ladder] == list(BragCategory)
    assert all(a < b for a, b in zip(ladder, ladder[1:]))
    # The lowest of each class still beats the highest of the class below.
    assert bv("2h 2d 2c") > bv("Ah Kh Qh")
    assert bv("4h 3h 2h") > bv("Ah Kd Qc")
    assert bv("4h 3d 2c") > bv("Ah Kh Jh")
    assert bv("5h 3h 2h") > bv("Ah Ad Kc")
    assert bv("2h 2d 3c") > bv("Ah Kd Jc")


def test_ace_two_three_is_the_highest_run() -> None:
    """RULES §6 rule 2: "Aces high, but A may be low to form 3-2-A, which is the highest run /
    running flush and beats A-K-Q"."""
    assert bv("3s 2h Ad") > bv("As Kh Qd")
    assert bv("3h 2h Ah") > bv("Ah Kh Qh".replace("h", "s"))
    assert bv("3s 2h Ad").name == "run, ace-two-three"
    assert bv("As Kh Qd") > bv("Ks Qh Jd") > bv("4s 3h 2d")
    assert bv("Ah 2h 3h").name == "running flush, ace-two-three"


def test_runs_do_not_wrap() -> None:
    """RULES §6 option `brag.runs_wrap = no` — pagat-brag: "2-A-K is not a valid run"."""
    value = bv("2s Ah Kd")
    assert value.category is BragCategory.HIGH_CARD
    assert bv("2h Ah Kh").category is BragCategory.FLUSH


def test_three_threes_beat_three_aces() -> None:
    """RULES §6 rule 2: "Among prials a special prial 'varying between games (e.g. three threes)'
    beats A-A-A"; option `brag.top_prial = 333`."""
    assert bv("3s 3h 3d") > bv("As Ah Ad") > bv("Ks Kh Kd")
    assert bv("4s 4h 4d") < bv("As Ah Ad")


def test_plain_prial_order_option() -> None:
    """RULES §6 option `brag.top_prial = … | AAA` (plain order, Teen Patti): 3-3-3 ranks normally."""
    rules = BragRules(top_prial=None)
    assert bv("As Ah Ad", rules) > bv("3s 3h 3d", rules) > bv("2s 2h 2d", rules)


def test_seven_card_brag_top_prial() -> None:
    """RULES §7: "top prial is 7-7-7, then A-A-A; 3-3-3 ranks normally (below 4-4-4, above 2-2-2)"."""
    rules = BragRules(top_prial=7)
    assert bv("7s 7h 7d", rules) > bv("As Ah Ad", rules) > bv("Ks Kh Kd", rules)
    assert bv("2s 2h 2d", rules) < bv("3s 3h 3d", rules) < bv("4s 4h 4d", rules)


def test_nine_card_brag_top_prial() -> None:
    """RULES §8: "Top prial 9-9-9, then A-A-A; 3-3-3 normal"."""
    rules = BragRules(top_prial=9)
    assert bv("9s 9h 9d", rules) > bv("As Ah Ad", rules)
    assert bv("3s 3h 3d", rules) < bv("4s 4h 4d", rules)


def test_same_class_higher_cards_win() -> None:
    """RULES §6 rule 2: "Same rank class: prials, running flushes, flushes, high cards → higher cards
    win; pairs → higher pair, then higher odd card"."""
    assert bv("Kh 9h 2h") > bv("Qs Js 9s")
    assert bv("Kh 9h 3h") > bv("Ks 9s 2s")
    assert bv("Ah 9d 3c") > bv("Ks Qh 9d")
    assert bv("Ah 9d 4c") > bv("As 9h 3d")
    assert bv("9h 9d 2c") > bv("8s 8c As")
    assert bv("9h 9d Ac") > bv("9s 9c Kd")
    assert bv("9h 9d 5c") == bv("9s 9c 5d")
    assert bv("Ah 9d 4c") == bv("As 9h 4d")  # suits never rank: "no order of suits"


def test_names() -> None:
    """Names say the hand as players do."""
    assert bv("3s 3h 3d").name == "prial of threes"
    assert bv("Qh Jh Th").name == "running flush, queen-jack-ten"
    assert bv("9h 9d Ac").name == "pair of nines, ace odd"
    assert bv("Kh 9h 2h").name == "flush, king-nine-two"
    assert bv("Ah 9d 4c").name == "high card, ace-nine-four"


# ---------------------------------------------------------------- wild cards


def test_deuces_wild() -> None:
    """RULES §6 rule 3: "Wild cards: usually none, sometimes deuces … A wild card counts as the card
    it represents"."""
    rules = BragRules(wild="deuces")
    assert bv("2s 9h 9d", rules).name == "prial of nines"
    assert bv("2s 2h 5c", rules).name == "prial of fives"
    assert bv("2s 2h 2c", rules).name == "prial of threes"  # three wilds: the special prial
    assert bv("2s Kh Qh", rules).name == "running flush, ace-king-queen"
    assert bv("2s 3h Ad", rules).name == "run, ace-two-three"
    assert bv("2s 9h 5d", rules).name == "pair of nines, five odd"
    assert bv("2s 9h 5d", rules).uses_wild
    assert card("2s") not in bv("2s 9h 5d", rules).cards


def test_traditional_braggers() -> None:
    """RULES §6 option `brag.wild = braggers_AD_JC_9D` — "traditional set per Hoyle/Parlett/Wikipedia";
    §10 item 10: the seed's "A♦, J♣ and J♦" is "almost certainly a mistranslation of A♦, J♣, 9♦"."""
    rules = BragRules(wild="braggers_AD_JC_9D")
    assert WILD_SETS["braggers_AD_JC_9D"] == frozenset(cards("Ad Jc 9d"))
    assert bv("Ad Jc 9d", rules).name == "prial of threes"
    assert bv("Ad 7s 7h", rules).name == "prial of sevens"
    assert not bv("Ah Js 9h", rules).uses_wild
    assert not bv("Jd 5s 5h", rules).uses_wild  # J♦ is not a bragger in the traditional set


def test_seed_literal_braggers_option() -> None:
    """RULES §6 rule 3: "traditional braggers (text: A♦, J♣ and J♦ — see §10)" — the literal reading
    is its own option."""
    rules = BragRules(wild="braggers_AD_JC_JD")
    assert bv("Jd 5s 5h", rules).name == "prial of fives"
    assert not bv("9d 5s 5h", rules).uses_wild


def test_wild_hand_loses_to_the_same_natural_hand() -> None:
    """RULES §6 rule 3: "a hand with wild cards loses to an equal hand without wild cards; a pair
    with a wild card loses to the same pair of natural cards even if its odd card is higher"."""
    rules = BragRules(wild="deuces")
    wild_pair = bv("2s Kh 9d", rules)  # kings, nine odd
    natural_pair = bv("Ks Kc 4d", rules)  # kings, four odd
    assert wild_pair.name == "pair of kings, nine odd"
    assert natural_pair > wild_pair
    assert bv("2s 9h 9d", rules) < bv("9s 9c 9h", rules)
    assert bv("2d Kh Qh", rules) < bv("As Ks Qs", rules)
    # A better combination made with a wild still wins.
    assert bv("2s Kh 9d", rules) > bv("Qs Qc Ad", rules)


def test_wild_and_natural_equal_without_the_rule() -> None:
    """RULES §6 option `brag.natural_beats_wild = yes | no`: with no, a wild counts exactly as the
    card it represents — the higher odd card wins and equal hands tie."""
    rules = BragRules(wild="deuces", natural_beats_wild=False)
    assert bv("2s Kh 9d", rules) > bv("Ks Kc 4d", rules)
    assert bv("2s 9h 9d", rules) == bv("9s 9c 9h", rules)


def test_lowest_hand_is_the_minimum() -> None:
    """RULES §9 (Stop the Bus): "the lowest hand pays" — the same order, read from the bottom."""
    hands = [bv("5h 3d 2c"), bv("5s 4d 2h"), bv("Ah Kh Qh"), bv("7h 7d 2c")]
    assert min(hands) is hands[0]
    assert max(hands) is hands[2]


def _brute_force(hand: list[Card], rules: BragRules) -> tuple:
    """Best (category, values) by trying every card not already in the hand for every wild."""
    wilds = [c for c in hand if c in rules.wild_cards]
    naturals = [c for c in hand if c not in rules.wild_cards]
    pack = [c for c in standard_deck() if c not in naturals]
    best = None
    for play in product(pack, repeat=len(wilds)):
        if len(set(play)) < len(play):
            continue
        value = evaluate_brag(naturals + list(play), BragRules(top_prial=rules.top_prial))
        key = (value.category, value.values)
        best = key if best is None or key > best else best
    assert best is not None
    return best


@pytest.mark.parametrize("wild", ["deuces", "braggers_AD_JC_9D", "braggers_AD_JC_JD"])
def test_wild_hands_match_brute_force(wild: str) -> None:
    """The direct choice of plays agrees with trying every card for every wild."""
    rng = random.Random(wild)
    wild_cards = sorted(WILD_SETS[wild], key=lambda c: c.index)
    others = [c for c in standard_deck() if c not in WILD_SETS[wild]]
    for top in (3, 7, None):
        rules = BragRules(top_prial=top, wild=wild)
        for k, count in ((1, 40), (2, 6)):  # three wilds: always the top prial (tested above)
            for _ in range(count):
                hand = rng.sample(wild_cards, k) + rng.sample(others, 3 - k)
                value = evaluate_brag(hand, rules)
                assert (value.category, value.values) == _brute_force(hand, rules), hand
                assert value.uses_wild and value.used == tuple(hand)
                assert len(set(value.cards)) == 3


# ---------------------------------------------------------------- best three of more; bad input


def test_best_three_of_seven() -> None:
    """RULES §7: seven-card brag splits seven cards into hands; best_brag finds the best three."""
    assert best_brag(cards("7s 7h 7d As 2c Kd 4h"), BragRules(top_prial=7)).name == "prial of sevens"
    assert best_brag(cards("Qs Jh Td 2c 5d"), BragRules()).name == "run, queen-jack-ten"


def test_bad_hands_are_refused() -> None:
    """Every bad hand is a RefereeError saying what is wrong."""
    with pytest.raises(InputError, match="three cards, not 2"):
        bv("As Kd")
    with pytest.raises(CardError, match="twice"):
        bv("As Kd As")
    with pytest.raises(CardError, match="joker"):
        evaluate_brag([JOKER_1, card("As"), card("Kd")])
    with pytest.raises(CardError, match="'\\?\\?'"):
        evaluate_brag([UNKNOWN, card("As"), card("Kd")])
    with pytest.raises(RulebookError, match="wild"):
        BragRules(wild="jokers")
    with pytest.raises(RulebookError, match="prial"):
        BragRules(top_prial=1)
    with pytest.raises(InputError):
        best_brag(cards("As Kd"))


def test_every_natural_hand_is_ranked_consistently() -> None:
    """All 22,100 natural three-card hands: equal values have equal names, the order is total."""
    deck = standard_deck()
    by_key: dict[int, str] = {}
    for three in combinations(deck, 3):
        value = evaluate_brag(three)
        assert by_key.setdefault(value.key, value.name) == value.name
    # prials, running flushes, runs, flushes, pairs, high cards
    assert len(by_key) == 13 + 12 + 12 + (286 - 12) + 13 * 12 + (286 - 12)

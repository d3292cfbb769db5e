"""The bug: ``jackpots.bug = joker_as_ace_or_straight_flush_filler`` (RULES.md §2(b); wiki-5cd, Robert's
Rules of Poker, Gardena style).

RULES.md §2(b): "`jackpots.bug = none | joker_as_ace_or_straight_flush_filler` — wiki-5cd / RRoP Gardena
style".  RRoP (joker rules): "The joker may be used only as an ace, or to complete a straight, flush, or
straight flush. (Thus it is not a completely wild card.)  If the joker is used to make a flush, it will be
the highest card of the flush not present in the hand.  Five aces is the best possible hand (four aces
and joker)."  Wikipedia (Bug): "K-K-Joker-5-2 is a pair of kings with an ace kicker.  A-A-Joker-9-4 is
three aces."

Each rule case below quotes its situation; then the solver is checked against a brute force that
tries every card for every bug (keeping an assignment only when every bug is an ace or the hand is
a straight, flush or straight flush), and hypothesis checks that the bug sits between a natural ace
and a fully wild joker.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.cards import JOKER_1, JOKER_2, Card, card, cards, standard_deck
from referee.errors import CardError, RulebookError
from referee.ranking.poker import Category, HandValue, WildRules, best_hand, evaluate, opens

BUG = WildRules(bug=True)
WILD_JOKER = WildRules()
DECK = standard_deck()
ACES = [c for c in DECK if c.rank == 14]
#: The hands the bug may complete as any card; otherwise it must be an ace.
FILLS = {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH}


def bug(text: str, rules: WildRules = BUG, **options: object) -> HandValue:
    return evaluate(cards(text), wild=rules, **options)  # type: ignore[arg-type]


def summary(value: HandValue) -> tuple:
    return value.category, value.ranks


# ---------------------------------------------------------------- a reference written plainly


def plain(five: list[Card], *, wheel: bool = True) -> tuple:
    """Category and ranks of five standard cards, repeats allowed (a bug may be a fifth ace).

    Distinct cards go to the natural evaluator (checked against treys on every hand class in
    test_ranking_poker.py); five of one rank is five of a kind; other repeats cannot make a straight
    or flush, so they are re-suited into distinct cards first.
    """
    ranks = [c.rank for c in five]
    if len(set(ranks)) == 1:
        return Category.FIVE_OF_A_KIND, (ranks[0],)
    if len(set(five)) < 5:
        seen: dict[int, int] = {}
        distinct = []
        for r in ranks:
            distinct.append(card(f"{'23456789TJQKA'[r - 2]}{'shdc'[seen.get(r, 0)]}"))
            seen[r] = seen.get(r, 0) + 1
        five = distinct
    return summary(evaluate(five, wheel=wheel))


def brute_force(hand: list[Card], rules: WildRules, *, wheel: bool = True) -> tuple:
    """Best (category, ranks): every bug tried as each of the 52 cards, every wild-rank card too; an
    assignment counts only if every bug is an ace or the hand made is a straight, flush or straight flush."""
    bugs = sum(1 for c in hand if rules.is_bug(c))
    wilds = sum(1 for c in hand if rules.is_wild(c) and not rules.is_bug(c))
    naturals = [c for c in hand if not rules.is_wild(c)]
    best = None
    for bug_play in combinations_with_replacement(DECK, bugs):
        as_aces = all(c.rank == 14 for c in bug_play)
        for wild_play in product(DECK, repeat=wilds):
            value = plain([*naturals, *bug_play, *wild_play], wheel=wheel)
            if (as_aces or value[0] in FILLS) and (best is None or value > best):
                best = value
    assert best is not None
    return best


def check_played(value: HandValue, rules: WildRules) -> None:
    """``.cards`` shows each bug as a real card: an ace unless the hand is a straight or flush, and
    the played cards make exactly the hand's value."""
    assert not any(c.is_joker for c in value.cards)
    assert plain(list(value.cards)) == summary(value), value
    if value.category not in FILLS:
        for physical, played in zip(value.used, value.cards):
            if rules.is_bug(physical):
                assert played.rank == 14, value


# ---------------------------------------------------------------- each case of the rule


def test_bug_alone_is_an_ace() -> None:
    """"The joker may be used only as an ace": with nothing to complete, the bug is an ace —
    Q-J-9-4 and the bug is ace high, and A-J-9-4 and the bug is a pair of aces."""
    high = bug("Qh Jd 9c 4s Jk1")
    assert high.name == "high card, ace-queen-jack-nine-four"
    assert high.cards[4].rank == 14 and high.uses_wild
    assert bug("Ah Jd 9c 4s Jk1").name == "pair of aces"


def test_pair_and_bug_is_a_pair_with_an_ace_kicker() -> None:
    """Wikipedia (Bug): "K-K-Joker-5-2 is a pair of kings with an ace kicker" — not three kings."""
    value = bug("Kh Kd Jk1 5c 2s")
    assert value.name == "pair of kings"
    assert value.ranks == (13, 14, 5, 2)
    assert value.cards[2].rank == 14
    assert value < bug("Kh Kd Kc 5c 2s", rules=WILD_JOKER)  # a fully wild joker would make trips
    assert bug("Kh Kd 7c 4s Jk1").ranks == (13, 14, 7, 4)  # the brief's K-K-7-4 and the bug


def test_aces_and_bug_are_three_aces() -> None:
    """Wikipedia (Bug): "A-A-Joker-9-4 is three aces"; the bug plays as an ace not in the hand."""
    value = bug("Ah Ad Jk1 9c 4s")
    assert value.name == "three of a kind, aces"
    assert value.cards[2].rank == 14 and value.cards[2] not in cards("Ah Ad")
    assert bug("Ah Ad Kc Ks Jk1").name == "full house, aces full of kings"
    assert bug("Ah Ad Ac Ks Jk1").name == "four of a kind, aces"


def test_four_aces_and_bug_are_five_aces() -> None:
    """RRoP: "Five aces is the best possible hand (four aces and joker)"."""
    five_aces = bug("As Ah Ad Ac Jk1")
    assert five_aces.name == "five of a kind, aces"
    assert five_aces > bug("Ah Kh Qh Jh Th")  # above a natural royal flush
    assert five_aces > bug("Kh Qh Jh Th Jk1")  # and a royal flush made with the bug


def test_bug_completes_a_straight_at_its_top() -> None:
    """Wikipedia (Bug): "7-6-5-4-Joker is an eight-high straight, the bug becoming an eight rather
    than a three since both complete the straight but the eight is higher"."""
    value = bug("7c 6d 5h 4s Jk1")
    assert value.name == "straight, eight high"
    assert value.cards[4].rank == 8


def test_bug_fills_an_inside_straight() -> None:
    """"Any card needed to complete a straight": 9-7-6-5 and the bug is a nine-high straight (the
    bug is the eight); K-Q-J-9 and the bug is king high (the ten)."""
    value = bug("9h 7d 6c 5s Jk1")
    assert value.name == "straight, nine high" and value.cards[4].rank == 8
    value = bug("Kh Qd Jc 9s Jk1")
    assert value.name == "straight, king high" and value.cards[4].rank == 10


def test_bug_makes_the_wheel_and_broadway() -> None:
    """The bug completes the wheel A-2-3-4-5 (``common.wheel``): A-2-3-4 and the bug is five high, the
    bug the five; A-2-3-5 too (the bug the four).  As an ace it completes broadway: K-Q-J-T and the
    bug is ace high.  With the wheel forbidden, A-2-3-4 and the bug is a pair of aces."""
    value = bug("Ah 2d 3c 4s Jk1")
    assert value.name == "straight, five high" and value.cards[4].rank == 5
    assert bug("Ah 2d 3c 5s Jk1").cards[4].rank == 4
    assert bug("2h 3d 4c 5s Jk1").name == "straight, six high"  # the six beats the ace (wheel)
    assert bug("Kh Qd Jc Ts Jk1").name == "straight, ace high"
    no_wheel = bug("Ah 2d 3c 4s Jk1", wheel=False)
    assert no_wheel.name == "pair of aces"


def test_bug_completes_a_flush_as_the_highest_missing_card() -> None:
    """RRoP: "If the joker is used to make a flush, it will be the highest card of the flush not
    present in the hand" — A♥-J♥-8♥-3♥ and the bug is an ace-king flush, the bug the K♥ (Wikipedia:
    "even if another player holds the real K♥")."""
    value = bug("Ah Jh 8h 3h Jk1")
    assert value.category is Category.FLUSH
    assert value.ranks == (14, 13, 11, 8, 3)
    assert value.cards[4] == card("Kh")
    assert bug("Kh Jh 8h 3h Jk1").cards[4] == card("Ah")  # without the ace, the bug is the A♥
    assert bug("Ah Kh 8h 3h Jk1").cards[4] == card("Qh")


def test_bug_completes_a_straight_flush() -> None:
    """Wikipedia (Bug): "Joker-J♣-10♣-8♣-7♣ is a straight flush, jack high, the bug becoming the 9♣";
    K♥-Q♥-J♥-T♥ and the bug is a royal flush (the bug the A♥)."""
    value = bug("Jk1 Jc Tc 8c 7c")
    assert value.name == "straight flush, jack high"
    assert value.cards[0] == card("9c")
    royal = bug("Kh Qh Jh Th Jk1")
    assert royal.name == "royal flush" and royal.cards[4] == card("Ah")
    assert bug("Ah 2h 3h 4h Jk1").name == "straight flush, five high"


def test_bug_chooses_the_better_of_ace_and_filler() -> None:
    """The bug takes whichever reading is best: A-A-K-K and the bug is a full house (the bug an ace);
    a paired hand can make no straight or flush, so there the bug is always an ace — A♥-K♥-K♦-7♥ and
    the bug is aces up, not a flush."""
    assert bug("Ah Ad Kh Ks Jk1").category is Category.FULL_HOUSE
    assert bug("Ah Kh Kd 7h Jk1").name == "two pair, aces and kings"


def test_two_bugs() -> None:
    """Both jokers as bugs, each an ace or a filler: A-A-A and two bugs are five aces; K♥-Q♥-J♥ and two
    bugs a royal flush; K-K-7 and two bugs aces up (two pair), not four kings."""
    assert evaluate([JOKER_1, JOKER_2, *cards("Ah Ad Ac")], wild=BUG).name == "five of a kind, aces"
    assert evaluate([JOKER_1, JOKER_2, *cards("Kh Qh Jh")], wild=BUG).name == "royal flush"
    assert evaluate([JOKER_1, JOKER_2, *cards("Kh Kd 7c")], wild=BUG).name == "two pair, aces and kings"
    assert evaluate([JOKER_1, JOKER_2, *cards("9c 5d 2h")], wild=BUG).name == "pair of aces"


def test_bug_in_best_of_seven() -> None:
    """The best five of six or seven cards with the bug: K-K-7-4-2-9 and the bug is kings with an ace
    kicker; 9-8-6-5-K and the bug is a nine-high straight (the bug the seven)."""
    value = best_hand(cards("Kh Kd 7c 4s Jk1 2c 9d"), wild=BUG)
    assert value.name == "pair of kings" and value.ranks == (13, 14, 9, 7)
    assert JOKER_1 in value.used and value.uses_wild
    straight = best_hand(cards("9h 8d 6c 5s Jk1 Kd"), wild=BUG)
    assert straight.name == "straight, nine high"
    natural = best_hand(cards("As Ah Ad Kc Ks Jk1 2d"), wild=BUG)
    assert natural.name == "four of a kind, aces"


def test_bug_not_used_in_the_best_five_is_not_wild() -> None:
    """A seven-card hand whose best five leave the bug out is a natural hand (``uses_wild`` false)."""
    value = best_hand(cards("Ah Kh Qh Jh Th Jk1 2c"), wild=BUG)
    assert value.name == "royal flush"
    assert not value.uses_wild and JOKER_1 not in value.cards


def test_natural_beats_wild_applies_to_the_bug() -> None:
    """``laviuda.natural_beats_wild`` semantics are unchanged with the bug: a hand using the bug loses to
    the same hand of natural cards — three aces with the bug lose to three natural aces; even a pair of
    kings with the bug as its ace kicker loses to a natural pair of kings with a lower kicker."""
    strict = WildRules(bug=True, natural_beats_wild=True)
    assert bug("Ah Ad Jk1 9c 4s", rules=strict) < bug("Ah Ad Ac 9c 4s", rules=strict)
    assert bug("Kh Kd Jk1 5c 2s", rules=strict) < bug("Ks Kc 9d 5h 3d", rules=strict)
    assert bug("Kh Kd Jk1 5c 2s") > bug("Ks Kc 9d 5h 3d")  # without the option the ace kicker wins


def test_bug_rules_are_checked() -> None:
    """The bug makes five aces (RRoP), so it needs jokers, five of a kind and a repeated card allowed;
    without the bug a joker stays fully wild, and without wild rules a joker is refused."""
    for bad in ({"jokers": False}, {"five_of_a_kind": False}, {"may_duplicate": False}):
        with pytest.raises(RulebookError, match="bug"):
            WildRules(bug=True, **bad)  # type: ignore[arg-type]
    assert bug("Kh Kd Jk1 5c 2s", rules=WILD_JOKER).name == "three of a kind, kings"
    with pytest.raises(CardError, match="not wild"):
        evaluate(cards("Kh Kd Jk1 5c 2s"))
    assert BUG.is_bug(JOKER_1) and not BUG.is_bug(card("As")) and not WILD_JOKER.is_bug(JOKER_1)


def test_bug_and_a_wild_rank_together() -> None:
    """With a wild rank as well, those cards stay fully wild while jokers are the bug: K-K-7, a wild
    deuce and the bug is three kings with an ace kicker (the deuce a king, the bug the ace)."""
    rules = WildRules(rank=2, bug=True)
    value = evaluate(cards("Jk1 2c Kh Kd 7s"), wild=rules)
    assert value.name == "three of a kind, kings" and value.ranks == (13, 14, 7)
    assert value.cards[0].rank == 14 and value.cards[1].rank == 13
    check_played(value, rules)


@pytest.mark.parametrize(
    ("text", "minimum", "expected"),
    [
        ("Ah Jk1", "JJ", True),  # an ace and the bug are a pair of aces
        ("Kh Jk1", "JJ", False),  # the bug is no king
        ("Kh Kd Jk1", "AA", False),  # a pair of kings, ace kicker: not aces
        ("Th 9d 8c 7s Jk1", "AA", True),  # a straight opens anything
        ("Ah Ad Jk1", "AA", True),
    ],
)
def test_openers_with_the_bug(text: str, minimum: str, expected: bool) -> None:
    """Jackpots openers (``jackpots.1``) with the bug: on fewer than five cards the bug is an ace."""
    assert opens(cards(text), minimum, wild=BUG) is expected


# ---------------------------------------------------------------- the solver against brute force


def _structures() -> list[list[Card]]:
    """Four natural cards for every rank multiset: paired ones in mixed suits; four different ranks in
    four suits, in one suit, and three of one suit — every structure the solver tells apart (and more)."""

    def at(rank: int, suit: str) -> Card:
        return card("23456789TJQKA"[rank - 2] + suit)

    hands = []
    for ranks in combinations_with_replacement(range(2, 15), 4):
        if len(set(ranks)) == 4:
            hands += [[at(r, s) for r, s in zip(ranks, suits)] for suits in ("shdc", "hhhh", "hhhc")]
        else:
            seen: dict[int, int] = {}
            hand = []
            for r in ranks:
                hand.append(at(r, "shdc"[seen.get(r, 0)]))
                seen[r] = seen.get(r, 0) + 1
            hands.append(hand)
    return hands


@pytest.mark.parametrize("wheel", [True, False])
def test_one_bug_matches_brute_force_on_every_structure(wheel: bool) -> None:
    """For every hand of four naturals and the bug (every rank pattern, suited or not), the value equals
    the best over the bug played as each ace and as each card that makes a straight, flush or straight
    flush; and ``.cards`` shows that play."""
    for naturals in _structures():
        hand = [*naturals, JOKER_1]
        value = evaluate(hand, wild=BUG, wheel=wheel)
        assert summary(value) == brute_force(hand, BUG, wheel=wheel), hand
        if wheel:
            check_played(value, BUG)


def test_one_bug_matches_brute_force_on_random_hands() -> None:
    """The same on random four-card hands, the bug anywhere among them."""
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(DECK, 4)
        hand.insert(rng.randrange(5), JOKER_1)
        value = evaluate(hand, wild=BUG)
        assert summary(value) == brute_force(hand, BUG), hand
        check_played(value, BUG)


def test_two_bugs_and_wild_ranks_match_brute_force() -> None:
    """Two bugs, and a bug with a wild deuce, against the brute force on random hands."""
    rng = random.Random(5)
    deuces_and_bug = WildRules(rank=2, bug=True)
    for _ in range(25):
        hand = [JOKER_1, JOKER_2, *rng.sample(DECK, 3)]
        value = evaluate(hand, wild=BUG)
        assert summary(value) == brute_force(hand, BUG), hand
        check_played(value, BUG)
    no_deuces = [c for c in DECK if c.rank != 2]
    for _ in range(25):
        hand = [JOKER_1, rng.choice([c for c in DECK if c.rank == 2]), *rng.sample(no_deuces, 3)]
        value = evaluate(hand, wild=deuces_and_bug)
        assert summary(value) == brute_force(hand, deuces_and_bug), hand
        check_played(value, deuces_and_bug)


# ---------------------------------------------------------------- properties

four_naturals = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


@given(four_naturals, st.sampled_from(ACES), st.booleans())
@settings(max_examples=300)
def test_bug_is_between_a_natural_ace_and_a_wild_joker(naturals: list[Card], ace: Card, wheel: bool) -> None:
    """The bug never makes a hand worse than the same hand with the bug replaced by a natural ace not
    already held, and never better than a fully wild joker."""
    assume(ace not in naturals)
    with_bug = evaluate([*naturals, JOKER_1], wild=BUG, wheel=wheel)
    assert evaluate([*naturals, ace], wheel=wheel) <= with_bug
    assert with_bug <= evaluate([*naturals, JOKER_1], wild=WILD_JOKER, wheel=wheel)


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=6, unique=True), st.sampled_from(ACES))
@settings(max_examples=100)
def test_bug_is_between_an_ace_and_a_wild_joker_in_best_hand(naturals: list[Card], ace: Card) -> None:
    """The same for the best five of six or seven cards."""
    assume(ace not in naturals)
    with_bug = best_hand([*naturals, JOKER_1], wild=BUG)
    assert best_hand([*naturals, ace]) <= with_bug <= best_hand([*naturals, JOKER_1], wild=WILD_JOKER)

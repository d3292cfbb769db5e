"""The commerce games' card books through the exchanges (whiskey poker, La Viuda; COMMERCE-NOTES section 7):
every card of a deal in one place -- a hand or the widow -- known or ``??``; what an exchange or a statement
of a place's cards contradicts, and what the log stops trusting after a contradiction ("one mistake in the
log raises one finding").  Seat 0 is Ann, seat 1 Bob."""

from __future__ import annotations

import pytest

from referee.cards import UNKNOWN, card, parse_card
from referee.engine.games import widow_cards
from referee.engine.games.widow_cards import Clash
from referee.engine.places import WIDOW, CardPlaces

ANN, BOB = 0, 1
U = UNKNOWN


def c(text: str) -> tuple:
    """Cards as the hand format writes them, ``??`` for one unseen."""
    return tuple(parse_card(t) for t in text.split())


def books(ann: str, bob: str, widow: str) -> CardPlaces:
    """Ann's hand, Bob's and the widow, each five cards."""
    places = CardPlaces(2)
    for place, text in ((ANN, ann), (BOB, bob), (WIDOW, widow)):
        places.add(place, c(text))
    return places


def test_known_keeps_the_cards_the_log_knows():
    assert widow_cards.known(c("2c ?? Ah ??")) == [card("2c"), card("Ah")]


def test_forgetting_a_place_makes_its_cards_unknown_and_nothing_else():
    """After a contradiction the log no longer trusts a place: its cards become ``??`` (as many as it
    held) and leave the index; the other places keep theirs."""
    places = books("2c 3c ?? ?? ??", "?? ?? ?? ?? ??", "Ah Kh Qh Jh Th")
    widow_cards.forget(places, WIDOW)
    assert places.at(WIDOW) == (U,) * 5 and places.at(ANN) == c("2c 3c ?? ?? ??")
    assert places.where == {card("2c"): ANN, card("3c"): ANN}
    assert widow_cards.consistent(places)


def test_forgetting_a_place_leaves_a_card_the_index_puts_elsewhere():
    """A card a place lists while the index has it in another place (a statement moved it) stays indexed
    where it now is."""
    places = books("2c 3c ?? ?? ??", "?? ?? ?? ?? ??", "?? ?? ?? ?? ??")
    places.where[card("3c")] = BOB
    widow_cards.forget(places, ANN)
    assert places.at(ANN) == (U,) * 5 and places.where == {card("3c"): BOB}


@pytest.mark.parametrize(("widow", "give", "take", "not_in_widow", "not_held"), [
    pytest.param("Ah Kh ?? ?? ??", "2c", "Ah", [], [], id="a card he holds for one the widow holds"),
    pytest.param("Ah Kh ?? ?? ??", "2c", "Qs", [], [], id="a card of the widow's the log has not seen"),
    pytest.param("Ah Kh Qh Jh Th", "2c", "Qs", [Clash(card("Qs"), None)], [],
                 id="a card a widow known whole does not hold"),
    pytest.param("Ah Kh ?? ?? ??", "2c", "9s", [Clash(card("9s"), BOB)], [], id="a card Bob holds, from the widow"),
    pytest.param("Ah Kh ?? ?? ??", "Ah", "Kh", [], [Clash(card("Ah"), WIDOW)], id="giving a card the widow holds"),
    pytest.param("Ah Kh ?? ?? ??", "7d", "Kh", [], [Clash(card("7d"), None)],
                 id="giving a card his hand, known whole, does not hold"),
    pytest.param("Ah Kh ?? ?? ??", "??", "??", [], [], id="cards not named"),
    pytest.param("Ah Kh ?? ?? ??", "2c 3c", "Ah 9s", [Clash(card("9s"), BOB)], [],
                 id="two cards taken, the second one Bob's"),
    pytest.param("Ah Kh ?? ?? ??", "9s 7d", "Qs 2c", [Clash(card("2c"), ANN)],
                 [Clash(card("9s"), BOB), Clash(card("7d"), None)], id="both ways at once"),
])
def test_an_exchange_is_checked_against_what_the_log_knows(widow, give, take, not_in_widow, not_held):
    """whiskey.3.1: "exchange one of his cards for one widow card" -- Ann (2c 3c 4c 5c 6c, known) gives
    ``give`` and takes ``take`` from the widow; Bob holds the 9s."""
    places = books("2c 3c 4c 5c 6c", "9s ?? ?? ?? ??", widow)
    assert widow_cards.exchange_clashes(places, ANN, c(give), c(take)) == (not_in_widow, not_held)


def test_taking_the_widow_swaps_his_hand_and_the_widow_whole():
    """whiskey.2.2: "a player lays his own hand face up on the table and takes the five widow cards; his
    exposed hand becomes the new widow"."""
    places = books("2c 3c ?? ?? ??", "?? ?? ?? ?? ??", "Ah Kh ?? ?? ??")
    widow_cards.swap(places, ANN)
    assert (places.at(ANN), places.at(WIDOW)) == (c("Ah Kh ?? ?? ??"), c("2c 3c ?? ?? ??"))
    assert places.where == {card("Ah"): ANN, card("Kh"): ANN, card("2c"): WIDOW, card("3c"): WIDOW}


def test_a_one_card_exchange_moves_the_two_cards():
    """whiskey.3.1: one of his cards for one widow card -- Ann's 2c goes to the widow, its Ah to her."""
    places = books("2c 3c 4c 5c 6c", "?? ?? ?? ?? ??", "Ah Kh ?? ?? ??")
    widow_cards.exchange(places, ANN, c("2c"), c("Ah"))
    assert sorted(map(str, widow_cards.known(places.at(ANN)))) == ["3c", "4c", "5c", "6c", "Ah"]
    assert places.at(WIDOW).count(U) == 3 and set(widow_cards.known(places.at(WIDOW))) == {card("Kh"), card("2c")}
    assert (places.place_of(card("Ah")), places.place_of(card("2c"))) == (ANN, WIDOW)
    assert widow_cards.consistent(places)


def test_a_card_exchanged_unnamed_leaves_an_unknown_behind():
    """``exchanges ?? for Kh``: an unseen card of Ann's goes to the widow."""
    places = books("2c ?? ?? ?? ??", "?? ?? ?? ?? ??", "Ah Kh ?? ?? ??")
    widow_cards.exchange(places, ANN, c("??"), c("Kh"))
    assert places.at(ANN).count(U) == 3 and places.place_of(card("Kh")) == ANN
    assert places.at(WIDOW).count(U) == 4 and places.place_of(card("Ah")) == WIDOW


@pytest.mark.parametrize(("seen", "after"), [
    pytest.param("Ah Kh", "Ah Kh ?? ?? ??", id="some cards seen take the place of unknown ones"),
    pytest.param("Ah Kh Qh Jh Th", "Ah Kh Qh Jh Th", id="a whole hand seen is the place"),
])
def test_cards_seen_in_a_place_fill_it(seen, after):
    places = books("?? ?? ?? ?? ??", "?? ?? ?? ?? ??", "?? ?? ?? ?? ??")
    widow_cards.fill(places, WIDOW, c(seen))
    assert places.at(WIDOW) == c(after) and widow_cards.consistent(places)


def test_a_whole_hand_seen_replaces_what_the_log_had_there():
    places = books("?? ?? ?? ?? ??", "?? ?? ?? ?? ??", "2c ?? ?? ?? ??")
    widow_cards.fill(places, WIDOW, c("Ah Kh Qh Jh Th"))
    assert places.at(WIDOW) == c("Ah Kh Qh Jh Th") and places.place_of(card("2c")) is None


@pytest.mark.parametrize(("widow", "stated", "clashes", "ann", "after"), [
    pytest.param("Ah Kh ?? ?? ??", "Ah Kh Qh Jh Th", [], "2c 3c 4c 5c 6c", "Ah Kh Qh Jh Th",
                 id="a statement agreeing with the log fills the place"),
    pytest.param("Ah Kh ?? ?? ??", "Ah 2c Qh Jh Th", [Clash(card("2c"), ANN), Clash(card("Kh"), WIDOW)],
                 "?? ?? ?? ?? ??", "Ah 2c Qh Jh Th",
                 id="a card the log has in Ann's hand, and one it had there left out: the statement wins"),
    pytest.param("Ah Kh Qh Jh Th", "Ah Kh Qh Jh 9h", [Clash(card("Th"), WIDOW)], "2c 3c 4c 5c 6c", "Ah Kh Qh Jh 9h",
                 id="a whole statement without a card the log has there"),
    pytest.param("Ah Kh Qh Jh Th", "Ah Kh", [], "2c 3c 4c 5c 6c", "Ah Kh Qh Jh Th",
                 id="part of the cards stated: nothing missing is claimed"),
    pytest.param("?? ?? ?? ?? ??", "Ah 2c", [Clash(card("2c"), ANN)], "?? ?? ?? ?? ??", "Ah 2c ?? ?? ??",
                 id="part of the cards stated, one the log has in Ann's hand"),
    pytest.param("Ah Kh ?? ?? ??", "Qh 2c", [Clash(card("2c"), ANN)], "?? ?? ?? ?? ??", "Qh 2c ?? ?? ??",
                 id="after a contradiction the place keeps only the stated cards"),
])
def test_a_place_stated_is_checked_and_the_statement_wins(widow, stated, clashes, ann, after):
    """COMMERCE-NOTES section 7: a ``widow turned:`` (or a show) naming a card the log has elsewhere, or,
    all its cards stated, leaving out one the log has there, is a contradiction; "the statement wins":
    the places that held the stated cards are forgotten and the place holds them from now on."""
    places = books("2c 3c 4c 5c 6c", "?? ?? ?? ?? ??", widow)
    assert widow_cards.state(places, WIDOW, c(stated)) == clashes
    assert (places.at(ANN), places.at(WIDOW)) == (c(ann), c(after))
    assert widow_cards.consistent(places)


def test_the_books_are_inconsistent_when_the_index_disagrees_with_the_places():
    """A property of the books: each known card in exactly one place, and the index says which."""
    places = books("2c 3c ?? ?? ??", "?? ?? ?? ?? ??", "Ah ?? ?? ?? ??")
    assert widow_cards.consistent(places)
    places.where[card("2c")] = BOB
    assert not widow_cards.consistent(places)
    places.where[card("2c")] = ANN
    places.where[card("9s")] = BOB  # indexed, but in no place
    assert not widow_cards.consistent(places)

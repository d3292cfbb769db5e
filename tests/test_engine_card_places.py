"""Every card is in one place (a hand, the widow, the muck, the pack): what a deal, a show or a
replaced hand moves, and a card dealt twice refused at its action."""

from __future__ import annotations

from referee.cards import UNKNOWN, card, cards
from referee.engine.events import Bet, Deal
from referee.engine.places import CardPlaces
from referee.engine.replay import start_hand

from helpers.engine import game_setup


def test_cards_shown_where_the_log_already_has_them_move_nothing():
    """The card places (places.py reveal; straight draw learns shown cards): cards shown that the log already has in the player's hand
    change nothing -- his hand keeps its five cards, three of them unseen."""
    from referee.engine.events import Show

    state = start_hand(game_setup("straight_draw"))
    state.push(Deal(player="Bob", cards=(*cards("Jh Js"), UNKNOWN, UNKNOWN, UNKNOWN)))
    state.push(Bet(player="Bob", amount=2))
    state.push(Show(player="Bob", cards=tuple(cards("Jh Js")), purpose="openers"))
    hand = state.hand_of(1)
    assert len(hand) == 5 and hand.count(UNKNOWN) == 3 and set(cards("Jh Js")) <= set(hand)
    # a card the log had not seen takes the place of an unseen one
    state.push(Show(player="Bob", cards=tuple(cards("Jh Js 4c")), purpose="openers"))
    assert len(state.hand_of(1)) == 5 and state.hand_of(1).count(UNKNOWN) == 2


def test_a_card_dealt_twice_is_refused_at_its_action():
    """A card is in the pack once: a card dealt to a second player cannot be replayed; the error names the
    hand and the action (state.py card_elsewhere)."""
    import pytest

    from referee.errors import CardError

    state = start_hand(game_setup("straight_draw"))
    state.push(Deal(player="Bob", cards=tuple(cards("Ah Kd 7c 4d 2s"))))
    with pytest.raises(CardError) as caught:
        state.push(Deal(player="Cy", cards=tuple(cards("Ah Qs 9c 8h 3d"))))
    assert caught.value.action == 2 and caught.value.hand == 1


def test_a_shown_hand_takes_its_cards_out_of_the_place_the_log_had_them():
    """COMMERCE-NOTES (every card is in one place; a shown hand is what the player holds): the log has
    Bob with 7h 2c and the widow with 3d 4s; Bob shows 7h 3d 9s -- 3d leaves the widow (4s stays there),
    and 2c, which the log had wrongly for Bob, is returned and no longer placed (places.py replace)."""
    places = CardPlaces(2)
    places.add(0, tuple(cards("7h 2c")))
    places.add("widow", tuple(cards("3d 4s")))
    wrong = places.replace(0, tuple(cards("7h 3d 9s")))
    assert wrong == [card("2c")] and places.place_of(card("2c")) is None
    assert places.at(0) == tuple(cards("7h 3d 9s")) and places.at("widow") == (card("4s"),)
    assert places.place_of(card("3d")) == 0


def test_a_drawn_card_another_player_holds_is_refused_at_the_draw():
    """A card is in the pack once: Cy was dealt the Qs, so Bob cannot be dealt it in the draw -- the
    error names the hand and the draw's action number."""
    import pytest

    from referee.engine.events import Call, Draw
    from referee.errors import CardError

    state = start_hand(game_setup("straight_draw"))
    for e in (Deal(player="Cy", cards=tuple(cards("Qs Jd 8c 5h 3s"))), Bet(player="Bob", amount=1), Call(player="Cy"),
              Call(player="Dee"), Call(player="Ann")):
        state.push(e)
    with pytest.raises(CardError) as caught:
        state.push(Draw(player="Bob", count=1, discards=tuple(cards("2h")), received=tuple(cards("Qs"))))
    assert "Qs is dealt to Bob but Cy already holds it" in str(caught.value)
    assert (caught.value.hand, caught.value.action) == (1, 6)


def test_cards_discarded_unnamed_from_a_known_hand_leave_the_rest_unseen():
    """draw.7.1 (a player discards and is served as many): the log knows Bob's Ah Kd 7c 4s 2h and he
    discards three without naming them -- which three went is not known, so his two cards left are
    unseen and none of his five is placed any more (any of them may be the muck's)."""
    places = CardPlaces(2)
    places.add(0, tuple(cards("Ah Kd 7c 4s 2h")))
    removed, strays = places.remove(0, (), 3)
    assert (removed, strays) == ([UNKNOWN] * 3, [])
    assert places.at(0) == (UNKNOWN, UNKNOWN)
    assert [places.place_of(c) for c in cards("Ah Kd 7c 4s 2h")] == [None] * 5


def test_a_joker_drawn_in_straight_draw_is_refused_at_the_draw():
    """Straight draw's pack holds no joker (there is no bug or wild card in it): a joker logged as drawn is refused, at the
    draw's action, saying to correct the card."""
    import pytest

    from referee.engine.events import Call, Draw
    from referee.errors import CardError

    state = start_hand(game_setup("straight_draw"))
    for e in (Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann")):
        state.push(e)
    with pytest.raises(CardError) as caught:
        state.push(Draw(player="Bob", count=1, received=tuple(cards("Jk1"))))
    assert "Jk1 is not a card of the straight draw pack" in str(caught.value)
    assert (caught.value.hand, caught.value.action) == (1, 5)
    assert (caught.value.hand, caught.value.action, caught.value.hint) == (1, 5, "correct the card")

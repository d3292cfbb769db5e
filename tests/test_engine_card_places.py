"""Every card is in one place (a hand, the widow, the muck, the pack): what a deal, a show or a
replaced hand moves, and a card dealt twice refused at its action."""

from __future__ import annotations

from referee.cards import UNKNOWN, card, cards, parse_cards
from referee.engine.events import Bet, Deal
from referee.engine.places import CardPlaces
from referee.engine.replay import start_hand
import pytest

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


# ---------------------------------------------------------------------- the places' books, move by move

def _places(**held):
    """Places for two seats; ``held``: place -> cards text (``s0``, ``s1`` for the seats)."""
    places = CardPlaces(2)
    for key, text in held.items():
        place = int(key[1:]) if key.startswith("s") else key
        places.add(place, tuple(parse_cards(text)))
    return places


def test_a_place_answers_what_it_holds_and_where_each_known_card_is():
    """A seat's hand, the widow, the muck and a player's face-down discards (``kept:N``) are places; a
    card in none of them is in the stub."""
    from referee.engine.places import MUCK, WIDOW, kept

    assert (WIDOW, MUCK, kept(3)) == ("widow", "muck", "kept:3")
    places = CardPlaces(2)
    assert places.cards == {0: (), 1: ()} and places.at(WIDOW) == ()
    places.add(0, (card("Ah"), UNKNOWN))
    places.add(0, (card("Kd"),))
    places.add(kept(1), tuple(cards("2c 3c")))
    assert places.at(0) == (card("Ah"), UNKNOWN, card("Kd"))
    assert places.at(kept(1)) == tuple(cards("2c 3c"))
    assert [places.place_of(c) for c in cards("Ah Kd 2c 3c 9s")] == [0, 0, "kept:1", "kept:1", None]
    # every card known, or not
    assert places.known(0) is None and places.known(1) is None and places.known(WIDOW) is None
    assert places.known(kept(1)) == tuple(cards("2c 3c"))


def test_the_first_card_placed_elsewhere_than_allowed_is_named_with_its_place():
    places = _places(s0="Ah Kd", s1="Qs", widow="7c")
    assert places.elsewhere(cards("Ah Kd"), 0) is None
    assert places.elsewhere((UNKNOWN, card("9s"), card("Qs"), card("7c")), 0) == (card("Qs"), 1)
    assert places.elsewhere(cards("7c Qs"), 0) == (card("7c"), "widow")
    assert places.elsewhere(cards("7c Qs"), 0, "widow") == (card("Qs"), 1)
    assert places.elsewhere(cards("7c Qs Ah"), 0, 1, "widow") is None


@pytest.mark.parametrize(("dealt", "clash"), [
    ("Qs 9s", ("Qs", 1)),  # Bob holds the Qs
    ("9s 7c", ("7c", "widow")),  # the widow has the 7c
    ("9s Jk1", ("Jk1", None)),  # not a card of the pack
    ("Jk1 Qs", ("Jk1", None)),  # the first bad card is named
])
def test_a_deal_of_a_card_placed_elsewhere_or_not_in_the_pack_moves_nothing(dealt, clash):
    """A known card is in one place at a time, and only the pack's cards are dealt: the deal is refused
    whole, naming the first card at fault and where the log has it (None: no card of the pack)."""
    from referee.engine.state import STANDARD_PACK

    places = _places(s1="Qs", widow="7c")
    assert places.deal(0, tuple(cards(dealt)), STANDARD_PACK) == (card(clash[0]), clash[1])
    assert places.at(0) == () and places.place_of(card("9s")) is None


def test_a_deal_of_cards_nobody_else_has_puts_them_in_the_place():
    from referee.engine.state import STANDARD_PACK

    places = _places(s1="Qs")
    assert places.deal(0, (card("9s"), UNKNOWN, card("2d")), STANDARD_PACK) is None
    assert places.at(0) == (card("9s"), UNKNOWN, card("2d"))
    assert places.place_of(card("9s")) == 0 and places.place_of(card("2d")) == 0


@pytest.mark.parametrize(("held", "named", "count", "removed", "strays", "left"), [
    # named cards he holds leave his hand
    ("Ah Kd 7c", "7c Ah", 2, "7c Ah", "", "Kd"),
    # a named card he does not hold takes the place of one of his unseen cards
    ("Ah ?? ??", "9s", 1, "9s", "", "Ah ??"),
    # unnamed discards are his unseen cards first
    ("Ah ?? ??", "", 2, "?? ??", "", "Ah"),
    ("Ah ?? ??", "Ah", 2, "Ah ??", "", "??"),
    # a named card neither held nor replacing an unseen one: a stray (the log did not have it there)
    ("Ah Kd", "9s", 1, "9s", "9s", "Ah Kd"),
    # more gone than named and no unseen card left: which known ones went is not logged
    ("Ah Kd 7c 4s", "Ah", 3, "Ah ?? ??", "", "??"),
    ("Ah Kd", "", 3, "?? ?? ??", "", ""),
    # the placeholder named as a discard is no card: it is counted with the unnamed ones
    ("Ah ??", "??", 1, "??", "", "Ah"),
    ("Ah ??", "?? Ah", 2, "Ah ??", "", ""),
])
def test_cards_leave_a_place_named_ones_first_then_unseen_ones(held, named, count, removed, strays, left):
    """draw.7 (discards set aside, the same number served): what left the place, the named cards the
    place could not account for, and what is left in it."""
    places = _places(s0=held)
    gone, stray = places.remove(0, tuple(parse_cards(named)), count)
    assert (gone, stray) == (parse_cards(removed), parse_cards(strays))
    assert places.at(0) == tuple(parse_cards(left))
    for c in parse_cards(held):
        if c is not UNKNOWN and c not in places.at(0):
            assert places.place_of(c) is None


def test_shown_cards_take_the_place_of_unseen_ones_or_move_from_where_the_log_had_them():
    """A card seen in a place: already there, nothing moves; else it leaves the place the log had it in
    and takes the place of an unseen card (or is added, when the place has none)."""
    places = _places(s0="Ah ?? ??", s1="Qs 9d", widow="7c")
    places.reveal(0, tuple(cards("Ah Qs")))
    assert places.at(0) == (card("Ah"), card("Qs"), UNKNOWN) and places.at(1) == (card("9d"),)
    assert places.place_of(card("Qs")) == 0
    places.reveal(0, tuple(cards("7c 2h")))
    assert places.at(0) == tuple(cards("Ah Qs 7c 2h")) and places.at("widow") == ()
    assert places.place_of(card("7c")) == 0 and places.place_of(card("2h")) == 0
    places.reveal("widow", (card("8c"),))
    assert places.at("widow") == (card("8c"),) and places.place_of(card("8c")) == "widow"


def test_a_hand_laid_down_is_what_the_place_holds_unless_a_card_is_held_elsewhere():
    """A whole hand laid face up: the place then holds exactly those cards; the log's other known cards
    for it were wrong (returned, no longer placed); a card another place has is refused, nothing moves."""
    places = _places(s0="Ah Kd", s1="Qs", widow="7c")
    assert places.lay_down(0, tuple(cards("Kd Ah"))) == (None, [])
    assert places.at(0) == tuple(cards("Kd Ah"))
    assert places.lay_down(0, tuple(cards("Kd Qs"))) == ((card("Qs"), 1), [])
    assert places.at(0) == tuple(cards("Kd Ah")) and places.at(1) == (card("Qs"),)
    assert places.lay_down(0, tuple(cards("Kd 9h"))) == (None, [card("Ah")])
    assert places.at(0) == tuple(cards("Kd 9h")) and places.place_of(card("Ah")) is None
    assert places.place_of(card("9h")) == 0
    # the widow's 7c, laid down as Bob's: replaced takes it out of the widow
    assert places.replace(1, tuple(cards("Qs 7c"))) == []
    assert places.at("widow") == () and places.at(1) == tuple(cards("Qs 7c")) and places.place_of(card("7c")) == 1


def test_a_place_the_log_has_nothing_in_can_be_laid_down():
    """The widow turned face up before the log placed any card in it: it holds the cards shown."""
    places = _places(s0="Ah")
    assert places.lay_down("widow", tuple(cards("7c 8c 9c"))) == (None, [])
    assert places.at("widow") == tuple(cards("7c 8c 9c")) and places.place_of(card("8c")) == "widow"
    assert places.lay_down("widow", tuple(cards("Ah 8c 9c"))) == ((card("Ah"), 0), [])


def test_a_card_named_as_leaving_a_place_the_log_has_nothing_in_is_a_stray():
    places = _places(s0="Ah")
    assert places.remove("widow", (card("9s"),), 1) == ([card("9s")], [card("9s")])
    assert places.at("widow") == () and places.remove("muck", (), 0) == ([], [])

"""A deal or a draw no table could have made (more or fewer cards than a hand holds) is refused before it
is replayed, saying what the hand holds and how to write the line."""

from __future__ import annotations

import pytest

from referee.engine.replay import play
from referee.errors import InputError

from helpers.engine import THREE_PLAYERS, dealt, drawn, game_setup, shown


@pytest.mark.parametrize(("event", "message", "hint"), [
    (dealt("Bob", "2c 3c 4c 5c"), "Bob is dealt 4 cards: a straight draw hand is 5 cards",
     "write the 5 cards Bob was dealt, ?? for those nobody saw"),
    (drawn("Bob", "2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d"), "Bob draws 6 cards: a straight draw hand is 5 cards",
     "a player draws at most the 5 cards of his hand"),
])
def test_a_deal_or_draw_of_the_wrong_size_is_refused_with_how_to_write_it(event, message, hint):
    """draw.3: "The dealer deals five cards face down to each player"; draw.7.3: the draw restores "his
    hand to five cards" -- a deal of four cards, or a draw of six, cannot be replayed: refused at hand 1,
    action 1."""
    with pytest.raises(InputError) as refused:
        play(game_setup("straight_draw", seats=THREE_PLAYERS), [event])
    assert (str(refused.value), refused.value.hint) == (f"hand 1, action 1: {message}", hint)


def test_openers_shown_with_more_cards_than_a_hand_holds_are_refused():
    """jackpots.1.3: "the betting and the draw are played as in straight draw" -- five cards a hand; Bob
    shows six cards as his openers: refused, saying what he showed them as and how many he may write."""
    with pytest.raises(InputError) as refused:
        play(game_setup("jackpots", seats=THREE_PLAYERS), [shown("Bob", "Jh Js 2c 3c 4c 5c", "openers")])
    assert (str(refused.value), refused.value.hint) == (
        "hand 1, action 1: Bob shows 6 cards as his openers: a Jackpots hand is 5 cards", "write at most 5 cards")

"""A card the game's pack does not hold is refused before it is replayed, with how the game is played."""

from __future__ import annotations

import pytest

from referee.errors import InputError

from helpers.engine import replay_text_hand


def test_a_joker_dealt_in_whiskey_poker_is_refused_saying_the_pack_has_none():
    """whiskey.6.1: "From two to nine people play, with a standard 52-card pack; there are no wild cards"
    -- a joker dealt to Ann (hand 1, action 1) is no card of the pack."""
    with pytest.raises(InputError) as refused:
        replay_text_hand("whiskey_poker", "Ann: dealt Jk1 2c 3c 4c 5c\n", seats="Ann 10, Bob 10, Cy 10", dealer="Cy")
    assert str(refused.value) == "<text>:6: hand 1, action 1: Jk1 is not a card of the Whiskey Poker pack"
    assert refused.value.hint == "whiskey poker is played with the 52 cards, no joker"

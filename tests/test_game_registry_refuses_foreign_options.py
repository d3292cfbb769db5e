"""The game registry checks a plug-in game's house options: each is named under the game's own prefix."""

from __future__ import annotations

import pytest

from helpers.toy_game import HighCard
from referee.engine.games import game_names, register
from referee.engine.options import whole_number


def test_a_game_whose_house_option_is_named_under_another_prefix_is_refused() -> None:
    """A game owns its options under its prefix: a toy with prefix ``toyf`` declaring ``toy.stake``
    (the prefix of another game) is refused, naming the option, and is not registered."""

    class Foreign(HighCard):
        name = "toy_foreign"
        prefix = "toyf"
        house_options = (whole_number("toy.stake", 1, 1, 100, "chips staked", "toy rule toy.2"),)

    with pytest.raises(ValueError, match=r"options not named under its prefix 'toyf': \['toy.stake'\]"):
        register(Foreign)
    assert "toy_foreign" not in game_names()

"""The ``game so far:`` header line (docs/hand-format.md) refused where the game has nothing of it to carry:
a game that keeps nothing from deal to deal, and items whiskey poker's pool elimination has not (a fund,
La Viuda's buy-back, short-pack points), each named, at the line."""

from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file


@pytest.mark.parametrize(("items", "named"), [
    ("fund 14", "fund"), ("points Ann 2 Bob 1", "points"), ("fund 14, la viuda not bought", "fund, la viuda"),
])
def test_a_whiskey_game_so_far_giving_what_whiskey_has_not_is_refused_naming_it(items: str, named: str) -> None:
    """whiskey.scoring = lowest_pays_1_to_pool_elimination: "At each showdown the lowest hand pays one chip
    to a central pool" -- the pool is all a whiskey game carries; the items of La Viuda and short-pack
    whisky in its ``game so far:`` (line 5) are refused, named, with the line to write instead."""
    text = ("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
            f"seats: Ann 3, Bob 3, Cy 3\ndealer: Ann\ngame so far: pool 3, {items}\n\nhand 1\nBob was lowest\n")
    with pytest.raises(InputError) as refused:
        replay_night_file(parse_night(text))
    assert str(refused.value) == f"<text>:5: 'game so far:' gives {named}, which whiskey poker does not have"
    assert refused.value.hint == "whiskey poker's game so far is its pool: 'game so far: pool 3'"


def test_a_game_so_far_for_a_game_that_keeps_nothing_from_deal_to_deal_is_refused() -> None:
    """Straight draw carries only its pot from deal to deal (draw.2: the antes), no game: a ``game so far:``
    on line 4 is refused there, saying to remove it."""
    text = "rulebook: straight_draw\nseats: Ann 10, Bob 10\ndealer: Ann\ngame so far: pool 3\n\nhand 1\nBob: folds\n"
    with pytest.raises(InputError) as refused:
        replay_night_file(parse_night(text))
    assert str(refused.value) == "<text>:4: straight draw keeps no state from deal to deal for 'game so far:' to give"
    assert refused.value.hint == "remove the 'game so far:' line"

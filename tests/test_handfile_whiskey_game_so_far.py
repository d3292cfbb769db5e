"""Whiskey poker's ``game so far:`` header line (docs/hand-format.md): the pool elimination's game so far
is its pool; a fund, La Viuda's buy-back or short-pack points are refused, each named, at the line."""

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

"""Seven-card brag (seed-001, rulebook ``seven_card_brag``): the pot a player wins names the hand he won it
with -- his first hand, as it counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.handfile import read_night
from referee.handfile.replay import replay_night_file

GOLDEN = Path(__file__).parent / "golden" / "seven_card_brag"


@pytest.mark.parametrize(("night", "hand"), [
    # brag7.6.1: "If the same player has the best hand in both rounds, he wins the pot" -- Cy's first hand
    # Qs Js Ts is a running flush, queen high
    ("01_same_player_best_both_rounds.txt", "running flush, queen-jack-ten"),
    # brag7.misorder = reorder: "the better one counts as his first hand" -- Cy revealed his nines first;
    # his flush Kc Jc 4c counts as his first hand
    ("05_misorder_reorder.txt", "flush, king-jack-four"),
])
def test_a_seven_card_brag_pot_names_the_winners_first_hand(night: str, hand: str) -> None:
    (replayed,) = replay_night_file(read_night(GOLDEN / night))[:1]
    (pot,) = replayed.replay.outcome.pots
    assert (pot.winners, pot.hand) == (("Cy",), hand)

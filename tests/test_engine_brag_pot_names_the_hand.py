"""Seven- and nine-card brag (seed-001): the pot a player wins names the hand he won it with -- his first
hand, as it counts, when he is best in every round; the better of the hands that were best in their
rounds when two of three win (``brag9.win = two_of_three``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.handfile import read_night
from referee.handfile.replay import replay_night_file

from helpers.engine import replay_text_hand

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


NINE_CARD_DEAL = """Bob: stake 1
Cy: stake 1
Ann: stake 1
Bob: reveals {bob_first}
Cy: reveals Qs Js Ts
Ann: reveals 6c 6h As
Cy: reveals 8c 8d 2h
Ann: reveals 4d 4h 2d
Bob: reveals Qh Qd 4s
Bob: reveals Jh Jc 3d
Cy: reveals Th 9d 4c
Ann: reveals 5s 5h Kc
"""


@pytest.mark.parametrize("bob_first", [
    # round 1: Cy's running flush beats Bob's kings -- Bob lost the round his first hand played in
    "Kh Kd 5c",
    # round 1: Bob's first hand was never shown -- it cannot be the hand the pot names
    "?? ?? ??",
])
def test_a_nine_card_brag_pot_won_in_two_rounds_names_a_hand_that_won_a_round(bob_first: str) -> None:
    """brag9.win = two_of_three: "A player wins the pot if his hand is the best in two of the three rounds"
    (seed-001: "банк выигрывает игрок с двумя из трех наилучших раскладов").  Bob's queens (Qh Qd 4s) are
    the best second hand (over Cy's eights and Ann's fours) and his jacks (Jh Jc 3d) the best third (over
    Ann's fives and Cy's ten high); round 1 he lost, or showed nothing.  He wins the 3 stakes with the hands
    that won him his rounds: the pot names the better of them, his queens -- never his first hand."""
    r = replay_text_hand("nine_card_brag", NINE_CARD_DEAL.format(bob_first=bob_first), "brag9.win = two_of_three",
                         seats="Ann 20, Bob 20, Cy 20")
    assert r.outcome.facts["round_best"] == ["?" if "?" in bob_first else "Cy", "Bob", "Bob"]
    (pot,) = r.outcome.pots
    assert (pot.amount, pot.winners, pot.hand) == (3, ("Bob",), "pair of queens, four odd")

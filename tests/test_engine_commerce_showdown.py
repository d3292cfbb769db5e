"""Who is best and who is lowest at a commerce showdown (whiskey poker, La Viuda): from the hands the log
knows, the hands thrown in and the result lines (COMMERCE-NOTES section 8: a result line "settles what the
cards cannot"; where the cards contradict it, the cards decide; section 9: "If every player ties, nobody is
lowest").  Seats 0-3 are Ann, Bob, Cy and Dee in play order."""

from __future__ import annotations

import pytest

from referee.cards import cards
from referee.engine.games.commerce_showdown import CONCEDED, Pick, best, lowest
from referee.ranking import poker

ANN, BOB, CY, DEE = range(4)
ORDER = (ANN, BOB, CY, DEE)
FULL_HOUSE = poker.evaluate(cards("Ah Ad Ac Kh Ks"))
TWO_PAIR = poker.evaluate(cards("Qd Qc Jd Jc 9c"))
PAIR = poker.evaluate(cards("7h 7d Ah 5s 3d"))
PAIR_TOO = poker.evaluate(cards("7s 7c As 5d 3c"))
TEN_HIGH = poker.evaluate(cards("7c 5s 3h 9d Td"))
TEN_HIGH_TOO = poker.evaluate(cards("7d 5c 3s 9h Tc"))


@pytest.mark.parametrize(("standing", "lines", "want"), [
    pytest.param({ANN: PAIR, BOB: FULL_HOUSE, CY: TWO_PAIR, DEE: TEN_HIGH}, [], Pick((BOB,)), id="the best known hand"),
    pytest.param({ANN: PAIR, BOB: TEN_HIGH, CY: PAIR_TOO, DEE: TEN_HIGH_TOO}, [], Pick((ANN, CY)),
                 id="a tie, in play order"),
    pytest.param({ANN: PAIR, BOB: None, CY: FULL_HOUSE, DEE: None}, [], Pick(None, (BOB, DEE)),
                 id="hands not known: cannot be told, naming whose would tell"),
    pytest.param({ANN: CONCEDED, BOB: None, CY: CONCEDED, DEE: CONCEDED}, [], Pick((BOB,)),
                 id="everybody else threw in: he need not show"),
    pytest.param({ANN: CONCEDED, BOB: CONCEDED, CY: CONCEDED, DEE: CONCEDED}, [], Pick(()),
                 id="everybody threw in: nobody"),
    pytest.param({ANN: CONCEDED, BOB: TEN_HIGH, CY: CONCEDED, DEE: PAIR}, [], Pick((DEE,)),
                 id="the thrown-in hands do not count"),
    pytest.param({ANN: None, BOB: None, CY: None, DEE: None}, [CY], Pick((CY,), reported=True),
                 id="a result line settles it"),
    pytest.param({ANN: PAIR, BOB: None, CY: FULL_HOUSE, DEE: None}, [CY], Pick((CY,), reported=True),
                 id="a result line the known hands agree with"),
    pytest.param({ANN: None, BOB: None, CY: None, DEE: None}, [DEE, BOB], Pick((BOB, DEE), reported=True),
                 id="two result lines: a tie, in play order"),
    pytest.param({ANN: PAIR, BOB: TEN_HIGH, CY: FULL_HOUSE, DEE: TWO_PAIR}, [BOB], Pick((CY,), contradicted=(BOB,)),
                 id="a result line the cards contradict: the cards decide"),
    pytest.param({ANN: PAIR, BOB: CONCEDED, CY: None, DEE: TWO_PAIR}, [BOB], Pick(None, (CY,), contradicted=(BOB,)),
                 id="a result line naming a hand thrown in"),
    pytest.param({ANN: CONCEDED, BOB: None, CY: CONCEDED, DEE: CONCEDED}, [ANN], Pick((BOB,), contradicted=(ANN,)),
                 id="a thrown-in hand named the winner of a deal another won unshown"),
    pytest.param({ANN: CONCEDED, BOB: CONCEDED, CY: CONCEDED, DEE: CONCEDED}, [DEE], Pick((), contradicted=(DEE,)),
                 id="everybody threw in, one named the winner"),
    pytest.param({ANN: PAIR, BOB: PAIR_TOO, CY: TEN_HIGH, DEE: None}, [ANN], Pick((ANN,), reported=True),
                 id="a result line among equal known hands"),
])
def test_the_best_hand(standing, lines, want):
    """whiskey.5.1: "hands rank by the standard poker ranking"; a hand thrown in cannot win; a result line
    ("Ann wins") is a fact the cards may overrule."""
    assert best(ORDER, standing, lines) == want


def test_a_result_line_naming_a_seat_outside_the_deal_still_names_him():
    """The result line's seat is kept when play order does not list it (the game has flagged it)."""
    assert best((ANN, BOB), {ANN: None, BOB: None}, [DEE]) == Pick((DEE,), reported=True)
    assert lowest((ANN, BOB), {ANN: None, BOB: None}, [DEE]) == Pick((DEE,), reported=True)


@pytest.mark.parametrize(("standing", "lines", "needs_cards", "want"), [
    pytest.param({ANN: PAIR, BOB: FULL_HOUSE, CY: TWO_PAIR, DEE: TEN_HIGH}, [], False, Pick((DEE,)),
                 id="the lowest known hand"),
    pytest.param({ANN: TEN_HIGH, BOB: FULL_HOUSE, CY: TEN_HIGH_TOO, DEE: PAIR}, [], False, Pick((ANN, CY)),
                 id="a tie at the bottom, in play order"),
    pytest.param({ANN: PAIR, BOB: PAIR_TOO, CY: PAIR, DEE: PAIR_TOO}, [], False, Pick(()),
                 id="every hand equal: nobody is lowest"),
    pytest.param({ANN: PAIR, BOB: None, CY: TEN_HIGH, DEE: None}, [], False, Pick(None, (BOB, DEE)),
                 id="hands not known: cannot be told"),
    pytest.param({ANN: PAIR, BOB: CONCEDED, CY: None, DEE: TEN_HIGH}, [], False, Pick((BOB,)),
                 id="a hand thrown in is below every hand"),
    pytest.param({ANN: CONCEDED, BOB: PAIR, CY: CONCEDED, DEE: None}, [], False, Pick((ANN, CY)),
                 id="two thrown in: both lowest"),
    pytest.param({ANN: CONCEDED, BOB: PAIR, CY: CONCEDED, DEE: None}, [], True, Pick(None, (ANN, CY)),
                 id="two thrown in where their cards break the tie: cannot be told"),
    pytest.param({ANN: CONCEDED, BOB: PAIR, CY: TEN_HIGH, DEE: None}, [], True, Pick((ANN,)),
                 id="one thrown in where cards break ties: he is lowest"),
    pytest.param({ANN: CONCEDED, BOB: CONCEDED, CY: CONCEDED, DEE: CONCEDED}, [], False, Pick(()),
                 id="everybody threw in: nobody is lowest"),
    pytest.param({ANN: None, BOB: None, CY: None, DEE: None}, [BOB], False, Pick((BOB,), reported=True),
                 id="a result line settles it"),
    pytest.param({ANN: None, BOB: None, CY: None, DEE: None}, [DEE, ANN], False, Pick((ANN, DEE), reported=True),
                 id="two result lines: a tie, in play order"),
    pytest.param({ANN: None, BOB: None, CY: None, DEE: None}, [DEE, CY, BOB, ANN], False, Pick((), reported=True),
                 id="everybody named lowest: nobody is"),
    pytest.param({ANN: PAIR, BOB: TEN_HIGH, CY: FULL_HOUSE, DEE: TWO_PAIR}, [ANN], False,
                 Pick((BOB,), contradicted=(ANN,)), id="a result line the cards contradict: the cards decide"),
    pytest.param({ANN: PAIR, BOB: CONCEDED, CY: FULL_HOUSE, DEE: TWO_PAIR}, [DEE], False,
                 Pick((BOB,), contradicted=(DEE,)), id="a shown hand named lowest while another threw in"),
    pytest.param({ANN: TEN_HIGH, BOB: None, CY: FULL_HOUSE, DEE: None}, [ANN], False, Pick((ANN,), reported=True),
                 id="a result line the known hands agree with"),
    pytest.param({ANN: None, BOB: CONCEDED, CY: None, DEE: None}, [BOB], False, Pick((BOB,), reported=True),
                 id="the hand thrown in named lowest"),
])
def test_the_lowest_hand(standing, lines, needs_cards, want):
    """whiskey.5.2: "the lowest hand pays"; a hand thrown in is the lowest (COMMERCE-NOTES section 8);
    "If every player ties, nobody is lowest" (section 9); La Viuda breaks a tie among hands thrown in by
    their cards (``conceded_tie_needs_cards``)."""
    assert lowest(ORDER, standing, lines, conceded_tie_needs_cards=needs_cards) == want


def test_one_player_alone_is_lowest_and_an_empty_deal_has_nobody():
    """A deal of one player (the others out): his hand is the lowest -- "every hand equal" needs more than
    one; a deal of nobody has no lowest and no best."""
    assert lowest((BOB,), {BOB: PAIR}, []) == Pick((BOB,))
    assert lowest((BOB,), {BOB: None}, [BOB]) == Pick((BOB,), reported=True)
    assert lowest((), {}, []) == Pick(())
    assert best((), {}, []) == Pick(())
